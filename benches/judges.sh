#!/usr/bin/env bash
# The nine shared judge problems of issue 37 at their full constraints.
#
# For each problem: the command of the README's "From a judge problem" list
# (the release binary `target/release/grundy`) on a full-size input, and the
# judge program `crates/grundy/examples/<id>.rs` (release build) on the
# judge's own input format at full size. Each line: the command, wall time,
# peak RSS (`/usr/bin/time -v`), the judge's time limit and the md5 of the
# output (so that two builds can be compared).
#
# The inputs are made here with a fixed seed (splitmix64, as batch.sh), at
# the largest sizes the problems' constraints allow (see each `# full size`
# comment below), into benches/out/judges/. The time limits are those of the
# judges' pages as recalled (the problem files do not carry them; HDU's
# "2000/1000 MS" is 1 s for C/C++, the figure given here): check them before
# relying on a margin. The machine's load is printed before and after: on a
# shared machine the wall time can be several times the CPU time, which is
# printed too (user + system).
#
# A run longer than JUDGES_CAP seconds (default 120) is stopped and said so.
#
# Usage: benches/judges.sh [PROBLEM...]   (default: all nine)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/benches/out/judges"
mkdir -p "$out"
cd "$root"

python3 - "$out" <<'PY'
import sys
out = sys.argv[1]
x = 0x9E3779B97F4A7C15
M = (1 << 64) - 1
def nxt():
    global x
    x = (x + 0x9E3779B97F4A7C15) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
def r(lo, hi):
    return lo + nxt() % (hi - lo + 1)
def write(name, text):
    with open(f"{out}/{name}", "w") as f:
        f.write(text)

# cf_768E: n = 10^6 piles of 1..60.
piles = [r(1, 60) for _ in range(10**6)]
write("cf_768E.in", f"{len(piles)}\n" + "\n".join(map(str, piles)) + "\n")
write("cf_768E.cli", " ".join(map(str, piles)) + "\n")

# cf_2004E: one test of n = 3*10^5 piles of 1..10^7 (the sum's bound).
a = [r(1, 10**7) for _ in range(3 * 10**5)]
write("cf_2004E.in", f"1\n{len(a)}\n" + " ".join(map(str, a)) + "\n")

# hdu3404: T = 100 cases of n = 1000 distinct lights, 1 <= x, y <= 10^4.
cases, pairs = [], []
for _ in range(100):
    seen = set()
    while len(seen) < 1000:
        seen.add((r(1, 10**4), r(1, 10**4)))
    lights = sorted(seen)
    cases.append(f"{len(lights)}\n" + "\n".join(f"{u} {v}" for u, v in lights))
    pairs += lights
write("hdu3404.in", "100\n" + "\n".join(cases) + "\n")
write("hdu3404.cli", "\n".join(f"{u} {v}" for u, v in pairs) + "\n")

# hdu4664: sum of N = 10^6: T = 10 cases of N = 10^5, 1 <= n_i <= 10^9.
cases = [[r(1, 10**9) for _ in range(10**5)] for _ in range(10)]
write("hdu4664.in", "10\n" + "".join(f"{len(c)}\n" + " ".join(map(str, c)) + "\n" for c in cases))
write("hdu4664.cli", "".join(" ".join(map(str, c)) + "\n" for c in cases))

# bzoj3576: T = 99 cases of N = 99 heaps < 10^5; F = 2 (every heap of two
# or more splits: the most moves).
f = 2
cases = [[r(1, 99999) for _ in range(99)] for _ in range(99)]
write("bzoj3576.in", f"99 {f}\n" + "".join(f"{len(c)} " + " ".join(map(str, c)) + "\n" for c in cases))
write("bzoj3576.cli", "".join(" ".join(map(str, c)) + "\n" for c in cases))
write("bzoj3576.f", f"{f}\n")

# hdu3389: T = 100 cases of n = 10^4 boxes of 0..100 cards, and the moves
# A B (B < A, A + B odd and a multiple of 3) of boxes 1..10^4.
n = 10**4
cases = [[r(0, 100) for _ in range(n)] for _ in range(100)]
write("hdu3389.in", "100\n" + "".join(f"{n}\n" + " ".join(map(str, c)) + "\n" for c in cases))
write("hdu3389.cli", "".join(",".join(f"{i + 1}={v}" for i, v in enumerate(c)) + "\n" for c in cases))
with open(f"{out}/hdu3389.boxes", "w") as g:
    for a_ in range(1, n + 1):
        g.write("".join(f"{a_} {b}\n" for b in range(1, a_) if (a_ + b) % 6 == 3))

# atcoder_arc143_c: N = 2*10^5, 1 <= X, Y, A_i <= 10^9.
# The command's input: the piles line with commas (`tail -n1 in | tr ' ' ,`),
# the spec's X,Y from the first line.
a = [r(1, 10**9) for _ in range(2 * 10**5)]
x_, y_ = r(1, 10**9), r(1, 10**9)
write("atcoder_arc143_c.in", f"{len(a)} {x_} {y_}\n" + " ".join(map(str, a)) + "\n")
write("atcoder_arc143_c.cli", ",".join(map(str, a)) + "\n")
write("atcoder_arc143_c.xy", f"{x_},{y_}\n")

# cf_1970C3: n = t = 2*10^5, a random tree (parent of v uniform below v),
# every node a start once.
n = 2 * 10**5
edges = [(v, r(1, v - 1)) for v in range(2, n + 1)]
starts = list(range(1, n + 1))
for i in range(n - 1, 0, -1):
    j = nxt() % (i + 1)
    starts[i], starts[j] = starts[j], starts[i]
write("cf_1970C3.in", f"{n} {n}\n" + "".join(f"{u} {v}\n" for u, v in edges) + " ".join(map(str, starts)) + "\n")
write("cf_1970C3.tree", "".join(f"{u} {v}\n" for u, v in edges))
write("cf_1970C3.cli", "\n".join(map(str, starts)) + "\n")

# luogu_P2953: G = 100 games, 1 <= N <= 10^6 (the largest among them).
g = [10**6] + [r(1, 10**6) for _ in range(99)]
write("luogu_P2953.in", f"{len(g)}\n" + "\n".join(map(str, g)) + "\n")
write("luogu_P2953.cli", "\n".join(map(str, g)) + "\n")
PY

problems=(cf_768E cf_2004E hdu3404 hdu4664 bzoj3576 hdu3389 atcoder_arc143_c cf_1970C3 luogu_P2953)
[ $# -gt 0 ] && problems=("$@")

examples=()
for p in "${problems[@]}"; do
    e="$p"
    [ "$p" = cf_768E ] && e=cf_768e
    examples+=(--example "$e")
done
cargo build --quiet --release -p grundy-cli
cargo build --quiet --release -p grundy "${examples[@]}"
bin="$root/target/release/grundy"
cap="${JUDGES_CAP:-120}"
ex="$root/target/release/examples"

# The judges' time limits (seconds), as recalled (see the top).
declare -A limit=(
    [cf_768E]=3 [cf_2004E]=2 [hdu3404]=1 [hdu4664]=1 [bzoj3576]=1
    [hdu3389]=1 [atcoder_arc143_c]=2 [cf_1970C3]=1 [luogu_P2953]=1
)

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

# run NAME INPUT CMD...: one timed run, its figures on one line.
run() {
    local name="$1" input="$2"
    shift 2
    local log="$out/$name.time" res="$out/$name.out"
    local rc=0
    /usr/bin/time -v timeout "$cap" "$@" < "$input" > "$res" 2> "$log" || rc=$?
    local wall rss cpu sum
    wall=$(grep "Elapsed (wall clock)" "$log" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$log" | awk '{print $NF}')
    cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {printf "%.2f", s}' "$log")
    sum=$(md5sum < "$res" | cut -c1-12)
    printf '  %-9s wall %-8s cpu %6ss  max RSS %5d MB  limit %ss  md5 %s%s\n' \
        "$name" "$wall" "$cpu" "$((rss / 1024))" "${limit[$problem]}" "$sum" \
        "$(case "$rc" in 0) ;; 124) echo "  (stopped after ${cap} s)" ;; *) echo "  (exit $rc: $(grep -v '^\s' "$log" | head -1))" ;; esac)"
    printf '            %s\n' "$(printf '%q ' "$@" | sed "s#$root/##g") < ${input#$root/}"
}

for problem in "${problems[@]}"; do
    echo "$problem"
    i="$out/$problem"
    case "$problem" in
    cf_768E)
        run command /dev/null "$bin" values script:examples/games/cf768e.lua --to 60
        # The 10^6 piles as one sum, one line: each distinct pile is
        # evaluated once (it ran past the scripts' 25 s limit at 733 MB
        # when each pile was evaluated on its own).
        run sum "$i.cli" "$bin" analyze script:examples/games/cf768e.lua -
        run example "$i.in" "$ex/cf_768e"
        ;;
    cf_2004E)
        run command /dev/null "$bin" pattern script:examples/games/cf2004e.lua
        run example "$i.in" "$ex/cf_2004E"
        ;;
    hdu3404)
        run command "$i.cli" "$bin" nim mul -
        run example "$i.in" "$ex/hdu3404"
        ;;
    hdu4664)
        run command "$i.cli" "$bin" analyze 0.07 - --no-moves
        run example "$i.in" "$ex/hdu4664"
        ;;
    bzoj3576)
        run command "$i.cli" "$bin" analyze "script:examples/games/bzoj3576.lua?f=$(cat "$i.f")" - --no-moves
        run example "$i.in" "$ex/bzoj3576"
        ;;
    hdu3389)
        run command "$i.cli" "$bin" analyze "graph-staircase:$i.boxes" - --no-moves
        run example "$i.in" "$ex/hdu3389"
        ;;
    atcoder_arc143_c)
        # The built-in turn-aware game; `L` or `N`: Takahashi (Left, who
        # moves first) wins, "First".
        run command "$i.cli" "$bin" analyze "pebbles:$(cat "$i.xy")" - --no-moves
        run example "$i.in" "$ex/atcoder_arc143_c"
        ;;
    cf_1970C3)
        run command "$i.cli" "$bin" analyze "geography:$i.tree" - --no-moves
        run example "$i.in" "$ex/cf_1970C3"
        ;;
    luogu_P2953)
        # The built-in family, then the script of the same game (a
        # million Lua calls: over the limit; the two outputs' md5 agree).
        run command "$i.cli" "$bin" analyze digits:max,min - --no-moves
        run script "$i.cli" "$bin" analyze script:examples/games/cow-digit.lua - --no-moves
        run example "$i.in" "$ex/luogu_P2953"
        ;;
    *)
        echo "  unknown problem (one of: cf_768E cf_2004E hdu3404 hdu4664 bzoj3576 hdu3389 atcoder_arc143_c cf_1970C3 luogu_P2953)"
        ;;
    esac
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"

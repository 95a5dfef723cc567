#!/usr/bin/env bash
# Many queries, one process (issue 37 item 1): `grundy analyze 0.07 -` and
# `grundy nim mul -` on judge-sized inputs read from standard input.
#
#   1. one query of Q distinct pseudo-random heaps <= 10^9 (one line),
#   2. Q one-heap queries (Q lines; the Done-means case: under 2 s, 50 MB),
#   3. one query of C heaps (2·10^5 heaps used to fail as arguments:
#      "Argument list too long"),
#   4. `nim mul -` on Q pairs of 64-bit numbers.
#
# Each: wall time and peak memory (`/usr/bin/time -v`, maximum resident
# set size) of the release build, and the md5 of the output, so that two
# builds can be compared. Inputs are made with a fixed seed (splitmix64).
#
# Usage: benches/batch.sh [Q] [C]     (defaults: 100000 1000000)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
q="${1:-100000}"
c="${2:-1000000}"
out="$root/benches/out"
mkdir -p "$out"

python3 - "$q" "$c" "$out" <<'PY'
import sys
q, c, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
x = 0x9E3779B97F4A7C15
M = (1 << 64) - 1
def nxt():
    global x
    x = (x + 0x9E3779B97F4A7C15) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
def distinct(n, top):
    seen = set()
    while len(seen) < n:
        seen.add(nxt() % top + 1)
    return list(seen)
heaps = distinct(q, 10**9)
with open(f"{out}/batch_one_query.in", "w") as f:
    f.write(" ".join(map(str, heaps)) + "\n")
with open(f"{out}/batch_queries.in", "w") as f:
    f.write("\n".join(map(str, heaps)) + "\n")
with open(f"{out}/batch_big_sum.in", "w") as f:
    f.write(" ".join(str(nxt() % 10**9 + 1) for _ in range(c)) + "\n")
with open(f"{out}/batch_nim_mul.in", "w") as f:
    f.write("\n".join(f"{nxt()} {nxt()}" for _ in range(q)) + "\n")
PY

cargo build --quiet --release -p grundy-cli --manifest-path "$root/Cargo.toml"
bin="$root/target/release/grundy"

run() {
    local name="$1" input="$2"
    shift 2
    local log="$out/$name.time"
    /usr/bin/time -v "$bin" "$@" < "$input" > "$out/$name.out" 2> "$log"
    local wall rss lines sum
    wall=$(grep "Elapsed (wall clock)" "$log" | awk '{print $NF}')
    rss=$(grep "Maximum resident set size" "$log" | awk '{print $NF}')
    lines=$(wc -l < "$out/$name.out")
    sum=$(md5sum < "$out/$name.out" | cut -c1-12)
    printf '%-34s wall %-8s max RSS %6d MB  %7d lines  md5 %s\n' \
        "$name ($*)" "$wall" "$((rss / 1024))" "$lines" "$sum"
}

run "0.07: one query of $q heaps" "$out/batch_one_query.in" analyze 0.07 -
run "0.07: $q one-heap queries" "$out/batch_queries.in" analyze 0.07 -
run "0.07: $q queries, json" "$out/batch_queries.in" analyze 0.07 - --format json
run "0.07: one query of $c heaps" "$out/batch_big_sum.in" analyze 0.07 -
run "nim mul: $q pairs" "$out/batch_nim_mul.in" nim mul -

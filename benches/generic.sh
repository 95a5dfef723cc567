#!/usr/bin/env bash
# Generic solvers and game graphs against C++ baselines compiled in the same
# run (g++ -O2), on this machine, with checksums and ratios.
#
#   benches/generic.sh              # everything (a few minutes, plus the build)
#   RUNS=5 benches/generic.sh       # best of 5 per command (default 3)
#   PROFILE=checked benches/generic.sh   # reuse the test build (same
#                                   # optimisation as release, overflow checks on)
#
# 1. `cargo bench -p grundy --bench solvers`: the dense solver on sub:1,3,4
#    to 10^7 and 10^6 against the seed's get_sg (benches/baseline/get_sg.cpp),
#    the memoizing solver on a 10^6-position chain against get_sg 10^6, and
#    the memoizing solver on the Wythoff table to 300 against the seed's table
#    method on Wythoff (benches/baseline/wythoff_sg.cpp).
# 2. `grundy values wythoff --to 300` end to end (parse, solve, print)
#    against wythoff_sg 300.
# 3. `grundy graph PATH.txt` on a path of 10^7 vertices (`0 1`, `1 2`, …,
#    generated here, 158 MB) against graph_sg (benches/baseline/graph_sg.cpp:
#    read, CSR, Kahn's order, mex, print `v: G(v)`), text output; the two
#    outputs must be byte for byte equal.
#
# Times are wall seconds (best of RUNS) and CPU seconds (user + system of
# that run): on a shared machine the CPU time is the steadier figure, and
# the ratios are given for both. Peak RSS from /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
PROFILE=${PROFILE:-release}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo build --profile "$PROFILE" --quiet -p grundy-cli
case $PROFILE in
  dev) G=target/debug/grundy ;;
  *) G=target/$PROFILE/grundy ;;
esac
g++ -O2 -o "$tmp/wythoff_sg" benches/baseline/wythoff_sg.cpp
g++ -O2 -o "$tmp/graph_sg" benches/baseline/graph_sg.cpp

echo "== 1. library solvers (cargo bench -p grundy --bench solvers)"
if [ "$PROFILE" = release ]; then
  cargo bench --quiet -p grundy --bench solvers 2>/dev/null
else
  cargo bench --quiet --profile "$PROFILE" -p grundy --bench solvers 2>/dev/null
fi

# best CMD...: "WALL CPU RSS_KB" of the fastest of RUNS runs (stdout to $tmp/out).
# With REPEAT=K, each run is K runs of CMD in a row and the times are per
# run: /usr/bin/time counts in hundredths of a second, too coarse for a
# command of a few milliseconds.
best() {
  local bw=999999 bc=0 bm=0 line w u s m k=${REPEAT:-1}
  local loop='for _ in $(seq "$0"); do "$@" || exit 1; done'
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" sh -c "$loop" "$k" "$@" > "$tmp/out" 2>/dev/null
    read -r w u s m < "$tmp/time"
    w=$(python3 -c "print(f'{$w / $k:.4f}')")
    if python3 -c "import sys; sys.exit(0 if $w < $bw else 1)"; then
      bw=$w; bc=$(python3 -c "print(f'{($u + $s) / $k:.4f}')"); bm=$m
    fi
  done
  echo "$bw $bc $bm"
}

rows=()
row() { # NAME GRUNDY_RESULT CPP_RESULT AGREE
  local gw gc gm cw cc cm
  read -r gw gc gm <<<"$2"
  read -r cw cc cm <<<"$3"
  rows+=("$(python3 -c "
gw, gc, gm, cw, cc, cm = $gw, $gc, $gm, $cw, $cc, $cm
print(f'| $1 | {gw:.3f} | {gc:.3f} | {gm/1024:.0f} | {cw:.3f} | {cc:.3f} | {cm/1024:.0f} | {gw/max(cw,1e-3):.2f} | {gc/max(cc,1e-3):.2f} | $4 |')")")
}

echo
echo "== 2. grundy values wythoff --to 300 (end to end) vs wythoff_sg 300"
g=$(REPEAT=20 best "$G" values wythoff --to 300 --format csv --quiet)
c=$(REPEAT=20 best "$tmp/wythoff_sg" 300)
row "values wythoff --to 300 (per run, of 20 in a row)" "$g" "$c" "-"

echo "== 3. grundy graph: a path of 10^7 vertices vs graph_sg"
python3 - "$tmp/path.txt" <<'PY'
import sys
n = 10**7
with open(sys.argv[1], "w") as f:
    step = 10**6
    for lo in range(0, n - 1, step):
        f.write("".join(f"{i} {i+1}\n" for i in range(lo, min(lo + step, n - 1))))
PY
g=$(best "$G" graph "$tmp/path.txt")
cp "$tmp/out" "$tmp/grundy.txt"
c=$(best "$tmp/graph_sg" "$tmp/path.txt")
if cmp -s "$tmp/out" "$tmp/grundy.txt"; then agree=yes; else agree=NO; fi
sum=$(md5sum < "$tmp/grundy.txt" | cut -c1-16)
row "graph, path of 10^7 vertices (text)" "$g" "$c" "$agree (md5 $sum)"
g=$(best "$G" graph "$tmp/path.txt" --format json)
row "graph, path of 10^7 vertices (json)" "$g" "$c" "-"

echo
echo "| workload | grundy wall (s) | grundy CPU (s) | grundy RSS (MB) | C++ wall (s) | C++ CPU (s) | C++ RSS (MB) | ratio wall | ratio CPU | outputs agree |"
echo "|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "profile $PROFILE; machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

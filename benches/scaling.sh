#!/usr/bin/env bash
# How the take-and-break engine scales with threads: each run below on 1, 2,
# 4, 8 and 16 threads, its wall time, CPU time and peak RSS (/usr/bin/time),
# the md5 of the values file it wrote (identical on every row of a run, or
# the engine is wrong) and the speed-up over the run's first row (one
# thread; with BASE, the older binary on one thread).
#
#   benches/scaling.sh                          # the three runs, 1/2/4/8/16 threads
#   THREADS="1 2" benches/scaling.sh            # other thread counts
#   RUNS="0.6:20" benches/scaling.sh            # other runs: CODE:EXPONENT ...
#   GRUNDY=/path/to/grundy benches/scaling.sh   # another binary
#   BASE=/path/to/old/grundy benches/scaling.sh # also time an older binary
#
# Needs bash, coreutils, awk and /usr/bin/time, nothing else; it does not
# build: it runs target/release/grundy (`cargo build --release -p grundy-cli`
# first) unless GRUNDY names another. A few minutes on 16 cores.
set -euo pipefail
cd "$(dirname "$0")/.."

G=${GRUNDY:-$PWD/target/release/grundy}
THREADS=${THREADS:-1 2 4 8 16}
# Grundy's game is `grundy`; 0.6 and Grundy's game to 2^26, 0.007 to 2^20.
RUNS=${RUNS:-0.6:26 grundy:26 0.007:20}
if [ ! -x "$G" ]; then
  echo "no grundy at $G: build it (cargo build --release -p grundy-cli) or set GRUNDY" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "binary:  $G"
printf '%-24s %-5s %8s %8s %8s %7s  %s\n' run threads wall_s cpu_s rss_MiB speedup md5
# One timed run: prints "wall cpu rss_kib md5".
timed() {
  local bin=$1 code=$2 e=$3 threads=$4
  rm -f "$tmp/out.bin"
  /usr/bin/time -f '%e %U %S %M' -o "$tmp/time" \
    "$bin" values "$code" --to $((1 << e)) --threads "$threads" --output "$tmp/out.bin" --quiet \
    >/dev/null
  local sum
  sum=$(md5sum "$tmp/out.bin" | cut -d' ' -f1)
  awk -v sum="$sum" '{ printf "%s %.2f %d %s\n", $1, $2 + $3, $4, sum }' "$tmp/time"
}
for run in $RUNS; do
  code=${run%:*}
  e=${run#*:}
  one=
  sums=()
  for bin in ${BASE:+"$BASE"} "$G"; do
    label="$code 2^$e"
    [ "$bin" = "${BASE:-}" ] && label="$label (base)"
    for threads in $THREADS; do
      read -r wall cpu rss sum <<<"$(timed "$bin" "$code" "$e" "$threads")"
      [ -z "$one" ] && one=$wall
      speedup=$(awk -v a="$one" -v b="$wall" 'BEGIN { printf "%.2f", a / b }')
      printf '%-24s %-5s %8s %8s %8d %7s  %s\n' "$label" "$threads" "$wall" "$cpu" $((rss / 1024)) \
        "$speedup" "$sum"
      sums+=("$sum")
    done
  done
  if [ "$(printf '%s\n' "${sums[@]}" | sort -u | wc -l)" -ne 1 ]; then
    echo "$code 2^$e: the values files differ between thread counts" >&2
    exit 1
  fi
done

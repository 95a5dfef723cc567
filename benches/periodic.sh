#!/usr/bin/env bash
# Games with a proven period answer at once (issue 19, item 1): the goal
# cells for Kayles and Dawson's Kayles, measured in one run, with what was
# computed (an md5 of the printed output, or the values file's checksum).
#
#   benches/periodic.sh             # best of 5 per command
#   RUNS=3 benches/periodic.sh
#   GRUNDY=/path/to/grundy benches/periodic.sh   # a grundy already built
#
# Each command runs RUNS times; the table gives the fastest wall time, the
# CPU time (user + system) of that run and its peak RSS (/usr/bin/time),
# the goal, and whether the wall time meets it. `play` runs with the
# engine moving first, then `moves` (every legal move counted, the first
# ones listed) and the end of input.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-5}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${GRUNDY:-}" ]; then
  G=$GRUNDY
else
  cargo build --release --quiet -p grundy-cli
  G=target/release/grundy
fi

# best GOAL LABEL CMD...: one table row, the command's stdin from $tmp/in.
best() {
  local goal=$1 label=$2 bw=999999 bc=0 bm=0 w u s m
  shift 2
  for _ in $(seq "$RUNS"); do
    /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" < "$tmp/in" > "$tmp/out" 2>/dev/null
    read -r w u s m < "$tmp/time"
    if python3 -c "import sys; sys.exit(0 if $w < $bw else 1)"; then
      bw=$w; bc=$(python3 -c "print(f'{$u + $s:.2f}')"); bm=$m
    fi
  done
  local what
  if [ -s "$tmp/values.bin" ]; then
    what="file checksum $(sed -n 's/.*checksum \([0-9a-f]*\).*/\1/p' "$tmp/out" | head -1)"
    rm -f "$tmp/values.bin"
  else
    what="md5 $(md5sum < "$tmp/out" | cut -c1-12), $(wc -l < "$tmp/out") lines"
  fi
  local met
  met=$(python3 -c "print('yes' if $bw <= $goal else 'NO')")
  echo "| \`${label}\` | $bw | $bc | $((bm / 1024)) | ≤ $goal | $met | $what |"
}

echo "| command | wall (s) | CPU (s) | peak RSS (MB) | goal (s) | met | computed |"
echo "|---|---|---|---|---|---|---|"
: > "$tmp/in"
best 0.05 "values kayles --to 10^6" "$G" values kayles --to 1000000
best 0.3 "values kayles --to 10^8 --output F" "$G" values kayles --to 100000000 --output "$tmp/values.bin"
best 0.2 "values dawson --to 4000000" "$G" values dawson --to 4000000
best 0.05 "analyze kayles 10^7" "$G" analyze kayles 10000000
best 0.05 "analyze kayles 10^18 3" "$G" analyze kayles 1000000000000000000 3
best 0.05 "analyze dawson 123456789012" "$G" analyze dawson 123456789012
# Issue 33, item 8: 600 distinct heaps in 10^8..10^9 whose sum is an
# N-position (700 MB before: the moves were computed, 10,000 a heap, and
# dropped); with moves, 10,000 are listed for the whole sum.
heaps=$(python3 -c "import random; random.seed(1); print(' '.join(str(random.randint(10**8,10**9)) for _ in range(599)))")
# shellcheck disable=SC2086
best 0.5 "analyze 0.07 (600 heaps <= 10^9) --no-moves" "$G" analyze 0.07 $heaps 12345 --no-moves
# shellcheck disable=SC2086
best 1.0 "analyze 0.07 (600 heaps <= 10^9)" "$G" analyze 0.07 $heaps 12345
printf 'moves\n' > "$tmp/in"
best 0.05 "play kayles 10^6 (moves)" "$G" play kayles 1000000 --first engine --quiet
best 0.05 "play kayles 10^12 (moves)" "$G" play kayles 1000000000000 --first engine --quiet
echo
echo "($("$G" --version); best of $RUNS; $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg))"

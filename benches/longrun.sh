#!/usr/bin/env bash
# Long run with a crash in the middle: G(0..=N) of a take-and-break game
# (default 0.6 to 2^26 on two threads), once uninterrupted and once killed with
# SIGKILL part-way and resumed from its checkpoint. Both runs must end with the
# same checksum (FNV-1a of the values) and byte-identical value files.
#
#   benches/longrun.sh                        # 0.6 to 2^26, kill after 90 s
#   GAME=0.16 N=16777216 KILL_AFTER=5 benches/longrun.sh
#   THREADS=1 benches/longrun.sh
#   benches/longrun.sh sizes                  # instead: 0.6 to 2^28 and to 2^30,
#                                             # uninterrupted (time, memory, checksum)
#   SIZES=28 GAME=0.16 benches/longrun.sh sizes
#   GRUNDY=/path/to/grundy benches/longrun.sh # a grundy already built
#
# The runs happen under `script`, so stderr is a terminal and the progress bar
# (values/s, ETA) is drawn; the last lines of each bar are shown.
set -euo pipefail
cd "$(dirname "$0")/.."

GAME=${GAME:-0.6}
N=${N:-67108864}
THREADS=${THREADS:-2}
KILL_AFTER=${KILL_AFTER:-90}
EVERY=${EVERY:-10}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${GRUNDY:-}" ]; then
  G=$GRUNDY
else
  cargo build --release --quiet -p grundy-cli
  G=$PWD/target/release/grundy
fi

# Rows by size: one uninterrupted run each, its wall time, peak RSS, peak
# anonymous memory (what the computation holds: benches/measure.py), the CPU
# time (what a shared machine's load changes least) and the checksum in the
# header of the values file written (of the whole file: header and values).
if [ "${1:-}" = sizes ]; then
  rows=()
  for e in ${SIZES:-28 30}; do
    # The values file takes up to two bytes a value: refuse to start a run
    # whose file would not fit where it is written (the run would end in a
    # write error after all the computation).
    need=$(( (2 << e) >> 20 ))
    free=$(df -Pm "$tmp" | awk 'NR == 2 { print $4 }')
    if [ "$free" -lt $(( need + 1024 )) ]; then
      echo "2^$e: the values file needs up to $need MiB, $free MiB free in $tmp" >&2
      exit 1
    fi
    echo "== $GAME to 2^$e on $THREADS thread(s)" >&2
    read -r wall rss anon cpu <<<"$(python3 benches/measure.py "$G" values "$GAME" --to $((1 << e)) \
      --threads "$THREADS" --output "$tmp/size.bin" --quiet)"
    sum=$(python3 - "$tmp/size.bin" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read(12 + 4096)
h = struct.unpack('<I', d[8:12])[0]
print(dict(l.split('=', 1) for l in d[12:12 + h].decode().splitlines())['checksum'])
PY
)
    rm -f "$tmp/size.bin"
    rows+=("| $GAME | 2^$e | $THREADS | $wall | $cpu | $(python3 -c "print(f'{$rss/1048576:.2f}')") | $(python3 -c "print(f'{$anon/1048576:.2f}')") | $sum |")
  done
  echo
  echo "| game | n | threads | wall (s) | CPU, user + system (s) | peak RSS (GiB) | peak anon (GiB) | file checksum |"
  echo "|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
  exit 0
fi

# run LOG ARGS...: grundy values under a pseudo-terminal, wall time on stdout
run() {
  local log=$1
  shift
  local start end
  start=$(date +%s.%N)
  script -qefc "$(printf '%q ' "$G" values "$GAME" --to "$N" --threads "$THREADS" "$@")" "$log" >/dev/null
  end=$(date +%s.%N)
  python3 -c "print(f'{$end - $start:.1f}')"
}

# the checksum a run printed last
checksum() {
  grep -aoE 'checksum [0-9a-f]{16}' "$1" | tail -1 | cut -d' ' -f2
}

# the last state of the progress bar in a log
bar() {
  tr '\r' '\n' < "$1" | grep -a 'values/s' | tail -1 | sed 's/\x1b\[[0-9;]*[A-Za-z]//g' || true
}

echo "== $GAME to $N on $THREADS thread(s): uninterrupted" >&2
t1=$(run "$tmp/full.log" --output "$tmp/full.bin")
echo "   $t1 s, last bar: $(bar "$tmp/full.log")" >&2

echo "== the same with a checkpoint every $EVERY s, killed with SIGKILL after $KILL_AFTER s" >&2
start=$(date +%s.%N)
script -qefc "$(printf '%q ' "$G" values "$GAME" --to "$N" --threads "$THREADS" \
  --output "$tmp/resumed.bin" --checkpoint "$tmp/ck" --checkpoint-every "$EVERY")" \
  "$tmp/killed.log" >/dev/null &
sleep "$KILL_AFTER"
pkill -KILL -f -- "--checkpoint $tmp/ck" || true
wait || true
done_at_kill=$(python3 - "$tmp/ck" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read(12 + 4096)
h = struct.unpack('<I', d[8:12])[0]
head = dict(l.split('=', 1) for l in d[12:12 + h].decode().splitlines())
print(head['count'])
PY
)
echo "   killed; the checkpoint holds $done_at_kill values; last bar: $(bar "$tmp/killed.log")" >&2

echo "== resumed from the checkpoint" >&2
t2=$(run "$tmp/resumed.log" --output "$tmp/resumed.bin" --checkpoint "$tmp/ck" \
  --checkpoint-every "$EVERY" --resume "$tmp/ck")
echo "   $t2 s, last bar: $(bar "$tmp/resumed.log")" >&2

a=$(checksum "$tmp/full.log")
b=$(checksum "$tmp/resumed.log")
if cmp -s "$tmp/full.bin" "$tmp/resumed.bin"; then same=yes; else same=no; fi
echo
echo "| game | n | threads | uninterrupted (s) | killed after (s) | values in checkpoint | resumed run (s) | checksum uninterrupted | checksum killed+resumed | files identical |"
echo "|---|---|---|---|---|---|---|---|---|---|"
echo "| $GAME | $N | $THREADS | $t1 | $KILL_AFTER | $done_at_kill | $t2 | $a | $b | $same |"
[ -n "$a" ] && [ "$a" = "$b" ] && [ "$same" = yes ]

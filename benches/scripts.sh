#!/usr/bin/env bash
# Speed of scripted games (issue 20, item 7): positions per second of a
# simple script and the time of a bit-mask table, each with the checksum
# (md5 of the printed values) of what was computed.
#
#   benches/scripts.sh                              # this tree's release build
#   GRUNDY_BEFORE=path/to/old/grundy benches/scripts.sh   # and the same
#                                                   # commands with another binary
#
# 1. `values script:examples/games/subtract-134.rhai --to N`: N / seconds.
# 2. `values script:examples/games/hdu5724-row.rhai --to 1048575`: the
#    2^20 table of HDU 5724's row of 20 cells (goal: at most 3 s).
# An older binary may stop a request after 1 s: the sizes it is given are
# smaller (SMALL), and the same sizes are run with this tree's binary, so
# that the two figures compare like with like.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet -p grundy-cli
NEW=target/release/grundy
BEFORE=${GRUNDY_BEFORE:-}
SUB=script:examples/games/subtract-134.rhai
ROW=script:examples/games/hdu5724-row.rhai

# run BINARY ARGS...: "SECONDS MD5" (exit status kept in $?)
run() {
  local bin=$1 start end sum
  shift
  start=$(date +%s.%N)
  sum=$("$bin" "$@" 2>/dev/null | md5sum | cut -c1-12) || true
  end=$(date +%s.%N)
  echo "$(python3 -c "print(f'{$end - $start:.3f}')") $sum"
}

# line LABEL N BINARY ARGS...: the time, rate and checksum of one command
line() {
  local label=$1 n=$2 bin=$3 t sum
  shift 3
  read -r t sum < <(run "$bin" "$@")
  printf '%-44s %8s s  %10s positions/s  md5 %s\n' "$label" "$t" \
    "$(python3 -c "print(f'{$n / max($t, 1e-9):,.0f}')")" "$sum"
}

echo "== this tree ($NEW)"
line "subtract-134 to 10^6" 1000001 "$NEW" values "$SUB" --to 1000000
line "hdu5724 row, 2^20 table" 1048576 "$NEW" values "$ROW" --to 1048575
if [ -n "$BEFORE" ]; then
  echo "== like with like (sizes an older binary answers within its 1 s limit)"
  line "subtract-134 to 10^5, this tree" 100001 "$NEW" values "$SUB" --to 100000
  line "subtract-134 to 10^5, before" 100001 "$BEFORE" values "$SUB" --to 100000
  line "hdu5724 row to 2^16, this tree" 65536 "$NEW" values "$ROW" --to 65535
  line "hdu5724 row to 2^16, before" 65536 "$BEFORE" values "$ROW" --to 65535
fi

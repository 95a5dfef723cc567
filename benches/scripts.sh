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
#    2^20 table of HDU 5724's row of 20 cells (goal: at most 3 s), with
#    the native bit helpers and with the same loops written in the script.
# 3. The same in Lua (`examples/games/*.lua`, the loops in the script;
#    and a twin with the native helpers): the checksums equal the Rhai
#    rows' (the same values).
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

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# HDU 5724's row with the loops in the script (no native helpers), which
# an older binary can run too.
cat > "$tmp/hdu5724-loops.rhai" <<'RHAI'
fn moves(m) {
    let out = [];
    for b in 1..20 {
        if ((m >> b) & 1) == 1 {
            let j = b - 1;
            while j >= 0 && ((m >> j) & 1) == 1 { j -= 1; }
            if j >= 0 { out.push(m - (1 << b) + (1 << j)); }
        }
    }
    out
}
RHAI
LOOPS=script:$tmp/hdu5724-loops.rhai
SUB_LUA=script:examples/games/subtract-134.lua
ROW_LUA=script:examples/games/hdu5724-row.lua
# The Lua row with the native helpers (the example has the loops).
cat > "$tmp/hdu5724-helpers.lua" <<'LUA'
function moves(m)
    local out = {}
    for _, b in ipairs(bits(m)) do
        local j = highest_zero_below(m, b)
        if j >= 0 then out[#out + 1] = m - (1 << b) + (1 << j) end
    end
    return out
end
LUA
HELPERS_LUA=script:$tmp/hdu5724-helpers.lua

# line LABEL N BINARY ARGS...: wall and CPU seconds (user + system), the
# rate per CPU second (steadier than wall time on a shared machine) and
# the md5 of the values printed (the header line, naming the file, left
# out, so that two binaries compare)
line() {
  local label=$1 n=$2 bin=$3 wall user sys cpu sum
  shift 3
  /usr/bin/time -f "%e %U %S" -o "$tmp/time" "$bin" "$@" 2>/dev/null | tail -n +2 > "$tmp/out" || true
  read -r wall user sys < <(tail -n 1 "$tmp/time")
  cpu=$(python3 -c "print(f'{$user + $sys:.2f}')")
  sum=$(md5sum < "$tmp/out" | cut -c1-12)
  printf '%-36s %7s s wall %7s s CPU %11s positions/CPU s  md5 %s\n' "$label" "$wall" "$cpu" \
    "$(python3 -c "print(f'{$n / max($cpu, 1e-9):,.0f}')")" "$sum"
}

echo "== this tree ($NEW)"
line "subtract-134 to 10^6" 1000001 "$NEW" values "$SUB" --to 1000000
line "hdu5724 row, 2^20 table" 1048576 "$NEW" values "$ROW" --to 1048575
line "hdu5724 row, 2^20, loops in script" 1048576 "$NEW" values "$LOOPS" --to 1048575
line "lua: subtract-134 to 10^6" 1000001 "$NEW" values "$SUB_LUA" --to 1000000
line "lua: hdu5724 row, 2^20 (loops)" 1048576 "$NEW" values "$ROW_LUA" --to 1048575
line "lua: hdu5724 row, 2^20, helpers" 1048576 "$NEW" values "$HELPERS_LUA" --to 1048575
if [ -n "$BEFORE" ]; then
  echo "== like with like (sizes an older binary answers within its 1 s limit)"
  line "subtract-134 to 10^5, this tree" 100001 "$NEW" values "$SUB" --to 100000
  line "subtract-134 to 10^5, before" 100001 "$BEFORE" values "$SUB" --to 100000
  line "hdu5724 (loops) to 2^14, this tree" 16384 "$NEW" values "$LOOPS" --to 16383
  line "hdu5724 (loops) to 2^14, before" 16384 "$BEFORE" values "$LOOPS" --to 16383
fi

#!/usr/bin/env bash
# The table in memory against the table kept in the output file
# (`--table-in-file`, issue 38 item 2): `grundy values GAME --to N --output F`
# both ways, printing the wall and CPU time, the peak anonymous memory
# (benches/measure.py samples RssAnon), the checksum of each, whether the two
# files are the same bytes, and the projection to 2^32 from the file-backed
# run's rate (time, disk at two bytes per value, the anonymous memory
# measured: the engine's, which does not grow with N).
#
# Usage: [N=67108864] [THREADS=2] [GAME=0.6] [BIN=target/release/grundy]
#        [MODES="memory file"] [NICE=nice (empty: not niced)] benches/bigtable.sh
# (The in-memory mode needs N below 2^29: from there `--output` keeps the
# table in the file by itself. Build first: cargo build --release -p grundy-cli)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-67108864}
THREADS=${THREADS:-2}
GAME=${GAME:-0.6}
BIN=${BIN:-target/release/grundy}
MODES=${MODES:-memory file}
NICE=${NICE-nice}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/bigtable.XXXXXX")
trap 'rm -rf "$DIR"' EXIT
printf '%-7s %10s %10s %12s %18s\n' mode wall_s cpu_s peak_anon_MB checksum
for mode in $MODES; do
    flag=()
    [ "$mode" = file ] && flag=(--table-in-file)
    read -r wall _rss anon cpu < <(python3 benches/measure.py --stdout "$DIR/$mode.out" \
        $NICE "$BIN" values "$GAME" --to "$N" --threads "$THREADS" --output "$DIR/$mode.bin" "${flag[@]}")
    sum=$(grep -o 'checksum [0-9a-f]*' "$DIR/$mode.out" | awk '{print $2}')
    printf '%-7s %10s %10s %12s %18s\n' "$mode" "$wall" "$cpu" "$((anon / 1024))" "$sum"
    echo "$wall $anon" > "$DIR/$mode.rate"
done
if [ -f "$DIR/memory.bin" ] && [ -f "$DIR/file.bin" ]; then
    if cmp -s "$DIR/memory.bin" "$DIR/file.bin"; then echo "files: the same bytes"; else echo "files: DIFFER"; fi
fi
if [ -f "$DIR/file.rate" ]; then
    read -r wall anon < "$DIR/file.rate"
    python3 - "$N" "$wall" "$anon" <<'PY'
import sys
n, wall, anon = int(sys.argv[1]), float(sys.argv[2]), int(sys.argv[3])
rate = wall / (n + 1)
big = 2**32 + 1
print(f"projection to 2^32 (file-backed, {rate * 1e6:.2f} us a heap): "
      f"{rate * big / 3600:.1f} h, disk {2 * big / 2**30:.1f} GiB, "
      f"anonymous memory about {anon / 1024:.0f} MB (as measured)")
PY
fi

#!/usr/bin/env bash
# Placement benchmark: grundy against igsolve (Piotr Beling's solver, from
# crates.io; run here as a separate program, never linked or copied) on the
# same Cram boards, in one run, on this machine.
#
#   benches/placement.sh                 # the default boards
#   BOARDS="4x5 5x6" benches/placement.sh
#   BOARDS="4x11 3x17 5x9" benches/placement.sh   # longer: igsolve takes
#                                        # 17 to 65 s and 8 GB on each
#   BOARDS="6x7" benches/placement.sh    # only on purpose: igsolve takes
#                                        # about 5 minutes and 8 GB
# (igsolve keeps its table in a hash map up to 40 cells, and above that in
# a table of about 8 GB it allocates whole.)
#   IGSOLVE=/path/to/igsolve benches/placement.sh
#
# igsolve is looked for in $IGSOLVE, then /tmp/igs/bin/igsolve, then PATH;
# install it with `cargo install --root /tmp/igs igsolve` (0.1.2 was used).
# For each board it runs, taking turns (wall seconds, CPU seconds — user +
# system, which a loaded machine changes far less than the wall time —,
# peak RSS and peak anonymous memory, from benches/measure.py):
#   - igsolve:           igsolve cram -r R -c C   (nim-value, its default
#                        method: Beling–Rogalski pruning, end database)
#   - grundy value only: grundy analyze cram RxC --no-moves --format json
#                        (nim-value and outcome, no winning move: the job
#                        igsolve does, so the verdict line compares these)
#   - grundy value+moves: grundy analyze cram RxC --format json
#                        (nim-value and every winning move)
#   - grundy outcome:    grundy analyze cram RxC --outcome-only --format json
# and checks that the nim-values are equal (and the outcome agrees with the
# value); a mismatch stops the run with exit 1. The verdict line says, for
# the boards that take igsolve more than a second of CPU, whether grundy's
# value-only run is faster (CPU) and uses no more anonymous memory.
set -euo pipefail
cd "$(dirname "$0")/.."

BOARDS=${BOARDS:-"4x5 5x5 3x9 4x7 5x6 4x8 6x6 5x7 5x8 3x15"}
IGS=${IGSOLVE:-}
if [ -z "$IGS" ]; then
    if [ -x /tmp/igs/bin/igsolve ]; then IGS=/tmp/igs/bin/igsolve
    elif command -v igsolve >/dev/null; then IGS=$(command -v igsolve)
    else
        echo "igsolve not found: cargo install --root /tmp/igs igsolve (or set IGSOLVE)" >&2
        exit 2
    fi
fi
cargo build --release -q -p grundy-cli
G=target/release/grundy
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "| board | value | igsolve s (CPU) | igsolve RSS KB (anon) | grundy value only s (CPU) | RSS KB (anon) | grundy value+moves s (CPU) | RSS KB (anon) | grundy outcome-only s (CPU) | RSS KB (anon) |"
echo "|---|---|---|---|---|---|---|---|---|---|"
verdict=""
for b in $BOARDS; do
    r=${b%x*}; c=${b#*x}
    read -r iw irss ianon icpu < <(python3 benches/measure.py --stdout "$tmp/igs" "$IGS" cram -r "$r" -c "$c")
    read -r vw vrss vanon vcpu < <(python3 benches/measure.py --stdout "$tmp/v" "$G" analyze cram "$b" --no-moves --format json)
    read -r gw grss ganon gcpu < <(python3 benches/measure.py --stdout "$tmp/g" "$G" analyze cram "$b" --format json)
    read -r ow orss oanon ocpu < <(python3 benches/measure.py --stdout "$tmp/o" "$G" analyze cram "$b" --outcome-only --format json)
    iv=$(sed -n 's/^Nimber of initial position: \([0-9]*\).*/\1/p' "$tmp/igs")
    gv=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["value"])' "$tmp/g")
    vv=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["value"])' "$tmp/v")
    go=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["outcome"])' "$tmp/o")
    if [ "$iv" != "$gv" ] || [ "$iv" != "$vv" ]; then
        echo "MISMATCH on $b: igsolve $iv, grundy $gv (value only: $vv)" >&2
        exit 1
    fi
    if { [ "$gv" = 0 ] && [ "$go" != P ]; } || { [ "$gv" != 0 ] && [ "$go" != N ]; }; then
        echo "MISMATCH on $b: value $gv but outcome-only says $go" >&2
        exit 1
    fi
    echo "| $b | $gv | $iw ($icpu) | $irss ($ianon) | $vw ($vcpu) | $vrss ($vanon) | $gw ($gcpu) | $grss ($ganon) | $ow ($ocpu) | $orss ($oanon) |"
    verdict="$verdict$(python3 -c '
import sys
b, icpu, ianon, vcpu, vanon = sys.argv[1], *map(float, sys.argv[2:])
if icpu > 1:
    ok = vcpu < icpu and vanon <= ianon
    print(f" {b}:", "met" if ok else f"NOT met ({vcpu / icpu:.1f}x the CPU, {vanon / max(ianon, 1):.1f}x the anon)", end="")
' "$b" "$icpu" "$ianon" "$vcpu" "$vanon")"
done
echo
echo "verdict (grundy value only against igsolve, boards over 1 s of igsolve CPU):${verdict:- none such}"
echo "(values equal on every board; $("$IGS" --version 2>/dev/null || echo igsolve); $(nproc) cores shared)"

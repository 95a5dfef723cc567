#!/usr/bin/env bash
# Speed check of the Python package: grundy.values("0.106", 2**22) against
# the command writing the same values to a binary file
# (`grundy values 0.106 --to 4194304 --output f.bin`), both on one thread,
# each the best of RUNS runs, with both checksums (they must be equal).
#
#   benches/python.sh                 # 0.106 to 2^22, 3 runs each
#   GAME=0.6 N=1048576 RUNS=1 benches/python.sh
#
# The package is taken from $PYTHON (default: a venv in target/bench-venv,
# made and filled with `pip install ./python` when it has no grundy).
set -euo pipefail
cd "$(dirname "$0")/.."

GAME=${GAME:-0.106}
N=${N:-4194304}
RUNS=${RUNS:-3}
PYTHON=${PYTHON:-target/bench-venv/bin/python}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cargo build --release --quiet -p grundy-cli
G=$PWD/target/release/grundy
if ! "$PYTHON" -c "import grundy" 2>/dev/null; then
  python3 -m venv target/bench-venv
  PYTHON=target/bench-venv/bin/python
  "$PYTHON" -m pip install -q ./python
fi

best_cli=
for _ in $(seq "$RUNS"); do
  start=$(date +%s.%N)
  "$G" values "$GAME" --to "$N" --output "$tmp/f.bin" 2>"$tmp/cli.err" >/dev/null
  end=$(date +%s.%N)
  t=$(python3 -c "print(f'{$end - $start:.3f}')")
  best_cli=$(python3 -c "a='$best_cli'; print(min(float(a), $t) if a else $t)")
done
cli_sum=$(grep -aoE '[0-9a-f]{16}' "$tmp/cli.err" | tail -1)

read -r best_py py_sum < <("$PYTHON" - "$GAME" "$N" "$RUNS" <<'PY'
import sys, time
import grundy
game, n, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
best = None
for _ in range(runs):
    t = time.perf_counter()
    v = grundy.values(game, n)
    t = time.perf_counter() - t
    best = t if best is None else min(best, t)
print(f"{best:.3f} {grundy.checksum(v)}")
PY
)

echo "game $GAME, G(0..=$N), best of $RUNS"
echo "cli    grundy values --output: ${best_cli} s  checksum $cli_sum"
echo "python grundy.values:          ${best_py} s  checksum $py_sum"
python3 -c "print(f'python / cli = {$best_py / $best_cli:.3f}')"
[ "$cli_sum" = "$py_sum" ] || { echo "checksums differ"; exit 1; }

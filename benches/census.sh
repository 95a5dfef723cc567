#!/usr/bin/env bash
# The census of every octal code with up to 3 digits (511 codes) to 2^20,
# on THREADS threads: wall time, the summary line with the census checksum,
# the mean and largest time per code, and from them an estimate of a census
# of every 4-digit code (4095 codes) on WORKERS cores of a cluster.
#
#   benches/census.sh                          # octal:3 to 2^20, 2 threads
#   CODES=octal:2 N=100000 benches/census.sh
#   WORKERS=256 benches/census.sh
set -euo pipefail
cd "$(dirname "$0")/.."

CODES=${CODES:-octal:3}
N=${N:-1048576}
THREADS=${THREADS:-2}
WORKERS=${WORKERS:-64}
out=${OUT:-$(mktemp -d)}

cargo build --release --quiet -p grundy-cli
G=$PWD/target/release/grundy

start=$(date +%s.%N)
"$G" census --codes "$CODES" --to "$N" --threads "$THREADS" --output "$out" | tail -1
end=$(date +%s.%N)
python3 - "$out/census.json" "$start" "$end" "$THREADS" "$WORKERS" <<'PY'
import json, sys
c = json.load(open(sys.argv[1]))
wall = float(sys.argv[3]) - float(sys.argv[2])
threads, workers = int(sys.argv[4]), int(sys.argv[5])
secs = sorted((r["seconds"], r["code"]) for r in c["results"])
total = sum(s for s, _ in secs)
mean = total / len(secs)
print(f"{c['count']} codes to {c['to']}: wall {wall:.1f} s on {threads} threads, "
      f"{total:.1f} s of code time, mean {mean:.3f} s/code, slowest {secs[-1][1]} {secs[-1][0]:.1f} s, "
      f"checksum {c['checksum']}")
print("slowest five:", ", ".join(f"{code} {s:.1f} s" for s, code in secs[-5:]))
four = 7 + 56 + 448 + 3584
print(f"estimate, all {four} codes with up to 4 digits at this mean: "
      f"{mean * four / workers / 60:.1f} min on {workers} workers, {mean * four / 3600:.2f} core-hours "
      "(4-digit codes are likely slower per code than 3-digit ones: more open games)")
PY

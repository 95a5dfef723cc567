#!/usr/bin/env bash
# Peers benchmark: grundy against ogsolve 0.0.7 (crates.io; GPL — run here as a
# separate program, never linked or copied) on the same games and sizes, in one
# run, on this machine.
#
#   benches/peers.sh            # the full table (long: ogsolve needs minutes on some rows)
#   ROWS="0.16:20 0.167:20" benches/peers.sh   # some rows only (GAME:log2 n)
#   RUNS=3 benches/peers.sh     # best of 3 timings per tool (default 2; rows
#                               # whose first run takes under 2 s get at least 5)
#   OGSOLVE=/path/to/ogsolve benches/peers.sh  # use an installed ogsolve
#
# For each row it times (wall seconds, best of RUNS; peak RSS from /usr/bin/time,
# peak anonymous memory sampled from /proc — see `measure` below), the three
# commands taking turns round by round, so that the machine's drift (large on
# shared machines) falls on all of them alike:
#   - grundy, one thread:   grundy values GAME --to N --output F --quiet --threads 1
#   - grundy, two threads:  the same with --threads 2
#   - ogsolve:              ogsolve -m rc2 -n N GAME  (its fastest method on these
#                           games; rc2 splits breaking moves by parity)
# and checks the values: ogsolve is run once more with -p (print the nimbers),
# and its values are compared with grundy's --output file, value by value.
# Grundy's game is not an octal code (ogsolve cannot run it): its row compares
# grundy's automatic method with grundy's own plain path (--method plain).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-2}
ROWS=${ROWS:-"0.6:20 0.6:22 0.106:22 0.16:20 0.167:20 0.007:20 grundy-game:20"}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if [ -n "${OGSOLVE:-}" ]; then
  og=$OGSOLVE
else
  echo "installing ogsolve 0.0.7 into $tmp/ogsolve ..." >&2
  cargo install --quiet --root "$tmp/ogsolve" ogsolve --version 0.0.7 >&2
  og=$tmp/ogsolve/bin/ogsolve
fi
# The dist profile (fat LTO, one codegen unit): the build recommended for
# long runs (README); a few minutes to build. On Linux with glibc it is linked
# statically, as the README recommends: no dynamic loader, no shared libc and
# libm mapped.
# (`--target` keeps the flag off the build scripts and proc-macros.)
host=$(rustc -vV | sed -n 's/^host: //p')
if [[ $host == *-linux-gnu ]]; then
  RUSTFLAGS="-C target-feature=+crt-static" \
    cargo build --profile dist --quiet -p grundy-cli --target "$host"
  G=target/$host/dist/grundy
else
  cargo build --profile dist --quiet -p grundy-cli
  G=target/dist/grundy
fi

# measure CMD...: "WALL_SECONDS MAX_RSS_KB PEAK_ANON_KB" of one run. Peak RSS
# counts the program's code and shared libraries too (about 2.6 MB for
# grundy's static build and for ogsolve, before any value is computed);
# the anonymous memory (RssAnon, sampled every 5 ms: heap, stacks, the table)
# is what the computation itself holds.
cat > "$tmp/measure.py" <<'PY'
import subprocess, sys, tempfile, time
out = tempfile.NamedTemporaryFile(mode="r")
start = time.monotonic()
# /usr/bin/time reports the program's own peak RSS (the fork of this Python
# process before exec would count in its rusage); the program is its child.
p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", out.name] + sys.argv[1:],
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
anon, child = 0, None
while p.poll() is None:
    try:
        if child is None:
            kids = open(f"/proc/{p.pid}/task/{p.pid}/children").read().split()
            child = kids[0] if kids else None
        if child is not None:
            with open(f"/proc/{child}/status") as f:
                for line in f:
                    if line.startswith("RssAnon:"):
                        anon = max(anon, int(line.split()[1]))
    except (OSError, IndexError):
        pass
    time.sleep(0.005)
wall = time.monotonic() - start
rss = int(out.read().split()[-1])
print(f"{wall:.2f} {rss} {anon}")
PY

# fold "T M A" (one run) into the best so far, in the variables named $1:
# the least time, the most memory
fold() {
  local -n acc=$1
  local t m a bt bm ba
  read -r t m a <<<"$2"
  read -r bt bm ba <<<"${acc:-999999 0 0}"
  acc="$(python3 -c "print(min($bt, $t))") $(( m > bm ? m : bm )) $(( a > ba ? a : ba ))"
}

# compare VALUES_FILE OGSOLVE_OUTPUT: "yes" when every value agrees
compare() {
  python3 - "$1" "$2" <<'PY'
import sys, struct, array
data = open(sys.argv[1], 'rb').read()
hlen = struct.unpack('<I', data[8:12])[0]
head = dict(l.split('=', 1) for l in data[12:12 + hlen].decode().splitlines())
width = int(head['width'])
ours = array.array({1: 'B', 2: 'H', 4: 'I', 8: 'Q'}[width])
ours.frombytes(data[12 + hlen:])
text = open(sys.argv[2]).read()
start = text.index('nimbers:') + len('nimbers:')
theirs = [int(x) for x in text[start:].split('\n', 1)[0].split()]
if len(theirs) != len(ours):
    print(f"no (counts {len(ours)} vs {len(theirs)})"); sys.exit()
diff = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), None)
print("yes" if diff is None else f"no (first difference at {diff})")
PY
}

rows=()
for row in $ROWS; do
  game=${row%:*}; e=${row#*:}; n=$((1 << e))
  echo "== $game, n = 2^$e" >&2
  one=("$G" values "$game" --to "$n" --output "$tmp/g.bin" --quiet --threads 1)
  two=("$G" values "$game" --to "$n" --output "$tmp/g.bin" --quiet --threads 2)
  if [ "$game" = grundy-game ]; then
    peer="grundy --method plain"
    other=("$G" values "$game" --to "$n" --output "$tmp/p.bin" --quiet --threads 1 --method plain)
  else
    peer="ogsolve -m rc2"
    other=("$og" -m rc2 -n "$n" "$game")
  fi
  r1="" r2="" ro=""
  fold r1 "$(python3 "$tmp/measure.py" "${one[@]}")"
  runs=$RUNS
  if python3 -c "import sys; sys.exit(0 if ${r1%% *} < 2 else 1)"; then
    runs=$(( RUNS > 5 ? RUNS : 5 ))
  fi
  for i in $(seq "$runs"); do
    [ "$i" -gt 1 ] && fold r1 "$(python3 "$tmp/measure.py" "${one[@]}")"
    fold r2 "$(python3 "$tmp/measure.py" "${two[@]}")"
    fold ro "$(python3 "$tmp/measure.py" "${other[@]}")"
  done
  read -r g1 m1 a1 <<<"$r1"
  read -r g2 _ _ <<<"$r2"
  read -r o1 om oa <<<"$ro"
  sum=$(python3 -c "
import struct,sys
d=open('$tmp/g.bin','rb').read(); h=struct.unpack('<I',d[8:12])[0]
print(dict(l.split('=',1) for l in d[12:12+h].decode().splitlines())['checksum'])")
  if [ "$game" = grundy-game ]; then
    if cmp -s "$tmp/g.bin" "$tmp/p.bin"; then match=yes; else match=no; fi
  else
    "$og" -m rc2 -p -n "$n" "$game" > "$tmp/og.txt" 2>&1
    match=$(compare "$tmp/g.bin" "$tmp/og.txt")
  fi
  ratio=$(python3 -c "print(f'{$o1 / max($g1, 1e-3):.1f}x')")
  rows+=("$(printf '| %s | 2^%s | %s | %s | %s (%s) | %s | %.1f | %.1f | %.1f | %.1f | %s | %s |' \
    "$game" "$e" "$g1" "$g2" "$o1" "$peer" "$ratio" \
    "$(python3 -c "print($m1/1024)")" "$(python3 -c "print($om/1024)")" \
    "$(python3 -c "print($a1/1024)")" "$(python3 -c "print($oa/1024)")" "$sum" "$match")")
done

echo
echo "| game | n | grundy 1 thread (s) | grundy 2 threads (s) | peer (s) | peer / grundy 1 thread | grundy peak RSS (MB) | peer peak RSS (MB) | grundy anon (MB) | peer anon (MB) | grundy checksum | values match |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

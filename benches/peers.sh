#!/usr/bin/env bash
# Peers benchmark: grundy against ogsolve 0.0.7 (crates.io; GPL — run here as a
# separate program, never linked or copied) on the same games and sizes, in one
# run, on this machine.
#
#   benches/peers.sh            # the full table (long: ogsolve needs minutes on some rows)
#   ROWS="0.16:20 0.167:20" benches/peers.sh   # some rows only (GAME:log2 n)
#   RUNS=3 benches/peers.sh     # best of 3 timings per tool (default 2; rows
#                               # where both tools' first runs take under 2 s
#                               # get at least 5)
#   OGSOLVE=/path/to/ogsolve benches/peers.sh  # use an installed ogsolve
#   GRUNDY=/path/to/grundy benches/peers.sh    # a grundy already built (else
#                               # the dist build below)
#   GRUNDY_BEFORE=/path/to/old/grundy benches/peers.sh  # columns for an older
#                               # build too (one and two threads, same rounds)
#   EXPLICIT="0.007:262144" benches/peers.sh  # rows of the third table only
#                               # (GAME:N; ROWS="" skips the first two)
#
# A row is GAME:E (n = 2^E) or GAME:B^E (n = B^E, e.g. kayles:10^7); kayles
# and dawson are given to ogsolve as their codes 0.77 and 0.07.
#
# For each row it times (wall seconds, best of RUNS; peak RSS from /usr/bin/time,
# peak anonymous memory sampled from /proc — see benches/measure.py), the three
# commands taking turns round by round, so that the machine's drift (large on
# shared machines) falls on all of them alike:
#   - grundy, one thread:   grundy values GAME --to N --output F --quiet --threads 1
#   - grundy, two threads:  the same with --threads 2
#   - ogsolve:              ogsolve -m rc2 -n N GAME  (its fastest method on these
#                           games; rc2 splits breaking moves by parity)
# and checks the values: ogsolve is run once more with -p (print the nimbers),
# and its values are compared with grundy's --output file, value by value.
# A second table times the values printed, each tool's output going to a file:
#   - grundy:   grundy values GAME --to N --format csv --quiet --threads 1 > F
#   - ogsolve:  ogsolve -m rc2 -p -n N GAME > F
# (the printed values compared too), with the cost of printing over grundy's
# binary --output run.
# A third table times the plain request a new user types, with no long-run
# flag, against ogsolve's default method printing its values:
#   - grundy:   grundy values GAME --to N --format csv > F   (issue 33: once
#               refused after 1 s; now computed, with progress on a terminal)
#   - ogsolve:  ogsolve -m naive -p -n N GAME > F
# with the CPU seconds of each (user + system: the shared machine's load
# changes them far less than the wall time), the FNV-1a checksum of the
# values printed, and whether the two lists agree value by value.
# Grundy's game is not an octal code (ogsolve cannot run it): its row compares
# grundy's automatic method with grundy's own plain path (--method plain).
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-2}
EXPLICIT=${EXPLICIT:-"0.007:262144"}
ROWS=${ROWS-"0.6:20 0.6:22 0.106:22 0.16:20 0.167:20 0.007:20 grundy-game:20 kayles:10^7 dawson:10^7"}
GB=${GRUNDY_BEFORE:-}
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
if [ -n "${GRUNDY:-}" ]; then
  G=$GRUNDY
elif [[ $host == *-linux-gnu ]]; then
  RUSTFLAGS="-C target-feature=+crt-static" \
    cargo build --profile dist --quiet -p grundy-cli --target "$host"
  G=target/$host/dist/grundy
else
  cargo build --profile dist --quiet -p grundy-cli
  G=target/dist/grundy
fi

# measure [--stdout FILE] CMD...: "WALL_SECONDS MAX_RSS_KB PEAK_ANON_KB
# CPU_SECONDS" of one run (benches/measure.py; the CPU time is not used here).
measure=$PWD/benches/measure.py

# fold "T M A" (one run) into the best so far, in the variables named $1:
# the least time, the most memory
fold() {
  local -n acc=$1
  local t m a bt bm ba
  read -r t m a _ <<<"$2"
  read -r bt bm ba <<<"${acc:-999999 0 0}"
  acc="$(python3 -c "print(min($bt, $t))") $(( m > bm ? m : bm )) $(( a > ba ? a : ba ))"
}

# compare VALUES OGSOLVE_OUTPUT: "yes" when every value agrees; VALUES is a
# values file (--output) or grundy's csv (n,value lines)
compare() {
  python3 - "$1" "$2" <<'PY'
import sys, struct, array
data = open(sys.argv[1], 'rb').read()
if data.startswith(b'n,value\n'):
    ours = [int(l.split(b',')[1]) for l in data.splitlines()[1:]]
else:
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

# the checksum in a values file's header (of the whole file: header and values)
checksum() {
  python3 -c "
import struct,sys
d=open('$1','rb').read(); h=struct.unpack('<I',d[8:12])[0]
print(dict(l.split('=',1) for l in d[12:12+h].decode().splitlines())['checksum'])"
}

# same_values FILE FILE: "same" when two values files hold the same values
# (their headers may differ: an older grundy's checksum covered the values only)
same_values() {
  python3 - "$1" "$2" <<'PY'
import struct, sys
def values(path):
    d = open(path, 'rb').read()
    return d[12 + struct.unpack('<I', d[8:12])[0]:]
print("same" if values(sys.argv[1]) == values(sys.argv[2]) else "differ")
PY
}

mb() { python3 -c "print(f'{$1/1024:.1f}')"; }
ratio() { python3 -c "print(f'{$1 / max($2, 1e-3):.1f}x')"; }

head="| game | n | grundy 1 thread (s) | grundy 2 threads (s) | peer (s) | peer / grundy 1 thread | grundy peak RSS (MB) | peer peak RSS (MB) | grundy anon (MB) | peer anon (MB) | grundy file checksum | values match |"
rule="|---|---|---|---|---|---|---|---|---|---|---|---|"
if [ -n "$GB" ]; then
  head="$head before 1 thread (s) | before 2 threads (s) | now / before, 1 thread | now / before, 2 threads | before's values |"
  rule="$rule---|---|---|---|---|"
fi
phead="| game | n | grundy csv (s) | peer printed (s) | peer / grundy | grundy --output (s) | printing adds | values match |"
prule="|---|---|---|---|---|---|---|---|"

# Each row is printed as soon as it is measured (both tables' lines, the
# binary one first), so a long run shows its results as it goes and a run
# stopped part-way keeps them; the two whole tables follow at the end.
echo "Rows as measured (first line: values into a binary file; second: values printed):"
echo
echo "$head"
echo "$phead"

rows=() printed=()
for row in $ROWS; do
  game=${row%:*}; e=${row#*:}
  if [[ $e == *^* ]]; then
    n=$(python3 -c "print(${e%^*} ** ${e#*^})"); size=$e
  else
    n=$((1 << e)); size=2^$e
  fi
  case $game in
    kayles) code=0.77 ;;
    dawson) code=0.07 ;;
    *) code=$game ;;
  esac
  echo "== $game, n = $size" >&2
  one=("$G" values "$game" --to "$n" --output "$tmp/g.bin" --quiet --threads 1)
  two=("$G" values "$game" --to "$n" --output "$tmp/g.bin" --quiet --threads 2)
  csv=(--stdout "$tmp/g.csv" "$G" values "$game" --to "$n" --format csv --quiet --threads 1)
  if [ "$game" = grundy-game ]; then
    peer="grundy --method plain"
    other=("$G" values "$game" --to "$n" --output "$tmp/p.bin" --quiet --threads 1 --method plain)
    other_printed=(--stdout "$tmp/p.csv" "$G" values "$game" --to "$n" --format csv --quiet --threads 1 --method plain)
  else
    peer="ogsolve -m rc2"
    other=("$og" -m rc2 -n "$n" "$code")
    other_printed=(--stdout "$tmp/og.txt" "$og" -m rc2 -p -n "$n" "$code")
  fi
  r1="" r2="" ro="" rb1="" rb2="" rc="" rp=""
  fold r1 "$(python3 "$measure" "${one[@]}")"
  fold ro "$(python3 "$measure" "${other[@]}")"
  # Short rows (both tools under 2 s) get at least 5 rounds; a row where the
  # peer takes minutes (Kayles to 10^7) keeps RUNS.
  runs=$RUNS
  if python3 -c "import sys; sys.exit(0 if max(${r1%% *}, ${ro%% *}) < 2 else 1)"; then
    runs=$(( RUNS > 5 ? RUNS : 5 ))
  fi
  for i in $(seq "$runs"); do
    [ "$i" -gt 1 ] && fold r1 "$(python3 "$measure" "${one[@]}")"
    fold r2 "$(python3 "$measure" "${two[@]}")"
    [ "$i" -gt 1 ] && fold ro "$(python3 "$measure" "${other[@]}")"
    if [ -n "$GB" ]; then
      fold rb1 "$(python3 "$measure" "$GB" values "$game" --to "$n" --output "$tmp/b.bin" --quiet --threads 1)"
      fold rb2 "$(python3 "$measure" "$GB" values "$game" --to "$n" --output "$tmp/b.bin" --quiet --threads 2)"
    fi
    fold rc "$(python3 "$measure" "${csv[@]}")"
    fold rp "$(python3 "$measure" "${other_printed[@]}")"
  done
  read -r g1 m1 a1 <<<"$r1"
  read -r g2 _ _ <<<"$r2"
  read -r o1 om oa <<<"$ro"
  read -r c1 _ _ <<<"$rc"
  read -r p1 _ _ <<<"$rp"
  sum=$(checksum "$tmp/g.bin")
  if [ "$game" = grundy-game ]; then
    if cmp -s "$tmp/g.bin" "$tmp/p.bin"; then match=yes; else match=no; fi
    if cmp -s "$tmp/g.csv" "$tmp/p.csv"; then pmatch=yes; else pmatch=no; fi
  else
    match=$(compare "$tmp/g.bin" "$tmp/og.txt")
    pmatch=$(compare "$tmp/g.csv" "$tmp/og.txt")
  fi
  before=""
  if [ -n "$GB" ]; then
    read -r b1 _ _ <<<"$rb1"
    read -r b2 _ _ <<<"$rb2"
    same=$(same_values "$tmp/b.bin" "$tmp/g.bin")
    before=" $b1 | $b2 | $(python3 -c "print(f'{$g1 / max($b1, 1e-3):.2f}')") | $(python3 -c "print(f'{$g2 / max($b2, 1e-3):.2f}')") | $same |"
  fi
  rows+=("| $game | $size | $g1 | $g2 | $o1 ($peer) | $(ratio "$o1" "$g1") | $(mb "$m1") | $(mb "$om") | $(mb "$a1") | $(mb "$oa") | $sum | $match |$before")
  printed+=("| $game | $size | $c1 | $p1 (${peer/rc2/rc2 -p}) | $(ratio "$p1" "$c1") | $g1 | $(python3 -c "print(f'{100 * ($c1 - $g1) / max($g1, 1e-3):+.0f}%')") | $pmatch |")
  echo "${rows[-1]}"
  echo "${printed[-1]}"
done

echo
echo "Values into a binary file (--output):"
echo
echo "$head"
echo "$rule"
printf '%s\n' "${rows[@]}"
[ -n "$GB" ] && echo && echo "before: $GB"
echo
echo "Values printed (grundy --format csv, one thread; ogsolve -p), to a file:"
echo
echo "$phead"
echo "$prule"
printf '%s\n' "${printed[@]}"
# fnv FILE: the FNV-1a checksum (64 bits, over the values as little-endian
# u64, grundy's `checksum of G(0..=N)`) of the values in grundy's csv or in
# ogsolve's -p output
fnv() {
  python3 - "$1" <<'PY'
import sys
text = open(sys.argv[1]).read()
if text.startswith('n,value\n'):
    vals = [int(l.split(',')[1]) for l in text.splitlines()[1:]]
else:
    start = text.index('nimbers:') + len('nimbers:')
    vals = [int(x) for x in text[start:].split('\n', 1)[0].split()]
h = 0xcbf29ce484222325
for v in vals:
    for b in v.to_bytes(8, 'little'):
        h = ((h ^ b) * 0x100000001b3) & 0xffffffffffffffff
print(f"{h:016x}")
PY
}

ehead="| game | n | grundy values --format csv (s) | CPU (s) | ogsolve -m naive -p (s) | CPU (s) | ogsolve / grundy (CPU) | grundy checksum | ogsolve checksum | values match |"
erule="|---|---|---|---|---|---|---|---|---|---|"
explicit=()
for row in $EXPLICIT; do
  game=${row%:*}; n=${row#*:}
  echo "== explicit request: $game, n = $n" >&2
  re="" ro=""
  for _ in $(seq "$RUNS"); do
    read -r t _ _ c <<<"$(python3 "$measure" --stdout "$tmp/e.csv" "$G" values "$game" --to "$n" --format csv)"
    [ -z "$re" ] || [ "$(python3 -c "print(int($c < ${re#* }))")" = 1 ] && re="$t $c"
    read -r t _ _ c <<<"$(python3 "$measure" --stdout "$tmp/e.txt" "$og" -m naive -p -n "$n" "$game")"
    [ -z "$ro" ] || [ "$(python3 -c "print(int($c < ${ro#* }))")" = 1 ] && ro="$t $c"
  done
  read -r et ec <<<"$re"
  read -r ot oc <<<"$ro"
  explicit+=("| $game | $n | $et | $ec | $ot | $oc | $(ratio "$oc" "$ec") | $(fnv "$tmp/e.csv") | $(fnv "$tmp/e.txt") | $(compare "$tmp/e.csv" "$tmp/e.txt") |")
  echo "${explicit[-1]}"
done
if [ ${#explicit[@]} -gt 0 ]; then
  echo
  echo "Explicit requests (no long-run flag), printed to a file; best CPU time of $RUNS:"
  echo
  echo "$ehead"
  echo "$erule"
  printf '%s\n' "${explicit[@]}"
fi
echo
echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"

#!/usr/bin/env bash
# Records, certified (issue 38, item 4): the solved octal games with the
# largest periods or preperiods in Flammenkamp's tables, each proven by
# `grundy period CODE --until-proven` (no limit given: the run goes as far as
# its proof needs). One row a game: preperiod, period, how far the values
# were checked, wall and CPU time, peak RSS (/usr/bin/time), and the md5 of
# the printed proof (so that two builds can be compared).
#
#   benches/records.sh                      # every code below
#   CODES="0.16 0.56" benches/records.sh    # some of them
#   THREADS=1 benches/records.sh            # one thread (default: grundy's)
#   GRUNDY=/path/to/grundy benches/records.sh
#   CAP=1800 benches/records.sh             # seconds a run may take (default 1200)
#
# It does not build: it runs target/release/grundy (`cargo build --release -p
# grundy-cli` first) unless GRUNDY names another. The load before and after is
# printed: on a shared machine the wall time is larger than the CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."

G=${GRUNDY:-$PWD/target/release/grundy}
CODES=${CODES:-0.127 0.56 0.16 0.354 0.104 0.1777 0.1077 0.376}
CAP=${CAP:-1200}
if [ ! -x "$G" ]; then
  echo "no grundy at $G: build it (cargo build --release -p grundy-cli) or set GRUNDY" >&2
  exit 1
fi
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "load before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo "| command | preperiod | period | checked to n | wall (s) | CPU (s) | peak RSS (MB) | md5 |"
echo "|---|---|---|---|---|---|---|---|"
for code in $CODES; do
  rc=0
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" \
    timeout "$CAP" "$G" period "$code" --until-proven "${threads[@]}" > "$tmp/out" 2> "$tmp/err" || rc=$?
  read -r wall user sys rss < <(tail -n1 "$tmp/time")
  cpu=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.1f", u + s }')
  head=$(head -n1 "$tmp/out")
  pre=$(sed -n 's/.*preperiod \([0-9]*\).*/\1/p' <<< "$head")
  per=$(sed -n 's/.*, period \([0-9]*\).*/\1/p' <<< "$head")
  to=$(sed -n 's/.*checked to n = \([0-9]*\).*/\1/p' "$tmp/out" | head -n1)
  sum=$(md5sum < "$tmp/out" | cut -c1-12)
  note=""
  case "$rc" in
    0) grep -q "(proven)" <<< "$head" || note=" (not proven: $(tail -n1 "$tmp/out" | sed 's/^ *//'))" ;;
    124) note=" (stopped after $CAP s)" ;;
    *) note=" (exit $rc: $(head -n1 "$tmp/err"))" ;;
  esac
  printf '| `grundy period %s --until-proven` | %s | %s | %s | %s | %s | %d | %s |%s\n' \
    "$code" "${pre:--}" "${per:--}" "${to:--}" "$wall" "$cpu" "$((rss / 1024))" "$sum" "$note"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg); $("$G" --version)"

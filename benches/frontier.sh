#!/usr/bin/env bash
# The frontier: every game of tczajka's list of unsolved octal games
# (data/frontier/tczajka.csv, 83 games: Grundy's game, .6, .04, .06, ...,
# 4.406) computed with `grundy census`, first to its published extent, then
# further with a time budget per game; the table goes to data/frontier/
# (frontier.csv, frontier.json, README.md), cross-checked against the
# figures tczajka published. Between the two, the sparse games (those whose
# rare heaps are few at the published extent, so that the engine's time per
# heap stays small) go to at least 2^26 heaps with no time limit.
#
#   benches/frontier.sh                          # published extents, sparse games to 2^26
#   THREADS=0 TIME_PER_CODE=600 benches/frontier.sh  # then 10 minutes a game, every core
#   THREADS=0 WALL=480 benches/frontier.sh       # the further pass in about 8 minutes
#   MERGE_ONLY=1 benches/frontier.sh             # rewrite the table from what is done
#
# Settings (environment):
#   THREADS        games computed at once (0: one per core; default 2)
#   FLOOR          extent of a game tczajka lists without figures (default
#                  131072 = 2^17, the smaller of his published extents)
#   SPARSE_TO      last heap of the sparse pass (default 2^26 - 1; 0: none)
#   SPARSE_RARE    a game is sparse when at most this share of its heaps is
#                  rare at the published extent (default 0.001: 0.1%)
#   TIME_PER_CODE  seconds per game for the further pass (none: no further pass)
#   WALL           instead of TIME_PER_CODE: seconds for the whole further
#                  pass, shared out (TIME_PER_CODE = WALL * threads / games)
#   FURTHER_TO     largest heap of the further pass (default 2^28 - 1); a game
#                  stops there, at a certified period, or when its time is up
#                  (a certified game's checksum and fingerprints still cover
#                  0..=FURTHER_TO: about 45 s a game at 2^28 on a loaded core,
#                  so games certified at their published extent are left out)
#   WORK           census directories (default target/frontier); kept, so a run
#                  that is stopped (Ctrl-C, a time limit) continues where it was
#                  (`--resume`) and a later run with a larger budget redoes only
#                  the further pass (delete WORK/further-* to recompute it)
#   OUT            where the table is written (default data/frontier)
#   EARLIER        an earlier frontier.json (say the committed one, copied
#                  aside first): a game's furthest row there is kept where
#                  it reaches further than this run, its source named in
#                  the `far_source` column (the checksums of the first 2^k
#                  heaps come from this run alone)
#   GRUNDY         the binary to run (default: target/release/grundy, built)
#
# An extent n means the heaps 0..n-1, as tczajka counts (`--to n-1`).
set -euo pipefail
cd "$(dirname "$0")/.."

THREADS=${THREADS:-2}
FLOOR=${FLOOR:-131072}
TIME_PER_CODE=${TIME_PER_CODE:-}
WALL=${WALL:-}
FURTHER_TO=${FURTHER_TO:-268435455}
SPARSE_TO=${SPARSE_TO:-67108863}
SPARSE_RARE=${SPARSE_RARE:-0.001}
WORK=${WORK:-target/frontier}
OUT=${OUT:-data/frontier}
LIST=data/frontier/tczajka.csv

if [ -n "${GRUNDY:-}" ]; then
  G=$GRUNDY
else
  cargo build --release --quiet -p grundy-cli
  G=$PWD/target/release/grundy
fi
mkdir -p "$WORK" "$OUT"
cores=$(nproc)
threads=$THREADS
[ "$threads" = 0 ] && threads=$cores
started=$(date +%s)
note() { echo "== $(($(date +%s) - started)) s: $*" >&2; }

# The games of each extent: the published one where tczajka gives it, else FLOOR.
rm -rf "$WORK/extents"
mkdir -p "$WORK/extents"
python3 - "$LIST" "$FLOOR" "$WORK/extents" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
groups = {}
for r in rows:
    groups.setdefault(int(r["n"] or sys.argv[2]), []).append(r["code"])
for n, codes in groups.items():
    open(f"{sys.argv[3]}/{n}.txt", "w").write("\n".join(codes) + "\n")
PY

census() { # DIR ARGS...: one census, resumed if it was stopped; the table
    # is written from what is finished even if it stops
    local dir=$1
    shift
    "$G" census --threads "$THREADS" --output "$dir" --resume "$@" --format text ||
        note "census into $dir stopped (exit $?): rerun to resume it"
}

if [ -z "${MERGE_ONLY:-}" ]; then
    for f in "$WORK"/extents/*.txt; do
        n=${f##*/}
        n=${n%.txt}
        note "published extent $n: $(wc -l < "$f") games to heap $((n - 1)), $THREADS threads"
        census "$WORK/published-$n" --codes "$f" --to $((n - 1))
    done
    if [ "$SPARSE_TO" != 0 ]; then
        python3 - "$WORK" "$SPARSE_RARE" > "$WORK/sparse-codes.txt" <<'PY'
import glob, json, os, sys
for path in sorted(glob.glob(os.path.join(sys.argv[1], "published-*", "results.jsonl"))):
    for line in open(path):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if (not r.get("certified") and r.get("split_mask") is not None
                and r["rare_heaps"] <= float(sys.argv[2]) * r["split_heaps"]):
            print(r["code"])
PY
        note "sparse: $(wc -l < "$WORK/sparse-codes.txt") games to heap $SPARSE_TO, no time limit, $THREADS threads"
        census "$WORK/sparse-$SPARSE_TO" --codes "$WORK/sparse-codes.txt" --to "$SPARSE_TO"
    fi
    budget=$TIME_PER_CODE
    if [ -z "$budget" ] && [ -n "$WALL" ]; then
        games=$(($(wc -l < "$LIST") - 1))
        rounds=$(((games + threads - 1) / threads))
        budget=$((WALL / rounds))
        [ "$budget" -lt 1 ] && budget=1
    fi
    if [ -n "$budget" ]; then
        python3 - "$LIST" "$WORK" "$budget" > "$WORK/all-codes.txt" <<'PY'
import csv, glob, json, os, sys
# Left out: games certified periodic, and sparse games whose pass took more
# than half the budget (the further pass starts again from heap 0, and
# would not reach past the sparse pass's end).
done = set()
for path in glob.glob(os.path.join(sys.argv[2], "*-*", "results.jsonl")):
    sparse = os.path.basename(os.path.dirname(path)).startswith("sparse-")
    for line in open(path):
        try:
            r = json.loads(line)
        except ValueError:
            continue
        if r.get("certified") or (sparse and 2 * r["seconds"] > float(sys.argv[3])):
            done.add(r["code"])
for r in csv.DictReader(open(sys.argv[1])):
    if r["code"] not in done:
        print(r["code"])
PY
        note "further: every game to heap $FURTHER_TO, at most $budget s each, $THREADS threads"
        census "$WORK/further-$FURTHER_TO-$budget" --codes "$WORK/all-codes.txt" \
            --to "$FURTHER_TO" --time-per-code "$budget"
    fi
fi

note "table: $OUT/frontier.csv, $OUT/frontier.json, $OUT/README.md"
python3 - "$LIST" "$WORK" "$OUT" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    "$cores" "$("$G" --version)" "$SPARSE_TO" "$SPARSE_RARE" "${EARLIER:-}" \
    "THREADS=$THREADS${TIME_PER_CODE:+ TIME_PER_CODE=$TIME_PER_CODE}${WALL:+ WALL=$WALL} SPARSE_TO=$SPARSE_TO SPARSE_RARE=$SPARSE_RARE${EARLIER:+ EARLIER=$(basename "$EARLIER")}" <<'PY'
import csv, glob, json, os, sys
listing, work, out, rev, cores, version, sparse_to, sparse_rare, earlier, settings = sys.argv[1:]
sparse_to = int(sparse_to)
# (no commas: the csv has no quoted cells)
here = f"this run: {version}; commit {rev}; {cores} cores"
# An earlier table's furthest rows, each with where it came from.
before = {}
if earlier:
    e = json.load(open(earlier))
    for t in e["games"]:
        if t.get("furthest"):
            source = t.get("far_source") or f"{e['grundy']}; commit {e['commit']}; {e['cores']} cores"
            source = source.replace("this run: ", "")
            before[t["code"]] = (t["furthest"], source)
games = list(csv.DictReader(open(listing)))

def rows(pattern):
    found = {}
    for path in sorted(glob.glob(os.path.join(work, pattern, "results.jsonl"))):
        for line in open(path):
            try:
                r = json.loads(line)
            except ValueError:
                continue
            found.setdefault(r["code"], []).append(r)
    return found

published, further = rows("published-*"), rows("further-*")
for code, rs in rows("sparse-*").items():
    further.setdefault(code, []).extend(rs)
passes = sorted(os.path.basename(d).split("-")[1:]
                for d in glob.glob(os.path.join(work, "sparse-*")) if os.path.isdir(d))
passes = [f"the sparse games to heap {t[0]} with no time limit" for t in passes]
passes += [f"to heap {t} with {b} s a game" for t, b in sorted(
    os.path.basename(d).split("-")[1:] for d in glob.glob(os.path.join(work, "further-*")))]
passes = "; ".join(passes) or "none"
sparse = set()
for path in glob.glob(os.path.join(work, "sparse-codes.txt")):
    sparse = {l.strip() for l in open(path) if l.strip()}

# The checksum of the first 2^k heaps (census's prefix_checksums): every
# pass that reached 2^k heaps of a game must give the same one.
PREFIXES = [2**17, 2**21, 2**26]
prefix = {}
for code, rs in list(published.items()) + list(further.items()):
    for r in rs:
        for heaps, s in r.get("prefix_checksums", {}).items():
            old = prefix.setdefault((code, int(heaps)), s)
            if old != s:
                sys.exit(f"{code}: two passes give the first {heaps} heaps checksums {old} and {s}")

def cells(r):
    mask = r["split_mask"]
    return {
        "to": r["checked_to"],
        "status": r["status"],
        "preperiod": r["preperiod"] if r["certified"] else None,
        "period": r["period"] if r["certified"] else None,
        "max_value": r["max_value"],
        "max_at": r["max_at"],
        "rare_mask": None if mask is None else format(mask, "x"),
        "rare_heaps": r["rare_heaps"],
        "last_rare": r["last_rare"],
        "checksum": r["checksum"],
        "seconds": r["seconds"],
    }

def agreement(g, c):
    """tczajka's figures against grundy's at his extent: his n heaps are
    0..n-1 and he counts heap 0 (value 0, rare) among the rare heaps."""
    if not g["n"]:
        return ""
    if c is None or c["to"] != int(g["n"]) - 1:
        return "not computed"
    mine = {
        "largest_idx": c["max_at"],
        "largest": c["max_value"],
        "rare_mask": c["rare_mask"],
        "num_rare": c["rare_heaps"] + 1,
        "last_rare": c["last_rare"],
    }
    theirs = {k: g[k] if k == "rare_mask" else int(g[k]) for k in mine}
    diff = [f"{k} {mine[k]} (published {theirs[k]})" for k in mine if mine[k] != theirs[k]]
    return "differs: " + "; ".join(diff) if diff else "agrees"

table = []
for g in games:
    code = g["code"]
    pub = published.get(code, [])
    pub = cells(max(pub, key=lambda r: r["checked_to"])) if pub else None
    fur = further.get(code, [])
    fur = cells(max(fur, key=lambda r: r["checked_to"])) if fur else None
    best = max([c for c in (pub, fur) if c], key=lambda c: c["to"], default=None)
    source = here if best else None
    if code in before and (best is None or before[code][0]["to"] > best["to"]):
        best, source = before[code]
    table.append({
        "game": g["game"],
        "code": code,
        "published_extent": int(g["n"]) if g["n"] else None,
        "at_published_extent": pub,
        "furthest": best,
        "tczajka": agreement(g, pub),
        "far_source": source,
        "sparse": code in sparse,
        "prefix_checksums": {str(h): prefix.get((code, h)) for h in PREFIXES},
    })

json.dump({"source": "data/frontier/tczajka.csv", "grundy": version, "commit": rev,
           "cores": int(cores), "games": table}, open(os.path.join(out, "frontier.json"), "w"),
          indent=1)
cols = ["to", "status", "preperiod", "period", "max_value", "max_at", "rare_mask",
        "rare_heaps", "last_rare", "checksum", "seconds"]
with open(os.path.join(out, "frontier.csv"), "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow(["game", "code", "published_extent", "tczajka", "sparse"]
               + [f"first_{c}" for c in cols] + [f"far_{c}" for c in cols]
               + ["far_source"] + [f"checksum_{h}" for h in PREFIXES])
    for t in table:
        a, b = t["at_published_extent"] or {}, t["furthest"] or {}
        w.writerow([t["game"], t["code"], t["published_extent"] or "", t["tczajka"],
                    "yes" if t["sparse"] else ""]
                   + ["" if a.get(c) is None else a[c] for c in cols]
                   + ["" if b.get(c) is None else b[c] for c in cols]
                   + [t["far_source"] or ""]
                   + [t["prefix_checksums"][str(h)] or "" for h in PREFIXES])

def fmt(v):
    return "" if v is None else str(v)

lines = []
for t in table:
    b = t["furthest"]
    if b is None:
        lines.append(f"| {t['game']} | | | | | | | | | | not computed |")
        continue
    status = (f"period {b['period']} from {b['preperiod']}" if b["status"] == "periodic"
              else "open")
    at = [f"`{c}`" if c else "" for c in (t["prefix_checksums"][str(h)] for h in (2**21, 2**26))]
    name = t["game"] + (" (sparse)" if t["sparse"] else "")
    mark = "" if t["far_source"] == here else " *"
    lines.append(f"| {name} | {b['to'] + 1}{mark} | {b['max_value']} at {b['max_at']} | "
                 f"{fmt(b['rare_mask'])} | {b['rare_heaps']} | {fmt(b['last_rare'])} | "
                 f"`{b['checksum']}` | {at[0]} | {at[1]} | {status} | {t['tczajka']} |")
done = sum(1 for t in table if t["furthest"])
kept = sorted({t["far_source"] for t in table if t["far_source"] not in (None, here)})
earlier_note = (f"Where the earlier table given as `EARLIER` reached further than this run, its row is "
                f"kept (marked * below; `far_source` names it: {', '.join(kept)}): "
                f"{sum(1 for t in table if t['far_source'] in kept)} games."
                if kept else "")
agree = sum(1 for t in table if t["tczajka"] == "agrees")
listed = sum(1 for t in table if t["published_extent"])
readme = f"""# The frontier: tczajka's unsolved octal games

Written by `{settings} benches/frontier.sh` ({version}, commit {rev}, {cores} cores; the
settings are those of the run that wrote the table, `MERGE_ONLY` aside); do not edit:
run the script again. {done} of {len(table)} games computed; tczajka's published figures
(largest value and where, rare mask, count of rare heaps, last rare heap) agree for
{agree} of the {listed} games he gives them for.

- `tczajka.csv`: the 83 games of `UnsolvedGames.md` in Tomek Czajka's
  <https://github.com/tczajka/octal-games>, commit
  `30baeb79f420ab406e3b9f0378462aba989a47ad` (2018-05-01, the file unchanged since), with the
  figures he published for four of them at `n` heaps (`0..n-1`). Grundy's game has no octal
  code; grundy names it `grundy-game`.
- `frontier.csv`, `frontier.json`: per game, grundy's figures at the published extent (or
  2^17 for a game without one; `first_*` columns) and the furthest heap reached (`far_*`);
  `sparse` marks the games at most {float(sparse_rare) * 100:g}% of whose heaps are rare at
  that extent, taken to {sparse_to + 1} heaps whatever the time; `checksum_N` is the
  checksum of the first `N` heaps (`grundy values CODE --to N-1`; empty where the game
  was not computed that far).
  `to` is the last heap computed (the table covers `0..=to`), `rare_heaps` counts heaps
  `1..=to` (tczajka's count includes heap 0, so it is one more), `rare_mask` is in
  hexadecimal as he writes it, `checksum` is the FNV-1a of `G(0..=to)` that
  `grundy values CODE --to TO` prints, `seconds` the time that game took.

Further passes in this table: {passes} (`far_*` columns; `far_seconds` is the
time a game took, more than its budget for a game certified periodic, whose checksum
covers every heap to the pass's end). {earlier_note}

Reproduce (published extents and the sparse games, then as far as `TIME_PER_CODE` seconds a game reach):

```sh
benches/frontier.sh
THREADS=0 TIME_PER_CODE=600 benches/frontier.sh
```

| game | heaps | largest value | rare mask | rare heaps | last rare | checksum | first 2^21 | first 2^26 | status | tczajka |
|---|---|---|---|---|---|---|---|---|---|---|
""" + "\n".join(lines) + "\n"
open(os.path.join(out, "README.md"), "w").write(readme)
print(f"{done} of {len(table)} games; tczajka's figures agree for {agree} of {listed}")
for t in table:
    if t["tczajka"] not in ("", "agrees"):
        print(f"{t['game']}: {t['tczajka']}")
PY

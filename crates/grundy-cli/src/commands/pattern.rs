//! `grundy pattern GAME`: compute the table, state the rules found in it
//! (library: `grundy::analysis::pattern`), how far each was checked and
//! whether a theorem proves it.
//!
//! The table is chosen by what the game offers: a pair game with a table
//! (`wythoff`, `euclid`, a script whose positions are pairs `[a,b]`) gives
//! `G(a,b)` on a square; a heap game (or a script on heaps, or a script's
//! family `start(n)`) gives `G(0..=N)` and its period search's
//! certificate; anything else is tried as a game on pairs `A,B`, one
//! position at a time (the Cutting Game, staircase Nim on two steps). A
//! script says which shape its table reads, and the report names it. A
//! game on tuples (`--dims K`, or a script whose positions are tuples of 3
//! or more numbers) gives `G` on a cube `0..=N` per coordinate, read for
//! Moore's Nim_K, the nim-sum and symmetry; it is never read as pairs.

use crate::format::ReportFormat;
use crate::printer::Printer;
use anyhow::{bail, Context, Result};
use clap::Args;
use grundy::analysis::pattern::{self, Certificate, Finding, Position, Square, TupleTable};
use grundy::spec::{AnalyzeOptions, AnyGame, Tabulated};
use serde_json::json;
use std::io::Write;

pub const PATTERN_HELP: &str = "\
Each finding says whether a theorem proves it (the period certificate that
`grundy period` prints, or its consequence for the P-positions, or a theorem
of the game's family such as Wythoff's pairs) or that it was observed on the
table computed (`observed to N`). A rule that holds on a long prefix and then
breaks is shown with its first exception and not claimed; so is a rule whose
exceptions continue late into the table (a preperiod that grows with it).
When nothing is found, the first values and P-positions are printed.

Tables: heap games G(0..=N) (default N = 10000; scripts 1000); games on pairs
A,B a square 0..=N (default 200 for wythoff and euclid, 30 for games solved
position by position, such as two-coordinate scripts); games on tuples of K
numbers (`--dims K`, or a script on tuples) 0..=N per coordinate, default N
the largest with (N+1)^K <= 4096.

Examples:
  grundy pattern sub:pow2
  grundy pattern lasker
  grundy pattern kayles --format json
  grundy pattern fibnim --to 2000
  grundy pattern wythoff
  grundy pattern moore:2 --dims 3
  grundy pattern script:examples/games/take-a-divisor.rhai";

/// Arguments of `grundy pattern`.
#[derive(Args, Debug)]
pub struct PatternArgs {
    /// The game, e.g. `lasker`, `wythoff` or `script:FILE.rhai`.
    pub game: String,
    /// A parameter of a scripted game, `NAME=VALUE` (repeatable): the
    /// same as `script:FILE?NAME=VALUE`.
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,
    /// Last heap (or largest coordinate of a pair) in the table.
    #[arg(long, value_parser = crate::format::number, allow_negative_numbers = true)]
    pub to: Option<u64>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
    /// Read the table of tuples of K coordinates (`moore:K`, scripts on
    /// tuples; for a heap game, the sum of K heaps). A script whose
    /// positions are tuples of 3 or more numbers gets its own width
    /// without it.
    #[arg(long, value_name = "K", value_parser = crate::format::dims)]
    pub dims: Option<usize>,
}

/// Default table sizes (see the help).
const HEAPS: u64 = 10_000;
const SCRIPT_HEAPS: u64 = 1_000;
const PAIRS: u64 = 200;
const PAIRS_ONE_BY_ONE: u64 = 30;
/// Largest tables accepted.
const MAX_HEAPS: u64 = 1 << 22;
const MAX_PAIRS: u64 = 2_000;
const MAX_PAIRS_ONE_BY_ONE: u64 = 300;
/// Default positions of a table of tuples: the side is the largest with
/// `side^K` at most this.
const TUPLES: u64 = 4096;
/// How long the period search that looks for a certificate may take.
const PERIOD_TIME: std::time::Duration = std::time::Duration::from_secs(3);

/// The table a pattern is looked for in.
enum Table {
    Heaps(Vec<u64>, Option<Certificate>),
    Pairs(Square),
    Tuples(TupleTable),
}

/// `grundy pattern`: the table computed, its findings printed.
pub fn run(a: &PatternArgs, out: &mut Printer) -> Result<()> {
    report(&|| crate::game::parse(&a.game, &a.params), a, out)
}

/// `parse` makes the game afresh (a game that failed on heaps is asked
/// about pairs in a new state).
fn report(
    parse: &dyn Fn() -> Result<Box<dyn AnyGame>>,
    a: &PatternArgs,
    out: &mut Printer,
) -> Result<()> {
    let mut game = parse()?;
    let spec = game.spec();
    if game.is_turn_aware() {
        return outcome_pattern(game.as_mut(), a, out);
    }
    // A script says what its table reads (and refuses a shape that is
    // none of heaps, pairs and a family, naming it).
    let shape = game.tabulated()?;
    let width = crate::game::tuple_width(game.as_mut(), a.dims)?;
    let (table, to) = match width {
        Some(width) => tuples(game.as_mut(), width, a.to)?,
        None => compute(game.as_mut(), parse, a.to, shape)?,
    };
    // The shape read, said as it was read (a script tried on pairs `a,b`
    // one position at a time read pairs).
    let shape = shape.map(|s| match table {
        Table::Pairs(_) => Tabulated::Pairs,
        Table::Heaps(..) | Table::Tuples(_) => s,
    });
    let findings = match &table {
        Table::Heaps(v, cert) => pattern::one_dim(v, cert.as_ref()),
        Table::Pairs(sq) => pattern::two_dim_proven(sq, &game.proven_laws()),
        Table::Tuples(t) => pattern::tuples(t),
    };
    match a.format {
        ReportFormat::Json => {
            // `positions` only where a script's shape was read: a built-in
            // game's JSON is as before.
            let mut doc = json!({ "game": spec });
            if let Some(shape) = shape {
                doc["positions"] = json!(shape_json(shape));
            }
            doc["checked_to"] = json!(to);
            if let Table::Tuples(t) = &table {
                // The symmetry of the values: `true`, or two positions,
                // one a permutation of the other, whose values differ.
                doc["dims"] = json!(t.width);
                let asymmetry = pattern::asymmetry(t);
                doc["symmetric"] = json!(asymmetry.is_none());
                doc["asymmetric"] = match asymmetry {
                    None => serde_json::Value::Null,
                    Some((p, q)) => json!([tuple_text(&p), tuple_text(&q)]),
                };
            }
            doc["findings"] = json!(findings.iter().map(finding_json).collect::<Vec<_>>());
            out.json(doc)
        }
        ReportFormat::Text => text(out, &spec, to, &table, &findings, shape),
    }
}

/// A turn-aware game: the outcome classes of heaps `0..=N` and their
/// period, as observed (no theorem certifies it; see
/// [`grundy::game::partizan::outcome_period`]).
fn outcome_pattern(game: &mut dyn AnyGame, a: &PatternArgs, out: &mut Printer) -> Result<()> {
    let to = limit(a.to.unwrap_or(SCRIPT_HEAPS), MAX_HEAPS, "heap games")?;
    let classes = game.outcome_classes(0, to)?;
    let period = grundy::game::partizan::outcome_period(&classes);
    let letters: String = classes.iter().map(|c| c.letter()).collect();
    let spec = game.spec();
    const NOTE: &str = "no theorem certifies periods of outcome classes here (period \
                        certificates are for impartial take-and-break games)";
    match a.format {
        ReportFormat::Json => out.json(json!({
            "game": spec,
            "checked_to": to,
            "kind": "outcome_classes",
            "outcomes": letters,
            "period": period.map(|p| json!({
                "preperiod": p.preperiod,
                "period": p.period,
                "evidence": format!("observed to {to}"),
                "proven": false,
            })),
        })),
        ReportFormat::Text => {
            let head: String = letters.chars().take(60).collect();
            let mut lines = vec![format!(
                "{spec}: outcome classes of 0..={to} (turn-aware game; N first player wins, \
                 P second, L Left, R Right)"
            )];
            lines.push(format!("first classes: {head}"));
            match period {
                Some(p) => {
                    let cycle: String = letters
                        .chars()
                        .skip(p.preperiod as usize)
                        .take(p.period as usize)
                        .collect();
                    lines.push(format!(
                        "periodic from n = {} with period {} ({cycle} repeated): observed to \
                         {to}, not proven: {NOTE}",
                        p.preperiod, p.period
                    ));
                }
                None => lines.push(format!("no period observed to {to}")),
            }
            for l in lines {
                out.line(&l)?;
            }
            Ok(())
        }
    }
}

fn limit(to: u64, max: u64, what: &str) -> Result<u64> {
    if to > max {
        bail!("`--to {to}` is more than this command computes for {what} (at most {max})");
    }
    Ok(to)
}

fn compute(
    game: &mut dyn AnyGame,
    parse: &dyn Fn() -> Result<Box<dyn AnyGame>>,
    to: Option<u64>,
    shape: Option<Tabulated>,
) -> Result<(Table, u64)> {
    // A pair game with a table of its own.
    if game.table(0, 1)?.is_some() {
        // A script's table is searched position by position.
        let n = if shape.is_some() {
            limit(
                to.unwrap_or(PAIRS_ONE_BY_ONE),
                MAX_PAIRS_ONE_BY_ONE,
                "games solved position by position",
            )?
        } else {
            limit(to.unwrap_or(PAIRS), MAX_PAIRS, "games on pairs")?
        };
        let rows = game.table(0, n)?.context("the table disappeared")?;
        let rows = rows
            .iter()
            .map(|r| r.iter().map(|v| v.value()).collect())
            .collect();
        return Ok((Table::Pairs(Square { lo: 0, rows }), n));
    }
    let first = game.values(0, 0);
    if first.is_ok() {
        let script = game.spec().starts_with("script:") || game.spec().starts_with("toml:");
        let mut n = limit(
            to.unwrap_or(if script { SCRIPT_HEAPS } else { HEAPS }),
            MAX_HEAPS,
            "heap games",
        )?;
        // Without `--to`, a game that refuses the default table (Fibonacci
        // Nim computes heaps up to 3000) gets a smaller one.
        let mut computed = game.values(0, n);
        for smaller in [3_000, 1_000] {
            if computed.is_err() && to.is_none() && smaller < n {
                n = smaller;
                computed = game.values(0, n);
            }
        }
        let values: Vec<u64> = computed?.iter().map(|v| v.value()).collect();
        let report = game.period_within(n.saturating_add(1), Some(PERIOD_TIME), &mut |_| {});
        let cert = report.ok().filter(|r| r.certified).and_then(|r| {
            Some(Certificate {
                periodicity: r.periodicity?,
                proof: r.proof,
            })
        });
        return Ok((Table::Heaps(values, cert), n));
    }
    // Positions `a,b`, one at a time, from the least coordinate accepted.
    let mut fresh = parse()?;
    let game = fresh.as_mut();
    let options = AnalyzeOptions::default();
    let mut value = |a: u64, b: u64| -> Result<u64> {
        let r = game.analyze(&[format!("{a},{b}")], &options)?;
        // (A formula may give the outcome only: no value to draw.)
        r.value
            .map(|v| v.value())
            .ok_or_else(|| anyhow::anyhow!("the value of `{a},{b}` is not known, only its outcome"))
    };
    let Some(lo) = (0..=3).find(|&lo| value(lo, lo).is_ok()) else {
        // Neither heaps nor pairs: the heap error says what the game is.
        return Err(first.err().map(anyhow::Error::from).unwrap_or_else(|| {
            anyhow::anyhow!("this game's positions are neither heaps nor pairs")
        }));
    };
    let n = limit(
        to.unwrap_or(PAIRS_ONE_BY_ONE).max(lo + 3),
        MAX_PAIRS_ONE_BY_ONE,
        "games solved position by position",
    )?;
    let mut rows = Vec::new();
    for a in lo..=n {
        let row: Result<Vec<u64>> = (lo..=n)
            .map(|b| value(a, b).with_context(|| format!("position `{a},{b}` of the table")))
            .collect();
        rows.push(row?);
    }
    Ok((Table::Pairs(Square { lo, rows }), n))
}

fn position_json(p: Option<Position>) -> serde_json::Value {
    match p {
        Some(Position::Heap(n)) => json!(n),
        Some(Position::Pair(a, b)) => json!(format!("{a},{b}")),
        None => serde_json::Value::Null,
    }
}

fn finding_json(f: &Finding) -> serde_json::Value {
    let exception = position_json(f.first_exception);
    json!({
        "of": f.of.as_str(),
        "kind": f.kind.as_str(),
        "rule": f.rule,
        "name": f.name,
        "reference": f.reference,
        "proven": f.proven,
        "first_exception": exception,
        "last_exception": position_json(f.last_exception),
        "proof": f.proof,
        "periodicity": f.periodicity.map(|p| json!({
            "preperiod": p.preperiod, "period": p.period, "saltus": p.saltus,
        })),
        "details": f.details,
    })
}

/// The shape a script's table reads, in the JSON report.
fn shape_json(shape: Tabulated) -> &'static str {
    match shape {
        Tabulated::Heaps => "heaps",
        Tabulated::Pairs => "pairs",
        Tabulated::Family => "family",
        Tabulated::Tuples(_) => "tuples",
    }
}

/// A tuple as `a,b,c`.
fn tuple_text(h: &[u64]) -> String {
    h.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

/// The table of tuples of `width` coordinates in `0..=to` (by default the
/// largest side with at most [`TUPLES`] positions).
fn tuples(game: &mut dyn AnyGame, width: usize, to: Option<u64>) -> Result<(Table, u64)> {
    let n = match to {
        Some(n) => n,
        None => (1u64..)
            .take_while(|&side| {
                u32::try_from(width)
                    .ok()
                    .and_then(|w| side.checked_pow(w))
                    .is_some_and(|c| c <= TUPLES)
            })
            .last()
            .unwrap_or(1)
            .saturating_sub(1)
            .max(1),
    };
    let spec = game.spec();
    let table = game
        .tuple_table(width, 0, n, &mut |_| Ok(()))?
        .with_context(|| {
            format!(
                "`{spec}` has no table of tuples: its positions are neither tuples of numbers \
             nor heaps (a tuple of heaps is their sum)"
            )
        })?;
    Ok((Table::Tuples(table), n))
}

fn text(
    out: &mut Printer,
    spec: &str,
    to: u64,
    table: &Table,
    findings: &[Finding],
    shape: Option<Tabulated>,
) -> Result<()> {
    let (what, checked) = match table {
        Table::Heaps(..) if shape == Some(Tabulated::Family) => (
            format!("G(start(n)) for n in 0..={to}"),
            format!("observed to n = {to}"),
        ),
        Table::Heaps(..) => (format!("G(0..={to})"), format!("observed to n = {to}")),
        Table::Pairs(sq) => (
            format!("G(a,b) for a, b in {}..={to}", sq.lo),
            format!("observed for a, b <= {to}"),
        ),
        Table::Tuples(t) => {
            let names: Vec<String> = (1..=t.width).map(|i| format!("h{i}")).collect();
            (
                format!("G({}) for each coordinate in 0..={to}", names.join(",")),
                format!("observed for every coordinate <= {to}"),
            )
        }
    };
    writeln!(out, "{spec}: {what}")?;
    if let Some(shape) = shape {
        writeln!(out, "({})", shape.describe())?;
    }
    for f in findings {
        let of = match f.of {
            pattern::Of::Values => "values",
            pattern::Of::PPositions => "P-positions",
        };
        let status = match (f.proven, f.first_exception, f.last_exception) {
            (true, _, _) => "proven".to_string(),
            (false, Some(Position::Heap(n)), _) => {
                format!("not claimed: first exception at n = {n}")
            }
            (false, Some(Position::Pair(a, b)), _) => {
                format!("not claimed: first exception at ({a},{b})")
            }
            (false, None, Some(Position::Heap(n))) => {
                format!("not claimed: exceptions continue to n = {n}")
            }
            (false, None, Some(Position::Pair(a, b))) => {
                format!("not claimed: exceptions continue to ({a},{b})")
            }
            (false, None, None) => checked.clone(),
        };
        // (A set of tuples is of the kind `pairs` in JSON.)
        let kind = match (table, f.kind) {
            (Table::Tuples(_), pattern::Kind::Pairs) => "tuples".to_string(),
            _ => f.kind.as_str().replace('_', " "),
        };
        writeln!(out, "- {of} ({kind}), {status}:")?;
        writeln!(out, "    {}", f.rule)?;
        if let Some(name) = &f.name {
            let reference = f
                .reference
                .as_deref()
                .map(|r| format!(", {r}"))
                .unwrap_or_default();
            writeln!(out, "    ({name}{reference})")?;
        }
        if let Some(p) = &f.proof {
            writeln!(out, "    proof: {p}")?;
        }
        for d in &f.details {
            writeln!(out, "    {d}")?;
        }
    }
    if let Table::Tuples(t) = table {
        match pattern::asymmetry(t) {
            None => writeln!(
                out,
                "- values are symmetric in the coordinates (a permutation of a position has \
                 its value), {checked}"
            )?,
            Some((p, q)) => writeln!(
                out,
                "- values are not symmetric: G({}) = {} but G({}) = {}",
                tuple_text(&p),
                t.value(&p).unwrap_or_default(),
                tuple_text(&q),
                t.value(&q).unwrap_or_default()
            )?,
        }
    }
    let claimed = findings.iter().any(Finding::claimed);
    if !claimed {
        writeln!(out, "no rule found; look for yourself:")?;
        match table {
            Table::Heaps(v, _) => {
                writeln!(out, "  values: {}", pattern::compact(v, 60))?;
                let p: Vec<u64> = (0..v.len() as u64)
                    .filter(|&n| v[n as usize] == 0)
                    .collect();
                writeln!(out, "  P-positions: {}", pattern::compact(&p, 40))?;
            }
            Table::Pairs(sq) => {
                for (i, row) in sq.rows.iter().take(10).enumerate() {
                    writeln!(
                        out,
                        "  row {}: {}",
                        sq.lo + i as u64,
                        pattern::compact(row, 10)
                    )?;
                }
                let mut p = Vec::new();
                for (i, row) in sq.rows.iter().enumerate() {
                    for (j, &v) in row.iter().enumerate().skip(i) {
                        if v == 0 {
                            p.push(format!("({},{})", sq.lo + i as u64, sq.lo + j as u64));
                        }
                    }
                }
                let more = if p.len() > 30 { " ..." } else { "" };
                p.truncate(30);
                writeln!(out, "  P-positions (a <= b): {}{more}", p.join(" "))?;
            }
            Table::Tuples(t) => {
                writeln!(out, "  values: {}", pattern::compact(&t.values, 60))?;
                let mut p: Vec<String> = t
                    .entries()
                    .filter(|(h, v)| *v == 0 && h.windows(2).all(|w| w[0] <= w[1]))
                    .map(|(h, _)| format!("({})", tuple_text(&h)))
                    .collect();
                let more = if p.len() > 30 { " ..." } else { "" };
                p.truncate(30);
                writeln!(
                    out,
                    "  P-positions (sorted coordinates): {}{more}",
                    p.join(" ")
                )?;
            }
        }
    }
    Ok(())
}

//! `grundy misere`: the misère quotient of a heap game, printed as text or
//! JSON.
//!
//! Elements are written as words over the generators: `1` is the identity,
//! `a^2b` is a·a·b; generator `a` is the first heap whose element is not a
//! product of earlier heaps', `b` the next, and so on (`g27`, `g28`, ...
//! after `z`).

use crate::format::{self, Format, ReportFormat};
use crate::printer::Printer;
use anyhow::Result;
use clap::Args;
use grundy::solve::{MisereQuotient, QuotientConfig};
use grundy::spec::AnyGame;
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::IsTerminal;

/// The text after `grundy misere --help`'s options.
pub const MISERE_HELP: &str = "\
Two sums of heaps are equivalent when adding any third sum gives both the
same misère outcome; the classes form a commutative monoid, the misère
quotient, and a sum is a P-position iff the product of its heaps' elements
is in the P-portion. The quotient printed is exact for all sums of heaps
0..=N (computed and then proved); a quotient beyond the limits is an error.

Elements are words over the generators: `1` is the identity, `a^2b` is
a·a·b; `a` is the first heap that adds an element, `b` the next, ...
A relation `[\"b^3\", \"b\"]` (text: `b^3 = b`) rewrites its left word to its
right one. Tame: the quotient is misère Nim's (orders 1, 2, 6, 10, 18, ...).
Stable from n: the quotient of heaps 0..=m is the same for n ≤ m ≤ N.

Examples:
  grundy misere kayles
  grundy misere 0.75 --heaps 12
  grundy misere nim --heaps 3 --format json
  grundy analyze 0.75 --misere 5 7 9 11";

/// Arguments of `grundy misere`.
#[derive(Args, Debug)]
pub struct MisereArgs {
    /// A heap game, e.g. `0.75` or `sub:1,3,4`.
    pub game: String,
    /// The largest heap of the quotient (heaps 0..=N).
    #[arg(long, default_value_t = 10, value_parser = format::number, allow_negative_numbers = true)]
    pub heaps: u64,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// `grundy misere`: the quotient computed (Ctrl-C stops it) and printed.
pub fn run(a: &MisereArgs, out: &mut Printer) -> Result<()> {
    let mut game = crate::game::parse(&a.game, &[])?;
    crate::interrupt::install();
    let q = quotient(game.as_mut(), a.heaps, out.is_quiet())?;
    print(out, &game.spec(), &q, a.format.into())
}

/// The quotient of heaps `0..=heaps` of `game` under the default limits,
/// with a line of progress on stderr while it is computed (the heap
/// admitted, the order so far, the search's work against its limit; from
/// half a second on, hidden with `--quiet` or when stderr is not a
/// terminal), and Ctrl-C stopping the work ([`crate::interrupt`]).
fn quotient(game: &mut dyn AnyGame, heaps: u64, quiet: bool) -> Result<MisereQuotient> {
    let config = QuotientConfig::default();
    let bar = if quiet || !std::io::stderr().is_terminal() {
        ProgressBar::hidden()
    } else {
        ProgressBar::new_spinner()
    };
    if let Ok(style) = ProgressStyle::with_template("{elapsed_precise} {msg}") {
        bar.set_style(style);
    }
    let _watch = crate::interrupt::Watch::start();
    let started = std::time::Instant::now();
    let result = game.misere_quotient(heaps, &config, &mut |p| {
        if started.elapsed().as_millis() >= 500 {
            let millions = |n: f64| n / 1e6;
            bar.set_message(format!(
                "misère quotient: heap {} of {}, order {}; search {:.1}M of {}M moves (its limit)",
                p.heap,
                p.heaps,
                p.order,
                millions(p.moves as f64),
                millions(config.search.max_moves as f64)
            ));
            bar.tick();
        }
        crate::interrupt::check()
    });
    bar.finish_and_clear();
    Ok(result?)
}

/// Prints the quotient `q` of `game` in `format`.
fn print(out: &mut Printer, game: &str, q: &MisereQuotient, format: Format) -> Result<()> {
    let name = |x: usize| q.element_name(x);
    let p: Vec<String> = q.p_portion().into_iter().map(name).collect();
    let heaps: Vec<String> = q.heap_elements().iter().map(|&x| name(x)).collect();
    match format {
        Format::Json => {
            let generators: Vec<_> = q
                .generators()
                .into_iter()
                .map(|(n, h)| json!({"name": n, "heap": h}))
                .collect();
            let relations: Vec<_> = q
                .relations()
                .into_iter()
                .map(|(l, r)| json!([l, r]))
                .collect();
            out.json(json!({
                "game": game,
                "heaps": q.heaps(),
                "order": q.order(),
                "generators": generators,
                "relations": relations,
                "p_portion": p,
                "heap_elements": heaps,
                "tame": q.is_tame(),
                "stable_from": q.stable_from(),
            }))
        }
        Format::Csv => anyhow::bail!("`--format csv` is for `values`; use text or json"),
        Format::Text => {
            let kind = if q.is_tame() { "tame" } else { "wild" };
            out.line(&format!(
                "misère quotient of {game}, heaps 0..={}: order {}, {kind}",
                q.heaps(),
                q.order()
            ))?;
            let gens = q
                .generators()
                .into_iter()
                .map(|(n, h)| format!("{n} = heap {h}"));
            out.line(&format!("generators: {}", list(&gens.collect::<Vec<_>>())))?;
            let rels = q.relations().into_iter().map(|(l, r)| format!("{l} = {r}"));
            out.line(&format!("relations:  {}", list(&rels.collect::<Vec<_>>())))?;
            out.line(&format!("P-portion:  {}", list(&p)))?;
            let since = match q.stable_from() {
                Some(n) => format!("order {} since heap {n}", q.order()),
                None => format!("still growing: heap {} added an element", q.heaps()),
            };
            out.line(&format!(
                "stability:  computed for heaps 0..={} only: {since}",
                q.heaps()
            ))?;
            out.line(&format!(
                "            (heaps above {} may add elements: that none does needs a proof,",
                q.heaps()
            ))?;
            out.line(
                "            such as Plambeck–Siegel's periodicity theorem for quotients, not checked)",
            )?;
            out.line("heap elements:")?;
            for (h, e) in heaps.iter().enumerate() {
                out.line(&format!("  {h:>3}  {e}"))?;
            }
            Ok(())
        }
    }
}

fn list(items: &[String]) -> String {
    if items.is_empty() {
        "(none)".into()
    } else {
        items.join(", ")
    }
}

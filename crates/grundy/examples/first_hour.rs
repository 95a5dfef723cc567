//! A library user's first hour: a game of your own, a Nim sum and its
//! winning moves, the certified period of an octal game, and a game named
//! by a spec as the `grundy` command names it.
//!
//! Run it with `cargo run -p grundy --example first_hour`; `cargo test`
//! runs it too (`test = true` in `crates/grundy/Cargo.toml`).

use grundy::games::{nim::Nim, TakeBreak};
use grundy::solve::{HeapValues, MemoSolver};
use grundy::spec::AnalyzeOptions;
use grundy::strategy::analyze;
use grundy::{Game, Result};

/// Your own rules: take 1 or 2 tokens, or split a heap of 3 or more into
/// two equal halves (an odd heap leaves its middle token behind).
struct TakeOrHalve;

impl Game for TakeOrHalve {
    type Position = u64;
    fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
        for take in [1, 2].into_iter().filter(|&t| t <= *heap) {
            f(&[*heap - take]);
        }
        if *heap >= 3 {
            f(&[*heap / 2, *heap / 2]);
        }
    }
}

/// Everything the example prints, one line each.
fn report() -> Result<Vec<String>> {
    let mut lines = Vec::new();
    let mut solver = MemoSolver::new(TakeOrHalve);
    let values = (0..10)
        .map(|n| Ok(solver.nim_value(&n)?.to_string()))
        .collect::<Result<Vec<_>>>()?;
    lines.push(format!("take-or-halve, heaps 0..9: {}", values.join(" ")));
    let sum = analyze(&TakeOrHalve, &mut solver, &[5, 7])?;
    if let Some(value) = sum.value {
        lines.push(format!(
            "take-or-halve 5 + 7: value {value}, outcome {}",
            sum.outcome
        ));
    }

    let heaps = [3, 4, 5];
    lines.push(format!("nim {heaps:?}: value {}", Nim::value(&heaps)));
    for m in Nim::winning_moves(&heaps) {
        lines.push(format!(
            "  win: heap {} from {} to {:?}",
            m.component, m.from, m.to
        ));
    }

    let mut kayles = HeapValues::new(TakeBreak::octal("0.77")?);
    let report = kayles.period(1000)?;
    if let Some(p) = report.periodicity.filter(|_| report.certified) {
        lines.push(format!(
            "0.77: period {} from heap {}: {}",
            p.period, p.preperiod, report.proof
        ));
    }

    let mut game = grundy::spec::parse("sub:1,3,4")?;
    let a = game.analyze(&["5".into(), "2".into()], &AnalyzeOptions::default())?;
    lines.push(format!(
        "{} 5 + 2: {} with {} winning moves",
        game.spec(),
        a.outcome,
        a.winning_moves.len()
    ));
    Ok(lines)
}

fn main() -> Result<()> {
    for line in report()? {
        println!("{line}");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_first_hour_example_runs_and_finds_the_known_answers() {
        let lines = super::report().unwrap();
        // Bouton: 3 xor 4 xor 5 = 2, and only heap 3 -> 1 wins.
        assert!(
            lines.contains(&"nim [3, 4, 5]: value *2".to_string()),
            "{lines:#?}"
        );
        assert!(
            lines.contains(&"  win: heap 0 from 3 to [1]".to_string()),
            "{lines:#?}"
        );
        // Kayles' period 12 from heap 71 (Guy and Smith), proven.
        assert!(
            lines
                .iter()
                .any(|l| l.starts_with("0.77: period 12 from heap 71")),
            "{lines:#?}"
        );
        // G = 3 xor 0 for sub:1,3,4: an N-position.
        assert!(
            lines.iter().any(|l| l.starts_with("sub:1,3,4 5 + 2: N")),
            "{lines:#?}"
        );
    }
}

//! `fibnim`: Fibonacci Nim (HDU 2516, Whinihan 1963). One heap; the first
//! move takes any number of tokens but not all of them, every later move
//! takes at least one and at most twice what the previous move took.
//!
//! The whole family is this file: the rules, the closed form of outcomes
//! and winning moves, the nim-values by a table, and the adapter.
//!
//! A position is a heap `n` with a limit `l` on the next take (`N,L`; a
//! fresh heap `N` is `N,N-1`). Write `n` in Zeckendorf form, a sum of
//! non-consecutive Fibonacci numbers `t1 < t2 < ...`. The player to move
//! loses exactly when `n = 0` or `t1 > l`. A move is winning exactly when it
//! takes `k = t1 + ... + tj` (the `j` smallest terms) with `k <= l` and
//! either nothing left or `2k < t(j+1)`: what remains, `t(j+1) + ...`, is
//! then a position whose smallest term is beyond its limit `2k`.
//! Conversely a winning `k` leaves `m` with `2k < t1(m)`, so `k`'s terms are
//! all below `t1(m)` and not next to it: `n`'s Zeckendorf form is `k`'s
//! followed by `m`'s. So the listed moves are every winning move, for any
//! `u64` heap.

use crate::error::{Error, Result};
use crate::game::{Evaluator, Game};
use crate::nimber::Nimber;
use crate::solve::PeriodReport;
use crate::anygame::adapt::{
    listed_options, misere_search, not_a_sequence, parse_list, single, too_large_for_misere,
    MISERE_HEAP,
};
use crate::spec::{no_args, AnalyzeOptions, AnyGame, Family};
use crate::strategy::{analyze, Analysis};

pub(super) const FAMILY: Family = Family {
    name: "fibnim",
    syntax: "fibnim",
    position: "N or N,L (a heap; L: most the next move may take, N-1 on a fresh heap)",
    example: "fibnim 20",
    about: "Fibonacci Nim: take at most twice the last take (first move: not all); \
            losing heaps are the Fibonacci numbers",
    parse: |spec, args, _| {
        no_args(spec, args)?;
        Ok(Box::new(FibNimSpec { rows: vec![vec![0]] }))
    },
};

/// Largest heap whose nim-value is computed (a table of `n²/2` values);
/// outcomes and winning moves of a single heap have no limit.
const VALUE_HEAP: u64 = 3000;

/// A heap of `n` tokens whose next move takes `1..=limit` (`limit <= n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Heap {
    n: u64,
    limit: u64,
}

impl Heap {
    fn new(n: u64, limit: u64) -> Heap {
        Heap {
            n,
            limit: limit.min(n),
        }
    }

    fn parse(text: &str) -> Result<Heap> {
        let numbers = parse_list(text, None)?;
        match numbers[..] {
            [n] => Ok(Heap::new(n, n.saturating_sub(1))),
            [n, l] => Ok(Heap::new(n, l)),
            _ => Err(Error::invalid_position(
                text,
                "expected `N` (a fresh heap) or `N,L` (a heap and the most the next move may take)",
            )),
        }
    }
}

/// The rules, for the generic solvers (misère play, listing moves).
#[derive(Clone, Copy)]
struct FibNim;

impl Game for FibNim {
    type Position = Heap;

    fn options(&self, h: &Heap, f: &mut dyn FnMut(&[Heap])) {
        for k in 1..=h.limit {
            f(&[Heap::new(h.n - k, k.saturating_mul(2))]);
        }
    }

    fn format_position(&self, h: &Heap) -> String {
        format!("{},{}", h.n, h.limit)
    }
}

/// The Zeckendorf terms of `n`, smallest first.
fn zeckendorf(mut n: u64) -> Vec<u64> {
    let mut fib = vec![1u64, 2];
    while let Some(next) = fib[fib.len() - 1].checked_add(fib[fib.len() - 2]) {
        fib.push(next);
    }
    let mut terms = Vec::new();
    for &f in fib.iter().rev() {
        if f <= n {
            terms.push(f);
            n -= f;
        }
    }
    terms.reverse();
    terms
}

/// Whether the player to move from `h` loses.
fn is_p(h: Heap) -> bool {
    h.n == 0 || zeckendorf(h.n)[0] > h.limit
}

/// Every winning take from `h` (see the module docs).
fn winning_takes(h: Heap) -> Vec<u64> {
    let terms = zeckendorf(h.n);
    let mut takes = Vec::new();
    let mut k = 0u64;
    for (j, &t) in terms.iter().enumerate() {
        k += t;
        if k > h.limit {
            break;
        }
        match terms.get(j + 1) {
            None => takes.push(k),
            Some(&next) if k.saturating_mul(2) < next => takes.push(k),
            Some(_) => {}
        }
    }
    takes
}

/// The adapter; `rows[n][l]` is the nim-value of `Heap::new(n, l)`, rows
/// added as far as a request needs.
struct FibNimSpec {
    rows: Vec<Vec<u16>>,
}

impl FibNimSpec {
    /// Extends the table to heap `n` (at most [`VALUE_HEAP`]).
    fn extend_to(&mut self, n: u64, text: &str) -> Result<()> {
        if n > VALUE_HEAP {
            return Err(Error::invalid_position(
                text,
                format!(
                    "the nim-value of a Fibonacci Nim heap is computed for heaps up to {VALUE_HEAP} \
                     (outcome and winning moves of one heap have no limit)"
                ),
            ));
        }
        let mut seen = vec![false; VALUE_HEAP as usize + 2];
        while self.rows.len() as u64 <= n {
            let m = self.rows.len();
            let mut row = Vec::with_capacity(m + 1);
            row.push(0u16);
            seen[..=m + 1].fill(false);
            let mut mex = 0usize;
            for k in 1..=m {
                let rest = m - k;
                let v = self.rows[rest][(2 * k).min(rest)] as usize;
                seen[v] = true;
                while seen[mex] {
                    mex += 1;
                }
                row.push(mex as u16);
            }
            self.rows.push(row);
        }
        Ok(())
    }
}

impl Evaluator<Heap> for FibNimSpec {
    fn nim_value(&mut self, h: &Heap) -> Result<Nimber> {
        self.extend_to(h.n, &FibNim.format_position(h))?;
        Ok(Nimber::new(self.rows[h.n as usize][h.limit as usize].into()))
    }
}

impl AnyGame for FibNimSpec {
    fn spec(&self) -> String {
        "fibnim".into()
    }

    /// The nim-values of fresh heaps `from..=to`.
    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: --from {from} is larger than --to {to}"
            )));
        }
        self.extend_to(to, &to.to_string())?;
        (from..=to)
            .map(|n| self.nim_value(&Heap::new(n, n.saturating_sub(1))))
            .collect()
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence(
            "fibnim",
            "its losing heaps are the Fibonacci numbers, which are not periodic",
        ))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let heaps = positions
            .iter()
            .map(|p| Heap::parse(p))
            .collect::<Result<Vec<_>>>()?;
        if options.misere {
            // A heap of n has up to n options: search only heaps it can hold.
            if let Some(i) = heaps.iter().position(|h| h.n > MISERE_HEAP) {
                return Err(too_large_for_misere(&positions[i]));
            }
            return misere_search(FibNim, &heaps);
        }
        if let [h] = heaps[..] {
            let value = match h.n <= VALUE_HEAP {
                true => Some(self.nim_value(&h)?),
                false => None,
            };
            let moves = winning_takes(h)
                .into_iter()
                .map(|k| FibNim.format_position(&Heap::new(h.n - k, k.saturating_mul(2))))
                .collect();
            return Ok(single(&positions[0], value, is_p(h), moves));
        }
        Ok(analyze(&FibNim, self, &heaps)?.map(|h| FibNim.format_position(h)))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let h = Heap::parse(component)?;
        listed_options(&FibNim, &h, &[h.limit])
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(FibNim.format_position(&Heap::parse(component)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn the_closed_form_agrees_with_search_on_every_small_heap() {
        let mut memo = MemoSolver::new(FibNim);
        let mut table = FibNimSpec { rows: vec![vec![0]] };
        for n in 0..=80u64 {
            for l in 0..=n {
                let h = Heap::new(n, l);
                let value = memo.nim_value(&h).unwrap();
                assert_eq!(table.nim_value(&h).unwrap(), value, "{h:?}");
                assert_eq!(is_p(h), value == Nimber::ZERO, "{h:?}");
                let mut winning = Vec::new();
                FibNim.options(&h, &mut |o| {
                    if memo.nim_value(&o[0]).unwrap() == Nimber::ZERO {
                        winning.push(h.n - o[0].n);
                    }
                });
                assert_eq!(winning_takes(h), winning, "{h:?}");
            }
        }
    }

    /// A heap of n has up to n options, so a misère search of a huge heap
    /// would hold them all: it is refused, naming the bound, at once.
    #[test]
    fn misere_play_of_a_heap_beyond_the_search_bound_is_refused() {
        let mut g = FibNimSpec { rows: vec![vec![0]] };
        let misere = AnalyzeOptions { misere: true };
        let huge = u64::MAX.to_string();
        let e = g.analyze(&[huge.clone(), "5".into()], &misere).unwrap_err();
        assert!(e.to_string().contains(&huge), "{e}");
        assert!(e.to_string().contains("10000"), "{e}");
        assert!(g.analyze(&["8".into(), "3".into()], &misere).is_ok());
    }

    #[test]
    fn fresh_heaps_lose_exactly_at_fibonacci_numbers() {
        let fib = [1u64, 2, 3, 5, 8, 13, 21, 34, 55, 89];
        for n in 2..=100u64 {
            assert_eq!(is_p(Heap::new(n, n - 1)), fib.contains(&n), "{n}");
        }
        // Far beyond any table: 2^63 is not a Fibonacci number; F(90) is.
        assert!(!is_p(Heap::new(1 << 63, (1 << 63) - 1)));
        let f90 = 4_660_046_610_375_530_309u64;
        assert!(is_p(Heap::new(f90, f90 - 1)));
        assert_eq!(zeckendorf(f90), [f90]);
    }
}

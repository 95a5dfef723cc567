//! The solvers agree with the plain definitions on random subtraction games.
//!
//! - `DenseSolver`, `MemoSolver` and the definition `G(n) = mex{G(n − s)}`
//!   (written here as a loop over a `Vec` with a linear mex) give the same
//!   values for `n ≤ 200`, for random finite sets of 1–5 moves of size ≤ 12.
//! - `strategy::analyze` with a `MemoSolver` on a random sum of heaps finds
//!   the outcome and exactly the winning moves that an exhaustive search of
//!   the *whole sum* finds — a search that knows nothing of nim-values or of
//!   the Sprague–Grundy theorem.
//! - The period `HeapValues::period` reports for a random finite set is
//!   certified, its preperiod is minimal, and it predicts every value of
//!   the definition up to 2000.

use grundy::games::Subtraction;
use grundy::solve::{DenseSolver, HeapValues, MemoSolver};
use grundy::strategy::{analyze, Outcome};
use grundy::Nimber;
use proptest::prelude::*;
use std::collections::BTreeSet;

/// `G(0..=n)` by the definition: for each `n`, the least value not among
/// `G(n − s)`, found by counting up from 0.
fn by_definition(set: &BTreeSet<u64>, n: usize) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(n + 1);
    for h in 0..=n {
        let options: Vec<u64> = set
            .iter()
            .filter(|&&s| s as usize <= h)
            .map(|&s| g[h - s as usize])
            .collect();
        let mut mex = 0;
        while options.contains(&mex) {
            mex += 1;
        }
        g.push(mex);
    }
    g
}

fn subtraction(set: &BTreeSet<u64>) -> Subtraction {
    let moves: Vec<u64> = set.iter().copied().collect();
    Subtraction::finite(&moves).expect("a non-empty set of positive moves")
}

/// 1–5 distinct moves of size 1..=12.
fn move_sets() -> impl Strategy<Value = BTreeSet<u64>> {
    proptest::collection::btree_set(1u64..=12, 1..=5)
}

/// A winning move found by search: (heap index, from, to).
type Move = (usize, u64, u64);

/// Exhaustive search of the sum `heaps` itself: every position reachable
/// (each heap at most its start size, in one mixed-radix index) is won by
/// the player to move iff some move reaches a lost position. Moves lower
/// one heap, so lower indices are settled first. Returns whether the start
/// is won and the moves from it to lost positions.
fn search_sum(set: &BTreeSet<u64>, heaps: &[u64]) -> (bool, Vec<Move>) {
    let radix: Vec<usize> = heaps.iter().map(|&h| h as usize + 1).collect();
    let total: usize = radix.iter().product();
    let mut stride = vec![1usize; heaps.len()];
    for i in 1..heaps.len() {
        stride[i] = stride[i - 1] * radix[i - 1];
    }
    let digit = |index: usize, i: usize| (index / stride[i]) % radix[i];
    let mut won = vec![false; total];
    for index in 0..total {
        won[index] = (0..heaps.len()).any(|i| {
            let h = digit(index, i);
            set.iter()
                .filter(|&&s| s as usize <= h)
                .any(|&s| !won[index - s as usize * stride[i]])
        });
    }
    let start = total - 1;
    let mut moves = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        for &s in set.iter().filter(|&&s| s <= h) {
            if !won[start - s as usize * stride[i]] {
                moves.push((i, h, h - s));
            }
        }
    }
    (won[start], moves)
}

proptest! {
    #[test]
    fn dense_memo_and_definition_agree(set in move_sets()) {
        let game = subtraction(&set);
        let expected = by_definition(&set, 200);
        let dense: Vec<u64> = DenseSolver::new(&game)
            .extend_to(200)
            .expect("201 values fit")
            .iter()
            .map(|g| g.value())
            .collect();
        prop_assert_eq!(&dense, &expected, "dense solver, set {:?}", set);
        // Largest heap first, so the memo solver works its way down alone.
        let mut memo = MemoSolver::new(&game);
        for n in (0..=200u64).rev() {
            let v = memo.nim_value(&n).expect("a finite game").value();
            prop_assert_eq!(v, expected[n as usize], "memo solver, set {:?}, n = {}", set, n);
        }
    }

    #[test]
    fn analyze_finds_exactly_the_winning_moves_of_a_search(
        set in move_sets(),
        heaps in proptest::collection::vec(0u64..=12, 1..=4),
    ) {
        let game = subtraction(&set);
        let mut memo = MemoSolver::new(&game);
        let analysis = analyze(&game, &mut memo, &heaps).expect("a finite game");
        let (won, mut by_search) = search_sum(&set, &heaps);
        let g = by_definition(&set, 12);
        let xor = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
        prop_assert_eq!(analysis.value, Some(Nimber::new(xor)));
        prop_assert_eq!(analysis.outcome, if won { Outcome::N } else { Outcome::P });
        let mut found: Vec<Move> = analysis
            .winning_moves
            .iter()
            .map(|m| {
                assert_eq!(m.to.len(), 1, "a subtraction move leaves one heap");
                (m.component, m.from, m.to[0])
            })
            .collect();
        found.sort_unstable();
        by_search.sort_unstable();
        prop_assert_eq!(found, by_search, "set {:?}, heaps {:?}", set, heaps);
    }

    #[test]
    fn the_period_found_is_certified_and_predicts_the_values(set in move_sets()) {
        let game = subtraction(&set);
        let report = HeapValues::new(&game).period(1 << 16).expect("values fit");
        prop_assert!(report.certified, "set {:?}: {:?}", set, report);
        let p = report.periodicity.expect("certified means found");
        let expected: Vec<Nimber> = by_definition(&set, 2000).into_iter().map(Nimber::new).collect();
        let prefix = &expected[..p.prefix_len() as usize];
        for n in 0..=2000u64 {
            prop_assert_eq!(p.value_at(prefix, n), Some(expected[n as usize]), "set {:?}, n = {}", set, n);
        }
        if p.preperiod > 0 {
            let i = p.preperiod as usize - 1;
            prop_assert_ne!(expected[i], expected[i + p.period as usize], "preperiod not minimal for {:?}", set);
        }
        prop_assert_eq!(p.saltus, 0);
    }
}

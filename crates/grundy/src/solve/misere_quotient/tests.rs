//! The quotient against exhaustive misère search and literature values.

use super::*;
use crate::games::{Nim, Subtraction, TakeBreak};
use proptest::prelude::*;

fn quotient<G: HeapGame>(g: &G, n: u64) -> MisereQuotient {
    misere_quotient(g, n, &QuotientConfig::default()).unwrap()
}

/// Every sum of up to `k` heaps `≤ n`: the quotient's outcome equals the
/// exhaustive search's.
fn agrees_with_search<G: HeapGame>(g: &G, q: &MisereQuotient, n: u64, k: usize) {
    let mut search = MisereSolver::new(g);
    let mut sums: Vec<Vec<u64>> = vec![vec![]];
    let mut frontier: Vec<Vec<u64>> = vec![vec![]];
    for _ in 0..k {
        let mut next = Vec::new();
        for s in &frontier {
            let from = s.last().copied().unwrap_or(0);
            for h in from..=n {
                let mut t = s.clone();
                t.push(h);
                next.push(t);
            }
        }
        sums.extend(next.iter().cloned());
        frontier = next;
    }
    for s in &sums {
        let want = search.outcome(s).unwrap();
        assert_eq!(q.outcome(s), Some(want), "{} sum {s:?}", g.spec());
    }
}

/// Misère Nim on heaps 0..=m is tame, of order 2 (m = 1), 6 (m = 2, 3),
/// 10 (m = 4..7), 2^k + 2: Conway's theory of misère Nim (ONAG ch. 12),
/// as Plambeck–Siegel's T_k.
#[test]
fn misere_nim_quotients_are_tame_of_the_right_order() {
    let want = [1, 2, 6, 6, 10, 10, 10, 10, 18];
    for (m, &order) in want.iter().enumerate() {
        let q = quotient(&Nim, m as u64);
        assert_eq!(q.order(), order, "heaps 0..={m}");
        assert!(q.is_tame(), "heaps 0..={m}");
    }
    let q = quotient(&Nim, 3);
    assert_eq!(
        q.generators(),
        vec![("a".to_string(), 1), ("b".to_string(), 2)]
    );
    let rels = q.relations();
    assert!(
        rels.contains(&("a^2".to_string(), "1".to_string())),
        "{rels:?}"
    );
    assert!(
        rels.contains(&("b^3".to_string(), "b".to_string())),
        "{rels:?}"
    );
    let p: Vec<String> = q.p_portion().iter().map(|&x| q.element_name(x)).collect();
    assert_eq!(p, ["a", "b^2"]);
    assert_eq!(q.element_name(q.heap_element(3)), "ab");
    assert_eq!(q.stable_from(), Some(2));
    agrees_with_search(&Nim, &q, 3, 4);
}

/// A game whose heaps have nim-values in {0, 1, 2} with a heap of value 2
/// and tame play: order 6. Subtraction {1, 2}: values 0,1,2,0,1,2,...;
/// Plambeck–Siegel (2008, table of subtraction games) list it tame.
#[test]
fn bash_2_is_tame_of_order_6() {
    let g = Subtraction::bash(2).unwrap();
    let q = quotient(&g, 12);
    assert_eq!(q.order(), 6);
    assert!(q.is_tame());
    agrees_with_search(&g, &q, 12, 3);
}

/// 0.75: Plambeck, "Taming the wild" (Integers 5, 2005), §6: its misère
/// quotient has order 8 and is wild.
#[test]
fn octal_075_has_plambecks_quotient_of_order_8() {
    let g = TakeBreak::octal("0.75").unwrap();
    let q = quotient(&g, 14);
    assert_eq!(q.order(), 8);
    assert!(!q.is_tame());
    agrees_with_search(&g, &q, 10, 3);
}

/// Dawson's Kayles (0.07) for small heap bounds, against exhaustive search.
#[test]
fn dawsons_kayles_small_bounds_agree_with_search() {
    let g = TakeBreak::octal("0.07").unwrap();
    for n in [3u64, 5, 7] {
        let q = quotient(&g, n);
        agrees_with_search(&g, &q, n, 4);
    }
}

/// Kayles (0.77): wild from heap 5 on (order 12 at heaps 0..=5), and the
/// quotient of heaps 0..=7 decides every sum of up to 3 heaps as search does.
#[test]
fn kayles_agrees_with_search() {
    let g = TakeBreak::octal("0.77").unwrap();
    let q = quotient(&g, 7);
    assert_eq!(&q.orders()[..6], &[1, 2, 6, 6, 6, 12]);
    assert!(!q.is_tame());
    agrees_with_search(&g, &q, 7, 3);
}

#[test]
fn a_heap_game_that_does_not_shrink_is_an_error() {
    struct Up;
    impl crate::Game for Up {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            if *p == 2 {
                f(&[2]);
            }
        }
    }
    impl HeapGame for Up {
        fn spec(&self) -> String {
            "up".into()
        }
    }
    let e = misere_quotient(&Up, 3, &QuotientConfig::default()).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::NotShrinking { heap: 2, option: 2 });
}

#[test]
fn the_order_limit_is_an_error_naming_it() {
    let config = QuotientConfig {
        max_order: 5,
        ..QuotientConfig::default()
    };
    let e = misere_quotient(&Nim, 7, &config).unwrap_err();
    assert!(e.to_string().contains("more than 5 elements"), "{e}");
}

/// Winning moves from the quotient are exactly the moves to P-positions
/// found by search.
#[test]
fn winning_moves_equal_the_search() {
    let g = TakeBreak::octal("0.75").unwrap();
    let q = quotient(&g, 9);
    let mut search = MisereSolver::new(&g);
    for a in 0..=9u64 {
        for b in a..=9 {
            let (o, moves) = q.analyze(&[a, b]).unwrap();
            let (o2, moves2) = search.analyze(&[a, b]).unwrap();
            assert_eq!(o, o2, "{a}+{b}");
            assert_eq!(moves.len(), moves2.len(), "{a}+{b}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Random subtraction games: the quotient of heaps 0..=n decides every
    /// sum of up to 4 heaps exactly as exhaustive search does.
    #[test]
    fn random_subtraction_games_agree_with_search(
        set in proptest::collection::btree_set(1u64..7, 1..4),
        n in 3u64..9,
    ) {
        let set: Vec<u64> = set.into_iter().collect();
        let g = Subtraction::finite(&set).unwrap();
        let q = quotient(&g, n);
        agrees_with_search(&g, &q, n, 4);
    }

    /// Random octal codes of two or three digits, the same.
    #[test]
    fn random_octal_games_agree_with_search(
        digits in proptest::collection::vec(0u8..8, 2..4),
        n in 3u64..8,
    ) {
        // A code of zeros allows no move and is refused as a spec.
        prop_assume!(digits.iter().any(|&d| d != 0));
        let code: String = std::iter::once("0.".to_string())
            .chain(digits.iter().map(|d| d.to_string()))
            .collect();
        let g = TakeBreak::octal(&code).unwrap();
        // A quotient whose search passes its limits is refused, naming
        // them (`0.354` at heap 5 needs more than the 12·10^6 moves of
        // sums the search may make): a refusal, not a disagreement. Any
        // other error still fails the test.
        let q = misere_quotient(&g, n, &QuotientConfig::default());
        prop_assume!(!matches!(&q, Err(e) if e.to_string().contains("beyond its limits")));
        agrees_with_search(&g, &q.unwrap(), n, 4);
    }
}

/// Issue 34, item 8: `misere 4.3r --heaps 35` searched for 14 s with no
/// sign of life before its refusal. The hook is told the heap admitted and
/// the search's work often (so a front-end shows progress), and an error
/// it returns stops the work at once.
#[test]
fn the_quotient_progress_hook_sees_the_work_and_can_cancel() {
    let game = TakeBreak::octal("4.3r").unwrap();
    let mut calls = 0u64;
    let mut last = None;
    let e = misere_quotient_with(&game, 35, &QuotientConfig::default(), &mut |p| {
        calls += 1;
        last = Some(*p);
        if p.moves > 1_000_000 {
            return Err(ErrorKind::Cancelled.into());
        }
        Ok(())
    })
    .unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::Cancelled);
    let last = last.unwrap();
    assert_eq!(last.heaps, 35);
    assert!(last.heap >= 1 && last.heap <= 35, "{last:?}");
    // Told at least every few thousand moves of search.
    assert!(
        calls >= 1_000_000 / (4 * u64::from(crate::solve::misere::HOOK_EVERY)),
        "{calls}"
    );
    assert!(
        last.moves < 4_000_000,
        "stopped soon after, far below the limit: {last:?}"
    );
    // A quotient that fits is the same with or without a hook.
    let with = misere_quotient_with(&Nim, 5, &QuotientConfig::default(), &mut |_| Ok(())).unwrap();
    assert_eq!(with.order(), quotient(&Nim, 5).order());
}

//! Compounds against exhaustive search: random small games (options that
//! sometimes split), random tuples of components; the compound is played
//! by its definition and searched, and outcome, every winning move and
//! their count must agree with [`analyze_compound`].

use super::*;
use crate::game::Game;
use crate::solve::remoteness::RemotenessSolver;
use std::collections::HashMap;

/// A random finite game on positions `0..n`: each position's options are
/// sums of smaller positions (mostly one, sometimes two).
struct RandomGame {
    options: Vec<Vec<Vec<u32>>>,
}

impl Game for RandomGame {
    type Position = u32;
    fn options(&self, p: &u32, f: &mut dyn FnMut(&[u32])) {
        for o in &self.options[*p as usize] {
            f(o);
        }
    }
}

use crate::util::TestRng as Rng;

fn random_game(rng: &mut Rng, n: u32) -> RandomGame {
    let mut options = Vec::new();
    for p in 0..n {
        let mut opts = Vec::new();
        if p > 0 {
            for _ in 0..rng.below(4) {
                let a = rng.below(p as u64) as u32;
                if rng.below(5) == 0 {
                    opts.push(vec![a, rng.below(p as u64) as u32]);
                } else {
                    opts.push(vec![a]);
                }
            }
        }
        options.push(opts);
    }
    RandomGame { options }
}

/// The options of a component that is a disjunctive sum.
fn sum_options(g: &RandomGame, sum: &[u32]) -> Vec<Vec<u32>> {
    let mut all = Vec::new();
    for (i, &part) in sum.iter().enumerate() {
        for o in &g.options[part as usize] {
            let mut next = sum[..i].to_vec();
            next.extend_from_slice(o);
            next.extend_from_slice(&sum[i + 1..]);
            all.push(next);
        }
    }
    all
}

type Tuple = Vec<Vec<u32>>;

/// Every move of the compound by its definition, as the tuple reached and
/// the per-component changes.
fn compound_moves(g: &RandomGame, t: &Tuple, kind: Compound) -> Vec<Vec<Option<Vec<u32>>>> {
    let per: Vec<Vec<Vec<u32>>> = t.iter().map(|s| sum_options(g, s)).collect();
    let mut out: Vec<Vec<Option<Vec<u32>>>> = vec![Vec::new()];
    for (i, opts) in per.iter().enumerate() {
        let mut next = Vec::new();
        for partial in &out {
            let mut choices: Vec<Option<Vec<u32>>> = Vec::new();
            match kind {
                Compound::Conjunctive => choices.extend(opts.iter().cloned().map(Some)),
                Compound::Continued if opts.is_empty() => choices.push(None),
                Compound::Continued => choices.extend(opts.iter().cloned().map(Some)),
                Compound::Selective => {
                    choices.push(None);
                    choices.extend(opts.iter().cloned().map(Some));
                }
            }
            let _ = i;
            for c in choices {
                let mut p = partial.clone();
                p.push(c);
                next.push(p);
            }
        }
        out = next;
    }
    out.retain(|m| m.iter().any(Option::is_some));
    out
}

fn apply(t: &Tuple, m: &[Option<Vec<u32>>]) -> Tuple {
    t.iter()
        .zip(m)
        .map(|(s, c)| {
            let mut v = c.clone().unwrap_or_else(|| s.clone());
            v.sort_unstable();
            v
        })
        .collect()
}

fn next_wins(g: &RandomGame, t: &Tuple, kind: Compound, memo: &mut HashMap<Tuple, bool>) -> bool {
    if let Some(&w) = memo.get(t) {
        return w;
    }
    let w = compound_moves(g, t, kind)
        .iter()
        .any(|m| !next_wins(g, &apply(t, m), kind, memo));
    memo.insert(t.clone(), w);
    w
}

#[test]
fn compounds_agree_with_exhaustive_search_on_random_sums_of_random_games() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut checked = [0usize; 3];
    for round in 0..300 {
        let size = 4 + rng.below(6) as u32;
        let g = random_game(&mut rng, size);
        let n = g.options.len() as u64;
        let count = 1 + rng.below(3) as usize;
        let components: Vec<u32> = (0..count).map(|_| rng.below(n) as u32).collect();
        let mut solver = RemotenessSolver::new(&g);
        for kind in [
            Compound::Conjunctive,
            Compound::Continued,
            Compound::Selective,
        ] {
            let a = analyze_compound(&mut solver, &components, kind, usize::MAX).unwrap();
            let t: Tuple = components.iter().map(|&c| vec![c]).collect();
            let mut memo = HashMap::new();
            let wins = next_wins(&g, &t, kind, &mut memo);
            assert_eq!(
                a.outcome == Outcome::N,
                wins,
                "round {round} {kind:?} {components:?}"
            );
            let mut expected: Vec<Tuple> = compound_moves(&g, &t, kind)
                .iter()
                .filter(|m| !next_wins(&g, &apply(&t, m), kind, &mut memo))
                .map(|m| apply(&t, m))
                .collect();
            let mut got: Vec<Tuple> = a.winning_moves.iter().map(|m| apply(&t, &m.to)).collect();
            expected.sort();
            got.sort();
            assert_eq!(got, expected, "round {round} {kind:?} {components:?}");
            assert_eq!(a.unlisted_moves, 0);
            checked[kind as usize] += usize::from(wins);
        }
    }
    // The random games are not all trivial.
    assert!(checked.iter().all(|&c| c > 30), "{checked:?}");
}

#[test]
fn a_cut_list_counts_the_moves_it_leaves_out() {
    let mut rng = Rng(12345);
    for _ in 0..100 {
        let g = random_game(&mut rng, 8);
        let components: Vec<u32> = (0..3).map(|_| rng.below(8) as u32).collect();
        let mut solver = RemotenessSolver::new(&g);
        for kind in [
            Compound::Conjunctive,
            Compound::Continued,
            Compound::Selective,
        ] {
            let all = analyze_compound(&mut solver, &components, kind, usize::MAX).unwrap();
            let cut = analyze_compound(&mut solver, &components, kind, 2).unwrap();
            assert_eq!(
                cut.winning_moves[..],
                all.winning_moves[..all.winning_moves.len().min(2)]
            );
            assert_eq!(
                cut.winning_moves.len() as u128 + cut.unlisted_moves,
                all.winning_moves.len() as u128
            );
        }
    }
}

/// Runs `f` on a thread with a 256 KiB stack, which a recursion one frame
/// per component of a compound of 100,000 components overflows.
fn on_a_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .stack_size(256 << 10)
        .spawn(f)
        .expect("a thread starts")
        .join()
        .expect("the thread does not panic")
}

/// Nim, written here: a test of `strategy` does not reach up to `games`.
#[derive(Clone)]
struct TakeAny;

impl Game for TakeAny {
    type Position = u64;
    fn options(&self, n: &u64, f: &mut dyn FnMut(&[u64])) {
        for k in (0..*n).rev() {
            f(&[k]);
        }
    }
}

/// Regression: the winning moves of a compound were listed by a recursion
/// one call deep per component, so a compound of 100,000 components
/// overflowed the stack. Selective, 100,000 heaps of 1: one winning move,
/// every heap taken; conjunctive, 100,000 heaps of 2: the first moves
/// listed, and 2^100000 - 1 of them in all (saturated).
#[test]
fn a_compound_of_100000_components_lists_its_moves_without_overflowing_the_stack() {
    let (selective, conjunctive) = on_a_small_stack(|| {
        let mut s = RemotenessSolver::new(TakeAny);
        let ones = vec![1u64; 100_000];
        let selective = analyze_compound(&mut s, &ones, Compound::Selective, 10).unwrap();
        let twos = vec![2u64; 100_000];
        let conjunctive = analyze_compound(&mut s, &twos, Compound::Conjunctive, 3).unwrap();
        (selective, conjunctive)
    });
    assert_eq!(selective.outcome, Outcome::N);
    assert_eq!(selective.winning_moves.len(), 1);
    assert!(selective.winning_moves[0]
        .to
        .iter()
        .all(|t| t.as_deref() == Some(&[0u64][..])));
    assert_eq!(selective.unlisted_moves, 0);
    assert_eq!(conjunctive.outcome, Outcome::N);
    assert_eq!(conjunctive.winning_moves.len(), 3);
    for m in &conjunctive.winning_moves {
        assert_eq!(m.to.len(), 100_000);
        assert!(m.to.iter().any(|t| t.as_deref() == Some(&[0u64][..])));
    }
    assert_eq!(conjunctive.unlisted_moves, u128::MAX - 1 - 3);
}

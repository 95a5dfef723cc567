//! Tests of the loopy solver against a brute-force retrograde analysis.
//!
//! The reference labels win/lose/draw by the definition alone: repeated full
//! passes, a vertex is a win (N) if some move reaches a loss, a loss (P) if
//! every move reaches a win (so a dead end is a loss), until nothing
//! changes; whatever is left is a draw. Sums of tokens are checked on the
//! product graph, where one move moves one token.

use super::*;
use proptest::prelude::*;

#[path = "../../../tests/common/rng.rs"]
mod rng;
use rng::Rng;

fn retrograde(adj: &[Vec<usize>]) -> Vec<Outcome> {
    let n = adj.len();
    let mut res: Vec<Option<Outcome>> = vec![None; n];
    loop {
        let mut changed = false;
        for u in 0..n {
            if res[u].is_some() {
                continue;
            }
            if adj[u].iter().any(|&v| res[v] == Some(Outcome::P)) {
                res[u] = Some(Outcome::N);
                changed = true;
            } else if adj[u].iter().all(|&v| res[v] == Some(Outcome::N)) {
                res[u] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            return res.into_iter().map(|r| r.unwrap_or(Outcome::D)).collect();
        }
    }
}

fn adjacency(g: &GameGraph) -> Vec<Vec<usize>> {
    g.vertices()
        .map(|v| g.successors(v).iter().map(|w| w.index()).collect())
        .collect()
}

/// The graph of `k` tokens on `g`: vertex = (t_0, …, t_{k-1}) in base n.
fn product(adj: &[Vec<usize>], k: u32) -> Vec<Vec<usize>> {
    let n = adj.len();
    let total = n.pow(k);
    (0..total)
        .map(|code| {
            let mut moves = Vec::new();
            let mut rest = code;
            let mut place = 1;
            for _ in 0..k {
                let t = rest % n;
                rest /= n;
                for &s in &adj[t] {
                    moves.push(code - t * place + s * place);
                }
                place *= n;
            }
            moves
        })
        .collect()
}

fn encode(tokens: &[usize], n: usize) -> usize {
    tokens.iter().rev().fold(0, |acc, &t| acc * n + t)
}

/// Random digraphs with cycles, self-loops and repeated edges.
fn random_graph(max_n: usize, max_e: usize) -> impl Strategy<Value = GameGraph> {
    (1..=max_n).prop_flat_map(move |n| {
        proptest::collection::vec((0..n as u32, 0..n as u32), 0..=max_e)
            .prop_map(move |edges| GameGraph::from_edges(n, &edges).unwrap())
    })
}

/// Checks value, outcome and the good moves of every sum of `k` tokens.
fn check_sums(g: &GameGraph, k: u32) {
    let values = GraphValues::new(g);
    let adj = adjacency(g);
    let n = adj.len();
    let prod = product(&adj, k);
    let truth = retrograde(&prod);
    // The product graph's own generalized values: the sum rule must agree.
    let pg = GameGraph::from_edges(
        prod.len(),
        &prod
            .iter()
            .enumerate()
            .flat_map(|(u, vs)| vs.iter().map(move |&v| (u as u32, v as u32)))
            .collect::<Vec<_>>(),
    )
    .unwrap();
    let pvalues = GraphValues::new(&pg);
    for code in 0..prod.len() {
        let mut tokens = Vec::new();
        let mut rest = code;
        for _ in 0..k {
            tokens.push(rest % n);
            rest /= n;
        }
        let vs: Vec<Vertex> = tokens.iter().map(|&t| Vertex::new(t as u32)).collect();
        let a = values.analyze(&vs).unwrap();
        assert_eq!(a.outcome, truth[code], "tokens {tokens:?} on {adj:?}");
        assert_eq!(a.outcome, a.value.outcome());
        assert_eq!(
            Some(a.value.clone()),
            pvalues.value(Vertex::new(code as u32)),
            "sum rule for tokens {tokens:?} on {adj:?}"
        );
        // Every move of the sum, and which of them the analysis lists.
        let mut all_moves = Vec::new();
        for (i, &t) in tokens.iter().enumerate() {
            for &s in &adj[t] {
                let mut after = tokens.clone();
                after[i] = s;
                all_moves.push((i, s, truth[encode(&after, n)]));
            }
        }
        let listed = |moves: &[WinningMove<Vertex>]| {
            let mut l: Vec<(usize, usize)> = moves
                .iter()
                .map(|m| (m.component, m.to[0].index()))
                .collect();
            l.sort_unstable();
            l
        };
        let expected = |want: Outcome| {
            let mut l: Vec<(usize, usize)> = all_moves
                .iter()
                .filter(|m| m.2 == want)
                .map(|m| (m.0, m.1))
                .collect();
            l.sort_unstable();
            l.dedup();
            l
        };
        match a.outcome {
            Outcome::P => {
                assert!(a.winning_moves.is_empty() && a.drawing_moves.is_empty());
                assert!(all_moves.iter().all(|m| m.2 == Outcome::N));
            }
            Outcome::N => {
                assert_eq!(listed(&a.winning_moves), expected(Outcome::P));
                assert!(!a.winning_moves.is_empty() && a.drawing_moves.is_empty());
            }
            Outcome::D => {
                assert_eq!(listed(&a.drawing_moves), expected(Outcome::D));
                assert!(!a.drawing_moves.is_empty() && a.winning_moves.is_empty());
            }
        }
    }
}

#[test]
fn textbook_loopy_graphs() {
    // A 2-cycle with an exit: b -> c wins; a must go back to b: a is P.
    let g = GameGraph::parse("a b\nb a\nb c\n").unwrap();
    let v = g.values();
    assert!(!v.is_acyclic());
    let val = |n: &str| v.value(g.vertex(n).unwrap()).unwrap().to_string();
    assert_eq!(
        (val("a"), val("b"), val("c")),
        ("0".into(), "1".into(), "0".into())
    );
    // A lone self-loop: ∞{} (a draw); with a dead end beside it: ∞{0} (N).
    let g = GameGraph::parse("x x\ny y\ny z\n").unwrap();
    let v = g.values();
    let val = |n: &str| v.value(g.vertex(n).unwrap()).unwrap();
    assert_eq!(val("x").to_string(), "∞{}");
    assert_eq!(val("x").outcome(), Outcome::D);
    assert_eq!(val("y").to_ascii(), "inf{0}");
    assert_eq!(val("y").outcome(), Outcome::N);
    check_sums(&g, 2);
}

#[test]
fn one_infinite_component_shifts_k_by_the_others() {
    // y has a self-loop and a dead end z: ∞{0}. w moves to a dead end: 1.
    let g = GameGraph::parse("y y\ny z\nw z2\n").unwrap();
    let v = g.values();
    let (y, w) = (g.vertex("y").unwrap(), g.vertex("w").unwrap());
    assert_eq!(v.value(w).unwrap().to_string(), "1");
    let a = v.analyze(&[y, w]).unwrap();
    // ∞{0} + 1 = ∞{1}: 0 ∉ {1}, a draw; staying on the loop keeps it.
    assert_eq!(
        (a.value.to_string(), a.outcome),
        ("∞{1}".into(), Outcome::D)
    );
    let kept: Vec<_> = a.drawing_moves.iter().map(|m| g.name(m.to[0])).collect();
    assert!(kept.contains(&"y".into()), "{kept:?}");
    // Two infinite components: a draw whatever the K's.
    let a = v.analyze(&[y, y]).unwrap();
    assert_eq!((a.value.to_string(), a.outcome), ("∞{}".into(), Outcome::D));
}

#[test]
fn the_labelling_equals_the_linear_algorithm_on_acyclic_graphs() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..200 {
        let n = 1 + (rng.below(30)) as usize;
        let edges: Vec<(u32, u32)> = (0..rng.below(80))
            .map(|_| {
                let a = rng.below(n as u32);
                let b = rng.below(n as u32);
                (a.min(b), a.max(b))
            })
            .filter(|(a, b)| a != b)
            .collect();
        let g = GameGraph::from_edges(n, &edges).unwrap();
        let smith = Labels::smith(&g);
        let dag = super::super::dag::dag_values(&g).unwrap();
        let dag: Vec<u64> = dag.iter().map(|x| x.value()).collect();
        let smith: Vec<u64> = smith.label.iter().map(|&x| u64::from(x)).collect();
        assert_eq!(smith, dag, "{edges:?}");
    }
}

#[test]
fn a_long_cycle_with_a_long_tail_is_solved_without_recursion() {
    // 0 -> 1 -> ... -> n-1 -> 0, and n-1 -> n (dead end).
    let n = 200_000u32;
    let mut edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    edges.push((n - 1, 0));
    edges.push((n - 1, n));
    let g = GameGraph::from_edges(n as usize + 1, &edges).unwrap();
    let v = g.values();
    // Walking back from the exit: n-1 is 1, n-2 is 0, ... alternately; the
    // cycle closes consistently because its length n is even.
    assert_eq!(v.finite_value(Vertex::new(n - 1)), Some(Nimber::new(1)));
    assert_eq!(v.finite_value(Vertex::new(n - 2)), Some(Nimber::ZERO));
    assert_eq!(v.finite_value(Vertex::new(0)), Some(Nimber::ZERO));
}

/// For a single token, the first listed winning move is always one whose
/// counter is below that of the P-position the opponent just left, so
/// playing it every time wins.
#[test]
fn first_listed_winning_moves_make_progress() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..300 {
        let n = 1 + (rng.below(12)) as usize;
        let edges: Vec<(u32, u32)> = (0..rng.below(30))
            .map(|_| (rng.below(n as u32), rng.below(n as u32)))
            .collect();
        let g = GameGraph::from_edges(n, &edges).unwrap();
        let values = g.values();
        for u in g.vertices() {
            if values.finite_value(u) != Some(Nimber::ZERO) {
                continue;
            }
            let cu = values.counter(u).unwrap();
            for &v in g.successors(u) {
                let a = values.analyze(&[v]).unwrap();
                assert_eq!(a.outcome, Outcome::N);
                let first = a.winning_moves[0].to[0];
                assert!(values.counter(first).unwrap() < cu, "{edges:?}");
            }
        }
    }
}

/// Take 1..=max_take tokens, or add 1..=max_add while below `cap`.
struct AddTake {
    max_take: u32,
    max_add: u32,
    cap: u32,
}

impl Game for AddTake {
    type Position = u32;
    fn options(&self, n: &u32, f: &mut dyn FnMut(&[u32])) {
        for k in 1..=self.max_take.min(*n) {
            f(&[n - k]);
        }
        for k in 1..=self.max_add {
            if n + k <= self.cap {
                f(&[n + k]);
            }
        }
    }
}

#[test]
fn the_game_trait_solver_agrees_with_brute_force_on_its_graph() {
    for (max_take, max_add, cap) in [(2, 1, 6), (3, 1, 9), (1, 1, 5), (3, 2, 8), (2, 2, 7)] {
        let game = AddTake {
            max_take,
            max_add,
            cap,
        };
        let adj: Vec<Vec<usize>> = (0..=cap)
            .map(|n| {
                crate::game::collect_options(&game, &n)
                    .into_iter()
                    .map(|o| o[0] as usize)
                    .collect()
            })
            .collect();
        let truth = retrograde(&adj);
        let truth2 = retrograde(&product(&adj, 2));
        let mut solver = LoopySolver::new(&game);
        for a in 0..=cap {
            let got = solver.analyze(&[a]).unwrap();
            assert_eq!(got.outcome, truth[a as usize], "{a}");
            for m in &got.winning_moves {
                assert_eq!(truth[m.to[0] as usize], Outcome::P);
            }
            for b in 0..=cap {
                let got = solver.analyze(&[a, b]).unwrap();
                let code = encode(&[a as usize, b as usize], adj.len());
                assert_eq!(got.outcome, truth2[code], "{a}+{b}");
            }
        }
    }
}

#[test]
fn the_game_trait_solver_reports_splits_and_limits() {
    struct Split;
    impl Game for Split {
        type Position = u32;
        fn options(&self, n: &u32, f: &mut dyn FnMut(&[u32])) {
            if *n >= 2 {
                f(&[1, n - 1]);
            }
            f(&[n + 1]);
        }
    }
    let mut s = LoopySolver::new(Split);
    let e = s.value(&0).unwrap_err();
    assert!(e.to_string().contains("position `2`"), "{e}");
    assert!(s.is_empty());
    // An unbounded game stops at the position cap.
    let mut s = LoopySolver::with_config(
        AddTake {
            max_take: 1,
            max_add: 1,
            cap: u32::MAX,
        },
        LoopyConfig {
            max_positions: 1000,
        },
    );
    assert_eq!(
        s.value(&5).unwrap_err().kind(),
        &ErrorKind::TooManyPositions { limit: 1000 }
    );
    // Empty options are the empty sum: a terminal position.
    struct ToNothing;
    impl Game for ToNothing {
        type Position = u8;
        fn options(&self, _: &u8, f: &mut dyn FnMut(&[u8])) {
            f(&[]);
        }
    }
    let mut s = LoopySolver::new(ToNothing);
    let a = s.analyze(&[7]).unwrap();
    assert_eq!(a.value, LoopyValue::Finite(Nimber::STAR));
    assert_eq!(a.winning_moves[0].to, Vec::<u8>::new());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn single_tokens_and_pairs_match_retrograde_analysis(g in random_graph(9, 22)) {
        check_sums(&g, 1);
        check_sums(&g, 2);
    }

    #[test]
    fn three_tokens_match_retrograde_analysis(g in random_graph(5, 10)) {
        check_sums(&g, 3);
    }
}

//! The generic misère and compound paths against plain definitions:
//! random small games (options that sometimes split, given to the code
//! under test only through [`AnyGame`]), random sums; misère outcomes and
//! winning moves against a direct recursive search; the SJ path against
//! search wherever both apply.

use super::*;
use crate::solve::PeriodReport;
use std::collections::HashMap;

use crate::util::TestRng as Rng;

/// A random finite game on positions `0..n` (written as numbers), seen
/// only through [`AnyGame`].
struct RandomGame {
    options: Vec<Vec<Vec<u32>>>,
}

fn random_game(rng: &mut Rng, n: u32, split: u64) -> RandomGame {
    let mut options = Vec::new();
    for p in 0..n {
        let mut opts = Vec::new();
        if p > 0 {
            for _ in 0..rng.below(4) + u64::from(rng.below(3) == 0) {
                let a = rng.below(p as u64) as u32;
                match rng.below(split) {
                    0 => opts.push(vec![a, rng.below(p as u64) as u32]),
                    1 => opts.push(vec![]),
                    _ => opts.push(vec![a]),
                }
            }
        }
        options.push(opts);
    }
    RandomGame { options }
}

impl AnyGame for RandomGame {
    fn spec(&self) -> String {
        "random".into()
    }
    fn values(&mut self, _: u64, _: u64) -> Result<Vec<Nimber>> {
        Err(Error::unsupported("no values"))
    }
    fn period_within(
        &mut self,
        _: u64,
        _: Option<std::time::Duration>,
        _: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(Error::unsupported("no period"))
    }
    fn analyze(&mut self, _: &[String], _: &AnalyzeOptions) -> Result<Analysis<String>> {
        Err(Error::unsupported(
            "this test game has no misère analysis of its own",
        ))
    }
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let p: usize = component.parse().map_err(|_| Error::unsupported("bad"))?;
        Ok(self.options[p]
            .iter()
            .map(|o| o.iter().map(u32::to_string).collect())
            .collect())
    }
}

/// Misère outcome of a sum by its definition (memoized on the sorted sum).
fn misere_next_wins(g: &RandomGame, sum: &[u32], memo: &mut HashMap<Vec<u32>, bool>) -> bool {
    let mut key = sum.to_vec();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut any = false;
    let mut wins = false;
    for (i, &c) in key.iter().enumerate() {
        for o in &g.options[c as usize] {
            any = true;
            let mut next = key.clone();
            next.remove(i);
            next.extend_from_slice(o);
            if !misere_next_wins(g, &next, memo) {
                wins = true;
            }
        }
    }
    let w = !any || wins;
    memo.insert(key, w);
    w
}

fn strings(v: &[u32]) -> Vec<String> {
    v.iter().map(u32::to_string).collect()
}

#[test]
fn misere_sums_of_random_games_agree_with_their_definition() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut methods = HashMap::new();
    for round in 0..400 {
        let n = 2 + rng.below(9) as u32;
        let mut g = random_game(&mut rng, n, if round % 2 == 0 { 4 } else { 100 });
        let k = 1 + rng.below(4) as usize;
        let sum: Vec<u32> = (0..k).map(|_| rng.below(n as u64) as u32).collect();
        let mut memo = HashMap::new();
        let expected = misere_next_wins(&g, &sum, &mut memo);
        let report = analyze_misere(&mut g, &strings(&sum)).unwrap();
        *methods.entry(report.method).or_insert(0) += 1;
        let a = &report.analysis;
        assert_eq!(
            a.outcome == Outcome::N,
            expected,
            "round {round}: {sum:?} {:?} {:?}",
            report.method,
            g.options
        );
        // Every winning move leaves a P sum, and every such move is listed.
        let mut listed = 0;
        for (i, &c) in sum.iter().enumerate() {
            for o in &g.options[c as usize] {
                let mut next = sum.clone();
                next.remove(i);
                next.extend_from_slice(o);
                if !misere_next_wins(&g, &next, &mut memo) {
                    listed += 1;
                    assert!(
                        a.winning_moves
                            .iter()
                            .any(|m| m.component == i && m.to == strings(o)),
                        "round {round}: {sum:?} move {i} -> {o:?} missing"
                    );
                }
            }
        }
        assert_eq!(a.winning_moves.len(), listed, "round {round}: {sum:?}");
    }
    // Both paths were taken.
    assert!(
        methods.get(&MisereMethod::SjTheorem).copied().unwrap_or(0) > 20,
        "{methods:?}"
    );
    assert!(
        methods.get(&MisereMethod::Search).copied().unwrap_or(0) > 20,
        "{methods:?}"
    );
}

#[test]
fn the_sj_path_equals_search_on_every_sum_it_decides() {
    // Random subtraction games (their zeros are often non-terminal, so the
    // condition sometimes fails): wherever SJ answers, search agrees.
    let mut rng = Rng(12345);
    let mut decided = 0;
    for _ in 0..60 {
        let mut set: Vec<u64> = (0..1 + rng.below(3)).map(|_| 1 + rng.below(5)).collect();
        set.sort_unstable();
        set.dedup();
        let spec = format!(
            "sub:{}",
            set.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
        );
        let mut game = crate::spec::parse(&spec).unwrap();
        for _ in 0..5 {
            let heaps: Vec<String> = (0..1 + rng.below(4))
                .map(|_| rng.below(12).to_string())
                .collect();
            let report = analyze_misere(game.as_mut(), &heaps).unwrap();
            let (starts, explored) = explore(game.as_mut(), &heaps).unwrap();
            let mut search = MisereSolver::new(&explored);
            let (outcome, moves) = search.analyze(&starts).unwrap();
            assert_eq!(report.analysis.outcome, outcome, "{spec} {heaps:?}");
            assert_eq!(report.analysis.winning_moves, moves, "{spec} {heaps:?}");
            decided += usize::from(report.method == MisereMethod::SjTheorem);
        }
    }
    assert!(decided > 50, "{decided}");
}

#[test]
fn misere_nim_is_decided_by_the_sj_theorem() {
    let mut nim = crate::spec::parse("nim").unwrap();
    let heaps: Vec<String> = ["3", "4", "5", "1", "1"].map(String::from).to_vec();
    let r = analyze_misere(nim.as_mut(), &heaps).unwrap();
    assert_eq!(r.method, MisereMethod::SjTheorem);
    assert_eq!(r.analysis.outcome, Outcome::N);
    // Many components: still from the nim-values.
    let many: Vec<String> = (0..200).map(|i| (i % 7 + 1).to_string()).collect();
    let r = analyze_misere(nim.as_mut(), &many).unwrap();
    assert_eq!(r.method, MisereMethod::SjTheorem);
    // A heap too large to list its moves falls back to the closed form.
    let r = analyze_misere(nim.as_mut(), &["5000000".into(), "7".into()]).unwrap();
    assert_eq!(r.method, MisereMethod::Family);
    assert_eq!(r.analysis.outcome, Outcome::N);
}

#[test]
fn compounds_through_any_game_equal_the_library_on_the_game_itself() {
    use crate::solve::RemotenessSolver;
    struct Native<'a>(&'a RandomGame);
    impl Game for Native<'_> {
        type Position = u32;
        fn options(&self, p: &u32, f: &mut dyn FnMut(&[u32])) {
            for o in &self.0.options[*p as usize] {
                f(o);
            }
        }
    }
    let mut rng = Rng(777);
    for round in 0..200 {
        let n = 2 + rng.below(8) as u32;
        let mut g = random_game(&mut rng, n, 5);
        let sum: Vec<u32> = (0..1 + rng.below(3))
            .map(|_| rng.below(n as u64) as u32)
            .collect();
        let kind = [
            Compound::Conjunctive,
            Compound::Continued,
            Compound::Selective,
        ][round % 3];
        let (_, ours) = analyze_compound(&mut g, &strings(&sum), kind, 1000).unwrap();
        let mut s = RemotenessSolver::new(Native(&g));
        let theirs = compound::analyze_compound(&mut s, &sum, kind, 1000).unwrap();
        assert_eq!(ours.outcome, theirs.outcome, "round {round}");
        assert_eq!(ours.remoteness, theirs.remoteness);
        assert_eq!(ours.suspense, theirs.suspense);
        assert_eq!(ours.lengths, theirs.lengths);
        assert_eq!(ours.winning_moves.len(), theirs.winning_moves.len());
        assert_eq!(ours.unlisted_moves, theirs.unlisted_moves);
    }
}

#[test]
fn a_loopy_game_is_refused() {
    let mut g = RandomGame {
        options: vec![vec![vec![1]], vec![vec![0]]],
    };
    let e = analyze_compound(&mut g, &["0".into()], Compound::Selective, 10).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
    let e = analyze_misere(&mut g, &["0".into()]).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
}

#[test]
fn misere_take_and_break_sums_agree_with_search_on_the_game_itself() {
    // Splitting games (the SJ condition is checked on split options too):
    // every answer equals the exhaustive search on the native game.
    for spec in ["0.7", "lasker", "kayles", "0.51", "0.137", "4.07", "0.16"] {
        let mut game = crate::spec::parse(spec).unwrap();
        let native = crate::games::TakeBreak::named(spec)
            .or_else(|| crate::games::TakeBreak::octal(spec).ok())
            .unwrap();
        let mut search = MisereSolver::new(&native);
        let mut rng = Rng(spec.len() as u64 * 7919 + 1);
        for _ in 0..12 {
            let heaps: Vec<u64> = (0..1 + rng.below(3)).map(|_| rng.below(9)).collect();
            let texts: Vec<String> = heaps.iter().map(u64::to_string).collect();
            let report = analyze_misere(game.as_mut(), &texts).unwrap();
            let (outcome, moves) = search.analyze(&heaps).unwrap();
            assert_eq!(report.analysis.outcome, outcome, "{spec} {heaps:?}");
            let want: Vec<(usize, Vec<String>)> = moves
                .iter()
                .map(|m| (m.component, m.to.iter().map(u64::to_string).collect()))
                .collect();
            let mut got: Vec<(usize, Vec<String>)> = report
                .analysis
                .winning_moves
                .iter()
                .map(|m| (m.component, m.to.clone()))
                .collect();
            got.sort();
            let mut want = want;
            want.sort();
            assert_eq!(got, want, "{spec} {heaps:?} ({:?})", report.method);
        }
    }
}

/// Random DAG games written as Rhai scripts (what `script:FILE` reads):
/// misère sums equal the definition, compounds equal the library on the
/// same game written natively.
#[cfg(feature = "script")]
#[test]
fn random_script_games_agree_with_their_definition() {
    struct Source(String);
    impl crate::spec::SpecFiles for Source {
        fn read(&self, _spec: &str, _path: &str) -> Result<String> {
            Ok(self.0.clone())
        }
    }
    let mut rng = Rng(2024);
    for round in 0..40 {
        let n = 2 + rng.below(8) as u32;
        // No splits: a script option is one position.
        let g = random_game(&mut rng, n, 1_000_000);
        let table: Vec<String> = g
            .options
            .iter()
            .map(|os| {
                let items: Vec<String> = os
                    .iter()
                    .filter_map(|o| o.first().map(u32::to_string))
                    .collect();
                format!("[{}]", items.join(", "))
            })
            .collect();
        let source = format!("fn moves(p) {{ let t = [{}]; t[p] }}", table.join(", "));
        let mut game = crate::spec::parse_with("script:random.rhai", &Source(source)).unwrap();
        // The same game as the test game sees it (empty options dropped).
        let native = RandomGame {
            options: g
                .options
                .iter()
                .map(|os| os.iter().filter(|o| !o.is_empty()).cloned().collect())
                .collect(),
        };
        let sum: Vec<u32> = (0..1 + rng.below(4))
            .map(|_| rng.below(n as u64) as u32)
            .collect();
        let report = analyze_misere(game.as_mut(), &strings(&sum)).unwrap();
        let expected = misere_next_wins(&native, &sum, &mut HashMap::new());
        assert_eq!(
            report.analysis.outcome == Outcome::N,
            expected,
            "round {round}"
        );
        let kind = [
            Compound::Conjunctive,
            Compound::Continued,
            Compound::Selective,
        ][round % 3];
        let (_, ours) = analyze_compound(game.as_mut(), &strings(&sum), kind, 1000).unwrap();
        let mut native = native;
        let (_, theirs) = analyze_compound(&mut native, &strings(&sum), kind, 1000).unwrap();
        assert_eq!(ours.outcome, theirs.outcome, "round {round}");
        assert_eq!(ours.lengths, theirs.lengths, "round {round}");
    }
}

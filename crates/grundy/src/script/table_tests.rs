//! Tables of any script (issue 37, item 2): pairs `[a,b]`, families
//! `start(n)`, shapes that have no table, and analyses that search only
//! the positions reachable from those asked.

use super::rich_tests::{example, game, value_of, values};
use crate::error::{Error, Result};
use crate::spec::{AnalyzeOptions, AnyGame, SpecFiles, Tabulated};
use crate::Nimber;

/// Scripts held in memory, by name.
struct Texts(&'static [(&'static str, &'static str)]);

impl SpecFiles for Texts {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        self.0
            .iter()
            .find(|(name, _)| *name == path)
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| Error::invalid_spec(spec, format!("no file `{path}`")))
    }
}

fn from_text(name: &'static str, text: &'static str) -> Box<dyn AnyGame> {
    let files = Box::leak(Box::new([(name, text)]));
    crate::spec::parse_with(&format!("script:{name}"), &Texts(files)).unwrap()
}

fn numbers(v: &[Nimber]) -> Vec<u64> {
    v.iter().map(|g| g.value()).collect()
}

/// The largest `k` with `k(k+1)/2 <= s`: the published answer of
/// Codeforces 768E, the oracle of its script.
fn triangular_root(s: u64) -> u64 {
    (0..=s)
        .take_while(|k| k * (k + 1) / 2 <= s)
        .last()
        .unwrap_or(0)
}

#[test]
fn a_pair_script_is_tabulated_as_pairs_not_through_moves_of_heap_0() {
    let mut script = game(&format!("script:{}", example("wythoff.rhai")));
    assert_eq!(script.tabulated().unwrap(), Some(Tabulated::Pairs));
    let rows = script.table(0, 6).unwrap().expect("a table of pairs");
    let mut built_in = crate::spec::parse("wythoff").unwrap();
    let expected = built_in.table(0, 6).unwrap().unwrap();
    assert_eq!(rows, expected);
    // From 2: row a, column b counted from 2.
    let rows = script.table(2, 5).unwrap().unwrap();
    assert_eq!(rows[1][3], expected[3][5]);
    // Its values are a table, not a sequence: refused, naming pairs.
    let e = script.values(0, 6).unwrap_err().to_string();
    assert!(e.contains("pairs `A,B`"), "{e}");
    let e = script.period(100).unwrap_err().to_string();
    assert!(e.contains("pairs `A,B`"), "{e}");
}

#[test]
fn a_pair_script_without_example_commands_is_recognized_by_its_moves() {
    // HDU 2147 (kiki's game), no comment saying what a position is.
    let mut kiki = from_text(
        "kiki.rhai",
        "fn moves(p) { let o = []; let a = p[0]; let b = p[1];\n\
         if a > 0 { o.push([a - 1, b]); } if b > 0 { o.push([a, b - 1]); }\n\
         if a > 0 && b > 0 { o.push([a - 1, b - 1]); } o }\n",
    );
    let rows = kiki.table(0, 5).unwrap().expect("a table of pairs");
    for (a, row) in rows.iter().enumerate() {
        for (b, g) in row.iter().enumerate() {
            assert_eq!(g.is_zero(), a % 2 == 0 && b % 2 == 0, "({a},{b})");
        }
    }
}

#[test]
fn a_script_on_triples_tabulates_tuples_never_pairs_nor_a_sequence() {
    let mut triples = from_text(
        "nim3.lua",
        "-- grundy analyze script:nim3.lua 1,2,3\n\
         function moves(p)\n\
           local out = {}\n\
           for i = 1, 3 do for k = 1, p[i] do\n\
             local q = {p[1], p[2], p[3]}; q[i] = p[i] - k; out[#out + 1] = q\n\
           end end\n\
           return out\n\
         end\n",
    );
    assert_eq!(triples.tabulated().unwrap(), Some(Tabulated::Tuples(3)));
    // No table of pairs, no sequence, no period: each says the shape.
    assert!(triples.table(0, 3).unwrap().is_none());
    for e in [
        triples.values(0, 3).unwrap_err(),
        triples.period_within(10, None, &mut |_| {}).unwrap_err(),
        triples.tuple_table(2, 0, 3, &mut |_| Ok(())).unwrap_err(),
    ] {
        let e = e.to_string();
        assert!(e.contains("tuples of 3 numbers"), "{e}");
    }
    // Its table of triples is Nim's: the XOR.
    let t = triples
        .tuple_table(3, 0, 3, &mut |_| Ok(()))
        .unwrap()
        .unwrap();
    assert_eq!(t.len(), 64);
    for (h, v) in t.entries() {
        assert_eq!(v, h[0] ^ h[1] ^ h[2], "{h:?}");
    }
    // Its positions still analyze.
    assert_eq!(value_of(triples.as_mut(), &["1,2,3"]), 0);
}

#[test]
fn a_script_with_start_tabulates_the_family_g_of_start_n() {
    let mut cf = game(&format!("script:{}", example("cf768e.lua")));
    assert_eq!(cf.tabulated().unwrap(), Some(Tabulated::Family));
    assert!(cf.table(0, 5).unwrap().is_none());
    let expected: Vec<u64> = (0..=30).map(triangular_root).collect();
    assert_eq!(values(cf.as_mut(), 30), expected);
    assert_eq!(numbers(&cf.values(20, 25).unwrap()), expected[20..=25]);
    // `5` is the position start(5) = [5, 0]; a position of another shape
    // is itself.
    assert_eq!(value_of(cf.as_mut(), &["5"]), 2);
    assert_eq!(value_of(cf.as_mut(), &["5,0"]), 2);
    assert_eq!(value_of(cf.as_mut(), &["5", "1", "2"]), 2);
    // Taking 1 from 3 leaves 2 with 1 used: only 2 can be taken.
    assert_eq!(value_of(cf.as_mut(), &["2,2"]), 1);
    // Its period is only observed, never certified.
    let r = cf.period(31).unwrap();
    assert!(!r.certified && r.proof.contains("start(n)"), "{r:?}");
}

#[test]
fn a_family_whose_start_fails_names_the_call() {
    let mut cf = game(&format!("script:{}", example("cf768e.lua")));
    let e = cf.values(63, 64).unwrap_err().to_string();
    assert!(e.contains("start(63)") && e.contains("at most 62"), "{e}");
}

#[test]
fn analyze_of_a_heap_script_never_asks_moves_of_heap_0() {
    // Heap 0 is no position of this game: moves(0) fails.
    let mut g = from_text(
        "no-zero.rhai",
        "fn moves(n) { if n == 0 { throw \"there is no heap 0\"; }\n\
         let o = []; for s in [1, 2] { if n - s >= 1 { o.push(n - s); } } o }\n",
    );
    // 1 has no move, 2 -> 1, 3 -> 2 or 1: the values of 1.. are 0 1 2 0 1 2 ...
    for (n, v) in [(1, 0), (2, 1), (3, 2), (4, 0), (10, 0), (11, 1)] {
        assert_eq!(value_of(g.as_mut(), &[&n.to_string()]), v, "heap {n}");
    }
    assert_eq!(value_of(g.as_mut(), &["2", "3"]), 3);
}

#[test]
fn analyze_of_a_huge_heap_searches_only_the_positions_reachable_from_it() {
    // Halve or third the heap: from 3·10^7 a few hundred positions are
    // reachable; the table from 0 would be 3·10^7 values (beyond the
    // dense solver's 2^24).
    let mut g = from_text(
        "halve.lua",
        "function moves(n)\n\
           if n == 0 then return {} end\n\
           return {n // 2, n // 3}\n\
         end\n",
    );
    let mut memo = std::collections::HashMap::new();
    fn plain(n: u64, memo: &mut std::collections::HashMap<u64, u64>) -> u64 {
        // The same game, solved here by the definition (depth log n).
        if n == 0 {
            return 0;
        }
        if let Some(&v) = memo.get(&n) {
            return v;
        }
        let (a, b) = (plain(n / 2, memo), plain(n / 3, memo));
        let v = (0..).find(|v| *v != a && *v != b).unwrap();
        memo.insert(n, v);
        v
    }
    let n = 30_000_000;
    let a = g
        .analyze(&[n.to_string()], &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(a.value.unwrap().value(), plain(n, &mut memo));
}

#[test]
fn analyze_of_a_heap_with_many_reachable_positions_still_uses_the_table() {
    // From 300000, 300001 positions are reachable (more than the search
    // takes first): the dense table answers, as it did before.
    let mut g = game(&format!("script:{}", example("subtract-134.lua")));
    let v = value_of(g.as_mut(), &["300000"]);
    assert_eq!(v, [0, 1, 0, 1, 2, 3, 2][300_000 % 7]);
    // And a small one from its search, the same value as the table's.
    assert_eq!(value_of(g.as_mut(), &["12"]), [0, 1, 0, 1, 2, 3, 2][12 % 7]);
}

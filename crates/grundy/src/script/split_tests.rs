//! Moves that split a heap into near-equal parts, every number of parts
//! at once (`{split = x, min_parts = 2, max_parts = x}`, issue 37), against
//! the same splits listed one by one as parts; and sums of many equal
//! components, which cost their distinct components.

use super::rich_tests::{example, value_of, values};
use super::*;
use crate::spec::{AnalyzeOptions, AnyGame};

/// BZOJ 3576's moves with each split into `M` parts listed as parts, for
/// every `M` (the plain rules, x - 1 options of a heap x).
const LISTED: &str = "function moves(x)
    local out = {}
    if x < f then return out end
    for m = 2, x do
        local q, r = x // m, x % m
        out[#out + 1] = {parts = {{q + 1, r}, {q, m - r}}}
    end
    return out
end";

const SPLIT_LUA: &str = "function moves(x)
    if x < f then return {} end
    return {{split = x, min_parts = 2, max_parts = x}}
end";

const SPLIT_RHAI: &str = "fn moves(x) {
    if x < f { return []; }
    [#{split: x, min_parts: 2, max_parts: x}]
}";

fn spec(name: &str, source: &str, f: u64) -> ScriptSpec {
    let params = vec![("f".to_string(), ScriptPosition::Int(f))];
    ScriptSpec::new(
        ScriptGame::with_params(name, source, &ScriptLimits::default(), &params).unwrap(),
    )
}

fn nimbers(s: &mut ScriptSpec, to: u64) -> Vec<u64> {
    values(s, to)
}

#[test]
fn a_split_into_near_equal_parts_has_the_values_of_each_split_listed_as_parts() {
    for f in [1, 2, 3, 5, 8, 13] {
        let want = nimbers(&mut spec("listed.lua", LISTED, f), 300);
        assert_eq!(
            nimbers(&mut spec("split.lua", SPLIT_LUA, f), 300),
            want,
            "Lua, f = {f}"
        );
        assert_eq!(
            nimbers(&mut spec("split.rhai", SPLIT_RHAI, f), 300),
            want,
            "Rhai, f = {f}"
        );
        assert!(want.iter().any(|&v| v > 1), "f = {f}: {want:?}");
    }
}

#[test]
fn the_analysis_of_split_heaps_is_the_xor_of_their_values_and_reaches_few_heaps() {
    for f in [2, 3, 7] {
        let table = nimbers(&mut spec("listed.lua", LISTED, f), 400);
        let mut s = spec("split.lua", SPLIT_LUA, f);
        let heaps = ["399", "250", "17", "5"];
        let want = heaps
            .iter()
            .fold(0, |v, h| v ^ table[h.parse::<usize>().unwrap()]);
        assert_eq!(value_of(&mut s, &heaps), want, "f = {f}");
    }
    // A heap of 10^9 reaches the heaps x div M and x div M + 1 only.
    let mut s = spec("split.lua", SPLIT_LUA, 2);
    let a = s
        .analyze_without_moves(
            &["1000000000".to_string()],
            &AnalyzeOptions::default(),
            false,
        )
        .unwrap();
    assert!(a.value.is_some());
}

#[test]
fn a_heap_has_order_sqrt_x_options_from_one_split_move() {
    let mut s = spec("split.lua", SPLIT_LUA, 2);
    let options = s.options("100000").unwrap();
    assert!(options.len() <= 4 * 317 + 4, "{}", options.len());
    assert!(options.len() >= 316, "{}", options.len());
    // Each option is at most two heaps, x div M and x div M + 1.
    assert!(options.iter().all(|o| o.len() <= 2), "{options:?}");
}

#[test]
fn winning_split_moves_name_their_numbers_of_parts_and_each_named_m_wins() {
    let f = 2;
    let table = nimbers(&mut spec("listed.lua", LISTED, f), 200);
    let mut s = spec("split.lua", SPLIT_LUA, f);
    for x in [6u64, 20, 97, 150, 200] {
        let a = s
            .analyze(&[x.to_string()], &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.value.map(|v| v.value()), Some(table[x as usize]));
        for m in &a.winning_moves {
            let name = m.name.as_deref().expect("a split's option is named");
            let list = name.strip_prefix("M=").expect(name);
            let ms: Vec<u64> = if let Some((a, b)) = list.split_once(",...,") {
                let first: u64 = a.split(',').next().unwrap().parse().unwrap();
                let last: u64 = b.parse().unwrap();
                (first..=last).step_by(2).collect()
            } else {
                list.split(',').map(|m| m.parse().unwrap()).collect()
            };
            assert!(!ms.is_empty(), "{name}");
            for m in ms {
                let (q, r) = (x / m, x % m);
                let mut v = 0;
                if r % 2 == 1 {
                    v ^= table[q as usize + 1];
                }
                if (m - r) % 2 == 1 {
                    v ^= table[q as usize];
                }
                assert_eq!(v, 0, "x = {x}, {name}: M = {m} does not win");
            }
        }
        // Every winning M is named by some move.
        let named: usize = a.winning_moves.len();
        let winning = (2..=x)
            .filter(|&m| {
                let (q, r) = (x / m, x % m);
                let mut v = 0;
                if r % 2 == 1 {
                    v ^= table[q as usize + 1];
                }
                if (m - r) % 2 == 1 {
                    v ^= table[q as usize];
                }
                v == 0
            })
            .count();
        assert_eq!(named == 0, winning == 0, "x = {x}");
    }
}

#[test]
fn a_bad_split_is_an_error_naming_the_bad_value() {
    let cases = [
        (
            "{split = x, min_parts = 1, max_parts = x}",
            "`min_parts` `1`",
        ),
        (
            "{split = x, min_parts = 2, max_parts = x + 1}",
            "`max_parts` `6`",
        ),
        (
            "{split = x, min_parts = 2, max_parts = x, name = 'a'}",
            "the key `name`",
        ),
        ("{split = x, min_parts = 2}", "`max_parts` is `nil`"),
        (
            "{split = x, min_parts = 2, max_parts = x / 1}",
            "the float `5",
        ),
    ];
    for (descriptor, want) in cases {
        let source =
            format!("function moves(x) if x < 5 then return {{}} end return {{{descriptor}}} end");
        let mut s = ScriptSpec::new(ScriptGame::from_source("t.lua", &source).unwrap());
        let e = s.values(0, 6).unwrap_err().to_string();
        assert!(e.contains(want), "{descriptor}: {e}");
        assert!(e.contains("moves(5)"), "{e}");
    }
    let source =
        "fn moves(x) { if x < 5 { return []; } [#{split: x, min_parts: 0, max_parts: x}] }";
    let mut s = ScriptSpec::new(ScriptGame::from_source("t.rhai", source).unwrap());
    let e = s.values(0, 6).unwrap_err().to_string();
    assert!(e.contains("`min_parts` `0`"), "{e}");
}

/// Codeforces 768E as one sum of 10^6 piles ran past the scripts' 25 s
/// limit at 733 MB: each component was started, evaluated and searched for
/// winning moves on its own. A sum of many equal components costs its
/// distinct ones: the script runs as long for 200,000 piles as for the 60
/// distinct ones.
#[test]
fn a_sum_of_many_equal_components_costs_its_distinct_components() {
    let source = std::fs::read_to_string(example("cf768e.lua")).unwrap();
    let open = || ScriptSpec::new(ScriptGame::from_source("cf768e.lua", &source).unwrap());
    let distinct: Vec<String> = (1..=60).map(|n| n.to_string()).collect();
    let many: Vec<String> = (0..200_000)
        .map(|i| ((i * 7) % 60 + 1).to_string())
        .collect();
    let mut one = open();
    let a = one
        .analyze_listing(&distinct, &AnalyzeOptions::default(), 1)
        .unwrap();
    let spent_distinct = one.game.operations_spent();
    let mut other = open();
    let b = other
        .analyze_listing(&many, &AnalyzeOptions::default(), 1)
        .unwrap();
    let spent_many = other.game.operations_spent();
    assert_eq!(
        spent_many, spent_distinct,
        "script work grew with the sum's length"
    );
    // The values: G(start(n)) = the largest k with k(k+1)/2 <= n.
    let g = |n: u64| (0..).take_while(|k| k * (k + 1) / 2 <= n).last().unwrap();
    let want = many.iter().fold(0, |v, n| v ^ g(n.parse().unwrap()));
    assert_eq!(b.value.map(|v| v.value()), Some(want));
    assert_eq!(
        a.value.map(|v| v.value()),
        Some((1..=60).fold(0, |v, n| v ^ g(n)))
    );
    if want != 0 {
        assert_eq!(b.winning_moves.len(), 1);
        assert!(b.unlisted_moves > 0);
    }
}

//! Lua scripts (`script:FILE.lua`): each example equal to its Rhai twin,
//! the sandbox, the limits, strict integers, tables of every shape,
//! parameters and misère play against exhaustive search.

use super::limit_tests::{misere, random_sums};
use super::rich_tests::{boards, example, game, value_of, values};
use super::*;
use crate::spec::{AnalyzeOptions, AnyGame};

fn lua(source: &str) -> ScriptSpec {
    ScriptSpec::new(ScriptGame::from_source("t.lua", source).unwrap())
}

fn lua_with(source: &str, limits: &ScriptLimits) -> ScriptSpec {
    ScriptSpec::new(ScriptGame::with_limits("t.lua", source, limits).unwrap())
}

/// The error of `values(0, to)`.
fn values_error(s: &mut ScriptSpec, to: u64) -> String {
    s.values(0, to).unwrap_err().to_string()
}

/// The error of analyzing one position.
fn analyze_error(s: &mut ScriptSpec, p: &str) -> String {
    s.analyze(&[p.to_string()], &AnalyzeOptions::default())
        .unwrap_err()
        .to_string()
}

#[test]
fn the_language_is_chosen_by_the_extension() {
    let g = ScriptGame::from_source("x.lua", "function moves(n) return {} end").unwrap();
    assert_eq!(g.language(), Language::Lua);
    let g = ScriptGame::from_source("x.rhai", "fn moves(n) { [] }").unwrap();
    assert_eq!(g.language(), Language::Rhai);
    // Rhai's syntax is not Lua's.
    let e = ScriptGame::from_source("x.lua", "fn moves(n) { [] }").unwrap_err();
    assert!(e.to_string().contains("x.lua"), "{e}");
    let e = ScriptGame::from_source("x.lua", "function other(n) return {} end").unwrap_err();
    assert!(
        e.to_string().contains("defines no function `moves(p)`"),
        "{e}"
    );
}

#[test]
fn heap_examples_equal_their_rhai_twins() {
    for (file, to) in [("subtract-134", 300), ("hdu5724-row", 5000)] {
        let mut r = game(&format!("script:{}", example(&format!("{file}.rhai"))));
        let mut l = game(&format!("script:{}", example(&format!("{file}.lua"))));
        assert_eq!(values(r.as_mut(), to), values(l.as_mut(), to), "{file}");
    }
    let mut l = game(&format!("script:{}", example("hdu5724-row.lua")));
    assert_eq!(value_of(l.as_mut(), &["3"]), 0);
    assert_ne!(value_of(l.as_mut(), &["2", "4"]), 0);
}

#[test]
fn cram_equals_its_rhai_twin_with_the_same_named_winning_moves() {
    let mut r = game(&format!("script:{}", example("cram.rhai")));
    let mut l = game(&format!("script:{}", example("cram.lua")));
    for (h, w) in [(2, 3), (3, 3)] {
        for board in boards(h, w) {
            assert_eq!(
                value_of(r.as_mut(), &[&board]),
                value_of(l.as_mut(), &[&board]),
                "{board}"
            );
        }
    }
    let positions = vec![
        "[\"....\",\"....\",\"....\"]".to_string(),
        "[\"..#\",\"...\"]".into(),
    ];
    let a = r.analyze(&positions, &AnalyzeOptions::default()).unwrap();
    let b = l.analyze(&positions, &AnalyzeOptions::default()).unwrap();
    assert_eq!(
        format!("{:?}", a.winning_moves),
        format!("{:?}", b.winning_moves)
    );
    assert!(!b.winning_moves.is_empty());
}

#[test]
fn the_sandbox_has_no_files_processes_or_loaders() {
    for name in [
        "io",
        "os",
        "require",
        "package",
        "load",
        "loadfile",
        "dofile",
        "debug",
        "pcall",
        "xpcall",
        "collectgarbage",
        "print",
        "coroutine",
        "utf8",
    ] {
        let mut s = lua(&format!(
            "function moves(n) local f = {name}; return {{}} end"
        ));
        let e = values_error(&mut s, 2);
        assert!(
            e.contains(&format!(
                "reads the variable `{name}`, which is not defined"
            )),
            "{name}: {e}"
        );
    }
    // The libraries scripts need are there.
    let mut s = lua("function moves(n) return n > 0 and {math.max(n - 1, 0), #string.rep('x', n) // 2, table.unpack({})} or {} end");
    assert_eq!(s.values(0, 3).unwrap().len(), 4);
}

#[test]
fn an_endless_loop_stops_naming_the_limit() {
    let limits = ScriptLimits {
        max_operations: 100_000,
        ..ScriptLimits::default()
    };
    let mut s = lua_with("function moves(n) while true do end end", &limits);
    let e = values_error(&mut s, 1);
    assert!(
        e.contains("moves(0) failed") && e.contains("100000 operations"),
        "{e}"
    );
    // At the top level too.
    let e = ScriptGame::with_limits(
        "t.lua",
        "while true do end function moves(n) return {} end",
        &limits,
    )
    .unwrap_err();
    assert!(e.to_string().contains("100000 operations"), "{e}");
}

#[test]
fn the_budget_of_the_command_is_named() {
    let limits = ScriptLimits {
        max_total_operations: 200_000,
        ..ScriptLimits::default()
    };
    let mut s = lua_with(
        "function moves(n) local x = 0 for i = 1, 1000 do x = x + i end if n > 0 then return {n - 1} end return {} end",
        &limits,
    );
    let e = values_error(&mut s, 10_000);
    assert!(e.contains(BUDGET_VARIABLE) && e.contains("200000"), "{e}");
    assert!(s.game.operations_spent() >= 200_000);
}

#[test]
fn huge_values_are_refused_naming_the_memory_limit() {
    for source in [
        "function moves(n) local s = string.rep('x', 1 << 30) return {} end",
        "function moves(n) local t = {} for i = 1, 1 << 26 do t[i] = i end return {} end",
    ] {
        let limits = ScriptLimits {
            max_operations: u64::MAX,
            ..ScriptLimits::default()
        };
        let mut s = lua_with(source, &limits);
        let e = values_error(&mut s, 1);
        assert!(e.contains("out of memory") && e.contains("128 MiB"), "{e}");
    }
}

#[test]
fn a_float_option_is_refused_never_truncated() {
    let mut s = lua("function moves(n) if n > 0 then return {n / 2} end return {} end");
    let e = values_error(&mut s, 4);
    assert!(
        e.contains("moves(1)") && e.contains("float") && e.contains("//"),
        "{e}"
    );
    let mut s = lua("function moves(n) if n > 0 then return {n // 2} end return {} end");
    assert_eq!(s.values(0, 4).unwrap().len(), 5);
}

#[test]
fn tables_convert_by_shape_and_mixed_or_sparse_ones_are_refused() {
    // An empty table is an empty array; nested arrays, maps and strings.
    let s = lua("function moves(p)
            if p == 0 then return {{}, {{1, 2}, {}}, {a = 1, b = 'x'}, 'str'} end
            return {}
        end");
    let moves = s.game.named_moves(&ScriptPosition::Int(0)).unwrap();
    let shown: Vec<String> = moves.iter().map(|m| m.to[0].to_string()).collect();
    assert_eq!(shown, ["[]", "[[1,2],[]]", "#{a:1,b:\"x\"}", "\"str\""]);
    for (body, word) in [
        ("{{1, 2, a = 3}}", "both items"),
        ("{{[1] = 1, [3] = 3}}", "hole"),
        ("{{1.5}}", "float"),
        ("{{[true] = 1}}", "key `true`"),
        ("{-1}", "negative"),
        ("{true}", "a boolean"),
        ("{x = 1}", "array of options"),
        ("5", "a number"),
    ] {
        let mut s = lua(&format!("function moves(p) return {body} end"));
        let e = analyze_error(&mut s, "[7]");
        assert!(e.contains("moves([7])") && e.contains(word), "{body}: {e}");
    }
    // Keys given out of order still make an array.
    let s = lua("function moves(p) if #p == 0 then return {} end local t = {} t[2] = 5 t[1] = 4 return {t} end");
    let m = s
        .game
        .named_moves(&ScriptPosition::Array(vec![ScriptPosition::Int(1)]))
        .unwrap();
    let pair = ScriptPosition::Array(vec![ScriptPosition::Int(4), ScriptPosition::Int(5)]);
    assert_eq!(m[0].to, [pair]);
}

#[test]
fn sums_and_named_moves() {
    let s = lua("function moves(n)
            local out = {}
            if n >= 1 then out[#out + 1] = {to = n - 1, name = 'take one'} end
            if n >= 2 then out[#out + 1] = sum(n - 2, 1) end
            if n >= 3 then out[#out + 1] = {to = sum({1, 1, n - 3}), name = 'three'} end
            if n == 1 then out[#out + 1] = sum() end
            return out
        end");
    let m = s.game.named_moves(&ScriptPosition::Int(3)).unwrap();
    assert_eq!(m[0].name.as_deref(), Some("take one"));
    assert_eq!(m[1].to, [ScriptPosition::Int(1), ScriptPosition::Int(1)]);
    assert_eq!(m[2].name.as_deref(), Some("three"));
    assert_eq!(m[2].to.len(), 3);
    assert!(s.game.named_moves(&ScriptPosition::Int(1)).unwrap()[1]
        .to
        .is_empty());
    let mut s = lua("function moves(n) return {sum(sum(1), 2)} end");
    assert!(values_error(&mut s, 1).contains("inside a `sum`"));
}

#[test]
fn parameters_are_globals_and_a_missing_one_is_named() {
    let source = "function moves(n) local out = {} for s = 1, k do if s <= n then out[#out + 1] = n - s end end return out end";
    for k in 1..5 {
        let params = [("k".to_string(), ScriptPosition::Int(k))];
        let g =
            ScriptGame::with_params("t.lua", source, &ScriptLimits::default(), &params).unwrap();
        let mut s = ScriptSpec::new(g);
        let mut bash = game(&format!("bash:{k}"));
        let got: Vec<u64> = s.values(0, 30).unwrap().iter().map(|v| v.value()).collect();
        assert_eq!(got, values(bash.as_mut(), 30), "k = {k}");
    }
    let mut s = lua(source);
    let e = values_error(&mut s, 3);
    assert!(e.contains("`k`") && e.contains("--param k=VALUE"), "{e}");
}

#[test]
fn a_position_of_the_wrong_kind_says_so() {
    let mut s = lua("function moves(n) if n > 0 then return {n - 1} end return {} end");
    let e = analyze_error(&mut s, "[3,4]");
    assert!(
        e.contains("moves(3,4) failed") && e.contains("attempt to compare"),
        "{e}"
    );
    assert!(
        e.contains("does this script read positions of that kind?"),
        "{e}"
    );
}

/// Take 1 or 2, or split a heap into two unequal heaps (the game of
/// `limit_tests::random_sums`).
const SPLIT: &str = "function moves(n)
    local out = {}
    for take = 1, 2 do
        if take < n then out[#out + 1] = n - take elseif take == n then out[#out + 1] = sum() end
    end
    for a = 1, n - 1 do if a < n - a then out[#out + 1] = sum(a, n - a) end end
    return out
end";

#[test]
fn misere_of_a_lua_script_matches_exhaustive_search() {
    let mut s = lua(SPLIT);
    for (sum, expected) in random_sums(0x10a_2020, 40) {
        let heaps: Vec<String> = sum.iter().map(u64::to_string).collect();
        assert_eq!(misere(&mut s, &heaps), expected, "{sum:?}");
    }
}

#[test]
fn runtime_errors_name_the_position_and_the_message() {
    let mut s = lua("function moves(n)\n  if n == 3 then error('no moves from three') end\n  return n > 0 and {n - 1} or {}\nend");
    let e = values_error(&mut s, 5);
    assert!(
        e.contains("script `t.lua`: moves(3) failed: t.lua:2: no moves from three"),
        "{e}"
    );
    assert!(!e.contains("traceback"), "{e}");
    // Endless recursion is Lua's own stack overflow, an error.
    let mut s = lua("function moves(n) return {moves(n)[1]} end");
    let e = values_error(&mut s, 1);
    assert!(
        e.contains("moves(0) failed") && e.contains("stack overflow"),
        "{e}"
    );
    // An error at the top level names the script.
    let e = ScriptGame::from_source("t.lua", "error('top') function moves(n) return {} end")
        .unwrap_err()
        .to_string();
    assert!(e.contains("t.lua") && e.contains("top"), "{e}");
}

#[test]
fn random_subtraction_games_in_lua_equal_the_built_in_family() {
    let mut rng = crate::util::TestRng(0x10a_5eed);
    for _ in 0..20 {
        let mut set: Vec<u64> = (0..1 + rng.below(4)).map(|_| 1 + rng.below(9)).collect();
        set.sort_unstable();
        set.dedup();
        let list: Vec<String> = set.iter().map(u64::to_string).collect();
        let source = format!(
            "function moves(n) local out = {{}} for _, s in ipairs({{{}}}) do if s <= n then out[#out + 1] = n - s end end return out end",
            list.join(", ")
        );
        let mut s = lua(&source);
        let mut b = game(&format!("sub:{}", list.join(",")));
        let got: Vec<u64> = s.values(0, 80).unwrap().iter().map(|v| v.value()).collect();
        assert_eq!(got, values(b.as_mut(), 80), "{set:?}");
    }
}

/// Splits into `m` near-equal parts listed one by one, the twin of the
/// same game given as parts with counts.
const SPLIT_LISTED: &str = "function moves(x)
    local out = {}
    if x < f then return out end
    for m = 2, x do
        local heaps = {}
        for i = 1, m do heaps[i] = x // m + ((i <= x % m) and 1 or 0) end
        out[#out + 1] = sum(heaps)
    end
    return out
end";

#[test]
fn a_move_given_as_parts_with_counts_has_the_value_of_its_parts_listed() {
    for f in [1, 2, 3, 5] {
        let params = [("f".to_string(), ScriptPosition::Int(f))];
        let limits = ScriptLimits::default();
        let listed = ScriptGame::with_params("t.lua", SPLIT_LISTED, &limits, &params).unwrap();
        let source = std::fs::read_to_string(example("bzoj3576.lua")).unwrap();
        let parted = ScriptGame::with_params("t.lua", &source, &limits, &params).unwrap();
        let want: Vec<u64> = ScriptSpec::new(listed)
            .values(0, 60)
            .unwrap()
            .iter()
            .map(|v| v.value())
            .collect();
        let got: Vec<u64> = ScriptSpec::new(parted)
            .values(0, 60)
            .unwrap()
            .iter()
            .map(|v| v.value())
            .collect();
        assert_eq!(got, want, "f = {f}");
    }
    // The judge's sample (f = 3): heaps 1, 2 lose, 3 and 5 win.
    let mut g = game(&format!("script:{}?f=3", example("bzoj3576.lua")));
    let won: Vec<bool> = ["1", "2", "3", "5"]
        .iter()
        .map(|h| value_of(g.as_mut(), &[h]) != 0)
        .collect();
    assert_eq!(won, [false, false, true, true]);
}

#[test]
fn a_move_given_as_parts_keeps_each_part_of_odd_count_and_is_named_in_full() {
    let s = lua("function moves(n)
            return {
                {parts = {{3, 2}, {2, 1}}},
                {parts = {{4, 3}, {5}}, name = 'x'},
            }
        end");
    let e = s.game.named_moves(&ScriptPosition::Int(8)).unwrap_err();
    assert!(e.to_string().contains("pair [position, count]"), "{e}");
    let s = lua("function moves(n)
            return {
                {parts = {{3, 2}, {2, 1}}},
                {parts = {{4, 3}, {1, 0}}, name = 'x'},
                {parts = {}},
                {parts = {{{1, 2}, 5}}},
            }
        end");
    let m = s.game.named_moves(&ScriptPosition::Int(8)).unwrap();
    assert_eq!(m[0].name.as_deref(), Some("2*3+2"));
    assert_eq!(m[0].to, [ScriptPosition::Int(2)]);
    assert_eq!(m[1].name.as_deref(), Some("x"));
    assert_eq!(m[1].to, [ScriptPosition::Int(4)]);
    assert_eq!(m[2].name, None);
    assert!(m[2].to.is_empty());
    assert_eq!(m[3].name.as_deref(), Some("5*1,2"));
    assert_eq!(m[3].to.len(), 1);
}

#[test]
fn a_negative_or_float_count_of_a_part_is_an_error_naming_it() {
    let mut s = lua("function moves(n) return {{parts = {{1, -1}}}} end");
    let e = values_error(&mut s, 2);
    assert!(e.contains("the count `-1`"), "{e}");
    assert!(e.contains("9223372036854775807"), "{e}");
    let mut s = lua("function moves(n) return {{parts = {{1, 2^64}}}} end");
    let e = values_error(&mut s, 2);
    assert!(
        e.contains("the count `18446744073709552000`") || e.contains("(a float)"),
        "{e}"
    );
}

/// `play` of a family script: the match starts from `start(n)` (a pile
/// of 5 and nothing taken, `5,0` in cf768e.lua), not from the number `5`
/// read as a heap the script's `moves` cannot take.
#[test]
fn play_of_a_family_starts_from_start_n_not_from_the_number() {
    let g = game(&format!("script:{}", example("cf768e.lua")));
    let mut m = crate::play::Match::new(g, &["5".to_string()]).unwrap();
    assert_eq!(m.position(), ["5,0"]);
    let a = m.analysis().unwrap();
    assert_eq!(a.value.map(|v| v.value()), Some(2), "G(start(5)) = 2");
}

//! `grundy::explain`: every number an explanation shows is the game's own
//! (option values, mex, XOR, winning moves, the value from the period),
//! checked here against the game's analysis on several families and on
//! random sums of Nim and subtraction games; and the words of the
//! explanations the issue names (`nim 3 4 5`, `sub:1,3,4 7` in Chinese).

use grundy::explain::{
    explain, Explanation, Lang, MAX_EXPLAINED_COMPONENTS, MAX_EXPLAINED_OPTIONS,
};
use grundy::spec::{parse, AnalyzeOptions, AnyGame};
use grundy::strategy::Outcome;
use grundy::Nimber;
use proptest::prelude::*;

fn strings(p: &[&str]) -> Vec<String> {
    p.iter().map(|s| s.to_string()).collect()
}

fn value_of(game: &mut dyn AnyGame, parts: &[String]) -> Nimber {
    if parts.is_empty() {
        return Nimber::ZERO;
    }
    game.analyze(parts, &AnalyzeOptions::default())
        .unwrap()
        .value
        .unwrap()
}

fn explained(spec: &str, positions: &[&str]) -> (Box<dyn AnyGame>, Explanation) {
    let mut game = parse(spec).unwrap();
    let e = explain(game.as_mut(), &strings(positions), false).unwrap();
    (game, e)
}

/// Checks every number of `e` against the game: the parts' values, each
/// option's XOR, the mex (equal to the component's value), the sum's XOR
/// (equal to the analysis's value), and each winning move (one of the
/// analysis's, reaching its target).
fn check_numbers(game: &mut dyn AnyGame, e: &Explanation) {
    for c in &e.components {
        assert_eq!(c.value, value_of(game, std::slice::from_ref(&c.position)));
        let Some(opts) = &c.options else {
            let j = c.same_as.expect("options or same_as");
            assert_eq!(e.components[j].position, c.position);
            continue;
        };
        for o in &opts.listed {
            let parts: Vec<Nimber> =
                o.to.iter()
                    .map(|p| value_of(game, std::slice::from_ref(p)))
                    .collect();
            assert_eq!(o.parts, parts, "{}: parts of {:?}", e.game, o.to);
            assert_eq!(o.value, parts.iter().sum::<Nimber>());
            assert_eq!(o.value, value_of(game, &o.to));
        }
        if opts.is_complete() {
            let last = opts.mex.last().expect("a complete list has its mex");
            assert_eq!(last.option, None);
            assert_eq!(last.value, c.value, "{}: mex of {}", e.game, c.position);
            for (k, s) in opts.mex.iter().enumerate() {
                assert_eq!(s.value.value(), k as u64);
                if let Some(i) = s.option {
                    assert_eq!(opts.listed[i].value, s.value);
                }
            }
            assert!(!opts.values().contains(&c.value));
        } else {
            assert!(opts.mex.is_empty());
            assert_eq!(opts.listed.len(), MAX_EXPLAINED_OPTIONS);
        }
    }
    let a = game
        .analyze(&e.positions, &AnalyzeOptions::default())
        .unwrap();
    assert_eq!(Some(e.sum.total), a.value, "{}: the sum's value", e.game);
    let xor: Nimber = e.sum.values.iter().sum();
    assert_eq!(xor, e.sum.total);
    assert_eq!(e.sum.outcome, a.outcome);
    assert_eq!(e.sum.winning_moves_total, a.winning_moves_total());
    for m in &e.sum.winning_moves {
        assert!(
            a.winning_moves
                .iter()
                .any(|w| w.component == m.component && w.from == m.from && w.to == m.to),
            "{}: {m:?} is not one of the analysis's winning moves",
            e.game
        );
        assert_eq!(m.target, m.value + e.sum.total);
        assert_eq!(m.parts.iter().sum::<Nimber>(), m.target);
    }
}

#[test]
fn explanation_numbers_are_the_games_own_on_several_families() {
    for (spec, positions) in [
        ("nim", &["3", "4", "5"][..]),
        ("nim", &["6", "6"][..]),
        ("sub:1,3,4", &["7"][..]),
        ("sub:1,3,4", &["5", "9", "5"][..]),
        ("kayles", &["10"][..]),
        ("kayles", &["4", "7"][..]),
        ("lasker", &["7"][..]),
        ("wythoff", &["3,5"][..]),
        ("wythoff", &["2,2", "4,1"][..]),
        ("cram", &["3x3"][..]),
        ("0.07", &["12", "20"][..]),
        ("nim", &["1000"][..]),
    ] {
        let (mut game, e) = explained(spec, positions);
        check_numbers(game.as_mut(), &e);
    }
}

#[test]
fn nim_3_4_5_shows_binary_columns_and_derives_3_to_1_by_bouton() {
    let (_, e) = explained("nim", &["3", "4", "5"]);
    let text = e.lines(Lang::En).join("\n");
    for row in [
        "G(3)  011  3",
        "G(4)  100  4",
        "G(5)  101  5",
        "X     010  2",
    ] {
        assert!(text.contains(row), "no row `{row}` in:\n{text}");
    }
    assert!(text.contains("highest set bit of X = 2 is bit 1"), "{text}");
    assert!(
        text.contains(
            "component 0: G(3) = 3 = 011 has the bit; target 3 ⊕ 2 = 1; 3 -> 1: G(1) = 1"
        ),
        "{text}"
    );
    assert_eq!(e.sum.winning_moves.len(), 1);
    assert_eq!(e.sum.highest_bit(), Some(1));
}

#[test]
fn sub_134_at_7_in_chinese_takes_the_mex_of_options_6_4_3() {
    let (_, e) = explained("sub:1,3,4", &["7"]);
    let opts = e.components[0].options.as_ref().unwrap();
    let to: Vec<&str> = opts.listed.iter().map(|o| o.to[0].as_str()).collect();
    let mut sorted = to.clone();
    sorted.sort();
    assert_eq!(sorted, ["3", "4", "6"]);
    let text = e.lines(Lang::Zh).join("\n");
    assert!(text.contains("7 的后继状态（共 3 个）及其 SG 值"), "{text}");
    assert!(text.contains("7 -> 6   SG(6) = 2"), "{text}");
    assert!(text.contains("后继状态的 SG 值集合：{1, 2}"), "{text}");
    assert!(text.contains("mex：0 不在集合中，所以 SG(7) = 0"), "{text}");
    assert!(text.contains("必败态（P）"), "{text}");
}

#[test]
fn the_mex_is_taken_step_by_step_up_to_the_first_missing_value() {
    let (_, e) = explained("sub:1,3,4", &["5"]);
    let text = e.lines(Lang::En).join("\n");
    // G(4) = 2, G(2) = 0, G(1) = 1: 0, 1, 2 are there, 3 is not.
    assert!(
        text.contains("mex: 0 is an option value, 1 is, 2 is, 3 is not: G(5) = 3"),
        "{text}"
    );
}

#[test]
fn lasker_splits_show_the_xor_of_their_parts() {
    let (_, e) = explained("lasker", &["7"]);
    let text = e.lines(Lang::En).join("\n");
    assert!(text.contains("7 -> 3+4"), "{text}");
    assert!(text.contains("G(3) ⊕ G(4) = 4 ⊕ 3 = 7"), "{text}");
}

#[test]
fn a_huge_option_set_is_capped_and_says_how_many_options_there_are() {
    let (_, e) = explained("nim", &["1000"]);
    let opts = e.components[0].options.as_ref().unwrap();
    assert_eq!(opts.total, 1000);
    assert_eq!(opts.listed.len(), MAX_EXPLAINED_OPTIONS);
    let text = e.lines(Lang::En).join("\n");
    assert!(text.contains("(1000 in all; the first 64 shown)"), "{text}");
    assert!(
        text.contains("G(1000) = 1000, as the game computes it"),
        "{text}"
    );
}

#[test]
fn a_sum_of_more_components_than_the_cap_is_refused_naming_the_cap() {
    let mut game = parse("nim").unwrap();
    let many = vec!["1".to_string(); MAX_EXPLAINED_COMPONENTS + 1];
    let err = explain(game.as_mut(), &many, false)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("`{MAX_EXPLAINED_COMPONENTS}`")),
        "{err}"
    );
}

#[test]
fn a_bad_position_gets_the_games_usual_error() {
    let mut game = parse("nim").unwrap();
    let err = explain(game.as_mut(), &strings(&["x"]), false).unwrap_err();
    assert!(err.to_string().contains("invalid position `x`"), "{err}");
}

#[test]
fn a_p_position_sum_says_why_every_move_loses() {
    let (_, e) = explained("nim", &["1", "2", "3"]);
    assert_eq!(e.sum.outcome, Outcome::P);
    assert!(e.sum.winning_moves.is_empty());
    let text = e.lines(Lang::En).join("\n");
    assert!(text.contains("X = 0, so a P-position"), "{text}");
    assert!(text.contains("X becomes non-zero"), "{text}");
}

#[test]
fn kayles_value_follows_from_its_proven_period() {
    let (mut game, e) = explained("kayles", &["1000", "10"]);
    let p = e.period.as_ref().expect("kayles has a proven period");
    assert!(p.certified, "{}", p.proof);
    assert_eq!((p.periodicity.preperiod, p.periodicity.period), (71, 12));
    for (h, c) in p.heaps.iter().zip(&e.components) {
        assert_eq!(h.heap.to_string(), c.position);
        let base_value = game.values(h.base, h.base).unwrap()[0];
        assert_eq!(h.base_value, base_value);
        assert_eq!(
            h.base_value.value() + h.cycles * p.periodicity.saltus,
            c.value.value()
        );
        assert_eq!(h.base + h.cycles * p.periodicity.period, h.heap);
    }
    let text = e.lines(Lang::En).join("\n");
    assert!(
        text.contains("1000 = 76 + 77·12, so G(1000) = G(76) = 1"),
        "{text}"
    );
}

#[test]
fn misere_play_is_the_librarys_misere_analysis() {
    let mut game = parse("nim").unwrap();
    let e = explain(game.as_mut(), &strings(&["1", "1"]), true).unwrap();
    let m = e.misere_play.as_ref().unwrap();
    let r = grundy::spec::listed::analyze_misere(game.as_mut(), &strings(&["1", "1"])).unwrap();
    assert_eq!(m.outcome, r.analysis.outcome);
    assert_eq!(m.method, r.method);
    let text = e.lines(Lang::En).join("\n");
    assert!(text.contains("Misère play"), "{text}");
    assert!(
        !text.contains("Bouton"),
        "normal-play moves under misère: {text}"
    );
}

#[test]
fn json_holds_the_numbers_and_the_lines_in_the_asked_language() {
    let (_, e) = explained("nim", &["3", "4", "5"]);
    let j = e.to_json(Lang::Zh);
    assert_eq!(j["lang"], "zh");
    assert_eq!(j["sum"]["binary"], serde_json::json!(["011", "100", "101"]));
    assert_eq!(j["sum"]["value"], 2);
    assert_eq!(j["sum"]["winning_moves"][0]["to"], serde_json::json!(["1"]));
    assert_eq!(
        j["components"][0]["options"]["mex"][3]["option"],
        serde_json::Value::Null
    );
    let lines = j["lines"].as_array().unwrap();
    assert!(lines.iter().any(|l| l.as_str().unwrap().contains("异或")));
}

fn any_sum() -> impl Strategy<Value = (String, Vec<String>)> {
    let spec = prop_oneof![
        Just("nim".to_string()),
        Just("sub:1,3,4".to_string()),
        Just("sub:1,2".to_string()),
        Just("sub:2,5,6".to_string()),
    ];
    let heaps = prop::collection::vec(0u64..40, 1..5);
    (spec, heaps).prop_map(|(s, h)| (s, h.iter().map(u64::to_string).collect()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_nim_and_subtraction_sums_explain_with_the_games_numbers((spec, heaps) in any_sum()) {
        let mut game = parse(&spec).unwrap();
        let e = explain(game.as_mut(), &heaps, false).unwrap();
        check_numbers(game.as_mut(), &e);
        prop_assert_eq!(e.lines(Lang::En).len(), e.lines(Lang::Zh).len());
    }
}

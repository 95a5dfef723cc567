//! Turn-aware (partizan) scripts through the command line (issue 37, item
//! 6): `analyze` gives the outcome class and the winning moves of the
//! player to move, `values` and `pattern` tabulate outcome classes, and a
//! sum of such games is refused with exit 2 saying why.

use assert_cmd::Command;
use grundy::game::Player;
use grundy::games::pebbles::SetSubtraction;

const ARC: &str = "script:examples/games/arc143c.lua?x=2,y=3";

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    cmd
}

fn stdout(args: &[&str]) -> String {
    let out = grundy(args).assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

fn json(args: &[&str]) -> serde_json::Value {
    serde_json::from_str(&stdout(args)).unwrap()
}

#[test]
fn analyze_of_a_turn_aware_script_gives_the_outcome_class_the_theorem_gives() {
    let game = SetSubtraction::new(2, 3).unwrap();
    for piles in [[3u64, 3], [2, 4], [5, 1], [0, 0], [7, 9]] {
        let pos = format!("{},{}", piles[0], piles[1]);
        for (first, player) in [("left", Player::Left), ("right", Player::Right)] {
            let v = json(&["analyze", ARC, &pos, "--first", first, "--format", "json"]);
            assert_eq!(
                v["outcome"],
                game.outcome_class(&piles).to_string(),
                "{pos}"
            );
            let wins = game.wins_moving_first(piles, player);
            assert_eq!(v["wins"], wins, "{pos} {first}");
            assert_eq!(v["to_move"], first);
            let moves = v["winning_moves"].as_array().unwrap();
            assert_eq!(!moves.is_empty(), wins, "{pos} {first}: {v}");
        }
    }
}

#[test]
fn a_sum_of_turn_aware_games_is_refused_with_exit_2_saying_why() {
    let out = grundy(&["analyze", ARC, "3", "4"]).assert().code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("turn-aware"), "{err}");
    assert!(err.contains("no nim-values"), "{err}");
}

#[test]
fn values_of_a_turn_aware_script_tabulate_outcome_classes_of_each_heap() {
    let game = SetSubtraction::new(2, 3).unwrap();
    let v = json(&["values", ARC, "--to", "30", "--format", "json"]);
    let got: Vec<String> = v["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap().to_string())
        .collect();
    let expected: Vec<String> = (0..=30)
        .map(|n| game.outcome_class(&[n]).to_string())
        .collect();
    assert_eq!(got, expected);
    let csv = stdout(&["values", ARC, "--to", "3", "--format", "csv"]);
    assert!(csv.starts_with("n,outcome\n0,P\n"), "{csv}");
}

#[test]
fn pattern_of_a_turn_aware_script_says_its_period_is_only_observed() {
    let v = json(&["pattern", ARC, "--to", "200", "--format", "json"]);
    assert_eq!(v["kind"], "outcome_classes");
    assert_eq!(v["period"]["period"], 5, "{v}");
    assert_eq!(v["period"]["proven"], false);
    let text = stdout(&["pattern", ARC, "--to", "200"]);
    assert!(text.contains("observed to 200"), "{text}");
}

//! The frontier (`data/frontier/`, written by `benches/frontier.sh`)
//! against the figures tczajka published for his unsolved octal games
//! (`data/frontier/tczajka.csv`, from `UnsolvedGames.md` of
//! github.com/tczajka/octal-games): the committed table at his extents,
//! and a few games recomputed here at 2^17 heaps.
//!
//! His conventions: `n` heaps are `0..n-1` (`--to n-1`), the largest
//! value's index is its first heap, and his count of rare heaps includes
//! heap 0 (value 0, rare under an untwisted split), which grundy's count
//! leaves out: his `num_rare` is grundy's `rare_heaps + 1`.

use grundy::census::{classify, take_break, CensusConfig, CodeReport};
use std::collections::HashMap;
use std::path::PathBuf;

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../data/frontier")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// The rows of a csv file without quoted cells, each by its header.
fn csv(name: &str) -> Vec<HashMap<String, String>> {
    let text = data(name);
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    lines
        .map(|l| {
            let cells: Vec<&str> = l.split(',').collect();
            assert_eq!(cells.len(), header.len(), "{name}: {l}");
            header
                .iter()
                .zip(cells)
                .map(|(h, c)| (h.to_string(), c.to_string()))
                .collect()
        })
        .collect()
}

/// tczajka's published figures of a game: (n, largest index, largest,
/// rare mask, rare count, last rare).
#[derive(Debug, PartialEq)]
struct Figures {
    n: u64,
    largest_idx: u64,
    largest: u64,
    rare_mask: u64,
    num_rare: u64,
    last_rare: u64,
}

fn published() -> HashMap<String, Figures> {
    csv("tczajka.csv")
        .into_iter()
        .filter(|r| !r["n"].is_empty())
        .map(|r| {
            let n = |k: &str| r[k].parse::<u64>().unwrap();
            let f = Figures {
                n: n("n"),
                largest_idx: n("largest_idx"),
                largest: n("largest"),
                rare_mask: u64::from_str_radix(&r["rare_mask"], 16).unwrap(),
                num_rare: n("num_rare"),
                last_rare: n("last_rare"),
            };
            (r["code"].clone(), f)
        })
        .collect()
}

/// A census report in tczajka's terms.
fn figures_of(r: &CodeReport) -> Figures {
    Figures {
        n: r.checked_to + 1,
        largest_idx: r.max_at,
        largest: r.max_value,
        rare_mask: r.split_mask.unwrap(),
        num_rare: r.rare_heaps + 1,
        last_rare: r.last_rare.unwrap(),
    }
}

#[test]
fn tczajkas_list_has_his_83_unsolved_games_and_grundy_reads_every_one() {
    let list = csv("tczajka.csv");
    assert_eq!(list.len(), 83);
    for r in &list {
        take_break(&r["code"]).unwrap_or_else(|e| panic!("{}: {e}", r["code"]));
    }
    let p = published();
    let mut games: Vec<&str> = p.keys().map(String::as_str).collect();
    games.sort_unstable();
    assert_eq!(games, [".04", ".06", ".6", "grundy-game"]);
}

#[test]
fn the_committed_frontier_agrees_with_tczajkas_figures_at_his_extents() {
    let p = published();
    let table = csv("frontier.csv");
    assert_eq!(table.len(), 83, "a row per game of tczajka's list");
    for (code, want) in &p {
        let row = table.iter().find(|r| &r["code"] == code).unwrap();
        let n = |k: &str| {
            row[k]
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{code}: {k} `{}`", row[k]))
        };
        let got = Figures {
            n: n("first_to") + 1,
            largest_idx: n("first_max_at"),
            largest: n("first_max_value"),
            rare_mask: u64::from_str_radix(&row["first_rare_mask"], 16).unwrap(),
            num_rare: n("first_rare_heaps") + 1,
            last_rare: n("first_last_rare"),
        };
        assert_eq!(&got, want, "{code}");
        assert_eq!(row["tczajka"], "agrees", "{code}");
    }
    for row in &table {
        assert!(
            !row["first_to"].is_empty() && row["first_to"].parse::<u64>().unwrap() >= (1 << 17) - 1,
            "{}: every game reaches at least 2^17 heaps",
            row["code"]
        );
    }
}

/// Issue 38's extents: every game not certified periodic goes past
/// tczajka's extent, and the sparse ones (marked in the table) reach 2^26
/// heaps at least, each with the checksum of its first 2^21 and 2^26 heaps.
#[test]
fn the_committed_frontier_goes_past_tczajka_and_the_sparse_games_to_2_to_the_26() {
    let table = csv("frontier.csv");
    let sparse: Vec<&str> = table
        .iter()
        .filter(|r| r["sparse"] == "yes")
        .map(|r| r["code"].as_str())
        .collect();
    for code in [".6", "grundy-game"] {
        assert!(sparse.contains(&code), "{code} is among the sparse games");
    }
    for row in &table {
        let code = &row["code"];
        let n = |k: &str| {
            row[k]
                .parse::<u64>()
                .unwrap_or_else(|_| panic!("{code}: {k}"))
        };
        let extent = if row["published_extent"].is_empty() {
            1 << 17
        } else {
            n("published_extent")
        };
        if row["far_status"] != "periodic" {
            assert!(
                n("far_to") + 1 > extent,
                "{code}: past tczajka's {extent} heaps"
            );
        }
        // A row kept from an earlier table (`far_source`) has no checksums
        // of prefixes beyond what this run computed.
        let heaps = n("far_to") + 1;
        let this_run = row["far_source"].starts_with("this run");
        for prefix in [1u64 << 17, 1 << 21, 1 << 26] {
            let cell = &row[&format!("checksum_{prefix}")];
            assert!(cell.is_empty() || cell.len() == 16, "{code}: `{cell}`");
            assert!(
                cell.is_empty() || heaps >= prefix,
                "{code}: {prefix} of {heaps} heaps"
            );
            if this_run {
                assert_eq!(
                    cell.is_empty(),
                    heaps < prefix,
                    "{code}: the first {prefix} heaps"
                );
            }
        }
        if row["sparse"] == "yes" {
            assert!(heaps >= 1 << 26, "{code}: sparse, {heaps} heaps");
            assert_eq!(row["checksum_67108864"].len(), 16, "{code}");
        }
    }
}

/// Flammenkamp's page on Grundy's game (Achim Flammenkamp, "Sprague-Grundy
/// Values of Grundy's Game", wwwhomes.uni-bielefeld.de/achim/grundy.html,
/// values computed to 2^35) says 1287 sparse values are known, heap 0
/// among them, under the mask `01111...` (lowest bit first: every bit but
/// the lowest, which grundy writes `1fe` while the values stay below 512):
/// the committed table reaches them all by 2^26 heaps
/// (1286 rare heaps counted from heap 1), the last past 2^24, where the
/// table before this one stopped.
#[test]
fn the_frontier_finds_every_sparse_value_flammenkamp_knows_for_grundys_game() {
    let table = csv("frontier.csv");
    let row = table.iter().find(|r| r["code"] == "grundy-game").unwrap();
    assert!(row["far_to"].parse::<u64>().unwrap() + 1 >= 1 << 26);
    assert_eq!(row["far_rare_mask"], "1fe");
    assert_eq!(row["far_rare_heaps"].parse::<u64>().unwrap() + 1, 1287);
    assert!(row["far_last_rare"].parse::<u64>().unwrap() > 1 << 24);
}

/// The checksum of the first 2^17 heaps the table gives for `.6` and
/// Grundy's game (from its furthest pass) is the one computed here.
#[test]
fn the_frontiers_checksums_of_the_first_2_to_the_17_heaps_are_recomputed() {
    let table = csv("frontier.csv");
    for code in [".6", "grundy-game"] {
        let row = table.iter().find(|r| r["code"] == code).unwrap();
        let config = CensusConfig::default().to((1 << 17) - 1);
        let r = classify(code, &config, &mut || Ok(())).unwrap();
        assert_eq!(
            row["checksum_131072"],
            format!("{:016x}", r.checksum),
            "{code}"
        );
    }
}

#[test]
fn grundy_recomputes_tczajkas_figures_for_04_at_2_to_the_17() {
    let want = &published()[".04"];
    let config = CensusConfig::default().to(want.n - 1);
    let r = classify(".04", &config, &mut || Ok(())).unwrap();
    assert_eq!(&figures_of(&r), want);
}

/// For `.6` and Grundy's game tczajka's last rare heap lies below 2^17:
/// 2^17 heaps already hold every rare heap of his 2^21, under the same mask.
#[test]
fn sparse_games_at_2_to_the_17_have_every_rare_heap_tczajka_found_at_2_to_the_21() {
    for code in [".6", "grundy-game"] {
        let want = &published()[code];
        assert!(want.last_rare < 1 << 17);
        let config = CensusConfig::default().to((1 << 17) - 1);
        let r = classify(code, &config, &mut || Ok(())).unwrap();
        let got = figures_of(&r);
        assert_eq!(
            (got.rare_mask, got.num_rare, got.last_rare),
            (want.rare_mask, want.num_rare, want.last_rare),
            "{code}"
        );
        assert!(got.largest <= want.largest, "{code}");
    }
}

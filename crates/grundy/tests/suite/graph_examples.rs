//! The judge examples of the games-on-graphs family (poj2425, hdu1524,
//! poj3710, poj2311), run as built binaries on random inputs in the judge's
//! format against brute force written here (their samples are run by the
//! `judges` harness; POJ 3710 has no published sample).

use crate::common;

use common::run_example;

use crate::rng;
use rng::Rng;

#[test]
fn chess_game_on_random_dags_equals_the_definition() {
    let mut rng = Rng(2425);
    let mut input = String::new();
    let mut expected = String::new();
    for case in 0..40 {
        let n = 1 + rng.below(12);
        // Moves go to higher-numbered vertices: a DAG.
        let succ: Vec<Vec<u32>> = (0..n)
            .map(|u| (u + 1..n).filter(|_| rng.below(3) == 0).collect())
            .collect();
        let mut g = vec![0u32; n as usize];
        for u in (0..n as usize).rev() {
            let s: Vec<u32> = succ[u].iter().map(|&v| g[v as usize]).collect();
            g[u] = (0..).find(|m| !s.contains(m)).unwrap();
        }
        input += &format!("{n}\n");
        for s in &succ {
            input += &format!("{}", s.len());
            for v in s {
                input += &format!(" {v}");
            }
            input += "\n";
        }
        for _ in 0..5 {
            let m = 1 + rng.below(4);
            let tokens: Vec<u32> = (0..m).map(|_| rng.below(n)).collect();
            let x = tokens.iter().fold(0, |a, &t| a ^ g[t as usize]);
            input += &format!("{m}");
            for t in &tokens {
                input += &format!(" {t}");
            }
            input += "\n";
            expected += if x != 0 { "WIN\n" } else { "LOSE\n" };
        }
        input += "0\n";
        if case % 2 == 1 {
            input += "\n"; // blank lines between cases are fine
        }
    }
    assert_eq!(run_example("poj2425", &input), expected);
    // The variant that ends with N = 0 stops there.
    assert_eq!(
        run_example("poj2425", &(input.clone() + "0\n9 junk")),
        expected
    );
}

/// Exhaustive Green Hackenbush: positions are sets of standing edges.
fn brute_hackenbush(ground: u32, edges: &[(u32, u32)]) -> u64 {
    let standing = |mask: u32| -> u32 {
        let mut reached = 1u64 << ground;
        let mut kept = 0u32;
        loop {
            let before = kept;
            for (e, &(u, v)) in edges.iter().enumerate() {
                if mask >> e & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                    kept |= 1 << e;
                    reached |= 1 << u | 1 << v;
                }
            }
            if kept == before {
                return kept;
            }
        }
    };
    let mut memo = vec![0u64; 1 << edges.len()];
    for mask in 0..(1u32 << edges.len()) {
        if standing(mask) != mask {
            continue;
        }
        let opts: Vec<u64> = (0..edges.len())
            .filter(|e| mask >> e & 1 == 1)
            .map(|e| memo[standing(mask & !(1 << e)) as usize])
            .collect();
        memo[mask as usize] = (0..).find(|m| !opts.contains(m)).unwrap();
    }
    memo[standing((1u32 << edges.len()) - 1) as usize]
}

/// A random Christmas tree: a tree on nodes 1..m with polygons (2 to 5
/// sides; 2 sides is a doubled edge) hanging from single nodes, at most
/// `max_edges` edges, nodes relabelled so that only the root stays 1.
fn christmas_tree(rng: &mut Rng, max_edges: usize) -> (u32, Vec<(u32, u32)>) {
    let mut nodes = 1u32;
    let mut edges: Vec<(u32, u32)> = Vec::new();
    while edges.len() < max_edges && rng.below(6) != 0 {
        let at = rng.below(nodes);
        if rng.below(3) == 0 {
            let sides = 2 + rng.below(4);
            if edges.len() + sides as usize > max_edges {
                continue;
            }
            let mut prev = at;
            for _ in 0..sides - 1 {
                edges.push((prev, nodes));
                prev = nodes;
                nodes += 1;
            }
            edges.push((prev, at));
        } else {
            edges.push((at, nodes));
            nodes += 1;
        }
    }
    // Relabel 1..nodes-1 at random, keep 0 (the root) in place.
    let mut perm: Vec<u32> = (0..nodes).collect();
    for i in (2..nodes as usize).rev() {
        let j = 1 + rng.below(i as u32) as usize;
        perm.swap(i, j);
    }
    let edges = edges
        .into_iter()
        .map(|(u, v)| {
            let (a, b) = (perm[u as usize], perm[v as usize]);
            if rng.below(2) == 0 {
                (a, b)
            } else {
                (b, a)
            }
        })
        .collect();
    (nodes, edges)
}

#[test]
fn christmas_game_on_random_forests_equals_exhaustive_search() {
    let mut rng = Rng(3710);
    let mut input = String::new();
    let mut expected = String::new();
    for _ in 0..150 {
        let trees = 1 + rng.below(3);
        input += &format!("{trees}\n");
        let mut total = 0;
        for _ in 0..trees {
            let (m, edges) = christmas_tree(&mut rng, 11);
            total ^= brute_hackenbush(0, &edges);
            input += &format!("{m} {}\n", edges.len());
            for (a, b) in edges {
                input += &format!("{} {}\n", a + 1, b + 1);
            }
        }
        expected += if total != 0 { "Sally\n" } else { "Harry\n" };
    }
    let got = run_example("poj3710", &input);
    assert_eq!(got, expected);
    // Both answers occur, so the test can tell them apart.
    assert!(got.contains("Sally") && got.contains("Harry"));
}

#[test]
fn cutting_game_equals_a_table_of_the_rules() {
    // g[w][h] over sheets with both sides >= 2, cuts leaving both >= 2.
    let n = 40usize;
    let mut g = vec![vec![0u64; n + 1]; n + 1];
    for w in 2..=n {
        for h in 2..=n {
            let mut seen = Vec::new();
            for a in 2..=w.saturating_sub(2) {
                seen.push(g[a][h] ^ g[w - a][h]);
            }
            for b in 2..=h.saturating_sub(2) {
                seen.push(g[w][b] ^ g[w][h - b]);
            }
            g[w][h] = (0..).find(|m| !seen.contains(m)).unwrap();
        }
    }
    let mut input = String::new();
    let mut expected = String::new();
    for (w, row) in g.iter().enumerate().skip(2) {
        for (h, value) in row.iter().enumerate().skip(2) {
            input += &format!("{w} {h}\n");
            expected += if *value != 0 { "WIN\n" } else { "LOSE\n" };
        }
    }
    assert_eq!(run_example("poj2311", &input), expected);
}

#[test]
fn cutting_game_answers_every_sheet_up_to_200_quickly() {
    let mut input = String::new();
    for w in 2..=200 {
        for h in 2..=200 {
            input += &format!("{w} {h}\n");
        }
    }
    let start = std::time::Instant::now();
    let out = run_example("poj2311", &input);
    assert_eq!(out.lines().count(), 199 * 199);
    // Generous: about 0.07 s in release on the project machine.
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
}

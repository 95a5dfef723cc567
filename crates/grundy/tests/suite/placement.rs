//! The placement solver (Cram, Node Kayles, Chomp) against plain
//! exhaustive search: a memoized mex over whole positions, with no
//! regions, no symmetry and no pruning, written here independently of the
//! solver's bitboard helpers.

use grundy::games::placement::{parse_chomp, Chomp, Cram, GraphKayles, NodeKayles, Placement};
use grundy::solve::placement::{Board, PlacementConfig, PlacementSolver};
use grundy::spec::{self, AnalyzeOptions};
use grundy::strategy::Outcome;
use grundy::Nimber;
use std::collections::HashMap;

/// A small deterministic generator (xorshift), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap_or(0)
}

/// Cram by definition on an `h × w` box: cell `(r, c)` is bit `r·w + c`.
fn cram_brute(h: usize, w: usize, cells: u128, memo: &mut HashMap<u128, u64>) -> u64 {
    if let Some(&v) = memo.get(&cells) {
        return v;
    }
    let free = |r: usize, c: usize| cells >> (r * w + c) & 1 == 1;
    let mut values = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if !free(r, c) {
                continue;
            }
            if c + 1 < w && free(r, c + 1) {
                let after = cells & !(1 << (r * w + c)) & !(1 << (r * w + c + 1));
                values.push(cram_brute(h, w, after, memo));
            }
            if r + 1 < h && free(r + 1, c) {
                let after = cells & !(1 << (r * w + c)) & !(1 << ((r + 1) * w + c));
                values.push(cram_brute(h, w, after, memo));
            }
        }
    }
    let v = mex(&values);
    memo.insert(cells, v);
    v
}

/// Node Kayles by definition on a graph of at most 16 vertices
/// (`adjacent[v]`: the neighbours of `v`; `set`: the vertices available).
fn kayles_brute(adjacent: &[u32], set: u32, memo: &mut HashMap<u32, u64>) -> u64 {
    if let Some(&v) = memo.get(&set) {
        return v;
    }
    let mut values = Vec::new();
    for v in 0..adjacent.len() {
        if set >> v & 1 == 1 {
            values.push(kayles_brute(adjacent, set & !(1 << v) & !adjacent[v], memo));
        }
    }
    let v = mex(&values);
    memo.insert(set, v);
    v
}

/// Chomp by definition on row lengths (the poisoned corner never taken).
fn chomp_brute(rows: &[usize], memo: &mut HashMap<Vec<usize>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut values = Vec::new();
    for r in 0..rows.len() {
        for c in 0..rows[r] {
            if (r, c) == (0, 0) {
                continue;
            }
            let after: Vec<usize> = rows
                .iter()
                .enumerate()
                .map(|(i, &n)| if i >= r { n.min(c) } else { n })
                .filter(|&n| n > 0)
                .collect();
            values.push(chomp_brute(&after, memo));
        }
    }
    let v = mex(&values);
    memo.insert(rows.to_vec(), v);
    v
}

fn solver<G: Placement>(game: G) -> PlacementSolver<G> {
    PlacementSolver::new(game, PlacementConfig::default())
}

/// The 4-neighbours of each cell of an `h × w` grid (at most 32 cells),
/// as masks.
fn grid_adjacency(h: usize, w: usize) -> Vec<u32> {
    let mut adjacent = vec![0u32; h * w];
    for r in 0..h {
        for c in 0..w {
            let v = r * w + c;
            if c + 1 < w {
                adjacent[v] |= 1 << (v + 1);
                adjacent[v + 1] |= 1 << v;
            }
            if r + 1 < h {
                adjacent[v] |= 1 << (v + w);
                adjacent[v + w] |= 1 << v;
            }
        }
    }
    adjacent
}

/// The solver's value of a whole board: the XOR over its regions.
fn value<G: Placement>(s: &mut PlacementSolver<G>, b: &Board) -> u64 {
    let regions = s.rules().regions(b);
    s.sum_value(&regions).unwrap().value()
}

/// The pruned search, from an empty table, answers `G = k` right for the
/// true value and two wrong ones.
fn check_pruned<G: Placement + Clone>(game: &G, b: &Board, truth: u64) {
    let mut fresh = solver(game.clone());
    let regions = game.regions(b);
    for k in [truth, truth ^ 1, truth + 2] {
        assert_eq!(
            fresh.sum_is(&regions, k).unwrap(),
            k == truth,
            "{b:?}: is the value {k}? (it is {truth})"
        );
    }
}

#[test]
fn cram_on_every_board_up_to_4x4_equals_the_definition() {
    let mut s = solver(Cram);
    for h in 1..=4 {
        for w in 1..=4 {
            let mut memo = HashMap::new();
            let n = h * w;
            // Every mask of boards up to 3x4 (4096 masks); 4x4 the full
            // board and 3000 random masks.
            let masks: Vec<u128> = if n <= 12 {
                (0..1u128 << n).collect()
            } else {
                let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
                std::iter::once((1 << n) - 1)
                    .chain((0..3000).map(|_| u128::from(rng.next()) & ((1 << n) - 1)))
                    .collect()
            };
            for (i, &cells) in masks.iter().enumerate() {
                let truth = cram_brute(h, w, cells, &mut memo);
                let b = Board::new(h, w, cells).unwrap();
                assert_eq!(value(&mut s, &b), truth, "cram {h}x{w} cells {cells:#b}");
                if i % 97 == 0 {
                    check_pruned(&Cram, &b, truth);
                }
            }
        }
    }
}

/// The same with an end-game table of a 3x3 box (built once a region of
/// more than 9 cells is searched): every board up to 3x4 and 4x4's random
/// masks, Cram and Node Kayles.
#[test]
fn small_boards_with_an_end_game_table_equal_the_definition() {
    let config = PlacementConfig::default().endgame((3, 3));
    let mut cram = PlacementSolver::new(Cram, config.clone());
    let mut kayles = PlacementSolver::new(NodeKayles, config.clone());
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for (h, w) in [(3, 4), (4, 4), (2, 6), (4, 5)] {
        let n = h * w;
        let (mut cram_memo, mut kayles_memo) = (HashMap::new(), HashMap::new());
        let adjacent = grid_adjacency(h, w);
        let masks: Vec<u128> = if n <= 12 {
            (0..1u128 << n).collect()
        } else {
            std::iter::once((1 << n) - 1)
                .chain((0..1500).map(|_| u128::from(rng.next()) & ((1 << n) - 1)))
                .collect()
        };
        for cells in masks {
            let b = Board::new(h, w, cells).unwrap();
            let truth = cram_brute(h, w, cells, &mut cram_memo);
            assert_eq!(value(&mut cram, &b), truth, "cram {h}x{w} {cells:#b}");
            let truth = kayles_brute(&adjacent, cells as u32, &mut kayles_memo);
            assert_eq!(value(&mut kayles, &b), truth, "kayles {h}x{w} {cells:#b}");
        }
    }
}

/// The set search (Beling–Rogalski candidates, answers cut at the largest
/// value wanted, "not these values" remembered, questions settled by
/// options of known value before the others are listed) against the
/// definition: on random Cram boards of a 5x5 box, one solver without an
/// end-game table asked `G = k` for every `k` up to past the value, in a
/// random order (so that remembered exclusions and cut answers meet), then
/// the value; and sums of two boards (the question moved by the XOR of
/// the smaller) asked the same.
#[test]
fn set_search_answers_every_question_like_the_definition() {
    let config = PlacementConfig::default().endgame((0, 0));
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let (h, w) = (5, 5);
    let mut memo = HashMap::new();
    let mut boards = Vec::new();
    while boards.len() < 60 {
        // About 15 free cells: the definition stays quick.
        let cells = u128::from(rng.next() & rng.next() | rng.next() & rng.next()) & ((1 << 25) - 1);
        if cells.count_ones() > 17 {
            continue;
        }
        boards.push(cells);
    }
    for (i, &cells) in boards.iter().enumerate() {
        let truth = cram_brute(h, w, cells, &mut memo);
        let b = Board::new(h, w, cells).unwrap();
        let mut s = PlacementSolver::new(Cram, config.clone());
        let regions = Cram.regions(&b);
        let mut ks: Vec<u64> = (0..=truth + 2).collect();
        for j in (1..ks.len()).rev() {
            ks.swap(j, rng.below(j as u64 + 1) as usize);
        }
        for k in ks {
            assert_eq!(
                s.sum_is(&regions, k).unwrap(),
                k == truth,
                "{cells:#b}: G = {k}? (G = {truth})"
            );
        }
        assert_eq!(s.sum_value(&regions).unwrap().value(), truth, "{cells:#b}");
        // A sum with the next board, placed apart (no common cell needed:
        // the regions are independent games).
        let other = boards[(i + 1) % boards.len()];
        let truth2 = cram_brute(h, w, other, &mut memo);
        let mut both = regions.clone();
        both.extend(Cram.regions(&Board::new(h, w, other).unwrap()));
        let mut fresh = PlacementSolver::new(Cram, config.clone());
        for k in 0..=(truth ^ truth2) + 1 {
            assert_eq!(
                fresh.sum_is(&both, k).unwrap(),
                k == truth ^ truth2,
                "{cells:#b} + {other:#b}: G = {k}?"
            );
        }
    }
}

#[test]
fn cram_rectangles_agree_with_the_definition_up_to_20_cells() {
    let mut s = solver(Cram);
    for (h, w) in [(1, 9), (1, 14), (2, 7), (3, 5), (4, 5), (3, 6)] {
        let truth = cram_brute(h, w, (1 << (h * w)) - 1, &mut HashMap::new());
        assert_eq!(value(&mut s, &Board::full(h, w).unwrap()), truth, "{h}x{w}");
    }
}

/// Cram on a 1×n strip is the octal game 0.07 (Dawson's Kayles) on n
/// cells: a domino takes two adjacent cells, anywhere.
#[test]
fn cram_on_a_strip_is_dawsons_kayles() {
    let mut dawson = spec::parse("0.07").unwrap();
    let values = dawson.values(0, 40).unwrap();
    let mut s = solver(Cram);
    for (n, v) in values.iter().enumerate().skip(1) {
        let b = Board::full(1, n).unwrap();
        assert_eq!(value(&mut s, &b), v.value(), "1x{n}");
    }
}

/// Cram lists every domino of a board exactly once, from the middle out:
/// on a full board the first one listed covers a middle cell, and no
/// domino comes before one nearer the middle along the shorter side.
#[test]
fn cram_lists_each_domino_once_from_the_middle_out() {
    let mut rng = Rng(0x5EED_0CA7);
    for (h, w) in [
        (1, 1),
        (1, 2),
        (2, 1),
        (3, 4),
        (4, 3),
        (5, 8),
        (8, 5),
        (2, 64),
        (11, 11),
    ] {
        let full = Board::full(h, w).unwrap();
        for round in 0..20 {
            let cells = if round == 0 {
                full.cells()
            } else {
                u128::from(rng.next()) << 64 | u128::from(rng.next())
            } & full.cells();
            let board = Board::new(h, w, cells).unwrap();
            let mut listed = Vec::new();
            Cram.each_move(&board, &mut |domino, after| {
                assert_eq!(after.cells(), cells & !domino, "{h}x{w}");
                listed.push(domino);
            });
            let mut every = Vec::new();
            for r in 0..h {
                for c in 0..w {
                    let i = r * w + c;
                    for j in [(c + 1 < w).then_some(i + 1), (r + 1 < h).then_some(i + w)] {
                        let domino = j.map_or(0, |j| 1u128 << i | 1u128 << j);
                        if domino != 0 && cells & domino == domino {
                            every.push(domino);
                        }
                    }
                }
            }
            let mut sorted = listed.clone();
            sorted.sort_unstable();
            every.sort_unstable();
            assert_eq!(sorted, every, "{h}x{w} {cells:#x}: each domino once");
            if round == 0 && !listed.is_empty() {
                // The distance of a domino's middle from the board's middle,
                // in half cells, across the shorter side counting four times.
                let key = |domino: u128| {
                    let a = domino.trailing_zeros() as usize;
                    let b = 127 - domino.leading_zeros() as usize;
                    let (r2, c2) = (a / w + b / w, a % w + b % w);
                    let (dr, dc) = (r2.abs_diff(h - 1), c2.abs_diff(w - 1));
                    if h <= w {
                        4 * dr + dc
                    } else {
                        dr + 4 * dc
                    }
                };
                assert!(key(listed[0]) <= 1, "{h}x{w}: first {:#x}", listed[0]);
                let keys: Vec<usize> = listed.iter().map(|&d| key(d)).collect();
                assert!(keys.windows(2).all(|k| k[0] <= k[1]), "{h}x{w}: {keys:?}");
            }
        }
    }
}

/// Known (Gardner): on an even × even board the second player wins by
/// answering each domino with its image under the half turn; on an even ×
/// odd board the first player wins by taking the two central cells, then
/// answering the same way.
#[test]
fn cram_symmetry_strategies_decide_even_boards() {
    let mut s = solver(Cram);
    for (h, w) in [(2, 2), (2, 4), (4, 4), (2, 6), (4, 6), (2, 10)] {
        let regions = Cram.regions(&Board::full(h, w).unwrap());
        assert!(s.sum_is(&regions, 0).unwrap(), "{h}x{w} is not P");
    }
    for (h, w) in [(2, 3), (2, 5), (4, 3), (4, 5), (2, 9), (6, 3)] {
        let regions = Cram.regions(&Board::full(h, w).unwrap());
        assert!(!s.sum_is(&regions, 0).unwrap(), "{h}x{w} is not N");
    }
}

/// An odd × odd region that the half turn maps to itself, without its
/// centre cell, is a second-player win (answer each domino by its image),
/// as the definition says, and so is any symmetric region inside it.
#[test]
fn cram_odd_boxes_without_their_centre_cell_are_second_player_wins() {
    let mut s = solver(Cram);
    for (h, w) in [(3, 3), (3, 5), (5, 3), (3, 7)] {
        let full = Board::full(h, w).unwrap();
        let centre = full.bit(h / 2, w / 2);
        // The board without its centre, and without the centre and a
        // symmetric pair of corners.
        let corners = full.bit(0, 0) | full.bit(h - 1, w - 1);
        for cells in [full.cells() & !centre, full.cells() & !centre & !corners] {
            let b = Board::new(h, w, cells).unwrap();
            let mut memo = HashMap::new();
            assert_eq!(cram_brute(h, w, cells, &mut memo), 0, "{h}x{w} {cells:#b}");
            assert_eq!(value(&mut s, &b), 0, "{h}x{w} {cells:#b}");
        }
    }
    // Every value the closed forms give on odd × odd boxes is the
    // definition's, and the mirror rule gives some.
    let mut mirrored = 0;
    for (h, w) in [(3, 3), (3, 5), (5, 3)] {
        let mut memo = HashMap::new();
        for cells in 1..1u128 << (h * w) {
            let b = Board::new(h, w, cells).unwrap();
            if let Some(v) = Cram.known_value(&b) {
                assert_eq!(
                    u64::from(v),
                    cram_brute(h, w, cells, &mut memo),
                    "{h}x{w} {cells:#b}"
                );
                mirrored += usize::from(h > 1 && cells & b.bit(h / 2, w / 2) == 0);
            }
        }
    }
    assert!(
        mirrored > 10,
        "only {mirrored} regions decided by the mirror"
    );
}

#[test]
fn node_kayles_on_random_graphs_up_to_10_vertices_equals_the_definition() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for trial in 0..400 {
        let n = 1 + rng.below(10) as usize;
        let density = 1 + rng.below(6);
        let mut edges = Vec::new();
        let mut adjacent = vec![0u32; n];
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(10) < density {
                    edges.push((a, b));
                    adjacent[a] |= 1 << b;
                    adjacent[b] |= 1 << a;
                }
            }
        }
        let names = (0..n).map(|i| format!("v{i}")).collect();
        let g = GraphKayles::new(names, &edges).unwrap();
        let mut s = solver(g.clone());
        let mut memo = HashMap::new();
        // The whole graph and every subset of available vertices.
        for set in 0..1u32 << n {
            let truth = kayles_brute(&adjacent, set, &mut memo);
            let b = g.all().cells() & u128::from(set);
            let b = Board::new(1, n, b).unwrap();
            assert_eq!(
                value(&mut s, &b),
                truth,
                "trial {trial}: {edges:?} set {set:#b}"
            );
            if set == (1 << n) - 1 {
                check_pruned(&g, &b, truth);
            }
        }
    }
}

/// Node Kayles on a path is the octal game 0.137: choosing a vertex takes
/// it and its neighbours (two cells at an end, three inside).
#[test]
fn node_kayles_on_a_path_is_0_137() {
    let values = spec::parse("0.137").unwrap().values(0, 128).unwrap();
    let mut s = solver(NodeKayles);
    for (n, v) in values.iter().enumerate().skip(1) {
        let b = Board::full(1, n).unwrap();
        assert_eq!(value(&mut s, &b), v.value(), "path {n}");
    }
    let dawson = spec::parse("0.07").unwrap().values(0, 128).unwrap();
    let mut s = solver(Cram);
    for (n, v) in dawson.iter().enumerate().skip(1) {
        assert_eq!(
            value(&mut s, &Board::full(1, n).unwrap()),
            v.value(),
            "1x{n}"
        );
    }
}

#[test]
fn node_kayles_on_grids_up_to_4x4_equals_the_definition() {
    let mut s = solver(NodeKayles);
    for (h, w) in [(1, 7), (2, 3), (3, 3), (2, 5), (3, 4), (4, 4)] {
        let n = h * w;
        let adjacent = grid_adjacency(h, w);
        let mut memo = HashMap::new();
        let mut rng = Rng(77 + n as u64);
        let masks: Vec<u32> = if n <= 12 {
            (0..1u32 << n).collect()
        } else {
            std::iter::once((1 << n) - 1)
                .chain((0..2000).map(|_| rng.next() as u32 & ((1 << n) - 1)))
                .collect()
        };
        for set in masks {
            let truth = kayles_brute(&adjacent, set, &mut memo);
            let b = Board::new(h, w, u128::from(set)).unwrap();
            assert_eq!(value(&mut s, &b), truth, "{h}x{w} set {set:#b}");
        }
        check_pruned(&NodeKayles, &Board::full(h, w).unwrap(), {
            kayles_brute(&adjacent, (1 << n) - 1, &mut memo)
        });
    }
}

#[test]
fn chomp_rectangles_are_first_player_wins_and_young_diagrams_equal_the_definition() {
    let mut s = solver(Chomp);
    let mut memo = HashMap::new();
    // Strategy stealing: every rectangle but the poisoned square alone is N.
    for h in 1..=7 {
        for w in 1..=7 {
            let b = Board::full(h, w).unwrap();
            let truth = chomp_brute(&vec![w; h], &mut memo);
            assert_eq!(value(&mut s, &b), truth, "{h}x{w}");
            assert_eq!(truth == 0, (h, w) == (1, 1), "{h}x{w}");
            let regions = Chomp.regions(&b);
            assert_eq!(s.sum_is(&regions, 0).unwrap(), (h, w) == (1, 1));
        }
    }
    let mut rng = Rng(12345);
    for _ in 0..500 {
        let h = 1 + rng.below(7) as usize;
        let mut rows: Vec<usize> = (0..h).map(|_| 1 + rng.below(8) as usize).collect();
        rows.sort_unstable_by(|a, b| b.cmp(a));
        let text = format!(
            "[{}]",
            rows.iter()
                .map(|n| n.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
        let b = parse_chomp(&text).unwrap();
        let truth = chomp_brute(&rows, &mut memo);
        assert_eq!(value(&mut s, &b), truth, "{text}");
        check_pruned(&Chomp, &b, truth);
    }
}

/// Through the spec: the winning moves are exactly the moves to a
/// position of value 0 (single component); outcome-only lists the first.
/// A long analysis reports its work: every `PROGRESS_EVERY` regions
/// listed, also through the game (for the command's progress display).
#[test]
fn a_long_search_reports_the_regions_it_lists() {
    use grundy::solve::placement::PROGRESS_EVERY;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    let mut s = solver(Cram);
    let told = Arc::new(AtomicU64::new(0));
    let t = told.clone();
    s.set_progress(Some(Arc::new(move |n| {
        t.fetch_add(n, Ordering::Relaxed);
    })));
    let board = Board::full(5, 7).unwrap();
    assert_eq!(s.sum_value(&Cram.regions(&board)).unwrap().value(), 1);
    let reported = told.load(Ordering::Relaxed);
    assert!(
        reported > 0,
        "{} regions listed, none reported",
        s.expanded()
    );
    assert_eq!(reported, s.expanded() / PROGRESS_EVERY * PROGRESS_EVERY);

    // Through the game.
    for (game, position) in [("cram", "5x7"), ("node-kayles", "grid:5x9")] {
        let mut g = spec::parse(game).unwrap();
        let told = Arc::new(AtomicU64::new(0));
        let t = told.clone();
        g.set_progress(Arc::new(move |n| {
            t.fetch_add(n, Ordering::Relaxed);
        }));
        g.analyze_without_moves(&[position.to_string()], &AnalyzeOptions::default(), false)
            .unwrap();
        assert!(told.load(Ordering::Relaxed) > 0, "{game} {position}");
    }
}

#[test]
fn analyze_lists_exactly_the_moves_to_p_positions() {
    for (game, position) in [
        ("cram", "3x3"),
        ("cram", "4x5"),
        ("cram", "..#./..../#..."),
        ("node-kayles", "grid:3x5"),
        ("node-kayles", "path:9"),
        ("node-kayles", "cycle:9"),
        ("chomp", "3x4"),
        ("chomp", "[5,3,3,1]"),
    ] {
        let mut g = spec::parse(game).unwrap();
        let full = g
            .analyze(&[position.to_string()], &AnalyzeOptions::default())
            .unwrap();
        let outcome = g
            .analyze_outcome(&[position.to_string()], &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(full.outcome, outcome.outcome, "{game} {position}");
        assert!(outcome.value.is_none());
        let moves = |a: &grundy::strategy::Analysis<String>| {
            a.winning_moves
                .iter()
                .map(|m| m.to[0].clone())
                .collect::<Vec<_>>()
        };
        // Outcome-only proves one winning move: the first of the full list.
        use grundy::strategy::MovesListed;
        let one = if full.outcome == Outcome::N {
            MovesListed::First
        } else {
            MovesListed::All
        };
        assert_eq!(outcome.moves_listed, one, "{game} {position}");
        assert_eq!(full.moves_listed, MovesListed::All);
        let first: Vec<String> = moves(&full).into_iter().take(1).collect();
        assert_eq!(first, moves(&outcome), "{game} {position}");
        assert_eq!(
            full.winning_moves.is_empty(),
            full.value == Some(Nimber::ZERO)
        );
        for m in &full.winning_moves {
            let after = g.analyze(&m.to, &AnalyzeOptions::default()).unwrap();
            assert_eq!(
                after.value,
                Some(Nimber::ZERO),
                "{game} {position} -> {:?}",
                m.to
            );
        }
    }
}

/// Without the moves (`analyze --no-moves`): the full analysis's value and
/// outcome, no move listed, on sums too; outcome-only alike.
#[test]
fn analyze_without_moves_keeps_the_value_and_lists_nothing() {
    for (game, sum) in [
        ("cram", &["3x3"][..]),
        ("cram", &["4x5"][..]),
        ("cram", &["2x3", "3x3", "1x5"][..]),
        ("cram", &["..#./..../#..."][..]),
        ("node-kayles", &["grid:3x5", "cycle:7"][..]),
        ("chomp", &["3x4"][..]),
    ] {
        let sum: Vec<String> = sum.iter().map(|p| p.to_string()).collect();
        let o = AnalyzeOptions::default();
        let mut g = spec::parse(game).unwrap();
        let full = g.analyze(&sum, &o).unwrap();
        let bare = g.analyze_without_moves(&sum, &o, false).unwrap();
        assert!(bare.value.is_some());
        assert_eq!(bare.value, full.value, "{game} {sum:?}");
        assert_eq!(bare.outcome, full.outcome, "{game} {sum:?}");
        assert!(bare.winning_moves.is_empty() && bare.unlisted_moves == 0);
        let outcome = g.analyze_without_moves(&sum, &o, true).unwrap();
        assert_eq!(outcome.outcome, full.outcome, "{game} {sum:?}");
        assert!(outcome.winning_moves.is_empty());
        use grundy::strategy::MovesListed;
        assert_eq!(bare.moves_listed, MovesListed::NotComputed);
        assert_eq!(outcome.moves_listed, MovesListed::NotComputed);
    }
}

/// Boards 128 cells long (the most a board holds) in one row or column:
/// no shift overflows, and the values are the known ones (a Chomp strip of
/// n squares is a Nim heap of n - 1).
#[test]
fn boards_of_128_cells_in_a_line_are_answered() {
    let dawson = spec::parse("0.07").unwrap().values(128, 128).unwrap()[0];
    let kayles = spec::parse("0.137").unwrap().values(128, 128).unwrap()[0];
    for (game, position, want) in [
        ("cram", "1x128", dawson.value()),
        ("cram", "128x1", dawson.value()),
        ("node-kayles", "path:128", kayles.value()),
        ("node-kayles", "128x1", kayles.value()),
        ("chomp", "1x128", 127),
        ("chomp", "128x1", 127),
    ] {
        let a = spec::parse(game)
            .unwrap()
            .analyze(&[position.to_string()], &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.value.map(|v| v.value()), Some(want), "{game} {position}");
    }
}

#[test]
fn bad_placement_positions_are_refused_with_the_reason() {
    let msg = |game: &str, p: &str| {
        spec::parse(game)
            .unwrap()
            .analyze(&[p.to_string()], &AnalyzeOptions::default())
            .unwrap_err()
            .to_string()
    };
    assert!(msg("cram", "12x11").contains("128"));
    assert!(msg("cram", "../.").contains("equal length"));
    assert!(msg("cram", "..o").contains("`o` is not a cell"));
    assert!(msg("chomp", "[1,3]").contains("never increase"));
    assert!(msg("chomp", "[0]").contains("poisoned"));
    assert!(msg("node-kayles", "cycle:0").contains("1 to 128"));
    assert!(msg("node-kayles", "cycle:5-9").contains("not a vertex"));
    let e = spec::parse("cram")
        .unwrap()
        .analyze(&["2x2".to_string()], &AnalyzeOptions { misere: true })
        .unwrap_err()
        .to_string();
    assert!(e.contains("misère"), "{e}");
}

/// Misère Cram by definition (the player who cannot move wins): whether
/// the player to move wins on the free `cells` of an `h × w` box.
fn cram_misere_brute(h: usize, w: usize, cells: u128, memo: &mut HashMap<u128, bool>) -> bool {
    if let Some(&v) = memo.get(&cells) {
        return v;
    }
    let free = |r: usize, c: usize| cells >> (r * w + c) & 1 == 1;
    let mut options = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if free(r, c) && c + 1 < w && free(r, c + 1) {
                options.push(cells & !(1 << (r * w + c)) & !(1 << (r * w + c + 1)));
            }
            if free(r, c) && r + 1 < h && free(r + 1, c) {
                options.push(cells & !(1 << (r * w + c)) & !(1 << ((r + 1) * w + c)));
            }
        }
    }
    let wins = options.is_empty()
        || options
            .into_iter()
            .any(|o| !cram_misere_brute(h, w, o, memo));
    memo.insert(cells, wins);
    wins
}

/// `cells` of an `h × w` box drawn as the spec reads boards.
fn drawn(h: usize, w: usize, cells: u128) -> String {
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    if cells >> (r * w + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The placement games list their moves (for play, misère search and the
/// compounds): each option reads back as the board it draws, there are as
/// many as the definition has, and misère outcomes of single boards and
/// of sums of two boards equal exhaustive misère search.
#[test]
fn placement_moves_and_misere_play_equal_the_definition() {
    let mut memo = HashMap::new();
    let mut rng = Rng(0x5eed_cafe);
    let (h, w) = (3, 3);
    let mut boards = Vec::new();
    for cells in 1u128..1 << (h * w) {
        if cells.count_ones() >= 4 && rng.below(6) == 0 {
            boards.push(cells);
        }
    }
    assert!(boards.len() > 40);
    let mut g = spec::parse("cram").unwrap();
    for &cells in &boards {
        let text = drawn(h, w, cells);
        let options = g.options(&text).unwrap();
        let dominoes = (0..h * w)
            .filter(|&i| cells >> i & 1 == 1)
            .map(|i| {
                let right = i % w + 1 < w && cells >> (i + 1) & 1 == 1;
                let down = i + w < h * w && cells >> (i + w) & 1 == 1;
                usize::from(right) + usize::from(down)
            })
            .sum::<usize>();
        assert_eq!(options.len(), dominoes, "{text}");
        for o in &options {
            assert_eq!(o.len(), 1, "{text}");
            assert_eq!(g.normalize(&o[0]).unwrap(), o[0], "{text} -> {o:?}");
        }
        let report = spec::listed::analyze_misere(g.as_mut(), std::slice::from_ref(&text)).unwrap();
        let wins = cram_misere_brute(h, w, cells, &mut memo);
        assert_eq!(
            (report.analysis.outcome == Outcome::N),
            wins,
            "misère {text}"
        );
        // Every winning move leaves a misère P-position, and each such
        // move is listed.
        for m in &report.analysis.winning_moves {
            let after = spec::listed::analyze_misere(g.as_mut(), &m.to).unwrap();
            assert!(after.analysis.outcome == Outcome::P, "{text} -> {:?}", m.to);
        }
    }
    // Sums of two boards: misère play of a sum by definition.
    for pair in boards.chunks(2).take(12) {
        let [a, b] = pair else { continue };
        // Two boards side by side in a 3 × 7 box (a gap column between).
        let wide = |x: u128| -> u128 {
            (0..h).fold(0, |acc, r| acc | ((x >> (r * w) & 0b111) << (r * 7)))
        };
        let both = wide(*a) | (wide(*b) << 4);
        let mut memo7 = HashMap::new();
        let wins = cram_misere_brute(h, 7, both, &mut memo7);
        let texts = [drawn(h, w, *a), drawn(h, w, *b)];
        let report = spec::listed::analyze_misere(g.as_mut(), &texts).unwrap();
        assert_eq!(
            (report.analysis.outcome == Outcome::N),
            wins,
            "misère {texts:?}"
        );
    }
}

/// Work and table size of the solver on larger Cram boards, the value
/// only (run with
/// `cargo test --release -p grundy --test placement -- --ignored --nocapture`).
#[test]
#[ignore]
fn cram_work_on_larger_boards() {
    for (h, w) in [(4, 7), (5, 6), (5, 7)] {
        for endgame in [(0, 0), (4, 5)] {
            let config = PlacementConfig::default().endgame(endgame);
            let mut s = PlacementSolver::new(Cram, config);
            let t = std::time::Instant::now();
            let v = value(&mut s, &Board::full(h, w).unwrap());
            println!(
                "cram {h}x{w} (end-game box {endgame:?}): value {v}, {} expanded, {} in the table, {:?}",
                s.expanded(),
                s.table_len(),
                t.elapsed()
            );
        }
    }
}

/// Every value the rules know without search (strips, paths, regions
/// their half turn maps to themselves) equals the definition, on every
/// mask of small boxes.
#[test]
fn closed_forms_equal_the_definition() {
    let mut known = 0;
    for (h, w) in [(4, 4), (3, 4), (2, 5), (3, 5), (1, 9), (2, 6)] {
        let n = h * w;
        let adjacent = grid_adjacency(h, w);
        let (mut cram_memo, mut kayles_memo) = (HashMap::new(), HashMap::new());
        for cells in 0..1u128 << n {
            let b = Board::new(h, w, cells).unwrap();
            if let Some(v) = Cram.known_value(&b) {
                let truth = cram_brute(h, w, cells, &mut cram_memo);
                assert_eq!(u64::from(v), truth, "cram {h}x{w} {cells:#b}");
                known += 1;
            }
            if let Some(v) = NodeKayles.known_value(&b) {
                let truth = kayles_brute(&adjacent, cells as u32, &mut kayles_memo);
                assert_eq!(u64::from(v), truth, "kayles {h}x{w} {cells:#b}");
                known += 1;
            }
        }
    }
    assert!(known > 500, "only {known} closed forms met");
}

/// `Rules::option_at` (the option the solver tries first) is the option of
/// that number in the order `Rules::options` lists them, for every game.
#[test]
fn the_option_at_a_number_is_the_listed_one() {
    use grundy::solve::placement::Rules;
    fn check<G: Placement>(game: &G, b: &Board) {
        let mut all: Vec<Vec<Board>> = Vec::new();
        Rules::options(game, b, &mut |regions| all.push(regions.to_vec()));
        for (i, want) in all.iter().enumerate().chain([(all.len(), &Vec::new())]) {
            let mut got = None;
            game.option_at(b, i, &mut |regions| got = Some(regions.to_vec()));
            if i == all.len() {
                assert_eq!(got, None, "{b:?}: no option {i}");
            } else {
                assert_eq!(got.as_ref(), Some(want), "{b:?}: option {i}");
            }
        }
    }
    let mut rng = Rng(0x5eed_0fa1);
    for _ in 0..200 {
        let full = Board::full(4, 5).unwrap();
        let cells = u128::from(rng.next() | rng.next()) & full.mask();
        let b = Board::new(4, 5, cells).unwrap();
        check(&Cram, &b);
        check(&NodeKayles, &b);
        check(
            &GraphKayles::cycle(9).unwrap(),
            &Board::new(1, 9, cells & 0x1ff).unwrap(),
        );
    }
    check(&Chomp, &parse_chomp("[5,4,4,2]").unwrap());
}

/// A table too small for the search (16 KB, no end-game table) forgets
/// regions and searches them again: the values are still the definition's.
#[test]
fn a_table_that_forgets_still_gives_the_values_of_the_definition() {
    let config = PlacementConfig::default()
        .endgame((0, 0))
        .table_bytes(16 << 10);
    let mut s = PlacementSolver::new(Cram, config);
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let (h, w) = (5, 5);
    let mut memo = HashMap::new();
    for _ in 0..40 {
        let cells = u128::from(rng.next() | rng.next() | rng.next()) & ((1 << (h * w)) - 1);
        let b = Board::new(h, w, cells).unwrap();
        let truth = cram_brute(h, w, cells, &mut memo);
        assert_eq!(value(&mut s, &b), truth, "{b:?}");
        assert!(s.table_len() <= 16 << 10, "{} regions kept", s.table_len());
    }
    let full = Board::full(4, 6).unwrap();
    let truth = cram_brute(4, 6, full.mask(), &mut HashMap::new());
    assert_eq!(value(&mut s, &full), truth);
}

#[test]
fn a_saved_table_is_read_back_by_the_library_function_that_checks_its_magic() {
    use grundy::solve::placement::table::read_file;
    let dir = std::env::temp_dir().join(format!("grundy-table-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut game = spec::parse("cram").unwrap();
    game.analyze(&["3x3".to_string()], &AnalyzeOptions::default())
        .unwrap();
    let saved = game.save_table().unwrap();
    let file = dir.join("t.bin");
    std::fs::write(&file, &saved).unwrap();
    assert_eq!(read_file(&file).unwrap(), Some(saved.clone()));
    let mut fresh = spec::parse("cram").unwrap();
    fresh.load_table(&saved, "t.bin").unwrap();
    assert!(read_file(&dir.join("missing.bin")).unwrap().is_none());
    std::fs::write(&file, b"NOTATABLE and more").unwrap();
    let e = read_file(&file).unwrap_err().to_string();
    assert!(e.contains("GRUNDYPT"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

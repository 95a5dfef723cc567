use super::*;

/// A chain 0 <- 1 <- 2 <- ... : deep enough to overflow any call stack
/// if the solver recursed.
struct Chain;
impl Game for Chain {
    type Position = u64;
    fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
        if *p > 0 {
            f(&[*p - 1]);
        }
    }
}

/// 0 -> 1 -> 2 -> 0: a cycle.
struct Triangle;
impl Game for Triangle {
    type Position = u8;
    fn options(&self, p: &u8, f: &mut dyn FnMut(&[u8])) {
        f(&[(*p + 1) % 3]);
    }
}

#[test]
fn deep_chain_needs_no_call_stack() {
    let mut s = MemoSolver::new(Chain);
    assert_eq!(s.nim_value(&1_000_000).unwrap(), Nimber::ZERO);
    assert_eq!(s.nim_value(&1_000_001).unwrap(), Nimber::STAR);
}

#[test]
fn a_cycle_is_an_error_naming_a_position_and_the_solver_stays_usable() {
    let mut s = MemoSolver::new(Triangle);
    let e = s.nim_value(&0).unwrap_err();
    assert!(
        matches!(e.kind(), ErrorKind::Cycle { position } if position == "0"),
        "{e}"
    );
    assert!(s.frames.is_empty() && s.is_empty());
    assert!(s.nim_value(&1).is_err());
}

#[test]
fn the_position_cap_is_an_error_not_an_abort() {
    let mut s = MemoSolver::with_config(Chain, MemoConfig { max_positions: 100 });
    assert_eq!(s.nim_value(&50).unwrap(), Nimber::ZERO);
    let e = s.nim_value(&1000).unwrap_err();
    assert_eq!(e.kind(), &ErrorKind::TooManyPositions { limit: 100 });
    // What was solved before the error is still there and correct.
    assert_eq!(s.nim_value(&49).unwrap(), Nimber::STAR);
}

/// Options that are sums: split a heap into two non-empty heaps
/// (any sizes), a game whose value of n is known to be ... computed
/// here against the definition.
struct Split;
impl Game for Split {
    type Position = u32;
    fn options(&self, p: &u32, f: &mut dyn FnMut(&[u32])) {
        for a in 1..*p {
            f(&[a, *p - a]);
        }
    }
}

/// Take 1, 3 or 4; `Indexed` keeps heaps below 50 in the flat table and
/// hashes the rest, `Hashed` hashes everything.
struct Indexed;
struct Hashed;
fn take134(p: &u64, f: &mut dyn FnMut(&[u64])) {
    for s in [1, 3, 4] {
        if s <= *p {
            f(&[*p - s]);
        }
    }
}
impl Game for Indexed {
    type Position = u64;
    fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
        take134(p, f)
    }
    fn position_index(&self, p: &u64) -> Option<usize> {
        (*p < 50).then_some(*p as usize)
    }
}
impl Game for Hashed {
    type Position = u64;
    fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
        take134(p, f)
    }
}

#[test]
fn the_flat_table_and_the_hash_map_agree() {
    let mut a = MemoSolver::new(Indexed);
    let mut b = MemoSolver::new(Hashed);
    for n in (0..300u64).rev() {
        assert_eq!(
            a.nim_value(&n).unwrap(),
            b.nim_value(&n).unwrap(),
            "heap {n}"
        );
        assert_eq!(a.cached_value(&n), b.cached_value(&n));
    }
    assert_eq!(a.len(), b.len());
    // A cap smaller than an index sends that position to the hash map.
    let mut c = MemoSolver::with_config(Indexed, MemoConfig { max_positions: 20 });
    assert_eq!(c.nim_value(&10).unwrap(), b.nim_value(&10).unwrap());
    assert!(c.nim_value(&45).is_err());
}

#[test]
fn sums_are_xor_of_components() {
    // Splitting into two heaps: G(1)=0, G(2)=mex{0^0}=1, G(3)=mex{0^1}=0,
    // G(4)=mex{G1^G3, G2^G2}=mex{0,0}=1: G(n) = 1 - n%2 for n>=1.
    let mut s = MemoSolver::new(Split);
    for n in 1..40u32 {
        assert_eq!(s.nim_value(&n).unwrap().value(), u64::from(n % 2 == 0));
    }
    assert_eq!(s.sum_value(&[2, 4, 6]).unwrap(), Nimber::STAR);
}

/// A random acyclic game on positions `0..n`: each position's options
/// are sums of 0 to 3 smaller positions (the empty sum included), some
/// single components; `indexed` positions below `n / 2` go to the flat
/// table, the rest are hashed; `batched` writes them with
/// `extend_one`/`push_one`/`push` instead of the callback bridge.
struct RandomGame {
    options: Vec<Vec<Vec<u32>>>,
    batched: bool,
    /// Lists options as indices where they are all single and indexed
    /// (the lean loop), with the way back from indices.
    lean: bool,
    /// Positions below this are indexed (the flat table), the rest
    /// hashed.
    indexed_below: usize,
}
impl RandomGame {
    fn new(n: u32, seed: u64) -> RandomGame {
        let mut rng = crate::util::TestRng(seed);
        let options = (0..n)
            .map(|p| {
                (0..rng.below(6))
                    .filter(|_| p > 0)
                    .map(|_| {
                        let k = [1, 1, 1, 2, 3, 0][rng.below(6) as usize];
                        (0..k).map(|_| rng.below(u64::from(p)) as u32).collect()
                    })
                    .collect()
            })
            .collect();
        RandomGame {
            options,
            batched: false,
            lean: false,
            indexed_below: n as usize / 2,
        }
    }
}
impl Game for RandomGame {
    type Position = u32;
    fn options(&self, p: &u32, f: &mut dyn FnMut(&[u32])) {
        for o in &self.options[*p as usize] {
            f(o);
        }
    }
    fn options_into(&self, p: &u32, out: &mut OptionList<u32>) {
        if !self.batched {
            return self.options(p, &mut |o| out.push(o));
        }
        for o in &self.options[*p as usize] {
            match o.as_slice() {
                [c] if c % 2 == 0 => out.push_one(*c),
                [c] => out.extend_one([*c]),
                _ => out.push(o),
            }
        }
    }
    fn position_index(&self, p: &u32) -> Option<usize> {
        ((*p as usize) < self.indexed_below).then_some(*p as usize)
    }
    fn option_indices(&self, p: &u32, out: &mut Vec<usize>) -> bool {
        let options = &self.options[*p as usize];
        let indexed = |o: &Vec<u32>| o.len() == 1 && (o[0] as usize) < self.indexed_below;
        if !self.lean || !options.iter().all(indexed) {
            return false;
        }
        // Any order: the last first.
        out.extend(options.iter().rev().map(|o| o[0] as usize));
        true
    }
    fn index_position(&self, i: usize) -> Option<u32> {
        (self.lean && i < self.indexed_below).then_some(i as u32)
    }
}

/// `G(p)` by the definition, bottom up over the callback listing.
fn by_definition(g: &RandomGame) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::new();
    for p in 0..g.options.len() as u32 {
        let seen: Vec<u64> = crate::game::collect_options(g, &p)
            .iter()
            .map(|o| o.iter().fold(0, |x, &c| x ^ values[c as usize]))
            .collect();
        values.push((0..).find(|v| !seen.contains(v)).expect("a mex"));
    }
    values
}

#[test]
fn batched_and_callback_listings_give_the_definition_on_random_games() {
    for seed in 1..40u64 {
        let n = 30 + (seed as u32 * 7) % 90;
        let mut game = RandomGame::new(n, seed.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let want = by_definition(&game);
        for (batched, lean) in [(false, false), (true, false), (false, true), (true, true)] {
            (game.batched, game.lean) = (batched, lean);
            // From the top (deep stacks, sums pending) and bottom up
            // (every option known: the fast path).
            let mut top = MemoSolver::new(&game);
            let mut bottom = MemoSolver::new(&game);
            for p in (0..n).rev() {
                let v = top.nim_value(&p).unwrap().value();
                assert_eq!(
                    v, want[p as usize],
                    "seed {seed} batched {batched} lean {lean} p {p}"
                );
            }
            for p in 0..n {
                assert_eq!(bottom.nim_value(&p).unwrap().value(), want[p as usize]);
            }
            assert!(top.frames.is_empty() && top.options.components().is_empty());
        }
    }
}

#[test]
fn a_cycle_behind_a_known_option_and_a_self_loop_are_errors() {
    // 3 -> {0, 2}, 2 -> 1, 1 -> 2: the cycle is found below a frame.
    struct G;
    impl Game for G {
        type Position = u8;
        fn options(&self, p: &u8, f: &mut dyn FnMut(&[u8])) {
            match p {
                3 => {
                    f(&[0]);
                    f(&[2, 0]);
                }
                2 => f(&[1]),
                1 => f(&[2]),
                4 => f(&[4]),
                _ => {}
            }
        }
        fn position_index(&self, p: &u8) -> Option<usize> {
            (*p < 2).then_some(*p as usize)
        }
    }
    let mut s = MemoSolver::new(G);
    assert!(matches!(
        s.nim_value(&3).unwrap_err().kind(),
        ErrorKind::Cycle { .. }
    ));
    assert!(matches!(
        s.nim_value(&4).unwrap_err().kind(),
        ErrorKind::Cycle { .. }
    ));
    assert_eq!(s.nim_value(&0).unwrap(), Nimber::ZERO);
    assert!(s.frames.is_empty() && s.ids.is_empty());
}

#[test]
fn indexed_half_indexed_and_hashed_games_give_the_definition() {
    for seed in 1..30u64 {
        let n = 40 + (seed as u32 * 13) % 150;
        let mut game = RandomGame::new(n, seed.wrapping_mul(0xD1B5_4A32_D192_ED03));
        let want = by_definition(&game);
        // Frames kept by index only, mixed, with ids only; and a cap
        // below the indices, which sends indexed positions to the map.
        let cases = [(n, None), (n / 3, None), (0, None), (n, Some(n / 2))];
        for ((indexed_below, cap), lean) in cases.into_iter().flat_map(|c| [(c, false), (c, true)])
        {
            (game.indexed_below, game.lean) = (indexed_below as usize, lean);
            let config = MemoConfig {
                max_positions: cap.map_or(usize::MAX, |c| c as usize),
            };
            let mut top = MemoSolver::with_config(&game, config);
            for p in (0..n).rev() {
                match top.nim_value(&p) {
                    Ok(v) => {
                        assert_eq!(v.value(), want[p as usize], "seed {seed} lean {lean} p {p}")
                    }
                    // Only a cap may refuse, never answer wrongly.
                    Err(e) => {
                        assert!(cap.is_some(), "seed {seed} p {p}: {e}");
                        assert!(matches!(e.kind(), ErrorKind::TooManyPositions { .. }));
                    }
                }
            }
            assert!(top.frames.is_empty() && top.ids.is_empty());
            assert!(top.options.components().is_empty());
        }
    }
}

#[test]
fn the_lean_loop_gives_the_definition_on_random_games_of_single_options() {
    for seed in 1..40u64 {
        let n = 50 + (seed as u32 * 11) % 200;
        let mut game = RandomGame::new(n, seed.wrapping_mul(0xA076_1D64_78BD_642F));
        // Every option one component, but every ninth position keeps a sum
        // (the general path, called from inside the lean loop).
        for (p, options) in game.options.iter_mut().enumerate() {
            if p % 9 != 4 {
                options.retain(|o| !o.is_empty());
                options.iter_mut().for_each(|o| o.truncate(1));
            }
        }
        let want = by_definition(&game);
        for lean in [false, true] {
            game.lean = lean;
            game.indexed_below = n as usize;
            let (mut top, mut bottom) = (MemoSolver::new(&game), MemoSolver::new(&game));
            for p in (0..n).rev() {
                let v = top.nim_value(&p).unwrap().value();
                assert_eq!(v, want[p as usize], "seed {seed} lean {lean} p {p}");
            }
            for p in 0..n {
                assert_eq!(bottom.nim_value(&p).unwrap().value(), want[p as usize]);
            }
            // One solve from the top of all: a fresh table that grows.
            let mut once = MemoSolver::new(&game);
            once.nim_value(&(n - 1)).unwrap();
            for p in 0..n {
                if let Some(v) = once.cached_value(&p) {
                    assert_eq!(v.value(), want[p as usize], "seed {seed} lean {lean} p {p}");
                }
            }
            assert!(top.lean.is_empty() && top.frames.is_empty());
        }
    }
}

#[test]
fn the_lean_loop_finds_cycles_and_leaves_the_solver_usable() {
    // 3 -> {0, 2}, 2 -> 1, 1 -> 2, 4 -> 4, 5 -> {0, 6}, 6 -> {5, 0}: all
    // listed by index.
    struct G;
    const OPTIONS: [&[usize]; 7] = [&[], &[2], &[1], &[0, 2], &[4], &[0, 6], &[5, 0]];
    impl Game for G {
        type Position = u8;
        fn options(&self, p: &u8, f: &mut dyn FnMut(&[u8])) {
            for &o in OPTIONS[*p as usize] {
                f(&[o as u8]);
            }
        }
        fn position_index(&self, p: &u8) -> Option<usize> {
            Some(*p as usize)
        }
        fn option_indices(&self, p: &u8, out: &mut Vec<usize>) -> bool {
            out.extend_from_slice(OPTIONS[*p as usize]);
            true
        }
        fn index_position(&self, i: usize) -> Option<u8> {
            u8::try_from(i).ok().filter(|&p| p < 7)
        }
    }
    let mut s = MemoSolver::new(G);
    for p in [3, 4, 5, 6, 3, 1] {
        let e = s.nim_value(&p).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{p}: {e}");
        assert!(s.lean.is_empty() && s.frames.is_empty());
        assert_eq!(s.cached_value(&p), None);
    }
    assert_eq!(s.nim_value(&0).unwrap(), Nimber::ZERO);
    assert_eq!(s.len(), 1);
}

#[test]
fn a_game_whose_index_changes_is_an_error_not_a_panic() {
    use std::cell::Cell;
    /// Indexes each heap as itself on the first call, nowhere after.
    struct Fickle(Cell<u32>);
    impl Game for Fickle {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            take134(p, f)
        }
        fn position_index(&self, p: &u64) -> Option<usize> {
            self.0.set(self.0.get() + 1);
            (self.0.get() < 40).then_some(*p as usize)
        }
    }
    let mut s = MemoSolver::new(Fickle(Cell::new(0)));
    // Whatever it answers is by the definition or an error.
    if let Ok(v) = s.nim_value(&30) {
        assert_eq!(v, MemoSolver::new(Hashed).nim_value(&30).unwrap());
    }
    assert!(s.frames.is_empty());
}

#[test]
fn listings_of_many_options_with_large_values_give_the_definition() {
    // A Nim heap: every smaller heap is an option, G(n) = n. Listings of
    // 64 options and more, values past the mex table's first size.
    struct Heap(bool);
    impl Game for Heap {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            for q in 0..*p {
                f(&[q]);
            }
        }
        fn position_index(&self, p: &u64) -> Option<usize> {
            self.0.then_some(*p as usize)
        }
    }
    for indexed in [true, false] {
        let mut top = MemoSolver::new(Heap(indexed));
        assert_eq!(top.nim_value(&300).unwrap().value(), 300);
        let mut bottom = MemoSolver::new(Heap(indexed));
        for n in 0..300u64 {
            assert_eq!(
                bottom.nim_value(&n).unwrap().value(),
                n,
                "indexed {indexed}"
            );
            assert_eq!(top.cached_value(&n), Some(Nimber::new(n)));
        }
    }
}

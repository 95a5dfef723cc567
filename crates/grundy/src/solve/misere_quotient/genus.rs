//! Misère nim-values and Conway's genus of a position of any finite game.
//!
//! The misère nim-value `G⁻(X)` is `1` for a position with no move and
//! `mex{G⁻(X′)}` over the options otherwise (`G⁻(X) = 0` iff `X` is a
//! misère P-position). Conway's genus (On Numbers and Games, ch. 12; as
//! CGSuite's `Genus`) is `g^γ₀γ₁γ₂…` with `g` the normal-play nim-value and
//! `γₙ = G⁻(X + n·*2)` (`n` nim-heaps of size 2 added). The sequence `γ`
//! ends alternating with period 2 (Conway); it is written up to the term
//! after the one where the alternation starts: `0^120` for the empty game,
//! `1^031` for `*`, `2^20` for `*2`.
//!
//! Algorithm: the components reachable from the position are listed first
//! (each one's options once, with an explicit stack of components still to
//! list), then one memoized search (explicit stack) over the states (sorted
//! components, copies of `*1`, copies of `*2`) computes the misère value,
//! the normal value and the height (longest play) of each. Neither step
//! recurses, so a chain of a million moves needs no more call stack than a
//! chain of one. `γₙ` is computed by definition for `n ≤ height + 4`; the
//! alternation is read off those terms (a test checks it against further
//! terms on many games). Time and memory: one entry per reachable component
//! and one memo entry per reachable state, each capped by [`MAX_STATES`]
//! ([`misere_nim_value_within`] takes another cap) with
//! [`ErrorKind::TooManyPositions`]. The genus of a position of height `h`
//! needs the states with up to `h + 4` copies of `*2`: for long games it
//! stops at the cap.

use crate::error::{ErrorKind, Result};
use crate::game::Game;
use crate::nimber::{Mex, Nimber};
use crate::solve::arena::ComponentArena;
use rustc_hash::FxHashMap;
use std::fmt;

/// Conway's genus `g^γ₀γ₁…` of a position (module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Genus {
    /// The normal-play nim-value.
    pub normal: u64,
    /// `γ₀, γ₁, …` up to the term after the start of the period-2 tail.
    pub gammas: Vec<u64>,
}

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}^", self.normal)?;
        if self.gammas.iter().all(|&g| g < 10) {
            for g in &self.gammas {
                write!(f, "{g}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.gammas.iter().map(|g| g.to_string()).collect();
            write!(f, "[{}]", parts.join(","))
        }
    }
}

/// Most states a genus or misère nim-value search stores.
pub const MAX_STATES: usize = 2_000_000;

/// The misère nim-value of the sum of `components` (at most
/// [`MAX_STATES`] sums and components stored).
pub fn misere_nim_value<G: Game>(game: &G, components: &[G::Position]) -> Result<u64> {
    misere_nim_value_within(game, components, MAX_STATES, u64::MAX)
}

/// [`misere_nim_value`] storing at most `max_states` sums (and at most as
/// many components): beyond, [`ErrorKind::TooManyPositions`] naming it;
/// and writing at most `max_work` components into the sums its moves lead
/// to (a sum of many components costs that many a move): beyond, an
/// [`ErrorKind::Unsupported`] error naming the limit.
pub fn misere_nim_value_within<G: Game>(
    game: &G,
    components: &[G::Position],
    max_states: usize,
    max_work: u64,
) -> Result<u64> {
    let mut s = Search::new(game, max_states);
    s.max_work = max_work;
    let root = s.state(components, 0)?;
    Ok(s.solve(root)?.misere)
}

/// Conway's genus of the sum of `components` (at most [`MAX_STATES`] sums
/// and components stored).
pub fn genus<G: Game>(game: &G, components: &[G::Position]) -> Result<Genus> {
    let mut s = Search::new(game, MAX_STATES);
    let root = s.state(components, 0)?;
    let base = s.solve(root)?;
    let last = u32::try_from(base.height + 4).unwrap_or(u32::MAX - 1);
    let mut gammas = Vec::new();
    for n in 0..=last {
        let st = s.state(components, n)?;
        gammas.push(s.solve(st)?.misere);
    }
    Ok(Genus {
        normal: base.normal,
        gammas: abbreviate(&gammas),
    })
}

/// The terms up to the one after the start of the period-2 tail.
fn abbreviate(gammas: &[u64]) -> Vec<u64> {
    let n = gammas.len();
    let mut start = n.saturating_sub(2);
    while start > 0 && gammas[start - 1] == gammas[start + 1] {
        start -= 1;
    }
    gammas[..(start + 2).min(n)].to_vec()
}

#[derive(Clone, Copy, Debug)]
struct Values {
    misere: u64,
    normal: u64,
    height: u64,
}

/// (sorted non-terminal component ids, copies of *1, copies of *2)
type State = (Box<[u32]>, u32, u32);

struct Search<'g, G: Game> {
    game: &'g G,
    /// The components seen, interned, each with its options listed.
    arena: ComponentArena<G::Position>,
    memo: FxHashMap<State, Option<Values>>,
    /// Most states (and most components) stored.
    max_states: usize,
    /// Most components written into the children of states, and how many
    /// were.
    max_work: u64,
    work: u64,
}

impl<'g, G: Game> Search<'g, G> {
    fn new(game: &'g G, max_states: usize) -> Self {
        Search {
            game,
            max_states,
            max_work: u64::MAX,
            work: 0,
            arena: ComponentArena::default(),
            memo: FxHashMap::default(),
        }
    }

    /// The id of component `p`, listing the options of every component
    /// reachable from it on the way (with an explicit stack of components
    /// whose options are still to be listed, so a long chain of moves needs
    /// no recursion). Every id handed out has its options listed when this
    /// returns.
    fn intern(&mut self, p: &G::Position) -> Result<u32> {
        if let Some(id) = self.arena.get(p) {
            return Ok(id);
        }
        let root = self.new_id(p)?;
        let mut pending = vec![(root, p.clone())];
        while let Some((id, position)) = pending.pop() {
            let mut raw: Vec<Vec<G::Position>> = Vec::new();
            self.game.options(&position, &mut |o| raw.push(o.to_vec()));
            let mut opts = Vec::with_capacity(raw.len());
            for option in &raw {
                let mut parts = Vec::with_capacity(option.len());
                for c in option {
                    let part = match self.arena.get(c) {
                        Some(known) => known,
                        None => {
                            let fresh = self.new_id(c)?;
                            pending.push((fresh, c.clone()));
                            fresh
                        }
                    };
                    parts.push(part);
                }
                opts.push(parts);
            }
            self.arena.set_options(id, opts);
        }
        Ok(root)
    }

    /// A fresh id for `p`, its options not yet listed; an error once the
    /// components reach the cap on states.
    fn new_id(&mut self, p: &G::Position) -> Result<u32> {
        if self.arena.len() >= self.max_states {
            return Err(ErrorKind::TooManyPositions {
                limit: self.max_states,
            }
            .into());
        }
        Ok(self.arena.intern(p.clone()))
    }

    fn normalize(&self, mut ids: Vec<u32>) -> Box<[u32]> {
        ids.retain(|&i| !self.arena.listed_options(i).is_empty());
        ids.sort_unstable();
        ids.into_boxed_slice()
    }

    fn state(&mut self, components: &[G::Position], twos: u32) -> Result<State> {
        let mut ids = Vec::new();
        for c in components {
            for part in self.game.components(c) {
                ids.push(self.intern(&part)?);
            }
        }
        Ok((self.normalize(ids), 0, twos))
    }

    fn children(&self, s: &State) -> Vec<State> {
        let (comps, ones, twos) = s;
        let mut out = Vec::new();
        for (i, &id) in comps.iter().enumerate() {
            if i > 0 && comps[i - 1] == id {
                continue;
            }
            for opt in self.arena.listed_options(id) {
                let mut next: Vec<u32> = comps[..i].to_vec();
                next.extend_from_slice(&comps[i + 1..]);
                next.extend_from_slice(opt);
                out.push((self.normalize(next), *ones, *twos));
            }
        }
        if *ones > 0 {
            out.push((comps.clone(), ones - 1, *twos));
        }
        if *twos > 0 {
            out.push((comps.clone(), ones + 1, twos - 1));
            out.push((comps.clone(), *ones, twos - 1));
        }
        out
    }

    /// Counts the components written into `children` against `max_work`.
    fn spend(&mut self, children: &[State]) -> Result<()> {
        let written: usize = children.iter().map(|c| c.0.len()).sum();
        self.work = self.work.saturating_add(written as u64);
        if self.work > self.max_work {
            return Err(crate::error::Error::unsupported(format!(
                "the misère nim-value search stopped after writing {} components into sums, \
                 its limit",
                self.max_work
            )));
        }
        Ok(())
    }

    fn solve(&mut self, root: State) -> Result<Values> {
        if let Some(Some(v)) = self.memo.get(&root) {
            return Ok(*v);
        }
        // Frames: (state, its children); a state is finished once every
        // child has values.
        let mut stack: Vec<(State, Vec<State>)> = Vec::new();
        let children = self.children(&root);
        self.spend(&children)?;
        self.memo.insert(root.clone(), None);
        stack.push((root.clone(), children));
        while let Some((state, children)) = stack.last() {
            let pending = children
                .iter()
                .find(|c| !matches!(self.memo.get(*c), Some(Some(_))))
                .cloned();
            match pending {
                Some(child) => {
                    if self.memo.contains_key(&child) {
                        let position = format!("{:?}", child.0);
                        return Err(ErrorKind::Cycle { position }.into());
                    }
                    if self.memo.len() >= self.max_states {
                        return Err(ErrorKind::TooManyPositions {
                            limit: self.max_states,
                        }
                        .into());
                    }
                    let grand = self.children(&child);
                    self.spend(&grand)?;
                    self.memo.insert(child.clone(), None);
                    stack.push((child, grand));
                }
                None => {
                    let values = if children.is_empty() {
                        Values {
                            misere: 1,
                            normal: 0,
                            height: 0,
                        }
                    } else {
                        let mut mis = Mex::new();
                        let mut nor = Mex::new();
                        let mut height = 0;
                        for c in children {
                            let v = self.memo[c].expect("children are solved");
                            mis.insert(Nimber::new(v.misere));
                            nor.insert(Nimber::new(v.normal));
                            height = height.max(v.height + 1);
                        }
                        Values {
                            misere: mis.mex().value(),
                            normal: nor.mex().value(),
                            height,
                        }
                    };
                    let state = state.clone();
                    self.memo.insert(state, Some(values));
                    stack.pop();
                }
            }
        }
        Ok(self.memo[&root].expect("the root is solved"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Nim;
    use crate::solve::MisereSolver;

    /// Conway's table (On Numbers and Games, ch. 12): the genus of the
    /// nim-heap *n is 0^120, 1^031, and n^(n)(n⊕2) for n ≥ 2.
    #[test]
    fn genus_of_nim_heaps_is_conways() {
        assert_eq!(genus(&Nim, &[0]).unwrap().to_string(), "0^120");
        assert_eq!(genus(&Nim, &[1]).unwrap().to_string(), "1^031");
        assert_eq!(genus(&Nim, &[2]).unwrap().to_string(), "2^20");
        assert_eq!(genus(&Nim, &[3]).unwrap().to_string(), "3^31");
        assert_eq!(genus(&Nim, &[4]).unwrap().to_string(), "4^46");
        assert_eq!(genus(&Nim, &[1, 1]).unwrap().to_string(), "0^120");
    }

    /// Misère nim-values of Nim positions by the rule: the nim-sum when a
    /// heap is 2 or more, else the nim-sum XOR 1; and 0 exactly on misère
    /// P-positions (exhaustive search).
    #[test]
    fn misere_nim_values_of_nim_by_the_rule_and_by_search() {
        let mut search = MisereSolver::new(Nim);
        for a in 0..5u64 {
            for b in 0..5 {
                for c in 0..3 {
                    let heaps = [a, b, c];
                    let x = a ^ b ^ c;
                    let rule = if heaps.iter().any(|&h| h > 1) {
                        x
                    } else {
                        x ^ 1
                    };
                    let v = misere_nim_value(&Nim, &heaps).unwrap();
                    assert_eq!(v, rule, "{heaps:?}");
                    let p = search.outcome(&heaps).unwrap() == crate::game::Outcome::P;
                    assert_eq!(v == 0, p, "{heaps:?}");
                }
            }
        }
    }

    /// The genus read from terms up to height + 4 agrees with the
    /// definition much further on (the tail alternates).
    #[test]
    fn the_genus_tail_alternates_beyond_the_computed_terms() {
        let games = ["0.07", "0.77", "0.137", "4.7", "0.31"];
        for code in games {
            let g = crate::game::TakeBreak::octal(code).unwrap();
            for n in 0..9u64 {
                let gen = genus(&g, &[n]).unwrap();
                let mut s = Search::new(&g, MAX_STATES);
                let root = s.state(&[n], 0).unwrap();
                let h = s.solve(root).unwrap().height;
                let k = gen.gammas.len();
                let (x, y) = (gen.gammas[k - 2], gen.gammas[k - 1]);
                for m in k..(h as usize + 12) {
                    let st = s.state(&[n], m as u32).unwrap();
                    let v = s.solve(st).unwrap().misere;
                    let want = if (m - k) % 2 == 0 { x } else { y };
                    assert_eq!(v, want, "{code} heap {n} γ_{m}");
                }
            }
        }
    }

    /// Runs `f` on a thread with a 256 KiB stack: a recursion as deep as
    /// the chains below overflows it at once.
    fn on_a_small_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
        std::thread::Builder::new()
            .stack_size(256 << 10)
            .spawn(f)
            .expect("a thread starts")
            .join()
            .expect("the thread does not panic")
    }

    /// Regression: `misere_nim_value(&sub:1, &[100_000])` overflowed the
    /// stack (the components were listed by recursion). On the chain of
    /// `sub:1` the misère nim-value alternates 1, 0, 1, ... from heap 0.
    #[test]
    fn misere_nim_value_of_a_chain_of_100000_moves_does_not_overflow_the_stack() {
        let v = on_a_small_stack(|| {
            let g = crate::games::Subtraction::finite(&[1]).unwrap();
            (
                misere_nim_value(&g, &[100_000]).unwrap(),
                misere_nim_value(&g, &[100_001]).unwrap(),
            )
        });
        assert_eq!(v, (1, 0));
    }

    /// Regression: `genus(&sub:1, &[100_000])` aborted with a stack
    /// overflow in a release build. Its `γ` terms need sums with up to
    /// 100,004 copies of `*2`, so it stops at the cap on states, with an
    /// error naming it.
    #[test]
    fn genus_of_a_chain_of_100000_moves_stops_at_its_cap_without_overflowing_the_stack() {
        let e = on_a_small_stack(|| {
            let g = crate::games::Subtraction::finite(&[1]).unwrap();
            genus(&g, &[100_000]).unwrap_err()
        });
        assert_eq!(e.kind(), &ErrorKind::TooManyPositions { limit: MAX_STATES });
    }

    /// The cap counts components too: a chain longer than the cap is
    /// refused before its components are all listed.
    #[test]
    fn a_chain_longer_than_the_cap_is_refused_naming_it() {
        let g = crate::games::Subtraction::finite(&[1]).unwrap();
        let e = misere_nim_value_within(&g, &[1_000], 100, u64::MAX).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::TooManyPositions { limit: 100 });
        assert_eq!(
            misere_nim_value_within(&g, &[98], 100, u64::MAX).unwrap(),
            1
        );
        // 98 states with one child of one component each (and the empty
        // sum): 97 components written.
        assert_eq!(misere_nim_value_within(&g, &[98], 100, 97).unwrap(), 1);
        let e = misere_nim_value_within(&g, &[98], 100, 96).unwrap_err();
        assert!(e.to_string().contains("after writing 96 components"), "{e}");
    }
}

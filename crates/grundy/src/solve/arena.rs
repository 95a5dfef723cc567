//! The components of a search, interned: each distinct position gets a
//! small integer id (`0, 1, 2, …` in order of first sight), and its options
//! are kept as lists of ids, each listed once.
//!
//! The searches over sums (misère play, remoteness, the misère genus, loopy
//! games) all name a sum by the ids of its parts, so that a state is a
//! short slice of `u32` and hashing it never touches a position again.
//!
//! Time: one hash look-up per component seen; the options of a component
//! are computed at most once. Memory: each position once (in the map and
//! in the id-indexed list), plus its options as ids once listed.
//! Invariant: `ids[positions[i]] == i` for every id `i`, and
//! `options.len() == positions.len()`.

use crate::game::Game;
use rustc_hash::FxHashMap;
use std::hash::Hash;

/// Positions interned to ids, with their options (as ids) once listed.
#[derive(Clone, Debug)]
pub(crate) struct ComponentArena<P> {
    ids: FxHashMap<P, u32>,
    positions: Vec<P>,
    /// Per id: its options as lists of ids, once listed.
    options: Vec<Option<Vec<Vec<u32>>>>,
}

impl<P> Default for ComponentArena<P> {
    fn default() -> Self {
        ComponentArena {
            ids: FxHashMap::default(),
            positions: Vec::new(),
            options: Vec::new(),
        }
    }
}

impl<P: Clone + Eq + Hash> ComponentArena<P> {
    /// How many positions have an id.
    pub(crate) fn len(&self) -> usize {
        self.positions.len()
    }

    /// The id of `p`, if it has one.
    pub(crate) fn get(&self, p: &P) -> Option<u32> {
        self.ids.get(p).copied()
    }

    /// The id of `p`, a fresh one (its options not listed) on first sight.
    pub(crate) fn intern(&mut self, p: P) -> u32 {
        if let Some(&id) = self.ids.get(&p) {
            return id;
        }
        let id = self.positions.len() as u32;
        self.ids.insert(p.clone(), id);
        self.positions.push(p);
        self.options.push(None);
        id
    }

    /// The position of id `id`.
    pub(crate) fn position(&self, id: u32) -> &P {
        &self.positions[id as usize]
    }

    /// Every position, indexed by id.
    pub(crate) fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The options of `id` as set by [`set_options`](Self::set_options)
    /// or listed by [`options_of`](Self::options_of); empty when not yet
    /// listed.
    pub(crate) fn listed_options(&self, id: u32) -> &[Vec<u32>] {
        self.options[id as usize].as_deref().unwrap_or(&[])
    }

    /// Whether the options of `id` have been listed.
    pub(crate) fn is_listed(&self, id: u32) -> bool {
        self.options[id as usize].is_some()
    }

    /// Records the options of `id` (lists of ids).
    pub(crate) fn set_options(&mut self, id: u32, options: Vec<Vec<u32>>) {
        self.options[id as usize] = Some(options);
    }

    /// The options of `id` in `game`, listed (and their parts interned) on
    /// the first call only.
    pub(crate) fn options_of<G: Game<Position = P> + ?Sized>(
        &mut self,
        game: &G,
        id: u32,
    ) -> &[Vec<u32>] {
        if !self.is_listed(id) {
            let p = self.positions[id as usize].clone();
            let mut raw: Vec<Vec<P>> = Vec::new();
            game.options(&p, &mut |o| raw.push(o.to_vec()));
            let opts = raw
                .into_iter()
                .map(|o| o.into_iter().map(|c| self.intern(c)).collect())
                .collect();
            self.set_options(id, opts);
        }
        self.listed_options(id)
    }

    /// The canonical form of a sum of components `ids`: the terminal ones
    /// dropped (a move never starts there), the rest sorted.
    pub(crate) fn normalize<G: Game<Position = P> + ?Sized>(
        &mut self,
        game: &G,
        mut ids: Vec<u32>,
    ) -> Box<[u32]> {
        ids.retain(|&id| !self.options_of(game, id).is_empty());
        ids.sort_unstable();
        ids.into_boxed_slice()
    }

    /// The sums one move from the canonical sum `state`, each canonical
    /// (a move in one component: it becomes one of its options). Before
    /// the options of a component are written out, `spend` is told how
    /// many there are, and may stop the search with an error (a limit on
    /// the moves of sums).
    pub(crate) fn children<G: Game<Position = P> + ?Sized>(
        &mut self,
        game: &G,
        state: &[u32],
        mut spend: impl FnMut(usize) -> crate::error::Result<()>,
    ) -> crate::error::Result<Vec<Box<[u32]>>> {
        let mut out = Vec::new();
        for (i, &id) in state.iter().enumerate() {
            if i > 0 && state[i - 1] == id {
                continue; // equal components have equal options
            }
            let opts = self.options_of(game, id).to_vec();
            spend(opts.len())?;
            for opt in opts {
                let mut next: Vec<u32> = Vec::with_capacity(state.len() + opt.len());
                next.extend_from_slice(&state[..i]);
                next.extend_from_slice(&state[i + 1..]);
                next.extend_from_slice(&opt);
                out.push(self.normalize(game, next));
            }
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Subtraction;

    #[test]
    fn interned_ids_are_dense_and_options_are_listed_once_as_ids() {
        let game = Subtraction::finite(&[1, 2]).unwrap();
        let mut arena = ComponentArena::default();
        let three = arena.intern(3u64);
        assert_eq!((three, arena.intern(3)), (0, 0));
        assert!(!arena.is_listed(three) && arena.listed_options(three).is_empty());
        let options = arena.options_of(&game, three).to_vec();
        // 3 -> 2 and 3 -> 1, each a sum of one fresh component.
        assert_eq!(options, [vec![1], vec![2]]);
        assert_eq!((*arena.position(1), *arena.position(2)), (2, 1));
        assert_eq!(arena.get(&1), Some(2));
        assert_eq!(arena.len(), 3);
        assert_eq!(arena.positions(), [3, 2, 1]);
        assert!(arena.is_listed(three) && !arena.is_listed(1));
    }
}

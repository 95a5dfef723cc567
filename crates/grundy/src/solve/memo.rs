//! The generic memoizing solver: nim-values of any finite [`Game`].
//!
//! Algorithm: depth-first evaluation of `G(x) = mex{ G(y1) ⊕ … ⊕ G(yk) }`
//! over the options `y1 + … + yk` of `x`, with an explicit stack instead of
//! recursion. Expanding a position lists its options once, with
//! [`Game::options_into`], into one shared [`OptionList`] arena, and looks
//! every component up, keeping its memo id beside it. When all are known
//! (the usual case once the small positions are solved, and always for a
//! table filled in increasing order) the mex is taken over those ids at
//! once and the listing is dropped. Else the position goes on the stack
//! with its listing kept in the arena: a cursor walks its components from
//! the last, expanding each one still unknown, and once it reaches the
//! first the mex is taken over the same listing. So each position costs
//! exactly one listing and no allocation once the arena has grown, and the
//! stack holds the options of the positions on it. A component met again
//! while it is still on the stack closes a cycle: the solver stops with
//! [`ErrorKind::Cycle`] naming it.
//!
//! Components are memoized (never whole sums): in a flat table where the
//! game indexes its positions ([`Game::position_index`]: a heap, a pair of
//! piles), so a lookup is one load; in a hash map otherwise, with a
//! locality-keeping hash ([`super::hash::BlockHasher`]) that keeps runs of
//! neighbouring positions in neighbouring buckets.
//!
//! Time: one `options_into` call per distinct component, one lookup per
//! component occurrence and one load per occurrence for the mex. Memory:
//! 8 bytes per indexed position (up to the largest index met), one map
//! entry per hashed one (about 32 bytes plus the position), and for each
//! position on the stack its options (each component and its 8-byte id)
//! and 56 bytes: proportional to the depth of the game graph times the
//! options per position (a chain of 10^7 positions is fine).
//! [`MemoConfig::max_positions`] caps the memo: going past it returns
//! [`ErrorKind::TooManyPositions`] instead of exhausting memory.
//!
//! Choose it for any game whose positions are not plain heap sizes; for heap
//! games [`DenseSolver`](super::DenseSolver) is faster.

use super::hash::PositionMap;
use crate::error::{ErrorKind, Result};
use crate::game::options::Span;
use crate::game::{Game, OptionList};
use crate::nimber::{Mex, Nimber};

/// Settings of a [`MemoSolver`].
#[derive(Clone, Debug)]
pub struct MemoConfig {
    /// Most positions the memo may hold before solving stops with an error.
    pub max_positions: usize,
}

impl Default for MemoConfig {
    fn default() -> Self {
        // About 4 GiB of map for small positions: enough for real work, and
        // well below a laptop's memory.
        MemoConfig {
            max_positions: 100_000_000,
        }
    }
}

/// State of an interned component, one word: a value, or one of two marks.
/// Values are mex results, at most the number of options of a position, so
/// they never reach the marks.
type Slot = u64;
const UNVISITED: Slot = u64::MAX;
const ON_STACK: Slot = u64::MAX - 1;

/// Ids with this bit set index `Memo::hashed`; others index `Memo::dense`.
const HASHED: usize = 1 << (usize::BITS - 1);

/// The values of interned components: a flat table for positions the game
/// can index ([`Game::position_index`]), a hash map for the rest.
struct Memo<P> {
    index: PositionMap<P, usize>,
    hashed: Vec<Slot>,
    dense: Vec<Slot>,
    limit: usize,
}

impl<P: Clone + Eq + std::hash::Hash> Memo<P> {
    /// The id and slot of `p` when it is indexed inside the flat table:
    /// the common case, one load.
    #[inline(always)]
    fn dense_slot<G: Game<Position = P> + ?Sized>(&self, game: &G, p: &P) -> Option<(usize, Slot)> {
        let i = game.position_index(p)?;
        self.dense.get(i).map(|&slot| (i, slot))
    }

    /// The id of `p`, giving it one if it is new.
    #[inline]
    fn intern<G: Game<Position = P> + ?Sized>(&mut self, game: &G, p: &P) -> Result<usize> {
        if let Some(i) = game.position_index(p).filter(|&i| i < self.limit) {
            if i >= self.dense.len() {
                if self.hashed.len() + i >= self.limit {
                    return Err(ErrorKind::TooManyPositions { limit: self.limit }.into());
                }
                // Never past the cap, so that an index inside the table
                // is always one below it (see `dense_slot`).
                let len = (i + 1).max(self.dense.len() * 3 / 2).min(self.limit);
                self.dense.resize(len, UNVISITED);
            }
            return Ok(i);
        }
        if let Some(&id) = self.index.get(p) {
            return Ok(id);
        }
        if self.hashed.len() + self.dense.len() >= self.limit {
            return Err(ErrorKind::TooManyPositions { limit: self.limit }.into());
        }
        self.hashed.push(UNVISITED);
        let id = (self.hashed.len() - 1) | HASHED;
        self.index.insert(p.clone(), id);
        Ok(id)
    }

    #[inline]
    fn get(&self, id: usize) -> Slot {
        if id & HASHED != 0 {
            self.hashed[id & !HASHED]
        } else {
            self.dense[id]
        }
    }

    #[inline]
    fn set(&mut self, id: usize, slot: Slot) {
        if id & HASHED != 0 {
            self.hashed[id & !HASHED] = slot;
        } else {
            self.dense[id] = slot;
        }
    }

    fn find<G: Game<Position = P> + ?Sized>(&self, game: &G, p: &P) -> Option<Slot> {
        match game.position_index(p).filter(|&i| i < self.limit) {
            Some(i) => self.dense.get(i).copied(),
            None => self.index.get(p).map(|&id| self.get(id)),
        }
    }
}

/// A position on the stack, waiting for unknown components of its options.
struct Frame {
    /// Its id in the memo.
    id: usize,
    /// Its options in `MemoSolver::options`.
    span: Span,
    /// Components of its options at indices below this (in the arena) may
    /// still be unknown; those at and above are known.
    cursor: usize,
}

/// Memoizing solver for any finite game (see the module docs).
///
/// Invariants: a position on the stack has the slot `ON_STACK`; its
/// options are listed in `options` (in stack order, the top's last), with
/// the id of each component at the same index of `ids`.
pub struct MemoSolver<G: Game> {
    game: G,
    memo: Memo<G::Position>,
    frames: Vec<Frame>,
    /// The options of the positions on the stack, then of the one being
    /// expanded.
    options: OptionList<G::Position>,
    /// The memo id of each component in `options`.
    ids: Vec<usize>,
    mex: Mex,
}

impl<G: Game> MemoSolver<G> {
    /// A solver for `game` with the default [`MemoConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, MemoConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: MemoConfig) -> Self {
        MemoSolver {
            game,
            memo: Memo {
                index: PositionMap::default(),
                hashed: Vec::new(),
                dense: Vec::new(),
                limit: config.max_positions,
            },
            frames: Vec::new(),
            options: OptionList::new(),
            ids: Vec::new(),
            mex: Mex::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many components have a known value.
    pub fn len(&self) -> usize {
        self.memo
            .hashed
            .iter()
            .chain(&self.memo.dense)
            .filter(|&&s| s < ON_STACK)
            .count()
    }

    /// True when nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of `p` if it has been computed already.
    pub fn known_value(&self, p: &G::Position) -> Option<Nimber> {
        let slot = self.memo.find(&self.game, p)?;
        (slot < ON_STACK).then_some(Nimber::new(slot))
    }

    /// The nim-value of a sum of components: the XOR of their values.
    pub fn sum_value(&mut self, components: &[G::Position]) -> Result<Nimber> {
        let mut total = Nimber::ZERO;
        for c in components {
            total += self.nim_value(c)?;
        }
        Ok(total)
    }

    /// The nim-value (Sprague–Grundy value) of the component `p`.
    pub fn nim_value(&mut self, p: &G::Position) -> Result<Nimber> {
        let id = self.memo.intern(&self.game, p)?;
        if self.memo.get(id) < ON_STACK {
            return Ok(Nimber::new(self.memo.get(id)));
        }
        let result = self.solve(p, id);
        if result.is_err() {
            self.unwind();
        }
        result
    }

    fn solve(&mut self, root: &G::Position, root_id: usize) -> Result<Nimber> {
        self.expand(root, root_id)?;
        while let Some(top) = self.frames.last_mut() {
            // The next unknown component, last first: in a heap game the
            // smallest heap, whose solution solves most of the others.
            let mut next = None;
            while top.cursor > top.span.comps.start {
                let i = top.cursor - 1;
                match self.memo.get(self.ids[i]) {
                    UNVISITED => {
                        next = Some(i);
                        break;
                    }
                    ON_STACK => return Err(self.cycle(&self.options.components()[i])),
                    _ => top.cursor = i,
                }
            }
            if let Some(i) = next {
                let c = self.options.components()[i].clone();
                self.expand(&c, self.ids[i])?;
                continue;
            }
            // Every component of every option is known: take the mex.
            let frame = self.frames.pop().expect("a frame is on the stack");
            let value = self.mex_of(&frame.span);
            self.memo.set(frame.id, value);
            self.options.truncate(&frame.span);
            self.ids.truncate(frame.span.comps.start);
        }
        Ok(Nimber::new(self.memo.get(root_id)))
    }

    fn cycle(&self, p: &G::Position) -> crate::Error {
        let position = self.game.format_position(p);
        ErrorKind::Cycle { position }.into()
    }

    /// Lists the options of `p` once and looks every component up: sets
    /// its value when all are known, else puts it on the stack with its
    /// options (kept for the mex, not listed again).
    fn expand(&mut self, p: &G::Position, id: usize) -> Result<()> {
        self.memo.set(id, ON_STACK);
        self.options.begin();
        self.game.options_into(p, &mut self.options);
        let span = self.options.span();
        match self.look_up(&span) {
            Ok(None) => {
                let value = self.mex_of(&span);
                self.memo.set(id, value);
                self.options.truncate(&span);
                self.ids.truncate(span.comps.start);
                Ok(())
            }
            Ok(Some(cursor)) => {
                self.frames.push(Frame { id, span, cursor });
                Ok(())
            }
            Err(e) => {
                self.memo.set(id, UNVISITED);
                self.options.truncate(&span);
                self.ids.truncate(span.comps.start);
                Err(e)
            }
        }
    }

    /// Interns every component of the listing `span` into `ids`: `None`
    /// when all are known, else one past the last unknown one.
    #[inline]
    fn look_up(&mut self, span: &Span) -> Result<Option<usize>> {
        let (memo, game) = (&mut self.memo, &self.game);
        let comps = &self.options.components()[span.comps.clone()];
        self.ids.resize(span.comps.end, 0);
        let ids = &mut self.ids[span.comps.clone()];
        let mut unknown = None;
        for (i, (c, slot_id)) in comps.iter().zip(ids.iter_mut()).enumerate() {
            let (cid, slot) = match memo.dense_slot(game, c) {
                Some(found) => found,
                None => {
                    let cid = memo.intern(game, c)?;
                    (cid, memo.get(cid))
                }
            };
            *slot_id = cid;
            match slot {
                UNVISITED => unknown = Some(span.comps.start + i + 1),
                ON_STACK => {
                    let position = game.format_position(c);
                    return Err(ErrorKind::Cycle { position }.into());
                }
                _ => {}
            }
        }
        Ok(unknown)
    }

    /// The mex of the options listed in `span`, every component known.
    #[inline]
    fn mex_of(&mut self, span: &Span) -> Slot {
        let (memo, mex) = (&self.memo, &mut self.mex);
        mex.clear();
        let ids = &self.ids[span.comps.clone()];
        if span.multi {
            let mut start = 0;
            for &end in self.options.ends(span) {
                let end = end - span.comps.start;
                let value = ids[start..end].iter().fold(0, |x, &id| x ^ memo.get(id));
                mex.insert(Nimber::new(value));
                start = end;
            }
        } else {
            for &id in ids {
                mex.insert(Nimber::new(memo.get(id)));
            }
        }
        mex.mex().value()
    }

    /// After an error: forget the positions left on the stack.
    fn unwind(&mut self) {
        for frame in self.frames.drain(..) {
            self.memo.set(frame.id, UNVISITED);
        }
        self.options.clear();
        self.ids.clear();
    }
}

#[cfg(test)]
mod tests {
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
            assert_eq!(a.known_value(&n), b.known_value(&n));
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
}

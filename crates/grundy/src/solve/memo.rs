//! The generic memoizing solver: nim-values of any finite [`Game`].
//!
//! Algorithm: depth-first evaluation of `G(x) = mex{ G(y1) ⊕ … ⊕ G(yk) }`
//! over the options `y1 + … + yk` of `x`, with an explicit stack instead of
//! recursion. Expanding a position lists its options once, with
//! [`Game::options_into`], into one shared [`OptionList`] arena, and looks
//! every component up in one pass. When all are known (the usual case once
//! the small positions are solved, and always for a table filled in
//! increasing order) the mex is taken in the same pass (in one register
//! word for fewer than 64 options) and the listing is dropped. Else the position goes on the stack
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
//! neighbouring positions in neighbouring buckets. A position on the stack
//! whose components are all single and in the flat table finds them again
//! by their index; otherwise each component's memo id is kept beside the
//! listing.
//!
//! Time: one `options_into` call per distinct component, one lookup per
//! component occurrence and one load per occurrence for the mex. Memory:
//! 4 bytes per indexed position (up to the largest index met; values of
//! indexed positions below 2^31, a larger one is refused), one map entry
//! per hashed one (about 32 bytes plus the position), and for each
//! position on the stack its options (each component, and its 4-byte id
//! unless found by index) and 20 bytes: proportional to the depth of the
//! game graph times the options per position (a chain of 10^7 positions
//! is fine). [`MemoConfig::max_positions`] caps the memo (at most
//! 2^31 - 1 take effect: the room of the memo's 32-bit ids): going past
//! it returns [`ErrorKind::TooManyPositions`] instead of exhausting memory.
//!
//! Games that list a position's options as table indices
//! ([`Game::option_indices`], with [`Game::index_position`] back; heap
//! games, Wythoff) take a leaner loop (`indexed`): a stack of indices
//! only, the top listed again each time it comes back (about twice per
//! position on a chain), values written straight into the table; a
//! position with a sum among its options falls back to the general path.
//!
//! Measured (`cargo bench -p grundy --bench solvers -- wythoff chain`,
//! against the seed's C++ table method compiled in the same run, on a
//! loaded 2-core machine): the Wythoff table to 300, filled in order,
//! about 2.2x (3.2x before the lean loop); a 10^6-position subtraction
//! chain solved from the top about 2.1x the C++ bottom-up loop (4.2x
//! before; about 240 instructions per position, counted by callgrind:
//! two listings into the index vector, the scans, the stack); `grundy
//! values wythoff --to 300` end to end about 2.2x (3.3x before).
//!
//! Choose it for any game whose positions are not plain heap sizes; for heap
//! games [`DenseSolver`](super::DenseSolver) is faster.

mod indexed;

use super::hash::PositionMap;
use crate::error::{ErrorKind, Result};
use crate::game::options::Span;
use crate::game::{Game, OptionList};
use crate::nimber::{Mex, Nimber};
use crate::util::Cancel;

/// Settings of a [`MemoSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct MemoConfig {
    /// Most positions the memo may hold before solving stops with an error
    /// (at most 2^31 - 1 take effect: the room of the memo's 32-bit ids).
    pub max_positions: usize,
}

crate::util::setters!(MemoConfig {
    max_positions: usize,
});

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

/// A cell of the flat table: half a [`Slot`] (the table of a 10^6-position
/// chain is 4 MB, not 8). A value below 2^31 as itself, the marks as -1
/// and -2, which sign-extend to [`UNVISITED`] and [`ON_STACK`]. A value of
/// 2^31 or more (a position with at least 2^31 options) is refused.
type Cell = i32;
const CELL_UNVISITED: Cell = -1;

/// The slot a flat-table cell stands for.
#[inline(always)]
fn widen(cell: Cell) -> Slot {
    i64::from(cell) as u64
}

/// The memo id of a component: an index into `Memo::dense`, or with
/// [`HASHED`] set into `Memo::hashed`. 32 bits, so that the ids kept for
/// the positions on the stack take half the room.
type Id = u32;
const HASHED: Id = 1 << 31;

/// The most positions a memo may hold: ids must fit below [`HASHED`].
const MAX_POSITIONS: usize = HASHED as usize - 1;

/// The values of interned components: a flat table for positions the game
/// can index ([`Game::position_index`]), a hash map for the rest.
struct Memo<P> {
    index: PositionMap<P, Id>,
    hashed: Vec<Slot>,
    dense: Vec<Cell>,
    /// At most [`MAX_POSITIONS`], so every id fits an [`Id`].
    limit: usize,
}

impl<P: Clone + Eq + std::hash::Hash> Memo<P> {
    /// The id and slot of `p` when it is indexed inside the flat table:
    /// the common case, one load.
    #[inline(always)]
    fn dense_slot<G: Game<Position = P> + ?Sized>(&self, game: &G, p: &P) -> Option<(Id, Slot)> {
        let i = game.position_index(p)?;
        // Below `limit` (see `intern`), so below HASHED.
        self.dense.get(i).map(|&cell| (i as Id, widen(cell)))
    }

    /// The id and slot of `p`, known to be in the flat table (a component
    /// of a frame kept by index); an error if the game's index of `p`
    /// changed since.
    #[inline(always)]
    fn by_index<G: Game<Position = P> + ?Sized>(&self, game: &G, p: &P) -> Result<(Id, Slot)> {
        match self.dense_slot(game, p) {
            Some(found) => Ok(found),
            None => Err(crate::Error::unsupported(
                "the game's position_index gave a position two different indices",
            )),
        }
    }

    /// The id of `p`, giving it one if it is new.
    #[inline]
    fn intern<G: Game<Position = P> + ?Sized>(&mut self, game: &G, p: &P) -> Result<Id> {
        if let Some(i) = game.position_index(p).filter(|&i| i < self.limit) {
            if i >= self.dense.len() {
                if self.hashed.len() + i >= self.limit {
                    return Err(ErrorKind::TooManyPositions { limit: self.limit }.into());
                }
                // Never past the cap, so that an index inside the table
                // is always one below it (see `dense_slot`).
                let len = (i + 1).max(self.dense.len() * 3 / 2).min(self.limit);
                self.dense.resize(len, CELL_UNVISITED);
            }
            return Ok(i as Id);
        }
        if let Some(&id) = self.index.get(p) {
            return Ok(id);
        }
        if self.hashed.len() + self.dense.len() >= self.limit {
            return Err(ErrorKind::TooManyPositions { limit: self.limit }.into());
        }
        self.hashed.push(UNVISITED);
        // Below `limit`, so below HASHED.
        let id = (self.hashed.len() - 1) as Id | HASHED;
        self.index.insert(p.clone(), id);
        Ok(id)
    }

    #[inline]
    fn get(&self, id: Id) -> Slot {
        if id & HASHED != 0 {
            self.hashed[(id & !HASHED) as usize]
        } else {
            widen(self.dense[id as usize])
        }
    }

    /// Marks `id` (a slot that is [`UNVISITED`] or [`ON_STACK`]).
    #[inline]
    fn mark(&mut self, id: Id, mark: Slot) {
        debug_assert!(mark >= ON_STACK);
        if id & HASHED != 0 {
            self.hashed[(id & !HASHED) as usize] = mark;
        } else {
            self.dense[id as usize] = mark as i64 as Cell;
        }
    }

    /// Sets the value of `id`; a value too large for the flat table is
    /// refused (the id keeps its mark).
    #[inline]
    fn set_value(&mut self, id: Id, value: Slot) -> Result<()> {
        if id & HASHED != 0 {
            self.hashed[(id & !HASHED) as usize] = value;
        } else {
            match Cell::try_from(value) {
                Ok(cell) => self.dense[id as usize] = cell,
                Err(_) => return Err(too_large(value)),
            }
        }
        Ok(())
    }

    fn find<G: Game<Position = P> + ?Sized>(&self, game: &G, p: &P) -> Option<Slot> {
        match game.position_index(p).filter(|&i| i < self.limit) {
            Some(i) => self.dense.get(i).map(|&cell| widen(cell)),
            None => self.index.get(p).map(|&id| self.get(id)),
        }
    }
}

#[cold]
fn too_large(value: Slot) -> crate::Error {
    crate::Error::unsupported(format!(
        "a position has the nim-value {value}, which does not fit the memo solver's flat table (values below 2^31)"
    ))
}

/// What looking up the options of a position found.
enum Found {
    /// Every option is known: the position's value.
    Value(Slot),
    /// Some component is unknown: one past the last such, in the arena.
    Pending(usize),
}

/// The mex of fewer than 64 values: a bit per value below 64 (the mex of
/// fewer than 64 values is below 64, so larger ones never matter). One
/// word in a register instead of the stamp table.
#[derive(Default)]
struct SmallMex(u64);

impl SmallMex {
    #[inline(always)]
    fn insert(&mut self, v: u64) {
        self.0 |= u64::from(v < 64) << (v & 63);
    }

    #[inline(always)]
    fn mex(&self) -> u64 {
        u64::from((!self.0).trailing_zeros())
    }
}

/// A position on the stack, waiting for unknown components of its options.
///
/// 20 bytes: the arena indices are 32-bit (a stack holding 2^32 components
/// is refused).
struct Frame {
    /// Its id in the memo.
    id: Id,
    /// Where its options start in `MemoSolver::options` (they end where
    /// the next frame's start: see [`OptionList::span_from`]).
    comps_start: u32,
    ends_start: u32,
    /// Components of its options at indices below this (in the arena) may
    /// still be unknown; those at and above are known.
    cursor: u32,
    /// Where the ids of its components start in `MemoSolver::ids`, or
    /// [`BY_INDEX`]: every component is one option and in the flat table,
    /// its id is its [`Game::position_index`] and none is kept.
    ids_start: u32,
}

/// [`Frame::ids_start`] of a frame whose ids are the components' indices.
const BY_INDEX: u32 = u32::MAX;

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
    ids: Vec<Id>,
    mex: Mex,
    /// The lean loop's stack of flat-table ids and its listing of option
    /// indices (see `indexed`), kept for their memory.
    lean: Vec<Id>,
    indices: Vec<usize>,
    /// Work done (positions expanded and components listed), and the hook
    /// asked every [`CANCEL_EVERY`] of it (see [`MemoSolver::set_cancel`]).
    steps: u64,
    cancel: Cancel,
}

/// Work (positions expanded, components listed or looked up) between two
/// questions to the cancel hook: a few milliseconds.
const CANCEL_EVERY: u64 = 1 << 16;

impl<G: Game> MemoSolver<G> {
    /// A solver for `game` with the default [`MemoConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, MemoConfig::default())
    }

    /// Raises (or lowers) the cap on positions remembered
    /// ([`MemoConfig::max_positions`]); what is known is kept.
    pub fn set_max_positions(&mut self, max_positions: usize) {
        self.memo.limit = max_positions.min(MAX_POSITIONS);
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: MemoConfig) -> Self {
        MemoSolver {
            game,
            memo: Memo {
                index: PositionMap::default(),
                hashed: Vec::new(),
                dense: Vec::new(),
                limit: config.max_positions.min(MAX_POSITIONS),
            },
            frames: Vec::new(),
            options: OptionList::new(),
            ids: Vec::new(),
            mex: Mex::new(),
            lean: Vec::new(),
            indices: Vec::new(),
            steps: 0,
            cancel: Cancel::never(),
        }
    }

    /// Stops later searches with [`ErrorKind::Cancelled`] once `cancel`
    /// asks for it (asked every few thousand positions expanded). The memo
    /// keeps the values found before; the positions on the stack are
    /// unvisited again.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    /// Counts `work` done and asks the cancel hook each time the count
    /// passes a multiple of [`CANCEL_EVERY`].
    #[inline(always)]
    fn step(&mut self, work: u64) -> Result<()> {
        let before = self.steps;
        self.steps = self.steps.wrapping_add(work);
        if before / CANCEL_EVERY != self.steps / CANCEL_EVERY && self.cancel.requested() {
            return Err(ErrorKind::Cancelled.into());
        }
        Ok(())
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
            .copied()
            .chain(self.memo.dense.iter().map(|&c| widen(c)))
            .filter(|&s| s < ON_STACK)
            .count()
    }

    /// True when nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The value of `p` if this solver has computed it already (looked up
    /// in its memo, nothing searched), else `None`. Not to be confused with
    /// [`HeapGame::known_value`](crate::game::HeapGame::known_value), a
    /// value from a closed form of the rules.
    pub fn cached_value(&self, p: &G::Position) -> Option<Nimber> {
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
        let result = match id & HASHED {
            0 => match self.solve_indexed(p, id) {
                Ok(Some(value)) => Ok(value),
                Ok(None) => self.solve(p, id),
                Err(e) => Err(e),
            },
            _ => self.solve(p, id),
        };
        if result.is_err() {
            self.unwind();
        }
        result
    }

    fn solve(&mut self, root: &G::Position, root_id: Id) -> Result<Nimber> {
        self.expand(root, root_id)?;
        while let Some(top) = self.frames.last_mut() {
            // The next unknown component, last first: in a heap game the
            // smallest heap, whose solution solves most of the others.
            let mut next = None;
            let comps = self.options.components();
            while top.cursor > top.comps_start {
                let i = top.cursor - 1;
                let (id, slot) = if top.ids_start == BY_INDEX {
                    self.memo.by_index(&self.game, &comps[i as usize])?
                } else {
                    let id = self.ids[(top.ids_start + (i - top.comps_start)) as usize];
                    (id, self.memo.get(id))
                };
                match slot {
                    UNVISITED => {
                        next = Some((i as usize, id));
                        break;
                    }
                    ON_STACK => return Err(self.cycle(&comps[i as usize])),
                    _ => top.cursor = i,
                }
            }
            if let Some((i, id)) = next {
                let c = self.options.components()[i].clone();
                self.expand(&c, id)?;
                continue;
            }
            // Every component of every option is known: take the mex.
            let frame = self.frames.pop().expect("a frame is on the stack");
            let span = self
                .options
                .span_from(frame.comps_start as usize, frame.ends_start as usize);
            let value = self.mex_of(&span, frame.ids_start);
            self.drop_listing(&span, frame.ids_start);
            let value = value.inspect_err(|_| self.memo.mark(frame.id, UNVISITED))?;
            if let Err(e) = self.memo.set_value(frame.id, value) {
                self.memo.mark(frame.id, UNVISITED);
                return Err(e);
            }
        }
        Ok(Nimber::new(self.memo.get(root_id)))
    }

    fn cycle(&self, p: &G::Position) -> crate::Error {
        let position = self.game.format_position(p);
        ErrorKind::Cycle { position }.into()
    }

    /// Lists the options of `p` once and looks every component up: sets
    /// its value when all are known, else puts it on the stack with its
    /// options (kept for the mex, not listed again). It is marked on the
    /// stack only then: a position listed among its own options is still
    /// unvisited during the look-up, so it goes on the stack, where the
    /// cursor finds it marked.
    #[inline(never)]
    fn expand(&mut self, p: &G::Position, id: Id) -> Result<()> {
        self.options.begin();
        self.game.options_into(p, &mut self.options);
        let span = self.options.span();
        if let Err(e) = self.step(1 + span.comps.len() as u64) {
            self.options.truncate(&span);
            return Err(e);
        }
        let ids_at = self.ids.len();
        let found = if span.multi {
            self.look_up_sums(&span)
        } else {
            match self.scan_table(&span) {
                Ok(Some(found)) => Ok(found),
                Ok(None) => self.look_up(&span),
                Err(e) => Err(e),
            }
        };
        // The ids are kept when some component is not in the flat table
        // (and for sums); `None` when they do not fit 32 bits.
        let ids_start = match self.ids.len() > ids_at || span.multi {
            true => u32::try_from(ids_at).ok().filter(|&i| i != BY_INDEX),
            false => Some(BY_INDEX),
        };
        match found {
            Ok(Found::Value(value)) => {
                self.options.truncate(&span);
                self.ids.truncate(ids_at);
                self.memo.set_value(id, value).inspect_err(|_| {
                    self.memo.mark(id, UNVISITED);
                })
            }
            Ok(Found::Pending(cursor)) => match (
                u32::try_from(span.comps.start),
                u32::try_from(span.ends.start),
                u32::try_from(cursor),
                ids_start,
            ) {
                (Ok(comps_start), Ok(ends_start), Ok(cursor), Some(ids_start)) => {
                    self.memo.mark(id, ON_STACK);
                    self.frames.push(Frame {
                        id,
                        comps_start,
                        ends_start,
                        cursor,
                        ids_start,
                    });
                    Ok(())
                }
                _ => {
                    self.memo.mark(id, UNVISITED);
                    self.options.truncate(&span);
                    self.ids.truncate(ids_at);
                    Err(crate::Error::unsupported(
                        "the memo solver's stack would hold 2^32 components or more",
                    ))
                }
            },
            Err(e) => {
                self.memo.mark(id, UNVISITED);
                self.options.truncate(&span);
                self.ids.truncate(ids_at);
                Err(e)
            }
        }
    }

    #[inline]
    fn drop_listing(&mut self, span: &Span, ids_start: u32) {
        self.options.truncate(span);
        if ids_start != BY_INDEX {
            self.ids.truncate(ids_start as usize);
        }
    }

    /// The id and slot of the component `c`, interning it if it is new.
    #[inline(always)]
    fn slot_of(memo: &mut Memo<G::Position>, game: &G, c: &G::Position) -> Result<(Id, Slot)> {
        match memo.dense_slot(game, c) {
            Some(found) => Ok(found),
            None => {
                let id = memo.intern(game, c)?;
                Ok((id, memo.get(id)))
            }
        }
    }

    /// Looks the components of the listing `span` (one component per
    /// option) up: their mex when all are known, else one past the last
    /// unknown one, with the id of every component in `ids`.
    #[inline]
    fn look_up(&mut self, span: &Span) -> Result<Found> {
        let (memo, game, ids, mex) = (&mut self.memo, &self.game, &mut self.ids, &mut self.mex);
        let comps = &self.options.components()[span.comps.clone()];
        ids.reserve(comps.len());
        mex.clear();
        let mut unknown = None;
        for (i, c) in comps.iter().enumerate() {
            let (cid, slot) = Self::slot_of(memo, game, c)?;
            ids.push(cid);
            if slot < ON_STACK {
                mex.insert(Nimber::new(slot));
            } else if slot == UNVISITED {
                unknown = Some(span.comps.start + i + 1);
            } else {
                return Err(self.cycle_at(c));
            }
        }
        Ok(self.found(unknown))
    }

    /// The mex held in `mex` when nothing is unknown, else the cursor.
    #[inline]
    fn found(&self, unknown: Option<usize>) -> Found {
        match unknown {
            None => Found::Value(self.mex.mex().value()),
            Some(cursor) => Found::Pending(cursor),
        }
    }

    /// The fast path of [`look_up`](Self::look_up), no ids kept, one pass:
    /// when every component is in the flat table, their mex if all are
    /// known, else one past the last unknown one (the frame then finds
    /// them by index); `None` at the first component outside the table,
    /// for the general pass to start over.
    #[inline(always)]
    fn scan_table(&mut self, span: &Span) -> Result<Option<Found>> {
        let (dense, game) = (&self.memo.dense, &self.game);
        let comps = &self.options.components()[span.comps.clone()];
        let mut unknown = None;
        if comps.len() < 64 {
            let mut seen = SmallMex::default();
            for (i, c) in comps.iter().enumerate() {
                let Some(&cell) = game.position_index(c).and_then(|i| dense.get(i)) else {
                    return Ok(None);
                };
                if cell >= 0 {
                    seen.insert(cell as u64);
                } else if cell == CELL_UNVISITED {
                    unknown = Some(i);
                } else {
                    return Err(self.cycle_at(c));
                }
            }
            return Ok(Some(match unknown {
                None => Found::Value(seen.mex()),
                Some(i) => Found::Pending(span.comps.start + i + 1),
            }));
        }
        let mex = &mut self.mex;
        mex.clear();
        for (i, c) in comps.iter().enumerate() {
            let Some(&cell) = game.position_index(c).and_then(|i| dense.get(i)) else {
                return Ok(None);
            };
            let slot = widen(cell);
            // The marks are far above the table: one comparison for both.
            if !mex.insert_in_table(slot) {
                if slot == UNVISITED {
                    unknown = Some(i);
                } else if slot == ON_STACK {
                    return Err(self.cycle_at(c));
                } else {
                    mex.insert(Nimber::new(slot));
                }
            }
        }
        Ok(Some(match unknown {
            None => Found::Value(mex.mex().value()),
            Some(i) => Found::Pending(span.comps.start + i + 1),
        }))
    }

    /// The same for a listing with sums: `mex` gets the XOR of each
    /// option whose components are all known.
    fn look_up_sums(&mut self, span: &Span) -> Result<Found> {
        let (memo, game, ids, mex) = (&mut self.memo, &self.game, &mut self.ids, &mut self.mex);
        let comps = self.options.components();
        ids.reserve(span.comps.len());
        mex.clear();
        let mut unknown = None;
        let mut start = span.comps.start;
        let mut check = start + CANCEL_EVERY as usize;
        for &end in self.options.ends(span) {
            let mut value = 0;
            let mut known = true;
            // A position with millions of options (a huge sheet of
            // `cutting`) asks the cancel hook during its look-up too.
            if end >= check {
                check = end + CANCEL_EVERY as usize;
                if self.cancel.requested() {
                    return Err(ErrorKind::Cancelled.into());
                }
            }
            for (i, c) in comps[start..end].iter().enumerate() {
                let (cid, slot) = Self::slot_of(memo, game, c)?;
                ids.push(cid);
                if slot < ON_STACK {
                    value ^= slot;
                } else if slot == UNVISITED {
                    known = false;
                    unknown = Some(start + i + 1);
                } else {
                    return Err(self.cycle_at(c));
                }
            }
            if known {
                mex.insert(Nimber::new(value));
            }
            start = end;
        }
        Ok(self.found(unknown))
    }

    #[cold]
    fn cycle_at(&self, c: &G::Position) -> crate::Error {
        self.cycle(c)
    }

    /// The mex of the options listed in `span`, every component known.
    #[inline]
    fn mex_of(&mut self, span: &Span, ids_start: u32) -> Result<Slot> {
        if ids_start == BY_INDEX {
            return self.mex_by_index(span);
        }
        let (memo, mex) = (&self.memo, &mut self.mex);
        let start = ids_start as usize;
        let ids = &self.ids[start..start + span.comps.len()];
        if !span.multi && ids.len() < 64 {
            let mut seen = SmallMex::default();
            for &id in ids {
                seen.insert(memo.get(id));
            }
            return Ok(seen.mex());
        }
        if span.multi {
            let mut seen = SmallMex::default();
            let small = span.len() < 64;
            mex.clear();
            let mut start = 0;
            for &end in self.options.ends(span) {
                let end = end - span.comps.start;
                let value = ids[start..end].iter().fold(0, |x, &id| x ^ memo.get(id));
                if small {
                    seen.insert(value);
                } else {
                    mex.insert(Nimber::new(value));
                }
                start = end;
            }
            return Ok(if small { seen.mex() } else { mex.mex().value() });
        }
        mex.clear();
        for &id in ids {
            mex.insert(Nimber::new(memo.get(id)));
        }
        Ok(mex.mex().value())
    }

    /// [`mex_of`](Self::mex_of) for a frame whose ids are its components'
    /// indices (single components, all in the flat table).
    fn mex_by_index(&mut self, span: &Span) -> Result<Slot> {
        let comps = &self.options.components()[span.comps.clone()];
        if comps.len() < 64 {
            let mut seen = SmallMex::default();
            for c in comps {
                seen.insert(self.memo.by_index(&self.game, c)?.1);
            }
            return Ok(seen.mex());
        }
        self.mex.clear();
        for c in comps {
            let slot = self.memo.by_index(&self.game, c)?.1;
            self.mex.insert(Nimber::new(slot));
        }
        Ok(self.mex.mex().value())
    }

    /// After an error: forget the positions left on the stack.
    fn unwind(&mut self) {
        for frame in self.frames.drain(..) {
            self.memo.mark(frame.id, UNVISITED);
        }
        self.options.clear();
        self.ids.clear();
    }
}

#[cfg(test)]
mod tests;

//! The lean loop of [`MemoSolver`] for games that list options as indices
//! ([`Game::option_indices`], with [`Game::index_position`] its way back).
//!
//! The stack holds only table indices. The top's options are listed into
//! one reused vector of indices and scanned from the last: the first
//! unknown one met goes on the stack; when all are known their mex is the
//! top's value, written straight into the flat table. A position is listed
//! again each time it comes back to the top (its listing is not kept): a
//! few listings of a few indices cost less than the general path's option
//! arena, ids and frames. A position whose options are not all indexed
//! (a sum, an index past the cap) is handed to the general path, which
//! sees the lean stack's positions as on the stack (cycles are still
//! found).

use super::{too_large, Cell, Id, MemoSolver, SmallMex, CELL_UNVISITED, ON_STACK, UNVISITED};
use crate::error::{ErrorKind, Result};
use crate::game::Game;
use crate::nimber::{Mex, Nimber};

/// What scanning a listing of indices found.
enum Scan {
    /// Every option is known: the mex.
    Value(u64),
    /// This option is unknown (the last such in the listing).
    Unknown(usize),
    /// This option is on the stack: a cycle.
    Cycle(usize),
    /// This option lies past the end of the flat table.
    Outside(usize),
}

/// Scans `indices` from the last: the first unknown, on-stack or outside
/// one met, else the mex of their values.
#[inline(always)]
fn scan(dense: &[Cell], indices: &[usize], mex: &mut Mex) -> Scan {
    if indices.len() < 64 {
        let mut seen = SmallMex::default();
        for &j in indices.iter().rev() {
            match dense.get(j) {
                Some(&c) if c >= 0 => seen.insert(c as u64),
                Some(&CELL_UNVISITED) => return Scan::Unknown(j),
                Some(_) => return Scan::Cycle(j),
                None => return Scan::Outside(j),
            }
        }
        return Scan::Value(seen.mex());
    }
    mex.clear();
    for &j in indices.iter().rev() {
        match dense.get(j) {
            Some(&c) if c >= 0 => {
                if !mex.insert_in_table(c as u64) {
                    mex.insert(Nimber::new(c as u64));
                }
            }
            Some(&CELL_UNVISITED) => return Scan::Unknown(j),
            Some(_) => return Scan::Cycle(j),
            None => return Scan::Outside(j),
        }
    }
    Scan::Value(mex.mex().value())
}

impl<G: Game> MemoSolver<G> {
    /// Solves `p` (in the flat table at `root`) by the lean loop; `None`
    /// when it does not apply to `p` (no index listing, no way back from
    /// indices): the caller takes the general path. After an error the
    /// lean stack's positions are unvisited again.
    pub(super) fn solve_indexed(&mut self, p: &G::Position, root: Id) -> Result<Option<Nimber>> {
        let mut indices = std::mem::take(&mut self.indices);
        indices.clear();
        if self.game.index_position(root as usize).is_none()
            || !self.game.option_indices(p, &mut indices)
        {
            self.indices = indices;
            return Ok(None);
        }
        let mut stack = std::mem::take(&mut self.lean);
        stack.clear();
        let result = self.lean_loop(root, &mut stack, &mut indices);
        if result.is_err() {
            for &id in &stack {
                self.memo.mark(id, UNVISITED);
            }
        }
        stack.clear();
        indices.clear();
        (self.indices, self.lean) = (indices, stack);
        result.map(|()| Some(Nimber::new(self.memo.get(root))))
    }

    /// The loop, `indices` holding the listing of `root`. Every id on
    /// `stack` is marked on the stack.
    fn lean_loop(&mut self, root: Id, stack: &mut Vec<Id>, indices: &mut Vec<usize>) -> Result<()> {
        self.memo.mark(root, ON_STACK);
        stack.push(root);
        let mut listed = true;
        while let Some(&top) = stack.last() {
            self.step(1)?;
            if !listed {
                let q = self.position_at(top as usize)?;
                indices.clear();
                if !self.game.option_indices(&q, indices) {
                    self.solve(&q, top)?;
                    stack.pop();
                    continue;
                }
            }
            listed = false;
            match scan(&self.memo.dense, indices, &mut self.mex) {
                Scan::Value(v) => {
                    let cell = Cell::try_from(v).map_err(|_| too_large(v))?;
                    self.memo.dense[top as usize] = cell;
                    stack.pop();
                }
                Scan::Unknown(j) => {
                    // Inside the table, so below the cap and HASHED.
                    self.memo.mark(j as Id, ON_STACK);
                    stack.push(j as Id);
                }
                Scan::Cycle(j) => {
                    let q = self.position_at(j)?;
                    return Err(self.cycle(&q));
                }
                Scan::Outside(j) => {
                    if self.grow(j)? {
                        listed = true;
                    } else {
                        // Past the cap: the general path hashes it.
                        let q = self.position_at(top as usize)?;
                        self.solve(&q, top)?;
                        stack.pop();
                    }
                }
            }
        }
        Ok(())
    }

    /// The position of the flat-table index `i`.
    fn position_at(&self, i: usize) -> Result<G::Position> {
        self.game.index_position(i).ok_or_else(|| {
            crate::Error::unsupported(format!(
                "the game lists options by index but gives no position for the index {i}"
            ))
        })
    }

    /// Extends the flat table to hold the index `i` (as
    /// [`Memo::intern`](super::Memo) does); false when `i` is past the cap.
    #[cold]
    fn grow(&mut self, i: usize) -> Result<bool> {
        let memo = &mut self.memo;
        if i >= memo.limit {
            return Ok(false);
        }
        if memo.hashed.len() + i >= memo.limit {
            return Err(ErrorKind::TooManyPositions { limit: memo.limit }.into());
        }
        let len = (i + 1).max(memo.dense.len() * 3 / 2).min(memo.limit);
        memo.dense.resize(len, CELL_UNVISITED);
        Ok(true)
    }
}

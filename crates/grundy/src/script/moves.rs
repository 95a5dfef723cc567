//! The moves of a scripted game: `moves(p)` with optional names, and the
//! regions the solvers see once `components(p)` and `canonical(p)` (if
//! the script defines them) have split and normalized each option.
//!
//! Invariant: the solvers' memo is keyed on regions, so a script's
//! `components` must return independent parts (the value of a position is
//! the XOR of its parts' values) and `canonical` must map equivalent
//! positions (same game tree) to one representative; both are the
//! script's promise, checked by the example tests against the plain
//! game on small boards.

use super::engine::{Backend, ScriptGame};
use super::position::ScriptPosition;
use crate::error::Result;
use crate::game::Game;

/// How many calls of `moves` make one report to the progress hook
/// ([`ScriptGame::set_progress`]).
pub const REPORT_EVERY: u64 = 1024;

/// One move of a scripted game, as `moves(p)` returned it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScriptMove {
    /// The move's name, when the script gave one (`#{to: q, name: "cell 3"}`).
    pub name: Option<String>,
    /// The option: a sum of components (empty: nothing left).
    pub to: Vec<ScriptPosition>,
}

impl ScriptGame {
    /// Calls `moves(p)` and converts its answer: one vector of components
    /// per option (names dropped; see [`named_moves`](Self::named_moves)).
    pub fn moves(&self, p: &ScriptPosition) -> Result<Vec<Vec<ScriptPosition>>> {
        Ok(self.named_moves(p)?.into_iter().map(|m| m.to).collect())
    }

    /// Calls `moves(p)` and hands `f` each option with its name, if the
    /// script gave one.
    fn each_move(
        &self,
        p: &ScriptPosition,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> Result<()> {
        self.count_call();
        match &self.inner.backend {
            Backend::Rhai(s) => s.each_move(p, f),
            Backend::Lua(s) => s.each_move(p, f),
        }
        .map_err(|e| self.failed_call("moves", p, e))
    }

    /// Reports the calls of `moves` to the progress hook, if one is set
    /// ([`set_progress`](Self::set_progress)), [`REPORT_EVERY`] at a time.
    fn count_call(&self) {
        let n = self.inner.unreported.get() + 1;
        if n < REPORT_EVERY {
            self.inner.unreported.set(n);
            return;
        }
        self.inner.unreported.set(0);
        if let Some(progress) = self.inner.progress.borrow().as_ref() {
            progress(n);
        }
    }

    /// Asks for reports of the work of later searches: `progress` is
    /// called with a number of positions whose moves were listed (calls
    /// of `moves`) since the last call, every [`REPORT_EVERY`] of them
    /// (a few milliseconds of a small script), so that a front-end can
    /// show a search that runs long (the memo search of `analyze`, a
    /// table). The library prints nothing.
    pub fn set_progress(&self, progress: crate::solve::placement::Progress) {
        *self.inner.progress.borrow_mut() = Some(progress);
    }

    /// Calls `moves(p)`: each option with its name, if the script gave one.
    pub fn named_moves(&self, p: &ScriptPosition) -> Result<Vec<ScriptMove>> {
        let mut out = Vec::new();
        self.each_move(p, &mut |name, to| {
            out.push(ScriptMove {
                name,
                to: to.to_vec(),
            })
        })?;
        Ok(out)
    }

    /// Calls `f` with each option of `p` (names dropped), converting the
    /// script's answer as it goes: a number is passed without allocating.
    pub fn for_each_option(
        &self,
        p: &ScriptPosition,
        f: &mut dyn FnMut(&[ScriptPosition]),
    ) -> Result<()> {
        self.each_move(p, &mut |_, to| f(to))
    }

    /// The independent parts of a position: `components(p)` when the script
    /// defines it, else `[p]`.
    pub fn components_of(&self, p: &ScriptPosition) -> Result<Vec<ScriptPosition>> {
        if !self.inner.has_components {
            return Ok(vec![p.clone()]);
        }
        match &self.inner.backend {
            Backend::Rhai(s) => s.components(p),
            Backend::Lua(s) => s.components(p),
        }
        .map_err(|e| self.failed_call("components", p, e))
    }

    /// The representative of a position: `canonical(p)` when the script
    /// defines it, else `p`.
    pub fn canonical_of(&self, p: &ScriptPosition) -> Result<ScriptPosition> {
        if !self.inner.has_canonical {
            return Ok(p.clone());
        }
        match &self.inner.backend {
            Backend::Rhai(s) => s.canonical(p),
            Backend::Lua(s) => s.canonical(p),
        }
        .map_err(|e| self.failed_call("canonical", p, e))
    }

    /// A sum as the solvers see it: each component split into its parts,
    /// each part replaced by its representative.
    pub fn regions(&self, sum: &[ScriptPosition]) -> Result<Vec<ScriptPosition>> {
        let mut out = Vec::with_capacity(sum.len());
        for c in sum {
            for part in self.components_of(c)? {
                out.push(self.canonical_of(&part)?);
            }
        }
        Ok(out)
    }

    /// A sum split into its parts (not normalized), for printing: a part
    /// that disappears prints as nothing.
    pub fn parts(&self, sum: &[ScriptPosition]) -> Result<Vec<ScriptPosition>> {
        let mut out = Vec::with_capacity(sum.len());
        for c in sum {
            out.extend(self.components_of(c)?);
        }
        Ok(out)
    }

    /// Whether the script splits or normalizes positions.
    pub(crate) fn reshapes(&self) -> bool {
        self.inner.has_components || self.inner.has_canonical
    }
}

impl Game for ScriptGame {
    type Position = ScriptPosition;

    /// The options of `p` as regions ([`ScriptGame::regions`]): the memo
    /// is keyed on the parts, normalized.
    fn options(&self, p: &ScriptPosition, f: &mut dyn FnMut(&[ScriptPosition])) {
        if self.failed() {
            return;
        }
        let moves = match self.named_moves(p) {
            Ok(m) => m,
            Err(e) => return self.fail(e),
        };
        if !self.reshapes() {
            return moves.iter().for_each(|m| f(&m.to));
        }
        for m in moves {
            match self.regions(&m.to) {
                Ok(r) => f(&r),
                Err(e) => return self.fail(e),
            }
        }
    }

    fn components(&self, p: &ScriptPosition) -> Vec<ScriptPosition> {
        match self.regions(std::slice::from_ref(p)) {
            Ok(r) => r,
            Err(e) => {
                self.fail(e);
                vec![p.clone()]
            }
        }
    }

    fn format_position(&self, p: &ScriptPosition) -> String {
        p.to_string()
    }
}

/// The largest count of one part of a move given as parts
/// (`#{parts: [[q, count], ...]}`): a script's integers stop at `2^63 - 1`.
pub const MAX_PART_COUNT: u64 = i64::MAX as u64;

/// A move given as parts, each a position with its count
/// (`#{parts: [[q + 1, r], [q, m - r]]}`: `r` heaps of `q + 1` and
/// `m - r` of `q`): the components the solvers see, and the move's name.
///
/// A sum holding a component twice has the value of the sum without both
/// (`G ⊕ G = 0`), so each part is kept once when its count is odd and
/// dropped when it is even: a split into a million heaps costs two
/// components, not a million. The move's name, when the script gave none,
/// is the split in full, `COUNT*PART` joined by `+` (a count of 1 written
/// as the part alone, a count of 0 left out: `2*3+2` for 8 split into
/// 3, 3 and 2), so that what is printed is the move the rules make (a
/// split into nothing has no name).
///
/// A count that is negative is an error naming it (counts above
/// [`MAX_PART_COUNT`] cannot be written in a script: its integers are 64
/// bits).
pub(super) fn from_parts(
    parts: Vec<(ScriptPosition, i64)>,
    name: Option<String>,
) -> std::result::Result<(Option<String>, Vec<ScriptPosition>), String> {
    let mut kept = Vec::new();
    let mut full = Vec::new();
    for (part, count) in parts {
        if count < 0 {
            return Err(format!(
                "returned the part `{part}` with the count `{count}`: a count is a whole \
                 number from 0 to {MAX_PART_COUNT}"
            ));
        }
        if name.is_none() && count > 0 {
            full.push(if count == 1 {
                part.to_string()
            } else {
                format!("{count}*{part}")
            });
        }
        if count % 2 == 1 {
            kept.push(part);
        }
    }
    let name = name.or_else(|| (!full.is_empty()).then(|| full.join("+")));
    Ok((name, kept))
}

/// The error of a `parts` entry that is not a pair `[position, count]`.
pub(super) fn bad_part(what: &str) -> String {
    format!(
        "returned a part that is {what}: each part is a pair [position, count] \
         (`#{{parts: [[q + 1, r], [q, m - r]]}}`, in Lua `{{parts = {{{{q + 1, r}}, {{q, m - r}}}}}}`)"
    )
}

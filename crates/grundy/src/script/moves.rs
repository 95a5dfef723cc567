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
        match &self.inner.backend {
            Backend::Rhai(s) => s.each_move(p, f),
            Backend::Lua(s) => s.each_move(p, f),
        }
        .map_err(|e| self.failed_call("moves", p, e))
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

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

use super::engine::{from_dynamic, option, script_error, ScriptGame};
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

    /// The array `moves(p)` returns.
    fn moves_array(&self, p: &ScriptPosition) -> Result<rhai::Array> {
        self.call("moves", p)?.into_array().map_err(|t| {
            script_error(
                self.name(),
                format!("moves({p}) returned a `{t}`: it must return an array of options"),
            )
        })
    }

    /// Calls `moves(p)`: each option with its name, if the script gave one.
    pub fn named_moves(&self, p: &ScriptPosition) -> Result<Vec<ScriptMove>> {
        let list = self.moves_array(p)?;
        let bad = |why: String| script_error(self.name(), format!("moves({p}) {why}"));
        list.into_iter()
            .map(|d| {
                let (name, to) = option(d).map_err(&bad)?;
                Ok(ScriptMove { name, to })
            })
            .collect()
    }

    /// Calls `f` with each option of `p` (names dropped), converting the
    /// script's answer as it goes: a number is passed without allocating.
    pub fn for_each_option(
        &self,
        p: &ScriptPosition,
        f: &mut dyn FnMut(&[ScriptPosition]),
    ) -> Result<()> {
        let list = self.moves_array(p)?;
        let bad = |why: String| script_error(self.name(), format!("moves({p}) {why}"));
        let mut one = [ScriptPosition::Int(0)];
        for d in list {
            match d.as_int() {
                Ok(v) if v >= 0 => {
                    one[0] = ScriptPosition::Int(v as u64);
                    f(&one);
                }
                _ => f(&option(d).map_err(&bad)?.1),
            }
        }
        Ok(())
    }

    /// The independent parts of a position: `components(p)` when the script
    /// defines it, else `[p]`.
    pub fn components_of(&self, p: &ScriptPosition) -> Result<Vec<ScriptPosition>> {
        if !self.inner.has_components {
            return Ok(vec![p.clone()]);
        }
        let bad = |why: String| script_error(self.name(), format!("components({p}) {why}"));
        let list = self.call("components", p)?.into_array().map_err(|t| {
            bad(format!(
                "returned a `{t}`: it must return an array of positions"
            ))
        })?;
        list.iter()
            .map(|d| from_dynamic(d, 0).map_err(&bad))
            .collect()
    }

    /// The representative of a position: `canonical(p)` when the script
    /// defines it, else `p`.
    pub fn canonical_of(&self, p: &ScriptPosition) -> Result<ScriptPosition> {
        if !self.inner.has_canonical {
            return Ok(p.clone());
        }
        let d = self.call("canonical", p)?;
        from_dynamic(&d, 0)
            .map_err(|why| script_error(self.name(), format!("canonical({p}) {why}")))
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

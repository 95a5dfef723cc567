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
    /// script gave one; `names`: whether the names are wanted (the options
    /// of a split are named only then, [`split_equal`]).
    fn each_move(
        &self,
        p: &ScriptPosition,
        names: bool,
        f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
    ) -> Result<()> {
        self.count_call();
        match &self.inner.backend {
            Backend::Rhai(s) => s.each_move(p, names, f),
            Backend::Lua(s) => s.each_move(p, names, f),
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
        self.each_move(p, true, &mut |name, to| {
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
        self.each_move(p, false, &mut |_, to| f(to))
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
        if !self.reshapes() {
            // The hot path: each option handed on as it is converted, no
            // name, no list.
            if let Err(e) = self.for_each_option(p, f) {
                self.fail(e);
            }
            return;
        }
        let moves = match self.named_moves(p) {
            Ok(m) => m,
            Err(e) => return self.fail(e),
        };
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

    /// A heap below [`INDEXED_HEAPS`] is its own index: the memo solver
    /// keeps it in its flat table (one load) instead of hashing it.
    #[inline]
    fn position_index(&self, p: &ScriptPosition) -> Option<usize> {
        match p {
            ScriptPosition::Int(n) if *n < INDEXED_HEAPS => Some(*n as usize),
            _ => None,
        }
    }
}

/// Heaps below this (2^22) are memoized by index in the memo solver's flat
/// table (4 bytes a cell up to the largest heap met: 16 MiB at most);
/// larger ones, and positions of other shapes, are hashed.
pub const INDEXED_HEAPS: u64 = 1 << 22;

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

/// The keys of a move that splits a heap into near-equal parts, in every
/// number of parts of a range (`#{split: x, min_parts: 2, max_parts: x}`;
/// in Lua `{split = x, min_parts = 2, max_parts = x}`), see
/// [`split_equal`].
pub(super) const SPLIT_KEYS: [&str; 3] = ["split", "min_parts", "max_parts"];

/// Expands the moves `#{split: x, min_parts: lo, max_parts: hi}`: split
/// the heap `x` into `M` heaps as equal as possible (`r = x mod M` heaps
/// of `q + 1` and `M - r` of `q`, `q = x div M`), for every `M` from `lo`
/// to `hi`, without a call of the script per `M`.
///
/// Each part counts once when its count is odd and not at all when it is
/// even (as with `parts`), so the option of `M` is `q + 1` if `r` is odd
/// and `q` if `M - r` is odd. The `M` with one quotient `q` make a block
/// `lo..=x div q`, and in it `r = x - q·M` and `M - r = (q + 1)·M - x`
/// change parity with `M` alone: the `M` of one parity in a block give
/// one option. So `f` is called once per block and parity, O(√x) times:
/// with the name `M=5` (one `M`) or `M=5,7,...,11` (the `M` of that
/// parity in the block) when `names` is asked, else with none, and an
/// empty option (a split into pairs of equal heaps) is then given once.
///
/// Errors (the reason, for the caller to name the call): `lo` below 2 (a
/// "split" into one heap is the heap itself), `hi` above `x` (a part
/// would be empty), and more than `max_options` options.
pub fn split_equal(
    x: u64,
    lo: u64,
    hi: u64,
    names: bool,
    max_options: usize,
    f: &mut dyn FnMut(Option<String>, &[ScriptPosition]),
) -> std::result::Result<(), String> {
    if lo < 2 {
        return Err(format!(
            "returned a split with `min_parts` `{lo}`: a split makes at least 2 parts"
        ));
    }
    if hi > x {
        return Err(format!(
            "returned a split of `{x}` with `max_parts` `{hi}`: a heap of {x} splits into at \
             most {x} parts (none empty)"
        ));
    }
    if lo > hi {
        return Ok(());
    }
    // At most 2 options per M below √x and 2 per quotient below √x.
    let bound = 4 * (x as f64).sqrt() as u64 + 4;
    if bound.min(2 * (hi - lo + 1)) > max_options as u64 {
        return Err(format!(
            "returned a split of `{x}` into {lo} to {hi} parts: its options could pass the \
             limit of {max_options} options of a position"
        ));
    }
    let mut parts: [ScriptPosition; 2] = [ScriptPosition::Int(0), ScriptPosition::Int(0)];
    let mut empty_given = false;
    let mut m = lo;
    while m <= hi {
        let q = x / m;
        let last = (x / q).min(hi);
        for first in m..=(m + 1).min(last) {
            let r = x - q * first;
            let mut n = 0;
            if r % 2 == 1 {
                parts[n] = ScriptPosition::Int(q + 1);
                n += 1;
            }
            if (first - r) % 2 == 1 {
                parts[n] = ScriptPosition::Int(q);
                n += 1;
            }
            if !names {
                if n == 0 {
                    if empty_given {
                        continue;
                    }
                    empty_given = true;
                }
                f(None, &parts[..n]);
                continue;
            }
            let top = last - (last - first) % 2;
            let name = match (top - first) / 2 {
                0 => format!("M={first}"),
                1 => format!("M={first},{top}"),
                _ => format!("M={first},{},...,{top}", first + 2),
            };
            f(Some(name), &parts[..n]);
        }
        m = last + 1;
    }
    Ok(())
}

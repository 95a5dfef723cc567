//! The Cutting Game (POJ 2311): a 2-D game whose moves split a position
//! into a sum.
//!
//! A sheet of W × H squares; a move takes one piece and cuts it along a grid
//! line into two rectangles; whoever cuts out a 1 × 1 piece wins. Cutting
//! off a strip of width 1 (a 1 × k piece) hands the opponent the win (they
//! cut a 1 × 1 from it), so with best play nobody does while another move
//! exists, and a player left only with 2 × 2 and 2 × 3 pieces must do it
//! and loses. The game is therefore normal play on sheets with both sides
//! at least 2, where a move cuts a sheet into two such sheets: the options
//! of `w × h` are `a × h + (w−a) × h` for `2 ≤ a ≤ w−2` and likewise across
//! the height. The terminal sheets are those with both sides below 4
//! (2 × 2, 2 × 3, 3 × 3). A test checks this reduction against a search of
//! the real game on small sheets.
//!
//! Nothing here computes a value: [`Cutting`] only lists options (sums of
//! two sheets), and the generic [`MemoSolver`](crate::solve::MemoSolver)
//! solves it, memoizing sheets (normalized so that `w ≤ h`). A sheet has
//! O(w + h) options, so all sheets up to 200 × 200 take about
//! 20 000 · 200 = 4 · 10^6 option evaluations.

use crate::error::{Error, Result};
use crate::game::{Game, OptionList};

/// The most options [`search_work`] may count for one analysis: a few
/// seconds of the memoizing search (`600x600`, about 10^8 options, took
/// 7.5 s on a loaded 2-core machine). A sum of sheets beyond it is
/// refused before the search starts (`analyze cutting 16777216,30` would
/// list about 2·10^15 options, and ran for minutes in silence).
pub const MAX_SEARCH_WORK: u64 = 120_000_000;

/// An upper bound on the options the memoizing search lists to solve the
/// sum of `sheets` from scratch, at most `cap + 1` (the count stops once
/// past `cap`). Every sheet `a × b` with `2 ≤ a ≤ w`, `2 ≤ b ≤ h` of some
/// `w × h` of the sum may be reached (cutting the height, then the
/// width), and has about `a/2 + b/2` options; the union of these
/// rectangles is counted row by row (rows of width `a`, each as tall as the
/// tallest sheet at least `a` wide), so that a sum of overlapping sheets
/// costs no more than its largest. Time: `O(sheets · rows counted)`, the
/// rows at most about `2·sqrt(cap)`.
pub fn search_work(sheets: &[Sheet], cap: u64) -> u64 {
    let widest = sheets.iter().map(|s| s.w).max().unwrap_or(0);
    let mut total: u128 = 0;
    for a in 2..=widest {
        // The tallest reachable sheet of width `a`.
        let h = sheets
            .iter()
            .filter(|s| s.w >= a)
            .map(|s| u128::from(s.h))
            .max()
            .unwrap_or(0);
        if h < 2 {
            continue;
        }
        let a = u128::from(a);
        let rows = h - 1; // b = 2..=h
                          // Σ_{b=2..=h} (a/2 + b/2) ≤ rows·a/2 + (h(h+1)/2 − 1)/2.
        total += rows * a / 2 + (h * (h + 1) / 2 - 1) / 2 + rows;
        if total > u128::from(cap) {
            return cap.saturating_add(1);
        }
    }
    total as u64
}

const NARROW: &str =
    "both sides must be at least 2 (a 1-wide strip lets the next player cut a 1x1 and win)";

/// A sheet of `w × h` squares, both sides at least 2, stored with `w ≤ h`
/// (a sheet and its rotation are the same game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Sheet {
    w: u32,
    h: u32,
}

impl Sheet {
    /// The sheet `w × h`; a side below 2 is an error (such a piece is never
    /// part of a position reached with best play, see the module docs).
    ///
    /// ```
    /// use grundy::games::cutting::Sheet;
    /// assert_eq!(Sheet::new(5, 3).unwrap(), Sheet::new(3, 5).unwrap());
    /// assert!(Sheet::new(1, 4).is_err());
    /// ```
    pub fn new(w: u32, h: u32) -> Result<Sheet> {
        if w < 2 || h < 2 {
            return Err(Error::invalid_position(&format!("{w}x{h}"), NARROW));
        }
        Ok(Sheet::sorted(w, h))
    }

    fn sorted(w: u32, h: u32) -> Sheet {
        Sheet {
            w: w.min(h),
            h: w.max(h),
        }
    }

    /// The shorter side.
    pub fn width(self) -> u32 {
        self.w
    }

    /// The longer side.
    pub fn height(self) -> u32 {
        self.h
    }
}

/// The rules of the Cutting Game (see the module docs).
///
/// ```
/// use grundy::games::cutting::{Cutting, Sheet};
/// use grundy::solve::MemoSolver;
/// let mut solver = MemoSolver::new(Cutting);
/// let lose = |s: &mut MemoSolver<Cutting>, w, h| s.nim_value(&Sheet::new(w, h).unwrap()).unwrap().is_zero();
/// // POJ 2311's sample: 2x2 and 3x2 lose, 4x2 wins.
/// assert!(lose(&mut solver, 2, 2) && lose(&mut solver, 3, 2) && !lose(&mut solver, 4, 2));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cutting;

impl Game for Cutting {
    type Position = Sheet;

    fn options(&self, p: &Sheet, f: &mut dyn FnMut(&[Sheet])) {
        let (w, h) = (p.w, p.h);
        // Cutting at a and at w - a give the same pair: list each once.
        for a in 2..=w / 2 {
            if w - a >= 2 {
                f(&[Sheet::sorted(a, h), Sheet::sorted(w - a, h)]);
            }
        }
        for b in 2..=h / 2 {
            if h - b >= 2 {
                f(&[Sheet::sorted(w, b), Sheet::sorted(w, h - b)]);
            }
        }
    }

    /// The same options as [`options`](Game::options), in the same order,
    /// written straight into the list.
    fn options_into(&self, p: &Sheet, out: &mut OptionList<Sheet>) {
        let (w, h) = (p.w, p.h);
        for a in 2..=w / 2 {
            if w - a >= 2 {
                out.push(&[Sheet::sorted(a, h), Sheet::sorted(w - a, h)]);
            }
        }
        for b in 2..=h / 2 {
            if h - b >= 2 {
                out.push(&[Sheet::sorted(w, b), Sheet::sorted(w, h - b)]);
            }
        }
    }

    fn format_position(&self, p: &Sheet) -> String {
        format!("{}x{}", p.w, p.h)
    }
}

/// Parses a sheet written `W,H` or `WxH`.
pub fn parse_sheet(text: &str) -> Result<Sheet> {
    let t = text.trim();
    let (w, h) = t
        .split_once([',', 'x', 'X'])
        .ok_or_else(|| Error::invalid_position(text, "expected a sheet `W,H`, e.g. `4,2`"))?;
    let side = |s: &str| -> Result<u32> {
        let n = crate::util::parse_u64(s).map_err(|r| Error::invalid_position(text, r))?;
        u32::try_from(n)
            .map_err(|_| Error::invalid_position(text, "a side is larger than 2^32 - 1"))
    };
    Sheet::new(side(w)?, side(h)?).map_err(|_| Error::invalid_position(text, NARROW))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn the_batched_listing_equals_the_callback_one() {
        let mut list = OptionList::new();
        for w in 2..14 {
            for h in w..14 {
                let p = Sheet::new(w, h).unwrap();
                list.clear();
                Cutting.options_into(&p, &mut list);
                let batched: Vec<Vec<Sheet>> = list.iter().map(<[Sheet]>::to_vec).collect();
                assert_eq!(
                    batched,
                    crate::game::collect_options(&Cutting, &p),
                    "{w}x{h}"
                );
            }
        }
    }

    /// The real game, by brute force on multisets of pieces of any size:
    /// the player to move wins if some cut produces a 1x1 piece, or leads
    /// to a position where the opponent loses.
    fn real_game_first_player_wins(w: u32, h: u32) -> bool {
        use std::collections::HashMap;
        fn wins(pieces: Vec<(u32, u32)>, memo: &mut HashMap<Vec<(u32, u32)>, bool>) -> bool {
            if let Some(&r) = memo.get(&pieces) {
                return r;
            }
            let mut result = false;
            'search: for (i, &(a, b)) in pieces.iter().enumerate() {
                let cuts = (1..a)
                    .map(|x| ((x, b), (a - x, b)))
                    .chain((1..b).map(|y| ((a, y), (a, b - y))));
                for (p, q) in cuts {
                    if p == (1, 1) || q == (1, 1) {
                        result = true;
                        break 'search;
                    }
                    let mut next = pieces.clone();
                    next.remove(i);
                    for s in [p, q] {
                        next.push((s.0.min(s.1), s.0.max(s.1)));
                    }
                    next.sort_unstable();
                    if !wins(next, memo) {
                        result = true;
                        break 'search;
                    }
                }
            }
            memo.insert(pieces, result);
            result
        }
        wins(vec![(w.min(h), w.max(h))], &mut HashMap::new())
    }

    #[test]
    fn the_reduction_matches_the_real_game_on_small_sheets() {
        let mut solver = MemoSolver::new(Cutting);
        for w in 2..=6 {
            for h in w..=7 {
                let v = solver.nim_value(&Sheet::new(w, h).unwrap()).unwrap();
                assert_eq!(!v.is_zero(), real_game_first_player_wins(w, h), "{w}x{h}");
            }
        }
    }

    #[test]
    fn sheets_parse_in_both_notations_and_bad_ones_are_named() {
        assert_eq!(parse_sheet("4,2").unwrap(), Sheet::new(2, 4).unwrap());
        assert_eq!(parse_sheet("3x5").unwrap(), Sheet::new(5, 3).unwrap());
        for bad in ["4", "1,5", "a,2", "2,-1", "99999999999,2"] {
            let e = parse_sheet(bad).unwrap_err();
            assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
        }
    }
}

//! The search: nim-values by mex over options, and the outcome of a sum
//! with pruning.
//!
//! - [`PlacementSolver::nim_value`]: `G(R) = mex{ G(O) }` over the options
//!   `O` of region `R`, where `G(O)` is the XOR of `O`'s regions' values,
//!   found as the first `k` with `G(R) = k` (below), as Lemoine and Viennot
//!   compute Cram's values: most options never need their full value.
//! - [`PlacementSolver::sum_is`] decides `G(R1 + … + Rm) = k` without
//!   the full values where it can (Lemoine–Viennot): regions of known
//!   value fold into `k`, equal regions cancel in pairs, all but the
//!   largest unknown region are valued, and the question becomes
//!   `G(R) = k` for one region `R`, which is true iff no option of `R` has
//!   value `k` (the search stops at the first that has) and every `j < k`
//!   is the value of some option. Each answer `G(R) ≠ k` is remembered, and
//!   the exact value whenever it falls out.
//!
//! Time: at most one expansion per region for `nim_value`; `sum_is` may
//! expand a region once per `k` asked, but stops at the first option that
//! settles it. Memory: the table, one entry per region reached, capped by
//! [`PlacementConfig::max_positions`].

use super::board::Board;
use super::endgame::Endgame;
use super::table::{Known, Table};
use super::Rules;
use crate::error::{ErrorKind, Result};
use crate::game::OptionList;
use crate::nimber::Nimber;
use std::sync::Arc;

/// Settings of a [`PlacementSolver`].
#[derive(Clone, Debug)]
pub struct PlacementConfig {
    /// Most regions the table may hold (16 to 32 bytes each); beyond it the
    /// search stops with [`ErrorKind::TooManyPositions`].
    pub max_positions: usize,
    /// The box of the end-game table ([`super::endgame`]), `(rows,
    /// columns)` with at most 24 cells, built (for games that describe
    /// their moves on a box) when a region with more cells is first
    /// searched; `(0, 0)` for none.
    pub endgame: (usize, usize),
}

impl Default for PlacementConfig {
    fn default() -> Self {
        PlacementConfig {
            max_positions: 14_000_000,
            endgame: (4, 5),
        }
    }
}

/// The options of one region, each the sum of the regions it leaves.
type Options = OptionList<Board>;

/// A solver for one placement game (see the module docs).
pub struct PlacementSolver<R: Rules> {
    rules: R,
    table: Table,
    config: PlacementConfig,
    expanded: u64,
    /// The end-game table, once built (`endgame_tried`: asked for).
    endgame: Option<Arc<Endgame>>,
    endgame_tried: bool,
    /// The options of a few regions whose value is unknown (a region is
    /// often asked several values), by a hash of the region.
    cache: Vec<Option<(Board, Options)>>,
}

/// Slots of the options cache.
const CACHED: usize = 512;

/// The slot of `region` in the options cache.
fn cache_slot(region: &Board) -> usize {
    let c = region.cells();
    let h =
        ((c >> 64) as u64 ^ c as u64 ^ region.width() as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (h >> 55) as usize % CACHED
}

impl<R: Rules> PlacementSolver<R> {
    /// A solver for `rules` with an empty table.
    pub fn new(rules: R, config: PlacementConfig) -> Self {
        PlacementSolver {
            rules,
            table: Table::default(),
            config,
            expanded: 0,
            endgame: None,
            endgame_tried: false,
            cache: (0..CACHED).map(|_| None).collect(),
        }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// Regions stored in the table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Regions whose options were listed so far (a measure of work).
    pub fn expanded(&self) -> u64 {
        self.expanded
    }

    /// The table in its saved form ([`super::table`]).
    pub fn save_table(&self) -> Vec<u8> {
        self.table.to_bytes(&self.rules.fingerprint())
    }

    /// Adds a saved table written for the same rules (`name` names it in
    /// errors).
    pub fn load_table(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        self.table.load(bytes, &self.rules.fingerprint(), name)
    }

    fn options(&mut self, region: &Board) -> Result<Options> {
        if self.table.len() >= self.config.max_positions {
            return Err(ErrorKind::TooManyPositions {
                limit: self.config.max_positions,
            }
            .into());
        }
        let slot = cache_slot(region);
        if let Some((b, o)) = self.cache[slot].take() {
            if b == *region {
                return Ok(o);
            }
            self.cache[slot] = Some((b, o));
        }
        self.expanded += 1;
        let (h, w) = self.config.endgame;
        if !self.endgame_tried && region.count() as usize > h * w {
            self.endgame_tried = true;
            self.endgame = Endgame::shared(&self.rules, h.min(w), h.max(w));
        }
        let mut o = Options::new();
        self.rules.options(region, &mut |regions| o.push(regions));
        Ok(o)
    }

    /// Keeps the options of `region`, whose value is still unknown, for
    /// the next value asked of it.
    fn keep(&mut self, region: Board, options: Options) {
        self.cache[cache_slot(&region)] = Some((region, options));
    }

    /// The nim-value of one region (canonical, as the rules give them):
    /// the mex of its options' values, found value by value — for
    /// `k = 0, 1, 2, …` whether some option has value `k`, options the
    /// table values first, then pruned searches `G(O) = k` of the others
    /// (as Lemoine and Viennot compute Cram's values: most options never
    /// need their full value).
    pub fn nim_value(&mut self, region: &Board) -> Result<Nimber> {
        if let Some(Known::Value(v)) = self.lookup(region) {
            return Ok(Nimber::new(u64::from(v)));
        }
        let options = self.options(region)?;
        let (reached, open) = self.sort_options(&options);
        let mut k = 0u64;
        loop {
            let found = reached.get(k as usize).copied().unwrap_or(false)
                || self.some_option_is(&open, k)?;
            if !found {
                self.table.set_value(*region, k as u16);
                return Ok(Nimber::new(k));
            }
            k += 1;
        }
    }

    /// Whether one of `options` has value `k` (searched in order, stopping
    /// at the first).
    fn some_option_is(&mut self, options: &[&[Board]], k: u64) -> Result<bool> {
        for option in options {
            if self.sum_is(option, k)? {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The options' values the table gives at once (`reached[v]`), and
    /// the other options, those whose largest region is smallest first
    /// (cheaper searches first).
    fn sort_options<'a>(&self, options: &'a Options) -> (Vec<bool>, Vec<&'a [Board]>) {
        let mut reached = vec![false; options.len() + 1];
        let mut open = Vec::new();
        for option in options.iter() {
            match self.known_sum(option) {
                Some(v) => {
                    if let Some(seen) = reached.get_mut(v as usize) {
                        *seen = true;
                    }
                }
                None => {
                    let largest = option.iter().map(Board::count).max().unwrap_or(0);
                    open.push((largest, option));
                }
            }
        }
        open.sort_by_key(|&(largest, _)| largest);
        (reached, open.into_iter().map(|(_, o)| o).collect())
    }

    /// The nim-value of a sum of regions: the XOR of theirs.
    pub fn sum_value(&mut self, regions: &[Board]) -> Result<Nimber> {
        let mut total = Nimber::new(0);
        for r in regions {
            total += self.nim_value(r)?;
        }
        Ok(total)
    }

    /// Whether the sum of `regions` has nim-value `k`, searched with the
    /// pruning in the module docs. `sum_is(regions, 0)` is whether the sum
    /// is a P-position.
    pub fn sum_is(&mut self, regions: &[Board], k: u64) -> Result<bool> {
        let mut k = k;
        let mut unknown: Vec<Board> = Vec::with_capacity(regions.len());
        for r in regions {
            match self.lookup(r) {
                Some(Known::Value(v)) => k ^= u64::from(v),
                _ => unknown.push(*r),
            }
        }
        // G + G = 0: equal regions cancel in pairs.
        unknown.sort_unstable();
        let mut kept: Vec<Board> = Vec::with_capacity(unknown.len());
        for r in unknown {
            if kept.last() == Some(&r) {
                kept.pop();
            } else {
                kept.push(r);
            }
        }
        let Some(largest) = (0..kept.len()).max_by_key(|&i| kept[i].count()) else {
            return Ok(k == 0);
        };
        let last = kept.swap_remove(largest);
        for r in &kept {
            k ^= self.nim_value(r)?.value();
        }
        self.is_value(&last, k)
    }

    /// What the table, or else the rules' closed form, knows of `region`.
    fn lookup(&self, region: &Board) -> Option<Known> {
        if let Some(v) = self.endgame.as_ref().and_then(|e| e.value(region)) {
            return Some(Known::Value(v));
        }
        match self.table.get(region) {
            None => self.rules.known_value(region).map(Known::Value),
            known => known,
        }
    }

    /// The value of an option's sum when the table knows every region's.
    fn known_sum(&self, option: &[Board]) -> Option<u64> {
        option.iter().try_fold(0u64, |x, r| match self.lookup(r) {
            Some(Known::Value(v)) => Some(x ^ u64::from(v)),
            _ => None,
        })
    }

    /// Whether one region has nim-value `k`.
    fn is_value(&mut self, region: &Board, k: u64) -> Result<bool> {
        match self.lookup(region) {
            Some(Known::Value(v)) => return Ok(u64::from(v) == k),
            Some(Known::Not(mask)) if k < 63 && mask & (1 << k) != 0 => return Ok(false),
            _ => {}
        }
        let options = self.options(region)?;
        let answer = self.decide(region, k, &options);
        if matches!(answer, Ok(false)) && !matches!(self.table.get(region), Some(Known::Value(_))) {
            self.keep(*region, options);
        }
        answer
    }

    /// [`Self::is_value`] of a region not in the table, given its options.
    fn decide(&mut self, region: &Board, k: u64, options: &Options) -> Result<bool> {
        // A value is at most the number of options.
        if k > options.len() as u64 {
            self.table.exclude(*region, k);
            return Ok(false);
        }
        let (reached, open) = self.sort_options(options);
        if reached.get(k as usize) == Some(&true) {
            self.table.exclude(*region, k);
            return Ok(false);
        }
        if self.some_option_is(&open, k)? {
            self.table.exclude(*region, k);
            return Ok(false);
        }
        for j in 0..k {
            if !reached[j as usize] && !self.some_option_is(&open, j)? {
                // Every smaller value was found: j is the mex.
                self.table.set_value(*region, j as u16);
                return Ok(false);
            }
        }
        self.table.set_value(*region, k as u16);
        Ok(true)
    }
}

//! The search: nim-values by mex over options, and the outcome of a sum
//! with pruning.
//!
//! - [`PlacementSolver::nim_value`]: `G(R) = mex{ G(O) }` over the options
//!   `O` of region `R`, where `G(O)` is the XOR of `O`'s regions' values.
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
use super::table::{Known, Table};
use super::Rules;
use crate::error::{ErrorKind, Result};
use crate::nimber::Nimber;

/// Settings of a [`PlacementSolver`].
#[derive(Clone, Debug)]
pub struct PlacementConfig {
    /// Most regions the table may hold (about 34 bytes each); beyond it the
    /// search stops with [`ErrorKind::TooManyPositions`].
    pub max_positions: usize,
}

impl Default for PlacementConfig {
    fn default() -> Self {
        PlacementConfig {
            max_positions: 14_000_000,
        }
    }
}

/// The options of one region, flattened: `regions[ends[i-1]..ends[i]]` is
/// option `i`.
#[derive(Default)]
struct Options {
    regions: Vec<Board>,
    ends: Vec<usize>,
}

impl Options {
    fn iter(&self) -> impl Iterator<Item = &[Board]> {
        let mut start = 0;
        self.ends.iter().map(move |&end| {
            let s = &self.regions[start..end];
            start = end;
            s
        })
    }
}

/// A solver for one placement game (see the module docs).
pub struct PlacementSolver<R: Rules> {
    rules: R,
    table: Table,
    config: PlacementConfig,
    expanded: u64,
}

impl<R: Rules> PlacementSolver<R> {
    /// A solver for `rules` with an empty table.
    pub fn new(rules: R, config: PlacementConfig) -> Self {
        PlacementSolver {
            rules,
            table: Table::default(),
            config,
            expanded: 0,
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
        self.expanded += 1;
        let mut o = Options::default();
        self.rules.options(region, &mut |regions| {
            o.regions.extend_from_slice(regions);
            o.ends.push(o.regions.len());
        });
        Ok(o)
    }

    /// The nim-value of one region (canonical, as the rules give them).
    pub fn nim_value(&mut self, region: &Board) -> Result<Nimber> {
        if let Some(Known::Value(v)) = self.table.get(region) {
            return Ok(Nimber::new(u64::from(v)));
        }
        let options = self.options(region)?;
        let mut seen = [0u64; 5];
        for option in options.iter() {
            let v = self.sum_value(option)?.value();
            if let Some(word) = seen.get_mut((v / 64) as usize) {
                *word |= 1 << (v % 64);
            }
        }
        let mex = seen
            .iter()
            .enumerate()
            .find(|(_, w)| **w != u64::MAX)
            .map_or(320, |(i, w)| i as u64 * 64 + u64::from(w.trailing_ones()));
        self.table.set_value(*region, mex as u16);
        Ok(Nimber::new(mex))
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
            match self.table.get(r) {
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

    /// The value of an option's sum when the table knows every region's.
    fn known_sum(&self, option: &[Board]) -> Option<u64> {
        option
            .iter()
            .try_fold(0u64, |x, r| match self.table.get(r) {
                Some(Known::Value(v)) => Some(x ^ u64::from(v)),
                _ => None,
            })
    }

    /// Whether one region has nim-value `k`.
    fn is_value(&mut self, region: &Board, k: u64) -> Result<bool> {
        match self.table.get(region) {
            Some(Known::Value(v)) => return Ok(u64::from(v) == k),
            Some(Known::Not(mask)) if k < 63 && mask & (1 << k) != 0 => return Ok(false),
            _ => {}
        }
        let options = self.options(region)?;
        // A value is at most the number of options.
        if k > options.ends.len() as u64 {
            self.table.exclude(*region, k);
            return Ok(false);
        }
        // First the options the table values at once; then the others,
        // those whose largest region is smallest first (cheaper searches).
        let mut reached = vec![false; options.ends.len() + 1];
        let mut open = Vec::new();
        for (i, option) in options.iter().enumerate() {
            match self.known_sum(option) {
                Some(v) if v == k => {
                    self.table.exclude(*region, k);
                    return Ok(false);
                }
                Some(v) => {
                    if let Some(seen) = reached.get_mut(v as usize) {
                        *seen = true;
                    }
                }
                None => {
                    let largest = option.iter().map(Board::count).max().unwrap_or(0);
                    open.push((largest, i));
                }
            }
        }
        open.sort_unstable();
        let open: Vec<&[Board]> = {
            let all: Vec<&[Board]> = options.iter().collect();
            open.iter().map(|&(_, i)| all[i]).collect()
        };
        for option in &open {
            if self.sum_is(option, k)? {
                self.table.exclude(*region, k);
                return Ok(false);
            }
        }
        for j in 0..k {
            if reached[j as usize] {
                continue;
            }
            let mut found = false;
            for option in &open {
                if self.sum_is(option, j)? {
                    found = true;
                    break;
                }
            }
            if !found {
                // Every smaller value was found: j is the mex.
                self.table.set_value(*region, j as u16);
                return Ok(false);
            }
        }
        self.table.set_value(*region, k as u16);
        Ok(true)
    }
}

//! The search: nim-values by mex over options, and the outcome of a sum,
//! with the pruning of Beling and Rogalski ("On pruning search trees of
//! impartial games", Artificial Intelligence 2020) and of Lemoine and
//! Viennot ("Nimbers are inevitable", 2012).
//!
//! - The core question is "is the value of region `R` in the set `S`, and
//!   if so which?" (`value_in`). The value is
//!   kept in a set of candidates, `0..=n` for `n` options; each option
//!   looked at removes one candidate (its value if that is a candidate
//!   below the largest, else the largest), so each option is only asked
//!   whether its value is among those candidates (cut at the largest of
//!   `S`), and the search stops once no candidate is in `S`. Options of
//!   known value are met first: the options are listed lazily and the
//!   listing stops as soon as their values cover `S` (most questions end
//!   there, before the other options are split and made canonical).
//! - A sum asks its largest unknown region, the question moved by the XOR
//!   of the other regions' values (regions of known value fold in, equal
//!   regions cancel in pairs, the others are valued exactly).
//! - [`PlacementSolver::nim_value`] asks, for `k = 0, 1, 2, …`, whether
//!   some option has value `k` (the aspiration search: options whose
//!   value falls out are not asked again); [`PlacementSolver::sum_is`]
//!   asks the set `{k}`, so `sum_is(…, 0)` is an outcome search that stops
//!   at the first winning move.
//!
//! The exact value is remembered whenever it falls out (answers "not in
//! `S`" are not: on Cram they cost more memory than they saved time). Time: at most one expansion per
//! region and question, usually far fewer. Memory: the table, one entry
//! per region valued, at most [`PlacementConfig::table_bytes`] for regions
//! of at most 64 cells (then regions of few cells are forgotten); larger
//! regions are capped by [`PlacementConfig::max_positions`].

use super::board::{low_bits, Board};
use super::endgame::Endgame;
use super::table::{Known, Table};
use super::Rules;
use crate::error::{ErrorKind, Result};
use crate::game::OptionList;
use crate::nimber::Nimber;
use crate::util::Cancel;
use std::sync::Arc;

/// Settings of a [`PlacementSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct PlacementConfig {
    /// Most regions of more than 64 cells (boards larger than 64 cells)
    /// the table may hold: they are all kept, in a hash map of about 40
    /// bytes each; beyond it the search stops with
    /// [`ErrorKind::TooManyPositions`]. (Smaller regions are bounded by
    /// [`table_bytes`](Self::table_bytes) instead.)
    pub max_positions: usize,
    /// The box of the end-game table ([`super::endgame`]), `(rows,
    /// columns)` with at most 24 cells, built (for games that describe
    /// their moves on a box) when a region with more cells is first
    /// searched; `(0, 0)` for none.
    pub endgame: (usize, usize),
    /// Most bytes of the table's array of regions (of at most 64 cells;
    /// 1 GiB by default). It doubles as it fills, so a search takes only
    /// what it needs (Cram 5x8's value: 2 MB; 6x7's: 512 MB); once at this
    /// bound, it forgets regions of few cells for new ones (they are
    /// searched again when asked again: time for memory). Cram 6x7 took
    /// 630 s when the table could grow to 512 MB, and was stopped after
    /// 16 minutes bounded at 128 MB.
    pub table_bytes: usize,
}

crate::util::setters!(PlacementConfig {
    max_positions: usize,
    endgame: (usize, usize),
    table_bytes: usize,
});

impl Default for PlacementConfig {
    fn default() -> Self {
        PlacementConfig {
            max_positions: 14_000_000,
            endgame: super::endgame::BOX,
            table_bytes: 1 << 30,
        }
    }
}

/// The options of one region, each the sum of the regions it leaves.
type Options = OptionList<Board>;

/// Told of work done: called with a number of regions listed since the
/// last call (see [`PlacementSolver::set_progress`]). Shared, so that
/// several solvers can report to one counter.
pub type Progress = Arc<dyn Fn(u64) + Send + Sync>;

/// Regions listed between two reports of progress (about 0.05 s of Cram).
pub const PROGRESS_EVERY: u64 = 1 << 16;

/// Options, and the value of each that the table knew when listed.
type Listed = (Options, Vec<Option<u64>>);

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
    /// Per region (direct-mapped by a hash, so a few are forgotten), the
    /// number of the option that settled its last question: tried first
    /// the next time (see [`Hints`]).
    hints: Hints,
    /// Option lists and value lists no longer used, kept for their
    /// allocations (most listings end early and are thrown away).
    spare: Vec<Listed>,
    progress: Option<Progress>,
    /// Asked at each report of progress (see [`Self::set_cancel`]).
    cancel: Cancel,
}

/// Slots of the hints: 256 KB.
const HINTS: usize = 1 << 16;

/// A direct-mapped array, per region, of the number of the option whose
/// known value settled its last question (`options_unless`): a region is
/// asked again and again, and the option that answered once usually
/// answers again, so it is listed first, alone. A slot holds 24 bits of
/// the region's hash (a check: another region with the same slot and
/// check only costs a useless option) and the option's number plus one,
/// 0 for none. A hint is only an order: it never changes an answer.
struct Hints(Vec<u32>);

impl Hints {
    fn new() -> Hints {
        Hints(vec![0; HINTS])
    }

    fn slot(h: u64) -> (usize, u32) {
        (
            (h >> (64 - HINTS.trailing_zeros())) as usize,
            (h as u32) & !0xff,
        )
    }

    /// The option to try first for the region of hash `h`.
    fn get(&self, h: u64) -> Option<usize> {
        let (i, check) = Hints::slot(h);
        let word = self.0[i];
        (word & !0xff == check && word & 0xff != 0).then(|| (word & 0xff) as usize - 1)
    }

    fn set(&mut self, h: u64, option: usize) {
        if option < 0xff {
            let (i, check) = Hints::slot(h);
            self.0[i] = check | (option as u32 + 1);
        }
    }
}

/// Slots of the options cache (on Cram 5x8, 32 slots are as fast as
/// 512, for 1 MB less).
const CACHED: usize = 32;

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
            table: Table::with_max_bytes(config.table_bytes),
            config,
            expanded: 0,
            endgame: None,
            endgame_tried: false,
            cache: (0..CACHED).map(|_| None).collect(),
            hints: Hints::new(),
            spare: Vec::new(),
            progress: None,
            cancel: Cancel::never(),
        }
    }

    /// Reports work to `progress`: every [`PROGRESS_EVERY`] regions listed
    /// it is called with that number (`None`: no reports).
    pub fn set_progress(&mut self, progress: Option<Progress>) {
        self.progress = progress;
    }

    /// Stops later searches with [`ErrorKind::Cancelled`] once `cancel`
    /// asks for it: asked every [`PROGRESS_EVERY`] regions listed (about
    /// 50 ms of Cram). The table keeps what was valued before.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
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
        Ok(self
            .options_unless(region, 0)?
            .map(|(o, _)| o)
            .unwrap_or_default())
    }

    /// The options of `region`, or `None` as soon as options of known
    /// value (the table's) show that its value is none of `want` — every
    /// value in `want` is an option's —, before the other options are
    /// listed (most questions are settled so). With the options, the value
    /// of each that the table knows (when `want` is not empty).
    fn options_unless(&mut self, region: &Board, want: u128) -> Result<Option<Listed>> {
        if self.table.large_len() >= self.config.max_positions {
            return Err(ErrorKind::TooManyPositions {
                limit: self.config.max_positions,
            }
            .into());
        }
        let slot = cache_slot(region);
        if let Some((b, o)) = self.cache[slot].take() {
            if b == *region {
                let known: Vec<Option<u64>> =
                    o.iter().map(|option| self.known_sum(option)).collect();
                let seen = known
                    .iter()
                    .flatten()
                    .fold(0u128, |s, &v| s | if v < SET_BITS { 1 << v } else { 0 });
                if want != 0 && want & !seen == 0 {
                    // Still unknown: kept for the next question.
                    self.cache[slot] = Some((b, o));
                    return Ok(None);
                }
                return Ok(Some((o, known)));
            }
            self.cache[slot] = Some((b, o));
        }
        self.expanded += 1;
        if self.expanded.is_multiple_of(PROGRESS_EVERY) {
            if let Some(progress) = &self.progress {
                progress(PROGRESS_EVERY);
            }
            if self.cancel.requested() {
                return Err(ErrorKind::Cancelled.into());
            }
        }
        let (h, w) = self.config.endgame;
        if !self.endgame_tried && region.count() as usize > h * w {
            self.endgame_tried = true;
            self.endgame = Endgame::shared(&self.rules, h.min(w), h.max(w));
        }
        let mut seen = 0u128;
        let hash = region.hash64();
        if want != 0 {
            if let Some(first) = self.hints.get(hash) {
                let mut value = None;
                self.rules.option_at(region, first, &mut |regions| {
                    value = self.known_sum(regions)
                });
                if let Some(v) = value.filter(|&v| v < SET_BITS) {
                    seen |= 1 << v;
                    if want & !seen == 0 {
                        return Ok(None);
                    }
                }
            }
        }
        let (mut o, mut known) = self.spare.pop().unwrap_or_default();
        let mut settled = None;
        let mut index = 0;
        let this = &*self;
        this.rules.options_until(region, &mut |regions| {
            if want != 0 {
                let v = this.known_sum(regions);
                if let Some(v) = v {
                    if v < SET_BITS {
                        seen |= 1 << v;
                    }
                    if want & !seen == 0 {
                        settled = Some(index);
                        return true;
                    }
                }
                known.push(v);
            }
            index += 1;
            o.push(regions);
            false
        });
        if let Some(index) = settled {
            self.hints.set(hash, index);
            self.recycle((o, known));
            return Ok(None);
        }
        Ok(Some((o, known)))
    }

    /// Keeps the options of `region`, whose value is still unknown, for
    /// the next value asked of it.
    fn keep(&mut self, region: Board, options: Options) {
        let old = self.cache[cache_slot(&region)].replace((region, options));
        if let Some((_, o)) = old {
            self.recycle((o, Vec::new()));
        }
    }

    /// Keeps the allocations of lists no longer used (a few dozen).
    fn recycle(&mut self, (mut o, mut known): Listed) {
        if self.spare.len() < 64 {
            o.clear();
            known.clear();
            self.spare.push((o, known));
        }
    }

    /// The nim-value of one region (canonical, as the rules give them),
    /// found value by value (the aspiration search of Beling and Rogalski,
    /// as Lemoine and Viennot compute Cram's values): for `k = 0, 1, 2, …`
    /// whether some option has value `k`, each option asked only that
    /// (a pruned search), so that most options never need their
    /// full value; an option whose value falls out is not asked again.
    pub fn nim_value(&mut self, region: &Board) -> Result<Nimber> {
        if let Some(Known::Value(v)) = self.lookup(region) {
            return Ok(Nimber::new(u64::from(v)));
        }
        let options = self.options(region)?;
        if options.len() as u64 + 1 >= SET_BITS {
            return self.plain_value(region, &options).map(Nimber::new);
        }
        let mut seen = 0u128;
        let mut open = Vec::new();
        for option in options.iter() {
            match self.known_sum(option) {
                Some(v) if v < SET_BITS => seen |= 1 << v,
                Some(_) => {}
                None => open.push(option),
            }
        }
        open.sort_by_key(|option| option.iter().map(Board::count).max().unwrap_or(0));
        let mut k = 0u64;
        loop {
            if seen & (1 << k) == 0 {
                let mut i = 0;
                while i < open.len() {
                    match self.sum_in(open[i], 1 << k)? {
                        Some(v) => {
                            open.remove(i);
                            if v < SET_BITS {
                                seen |= 1 << v;
                            }
                            if v == k {
                                break;
                            }
                        }
                        None => i += 1,
                    }
                }
                if seen & (1 << k) == 0 {
                    self.table.set_value(*region, k as u16);
                    return Ok(Nimber::new(k));
                }
            }
            k += 1;
        }
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
        if k >= SET_BITS {
            return Ok(self.sum_value(regions)?.value() == k);
        }
        Ok(self.sum_in(regions, 1 << k)? == Some(k))
    }

    /// The exact value of one region.
    fn exact_value(&mut self, region: &Board) -> Result<u64> {
        // Asked for every value, the search always answers exactly.
        self.value_in(region, u128::MAX)?.ok_or_else(|| {
            ErrorKind::Unsupported("the pruned search left a value undecided".into()).into()
        })
    }

    /// The value of a sum of regions when it is in `want` (bit `j`: value
    /// `j`), or `None` when it is not; it may also answer a value outside
    /// `want` (always exact). Regions of known value fold into the sum,
    /// equal regions cancel in pairs, all but the largest unknown region
    /// are valued exactly, and the question goes to the largest with
    /// `want` moved by the XOR of the others.
    fn sum_in(&mut self, regions: &[Board], want: u128) -> Result<Option<u64>> {
        // One region (most options): asked directly, nothing allocated.
        if let [r] = regions {
            return self.value_in(r, want);
        }
        let mut x = 0u64;
        let mut unknown: Vec<Board> = Vec::with_capacity(regions.len());
        for r in regions {
            match self.lookup(r) {
                Some(Known::Value(v)) => x ^= u64::from(v),
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
            return Ok(Some(x));
        };
        let last = kept.swap_remove(largest);
        for r in &kept {
            x ^= self.exact_value(r)?;
        }
        let moved = if x >= SET_BITS {
            u128::MAX
        } else {
            xor_moved(want, x)
        };
        Ok(self.value_in(&last, moved)?.map(|v| v ^ x))
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

    /// The value of one region when it is in `want`, or `None` when it is
    /// not (see [`Self::search_in`]); a known value is answered whatever
    /// `want`.
    fn value_in(&mut self, region: &Board, want: u128) -> Result<Option<u64>> {
        let mut want = want;
        match self.lookup(region) {
            Some(Known::Value(v)) => return Ok(Some(u64::from(v))),
            Some(Known::Not(mask)) => want &= !u128::from(mask),
            None => {}
        }
        if want == 0 {
            return Ok(None);
        }
        // "Not in `want`" is not recorded: on Cram 5x7 and 5x8 it saved
        // no time and took most of the table (150 MB of 155 on 5x8).
        let Some((options, known)) = self.options_unless(region, want)? else {
            return Ok(None);
        };
        let answer = if options.len() as u64 + 1 >= SET_BITS {
            self.plain_value(region, &options).map(Some)
        } else {
            self.search_in(region, want, &options, &known)
        };
        if matches!(answer, Ok(None)) {
            self.keep(*region, options);
            self.recycle((Options::new(), known));
        } else {
            self.recycle((options, known));
        }
        answer
    }

    /// The value of a region with too many options for the sets of
    /// [`Self::search_in`]: the mex of its options' exact values.
    fn plain_value(&mut self, region: &Board, options: &Options) -> Result<u64> {
        let mut seen = vec![false; options.len() + 1];
        for option in options.iter() {
            let v = self.sum_value(option)?.value();
            if let Some(s) = seen.get_mut(v as usize) {
                *s = true;
            }
        }
        let v = seen.iter().position(|s| !s).unwrap_or(options.len()) as u64;
        self.table.set_value(*region, v as u16);
        Ok(v)
    }

    /// [`Self::value_in`] of a region not in the table, given its (fewer
    /// than 127) options, by the pruning of Beling and Rogalski (2020):
    /// the value is kept inside a set of candidates, first `0..=n` for
    /// `n` options (a mex of `n` values is at most `n`), with one more
    /// candidate than options still to look at; each option looked at
    /// removes one candidate — its value when that is a candidate other
    /// than the largest, else the largest (which cannot be the mex while
    /// as many smaller candidates as options remain). So each option is
    /// asked only whether its value is among the candidates below the
    /// largest (and not above the largest value wanted), the search stops
    /// as soon as no candidate is wanted, and the last candidate is the
    /// value. When an option's answer was cut at the largest value
    /// wanted, the candidates above it may be wrong, so a last candidate
    /// above it only says "not wanted".
    fn search_in(
        &mut self,
        region: &Board,
        want: u128,
        options: &Options,
        known: &[Option<u64>],
    ) -> Result<Option<u64>> {
        let top_wanted = 127 - want.leading_zeros() as usize;
        let upto = low_bits(top_wanted + 1);
        let mut candidates = low_bits(options.len() + 1);
        let mut open = Vec::new();
        for (option, &v) in options.iter().zip(known) {
            match v {
                Some(v) => candidates = without(candidates, v),
                None => {
                    let largest = option.iter().map(Board::count).max().unwrap_or(0);
                    open.push((largest, option));
                }
            }
        }
        open.sort_by_key(|&(largest, _)| largest);
        let mut exact = true;
        for (_, option) in open {
            if candidates & want == 0 {
                return Ok(None);
            }
            let top = 1u128 << (127 - candidates.leading_zeros());
            let below = candidates & !top;
            let ask = below & upto;
            let found = if ask == 0 {
                None
            } else {
                self.sum_in(option, ask)?
            };
            match found {
                Some(v) if v < SET_BITS && below & (1 << v) != 0 => candidates &= !(1 << v),
                _ => {
                    if found.is_none() && below & !upto != 0 {
                        exact = false;
                    }
                    candidates = below;
                }
            }
        }
        let value = u64::from(candidates.trailing_zeros());
        if exact || value <= top_wanted as u64 {
            self.table.set_value(*region, value as u16);
            return Ok(Some(value));
        }
        Ok(None)
    }
}

/// Values a set of values (bit `j`: value `j`) can hold.
const SET_BITS: u64 = 128;

/// `candidates` without `v` when it holds it, else without its largest.
fn without(candidates: u128, v: u64) -> u128 {
    if v < SET_BITS && candidates & (1 << v) != 0 {
        candidates & !(1 << v)
    } else {
        candidates & !(1u128 << (127 - candidates.leading_zeros()))
    }
}

/// The set `{ j ^ x : j in set }` (`x < 128`).
fn xor_moved(set: u128, x: u64) -> u128 {
    let mut out = 0u128;
    let mut rest = set;
    while rest != 0 {
        let j = u64::from(rest.trailing_zeros());
        rest &= rest - 1;
        out |= 1 << (j ^ x);
    }
    out
}

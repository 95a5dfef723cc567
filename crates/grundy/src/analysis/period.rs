//! Periodicity of nim-sequences: `G(n + p) = G(n) + s` for all `n ≥ n0`.
//!
//! `p` is the period, `n0` the preperiod and `s` the saltus (0 for plain
//! periodicity; arithmetic periodicity has `s > 0`, e.g. Lasker's Nim with
//! p = 4, s = 4).
//!
//! Algorithm ([`find_period`]): for each candidate `p = 1, 2, …` take the
//! saltus from the last pair, then scan backwards from the end of the known
//! values while `G(i + p) = G(i) + s`; the first failure gives the least
//! `n0` for that `p`. A candidate is *certified* when a [`PeriodTheorem`]
//! says that the equalities checked so far imply periodicity forever:
//!
//! - [`PeriodTheorem::Window`] — a game in which every move leaves at most
//!   one heap and removes at most `k` tokens (finite subtraction sets): the
//!   value of `n` depends only on the `k` values before it, so `k`
//!   consecutive repeats (`n0 ≤ i < n0 + k`) repeat forever.
//! - [`PeriodTheorem::GuySmith`] — octal games with finitely many digits and
//!   largest removal `k` (Guy and Smith, 1956; *Winning Ways* ch. 4): checking
//!   `n0 ≤ i < 2·n0 + p + k` suffices.
//! - [`PeriodTheorem::Splitting`] — the same argument for moves that leave
//!   up to `h` heaps (hexadecimal codes, `h = 3`): checking
//!   `n0 ≤ i < h·n0 + (h−1)·p + k` suffices. Proof: for larger `n`, every
//!   option of `n + p` has a part `x ≥ n0 + p` (the largest of at most `h`
//!   parts summing to at least `n + p − k`), and replacing it by `x − p`
//!   gives an option of `n` with the same value; adding `p` to the largest
//!   part of an option of `n` goes back.
//!
//! The smallest certified `p` is the minimal period (every period of an
//! eventually periodic sequence is a multiple of the minimal one, and all
//! share the same minimal preperiod), and its `n0` is the minimal preperiod.
//! When nothing is certified, the smallest `p` with enough evidence (see
//! [`observed_enough`]) is reported as *observed*.
//!
//! Time: O(L) per candidate in the worst case, usually O(1) for wrong
//! candidates (the first mismatch comes early); multiples of an observed
//! period are skipped. A candidate `b` whose scan ran far back becomes a
//! base: the few `j` where `G(j + b) ≠ G(j) + s` are listed once (O(L)),
//! and a multiple `q = k·b` is checked only where some `j + t·b` (`t <
//! k`) is one of them (elsewhere `G(j + q) = G(j) + k·s` follows by adding
//! up). Without that, a sequence periodic except for rare exceptions (a
//! sparse game whose common values repeat with period 4, `0.376`) cost
//! O(gap) for each of its L/4 candidates (the distance to the nearest
//! exception): a search that held a `period --time` run minutes past
//! its limit. Memory: the mismatches of at most 4 bases (each at most
//! 16,384 or one in 32 of the values).

use crate::nimber::Nimber;

/// `G(n + period) = G(n) + saltus` for all `n ≥ preperiod`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// Least `n0` from which the relation holds.
    pub preperiod: u64,
    /// The period `p ≥ 1`.
    pub period: u64,
    /// The saltus `s` (0 for plain periodicity).
    pub saltus: u64,
}

impl Periodicity {
    /// How many leading values [`Periodicity::value_at`] needs.
    pub fn prefix_len(&self) -> u64 {
        self.preperiod + self.period
    }

    /// `G(n)` from the first [`prefix_len`](Self::prefix_len) values.
    /// `None` if `prefix` is too short or the value would exceed `u64`.
    pub fn value_at<T: Copy + Into<u64>>(&self, prefix: &[T], n: u64) -> Option<Nimber> {
        if let Some(v) = prefix.get(usize::try_from(n).ok()?) {
            return Some(Nimber::new((*v).into()));
        }
        if n < self.preperiod {
            return None;
        }
        let offset = n - self.preperiod;
        let base = self.preperiod + offset % self.period;
        let cycles = offset / self.period;
        let start: u64 = (*prefix.get(usize::try_from(base).ok()?)?).into();
        let lift = self.saltus.checked_mul(cycles)?;
        Some(Nimber::new(start.checked_add(lift)?))
    }
}

/// A theorem that turns finitely many checked equalities into a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodTheorem {
    /// No theorem applies: periods are only observed.
    None,
    /// Every move leaves at most one heap and removes at most `k` tokens:
    /// `k` consecutive repeats prove plain periodicity.
    Window {
        /// Largest number of tokens a move removes.
        k: u64,
    },
    /// Guy–Smith: octal game with finitely many digits, largest removal `k`.
    GuySmith {
        /// Largest number of tokens a move removes.
        k: u64,
    },
    /// Guy–Smith generalised: finitely many digits, largest removal `k`,
    /// moves leave at most `heaps` heaps.
    Splitting {
        /// Largest number of tokens a move removes.
        k: u64,
        /// Most heaps a move leaves.
        heaps: u64,
    },
}

impl PeriodTheorem {
    /// The least `end` such that `G(i + p) = G(i)` for `n0 ≤ i < end`
    /// proves periodicity; `None` if no theorem covers saltus `s`.
    pub fn required_end(&self, preperiod: u64, period: u64, saltus: u64) -> Option<u64> {
        if saltus != 0 {
            return None;
        }
        match *self {
            PeriodTheorem::None => None,
            PeriodTheorem::Window { k } => Some(preperiod.saturating_add(k.max(1))),
            PeriodTheorem::GuySmith { k } => Some(
                preperiod
                    .saturating_mul(2)
                    .saturating_add(period)
                    .saturating_add(k),
            ),
            PeriodTheorem::Splitting { k, heaps } => Some(
                preperiod
                    .saturating_mul(heaps)
                    .saturating_add(period.saturating_mul(heaps.saturating_sub(1)))
                    .saturating_add(k),
            ),
        }
    }

    /// The instance of the theorem that proves `p`: the equalities it
    /// needed, e.g. `G(n+34) = G(n) checked for 53 <= n < 142` for
    /// Dawson's Kayles (`0.07`, Guy–Smith with `k = 2`). `None` when no
    /// theorem covers `p`.
    pub fn instance(&self, p: &Periodicity) -> Option<String> {
        let end = self.required_end(p.preperiod, p.period, p.saltus)?;
        Some(format!(
            "G(n+{}) = G(n) checked for {} <= n < {end}",
            p.period, p.preperiod
        ))
    }

    /// A one-line statement of the theorem, for reports.
    pub fn describe(&self) -> &'static str {
        match self {
            PeriodTheorem::None => "no theorem applies; the period is observed",
            PeriodTheorem::Window { .. } => {
                "each move leaves at most one heap and removes at most k tokens: k consecutive repeated values repeat forever"
            }
            PeriodTheorem::GuySmith { .. } => {
                "Guy-Smith periodicity theorem: G(n+p)=G(n) for n0 <= n < 2*n0+p+k implies periodicity"
            }
            PeriodTheorem::Splitting { .. } => {
                "Guy-Smith theorem for moves leaving up to h heaps: G(n+p)=G(n) for n0 <= n < h*n0+(h-1)*p+k implies periodicity"
            }
        }
    }
}

/// What [`find_period`] found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodFound {
    /// Period, preperiod and saltus.
    pub periodicity: Periodicity,
    /// True when the theorem proves it; false when only observed.
    pub certified: bool,
}

/// The minimal period of `values` (see the module docs), or `None`.
///
/// `arithmetic` allows a positive saltus. A period the theorem does not
/// certify is returned (as observed, `certified: false`) only with the
/// evidence [`observed_enough`] asks for.
///
/// ```
/// use grundy::{Nimber, analysis::{find_period, PeriodTheorem}};
/// // sub:1,3,4 — 0 1 0 1 2 3 2 repeated.
/// let v: Vec<Nimber> = (0..40).map(|n| Nimber::new([0, 1, 0, 1, 2, 3, 2][n % 7])).collect();
/// let found = find_period(&v, PeriodTheorem::Window { k: 4 }, false).unwrap();
/// assert_eq!((found.periodicity.preperiod, found.periodicity.period), (0, 7));
/// assert!(found.certified);
/// ```
pub fn find_period<T: Copy + Into<u64>>(
    values: &[T],
    theorem: PeriodTheorem,
    arithmetic: bool,
) -> Option<PeriodFound> {
    find_period_counting(values, theorem, arithmetic).0
}

/// [`find_period`], with the number of equalities it compared.
fn find_period_counting<T: Copy + Into<u64>>(
    values: &[T],
    theorem: PeriodTheorem,
    arithmetic: bool,
) -> (Option<PeriodFound>, u64) {
    let mut scans = Scans::default();
    for p in 1..values.len() {
        if let Some(found) = try_period(values, p, theorem, arithmetic, &mut scans) {
            return (Some(found), scans.steps);
        }
    }
    let steps = scans.steps;
    (scans.finish(), steps)
}

/// A candidate whose scan ran back this far becomes a [`Base`].
const LONG_SCAN: usize = 64;
/// At most this many bases are kept (the first ones: the smallest `p`).
const MAX_BASES: usize = 4;
/// A base is dropped when it has more mismatches than this, or than one
/// in 32 of the values.
const MAX_MISMATCHES: usize = 1 << 14;

/// A candidate `b` (saltus `s`) whose scan ran far back, with every `j`
/// where `G(j + b) ≠ G(j) + s` (`0 ≤ j < len − b`): few, for a sequence
/// periodic but for rare values.
struct Base {
    period: usize,
    saltus: u64,
    /// Ascending.
    mismatches: Vec<usize>,
}

impl Base {
    /// The base for candidate `period`, or `None` past [`MAX_MISMATCHES`].
    fn of<T: Copy + Into<u64>>(
        values: &[T],
        period: usize,
        saltus: u64,
        steps: &mut u64,
    ) -> Option<Base> {
        let mut mismatches = Vec::new();
        let most = MAX_MISMATCHES.max(values.len() / 32);
        for (j, (&a, &b)) in values.iter().zip(&values[period..]).enumerate() {
            if b.into() != a.into().wrapping_add(saltus) {
                if mismatches.len() == most {
                    return None;
                }
                mismatches.push(j);
            }
        }
        *steps += values.len() as u64;
        Some(Base {
            period,
            saltus,
            mismatches,
        })
    }
}

/// What the scans of earlier candidates established, for later ones.
#[derive(Default)]
struct Scans {
    /// The first observed periodicity (its multiples are skipped).
    observed: Option<Periodicity>,
    /// Candidates whose scan ran far back, with their mismatches.
    bases: Vec<Base>,
    /// Candidates that ran far back but had too many mismatches.
    tried: usize,
    /// Equalities compared and mismatches visited (for the tests).
    steps: u64,
}

impl Scans {
    /// The observed periodicity, when nothing was certified.
    fn finish(self) -> Option<PeriodFound> {
        self.observed.map(|periodicity| PeriodFound {
            periodicity,
            certified: false,
        })
    }

    /// The least `n0` with `G(i + p) = G(i) + saltus` for `n0 ≤ i < len −
    /// p`: a scan down from the top, or, for a multiple of a base, a walk
    /// over the base's mismatches (the equalities between them follow
    /// from the base's, added up).
    fn preperiod<T: Copy + Into<u64>>(&mut self, values: &[T], p: usize, saltus: u64) -> usize {
        let len = values.len();
        let at = |i: usize| -> u64 { values[i].into() };
        let holds = |j: usize| at(j + p) == at(j).wrapping_add(saltus);
        let base = self.bases.iter().find(|b| {
            p > b.period
                && p.is_multiple_of(b.period)
                && b.saltus.checked_mul((p / b.period) as u64) == Some(saltus)
        });
        if let Some(base) = base {
            // For a multiple p = k·b: G(j + p) − G(j) − k·s is the sum of
            // the base's mismatches m in j, j + b, …, j + (k − 1)·b, so it
            // changes only where m enters (j = m) or leaves (j = m − p)
            // that window: the top b values of j, then those points, are
            // the only ones to compare.
            let b = base.period;
            let top = len - p;
            let low = top.saturating_sub(b);
            for j in (low..top).rev() {
                self.steps += 1;
                if !holds(j) {
                    return j + 1;
                }
            }
            let ms = &base.mismatches;
            let mut enter = ms.partition_point(|&m| m < low);
            let mut leave = ms.partition_point(|&m| m < low + p);
            let mut last = usize::MAX;
            loop {
                let entering = enter.checked_sub(1).map(|e| ms[e]);
                let leaving = leave.checked_sub(1).and_then(|l| ms[l].checked_sub(p));
                let j = match (entering, leaving) {
                    (None, None) => return 0,
                    (Some(x), Some(y)) if y > x => {
                        leave -= 1;
                        y
                    }
                    (Some(x), _) => {
                        enter -= 1;
                        x
                    }
                    (None, Some(y)) => {
                        leave -= 1;
                        y
                    }
                };
                if j == last {
                    continue;
                }
                last = j;
                self.steps += 1;
                if !holds(j) {
                    return j + 1;
                }
            }
        }
        let mut i = len - p;
        while i > 0 && holds(i - 1) {
            i -= 1;
        }
        self.steps += (len - p - i) as u64 + 1;
        if len - p - i >= LONG_SCAN && self.bases.len() + self.tried < MAX_BASES {
            match Base::of(values, p, saltus, &mut self.steps) {
                Some(base) => self.bases.push(base),
                None => self.tried += 1,
            }
        }
        i
    }
}

/// [`find_period`]'s step for the candidate period `p` (`1 ≤ p < len`):
/// the certified periodicity if `p` is certified; else records `p` in
/// `scans` as the first observed one (later multiples of an observed
/// period are skipped), or as a base if its scan ran far back.
#[inline]
fn try_period<T: Copy + Into<u64>>(
    values: &[T],
    p: usize,
    theorem: PeriodTheorem,
    arithmetic: bool,
    scans: &mut Scans,
) -> Option<PeriodFound> {
    let len = values.len();
    let at = |i: usize| -> u64 { values[i].into() };
    if let Some(o) = scans.observed {
        if (p as u64).is_multiple_of(o.period) {
            return None;
        }
    }
    let last = at(len - 1);
    let back = at(len - 1 - p);
    let saltus = if arithmetic {
        last.checked_sub(back)?
    } else if last != back {
        return None;
    } else {
        0
    };
    let n0 = scans.preperiod(values, p, saltus) as u64;
    let verified_end = (len - p) as u64;
    let periodicity = Periodicity {
        preperiod: n0,
        period: p as u64,
        saltus,
    };
    if let Some(end) = theorem.required_end(n0, p as u64, saltus) {
        if end <= verified_end {
            return Some(PeriodFound {
                periodicity,
                certified: true,
            });
        }
    }
    if scans.observed.is_none() && observed_enough(&periodicity, len as u64) {
        scans.observed = Some(periodicity);
    }
    None
}

/// Fewest repeated values an observed period needs, however short.
pub const MIN_REPEATS: u64 = 8;

/// Whether `len` values support the periodicity `p` (found on them, not
/// certified) well enough to report it as *observed*: the number of
/// repeated values, `r = len − n0 − p` (the equalities `G(i + p) = G(i) +
/// s` checked, `n0 ≤ i < len − p`), must be at least `3·(n0 + p)` and at
/// least [`MIN_REPEATS`].
///
/// Why this rule:
/// - `r ≥ 3p`: at least three full periods after the first one, so the
///   cycle is seen four times, not once repeated by chance;
/// - `r ≥ 3·n0` as well, equivalently `n0 + p ≤ len/4`: on the first half
///   of the table the same relation already holds with at least `n0 + p`
///   repeats (the amount Guy–Smith asks of an octal game, `n0 + p + k`,
///   without the `k` that no theorem supplies here). So the claim does not
///   change when the table is halved: a preperiod that moves with the
///   table (exceptions that continue towards its end, such as a long run
///   of equal values after 38000 others) is not a period, and a search
///   stopped earlier or later says the same thing;
/// - the count grows with both the period and the preperiod, as the
///   evidence needed does: a long cycle or a late start needs more data.
///
/// A certified period needs none of this: its theorem says how many
/// equalities suffice ([`PeriodTheorem::required_end`]).
///
/// ```
/// use grundy::analysis::{observed_enough, Periodicity};
/// let p = |preperiod, period| Periodicity { preperiod, period, saltus: 0 };
/// assert!(observed_enough(&p(0, 7), 100));
/// // 400 equal values after a 38000-value prefix: not a period.
/// assert!(!observed_enough(&p(38_000, 1), 38_401));
/// assert!(observed_enough(&p(38_000, 1), 4 * 38_001));
/// ```
pub fn observed_enough(p: &Periodicity, len: u64) -> bool {
    let Some(repeats) = len.checked_sub(p.preperiod.saturating_add(p.period)) else {
        return false;
    };
    let start = p.preperiod.saturating_add(p.period);
    repeats >= MIN_REPEATS && repeats / 3 >= start
}

/// Certify as you go: watches a growing prefix of a nim-sequence (values
/// are only ever appended) and runs [`find_period`] on it often enough to
/// notice a certificate soon after the values that complete it are known,
/// and rarely enough to cost O(1) per value overall.
///
/// The prefix is checked again once it has grown by a quarter, or, when
/// the last check observed a period that was not yet certified, as soon as
/// it reaches the length whose values would certify that period
/// ([`PeriodTheorem::required_end`] plus one period): a right guess is
/// certified at the first length that proves it, give or take the caller's
/// batch. With [`PeriodTheorem::None`] nothing is ever checked.
///
/// ```
/// use grundy::{Nimber, analysis::{PeriodTheorem, PeriodWatch}};
/// // sub:1,3,4 — 0 1 0 1 2 3 2 repeated; a window of k = 4 repeats proves it.
/// let v: Vec<Nimber> = (0..40).map(|n| Nimber::new([0, 1, 0, 1, 2, 3, 2][n % 7])).collect();
/// let mut watch = PeriodWatch::new(PeriodTheorem::Window { k: 4 });
/// let first = (1..=v.len()).find_map(|len| watch.check(&v[..len]).map(|p| (len, p)));
/// let (len, p) = first.unwrap();
/// assert_eq!((p.preperiod, p.period), (0, 7));
/// assert!(len <= 11 + 16); // 0..11 is the shortest proof; checks start at 16 values
/// ```
#[derive(Clone, Debug)]
pub struct PeriodWatch {
    theorem: PeriodTheorem,
    next: usize,
}

/// Values a [`PeriodWatch`] waits for before its first check.
const FIRST_CHECK: usize = 16;

impl PeriodWatch {
    /// A watch certifying with `theorem` (plain periods only: no theorem
    /// here proves a saltus).
    pub fn new(theorem: PeriodTheorem) -> PeriodWatch {
        PeriodWatch {
            theorem,
            next: FIRST_CHECK,
        }
    }

    /// Whether a prefix of `len` values is due for a check.
    pub fn due(&self, len: usize) -> bool {
        self.theorem != PeriodTheorem::None && len >= self.next
    }

    /// Records what [`find_period`] found on a prefix of `len` values (with
    /// this watch's theorem, no saltus) and returns the periodicity if it
    /// is certified; otherwise sets when to look again.
    pub fn record(&mut self, len: usize, found: Option<PeriodFound>) -> Option<Periodicity> {
        if let Some(f) = found.filter(|f| f.certified) {
            return Some(f.periodicity);
        }
        let later = len.saturating_add(len / 4).max(len + 1);
        let proof = found.and_then(|f| {
            let p = f.periodicity;
            let end = self.theorem.required_end(p.preperiod, p.period, 0)?;
            usize::try_from(end.checked_add(p.period)?).ok()
        });
        self.next = match proof {
            Some(at) if at > len => at.min(later),
            _ => later,
        };
        None
    }

    /// Checks `values` (the whole prefix known so far) if due; the
    /// certified periodicity once there is one.
    pub fn check<T: Copy + Into<u64> + PartialEq>(&mut self, values: &[T]) -> Option<Periodicity> {
        if !self.due(values.len()) {
            return None;
        }
        let found = self.search(values);
        self.record(values.len(), found)
    }

    /// [`find_period`]`(values, theorem, false)` for this watch's theorem
    /// (the same answer), faster: only the periods `p` that could be
    /// certified or observed on `values` are tried (`p ≤ len/4`, or the
    /// theorem's proof fits in `len − p` values), and only those whose
    /// last values repeat — found 64 candidates at a time by comparing the
    /// table with its last one or two values (a loop the compiler turns
    /// into vector compares), instead of one candidate at a time.
    pub fn search<T: Copy + Into<u64> + PartialEq>(&self, values: &[T]) -> Option<PeriodFound> {
        let len = values.len();
        let theorem = self.theorem;
        if theorem == PeriodTheorem::None || len < 3 {
            return find_period(values, theorem, false);
        }
        // The largest candidate worth trying: observed ones have
        // p ≤ len/4, certified ones a proof end (monotone in p) of at
        // most len − p.
        let provable = |p: usize| {
            theorem
                .required_end(0, p as u64, 0)
                .is_some_and(|end| end.saturating_add(p as u64) <= len as u64)
        };
        let (mut lo, mut hi) = (0usize, len - 1);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if provable(mid) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        // Every proof checks at least `required_end(0, 1)` equalities, the
        // last ones those of G(len − 1) and (if two or more) G(len − 2);
        // an observed period checks 8 or more.
        let two = theorem.required_end(0, 1, 0).is_some_and(|e| e >= 2);
        let pmax = (len / 4).max(lo).min(len - 1 - usize::from(two));
        if pmax == 0 {
            return None;
        }
        let last = values[len - 1];
        let prev = values[len - 2];
        // Candidate p sits at j = len − 1 − p: j runs down from len − 2 to
        // `bottom` (p ascending, the order of find_period).
        let bottom = len - 1 - pmax;
        let mut scans = Scans::default();
        let mut top = len - 1;
        while top > bottom {
            let start = top.saturating_sub(64).max(bottom);
            let mut mask = equal_mask(&values[start..top], last);
            if two {
                // `start ≥ 1` here (p ≤ len − 2).
                mask &= equal_mask(&values[start - 1..top - 1], prev);
            }
            while mask != 0 {
                let bit = 63 - mask.leading_zeros() as usize;
                mask &= !(1u64 << bit);
                let p = len - 1 - (start + bit);
                if let Some(found) = try_period(values, p, theorem, false, &mut scans) {
                    return Some(found);
                }
            }
            top = start;
        }
        scans.finish()
    }
}

/// Bit `i` set when `values[i] == x` (at most 64 values): the compares
/// as bytes (vector compares), then each 8 bytes of 0/1 packed into 8
/// bits by one multiplication (byte `j` lands in bit `56 + j`).
#[inline]
fn equal_mask<T: Copy + PartialEq>(values: &[T], x: T) -> u64 {
    let mut bytes = [0u8; 64];
    for (b, &v) in bytes.iter_mut().zip(values) {
        *b = u8::from(v == x);
    }
    let mut mask = 0u64;
    for (j, eight) in bytes.chunks_exact(8).enumerate() {
        let word = u64::from_le_bytes(eight.try_into().unwrap_or([0; 8]));
        mask |= (word.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * j);
    }
    mask
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn seq(v: &[u64]) -> Vec<Nimber> {
        v.iter().copied().map(Nimber::new).collect()
    }

    /// Period 4 (`17 33 16 32`, the common values of `0.376`) except at a
    /// few heaps near the end of `len` values.
    fn four_with_late_exceptions(len: usize, exceptions: &[usize]) -> Vec<u64> {
        let mut v: Vec<u64> = (0..len).map(|n| [17, 33, 16, 32][n % 4]).collect();
        for &e in exceptions {
            v[e] = 40 + e as u64 % 7;
        }
        v
    }

    /// The search as it was: every candidate scanned from the end (the
    /// reference the shortened scans must agree with).
    fn find_period_plainly(
        v: &[u64],
        theorem: PeriodTheorem,
        arithmetic: bool,
    ) -> Option<PeriodFound> {
        let len = v.len();
        let mut observed: Option<Periodicity> = None;
        for p in 1..len {
            if observed.is_some_and(|o| (p as u64).is_multiple_of(o.period)) {
                continue;
            }
            let saltus = if arithmetic {
                match v[len - 1].checked_sub(v[len - 1 - p]) {
                    Some(s) => s,
                    None => continue,
                }
            } else if v[len - 1] != v[len - 1 - p] {
                continue;
            } else {
                0
            };
            let mut i = len - p;
            while i > 0 && v[i - 1 + p] == v[i - 1].wrapping_add(saltus) {
                i -= 1;
            }
            let periodicity = Periodicity {
                preperiod: i as u64,
                period: p as u64,
                saltus,
            };
            if theorem
                .required_end(i as u64, p as u64, saltus)
                .is_some_and(|end| end <= (len - p) as u64)
            {
                return Some(PeriodFound {
                    periodicity,
                    certified: true,
                });
            }
            if observed.is_none() && observed_enough(&periodicity, len as u64) {
                observed = Some(periodicity);
            }
        }
        observed.map(|periodicity| PeriodFound {
            periodicity,
            certified: false,
        })
    }

    #[test]
    fn rare_late_exceptions_to_a_short_period_do_not_make_the_search_quadratic() {
        // Each of the len/4 multiples of 4 used to be scanned back to the
        // last exception: 16,384 × ~5,000 equalities here (and a
        // `period 0.376 --time 10` run that went on for minutes).
        let len = 1 << 16;
        let v = four_with_late_exceptions(len, &[len - 5_000, len - 7_000]);
        let (found, steps) = find_period_counting(&v, PeriodTheorem::None, false);
        assert_eq!(found, find_period_plainly(&v, PeriodTheorem::None, false));
        assert!(
            steps < 4 * len as u64,
            "{steps} equalities compared for {len} values"
        );
    }

    proptest! {
        #[test]
        fn shortened_scans_find_what_scanning_every_candidate_finds(
            len in 50usize..1500,
            exceptions in proptest::collection::vec(0usize..1500, 0..4),
            arithmetic in any::<bool>(),
            k in 0u64..5,
        ) {
            let exceptions: Vec<usize> = exceptions.into_iter().map(|e| e % len).collect();
            let v = four_with_late_exceptions(len, &exceptions);
            for theorem in [PeriodTheorem::None, PeriodTheorem::Window { k }, PeriodTheorem::GuySmith { k }] {
                prop_assert_eq!(find_period(&v, theorem, arithmetic), find_period_plainly(&v, theorem, arithmetic));
                if !arithmetic {
                    let watch = PeriodWatch::new(theorem);
                    prop_assert_eq!(watch.search(&v), find_period_plainly(&v, theorem, false));
                }
            }
        }
    }

    #[test]
    fn arithmetic_periodicity_of_lasker_shape() {
        // Lasker's Nim: G(4k+1)=4k+1, G(4k+2)=4k+2, G(4k+3)=4k+4, G(4k+4)=4k+3.
        let v: Vec<Nimber> = (0..64u64)
            .map(|n| match n % 4 {
                0 if n > 0 => n - 1,
                3 => n + 1,
                _ => n,
            })
            .map(Nimber::new)
            .collect();
        let found = find_period(&v, PeriodTheorem::None, true).unwrap();
        assert_eq!(found.periodicity.period, 4);
        assert_eq!(found.periodicity.saltus, 4);
        assert!(!found.certified);
        for n in 0..200 {
            let expect = v.get(n as usize).copied();
            if let Some(e) = expect {
                assert_eq!(found.periodicity.value_at(&v[..8], n), Some(e));
            }
        }
    }

    #[test]
    fn preperiod_is_minimal() {
        // 5 then 0 1 2 0 1 2 ... : preperiod 1, period 3.
        let mut v = seq(&[5]);
        v.extend((0..30).map(|n| Nimber::new(n % 3)));
        let f = find_period(&v, PeriodTheorem::Window { k: 2 }, false).unwrap();
        assert_eq!(
            f.periodicity,
            Periodicity {
                preperiod: 1,
                period: 3,
                saltus: 0
            }
        );
    }

    /// Regression: `period take:1000..100000` (values ⌊n/1000⌋ up to
    /// heap 100000) said "periodic, preperiod 38000, period 1" from the
    /// few hundred equal values at the end of a 38400-value table.
    #[test]
    fn a_run_of_equal_values_after_a_long_prefix_is_not_an_observed_period() {
        let v: Vec<Nimber> = (0..38_400u64).map(|n| Nimber::new(n / 1000)).collect();
        assert_eq!(find_period(&v, PeriodTheorem::None, false), None);
        // With a saltus it is what it is: ⌊n/1000⌋ has period 1000, saltus 1.
        let f = find_period(&v, PeriodTheorem::None, true).unwrap();
        assert_eq!((f.periodicity.period, f.periodicity.saltus), (1000, 1));
        // The same run with no prefix before it is one.
        let flat = vec![Nimber::new(0); 400];
        let f = find_period(&flat, PeriodTheorem::None, false).unwrap();
        assert_eq!((f.periodicity.preperiod, f.periodicity.period), (0, 1));
    }

    /// Regression: `pattern take:3..14 --to 1000` found no rule: on
    /// G(0..=1000) = ⌊(n mod 17)/3⌋ the last 12 values also fit
    /// G(n+3) = G(n)+1, that spurious period was taken as the observed one
    /// and the true period 17 was never considered.
    #[test]
    fn a_short_arithmetic_run_at_the_end_does_not_hide_the_true_period() {
        for len in (400..=5001).step_by(7) {
            let v: Vec<u64> = (0..len).map(|n| (n % 17) / 3).collect();
            let f = find_period(&v, PeriodTheorem::None, true).unwrap();
            assert_eq!(
                f.periodicity,
                Periodicity {
                    preperiod: 0,
                    period: 17,
                    saltus: 0
                },
                "{len} values"
            );
        }
    }

    #[test]
    fn too_short_a_window_is_not_certified() {
        let v = seq(&[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1]);
        // Four values repeat after p = 7 only for i in 0..4: exactly k = 4.
        assert!(
            find_period(&v, PeriodTheorem::Window { k: 4 }, false)
                .unwrap()
                .certified
        );
        assert!(find_period(&v, PeriodTheorem::Window { k: 5 }, false).is_none_or(|f| !f.certified));
    }

    #[test]
    fn value_at_never_overflows() {
        let p = Periodicity {
            preperiod: 0,
            period: 1,
            saltus: 1,
        };
        assert_eq!(
            p.value_at(&seq(&[0]), u64::MAX),
            Some(Nimber::new(u64::MAX))
        );
        let p = Periodicity {
            preperiod: 0,
            period: 1,
            saltus: 2,
        };
        assert_eq!(p.value_at(&seq(&[0]), u64::MAX), None);
    }

    /// The watch's search gives find_period's answer, on every prefix of
    /// random sequences (periodic after a random start, or not at all,
    /// over small alphabets so that many candidates repeat), for every
    /// theorem shape.
    #[test]
    fn the_watch_search_equals_find_period() {
        let mut x = 12345u64;
        let mut rand = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        let theorems = [
            PeriodTheorem::Window { k: 1 },
            PeriodTheorem::Window { k: 3 },
            PeriodTheorem::GuySmith { k: 0 },
            PeriodTheorem::GuySmith { k: 1 },
            PeriodTheorem::GuySmith { k: 4 },
            PeriodTheorem::Splitting { k: 2, heaps: 3 },
        ];
        for round in 0..300 {
            let alphabet = 1 + rand(4);
            let pre = rand(150) as usize;
            let period = 1 + rand(if round % 3 == 0 { 90 } else { 9 }) as usize;
            let periodic = rand(4) != 0;
            let cycle: Vec<u64> = (0..period).map(|_| rand(alphabet)).collect();
            let len = 1 + rand(400) as usize;
            let v: Vec<u64> = (0..len)
                .map(|i| {
                    if periodic && i >= pre {
                        cycle[(i - pre) % period]
                    } else {
                        rand(alphabet)
                    }
                })
                .collect();
            let narrow: Vec<u8> = v.iter().map(|&x| x as u8).collect();
            for theorem in theorems {
                let watch = PeriodWatch::new(theorem);
                for end in 0..=len {
                    let expect = find_period(&v[..end], theorem, false);
                    assert_eq!(
                        watch.search(&v[..end]),
                        expect,
                        "{theorem:?} {:?}",
                        &v[..end]
                    );
                    assert_eq!(watch.search(&narrow[..end]), expect);
                }
            }
        }
    }

    proptest! {
        /// A random eventually periodic sequence: the period found is the
        /// minimal one, with the minimal preperiod, and extends correctly.
        #[test]
        fn finds_minimal_period_and_preperiod(pre in proptest::collection::vec(0u64..4, 0..10),
                                             cycle in proptest::collection::vec(0u64..4, 1..8)) {
            let mut v = seq(&pre);
            while v.len() < pre.len() + 12 * cycle.len() + 20 {
                let i = v.len() - pre.len();
                v.push(Nimber::new(cycle[i % cycle.len()]));
            }
            let f = find_period(&v, PeriodTheorem::Window { k: 8 }, false).unwrap();
            let p = f.periodicity;
            // It is a period of the whole data from n0 on ...
            for i in p.preperiod as usize..v.len() - p.period as usize {
                prop_assert_eq!(v[i], v[i + p.period as usize]);
            }
            // ... no smaller period fits the tail, no smaller n0 fits p.
            let minimal_cycle = (1..=cycle.len()).find(|q| (0..cycle.len()).all(|i| cycle[i] == cycle[(i + q) % cycle.len()])).unwrap();
            prop_assert_eq!(p.period as usize, minimal_cycle);
            if p.preperiod > 0 {
                let i = p.preperiod as usize - 1;
                prop_assert_ne!(v[i], v[i + p.period as usize]);
            }
        }
    }
}

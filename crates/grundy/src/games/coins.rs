//! Coin-turning games (Berlekamp, Conway, Guy, *Winning Ways*, ch. 14) and
//! their Tartan products.
//!
//! # Rules
//!
//! Coins lie in a row, numbered from the game's first coin (`1` in Ruler and
//! Turning Turtles, `0` otherwise, as in *Winning Ways*). A move turns over a
//! set of coins allowed by the rule; the *rightmost* coin turned must go from
//! heads to tails (the others may go either way). A player who cannot move
//! loses. Rules ([`CoinRule`]):
//!
//! | game | rule | value of a head at coin `n` |
//! |---|---|---|
//! | [`CoinGame::turning_turtles`] | turn 1 or 2 coins | `n` (coins from 1): it is Nim |
//! | [`CoinGame::twins`] | turn exactly 2 coins | `n` (coins from 0) |
//! | [`CoinGame::mock_turtles`] | turn 1, 2 or 3 coins | the `n`-th odious number `1, 2, 4, 7, 8, 11, …` (coins from 0) |
//! | [`CoinGame::ruler`] | turn any run of consecutive coins | the largest power of 2 dividing `n` (coins from 1) |
//! | [`CoinGame::up_to`]`(k)` | turn 1 to `k` coins | computed (`k = 5` is Moebius, `k = 7` Mogul in *Winning Ways*) |
//! | [`CoinGame::exactly`]`(k)` | turn exactly `k` coins | computed |
//!
//! # Values
//!
//! Turning a tails coin to heads is the same as adding a head, and turning
//! a heads coin to tails is the same as adding a second head that cancels
//! it (`x ⊕ x = 0`). So a position is the sum of its single heads and its
//! value is the XOR of the values of its heads; a single head at `n` has the
//! value `mex` over its moves of the XOR of the values of the *other* coins
//! turned. As a [`Game`], a position is the sorted list of its heads and
//! every component is a single head.
//!
//! [`CoinGame::coin_value`] uses the closed forms in the table above; the
//! other rules go through [`CoinGame::values_by_search`]: for "up to / exactly
//! `k`" it keeps, for each `j < k`, the set of XORs of `j` earlier coins' values
//! as a bitset over `[0, U)` (`U` the next power of two above every value so
//! far) and adds each new value to all of them at once — time
//! O(count · k · U / 64), memory `k · U / 8` bytes (refused beyond 1 GiB
//! with [`ErrorKind::OutOfMemory`]). For Ruler it takes suffix XORs:
//! O(count²). Tests prove every closed form equal to that search and to the
//! generic [`MemoSolver`](crate::solve::MemoSolver), and the XOR rule equal to
//! a search over whole rows.
//!
//! # Tartan products
//!
//! The product of `D` one-dimensional coin games is played on a
//! `D`-dimensional board: a move picks, in every factor `i`, a move of that
//! game whose rightmost coin is `x_i`, and turns every coin of the
//! Cartesian product of those sets; the far corner `(x_1, …, x_D)` must go
//! from heads to tails. The **Tartan theorem** (*Winning Ways*, ch. 14):
//! a head at `(x_1, …, x_D)` has value `G_1(x_1) ⊗ … ⊗ G_D(x_D)`, the
//! nim-product of the factors' values. [`Tartan::turning_corners`] is
//! Twins × Twins (turn the four corners of a rectangle: `x ⊗ y`);
//! [`Tartan::light_switching`] is Twins³ (the eight corners of a box, POJ
//! 3533: `x ⊗ y ⊗ z`); [`Tartan::rugs`] is Ruler × Ruler. Tests check the
//! theorem against a search over whole boards.

use crate::error::{Error, ErrorKind, Result};
use crate::game::Game;
use crate::nimber::{Mex, Nimber};

/// Which sets of coins a move may turn (the last one turned, the rightmost,
/// must go from heads to tails).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CoinRule {
    /// The rightmost coin and at most `k − 1` others to its left.
    UpTo(u32),
    /// The rightmost coin and exactly `k − 1` others to its left.
    Exactly(u32),
    /// Any run of consecutive coins ending at the rightmost one.
    Ruler,
}

/// The largest `k` accepted in [`CoinRule::UpTo`] and [`CoinRule::Exactly`].
pub const MAX_COINS_PER_MOVE: u32 = 64;

/// Memory that [`CoinGame::values_by_search`] may use.
const SEARCH_MAX_BYTES: u64 = 1 << 30;

/// A one-dimensional coin-turning game (see the module docs).
///
/// ```
/// use grundy::{games::coins::CoinGame, Nimber};
/// let mock = CoinGame::mock_turtles();
/// let v: Vec<u64> = (0..8).map(|n| mock.coin_value(n).unwrap().value()).collect();
/// assert_eq!(v, [1, 2, 4, 7, 8, 11, 13, 14]); // the odious numbers
/// // Heads at 0, 1 and 5: 1 ⊕ 2 ⊕ 11 = 8.
/// assert_eq!(mock.nim_value(&[0, 1, 5]).unwrap(), Nimber::new(8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CoinGame {
    rule: CoinRule,
    first: u64,
}

impl CoinGame {
    /// A game with the given rule and number of the leftmost coin.
    ///
    /// Errors: `k = 0` or `k > 64` in [`CoinRule::UpTo`]/[`CoinRule::Exactly`].
    pub fn new(rule: CoinRule, first: u64) -> Result<CoinGame> {
        if let CoinRule::UpTo(k) | CoinRule::Exactly(k) = rule {
            if k == 0 || k > MAX_COINS_PER_MOVE {
                return Err(Error::invalid_spec(
                    &format!("{rule:?}"),
                    format!("a move turns between 1 and {MAX_COINS_PER_MOVE} coins"),
                ));
            }
        }
        Ok(CoinGame { rule, first })
    }

    /// Ruler: turn any run of consecutive coins; coins numbered from 1.
    pub fn ruler() -> CoinGame {
        CoinGame {
            rule: CoinRule::Ruler,
            first: 1,
        }
    }

    /// Turning Turtles: turn one or two coins; coins numbered from 1. A head
    /// at `n` is a Nim heap of size `n`.
    pub fn turning_turtles() -> CoinGame {
        CoinGame {
            rule: CoinRule::UpTo(2),
            first: 1,
        }
    }

    /// Twins: turn exactly two coins; coins numbered from 0, value `n`.
    pub fn twins() -> CoinGame {
        CoinGame {
            rule: CoinRule::Exactly(2),
            first: 0,
        }
    }

    /// Mock Turtles: turn one, two or three coins; coins numbered from 0;
    /// the values are the odious numbers (odd number of 1 bits).
    pub fn mock_turtles() -> CoinGame {
        CoinGame {
            rule: CoinRule::UpTo(3),
            first: 0,
        }
    }

    /// Turn from 1 up to `k` coins; coins numbered from 0.
    pub fn up_to(k: u32) -> Result<CoinGame> {
        CoinGame::new(CoinRule::UpTo(k), 0)
    }

    /// Turn exactly `k` coins; coins numbered from 0.
    pub fn exactly(k: u32) -> Result<CoinGame> {
        CoinGame::new(CoinRule::Exactly(k), 0)
    }

    /// The rule.
    pub fn rule(&self) -> CoinRule {
        self.rule
    }

    /// The number of the leftmost coin.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// Calls `f` once per move whose rightmost coin is `n`, with the coins
    /// it turns in increasing order (the last one is `n`). A coin left of
    /// [`first`](Self::first) has no moves.
    pub fn moves(&self, n: u64, f: &mut dyn FnMut(&[u64])) {
        if n < self.first {
            return;
        }
        match self.rule {
            CoinRule::Ruler => {
                let mut run = Vec::new();
                for m in (self.first..=n).rev() {
                    run.clear();
                    run.extend(m..=n);
                    f(&run);
                }
            }
            CoinRule::UpTo(k) => {
                for others in 0..k {
                    subsets(self.first, n, others as usize, f);
                }
            }
            CoinRule::Exactly(k) => subsets(self.first, n, (k - 1) as usize, f),
        }
    }

    /// The closed form of the value of a head at index `i = n − first`,
    /// where one is known.
    fn closed_form(&self, i: u64) -> Option<Option<u64>> {
        match self.rule {
            CoinRule::Ruler => Some(i.checked_add(1).map(|m| m & m.wrapping_neg())),
            CoinRule::UpTo(1) | CoinRule::Exactly(1) => Some(Some(1)),
            CoinRule::UpTo(2) => Some(i.checked_add(1)),
            CoinRule::Exactly(2) => Some(Some(i)),
            CoinRule::UpTo(3) => Some(
                i.checked_mul(2)
                    .map(|d| d | u64::from(i.count_ones().is_multiple_of(2))),
            ),
            _ => None,
        }
    }

    /// The value of a single head at coin `n`.
    ///
    /// Errors: `n` left of the first coin; a value that does not fit in
    /// 64 bits; a search that would need too much memory.
    pub fn coin_value(&self, n: u64) -> Result<Nimber> {
        let i = self.index(n)?;
        match self.closed_form(i) {
            Some(Some(v)) => Ok(Nimber::new(v)),
            Some(None) => Err(Error::invalid_position(
                &n.to_string(),
                "the value of this coin does not fit in 64 bits",
            )),
            None => {
                let count = i.checked_add(1).ok_or_else(|| too_many_coins(n))?;
                let v = self.values_by_search(count)?;
                Ok(v[v.len() - 1])
            }
        }
    }

    /// The value of the position with heads at `heads` (a coin listed twice
    /// is tails): the XOR of the values of its heads.
    pub fn nim_value(&self, heads: &[u64]) -> Result<Nimber> {
        let Some(&max) = heads.iter().max() else {
            return Ok(Nimber::ZERO);
        };
        if self.closed_form(0).is_some() {
            return heads.iter().map(|&n| self.coin_value(n)).sum();
        }
        let count = self
            .index(max)?
            .checked_add(1)
            .ok_or_else(|| too_many_coins(max))?;
        let values = self.values_by_search(count)?;
        heads
            .iter()
            .map(|&n| Ok(values[self.index(n)? as usize]))
            .sum()
    }

    /// The values of the first `count` coins (`first`, `first + 1`, …):
    /// closed forms where known, otherwise [`values_by_search`](Self::values_by_search).
    pub fn values(&self, count: u64) -> Result<Vec<Nimber>> {
        if self.closed_form(0).is_none() {
            return self.values_by_search(count);
        }
        check_output_size(count)?;
        (0..count)
            .map(|i| {
                let n = self
                    .first
                    .checked_add(i)
                    .ok_or_else(|| too_many_coins(self.first))?;
                self.coin_value(n)
            })
            .collect()
    }

    /// The values of the first `count` coins by the search in the module
    /// docs (no closed form used). Errors when the tables would exceed
    /// 1 GiB.
    pub fn values_by_search(&self, count: u64) -> Result<Vec<Nimber>> {
        self.values_by_search_with(count, &mut |_| Ok(()))
    }

    /// [`values_by_search`](Self::values_by_search) with a progress and
    /// cancel hook, called after each coin of the searched rules with the
    /// number of values known; an error it returns stops the search and is
    /// returned. "Up to k coins" searches whose tables will not fit 1 GiB
    /// are refused before the work or at the first doubling of the tables
    /// that shows it (see `check_predicted_size`).
    pub fn values_by_search_with(
        &self,
        count: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        check_output_size(count)?;
        if count > 0 && self.first.checked_add(count - 1).is_none() {
            return Err(too_many_coins(self.first));
        }
        match self.rule {
            CoinRule::Ruler => Ok(ruler_by_search(count as usize)),
            CoinRule::UpTo(k) => subset_xor_search(count as usize, k as usize, true, progress),
            CoinRule::Exactly(k) => subset_xor_search(count as usize, k as usize, false, progress),
        }
    }

    fn index(&self, n: u64) -> Result<u64> {
        n.checked_sub(self.first).ok_or_else(|| {
            Error::invalid_position(
                &n.to_string(),
                format!("the coins of this game are numbered from {}", self.first),
            )
        })
    }
}

fn too_many_coins(n: u64) -> Error {
    Error::invalid_position(&n.to_string(), "too many coins to compute")
}

fn check_output_size(count: u64) -> Result<()> {
    within_search_memory(count.saturating_mul(8))
}

/// Refuses `needed` bytes past [`SEARCH_MAX_BYTES`], naming both.
fn within_search_memory(needed: u64) -> Result<()> {
    if needed > SEARCH_MAX_BYTES {
        return Err(ErrorKind::OutOfMemory {
            needed,
            available: SEARCH_MAX_BYTES,
        }
        .into());
    }
    Ok(())
}

/// Calls `f` with `{c_1 < … < c_size} ∪ {n}` for every `size`-subset of
/// `[lo, n)`, in lexicographic order, without recursion.
fn subsets(lo: u64, n: u64, size: usize, f: &mut dyn FnMut(&[u64])) {
    if (n - lo) < size as u64 {
        return;
    }
    let mut set: Vec<u64> = (lo..lo + size as u64).collect();
    set.push(n);
    loop {
        f(&set);
        // Advance the rightmost element that can still move right.
        let mut j = size;
        loop {
            if j == 0 {
                return;
            }
            j -= 1;
            let limit = n - (size - j) as u64; // largest value for slot j
            if set[j] < limit {
                set[j] += 1;
                for t in j + 1..size {
                    set[t] = set[t - 1] + 1;
                }
                break;
            }
        }
    }
}

/// Ruler by definition: `G(i) = mex` of the XORs of `G(m..i)` for `m ≤ i`.
fn ruler_by_search(count: usize) -> Vec<Nimber> {
    let mut values = Vec::with_capacity(count);
    let mut mex = Mex::new();
    for i in 0..count {
        mex.clear();
        let mut suffix = Nimber::ZERO;
        mex.insert(suffix);
        for m in (0..i).rev() {
            suffix += values[m];
            mex.insert(suffix);
        }
        values.push(mex.mex());
    }
    values
}

/// A set of integers below `64 · words.len()`.
#[derive(Clone)]
struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    fn mex(&self) -> u64 {
        match self.words.iter().position(|&w| w != u64::MAX) {
            Some(i) => 64 * i as u64 + u64::from((!self.words[i]).trailing_zeros()),
            None => 64 * self.words.len() as u64,
        }
    }

    /// `self ∪= {s ⊕ v : s ∈ src}` (`v` below the universe).
    fn or_translated(&mut self, src: &BitSet, v: u64) {
        let (word_shift, bits) = ((v >> 6) as usize, v & 63);
        for (w, &x) in src.words.iter().enumerate() {
            if x != 0 {
                self.words[w ^ word_shift] |= xor_bit_positions(x, bits);
            }
        }
    }
}

/// Moves bit `i` of `x` to bit `i ⊕ c` (`c < 64`): a swap of blocks of
/// `2^t` bits for every bit `t` of `c`.
fn xor_bit_positions(mut x: u64, c: u64) -> u64 {
    const MASKS: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0F0F_0F0F_0F0F_0F0F,
        0x00FF_00FF_00FF_00FF,
        0x0000_FFFF_0000_FFFF,
        0x0000_0000_FFFF_FFFF,
    ];
    for (t, &m) in MASKS.iter().enumerate() {
        if c >> t & 1 == 1 {
            let s = 1 << t;
            x = ((x & m) << s) | ((x >> s) & m);
        }
    }
    x
}

/// `Σ_{j ≤ t} C(m, j)` as a float (saturating at infinity): the number of
/// subsets of at most `t` of `m` coins.
fn small_subsets(m: u64, t: usize) -> f64 {
    let mut c = 1.0f64;
    let mut sum = 1.0f64;
    for j in 0..t as u64 {
        if j >= m {
            break;
        }
        c = c * (m - j) as f64 / (j + 1) as f64;
        sum += c;
    }
    sum
}

/// The bytes the search tables of `k` sets need when the largest value is
/// `max_value`: `k` bit sets over the power of two above it (64 at least).
fn table_bytes(k: usize, max_value: f64) -> u64 {
    let mut universe = 64.0f64;
    while universe <= max_value && universe < 1e30 {
        universe *= 2.0;
    }
    (k as f64 * universe / 8.0).min(u64::MAX as f64) as u64
}

/// Refuses an "up to k coins" search of `count` coins whose tables will
/// not fit [`SEARCH_MAX_BYTES`], as far as the values so far tell: the
/// values of any `k` distinct coins XOR to non-zero (each value differs
/// from the XOR of at most `k − 1` earlier ones), so the XORs of the
/// subsets of at most `t = ⌊k/2⌋` coins are all distinct, and the largest
/// of `count` values is at least `S(count) − 1`, `S(m)` the number of such
/// subsets of `m` coins ([`small_subsets`]): a lower bound, checked before
/// the search. During it, the largest value `v` of the first `m` coins
/// gives the ratio `v / S(m)`, which stays about the same or grows as
/// coins are added (greedy codes do not get better); the estimate
/// `ratio · S(count)` refuses at the first doubling of the tables, a
/// fraction of a second in, instead of after the work.
fn check_predicted_size(count: u64, k: usize, known: u64, largest: u64) -> Result<()> {
    let t = k / 2;
    let ratio = if known == 0 {
        1.0
    } else {
        largest as f64 / small_subsets(known, t)
    };
    let predicted = ratio.max(1.0) * small_subsets(count, t) - 1.0;
    within_search_memory(table_bytes(k, predicted))
}

/// Refuses an "up to k coins" search of `count` coins whose tables, by
/// the growth of the values so far, will need more than twice
/// [`SEARCH_MAX_BYTES`]. `now` is the doubling of the tables just reached
/// and `before` the earlier ones (each the coins known and the largest
/// value): from each earlier doubling with a quarter to a half of the
/// coins known now, the values grew as `m^α`; the smallest such `α`
/// (growth is irregular: a single span can be far steeper than the
/// trend), clamped to `[⌊k/2⌋, k − 1]` (the exponents of the lower bound
/// of [`check_predicted_size`] and of the count of the moves), predicts
/// the largest value of `count` coins. The trend falls slowly as coins are
/// added (Mogul: about 4.7 by coin 100, 4.5 by coin 200), so the estimate
/// runs high; the margin of two keeps a search that may fit from being
/// refused (Mogul to coin 300 is computed and stops at the limit, coin 250
/// fits), while a request far beyond is refused a fraction of a second in
/// (Mogul to coin 350: at coin 33).
fn check_growth(count: u64, k: usize, before: &[(u64, u64)], now: (u64, u64)) -> Result<()> {
    let (m1, v1) = now;
    if count <= m1 {
        return Ok(());
    }
    let alpha = before
        .iter()
        .filter(|&&(m0, v0)| m0 >= 8 && 2 * m0 <= m1 && 4 * m0 >= m1 && v0 > 0 && v0 < v1)
        .map(|&(m0, v0)| (v1 as f64 / v0 as f64).ln() / (m1 as f64 / m0 as f64).ln())
        .reduce(f64::min);
    let Some(alpha) = alpha else {
        return Ok(());
    };
    let alpha = alpha.clamp((k / 2) as f64, (k - 1) as f64);
    let predicted = v1 as f64 * (count as f64 / m1 as f64).powf(alpha);
    let needed = table_bytes(k, predicted);
    if needed > 2 * SEARCH_MAX_BYTES {
        return Err(ErrorKind::OutOfMemory {
            needed,
            available: SEARCH_MAX_BYTES,
        }
        .into());
    }
    Ok(())
}

/// "Up to / exactly k coins" by the subset-XOR search of the module docs.
fn subset_xor_search(
    count: usize,
    k: usize,
    up_to: bool,
    progress: &mut dyn FnMut(u64) -> Result<()>,
) -> Result<Vec<Nimber>> {
    if up_to {
        check_predicted_size(count as u64, k, 0, 0)?;
    }
    // sets[j]: XORs of the values of j distinct earlier coins (at most j
    // when `up_to`, so every set starts as {0}; otherwise only sets[0]).
    let mut sets = vec![
        BitSet {
            words: vec![u64::from(up_to)]
        };
        k
    ];
    sets[0].words[0] = 1;
    let mut values = Vec::with_capacity(count);
    // (coins known, largest value) at each doubling of the tables.
    let mut doublings: Vec<(u64, u64)> = Vec::new();
    for _ in 0..count {
        let v = sets[k - 1].mex();
        values.push(Nimber::new(v));
        let universe = 64 * sets[0].words.len() as u64;
        if v >= universe {
            if up_to {
                let m = values.len() as u64;
                check_predicted_size(count as u64, k, m, v)?;
                check_growth(count as u64, k, &doublings, (m, v))?;
                doublings.push((m, v));
            }
            // v = mex ≤ universe, so doubling is enough.
            let words = 2 * sets[0].words.len();
            within_search_memory((k as u64).saturating_mul(words as u64 * 8))?;
            for s in &mut sets {
                s.words.resize(words, 0);
            }
        }
        for j in (1..k).rev() {
            let (lower, upper) = sets.split_at_mut(j);
            upper[0].or_translated(&lower[j - 1], v);
        }
        progress(values.len() as u64)?;
    }
    Ok(values)
}

impl Game for CoinGame {
    /// The heads, in increasing order, each once (a head left of the first
    /// coin has no moves).
    type Position = Vec<u64>;

    fn options(&self, p: &Vec<u64>, f: &mut dyn FnMut(&[Vec<u64>])) {
        let p = normalize(p.clone());
        let mut comps: Vec<Vec<u64>> = Vec::new();
        for &n in &p {
            self.moves(n, &mut |turned| {
                comps.clear();
                comps.extend(
                    symmetric_difference(&p, turned)
                        .into_iter()
                        .map(|h| vec![h]),
                );
                f(&comps);
            });
        }
    }

    fn components(&self, p: &Vec<u64>) -> Vec<Vec<u64>> {
        normalize(p.clone()).into_iter().map(|h| vec![h]).collect()
    }

    fn format_position(&self, p: &Vec<u64>) -> String {
        format_heads(p.iter().map(u64::to_string))
    }
}

fn format_heads(heads: impl Iterator<Item = String>) -> String {
    let s: Vec<String> = heads.collect();
    if s.is_empty() {
        "no heads".to_string()
    } else {
        s.join(",")
    }
}

/// Sorts and cancels pairs (a coin turned twice is back to tails).
pub(crate) fn normalize<T: Ord + Copy>(mut v: Vec<T>) -> Vec<T> {
    v.sort_unstable();
    let mut out: Vec<T> = Vec::with_capacity(v.len());
    for x in v {
        if out.last() == Some(&x) {
            out.pop();
        } else {
            out.push(x);
        }
    }
    out
}

/// `a Δ b` for sorted, duplicate-free `a` and `b`.
fn symmetric_difference<T: Ord + Copy>(a: &[T], b: &[T]) -> Vec<T> {
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::with_capacity(a.len() + b.len());
    while i < a.len() && j < b.len() {
        match a[i].cmp(&b[j]) {
            std::cmp::Ordering::Less => {
                out.push(a[i]);
                i += 1;
            }
            std::cmp::Ordering::Greater => {
                out.push(b[j]);
                j += 1;
            }
            std::cmp::Ordering::Equal => {
                i += 1;
                j += 1;
            }
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    out
}

/// The Tartan product of `D` coin games on a `D`-dimensional board (see the
/// module docs).
///
/// ```
/// use grundy::{games::coins::Tartan, Nimber};
/// let corners = Tartan::turning_corners();
/// // A head at (2, 3) is worth 2 ⊗ 3 = 1.
/// assert_eq!(corners.coin_value(&[2, 3]).unwrap(), Nimber::new(1));
/// let lights = Tartan::light_switching();
/// assert_eq!(lights.coin_value(&[2, 2, 2]).unwrap(), Nimber::new(1)); // 2⊗2 = 3, 3⊗2 = 1
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tartan<const D: usize> {
    factors: [CoinGame; D],
}

impl<const D: usize> Tartan<D> {
    /// The product of the given one-dimensional games.
    pub fn new(factors: [CoinGame; D]) -> Tartan<D> {
        Tartan { factors }
    }

    /// The factors.
    pub fn factors(&self) -> &[CoinGame; D] {
        &self.factors
    }

    /// The value of a single head: by the Tartan theorem, the nim-product of
    /// the factors' values of its coordinates.
    pub fn coin_value(&self, head: &[u64; D]) -> Result<Nimber> {
        let mut v = Nimber::STAR;
        for (g, &x) in self.factors.iter().zip(head) {
            v *= g.coin_value(x)?;
        }
        Ok(v)
    }

    /// The value of a board with heads at `heads` (a cell listed twice is
    /// tails): the XOR of the values of its heads.
    pub fn nim_value(&self, heads: &[[u64; D]]) -> Result<Nimber> {
        heads.iter().map(|h| self.coin_value(h)).sum()
    }

    /// Calls `f` once per move whose far corner is `head`, with the cells
    /// it turns in increasing order.
    pub fn moves(&self, head: &[u64; D], f: &mut dyn FnMut(&[[u64; D]])) {
        let mut per_factor: Vec<Vec<Vec<u64>>> = Vec::with_capacity(D);
        for (g, &x) in self.factors.iter().zip(head) {
            let mut sets = Vec::new();
            g.moves(x, &mut |s| sets.push(s.to_vec()));
            if sets.is_empty() {
                return;
            }
            per_factor.push(sets);
        }
        // An odometer over one move per factor.
        let mut pick = [0usize; D];
        let mut cells: Vec<[u64; D]> = Vec::new();
        loop {
            cells.clear();
            cells.push([0; D]);
            for (d, sets) in per_factor.iter().enumerate() {
                let set = &sets[pick[d]];
                let mut next = Vec::with_capacity(cells.len() * set.len());
                for c in &cells {
                    for &x in set {
                        let mut c2 = *c;
                        c2[d] = x;
                        next.push(c2);
                    }
                }
                cells = next;
            }
            cells.sort_unstable();
            f(&cells);
            let mut d = D;
            loop {
                if d == 0 {
                    return;
                }
                d -= 1;
                pick[d] += 1;
                if pick[d] < per_factor[d].len() {
                    break;
                }
                pick[d] = 0;
            }
        }
    }
}

impl Tartan<2> {
    /// Turning Corners = Twins × Twins: turn the four corners of a
    /// rectangle; a head at `(x, y)` is worth `x ⊗ y`.
    pub fn turning_corners() -> Tartan<2> {
        Tartan::new([CoinGame::twins(); 2])
    }

    /// Rugs = Ruler × Ruler: turn every cell of a rectangle of runs.
    pub fn rugs() -> Tartan<2> {
        Tartan::new([CoinGame::ruler(); 2])
    }
}

impl Tartan<3> {
    /// The Light Switching Game (POJ 3533) = Twins³: toggle the eight
    /// corners of a box; a light at `(x, y, z)` is worth `x ⊗ y ⊗ z`.
    pub fn light_switching() -> Tartan<3> {
        Tartan::new([CoinGame::twins(); 3])
    }
}

impl<const D: usize> Game for Tartan<D> {
    /// The heads (cells), in increasing order, each once.
    type Position = Vec<[u64; D]>;

    fn options(&self, p: &Vec<[u64; D]>, f: &mut dyn FnMut(&[Vec<[u64; D]>])) {
        let p = normalize(p.clone());
        let mut comps: Vec<Vec<[u64; D]>> = Vec::new();
        for head in &p {
            self.moves(head, &mut |turned| {
                comps.clear();
                comps.extend(
                    symmetric_difference(&p, turned)
                        .into_iter()
                        .map(|h| vec![h]),
                );
                f(&comps);
            });
        }
    }

    fn components(&self, p: &Vec<[u64; D]>) -> Vec<Vec<[u64; D]>> {
        normalize(p.clone()).into_iter().map(|h| vec![h]).collect()
    }

    fn format_position(&self, p: &Vec<[u64; D]>) -> String {
        format_heads(p.iter().map(|c| {
            let s: Vec<String> = c.iter().map(u64::to_string).collect();
            format!("({})", s.join(","))
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    fn values(g: &CoinGame, count: u64) -> Vec<u64> {
        g.values(count)
            .unwrap()
            .into_iter()
            .map(Nimber::value)
            .collect()
    }

    #[test]
    fn known_sequences_from_winning_ways() {
        assert_eq!(
            values(&CoinGame::ruler(), 16),
            [1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16]
        );
        assert_eq!(values(&CoinGame::turning_turtles(), 6), [1, 2, 3, 4, 5, 6]);
        assert_eq!(values(&CoinGame::twins(), 6), [0, 1, 2, 3, 4, 5]);
        let odious: Vec<u64> = (0u64..)
            .filter(|x| x.count_ones() % 2 == 1)
            .take(40)
            .collect();
        assert_eq!(values(&CoinGame::mock_turtles(), 40), odious);
        assert_eq!(CoinGame::ruler().coin_value(96).unwrap(), Nimber::new(32));
        assert_eq!(
            CoinGame::mock_turtles().coin_value(1 << 40).unwrap(),
            Nimber::new(1 << 41)
        );
    }

    /// Every closed form equals the search that ignores it.
    #[test]
    fn closed_forms_equal_the_search() {
        let games = [
            CoinGame::ruler(),
            CoinGame::turning_turtles(),
            CoinGame::twins(),
            CoinGame::mock_turtles(),
            CoinGame::up_to(1).unwrap(),
            CoinGame::exactly(1).unwrap(),
            CoinGame::new(CoinRule::UpTo(3), 5).unwrap(),
            CoinGame::new(CoinRule::Ruler, 0).unwrap(),
        ];
        for g in games {
            assert!(g.closed_form(0).is_some());
            assert_eq!(
                g.values(300).unwrap(),
                g.values_by_search(300).unwrap(),
                "{g:?}"
            );
        }
    }

    /// The per-coin values (closed form or search) equal the generic solver
    /// on single heads.
    #[test]
    fn coin_values_equal_the_memo_solver() {
        let games = [
            (CoinGame::ruler(), 40),
            (CoinGame::turning_turtles(), 40),
            (CoinGame::twins(), 40),
            (CoinGame::mock_turtles(), 40),
            (CoinGame::up_to(4).unwrap(), 24),
            (CoinGame::up_to(5).unwrap(), 16),
            (CoinGame::exactly(3).unwrap(), 30),
            (CoinGame::exactly(4).unwrap(), 20),
            (CoinGame::new(CoinRule::Exactly(2), 3).unwrap(), 20),
        ];
        for (g, count) in games {
            let mut solver = MemoSolver::new(g);
            let by_rule = g.values(count).unwrap();
            for (i, &v) in by_rule.iter().enumerate() {
                let n = g.first() + i as u64;
                assert_eq!(solver.nim_value(&vec![n]).unwrap(), v, "{g:?}, coin {n}");
            }
        }
    }

    /// A game on whole rows (or boards): a position is the bitmask of its
    /// heads and is never split, so the XOR rule is not assumed.
    struct WholeBoard {
        /// moves[c]: the masks of the cells turned by each move with far
        /// corner at cell c.
        moves: Vec<Vec<u64>>,
    }

    impl Game for WholeBoard {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            for (c, moves) in self.moves.iter().enumerate() {
                if p >> c & 1 == 1 {
                    for &m in moves {
                        f(&[p ^ m]);
                    }
                }
            }
        }
    }

    /// [`check_whole_boards`] for a Tartan product: its moves and values.
    fn check_tartan_boards<const D: usize>(t: &Tartan<D>, cells: &[[u64; D]]) {
        let moves_of = |c: &[u64; D]| {
            let mut all = Vec::new();
            t.moves(c, &mut |s| all.push(s.to_vec()));
            all
        };
        check_whole_boards(cells, moves_of, |heads| t.nim_value(heads).unwrap());
    }

    /// Checks `value(heads)` against a search over every board of `cells`.
    fn check_whole_boards<C: Ord + Copy + std::fmt::Debug>(
        cells: &[C],
        moves_of: impl Fn(&C) -> Vec<Vec<C>>,
        value: impl Fn(&[C]) -> Nimber,
    ) {
        assert!(cells.len() <= 14);
        let index = |c: &C| {
            cells
                .iter()
                .position(|x| x == c)
                .expect("moves stay on the board")
        };
        let moves = cells
            .iter()
            .map(|c| {
                moves_of(c)
                    .iter()
                    .map(|set| set.iter().map(|x| 1u64 << index(x)).sum())
                    .collect()
            })
            .collect();
        let mut solver = MemoSolver::new(WholeBoard { moves });
        for mask in 0u64..1 << cells.len() {
            let heads: Vec<C> = (0..cells.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| cells[i])
                .collect();
            assert_eq!(
                solver.nim_value(&mask).unwrap(),
                value(&heads),
                "heads {heads:?}"
            );
        }
    }

    fn moves_1d(g: &CoinGame, n: u64) -> Vec<Vec<u64>> {
        let mut all = Vec::new();
        g.moves(n, &mut |s| all.push(s.to_vec()));
        all
    }

    #[test]
    fn a_row_is_worth_the_xor_of_its_heads() {
        let games = [
            CoinGame::ruler(),
            CoinGame::turning_turtles(),
            CoinGame::twins(),
            CoinGame::mock_turtles(),
            CoinGame::up_to(4).unwrap(),
            CoinGame::exactly(3).unwrap(),
        ];
        for g in games {
            let cells: Vec<u64> = (g.first()..g.first() + 11).collect();
            check_whole_boards(
                &cells,
                |&n| moves_1d(&g, n),
                |heads| g.nim_value(heads).unwrap(),
            );
        }
    }

    /// The Tartan theorem, on every board of a small box, for several
    /// products (brute force, no decomposition assumed).
    #[test]
    fn tartan_theorem_on_whole_2d_boards() {
        let games = [
            CoinGame::twins(),
            CoinGame::ruler(),
            CoinGame::mock_turtles(),
            CoinGame::turning_turtles(),
            CoinGame::exactly(3).unwrap(),
        ];
        for g1 in games {
            for g2 in games {
                let t = Tartan::new([g1, g2]);
                let (w, h) = (4, 3);
                let cells: Vec<[u64; 2]> = (0..w)
                    .flat_map(|x| (0..h).map(move |y| [g1.first() + x, g2.first() + y]))
                    .collect();
                check_tartan_boards(&t, &cells);
            }
        }
    }

    #[test]
    fn light_switching_on_whole_3d_boards() {
        let t = Tartan::light_switching();
        let cells: Vec<[u64; 3]> = (0..2)
            .flat_map(|x| (0..2).flat_map(move |y| (0..3).map(move |z| [x, y, z])))
            .collect();
        check_tartan_boards(&t, &cells);
        // A mixed 3-D product too.
        let t = Tartan::new([
            CoinGame::ruler(),
            CoinGame::twins(),
            CoinGame::mock_turtles(),
        ]);
        let cells: Vec<[u64; 3]> = (1..3)
            .flat_map(|x| (0..3).flat_map(move |y| (0..2).map(move |z| [x, y, z])))
            .collect();
        check_tartan_boards(&t, &cells);
    }

    /// Single heads on larger boards, through the generic solver (which
    /// memoizes single heads as components).
    #[test]
    fn tartan_single_heads_equal_the_memo_solver() {
        let corners = Tartan::turning_corners();
        let mut solver = MemoSolver::new(corners);
        for x in 0..10 {
            for y in 0..10 {
                let v = solver.nim_value(&vec![[x, y]]).unwrap();
                assert_eq!(v, Nimber::new(x) * Nimber::new(y), "({x},{y})");
                assert_eq!(corners.coin_value(&[x, y]).unwrap(), v);
            }
        }
        let lights = Tartan::light_switching();
        let mut solver = MemoSolver::new(lights);
        for x in 0..6 {
            for y in 0..6 {
                for z in 0..6 {
                    let v = solver.nim_value(&vec![[x, y, z]]).unwrap();
                    assert_eq!(
                        v,
                        Nimber::new(x) * Nimber::new(y) * Nimber::new(z),
                        "({x},{y},{z})"
                    );
                }
            }
        }
        let rugs = Tartan::rugs();
        let mut solver = MemoSolver::new(rugs);
        for x in 1..9 {
            for y in 1..9 {
                let v = solver.nim_value(&vec![[x, y]]).unwrap();
                assert_eq!(v, rugs.coin_value(&[x, y]).unwrap(), "({x},{y})");
            }
        }
    }

    #[test]
    fn move_counts() {
        let count = |g: &CoinGame, n| moves_1d(g, n).len();
        for i in 0..12u64 {
            let i_us = i as usize;
            assert_eq!(
                count(&CoinGame::mock_turtles(), i),
                1 + i_us + i_us * i_us.saturating_sub(1) / 2
            );
            assert_eq!(
                count(&CoinGame::exactly(3).unwrap(), i),
                i_us * i_us.saturating_sub(1) / 2
            );
            assert_eq!(count(&CoinGame::ruler(), i + 1), i_us + 1);
            assert_eq!(count(&CoinGame::twins(), i), i_us);
        }
        // Every move lists distinct coins in increasing order, ending at n.
        CoinGame::up_to(4).unwrap().moves(7, &mut |s| {
            assert!(s.windows(2).all(|w| w[0] < w[1]) && s.last() == Some(&7) && s.len() <= 4);
        });
        assert_eq!(
            count(&CoinGame::ruler(), 0),
            0,
            "coin 0 is not on a Ruler row"
        );
    }

    #[test]
    fn positions_normalize_and_format() {
        let g = CoinGame::mock_turtles();
        assert_eq!(g.components(&vec![5, 1, 5, 3]), vec![vec![1], vec![3]]);
        assert_eq!(g.format_position(&vec![1, 3]), "1,3");
        assert_eq!(g.format_position(&vec![]), "no heads");
        assert_eq!(g.nim_value(&[4, 4]).unwrap(), Nimber::ZERO);
        let t = Tartan::turning_corners();
        assert_eq!(t.format_position(&vec![[1, 2], [3, 4]]), "(1,2),(3,4)");
        assert_eq!(t.nim_value(&[[2, 3], [2, 3]]).unwrap(), Nimber::ZERO);
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(CoinGame::up_to(0).is_err());
        assert!(CoinGame::exactly(MAX_COINS_PER_MOVE + 1).is_err());
        assert!(CoinGame::up_to(MAX_COINS_PER_MOVE).is_ok());
        let e = CoinGame::ruler().coin_value(0).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::InvalidPosition { .. }), "{e}");
        assert!(CoinGame::mock_turtles().coin_value(1 << 63).is_err());
        assert_eq!(
            CoinGame::turning_turtles().coin_value(u64::MAX).unwrap(),
            Nimber::new(u64::MAX)
        );
        assert!(CoinGame::new(CoinRule::UpTo(2), 0)
            .unwrap()
            .coin_value(u64::MAX)
            .is_err());
        assert!(CoinGame::ruler().coin_value(u64::MAX).is_ok());
        let e = CoinGame::up_to(4)
            .unwrap()
            .values_by_search(u64::MAX)
            .unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::OutOfMemory { .. }), "{e}");
        assert!(CoinGame::up_to(6).unwrap().coin_value(u64::MAX).is_err());
        assert!(Tartan::rugs().coin_value(&[0, 3]).is_err());
    }

    #[test]
    fn bit_position_xor_is_a_permutation() {
        for c in 0..64 {
            for i in 0..64 {
                assert_eq!(xor_bit_positions(1 << i, c), 1 << (i ^ c));
            }
        }
    }
}

//! Wythoff's game: two piles; take any positive number of tokens from one
//! pile, or the same positive number from both (POJ 1067, HDU 1527).
//!
//! Closed form (Wythoff, 1907): the P-positions are `(0, 0)` and, for
//! `k ≥ 1`, `(a_k, b_k)` and `(b_k, a_k)` with `a_k = ⌊kφ⌋`, `b_k = a_k + k`
//! (`φ` the golden ratio). The sequences `a` and `b` (OEIS A000201,
//! A001950) are complementary Beatty sequences: every positive integer `n`
//! lies in exactly one P-pair, so it has exactly one *partner*.
//!
//! Exact arithmetic, two independent ways:
//! - `a_k` from `k`: `⌊kφ⌋ = ⌊(k + ⌊√(5k²)⌋) / 2⌋` (the square root is
//!   irrational for `k > 0`, so flooring it first changes nothing). Computed
//!   with the integer square root of `u128` ([`p_position`]); floating point
//!   (`(int)(k * (1 + sqrt(5)) / 2)`) is wrong from `k = 102334155` on.
//! - the partner of `n` from the Zeckendorf representation of `n` (a sum of
//!   non-consecutive Fibonacci numbers `F_i`, `i ≥ 2`): `n` is some `a_k` iff
//!   its smallest index is even, and then `b_k` is the representation
//!   shifted up one index; otherwise `n = b_k` and `a_k` is the shift down
//!   ([`partner`]). Exact for every `u64`, in 64 steps.
//!
//! Tests check each against the other and both against the generic solver.
//!
//! Winning moves: an option is winning iff it is a P-position. Reducing one
//! pile must leave the partner of the other pile, and a diagonal move keeps
//! the difference `k = |a − b|`, so must leave `(a_k, b_k)`: at most three
//! winning moves, all found in O(64) time ([`winning_moves`]).
//!
//! Beyond `u64` ([`big`]): the same rules on [`BigUint`] with an exact big
//! square root; the partner of `n` is found from `j = ⌊(n+1)/φ⌋`, the number
//! of `a_k ≤ n`.
//!
//! Nim-values of Wythoff positions have no known formula: sums of several
//! Wythoff positions are solved by the generic [`MemoSolver`](crate::solve::MemoSolver)
//! through the [`Game`] impl (small positions only).

use crate::game::{Game, OptionList};
use num_bigint::BigUint;

/// Wythoff's game (spec `wythoff`, position `a,b`).
///
/// ```
/// use grundy::games::wythoff;
/// assert!(wythoff::is_p_position(3, 5));
/// // The first k where the floating-point formula breaks:
/// assert_eq!(wythoff::p_position(102_334_155), Some((165_580_140, 267_914_295)));
/// assert_eq!(wythoff::winning_moves(3, 6), [(3, 5)]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wythoff;

impl Game for Wythoff {
    type Position = (u64, u64);

    #[inline]
    fn options(&self, &(a, b): &(u64, u64), f: &mut dyn FnMut(&[(u64, u64)])) {
        for x in 0..a {
            f(&[(x, b)]);
        }
        for y in 0..b {
            f(&[(a, y)]);
        }
        for d in 1..=a.min(b) {
            f(&[(a - d, b - d)]);
        }
    }

    /// The same options as [`options`](Game::options), in the same order,
    /// written in three runs.
    #[inline]
    fn options_into(&self, &(a, b): &(u64, u64), out: &mut OptionList<(u64, u64)>) {
        out.extend_one((0..a).map(|x| (x, b)));
        out.extend_one((0..b).map(|y| (a, y)));
        out.extend_one((1..=a.min(b)).map(|d| (a - d, b - d)));
    }

    fn format_position(&self, &(a, b): &(u64, u64)) -> String {
        format!("{a},{b}")
    }

    /// Square shells: the positions with `max(a, b) = m` take the indices
    /// `m²..(m+1)²` (`(a, m)` for `a < m`, then `(m, b)` for `b ≤ m`), so
    /// every table up to `m` is a prefix.
    #[inline]
    fn position_index(&self, &(a, b): &(u64, u64)) -> Option<usize> {
        shell_index(a, b)
    }

    /// The shell indices of the options, without forming the pairs: runs
    /// of consecutive indices (`(x, b)` for `x < b` is `b² + x`, `(a, y)`
    /// for `y ≤ a` is `a² + a + y`), the rest one square shell each.
    #[inline]
    fn option_indices(&self, &(a, b): &(u64, u64), out: &mut Vec<usize>) -> bool {
        if shell_index(a, b).is_none() {
            return false;
        }
        // Below 2^31, so every square fits a usize.
        let (a, b) = (a as usize, b as usize);
        let low = a.min(b);
        out.reserve(a + b + low);
        // (x, b), x < a: below b in b's shell, then (x, b) with x ≥ b.
        out.extend(b * b..b * b + low);
        out.extend((b..a).map(|x| x * x + x + b));
        // (a, y), y < b: up to a in a's shell, then (a, y) with y > a.
        out.extend(a * a + a..a * a + a + b.min(a + 1));
        out.extend((a + 1..b).map(|y| y * y + a));
        // (a - d, b - d), 1 ≤ d ≤ min(a, b).
        match a.cmp(&b) {
            std::cmp::Ordering::Less => out.extend((0..low).map(|c| (b - low + c).pow(2) + c)),
            std::cmp::Ordering::Equal => out.extend((0..low).map(|c| c * c + 2 * c)),
            std::cmp::Ordering::Greater => {
                out.extend((0..low).map(|c| (a - low + c) * (a - low + c + 1) + c))
            }
        }
        true
    }

    /// The inverse of the square-shell index: `m = ⌊√i⌋`, then the place in the
    /// shell.
    #[inline]
    fn index_position(&self, i: usize) -> Option<(u64, u64)> {
        let i = u64::try_from(i).ok()?;
        let m = i.isqrt();
        if m >= 1 << 31 {
            return None;
        }
        let r = i - m * m;
        Some(if r < m { (r, m) } else { (m, r - m) })
    }
}

/// The square-shell index of the pair `(a, b)` (see
/// [`Game::position_index`] for [`Wythoff`]); `None` from `max(a, b) = 2^31`.
#[inline]
pub(crate) fn shell_index(a: u64, b: u64) -> Option<usize> {
    let m = a.max(b);
    if m >= 1 << 31 {
        return None;
    }
    let i = if a < m { m * m + a } else { m * m + m + b };
    usize::try_from(i).ok()
}

/// Fibonacci numbers `F_0 = 0, F_1 = 1, …, F_95` (`F_93 < 2^64 < F_94`).
const FIB: [u128; 96] = {
    let mut f = [0u128; 96];
    f[1] = 1;
    let mut i = 2;
    while i < 96 {
        f[i] = f[i - 1] + f[i - 2];
        i += 1;
    }
    f
};

/// The Zeckendorf representation of `n` as a bit mask: bit `i` set iff
/// `F_i` is used (`i ≥ 2`, no two adjacent bits).
fn zeckendorf(mut n: u64) -> u128 {
    let mut mask = 0u128;
    let mut i = 93;
    while n > 0 && i >= 2 {
        if FIB[i] <= u128::from(n) {
            n -= FIB[i] as u64;
            mask |= 1 << i;
            i -= 1; // the next index is never used (no adjacent terms)
        }
        i -= 1;
    }
    mask
}

fn from_zeckendorf(mask: u128) -> u128 {
    (0..96)
        .filter(|&i| mask >> i & 1 == 1)
        .map(|i| FIB[i])
        .sum()
}

/// The partner of `n`: the other pile of the unique P-position that has a
/// pile of `n` (`partner(0) = 0`). It can exceed `u64` (then no position
/// of two `u64` piles containing `n` is a P-position except through it).
///
/// ```
/// use grundy::games::wythoff::partner;
/// assert_eq!((partner(1), partner(2), partner(6), partner(10)), (2, 1, 10, 6));
/// ```
pub fn partner(n: u64) -> u128 {
    if n == 0 {
        return 0;
    }
    let z = zeckendorf(n);
    if z.trailing_zeros().is_multiple_of(2) {
        from_zeckendorf(z << 1)
    } else {
        from_zeckendorf(z >> 1)
    }
}

/// The `k`-th P-position `(⌊kφ⌋, ⌊kφ⌋ + k)`, or `None` when its larger
/// pile exceeds `u64` (see [`big::p_position`] for any `k`).
pub fn p_position(k: u64) -> Option<(u64, u64)> {
    let k128 = u128::from(k);
    let five_k2 = (k128 * k128).checked_mul(5)?;
    let a = (k128 + five_k2.isqrt()) / 2;
    let b = a + k128;
    Some((u64::try_from(a).ok()?, u64::try_from(b).ok()?))
}

/// Whether `(a, b)` is a P-position (the player to move loses).
pub fn is_p_position(a: u64, b: u64) -> bool {
    partner(a) == u128::from(b)
}

/// Every winning move from `(a, b)`: the P-positions among its options
/// (empty iff `(a, b)` is a P-position). At most three.
pub fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
    let mut moves = Vec::new();
    // Reduce the first pile to the partner of the second.
    let pb = partner(b);
    if pb < u128::from(a) {
        moves.push((pb as u64, b));
    }
    // Reduce the second pile to the partner of the first.
    let pa = partner(a);
    if pa < u128::from(b) {
        moves.push((a, pa as u64));
    }
    // Take from both: the difference stays k, so aim at the k-th pair.
    let k = a.abs_diff(b);
    if let Some((ak, bk)) = p_position(k) {
        if ak < a.min(b) {
            moves.push(if a <= b { (ak, bk) } else { (bk, ak) });
        }
    }
    moves
}

/// Wythoff's game on piles of any size ([`BigUint`]).
pub mod big {
    use super::BigUint;

    /// `⌊kφ⌋` for any `k`.
    pub fn floor_phi(k: &BigUint) -> BigUint {
        let five_k2: BigUint = k * k * 5u32;
        (k + five_k2.sqrt()) >> 1
    }

    /// The `k`-th P-position `(⌊kφ⌋, ⌊kφ⌋ + k)`.
    pub fn p_position(k: &BigUint) -> (BigUint, BigUint) {
        let a = floor_phi(k);
        let b = &a + k;
        (a, b)
    }

    /// The partner of `n` (the other pile of its P-position).
    pub fn partner(n: &BigUint) -> BigUint {
        if *n == BigUint::ZERO {
            return BigUint::ZERO;
        }
        // j = ⌊(n+1)/φ⌋ = ⌊(√(5(n+1)²) − (n+1)) / 2⌋ counts the a_k ≤ n.
        let m = n + 1u32;
        let five_m2: BigUint = &m * &m * 5u32;
        let j = (five_m2.sqrt() - &m) >> 1;
        if floor_phi(&j) == *n {
            n + j // n = a_j, partner b_j
        } else {
            j // n = b_i with i = n − j, partner a_i = n − i = j
        }
    }

    /// Whether `(a, b)` is a P-position.
    pub fn is_p_position(a: &BigUint, b: &BigUint) -> bool {
        partner(a) == *b
    }

    /// Every winning move from `(a, b)` (the P-positions among its options).
    pub fn winning_moves(a: &BigUint, b: &BigUint) -> Vec<(BigUint, BigUint)> {
        let mut moves = Vec::new();
        let pb = partner(b);
        if pb < *a {
            moves.push((pb, b.clone()));
        }
        let pa = partner(a);
        if pa < *b {
            moves.push((a.clone(), pa));
        }
        let (lo, k) = if a <= b { (a, b - a) } else { (b, a - b) };
        let (ak, bk) = p_position(&k);
        if ak < *lo {
            moves.push(if a <= b { (ak, bk) } else { (bk, ak) });
        }
        moves
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use crate::strategy::analyze;
    use proptest::prelude::*;

    #[test]
    fn the_batched_listing_equals_the_callback_one() {
        for a in 0..12 {
            for b in 0..12 {
                let mut list = OptionList::new();
                Wythoff.options_into(&(a, b), &mut list);
                let batched: Vec<Vec<(u64, u64)>> = list.iter().map(<[_]>::to_vec).collect();
                assert_eq!(batched, crate::game::collect_options(&Wythoff, &(a, b)));
            }
        }
    }

    #[test]
    fn option_indices_are_the_indices_of_the_options_and_index_position_inverts() {
        for a in 0..40u64 {
            for b in 0..40u64 {
                let mut got = Vec::new();
                assert!(Wythoff.option_indices(&(a, b), &mut got));
                got.sort_unstable();
                let mut want: Vec<usize> = crate::game::collect_options(&Wythoff, &(a, b))
                    .iter()
                    .map(|o| shell_index(o[0].0, o[0].1).unwrap())
                    .collect();
                want.sort_unstable();
                assert_eq!(got, want, "({a}, {b})");
                let i = shell_index(a, b).unwrap();
                assert_eq!(Wythoff.index_position(i), Some((a, b)));
            }
        }
        let top = (1u64 << 31) - 1;
        let i = shell_index(top, 5).unwrap();
        assert_eq!(Wythoff.index_position(i), Some((top, 5)));
        assert_eq!(Wythoff.index_position(1 << 62), None);
        assert!(!Wythoff.option_indices(&(1 << 31, 0), &mut Vec::new()));
    }

    #[test]
    fn shell_indices_number_each_square_without_gaps_or_repeats() {
        for m in [1u64, 2, 7, 60] {
            let mut seen: Vec<usize> = (0..m)
                .flat_map(|a| (0..m).map(move |b| shell_index(a, b).unwrap()))
                .collect();
            seen.sort_unstable();
            assert_eq!(seen, (0..(m * m) as usize).collect::<Vec<_>>(), "m = {m}");
        }
        assert_eq!(shell_index(1 << 31, 0), None);
        assert!(shell_index((1 << 31) - 1, (1 << 31) - 1).is_some());
    }

    #[test]
    fn closed_form_equals_the_generic_solver_up_to_300() {
        let mut solver = MemoSolver::new(Wythoff);
        for a in 0..=300u64 {
            for b in 0..=300u64 {
                let v = solver.nim_value(&(a, b)).unwrap();
                assert_eq!(v.is_zero(), is_p_position(a, b), "({a},{b})");
            }
        }
    }

    #[test]
    fn winning_moves_equal_the_generic_strategy_up_to_60() {
        let mut solver = MemoSolver::new(Wythoff);
        for a in 0..=60u64 {
            for b in 0..=60u64 {
                let generic = analyze(&Wythoff, &mut solver, &[(a, b)]).unwrap();
                let mut slow: Vec<(u64, u64)> =
                    generic.winning_moves.iter().map(|m| m.to[0]).collect();
                let mut fast = winning_moves(a, b);
                slow.sort_unstable();
                fast.sort_unstable();
                assert_eq!(fast, slow, "({a},{b})");
            }
        }
    }

    #[test]
    fn the_first_pairs_are_the_known_ones() {
        // OEIS A000201 / A001950.
        let a = [0, 1, 3, 4, 6, 8, 9, 11, 12, 14, 16, 17, 19, 21];
        for (k, &ak) in a.iter().enumerate() {
            assert_eq!(p_position(k as u64), Some((ak, ak + k as u64)));
        }
    }

    /// Guards the classic contest bug: `(int)(k * (1 + sqrt(5)) / 2)` in
    /// double precision is off by one from k = 102334155 on.
    #[test]
    fn exact_where_floating_point_fails() {
        let k = 102_334_155u64;
        assert_eq!(p_position(k), Some((165_580_140, 267_914_295)));
        assert!(is_p_position(165_580_140, 267_914_295));
        assert!(!is_p_position(165_580_141, 267_914_296));
    }

    #[test]
    fn the_largest_pairs_fit_or_are_refused() {
        // The last k whose pair fits in u64, found by the big path.
        let max = BigUint::from(u64::MAX);
        let mut lo = 0u64;
        let mut hi = u64::MAX / 2;
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if big::p_position(&BigUint::from(mid)).1 <= max {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        let (a, b) = p_position(lo).unwrap();
        assert!(is_p_position(a, b));
        assert_eq!(p_position(lo + 1), None);
        assert_eq!(p_position(u64::MAX), None);
    }

    proptest! {
        /// For random k, the pair is P and its neighbours are N, checked by
        /// the Zeckendorf partner (independent of the square root).
        #[test]
        fn random_pairs_are_p_and_neighbours_are_n(k in 0u64..(1u64 << 62)) {
            let (a, b) = p_position(k).unwrap();
            prop_assert!(is_p_position(a, b));
            prop_assert!(is_p_position(b, a));
            prop_assert!(winning_moves(a, b).is_empty());
            for (x, y) in [(a + 1, b), (a, b + 1), (a + 1, b + 1), (a.wrapping_sub(1), b), (a, b.wrapping_sub(1))] {
                if x <= u64::MAX / 2 && y <= u64::MAX / 2 {
                    prop_assert!(!is_p_position(x, y), "({}, {})", x, y);
                    prop_assert!(!winning_moves(x, y).is_empty());
                }
            }
        }

        /// The big path (square roots) agrees with the u64 path (Zeckendorf).
        #[test]
        fn big_path_equals_u64_path(a in any::<u64>(), b in any::<u64>(), small in 0u64..1000) {
            for (x, y) in [(a, b), (a, a.saturating_add(small)), (small, b)] {
                let (bx, by) = (BigUint::from(x), BigUint::from(y));
                prop_assert_eq!(BigUint::from(partner(x)), big::partner(&bx));
                prop_assert_eq!(is_p_position(x, y), big::is_p_position(&bx, &by));
                let fast: Vec<(BigUint, BigUint)> = winning_moves(x, y)
                    .into_iter()
                    .map(|(p, q)| (BigUint::from(p), BigUint::from(q)))
                    .collect();
                prop_assert_eq!(fast, big::winning_moves(&bx, &by));
            }
        }

        /// Every winning move lands on a P-position and is a legal move.
        #[test]
        fn winning_moves_are_legal_and_land_on_p(a in any::<u64>(), b in any::<u64>()) {
            for (x, y) in winning_moves(a, b) {
                prop_assert!(is_p_position(x, y));
                let legal = (y == b && x < a) || (x == a && y < b) || (a - x == b - y && x < a);
                prop_assert!(legal);
            }
        }
    }

    #[test]
    fn big_positions_beyond_u64() {
        let k = BigUint::parse_bytes(b"123456789012345678901234567890", 10).unwrap();
        let (a, b) = big::p_position(&k);
        assert!(big::is_p_position(&a, &b));
        assert!(big::winning_moves(&a, &b).is_empty());
        let moves = big::winning_moves(&(&a + 1u32), &(&b + 5u32));
        assert!(!moves.is_empty());
        for (x, y) in moves {
            assert!(big::is_p_position(&x, &y));
        }
    }
}

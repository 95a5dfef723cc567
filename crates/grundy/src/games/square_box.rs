//! The square box game (HDU 1729 "Stone Game"): a box of capacity `s`
//! holds `c` stones; a move adds `k` stones with `1 ≤ k ≤ c²` and
//! `c + k ≤ s`. Several boxes are a sum.
//!
//! Closed form for the nim-value `G(s, c)`: let `t` be the largest integer
//! with `t + t² < s` (from `t` or below, the box cannot be filled in one
//! move).
//! - `c > t`: then `c + c² ≥ s`, so every count from `c + 1` to `s` is one
//!   move away, and the same holds above `c`: the box is a Nim heap,
//!   `G = s − c`.
//! - `c = t`: every move lands on a count `c'` with `t < c' ≤ t + t² < s`,
//!   a Nim heap `s − c' > 0`; no option has value 0, so `G = 0`.
//! - `c < t`: `G(s, c) = G(t, c)`, the same box with capacity `t`. The two
//!   games have the same options up to `t`; the box of capacity `s` also
//!   reaches counts `c' > t`, of value `s − c' ≥ s − (c + c²) > 2t`
//!   (because `c + c² ≤ t² − t`), while every value in the smaller box is
//!   at most `t`, so its mex is at most `t + 1`: the extra options are all
//!   above the mex and change nothing (induction from `c = t` down).
//!
//! [`SquareBox::nim_value`] applies this in O(log log s) rounds of an
//! integer square root; a test checks it against the generic solver for
//! every `s ≤ 300`, `c ≤ s`.

use crate::error::{Error, Result};
use crate::game::Game;
use crate::nimber::Nimber;

/// The square box game (spec `box`, position `s,c`: capacity and count).
///
/// ```
/// use grundy::games::square_box::SquareBox;
/// // HDU 1729's first sample: boxes (2,0), (3,3), (6,2).
/// let total = [(2, 0), (3, 3), (6, 2)]
///     .iter()
///     .map(|&(s, c)| SquareBox::nim_value(s, c).unwrap())
///     .fold(grundy::Nimber::ZERO, |a, b| a + b);
/// assert!(!total.is_zero()); // "Yes": the first player wins
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SquareBox;

/// The largest `t` with `t + t² < s` (`s ≥ 1`).
fn threshold(s: u64) -> u64 {
    let s = u128::from(s);
    // t² + t < s  ⇔  t < (√(4s − 3) − 1) / 2; start from the root and adjust.
    let mut t = s.isqrt();
    while t > 0 && t * t + t >= s {
        t -= 1;
    }
    while (t + 1) * (t + 1) + (t + 1) < s {
        t += 1;
    }
    t as u64
}

impl SquareBox {
    /// `G(s, c)`; an error if `c > s`.
    pub fn nim_value(s: u64, c: u64) -> Result<Nimber> {
        if c > s {
            return Err(Error::invalid_position(
                &format!("{s},{c}"),
                "the box holds more stones than its capacity",
            ));
        }
        let mut s = s;
        loop {
            if s == 0 {
                return Ok(Nimber::ZERO);
            }
            let t = threshold(s);
            if c > t {
                return Ok(Nimber::new(s - c));
            }
            if c == t {
                return Ok(Nimber::ZERO);
            }
            s = t;
        }
    }

    /// The counts `c'` one move away from `(s, c)` with `G(s, c') =
    /// target`, in increasing order. Each level of the formula (capacity
    /// `s`, then `t`, ...) has at most two counts of a given value, so this
    /// takes O(log log s) steps however long the interval of moves is.
    pub fn counts_with_value(s: u64, c: u64, target: Nimber) -> Vec<u64> {
        if c > s {
            return Vec::new();
        }
        let reach = u128::from(c) + u128::from(c) * u128::from(c);
        let reach = reach.min(u128::from(s)) as u64;
        let mut candidates = Vec::new();
        let mut cap = s;
        let target = target.value();
        loop {
            let t = if cap == 0 { 0 } else { threshold(cap) };
            // Counts above t in a box of capacity `cap` are Nim heaps cap - x.
            if target <= cap {
                let x = cap - target;
                if x > t {
                    candidates.push(x);
                }
            }
            if target == 0 {
                candidates.push(t);
            }
            if t <= c || cap == 0 {
                break;
            }
            cap = t;
        }
        candidates.retain(|&x| x > c && x <= reach);
        candidates.retain(|&x| SquareBox::nim_value(s, x).map(|v| v.value()) == Ok(target));
        candidates.sort_unstable();
        candidates.dedup();
        candidates
    }
}

impl Game for SquareBox {
    type Position = (u64, u64);

    fn options(&self, &(s, c): &(u64, u64), f: &mut dyn FnMut(&[(u64, u64)])) {
        let most = c.saturating_mul(c).min(s.saturating_sub(c));
        for k in 1..=most {
            f(&[(s, c + k)]);
        }
    }

    fn format_position(&self, &(s, c): &(u64, u64)) -> String {
        format!("{s},{c}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    #[test]
    fn closed_form_equals_the_generic_solver() {
        let mut solver = MemoSolver::new(SquareBox);
        for s in 0..=300u64 {
            for c in 0..=s {
                assert_eq!(
                    solver.nim_value(&(s, c)).unwrap(),
                    SquareBox::nim_value(s, c).unwrap(),
                    "({s},{c})"
                );
            }
        }
    }

    #[test]
    fn threshold_is_exact() {
        for s in 1..5000u64 {
            let t = threshold(s);
            assert!(t + t * t < s && (t + 1) + (t + 1) * (t + 1) >= s, "{s}");
        }
        let t = threshold(u64::MAX);
        let (t, s) = (u128::from(t), u128::from(u64::MAX));
        assert!(t + t * t < s && (t + 1) + (t + 1) * (t + 1) >= s);
    }

    #[test]
    fn counts_with_value_equal_the_options_by_search() {
        let mut solver = MemoSolver::new(SquareBox);
        for s in 0..=120u64 {
            for c in 0..=s {
                let options: Vec<u64> = crate::game::collect_options(&SquareBox, &(s, c))
                    .into_iter()
                    .map(|o| o[0].1)
                    .collect();
                for target in 0..=s {
                    let target = Nimber::new(target);
                    let slow: Vec<u64> = options
                        .iter()
                        .copied()
                        .filter(|&x| solver.nim_value(&(s, x)).unwrap() == target)
                        .collect();
                    assert_eq!(
                        SquareBox::counts_with_value(s, c, target),
                        slow,
                        "({s},{c}) -> {target}"
                    );
                }
            }
        }
    }

    #[test]
    fn overfull_box_is_an_error() {
        assert!(SquareBox::nim_value(3, 4).is_err());
    }
}

//! Winning moves in sums of take-and-break heaps, for heaps of any size.
//!
//! [`super::analyze`] lists winning moves by walking every option, which is
//! O(h) per two-heap digit — fine for heaps up to millions, hopeless for a
//! heap of 10^18 whose value comes from a certified period. [`analyze`]
//! does the same job for take-and-break games at any size:
//!
//! - heaps with at most [`FAST_FROM`] options, and those up to
//!   [`EXPLICIT_WORK`] with none of the ways below: every option is walked,
//!   exactly as the generic strategy does;
//! - larger heaps with a certified plain period (`n0`, `p`): one-heap
//!   options are checked one by one (there are finitely many), and a
//!   two-heap split `a + (m − a)` with `a ≥ n0` has the value of
//!   `a + p + (m − a − p)`, so the splits worth the target form residue
//!   classes `a ≡ r (mod p)`, found by checking `p` representatives;
//! - Lasker's Nim (arithmetic period 4, saltus 4): a single heap `j` is
//!   worth `t` iff `j = G(t)` (the closed form is an involution), and a
//!   split `a + b = h` worth `t` is found digit by digit: writing
//!   `G(x) = 4·hi + lo`, the low parts fix `a, b mod 4`, and
//!   `hi_a + hi_b = U`, `hi_a ⊕ hi_b = T` has the solutions
//!   `hi_a = (U − T)/2 | s` for the submasks `s` of `T`;
//! - Nim (`0.3r`): the heap `t`.
//!
//! At most [`MAX_LISTED`] moves are listed for the whole sum (a heap of
//! 10^18 can have ~10^17 of them; 600 such heaps listing 10,000 each held
//! 700 MB), components in order, the smallest splits first, and at least
//! the first winning move of every component that has one (so the list
//! holds at most `MAX_LISTED` plus one move per component). The moves
//! beyond the list are still counted exactly ([`Analysis::unlisted_moves`]):
//! the option walk counts them, residue classes by division, and Lasker's
//! splits by counting submasks below a bound. Three-heap
//! splits of heaps beyond [`EXPLICIT_WORK`] are reported as unsupported.
//!
//! Time: O(EXPLICIT_WORK) per component at most, O(n0 + p + listed) for
//! periodic heaps, O(16·listed) for Lasker's Nim.

use super::{Analysis, WinningMove};
use crate::analysis::Periodicity;
use crate::error::{Error, Result};
use crate::game::take_break::{TakeBreak, LEAVE_NONE, LEAVE_ONE, LEAVE_THREE, LEAVE_TWO};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;
use crate::solve::HeapValues;

/// Most winning moves listed for a sum (see the module docs: every
/// component with a winning move lists at least one, beyond this).
pub const MAX_LISTED: usize = 10_000;

/// Heaps with at most this many options are analyzed option by option
/// when no faster way is known.
pub const EXPLICIT_WORK: u128 = 20_000_000;

/// Heaps with more options than this take the fast ways (closed forms, a
/// proven period) when there is one: walking 10^7 options takes a few
/// tenths of a second, the period a few microseconds.
pub const FAST_FROM: u128 = 1 << 16;

/// Value, outcome and winning moves of a sum of heaps of the
/// take-and-break game `code`, whose values `values` gives (see the
/// module docs).
///
/// ```
/// use grundy::{games::TakeBreak, solve::HeapValues, strategy::take_break::analyze};
/// let lasker = TakeBreak::named("lasker").unwrap();
/// let mut values = HeapValues::new(&lasker);
/// let heap = 1_000_000_000_000_000_001; // 4j + 1, so G(heap) = heap
/// let a = analyze(&lasker, &mut values, &[heap, 2]).unwrap();
/// // Winning: leave a big heap worth 2 — the heap 2 itself, or a split.
/// let tos: Vec<Vec<u64>> = a.winning_moves.iter().map(|m| m.to.clone()).collect();
/// assert_eq!(tos, [vec![499_999_999_999_999_999, 500_000_000_000_000_002], vec![2]]);
/// ```
pub fn analyze<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    heaps: &[u64],
) -> Result<Analysis<u64>> {
    // What is left of the sum's list, and always room for one.
    analyze_by(code, values, heaps, &|listed| {
        MAX_LISTED.saturating_sub(listed).max(1)
    })
}

/// [`analyze`] listing at most `max_listed` winning moves for the whole
/// sum (0: none), the first found, components in order; every winning
/// move is still counted ([`Analysis::unlisted_moves`]). Many queries
/// answered one after another (`analyze GAME -`) list one move each, so
/// that a query costs what its values and counts cost, not the listing.
///
/// ```
/// use grundy::{games::TakeBreak, solve::HeapValues, strategy::take_break::analyze_listing};
/// let dawson = TakeBreak::octal("0.07").unwrap();
/// let mut values = HeapValues::new(&dawson);
/// let a = analyze_listing(&dawson, &mut values, &[1_000_000_000], 1).unwrap();
/// assert_eq!(a.winning_moves.len(), 1);
/// assert!(a.winning_moves_total() > 1_000_000);
/// ```
pub fn analyze_listing<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    heaps: &[u64],
    max_listed: usize,
) -> Result<Analysis<u64>> {
    let max_listed = max_listed.min(MAX_LISTED);
    analyze_by(code, values, heaps, &|listed| {
        max_listed.saturating_sub(listed)
    })
}

/// [`analyze`] with the room for a component's moves given by `room`
/// (of the number listed so far).
fn analyze_by<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    heaps: &[u64],
    room: &dyn Fn(usize) -> usize,
) -> Result<Analysis<u64>> {
    let vals = heaps
        .iter()
        .map(|&h| values.value(h))
        .collect::<Result<Vec<Nimber>>>()?;
    let total: Nimber = vals.iter().sum();
    let mut winning_moves = Vec::new();
    let mut unlisted_moves: u128 = 0;
    if !total.is_zero() {
        for (i, (&h, &v)) in heaps.iter().zip(&vals).enumerate() {
            let mut found = Vec::new();
            let limit = room(winning_moves.len());
            let all =
                options_worth_within(code, values, h, (v + total).value(), limit, &mut found)?;
            unlisted_moves = unlisted_moves.saturating_add(all - found.len() as u128);
            winning_moves.extend(found.into_iter().map(|to| WinningMove {
                name: None,
                component: i,
                from: h,
                to,
            }));
        }
    }
    Ok(Analysis::of_value(total, winning_moves).with_unlisted_moves(unlisted_moves))
}

/// Options of heap `h` worth `target`, at most [`MAX_LISTED`], appended to
/// `out` (each a list of heaps; empty when nothing is left; `out` starts
/// empty). Returns how many options are worth `target` in all, listed or
/// not (exact).
pub fn options_worth<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    h: u64,
    target: u64,
    out: &mut Vec<Vec<u64>>,
) -> Result<u128> {
    options_worth_within(code, values, h, target, MAX_LISTED, out)
}

/// [`options_worth`] listing at most `limit` options (at most
/// [`MAX_LISTED`]: a larger `limit` is taken as `MAX_LISTED`); the count
/// returned is still every option worth `target`.
pub fn options_worth_within<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    h: u64,
    target: u64,
    limit: usize,
    out: &mut Vec<Vec<u64>>,
) -> Result<u128> {
    let limit = limit.min(MAX_LISTED);
    let count = option_count(code, h);
    if count <= FAST_FROM {
        return explicit(code, values, h, target, limit, out);
    }
    if code.is_lasker() {
        return Ok(lasker(h, target, limit, out));
    }
    if code.is_nim() {
        if target < h {
            if limit > 0 {
                out.push(if target == 0 { vec![] } else { vec![target] });
            }
            return Ok(1);
        }
        return Ok(0);
    }
    // A period proven while the heaps were valued (never searched for here:
    // a heap with this many options is past the point where `value` looks).
    let proven = values.proven_periodicity().cloned();
    match proven {
        Some(p) if p.saltus == 0 && !code.repeating() && code.max_heaps() < 3 => {
            periodic(code, values, &p, h, target, limit, out)
        }
        _ if count <= EXPLICIT_WORK => explicit(code, values, h, target, limit, out),
        _ => Err(Error::unsupported(format!(
            "winning moves of `{}` from a heap of {h} need a proven plain period",
            code.code()
        ))),
    }
}

/// How many options heap `h` has (saturating; an upper estimate).
fn option_count(code: &TakeBreak, h: u64) -> u128 {
    let h = u128::from(h);
    let per_digit = |d: u8, m: u128| -> u128 {
        let mut w = 1;
        if d & LEAVE_TWO != 0 {
            w += m / 2;
        }
        if d & LEAVE_THREE != 0 {
            w = w.saturating_add(m.saturating_mul(m) / 12 + 1);
        }
        w
    };
    let digits = code.digits();
    let explicit = if code.repeating() {
        digits.len() - 1
    } else {
        digits.len()
    };
    let mut total: u128 = (0..explicit)
        .map(|k| per_digit(digits[k], h.saturating_sub(k as u128)))
        .fold(0, u128::saturating_add);
    if code.repeating() {
        let rest = h.saturating_sub(explicit as u128);
        let d = digits[explicit];
        // Sum over m = 0..=rest of the per-digit work, bounded above.
        total = total.saturating_add(rest.saturating_mul(per_digit(d, rest)));
    }
    total
}

/// Walks every option of `h`: lists the first `limit` worth `target`,
/// counts them all.
fn explicit<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    h: u64,
    target: u64,
    limit: usize,
    out: &mut Vec<Vec<u64>>,
) -> Result<u128> {
    let mut err = None;
    let mut all: u128 = 0;
    code.options(&h, &mut |option| {
        if err.is_some() {
            return;
        }
        let mut x = 0;
        for &part in option {
            match values.value(part) {
                Ok(v) => x ^= v.value(),
                Err(e) => {
                    err = Some(e);
                    return;
                }
            }
        }
        if x == target {
            all += 1;
            if out.len() < limit {
                out.push(option.to_vec());
            }
        }
    });
    err.map_or(Ok(all), Err)
}

/// A finite code with a certified plain period: residue classes of splits.
fn periodic<G: HeapGame>(
    code: &TakeBreak,
    values: &mut HeapValues<G>,
    p: &Periodicity,
    h: u64,
    target: u64,
    limit: usize,
    out: &mut Vec<Vec<u64>>,
) -> Result<u128> {
    let mut g = |x: u64| values.value(x).map(|v| v.value());
    let mut all: u128 = 0;
    let list = |out: &mut Vec<Vec<u64>>, option: Vec<u64>| {
        if out.len() < limit {
            out.push(option);
        }
    };
    for (k, &d) in code.digits().iter().enumerate() {
        let k = k as u64;
        let Some(m) = h.checked_sub(k) else { continue };
        if d & LEAVE_NONE != 0 && m == 0 && target == 0 {
            all += 1;
            list(out, vec![]);
        }
        if d & LEAVE_ONE != 0 && k > 0 && m > 0 && g(m)? == target {
            all += 1;
            list(out, vec![m]);
        }
        if d & LEAVE_THREE != 0 {
            return Err(Error::unsupported(format!(
                "three-heap winning moves of `{}` are listed for heaps with at most {EXPLICIT_WORK} options",
                code.code()
            )));
        }
        if d & LEAVE_TWO == 0 {
            continue;
        }
        let half = if code.unequal() {
            m.saturating_sub(1) / 2
        } else {
            m / 2
        };
        let start = p.preperiod.max(1);
        // Splits with a < n0 one by one; beyond, residue classes mod p.
        for a in 1..start.min(half + 1) {
            if g(a)? ^ g(m - a)? == target {
                all += 1;
                list(out, vec![a, m - a]);
            }
        }
        if half < start || m - half < start {
            continue;
        }
        let mut classes = Vec::new();
        for r in 0..p.period {
            let a = start + r;
            if a <= half && g(a)? ^ g(m - a)? == target {
                classes.push(a);
                // a, a + p, a + 2p, ... up to half.
                all += u128::from((half - a) / p.period) + 1;
            }
        }
        let mut q = 0u64;
        'listing: while !classes.is_empty() {
            for &a0 in &classes {
                let Some(a) = q.checked_mul(p.period).and_then(|x| x.checked_add(a0)) else {
                    break 'listing;
                };
                if a > half {
                    break 'listing;
                }
                if out.len() >= limit {
                    break 'listing;
                }
                out.push(vec![a, m - a]);
            }
            q += 1;
        }
    }
    Ok(all)
}

/// How many submasks `s` of `mask` have `s <= x`.
fn submasks_at_most(mask: u64, x: u64) -> u128 {
    let mut count: u128 = 0;
    for i in (0..64).rev() {
        let bit = 1u64 << i;
        if x & bit != 0 {
            // s with a 0 here and any submask of the bits below is < x.
            count += 1u128 << (mask & (bit - 1)).count_ones();
            if mask & bit == 0 {
                return count;
            }
            // Otherwise go on with a 1 here, still equal to x so far.
        }
    }
    count + 1 // s == x
}

/// Lasker's Nim (`4.3r`): see the module docs. Lists at most `limit`
/// options worth `target`, returns how many there are.
fn lasker(h: u64, target: u64, limit: usize, out: &mut Vec<Vec<u64>>) -> u128 {
    // Splits a + b = h with G(a) xor G(b) = target, a <= b.
    // x = 4q + e (e in 1..=4) has G(x) = 4(q + carry) + low.
    const LOW_CARRY: [(u64, u64); 5] = [(0, 0), (1, 0), (2, 0), (0, 1), (3, 0)];
    let mut splits = Vec::new();
    let mut all: u128 = 0;
    let high = target >> 2;
    for ea in 1..=4u64 {
        for eb in 1..=4u64 {
            let ((la, ca), (lb, cb)) = (LOW_CARRY[ea as usize], LOW_CARRY[eb as usize]);
            if la ^ lb != target & 3 {
                continue;
            }
            let Some(rest) = h.checked_sub(ea + eb) else {
                continue;
            };
            if rest % 4 != 0 {
                continue;
            }
            let sum = rest / 4 + ca + cb; // hi_a + hi_b
            if sum < high || !(sum - high).is_multiple_of(2) {
                continue;
            }
            let and = (sum - high) / 2;
            if and & high != 0 {
                continue;
            }
            // Count: a <= b, with hi_a - hi_b = 2·sub - high, is
            // 8·sub <= 4(high + ca - cb) + eb - ea; then drop the ends where
            // hi_a < ca or hi_b < cb (only sub = 0 or sub = high, and = 0).
            let bound = 4 * (i128::from(high) + ca as i128 - cb as i128) + eb as i128 - ea as i128;
            if bound >= 0 {
                let x = u64::try_from(bound / 8).unwrap_or(u64::MAX);
                let mut n = submasks_at_most(high, x);
                let invalid = |s: u64| (and | s) < ca || (and | (high ^ s)) < cb;
                if invalid(0) {
                    n -= 1;
                }
                if high != 0 && high <= x && invalid(high) {
                    n -= 1;
                }
                all += n;
            }
            let mut listed = 0;
            let mut sub = 0u64;
            loop {
                let (hi_a, hi_b) = (and | sub, and | (high ^ sub));
                if hi_a >= ca && hi_b >= cb {
                    let a = 4 * (hi_a - ca) + ea;
                    let b = 4 * (hi_b - cb) + eb;
                    if a > b {
                        break;
                    }
                    splits.push((a, b));
                    listed += 1;
                    if listed >= limit {
                        break;
                    }
                }
                if sub == high {
                    break;
                }
                sub = sub.wrapping_sub(high) & high;
            }
        }
    }
    splits.sort_unstable();
    splits.dedup();
    out.extend(splits.into_iter().map(|(a, b)| vec![a, b]));
    // A single heap j worth the target: j = G(target) (G is an involution).
    if let Some(j) = TakeBreak::lasker_value(target).filter(|&j| j < h) {
        all += 1;
        out.push(if j == 0 { vec![] } else { vec![j] });
    }
    out.truncate(limit);
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sorted(mut v: Vec<Vec<u64>>) -> Vec<Vec<u64>> {
        v.sort();
        v
    }

    #[test]
    fn lasker_splits_and_singles_match_the_option_walk() {
        let game = TakeBreak::named("lasker").unwrap();
        let mut values = HeapValues::new(&game);
        for h in 1..=120u64 {
            for target in 0..=130u64 {
                let mut walked = Vec::new();
                let walked_all =
                    explicit(&game, &mut values, h, target, MAX_LISTED, &mut walked).unwrap();
                let mut fast = Vec::new();
                let fast_all = lasker(h, target, MAX_LISTED, &mut fast);
                assert_eq!(walked_all, walked.len() as u128);
                assert_eq!(sorted(fast), sorted(walked), "heap {h}, target {target}");
                assert_eq!(fast_all, walked_all, "heap {h}, target {target}");
            }
        }
    }

    #[test]
    fn periodic_classes_match_the_option_walk() {
        // Kayles: preperiod 71, period 12; heaps well past 2*(71+12).
        for name in ["kayles", "dawson", "guiles"] {
            let game = TakeBreak::named(name).unwrap();
            let mut values = HeapValues::new(&game);
            let p = values.certified_periodicity().unwrap().unwrap();
            for h in [400u64, 401, 777, 1000] {
                for target in 0..16 {
                    let mut walked = Vec::new();
                    let walked_all =
                        explicit(&game, &mut values, h, target, MAX_LISTED, &mut walked).unwrap();
                    let mut fast = Vec::new();
                    let fast_all =
                        periodic(&game, &mut values, &p, h, target, MAX_LISTED, &mut fast).unwrap();
                    assert_eq!(fast_all, walked_all, "{name} heap {h} target {target}");
                    assert_eq!(
                        sorted(fast),
                        sorted(walked),
                        "{name} heap {h} target {target}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_cut_move_list_still_counts_every_winning_move() {
        // More than MAX_LISTED winning moves: the list stops at the limit,
        // the count does not, and every fast path counts what the walk
        // counts.
        let game = TakeBreak::named("kayles").unwrap();
        let mut values = HeapValues::new(&game);
        let a = analyze(&game, &mut values, &[300_000]).unwrap();
        let mut solver = HeapValues::new(&game);
        let all = crate::strategy::analyze(&game, &mut solver, &[300_000u64]).unwrap();
        assert!(all.winning_moves.len() > MAX_LISTED);
        assert_eq!(a.winning_moves.len(), MAX_LISTED);
        assert_eq!(a.winning_moves_total(), all.winning_moves.len() as u128);
        assert!(a.truncated());
        let p = values.certified_periodicity().unwrap().unwrap();
        for h in [300_000u64, 300_001] {
            for target in 0..4 {
                let (mut walked, mut fast) = (Vec::new(), Vec::new());
                let w = explicit(&game, &mut values, h, target, MAX_LISTED, &mut walked).unwrap();
                let f = periodic(&game, &mut values, &p, h, target, MAX_LISTED, &mut fast).unwrap();
                assert_eq!(
                    (f, fast.len()),
                    (w, walked.len()),
                    "kayles {h} target {target}"
                );
            }
        }
        let lasker_game = TakeBreak::named("lasker").unwrap();
        let mut lv = HeapValues::new(&lasker_game);
        let mut cut = 0;
        // high = target / 4 = 2^15 - 1: up to 2^15 splits of a heap near 4·high.
        for h in 131_066u64..=131_078 {
            for target in [0x1_fffcu64, 0x1_ffff] {
                let (mut walked, mut fast) = (Vec::new(), Vec::new());
                let w =
                    explicit(&lasker_game, &mut lv, h, target, MAX_LISTED, &mut walked).unwrap();
                let f = lasker(h, target, MAX_LISTED, &mut fast);
                assert_eq!(
                    (f, fast.len()),
                    (w, walked.len()),
                    "lasker {h} target {target}"
                );
                cut += usize::from(w > MAX_LISTED as u128);
            }
        }
        assert!(cut > 0, "no Lasker list was cut: the test tests nothing");
    }

    #[test]
    fn heaps_past_the_fast_bound_agree_with_the_walk() {
        // Heaps with a little more than FAST_FROM options take the period
        // (or Lasker's closed form); the generic strategy walks them all.
        use std::collections::HashSet;
        for (name, h) in [
            ("kayles", 70_001u64),
            ("dawson", 131_075),
            ("guiles", 140_003),
            ("lasker", 70_002),
        ] {
            let game = TakeBreak::named(name).unwrap();
            assert!(option_count(&game, h) > FAST_FROM, "{name} {h}");
            for others in [vec![], vec![1u64], vec![2, 5], vec![h - 1]] {
                let heaps: Vec<u64> = std::iter::once(h).chain(others).collect();
                let mut values = HeapValues::new(&game);
                let fast = analyze(&game, &mut values, &heaps).unwrap();
                let mut solver = HeapValues::new(&game);
                let walked = crate::strategy::analyze(&game, &mut solver, &heaps[..]).unwrap();
                assert_eq!(fast.value, walked.value, "{name} {heaps:?}");
                assert_eq!(
                    fast.winning_moves_total(),
                    walked.winning_moves.len() as u128,
                    "{name} {heaps:?}"
                );
                let all: HashSet<_> = walked
                    .winning_moves
                    .iter()
                    .map(|m| (m.component, m.to.clone()))
                    .collect();
                for m in &fast.winning_moves {
                    assert!(
                        all.contains(&(m.component, m.to.clone())),
                        "{name} {heaps:?}: {m:?}"
                    );
                }
                if !fast.truncated() {
                    assert_eq!(fast.winning_moves.len(), walked.winning_moves.len());
                }
            }
        }
    }

    #[test]
    fn submasks_at_most_counts_like_enumeration() {
        for mask in [0u64, 1, 0b1011, 0b1111_0000, 0x5a5a] {
            let subs: Vec<u64> = (0..=0x7fffu64).filter(|s| s & !mask == 0).collect();
            for x in 0..=0x7fffu64 {
                let n = subs.partition_point(|&s| s <= x);
                assert_eq!(submasks_at_most(mask, x), n as u128, "mask {mask:#x} x {x}");
            }
        }
        assert_eq!(submasks_at_most(u64::MAX, u64::MAX), 1u128 << 64);
    }

    #[test]
    fn huge_heaps_answer_at_once() {
        let kayles = TakeBreak::named("kayles").unwrap();
        let mut values = HeapValues::new(&kayles);
        let h = 1_000_000_000_000_000_000u64;
        let a = analyze(&kayles, &mut values, &[h, 3]).unwrap();
        assert_eq!(a.value.map(crate::game::Outcome::of_value), Some(a.outcome));
        assert!(a.winning_moves.len() <= 2 * MAX_LISTED);
        for m in a.winning_moves.iter().take(50) {
            let v: u64 =
                m.to.iter()
                    .map(|&x| values.value(x).unwrap().value())
                    .fold(0, |x, y| x ^ y);
            let other = values
                .value(if m.component == 0 { 3 } else { h })
                .unwrap()
                .value();
            assert_eq!(v ^ other, 0, "{m:?}");
        }
    }
}

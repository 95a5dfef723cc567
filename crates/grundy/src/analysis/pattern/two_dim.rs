//! Rules for a two-dimensional game: `G(a, b)` on a square of positions.
//!
//! Value forms (`G(a,b) = a xor b`, `a ⊗ b`, `gcd(a,b)`, `lcm(a,b)`, `= a`,
//! `= b`, `= 0`), P-positions as a
//! set of pairs (a list of candidate rules, each checked on every cell in
//! order of `max(a, b)`: diagonals `a = b` and `|a − b| = c`,
//! complementary Beatty pairs `(⌊kα⌋, ⌊kβ⌋)` for each Beatty number of the
//! catalogue (Wythoff's pairs for `α = φ`), ratio rules `min < max < α·min`
//! (Euclid's game), parity and bitwise rules, divisibility by `gcd` and
//! `lcm`), and the rows (and columns,
//! unless the table is symmetric) that are periodic or arithmetic periodic
//! in the other coordinate. A finding is proven only when the game's own
//! theorem proves its law ([`two_dim_proven`] with a [`ProvenLaw`], e.g.
//! Wythoff's pairs for Wythoff's game) and the square agrees with it;
//! everything else is observed on the square.

use super::catalogue::{self, QuadraticIrrational};
use super::{Finding, Kind, Of, PairLaw, Position, ProvenLaw, MIN_TERMS};
use crate::analysis::period::{find_period, PeriodTheorem};

/// Agreeing P-positions a broken pair rule needs to be reported.
const NEAR_MISS_PAIRS: usize = 8;

/// Rows (or columns) examined for periodicity.
const ROWS: usize = 8;

/// `G(a, b)` for `a, b` in `lo..lo + side`: `rows[i][j] = G(lo + i, lo + j)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Square {
    /// The least coordinate (0 for most games; 2 for the Cutting Game).
    pub lo: u64,
    /// The values, one row per `a`; every row as long as there are rows.
    pub rows: Vec<Vec<u64>>,
}

impl Square {
    fn side(&self) -> usize {
        self.rows.len()
    }

    fn hi(&self) -> u64 {
        self.lo + self.side() as u64 - 1
    }

    fn at(&self, a: u64, b: u64) -> u64 {
        self.rows[(a - self.lo) as usize][(b - self.lo) as usize]
    }

    /// Every cell, in order of `max(a, b)`, then `a`, then `b`.
    fn shells(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        (self.lo..=self.hi()).flat_map(move |m| {
            (self.lo..m)
                .map(move |a| (a, m))
                .chain((self.lo..=m).map(move |b| (m, b)))
        })
    }
}

/// A closed form of the values.
type Form = fn(u64, u64) -> u64;

/// A candidate rule for the P-positions.
struct PairRule {
    rule: String,
    name: Option<String>,
    reference: Option<String>,
    /// The law, for the rules a game's theorem may prove.
    law: Option<PairLaw>,
    holds: Box<dyn Fn(u64, u64) -> bool>,
}

impl PairRule {
    fn new(rule: impl Into<String>, holds: impl Fn(u64, u64) -> bool + 'static) -> PairRule {
        PairRule {
            rule: rule.into(),
            name: None,
            reference: None,
            law: None,
            holds: Box::new(holds),
        }
    }
}

/// Every rule found in the square (empty when it has fewer than 4 rows),
/// none proven: [`two_dim_proven`] with no laws.
pub fn two_dim(square: &Square) -> Vec<Finding> {
    two_dim_proven(square, &[])
}

/// Every rule found in the square (empty when it has fewer than 4 rows);
/// a rule of the P-positions whose law is one of `proven` (the game's
/// theorems), and that the square agrees with, is marked proven with its
/// theorem.
///
/// ```
/// use grundy::analysis::pattern::{two_dim_proven, PairLaw, ProvenLaw, QuadraticIrrational, Square};
/// use grundy::games::wythoff;
/// let rows = (0..40u64)
///     .map(|a| (0..40u64).map(|b| u64::from(!wythoff::is_p_position(a, b))).collect())
///     .collect();
/// let square = Square { lo: 0, rows };
/// let law = ProvenLaw {
///     law: PairLaw::Beatty(QuadraticIrrational::PHI),
///     theorem: "Wythoff (1907)".into(),
/// };
/// let found = two_dim_proven(&square, &[law]);
/// assert!(found[0].proven);
/// assert_eq!(found[0].proof.as_deref(), Some("Wythoff (1907)"));
/// ```
pub fn two_dim_proven(square: &Square, proven: &[ProvenLaw]) -> Vec<Finding> {
    let mut out = Vec::new();
    let side = square.side();
    if side < 4 || square.rows.iter().any(|r| r.len() != side) {
        return out;
    }
    let forms: [(&str, Form); 7] = [
        ("G(a,b) = a xor b", |a, b| a ^ b),
        (
            "G(a,b) = a ⊗ b (the nim product)",
            crate::nimber::field::mul,
        ),
        ("G(a,b) = gcd(a,b)", |a, b| gcd(a, b)),
        ("G(a,b) = lcm(a,b)", |a, b| lcm(a, b).unwrap_or(u64::MAX)),
        ("G(a,b) = a", |a, _| a),
        ("G(a,b) = b", |_, b| b),
        ("G(a,b) = 0", |_, _| 0),
    ];
    let form = forms
        .iter()
        .find(|(_, f)| square.shells().all(|(a, b)| square.at(a, b) == f(a, b)));
    if let Some((rule, _)) = form {
        out.push(Finding::new(Of::Values, Kind::Affine, (*rule).to_string()));
    }
    out.extend(pairs(square, proven));
    if form.is_none() {
        out.extend(rows(square));
    }
    out
}

/// The greatest common divisor, `gcd(0, b) = b`.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least common multiple, `lcm(0, b) = 0`; `None` past `u64`.
fn lcm(a: u64, b: u64) -> Option<u64> {
    if a == 0 || b == 0 {
        return Some(0);
    }
    (a / gcd(a, b)).checked_mul(b)
}

/// The candidate pair rules for a square reaching `hi`.
fn candidates(square: &Square) -> Vec<PairRule> {
    let hi = square.hi();
    let mut rules = vec![PairRule::new("P-positions: a = b", |a, b| a == b)];
    for (seq, alpha, beta) in catalogue::beatty_pairs() {
        let mut partner: Vec<Option<u64>> = vec![None; hi as usize + 1];
        partner[0] = Some(0);
        for k in 1u64.. {
            let (Some(x), Some(y)) = (alpha.floor_mul(k), beta.floor_mul(k)) else {
                break;
            };
            let (Ok(x), Ok(y)) = (u64::try_from(x), u64::try_from(y)) else {
                break;
            };
            if x > hi {
                break;
            }
            partner[x as usize] = Some(y);
            if y <= hi {
                partner[y as usize] = Some(x);
            }
        }
        let (a_text, b_text) = (alpha.describe(), beta.describe());
        let wythoff = alpha == QuadraticIrrational::PHI;
        let mut r = PairRule::new(
            format!(
                "P-positions: (floor(k*{a_text}), floor(k*{b_text})) and mirror images, k >= 0"
            ),
            move |a, b| partner.get(a as usize).copied().flatten() == Some(b),
        );
        r.name = Some(if wythoff {
            "Wythoff pairs (golden-ratio Beatty pairs)".into()
        } else {
            format!("complementary Beatty pairs of {a_text} and {b_text}")
        });
        r.reference = seq.reference.clone();
        r.law = Some(PairLaw::Beatty(alpha));
        rules.push(r);
        // Euclid-style: the larger is less than alpha times the smaller.
        for zero in [true, false] {
            let text = format!(
                "P-positions: min(a,b) < max(a,b) < {a_text}*min(a,b){}",
                if zero { ", or a zero coordinate" } else { "" }
            );
            let mut r = PairRule::new(text, move |a, b| {
                let (lo, hi) = (a.min(b), a.max(b));
                if lo == 0 {
                    return zero;
                }
                lo < hi && alpha.floor_mul(lo).is_some_and(|f| i128::from(hi) <= f)
            });
            r.law = Some(PairLaw::Ratio { alpha, zero });
            rules.push(r);
        }
    }
    rules.push(PairRule::new(
        "P-positions: a AND b = 0 (no common 1 bit)",
        |a, b| a & b == 0,
    ));
    for m in 2..=3u64 {
        for r in 0..m {
            for s in 0..m {
                rules.push(PairRule::new(
                    format!("P-positions: a ≡ {r} and b ≡ {s} (mod {m})"),
                    move |a, b| a % m == r && b % m == s,
                ));
            }
        }
    }
    for m in 2..=4u64 {
        rules.push(PairRule::new(
            format!("P-positions: a ≡ b (mod {m})"),
            move |a, b| a % m == b % m,
        ));
        for r in 0..m {
            rules.push(PairRule::new(
                format!("P-positions: a + b ≡ {r} (mod {m})"),
                move |a, b| (a + b) % m == r,
            ));
        }
    }
    // A product: both coordinates in the set of P-positions of the first row.
    let first: Vec<u64> = (square.lo..=hi)
        .filter(|&b| square.at(square.lo, b) == 0)
        .collect();
    if first.len() >= 3 {
        let mut member = vec![false; hi as usize + 1];
        for &b in &first {
            member[b as usize] = true;
        }
        rules.push(PairRule::new(
            format!(
                "P-positions: a and b both in {{{}}} (the P-positions of row {})",
                super::compact(&first, 20).replace(' ', ", "),
                square.lo
            ),
            move |a, b| member[a as usize] && member[b as usize],
        ));
    }
    // Divisibility, as contest rules write it with gcd and lcm.
    rules.push(PairRule::new(
        "P-positions: gcd(a,b) = 1 (coprime coordinates)",
        |a, b| gcd(a, b) == 1,
    ));
    rules.push(PairRule::new(
        "P-positions: lcm(a,b) = max(a,b) > 0 (the smaller divides the larger)",
        |a, b| a.max(b) > 0 && lcm(a, b) == Some(a.max(b)),
    ));
    rules.push(PairRule::new(
        "P-positions: lcm(a,b) = a*b > 0 (coprime, both nonzero)",
        |a, b| a.min(b) > 0 && gcd(a, b) == 1,
    ));
    for c in 1..=4u64 {
        rules.push(PairRule::new(
            format!("P-positions: b = a + {c} or a = b + {c}"),
            move |a, b| a.abs_diff(b) == c,
        ));
    }
    rules
}

/// The pair rules that hold on the whole square, or the best broken one.
fn pairs(square: &Square, proven: &[ProvenLaw]) -> Vec<Finding> {
    let count = square
        .shells()
        .filter(|&(a, b)| square.at(a, b) == 0)
        .count();
    let cells = square.side() * square.side();
    if count < MIN_TERMS || cells - count < MIN_TERMS {
        return Vec::new();
    }
    let mut found = Vec::new();
    let mut near: Option<(u64, Finding)> = None;
    for rule in candidates(square) {
        let mut agreeing = 0;
        let mut exception = None;
        for (a, b) in square.shells() {
            let p = square.at(a, b) == 0;
            if p != (rule.holds)(a, b) {
                exception = Some((a, b));
                break;
            }
            agreeing += usize::from(p);
        }
        let mut f = Finding::new(Of::PPositions, Kind::Pairs, rule.rule);
        f.name = rule.name;
        f.reference = rule.reference;
        match exception {
            None => {
                let theorem = proven.iter().find(|t| Some(t.law) == rule.law);
                if let Some(t) = theorem {
                    f.proven = true;
                    f.proof = Some(t.theorem.clone());
                }
                found.push(f);
            }
            Some((a, b)) => {
                let shell = a.max(b);
                if agreeing >= NEAR_MISS_PAIRS && near.as_ref().is_none_or(|(s, _)| shell > *s) {
                    f.first_exception = Some(Position::Pair(a, b));
                    near = Some((shell, f));
                }
            }
        }
    }
    if found.is_empty() {
        found.extend(near.map(|(_, f)| f));
    }
    // A proven rule first (stable: otherwise in the order of the list).
    found.sort_by_key(|f| !f.proven);
    found.truncate(1);
    found
}

/// Rows `a = lo, lo+1, …` (up to [`ROWS`]) whose values are periodic or
/// arithmetic periodic in `b`, as one finding; the same for columns when
/// the square is not symmetric.
fn rows(square: &Square) -> Vec<Finding> {
    let symmetric = square
        .shells()
        .all(|(a, b)| square.at(a, b) == square.at(b, a));
    let mut out = Vec::new();
    for by_column in [false, true] {
        if by_column && symmetric {
            break;
        }
        let mut parts = Vec::new();
        let mut arithmetic = false;
        for i in 0..ROWS.min(square.side() / 3) {
            let a = square.lo + i as u64;
            let line: Vec<u64> = (square.lo..=square.hi())
                .map(|b| {
                    if by_column {
                        square.at(b, a)
                    } else {
                        square.at(a, b)
                    }
                })
                .collect();
            let Some(found) = find_period(&line, PeriodTheorem::None, true) else {
                break;
            };
            let p = found.periodicity;
            let span = line.len() as u64 - p.period - p.preperiod;
            if span < 3 * p.period || span < 8 || 3 * span < line.len() as u64 {
                break;
            }
            let y = if by_column { "a" } else { "b" };
            let from = square.lo + p.preperiod;
            let at = |shift: &str| {
                if by_column {
                    format!("G({y}{shift}, {a})")
                } else {
                    format!("G({a}, {y}{shift})")
                }
            };
            parts.push(if p.saltus == 0 {
                format!(
                    "{} = {} for {y} >= {from}",
                    at(&format!(" + {}", p.period)),
                    at("")
                )
            } else {
                arithmetic = true;
                format!(
                    "{} = {} + {} for {y} >= {from}",
                    at(&format!(" + {}", p.period)),
                    at(""),
                    p.saltus
                )
            });
        }
        if parts.len() >= 2 {
            let what = match (by_column, symmetric) {
                (false, true) => "rows (and columns, by symmetry)",
                (false, false) => "rows",
                (true, _) => "columns",
            };
            let kind = if arithmetic {
                Kind::ArithmeticPeriodic
            } else {
                Kind::Periodic
            };
            let last = square.lo + parts.len() as u64 - 1;
            let mut f = Finding::new(
                Of::Values,
                kind,
                format!(
                    "{what} {} = {}..={last} are {}periodic in {}",
                    if by_column { "b" } else { "a" },
                    square.lo,
                    if arithmetic { "arithmetic " } else { "" },
                    if by_column { "a" } else { "b" },
                ),
            );
            f.details = parts;
            out.push(f);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn square(side: u64, g: impl Fn(u64, u64) -> u64) -> Square {
        Square {
            lo: 0,
            rows: (0..side)
                .map(|a| (0..side).map(|b| g(a, b)).collect())
                .collect(),
        }
    }

    /// `G(a, b)` by the definition (mex over the options), for a game on
    /// pairs whose moves `moves(a, b)` lead to smaller pairs.
    fn by_mex(side: u64, moves: impl Fn(u64, u64) -> Vec<(u64, u64)>) -> Square {
        let n = side as usize;
        let mut g = vec![vec![0u64; n]; n];
        for s in 0..2 * n {
            for a in 0..n.min(s + 1) {
                let b = s - a;
                if b >= n {
                    continue;
                }
                let seen: Vec<u64> = moves(a as u64, b as u64)
                    .into_iter()
                    .map(|(x, y)| g[x as usize][y as usize])
                    .collect();
                g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
            }
        }
        Square { lo: 0, rows: g }
    }

    #[test]
    fn wythoff_by_the_definition_has_golden_pairs() {
        let sq = by_mex(60, |a, b| {
            let mut o: Vec<(u64, u64)> = (0..a).map(|x| (x, b)).collect();
            o.extend((0..b).map(|y| (a, y)));
            o.extend((1..=a.min(b)).map(|k| (a - k, b - k)));
            o
        });
        let f = two_dim(&sq);
        let p = f.iter().find(|f| f.kind == Kind::Pairs).unwrap();
        assert_eq!(
            p.name.as_deref(),
            Some("Wythoff pairs (golden-ratio Beatty pairs)")
        );
        assert_eq!(p.first_exception, None);
    }

    #[test]
    fn euclid_by_the_definition_has_the_golden_ratio_rule() {
        // Subtract a positive multiple of the smaller from the larger; a
        // zero coordinate ends the game.
        let sq = by_mex(60, |a, b| {
            if a == 0 || b == 0 {
                return Vec::new();
            }
            let (lo, hi) = (a.min(b), a.max(b));
            (1..=hi / lo)
                .map(|k| {
                    if a >= b {
                        (a - k * lo, b)
                    } else {
                        (a, b - k * lo)
                    }
                })
                .collect()
        });
        let f = two_dim(&sq);
        let p = f.iter().find(|f| f.kind == Kind::Pairs).unwrap();
        assert_eq!(
            p.rule,
            "P-positions: min(a,b) < max(a,b) < phi*min(a,b), or a zero coordinate"
        );
    }

    /// Random subtraction games on pairs: a pair rule claimed on a square
    /// of side 30 is claimed again, word for word, on a square of 120
    /// (the product rule, whose set grows with the square, aside).
    #[test]
    fn random_pair_games_get_no_invented_rules() {
        let mut rng = crate::util::TestRng(0x0dd_ba11_cafe_f00d);
        let mut claims = 0;
        let fixed: Vec<Vec<Vec<u64>>> = vec![
            vec![vec![1], vec![1], vec![1]],
            vec![vec![1, 2], vec![1, 2], vec![]],
            vec![vec![1, 3, 4], vec![1, 3, 4], vec![]],
        ];
        for i in 0..15 {
            let sets: Vec<Vec<u64>> = fixed.get(i).cloned().unwrap_or_else(|| {
                (0..3)
                    .map(|_| (0..3).map(|_| 1 + rng.below(6)).collect())
                    .collect()
            });
            let moves = |a: u64, b: u64| {
                let mut o = Vec::new();
                for &s in &sets[0] {
                    if s <= a {
                        o.push((a - s, b));
                    }
                }
                for &s in &sets[1] {
                    if s <= b {
                        o.push((a, b - s));
                    }
                }
                for &s in &sets[2] {
                    if s <= a.min(b) {
                        o.push((a - s, b - s));
                    }
                }
                o
            };
            let small = two_dim(&by_mex(30, moves));
            let large = two_dim(&by_mex(120, moves));
            // Pair rules, and the value forms (xor, nim product, gcd, lcm).
            for f in small.iter().filter(|f| {
                matches!(f.kind, Kind::Pairs | Kind::Affine) && f.first_exception.is_none()
            }) {
                if f.rule.contains("the P-positions of row") {
                    continue;
                }
                claims += 1;
                assert!(
                    large
                        .iter()
                        .any(|g| g.rule == f.rule && g.first_exception.is_none()),
                    "{sets:?}: {} not claimed on the larger square",
                    f.rule
                );
            }
        }
        assert!(claims > 0);
    }

    /// hdu3404 (coins turned at the corners of a rectangle): by the
    /// definition, each option the XOR of three smaller cells; the Tartan
    /// theorem says the table is the nim product.
    #[test]
    fn the_corners_game_of_hdu3404_is_the_nim_product() {
        // 16 = 2^(2^2): the products of smaller numbers stay below it.
        let side = 16u64;
        let mut g = vec![vec![0u64; side as usize]; side as usize];
        for x in 0..side as usize {
            for y in 0..side as usize {
                let mut seen = [false; 64];
                for a in 0..x {
                    for b in 0..y {
                        seen[(g[a][y] ^ g[x][b] ^ g[a][b]) as usize] = true;
                    }
                }
                g[x][y] = seen.iter().position(|&s| !s).unwrap() as u64;
            }
        }
        let f = two_dim(&square(side, |a, b| g[a as usize][b as usize]));
        assert_eq!(f[0].rule, "G(a,b) = a ⊗ b (the nim product)");
        assert!(f[0].claimed() && !f[0].proven);
        let mut broken = g.clone();
        broken[15][15] ^= 1;
        let f = two_dim(&square(side, |a, b| broken[a as usize][b as usize]));
        assert!(f.iter().all(|f| !f.rule.contains('⊗')), "{f:?}");
    }

    #[test]
    fn nim_of_two_heaps() {
        let f = two_dim(&square(40, |a, b| a ^ b));
        assert_eq!(f[0].rule, "G(a,b) = a xor b");
        assert_eq!(f[1].rule, "P-positions: a = b");
    }

    #[test]
    fn a_parity_rule_with_an_exception() {
        let f = two_dim(&square(40, |a, b| {
            u64::from(!((a % 2 == 1 && b % 2 == 1) && (a, b) != (21, 23)))
        }));
        let p = f.iter().find(|f| f.of == Of::PPositions).unwrap();
        assert_eq!(p.rule, "P-positions: a ≡ 1 and b ≡ 1 (mod 2)");
        assert_eq!(p.first_exception, Some(Position::Pair(21, 23)));
    }

    #[test]
    fn lcm_of_the_coordinates_is_a_value_form_and_one_changed_cell_breaks_it() {
        let f = two_dim(&square(30, |a, b| lcm(a, b).unwrap()));
        assert_eq!(f[0].rule, "G(a,b) = lcm(a,b)");
        assert!(f[0].claimed() && !f[0].proven);
        let f = two_dim(&square(30, |a, b| {
            lcm(a, b).unwrap() + u64::from((a, b) == (29, 28))
        }));
        assert!(f.iter().all(|f| !f.rule.contains("lcm")), "{f:?}");
    }

    #[test]
    fn divisibility_p_positions_by_gcd_and_lcm_are_found() {
        let rule = |p: fn(u64, u64) -> bool| {
            let f = two_dim(&square(40, |a, b| u64::from(!p(a, b))));
            f.into_iter()
                .find(|f| f.of == Of::PPositions && f.claimed())
                .map(|f| f.rule)
        };
        assert_eq!(
            rule(|a, b| gcd(a, b) == 1).as_deref(),
            Some("P-positions: gcd(a,b) = 1 (coprime coordinates)")
        );
        assert_eq!(
            rule(|a, b| a.max(b) > 0 && a.max(b) % a.min(b).max(1) == 0 && a.min(b) > 0).as_deref(),
            Some("P-positions: lcm(a,b) = max(a,b) > 0 (the smaller divides the larger)")
        );
        assert_eq!(
            rule(|a, b| a.min(b) > 0 && gcd(a, b) == 1).as_deref(),
            Some("P-positions: lcm(a,b) = a*b > 0 (coprime, both nonzero)")
        );
        // One pair off the rule: not stated.
        assert_eq!(rule(|a, b| gcd(a, b) == 1 && (a, b) != (35, 36)), None);
    }
}

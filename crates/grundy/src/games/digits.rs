//! Digit subtraction games: from a heap `n`, subtract one of the digits of
//! `n` (spec `digits:max,min`: "subtract the largest digit of `n`, or its
//! smallest non-zero digit", Luogu P2953 / USACO 2009 "Cow Digit Game";
//! `digits:any`: "subtract any non-zero digit of `n`").
//!
//! The rules, any non-empty list of:
//! - `any`: any non-zero digit of `n`;
//! - `max`: the largest digit of `n`;
//! - `min`: the smallest non-zero digit of `n`;
//!
//! and optionally `base=B` (2 to 36, default 10), the base the digits are
//! read in. A move subtracts a non-zero amount, so every option is a
//! smaller heap and the game ends at 0 (which has no non-zero digit).
//! Heap `n` has at most `B − 1` options.
//!
//! Values come from the generic dense solver (`O(N·B)` time for
//! `G(0..=N)`, when `any`; `O(N log N)` otherwise). There is no periodicity
//! theorem for these games: the options of `n` depend on all of its digits,
//! so an observed period is reported as observed only.

use crate::error::{Error, Result};
use crate::game::{Game, HeapGame};

/// A digit subtraction game: which digits may be subtracted, in which base.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DigitSubtraction {
    any: bool,
    max: bool,
    min: bool,
    base: u64,
}

impl DigitSubtraction {
    /// Parses `digits:RULE,...[,base=B]` (or the part after `digits:`).
    pub fn parse(spec: &str) -> Result<DigitSubtraction> {
        let body = spec.trim();
        let body = body.strip_prefix("digits:").unwrap_or(body);
        let bad = |why: String| Error::invalid_spec(spec, why);
        let mut game = DigitSubtraction {
            any: false,
            max: false,
            min: false,
            base: 10,
        };
        let mut base_given = false;
        for item in body.split(',').map(str::trim) {
            match item {
                "any" => game.any = true,
                "max" => game.max = true,
                "min" => game.min = true,
                "" => {
                    return Err(bad(
                        "a rule is missing: name `any`, `max` or `min` (e.g. `digits:max,min`)"
                            .into(),
                    ))
                }
                other => match other.strip_prefix("base=") {
                    Some(b) if !base_given => {
                        base_given = true;
                        game.base = match b.trim().parse::<u64>() {
                            Ok(b) if (2..=36).contains(&b) => b,
                            _ => {
                                return Err(bad(format!(
                                    "`base={b}`: the base is a whole number from 2 to 36"
                                )))
                            }
                        };
                    }
                    Some(_) => return Err(bad("`base=` is given twice".into())),
                    None => {
                        return Err(bad(format!(
                            "`{other}` is not a rule: name `any` (any non-zero digit), `max` \
                             (the largest digit) or `min` (the smallest non-zero digit), and \
                             optionally `base=B`"
                        )))
                    }
                },
            }
        }
        if !(game.any || game.max || game.min) {
            return Err(bad(
                "no rule: name `any`, `max` or `min` (e.g. `digits:max,min`)".into(),
            ));
        }
        Ok(game)
    }

    /// The amounts a move from `n` may subtract, in increasing order, each
    /// once: bit `d` of the result is set when the digit `d` may be
    /// subtracted.
    pub fn amounts(&self, n: u64) -> u64 {
        // The set of digits of n (bit d for digit d), zero left out.
        let mut digits = 0u64;
        let mut rest = n;
        while rest > 0 {
            digits |= 1 << (rest % self.base);
            rest /= self.base;
        }
        digits &= !1;
        if digits == 0 || self.any {
            return digits;
        }
        let mut amounts = 0;
        if self.max {
            amounts |= 1 << (63 - digits.leading_zeros());
        }
        if self.min {
            amounts |= 1 << digits.trailing_zeros();
        }
        amounts
    }
}

impl Game for DigitSubtraction {
    type Position = u64;

    fn options(&self, n: &u64, f: &mut dyn FnMut(&[u64])) {
        let mut amounts = self.amounts(*n);
        while amounts != 0 {
            let d = u64::from(amounts.trailing_zeros());
            amounts &= amounts - 1;
            f(&[*n - d]);
        }
    }
}

impl HeapGame for DigitSubtraction {
    fn spec(&self) -> String {
        let mut rules: Vec<String> = [("any", self.any), ("max", self.max), ("min", self.min)]
            .iter()
            .filter(|(_, on)| *on)
            .map(|(name, _)| (*name).to_string())
            .collect();
        if self.base != 10 {
            rules.push(format!("base={}", self.base));
        }
        format!("digits:{}", rules.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex::mex;
    use crate::nimber::Nimber;

    /// The digits of `n` in `base`, read by formatting (not by division as
    /// the game does), for an independent reference.
    fn digits_of(n: u64, base: u32) -> Vec<u64> {
        let mut s = Vec::new();
        let mut x = n;
        // Repeated subtraction of the largest power: a different route
        // from the game's remainder loop.
        let mut power = 1u64;
        while power <= x / u64::from(base) {
            power *= u64::from(base);
        }
        while power > 0 && n > 0 {
            let mut d = 0;
            while x >= power {
                x -= power;
                d += 1;
            }
            s.push(d);
            power /= u64::from(base);
        }
        s
    }

    fn reference_moves(n: u64, rules: &[&str], base: u32) -> Vec<u64> {
        let ds: Vec<u64> = digits_of(n, base).into_iter().filter(|&d| d > 0).collect();
        let mut amounts = Vec::new();
        for rule in rules {
            match *rule {
                "any" => amounts.extend(ds.iter().copied()),
                "max" => amounts.extend(ds.iter().copied().max()),
                "min" => amounts.extend(ds.iter().copied().min()),
                _ => unreachable!(),
            }
        }
        amounts.sort_unstable();
        amounts.dedup();
        amounts.into_iter().map(|d| n - d).collect()
    }

    #[test]
    fn options_are_the_heap_minus_the_named_digits() {
        for (spec, rules, base) in [
            ("digits:max,min", &["max", "min"][..], 10),
            ("digits:any", &["any"][..], 10),
            ("digits:max", &["max"][..], 10),
            ("digits:min", &["min"][..], 10),
            ("digits:min,base=2", &["min"][..], 2),
            ("digits:any,base=16", &["any"][..], 16),
            ("digits:max,min,base=7", &["max", "min"][..], 7),
        ] {
            let game = DigitSubtraction::parse(spec).unwrap();
            for n in (0..3000).chain([987_654_321, u64::MAX]) {
                let mut got = crate::game::collect_options(&game, &n)
                    .into_iter()
                    .map(|o| o[0])
                    .collect::<Vec<_>>();
                got.sort_unstable();
                let mut want = reference_moves(n, rules, base);
                want.sort_unstable();
                assert_eq!(got, want, "{spec} at {n}");
            }
        }
    }

    #[test]
    fn the_cow_digit_game_answers_its_sample_and_a_hand_table() {
        // Luogu P2953's sample: 9 wins (take 9, leaving 0); 10 loses (its
        // digits 1 and 0 allow only 10 - 1 = 9, a win for the other).
        // By hand to 20: 11 -> 10 (a loss) wins; 12 -> 10 or 11, wins;
        // 19 -> 10 or 18, wins; 20 -> 18 only (2 is both digits); 18 ->
        // 10 wins, so 20 -> 18 leaves a win: 20 loses.
        let game = DigitSubtraction::parse("digits:max,min").unwrap();
        let mut values = [Nimber::ZERO; 21];
        for n in 1..=20u64 {
            let opts = crate::game::collect_options(&game, &n);
            values[n as usize] = mex(opts.iter().map(|o| values[o[0] as usize]));
        }
        let losing: Vec<usize> = (0..=20).filter(|&n| values[n] == Nimber::ZERO).collect();
        assert_eq!(losing, [0, 10, 20]);
    }

    #[test]
    fn specs_read_back_and_bad_ones_are_refused_naming_the_fault() {
        for spec in ["digits:max,min", "digits:any", "digits:min,base=2"] {
            assert_eq!(DigitSubtraction::parse(spec).unwrap().spec(), spec);
        }
        assert_eq!(
            DigitSubtraction::parse("digits:min,max,base=10")
                .unwrap()
                .spec(),
            "digits:max,min"
        );
        for (spec, says) in [
            ("digits:", "rule is missing"),
            ("digits:largest", "`largest` is not a rule"),
            ("digits:any,base=1", "from 2 to 36"),
            ("digits:any,base=37", "from 2 to 36"),
            ("digits:any,base=x", "from 2 to 36"),
            ("digits:any,base=2,base=3", "twice"),
            ("digits:base=2", "no rule"),
        ] {
            let e = DigitSubtraction::parse(spec).unwrap_err().to_string();
            assert!(e.contains(says), "{spec}: {e}");
        }
    }
}

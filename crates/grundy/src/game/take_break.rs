//! Take-and-break games: octal and hexadecimal codes, Lasker's Nim,
//! Grundy's game.
//!
//! A code `d0.d1d2d3…` says, for each `k`, what a player may do after
//! removing `k` tokens from one heap: bit 1 of `d_k` allows leaving no heap
//! (only when the heap had exactly `k` tokens), bit 2 leaving one heap, bit 4
//! leaving two heaps (the rest split into two non-empty heaps), and — in
//! hexadecimal codes — bit 8 leaving three. `d0` (removing nothing) can only
//! split: 4 (two heaps) or, in hexadecimal, 8 (three heaps). A trailing `r`
//! repeats the last digit forever: Nim is `0.3r`, Lasker's Nim (remove any
//! number of tokens, or split a heap in two) is `4.3r`. Grundy's game —
//! split a heap into two *unequal* heaps — is not a code; it is the same
//! family with an "unequal" flag.
//!
//! Sources: Berlekamp, Conway and Guy, *Winning Ways*, vol. 1, ch. 4
//! (codes, the named games, the Guy–Smith periodicity theorem);
//! Guy and Smith, "The G-values of various games", 1956.
//!
//! Parsing rejects, with a message naming the offending text: an empty
//! code, a digit 8 or 9 in an octal code, a letter that is not a
//! hexadecimal digit, a `d0` that does not split, a code with no legal move.
//! Codes are normalised (trailing zeros dropped, `.07` written `0.07`).
//!
//! Periodicity: a finite code whose moves leave at most `h` heaps and
//! remove at most `k` tokens is periodic from `n0` with period `p` as soon as
//! `G(n + p) = G(n)` for `n0 ≤ n < h·n0 + (h−1)·p + k` (Guy–Smith for
//! `h = 2`; the same argument — subtract `p` from the largest part — for
//! `h = 3`). Lasker's Nim has the closed form `G(4j+1) = 4j+1`,
//! `G(4j+2) = 4j+2`, `G(4j+3) = 4j+4`, `G(4j+4) = 4j+3`. Values are
//! computed by the take-and-break engine
//! ([`TakeBreakSolver`](crate::solve::TakeBreakSolver)), not here: this
//! module only states the rules.
//!
//! Time of [`Game::options`]: O(number of options), which is O(n) per
//! two-heap digit and O(n²) per three-heap digit.

use crate::analysis::{PeriodTheorem, Periodicity};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;

/// A take-and-break game (see the module docs).
///
/// ```
/// use grundy::{games::TakeBreak, solve::HeapValues};
/// let kayles = TakeBreak::named("kayles").unwrap();
/// assert_eq!(kayles.code(), "0.77");
/// let mut values = HeapValues::new(&kayles);
/// let v: Vec<u64> = values.values(0, 9).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TakeBreak {
    /// `digits[k]` is `d_k`; no trailing zeros (unless repeating is false and
    /// the code is `d0` alone). Bits 1, 2, 4, 8 as in the module docs.
    digits: Vec<u8>,
    /// The last digit repeats forever.
    repeating: bool,
    /// Written as a hexadecimal code (`hex:`).
    hex: bool,
    /// Two-heap splits must leave unequal heaps (Grundy's game).
    unequal: bool,
    /// The name the game was asked for by, if any.
    name: Option<&'static str>,
}

/// Bit of a digit: remove `k` tokens, leaving no heap.
pub const LEAVE_NONE: u8 = 1;
/// Bit of a digit: remove `k` tokens, leaving one heap.
pub const LEAVE_ONE: u8 = 2;
/// Bit of a digit: remove `k` tokens, leaving two heaps.
pub const LEAVE_TWO: u8 = 4;
/// Bit of a digit (hexadecimal only): remove `k` tokens, leaving three heaps.
pub const LEAVE_THREE: u8 = 8;

/// The named games: (name, aliases, code or `None` for Grundy's game, about).
const NAMED: &[(&str, &[&str], Option<&str>, &str)] = &[
    (
        "kayles",
        &[],
        Some("0.77"),
        "Kayles: knock down one pin or two adjacent pins from a row",
    ),
    (
        "dawson",
        &["dawsons-kayles", "dawson-kayles"],
        Some("0.07"),
        "Dawson's Kayles: knock down two adjacent pins",
    ),
    (
        "dawson-chess",
        &["dawsons-chess"],
        Some("0.137"),
        "Dawson's chess (Dawson's Kayles shifted by one)",
    ),
    (
        "treblecross",
        &[],
        Some("0.007"),
        "Treblecross: one-dimensional tic-tac-toe, both players play X",
    ),
    (
        "guiles",
        &[],
        Some("0.15"),
        "Guiles: remove a whole heap of 1, or two tokens leaving 0 or 2 heaps",
    ),
    (
        "double-kayles",
        &[],
        Some("0.7777"),
        "Double Kayles: knock down 1 to 4 adjacent pins",
    ),
    (
        "lasker",
        &["laskers-nim", "lasker-nim"],
        Some("4.3r"),
        "Lasker's Nim: take any number of tokens, or split a heap into two",
    ),
    (
        "grundy-game",
        &["grundys-game", "grundy"],
        None,
        "Grundy's game: split a heap into two unequal heaps",
    ),
];

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Lowercase, without `-`, `_`, `'` and spaces: `DawsonsKayles` and
/// `dawsons-kayles` are the same name.
fn normalize_name(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, '-' | '_' | '\'' | ' '))
        .flat_map(char::to_lowercase)
        .collect()
}

impl TakeBreak {
    /// A take-and-break game from a spec as `grundy` takes it: a name
    /// (`kayles`), an octal code (`0.07`, `octal:0.07`) or a hexadecimal one
    /// (`hex:0.3F`).
    pub fn from_spec(spec: &str) -> Result<TakeBreak> {
        let spec = spec.trim();
        if let Some(code) = spec.strip_prefix("hex:") {
            return Self::hexadecimal(code);
        }
        if let Some(code) = spec.strip_prefix("octal:") {
            return Self::octal(code);
        }
        if spec.starts_with(|c: char| c.is_ascii_digit() || c == '.') {
            return Self::octal(spec);
        }
        Self::named(spec).ok_or_else(|| {
            Error::invalid_spec(
                spec,
                "not a take-and-break game (a code such as `0.07`, `hex:0.3F`, or a name such as `kayles`)",
            )
        })
    }

    /// An octal code such as `0.07`, `.07`, `4.07` or `0.3r`.
    pub fn octal(code: &str) -> Result<TakeBreak> {
        Self::parse(code, false)
    }

    /// A hexadecimal code such as `0.3F` (without the `hex:` prefix).
    pub fn hexadecimal(code: &str) -> Result<TakeBreak> {
        Self::parse(code, true)
    }

    /// Grundy's game: split a heap into two unequal non-empty heaps.
    pub fn grundy_game() -> TakeBreak {
        TakeBreak {
            digits: vec![LEAVE_TWO],
            repeating: false,
            hex: false,
            unequal: true,
            name: Some("grundy-game"),
        }
    }

    /// A named game (`kayles`, `dawson`, `lasker`, ...; case, `-` and `_`
    /// are ignored, CGSuite-style `DawsonsKayles` works), or `None`.
    pub fn named(name: &str) -> Option<TakeBreak> {
        let key = normalize_name(name);
        let (canonical, _, code, _) = NAMED.iter().find(|(n, aliases, _, _)| {
            normalize_name(n) == key || aliases.iter().any(|a| normalize_name(a) == key)
        })?;
        let mut game = match code {
            Some(code) => Self::octal(code).ok()?,
            None => Self::grundy_game(),
        };
        game.name = Some(canonical);
        Some(game)
    }

    /// One line about a named game (by its canonical name).
    pub const fn about(name: &str) -> Option<&'static str> {
        let mut i = 0;
        while i < NAMED.len() {
            if const_eq(NAMED[i].0, name) {
                return Some(NAMED[i].3);
            }
            i += 1;
        }
        None
    }

    /// Every named game: (name, code, one line about it).
    pub fn names() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
        NAMED
            .iter()
            .map(|(n, _, code, about)| (*n, code.unwrap_or("(not a code)"), *about))
    }

    fn parse(code: &str, hex: bool) -> Result<TakeBreak> {
        let shown = if hex {
            format!("hex:{code}")
        } else {
            code.to_string()
        };
        let bad = |reason: String| Error::invalid_spec(&shown, reason);
        let text = code.trim();
        if text.is_empty() {
            return Err(bad("the code is empty (e.g. `0.07`)".into()));
        }
        let (body, repeating) = match text.strip_suffix(['r', 'R']) {
            Some(b) => (b, true),
            None => (text, false),
        };
        let Some((before, after)) = body.split_once('.') else {
            return Err(bad(format!(
                "a code has a point: `0.{body}` or `.{body}`, not `{body}`"
            )));
        };
        if before.chars().count() > 1 {
            return Err(bad(format!(
                "only one digit may stand before the point, not `{before}`"
            )));
        }
        let radix = if hex { 16 } else { 8 };
        let digit = |c: char| -> Result<u8> {
            match c.to_digit(radix) {
                Some(d) => Ok(d as u8),
                None if !hex && (c == '8' || c == '9') => Err(bad(format!(
                    "`{c}` is not an octal digit (0-7); hexadecimal codes are written `hex:{body}`"
                ))),
                None if hex && c.is_ascii_alphanumeric() => {
                    Err(bad(format!("`{c}` is not a hexadecimal digit (0-9, A-F)")))
                }
                None => Err(bad(format!("`{c}` cannot appear in a code"))),
            }
        };
        let d0 = match before.chars().next() {
            Some(c) => digit(c)?,
            None => 0,
        };
        if d0 & (LEAVE_NONE | LEAVE_ONE) != 0 {
            return Err(bad(format!(
                "the digit before the point can only allow splitting a heap without removing \
                 tokens: 0 or 4{}, not `{}`",
                if hex { ", 8 or C" } else { "" },
                before
            )));
        }
        let mut digits = vec![d0];
        for c in after.chars() {
            digits.push(digit(c)?);
        }
        if repeating && digits.len() < 2 {
            return Err(bad(
                "`r` repeats the last digit after the point, and there is none".into(),
            ));
        }
        let mut repeating = repeating;
        if repeating && digits.last() == Some(&0) {
            repeating = false;
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        if digits.iter().all(|&d| d == 0) {
            return Err(bad("this code allows no move at all".into()));
        }
        Ok(TakeBreak {
            digits,
            repeating,
            hex,
            unequal: false,
            name: None,
        })
    }

    /// The digit `d_k` (0 beyond a finite code).
    #[inline]
    pub fn digit(&self, k: u64) -> u8 {
        match usize::try_from(k).ok().and_then(|k| self.digits.get(k)) {
            Some(&d) => d,
            None if self.repeating => *self.digits.last().unwrap_or(&0),
            None => 0,
        }
    }

    /// The explicit digits `d0, d1, …` (the last one repeats if
    /// [`repeating`](Self::repeating)).
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether the last digit repeats forever.
    pub fn repeating(&self) -> bool {
        self.repeating
    }

    /// Whether two-heap splits must leave unequal heaps (Grundy's game).
    pub fn unequal(&self) -> bool {
        self.unequal
    }

    /// The largest number of tokens a move removes (`None` if unbounded).
    pub fn max_removal(&self) -> Option<u64> {
        if self.repeating {
            None
        } else {
            Some(self.digits.len() as u64 - 1)
        }
    }

    /// The most heaps a move leaves (1, 2 or 3).
    pub fn max_heaps(&self) -> u64 {
        let all = self.digits.iter().fold(0, |a, d| a | d);
        if all & LEAVE_THREE != 0 {
            3
        } else if all & LEAVE_TWO != 0 {
            2
        } else {
            1
        }
    }

    /// How many options a heap of `heap` has (the length of the list
    /// [`Game::options`] gives), or `None` if more than `cap`, found
    /// without listing them: time O(min(heap, explicit digits + cap)).
    pub fn option_count_within(&self, heap: u64, cap: u64) -> Option<u64> {
        let n = heap;
        // What removing k tokens (digit d) contributes.
        let at = |k: u64, d: u8| -> u64 {
            let m = n - k;
            let mut c = 0u64;
            if d & LEAVE_NONE != 0 && m == 0 {
                c += 1;
            }
            if d & LEAVE_ONE != 0 && m > 0 && k > 0 {
                c += 1;
            }
            if d & LEAVE_TWO != 0 {
                c += m / 2 - u64::from(self.unequal && m >= 2 && m.is_multiple_of(2));
            }
            if d & LEAVE_THREE != 0 {
                // Partitions of m into exactly three parts: round(m²/12).
                let m = u128::from(m);
                c = c.saturating_add(u64::try_from((m * m + 6) / 12).unwrap_or(u64::MAX));
            }
            c
        };
        let explicit = (self.digits.len() as u64 - 1).min(n);
        let mut count = 0u64;
        for k in 0..=explicit {
            count = count.saturating_add(at(k, self.digit(k)));
            if count > cap {
                return None;
            }
        }
        if self.repeating && n > explicit {
            let d = self.digit(explicit + 1);
            if d & (LEAVE_ONE | LEAVE_TWO | LEAVE_THREE) != 0 {
                // Each k with n − k ≥ 3 adds an option: at most cap + 3 steps.
                for k in explicit + 1..=n {
                    count = count.saturating_add(at(k, d));
                    if count > cap {
                        return None;
                    }
                }
            } else {
                count += at(n, d);
            }
        }
        (count <= cap).then_some(count)
    }

    /// The code: `0.77`, `4.3r`, `hex:0.3F`, or `grundy-game`.
    pub fn code(&self) -> String {
        if self.unequal {
            return "grundy-game".into();
        }
        let radix = if self.hex { 16 } else { 8 };
        let d = |x: u8| {
            char::from_digit(u32::from(x), radix)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        let mut s = String::new();
        if self.hex {
            s.push_str("hex:");
        }
        s.push(d(self.digits[0]));
        s.push('.');
        s.extend(self.digits[1..].iter().map(|&x| d(x)));
        if self.repeating {
            s.push('r');
        }
        s
    }

    /// Whether this is Lasker's Nim (`4.3r`).
    pub(crate) fn is_lasker(&self) -> bool {
        !self.unequal && self.repeating && self.digits == [LEAVE_TWO, LEAVE_NONE | LEAVE_ONE]
    }

    /// Whether this is Nim (`0.3r`).
    pub(crate) fn is_nim(&self) -> bool {
        !self.unequal && self.repeating && self.digits == [0, LEAVE_NONE | LEAVE_ONE]
    }

    /// Lasker's Nim's closed form: `G(0) = 0`, `G(4j+1) = 4j+1`,
    /// `G(4j+2) = 4j+2`, `G(4j+3) = 4j+4`, `G(4j+4) = 4j+3`; `None` for
    /// the one heap whose value does not fit in 64 bits (`2^64 − 1`).
    pub fn lasker_value(n: u64) -> Option<u64> {
        match n % 4 {
            0 if n > 0 => Some(n - 1),
            3 => n.checked_add(1),
            _ => Some(n),
        }
    }
}

impl TakeBreak {
    /// The options of `heap` in the order [`Game::options`] lists them
    /// (each in ascending order of its heaps), until `f` returns `false`:
    /// the first few options of a heap of any size, in time proportional
    /// to how many are taken.
    pub fn options_while(&self, heap: u64, f: &mut dyn FnMut(&[u64]) -> bool) {
        self.walk_options(heap, f);
    }

    /// [`Self::options_while`], generic: [`Game::options`] calls it with a
    /// closure that always goes on, which the compiler folds away.
    #[inline(always)]
    fn walk_options(&self, heap: u64, mut f: impl FnMut(&[u64]) -> bool) {
        let n = heap;
        let last = if self.repeating {
            n
        } else {
            n.min(self.digits.len() as u64 - 1)
        };
        for k in 0..=last {
            let d = self.digit(k);
            if d == 0 {
                continue;
            }
            let m = n - k;
            if d & LEAVE_NONE != 0 && m == 0 && !f(&[]) {
                return;
            }
            if d & LEAVE_ONE != 0 && m > 0 && k > 0 && !f(&[m]) {
                return;
            }
            if d & LEAVE_TWO != 0 {
                for a in 1..=m / 2 {
                    if self.unequal && 2 * a == m {
                        continue;
                    }
                    if !f(&[a, m - a]) {
                        return;
                    }
                }
            }
            if d & LEAVE_THREE != 0 {
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        if !f(&[a, b, m - a - b]) {
                            return;
                        }
                    }
                }
            }
        }
    }

    /// Whether leaving the heaps `parts` (in any order) is a move from
    /// `heap`, decided without listing the options: time O(parts).
    pub fn is_option(&self, heap: u64, parts: &[u64]) -> bool {
        if parts.contains(&0) || parts.len() > 3 {
            return false;
        }
        let Some(left) = parts.iter().try_fold(0u64, |a, &p| a.checked_add(p)) else {
            return false;
        };
        let Some(k) = heap.checked_sub(left) else {
            return false;
        };
        let d = self.digit(k);
        match parts {
            [] => d & LEAVE_NONE != 0,
            [_] => d & LEAVE_ONE != 0 && k > 0,
            [a, b] => d & LEAVE_TWO != 0 && !(self.unequal && a == b),
            _ => d & LEAVE_THREE != 0,
        }
    }
}

impl Game for TakeBreak {
    type Position = u64;

    fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
        self.walk_options(*heap, |o| {
            f(o);
            true
        });
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }
}

impl HeapGame for TakeBreak {
    fn period_theorem(&self) -> PeriodTheorem {
        match self.max_removal() {
            None => PeriodTheorem::None,
            // Subtracting the period from the larger part may make the two
            // parts of Grundy's game equal: the argument does not apply.
            Some(_) if self.unequal => PeriodTheorem::None,
            Some(k) => match self.max_heaps() {
                1 => PeriodTheorem::Window { k },
                2 => PeriodTheorem::GuySmith { k },
                heaps => PeriodTheorem::Splitting { k, heaps },
            },
        }
    }

    fn arithmetic_periodic(&self) -> bool {
        // Finite octal codes are (conjecturally) ultimately periodic and
        // Guy–Smith certifies plain periods; values may grow in games with
        // infinitely many moves and in hexadecimal games.
        self.repeating || self.hex
    }

    fn known_periodicity(&self) -> Option<(Periodicity, &'static str)> {
        if self.is_lasker() {
            Some((
                Periodicity {
                    preperiod: 1,
                    period: 4,
                    saltus: 4,
                },
                "Lasker's Nim closed form G(4j+1)=4j+1, G(4j+2)=4j+2, G(4j+3)=4j+4, \
                 G(4j+4)=4j+3 (by induction on the heap: the options of each class reach \
                 every smaller value and none of the same value; Winning Ways ch. 4)",
            ))
        } else if self.is_nim() {
            Some((
                Periodicity {
                    preperiod: 0,
                    period: 1,
                    saltus: 1,
                },
                "Nim: a heap of n reaches every smaller heap, so G(n) = n",
            ))
        } else {
            None
        }
    }

    fn known_value(&self, n: u64) -> Option<Nimber> {
        if self.is_lasker() {
            Self::lasker_value(n).map(Nimber::new)
        } else if self.is_nim() {
            Some(Nimber::new(n))
        } else {
            None
        }
    }

    fn spec(&self) -> String {
        match self.name {
            Some(name) => name.to_string(),
            None => self.code(),
        }
    }

    fn take_break(&self) -> Option<TakeBreak> {
        Some(self.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    fn err(code: &str) -> String {
        TakeBreak::octal(code).unwrap_err().to_string()
    }

    #[test]
    fn codes_are_parsed_and_normalised() {
        assert_eq!(TakeBreak::octal(".07").unwrap().code(), "0.07");
        assert_eq!(TakeBreak::octal("4.070").unwrap().code(), "4.07");
        assert_eq!(TakeBreak::octal("0.3r").unwrap().code(), "0.3r");
        assert_eq!(TakeBreak::octal("0.30r").unwrap().code(), "0.3");
        assert_eq!(TakeBreak::octal("4.").unwrap().code(), "4.");
        assert_eq!(TakeBreak::hexadecimal("0.3f").unwrap().code(), "hex:0.3F");
        assert_eq!(TakeBreak::octal("0.137").unwrap().digits(), [0, 1, 3, 7]);
        assert_eq!(TakeBreak::named("DawsonsKayles").unwrap().code(), "0.07");
        assert_eq!(TakeBreak::named("lasker").unwrap().code(), "4.3r");
        assert!(TakeBreak::named("chess").is_none());
    }

    #[test]
    fn bad_codes_name_what_is_wrong() {
        assert!(err("0.8").contains("`8` is not an octal digit"));
        assert!(err("0.79").contains("`9` is not an octal digit"));
        assert!(err("").contains("empty"));
        assert!(err("0.0").contains("no move"));
        assert!(err("0.000r").contains("no move"));
        assert!(err("07").contains("point"));
        assert!(err("3.07").contains("before the point"));
        assert!(err("44.07").contains("one digit"));
        assert!(err("0.r").contains("`r`"));
        assert!(err("0.7x").contains("`x`"));
        let hex = TakeBreak::hexadecimal("0.3G").unwrap_err().to_string();
        assert!(hex.contains("`G` is not a hexadecimal digit"), "{hex}");
    }

    #[test]
    fn options_follow_the_digits() {
        // 0.137 from a heap of 4: d2 = 3 leaves 2; d3 = 7 leaves 1.
        let g = TakeBreak::octal("0.137").unwrap();
        assert_eq!(crate::game::collect_options(&g, &4), vec![vec![2], vec![1]]);
        // Kayles from 3: remove 1 -> 2 or 1+1; remove 2 -> 1; remove 3? no.
        let k = TakeBreak::named("kayles").unwrap();
        assert_eq!(
            crate::game::collect_options(&k, &3),
            vec![vec![2], vec![1, 1], vec![1]]
        );
        // Grundy's game from 4: only 1+3 (2+2 is equal).
        let gg = TakeBreak::grundy_game();
        assert_eq!(crate::game::collect_options(&gg, &4), vec![vec![1, 3]]);
        // hex:0.8 from 4: remove 1, leave three heaps 1+1+1.
        let h = TakeBreak::hexadecimal("0.8").unwrap();
        assert_eq!(crate::game::collect_options(&h, &4), vec![vec![1, 1, 1]]);
    }

    #[test]
    fn prefixes_and_membership_agree_with_the_options() {
        // Every option of heaps up to 14 of assorted codes (octal,
        // hexadecimal with three heaps, repeating, Grundy's game): the first
        // j options, and whether each tuple of up to three parts is one.
        let codes = [
            TakeBreak::named("kayles").unwrap(),
            TakeBreak::octal("4.07").unwrap(),
            TakeBreak::octal("0.3r").unwrap(),
            TakeBreak::octal("4.3r").unwrap(),
            TakeBreak::hexadecimal("0.f8").unwrap(),
            TakeBreak::hexadecimal("c.9c").unwrap(),
            TakeBreak::grundy_game(),
        ];
        for code in &codes {
            for h in 0..=14u64 {
                let all = crate::game::collect_options(code, &h);
                for j in 0..=all.len() + 1 {
                    let mut head = Vec::new();
                    code.options_while(h, &mut |o| {
                        head.push(o.to_vec());
                        head.len() < j.max(1)
                    });
                    assert_eq!(
                        head,
                        all[..j.max(1).min(all.len())],
                        "{} {h} {j}",
                        code.code()
                    );
                }
                let mut tuples: Vec<Vec<u64>> = vec![vec![]];
                for a in 0..=h {
                    tuples.push(vec![a]);
                    for b in 0..=h {
                        tuples.push(vec![a, b]);
                        for c in 0..=h.min(6) {
                            tuples.push(vec![a, b, c]);
                        }
                    }
                }
                for t in tuples {
                    let mut sorted = t.clone();
                    sorted.sort_unstable();
                    let listed = all.contains(&sorted);
                    assert_eq!(code.is_option(h, &t), listed, "{} {h} {t:?}", code.code());
                }
            }
        }
    }

    #[test]
    fn option_counts_equal_the_listed_options() {
        let codes = [
            TakeBreak::named("kayles").unwrap(),
            TakeBreak::named("dawson").unwrap(),
            TakeBreak::named("lasker").unwrap(),
            TakeBreak::grundy_game(),
            TakeBreak::octal("0.3r").unwrap(),
            TakeBreak::octal("0.7r").unwrap(),
            TakeBreak::octal("0.4r").unwrap(),
            TakeBreak::octal("0.1r").unwrap(),
            TakeBreak::octal("0.137").unwrap(),
            TakeBreak::octal("4.07").unwrap(),
            TakeBreak::hexadecimal("0.8").unwrap(),
            TakeBreak::hexadecimal("0.F3Fr").unwrap(),
            TakeBreak::hexadecimal("8.C").unwrap(),
        ];
        for g in &codes {
            for n in 0..40 {
                let listed = crate::game::collect_options(g, &n).len() as u64;
                assert_eq!(
                    g.option_count_within(n, u64::MAX),
                    Some(listed),
                    "{} {n}",
                    g.code()
                );
                assert_eq!(g.option_count_within(n, listed), Some(listed));
                if listed > 0 {
                    assert_eq!(g.option_count_within(n, listed - 1), None);
                }
            }
        }
        // Huge heaps answer at once: a bounded count, or None past the cap.
        let k = TakeBreak::named("kayles").unwrap();
        assert_eq!(k.option_count_within(u64::MAX, 1000), None);
        assert_eq!(k.option_count_within(1_000_000, u64::MAX), Some(1_000_000));
        let d = TakeBreak::octal("0.1r").unwrap();
        assert_eq!(d.option_count_within(u64::MAX, 10), Some(1));
    }

    #[test]
    fn lasker_closed_form_matches_the_rules_on_small_heaps() {
        let g = TakeBreak::named("lasker").unwrap();
        let mut s = MemoSolver::new(&g);
        for n in 0..60 {
            assert_eq!(
                Some(s.nim_value(&n).unwrap().value()),
                TakeBreak::lasker_value(n)
            );
        }
    }
}

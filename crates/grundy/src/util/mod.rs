//! The leaf layer: helpers that know nothing about games.
//!
//! [`parse_u64`] reads the numbers of specs and positions with an error
//! that names the problem; [`hash`] is the locality-keeping hash of the
//! solvers' memo tables; [`seconds`] checks a time given in seconds;
//! [`Cancel`] is a front-end's cancel hook.
//! Nothing here imports another module of the crate.

pub(crate) mod cancel;
pub mod hash;

pub use cancel::Cancel;

/// Chainable setters for the public fields of a `#[non_exhaustive]`
/// settings struct (the `*Config`s): `X::default().field(value)`, so a
/// new field is no breaking change for the user who sets the others.
macro_rules! setters {
    ($ty:ident { $($field:ident: $t:ty),+ $(,)? }) => {
        impl $ty {
            $(
                #[doc = concat!(
                    "Sets the field `", stringify!($field), "` (chainable: `",
                    stringify!($ty), "::default().", stringify!($field), "(..)`)."
                )]
                #[must_use]
                pub fn $field(mut self, $field: $t) -> Self {
                    self.$field = $field;
                    self
                }
            )+
        }
    };
}
pub(crate) use setters;

/// Parses one decimal `u64`, naming the problem on failure.
pub fn parse_u64(text: &str) -> std::result::Result<u64, String> {
    let t = text.trim();
    if t.is_empty() {
        return Err("a number is missing".into());
    }
    if t.starts_with('-') && t[1..].chars().all(|c| c.is_ascii_digit()) && t.len() > 1 {
        return Err(format!("`{t}` is negative"));
    }
    if !t.chars().all(|c| c.is_ascii_digit()) {
        return Err(format!("`{t}` is not a non-negative integer"));
    }
    t.parse::<u64>()
        .map_err(|_| format!("`{t}` is larger than {}", u64::MAX))
}

/// The longest time in seconds [`seconds`] accepts: a year. Longer is
/// surely a mistake, and a deadline this far away still fits an
/// `Instant` on every platform.
pub const MAX_SECONDS: f64 = 365.0 * 24.0 * 3600.0;

/// A time given in seconds (a command-line or Python argument) as a
/// `Duration`: finite, not negative and at most [`MAX_SECONDS`], else an
/// error that names the value (`Duration::from_secs_f64` would panic on
/// `-1`, `nan`, `inf` or `1e300`).
pub fn seconds(secs: f64) -> std::result::Result<std::time::Duration, String> {
    checked_seconds(secs).map_err(|why| format!("`{secs}` {why}"))
}

/// [`seconds`] of a decimal number in text (`2.5`, `1e3`), the error
/// quoting the text.
pub fn parse_seconds(text: &str) -> std::result::Result<std::time::Duration, String> {
    let t = text.trim();
    let secs = t
        .parse::<f64>()
        .map_err(|_| format!("`{t}` is not a number of seconds"))?;
    checked_seconds(secs).map_err(|why| format!("`{t}` {why}"))
}

fn checked_seconds(secs: f64) -> std::result::Result<std::time::Duration, String> {
    if secs.is_nan() {
        return Err("is not a number of seconds".into());
    }
    if secs < 0.0 {
        return Err("seconds is negative".into());
    }
    if secs > MAX_SECONDS {
        return Err(format!(
            "seconds is more than {MAX_SECONDS} (a year), the longest time accepted"
        ));
    }
    Ok(std::time::Duration::from_secs_f64(secs))
}

/// A xorshift generator for the library's randomized tests (deterministic
/// from its seed, no dependency).
#[cfg(test)]
pub(crate) struct TestRng(pub(crate) u64);

#[cfg(test)]
#[test]
fn seconds_refuses_negative_nan_infinite_and_huge_times() {
    for t in ["-1", "nan", "NaN", "inf", "-inf", "1e300", "x", ""] {
        assert!(parse_seconds(t).is_err(), "{t}");
    }
    assert_eq!(
        parse_seconds("2.5"),
        Ok(std::time::Duration::from_millis(2500))
    );
    assert_eq!(parse_seconds("0"), Ok(std::time::Duration::ZERO));
    assert!(seconds(MAX_SECONDS).is_ok());
    let e = seconds(1e300).unwrap_err();
    assert!(e.contains("a year"), "{e}");
}

#[cfg(test)]
impl TestRng {
    /// A number in `0..n` (0 when `n` is 0).
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

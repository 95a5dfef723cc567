//! Nimbers: the values of impartial games.
//!
//! A [`Nimber`] `*n` is the Sprague–Grundy value of a game position. Nimbers
//! form a field of characteristic 2 (Conway, *On Numbers and Games*, ch. 6):
//! addition is bitwise XOR (the value of a sum of games), multiplication is
//! the nim-product.
//!
//! [`Mex`] computes the minimal excludant of a stream of values with a
//! reusable, generation-stamped table: no clearing between uses, no sorting.

pub mod field;
pub(crate) mod mex;

pub use field::Nimber128;
pub use mex::Mex;

/// The Sprague–Grundy value of an impartial game: the nimber `*n`.
///
/// Displays as `0`, `*` (for `*1`) and `*n` otherwise, the way the
/// literature writes them; [`Nimber::value`] gives the plain integer.
///
/// ```
/// use grundy::Nimber;
/// let a = Nimber::new(3);
/// let b = Nimber::new(5);
/// assert_eq!(a + b, Nimber::new(6)); // nim-sum is XOR
/// assert_eq!(format!("{} {} {}", Nimber::ZERO, Nimber::STAR, a + b), "0 * *6");
/// ```
#[repr(transparent)]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Nimber(u64);

impl Nimber {
    /// The nimber `0`: a P-position (the previous player wins).
    pub const ZERO: Nimber = Nimber(0);
    /// The nimber `*` = `*1`.
    pub const STAR: Nimber = Nimber(1);

    /// The nimber `*n`.
    #[inline]
    pub const fn new(n: u64) -> Nimber {
        Nimber(n)
    }

    /// The integer `n` of `*n`.
    #[inline]
    pub const fn value(self) -> u64 {
        self.0
    }

    /// True for `0`, the value of a P-position.
    #[inline]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl From<u64> for Nimber {
    #[inline]
    fn from(n: u64) -> Nimber {
        Nimber(n)
    }
}

impl From<Nimber> for u64 {
    #[inline]
    fn from(n: Nimber) -> u64 {
        n.0
    }
}

/// `Display` (`0`, `*`, `*n`) and nim-addition (`+`, `+=`, and the same as
/// `^`, `^=`: XOR) for a nimber newtype over an unsigned integer.
macro_rules! xor_addition {
    ($t:ident) => {
        impl ::core::fmt::Display for $t {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                match self.0 {
                    0 => f.write_str("0"),
                    1 => f.write_str("*"),
                    n => write!(f, "*{n}"),
                }
            }
        }

        /// Nim-addition: the value of a sum of games (bitwise XOR).
        #[allow(clippy::suspicious_arithmetic_impl)]
        impl ::core::ops::Add for $t {
            type Output = $t;
            #[inline]
            fn add(self, rhs: $t) -> $t {
                $t(self.0 ^ rhs.0)
            }
        }

        #[allow(clippy::suspicious_op_assign_impl)]
        impl ::core::ops::AddAssign for $t {
            #[inline]
            fn add_assign(&mut self, rhs: $t) {
                self.0 ^= rhs.0;
            }
        }

        /// The same as `+`: nim-addition is XOR.
        impl ::core::ops::BitXor for $t {
            type Output = $t;
            #[inline]
            fn bitxor(self, rhs: $t) -> $t {
                $t(self.0 ^ rhs.0)
            }
        }

        impl ::core::ops::BitXorAssign for $t {
            #[inline]
            fn bitxor_assign(&mut self, rhs: $t) {
                self.0 ^= rhs.0;
            }
        }
    };
}
pub(crate) use xor_addition;

xor_addition!(Nimber);

impl std::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + b)
    }
}

impl<'a> std::iter::Sum<&'a Nimber> for Nimber {
    fn sum<I: Iterator<Item = &'a Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a + *b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_follows_the_literature() {
        assert_eq!(Nimber::new(0).to_string(), "0");
        assert_eq!(Nimber::new(1).to_string(), "*");
        assert_eq!(Nimber::new(5).to_string(), "*5");
        assert_eq!(Nimber::new(u64::MAX).to_string(), format!("*{}", u64::MAX));
    }

    #[test]
    fn addition_is_xor_and_sums_fold() {
        let v: Vec<Nimber> = [3u64, 4, 5].into_iter().map(Nimber::new).collect();
        assert_eq!(v.iter().sum::<Nimber>(), Nimber::new(2));
        assert_eq!(v.into_iter().sum::<Nimber>(), Nimber::new(2));
        let mut a = Nimber::new(6);
        a += Nimber::new(6);
        assert!(a.is_zero());
    }
}

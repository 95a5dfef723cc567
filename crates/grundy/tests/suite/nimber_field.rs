//! The nimber field against its definitions.
//!
//! The table-driven arithmetic of `grundy::nimber::field` is checked against
//! two independent references written here: the mex definition of the
//! nim-product (on all of `0..256`), and Conway's rule for products of
//! powers of two with Fermat 2-powers (on random 64- and 128-bit inputs).
//! Field axioms are property-tested on random inputs.

// Tables here are indexed by the numbers they are about.
#![allow(clippy::needless_range_loop)]

use grundy::nimber::field::{self, Nimber128};
use grundy::{ErrorKind, Nimber};
use proptest::prelude::*;
use std::sync::OnceLock;

/// `a ⊗ b` for `a, b < n` straight from the definition
/// `a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`.
fn mex_table(n: usize) -> Vec<Vec<u64>> {
    let mut t = vec![vec![0u64; n]; n];
    let mut seen = vec![0usize; 4 * n];
    let mut stamp = 0;
    for a in 0..n {
        for b in 0..n {
            stamp += 1;
            for a2 in 0..a {
                for b2 in 0..b {
                    let v = (t[a2][b] ^ t[a][b2] ^ t[a2][b2]) as usize;
                    seen[v] = stamp;
                }
            }
            t[a][b] = (0..).find(|&m| seen[m] != stamp).unwrap() as u64;
        }
    }
    t
}

/// `2^i ⊗ 2^j` for `i, j < 128` by Conway's rule: `2^i` is the ordinary
/// (= nim-) product of the Fermat 2-powers `2^(2^k)` for the bits `k` of
/// `i`; distinct Fermat 2-powers multiply ordinarily and `F ⊗ F = F ⊕ F/2`.
fn pow2_table() -> &'static Vec<[u128; 128]> {
    static T: OnceLock<Vec<[u128; 128]>> = OnceLock::new();
    T.get_or_init(|| {
        let mut memo: Vec<[Option<u128>; 128]> = vec![[None; 128]; 128];
        let mut out = vec![[0u128; 128]; 128];
        for i in 0..128 {
            for j in 0..128 {
                out[i][j] = pow2_mul(i, j, &mut memo);
            }
        }
        out
    })
}

fn pow2_mul(i: usize, j: usize, memo: &mut Vec<[Option<u128>; 128]>) -> u128 {
    if let Some(v) = memo[i][j] {
        return v;
    }
    let common = i & j;
    let v = if common == 0 {
        1u128 << (i | j)
    } else {
        // Take out the largest shared Fermat 2-power F = 2^(2^k):
        // 2^i ⊗ 2^j = F⊗F ⊗ (2^(i-2^k) ⊗ 2^(j-2^k)) = (F ⊕ F/2) ⊗ x.
        let k = usize::BITS - 1 - common.leading_zeros();
        let e = 1usize << k;
        let x = pow2_mul(i - e, j - e, memo);
        ref_mul_memo(1 << e, x, memo) ^ ref_mul_memo(1 << (e - 1), x, memo)
    };
    memo[i][j] = Some(v);
    v
}

fn ref_mul_memo(a: u128, b: u128, memo: &mut Vec<[Option<u128>; 128]>) -> u128 {
    let mut r = 0;
    for i in 0..128 {
        if a >> i & 1 == 1 {
            for j in 0..128 {
                if b >> j & 1 == 1 {
                    r ^= pow2_mul(i, j, memo);
                }
            }
        }
    }
    r
}

/// The reference nim-product: bilinear over the bits of `a` and `b`.
fn ref_mul(a: u128, b: u128) -> u128 {
    let t = pow2_table();
    let mut r = 0;
    for (i, row) in t.iter().enumerate() {
        if a >> i & 1 == 1 {
            for (j, &p) in row.iter().enumerate() {
                if b >> j & 1 == 1 {
                    r ^= p;
                }
            }
        }
    }
    r
}

fn n(x: u64) -> Nimber {
    Nimber::new(x)
}

#[test]
fn products_below_256_equal_the_mex_definition() {
    // The full table costs ~10^9 steps: fine in release, slow in debug.
    let size = if cfg!(debug_assertions) { 64 } else { 256 };
    let t = mex_table(size);
    for a in 0..size {
        for b in 0..size {
            assert_eq!(field::mul(a as u64, b as u64), t[a][b], "{a} ⊗ {b}");
        }
    }
}

#[test]
fn the_two_references_agree_on_small_products() {
    let t = mex_table(64);
    for a in 0..64 {
        for b in 0..64 {
            assert_eq!(
                ref_mul(a as u128, b as u128),
                u128::from(t[a][b]),
                "{a} ⊗ {b}"
            );
        }
    }
}

#[test]
fn known_values() {
    assert_eq!(n(2) * n(2), n(3));
    assert_eq!(n(4) * n(4), n(6));
    assert_eq!(n(16) * n(16), n(24));
    assert_eq!(n(256) * n(256), n(384));
    assert_eq!(n(1 << 32) * n(1 << 32), n(3 << 31));
    assert_eq!(n(2) * n(4), n(8)); // distinct Fermat 2-powers: ordinary product
    assert_eq!(n(8) * n(8), n(13)); // Conway's table
    assert_eq!(n(3) * n(3), n(2));
    assert_eq!(n(5) * n(6), n(8));
    let f64 = Nimber128::new(1 << 64);
    assert_eq!(f64 * f64, Nimber128::new(3 << 63));
    assert_eq!(
        Nimber128::new(1 << 127) * Nimber128::STAR,
        Nimber128::new(1 << 127)
    );
}

#[test]
fn every_power_of_two_product_matches_conway() {
    for i in 0..64 {
        for j in 0..64 {
            let (a, b) = (1u64 << i, 1u64 << j);
            assert_eq!(
                u128::from(field::mul(a, b)),
                ref_mul(a.into(), b.into()),
                "2^{i} ⊗ 2^{j}"
            );
        }
    }
}

#[test]
fn subfields_are_closed() {
    // GF(2^(2^k)) is the set of nimbers below 2^(2^k).
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for k in 0..=5 {
        let bits = 1u32 << k;
        let mask = if bits == 64 {
            u64::MAX
        } else {
            (1 << bits) - 1
        };
        for _ in 0..200 {
            x = x.rotate_left(17).wrapping_mul(0x2545_F491_4F6C_DD1D) ^ 0x1234_5678;
            let (a, b) = (x & mask, (x >> 7) & mask);
            assert!(field::mul(a, b) <= mask);
            assert!(field::sqrt(a) <= mask);
            if a != 0 {
                assert!(field::inv(a).unwrap() <= mask);
            }
        }
    }
}

#[test]
fn zero_has_no_inverse_and_division_by_zero_is_an_error() {
    let err = Nimber::ZERO.inv().unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Domain(_)), "{err}");
    assert!(n(7).div(Nimber::ZERO).is_err());
    assert_eq!(n(7).checked_div(Nimber::ZERO), None);
    assert_eq!(Nimber::ZERO.checked_inv(), None);
    assert!(Nimber128::ZERO.inv().is_err());
    assert_eq!(field::inv(0), None);
}

#[test]
fn sqrt_of_small_values() {
    // √x = x^(2^63); in GF(4): √2 = 3, √3 = 2.
    assert_eq!(n(2).sqrt(), n(3));
    assert_eq!(n(3).sqrt(), n(2));
    assert_eq!(Nimber::ZERO.sqrt(), Nimber::ZERO);
    assert_eq!(Nimber::STAR.sqrt(), Nimber::STAR);
    assert_eq!(n(u64::MAX).sqrt().square(), n(u64::MAX));
}

#[test]
fn pow_edge_cases() {
    assert_eq!(Nimber::ZERO.pow(0), Nimber::STAR);
    assert_eq!(Nimber::ZERO.pow(5), Nimber::ZERO);
    assert_eq!(n(u64::MAX).pow(u64::MAX), Nimber::STAR); // the group has order 2^64 - 1
    assert_eq!(n(2).pow(3), Nimber::STAR);
    for x in 1..16 {
        assert_eq!(n(x).pow(15), Nimber::STAR, "GF(16)* has order 15");
    }
    for x in 1..256 {
        assert_eq!(n(x).pow(255), Nimber::STAR, "GF(256)* has order 255");
    }
    assert_ne!(n(16).pow(15), Nimber::STAR, "16 lies outside GF(16)");
}

#[test]
fn products_and_sums_of_iterators() {
    let v = [n(2), n(3), n(4)];
    assert_eq!(v.iter().product::<Nimber>(), n(2) * n(3) * n(4));
    assert_eq!(v.into_iter().product::<Nimber>(), n(4)); // 2⊗3 = 1
    assert_eq!(
        std::iter::empty::<Nimber>().product::<Nimber>(),
        Nimber::STAR
    );
}

#[test]
fn nimber128_conversions_and_display() {
    let x = Nimber128::from(n(42));
    assert_eq!(x.value(), 42);
    assert_eq!(Nimber::try_from(x).unwrap(), n(42));
    assert!(Nimber::try_from(Nimber128::new(1 << 64)).is_err());
    assert_eq!(Nimber128::new(5).to_string(), "*5");
    assert_eq!(Nimber128::STAR.to_string(), "*");
    assert_eq!(Nimber128::ZERO.to_string(), "0");
}

fn any128() -> impl Strategy<Value = u128> {
    (any::<u64>(), any::<u64>()).prop_map(|(h, l)| (u128::from(h) << 64) | u128::from(l))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn product_equals_the_conway_reference(a in any::<u64>(), b in any::<u64>()) {
        prop_assert_eq!(u128::from(field::mul(a, b)), ref_mul(a.into(), b.into()));
    }

    #[test]
    fn product_of_narrow_values_equals_the_reference(a in any::<u16>(), b in any::<u64>(), s in 0u32..48) {
        let a = u64::from(a) << s;
        prop_assert_eq!(u128::from(field::mul(a, b)), ref_mul(a.into(), b.into()));
    }

    #[test]
    fn commutative_associative_distributive(a in any::<u64>(), b in any::<u64>(), c in any::<u64>()) {
        let (a, b, c) = (n(a), n(b), n(c));
        prop_assert_eq!(a * b, b * a);
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a * Nimber::STAR, a);
        prop_assert_eq!(a * Nimber::ZERO, Nimber::ZERO);
        let mut m = a;
        m *= b;
        prop_assert_eq!(m, a * b);
    }

    #[test]
    fn inverse_and_division(a in 1u64.., b in any::<u64>()) {
        let (a, b) = (n(a), n(b));
        let ai = a.inv().unwrap();
        prop_assert_eq!(a * ai, Nimber::STAR);
        prop_assert_eq!(ai.inv().unwrap(), a);
        prop_assert_eq!(b.div(a).unwrap() * a, b);
        prop_assert_eq!(a.checked_inv(), Some(ai));
        // Fermat: a^(2^64 - 2) = a^-1.
        prop_assert_eq!(a.pow(u64::MAX - 1), ai);
    }

    #[test]
    fn square_and_square_root(a in any::<u64>(), b in any::<u64>()) {
        let x = n(a);
        prop_assert_eq!(x.square(), x * x);
        prop_assert_eq!(x.sqrt() * x.sqrt(), x);
        prop_assert_eq!(x.square().sqrt(), x);
        // Frobenius: (a + b)² = a² + b².
        prop_assert_eq!((x + n(b)).square(), x.square() + n(b).square());
    }

    #[test]
    fn pow_laws(a in any::<u64>(), e in any::<u64>(), f in any::<u64>(), small in 0u64..20) {
        let x = n(a);
        let mut p = Nimber::STAR;
        for _ in 0..small {
            p *= x;
        }
        prop_assert_eq!(x.pow(small), p);
        let (e, f) = (e >> 1, f >> 1); // keep e + f below 2^64
        prop_assert_eq!(x.pow(e + f), x.pow(e) * x.pow(f));
        prop_assert_eq!(x.pow(e).pow(2), x.pow(2 * e));
        if a != 0 {
            prop_assert_eq!(x.pow(u64::MAX), Nimber::STAR);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn nimber128_product_equals_the_reference(a in any128(), b in any128()) {
        prop_assert_eq!((Nimber128::new(a) * Nimber128::new(b)).value(), ref_mul(a, b));
    }

    #[test]
    fn nimber128_field_operations(a in any128(), b in any128(), c in any128()) {
        let (a, b, c) = (Nimber128::new(a), Nimber128::new(b), Nimber128::new(c));
        prop_assert_eq!((a * b) * c, a * (b * c));
        prop_assert_eq!(a * (b + c), a * b + a * c);
        prop_assert_eq!(a.square(), a * a);
        prop_assert_eq!(a.sqrt().square(), a);
        if a != Nimber128::ZERO {
            prop_assert_eq!(a * a.inv().unwrap(), Nimber128::STAR);
            prop_assert_eq!(b.div(a).unwrap() * a, b);
            prop_assert_eq!(a.pow(u128::MAX), Nimber128::STAR);
        }
    }

    #[test]
    fn nimber128_agrees_with_nimber_below_2_pow_64(a in any::<u64>(), b in any::<u64>()) {
        let (x, y) = (Nimber128::from(n(a)), Nimber128::from(n(b)));
        prop_assert_eq!((x * y).value(), u128::from((n(a) * n(b)).value()));
        prop_assert_eq!(x.sqrt().value(), u128::from(n(a).sqrt().value()));
        if a != 0 {
            prop_assert_eq!(x.inv().unwrap().value(), u128::from(n(a).inv().unwrap().value()));
        }
    }
}

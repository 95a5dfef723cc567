// crates/grundy/src/spec/families/prime_take.rs
use crate::anygame::HeapSpec;
use crate::game::{Game, HeapGame};
use crate::spec::{no_args, Family};

pub(super) const FAMILY: Family = Family {
    name: "prime-take",
    syntax: "prime-take",
    position: "N (a heap size)",
    about: "take 1 or a prime number of tokens",
    example: "prime-take 10",
    parse: |spec, args, _| {
        no_args(spec, args)?;
        Ok(Box::new(HeapSpec::new(PrimeTake)))
    },
};

#[derive(Clone)]
struct PrimeTake;

impl Game for PrimeTake {
    type Position = u64;
    fn options(&self, n: &u64, f: &mut dyn FnMut(&[u64])) {
        for k in (1..=*n).filter(|&k| k == 1 || is_prime(k)) {
            f(&[*n - k]); // one heap left; a split passes two
        }
    }
}

impl HeapGame for PrimeTake {
    fn spec(&self) -> String {
        "prime-take".into()
    }
}

fn is_prime(k: u64) -> bool {
    k >= 2
        && (2..)
            .take_while(|d| d * d <= k)
            .all(|d| !k.is_multiple_of(d))
}

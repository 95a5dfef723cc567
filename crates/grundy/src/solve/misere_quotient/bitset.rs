//! A fixed-size set of small integers (elements of a quotient).

/// A set of integers below a fixed bound, one bit each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct BitSet {
    words: Vec<u64>,
}

impl BitSet {
    /// The empty set of integers below `n`.
    pub(super) fn new(n: usize) -> Self {
        BitSet {
            words: vec![0; n.div_ceil(64)],
        }
    }

    /// The set of `x < n` with `f(x)`.
    pub(super) fn from_fn(n: usize, f: impl Fn(usize) -> bool) -> Self {
        let mut s = BitSet::new(n);
        for x in (0..n).filter(|&x| f(x)) {
            s.insert(x);
        }
        s
    }

    pub(super) fn insert(&mut self, x: usize) {
        self.words[x / 64] |= 1 << (x % 64);
    }

    pub(super) fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub(super) fn intersects(&self, other: &BitSet) -> bool {
        self.words.iter().zip(&other.words).any(|(a, b)| a & b != 0)
    }

    /// The members, in increasing order.
    pub(super) fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            (0..64)
                .filter(move |b| w >> b & 1 == 1)
                .map(move |b| i * 64 + b)
        })
    }
}

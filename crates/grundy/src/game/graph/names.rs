//! Vertex names of a [`GameGraph`](super::GameGraph), stored as compactly
//! as the names allow.
//!
//! Three forms, each used as long as every name so far fits it:
//! - [`Names::Counting`]: vertex `i` is called by the decimal number
//!   `first + i` (a file numbering its vertices `0, 1, 2, …` or `1, 2, …`
//!   in order of first appearance): no memory per vertex at all;
//! - [`Names::Numbers`]: every name is a decimal number (written without
//!   leading zeros, below 2^64): 8 bytes per vertex for the number and
//!   about 10 for its hash-table slot, and a direct table of the small
//!   numbers (below [`dense_limit`], at most 2^16 entries or 8 per vertex,
//!   4 bytes each) so that a file of numbered vertices not in counting
//!   order (edges listed by source, targets below them: HDU 3389's 8·10^6
//!   moves) looks its names up without hashing;
//! - [`Names::Text`]: any names: one string arena (the name's bytes plus 8
//!   for its end) and a table of (id, 32-bit hash) pairs.
//!
//! A name that does not fit the current form converts the names seen so
//! far to the next one, once. Only *canonical* numbers count as numbers:
//! `7` and `07` are different names, so `07` is text.
//!
//! Invariant: fewer than [`MAX_GRAPH_SIZE`] vertices; in every form the
//! vertices are numbered `0..len()` in order of first appearance, and a
//! name maps to exactly one vertex.

use super::MAX_GRAPH_SIZE;
use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxHasher;
use std::borrow::Cow;
use std::hash::Hasher;

/// The number written by `name` when it is a canonical decimal number:
/// ASCII digits, no sign, no leading zero (except `0` itself), below 2^64.
#[inline]
pub(crate) fn canonical_number(name: &[u8]) -> Option<u64> {
    match name {
        [] => None,
        [b'0'] => Some(0),
        [b'0', ..] => None,
        _ if name.len() > 20 => None,
        _ => {
            let mut x: u64 = 0;
            for &b in name {
                let d = b.wrapping_sub(b'0');
                if d > 9 {
                    return None;
                }
                x = x.checked_mul(10)?.checked_add(u64::from(d))?;
            }
            Some(x)
        }
    }
}

/// A 32-bit hash of some bytes.
fn hash_bytes(name: &[u8]) -> u32 {
    let mut h = FxHasher::default();
    h.write(name);
    fold(h.finish())
}

/// A 32-bit hash of a number.
#[inline]
fn hash_number(x: u64) -> u32 {
    fold(x.wrapping_mul(0x9e37_79b9_7f4a_7c15))
}

#[inline]
fn fold(h: u64) -> u32 {
    (h >> 32) as u32 ^ h as u32
}

/// The table's 64-bit hash, a function of the stored 32 bits (so growing
/// the table never reads the names again).
#[inline]
fn spread(h: u32) -> u64 {
    (u64::from(h) << 32 | u64::from(h)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// The numbers below this have a direct slot in the numbers form, for
/// `count` vertices: 2^16 at least, 8 per vertex beyond.
#[inline]
fn dense_limit(count: usize) -> usize {
    (count.saturating_mul(8)).max(1 << 16)
}

/// Makes `dense` hold the just-interned number `x` (of id `id`), growing it
/// to cover `x` when it can at least double within [`dense_limit`] (so
/// that it grows O(log) times, each growth a pass over `numbers` to fill
/// the new slots: `dense` stays a complete cache of the numbers below its
/// length).
#[inline]
fn cache_dense(numbers: &[u64], dense: &mut Vec<u32>, x: u64, id: u32) {
    let limit = dense_limit(numbers.len()) as u64;
    let old = dense.len();
    let new = x.saturating_add(1).max(old as u64 * 2);
    if x >= old as u64 && new <= limit {
        let new = new as usize;
        dense.resize(new, 0);
        for (i, &y) in numbers.iter().enumerate() {
            if (old as u64..new as u64).contains(&y) {
                dense[y as usize] = i as u32 + 1;
            }
        }
    }
    if let Some(slot) = dense.get_mut(x as usize) {
        *slot = id + 1;
    }
}

/// Interned vertex names (see the module docs).
#[derive(Clone, Debug)]
pub(crate) enum Names {
    /// Vertex `i` is called `first + i`, for `i < count`.
    Counting {
        /// The number of vertex 0.
        first: u64,
        /// How many vertices.
        count: u32,
    },
    /// Vertex `i` is called `numbers[i]`.
    Numbers {
        /// The number of each vertex.
        numbers: Vec<u64>,
        /// (id, 32-bit hash of its number).
        index: HashTable<(u32, u32)>,
        /// `dense[x]` is the id of the number `x` plus one, 0 for none,
        /// for every `x < dense.len()` (a cache of `index`).
        dense: Vec<u32>,
    },
    /// Any names.
    Text {
        /// Every name, one after the other.
        text: String,
        /// Where each name ends in `text`.
        ends: Vec<usize>,
        /// (id, 32-bit hash of its name).
        index: HashTable<(u32, u32)>,
    },
}

impl Default for Names {
    fn default() -> Self {
        Names::Counting { first: 0, count: 0 }
    }
}

fn name_in<'a>(text: &'a str, ends: &[usize], i: usize) -> &'a str {
    let start = if i == 0 { 0 } else { ends[i - 1] };
    &text[start..ends[i]]
}

impl Names {
    /// Vertices `0..count` called `0..count`.
    pub(crate) fn counting(count: u32) -> Names {
        Names::Counting { first: 0, count }
    }

    /// How many names.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match self {
            Names::Counting { count, .. } => *count as usize,
            Names::Numbers { numbers, .. } => numbers.len(),
            Names::Text { ends, .. } => ends.len(),
        }
    }

    /// The name of vertex `i < len()`.
    pub(crate) fn get(&self, i: usize) -> Cow<'_, str> {
        match self {
            Names::Counting { first, .. } => Cow::Owned((first + i as u64).to_string()),
            Names::Numbers { numbers, .. } => Cow::Owned(numbers[i].to_string()),
            Names::Text { text, ends, .. } => Cow::Borrowed(name_in(text, ends, i)),
        }
    }

    /// The name of vertex `i < len()` when it is held as a number.
    #[inline]
    pub(crate) fn number(&self, i: usize) -> Option<u64> {
        match self {
            Names::Counting { first, .. } => Some(first + i as u64),
            Names::Numbers { numbers, .. } => Some(numbers[i]),
            Names::Text { .. } => None,
        }
    }

    /// The vertex called `name`.
    pub(crate) fn find(&self, name: &str) -> Option<u32> {
        match self {
            Names::Counting { first, count } => {
                let x = canonical_number(name.as_bytes())?;
                let i = x.checked_sub(*first)?;
                (i < u64::from(*count)).then_some(i as u32)
            }
            Names::Numbers {
                numbers,
                index,
                dense,
            } => {
                let x = canonical_number(name.as_bytes())?;
                if let Some(&d) = dense.get(x as usize) {
                    return d.checked_sub(1);
                }
                let h = hash_number(x);
                index
                    .find(spread(h), |&(id, hh)| hh == h && numbers[id as usize] == x)
                    .map(|&(id, _)| id)
            }
            Names::Text { text, ends, index } => {
                let h = hash_bytes(name.as_bytes());
                index
                    .find(spread(h), |&(id, hh)| {
                        hh == h && name_in(text, ends, id as usize) == name
                    })
                    .map(|&(id, _)| id)
            }
        }
    }

    /// The id of `name`, adding it if new; `None` past the size limit.
    #[inline]
    pub(crate) fn intern(&mut self, name: &str) -> Option<u32> {
        match canonical_number(name.as_bytes()) {
            Some(x) => self.intern_canonical(x, name.as_bytes()),
            None => self.intern_other(name),
        }
    }

    /// [`intern`](Self::intern) of an ASCII name given as bytes (a graph
    /// file's line, already checked to be ASCII): a number is interned
    /// without checking the bytes again.
    #[inline]
    pub(crate) fn intern_ascii(&mut self, name: &[u8]) -> Option<u32> {
        match canonical_number(name) {
            Some(x) => self.intern_canonical(x, name),
            // ASCII is UTF-8: the check cannot fail.
            None => std::str::from_utf8(name)
                .ok()
                .and_then(|n| self.intern_other(n)),
        }
    }

    /// A name that is not a canonical number.
    fn intern_other(&mut self, name: &str) -> Option<u32> {
        if !matches!(self, Names::Text { .. }) {
            self.convert_to_text();
        }
        self.intern_text(name)
    }

    /// The name `x`, a canonical number written `name`.
    #[inline]
    pub(crate) fn intern_canonical(&mut self, x: u64, name: &[u8]) -> Option<u32> {
        {
            match self {
                Names::Counting { first, count } => {
                    if *count == 0 {
                        *first = x;
                    }
                    match x.checked_sub(*first) {
                        Some(i) if i < u64::from(*count) => return Some(i as u32),
                        Some(i) if i == u64::from(*count) => {
                            if i as usize >= MAX_GRAPH_SIZE {
                                return None;
                            }
                            *count += 1;
                            return Some(i as u32);
                        }
                        _ => self.convert_to_numbers(),
                    }
                }
                Names::Numbers { dense, .. } => {
                    if let Some(&d) = dense.get(x as usize) {
                        if d > 0 {
                            return Some(d - 1);
                        }
                    }
                }
                Names::Text { .. } => {
                    // A canonical number is ASCII digits.
                    return std::str::from_utf8(name)
                        .ok()
                        .and_then(|n| self.intern_text(n));
                }
            }
            self.intern_number(x)
        }
    }

    fn intern_number(&mut self, x: u64) -> Option<u32> {
        let Names::Numbers {
            numbers,
            index,
            dense,
        } = self
        else {
            unreachable!("called in the numbers form")
        };
        let h = hash_number(x);
        let entry = index.entry(
            spread(h),
            |&(id, hh)| hh == h && numbers[id as usize] == x,
            |&(_, hh)| spread(hh),
        );
        match entry {
            Entry::Occupied(e) => Some(e.get().0),
            Entry::Vacant(e) => {
                let id = numbers.len();
                if id >= MAX_GRAPH_SIZE {
                    return None;
                }
                numbers.push(x);
                e.insert((id as u32, h));
                cache_dense(numbers, dense, x, id as u32);
                Some(id as u32)
            }
        }
    }

    fn intern_text(&mut self, name: &str) -> Option<u32> {
        let Names::Text { text, ends, index } = self else {
            unreachable!("called in the text form")
        };
        let h = hash_bytes(name.as_bytes());
        let entry = index.entry(
            spread(h),
            |&(id, hh)| hh == h && name_in(text, ends, id as usize) == name,
            |&(_, hh)| spread(hh),
        );
        match entry {
            Entry::Occupied(e) => Some(e.get().0),
            Entry::Vacant(e) => {
                let id = ends.len();
                if id >= MAX_GRAPH_SIZE {
                    return None;
                }
                text.push_str(name);
                ends.push(text.len());
                e.insert((id as u32, h));
                Some(id as u32)
            }
        }
    }

    /// Converts counting names to the numbers form.
    fn convert_to_numbers(&mut self) {
        let Names::Counting { first, count } = *self else {
            return;
        };
        let numbers: Vec<u64> = (0..u64::from(count)).map(|i| first + i).collect();
        let mut index = HashTable::with_capacity(numbers.len());
        let mut dense = Vec::new();
        for (id, &x) in numbers.iter().enumerate() {
            let h = hash_number(x);
            index.insert_unique(spread(h), (id as u32, h), |&(_, hh)| spread(hh));
        }
        if let Some(&last) = numbers.last() {
            cache_dense(&numbers, &mut dense, last, count - 1);
        }
        *self = Names::Numbers {
            numbers,
            index,
            dense,
        };
    }

    /// Converts any names to the text form.
    fn convert_to_text(&mut self) {
        if matches!(self, Names::Text { .. }) {
            return;
        }
        let n = self.len();
        let mut text = String::new();
        let mut ends = Vec::with_capacity(n);
        let mut index = HashTable::with_capacity(n);
        for id in 0..n {
            let name = self.get(id);
            let h = hash_bytes(name.as_bytes());
            text.push_str(&name);
            ends.push(text.len());
            index.insert_unique(spread(h), (id as u32, h), |&(_, hh)| spread(hh));
        }
        *self = Names::Text { text, ends, index };
    }

    /// Gives back spare capacity once every name is in.
    pub(crate) fn shrink(&mut self) {
        match self {
            Names::Counting { .. } => {}
            Names::Numbers { numbers, dense, .. } => {
                numbers.shrink_to_fit();
                dense.shrink_to_fit();
            }
            Names::Text { text, ends, .. } => {
                text.shrink_to_fit();
                ends.shrink_to_fit();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn only_canonical_decimal_numbers_are_numbers() {
        assert_eq!(canonical_number(b"0"), Some(0));
        assert_eq!(canonical_number(b"1234"), Some(1234));
        assert_eq!(canonical_number(b"18446744073709551615"), Some(u64::MAX));
        for bad in [
            &b""[..],
            b"00",
            b"07",
            b"+7",
            b"-1",
            b"1a",
            b"18446744073709551616",
            b"123456789012345678901",
        ] {
            assert_eq!(canonical_number(bad), None, "{bad:?}");
        }
    }

    fn kind(n: &Names) -> &'static str {
        match n {
            Names::Counting { .. } => "counting",
            Names::Numbers { .. } => "numbers",
            Names::Text { .. } => "text",
        }
    }

    #[test]
    fn each_form_is_kept_while_the_names_fit_it() {
        let mut n = Names::default();
        for name in ["1", "2", "1", "3"] {
            n.intern(name);
        }
        assert_eq!(
            (kind(&n), n.len(), n.find("3"), n.find("0")),
            ("counting", 3, Some(2), None)
        );
        n.intern("10");
        assert_eq!(
            (kind(&n), n.find("10"), n.find("2")),
            ("numbers", Some(3), Some(1))
        );
        n.intern("07");
        assert_eq!(
            (kind(&n), n.find("07"), n.find("7")),
            ("text", Some(4), None)
        );
        assert_eq!(n.get(3), "10");
    }

    #[test]
    fn numbers_out_of_counting_order_are_found_through_the_direct_table_and_beyond_it() {
        // Sources listed in order, targets below them (HDU 3389's file):
        // the counting form ends at once, the direct table answers after.
        let mut n = Names::default();
        let mut order: Vec<u64> = Vec::new();
        for a in 2..3000u64 {
            for b in [a - 1, a / 2, a] {
                let id = n.intern(&b.to_string()).unwrap();
                if !order.contains(&b) {
                    order.push(b);
                }
                let want = order.iter().position(|&y| y == b).unwrap();
                assert_eq!(id as usize, want, "{b}");
            }
        }
        // Far beyond the direct table: hashed, and spaced names that grow
        // the limit a little at a time stay linear (no refill per name).
        for k in 0..200_000u64 {
            n.intern(&(1_000_000 + 8 * k).to_string()).unwrap();
        }
        n.intern("18446744073709551615").unwrap();
        assert_eq!(kind(&n), "numbers");
        for (i, &b) in order.iter().enumerate() {
            assert_eq!(n.find(&b.to_string()), Some(i as u32));
        }
        assert_eq!(n.find("1000008"), Some(order.len() as u32 + 1));
        assert_eq!(n.find("1000001"), None);
        assert_eq!(n.find("18446744073709551615"), Some(n.len() as u32 - 1));
        assert_eq!(n.find("2999999"), None);
    }

    proptest! {
        /// Every form numbers the names in order of first appearance, like
        /// a plain map from strings would.
        #[test]
        fn interning_equals_a_plain_map(
            names in proptest::collection::vec(
                prop_oneof![
                    (0u64..40).prop_map(|x| x.to_string()),
                    Just("07".to_string()),
                    Just("x".to_string()),
                    (u64::MAX - 3..=u64::MAX).prop_map(|x| x.to_string()),
                ],
                0..60,
            )
        ) {
            let mut names_ = Names::default();
            let mut plain: Vec<String> = Vec::new();
            for name in &names {
                let id = names_.intern(name).unwrap();
                let want = match plain.iter().position(|p| p == name) {
                    Some(i) => i,
                    None => { plain.push(name.clone()); plain.len() - 1 }
                };
                prop_assert_eq!(id as usize, want);
            }
            prop_assert_eq!(names_.len(), plain.len());
            for (i, p) in plain.iter().enumerate() {
                prop_assert_eq!(names_.get(i), p.as_str());
                prop_assert_eq!(names_.find(p), Some(i as u32));
            }
            prop_assert_eq!(names_.find("999"), None);
        }
    }
}

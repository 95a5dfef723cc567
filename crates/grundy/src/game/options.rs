//! [`OptionList`]: the options of a position written into one reusable
//! buffer ([`Game::options_into`](super::Game::options_into)).
//!
//! Components go into one flat vector. While every option of the current
//! listing is a single component (a heap, a pair of piles: the usual
//! case) nothing else is stored; the first option that is a sum of some
//! other number of components (two heaps, or the empty sum) turns on a
//! second vector of option ends for the rest of the listing. A solver
//! keeps the listings of all the positions it is working on in one
//! `OptionList`, one after another, and drops the newest when that
//! position is solved ([`OptionList::begin`], [`OptionList::span`],
//! [`OptionList::truncate`]), so no memory is allocated per position
//! once the buffers have grown.

use std::ops::Range;

/// The options of a position, in one buffer reused from position to
/// position (see [`Game::options_into`](super::Game::options_into)).
///
/// ```
/// use grundy::game::OptionList;
/// let mut list = OptionList::new();
/// list.push_one(3u64); // an option that is one heap of 3
/// list.push(&[1, 1]); // an option that is two heaps of 1
/// list.push(&[]); // the empty sum: nothing left
/// let options: Vec<&[u64]> = list.iter().collect();
/// assert_eq!(options, [&[3][..], &[1, 1], &[]]);
/// list.clear();
/// assert!(list.is_empty());
/// ```
#[derive(Clone, Debug)]
pub struct OptionList<P> {
    comps: Vec<P>,
    /// End (an index into `comps`) of each option of the current listing,
    /// kept only from the first option that is not a single component.
    ends: Vec<usize>,
    /// Where the current listing starts in `comps` and `ends`.
    start: usize,
    ends_start: usize,
    /// Whether the current listing keeps `ends`.
    multi: bool,
}

impl<P> Default for OptionList<P> {
    fn default() -> Self {
        OptionList::new()
    }
}

/// Where one listing lies in an [`OptionList`] (from [`OptionList::span`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Its components.
    pub comps: Range<usize>,
    /// The ends of its options in the list's end vector, when `multi`;
    /// empty otherwise (every option is then one component).
    pub ends: Range<usize>,
    /// Whether some option is not a single component.
    pub multi: bool,
}

impl<P> OptionList<P> {
    /// An empty list.
    pub fn new() -> Self {
        OptionList {
            comps: Vec::new(),
            ends: Vec::new(),
            start: 0,
            ends_start: 0,
            multi: false,
        }
    }

    /// Adds an option that is the single component `p`.
    #[inline(always)]
    pub fn push_one(&mut self, p: P) {
        self.comps.push(p);
        if self.multi {
            self.ends.push(self.comps.len());
        }
    }

    /// Adds one option per item of `options`, each a single component.
    #[inline]
    pub fn extend_one<I: IntoIterator<Item = P>>(&mut self, options: I) {
        if self.multi {
            for p in options {
                self.push_one(p);
            }
        } else {
            self.comps.extend(options);
        }
    }

    /// Adds the option `option`: a sum of components (empty: nothing left).
    #[inline]
    pub fn push(&mut self, option: &[P])
    where
        P: Clone,
    {
        if let [p] = option {
            self.push_one(p.clone());
            return;
        }
        if !self.multi {
            self.multi = true;
            self.ends.extend(self.start + 1..=self.comps.len());
        }
        self.comps.extend_from_slice(option);
        self.ends.push(self.comps.len());
    }

    /// The number of options of the current listing.
    pub fn len(&self) -> usize {
        self.span().len()
    }

    /// True when the current listing has no option.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The options of the current listing, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = &[P]> + '_ {
        let span = self.span();
        (0..span.len()).map(move |i| self.option(&span, i))
    }

    /// Forgets everything: an empty list, its memory kept.
    pub fn clear(&mut self) {
        self.comps.clear();
        self.ends.clear();
        self.begin();
    }

    /// Starts a new listing after what the list holds (solvers: the
    /// options of one position, kept above those of the positions
    /// waiting for it).
    #[inline]
    pub fn begin(&mut self) {
        self.start = self.comps.len();
        self.ends_start = self.ends.len();
        self.multi = false;
    }

    /// Where the current listing lies.
    #[inline]
    pub fn span(&self) -> Span {
        Span {
            comps: self.start..self.comps.len(),
            ends: if self.multi {
                self.ends_start..self.ends.len()
            } else {
                self.ends_start..self.ends_start
            },
            multi: self.multi,
        }
    }

    /// The newest listing, given where it starts (`span.comps.start` and
    /// `span.ends.start` of its [`span`](Self::span)): what `span` gave,
    /// once every later listing is dropped.
    #[inline]
    pub fn span_from(&self, comps_start: usize, ends_start: usize) -> Span {
        let multi = self.ends.len() > ends_start;
        Span {
            comps: comps_start..self.comps.len(),
            ends: ends_start..self.ends.len(),
            multi,
        }
    }

    /// Drops the listing `span` and every later one; the listing before
    /// it is current again only as storage (call [`begin`](Self::begin)
    /// before listing more).
    #[inline]
    pub fn truncate(&mut self, span: &Span) {
        self.comps.truncate(span.comps.start);
        self.ends.truncate(span.ends.start);
        self.start = self.start.min(span.comps.start);
        self.ends_start = self.ends_start.min(span.ends.start);
    }

    /// Every component held, all listings one after another.
    #[inline]
    pub fn components(&self) -> &[P] {
        &self.comps
    }

    /// The `i`-th option of the listing `span` (`i < span.len()`).
    #[inline]
    pub fn option(&self, span: &Span, i: usize) -> &[P] {
        if span.multi {
            let end = self.ends[span.ends.start + i];
            let start = match i {
                0 => span.comps.start,
                _ => self.ends[span.ends.start + i - 1],
            };
            &self.comps[start..end]
        } else {
            let j = span.comps.start + i;
            &self.comps[j..j + 1]
        }
    }

    /// The end (an index into [`components`](Self::components)) of each
    /// option of `span`, when it is `multi`.
    #[inline]
    pub fn ends(&self, span: &Span) -> &[usize] {
        &self.ends[span.ends.clone()]
    }
}

impl Span {
    /// The number of options.
    #[inline]
    pub fn len(&self) -> usize {
        if self.multi {
            self.ends.len()
        } else {
            self.comps.len()
        }
    }

    /// True when there is no option.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_stack_and_each_keeps_its_own_shape() {
        let mut list = OptionList::new();
        list.push_one(1u32);
        list.extend_one([2, 3]);
        let first = list.span();
        assert_eq!(list.len(), 3);
        list.begin();
        list.push_one(7);
        list.push(&[8, 9]);
        list.extend_one([10]);
        list.push(&[]);
        let second = list.span();
        let got: Vec<Vec<u32>> = list.iter().map(<[u32]>::to_vec).collect();
        assert_eq!(got, [vec![7], vec![8, 9], vec![10], vec![]]);
        // The first listing is untouched by the second.
        let old: Vec<&[u32]> = (0..first.len()).map(|i| list.option(&first, i)).collect();
        assert_eq!(old, [&[1][..], &[2], &[3]]);
        assert_eq!(
            list.span_from(second.comps.start, second.ends.start),
            second
        );
        list.truncate(&second);
        assert_eq!(list.span_from(first.comps.start, first.ends.start), first);
        assert_eq!(list.components(), [1, 2, 3]);
        list.begin();
        list.push(&[4]);
        assert_eq!(list.iter().collect::<Vec<_>>(), [&[4][..]]);
        list.truncate(&first);
        assert!(list.components().is_empty() && list.is_empty());
    }
}

//! A bitboard: a set of cells of an `h × w` grid (`h · w ≤ 128`), one bit
//! per cell in row-major order (cell `(r, c)` is bit `r · w + c`).
//!
//! Every operation is a handful of shifts and masks on one `u128`, except
//! the per-cell loops of [`Board::cells_iter`] (O(cells)). Invariant: no
//! bit at or above `h · w` is ever set.

use crate::error::{Error, Result};

/// The most cells a board holds (one `u128`).
pub const MAX_CELLS: usize = 128;

/// A set of cells in an `h × w` box: free cells for Cram and Node Kayles,
/// the remaining squares for Chomp.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    // The cells as two words (not one `u128`), so that a board packs in 24
    // bytes: it is the key of the transposition table.
    lo: u64,
    hi: u64,
    h: u8,
    w: u8,
}

/// The `n` lowest bits (all 128 when `n ≥ 128`).
pub fn low_bits(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// The mask of every cell of an `h × w` box.
fn all(h: usize, w: usize) -> u128 {
    low_bits(h * w)
}

/// The cells of column `c` of an `h × w` box (the first column's pattern
/// doubled `log h` times, then shifted).
fn column(h: usize, w: usize, c: usize) -> u128 {
    let n = h * w;
    let mut pattern = 1u128;
    let mut span = w;
    while span < n {
        pattern |= pattern << span;
        span *= 2;
    }
    (pattern & low_bits(n)) << c
}

impl Board {
    /// The cells `cells` of an `h × w` box; an error when the box has more
    /// than [`MAX_CELLS`] cells or a cell lies outside it.
    pub fn new(h: usize, w: usize, cells: u128) -> Result<Board> {
        let n = h.saturating_mul(w);
        if n > MAX_CELLS || h > 255 || w > 255 {
            return Err(Error::unsupported(format!(
                "a {h}x{w} board has more than {MAX_CELLS} cells, the most the placement solver holds"
            )));
        }
        if cells & !all(h, w) != 0 {
            return Err(Error::unsupported(format!(
                "cells outside the {h}x{w} board"
            )));
        }
        Ok(Board::raw(h as u8, w as u8, cells))
    }

    /// A board without the checks of [`Board::new`].
    pub(crate) fn raw(h: u8, w: u8, cells: u128) -> Board {
        Board {
            lo: cells as u64,
            hi: (cells >> 64) as u64,
            h,
            w,
        }
    }

    /// Every cell of an `h × w` box.
    pub fn full(h: usize, w: usize) -> Result<Board> {
        Board::new(h, w, all(h.min(255), w.min(255)))
    }

    /// The same box with other cells (callers keep them inside the box).
    pub(crate) fn with(self, cells: u128) -> Board {
        debug_assert_eq!(cells & !self.mask(), 0);
        Board::raw(self.h, self.w, cells)
    }

    /// A 64-bit hash of the board (cells and box), by a multiply and
    /// shift mixer: its high bits are well spread.
    pub fn hash64(&self) -> u64 {
        let x =
            self.lo ^ self.hi.rotate_left(29) ^ u64::from(self.w) << 57 ^ u64::from(self.h) << 50;
        let x = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (x ^ x >> 29).wrapping_mul(0xBF58_476D_1CE4_E5B9)
    }

    /// Rows of the box.
    pub fn height(&self) -> usize {
        usize::from(self.h)
    }

    /// Columns of the box.
    pub fn width(&self) -> usize {
        usize::from(self.w)
    }

    /// The cells, bit `r · w + c` for cell `(r, c)`.
    pub fn cells(&self) -> u128 {
        u128::from(self.hi) << 64 | u128::from(self.lo)
    }

    /// How many cells are in the set.
    pub fn count(&self) -> u32 {
        self.lo.count_ones() + self.hi.count_ones()
    }

    /// Whether no cell is in the set.
    pub fn is_empty(&self) -> bool {
        self.lo == 0 && self.hi == 0
    }

    /// The bit of cell `(r, c)`.
    pub fn bit(&self, r: usize, c: usize) -> u128 {
        1u128 << (r * self.width() + c)
    }

    /// Whether cell `(r, c)` (inside the box) is in the set.
    pub fn contains(&self, r: usize, c: usize) -> bool {
        r < self.height() && c < self.width() && self.cells() & self.bit(r, c) != 0
    }

    /// Every cell of the box.
    pub fn mask(&self) -> u128 {
        all(self.height(), self.width())
    }

    /// The cells of column `c`.
    pub fn column_mask(&self, c: usize) -> u128 {
        column(self.height(), self.width(), c)
    }

    /// Cells `i` of the set whose right neighbour `i + 1` (same row) is in
    /// the set too: the left cells of horizontal dominoes.
    pub fn right_pairs(&self) -> u128 {
        let last = self.column_mask(self.width() - 1);
        let cells = self.cells();
        cells & (cells >> 1) & !last
    }

    /// Cells `i` of the set whose lower neighbour `i + w` is in the set
    /// too: the upper cells of vertical dominoes.
    pub fn down_pairs(&self) -> u128 {
        let cells = self.cells();
        cells & cells.checked_shr(self.width() as u32).unwrap_or(0)
    }

    /// The set `s` and its 4-neighbours, inside the box.
    pub fn closed_neighbourhood(&self, s: u128) -> u128 {
        self.edges().grow(s)
    }

    /// The masks [`Edges::grow`] needs, computed once for many steps.
    pub fn edges(&self) -> Edges {
        let w = self.width();
        Edges {
            w,
            not_first: !self.column_mask(0),
            not_last: !self.column_mask(w - 1),
            all: self.mask(),
        }
    }

    /// The cells `(r, c)` of the set, in row-major order.
    pub fn cells_iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        let w = self.width();
        Bits(self.cells()).map(move |i| (i / w, i % w))
    }
}

/// The masks of a box's first and last columns, for growing sets of cells
/// by their 4-neighbours without wrapping from one row to the next.
#[derive(Clone, Copy, Debug)]
pub struct Edges {
    w: usize,
    not_first: u128,
    not_last: u128,
    all: u128,
}

impl Edges {
    /// The set `s` and its 4-neighbours, inside the box.
    pub fn grow(&self, s: u128) -> u128 {
        let left = (s & self.not_first) >> 1;
        let right = (s & self.not_last) << 1;
        // A box 128 wide has one row: nothing above or below.
        let up = s.checked_shr(self.w as u32).unwrap_or(0);
        let down = s.checked_shl(self.w as u32).unwrap_or(0);
        (s | left | right | up | down) & self.all
    }
}

/// A word of cells, `u64` (boxes of at most 64 cells: the common case,
/// half the work) or `u128`: what the flood fill ([`super::regions`]) and
/// the canonical form ([`super::canon`]) need of it.
pub(crate) trait Word:
    Copy
    + Eq
    + Ord
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAndAssign
    + std::ops::Not<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
{
    /// No cell.
    const ZERO: Self;
    /// Bits in the word.
    const BITS: usize;
    /// The low bits of `x` (callers pass cells that fit).
    fn from_cells(x: u128) -> Self;
    /// The cells as a `u128`.
    fn cells(self) -> u128;
    /// The `n` lowest bits (all when `n ≥ BITS`).
    fn low(n: usize) -> Self;
    /// The lowest set bit alone.
    fn lowest(self) -> Self;
    /// The word without its lowest set bit.
    fn clear_lowest(self) -> Self;
    /// Index of the lowest set bit.
    fn trailing(self) -> usize;
    /// Index of the highest set bit (the word is not zero).
    fn highest(self) -> usize;
    /// The bits in reverse order.
    fn reversed(self) -> Self;
    /// `self << n`, 0 when `n ≥ BITS`.
    fn up(self, n: usize) -> Self;
    /// `self >> n`, 0 when `n ≥ BITS`.
    fn down(self, n: usize) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const ZERO: Self = 0;
            const BITS: usize = <$t>::BITS as usize;
            fn from_cells(x: u128) -> Self {
                x as $t
            }
            fn cells(self) -> u128 {
                self as u128
            }
            fn low(n: usize) -> Self {
                if n >= <Self as Word>::BITS {
                    <$t>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            fn clear_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }
            fn trailing(self) -> usize {
                self.trailing_zeros() as usize
            }
            fn highest(self) -> usize {
                <Self as Word>::BITS - 1 - self.leading_zeros() as usize
            }
            fn reversed(self) -> Self {
                self.reverse_bits()
            }
            fn up(self, n: usize) -> Self {
                self.checked_shl(n as u32).unwrap_or(0)
            }
            fn down(self, n: usize) -> Self {
                self.checked_shr(n as u32).unwrap_or(0)
            }
        }
    };
}
word!(u64);
word!(u128);

/// The indices of the set bits of a `u128`, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Bits(pub u128);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dominoes_and_neighbourhoods_stay_in_their_rows() {
        let b = Board::full(2, 3).unwrap();
        // Horizontal dominoes start in columns 0 and 1 only.
        assert_eq!(b.right_pairs(), 0b011_011);
        assert_eq!(b.down_pairs(), 0b000_111);
        // The neighbourhood of (0, 2) does not wrap to (1, 0).
        assert_eq!(b.closed_neighbourhood(b.bit(0, 2)), 0b100_110);
        assert!(Board::full(12, 11).is_err());
        assert!(Board::full(8, 16).is_ok());
        assert!(Board::new(2, 2, 1 << 4).is_err());
        // A row of 128 cells: no cell above or below, no shift overflow.
        let row = Board::full(1, 128).unwrap();
        assert_eq!(row.down_pairs(), 0);
        assert_eq!(row.closed_neighbourhood(1 << 127), 3 << 126);
        assert_eq!(row.right_pairs().count_ones(), 127);
    }
}

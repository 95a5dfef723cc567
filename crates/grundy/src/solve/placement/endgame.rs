//! An end-game table: the value of every position that fits in a small
//! box, computed at once by the definition, so that small regions are
//! neither searched nor stored.
//!
//! A game whose moves on a set of cells `S` are described, in a box, by
//! pairs `(needs, takes)` — the move is legal when `needs ⊆ S` and leaves
//! `S \ takes` — has `G(S) = mex{ G(S \ takes) : needs ⊆ S }`; every
//! `S \ takes` is a smaller number than `S`, so one pass over the subsets
//! in increasing order values them all: O(2^cells × moves) time, one byte
//! per subset. A region (canonical: cropped to its box, no more rows than
//! columns) that fits in the box is looked up by writing its rows at the
//! box's stride (O(rows)). Tables are built once per game and box in a
//! process and shared ([`Endgame::shared`]).

use super::board::{low_bits, Board};
use super::Rules;
use std::sync::{Arc, Mutex};

/// The box of the end-game table the solver builds by default
/// ([`super::PlacementConfig::endgame`]), rows by columns: every position of
/// 20 cells, 512 KB for Cram (4 bits a value).
pub const BOX: (usize, usize) = (4, 5);

/// The tables built so far: the game's fingerprint, the box, the table.
type Built = Vec<(Vec<u8>, (usize, usize), Option<Arc<Endgame>>)>;
static BUILT: Mutex<Built> = Mutex::new(Vec::new());

/// The values of every subset of an `h × w` box, two to a byte (4 bits
/// each: Cram's values in a 4×5 box are at most 4, so 512 KB) while every
/// value fits, else one to a byte.
#[derive(Debug)]
pub struct Endgame {
    h: usize,
    w: usize,
    /// Bits per value: 4 or 8.
    bits: u32,
    values: Vec<u8>,
}

impl Endgame {
    /// The table of an `h × w` box (at most 24 cells) for the moves
    /// `moves` (pairs `(needs, takes)` of cells of the box, see the module
    /// docs); `None` when a value does not fit in a byte (never for the
    /// placement games on so few cells, but checked).
    pub fn build(h: usize, w: usize, moves: &[(u128, u128)]) -> Option<Endgame> {
        Endgame::build_packed(h, w, moves, 4).or_else(|| Endgame::build_packed(h, w, moves, 8))
    }

    /// [`build`](Self::build) at `bits` bits a value (4 or 8); `None` when
    /// a value does not fit (a 4-bit table stops at the first value over
    /// 15; an 8-bit one at the first over 63, the most `seen` holds).
    fn build_packed(h: usize, w: usize, moves: &[(u128, u128)], bits: u32) -> Option<Endgame> {
        let n = h * w;
        assert!(n <= 24, "an end-game box of {n} cells is too large");
        let moves: Vec<(usize, usize)> = moves
            .iter()
            .map(|&(needs, takes)| (needs as usize, !(takes as usize)))
            .collect();
        let mut t = Endgame {
            h,
            w,
            bits,
            values: vec![0u8; ((1usize << n) * bits as usize).div_ceil(8)],
        };
        let most = if bits == 4 { 15 } else { 63 };
        for s in 1..1usize << n {
            let mut seen = 0u64;
            for &(needs, keep) in &moves {
                if s & needs == needs {
                    seen |= 1 << t.get(s & keep);
                }
            }
            let v = (!seen).trailing_zeros();
            if v > most {
                return None;
            }
            t.set(s, v as u8);
        }
        Some(t)
    }

    /// The value of subset `s`.
    fn get(&self, s: usize) -> u8 {
        if self.bits == 4 {
            (self.values[s >> 1] >> ((s & 1) * 4)) & 15
        } else {
            self.values[s]
        }
    }

    /// Stores `v` (fits in `bits`) as the value of subset `s`, which is 0.
    fn set(&mut self, s: usize, v: u8) {
        if self.bits == 4 {
            self.values[s >> 1] |= v << ((s & 1) * 4);
        } else {
            self.values[s] = v;
        }
    }

    /// The bytes the table takes.
    pub fn bytes(&self) -> usize {
        self.values.len()
    }

    /// The table of an `h × w` box for `rules` (built at the first call
    /// for these rules and box, then shared), or `None` when the rules
    /// describe no moves on a box ([`Rules::box_moves`]), the box is
    /// empty or has more than 24 cells.
    pub fn shared<R: Rules>(rules: &R, h: usize, w: usize) -> Option<Arc<Endgame>> {
        if h * w == 0 || h * w > 24 {
            return None;
        }
        let fingerprint = rules.fingerprint();
        // A poisoned lock only means another thread panicked while
        // building: the list is still whole.
        let mut built = BUILT.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((_, _, table)) = built
            .iter()
            .find(|(f, size, _)| *f == fingerprint && *size == (h, w))
        {
            return table.clone();
        }
        let table = rules
            .box_moves(h, w)
            .and_then(|moves| Endgame::build(h, w, &moves))
            .map(Arc::new);
        built.push((fingerprint, (h, w), table.clone()));
        table
    }

    /// Rows and columns of the box.
    pub fn size(&self) -> (usize, usize) {
        (self.h, self.w)
    }

    /// The value of `region` (cells cropped to its box, the box at most
    /// the table's), or `None` when it does not fit.
    pub fn value(&self, region: &Board) -> Option<u16> {
        let (h, w) = (region.height(), region.width());
        if h > self.h || w > self.w {
            return None;
        }
        let cells = region.cells();
        let row = low_bits(w);
        let mut index = 0usize;
        for r in 0..h {
            index |= (((cells >> (r * w)) & row) as usize) << (r * self.w);
        }
        Some(u16::from(self.get(index)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cram's moves on a box: every domino.
    fn dominoes(h: usize, w: usize) -> Vec<(u128, u128)> {
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if c + 1 < w {
                    out.push((3 << i, 3 << i));
                }
                if r + 1 < h {
                    let d = 1 << i | 1 << (i + w);
                    out.push((d, d));
                }
            }
        }
        out
    }

    /// Packed two to a byte, the table holds what a byte per value holds,
    /// and a game with values over 15 gets a byte per value.
    #[test]
    fn packed_tables_equal_byte_tables() {
        let moves = dominoes(4, 5);
        let packed = Endgame::build(4, 5, &moves).unwrap();
        let bytes = Endgame::build_packed(4, 5, &moves, 8).unwrap();
        assert_eq!(packed.bits, 4);
        assert_eq!(packed.bytes(), 1 << 19);
        let most = (0..1 << 20).map(|s| bytes.get(s)).max().unwrap();
        assert!(most <= 15, "{most}");
        for s in 0..1 << 20 {
            assert_eq!(packed.get(s), bytes.get(s), "subset {s:#x}");
        }
        // Take cell i and every cell before it: a run of k cells ending at
        // the last one has value k, so the full 1x20 strip has 20.
        let suffixes: Vec<(u128, u128)> = (0..20).map(|i| (1 << i, low_bits(i + 1))).collect();
        let wide = Endgame::build(1, 20, &suffixes).unwrap();
        assert_eq!(wide.bits, 8);
        assert_eq!(wide.value(&Board::full(1, 20).unwrap()), Some(20));
        assert_eq!(
            wide.value(&Board::new(1, 20, low_bits(20) ^ 0b111).unwrap()),
            Some(17)
        );
    }

    #[test]
    fn cram_values_in_a_box_are_those_of_the_strips_and_squares() {
        let t = Endgame::build(3, 4, &dominoes(3, 4)).unwrap();
        // Dawson's Kayles: strips of 1..=4 cells have values 0, 1, 1, 2.
        for (n, v) in [(1, 0), (2, 1), (3, 1), (4, 2)] {
            let strip = Board::new(1, n, low_bits(n)).unwrap();
            assert_eq!(t.value(&strip), Some(v), "strip {n}");
        }
        // A 2x2 square is a second-player win (the half-turn answer); an
        // L tromino has value 1 (any domino leaves a lone cell).
        assert_eq!(t.value(&Board::full(2, 2).unwrap()), Some(0));
        assert_eq!(t.value(&Board::new(2, 2, 0b0111).unwrap()), Some(1));
        assert_eq!(t.value(&Board::full(3, 5).unwrap()), None);
        assert_eq!(t.value(&Board::full(4, 2).unwrap()), None);
    }
}

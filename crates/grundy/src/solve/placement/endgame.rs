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
/// 20 cells, 1 MB.
pub const BOX: (usize, usize) = (4, 5);

/// The tables built so far: the game's fingerprint, the box, the table.
type Built = Vec<(Vec<u8>, (usize, usize), Option<Arc<Endgame>>)>;
static BUILT: Mutex<Built> = Mutex::new(Vec::new());

/// The values of every subset of an `h × w` box.
#[derive(Debug)]
pub struct Endgame {
    h: usize,
    w: usize,
    values: Vec<u8>,
}

impl Endgame {
    /// The table of an `h × w` box (at most 24 cells) for the moves
    /// `moves` (pairs `(needs, takes)` of cells of the box, see the module
    /// docs); `None` when a value does not fit in a byte (never for the
    /// placement games on so few cells, but checked).
    pub fn build(h: usize, w: usize, moves: &[(u128, u128)]) -> Option<Endgame> {
        let n = h * w;
        assert!(n <= 24, "an end-game box of {n} cells is too large");
        let moves: Vec<(usize, usize)> = moves
            .iter()
            .map(|&(needs, takes)| (needs as usize, !(takes as usize)))
            .collect();
        let mut values = vec![0u8; 1 << n];
        for s in 1..values.len() {
            let mut seen = 0u64;
            for &(needs, keep) in &moves {
                if s & needs == needs {
                    let v = values[s & keep];
                    if v >= 64 {
                        return None;
                    }
                    seen |= 1 << v;
                }
            }
            values[s] = (!seen).trailing_zeros() as u8;
        }
        Some(Endgame { h, w, values })
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
        Some(u16::from(self.values[index]))
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

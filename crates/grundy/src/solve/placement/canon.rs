//! Canonical forms: a region cropped to its bounding box (translation
//! normalised) and then the least of its images under the symmetries the
//! game allows, so that congruent regions share one table entry.
//!
//! One pass over the cells computes all eight images of the dihedral group
//! at once (O(cells)); the canonical form is the least `(h, w, cells)`.
//! For Cram and Node Kayles every symmetry of the grid keeps the game (it
//! depends only on which free cells are adjacent), so a region of any shape
//! uses all 8, whatever the board it came from. Chomp keeps its poisoned
//! corner fixed: only the identity and the transpose.

use super::board::Board;

/// Which symmetries a game's regions may be mapped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// The eight symmetries of the square (rotations and reflections),
    /// after translating the region to the corner.
    Dihedral,
    /// The identity and the transpose about the main diagonal, no
    /// translation (the cell `(0, 0)` stays where it is).
    Transpose,
    /// None: the region as it is.
    Identity,
}

/// The canonical form of `board` under `symmetry` (see the module docs).
pub fn canonical(board: &Board, symmetry: Symmetry) -> Board {
    if board.is_empty() {
        return Board::new(0, 0, 0).unwrap_or(*board);
    }
    let w = board.width();
    let (mut r0, mut c0, mut r1, mut c1) = (usize::MAX, usize::MAX, 0, 0);
    if symmetry == Symmetry::Dihedral {
        for (r, c) in board.cells_iter() {
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
    } else {
        (r0, c0) = (0, 0);
        for (r, c) in board.cells_iter() {
            r1 = r1.max(r);
            c1 = c1.max(c);
        }
    }
    let (h, bw) = (r1 - r0 + 1, c1 - c0 + 1);
    let images = match symmetry {
        Symmetry::Identity => 1,
        Symmetry::Transpose => 2,
        Symmetry::Dihedral => 8,
    };
    let mut bits = [0u128; 8];
    let mut b = board.cells();
    while b != 0 {
        let i = b.trailing_zeros() as usize;
        b &= b - 1;
        let (r, c) = (i / w - r0, i % w - c0);
        // Images in an h×bw box (index r·bw + c) and, transposed, in a
        // bw×h box (index c·h + r).
        bits[0] |= 1 << (r * bw + c);
        bits[1] |= 1 << (c * h + r);
        if images == 8 {
            let (rr, cc) = (h - 1 - r, bw - 1 - c);
            bits[2] |= 1 << (r * bw + cc);
            bits[3] |= 1 << (rr * bw + c);
            bits[4] |= 1 << (rr * bw + cc);
            bits[5] |= 1 << (cc * h + r);
            bits[6] |= 1 << (c * h + rr);
            bits[7] |= 1 << (cc * h + rr);
        }
    }
    let mut best = (h, bw, bits[0]);
    for (k, &cells) in bits.iter().enumerate().take(images).skip(1) {
        let dims = if matches!(k, 1 | 5 | 6 | 7) {
            (bw, h)
        } else {
            (h, bw)
        };
        best = best.min((dims.0, dims.1, cells));
    }
    // The box of an image has as many cells as the board's crop, so it
    // fits.
    Board::new(best.0, best.1, best.2).unwrap_or(*board)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::placement::board::Bits;

    /// Congruent shapes share a canonical form; the form has the same
    /// number of cells.
    #[test]
    fn rotated_and_shifted_shapes_share_a_form() {
        // An L tromino in four orientations at several places of a 4x4 box.
        let b = Board::full(4, 4).unwrap();
        let shapes: [&[(usize, usize)]; 4] = [
            &[(0, 0), (1, 0), (1, 1)],
            &[(0, 1), (1, 1), (1, 0)],
            &[(0, 0), (0, 1), (1, 0)],
            &[(0, 0), (0, 1), (1, 1)],
        ];
        let mut forms = Vec::new();
        for s in shapes {
            for (dr, dc) in [(0, 0), (2, 1), (1, 2)] {
                let cells = s.iter().fold(0, |m, &(r, c)| m | b.bit(r + dr, c + dc));
                forms.push(canonical(&b.with(cells), Symmetry::Dihedral));
            }
        }
        assert!(forms.iter().all(|f| *f == forms[0]), "{forms:?}");
        assert_eq!(Bits(forms[0].cells()).count(), 3);
        // A straight tromino is another shape.
        let line = b.with(b.bit(3, 0) | b.bit(3, 1) | b.bit(3, 2));
        let upright = b.with(b.bit(0, 3) | b.bit(1, 3) | b.bit(2, 3));
        assert_eq!(
            canonical(&line, Symmetry::Dihedral),
            canonical(&upright, Symmetry::Dihedral)
        );
        assert_ne!(canonical(&line, Symmetry::Dihedral), forms[0]);
        // Chomp: the transpose of a Young diagram, never a translation.
        let rows = b.with(b.bit(0, 0) | b.bit(0, 1) | b.bit(0, 2));
        let column = b.with(b.bit(0, 0) | b.bit(1, 0) | b.bit(2, 0));
        assert_eq!(
            canonical(&rows, Symmetry::Transpose),
            canonical(&column, Symmetry::Transpose)
        );
    }
}

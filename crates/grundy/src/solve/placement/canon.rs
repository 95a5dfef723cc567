//! Canonical forms: a region cropped to its bounding box (translation
//! normalised) and then the least of its images under the symmetries the
//! game allows, so that congruent regions share one table entry.
//!
//! The canonical box has no more rows than columns; among the images in
//! that box (four, or eight for a square), the least bit pattern is the
//! form. The images come from whole-word operations: the rows in reverse
//! order (O(rows)), and a bit reversal of the whole crop, which is the half
//! turn; only a transpose walks the cells (O(cells)).
//! For Cram and Node Kayles every symmetry of the grid keeps the game (it
//! depends only on which free cells are adjacent), so a region of any shape
//! uses all 8, whatever the board it came from. Chomp keeps its poisoned
//! corner fixed: only the identity and the transpose.

use super::board::{Board, Word};

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

/// The canonical form of `board` under `symmetry` (see the module docs);
/// in `u64` words when the box has at most 64 cells.
pub fn canonical(board: &Board, symmetry: Symmetry) -> Board {
    canonical_unless_within(board, symmetry, (0, 0))
}

/// As [`canonical`], except that a region whose crop fits in a `small.0 ×
/// small.1` box (`small.0 ≤ small.1`) turned so that it has no more rows
/// than columns, with `symmetry` [`Symmetry::Dihedral`], is only cropped and
/// turned so (transposed when it has more rows than columns), not made the
/// least of its images: for regions valued from an end-game table of that
/// box ([`super::endgame`]), which knows every image, so the table of the
/// search never needs the shared form. O(cells) for such a region.
pub fn canonical_unless_within(board: &Board, symmetry: Symmetry, small: (usize, usize)) -> Board {
    if board.height() * board.width() <= 64 {
        canonical_in::<u64>(board, symmetry, small)
    } else {
        canonical_in::<u128>(board, symmetry, small)
    }
}

fn canonical_in<W: Word>(board: &Board, symmetry: Symmetry, small: (usize, usize)) -> Board {
    let cells = W::from_cells(board.cells());
    if cells == W::ZERO {
        return Board::raw(0, 0, 0);
    }
    let w = board.width();
    let row_mask = W::low(w);
    // The bounding box: rows from the lowest and highest cell, columns
    // from the union of the rows.
    let (mut r0, r1) = (cells.trailing() / w, cells.highest() / w);
    let mut occupied = W::ZERO;
    for r in r0..=r1 {
        occupied |= (cells >> (r * w)) & row_mask;
    }
    let mut c0 = occupied.trailing();
    let c1 = occupied.highest();
    if symmetry != Symmetry::Dihedral {
        (r0, c0) = (0, 0);
    }
    let (h, bw) = (r1 - r0 + 1, c1 - c0 + 1);
    let n = h * bw;
    // The crop: one shift when it spans the whole width, else row by row
    // (`bw` bits each).
    let identity = if bw == w {
        cells >> (r0 * w)
    } else {
        (r0..=r1).fold(W::ZERO, |m, r| {
            m | ((cells >> (r * w + c0)) & W::low(bw)) << ((r - r0) * bw)
        })
    };
    let done = |h: usize, w: usize, x: W| Board::raw(h as u8, w as u8, x.cells());
    if symmetry == Symmetry::Identity {
        return done(h, bw, identity);
    }
    // The transpose: `bw` rows of `h` bits (only when it can be least:
    // the canonical box has no more rows than columns).
    let transposed = || {
        let mut t = W::ZERO;
        let mut b = identity;
        while b != W::ZERO {
            let i = b.trailing();
            b = b.clear_lowest();
            t |= W::low(1) << ((i % bw) * h + i / bw);
        }
        t
    };
    if symmetry == Symmetry::Dihedral && h.max(bw) <= small.1 && h.min(bw) <= small.0 {
        return if h <= bw {
            done(h, bw, identity)
        } else {
            done(bw, h, transposed())
        };
    }
    if symmetry == Symmetry::Transpose {
        return match h.cmp(&bw) {
            std::cmp::Ordering::Less => done(h, bw, identity),
            std::cmp::Ordering::Greater => done(bw, h, transposed()),
            std::cmp::Ordering::Equal => done(h, bw, identity.min(transposed())),
        };
    }
    // Dihedral: for a crop `a` of `rows` rows of `cols` bits, its images
    // with the same box are `a`, the rows in reverse order, and the full
    // bit reversal of both (the half turn, and the mirror).
    let least_of_four = |a: W, rows: usize, cols: usize| {
        let mask = W::low(cols);
        let flipped = (0..rows).fold(W::ZERO, |m, r| {
            m | ((a >> (r * cols)) & mask) << ((rows - 1 - r) * cols)
        });
        let turn = |x: W| x.reversed() >> (W::BITS - n);
        a.min(flipped).min(turn(a)).min(turn(flipped))
    };
    match h.cmp(&bw) {
        std::cmp::Ordering::Less => done(h, bw, least_of_four(identity, h, bw)),
        std::cmp::Ordering::Greater => done(bw, h, least_of_four(transposed(), bw, h)),
        std::cmp::Ordering::Equal => done(
            h,
            bw,
            least_of_four(identity, h, bw).min(least_of_four(transposed(), bw, h)),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::placement::board::{low_bits, Bits};

    /// The canonical form by definition: every image, cell by cell.
    fn by_definition(board: &Board, symmetry: Symmetry) -> Board {
        let cells: Vec<(usize, usize)> = board.cells_iter().collect();
        let (r0, c0) = match symmetry {
            Symmetry::Dihedral => (
                cells.iter().map(|c| c.0).min().unwrap(),
                cells.iter().map(|c| c.1).min().unwrap(),
            ),
            _ => (0, 0),
        };
        let h = cells.iter().map(|c| c.0).max().unwrap() - r0 + 1;
        let w = cells.iter().map(|c| c.1).max().unwrap() - c0 + 1;
        // (r, c, h, w) -> (r', c', transposed)
        type Map = fn(usize, usize, usize, usize) -> (usize, usize, bool);
        let maps: Vec<Map> = vec![
            |r, c, _, _| (r, c, false),
            |r, c, _, _| (c, r, true),
            |r, c, _, w| (r, w - 1 - c, false),
            |r, c, h, _| (h - 1 - r, c, false),
            |r, c, h, w| (h - 1 - r, w - 1 - c, false),
            |r, c, _, w| (w - 1 - c, r, true),
            |r, c, h, _| (c, h - 1 - r, true),
            |r, c, h, w| (w - 1 - c, h - 1 - r, true),
        ];
        let count = match symmetry {
            Symmetry::Identity => 1,
            Symmetry::Transpose => 2,
            Symmetry::Dihedral => 8,
        };
        maps.iter()
            .take(count)
            .map(|f| {
                let mut bits = 0u128;
                let mut dims = (h, w);
                for &(r, c) in &cells {
                    let (rr, cc, t) = f(r - r0, c - c0, h, w);
                    dims = if t { (w, h) } else { (h, w) };
                    bits |= 1 << (rr * dims.1 + cc);
                }
                (dims.0, dims.1, bits)
            })
            .min()
            .map(|(h, w, bits)| Board::new(h, w, bits).unwrap())
            .unwrap()
    }

    #[test]
    fn the_fast_form_is_the_least_image_of_the_definition() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for (h, w) in [
            (1, 7),
            (3, 3),
            (4, 4),
            (2, 5),
            (5, 2),
            (3, 7),
            (11, 11),
            (1, 128),
            (128, 1),
        ] {
            let b = Board::full(h, w).unwrap();
            for _ in 0..300 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mut cells = u128::from(x) | u128::from(x.rotate_left(29)) << 64;
                cells &= b.mask();
                if cells == 0 {
                    continue;
                }
                let board = b.with(cells);
                for s in [Symmetry::Dihedral, Symmetry::Transpose, Symmetry::Identity] {
                    let want = by_definition(&board, s);
                    assert_eq!(canonical(&board, s), want, "{h}x{w} {cells:#x} {s:?}");
                }
            }
        }
    }

    /// A region that fits the small box is only cropped and turned: an
    /// image of the region (the same canonical form) in a box of at most
    /// `small` with no more rows than columns; a larger one is canonical.
    #[test]
    fn small_regions_are_cropped_and_turned_images() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut turned = 0;
        for (h, w) in [(5, 4), (4, 5), (5, 5), (3, 7), (6, 3)] {
            let b = Board::full(h, w).unwrap();
            for _ in 0..2000 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let cells = u128::from(x) & u128::from(x >> 23) & b.mask();
                if cells == 0 {
                    continue;
                }
                let board = b.with(cells);
                let got = canonical_unless_within(&board, Symmetry::Dihedral, (4, 5));
                let form = canonical(&board, Symmetry::Dihedral);
                assert_eq!(canonical(&got, Symmetry::Dihedral), form, "{cells:#b}");
                assert_eq!(got.count(), board.count());
                let (gh, gw) = (got.height(), got.width());
                if gh <= 4 && gw <= 5 {
                    assert!(gh <= gw);
                    let tight = got.cells() & low_bits(gw) != 0
                        && got.cells() & got.column_mask(0) != 0
                        && got.cells() >> (gw * (gh - 1)) != 0
                        && got.cells() & got.column_mask(gw - 1) != 0;
                    assert!(tight, "cropped");
                    turned += usize::from(got != form);
                } else {
                    assert_eq!(got, form);
                }
            }
        }
        assert!(turned > 100, "only {turned} regions left as they were");
    }

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

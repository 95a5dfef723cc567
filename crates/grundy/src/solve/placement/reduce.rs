//! Cram positions made smaller without changing their value: cells that
//! never matter are dropped before a position is split into regions, so
//! that fewer distinct regions are searched (Beling's Cram solver makes
//! the same reductions; this is our own statement and proof).
//!
//! Cram depends only on the graph of free cells (a move removes both ends
//! of an edge). Call a cell of degree 1 a *tuft*, and the cell it touches
//! a *star*.
//!
//! - **Twin tufts.** When a star `c` has two tufts `t` and `t'`, `t'` can
//!   go: the moves `t c` and `t' c` leave the same position up to lone
//!   cells, every move using `c` leaves both lone, and every other move
//!   keeps them twin tufts of `c` (induction on the number of cells).
//! - **Bridges.** A cell `b` that is neither a tuft nor next to one, all of
//!   whose neighbours are stars, can go: the move `b c` (star `c` with
//!   tuft `t`) leaves `t` lone, the position `t c` leaves without `b`;
//!   after `t c` itself, `b` is lone, a twin tuft of another star, or
//!   still a bridge; after any other move it stays a bridge (induction).
//! - Lone cells take no move and go.
//!
//! Each rule keeps the value; they are applied together (they never
//! disturb one another: a star keeps one tuft, a bridge touches no tuft)
//! and repeated until nothing changes. O(rows) word operations a round,
//! at most one round per cell removed.

use super::board::{Board, Word};

/// A box's width and the masks of its cells, of all but its first column
/// and of all but its last, in words of type `W`.
#[derive(Clone, Copy)]
struct Geometry<W> {
    w: usize,
    all: W,
    not_first: W,
    not_last: W,
}

impl<W: Word> Geometry<W> {
    fn of(board: &Board) -> Self {
        let w = board.width();
        let all = W::from_cells(board.mask());
        Geometry {
            w,
            all,
            not_first: all & !W::from_cells(board.column_mask(0)),
            not_last: all & !W::from_cells(board.column_mask(w - 1)),
        }
    }

    /// The cells of `p` with a cell of `p` to their right, left, below
    /// and above.
    fn sides(&self, p: W) -> [W; 4] {
        [
            p & (p >> 1) & self.not_last,
            p & (p << 1) & self.not_first,
            p & p.down(self.w),
            p & p.up(self.w) & self.all,
        ]
    }
}

/// `board` with its twin tufts, bridges and lone cells removed, repeatedly
/// (see the module docs); the same box.
pub fn cram_reduced(board: &Board) -> Board {
    if board.width() == 0 {
        return *board;
    }
    if board.height() * board.width() <= 64 {
        let g = Geometry::<u64>::of(board);
        board.with(reduced(u64::from_cells(board.cells()), &g).0.cells())
    } else {
        let g = Geometry::<u128>::of(board);
        board.with(reduced(board.cells(), &g).0)
    }
}

/// The reduced cells of `p` and their [`Geometry::sides`].
fn reduced<W: Word>(mut p: W, g: &Geometry<W>) -> (W, [W; 4]) {
    let w = g.w;
    loop {
        let sides = g.sides(p);
        let [right, left, down, up] = sides;
        let some = right | left | down | up;
        let two = (right & (left | down | up)) | (left & (down | up)) | (down & up);
        let tufts = some & !two;
        // Each star keeps the first of its tufts met (in the order below,
        // one tuft per star and direction), the others go.
        let mut stars = (tufts & down).up(w);
        let mut twins;
        let s = (tufts & right) << 1;
        twins = (s & stars) >> 1;
        stars |= s;
        let s = (tufts & up).down(w);
        twins |= (s & stars).up(w);
        stars |= s;
        let s = (tufts & left) >> 1;
        twins |= (s & stars) << 1;
        stars |= s;
        // Neither tuft nor star, and no neighbour that is neither: a
        // bridge (its neighbours are stars) or a lone cell.
        let rest = p & !tufts & !stars;
        let rest_near =
            (rest & g.not_last) << 1 | (rest & g.not_first) >> 1 | rest.up(w) | rest.down(w);
        let bridges = rest & !rest_near;
        let next = p & !twins & !bridges;
        if next == p {
            return (p, sides);
        }
        p = next;
    }
}

/// Calls `f` with each region of `board` in Cram (its cells in the same
/// box, not yet canonical, at least two cells), after the reductions of
/// [`cram_reduced`] and with the *closed squares* cut:
///
/// A 2×2 square of free cells `a b / c d` whose two opposite corners `a`
/// and `d` touch no free cell outside the square plays the same with or
/// without its two horizontal dominoes `a b` and `c d`: `a b` leaves
/// `c` with the tuft `d`, which is `b d` leaving `c` with the tuft `a`
/// (the same graph), and `c d` likewise is `a c`; after a move taking `b`
/// (or `c`) from outside, `a` and `d` are twin tufts of `c` (of `b`),
/// one as good as none; any other move keeps the square as it was. (The
/// same for the corners `b` and `c`.) Without those dominoes a region may
/// fall apart into independent parts, each searched on its own; the parts
/// are split again (each is a set of cells whose dominoes are the game's).
///
/// In `u64` words when the box has at most 64 cells; allocates nothing.
pub fn cram_regions(board: &Board, f: &mut impl FnMut(Board)) {
    if board.width() == 0 {
        return;
    }
    if board.height() * board.width() <= 64 {
        let g = Geometry::<u64>::of(board);
        regions_in(board, u64::from_cells(board.cells()), &g, f);
    } else {
        let g = Geometry::<u128>::of(board);
        regions_in(board, board.cells(), &g, f);
    }
}

fn regions_in<W: Word>(board: &Board, p: W, g: &Geometry<W>, f: &mut impl FnMut(Board)) {
    let w = g.w;
    let (p, [right, left, down, up]) = reduced(p, g);
    // Top-left corners `a` of closed squares, by their closed corners:
    // `a` and `d` (`a` free to the right and below only, `d` to the left
    // and above only), or `b` and `c`.
    let closed_a = right & down & !left & !up;
    let closed_d = left & up & !right & !down;
    let closed_b = left & down & !right & !up;
    let closed_c = right & up & !left & !down;
    let main = closed_a & closed_d.down(w + 1);
    let anti = (closed_b >> 1) & closed_c.down(w);
    let corners = main | anti;
    if corners == W::ZERO {
        let mut rest = p;
        while rest != W::ZERO {
            let region = grow(rest, rest.lowest(), |r| {
                r | (r & g.not_first) >> 1 | (r & g.not_last) << 1 | r.down(w) | r.up(w)
            });
            rest &= !region;
            if region != region.lowest() {
                f(board.with(region.cells()));
            }
        }
        return;
    }
    // Cells whose domino to the right is kept.
    let kept = right & !(corners | corners.up(w));
    let mut rest = p;
    while rest != W::ZERO {
        let region = grow(rest, rest.lowest(), |r| {
            r | (r & kept) << 1 | (r >> 1) & kept | r.up(w) | r.down(w)
        });
        rest &= !region;
        if region == region.lowest() {
            continue;
        }
        if region == p {
            f(board.with(p.cells()));
        } else {
            regions_in(board, region, g, f);
        }
    }
}

/// The component of `seed` in `within`, growing by `step` until it stops.
fn grow<W: Word>(within: W, seed: W, step: impl Fn(W) -> W) -> W {
    let mut region = seed;
    loop {
        let grown = step(region) & within;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Cram's value by the definition, on the cells of an `h × w` box.
    fn brute(h: usize, w: usize, cells: u128, memo: &mut HashMap<u128, u64>) -> u64 {
        if let Some(&v) = memo.get(&cells) {
            return v;
        }
        let b = Board::new(h, w, cells).unwrap();
        let mut seen = 0u128;
        let dominoes = Bits2(b.right_pairs())
            .map(|i| 3u128 << i)
            .chain(Bits2(b.down_pairs()).map(|i| 1u128 << i | 1u128 << (i + w)));
        for d in dominoes.collect::<Vec<_>>() {
            seen |= 1 << brute(h, w, cells & !d, memo);
        }
        let v = u64::from((!seen).trailing_zeros());
        memo.insert(cells, v);
        v
    }

    struct Bits2(u128);
    impl Iterator for Bits2 {
        type Item = usize;
        fn next(&mut self) -> Option<usize> {
            (self.0 != 0).then(|| {
                let i = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                i
            })
        }
    }

    #[test]
    fn reduced_positions_have_the_value_of_the_position_on_every_small_board() {
        let mut removed = 0;
        for (h, w) in [(4, 4), (3, 5), (2, 7), (1, 9), (3, 6)] {
            let mut memo = HashMap::new();
            for cells in 0..1u128 << (h * w) {
                let b = Board::new(h, w, cells).unwrap();
                let r = cram_reduced(&b);
                assert_eq!(r.cells() & !cells, 0, "only removes");
                if r.cells() != cells {
                    removed += 1;
                    let (a, z) = (
                        brute(h, w, cells, &mut memo),
                        brute(h, w, r.cells(), &mut memo),
                    );
                    assert_eq!(a, z, "{h}x{w} {cells:#b} reduced to {:#b}", r.cells());
                }
            }
        }
        assert!(removed > 10_000, "only {removed} positions reduced");
    }

    #[test]
    fn split_regions_have_the_value_of_the_position_on_every_small_board() {
        let mut split = 0;
        for (h, w) in [(4, 4), (3, 5), (2, 7), (3, 6)] {
            let mut memo = HashMap::new();
            for cells in 0..1u128 << (h * w) {
                let b = Board::new(h, w, cells).unwrap();
                let mut parts = Vec::new();
                cram_regions(&b, &mut |r| parts.push(r.cells()));
                let mut sum = 0;
                for (i, &part) in parts.iter().enumerate() {
                    assert_eq!(part & !cells, 0);
                    assert!(parts[..i].iter().all(|&q| q & part == 0), "disjoint");
                    sum ^= brute(h, w, part, &mut memo);
                }
                let whole = crate::solve::placement::regions::grid_regions(&b).len();
                if parts.len() > whole {
                    split += 1;
                }
                assert_eq!(sum, brute(h, w, cells, &mut memo), "{h}x{w} {cells:#b}");
            }
        }
        assert!(
            split > 1_000,
            "only {split} positions split by closed squares"
        );
    }

    #[test]
    fn a_closed_square_splits_its_region() {
        let square = Board::full(2, 2).unwrap();
        let mut parts = Vec::new();
        cram_regions(&square, &mut |r| parts.push(r.cells()));
        // Both diagonals closed: the horizontal dominoes go, two vertical
        // dominoes are left, independent.
        assert_eq!(parts, [0b0101, 0b1010]);
    }

    #[test]
    fn twin_tufts_and_bridges_go() {
        // A plus sign: four tufts on one star; three go (a domino is left).
        let plus = Board::new(3, 3, 0b010_111_010).unwrap();
        assert_eq!(cram_reduced(&plus).count(), 2);
        // t c b c t in a row: the middle cell is a bridge.
        let row = Board::new(1, 5, 0b11111).unwrap();
        assert_eq!(cram_reduced(&row).cells(), 0b11011);
        // A 2x2 square has no tuft: unchanged.
        let square = Board::full(2, 2).unwrap();
        assert_eq!(cram_reduced(&square), square);
    }
}

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

use super::board::Board;

/// `board` with its twin tufts, bridges and lone cells removed, repeatedly
/// (see the module docs); the same box.
pub fn cram_reduced(board: &Board) -> Board {
    let w = board.width();
    if w == 0 {
        return *board;
    }
    let all = board.mask();
    let not_first = all & !board.column_mask(0);
    let not_last = all & !board.column_mask(w - 1);
    let mut p = board.cells();
    loop {
        // Cells with a free neighbour to the right, left, below, above.
        let right = p & (p >> 1) & not_last;
        let left = p & (p << 1) & not_first;
        let down = p & p.checked_shr(w as u32).unwrap_or(0);
        let up = p & p.checked_shl(w as u32).unwrap_or(0) & all;
        let some = right | left | down | up;
        let two = (right & (left | down | up)) | (left & (down | up)) | (down & up);
        let tufts = some & !two;
        // Each star keeps the first of its tufts met (in the order below,
        // one tuft per star and direction), the others go.
        let mut stars = 0u128;
        let mut twins = 0u128;
        let t = tufts & down;
        let s = t.checked_shl(w as u32).unwrap_or(0);
        stars |= s;
        let t = tufts & right;
        let s = t << 1;
        twins |= (s & stars) >> 1;
        stars |= s;
        let t = tufts & up;
        let s = t.checked_shr(w as u32).unwrap_or(0);
        twins |= (s & stars).checked_shl(w as u32).unwrap_or(0);
        stars |= s;
        let t = tufts & left;
        let s = t >> 1;
        twins |= (s & stars) << 1;
        stars |= s;
        // Neither tuft nor star, and no neighbour that is neither: a
        // bridge (its neighbours are stars) or a lone cell.
        let rest = p & !tufts & !stars;
        let rest_near = (rest & not_last) << 1
            | (rest & not_first) >> 1
            | rest.checked_shl(w as u32).unwrap_or(0)
            | rest.checked_shr(w as u32).unwrap_or(0);
        let bridges = rest & !rest_near;
        let next = p & !twins & !bridges;
        if next == p {
            return board.with(p);
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
pub fn cram_regions(board: &Board, f: &mut impl FnMut(Board)) {
    let b = cram_reduced(board);
    let w = b.width();
    if w == 0 {
        return;
    }
    let all = b.mask();
    let not_first = all & !b.column_mask(0);
    let not_last = all & !b.column_mask(w - 1);
    let p = b.cells();
    let right = p & (p >> 1) & not_last;
    let left = p & (p << 1) & not_first;
    let down = p & p.checked_shr(w as u32).unwrap_or(0);
    let up = p & p.checked_shl(w as u32).unwrap_or(0) & all;
    // Top-left corners `a` of closed squares, by their closed corners:
    // `a` and `d` (`a` free to the right and below only, `d` to the left
    // and above only), or `b` and `c`.
    let closed_a = right & down & !left & !up;
    let closed_d = left & up & !right & !down;
    let closed_b = left & down & !right & !up;
    let closed_c = right & up & !left & !down;
    let main = closed_a & closed_d.checked_shr(w as u32 + 1).unwrap_or(0);
    let anti = (closed_b >> 1) & closed_c.checked_shr(w as u32).unwrap_or(0);
    let corners = main | anti;
    if corners == 0 {
        crate::solve::placement::regions::each_grid_region(&b, |r| {
            if r.count() >= 2 {
                f(r);
            }
        });
        return;
    }
    // Cells whose domino to the right is kept.
    let kept = right & !(corners | corners.checked_shl(w as u32).unwrap_or(0));
    let mut rest = p;
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        loop {
            let grown = (region
                | (region & kept) << 1
                | (region >> 1) & kept
                | region.checked_shl(w as u32).unwrap_or(0)
                | region.checked_shr(w as u32).unwrap_or(0))
                & rest;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        if region.count_ones() < 2 {
            continue;
        }
        if region == p {
            f(b);
        } else {
            cram_regions(&b.with(region), f);
        }
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

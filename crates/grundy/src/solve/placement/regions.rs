//! Splitting a position into independent regions: the connected components
//! of its cells (4-adjacency on a grid, edges on a graph).
//!
//! In Cram and Node Kayles a move touches one region only and leaves the
//! others as they were, so a position is the sum of its regions and its
//! nim-value is the XOR of theirs. Flood fill by whole-board shifts: each
//! step adds the neighbours of the region found so far, so a region of
//! diameter d costs O(d) word operations.

use super::board::{Board, Word};

/// The 4-connected components of `board`'s cells, each a board of the same
/// box (not yet cropped), in order of their lowest cell.
pub fn grid_regions(board: &Board) -> Vec<Board> {
    let mut out = Vec::new();
    each_grid_region(board, |r| out.push(r));
    out
}

/// Calls `f` with each 4-connected component of `board`'s cells (see
/// [`grid_regions`]), allocating nothing; in `u64` words when the box has
/// at most 64 cells.
pub fn each_grid_region(board: &Board, mut f: impl FnMut(Board)) {
    if board.height() * board.width() <= 64 {
        regions_in::<u64>(board, &mut f);
    } else {
        regions_in::<u128>(board, &mut f);
    }
}

fn regions_in<W: Word>(board: &Board, f: &mut impl FnMut(Board)) {
    let w = board.width();
    let all = W::from_cells(board.mask());
    let not_first = all & !W::from_cells(board.column_mask(0));
    let not_last = all & !W::from_cells(board.column_mask(w - 1));
    let mut rest = W::from_cells(board.cells());
    while rest != W::ZERO {
        let mut region = rest.lowest();
        loop {
            let grown = region
                | (region & not_first) >> 1
                | (region & not_last) << 1
                | region.down(w)
                | region.up(w);
            let grown = grown & rest;
            if grown == region {
                break;
            }
            region = grown;
        }
        rest &= !region;
        f(board.with(region.cells()));
    }
}

/// The connected components of the vertex set `set` of a graph given by
/// its adjacency masks (`adjacent[v]`: the neighbours of `v`), in order of
/// their lowest vertex.
pub fn graph_regions(adjacent: &[u128], set: u128) -> Vec<u128> {
    let mut rest = set;
    let mut out = Vec::new();
    while rest != 0 {
        let mut region = rest & rest.wrapping_neg();
        let mut frontier = region;
        while frontier != 0 {
            let v = frontier.trailing_zeros() as usize;
            frontier &= frontier - 1;
            let new = adjacent[v] & rest & !region;
            region |= new;
            frontier |= new;
        }
        rest &= !region;
        out.push(region);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wall_splits_a_board_in_two() {
        // ..#..
        // ..#..
        let full = Board::full(2, 5).unwrap();
        let wall = full.column_mask(2);
        let parts = grid_regions(&full.with(full.cells() & !wall));
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].count(), 4);
        assert_eq!(parts[1].cells(), full.column_mask(3) | full.column_mask(4));
        assert!(grid_regions(&full.with(0)).is_empty());
        // Diagonal cells are not connected.
        let diagonal = full.with(full.bit(0, 0) | full.bit(1, 1));
        assert_eq!(grid_regions(&diagonal).len(), 2);
    }

    #[test]
    fn graph_components_follow_edges() {
        // 0-1 2-3-4, 5 alone
        let edges = [(0, 1), (2, 3), (3, 4)];
        let mut adjacent = vec![0u128; 6];
        for (a, b) in edges {
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        assert_eq!(
            graph_regions(&adjacent, 0b111111),
            [0b11, 0b11100, 0b100000]
        );
        assert_eq!(graph_regions(&adjacent, 0b10101), [0b1, 0b100, 0b10000]);
    }
}

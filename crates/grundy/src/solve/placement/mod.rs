//! Placement games (Cram, Node Kayles, Chomp): a solver built on
//! decomposition, symmetry and pruning.
//!
//! A position is a set of cells ([`Board`], at most 128). The rules
//! ([`Rules`]) say what each move leaves, already split into independent
//! regions ([`regions`]) and written in canonical form ([`canon`]), so that
//! a region is solved once whatever its place or orientation, and a sum of
//! regions has the XOR of their values. [`PlacementSolver`] ([`search`])
//! computes nim-values by mex, or only the outcome, with the pruning of
//! Beling and Rogalski (2020) and of Lemoine and Viennot ("Nimbers are
//! inevitable", 2012): to decide whether `G + *k` is a second-player win
//! it never needs `G`'s full value, and it stops at the first winning
//! move. Cram positions are first made smaller without changing their
//! value ([`reduce`]: twin tufts, bridges, closed 2×2 squares). Its table ([`table`]) stores, per
//! region, either the value or the values it is known not to have, and can
//! be saved and loaded as bytes (the library does no file I/O). Regions
//! that fit in a 4×5 box are valued by an end-game table ([`endgame`],
//! for the games that describe their moves on a box: Cram and grid Node
//! Kayles), built by the definition once per process, neither searched
//! nor stored.
//!
//! | what | time | memory |
//! |---|---|---|
//! | [`PlacementSolver::nim_value`] | O(regions reached × options × canonicalisation, O(rows) word operations each, O(cells) for a square box) | one table entry (12-byte slot, 13 to 52 bytes with the array's free slots) per region valued larger than the end-game box, growing as needed to at most 1 GiB by default (then regions of few cells are forgotten); the end-game table, 512 KB for Cram |
//! | [`PlacementSolver::sum_is`] (outcome) | at most the above, usually far less (stops at a winning move) | same |
//!
//! The search recurses, but only as deep as the number of moves a game on
//! 128 cells can last (at most 128), never deeper.
//!
//! Cost per region: the reductions and the split work on `u64` words for
//! boxes of at most 64 cells; regions the end-game table values are only
//! cropped and turned, never made canonical; the table reads one cache
//! line a lookup, behind a filter that answers most lookups of regions not
//! stored (86% of them) from the cache; the option that settled a
//! region's last question is tried first.
//!
//! The order the rules list options in matters most: Cram lists its
//! dominoes from the middle of the board out, and on Cram 5x8 the search
//! then lists 1.5 million regions where row-by-row order listed 5.2
//! million (value alone: 1.9 s against 6.0 s, igsolve 2.6 s, with
//! `benches/placement.sh`).
//!
//! Known improvements not made: a larger, compressed end-game database,
//! a flood fill that crosses a row in one step (the split is the largest
//! cost left), and parallel search.

pub(crate) mod board;
pub mod canon;
pub mod endgame;
pub mod reduce;
pub mod regions;
pub mod search;
pub mod table;

pub use board::{low_bits, Bits, Board, Edges, MAX_CELLS};
pub use canon::{canonical, canonical_unless_within, Symmetry};
pub use search::{PlacementConfig, PlacementSolver, Progress, PROGRESS_EVERY};

/// The rules of a placement game, as the solver needs them: the options of
/// a region, each the sum of the regions it leaves.
pub trait Rules {
    /// Bytes that tell this game from every other (its name and the
    /// parameters that fix its moves, e.g. a graph's edges): a saved table
    /// is loaded only into the game that wrote it.
    fn fingerprint(&self) -> Vec<u8>;

    /// Calls `f` once per option of `region` (a region in canonical form,
    /// as the rules return them) with the option's regions, each in
    /// canonical form; an empty slice is the empty position (value 0).
    /// Regions of value 0 known without search may be left out.
    fn options(&self, region: &Board, f: &mut dyn FnMut(&[Board]));

    /// As [`Rules::options`], but stops listing once `f` returns `true`
    /// (the solver has learnt enough); the default lists every option and
    /// ignores the answers.
    fn options_until(&self, region: &Board, f: &mut dyn FnMut(&[Board]) -> bool) {
        let mut stopped = false;
        self.options(region, &mut |regions| {
            if !stopped {
                stopped = f(regions);
            }
        });
    }

    /// Calls `f` with the option number `index` of `region`, in the order
    /// of [`Rules::options`] (nothing when it has fewer options): the
    /// solver tries first the option that settled the region's last
    /// question. The default lists the options up to it.
    fn option_at(&self, region: &Board, index: usize, f: &mut dyn FnMut(&[Board])) {
        let mut i = 0;
        self.options_until(region, &mut |regions| {
            if i == index {
                f(regions);
                return true;
            }
            i += 1;
            false
        });
    }

    /// The value of a region known without search (a closed form: an end
    /// of the search), or `None` (the default) to search it.
    fn known_value(&self, region: &Board) -> Option<u16> {
        let _ = region;
        None
    }

    /// The moves of the game on an `h × w` box as pairs `(needs, takes)`:
    /// legal on cells `S` when `needs ⊆ S`, leaving `S \ takes` — when a
    /// region's value depends only on its cells placed in such a box at
    /// its canonical place, so that an end-game table ([`endgame`]) can
    /// value small regions. `None` (the default): no table.
    fn box_moves(&self, h: usize, w: usize) -> Option<Vec<(u128, u128)>> {
        let _ = (h, w);
        None
    }
}

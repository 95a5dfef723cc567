//! Solvers: algorithms that compute nim-values for games.
//!
//! Which one to use:
//!
//! | solver | games | time | memory |
//! |---|---|---|---|
//! | [`MemoSolver`] | any finite [`Game`](crate::Game) | O(options visited) hash operations | one entry per component reached |
//! | [`DenseSolver`] | heap games (positions are heap sizes, options are smaller heaps) | O(Σ options of 0..=n), no hashing | 8 bytes per heap size (1 with a `u8` table) |
//! | [`TakeBreakSolver`] | take-and-break games (octal, hexadecimal, Lasker's Nim, Grundy's game) | O(n²) vectorized, near O(n·#rare) with a rare/common split | 1–2 bytes per heap size |
//! | [`HeapValues`] | heap games, any heap size | dense table, then O(1) from a proven period | the table up to the period |
//! | [`PeriodicFill`] | heaps beyond a certified period ([`extend_certifying`] stops the engine there) | O(1) per value, a buffer at a time | the prefix |
//! | [`extend_until_proven`] | take-and-break codes with finitely many moves: computes until the period is proven, no limit given | the engine's, to the proof's bound | the table to that bound, refused past the budget |
//! | [`dag::dag_values`] | explicit acyclic game graphs | O(V + E) | 16 bytes per vertex |
//! | [`loopy::GraphValues`], [`loopy::LoopySolver`] | graphs and games *with cycles*: values `∞{K}`, draws | O(V + E·(1 + largest value)) | about 32 bytes per vertex, 4 per edge |
//! | [`MisereSolver`] | misère play of sums of any finite game | O(reachable sums) | one entry per reachable sum |
//! | [`placement::PlacementSolver`] | placement games on at most 128 cells (Cram, Node Kayles, Chomp): regions, symmetry, outcome-first pruning | O(regions reached × options), often far less for an outcome | 16 to 32 bytes per region (larger than a 4×5 box), saveable; a 1 MB end-game table |
//! | [`misere_quotient()`] | misère play of heap games: the quotient of heaps `0..=N`, then any sum at once | L* with memoized exhaustive search, proved exact | the product table, `|Q|²` |
//!
//! All are iterative: no recursion grows with the input. They report
//! problems (a cycle, a size cap, a heap game that does not shrink, a heap
//! too large with no proven period) as [`Error`](crate::Error)s, never as a
//! panic or a hang. [`HeapValues`] picks the take-and-break engine by itself
//! for games that are take-and-break codes.

mod arena;
pub mod dag;
pub mod dense;
pub(crate) mod fill;
pub(crate) mod heap;
pub mod loopy;
pub(crate) mod memo;
pub mod misere;
pub mod misere_quotient;
pub mod partizan;
pub mod placement;
pub mod proof;
pub(crate) mod remoteness;
pub mod table;
pub mod takebreak;
pub mod values_file;

/// The locality-keeping hash, now in the leaf layer [`crate::util`].
pub use crate::util::hash;

pub use dense::{DenseConfig, DenseSolver, DenseValue};
pub use fill::{extend_certifying, PeriodicFill};
pub use heap::{HeapConfig, HeapValues, PeriodReport, MAX_VALUES_AT_ONCE};
pub use memo::{MemoConfig, MemoSolver};
pub use misere::{MisereConfig, MisereSolver};
pub use misere_quotient::{
    misere_quotient, misere_quotient_with, MisereQuotient, QuotientConfig, QuotientProgress,
};
pub use partizan::PartizanSolver;
pub use proof::{available_memory, extend_until_proven, ProofBudget, ProofRun, ProofStop};
pub use remoteness::{Lengths, RemotenessConfig, RemotenessSolver};
pub use table::{MappedU16, NimTable, Nine, NineView, TableView};
pub use takebreak::{EngineStats, Method, TableCheck, TakeBreakConfig, TakeBreakSolver};
pub use values_file::{
    read_values, read_values_within, write_values, write_values_chunked, ValuesFile, WriteLock,
};

//! # grundy: impartial games solved with the Sprague–Grundy theory
//!
//! A position of an impartial game has a nim-value `G(x) = mex{G(y)}` over
//! its options `y`; the player to move loses iff `G(x) = 0`, and a sum of
//! independent games has the XOR of their values. This crate holds the
//! theory; the `grundy` command is a thin layer over it.
//!
//! ## Map
//!
//! The modules form layers, listed here bottom to top. A module imports
//! only from the layers below it, never from its own layer's sibling or from
//! above (`tests/suite/layers.rs` checks every `crate::` path; test code is
//! exempt). A higher module may re-export a lower item to keep a public
//! path (`grundy::spec::AnyGame`, `grundy::strategy::Outcome`).
//!
//! | layer | module | what |
//! |---|---|---|
//! | 0 | [`error`], [`util`] | leaves: [`Error`]; parsing helpers ([`util::parse_u64`]), the solvers' hash ([`util::hash`]) |
//! | 1 | [`nimber`] | [`Nimber`] (`0`, `*`, `*5`), nim-addition, [`Mex`] |
//! | 1 | [`files`] | how the files a user names are read: a regular file only, the magic first, the length bounded |
//! | 2 | [`analysis`] | sequences of values: periodicity with certificates, the rare/common split |
//! | 3 | [`game`] | the [`Game`] trait (rules only) and [`HeapGame`]; the vocabulary every layer above uses ([`game::Outcome`], [`game::WinningMove`], [`game::Evaluator`]); rules the solvers specialize on ([`games::TakeBreak`], [`game::graph::GameGraph`]) |
//! | 4 | [`solve`] | solvers: [`solve::MemoSolver`] (any game), [`solve::DenseSolver`] (heap games), [`solve::HeapValues`] (any heap size via a proven period), [`solve::dag`] (explicit acyclic graphs, linear time), [`solve::loopy`] (games with cycles: values `∞{K}`, draws), [`solve::MisereSolver`] (misère play, any game), [`solve::misere_quotient()`] (misère quotients of heap games, exact), [`solve::placement`] (Cram, Node Kayles, Chomp: regions, symmetry, pruning) |
//! | 5 | [`strategy`] | sums: value, outcome, every winning move |
//! | 6 | [`games`] | families: Nim, subtraction games, closed forms exact for any size (Wythoff, Euclid, staircase Nim, Moore's Nim_k, ...), explicit game graphs ([`games::graph`]), Green Hackenbush ([`games::hackenbush`]), the Cutting Game ([`games::cutting`]), placement games ([`games::placement`]), ... |
//! | 7 | `anygame` (named through [`spec`]) | the run-time game interface: [`spec::AnyGame`] (positions as strings), any heap game as one ([`spec::HeapSpec`]), misère play and compounds of any of them through their listed moves ([`spec::listed`]) |
//! | 8 | [`script`] | custom games from a Rhai or Lua script or a TOML file (feature `script`, off by default) |
//! | 9 | [`spec`] | game specs (`sub:1,3,4`) parsed into games chosen at run time: the family registry [`spec::FAMILIES`], [`spec::parse`], [`spec::parse_with`] |
//! | 10 | [`play`] | a match against the engine: typed moves checked, the engine's move |
//! | 11 | [`explain`] | why a position has its value, for a student: options and the mex step by step, the XOR of a sum in binary columns, Bouton's winning moves, the period's proof; as data and as lines in English or Chinese |
//! | 12 | [`census`] | many take-and-break codes (`octal:3`) classified in one pass: certified period or open, canonical form up to a shift, checksum |
//! | 13 | [`service`] | what every front-end asks of the library for a request: its cost ([`service::RequestPolicy`], the memory budget, the long-run decision), the files specs name ([`service::DiskFiles`]) |
//!
//! `analysis` sits below `solve` because the solvers use it (the period
//! that extends a heap table, the split that picks the take-and-break
//! method); it needs nothing but values. No upward import is excused: the
//! run-time interface (`anygame`) sits below `script`, which builds
//! scripted games on it, and the registry (`spec`) above, which names them.

//! ## Which solver?
//!
//! Heap games (positions are heap sizes, every option a sum of smaller
//! heaps) go to the dense solver: a flat array, no hashing. Everything else
//! goes to the memoizing solver. Both are iterative and report cycles and
//! size limits as errors.
//!
//! ## Example: the subtraction game {1,3,4}
//!
//! ```
//! use grundy::{Game, solve::MemoSolver, strategy::{analyze, Outcome}};
//!
//! struct Take134;
//! impl Game for Take134 {
//!     type Position = u64;
//!     fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
//!         for take in [1, 3, 4] {
//!             if take <= *heap {
//!                 f(&[*heap - take]);
//!             }
//!         }
//!     }
//! }
//!
//! let mut solver = MemoSolver::new(Take134);
//! let table: Vec<u64> = (0..9).map(|n| solver.nim_value(&n).unwrap().value()).collect();
//! assert_eq!(table, [0, 1, 0, 1, 2, 3, 2, 0, 1]); // the seed's table
//!
//! // Heaps 5 and 6 have values 3 and 2: an N-position. Every winning move
//! // is listed (here: 5 -> 4, value 2).
//! let a = analyze(&Take134, &mut solver, &[5, 6]).unwrap();
//! assert_eq!(a.outcome, Outcome::N);
//! for m in &a.winning_moves {
//!     println!("heap {}: {} -> {:?}", m.component, m.from, m.to);
//! }
//! ```
#![deny(missing_docs)]
// Unsafe code only where allowed by name: the take-and-break engine's
// kernels and its two thread hand-overs (solve/takebreak), and the
// file-backed table's memory map (solve/table/mapped.rs).
#![deny(unsafe_code)]
#![deny(clippy::too_many_lines)]

pub mod analysis;
mod anygame;
pub mod census;
pub mod error;
pub mod explain;
pub mod files;
pub mod game;
pub mod games;
pub mod nimber;
pub mod play;
#[cfg(feature = "script")]
pub mod script;
pub mod service;
pub mod solve;
pub mod spec;
pub mod strategy;
pub mod util;

pub use error::{Error, ErrorKind, Result};
pub use game::{Game, HeapGame};
pub use nimber::{mex::mex, Mex, Nimber};

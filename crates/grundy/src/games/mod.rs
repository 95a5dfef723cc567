//! Game families: the rules of each, and closed forms where they exist.
//!
//! Every closed form here is tested equal to a generic solver on all small
//! positions.
//!
//! | family | closed form |
//! |---|---|
//! | [`nim`] | `G = XOR`; Bouton's winning moves, normal and misère |
//! | [`subtraction`] | periods, proven by the window or residue theorem |
//! | [`wythoff`] | P-positions `(⌊kφ⌋, ⌊kφ⌋+k)`, exact for `u64` and big integers |
//! | [`euclid`] | outcome and the unique winning move in O(log) |
//! | [`staircase`] | `G` = XOR of the odd steps |
//! | [`moore`] | P iff every bit column counts a multiple of `k+1` |
//! | [`multiplication`] | alternating intervals below the target |
//! | [`square_box`] | `G(s, c)` by the threshold `t + t² < s` |
//! | [`beans`] | no formula: a P-position table (three-pile Wythoff) |
//! | [`take`] | none: heap rules `take:LO..HI`, solved by the dense solver |
//! | [`digits`] | none: subtract a digit of the heap (`digits:max,min`), solved by the dense solver |
//! | [`placement`] | Cram on a strip = Dawson's Kayles (0.07), on an even × even rectangle 0; Node Kayles on a path = 0.137; the rest by [`crate::solve::placement`] |
//! | [`coins`] | coin-turning games: Ruler, Mock Turtles (odious numbers), …; Tartan theorem `G(x,y) = G₁(x) ⊗ G₂(y)` |

pub mod beans;
pub mod coins;
pub mod cutting;
pub mod digits;
pub mod euclid;
pub mod graph;
pub mod hackenbush;
pub mod moore;
pub mod multiplication;
pub mod nim;
pub mod pebbles;
pub mod placement;
pub mod square_box;
pub mod staircase;
pub mod subtraction;
pub mod take;
pub mod wythoff;

/// The take-and-break rules live in the rules layer ([`crate::game`]).
pub use crate::game::take_break::TakeBreak;
pub use nim::Nim;
pub use subtraction::Subtraction;

//! Explicit game graphs: [`GameGraph`] lives in the rules layer,
//! [`crate::game::graph`], so that the graph solvers need nothing from
//! here. This module keeps its public path.

pub use crate::game::graph::*;

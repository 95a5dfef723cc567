//! Find the pattern in a table of values, the way contest tutorials teach
//! by hand ("print the table, find the rule"), and say how sure it is.
//!
//! Input is a table, never a game: [`one_dim`] takes `G(0..=N)` of a heap
//! game (and, when the game's period search proved one, its
//! [`Certificate`]); [`two_dim`] takes `G(a, b)` for `a, b` in a square.
//! Output is a list of [`Finding`]s, each a rule stated in words, checked
//! on every computed term:
//!
//! - **values, one dimension** ([`one_dim`]): periodic or arithmetic
//!   periodic after a listed prefix (the rule written out for short
//!   periods), affine forms `G(n) = n`, `n mod k`, `⌊n/k⌋`, the heaps where
//!   each value first appears when they follow a rule, the rare/common
//!   split when one is clear; number-theoretic forms (`arith`:
//!   `G(n) = popcount(n)`, `v2(n) + 1`, `π(spf(n))` on the odd `n`,
//!   `G(n) = G(spf(n))`, ...);
//! - **P-positions, one dimension** ([`ppos`]): unions of arithmetic
//!   progressions `n ≡ r (mod m)` (eventually), whole residue classes
//!   together with a geometric sequence (`n odd, or n = 2·4^k`), or a named sequence of
//!   the [`catalogue`] (Fibonacci numbers, powers, Beatty sequences, evil
//!   numbers, ...), compared term by term;
//! - **two dimensions** ([`two_dim`]): P-positions as a set of pairs
//!   (`a = b`, `b = a + c`, complementary Beatty pairs such as Wythoff's
//!   `(⌊kφ⌋, ⌊kφ²⌋)`, ratio and bitwise rules), value forms (`a xor b`,
//!   the nim product `a ⊗ b` of the Tartan theorem, `gcd(a,b)`, `lcm(a,b)`),
//!   divisibility rules (`gcd(a,b) = 1`, the smaller divides the larger),
//!   rows periodic or arithmetic periodic in the other coordinate;
//! - **tuples of heaps** ([`tuples`], on a [`TupleTable`]): Moore's Nim_K
//!   P-positions (each bit set in a multiple of `K + 1` heaps), the
//!   nim-sum of the coordinates or of their values alone, and whether the
//!   values are symmetric ([`asymmetry`]).
//!
//! Honesty rules, relied on by the CLI and checked by tests against
//! longer tables:
//! - a finding is `proven` only when a theorem says so: the game's period
//!   certificate (Guy–Smith, the window theorem, a family's closed form),
//!   or a consequence of it (the P-positions of a proven period). Anything
//!   else is "observed to N".
//! - a rule must hold on every computed term, or it is reported with its
//!   `first_exception` and not claimed; a rule that holds only after
//!   exceptions that continue late into the table (a preperiod that grows
//!   with the table) is reported with its `last_exception` and not
//!   claimed;
//! - a rule must be supported by more data than it has free parameters:
//!   a period is reported only with the evidence
//!   [`observed_enough`](crate::analysis::observed_enough) asks for (three
//!   periods and three times the preperiod repeated), a sequence only when
//!   at least [`MIN_TERMS`] of its terms lie in the table.
//!
//! Time: O(N·P) for the near-miss period scan (P ≤ N/6 candidate periods,
//! most rejected at once), O(N · catalogue) for the sequences, O(N²·R) for a
//! square of side N and R pair rules. Memory: O(N) (O(N²) is the input of
//! [`two_dim`]).

mod arith;
pub mod catalogue;
mod one_dim;
pub mod ppos;
mod tuples;
mod two_dim;

pub use arith::{NumberRules, MAX_EVALUATED};
pub use one_dim::one_dim;
pub use tuples::{
    asymmetry, moore_nim_k, moore_p_position, tuples, TupleTable, MAX_TUPLE_POSITIONS,
};
pub use two_dim::{two_dim, two_dim_proven, Square};

use super::period::Periodicity;
pub use catalogue::QuadraticIrrational;

/// Fewest terms of a named sequence (or P-positions of a pair rule) that
/// must lie in the table before it is compared at all.
pub const MIN_TERMS: usize = 6;

/// What a finding is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Of {
    /// The nim-values.
    Values,
    /// The P-positions (value 0).
    PPositions,
}

impl Of {
    /// The JSON name: `values` or `p_positions`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Of::Values => "values",
            Of::PPositions => "p_positions",
        }
    }
}

/// The shape of a rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `G(n + p) = G(n)` from some `n0` on.
    Periodic,
    /// `G(n + p) = G(n) + s`, `s > 0`, from some `n0` on.
    ArithmeticPeriodic,
    /// A closed form: `G(n) = n`, `n mod k`, `⌊n/k⌋`, `G(a,b) = a xor b`.
    Affine,
    /// P-positions are unions of arithmetic progressions `n ≡ r (mod m)`.
    Progressions,
    /// A named sequence (P-positions, or where values first appear).
    Sequence,
    /// P-positions of a two-dimensional game, as a set of pairs (or of a
    /// game on tuples, as a set of tuples: Moore's Nim_K).
    Pairs,
    /// The rare/common split of the values.
    RareCommon,
    /// A number-theoretic form: `G(n) = popcount(n)`, `π(spf(n))`,
    /// `G(spf(n))`, ...
    NumberTheoretic,
}

impl Kind {
    /// The JSON name, e.g. `arithmetic_periodic`.
    pub fn as_str(&self) -> &'static str {
        match self {
            Kind::Periodic => "periodic",
            Kind::ArithmeticPeriodic => "arithmetic_periodic",
            Kind::Affine => "affine",
            Kind::Progressions => "progressions",
            Kind::Sequence => "sequence",
            Kind::Pairs => "pairs",
            Kind::RareCommon => "rare_common",
            Kind::NumberTheoretic => "number_theoretic",
        }
    }
}

/// Where a rule first fails: a heap, or a pair `a,b`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// A heap `n`.
    Heap(u64),
    /// A pair `(a, b)`.
    Pair(u64, u64),
}

/// One rule found in a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Values or P-positions.
    pub of: Of,
    /// The shape of the rule.
    pub kind: Kind,
    /// The rule in words, e.g. `G(n) = n mod 3`.
    pub rule: String,
    /// The name of a catalogue sequence, when the rule is one.
    pub name: Option<String>,
    /// Its reference (an OEIS A-number), when it has one.
    pub reference: Option<String>,
    /// True when a theorem proves the rule for every position.
    pub proven: bool,
    /// The theorem, when `proven`.
    pub proof: Option<String>,
    /// The first position where the rule fails, when it held on a long
    /// prefix and then broke (the rule is then not claimed).
    pub first_exception: Option<Position>,
    /// The last position where the rule fails, when it holds from there to
    /// the end of the table but its exceptions continue late into it (a
    /// preperiod that grows with the table: evidence against the rule,
    /// which is then not claimed).
    pub last_exception: Option<Position>,
    /// The relation behind a periodic, arithmetic periodic or affine rule
    /// of the values, or behind progressions of P-positions (then of the
    /// indicator: 1 at a P-position, 0 elsewhere), for programs that check
    /// it.
    pub periodicity: Option<Periodicity>,
    /// More lines for a reader: the prefix and the cycle of a period, the
    /// first terms of a sequence.
    pub details: Vec<String>,
}

impl Finding {
    fn new(of: Of, kind: Kind, rule: String) -> Finding {
        Finding {
            of,
            kind,
            rule,
            name: None,
            reference: None,
            proven: false,
            proof: None,
            first_exception: None,
            last_exception: None,
            periodicity: None,
            details: Vec::new(),
        }
    }

    /// Whether the rule is stated as holding (proven, or observed on the
    /// whole table): it has no exception that breaks it and no exceptions
    /// that continue late into the table.
    pub fn claimed(&self) -> bool {
        self.first_exception.is_none() && self.last_exception.is_none()
    }
}

/// A periodicity that a theorem proves for the game the table comes from
/// (what `grundy period` prints as "proven").
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The proven relation.
    pub periodicity: Periodicity,
    /// The theorem, in words.
    pub proof: String,
}

/// A law of the P-positions of a game on pairs `(a, b)`, as
/// [`two_dim`] names the candidate rules it can prove: a game whose
/// theorem proves one says so ([`ProvenLaw`]), and the finding of that
/// rule is then marked proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum PairLaw {
    /// `(⌊kα⌋, ⌊kβ⌋)` and mirror images, `k ≥ 0`, with `1/α + 1/β = 1`
    /// (complementary Beatty pairs; Wythoff's pairs for `α = φ`).
    Beatty(QuadraticIrrational),
    /// `min(a,b) < max(a,b) < α·min(a,b)`, or (with `zero`) a zero
    /// coordinate.
    Ratio {
        /// The bound on the ratio.
        alpha: QuadraticIrrational,
        /// Whether a position with a zero coordinate is a P-position.
        zero: bool,
    },
}

/// A law of the P-positions that a game's theorem proves, for every
/// position (not only the table's), with the theorem in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProvenLaw {
    /// The law.
    pub law: PairLaw,
    /// The theorem that proves it, e.g. `Wythoff (1907): ...`.
    pub theorem: String,
}

/// Numbers joined by spaces, at most `keep` of them, `…` after.
pub fn compact(values: &[u64], keep: usize) -> String {
    let mut s: Vec<String> = values.iter().take(keep).map(u64::to_string).collect();
    if values.len() > keep {
        s.push("...".into());
    }
    s.join(" ")
}

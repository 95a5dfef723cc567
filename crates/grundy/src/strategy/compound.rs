//! Compounds of games other than the disjunctive sum (*Winning Ways*,
//! ch. 9): each turn moves in several components at once.
//!
//! | compound | a move | ends | decided by |
//! |---|---|---|---|
//! | [`Compound::Conjunctive`] | in *every* component | as soon as one component ends | remoteness: `R = min R_i`, N iff odd |
//! | [`Compound::Continued`] | in every component that can move (Every-SG, HDU 3595) | when all have ended | suspense: `S = max S_i`, N iff odd |
//! | [`Compound::Selective`] | in any non-empty set of components | when all have ended | N iff some component is N |
//!
//! All three are normal play: the player who cannot move loses.
//! Remoteness and suspense ([`Lengths`]) come from the exhaustive
//! [`RemotenessSolver`]; a component is a position of the game (a
//! disjunctive sum if its moves split it).
//!
//! A winning move of a compound is a choice of option in each component
//! (untouched components keep theirs) after which the compound is P:
//! conjunctive, the least remoteness of the results is even; continued,
//! the greatest suspense is even; selective, exactly the N components move,
//! each to a P option. [`analyze_compound`] lists them in order, up to a
//! limit, and counts the rest exactly (by inclusion–exclusion over the
//! least or greatest number, a product of per-component counts), so the
//! work is proportional to the moves listed, not to their product.

use crate::error::Result;
use crate::game::{Game, Outcome};
use crate::solve::remoteness::{Lengths, RemotenessSolver};

/// Which compound (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// Move in every component; ends when one ends.
    Conjunctive,
    /// Move in every component that can; ends when all have ended.
    Continued,
    /// Move in any non-empty set of components.
    Selective,
}

impl Compound {
    /// The name on the command line (`conjunctive`, `continued`,
    /// `selective`).
    pub fn name(self) -> &'static str {
        match self {
            Compound::Conjunctive => "conjunctive",
            Compound::Continued => "continued",
            Compound::Selective => "selective",
        }
    }
}

/// A move of a compound: for each component, the sum it becomes, or
/// `None` when it is not moved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundMove<P> {
    /// Per component: `Some(option)` (a sum; empty: nothing left) or `None`.
    pub to: Vec<Option<Vec<P>>>,
}

/// Outcome, lengths and winning moves of a compound.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CompoundAnalysis<P> {
    /// Which compound.
    pub compound: Compound,
    /// Who wins.
    pub outcome: Outcome,
    /// Remoteness and suspense of each component (in normal play alone).
    pub lengths: Vec<Lengths>,
    /// Remoteness of the compound (conjunctive: `min R_i`; moves left with
    /// the winner hurrying) — `None` for the other compounds.
    pub remoteness: Option<u64>,
    /// Suspense of the compound (continued: `max S_i`) — `None` for the
    /// other compounds.
    pub suspense: Option<u64>,
    /// The first winning moves, in order.
    pub winning_moves: Vec<CompoundMove<P>>,
    /// Winning moves not listed (exact up to `u128::MAX`, where it stops).
    pub unlisted_moves: u128,
}

/// One component's options with their lengths.
struct Choices<P> {
    options: Vec<(Vec<P>, Lengths)>,
}

/// Outcome and the first `max_listed` winning moves of the `compound` of
/// `components` (see the module docs).
///
/// ```
/// use grundy::{games::Nim, solve::RemotenessSolver, strategy::Outcome};
/// use grundy::strategy::compound::{analyze_compound, Compound};
/// let mut s = RemotenessSolver::new(Nim);
/// // Conjunctive: heaps 1 and 5 each end in one move: take both, win.
/// let a = analyze_compound(&mut s, &[1, 5], Compound::Conjunctive, 10).unwrap();
/// assert_eq!((a.outcome, a.remoteness), (Outcome::N, Some(1)));
/// // Continued: take both heaps of 2 at once and nothing can move: N.
/// let a = analyze_compound(&mut s, &[2, 2], Compound::Continued, 10).unwrap();
/// assert_eq!((a.outcome, a.suspense), (Outcome::N, Some(1)));
/// ```
pub fn analyze_compound<G: Game>(
    solver: &mut RemotenessSolver<G>,
    components: &[G::Position],
    compound: Compound,
    max_listed: usize,
) -> Result<CompoundAnalysis<G::Position>> {
    let mut lengths = Vec::with_capacity(components.len());
    let mut choices = Vec::with_capacity(components.len());
    for c in components {
        lengths.push(solver.lengths(std::slice::from_ref(c))?);
        let mut options = Vec::new();
        for o in solver.sum_options(std::slice::from_ref(c)) {
            let l = solver.lengths(&o)?;
            options.push((o, l));
        }
        choices.push(Choices { options });
    }
    let (remoteness, suspense, next_wins) = match compound {
        Compound::Conjunctive => {
            let r = lengths.iter().map(|l| l.remoteness).min().unwrap_or(0);
            (Some(r), None, r % 2 == 1)
        }
        Compound::Continued => {
            let s = lengths.iter().map(|l| l.suspense).max().unwrap_or(0);
            (None, Some(s), s % 2 == 1)
        }
        Compound::Selective => (None, None, lengths.iter().any(Lengths::next_wins)),
    };
    let mut listing = Listing {
        moves: Vec::new(),
        max: max_listed,
        total: 0,
    };
    if next_wins {
        match compound {
            Compound::Conjunctive => extremes(&choices, &mut listing, |l| l.remoteness, true),
            Compound::Continued => extremes(&choices, &mut listing, |l| l.suspense, false),
            Compound::Selective => selective(&choices, &lengths, &mut listing),
        }
    }
    let listed = listing.moves.len() as u128;
    Ok(CompoundAnalysis {
        compound,
        outcome: if next_wins { Outcome::N } else { Outcome::P },
        lengths,
        remoteness,
        suspense,
        winning_moves: listing.moves,
        unlisted_moves: listing.total.saturating_sub(listed),
    })
}

struct Listing<P> {
    moves: Vec<CompoundMove<P>>,
    max: usize,
    /// Winning moves in all (saturating).
    total: u128,
}

/// The product of `counts`, saturating.
fn product(counts: impl Iterator<Item = u128>) -> u128 {
    counts.fold(1u128, |a, b| a.saturating_mul(b))
}

/// Conjunctive (`least`: the least number of the results must be even;
/// every component moves) or continued (the greatest must be even; a
/// component with no option stays, counting as 0).
fn extremes<P: Clone>(
    choices: &[Choices<P>],
    out: &mut Listing<P>,
    number: impl Fn(&Lengths) -> u64,
    least: bool,
) {
    // Per component, its candidate numbers (a terminal component in a
    // continued compound: one untouched choice, number 0).
    let numbers: Vec<Vec<u64>> = choices
        .iter()
        .map(|c| match c.options.is_empty() && !least {
            true => vec![0],
            false => c.options.iter().map(|(_, l)| number(l)).collect(),
        })
        .collect();
    if numbers.iter().any(Vec::is_empty) {
        return; // a conjunctive compound with an ended component: no move
    }
    let mut targets: Vec<u64> = numbers
        .iter()
        .flatten()
        .copied()
        .filter(|m| m % 2 == 0)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    // Beyond `m` (on the side that keeps `m` the extreme), and `m` itself.
    let allowed = |x: u64, m: u64| if least { x >= m } else { x <= m };
    let strictly = |x: u64, m: u64| if least { x > m } else { x < m };
    for &m in &targets {
        let wide = product(
            numbers
                .iter()
                .map(|ns| ns.iter().filter(|&&x| allowed(x, m)).count() as u128),
        );
        let narrow = product(
            numbers
                .iter()
                .map(|ns| ns.iter().filter(|&&x| strictly(x, m)).count() as u128),
        );
        out.total = out.total.saturating_add(wide.saturating_sub(narrow));
    }
    for &m in &targets {
        // hits_after[i]: some component at i.. can take exactly m.
        let mut hits_after = vec![false; numbers.len() + 1];
        for i in (0..numbers.len()).rev() {
            hits_after[i] = hits_after[i + 1] || numbers[i].contains(&m);
        }
        list_extreme(choices, &numbers, &hits_after, m, &allowed, out);
        if out.moves.len() >= out.max {
            return;
        }
    }
}

/// Depth-first listing of the tuples whose extreme is exactly `m`: every
/// pick allowed, and at least one equal to `m`. An explicit stack of
/// frames, one per component picked so far (whether a pick so far equals
/// `m`, and the next candidate to try), so a compound of a million
/// components needs no recursion.
fn list_extreme<P: Clone>(
    choices: &[Choices<P>],
    numbers: &[Vec<u64>],
    hits_after: &[bool],
    m: u64,
    allowed: &dyn Fn(u64, u64) -> bool,
    out: &mut Listing<P>,
) {
    // The frame of component `i` is `stack[i]`; `picked[..i]` are the picks
    // of the components before it.
    let mut stack: Vec<(bool, usize)> = vec![(false, 0)];
    let mut picked: Vec<Option<Vec<P>>> = Vec::with_capacity(numbers.len());
    while let Some(i) = stack.len().checked_sub(1) {
        if out.moves.len() >= out.max {
            return;
        }
        let frame = &mut stack[i];
        let (hit, next) = *frame;
        let descend = if i == numbers.len() {
            if hit {
                out.moves.push(CompoundMove { to: picked.clone() });
            }
            None
        } else if !hit && !hits_after[i] {
            None
        } else if choices[i].options.is_empty() {
            // A component that has ended stays (continued compound).
            (next == 0).then(|| {
                frame.1 = 1;
                (None, hit || m == 0)
            })
        } else {
            let k = (next..numbers[i].len()).find(|&k| allowed(numbers[i][k], m));
            k.map(|k| {
                frame.1 = k + 1;
                let x = numbers[i][k];
                (Some(choices[i].options[k].0.clone()), hit || x == m)
            })
        };
        match descend {
            Some((pick, hit)) => {
                picked.push(pick);
                stack.push((hit, 0));
            }
            None => {
                stack.pop();
                picked.pop();
            }
        }
    }
}

/// Selective: every N component moves to a P option; the others stay.
fn selective<P: Clone>(choices: &[Choices<P>], lengths: &[Lengths], out: &mut Listing<P>) {
    let p_options: Vec<Vec<usize>> = choices
        .iter()
        .zip(lengths)
        .map(|(c, l)| match l.next_wins() {
            true => (0..c.options.len())
                .filter(|&k| !c.options[k].1.next_wins())
                .collect(),
            false => Vec::new(),
        })
        .collect();
    out.total = product(
        p_options
            .iter()
            .zip(lengths)
            .filter(|(_, l)| l.next_wins())
            .map(|(ks, _)| ks.len() as u128),
    );
    list_selective(choices, lengths, &p_options, out);
}

/// Depth-first listing of the selective moves: each N component moves to
/// one of its P options, the others stay. An explicit stack of frames, one
/// per component picked so far (the next choice to try), as in
/// [`list_extreme`].
fn list_selective<P: Clone>(
    choices: &[Choices<P>],
    lengths: &[Lengths],
    p_options: &[Vec<usize>],
    out: &mut Listing<P>,
) {
    let mut stack: Vec<usize> = vec![0];
    let mut picked: Vec<Option<Vec<P>>> = Vec::with_capacity(choices.len());
    while let Some(i) = stack.len().checked_sub(1) {
        if out.moves.len() >= out.max {
            return;
        }
        let next = &mut stack[i];
        let descend = if i == choices.len() {
            out.moves.push(CompoundMove { to: picked.clone() });
            None
        } else if !lengths[i].next_wins() {
            (*next == 0).then(|| {
                *next = 1;
                None
            })
        } else {
            p_options[i].get(*next).map(|&k| {
                *next += 1;
                Some(choices[i].options[k].0.clone())
            })
        };
        match descend {
            Some(pick) => {
                picked.push(pick);
                stack.push(0);
            }
            None => {
                stack.pop();
                picked.pop();
            }
        }
    }
}

#[cfg(test)]
#[path = "compound_tests.rs"]
mod tests;

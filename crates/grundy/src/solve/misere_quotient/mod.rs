//! Misère quotients of heap games (Plambeck–Siegel), exact.
//!
//! Two sums `X`, `Y` of heaps `0..=N` of a heap game are *indistinguishable*
//! when `X + Z` and `Y + Z` have the same misère outcome for every such sum
//! `Z`. The classes form a commutative monoid, the misère quotient
//! (T. E. Plambeck, "Taming the wild in impartial combinatorial games",
//! Integers 5 (2005) G05; T. E. Plambeck and A. N. Siegel, "Misère quotients
//! for impartial games", J. Combin. Theory Ser. A 115 (2008)); with its
//! P-portion (the classes of P-positions) it decides the misère outcome of
//! every sum at once: multiply the heaps' elements, look the product up.
//!
//! Algorithm (`learn`): the quotient is the minimal automaton of the
//! commutative language of P-positions, learnt heap by heap with L*
//! (membership by exhaustive search, [`MisereSolver`]), each hypothesis
//! *proved* or refuted by a finite check of the misère recursion on the
//! pairs (element, elements of the options) reachable from the empty sum.
//! The reported quotient is therefore the quotient of all sums of heaps
//! `0..=N`, not an approximation; when it cannot be found within the
//! limits of [`QuotientConfig`] (a quotient may be infinite), the answer is
//! an error naming the limit. (Siegel's MisereSolver builds the quotient by
//! a different, algebraic extension step; this module shares only the
//! definitions.)
//!
//! Time: L* asks `O(|Q| · N · |E|)` memberships, each a (memoized)
//! exhaustive misère search of a sum of a few heaps; the proof visits at
//! most `|Q| · 2^|Q|` pairs and in practice a few times `|Q|`, each costing
//! `O(N · |Q|)`. Memory: the product table, `|Q|²` entries, and the search's
//! memo. Fine for quotients of a few hundred elements and heaps up to a few
//! dozen; [`QuotientConfig`] bounds every part.
//!
//! Known improvements not made: Siegel's direct extension by one heap at a
//! time (no search), periodicity of quotients (Plambeck–Siegel's
//! periodicity theorem) to cover all heaps.

mod bitset;
pub mod genus;
mod learn;
mod present;

use crate::error::{Error, ErrorKind, Result};
use crate::game::{collect_options, HeapGame, Outcome, WinningMove};
use crate::solve::misere::{MisereConfig, MisereSolver};
use learn::{Learner, Limits, Oracle};
use present::Table;

pub use genus::{genus, misere_nim_value, misere_nim_value_within, Genus};

/// Limits of a quotient computation.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct QuotientConfig {
    /// Most elements the quotient may have.
    pub max_order: usize,
    /// Most (element, option elements) pairs the proof may visit.
    pub max_pairs: usize,
    /// Limits of the exhaustive search that answers membership questions.
    pub search: MisereConfig,
}

crate::util::setters!(QuotientConfig {
    max_order: usize,
    max_pairs: usize,
    search: MisereConfig,
});

impl Default for QuotientConfig {
    fn default() -> Self {
        QuotientConfig {
            max_order: 1024,
            max_pairs: 2_000_000,
            search: MisereConfig {
                max_states: 4_000_000,
                max_moves: 12_000_000,
            },
        }
    }
}

impl QuotientConfig {
    /// Small limits: an answer in well under a second, or an error (used
    /// where a quotient is only a shortcut, as in `analyze --misere`, whose
    /// exhaustive search answers a position the quotient cannot). With two
    /// million moves of search, `0.77`'s quotient to heap 9 ran 1.8 s before
    /// failing; 200,000 fail it in about 0.2 s.
    pub fn quick() -> Self {
        QuotientConfig {
            max_order: 128,
            max_pairs: 100_000,
            search: MisereConfig {
                max_states: 50_000,
                max_moves: 200_000,
            },
        }
    }
}

/// Largest heap bound accepted.
pub const MAX_HEAPS: u64 = 10_000;

/// Where a quotient computation stands, for a progress display: reported
/// to the hook of [`misere_quotient_with`] before each membership question,
/// every few thousand moves of a long search, and every few thousand pairs
/// of a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct QuotientProgress {
    /// The heap being admitted (heaps `0..heap` are done).
    pub heap: u64,
    /// The largest heap asked for.
    pub heaps: u64,
    /// Elements of the quotient found so far.
    pub order: usize,
    /// Moves of sums the membership search has generated, towards its
    /// limit [`MisereConfig::max_moves`].
    pub moves: u64,
    /// Sums the membership search holds, towards its limit
    /// [`MisereConfig::max_states`].
    pub states: usize,
}

/// The misère quotient of the sums of heaps `0..=N` of a heap game.
///
/// ```
/// use grundy::{games::Nim, solve::misere_quotient::misere_quotient};
/// // misère Nim with heaps up to 3: the tame quotient of order 6
/// let q = misere_quotient(&Nim, 3, &Default::default()).unwrap();
/// assert_eq!(q.order(), 6);
/// assert!(q.is_tame());
/// assert_eq!(q.element_name(q.heap_element(1)), "a");
/// assert_eq!(q.outcome(&[2, 2]), Some(grundy::strategy::Outcome::P));
/// ```
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    heaps: u64,
    table_mul: Vec<u32>,
    order: usize,
    p: Vec<bool>,
    heap_elements: Vec<usize>,
    /// (heap, element) of each generator.
    generators: Vec<(u64, usize)>,
    normal: Vec<Vec<u32>>,
    relations: Vec<(Vec<u32>, usize)>,
    /// Order of the quotient of heaps `0..=n`, for each `n`.
    orders: Vec<usize>,
    tame: bool,
    /// Membership questions the search answered.
    queries: u64,
    /// The options of each heap, as elements.
    option_elements: Vec<Vec<(Vec<u64>, usize)>>,
}

/// The misère quotient of heaps `0..=heaps` of `game` (see the module docs).
pub fn misere_quotient<G: HeapGame>(
    game: &G,
    heaps: u64,
    config: &QuotientConfig,
) -> Result<MisereQuotient> {
    misere_quotient_with(game, heaps, config, &mut |_| Ok(()))
}

/// [`misere_quotient()`] with a progress and cancel hook: `progress` is
/// called often (at least every few thousand moves of search or pairs of
/// proof, about a millisecond of work) with where the computation stands;
/// an error it returns stops the work and is returned (conventionally
/// [`ErrorKind::Cancelled`]).
pub fn misere_quotient_with<G: HeapGame>(
    game: &G,
    heaps: u64,
    config: &QuotientConfig,
    progress: &mut dyn FnMut(&QuotientProgress) -> Result<()>,
) -> Result<MisereQuotient> {
    if heaps > MAX_HEAPS {
        return Err(Error::unsupported(format!(
            "misère quotients are computed for heaps up to {MAX_HEAPS}, not `{heaps}`"
        )));
    }
    let limits = Limits {
        max_order: config.max_order,
        max_pairs: config.max_pairs,
    };
    let mut oracle = Oracle::new(
        MisereSolver::with_config(game, config.search.clone()),
        heaps,
        progress,
    );
    let mut learner = Learner::new();
    let mut orders = Vec::new();
    let mut all_options: Vec<Vec<Vec<u64>>> = Vec::new();
    let mut automaton = None;
    for n in 0..=heaps {
        let options = collect_options(game, &n);
        for o in &options {
            if let Some(&h) = o.iter().find(|&&h| h >= n) {
                return Err(ErrorKind::NotShrinking { heap: n, option: h }.into());
            }
        }
        learner.admit(n, &options);
        all_options.push(options);
        oracle.at_heap(n, orders.last().copied().unwrap_or(1))?;
        let a = learner
            .learn(&mut oracle, limits)
            .map_err(|e| match e.kind() {
                ErrorKind::Cycle { .. } | ErrorKind::NotShrinking { .. } | ErrorKind::Cancelled => {
                    e
                }
                _ => Error::unsupported(format!(
                    "the misère quotient of `{}` for heaps 0..={heaps} is beyond its limits: \
                 at heap {n} (order {} so far), {e}",
                    game.spec(),
                    orders.last().copied().unwrap_or(1),
                )),
            })?;
        orders.push(a.delta.len());
        automaton = Some(a);
    }
    let a = automaton.expect("heap 0 was admitted");
    let order = a.delta.len();
    let access = learner.access_words();
    let mut mul = vec![0u32; order * order];
    for x in 0..order {
        for y in 0..order {
            let z = access[y].iter().fold(x, |s, &l| a.delta[s][l] as usize);
            mul[x * order + y] = z as u32;
        }
    }
    let heap_state = |h: u64| learner.letter_of(h).map_or(0, |l| a.delta[0][l] as usize);
    let table = Table { order, mul };
    let candidates: Vec<(u64, usize)> = (0..=heaps).map(|h| (h, heap_state(h))).collect();
    let gens = present::generators(&table, &candidates);
    let gen_elems: Vec<usize> = gens.iter().map(|g| g.1).collect();
    let pres = present::present(&table, &gen_elems);
    // Renumber the elements in the order of their normal forms.
    let mut by_form: Vec<usize> = (0..order).collect();
    by_form.sort_by_key(|&x| present::order_key(&pres.normal[x]));
    let mut new_id = vec![0usize; order];
    for (i, &x) in by_form.iter().enumerate() {
        new_id[x] = i;
    }
    let mut table_mul = vec![0u32; order * order];
    for x in 0..order {
        for y in 0..order {
            table_mul[new_id[x] * order + new_id[y]] = new_id[table.mul(x, y)] as u32;
        }
    }
    let mut p = vec![false; order];
    let mut normal = vec![Vec::new(); order];
    for x in 0..order {
        p[new_id[x]] = a.p[x];
        normal[new_id[x]] = pres.normal[x].clone();
    }
    let renumbered = Table {
        order,
        mul: table_mul.clone(),
    };
    let tame = present::is_tame(&renumbered, &p);
    let heap_elements: Vec<usize> = (0..=heaps).map(|h| new_id[heap_state(h)]).collect();
    let product = |hs: &[u64]| {
        hs.iter()
            .fold(0usize, |x, &h| renumbered.mul(x, heap_elements[h as usize]))
    };
    let option_elements = all_options
        .iter()
        .map(|opts| opts.iter().map(|o| (o.clone(), product(o))).collect())
        .collect();
    Ok(MisereQuotient {
        heaps,
        table_mul,
        order,
        p,
        generators: gens.iter().map(|&(h, x)| (h, new_id[x])).collect(),
        heap_elements,
        normal,
        relations: pres
            .relations
            .iter()
            .map(|(v, x)| (v.clone(), new_id[*x]))
            .collect(),
        orders,
        tame,
        queries: oracle.queries,
        option_elements,
    })
}

impl MisereQuotient {
    /// The largest heap covered.
    pub fn heaps(&self) -> u64 {
        self.heaps
    }

    /// The number of elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product of two elements (elements are `0..order`, `0` the
    /// identity, numbered in the order of their normal forms).
    pub fn mul(&self, x: usize, y: usize) -> usize {
        self.table_mul[x * self.order + y] as usize
    }

    /// Whether the element is in the P-portion.
    pub fn is_p(&self, x: usize) -> bool {
        self.p[x]
    }

    /// The element of heap `h` (`h ≤ heaps`).
    pub fn heap_element(&self, h: u64) -> usize {
        self.heap_elements[h as usize]
    }

    /// The elements of heaps `0..=heaps`.
    pub fn heap_elements(&self) -> &[usize] {
        &self.heap_elements
    }

    /// The element of a sum of heaps; `None` when a heap is beyond the
    /// quotient.
    pub fn element(&self, heaps: &[u64]) -> Option<usize> {
        let mut x = 0;
        for &h in heaps {
            x = self.mul(x, *self.heap_elements.get(usize::try_from(h).ok()?)?);
        }
        Some(x)
    }

    /// The misère outcome of a sum of heaps; `None` when a heap is beyond
    /// the quotient.
    pub fn outcome(&self, heaps: &[u64]) -> Option<Outcome> {
        let x = self.element(heaps)?;
        Some(if self.p[x] { Outcome::P } else { Outcome::N })
    }

    /// Misère outcome and every winning move of a sum of heaps (a move to
    /// a sum in the P-portion); `None` when a heap is beyond the quotient.
    pub fn analyze(&self, heaps: &[u64]) -> Option<(Outcome, Vec<WinningMove<u64>>)> {
        let outcome = self.outcome(heaps)?;
        let mut moves = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let rest: Vec<u64> = heaps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &x)| x)
                .collect();
            let r = self.element(&rest)?;
            for (opt, x) in &self.option_elements[h as usize] {
                if self.p[self.mul(r, *x)] {
                    moves.push(WinningMove {
                        name: None,
                        component: i,
                        from: h,
                        to: opt.clone(),
                    });
                }
            }
        }
        Some((outcome, moves))
    }

    /// The generators: `(name, heap)`, named `a`, `b`, `c`, ... in the
    /// order of the heaps that first reach them.
    pub fn generators(&self) -> Vec<(String, u64)> {
        self.generators
            .iter()
            .enumerate()
            .map(|(i, &(h, _))| (generator_name(i), h))
            .collect()
    }

    /// An element written as its normal form over the generators:
    /// `1` for the identity, else factors such as `a^2b`.
    pub fn element_name(&self, x: usize) -> String {
        word(&self.normal[x])
    }

    /// The relations `(left, right)`: each left word equals the normal form
    /// on its right, and together they reduce every word to its normal
    /// form.
    pub fn relations(&self) -> Vec<(String, String)> {
        self.relations
            .iter()
            .map(|(v, x)| (word(v), self.element_name(*x)))
            .collect()
    }

    /// The elements of the P-portion.
    pub fn p_portion(&self) -> Vec<usize> {
        (0..self.order).filter(|&x| self.p[x]).collect()
    }

    /// Whether the quotient is tame: isomorphic, with its P-portion, to the
    /// quotient of misère Nim on heaps `0..2^k` for some `k`.
    pub fn is_tame(&self) -> bool {
        self.tame
    }

    /// The order of the quotient of heaps `0..=n`, for each `n ≤ heaps`.
    pub fn orders(&self) -> &[usize] {
        &self.orders
    }

    /// The least `n` such that the quotient of heaps `0..=m` has the order
    /// of the quotient of heaps `0..=heaps` for every `m` in `n..=heaps` (it
    /// did not grow over the last heaps computed); `None` when it grew at
    /// heap `heaps` itself. This says nothing of heaps above `heaps`: the
    /// quotient of misère Nim keeps order 6 for heaps `0..=2` and `0..=3`,
    /// and heap 4 adds elements. That no larger heap adds one needs a proof
    /// (Plambeck–Siegel's periodicity theorem for quotients), which this
    /// module does not make.
    pub fn stable_from(&self) -> Option<u64> {
        let last = *self.orders.last()?;
        let n = self
            .orders
            .iter()
            .rposition(|&o| o != last)
            .map_or(0, |i| i + 1) as u64;
        (n < self.heaps || self.heaps == 0).then_some(n)
    }

    /// Membership questions answered by exhaustive search while learning.
    pub fn queries(&self) -> u64 {
        self.queries
    }
}

fn generator_name(i: usize) -> String {
    if i < 26 {
        ((b'a' + i as u8) as char).to_string()
    } else {
        format!("g{}", i + 1)
    }
}

fn word(v: &[u32]) -> String {
    let mut s = String::new();
    for (i, &e) in v.iter().enumerate() {
        match e {
            0 => {}
            1 => s.push_str(&generator_name(i)),
            _ => s.push_str(&format!("{}^{e}", generator_name(i))),
        }
    }
    if s.is_empty() {
        s.push('1');
    }
    s
}

#[cfg(test)]
mod tests;

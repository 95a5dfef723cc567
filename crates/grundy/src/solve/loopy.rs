//! Loopy games: the generalized Sprague–Grundy function of a game graph
//! with cycles, and the outcome of sums of tokens on it.
//!
//! ## The theory
//!
//! C. A. B. Smith ("Graphs and composite games", *J. Combin. Theory* 1,
//! 1966) extended the SG function to graphs with cycles; A. S. Fraenkel and
//! Y. Yesha ("The generalized Sprague–Grundy function and its invariance
//! under certain mappings", *J. Combin. Theory A* 43, 1986) gave the
//! labelling algorithm used here. Each vertex `u` gets a finite value `γ(u)`
//! or `∞`; a finite `γ(u) = m` means: no follower has value `m`, every
//! `j < m` is the value of some follower, and every follower of value `∞`
//! (or larger than `m`) has a follower of value `m` — reachable back
//! *strictly earlier* in the labelling, which is what makes "return to `m`"
//! a strategy that ends. An infinite value is written `∞{K}` with `K` the
//! set of finite values of its followers.
//!
//! Outcomes (the player to move): `γ = 0` is P (loses), finite `γ > 0` is
//! N (wins), `∞{K}` is N when `0 ∈ K` (move to a 0) and D (draw) when not.
//! Sums (Smith): with all values finite, `γ` of the sum is their XOR; with
//! exactly one infinite component `∞{K}` and the others XOR-ing to `a`, the
//! sum is `∞{K ⊕ a}` (N iff `a ∈ K`); with two or more infinite components
//! the sum is `∞{}`: a draw.
//!
//! ## The algorithm (queue and counters, no repeated full passes)
//!
//! Stage `m = 0, 1, 2, …`, over the set `U` of undecided vertices:
//! 1. label `m` every `u ∈ U` such that no follower is labelled `m` and every
//!    follower that is undecided or `∞` has a follower labelled `m`;
//! 2. label `∞` every `u ∈ U` left with no follower labelled `m`;
//! 3. the rest (they have a follower labelled `m`) form `U` for stage `m+1`.
//!
//! Step 1 is a retrograde analysis run with counters. `base[u]` counts the
//! edges from `u` to followers without a finite label (kept up to date for
//! the whole run: an edge leaves it once, when its head gets its label).
//! During stage `m` a vertex is *marked* once it has a follower labelled
//! `m`. Labelling `w` with `m` marks its predecessors; marking an undecided
//! or `∞` vertex `v` decrements the stage counter of each unmarked undecided
//! predecessor `x` (started from `base[x]` at its first touch in the stage,
//! by generation stamps, so nothing is cleared between stages); a counter
//! reaching 0 labels `x` with `m` and queues it. A stage starts from the
//! undecided vertices whose `base` is already 0 (all followers finitely
//! labelled), which are collected when their `base` drops.
//!
//! Time: O(V + E + Σ_v d⁻(v) · f(v)) where `f(v) ≤ d⁺(v)` is the number of
//! distinct finite values among the followers of `v` (each is one marking
//! of `v`, which walks its predecessors); so O(V + E·(1 + g)) with `g` the
//! largest finite value, and O(V + E) when the graph is acyclic (acyclic
//! graphs go straight to [`super::dag`]). The sets `U` shrink and every
//! vertex carried to the next stage is paid for by an edge to a vertex just
//! labelled, so handling them costs O(V + E) in all. Memory: the reversed
//! graph (4 bytes per vertex and per edge) and about 28 bytes per vertex.
//!
//! The labelling order is kept as a *counter*: for a single token, moving
//! to the P-follower of least counter every time wins (each answer of the
//! opponent can be met by a 0 labelled before the last one), so
//! [`GraphValues::analyze`] lists winning moves in that order.
//!
//! [`LoopySolver`] applies all this to any [`Game`] with cycles, by
//! building the explicit graph of the positions reachable from those asked
//! about (options must be single components or empty).

use crate::error::{Error, ErrorKind, Result};
use crate::game::graph::{GameGraph, Vertex};
use crate::game::Game;
use crate::game::{Outcome, WinningMove};
use crate::nimber::Nimber;
use rustc_hash::FxHashMap;
use std::fmt;

/// A generalized Sprague–Grundy value: finite, or `∞` with the finite
/// values of the followers.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LoopyValue {
    /// An ordinary nim-value.
    Finite(Nimber),
    /// `∞{K}`: `K` (sorted, distinct) are the finite values of the followers.
    Infinite(Vec<Nimber>),
}

impl LoopyValue {
    /// Who wins: P for 0, N for another finite value or `∞{K}` with `0 ∈ K`,
    /// D (a draw) for `∞{K}` with `0 ∉ K`.
    pub fn outcome(&self) -> Outcome {
        match self {
            LoopyValue::Finite(v) => Outcome::of_value(*v),
            LoopyValue::Infinite(k) if k.first() == Some(&Nimber::ZERO) => Outcome::N,
            LoopyValue::Infinite(_) => Outcome::D,
        }
    }

    /// The value when finite.
    pub fn finite(&self) -> Option<Nimber> {
        match self {
            LoopyValue::Finite(v) => Some(*v),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// The value in ASCII: `3`, or `inf{0,2}` for `∞{0,2}` (the JSON form).
    ///
    /// ```
    /// use grundy::{Nimber, solve::loopy::LoopyValue};
    /// let v = LoopyValue::Infinite(vec![Nimber::new(0), Nimber::new(2)]);
    /// assert_eq!((v.to_string(), v.to_ascii()), ("∞{0,2}".into(), "inf{0,2}".into()));
    /// assert_eq!(LoopyValue::Finite(Nimber::new(3)).to_ascii(), "3");
    /// ```
    pub fn to_ascii(&self) -> String {
        match self {
            LoopyValue::Finite(v) => v.value().to_string(),
            LoopyValue::Infinite(k) => format!("inf{{{}}}", join(k)),
        }
    }
}

fn join(k: &[Nimber]) -> String {
    k.iter()
        .map(|v| v.value().to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// `3`, or `∞{0,2}`.
impl fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoopyValue::Finite(v) => write!(f, "{}", v.value()),
            LoopyValue::Infinite(k) => write!(f, "∞{{{}}}", join(k)),
        }
    }
}

/// Value, outcome and the good moves of a sum in a loopy game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoopyAnalysis<P> {
    /// The generalized value of the sum.
    pub value: LoopyValue,
    /// P, N or D.
    pub outcome: Outcome,
    /// For N: every move to a P-position (empty otherwise).
    pub winning_moves: Vec<WinningMove<P>>,
    /// For D: every move that keeps the draw, i.e. to a D-position (empty
    /// otherwise).
    pub drawing_moves: Vec<WinningMove<P>>,
}

impl<P> LoopyAnalysis<P> {
    /// The same analysis with positions mapped (for example to strings).
    pub fn map<Q>(self, mut f: impl FnMut(&P) -> Q) -> LoopyAnalysis<Q> {
        let mut map_moves = |moves: Vec<WinningMove<P>>| -> Vec<WinningMove<Q>> {
            moves
                .into_iter()
                .map(|m| WinningMove {
                    name: None,
                    component: m.component,
                    from: f(&m.from),
                    to: m.to.iter().map(&mut f).collect(),
                })
                .collect()
        };
        let winning_moves = map_moves(self.winning_moves);
        let drawing_moves = map_moves(self.drawing_moves);
        LoopyAnalysis {
            value: self.value,
            outcome: self.outcome,
            winning_moves,
            drawing_moves,
        }
    }
}

// Labels are 32 bits: a finite label m needs m followers of distinct
// values, so m < V < 2^32 - 1, below both marks.
const INFINITE: u32 = u32::MAX;
const UNDECIDED: u32 = u32::MAX - 1;

/// Labels of every vertex (finite value or [`INFINITE`]) and the order in
/// which finite labels were given.
#[derive(Clone, Debug, Default)]
struct Labels {
    label: Vec<u32>,
    counter: Vec<u32>,
    acyclic: bool,
}

impl Labels {
    fn compute(graph: &GameGraph) -> Labels {
        match super::dag::topological_order(graph) {
            Ok(order) => Labels::acyclic(graph, &order),
            Err(_) => Labels::smith(graph),
        }
    }

    /// Finite values in reverse topological order; the counter is the
    /// position in that order (every follower comes earlier).
    fn acyclic(graph: &GameGraph, order: &[u32]) -> Labels {
        let csr = graph.csr();
        let n = graph.vertex_count();
        let mut label = vec![0u32; n];
        let mut counter = vec![0u32; n];
        let mut mex = crate::nimber::Mex::new();
        for (i, &u) in order.iter().rev().enumerate() {
            mex.clear();
            for w in csr.row(u as usize) {
                mex.insert(Nimber::new(u64::from(label[w.index()])));
            }
            // At most the out-degree of `u` (see INFINITE).
            label[u as usize] = mex.mex().value() as u32;
            counter[u as usize] = i as u32;
        }
        Labels {
            label,
            counter,
            acyclic: true,
        }
    }

    /// The Fraenkel–Yesha labelling (see the module docs).
    fn smith(graph: &GameGraph) -> Labels {
        let csr = graph.csr();
        let rev = csr.reversed();
        let n = graph.vertex_count();
        let mut label = vec![UNDECIDED; n];
        let mut counter = vec![u32::MAX; n];
        let mut base: Vec<u32> = (0..n).map(|u| csr.row(u).len() as u32).collect();
        let mut work = vec![0u32; n];
        let mut work_stamp = vec![0u32; n];
        let mut marked = vec![0u32; n];
        let mut undecided: Vec<u32> = (0..n as u32).collect();
        let mut next_undecided: Vec<u32> = Vec::new();
        let mut ready: Vec<u32> = (0..n as u32).filter(|&u| base[u as usize] == 0).collect();
        let mut queue: Vec<u32> = Vec::new();
        let mut next_counter = 0u32;
        let mut m = 0u32;
        while !undecided.is_empty() {
            // Stages are numbered from 1 in the stamps, so 0 means "never".
            let stamp = m + 1;
            queue.clear();
            for u in ready.drain(..) {
                if label[u as usize] == UNDECIDED {
                    label[u as usize] = m;
                    counter[u as usize] = next_counter;
                    next_counter += 1;
                    queue.push(u);
                }
            }
            let mut head = 0;
            while head < queue.len() {
                let w = queue[head] as usize;
                head += 1;
                for &u in rev.row(w) {
                    let u = u.index();
                    base[u] -= 1;
                    if base[u] == 0 && label[u] == UNDECIDED {
                        ready.push(u as u32);
                    }
                    if marked[u] == stamp {
                        continue;
                    }
                    marked[u] = stamp;
                    if label[u] == UNDECIDED {
                        next_undecided.push(u as u32);
                    } else if label[u] != INFINITE {
                        continue;
                    }
                    // `u` (undecided or ∞) now has a follower labelled m.
                    for &x in rev.row(u) {
                        let x = x.index();
                        if label[x] != UNDECIDED || marked[x] == stamp {
                            continue;
                        }
                        if work_stamp[x] != stamp {
                            work_stamp[x] = stamp;
                            work[x] = base[x];
                        }
                        work[x] -= 1;
                        if work[x] == 0 {
                            label[x] = m;
                            counter[x] = next_counter;
                            next_counter += 1;
                            queue.push(x as u32);
                        }
                    }
                }
            }
            for &u in &undecided {
                let u = u as usize;
                if label[u] == UNDECIDED && marked[u] != stamp {
                    label[u] = INFINITE;
                }
            }
            std::mem::swap(&mut undecided, &mut next_undecided);
            next_undecided.clear();
            m += 1;
        }
        Labels {
            label,
            counter,
            acyclic: false,
        }
    }

    fn value(&self, graph: &GameGraph, v: Vertex) -> LoopyValue {
        match self.label[v.index()] {
            INFINITE => {
                let mut k: Vec<Nimber> = graph
                    .successors(v)
                    .iter()
                    .map(|w| self.label[w.index()])
                    .filter(|&l| l != INFINITE)
                    .map(|l| Nimber::new(u64::from(l)))
                    .collect();
                k.sort_unstable();
                k.dedup();
                LoopyValue::Infinite(k)
            }
            x => LoopyValue::Finite(Nimber::new(u64::from(x))),
        }
    }

    fn has_follower_labelled(&self, graph: &GameGraph, v: Vertex, x: u64) -> bool {
        graph
            .successors(v)
            .iter()
            .any(|w| u64::from(self.label[w.index()]) == x)
    }

    /// Value, outcome and good moves of tokens on `tokens` (see the module
    /// docs for Smith's rules).
    fn analyze(&self, graph: &GameGraph, tokens: &[Vertex]) -> Result<LoopyAnalysis<Vertex>> {
        if let Some(v) = tokens.iter().find(|v| !graph.contains(**v)) {
            return Err(Error::invalid_position(
                &v.index().to_string(),
                "the graph has no such vertex",
            ));
        }
        let label = |v: Vertex| self.label[v.index()];
        let mut xor = 0u64;
        let mut infinite: Vec<usize> = Vec::new();
        for (i, &t) in tokens.iter().enumerate() {
            match label(t) {
                INFINITE => infinite.push(i),
                x => xor ^= u64::from(x),
            }
        }
        let value = match infinite.len() {
            0 => LoopyValue::Finite(Nimber::new(xor)),
            1 => match self.value(graph, tokens[infinite[0]]) {
                LoopyValue::Infinite(k) => {
                    let mut k: Vec<Nimber> = k.into_iter().map(|x| x + Nimber::new(xor)).collect();
                    k.sort_unstable();
                    LoopyValue::Infinite(k)
                }
                finite => finite,
            },
            _ => LoopyValue::Infinite(Vec::new()),
        };
        let outcome = value.outcome();
        let mut analysis = LoopyAnalysis {
            value,
            outcome,
            winning_moves: Vec::new(),
            drawing_moves: Vec::new(),
        };
        if outcome == Outcome::P {
            return Ok(analysis);
        }
        // The outcome after moving token i from t to s.
        let after = |i: usize, t: Vertex, s: Vertex| -> Outcome {
            let (a, b) = (label(t), label(s));
            let mut x = xor;
            let mut count = infinite.len();
            if a == INFINITE {
                count -= 1;
            } else {
                x ^= u64::from(a);
            }
            if b == INFINITE {
                count += 1;
            } else {
                x ^= u64::from(b);
            }
            match count {
                0 => Outcome::of_value(Nimber::new(x)),
                1 => {
                    let j = if b == INFINITE {
                        s
                    } else {
                        let k = infinite.iter().find(|&&k| k != i).copied();
                        match k {
                            Some(k) => tokens[k],
                            None => return Outcome::D, // unreachable: count says one is left
                        }
                    };
                    if self.has_follower_labelled(graph, j, x) {
                        Outcome::N
                    } else {
                        Outcome::D
                    }
                }
                _ => Outcome::D,
            }
        };
        let want = if outcome == Outcome::N {
            Outcome::P
        } else {
            Outcome::D
        };
        let mut targets: Vec<Vertex> = Vec::new();
        for (i, &t) in tokens.iter().enumerate() {
            targets.clear();
            targets.extend_from_slice(graph.successors(t));
            targets.sort_unstable_by_key(|s| (self.counter[s.index()], s.index()));
            targets.dedup();
            for &s in &targets {
                if after(i, t, s) == want {
                    let m = WinningMove {
                        name: None,
                        component: i,
                        from: t,
                        to: vec![s],
                    };
                    if want == Outcome::P {
                        analysis.winning_moves.push(m);
                    } else {
                        analysis.drawing_moves.push(m);
                    }
                }
            }
        }
        Ok(analysis)
    }
}

/// The generalized Sprague–Grundy value of every vertex of a game graph.
///
/// ```
/// use grundy::games::graph::GameGraph;
/// use grundy::strategy::Outcome;
/// // a <-> b is a cycle; b may also move to the dead end c.
/// let g = GameGraph::parse("a b\nb a\nb c\n").unwrap();
/// let values = g.values();
/// let v = |n: &str| values.value(g.vertex(n).unwrap()).unwrap();
/// assert_eq!(v("c").to_string(), "0");
/// assert_eq!(v("b").to_string(), "1"); // b -> c wins; a can only go back to b
/// assert_eq!(v("a").to_string(), "0");
/// let loop_only = GameGraph::parse("x y\ny x\n").unwrap();
/// let x = loop_only.vertex("x").unwrap();
/// let a = loop_only.values().analyze(&[x]).unwrap();
/// assert_eq!((a.value.to_string(), a.outcome), ("∞{}".to_string(), Outcome::D));
/// ```
#[derive(Clone, Debug)]
pub struct GraphValues<'g> {
    graph: &'g GameGraph,
    labels: Labels,
}

impl GameGraph {
    /// The value of every vertex: linear time when the graph is acyclic,
    /// the generalized (loopy) Sprague–Grundy function otherwise.
    pub fn values(&self) -> GraphValues<'_> {
        GraphValues::new(self)
    }
}

impl<'g> GraphValues<'g> {
    /// Computes the values (linear time on an acyclic graph; see the module
    /// docs for the loopy case).
    pub fn new(graph: &'g GameGraph) -> GraphValues<'g> {
        GraphValues {
            graph,
            labels: Labels::compute(graph),
        }
    }

    /// The graph.
    pub fn graph(&self) -> &'g GameGraph {
        self.graph
    }

    /// True when the graph has no cycle (then every value is finite).
    pub fn is_acyclic(&self) -> bool {
        self.labels.acyclic
    }

    /// The value of `v` (`None` if `v` is not a vertex of the graph).
    pub fn value(&self, v: Vertex) -> Option<LoopyValue> {
        self.graph
            .contains(v)
            .then(|| self.labels.value(self.graph, v))
    }

    /// The value of `v` when it is finite.
    pub fn finite_value(&self, v: Vertex) -> Option<Nimber> {
        match self.labels.label.get(v.index()) {
            Some(&x) if x != INFINITE => Some(Nimber::new(u64::from(x))),
            _ => None,
        }
    }

    /// When `v` got its finite label, in labelling order: every follower
    /// of `v` that is `∞` or of larger value has a follower of value `γ(v)`
    /// with a smaller counter. `None` for `∞` vertices.
    pub fn counter(&self, v: Vertex) -> Option<u32> {
        self.finite_value(v).map(|_| self.labels.counter[v.index()])
    }

    /// Value, outcome and good moves of tokens on the vertices `tokens`
    /// (a vertex may carry several). Winning moves of each token come in
    /// counter order (see the module docs).
    pub fn analyze(&self, tokens: &[Vertex]) -> Result<LoopyAnalysis<Vertex>> {
        self.labels.analyze(self.graph, tokens)
    }
}

/// Settings of a [`LoopySolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct LoopyConfig {
    /// Most positions the explored graph may hold.
    pub max_positions: usize,
}

crate::util::setters!(LoopyConfig {
    max_positions: usize,
});

impl Default for LoopyConfig {
    fn default() -> Self {
        LoopyConfig {
            max_positions: 50_000_000,
        }
    }
}

/// The generalized Sprague–Grundy function of any [`Game`], cycles allowed.
///
/// It explores every position reachable from those asked about (breadth
/// first, no recursion), builds the explicit [`GameGraph`] and labels it.
/// Every option must be a single component, or empty (nothing left, a
/// terminal position); an option that splits into a sum is an
/// [`ErrorKind::Unsupported`] error naming the position. Asking about a new
/// position extends the graph and labels it again: O(V + E) per extension
/// besides the labelling itself.
///
/// ```
/// use grundy::{Game, solve::loopy::LoopySolver, strategy::Outcome};
/// /// Take 1 or 2 tokens; or, holding 1 or 2, put one back: a loopy game.
/// struct PutBack;
/// impl Game for PutBack {
///     type Position = u32;
///     fn options(&self, n: &u32, f: &mut dyn FnMut(&[u32])) {
///         for k in 1..=2 { if *n >= k { f(&[n - k]); } }
///         if (1..=2).contains(n) { f(&[n + 1]); }
///     }
/// }
/// let mut s = LoopySolver::new(PutBack);
/// let v: Vec<String> = (0..5).map(|n| s.value(&n).unwrap().to_string()).collect();
/// assert_eq!(v.join(" "), "0 ∞{0} ∞{0} 0 ∞{0}");
/// assert_eq!(s.analyze(&[3]).unwrap().outcome, Outcome::P);
/// // Each heap of 1 alone is won by moving to 0, but two of them draw.
/// assert_eq!(s.analyze(&[1]).unwrap().outcome, Outcome::N);
/// assert_eq!(s.analyze(&[1, 1]).unwrap().outcome, Outcome::D);
/// ```
pub struct LoopySolver<G: Game> {
    game: G,
    config: LoopyConfig,
    index: FxHashMap<G::Position, u32>,
    /// `None` is the empty sum (the position after a move leaving nothing).
    positions: Vec<Option<G::Position>>,
    empty: Option<u32>,
    edges: Vec<(u32, u32)>,
    explored: usize,
    graph: GameGraph,
    labels: Labels,
}

impl<G: Game> LoopySolver<G> {
    /// A solver for `game`.
    pub fn new(game: G) -> Self {
        Self::with_config(game, LoopyConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: LoopyConfig) -> Self {
        LoopySolver {
            game,
            config,
            index: FxHashMap::default(),
            positions: Vec::new(),
            empty: None,
            edges: Vec::new(),
            explored: 0,
            graph: GameGraph::default_empty(),
            labels: Labels::default(),
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// How many positions have been explored.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    /// True before anything was asked.
    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }

    /// The generalized value of the component `p`.
    pub fn value(&mut self, p: &G::Position) -> Result<LoopyValue> {
        let v = self.ensure(std::slice::from_ref(p))?[0];
        Ok(self.labels.value(&self.graph, v))
    }

    /// Value, outcome and good moves of the sum of `components`.
    pub fn analyze(&mut self, components: &[G::Position]) -> Result<LoopyAnalysis<G::Position>> {
        let tokens = self.ensure(components)?;
        let a = self.labels.analyze(&self.graph, &tokens)?;
        let positions = &self.positions;
        let mut out = LoopyAnalysis {
            value: a.value,
            outcome: a.outcome,
            winning_moves: Vec::new(),
            drawing_moves: Vec::new(),
        };
        let convert = |m: WinningMove<Vertex>| WinningMove {
            name: None,
            component: m.component,
            from: components[m.component].clone(),
            to: m
                .to
                .iter()
                .filter_map(|v| positions[v.index()].clone())
                .collect(),
        };
        out.winning_moves = a.winning_moves.into_iter().map(convert).collect();
        out.drawing_moves = a.drawing_moves.into_iter().map(convert).collect();
        Ok(out)
    }

    /// The vertices of `components`, exploring and relabelling if needed.
    fn ensure(&mut self, components: &[G::Position]) -> Result<Vec<Vertex>> {
        let before = self.positions.len();
        let mut tokens = Vec::with_capacity(components.len());
        for c in components {
            tokens.push(Vertex::new(self.intern(c)?));
        }
        if let Err(e) = self.explore() {
            self.reset();
            return Err(e);
        }
        if self.positions.len() != before || self.labels.label.len() != self.positions.len() {
            self.graph = GameGraph::from_edges(self.positions.len(), &self.edges)?;
            self.labels = Labels::compute(&self.graph);
        }
        Ok(tokens)
    }

    fn intern(&mut self, p: &G::Position) -> Result<u32> {
        if let Some(&id) = self.index.get(p) {
            return Ok(id);
        }
        self.check_size()?;
        let id = self.positions.len() as u32;
        self.index.insert(p.clone(), id);
        self.positions.push(Some(p.clone()));
        Ok(id)
    }

    fn check_size(&self) -> Result<()> {
        let limit = self
            .config
            .max_positions
            .min(crate::game::graph::MAX_GRAPH_SIZE);
        if self.positions.len() >= limit {
            return Err(ErrorKind::TooManyPositions { limit }.into());
        }
        Ok(())
    }

    /// Breadth-first: the options of every position not yet expanded.
    fn explore(&mut self) -> Result<()> {
        let mut options: Vec<Vec<G::Position>> = Vec::new();
        while self.explored < self.positions.len() {
            let id = self.explored;
            self.explored += 1;
            let Some(p) = self.positions[id].clone() else {
                continue;
            };
            options.clear();
            self.game.options(&p, &mut |o| options.push(o.to_vec()));
            for o in &options {
                let target = match o.as_slice() {
                    [] => match self.empty {
                        Some(e) => e,
                        None => {
                            self.check_size()?;
                            let e = self.positions.len() as u32;
                            self.positions.push(None);
                            self.empty = Some(e);
                            e
                        }
                    },
                    [c] => self.intern(c)?,
                    parts => {
                        return Err(Error::unsupported(format!(
                            "position `{}` has an option that splits into {} components; \
                             the loopy solver handles options of one component",
                            self.game.format_position(&p),
                            parts.len()
                        )))
                    }
                };
                if self.edges.len() >= crate::game::graph::MAX_GRAPH_SIZE {
                    return Err(ErrorKind::TooManyPositions {
                        limit: crate::game::graph::MAX_GRAPH_SIZE,
                    }
                    .into());
                }
                self.edges.push((id as u32, target));
            }
        }
        Ok(())
    }

    /// After an error: forget everything (the next question starts afresh).
    fn reset(&mut self) {
        self.index.clear();
        self.positions.clear();
        self.empty = None;
        self.edges.clear();
        self.explored = 0;
        self.graph = GameGraph::default_empty();
        self.labels = Labels::default();
    }
}

#[cfg(test)]
mod tests;

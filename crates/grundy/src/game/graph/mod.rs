//! Explicit game graphs: the Sprague–Grundy function on a directed graph
//! the user brings, with tokens on its vertices.
//!
//! A *game graph* is a directed graph whose vertices are positions and whose
//! edges are moves (the seed documents define the SG function this way: a
//! token sits on a vertex, a move slides it along an edge, the player who
//! cannot move loses). Several tokens make a sum (POJ 2425 / HDU 1524 "A
//! Chess Game": several chessmen may share a vertex).
//!
//! ## Text format ([`GameGraph::parse`], [`GameGraph::read`])
//!
//! ```text
//! # a comment runs from `#` to the end of the line
//! a b      # an edge: a move from `a` to `b`
//! a c
//! c        # a line with one name declares a vertex (here: with no moves)
//! ```
//!
//! Vertex names are any tokens without white space or `#`. A vertex exists
//! once it is named on any line; vertices are numbered in order of first
//! appearance. Repeated edges are kept (they change nothing in the values).
//!
//! ## Representation
//!
//! Names are interned once (`names.rs`): while the names are the numbers
//! `0, 1, 2, …` (or `1, 2, …`) in order of first appearance they cost no
//! memory at all; other decimal numbers cost 8 bytes and a hash-table slot
//! each; any other names live in one string arena with a table of (id,
//! 32-bit hash) pairs. Edges are stored in compressed sparse rows (CSR):
//! per vertex, the offset of its successor list (4 bytes), and per edge its
//! target (4 bytes). While the edges come grouped by source in increasing
//! order (a file written vertex by vertex) the rows are filled as the file
//! is read, in one pass; otherwise the edge list is sorted by a stable
//! counting sort. Either way O(V + E) time. Reading is a byte scan of
//! blocks of the input (`read.rs`).
//!
//! Invariants: fewer than 2^32 vertices and 2^32 edges (checked, an error
//! beyond); `offsets` has `V + 1` non-decreasing entries ending at `E`; every
//! target is a vertex of the graph.
//!
//! Values: [`GameGraph::values`] (defined beside the solvers, in
//! [`crate::solve::loopy`], since the rules layer does not import them) picks the linear-time acyclic solver
//! ([`crate::solve::dag`]) or, when the graph has a cycle, the generalized
//! Sprague–Grundy function of loopy games ([`crate::solve::loopy`]).

mod names;
mod read;
pub use read::{MAX_GRAPH_FILE_BYTES, MAX_LINE_BYTES};

use crate::error::{ErrorKind, Result};
use crate::game::Game;
use names::Names;
use std::borrow::Cow;

/// A vertex of a [`GameGraph`]: its index, in order of first appearance.
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Vertex(u32);

impl Vertex {
    /// The vertex with index `i`.
    #[inline]
    pub const fn new(i: u32) -> Vertex {
        Vertex(i)
    }

    /// Its index (0-based).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// The largest number of vertices (and of edges) a graph may have.
pub const MAX_GRAPH_SIZE: usize = u32::MAX as usize - 1;

/// Adjacency lists in compressed sparse rows.
#[derive(Clone, Debug, Default)]
pub(crate) struct Csr {
    offsets: Vec<u32>,
    targets: Vec<Vertex>,
}

impl Csr {
    /// Rows for `n` vertices from `(source, target)` pairs, each row in the
    /// order the pairs come (a stable counting sort). Endpoints must be < n.
    pub(crate) fn build(n: usize, edges: &[(u32, u32)], reverse: bool) -> Csr {
        let mut offsets = vec![0u32; n + 1];
        for &(u, v) in edges {
            let s = if reverse { v } else { u };
            offsets[s as usize + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![Vertex(0); edges.len()];
        for &(u, v) in edges {
            let (s, t) = if reverse { (v, u) } else { (u, v) };
            let slot = &mut fill[s as usize];
            targets[*slot as usize] = Vertex(t);
            *slot += 1;
        }
        Csr { offsets, targets }
    }

    /// The same rows with every edge reversed (predecessor lists).
    pub(crate) fn reversed(&self) -> Csr {
        let n = self.len();
        let mut offsets = vec![0u32; n + 1];
        for t in &self.targets {
            offsets[t.index() + 1] += 1;
        }
        for i in 0..n {
            offsets[i + 1] += offsets[i];
        }
        let mut fill: Vec<u32> = offsets[..n].to_vec();
        let mut targets = vec![Vertex(0); self.targets.len()];
        for u in 0..n {
            for t in self.row(u) {
                let slot = &mut fill[t.index()];
                targets[*slot as usize] = Vertex(u as u32);
                *slot += 1;
            }
        }
        Csr { offsets, targets }
    }

    #[inline]
    pub(crate) fn len(&self) -> usize {
        self.offsets.len().saturating_sub(1)
    }

    #[inline]
    pub(crate) fn row(&self, u: usize) -> &[Vertex] {
        &self.targets[self.offsets[u] as usize..self.offsets[u + 1] as usize]
    }
}

/// Builds a [`GameGraph`] vertex by vertex and edge by edge.
///
/// ```
/// use grundy::games::graph::GraphBuilder;
/// let mut b = GraphBuilder::new();
/// let a = b.vertex("a").unwrap();
/// let z = b.vertex("z").unwrap();
/// b.edge(a, z);
/// let g = b.build();
/// assert_eq!(g.successors(a), [z]);
/// ```
#[derive(Default)]
pub struct GraphBuilder {
    names: Names,
    edges: Edges,
}

/// The edges read so far: rows filled directly while the sources come in
/// non-decreasing order (a file written vertex by vertex: the CSR is built
/// in the one pass that reads it), a list of pairs for a counting sort once
/// they do not.
enum Edges {
    /// `starts[u]` is the first edge of row `u`, for every row up to the
    /// last source seen (`starts.len() - 1`); its edges run to the end.
    Rows {
        starts: Vec<u32>,
        targets: Vec<Vertex>,
    },
    /// `(source, target)` in the order given.
    Pairs(Vec<(u32, u32)>),
}

impl Default for Edges {
    fn default() -> Self {
        Edges::Rows {
            starts: Vec::new(),
            targets: Vec::new(),
        }
    }
}

impl Edges {
    fn len(&self) -> usize {
        match self {
            Edges::Rows { targets, .. } => targets.len(),
            Edges::Pairs(pairs) => pairs.len(),
        }
    }

    #[inline]
    fn push(&mut self, u: u32, v: u32) {
        if let Edges::Rows { starts, targets } = self {
            if starts.len() <= u as usize + 1 {
                while starts.len() <= u as usize {
                    starts.push(targets.len() as u32);
                }
                targets.push(Vertex(v));
                return;
            }
            let mut pairs = Vec::with_capacity(targets.len() + 1);
            for (r, w) in starts.windows(2).enumerate() {
                for t in &targets[w[0] as usize..w[1] as usize] {
                    pairs.push((r as u32, t.0));
                }
            }
            let last = starts.len() - 1;
            for t in &targets[starts[last] as usize..] {
                pairs.push((last as u32, t.0));
            }
            *self = Edges::Pairs(pairs);
        }
        if let Edges::Pairs(pairs) = self {
            pairs.push((u, v));
        }
    }

    fn into_csr(self, n: usize) -> Csr {
        match self {
            Edges::Rows {
                mut starts,
                mut targets,
            } => {
                starts.resize(n + 1, targets.len() as u32);
                starts.shrink_to_fit();
                targets.shrink_to_fit();
                Csr {
                    offsets: starts,
                    targets,
                }
            }
            Edges::Pairs(pairs) => Csr::build(n, &pairs, false),
        }
    }
}

impl GraphBuilder {
    /// An empty graph.
    pub fn new() -> GraphBuilder {
        GraphBuilder::default()
    }

    /// The vertex called `name`, created if new.
    #[inline]
    pub fn vertex(&mut self, name: &str) -> Result<Vertex> {
        match self.names.intern(name) {
            Some(id) => Ok(Vertex(id)),
            None => Err(too_big("vertices")),
        }
    }

    /// [`vertex`](Self::vertex) of a name known to be ASCII, as bytes.
    #[inline]
    pub(crate) fn vertex_ascii(&mut self, name: &[u8]) -> Result<Vertex> {
        match self.names.intern_ascii(name) {
            Some(id) => Ok(Vertex(id)),
            None => Err(too_big("vertices")),
        }
    }

    /// [`vertex`](Self::vertex) of the canonical decimal number `x`, whose
    /// digits are `name`.
    #[inline]
    pub(crate) fn vertex_number(&mut self, x: u64, name: &[u8]) -> Result<Vertex> {
        match self.names.intern_canonical(x, name) {
            Some(id) => Ok(Vertex(id)),
            None => Err(too_big("vertices")),
        }
    }

    /// Adds a move from `from` to `to` (both made by [`GraphBuilder::vertex`]
    /// of this builder). Returns false, adding nothing, when the graph already
    /// has [`MAX_GRAPH_SIZE`] edges or a vertex is not of this builder.
    #[inline]
    pub fn edge(&mut self, from: Vertex, to: Vertex) -> bool {
        let n = self.names.len();
        if self.edges.len() >= MAX_GRAPH_SIZE || from.index() >= n || to.index() >= n {
            return false;
        }
        self.edges.push(from.0, to.0);
        true
    }

    /// The graph.
    pub fn build(mut self) -> GameGraph {
        let n = self.names.len();
        self.names.shrink();
        let out = self.edges.into_csr(n);
        GameGraph {
            out,
            names: self.names,
        }
    }
}

fn too_big(what: &str) -> crate::Error {
    ErrorKind::InvalidGraph {
        line: 0,
        reason: format!("the graph has more than {MAX_GRAPH_SIZE} {what}"),
    }
    .into()
}

/// A game played by sliding a token along the edges of a directed graph.
///
/// Parse one from text, or build one with [`GraphBuilder`] or
/// [`GameGraph::from_edges`]; then [`GameGraph::values`] gives the value of
/// every vertex (finite, or ∞ for loopy games) and the outcome and winning
/// moves of any set of tokens.
///
/// ```
/// use grundy::games::graph::GameGraph;
/// use grundy::strategy::Outcome;
/// let g = GameGraph::parse("a b\nb c\na c\n").unwrap();
/// let values = g.values();
/// let name = |v| g.vertex(v).unwrap();
/// // c has no move (0); b moves to c (mex{0} = 1); a moves to b or c (2).
/// assert_eq!(values.value(name("a")).unwrap().to_string(), "2");
/// // Tokens on a and b: 2 xor 1 = 3, the player to move wins by a -> b.
/// let a = values.analyze(&[name("a"), name("b")]).unwrap();
/// assert_eq!(a.outcome, Outcome::N);
/// assert_eq!(a.winning_moves[0].to, [name("b")]);
/// ```
#[derive(Clone)]
pub struct GameGraph {
    out: Csr,
    names: Names,
}

impl std::fmt::Debug for GameGraph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameGraph")
            .field("vertices", &self.vertex_count())
            .field("edges", &self.edge_count())
            .finish()
    }
}

impl GameGraph {
    /// Parses the text format (see the module docs).
    ///
    /// ```
    /// use grundy::games::graph::GameGraph;
    /// let g = GameGraph::parse("# a path\nx y\ny z\nlonely\n").unwrap();
    /// assert_eq!((g.vertex_count(), g.edge_count()), (4, 2));
    /// let e = GameGraph::parse("x y z\n").unwrap_err();
    /// assert!(e.to_string().contains("line 1"));
    /// ```
    pub fn parse(text: &str) -> Result<GameGraph> {
        GameGraph::read(text.as_bytes())
    }

    /// Reads the text format from `reader`, line by line. A read error, a
    /// line that is not UTF-8 or longer than [`MAX_LINE_BYTES`], or a text
    /// longer than [`MAX_GRAPH_FILE_BYTES`] is an
    /// [`ErrorKind::InvalidGraph`] naming the line; reading stops there.
    pub fn read<R: std::io::Read>(reader: R) -> Result<GameGraph> {
        read::read(reader)
    }

    /// A graph on vertices `0..vertex_count` (named by their numbers) with
    /// the given `(from, to)` edges.
    ///
    /// ```
    /// use grundy::games::graph::{GameGraph, Vertex};
    /// let g = GameGraph::from_edges(3, &[(0, 1), (1, 2)]).unwrap();
    /// assert_eq!(g.name(Vertex::new(2)), "2");
    /// assert!(GameGraph::from_edges(2, &[(0, 2)]).is_err());
    /// ```
    pub fn from_edges(vertex_count: usize, edges: &[(u32, u32)]) -> Result<GameGraph> {
        if vertex_count > MAX_GRAPH_SIZE {
            return Err(too_big("vertices"));
        }
        if edges.len() > MAX_GRAPH_SIZE {
            return Err(too_big("edges"));
        }
        if let Some(&(u, v)) = edges
            .iter()
            .find(|&&(u, v)| u as usize >= vertex_count || v as usize >= vertex_count)
        {
            return Err(ErrorKind::InvalidGraph {
                line: 0,
                reason: format!("the edge `{u} {v}` leaves the vertices 0..{vertex_count}"),
            }
            .into());
        }
        Ok(GameGraph {
            out: Csr::build(vertex_count, edges, false),
            names: Names::counting(vertex_count as u32),
        })
    }

    /// Number of vertices.
    #[inline]
    pub fn vertex_count(&self) -> usize {
        self.out.len()
    }

    /// Number of edges (moves), repeated edges counted.
    #[inline]
    pub fn edge_count(&self) -> usize {
        self.out.targets.len()
    }

    /// Every vertex, in index order.
    pub fn vertices(&self) -> impl ExactSizeIterator<Item = Vertex> {
        (0..self.vertex_count() as u32).map(Vertex)
    }

    /// True when `v` is a vertex of this graph.
    #[inline]
    pub fn contains(&self, v: Vertex) -> bool {
        v.index() < self.vertex_count()
    }

    /// The vertices one move away from `v` (empty for a vertex of another,
    /// larger graph).
    #[inline]
    pub fn successors(&self, v: Vertex) -> &[Vertex] {
        if self.contains(v) {
            self.out.row(v.index())
        } else {
            &[]
        }
    }

    /// The graph with no vertex.
    pub(crate) fn default_empty() -> GameGraph {
        GameGraph {
            out: Csr::build(0, &[], false),
            names: Names::default(),
        }
    }

    pub(crate) fn csr(&self) -> &Csr {
        &self.out
    }

    /// The vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<Vertex> {
        self.names.find(name).map(Vertex)
    }

    /// The vertices called `names`, in order (a name may repeat); an unknown
    /// name is an [`ErrorKind::InvalidPosition`] naming it.
    pub fn vertices_named<S: AsRef<str>>(&self, names: &[S]) -> Result<Vec<Vertex>> {
        names
            .iter()
            .map(|n| {
                let n = n.as_ref();
                self.vertex(n).ok_or_else(|| {
                    crate::Error::invalid_position(
                        n,
                        "there is no vertex of that name in the graph",
                    )
                })
            })
            .collect()
    }

    /// The name of `v` (its number for graphs built from numbered edges).
    pub fn name(&self, v: Vertex) -> Cow<'_, str> {
        if v.index() < self.names.len() {
            self.names.get(v.index())
        } else {
            Cow::Owned(v.0.to_string())
        }
    }

    /// The name of `v` as a number, when it is one held as a number
    /// (vertices named by canonical decimal numbers, the usual case): what
    /// [`name`](Self::name) spells, without building a string.
    ///
    /// ```
    /// use grundy::games::graph::GameGraph;
    /// let g = GameGraph::parse("10 20\n").unwrap();
    /// let v = g.vertex("20").unwrap();
    /// assert_eq!((g.number_name(v), g.name(v).as_ref()), (Some(20), "20"));
    /// let words = GameGraph::parse("a b\n").unwrap();
    /// assert_eq!(words.number_name(words.vertex("a").unwrap()), None);
    /// ```
    #[inline]
    pub fn number_name(&self, v: Vertex) -> Option<u64> {
        if v.index() < self.names.len() {
            self.names.number(v.index())
        } else {
            Some(u64::from(v.0))
        }
    }
}

fn with_line(e: crate::Error, line: u64) -> crate::Error {
    match e.kind() {
        ErrorKind::InvalidGraph { reason, .. } => ErrorKind::InvalidGraph {
            line,
            reason: reason.clone(),
        }
        .into(),
        _ => e,
    }
}

/// A token on a vertex: its options are the successors, one component each.
impl Game for GameGraph {
    type Position = Vertex;

    fn options(&self, p: &Vertex, f: &mut dyn FnMut(&[Vertex])) {
        for s in self.successors(*p) {
            f(std::slice::from_ref(s));
        }
    }

    #[inline]
    fn options_into(&self, p: &Vertex, out: &mut super::OptionList<Vertex>) {
        out.extend_one(self.successors(*p).iter().copied());
    }

    #[inline]
    fn position_index(&self, p: &Vertex) -> Option<usize> {
        Some(p.index())
    }

    fn format_position(&self, p: &Vertex) -> String {
        self.name(*p).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_has_comments_declarations_and_repeated_edges() {
        let g = GameGraph::parse(
            "# comment line\n\n  a   b  # trailing comment\r\nb\tc\nd\n a b\nc#no space before comment\n",
        )
        .unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.edge_count(), 3);
        let v = |n| g.vertex(n).unwrap();
        assert_eq!(g.successors(v("a")), [v("b"), v("b")]);
        assert_eq!(g.successors(v("b")), [v("c")]);
        assert!(g.successors(v("c")).is_empty() && g.successors(v("d")).is_empty());
        assert_eq!(g.name(v("d")), "d");
        assert_eq!(g.vertex("e"), None);
    }

    #[test]
    fn bad_lines_are_errors_naming_the_line() {
        let e = GameGraph::parse("a b\nb c d\n").unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid game graph at line 2: expected `FROM TO` or a single vertex name, found a third name `d`"
        );
        let e = GameGraph::read(&b"a b\n\xff\xfe\n"[..]).unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = GameGraph::parse("a b")
            .unwrap()
            .vertices_named(&["a", "zz"]);
        assert!(e.unwrap_err().to_string().contains("`zz`"));
    }

    #[test]
    fn empty_input_is_an_empty_graph() {
        let g = GameGraph::parse("").unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (0, 0));
        assert!(g.successors(Vertex::new(5)).is_empty());
    }

    #[test]
    fn reversed_rows_list_predecessors_with_multiplicity() {
        let g = GameGraph::from_edges(3, &[(0, 1), (0, 1), (2, 1), (1, 1)]).unwrap();
        let r = g.csr().reversed();
        assert_eq!(r.row(1), [Vertex(0), Vertex(0), Vertex(1), Vertex(2)]);
        assert!(r.row(0).is_empty());
    }

    #[test]
    fn a_cycle_given_to_the_finite_game_solver_is_an_error_not_a_hang() {
        // A cycle of 10^6 vertices: the memoizing solver (which needs a
        // finite game) must report it without recursing or looping.
        let n = 1_000_000u32;
        let edges: Vec<(u32, u32)> = (0..n).map(|i| (i, (i + 1) % n)).collect();
        let g = GameGraph::from_edges(n as usize, &edges).unwrap();
        let mut memo = crate::solve::MemoSolver::new(&g);
        let e = memo.nim_value(&Vertex(0)).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
        // The generalized function gives every vertex ∞{}: a draw.
        let v = g.values();
        assert_eq!(v.value(Vertex(7)).unwrap().to_string(), "∞{}");
    }

    proptest::proptest! {
        /// Rows filled while reading (sources in order) and rows from the
        /// counting sort (after the first source out of order) give the
        /// same graph as the counting sort of the whole edge list.
        #[test]
        fn rows_built_while_reading_equal_the_counting_sort(
            n in 1u32..30,
            raw in proptest::collection::vec((0u32..30, 0u32..30), 0..80),
            sorted in proptest::bool::ANY,
        ) {
            let mut edges: Vec<(u32, u32)> = raw.into_iter().map(|(u, v)| (u % n, v % n)).collect();
            if sorted {
                edges.sort_by_key(|e| e.0);
            }
            let mut b = GraphBuilder::new();
            for i in 0..n {
                b.vertex(&i.to_string()).unwrap();
            }
            for &(u, v) in &edges {
                proptest::prop_assert!(b.edge(Vertex(u), Vertex(v)));
            }
            let built = b.build();
            let sorted_out = GameGraph::from_edges(n as usize, &edges).unwrap();
            for v in sorted_out.vertices() {
                proptest::prop_assert_eq!(built.successors(v), sorted_out.successors(v));
            }
            proptest::prop_assert_eq!(built.edge_count(), edges.len());
            proptest::prop_assert_eq!(built.vertex_count(), n as usize);
        }
    }

    #[test]
    fn many_names_intern_to_distinct_ids() {
        let mut b = GraphBuilder::new();
        for i in 0..10_000 {
            assert_eq!(b.vertex(&format!("v{i}")).unwrap(), Vertex(i));
        }
        for i in (0..10_000).rev() {
            assert_eq!(b.vertex(&format!("v{i}")).unwrap(), Vertex(i));
        }
        let g = b.build();
        assert_eq!(g.name(Vertex(1234)), "v1234");
    }
}

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
//! Names are interned once: all names live in one string arena, and one hash
//! table of (id, 32-bit hash) pairs (hashing the arena's bytes) finds a
//! name's vertex, so a name costs its bytes plus about 18 bytes. Edges are
//! stored in compressed sparse rows (CSR): per vertex, the offset of its
//! successor list (4 bytes), and per edge its target (4 bytes). Building is
//! a stable counting sort of the edge list: O(V + E) time. Measured: a
//! 10^7-vertex path (a 178 MB file) is read, solved and written as JSON by
//! `grundy graph` in about 7 s of CPU time with a peak of 540 MB.
//!
//! Invariants: fewer than 2^32 vertices and 2^32 edges (checked, an error
//! beyond); `offsets` has `V + 1` non-decreasing entries ending at `E`; every
//! target is a vertex of the graph.
//!
//! Values: [`GameGraph::values`] (defined beside the solvers, in
//! [`crate::solve::loopy`], since the rules layer does not import them) picks the linear-time acyclic solver
//! ([`crate::solve::dag`]) or, when the graph has a cycle, the generalized
//! Sprague–Grundy function of loopy games ([`crate::solve::loopy`]).

use crate::error::{ErrorKind, Result};
use crate::game::Game;
use hashbrown::hash_table::{Entry, HashTable};
use rustc_hash::FxHasher;
use std::borrow::Cow;
use std::hash::Hasher;
use std::io::BufRead;

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

/// Interned vertex names: one arena, one table of ids.
///
/// The table keeps each name's 32-bit hash beside its id, so growing the
/// table never reads the arena again (that was most of the parse time of a
/// 10^7-vertex file) and a probe compares hashes before bytes.
#[derive(Clone, Default)]
struct Names {
    text: String,
    ends: Vec<usize>,
    index: HashTable<(u32, u32)>,
}

/// A name's 32-bit hash.
fn hash_name(name: &str) -> u32 {
    let mut h = FxHasher::default();
    h.write(name.as_bytes());
    let h = h.finish();
    (h >> 32) as u32 ^ h as u32
}

/// The table's 64-bit hash, a function of the stored 32 bits.
#[inline]
fn spread(h: u32) -> u64 {
    (u64::from(h) << 32 | u64::from(h)).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

fn name_in<'a>(text: &'a str, ends: &[usize], i: usize) -> &'a str {
    let start = if i == 0 { 0 } else { ends[i - 1] };
    &text[start..ends[i]]
}

impl Names {
    fn get(&self, i: usize) -> &str {
        name_in(&self.text, &self.ends, i)
    }

    fn find(&self, name: &str) -> Option<u32> {
        let h = hash_name(name);
        self.index
            .find(spread(h), |&(id, hh)| {
                hh == h && self.get(id as usize) == name
            })
            .map(|&(id, _)| id)
    }

    /// The id of `name`, adding it if new; `None` past the size limit.
    fn intern(&mut self, name: &str) -> Option<u32> {
        let Names { text, ends, index } = self;
        let h = hash_name(name);
        let entry = index.entry(
            spread(h),
            |&(id, hh)| hh == h && name_in(text, ends, id as usize) == name,
            |&(_, hh)| spread(hh),
        );
        match entry {
            Entry::Occupied(e) => Some(e.get().0),
            Entry::Vacant(e) => {
                let id = ends.len();
                if id >= MAX_GRAPH_SIZE {
                    return None;
                }
                text.push_str(name);
                ends.push(text.len());
                e.insert((id as u32, h));
                Some(id as u32)
            }
        }
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
    edges: Vec<(u32, u32)>,
}

impl GraphBuilder {
    /// An empty graph.
    pub fn new() -> GraphBuilder {
        GraphBuilder::default()
    }

    /// The vertex called `name`, created if new.
    pub fn vertex(&mut self, name: &str) -> Result<Vertex> {
        match self.names.intern(name) {
            Some(id) => Ok(Vertex(id)),
            None => Err(too_big("vertices")),
        }
    }

    /// Adds a move from `from` to `to` (both made by [`GraphBuilder::vertex`]
    /// of this builder). Returns false, adding nothing, when the graph already
    /// has [`MAX_GRAPH_SIZE`] edges or a vertex is not of this builder.
    pub fn edge(&mut self, from: Vertex, to: Vertex) -> bool {
        let n = self.names.ends.len();
        if self.edges.len() >= MAX_GRAPH_SIZE || from.index() >= n || to.index() >= n {
            return false;
        }
        self.edges.push((from.0, to.0));
        true
    }

    /// The graph.
    pub fn build(self) -> GameGraph {
        let n = self.names.ends.len();
        let out = Csr::build(n, &self.edges, false);
        GameGraph {
            out,
            names: Some(self.names),
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
    names: Option<Names>,
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

    /// Reads the text format from `reader`, line by line. A read error or a
    /// line that is not UTF-8 is an [`ErrorKind::InvalidGraph`] naming the
    /// line.
    pub fn read<R: BufRead>(mut reader: R) -> Result<GameGraph> {
        let mut builder = GraphBuilder::new();
        let mut buf = Vec::new();
        let mut line_no = 0u64;
        loop {
            buf.clear();
            line_no += 1;
            let bad = |reason: String| -> crate::Error {
                ErrorKind::InvalidGraph {
                    line: line_no,
                    reason,
                }
                .into()
            };
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) => return Err(bad(format!("it cannot be read: {e}"))),
            }
            let line =
                std::str::from_utf8(&buf).map_err(|_| bad("it is not valid UTF-8".to_string()))?;
            let line = match line.find('#') {
                Some(i) => &line[..i],
                None => line,
            };
            let mut tokens = line.split_whitespace();
            let (first, second) = (tokens.next(), tokens.next());
            if let Some(extra) = tokens.next() {
                return Err(bad(format!(
                    "expected `FROM TO` or a single vertex name, found a third name `{extra}`"
                )));
            }
            match (first, second) {
                (None, _) => {}
                (Some(v), None) => {
                    builder.vertex(v).map_err(|e| with_line(e, line_no))?;
                }
                (Some(u), Some(v)) => {
                    let u = builder.vertex(u).map_err(|e| with_line(e, line_no))?;
                    let v = builder.vertex(v).map_err(|e| with_line(e, line_no))?;
                    if !builder.edge(u, v) {
                        return Err(with_line(too_big("edges"), line_no));
                    }
                }
            }
        }
        Ok(builder.build())
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
            names: None,
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
            names: None,
        }
    }

    pub(crate) fn csr(&self) -> &Csr {
        &self.out
    }

    /// The vertex called `name`.
    pub fn vertex(&self, name: &str) -> Option<Vertex> {
        match &self.names {
            Some(names) => names.find(name).map(Vertex),
            None => name
                .parse::<u32>()
                .ok()
                .filter(|&i| (i as usize) < self.vertex_count())
                .map(Vertex),
        }
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
        match &self.names {
            Some(names) if v.index() < names.ends.len() => Cow::Borrowed(names.get(v.index())),
            _ => Cow::Owned(v.0.to_string()),
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

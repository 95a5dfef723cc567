//! `graph-staircase:FILE`: staircase Nim on a directed acyclic graph (the
//! file as for `grundy graph`): tokens lie on the vertices; a move takes
//! any positive number of the tokens of one vertex along one edge.
//!
//! The staircase theorem, on a graph: call a vertex *even* or *odd* when
//! every path from it to a dead end (a vertex with no move) has even or
//! odd length. If every vertex that holds tokens is one or the other, the
//! position's nim-value is the XOR of the token counts on the odd
//! vertices. Proof: the successors of an odd vertex are all even and
//! those of an even vertex all odd (a path from a successor, after the
//! edge to it, is a path from the vertex), so tokens never reach a vertex
//! of mixed parities. A move from an odd vertex lowers one "odd heap" by
//! any amount, as in Nim; a move from an even vertex raises one odd heap;
//! every move changes exactly one odd heap, so no option has the XOR `x`
//! of the odd heaps, while every smaller value is reached by lowering an
//! odd heap as in Nim (an odd vertex has a successor). By induction on the
//! (finite) game the value is `x`.
//!
//! A vertex with paths of both parities to dead ends is refused, named,
//! when tokens lie on it: the theorem does not apply there and the family
//! does not guess. A graph with a cycle is refused (a vertex on it named).

use crate::anygame::adapt::{no_misere_analysis, not_a_sequence};
use crate::error::{Error, ErrorKind, Result};
use crate::game::graph::{GameGraph, Vertex};
use crate::game::WinningMove;
use crate::nimber::Nimber;
use crate::spec::{AnalyzeOptions, AnyGame, Family, SpecFiles, MAX_LISTED_OPTIONS};
use crate::strategy::Analysis;

pub(super) const FAMILY: Family = Family {
    name: "graph-staircase",
    syntax: "graph-staircase:FILE",
    position: "V=C,V=C,... (C tokens on vertex V; `V` alone is one token; `-` no token)",
    example: "graph-staircase:examples/games/staircase-dag.txt 2=1,5=2",
    about: "staircase Nim on an acyclic graph: move tokens of a vertex along one edge; value = XOR of the tokens at odd distance",
    parse,
};

fn parse(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let file = super::file_argument(spec, args, "graph-staircase:graph.txt")?;
    let graph = GameGraph::parse(&files.read_graph(spec, file)?)?;
    Ok(Box::new(StaircaseSpec {
        spec: format!("graph-staircase:{file}"),
        game: GraphStaircase::of(graph)?,
    }))
}

const EVEN: u8 = 1;
const ODD: u8 = 2;

/// Staircase Nim on an acyclic graph: the parity of every vertex's paths
/// to the dead ends, computed once (linear time), then the value of any
/// placement of tokens (see the module docs of
/// `spec/families/graph_staircase.rs` for the theorem).
///
/// ```
/// use grundy::games::graph::GameGraph;
/// use grundy::spec::GraphStaircase;
/// // The staircase 3 -> 2 -> 1 -> 0: steps 1 and 3 are odd.
/// let g = GameGraph::parse("3 2\n2 1\n1 0\n").unwrap();
/// let s = GraphStaircase::new(&g).unwrap();
/// let v = |n| g.vertex(n).unwrap();
/// let value = s.value(&[(v("1"), 5), (v("2"), 7), (v("3"), 6)]).unwrap();
/// assert_eq!(value.value(), 5 ^ 6);
/// // A vertex with paths of both parities is refused, named.
/// let mixed = GameGraph::parse("a b\nb c\na c\n").unwrap();
/// let s = GraphStaircase::new(&mixed).unwrap();
/// let e = s.value(&[(mixed.vertex("a").unwrap(), 1)]).unwrap_err();
/// assert!(e.to_string().contains("`a`"));
/// ```
#[derive(Clone, Debug)]
pub struct GraphStaircase {
    /// Per vertex: `EVEN`, `ODD` or both bits (paths of both parities).
    parity: Vec<u8>,
    names: GameGraph,
}

impl GraphStaircase {
    /// The parities of `graph`'s vertices; a graph with a cycle is an
    /// [`ErrorKind::Cycle`] error naming a vertex on one. (It keeps a copy
    /// of the graph, for the names; [`of`](Self::of) takes it instead.)
    pub fn new(graph: &GameGraph) -> Result<GraphStaircase> {
        GraphStaircase::of(graph.clone())
    }

    /// [`new`](Self::new), keeping `graph` itself (no copy of its edges).
    pub fn of(graph: GameGraph) -> Result<GraphStaircase> {
        let parity = parities(&graph)?;
        Ok(GraphStaircase {
            parity,
            names: graph,
        })
    }

    /// The graph.
    pub fn graph(&self) -> &GameGraph {
        &self.names
    }

    /// Whether every path from `v` to a dead end has odd length; an error
    /// naming `v` when its paths have both parities.
    pub fn is_odd(&self, v: Vertex) -> Result<bool> {
        match self.parity.get(v.index()) {
            Some(&EVEN) => Ok(false),
            Some(&ODD) => Ok(true),
            Some(_) => Err(Error::unsupported(format!(
                "vertex `{}` has paths of both parities to a vertex with no move: staircase Nim \
                 on a graph is solved only for tokens on vertices whose paths to the dead ends \
                 all have the same parity",
                self.names.name(v)
            ))),
            None => Err(Error::invalid_position(
                &v.index().to_string(),
                "there is no vertex of that index in the graph",
            )),
        }
    }

    /// The nim-value of `count` tokens on each `vertex` (a vertex may
    /// repeat): the XOR of the counts on the odd vertices.
    pub fn value(&self, tokens: &[(Vertex, u64)]) -> Result<Nimber> {
        let mut x = 0u64;
        for &(v, c) in tokens {
            if c > 0 && self.is_odd(v)? {
                x ^= c;
            }
        }
        Ok(Nimber::new(x))
    }
}

/// The parity bits of every vertex, in one pass over the edges when every
/// edge goes to a vertex of a lower index or every edge to a higher one
/// (a file that lists its vertices in either order: the indices are then
/// an order to compute in), else in the order of a topological sort.
fn parities(graph: &GameGraph) -> Result<Vec<u8>> {
    let n = graph.vertex_count();
    let (mut down, mut up) = (true, true);
    for u in graph.vertices() {
        for w in graph.successors(u) {
            down &= w.index() < u.index();
            up &= w.index() > u.index();
        }
        if !down && !up {
            break;
        }
    }
    let order: Vec<u32> = if down {
        (0..n as u32).rev().collect()
    } else if up {
        (0..n as u32).collect()
    } else {
        crate::solve::dag::topological_order(graph).map_err(|v| {
            Error::from(ErrorKind::Cycle {
                position: graph.name(v).into_owned(),
            })
        })?
    };
    let mut parity = vec![0u8; n];
    for &u in order.iter().rev() {
        let next = graph.successors(Vertex::new(u));
        parity[u as usize] = if next.is_empty() {
            EVEN
        } else {
            next.iter().fold(0, |acc, w| {
                let p = parity[w.index()];
                acc | (p & EVEN) << 1 | (p & ODD) >> 1
            })
        };
    }
    Ok(parity)
}

/// Tokens per vertex, sorted by vertex, no zero counts.
type Tokens = Vec<(Vertex, u64)>;

struct StaircaseSpec {
    spec: String,
    game: GraphStaircase,
}

impl StaircaseSpec {
    fn read(&self, text: &str) -> Result<Tokens> {
        let t = text.trim();
        let mut tokens: Tokens = Vec::new();
        if t == "-" && self.game.names.vertex("-").is_none() {
            return Ok(tokens);
        }
        for term in t.split(',') {
            let term = term.trim();
            let (name, count) = match term.rsplit_once('=') {
                Some((n, c)) => (
                    n.trim(),
                    crate::util::parse_u64(c).map_err(|r| Error::invalid_position(text, r))?,
                ),
                None => (term, 1),
            };
            let v = self.game.names.vertex(name).ok_or_else(|| {
                Error::invalid_position(
                    text,
                    format!(
                        "`{name}` is not a vertex of `{}` (write `V=C,V=C`, C tokens on vertex V)",
                        self.spec
                    ),
                )
            })?;
            tokens.push((v, count));
        }
        tokens.sort();
        let mut merged: Tokens = Vec::with_capacity(tokens.len());
        for (v, c) in tokens {
            match merged.last_mut() {
                Some((w, d)) if *w == v => {
                    *d = d.checked_add(c).ok_or_else(|| {
                        Error::invalid_position(
                            text,
                            format!("more than `{}` tokens on one vertex", u64::MAX),
                        )
                    })?;
                }
                _ => merged.push((v, c)),
            }
        }
        merged.retain(|&(_, c)| c > 0);
        Ok(merged)
    }

    fn write(&self, tokens: &[(Vertex, u64)]) -> String {
        if tokens.is_empty() {
            return "-".into();
        }
        let terms: Vec<String> = tokens
            .iter()
            .map(|&(v, c)| format!("{}={c}", self.game.names.name(v)))
            .collect();
        terms.join(",")
    }

    /// `tokens` after moving `k` tokens from `tokens[i]` to `to`.
    fn after(tokens: &[(Vertex, u64)], i: usize, to: Vertex, k: u64) -> Tokens {
        let mut next = tokens.to_vec();
        next[i].1 -= k;
        match next.iter_mut().find(|(v, _)| *v == to) {
            // Counts are u64: a total past it saturates (never reached by
            // the positions `read` accepts on one vertex, a sum may).
            Some((_, c)) => *c = c.saturating_add(k),
            None => next.push((to, k)),
        }
        next.retain(|&(_, c)| c > 0);
        next.sort();
        next
    }

    /// The analysis of a sum listing at most `listed` winning moves (each
    /// written out costs the length of its position) and counting the
    /// others; `None`: no move computed.
    fn analyze_up_to(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        listed: Option<usize>,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(no_misere_analysis(&self.spec));
        }
        let all = positions
            .iter()
            .map(|p| self.read(p))
            .collect::<Result<Vec<Tokens>>>()?;
        let values = all
            .iter()
            .map(|t| self.game.value(t))
            .collect::<Result<Vec<Nimber>>>()?;
        let total: Nimber = values.iter().copied().sum();
        let Some(max_listed) = listed else {
            let mut a = Analysis::of_value(total, Vec::new());
            a.drop_moves();
            return Ok(a);
        };
        let mut winning = Vec::new();
        let mut unlisted = 0u128;
        if !total.is_zero() {
            for (component, (tokens, value)) in all.iter().zip(&values).enumerate() {
                let target = (*value + total).value();
                let from = self.write(tokens);
                for (i, &(v, c)) in tokens.iter().enumerate() {
                    // Lowering the odd heap on v from c to c ^ (x ^ target).
                    let lowered = c ^ (value.value() ^ target);
                    if !self.game.is_odd(v)? || lowered >= c {
                        continue;
                    }
                    for w in self.successors(v) {
                        if winning.len() < max_listed {
                            winning.push(WinningMove {
                                component,
                                from: from.clone(),
                                to: vec![self.write(&Self::after(tokens, i, w, c - lowered))],
                                name: None,
                            });
                        } else {
                            unlisted += 1;
                        }
                    }
                }
            }
        }
        Ok(Analysis::of_value(total, winning).with_unlisted_moves(unlisted))
    }

    fn successors(&self, v: Vertex) -> Vec<Vertex> {
        let mut s = self.game.names.successors(v).to_vec();
        s.sort();
        s.dedup();
        s
    }
}

impl AnyGame for StaircaseSpec {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn values(&mut self, _: u64, _: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            &self.spec,
            "its positions are tokens on the vertices of a graph",
        ))
    }

    fn analyze(&mut self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
        self.analyze_up_to(positions, options, Some(usize::MAX))
    }

    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        _outcome_only: bool,
    ) -> Result<Analysis<String>> {
        self.analyze_up_to(positions, options, None)
    }

    fn analyze_listing(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        max_listed: usize,
    ) -> Result<Analysis<String>> {
        self.analyze_up_to(positions, options, Some(max_listed))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let tokens = self.read(component)?;
        let mut count = 0u128;
        for &(v, c) in &tokens {
            count += u128::from(c) * self.successors(v).len() as u128;
        }
        if count > MAX_LISTED_OPTIONS as u128 {
            return Err(Error::unsupported(format!(
                "`{component}` has {count} moves, more than the `{MAX_LISTED_OPTIONS}` listed at most"
            )));
        }
        let mut out = Vec::new();
        for (i, &(v, c)) in tokens.iter().enumerate() {
            for w in self.successors(v) {
                for k in 1..=c {
                    out.push(vec![self.write(&Self::after(&tokens, i, w, k))]);
                }
            }
        }
        Ok(out)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(self.write(&self.read(component)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    /// The same game by its rules, for the memo solver: a position is the
    /// token count of every vertex.
    struct Rules<'g>(&'g GameGraph);

    impl crate::game::Game for Rules<'_> {
        type Position = Vec<u64>;

        fn options(&self, p: &Vec<u64>, f: &mut dyn FnMut(&[Vec<u64>])) {
            for v in self.0.vertices() {
                for &w in self.0.successors(v) {
                    for k in 1..=p[v.index()] {
                        let mut q = p.clone();
                        q[v.index()] -= k;
                        q[w.index()] += k;
                        f(&[q]);
                    }
                }
            }
        }
    }

    #[test]
    fn tokens_on_a_vertex_of_mixed_parity_are_refused_naming_it_and_others_are_solved() {
        // a -> b -> c and a -> c: a is mixed, b odd, c even.
        let g = GameGraph::parse("a b\nb c\na c\n").unwrap();
        let s = GraphStaircase::new(&g).unwrap();
        let v = |n| g.vertex(n).unwrap();
        assert_eq!(s.value(&[(v("b"), 3), (v("c"), 9)]).unwrap().value(), 3);
        let e = s.value(&[(v("a"), 1)]).unwrap_err();
        assert!(e.to_string().contains("vertex `a` has paths of both parities"), "{e}");
    }

    #[test]
    fn a_graph_with_a_cycle_is_refused_naming_a_vertex_on_it() {
        let g = GameGraph::parse("x y\ny z\nz y\n").unwrap();
        let e = GraphStaircase::new(&g).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::Cycle { .. }), "{e}");
    }

    #[test]
    fn positions_are_written_by_vertex_with_their_counts() {
        let graph = GameGraph::parse("3 2\n2 1\n1 0\n").unwrap();
        let mut spec = StaircaseSpec {
            spec: "graph-staircase:g".into(),
            game: GraphStaircase::of(graph).unwrap(),
        };
        assert_eq!(spec.normalize(" 2=1, 3 ,3,1=0").unwrap(), "3=2,2=1");
        assert_eq!(spec.normalize("-").unwrap(), "-");
        let a = spec
            .analyze(&["1=5,2=7,3=6".into()], &AnalyzeOptions::default())
            .unwrap();
        assert_eq!(a.value, Some(Nimber::new(3)));
        // Steps 1 and 3 are odd: 5 xor 6 = 3. The one winning move lowers
        // step 3 from 6 to 6 xor 3 = 5, one token to step 2 (step 1 would
        // have to rise from 5 to 6).
        let to: Vec<&str> = a.winning_moves.iter().map(|m| m.to[0].as_str()).collect();
        assert_eq!(to, ["3=5,2=8,1=5"]);
        assert!(spec.normalize("9=1").is_err());
        assert!(spec.analyze(&["1=1".into()], &AnalyzeOptions { misere: true }).is_err());
    }

    #[test]
    fn a_batch_answer_writes_one_winning_move_and_counts_the_others_instead_of_writing_them_all() {
        // 200 odd vertices o0..o199, each with 200 moves to dead ends d0..d199:
        // 40000 winning moves, each a position of 200 terms when written.
        let mut text = String::new();
        for i in 0..200 {
            for j in 0..200 {
                text.push_str(&format!("o{i} d{j}\n"));
            }
        }
        let graph = GameGraph::parse(&text).unwrap();
        let mut spec = StaircaseSpec {
            spec: "graph-staircase:g".into(),
            game: GraphStaircase::of(graph).unwrap(),
        };
        // Counts 1 on o0..o198 and 2 on o199: XOR 1 ^ 2 = 3 (199 ones XOR to 1).
        let position: Vec<String> = (0..200)
            .map(|i| format!("o{i}={}", if i == 199 { 2 } else { 1 }))
            .collect();
        let position = vec![position.join(",")];
        let opts = AnalyzeOptions::default();
        let one = spec.analyze_listing(&position, &opts, 1).unwrap();
        assert_eq!(one.value, Some(Nimber::new(3)));
        assert_eq!(one.winning_moves.len(), 1);
        // Only o199 (2 -> 1) lowers its heap: its 200 moves win.
        assert_eq!(one.winning_moves_total(), 200);
        let none = spec.analyze_without_moves(&position, &opts, false).unwrap();
        assert_eq!(none.moves_listed, crate::strategy::MovesListed::NotComputed);
        assert_eq!(none.value, Some(Nimber::new(3)));
    }

    proptest::proptest! {
        /// On random DAGs whose token vertices have one parity, the value is
        /// the memo solver's value of the rules.
        #[test]
        fn the_graph_staircase_value_is_the_value_of_the_rules(
            n in 1usize..6,
            raw in proptest::collection::vec((0u32..6, 0u32..6), 0..8),
            counts in proptest::collection::vec(0u64..3, 6),
        ) {
            // Edges from higher to lower vertices only: acyclic.
            let edges: Vec<(u32, u32)> = raw
                .into_iter()
                .map(|(u, v)| (u % n as u32, v % n as u32))
                .filter(|(u, v)| u > v)
                .collect();
            let g = GameGraph::from_edges(n, &edges).unwrap();
            let s = GraphStaircase::new(&g).unwrap();
            let counts = &counts[..n];
            let tokens: Vec<(Vertex, u64)> = g.vertices().map(|v| (v, counts[v.index()])).collect();
            let mut memo = MemoSolver::new(Rules(&g));
            let truth = memo.nim_value(&counts.to_vec()).unwrap();
            match s.value(&tokens) {
                Ok(v) => proptest::prop_assert_eq!(v, truth),
                Err(e) => proptest::prop_assert!(e.to_string().contains("both parities"), "{}", e),
            }
        }
    }
}

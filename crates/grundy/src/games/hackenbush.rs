//! Green Hackenbush: the value of any graph, by the colon and fusion
//! principles, in linear time.
//!
//! The game: an undirected multigraph (loops and repeated edges allowed)
//! with one *ground* vertex. A move deletes an edge; every edge no longer
//! connected to the ground falls away. The player who cannot move loses.
//! (Berlekamp, Conway and Guy, *Winning Ways*, ch. 7.)
//!
//! Two principles give the value without any search:
//! - **Colon principle**: on a rooted tree, the value hanging from a vertex
//!   is the XOR over its children `c` of `G(c) + 1` (ordinary `+ 1`: a stalk
//!   of `n` edges is worth `n`, and a branch below an edge is a stalk of its
//!   own value).
//! - **Fusion principle**: the vertices of any cycle may be fused into one
//!   vertex, each edge of the cycle becoming a loop, and a loop is worth a
//!   single edge. So an odd cycle becomes one edge, an even cycle nothing.
//!
//! Fusing every cycle repeatedly fuses exactly the 2-edge-connected
//! components (two vertices are joined by two edge-disjoint paths iff a
//! chain of cycles links them), and what remains is the tree of bridges.
//! The algorithm: keep the part connected to the ground; find the bridges
//! (one iterative depth-first search with low-links, an explicit stack, so a
//! path of 10^6 edges is fine); label the 2-edge-connected components; each
//! contributes `(its non-bridge edges) mod 2` and hangs its subtrees through
//! bridges, valued by the colon principle in reverse breadth-first order.
//!
//! Time O(V + E), memory O(V + E). [`Hackenbush::nim_value`] is tested
//! equal to an exhaustive search over edge subsets on every graph with at
//! most 6 edges on 4 vertices (loops and repeated edges included), every
//! simple graph on 5 vertices, and random graphs of up to 12 edges.

use crate::error::{ErrorKind, Result};
use crate::nimber::Nimber;

/// A Green Hackenbush position: edges between vertices `0..vertex_count`
/// and a ground vertex.
///
/// ```
/// use grundy::games::hackenbush::Hackenbush;
/// // A triangle standing on the ground (vertex 0) with a stalk of two edges
/// // on its top: the odd cycle fuses into one edge, under a stalk of 2: 3.
/// let g = Hackenbush::new(5, 0, &[(0, 1), (1, 2), (2, 0), (2, 3), (3, 4)]).unwrap();
/// assert_eq!(g.nim_value().value(), 3);
/// // A square (even cycle) on the ground is worth 0.
/// let sq = Hackenbush::new(4, 0, &[(0, 1), (1, 2), (2, 3), (3, 0)]).unwrap();
/// assert_eq!(sq.nim_value().value(), 0);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hackenbush {
    vertex_count: usize,
    ground: u32,
    edges: Vec<(u32, u32)>,
}

impl Hackenbush {
    /// A position with the given edges; every endpoint and the ground must
    /// be below `vertex_count` (an [`ErrorKind::InvalidGraph`] error
    /// otherwise).
    pub fn new(vertex_count: usize, ground: u32, edges: &[(u32, u32)]) -> Result<Hackenbush> {
        let bad =
            |reason: String| -> crate::Error { ErrorKind::InvalidGraph { line: 0, reason }.into() };
        if vertex_count >= u32::MAX as usize || edges.len() >= u32::MAX as usize {
            return Err(bad(
                "the graph has more than 2^32 - 2 vertices or edges".into()
            ));
        }
        if ground as usize >= vertex_count {
            return Err(bad(format!(
                "the ground `{ground}` is not one of the vertices 0..{vertex_count}"
            )));
        }
        if let Some((u, v)) = edges
            .iter()
            .find(|(u, v)| *u as usize >= vertex_count || *v as usize >= vertex_count)
        {
            return Err(bad(format!(
                "the edge `{u} {v}` leaves the vertices 0..{vertex_count}"
            )));
        }
        Ok(Hackenbush {
            vertex_count,
            ground,
            edges: edges.to_vec(),
        })
    }

    /// The edges.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The ground vertex.
    pub fn ground(&self) -> u32 {
        self.ground
    }

    /// Number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.vertex_count
    }

    /// The nim-value, by fusion and the colon principle (see the module
    /// docs). O(V + E).
    pub fn nim_value(&self) -> Nimber {
        let n = self.vertex_count;
        // Undirected adjacency (neighbour, edge id) in CSR; a loop is listed
        // once.
        let mut start = vec![0u32; n + 1];
        for &(u, v) in &self.edges {
            start[u as usize + 1] += 1;
            if u != v {
                start[v as usize + 1] += 1;
            }
        }
        for i in 0..n {
            start[i + 1] += start[i];
        }
        let mut fill = start[..n].to_vec();
        let mut adj = vec![(0u32, 0u32); start[n] as usize];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            adj[fill[u as usize] as usize] = (v, e as u32);
            fill[u as usize] += 1;
            if u != v {
                adj[fill[v as usize] as usize] = (u, e as u32);
                fill[v as usize] += 1;
            }
        }
        let row = |v: u32| &adj[start[v as usize] as usize..start[v as usize + 1] as usize];

        // Bridges of the ground's connected part: iterative DFS, low-links.
        const NONE: u32 = u32::MAX;
        let mut tin = vec![NONE; n];
        let mut low = vec![0u32; n];
        let mut bridge = vec![false; self.edges.len()];
        let mut timer = 0u32;
        // (vertex, edge it was reached by, next position in its row)
        let mut stack: Vec<(u32, u32, u32)> = vec![(self.ground, NONE, 0)];
        tin[self.ground as usize] = timer;
        low[self.ground as usize] = timer;
        timer += 1;
        while let Some(&mut (v, parent_edge, ref mut cursor)) = stack.last_mut() {
            let r = row(v);
            if (*cursor as usize) < r.len() {
                let (w, e) = r[*cursor as usize];
                *cursor += 1;
                if e == parent_edge {
                    continue;
                }
                if tin[w as usize] == NONE {
                    tin[w as usize] = timer;
                    low[w as usize] = timer;
                    timer += 1;
                    stack.push((w, e, 0));
                } else {
                    low[v as usize] = low[v as usize].min(tin[w as usize]);
                }
            } else {
                stack.pop();
                if let Some(&(p, _, _)) = stack.last() {
                    low[p as usize] = low[p as usize].min(low[v as usize]);
                    if low[v as usize] > tin[p as usize] {
                        bridge[parent_edge as usize] = true;
                    }
                }
            }
        }

        // 2-edge-connected components: connected through non-bridge edges.
        let mut comp = vec![NONE; n];
        let mut comps = 0u32;
        let mut queue: Vec<u32> = Vec::new();
        for s in 0..n as u32 {
            if tin[s as usize] == NONE || comp[s as usize] != NONE {
                continue;
            }
            comp[s as usize] = comps;
            queue.clear();
            queue.push(s);
            while let Some(v) = queue.pop() {
                for &(w, e) in row(v) {
                    if !bridge[e as usize] && comp[w as usize] == NONE {
                        comp[w as usize] = comps;
                        queue.push(w);
                    }
                }
            }
            comps += 1;
        }
        // Each component: parity of its own edges (loops after fusion), and
        // its bridges (the fused tree).
        let c = comps as usize;
        let mut parity = vec![0u64; c];
        let mut tstart = vec![0u32; c + 1];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if tin[u as usize] == NONE {
                continue; // not connected to the ground: already fallen
            }
            if bridge[e] {
                tstart[comp[u as usize] as usize + 1] += 1;
                tstart[comp[v as usize] as usize + 1] += 1;
            } else {
                parity[comp[u as usize] as usize] ^= 1;
            }
        }
        for i in 0..c {
            tstart[i + 1] += tstart[i];
        }
        let mut tfill = tstart[..c].to_vec();
        let mut tadj = vec![0u32; tstart[c] as usize];
        for (e, &(u, v)) in self.edges.iter().enumerate() {
            if tin[u as usize] != NONE && bridge[e] {
                let (a, b) = (comp[u as usize], comp[v as usize]);
                tadj[tfill[a as usize] as usize] = b;
                tfill[a as usize] += 1;
                tadj[tfill[b as usize] as usize] = a;
                tfill[b as usize] += 1;
            }
        }
        // Colon principle on the bridge tree, leaves first.
        let root = comp[self.ground as usize];
        let mut parent = vec![NONE; c];
        let mut order = vec![root];
        parent[root as usize] = root;
        let mut head = 0;
        while head < order.len() {
            let a = order[head];
            head += 1;
            for &b in &tadj[tstart[a as usize] as usize..tstart[a as usize + 1] as usize] {
                if parent[b as usize] == NONE {
                    parent[b as usize] = a;
                    order.push(b);
                }
            }
        }
        let mut value = parity;
        for &a in order.iter().rev() {
            if a != root {
                let p = parent[a as usize] as usize;
                value[p] ^= value[a as usize] + 1;
            }
        }
        Nimber::new(value[root as usize])
    }
}

/// Most edges for which [`Hackenbush::winning_cuts`] tries every cut (each
/// try is one O(V + E) evaluation).
pub const MAX_CUT_EDGES: usize = 5_000;

/// The largest picture file read (64 MiB, some five million edges):
/// `grundy hackenbush` reads no more of a file (or of `/dev/zero`).
pub const MAX_PICTURE_FILE_BYTES: u64 = 64 << 20;

/// A Hackenbush position read from text ([`Hackenbush::read_text`]), with
/// the names its vertices were given.
#[derive(Clone, Debug)]
pub struct Picture {
    /// The position (vertex `i` is `names[i]`, edge `e` is on line
    /// `lines[e]`).
    pub graph: Hackenbush,
    /// The name of each vertex.
    pub names: Vec<String>,
    /// The line (from 1) of each edge.
    pub lines: Vec<usize>,
}

impl Hackenbush {
    /// Reads a position: one edge `U V` per line between vertices named by
    /// any words (a loop is `V V`, a repeated line a second edge); a line
    /// `ground G` names the ground vertex (default: the vertex `0`); `#`
    /// starts a comment. Errors name the line.
    pub fn read_text(text: &str) -> Result<Picture> {
        let bad = |line: usize, reason: String| -> crate::Error {
            ErrorKind::InvalidGraph {
                line: line as u64,
                reason,
            }
            .into()
        };
        let mut ids: std::collections::HashMap<String, u32> = Default::default();
        let mut names: Vec<String> = Vec::new();
        let mut id = |name: &str, names: &mut Vec<String>| -> u32 {
            *ids.entry(name.to_string()).or_insert_with(|| {
                names.push(name.to_string());
                (names.len() - 1) as u32
            })
        };
        let mut ground: Option<(String, usize)> = None;
        let mut edges = Vec::new();
        let mut lines = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let line = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                [] => {}
                ["ground", g] => {
                    if let Some((_, at)) = &ground {
                        return Err(bad(
                            i + 1,
                            format!("a second `ground` line (the first is line {at})"),
                        ));
                    }
                    ground = Some((g.to_string(), i + 1));
                }
                [u, v] => {
                    edges.push((id(u, &mut names), id(v, &mut names)));
                    lines.push(i + 1);
                }
                _ => {
                    return Err(bad(
                        i + 1,
                        format!(
                            "`{}`: expected an edge `U V` or `ground G`",
                            crate::files::excerpt(line.trim())
                        ),
                    ))
                }
            }
        }
        let g = match &ground {
            Some((g, _)) => g.clone(),
            None => "0".to_string(),
        };
        let ground = id(&g, &mut names);
        let graph = Hackenbush::new(names.len(), ground, &edges)?;
        Ok(Picture {
            graph,
            names,
            lines,
        })
    }

    /// Whether each edge is still standing (joined to the ground).
    pub fn standing(&self) -> Vec<bool> {
        let n = self.vertex_count;
        let mut adj: Vec<Vec<u32>> = vec![Vec::new(); n];
        for &(u, v) in &self.edges {
            adj[u as usize].push(v);
            adj[v as usize].push(u);
        }
        let mut seen = vec![false; n];
        seen[self.ground as usize] = true;
        let mut stack = vec![self.ground];
        while let Some(u) = stack.pop() {
            for &v in &adj[u as usize] {
                if !seen[v as usize] {
                    seen[v as usize] = true;
                    stack.push(v);
                }
            }
        }
        self.edges.iter().map(|&(u, _)| seen[u as usize]).collect()
    }

    /// The winning moves: the standing edges whose cut leaves a position of
    /// value 0 (every edge tried, O(E · (V + E))). Errors beyond
    /// [`MAX_CUT_EDGES`] edges.
    pub fn winning_cuts(&self) -> Result<Vec<usize>> {
        if self.edges.len() > MAX_CUT_EDGES {
            return Err(crate::Error::unsupported(format!(
                "winning cuts are found by trying each edge, for at most {MAX_CUT_EDGES} edges (this graph has {})",
                self.edges.len()
            )));
        }
        let standing = self.standing();
        let mut cuts = Vec::new();
        let mut rest = Vec::with_capacity(self.edges.len());
        for e in (0..self.edges.len()).filter(|&e| standing[e]) {
            rest.clear();
            rest.extend(
                self.edges
                    .iter()
                    .enumerate()
                    .filter(|&(f, _)| f != e)
                    .map(|(_, &x)| x),
            );
            let after = Hackenbush {
                vertex_count: self.vertex_count,
                ground: self.ground,
                edges: std::mem::take(&mut rest),
            };
            if after.nim_value() == Nimber::ZERO {
                cuts.push(e);
            }
            rest = after.edges;
        }
        Ok(cuts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::mex::mex;
    use proptest::prelude::*;

    /// Exhaustive search: a position is the set of edges still standing
    /// (a bit mask); after a cut, the edges cut off from the ground go.
    fn brute(n: usize, ground: u32, edges: &[(u32, u32)]) -> u64 {
        assert!(edges.len() <= 16);
        let standing = |mask: u32| -> u32 {
            let mut reached = 1u64 << ground;
            let mut kept = 0u32;
            loop {
                let before = kept;
                for (e, &(u, v)) in edges.iter().enumerate() {
                    if mask >> e & 1 == 1 && (reached >> u & 1 == 1 || reached >> v & 1 == 1) {
                        kept |= 1 << e;
                        reached |= 1 << u | 1 << v;
                    }
                }
                if kept == before {
                    return kept;
                }
            }
        };
        let _ = n;
        let mut memo = vec![u64::MAX; 1 << edges.len()];
        // Cutting only removes bits, so increasing masks see their options
        // already solved.
        for mask in 0..(1u32 << edges.len()) {
            if standing(mask) != mask {
                continue;
            }
            let options = (0..edges.len())
                .filter(|e| mask >> e & 1 == 1)
                .map(|e| Nimber::new(memo[standing(mask & !(1 << e)) as usize]));
            memo[mask as usize] = mex(options).value();
        }
        memo[standing((1u32 << edges.len()) - 1) as usize]
    }

    fn check(n: usize, ground: u32, edges: &[(u32, u32)]) {
        let fast = Hackenbush::new(n, ground, edges)
            .unwrap()
            .nim_value()
            .value();
        assert_eq!(
            fast,
            brute(n, ground, edges),
            "ground {ground}, edges {edges:?}"
        );
    }

    #[test]
    fn every_multigraph_with_loops_on_four_vertices_up_to_six_edges() {
        let kinds: Vec<(u32, u32)> = (0..4).flat_map(|u| (u..4).map(move |v| (u, v))).collect();
        // Multisets of edge kinds, as non-decreasing index sequences.
        fn extend(kinds: &[(u32, u32)], from: usize, cur: &mut Vec<(u32, u32)>, count: &mut u32) {
            check(4, 0, cur);
            *count += 1;
            if cur.len() == 6 {
                return;
            }
            for k in from..kinds.len() {
                cur.push(kinds[k]);
                extend(kinds, k, cur, count);
                cur.pop();
            }
        }
        let mut count = 0;
        extend(&kinds, 0, &mut Vec::new(), &mut count);
        assert_eq!(count, 8008); // C(10 + 6, 6): multisets of size <= 6 of 10 kinds
    }

    #[test]
    fn every_simple_graph_on_five_vertices() {
        let pairs: Vec<(u32, u32)> = (0..5)
            .flat_map(|u| (u + 1..5).map(move |v| (u, v)))
            .collect();
        for set in 0u32..1 << pairs.len() {
            let edges: Vec<(u32, u32)> = (0..pairs.len())
                .filter(|i| set >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            check(5, 0, &edges);
            check(5, 4, &edges);
        }
    }

    #[test]
    fn long_paths_and_cycles_need_no_recursion() {
        let n = 1_000_000u32;
        let path: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let g = Hackenbush::new(n as usize, 0, &path).unwrap();
        assert_eq!(g.nim_value().value(), u64::from(n - 1));
        let mut cycle = path.clone();
        cycle.push((n - 1, 0));
        let g = Hackenbush::new(n as usize, 0, &cycle).unwrap();
        assert_eq!(g.nim_value().value(), u64::from(n % 2)); // n edges
    }

    #[test]
    fn bad_input_is_an_error() {
        assert!(Hackenbush::new(3, 3, &[]).is_err());
        let e = Hackenbush::new(3, 0, &[(0, 3)]).unwrap_err();
        assert!(e.to_string().contains("`0 3`"), "{e}");
        // Edges away from the ground count for nothing.
        let g = Hackenbush::new(4, 0, &[(1, 2), (2, 3), (3, 1)]).unwrap();
        assert_eq!(g.nim_value(), Nimber::ZERO);
    }

    #[test]
    fn text_names_vertices_and_the_ground() {
        let p = Hackenbush::read_text("# a triangle on the ground, a stalk on top\nground g\ng a\na b\nb g\nb c # stalk\nc d\n\nx y\n").unwrap();
        assert_eq!(p.graph.nim_value().value(), 3);
        assert_eq!(p.lines, [3, 4, 5, 6, 7, 9]);
        assert_eq!(p.names[p.graph.ground() as usize], "g");
        assert_eq!(p.graph.standing(), [true, true, true, true, true, false]);
        let e = Hackenbush::read_text("0 1\n1 2 3\n").unwrap_err();
        assert!(e.to_string().contains("line 2"), "{e}");
        let e = Hackenbush::read_text("ground a\nground b\n").unwrap_err();
        assert!(e.to_string().contains("second `ground`"), "{e}");
        // No edge at the ground: value 0, no cuts.
        let p = Hackenbush::read_text("1 2\n").unwrap();
        assert_eq!(p.graph.nim_value(), Nimber::ZERO);
        assert!(p.graph.winning_cuts().unwrap().is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Winning cuts against the exhaustive search: exactly the
        /// standing edges whose cut leaves value 0.
        #[test]
        fn winning_cuts_equal_exhaustive_search(
            n in 1usize..7,
            raw in proptest::collection::vec((0u32..7, 0u32..7), 0..=10),
        ) {
            let edges: Vec<(u32, u32)> = raw.iter().map(|&(u, v)| (u % n as u32, v % n as u32)).collect();
            let g = Hackenbush::new(n, 0, &edges).unwrap();
            let standing = g.standing();
            let mut want = Vec::new();
            for (e, &up) in standing.iter().enumerate() {
                let mut rest = edges.clone();
                rest.remove(e);
                if up && brute(n, 0, &rest) == 0 {
                    want.push(e);
                }
            }
            prop_assert_eq!(g.winning_cuts().unwrap(), want);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]
        #[test]
        fn random_graphs_equal_exhaustive_search(
            n in 1usize..9,
            raw in proptest::collection::vec((0u32..9, 0u32..9), 0..=12),
            ground in 0u32..9,
        ) {
            let edges: Vec<(u32, u32)> = raw.iter().map(|&(u, v)| (u % n as u32, v % n as u32)).collect();
            check(n, ground % n as u32, &edges);
        }
    }
}

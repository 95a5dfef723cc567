//! `geography:FILE`: undirected vertex geography on the graph of a file
//! (the format of `grundy graph`, each line an undirected edge `A B`).
//!
//! A token starts on a vertex, which counts as visited; a move slides it
//! to an unvisited neighbour, which becomes visited; the player who cannot
//! move loses. Fraenkel, Scheinerman and Ullman (1993): the player to move
//! from `v` (on the graph of the unvisited vertices and `v`) wins iff `v`
//! is in every maximum matching. If `M` is a maximum matching covering `v`
//! in every one, the mover answers every move along `M`: moving to `M(v)`
//! leaves `M - v M(v)`, a maximum matching of `G - v` that misses `M(v)`;
//! a vertex missed by some maximum matching loses for the mover, since
//! every neighbour it moves to is covered by that matching (else it
//! would grow), and the opponent answers along it.
//!
//! All start vertices are decided at once: one maximum matching (greedy
//! leaf matching on forests, which is optimal there; Edmonds' blossom
//! search from each exposed vertex otherwise, deleting the Hungarian tree
//! of a search that fails), then the Gallai–Edmonds set `D` of the
//! vertices missed by some maximum matching: the even (outer) vertices of
//! one more blossom search grown from every exposed vertex at once. The
//! start wins iff it is not in `D`. Every search is a loop over a queue,
//! no recursion.

use crate::anygame::adapt::{no_misere_analysis, not_a_sequence};
use crate::error::{Error, Result};
use crate::game::graph::{GameGraph, Vertex};
use crate::game::{Outcome, WinningMove};
use crate::nimber::Nimber;
use crate::spec::{AnalyzeOptions, AnyGame, Family, SpecFiles};
use crate::strategy::{Analysis, MovesListed};
use std::collections::VecDeque;

pub(super) const FAMILY: Family = Family {
    name: "geography",
    syntax: "geography:FILE",
    position: "V (the start vertex, visited), or V-U,U,... (the token on V, the vertices U also visited)",
    example: "geography:examples/games/geography-tree.txt 1",
    about: "undirected vertex geography: move the token to an unvisited neighbour; the mover wins iff it is in every maximum matching",
    parse,
};

fn parse(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let file = super::file_argument(spec, args, "geography:graph.txt")?;
    let graph = GameGraph::parse(&files.read_graph(spec, file)?)?;
    Ok(Box::new(GeographySpec {
        spec: format!("geography:{file}"),
        game: Geography::new(&graph)?,
        graph,
    }))
}

const NONE: u32 = u32::MAX;

/// An undirected simple graph in compressed rows: each edge in both rows,
/// no loops, no repeated edges.
#[derive(Clone, Debug)]
pub(super) struct Undirected {
    pub(super) offsets: Vec<u32>,
    pub(super) targets: Vec<u32>,
}

impl Undirected {
    pub(super) fn new(n: usize, edges: impl Iterator<Item = (u32, u32)> + Clone) -> Result<Undirected> {
        let mut degree = vec![0u32; n + 1];
        let mut count = 0u64;
        for (u, v) in edges.clone().filter(|(u, v)| u != v) {
            degree[u as usize + 1] += 1;
            degree[v as usize + 1] += 1;
            count += 2;
        }
        if count > u64::from(u32::MAX - 1) {
            return Err(Error::from(crate::error::ErrorKind::InvalidGraph {
                line: 0,
                reason: format!("geography takes at most `{}` edges", (u32::MAX - 1) / 2),
            }));
        }
        for i in 0..n {
            degree[i + 1] += degree[i];
        }
        let mut fill: Vec<u32> = degree[..n].to_vec();
        let mut targets = vec![0u32; count as usize];
        for (u, v) in edges.filter(|(u, v)| u != v) {
            for (a, b) in [(u, v), (v, u)] {
                targets[fill[a as usize] as usize] = b;
                fill[a as usize] += 1;
            }
        }
        // Sort and deduplicate each row, compacting in place.
        let mut offsets = vec![0u32; n + 1];
        let mut write = 0usize;
        for u in 0..n {
            let (s, e) = (degree[u] as usize, degree[u + 1] as usize);
            let row = &mut targets[s..e];
            row.sort_unstable();
            let mut last = NONE;
            for k in s..e {
                let t = targets[k];
                if t != last {
                    targets[write] = t;
                    write += 1;
                    last = t;
                }
            }
            offsets[u + 1] = write as u32;
        }
        targets.truncate(write);
        Ok(Undirected { offsets, targets })
    }

    fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    pub(super) fn row(&self, u: u32) -> &[u32] {
        &self.targets[self.offsets[u as usize] as usize..self.offsets[u as usize + 1] as usize]
    }
}

/// A maximum matching of the live vertices and the vertices it may miss.
#[derive(Clone, Debug)]
struct Matching {
    mate: Vec<u32>,
    /// The Gallai–Edmonds set `D`: missed by some maximum matching.
    missable: Vec<bool>,
}

/// The blossom search (Edmonds), grown from one root (to augment) or from
/// every exposed vertex at once (to find `D`). The arrays are reset only
/// where a search touched them.
struct Search<'a> {
    adj: &'a Undirected,
    alive: &'a [bool],
    dead: Vec<bool>,
    mate: Vec<u32>,
    even: Vec<bool>,
    parent: Vec<u32>,
    base: Vec<u32>,
    in_tree: Vec<bool>,
    touched: Vec<u32>,
    queue: VecDeque<u32>,
    mark: Vec<u64>,
    blossom: Vec<u64>,
    stamp: u64,
}

impl<'a> Search<'a> {
    fn new(adj: &'a Undirected, alive: &'a [bool], mate: Vec<u32>) -> Search<'a> {
        let n = adj.len();
        Search {
            adj,
            alive,
            dead: vec![false; n],
            mate,
            even: vec![false; n],
            parent: vec![NONE; n],
            base: (0..n as u32).collect(),
            in_tree: vec![false; n],
            touched: Vec::new(),
            queue: VecDeque::new(),
            mark: vec![0; n],
            blossom: vec![0; n],
            stamp: 0,
        }
    }

    fn touch(&mut self, v: u32) {
        if !self.in_tree[v as usize] {
            self.in_tree[v as usize] = true;
            self.touched.push(v);
        }
    }

    fn reset(&mut self, kill: bool) {
        for &v in &self.touched {
            let v = v as usize;
            self.even[v] = false;
            self.parent[v] = NONE;
            self.base[v] = v as u32;
            self.in_tree[v] = false;
            self.dead[v] |= kill;
        }
        self.touched.clear();
        self.queue.clear();
    }

    fn make_even(&mut self, v: u32) {
        self.even[v as usize] = true;
        self.touch(v);
        self.queue.push_back(v);
    }

    /// The base of the blossom closing at `a`–`b`, or `None` when they lie
    /// in different trees (an augmenting path).
    fn lca(&mut self, mut a: u32, mut b: u32) -> Option<u32> {
        self.stamp += 1;
        loop {
            a = self.base[a as usize];
            self.mark[a as usize] = self.stamp;
            let m = self.mate[a as usize];
            if m == NONE {
                break;
            }
            a = self.parent[m as usize];
        }
        loop {
            b = self.base[b as usize];
            if self.mark[b as usize] == self.stamp {
                return Some(b);
            }
            let m = self.mate[b as usize];
            if m == NONE {
                return None;
            }
            b = self.parent[m as usize];
        }
    }

    fn mark_path(&mut self, mut v: u32, b: u32, mut child: u32) {
        while self.base[v as usize] != b {
            let m = self.mate[v as usize];
            self.blossom[self.base[v as usize] as usize] = self.stamp;
            self.blossom[self.base[m as usize] as usize] = self.stamp;
            self.parent[v as usize] = child;
            child = m;
            v = self.parent[m as usize];
        }
    }

    /// Grows the forest from `roots` (each exposed); returns the exposed
    /// vertex an augmenting path reaches (one root only), or `Err` when two
    /// trees meet (an augmenting path between two roots).
    fn grow(&mut self, roots: &[u32]) -> std::result::Result<Option<u32>, ()> {
        for &r in roots {
            self.make_even(r);
        }
        while let Some(v) = self.queue.pop_front() {
            for &to in self.adj.row(v) {
                let (vi, ti) = (v as usize, to as usize);
                if !self.alive[ti] || self.dead[ti] {
                    continue;
                }
                if self.base[vi] == self.base[ti] || self.mate[vi] == to {
                    continue;
                }
                let m = self.mate[ti];
                let to_is_even =
                    (m == NONE && self.even[ti]) || (m != NONE && self.parent[m as usize] != NONE);
                if to_is_even {
                    let Some(b) = self.lca(v, to) else {
                        return Err(());
                    };
                    self.stamp += 1;
                    self.mark_path(v, b, to);
                    self.mark_path(to, b, v);
                    for k in 0..self.touched.len() {
                        let i = self.touched[k] as usize;
                        if self.blossom[self.base[i] as usize] == self.stamp {
                            self.base[i] = b;
                            if !self.even[i] {
                                self.make_even(i as u32);
                            }
                        }
                    }
                } else if self.parent[ti] == NONE {
                    self.parent[ti] = v;
                    self.touch(to);
                    if m == NONE {
                        return Ok(Some(to));
                    }
                    self.make_even(m);
                }
            }
        }
        Ok(None)
    }

    fn augment(&mut self, end: u32) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v as usize];
            let next = self.mate[pv as usize];
            self.mate[v as usize] = pv;
            self.mate[pv as usize] = v;
            v = next;
        }
    }
}

/// A maximum matching of the subgraph induced by `alive`, and its `D`.
fn solve(adj: &Undirected, alive: &[bool]) -> Result<Matching> {
    let n = adj.len();
    // A spanning forest by breadth-first search; greedy leaf matching on it
    // (optimal when the graph is a forest, a good start otherwise).
    let mut order: Vec<u32> = Vec::with_capacity(n);
    let mut parent = vec![NONE; n];
    let mut seen = vec![false; n];
    let mut components = 0usize;
    let mut live = 0usize;
    let mut degrees = 0usize;
    for r in 0..n {
        if !alive[r] || seen[r] {
            continue;
        }
        components += 1;
        seen[r] = true;
        let mut head = order.len();
        order.push(r as u32);
        while head < order.len() {
            let u = order[head];
            head += 1;
            live += 1;
            for &w in adj.row(u) {
                if alive[w as usize] {
                    degrees += 1;
                    if !seen[w as usize] {
                        seen[w as usize] = true;
                        parent[w as usize] = u;
                        order.push(w);
                    }
                }
            }
        }
    }
    let mut mate = vec![NONE; n];
    for &v in order.iter().rev() {
        let p = parent[v as usize];
        if p != NONE && mate[v as usize] == NONE && mate[p as usize] == NONE {
            mate[v as usize] = p;
            mate[p as usize] = v;
        }
    }
    let forest = degrees / 2 + components == live;
    let mut search = Search::new(adj, alive, mate);
    if !forest {
        for &r in &order {
            if search.mate[r as usize] != NONE || search.dead[r as usize] {
                continue;
            }
            match search.grow(&[r]) {
                Ok(Some(end)) => {
                    search.augment(end);
                    search.reset(false);
                }
                // A Hungarian tree: no augmenting path will ever pass it.
                Ok(None) | Err(()) => search.reset(true),
            }
        }
    }
    search.dead.iter_mut().for_each(|d| *d = false);
    let exposed: Vec<u32> = order
        .iter()
        .copied()
        .filter(|&v| search.mate[v as usize] == NONE)
        .collect();
    if search.grow(&exposed).is_err() {
        return Err(Error::unsupported(
            "geography: the matching search found an augmenting path after it ended (a defect: please report the graph)",
        ));
    }
    let missable = search.even.clone();
    Ok(Matching {
        mate: search.mate,
        missable,
    })
}

/// Undirected vertex geography on a graph, every start vertex decided at
/// once through a maximum matching (see the module docs of
/// `spec/families/geography.rs`): the player to move from `v` wins iff
/// `v` is in every maximum matching.
///
/// ```
/// use grundy::games::graph::GameGraph;
/// use grundy::spec::Geography;
/// // A path a - b - c: b is in every maximum matching, a and c are not.
/// let g = GameGraph::parse("a b\nb c\n").unwrap();
/// let geo = Geography::new(&g).unwrap();
/// let v = |n| g.vertex(n).unwrap();
/// assert!(geo.first_player_wins(v("b")));
/// assert!(!geo.first_player_wins(v("a")));
/// assert_eq!(geo.maximum_matching_size(), 1);
/// ```
#[derive(Clone, Debug)]
pub struct Geography {
    adj: Undirected,
    whole: Matching,
}

impl Geography {
    /// The game on `graph`, each edge read as undirected (loops and
    /// repeated edges change nothing).
    pub fn new(graph: &GameGraph) -> Result<Geography> {
        let edges = (0..graph.vertex_count() as u32).flat_map(move |u| {
            graph
                .successors(Vertex::new(u))
                .iter()
                .map(move |w| (u, w.index() as u32))
        });
        Geography::build(Undirected::new(graph.vertex_count(), edges)?)
    }

    /// The game on vertices `0..vertex_count` with the undirected edges
    /// `edges`; an endpoint out of range is an error naming it.
    pub fn from_edges(vertex_count: usize, edges: &[(u32, u32)]) -> Result<Geography> {
        if let Some(&(u, v)) = edges
            .iter()
            .find(|&&(u, v)| u as usize >= vertex_count || v as usize >= vertex_count)
        {
            return Err(crate::error::ErrorKind::InvalidGraph {
                line: 0,
                reason: format!("the edge `{u} {v}` leaves the vertices 0..{vertex_count}"),
            }
            .into());
        }
        if vertex_count >= NONE as usize {
            return Err(Error::unsupported(format!(
                "geography takes at most `{}` vertices",
                NONE - 1
            )));
        }
        Geography::build(Undirected::new(vertex_count, edges.iter().copied())?)
    }

    fn build(adj: Undirected) -> Result<Geography> {
        let alive = vec![true; adj.len()];
        let whole = solve(&adj, &alive)?;
        Ok(Geography { adj, whole })
    }

    /// The number of vertices.
    pub fn vertex_count(&self) -> usize {
        self.adj.len()
    }

    /// The size of a maximum matching of the whole graph.
    pub fn maximum_matching_size(&self) -> usize {
        self.whole.mate.iter().filter(|&&m| m != NONE).count() / 2
    }

    /// Whether the player to move wins from the start vertex `start`, no
    /// other vertex visited (false for a vertex not of the graph).
    pub fn first_player_wins(&self, start: Vertex) -> bool {
        start.index() < self.vertex_count() && !self.whole.missable[start.index()]
    }

    /// A winning first move from `start`, no other vertex visited (its
    /// mate in the maximum matching), when the mover wins.
    pub fn a_winning_move(&self, start: Vertex) -> Option<Vertex> {
        self.first_player_wins(start)
            .then(|| Vertex::new(self.whole.mate[start.index()]))
    }

    fn live(&self, at: Vertex, visited: &[Vertex]) -> Result<Vec<bool>> {
        let n = self.vertex_count();
        if at.index() >= n || visited.iter().any(|v| v.index() >= n) {
            return Err(Error::unsupported("geography: a vertex is not of the graph"));
        }
        let mut alive = vec![true; n];
        for v in visited {
            alive[v.index()] = false;
        }
        alive[at.index()] = true;
        Ok(alive)
    }

    /// Whether the player to move wins with the token on `at` and the
    /// vertices `visited` visited (besides `at`): `at` is in every maximum
    /// matching of the graph of the unvisited vertices and `at`.
    pub fn wins_from(&self, at: Vertex, visited: &[Vertex]) -> Result<bool> {
        if visited.is_empty() {
            return Ok(self.first_player_wins(at));
        }
        let alive = self.live(at, visited)?;
        Ok(!solve(&self.adj, &alive)?.missable[at.index()])
    }

    /// The moves from `at` (with `visited` visited) and, for each, whether
    /// it wins for the mover: a move to `w` wins iff `w` is missed by some
    /// maximum matching once `at` is visited too.
    pub fn moves(&self, at: Vertex, visited: &[Vertex]) -> Result<Vec<(Vertex, bool)>> {
        let mut alive = self.live(at, visited)?;
        alive[at.index()] = false;
        let after = solve(&self.adj, &alive)?;
        Ok(self
            .adj
            .row(at.index() as u32)
            .iter()
            .filter(|&&w| alive[w as usize])
            .map(|&w| (Vertex::new(w), after.missable[w as usize]))
            .collect())
    }
}

struct GeographySpec {
    spec: String,
    graph: GameGraph,
    game: Geography,
}

impl GeographySpec {
    /// `V` or `V-U,U,...`: the token's vertex and the others visited.
    fn read(&self, text: &str) -> Result<(Vertex, Vec<Vertex>)> {
        let t = text.trim();
        let name = |n: &str| {
            self.graph.vertex(n.trim()).ok_or_else(|| {
                Error::invalid_position(
                    text,
                    format!("`{}` is not a vertex of `{}`", n.trim(), self.spec),
                )
            })
        };
        if let Some(v) = self.graph.vertex(t) {
            return Ok((v, Vec::new()));
        }
        let Some((at, rest)) = t.split_once('-') else {
            return Err(name(t).err().unwrap_or_else(|| Error::invalid_position(text, "write `V` or `V-U,U`")));
        };
        let at = name(at)?;
        let mut visited = rest
            .split(',')
            .filter(|s| !s.trim().is_empty())
            .map(name)
            .collect::<Result<Vec<Vertex>>>()?;
        visited.sort();
        visited.dedup();
        visited.retain(|&v| v != at);
        Ok((at, visited))
    }

    fn write(&self, at: Vertex, visited: &[Vertex]) -> String {
        if visited.is_empty() {
            return self.graph.name(at).into_owned();
        }
        let mut sorted = visited.to_vec();
        sorted.sort();
        let rest: Vec<String> = sorted.iter().map(|&v| self.graph.name(v).into_owned()).collect();
        format!("{}-{}", self.graph.name(at), rest.join(","))
    }

    fn one(&self, positions: &[String], options: &AnalyzeOptions) -> Result<(Vertex, Vec<Vertex>)> {
        if options.misere {
            return Err(no_misere_analysis(&self.spec));
        }
        if positions.len() != 1 {
            return Err(Error::unsupported(format!(
                "`{}` is solved through maximum matchings, which say who wins but give no nim-value, \
                 and a sum of `{}` positions needs them: analyze one position at a time",
                self.spec,
                positions.len()
            )));
        }
        self.read(&positions[0])
    }

    fn move_to(&self, from: &str, at: Vertex, visited: &[Vertex], to: Vertex) -> WinningMove<String> {
        let mut after = visited.to_vec();
        after.push(at);
        WinningMove {
            component: 0,
            from: from.to_string(),
            to: vec![self.write(to, &after)],
            name: None,
        }
    }
}

impl AnyGame for GeographySpec {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn values(&mut self, _: u64, _: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            &self.spec,
            "its positions are vertices of a graph",
        ))
    }

    fn analyze(&mut self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
        let (at, visited) = self.one(positions, options)?;
        let from = self.write(at, &visited);
        let moves = self.game.moves(at, &visited)?;
        let winning: Vec<WinningMove<String>> = moves
            .iter()
            .filter(|(_, wins)| *wins)
            .map(|&(w, _)| self.move_to(&from, at, &visited, w))
            .collect();
        let outcome = if winning.is_empty() { Outcome::P } else { Outcome::N };
        Ok(Analysis::new(None, outcome, winning))
    }

    /// The outcome from the one matching of the whole graph (no search per
    /// query) and, for a start vertex, the first winning move: its mate.
    fn analyze_outcome(&mut self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
        let (at, visited) = self.one(positions, options)?;
        if !visited.is_empty() {
            return self.analyze(positions, options);
        }
        let from = self.write(at, &visited);
        Ok(match self.game.a_winning_move(at) {
            Some(w) => Analysis::new(None, Outcome::N, vec![self.move_to(&from, at, &visited, w)])
                .with_moves_listed(MovesListed::First),
            None => Analysis::new(None, Outcome::P, Vec::new()),
        })
    }

    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        _outcome_only: bool,
    ) -> Result<Analysis<String>> {
        let mut a = self.analyze_outcome(positions, options)?;
        a.drop_moves();
        Ok(a)
    }

    fn analyze_listing(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        max_listed: usize,
    ) -> Result<Analysis<String>> {
        if max_listed <= 1 {
            let mut a = self.analyze_outcome(positions, options)?;
            a.winning_moves.truncate(max_listed);
            return Ok(a);
        }
        let mut a = self.analyze(positions, options)?;
        a.keep_listed(max_listed);
        Ok(a)
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let (at, visited) = self.read(component)?;
        let mut after = visited.clone();
        after.push(at);
        let alive = self.game.live(at, &after)?;
        Ok(self
            .game
            .adj
            .row(at.index() as u32)
            .iter()
            .filter(|&&w| alive[w as usize] && w as usize != at.index())
            .map(|&w| vec![self.write(Vertex::new(w), &after)])
            .collect())
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        let (at, visited) = self.read(component)?;
        Ok(self.write(at, &visited))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// Whether the mover wins geography from `at` with `visited` (a mask),
    /// by exhaustive search (small graphs only).
    fn brute(adj: &[Vec<usize>], at: usize, visited: u32, memo: &mut HashMap<(usize, u32), bool>) -> bool {
        if let Some(&w) = memo.get(&(at, visited)) {
            return w;
        }
        let wins = adj[at]
            .iter()
            .filter(|&&w| visited & 1 << w == 0)
            .any(|&w| !brute(adj, w, visited | 1 << w, memo));
        memo.insert((at, visited), wins);
        wins
    }

    fn adjacency(n: usize, edges: &[(u32, u32)]) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in edges {
            if u != v {
                adj[u as usize].push(v as usize);
                adj[v as usize].push(u as usize);
            }
        }
        adj
    }

    /// The size of a maximum matching by exhaustive search.
    fn brute_matching(edges: &[(u32, u32)]) -> usize {
        fn go(k: usize, used: u32, edges: &[(u32, u32)]) -> usize {
            if k == edges.len() {
                return 0;
            }
            let skip = go(k + 1, used, edges);
            let (u, v) = edges[k];
            if u != v && used & (1 << u | 1 << v) == 0 {
                skip.max(1 + go(k + 1, used | 1 << u | 1 << v, edges))
            } else {
                skip
            }
        }
        go(0, 0, edges)
    }

    #[test]
    fn the_start_of_an_odd_cycle_loses_and_a_pendant_vertex_makes_its_neighbour_win() {
        // A triangle: every vertex is missed by some maximum matching.
        let g = Geography::from_edges(3, &[(0, 1), (1, 2), (2, 0)]).unwrap();
        assert!((0..3).all(|v| !g.first_player_wins(Vertex::new(v))));
        // A triangle with two pendant vertices 3 and 4 on 0: every maximum
        // matching (size 2) covers 0, 1 and 2, and one of 3, 4 only.
        let g = Geography::from_edges(5, &[(0, 1), (1, 2), (2, 0), (0, 3), (0, 4)]).unwrap();
        let wins: Vec<bool> = (0..5).map(|v| g.first_player_wins(Vertex::new(v))).collect();
        assert_eq!(wins, [true, true, true, false, false]);
        assert_eq!(g.maximum_matching_size(), 2);
    }

    #[test]
    fn a_blossom_search_with_nested_odd_cycles_matches_brute_force() {
        // Two pentagons sharing a vertex, with a tail: blossoms in blossoms.
        let edges = [
            (0, 1), (1, 2), (2, 3), (3, 4), (4, 0),
            (0, 5), (5, 6), (6, 7), (7, 8), (8, 0),
            (8, 9), (9, 10),
        ];
        let n = 11;
        let g = Geography::from_edges(n, &edges).unwrap();
        assert_eq!(g.maximum_matching_size(), brute_matching(&edges));
        let adj = adjacency(n, &edges);
        let mut memo = HashMap::new();
        for v in 0..n {
            assert_eq!(
                g.first_player_wins(Vertex::new(v as u32)),
                brute(&adj, v, 1 << v, &mut memo),
                "vertex {v}"
            );
        }
    }

    #[test]
    fn a_path_of_two_hundred_thousand_vertices_is_decided_without_recursion() {
        let n = 200_000u32;
        let edges: Vec<(u32, u32)> = (1..n).map(|i| (i - 1, i)).collect();
        let g = Geography::from_edges(n as usize, &edges).unwrap();
        // An even path has a perfect matching: every start wins.
        assert!((0..n).all(|v| g.first_player_wins(Vertex::new(v))));
        let g = Geography::from_edges(n as usize - 1, &edges[..edges.len() - 1]).unwrap();
        // An odd path: the even-indexed vertices can be missed.
        assert!(!g.first_player_wins(Vertex::new(0)));
        assert!(g.first_player_wins(Vertex::new(1)));
    }

    #[test]
    fn positions_with_visited_vertices_and_their_moves_follow_the_rules() {
        let graph = GameGraph::parse("a b\nb c\nc d\n").unwrap();
        let mut spec = GeographySpec {
            spec: "geography:path".into(),
            game: Geography::new(&graph).unwrap(),
            graph,
        };
        let opts = AnalyzeOptions::default();
        // From b on the path a-b-c-d: b is in every maximum matching; the
        // winning move is to a (which then has no move).
        let a = spec.analyze(&["b".into()], &opts).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves[0].to, ["a-b"]);
        assert_eq!(spec.options("b").unwrap(), [vec!["a-b"], vec!["c-b"]]);
        // c with b visited: the token moves to d only, then d is stuck.
        let a = spec.analyze(&["c-b".into()], &opts).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(spec.normalize(" c-b,c ").unwrap(), "c-b");
        let e = spec.analyze(&["b".into(), "c".into()], &opts).unwrap_err();
        assert!(e.to_string().contains("`2` positions"), "{e}");
        let e = spec.analyze(&["z".into()], &opts).unwrap_err();
        assert!(e.to_string().contains("`z` is not a vertex"), "{e}");
    }

    proptest::proptest! {
        /// Every start vertex of a random graph (bipartite or not, with
        /// visited vertices or not) is decided as exhaustive search of the
        /// game decides it, and the matching is maximum.
        #[test]
        fn geography_by_matching_agrees_with_exhaustive_search(
            n in 1usize..11,
            raw in proptest::collection::vec((0u32..11, 0u32..11), 0..22),
            gone in proptest::collection::vec(0u32..11, 0..3),
        ) {
            let edges: Vec<(u32, u32)> = raw.into_iter().map(|(u, v)| (u % n as u32, v % n as u32)).collect();
            let g = Geography::from_edges(n, &edges).unwrap();
            let mut dedup: Vec<(u32, u32)> = edges.iter().filter(|(u, v)| u != v).map(|&(u, v)| (u.min(v), u.max(v))).collect();
            dedup.sort();
            dedup.dedup();
            proptest::prop_assert_eq!(g.maximum_matching_size(), brute_matching(&dedup));
            let adj = adjacency(n, &edges);
            let mut memo = HashMap::new();
            let gone: Vec<Vertex> = gone.into_iter().map(|v| Vertex::new(v % n as u32)).collect();
            let mask = gone.iter().fold(0u32, |m, v| m | 1 << v.index());
            for v in 0..n {
                let brute_wins = brute(&adj, v, 1 << v, &mut memo);
                proptest::prop_assert_eq!(g.first_player_wins(Vertex::new(v as u32)), brute_wins, "vertex {}", v);
                let wins = g.wins_from(Vertex::new(v as u32), &gone).unwrap();
                proptest::prop_assert_eq!(wins, brute(&adj, v, mask | 1 << v, &mut memo), "vertex {} with {:?} gone", v, gone);
                for (w, good) in g.moves(Vertex::new(v as u32), &gone).unwrap() {
                    let after = mask | 1 << v | 1 << w.index();
                    proptest::prop_assert_eq!(good, !brute(&adj, w.index(), after, &mut memo));
                }
            }
        }
    }
}

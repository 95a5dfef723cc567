//! `walk:FILE`: a no-return walk on an undirected graph (the file as for
//! `grundy graph`, each line an undirected edge `A B`): a token moves to a
//! neighbour of its vertex, but never straight back to the vertex it came
//! from; the player who cannot move loses.
//!
//! A position is a state of the walk: `V` (the token on `V`, no vertex
//! behind it: every neighbour is a move) or `U>V` (the token on `V`, come
//! from `U`). The states and their moves form a directed graph (the start
//! states, then one state per direction of each edge), solved once per
//! analysis as `grundy graph` solves a graph: by the acyclic solver when
//! it has no cycle (the graph is a forest), else by the loopy solver,
//! whose values may be infinite: a walk that can go on forever may be a
//! draw (outcome `D`), and a sum with such a component has no nim-value.
//! Loops (`A A`) and repeated edges are ignored.

use super::geography::Undirected;
use crate::anygame::adapt::{no_misere_analysis, not_a_sequence};
use crate::error::{Error, Result};
use crate::game::graph::{GameGraph, Vertex};
use crate::game::WinningMove;
use crate::nimber::Nimber;
use crate::spec::{AnalyzeOptions, AnyGame, Family, SpecFiles};
use crate::strategy::Analysis;

pub(super) const FAMILY: Family = Family {
    name: "walk",
    syntax: "walk:FILE",
    position: "V (the token on V) or U>V (on V, come from U, where it may not go back)",
    example: "walk:examples/games/walk-graph.txt a",
    about: "no-return walk on an undirected graph: move the token to a neighbour, never straight back; it may be a draw",
    parse,
};

/// Most moves between states of the walk (the sum over the directed
/// edges `U>V` of the degree of `V` less one).
const MAX_WALK_MOVES: u64 = 1 << 26;

fn parse(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let file = super::file_argument(spec, args, "walk:graph.txt")?;
    let graph = GameGraph::parse(&files.read_graph(spec, file)?)?;
    let spec = format!("walk:{file}");
    let n = graph.vertex_count();
    let edges = (0..n as u32).flat_map(|u| {
        graph
            .successors(Vertex::new(u))
            .iter()
            .map(move |w| (u, w.index() as u32))
    });
    let adj = Undirected::new(n, edges)?;
    let moves: u64 = (0..n as u32)
        .map(|u| {
            let d = adj.row(u).len() as u64;
            d + d * d.saturating_sub(1)
        })
        .sum();
    if moves > MAX_WALK_MOVES {
        return Err(Error::unsupported(format!(
            "`{spec}`: the walk has {moves} moves between its states, more than the limit of `{MAX_WALK_MOVES}`"
        )));
    }
    // State `v < n`: on v, nothing behind; state `n + k`: the k-th directed
    // edge of the rows, `u>w` with w = targets[k] in u's row.
    let mut state_edges: Vec<(u32, u32)> = Vec::with_capacity(moves as usize);
    let total = n + adj.targets.len();
    if total >= u32::MAX as usize {
        return Err(Error::unsupported(format!(
            "`{spec}`: the walk has more than `{}` states",
            u32::MAX - 1
        )));
    }
    for u in 0..n as u32 {
        let start = adj.offsets[u as usize];
        for (i, &w) in adj.row(u).iter().enumerate() {
            let arc = n as u32 + start + i as u32;
            state_edges.push((u, arc));
            let from_w = adj.offsets[w as usize];
            for (j, &x) in adj.row(w).iter().enumerate() {
                if x != u {
                    state_edges.push((arc, n as u32 + from_w + j as u32));
                }
            }
        }
    }
    let states = GameGraph::from_edges(total, &state_edges)?;
    Ok(Box::new(WalkSpec {
        spec,
        graph,
        adj,
        states,
    }))
}

struct WalkSpec {
    spec: String,
    graph: GameGraph,
    adj: Undirected,
    states: GameGraph,
}

impl WalkSpec {
    fn vertex(&self, text: &str, name: &str) -> Result<u32> {
        self.graph
            .vertex(name.trim())
            .map(|v| v.index() as u32)
            .ok_or_else(|| {
                Error::invalid_position(
                    text,
                    format!("`{}` is not a vertex of `{}`", name.trim(), self.spec),
                )
            })
    }

    /// The state a position names.
    fn read(&self, text: &str) -> Result<Vertex> {
        let t = text.trim();
        if let Some(v) = self.graph.vertex(t) {
            return Ok(v);
        }
        let Some((from, at)) = t.split_once('>') else {
            self.vertex(text, t)?;
            return Err(Error::invalid_position(text, "write `V` or `U>V`"));
        };
        let (u, w) = (self.vertex(text, from)?, self.vertex(text, at)?);
        let row = self.adj.row(u);
        match row.binary_search(&w) {
            Ok(i) => Ok(Vertex::new(
                self.graph.vertex_count() as u32 + self.adj.offsets[u as usize] + i as u32,
            )),
            Err(_) => Err(Error::invalid_position(
                text,
                format!("there is no edge `{} {}` in `{}`", from.trim(), at.trim(), self.spec),
            )),
        }
    }

    fn write(&self, state: Vertex) -> String {
        let n = self.graph.vertex_count();
        if state.index() < n {
            return self.graph.name(state).into_owned();
        }
        let k = (state.index() - n) as u32;
        // The row holding edge k: the last u with offsets[u] <= k.
        let u = self.adj.offsets.partition_point(|&o| o <= k) - 1;
        let w = self.adj.targets[k as usize];
        format!(
            "{}>{}",
            self.graph.name(Vertex::new(u as u32)),
            self.graph.name(Vertex::new(w))
        )
    }
}

impl AnyGame for WalkSpec {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn values(&mut self, _: u64, _: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            &self.spec,
            "its positions are states of a walk on a graph",
        ))
    }

    fn analyze(&mut self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
        if options.misere {
            return Err(no_misere_analysis(&self.spec));
        }
        let tokens = positions
            .iter()
            .map(|p| self.read(p))
            .collect::<Result<Vec<Vertex>>>()?;
        let values = self.states.values();
        let a = values.analyze(&tokens)?;
        let moves = a
            .winning_moves
            .iter()
            .map(|m| WinningMove {
                component: m.component,
                from: self.write(m.from),
                to: m.to.iter().map(|&s| self.write(s)).collect(),
                name: None,
            })
            .collect();
        Ok(Analysis::new(a.value.finite(), a.outcome, moves))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let s = self.read(component)?;
        Ok(self
            .states
            .successors(s)
            .iter()
            .map(|&t| vec![self.write(t)])
            .collect())
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(self.write(self.read(component)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Outcome;
    use std::collections::HashMap;

    struct Text(&'static str);

    impl SpecFiles for Text {
        fn read(&self, _: &str, _: &str) -> Result<String> {
            Ok(self.0.to_string())
        }
    }

    fn walk(text: &'static str) -> Box<dyn AnyGame> {
        parse("walk:g", Some("g"), &Text(text)).unwrap()
    }

    /// The nim-value of a state of a walk on a forest by its rules (small
    /// graphs; finite since a forest has no closed no-return walk).
    fn brute(adj: &[Vec<usize>], at: usize, from: Option<usize>, memo: &mut HashMap<(usize, Option<usize>), u64>) -> u64 {
        if let Some(&v) = memo.get(&(at, from)) {
            return v;
        }
        let mut seen: Vec<u64> = adj[at]
            .iter()
            .filter(|&&w| Some(w) != from)
            .map(|&w| brute(adj, w, Some(at), memo))
            .collect();
        seen.sort_unstable();
        let mut mex = 0;
        for s in seen {
            if s == mex {
                mex += 1;
            }
        }
        memo.insert((at, from), mex);
        mex
    }

    #[test]
    fn a_walk_on_a_path_may_not_turn_back() {
        // a - b - c: from b the token goes to a or c and is then stuck.
        let mut g = walk("a b\nb c\n");
        let opts = AnalyzeOptions::default();
        let a = g.analyze(&["b".into()], &opts).unwrap();
        assert_eq!(a.value, Some(Nimber::new(1)));
        assert_eq!(g.options("b").unwrap(), [vec!["b>a"], vec!["b>c"]]);
        assert_eq!(g.options("a>b").unwrap(), [vec!["b>c"]]);
        // From a: a -> b -> c, two moves: the mover loses.
        let a = g.analyze(&["a".into()], &opts).unwrap();
        assert_eq!(a.outcome, Outcome::P);
        assert_eq!(g.normalize(" a > b ").unwrap(), "a>b");
        let e = g.analyze(&["a>c".into()], &opts).unwrap_err();
        assert!(e.to_string().contains("no edge `a c`"), "{e}");
    }

    #[test]
    fn a_walk_that_can_circle_a_cycle_forever_is_a_draw_not_a_value() {
        // A triangle: the walk goes round for ever; nobody can force a win.
        let mut g = walk("a b\nb c\nc a\n");
        let a = g.analyze(&["a".into()], &AnalyzeOptions::default()).unwrap();
        assert_eq!((a.value, a.outcome), (None, Outcome::D));
        // A triangle with a pendant d on a: come to a from b, the mover
        // steps to d, where the opponent is stuck (going on to c instead
        // lets the walk circle for ever).
        let mut g = walk("a b\nb c\nc a\na d\n");
        let a = g.analyze(&["b>a".into()], &AnalyzeOptions::default()).unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.winning_moves[0].to, ["a>d"]);
    }

    proptest::proptest! {
        /// On random forests every state's value is the value of the rules.
        #[test]
        fn walk_values_on_forests_are_the_values_of_the_rules(
            parents in proptest::collection::vec(proptest::option::of(0usize..100), 1..12),
        ) {
            let n = parents.len() + 1;
            let mut text = String::from("0\n");
            let mut adj = vec![Vec::new(); n];
            for (i, p) in parents.iter().enumerate() {
                let v = i + 1;
                text.push_str(&format!("{v}\n"));
                if let Some(p) = p {
                    let p = p % v;
                    text.push_str(&format!("{p} {v}\n"));
                    adj[p].push(v);
                    adj[v].push(p);
                }
            }
            let text: &'static str = Box::leak(text.into_boxed_str());
            let mut g = walk(text);
            let mut memo = HashMap::new();
            for v in 0..n {
                let a = g.analyze(&[v.to_string()], &AnalyzeOptions::default()).unwrap();
                proptest::prop_assert_eq!(a.value, Some(Nimber::new(brute(&adj, v, None, &mut memo))));
                for &w in &adj[v] {
                    let a = g.analyze(&[format!("{w}>{v}")], &AnalyzeOptions::default()).unwrap();
                    proptest::prop_assert_eq!(a.value, Some(Nimber::new(brute(&adj, v, Some(w), &mut memo))));
                }
            }
        }
    }
}

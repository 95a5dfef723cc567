//! Linear-time Sprague–Grundy values of an acyclic game graph.
//!
//! Algorithm: Kahn's topological sort, then values in reverse topological
//! order. Count every vertex's predecessors; a queue starts with the
//! vertices nobody moves to and, as each is taken, its successors lose one
//! predecessor and join the queue at zero. The queue, read backwards, lists
//! every vertex after all its successors, so one pass computes
//! `G(v) = mex{G(w) : v → w}` with a generation-stamped [`Mex`] table. Both
//! passes are loops over flat arrays: no recursion, so a path of 10^7
//! vertices is as easy as a star.
//!
//! Time O(V + E). Memory: 4 bytes per vertex for the counts, 4 for the
//! order, 8 for the values, beside the graph.
//!
//! If the queue ends before every vertex was taken the graph has a cycle:
//! the vertices left each keep a predecessor that was also left, so walking
//! from one of them to such a predecessor, again and again, must repeat a
//! vertex; that vertex lies on a cycle and is named in the
//! [`ErrorKind::Cycle`] error. (Loopy graphs get values from
//! [`super::loopy`] instead.)

use crate::error::{ErrorKind, Result};
use crate::game::graph::{GameGraph, Vertex};
use crate::nimber::{Mex, Nimber};

/// The value of every vertex of an acyclic graph, by vertex index; a graph
/// with a cycle is an [`ErrorKind::Cycle`] error naming a vertex on one.
///
/// ```
/// use grundy::games::graph::GameGraph;
/// use grundy::solve::dag::dag_values;
/// let g = GameGraph::parse("a b\nb c\na c\n").unwrap();
/// let v: Vec<u64> = dag_values(&g).unwrap().iter().map(|x| x.value()).collect();
/// assert_eq!(v, [2, 1, 0]);
/// let loopy = GameGraph::parse("a b\nb a\n").unwrap();
/// assert!(dag_values(&loopy).unwrap_err().to_string().contains("`a`"));
/// ```
pub fn dag_values(graph: &GameGraph) -> Result<Vec<Nimber>> {
    let order = topological_order(graph).map_err(|v| {
        crate::Error::from(ErrorKind::Cycle {
            position: graph.name(v).into_owned(),
        })
    })?;
    let csr = graph.csr();
    let mut values = vec![Nimber::ZERO; graph.vertex_count()];
    let mut mex = Mex::new();
    for &u in order.iter().rev() {
        mex.clear();
        for w in csr.row(u as usize) {
            mex.insert(values[w.index()]);
        }
        values[u as usize] = mex.mex();
    }
    Ok(values)
}

/// Every vertex, each before its successors; or a vertex on a cycle.
pub(crate) fn topological_order(graph: &GameGraph) -> std::result::Result<Vec<u32>, Vertex> {
    let n = graph.vertex_count();
    let csr = graph.csr();
    let mut preds = vec![0u32; n];
    for u in 0..n {
        for w in csr.row(u) {
            preds[w.index()] += 1;
        }
    }
    let mut order: Vec<u32> = Vec::with_capacity(n);
    order.extend((0..n as u32).filter(|&u| preds[u as usize] == 0));
    let mut head = 0;
    while head < order.len() {
        let u = order[head];
        head += 1;
        for w in csr.row(u as usize) {
            let c = &mut preds[w.index()];
            *c -= 1;
            if *c == 0 {
                order.push(w.index() as u32);
            }
        }
    }
    if order.len() == n {
        return Ok(order);
    }
    Err(vertex_on_cycle(graph, &preds))
}

/// A vertex on a cycle, given the predecessor counts left by Kahn's pass
/// (nonzero exactly for the vertices never taken).
fn vertex_on_cycle(graph: &GameGraph, preds: &[u32]) -> Vertex {
    let n = graph.vertex_count();
    let csr = graph.csr();
    // One leftover predecessor for every leftover vertex: the leftover
    // vertices were never taken, so their edges are the ones still counted.
    let mut pred_of = vec![u32::MAX; n];
    for u in (0..n).filter(|&u| preds[u] > 0) {
        for w in csr.row(u) {
            pred_of[w.index()] = u as u32;
        }
    }
    let mut seen = vec![false; n];
    let mut v = (0..n).find(|&u| preds[u] > 0).unwrap_or(0);
    while !seen[v] && pred_of[v] != u32::MAX {
        seen[v] = true;
        v = pred_of[v] as usize;
    }
    Vertex::new(v as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;
    use proptest::prelude::*;

    #[test]
    fn a_long_path_needs_no_recursion() {
        let n = 1_000_000u32;
        let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
        let g = GameGraph::from_edges(n as usize, &edges).unwrap();
        let v = dag_values(&g).unwrap();
        assert_eq!(v[n as usize - 1], Nimber::ZERO);
        assert_eq!(v[0].value(), u64::from((n - 1) % 2));
    }

    #[test]
    fn the_cycle_error_names_a_vertex_on_the_cycle_not_one_leading_to_it() {
        // 0 -> 1 -> 2 -> 3 -> 1, and 4 -> 0: only 1, 2, 3 are on the cycle.
        let g = GameGraph::from_edges(5, &[(4, 0), (0, 1), (1, 2), (2, 3), (3, 1)]).unwrap();
        let e = dag_values(&g).unwrap_err();
        let ErrorKind::Cycle { position } = e.kind() else {
            panic!("{e}")
        };
        assert!(["1", "2", "3"].contains(&position.as_str()), "{position}");
        let self_loop = GameGraph::from_edges(2, &[(0, 1), (1, 1)]).unwrap();
        assert_eq!(
            dag_values(&self_loop).unwrap_err().kind(),
            &ErrorKind::Cycle {
                position: "1".into()
            }
        );
    }

    /// A random DAG: edges only from lower to higher indices, then the
    /// vertices relabelled by a permutation so the order is hidden.
    fn random_dag() -> impl Strategy<Value = GameGraph> {
        (1usize..40).prop_flat_map(|n| {
            (
                proptest::collection::vec((0..n as u32, 0..n as u32), 0..120),
                Just((0..n as u32).collect::<Vec<u32>>()).prop_shuffle(),
            )
                .prop_map(move |(pairs, perm)| {
                    let edges: Vec<(u32, u32)> = pairs
                        .into_iter()
                        .filter(|(a, b)| a != b)
                        .map(|(a, b)| (perm[a.min(b) as usize], perm[a.max(b) as usize]))
                        .collect();
                    GameGraph::from_edges(n, &edges).unwrap()
                })
        })
    }

    proptest! {
        #[test]
        fn linear_time_values_equal_the_generic_solver(g in random_dag()) {
            let fast = dag_values(&g).unwrap();
            let mut memo = MemoSolver::new(&g);
            for v in g.vertices() {
                prop_assert_eq!(fast[v.index()], memo.nim_value(&v).unwrap());
            }
        }
    }
}

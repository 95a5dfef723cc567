//! `grundy.graph(text)`: a game given by its graph of moves (`FROM TO` per
//! line, as `grundy graph FILE` reads), possibly with cycles: values are
//! the generalized (loopy) Sprague–Grundy values.

use crate::{to_py, MoveTuple};
use grundy::games::graph::GameGraph;
use grundy::solve::loopy::LoopyValue;
use pyo3::prelude::*;

/// A game graph (see `grundy.graph`).
#[pyclass(name = "Graph", module = "grundy", frozen)]
pub struct PyGraph {
    graph: GameGraph,
}

/// A vertex's value: `(finite value, None)` or `(None, K)` for `∞{K}`.
type ValueTuple = (Option<u64>, Option<Vec<u64>>);

fn value_tuple(v: &LoopyValue) -> ValueTuple {
    match v {
        LoopyValue::Finite(n) => (Some(n.value()), None),
        LoopyValue::Infinite(k) => (None, Some(k.iter().map(|n| n.value()).collect())),
    }
}

#[pymethods]
impl PyGraph {
    /// Parses the text of a graph: one move `FROM TO` per line.
    #[new]
    fn new(text: &str) -> PyResult<Self> {
        let graph = GameGraph::parse(text).map_err(to_py)?;
        if graph.vertex_count() == 0 {
            return Err(pyo3::exceptions::PyValueError::new_err(
                "an empty graph: no vertices (write one move `FROM TO` per line)",
            ));
        }
        Ok(PyGraph { graph })
    }

    /// Number of vertices.
    fn __len__(&self) -> usize {
        self.graph.vertex_count()
    }

    /// `[(name, finite value or None, K or None)]` in vertex order.
    fn _values(&self, py: Python<'_>) -> Vec<(String, Option<u64>, Option<Vec<u64>>)> {
        let g = &self.graph;
        py.allow_threads(|| {
            let values = g.values();
            g.vertices()
                .map(|v| {
                    let (f, k) = values.value(v).as_ref().map_or((None, None), value_tuple);
                    (g.name(v).into_owned(), f, k)
                })
                .collect()
        })
    }

    /// `(finite value or None, K or None, outcome, winning moves, drawing
    /// moves)` of tokens on the named vertices.
    #[allow(clippy::type_complexity)]
    fn _analyze(
        &self,
        tokens: Vec<String>,
    ) -> PyResult<(
        Option<u64>,
        Option<Vec<u64>>,
        String,
        Vec<MoveTuple>,
        Vec<MoveTuple>,
    )> {
        let g = &self.graph;
        let ids = g.vertices_named(&tokens).map_err(to_py)?;
        let a = g.values().analyze(&ids).map_err(to_py)?;
        let a = a.map(|v| g.name(*v).into_owned());
        let (f, k) = value_tuple(&a.value);
        let moves = |m: Vec<grundy::game::WinningMove<String>>| {
            m.into_iter().map(|m| (m.component, m.from, m.to)).collect()
        };
        Ok((
            f,
            k,
            a.outcome.to_string(),
            moves(a.winning_moves),
            moves(a.drawing_moves),
        ))
    }
}

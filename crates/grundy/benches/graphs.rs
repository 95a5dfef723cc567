//! Games on graphs: parse, acyclic values, loopy labelling, Hackenbush.
//!
//! `cargo bench -p grundy --bench graphs`. Times, best of 3, on graphs
//! generated here (a fixed xorshift seed, so every run sees the same
//! graphs), each line with the FNV-1a checksum of what was computed:
//! - parsing the text of a named path of 10^6 vertices;
//! - linear-time values of a path of 10^7 vertices;
//! - the generalized (loopy) labelling of a random graph with 10^6
//!   vertices and 3·10^6 edges (mostly ∞), and of a sparse one (1.4·10^6
//!   edges, mostly finite);
//! - Green Hackenbush on a random tree of 10^6 edges with 10^5 extra edges
//!   closing cycles.

use grundy::games::graph::GameGraph;
use grundy::games::hackenbush::Hackenbush;
use grundy::solve::dag::dag_values;
use grundy::solve::loopy::{GraphValues, LoopyValue};

mod common;
use common::{best_of, fnv};

#[path = "../tests/common/rng.rs"]
mod rng;
use rng::Rng;

fn loopy_checksum(g: &GameGraph) -> (usize, u64) {
    let values = GraphValues::new(g);
    let mut infinite = 0;
    let sum = fnv(g.vertices().map(|v| match values.value(v) {
        Some(LoopyValue::Finite(x)) => x.value(),
        _ => {
            infinite += 1;
            u64::MAX
        }
    }));
    (infinite, sum)
}

fn main() {
    let n = 1_000_000u32;
    let text: String = (0..n - 1).map(|i| format!("v{i} v{}\n", i + 1)).collect();
    let (t, g) = best_of(3, || GameGraph::parse(&text).expect("a valid graph"));
    println!(
        "parse named path, 10^6 vertices:      {t:8.3} s  ({} edges)",
        g.edge_count()
    );

    let n = 10_000_000u32;
    let edges: Vec<(u32, u32)> = (0..n - 1).map(|i| (i, i + 1)).collect();
    let g = GameGraph::from_edges(n as usize, &edges).expect("a valid graph");
    drop(edges);
    let (t, v) = best_of(3, || dag_values(&g).expect("acyclic"));
    println!(
        "dag values, path of 10^7:             {t:8.3} s  checksum {:016x}",
        fnv(v.iter().map(|x| x.value()))
    );
    drop(g);

    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let n = 1_000_000u32;
    let edges: Vec<(u32, u32)> = (0..3 * n).map(|_| (rng.below(n), rng.below(n))).collect();
    let g = GameGraph::from_edges(n as usize, &edges).expect("a valid graph");
    let (t, (inf, sum)) = best_of(3, || loopy_checksum(&g));
    println!(
        "loopy, 10^6 vertices, 3*10^6 edges:   {t:8.3} s  checksum {sum:016x} ({inf} infinite)"
    );
    let mut edges = Vec::new();
    for u in 0..n {
        for _ in 0..[0, 1, 1, 2, 3][rng.below(5) as usize] {
            edges.push((u, rng.below(n)));
        }
    }
    let g = GameGraph::from_edges(n as usize, &edges).expect("a valid graph");
    let (t, (inf, sum)) = best_of(3, || loopy_checksum(&g));
    println!(
        "loopy, 10^6 vertices, {} edges: {t:8.3} s  checksum {sum:016x} ({inf} infinite)",
        g.edge_count()
    );

    let n = 1_000_000u32;
    let mut edges: Vec<(u32, u32)> = (1..=n).map(|v| (rng.below(v), v)).collect();
    edges.extend((0..n / 10).map(|_| (rng.below(n + 1), rng.below(n + 1))));
    let h = Hackenbush::new(n as usize + 1, 0, &edges).expect("a valid graph");
    let (t, v) = best_of(3, || h.nim_value());
    println!(
        "hackenbush, 1.1*10^6 edges:           {t:8.3} s  value {}",
        v.value()
    );
}

//! `grundy graph FILE`: the generalized values of every vertex of a game
//! graph (cycles allowed), and the sum of tokens placed on it.

use crate::format::ReportFormat;
use crate::printer::Printer;
use anyhow::Result;
use clap::Args;
use grundy::games::graph::GameGraph;
use std::io;

/// The text after `grundy graph --help`'s options.
pub const GRAPH_HELP: &str = "\
File format: one move `FROM TO` per line; a line with one name declares a
vertex (with no moves unless listed elsewhere); `#` starts a comment; names
are any tokens without spaces or `#`.

A graph with cycles gets generalized values: a finite value, or `∞{0,2}`
(json: \"inf{0,2}\") for a vertex from which play can last forever, with the
finite values it can move to. Outcomes: P (the player to move loses),
N (the player to move wins), D (a draw with best play).

Examples:
  grundy graph moves.txt
  grundy graph moves.txt --tokens a,b,b --format json";

/// Arguments of `grundy graph`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// The graph file (see the format below).
    pub file: std::path::PathBuf,
    /// Vertices carrying tokens, comma-separated (repeat a name for several tokens on one vertex).
    #[arg(long, value_delimiter = ',')]
    pub tokens: Vec<String>,
    /// Output format (text or json).
    #[arg(long, value_enum, default_value_t)]
    pub format: ReportFormat,
}

/// `grundy graph`: the file read, every vertex's value and the tokens'
/// sum printed.
pub fn run(a: &GraphArgs, out: &mut Printer) -> Result<()> {
    let path = a.file.display();
    // A regular file only: a FIFO or a device (`/dev/zero`) is
    // refused at once; the reader bounds lines and length.
    let file = grundy::files::open_regular(&a.file)?;
    let graph = GameGraph::read(io::BufReader::with_capacity(1 << 16, file))
        .map_err(|e| anyhow::anyhow!("`{path}`: {e}"))?;
    if graph.vertex_count() == 0 {
        anyhow::bail!(
            "`{path}` is an empty graph: no vertices (write one move `FROM TO` per line)"
        );
    }
    let values = graph.values();
    let analysis = if a.tokens.is_empty() {
        None
    } else {
        let tokens = graph.vertices_named(&a.tokens)?;
        Some(
            values
                .analyze(&tokens)?
                .map(|v| graph.name(*v).into_owned()),
        )
    };
    out.graph(&values, &a.tokens, analysis.as_ref(), a.format.into())
}

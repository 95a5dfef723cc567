//! `grundy graph FILE`: the generalized values of every vertex of a game
//! graph (cycles allowed), and the sum of tokens placed on it.

use crate::batch::{OnError, Queries};
use crate::format::ReportFormat;
use crate::printer::Printer;
use anyhow::Result;
use clap::Args;
use grundy::games::graph::GameGraph;
use grundy::solve::loopy::GraphValues;
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
  grundy graph moves.txt --tokens a,b,b --format json
  printf 'a,b\nb c\n' | grundy graph moves.txt --tokens -   # one answer a line";

/// Arguments of `grundy graph`.
#[derive(Args, Debug)]
pub struct GraphArgs {
    /// The graph file (see the format below).
    pub file: std::path::PathBuf,
    /// Vertices carrying tokens, comma-separated (repeat a name for several tokens on one vertex); `-`: one query of tokens a line of standard input (names separated by commas or spaces), one answer a line, the values of the vertices not printed.
    #[arg(long, value_delimiter = ',')]
    pub tokens: Vec<String>,
    /// With `--tokens -`: a line that fails gets its error as its answer
    /// and the next line is read (exit status 2 at the end).
    #[arg(long)]
    pub keep_going: bool,
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
    if a.tokens.len() == 1 && a.tokens[0] == "-" {
        return batch(a, &graph, &values, out);
    }
    if a.keep_going {
        anyhow::bail!("`--keep-going` is for many queries: give `--tokens -`");
    }
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

/// `--tokens -`: one query of tokens a line of standard input, answered
/// on one line each, with the values computed once.
fn batch(
    a: &GraphArgs,
    graph: &GameGraph,
    values: &GraphValues<'_>,
    out: &mut Printer,
) -> Result<()> {
    let format = a.format.into();
    let on_error = OnError::from_flag(a.keep_going);
    let mut queries = Queries::open(std::path::Path::new("-"))?;
    let (mut answered, mut failed) = (0u64, 0u64);
    while let Some((line, words)) = queries.next_query(&mut || out.flush())? {
        let tokens: Vec<String> = words
            .iter()
            .flat_map(|w| w.split(','))
            .filter(|t| !t.is_empty())
            .map(str::to_string)
            .collect();
        let analysis = graph
            .vertices_named(&tokens)
            .and_then(|v| values.analyze(&v))
            .map(|r| r.map(|v| graph.name(*v).into_owned()));
        match analysis {
            Ok(r) => crate::printer::batch::graph_tokens(out, &tokens, &r, format)?,
            Err(e) if on_error == OnError::Stop => {
                return Err(anyhow::Error::from(e).context(format!("line {line}")));
            }
            Err(e) => {
                failed += 1;
                crate::printer::batch::error(out, line, &e.into(), format)?;
            }
        }
        answered += 1;
    }
    if failed > 0 {
        out.flush()?;
        anyhow::bail!(
            "{failed} of {answered} queries failed (each error is printed as its line's answer)"
        );
    }
    Ok(())
}

//! The per-vertex part of `grundy graph`'s output, at memory speed: a
//! graph of 10^7 vertices prints 10^7 lines, so names held as numbers and
//! finite values are formatted with `itoa` into one buffer, written a
//! megabyte at a time, with no string built per vertex. Names that are
//! words and `∞` values take the general path. Byte for byte what the
//! `write!` per vertex printed (tested against it).

use anyhow::Result;
use grundy::solve::loopy::{GraphValues, LoopyValue};
use serde_json::json;
use std::io::Write;

/// Bytes gathered before a write.
const CHUNK: usize = 1 << 20;

/// Every vertex with its value: `NAME: VALUE` lines (text), or the
/// members `"NAME":VALUE` of the json object, comma-separated.
pub fn vertices(out: &mut impl Write, values: &GraphValues<'_>, json: bool) -> Result<()> {
    let graph = values.graph();
    let mut buf: Vec<u8> = Vec::with_capacity(CHUNK + 4096);
    let mut digits = itoa::Buffer::new();
    for (i, v) in graph.vertices().enumerate() {
        if json && i > 0 {
            buf.push(b',');
        }
        match (graph.number_name(v), json) {
            (Some(n), false) => buf.extend_from_slice(digits.format(n).as_bytes()),
            (Some(n), true) => {
                buf.push(b'"');
                buf.extend_from_slice(digits.format(n).as_bytes());
                buf.push(b'"');
            }
            (None, false) => buf.extend_from_slice(graph.name(v).as_bytes()),
            (None, true) => serde_json::to_writer(&mut buf, graph.name(v).as_ref())?,
        }
        buf.extend_from_slice(if json { b":" } else { b": " });
        match values.finite_value(v) {
            Some(x) => buf.extend_from_slice(digits.format(x.value()).as_bytes()),
            None => {
                let value = values.value(v).unwrap_or(LoopyValue::Infinite(Vec::new()));
                if json {
                    serde_json::to_writer(&mut buf, &loopy_json(&value))?;
                } else {
                    write!(buf, "{value}")?;
                }
            }
        }
        if !json {
            buf.push(b'\n');
        }
        if buf.len() >= CHUNK {
            out.write_all(&buf)?;
            buf.clear();
        }
    }
    out.write_all(&buf)?;
    Ok(())
}

/// A generalized value in JSON: a number, or a string such as `"inf{0,2}"`.
pub(crate) fn loopy_json(v: &LoopyValue) -> serde_json::Value {
    match v.finite() {
        Some(n) => json!(n.value()),
        None => json!(v.to_ascii()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy::games::graph::GameGraph;

    /// The printer as it was: `write!` per vertex.
    fn reference(values: &GraphValues<'_>, json: bool) -> Vec<u8> {
        let graph = values.graph();
        let mut out = Vec::new();
        for (i, v) in graph.vertices().enumerate() {
            let value = values.value(v).unwrap_or(LoopyValue::Infinite(Vec::new()));
            if json {
                if i > 0 {
                    out.push(b',');
                }
                serde_json::to_writer(&mut out, graph.name(v).as_ref()).unwrap();
                out.push(b':');
                serde_json::to_writer(&mut out, &loopy_json(&value)).unwrap();
            } else {
                writeln!(out, "{}: {value}", graph.name(v)).unwrap();
            }
        }
        out
    }

    #[test]
    fn equals_the_write_per_vertex_printer() {
        let texts = [
            // counting numbers, numbers in any order, words with quotes and
            // Unicode, loops (∞ values), a long path crossing the chunk size
            "0 1\n1 2\n2 0\n2 3\n".to_string(),
            "70 5\n5 900\n900 70\n900 12\n12 13\n".to_string(),
            "a \"b\"\n\"b\" é\né a\né c\nc d\n".to_string(),
            (0..200_000).map(|i| format!("{i} {}\n", i + 1)).collect(),
            "0 1\n1 0\nx y\n".to_string(),
        ];
        for text in texts {
            let g = GameGraph::parse(&text).unwrap();
            let values = g.values();
            for json in [false, true] {
                let mut fast = Vec::new();
                vertices(&mut fast, &values, json).unwrap();
                assert!(fast == reference(&values, json), "{text:.40} json {json}");
            }
        }
    }
}

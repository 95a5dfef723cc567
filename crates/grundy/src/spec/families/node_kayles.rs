//! `node-kayles`: choose a vertex not adjacent to a chosen one, on grids,
//! paths and cycles (`node-kayles`) or on a graph file
//! (`node-kayles:FILE`). Solved by the placement solver.
//!
//! Grid positions are boards (`grid:MxN`, `path:N`, drawings: `.` a vertex
//! still available, `#` one gone). Graph positions (cycles, files) are
//! `LABEL` (every vertex available) or `LABEL-V,V,...` (the vertices `V`
//! gone; a winning move writes the chosen vertex as `xV`).

use crate::error::{Error, Result};
use crate::games::placement::{draw, parse_board, GraphKayles, NodeKayles};
use crate::solve::placement::{low_bits, Bits, Board};
use crate::anygame::placement::{Engine, GameEngine, PlacementSpec};
use crate::spec::{parse_u64, AnyGame, Family, SpecFiles};

pub(super) const FAMILY: Family = Family {
    name: "node-kayles",
    syntax: "node-kayles[:FILE]",
    position: "grid:MxN, path:N, cycle:N, rows of `.`/`#` joined by `/`; `cycle:N-V,V` with vertices V gone; with a FILE (one edge `A B` per line): `all` or `all-V,V`",
    example: "node-kayles grid:3x5",
    about: "Node Kayles: choose a vertex not adjacent to a chosen one; the last to move wins",
    parse,
};

fn parse(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let Some(file) = args else {
        let main = GameEngine::new("", NodeKayles, |_, _, b, m| draw(b, m), read_grid);
        return Ok(Box::new(PlacementSpec::new(
            "node-kayles",
            Box::new(main),
            choose,
        )));
    };
    let file = super::file_argument(spec, Some(file), "node-kayles:graph.txt")?;
    let graph = GraphKayles::parse(&files.read(spec, file)?)?;
    let main = GameEngine::new("all", graph, show_graph, read_graph);
    Ok(Box::new(PlacementSpec::new(
        &format!("node-kayles:{file}"),
        Box::new(main),
        |_, _| Ok(0),
    )))
}

/// The engine of a component: a cycle's own (made on first use), else the
/// grid's.
fn choose(text: &str, engines: &mut Vec<Box<dyn Engine>>) -> Result<usize> {
    let t = text.trim();
    let Some(rest) = t.strip_prefix("cycle:") else {
        return Ok(0);
    };
    let n = rest.split_once('-').map_or(rest, |(n, _)| n);
    let label = format!("cycle:{}", n.trim());
    if let Some(i) = engines.iter().position(|e| e.label() == label) {
        return Ok(i);
    }
    let n = parse_u64(n).map_err(|r| Error::invalid_position(text, r))?;
    if n == 0 || n > 128 {
        return Err(Error::invalid_position(
            text,
            "a cycle has 1 to 128 vertices",
        ));
    }
    let g = GraphKayles::cycle(n as usize)?;
    engines.push(Box::new(GameEngine::new(&label, g, show_graph, read_graph)));
    Ok(engines.len() - 1)
}

fn read_grid(_: &NodeKayles, _: &str, text: &str) -> Result<Board> {
    let t = text.trim();
    let bad = |why: &str| Error::invalid_position(text, why);
    if let Some(dims) = t.strip_prefix("grid:") {
        // `grid:20x20` is written right: its own error (the 128-cell
        // limit) is the one to give; a malformed size gets the syntax.
        let sized = dims.split_once(['x', 'X']).is_some_and(|(m, n)| {
            parse_u64(m).is_ok() && parse_u64(n).is_ok()
        });
        return parse_board(dims).map_err(|e| match e.kind() {
            crate::error::ErrorKind::InvalidPosition { reason, .. } if sized => {
                Error::invalid_position(text, reason.clone())
            }
            _ => {
                bad("write a grid as `grid:MxN`, e.g. `grid:3x5`")
            }
        });
    }
    if let Some(n) = t.strip_prefix("path:") {
        let n = parse_u64(n).map_err(|r| Error::invalid_position(text, r))?;
        if n == 0 || n > 128 {
            return Err(bad("a path has 1 to 128 vertices"));
        }
        return parse_board(&format!("1x{n}"));
    }
    parse_board(t)
}

/// `LABEL` or `LABEL-V,V,...`: the vertices gone, the chosen one (`marks`)
/// as `xV`.
fn show_graph(g: &GraphKayles, label: &str, b: &Board, marks: u128) -> String {
    let gone = g.names().len();
    let gone: Vec<String> = Bits(!b.cells() & low_bits(gone))
        .map(|v| {
            let x = if marks & 1 << v != 0 { "x" } else { "" };
            format!("{x}{}", g.names()[v])
        })
        .collect();
    if gone.is_empty() {
        label.to_string()
    } else {
        format!("{label}-{}", gone.join(","))
    }
}

fn read_graph(g: &GraphKayles, label: &str, text: &str) -> Result<Board> {
    let t = text.trim();
    let all = g.all();
    let bad = |why: String| Error::invalid_position(text, why);
    let gone = match t.split_once('-') {
        _ if t == label => "",
        Some((l, gone)) if l == label => gone,
        _ => return Err(bad(format!("write `{label}` or `{label}-V,V` (vertices gone)"))),
    };
    let mut cells = all.cells();
    for v in gone.split(',').map(str::trim).filter(|v| !v.is_empty()) {
        let name = v.strip_prefix('x').filter(|n| g.names().iter().any(|m| m == n));
        let name = name.unwrap_or(v);
        match g.names().iter().position(|m| m == name) {
            Some(i) => cells &= !(1u128 << i),
            None => return Err(bad(format!("`{v}` is not a vertex of `{label}`"))),
        }
    }
    Ok(all.with(cells))
}

//! Placement games on a set of cells: their moves, position syntax and
//! drawing. [`crate::solve::placement`] solves them.
//!
//! - [`Cram`]: place a domino on two free adjacent cells.
//! - [`NodeKayles`]: choose a vertex not adjacent to a chosen one; on a
//!   grid ([`NodeKayles`]: the free cells, 4-adjacency) or any graph of at
//!   most 128 vertices ([`GraphKayles`]). Choosing `v` removes `v` and its
//!   neighbours from the vertices still available.
//! - [`Chomp`]: take a square and every square below and to the right of
//!   it; the player who takes the poisoned corner `(0, 0)` loses, which is
//!   normal play on the board without it (the corner is never taken).
//!
//! Positions are written `MxN` (a full board), or drawn as rows of `.`
//! (free) and `#` (taken; `x` too, which marks a move just made) joined by
//! `/`; Chomp positions as `MxN` or the row lengths `[4,3,3,1]`.

use crate::error::{Error, Result};
use crate::solve::placement::endgame::BOX;
use crate::solve::placement::reduce::cram_regions;
use crate::solve::placement::regions::{each_grid_region, graph_regions};
use crate::solve::placement::{
    canonical, canonical_unless_within, low_bits, Bits, Board, Rules, Symmetry, MAX_CELLS,
};

/// A placement game's moves on whole boards; [`Rules`] follows from them.
pub trait Placement {
    /// Bytes naming the game and what fixes its moves (see
    /// [`Rules::fingerprint`]).
    fn fingerprint(&self) -> Vec<u8>;

    /// Calls `f` once per move of `board` with the cells the move takes
    /// (the domino, the chosen vertex, the chomped squares) and the board it
    /// leaves.
    fn each_move(&self, board: &Board, f: &mut dyn FnMut(u128, Board));

    /// As [`each_move`](Self::each_move), but stops once `f` returns
    /// `true` (the default lists the rest and ignores them).
    fn each_move_until(&self, board: &Board, f: &mut dyn FnMut(u128, Board) -> bool) {
        let mut stopped = false;
        self.each_move(board, &mut |cells, after| {
            if !stopped {
                stopped = f(cells, after);
            }
        });
    }

    /// Appends the independent regions of `board`, in canonical form, to
    /// `out`; regions whose value is 0 without search may be left out.
    fn regions_into(&self, board: &Board, out: &mut Vec<Board>);

    /// The value of a region (canonical) known by a closed form, or `None`
    /// (the default): see [`Rules::known_value`].
    fn known_value(&self, region: &Board) -> Option<u16> {
        let _ = region;
        None
    }

    /// The moves on an `h × w` box as `(needs, takes)` pairs, for an
    /// end-game table: see [`Rules::box_moves`] (`None`, the default: no
    /// table).
    fn box_moves(&self, h: usize, w: usize) -> Option<Vec<(u128, u128)>> {
        let _ = (h, w);
        None
    }

    /// The regions of `board` (see [`regions_into`](Self::regions_into)).
    fn regions(&self, board: &Board) -> Vec<Board> {
        let mut out = Vec::new();
        self.regions_into(board, &mut out);
        out
    }
}

impl<P: Placement> Rules for P {
    fn fingerprint(&self) -> Vec<u8> {
        Placement::fingerprint(self)
    }

    fn options(&self, region: &Board, f: &mut dyn FnMut(&[Board])) {
        self.options_until(region, &mut |regions| {
            f(regions);
            false
        });
    }

    fn options_until(&self, region: &Board, f: &mut dyn FnMut(&[Board]) -> bool) {
        let mut regions = Vec::new();
        self.each_move_until(region, &mut |_, after| {
            regions.clear();
            self.regions_into(&after, &mut regions);
            f(&regions)
        });
    }

    fn option_at(&self, region: &Board, index: usize, f: &mut dyn FnMut(&[Board])) {
        // Only the move asked for is split and made canonical.
        let mut i = 0;
        let mut regions = Vec::new();
        self.each_move_until(region, &mut |_, after| {
            if i == index {
                self.regions_into(&after, &mut regions);
                f(&regions);
                return true;
            }
            i += 1;
            false
        });
    }

    fn known_value(&self, region: &Board) -> Option<u16> {
        Placement::known_value(self, region)
    }

    fn box_moves(&self, h: usize, w: usize) -> Option<Vec<(u128, u128)>> {
        Placement::box_moves(self, h, w)
    }
}

/// The moves of `game` on the full `h × w` box, as `(needs, takes)` pairs:
/// a move needs the cells [`Placement::each_move`] says it takes (a
/// domino, a vertex) and takes what it clears. (Chomp has no end-game
/// table: its positions are too few for one to pay.)
fn moves_of_box<P: Placement>(game: &P, h: usize, w: usize) -> Option<Vec<(u128, u128)>> {
    let full = Board::full(h, w).ok()?;
    let mut out = Vec::new();
    game.each_move(&full, &mut |cells, after| {
        out.push((cells, full.cells() & !after.cells()));
    });
    Some(out)
}

/// Cram: a move covers two free cells side by side.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cram;

/// The values of a game on a row of `n ≤ 128` cells whose moves take `k`
/// adjacent cells (`k` = 2 or 3, the middle one chosen when 3) and leave
/// the two sides: Cram (`k = 2`: Dawson's Kayles, 0.07) and Node Kayles
/// (0.137) on a strip. `mex` by definition, O(n²).
fn strip_values(k: usize, clipped: bool) -> [u16; 129] {
    let mut g = [0u16; 129];
    for n in 1..=128usize {
        let mut seen = [false; 130];
        // A move at offset i takes cells i..i+k (clipped at the ends when
        // the game allows: Node Kayles' end vertex takes only 2).
        let starts: Vec<(usize, usize)> = if clipped {
            (0..n)
                .map(|v| (v.saturating_sub(1), (v + 2).min(n)))
                .collect()
        } else {
            (0..=n.saturating_sub(k))
                .filter(|_| n >= k)
                .map(|i| (i, i + k))
                .collect()
        };
        for (a, b) in starts {
            seen[usize::from(g[a] ^ g[n - b])] = true;
        }
        g[n] = seen.iter().position(|s| !s).unwrap_or(129) as u16;
    }
    g
}

/// The Cram values of 1×n strips (see [`strip_values`]).
fn cram_strips() -> &'static [u16; 129] {
    static VALUES: std::sync::OnceLock<[u16; 129]> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| strip_values(2, false))
}

/// The Node Kayles values of paths (see [`strip_values`]).
fn kayles_paths() -> &'static [u16; 129] {
    static VALUES: std::sync::OnceLock<[u16; 129]> = std::sync::OnceLock::new();
    VALUES.get_or_init(|| strip_values(3, true))
}

impl Placement for Cram {
    fn fingerprint(&self) -> Vec<u8> {
        b"cram".to_vec()
    }

    /// A strip is Dawson's Kayles; a region that the half turn maps to
    /// itself is a second-player win (value 0; a full even × even
    /// rectangle is one) when no domino is its own image: answer each
    /// domino by its image (`half_turn_mirrors`).
    fn known_value(&self, region: &Board) -> Option<u16> {
        let (h, w) = (region.height(), region.width());
        if h == 1 && region.count() as usize == w {
            return Some(cram_strips()[w]);
        }
        half_turn_mirrors(region).then_some(0)
    }

    /// The dominoes nearest the middle of the box first (by the distance
    /// of a domino's middle from the box's middle, the distance across the
    /// shorter side counting four times): a domino near the middle splits a region
    /// into smaller parts, more often of known value, so a search that
    /// stops at the first option answering it lists fewer options.
    fn each_move(&self, board: &Board, f: &mut dyn FnMut(u128, Board)) {
        self.each_move_until(board, &mut |domino, after| {
            f(domino, after);
            false
        });
    }

    fn each_move_until(&self, board: &Board, f: &mut dyn FnMut(u128, Board) -> bool) {
        let cells = board.cells();
        if cells == 0 {
            return;
        }
        for &domino in dominoes_middle_first(board.height(), board.width()) {
            if cells & domino == domino && f(domino, board.with(cells & !domino)) {
                return;
            }
        }
    }

    /// A domino needs both its cells and takes them.
    fn box_moves(&self, h: usize, w: usize) -> Option<Vec<(u128, u128)>> {
        moves_of_box(self, h, w)
    }

    fn regions_into(&self, board: &Board, out: &mut Vec<Board>) {
        // A lone cell takes no domino: value 0, left out; so are twin
        // tufts and bridges, and closed squares are cut (`cram_regions`).
        // Regions the end-game table values are only cropped and turned.
        cram_regions(board, &mut |r| {
            out.push(canonical_unless_within(&r, Symmetry::Dihedral, BOX))
        });
    }
}

/// `OFFSETS[h] + w - 1`: the number of a box shape `h × w` with `h · w ≤
/// 128` (the shapes with fewer rows come first).
const OFFSETS: [u16; MAX_CELLS + 2] = {
    let mut o = [0u16; MAX_CELLS + 2];
    let mut h = 1;
    while h <= MAX_CELLS {
        o[h + 1] = o[h] + (MAX_CELLS / h) as u16;
        h += 1;
    }
    o
};

/// The number of box shapes.
const SHAPES: usize = OFFSETS[MAX_CELLS + 1] as usize;

/// The dominoes of a full `h × w` box (`h, w ≥ 1`, at most 128 cells), by
/// the distance of their middle from the box's middle, the distance
/// across the shorter side counting four times (on Cram 5x8 this order
/// lists 1.5 million regions where row by row listed 5.2 million, and
/// weighing both sides alike 1.5 million too but 12% more on 5x7).
/// Built once per shape (about 1 KB for 5x8), shared by every board.
fn dominoes_middle_first(h: usize, w: usize) -> &'static [u128] {
    static ORDERS: [std::sync::OnceLock<Box<[u128]>>; SHAPES] =
        [const { std::sync::OnceLock::new() }; SHAPES];
    ORDERS[OFFSETS[h] as usize + w - 1].get_or_init(|| {
        let (across_rows, across_columns) = if h <= w { (4, 1) } else { (1, 4) };
        // Middles in half cells: a domino's is twice its cells' mean.
        let distance = |r2: usize, c2: usize| {
            r2.abs_diff(h - 1) * across_rows + c2.abs_diff(w - 1) * across_columns
        };
        let mut all = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if c + 1 < w {
                    all.push((distance(2 * r, 2 * c + 1), 3u128 << i));
                }
                if r + 1 < h {
                    all.push((distance(2 * r + 1, 2 * c), 1u128 << i | 1u128 << (i + w)));
                }
            }
        }
        all.sort_by_key(|&(d, _)| d);
        all.into_iter().map(|(_, domino)| domino).collect()
    })
}

/// Whether the second player wins `region` (cropped to its box) by
/// answering each move with its image under the half turn, in Cram and in
/// grid Node Kayles: the region is its own image, and no move is its own
/// image or touches it. When both sides are odd the centre is a cell,
/// which must not be in the region (then two cells images of each other
/// are never side by side: their middle would be the centre cell's). Else
/// the centre is a corner, and no two cells are both images of each other
/// and side by side; or it is the middle of a side, and the two cells
/// either side of it must not both be in the region. After such an answer
/// the position is symmetric again, so the second player always has a
/// move.
fn half_turn_mirrors(region: &Board) -> bool {
    let (h, w) = (region.height(), region.width());
    let n = h * w;
    let cells = region.cells();
    if n == 0 {
        return false;
    }
    let pair = match (h % 2, w % 2) {
        // The centre cell: taken, or no mirror strategy (tested first, as
        // it is cheaper than the image).
        (1, 1) if cells & region.bit(h / 2, w / 2) != 0 => return false,
        (1, 1) => 0,
        (1, _) => region.bit(h / 2, w / 2 - 1) | region.bit(h / 2, w / 2),
        (_, 1) => region.bit(h / 2 - 1, w / 2) | region.bit(h / 2, w / 2),
        _ => 0,
    };
    cells.reverse_bits() >> (128 - n) == cells && (pair == 0 || cells & pair != pair)
}

/// Node Kayles on a grid: the vertices still available are the free cells,
/// adjacent when side by side.
#[derive(Clone, Copy, Debug, Default)]
pub struct NodeKayles;

impl Placement for NodeKayles {
    fn fingerprint(&self) -> Vec<u8> {
        b"node-kayles-grid".to_vec()
    }

    /// A path is the octal game 0.137; a region the half turn maps to
    /// itself, without a centre cell or two adjacent cells either side of
    /// the centre, is a second-player win (`half_turn_mirrors`).
    fn known_value(&self, region: &Board) -> Option<u16> {
        let (h, w) = (region.height(), region.width());
        if h == 1 && region.count() as usize == w {
            return Some(kayles_paths()[w]);
        }
        half_turn_mirrors(region).then_some(0)
    }

    fn each_move(&self, board: &Board, f: &mut dyn FnMut(u128, Board)) {
        let cells = board.cells();
        let edges = board.edges();
        for i in Bits(cells) {
            let gone = edges.grow(1 << i);
            f(1 << i, board.with(cells & !gone));
        }
    }

    /// A vertex needs itself and takes its closed neighbourhood.
    fn box_moves(&self, h: usize, w: usize) -> Option<Vec<(u128, u128)>> {
        moves_of_box(self, h, w)
    }

    fn regions_into(&self, board: &Board, out: &mut Vec<Board>) {
        each_grid_region(board, |r| {
            out.push(canonical_unless_within(&r, Symmetry::Dihedral, BOX))
        });
    }
}

/// Chomp: a move takes a square `(r, c)` other than the corner and every
/// square `(r', c')` with `r' ≥ r` and `c' ≥ c`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Chomp;

impl Chomp {
    /// The squares at or below and right of `(r, c)` in `board`'s box.
    fn quadrant(board: &Board, r: usize, c: usize) -> u128 {
        let w = board.width();
        let row = low_bits(w) & !low_bits(c);
        (r..board.height()).fold(0, |m, rr| m | row << (rr * w))
    }
}

impl Placement for Chomp {
    fn fingerprint(&self) -> Vec<u8> {
        b"chomp".to_vec()
    }

    fn each_move(&self, board: &Board, f: &mut dyn FnMut(u128, Board)) {
        let cells = board.cells();
        for (r, c) in board.cells_iter() {
            if (r, c) != (0, 0) {
                let taken = Chomp::quadrant(board, r, c) & cells;
                f(taken, board.with(cells & !taken));
            }
        }
    }

    fn regions_into(&self, board: &Board, out: &mut Vec<Board>) {
        // The poisoned square alone has no move: value 0, left out.
        if board.count() >= 2 {
            out.push(canonical(board, Symmetry::Transpose));
        }
    }
}

/// Node Kayles on a graph of at most 128 vertices; a position is the set
/// of vertices still available, as a one-row board of `n` cells.
#[derive(Clone, Debug)]
pub struct GraphKayles {
    names: Vec<String>,
    adjacent: Vec<u128>,
}

impl GraphKayles {
    /// The graph with vertices `names` and edges `edges` (pairs of
    /// indices); an error for more than 128 vertices, a loop or an index
    /// out of range.
    pub fn new(names: Vec<String>, edges: &[(usize, usize)]) -> Result<GraphKayles> {
        let n = names.len();
        if n > MAX_CELLS {
            return Err(Error::unsupported(format!(
                "the graph has {n} vertices, more than the {MAX_CELLS} the placement solver holds"
            )));
        }
        let mut adjacent = vec![0u128; n];
        for &(a, b) in edges {
            if a >= n || b >= n {
                return Err(Error::unsupported("an edge names a vertex out of range"));
            }
            if a == b {
                return Err(Error::unsupported(format!(
                    "a loop at vertex `{}`: Node Kayles graphs are simple",
                    names[a]
                )));
            }
            adjacent[a] |= 1 << b;
            adjacent[b] |= 1 << a;
        }
        Ok(GraphKayles { names, adjacent })
    }

    /// The cycle on `n` vertices `0..n` (`n ≤ 128`).
    pub fn cycle(n: usize) -> Result<GraphKayles> {
        let names = (0..n).map(|i| i.to_string()).collect();
        let edges: Vec<_> = match n {
            0 | 1 => vec![],
            2 => vec![(0, 1)],
            _ => (0..n).map(|i| (i, (i + 1) % n)).collect(),
        };
        GraphKayles::new(names, &edges)
    }

    /// A graph from text: one edge `A B` per line, a line with one name
    /// declares a vertex, `#` starts a comment.
    pub fn parse(text: &str) -> Result<GraphKayles> {
        let mut names: Vec<String> = Vec::new();
        let mut index = std::collections::HashMap::new();
        let mut edges = Vec::new();
        for (no, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("");
            let words: Vec<&str> = line.split_whitespace().collect();
            if words.len() > 2 {
                return Err(crate::error::ErrorKind::InvalidGraph {
                    line: no as u64 + 1,
                    reason: "a line is `A B` (an edge) or `A` (a vertex)".into(),
                }
                .into());
            }
            let mut ids = Vec::new();
            for w in words {
                let id = *index.entry(w.to_string()).or_insert_with(|| {
                    names.push(w.to_string());
                    names.len() - 1
                });
                ids.push(id);
            }
            if let [a, b] = ids[..] {
                edges.push((a, b));
            }
        }
        if names.is_empty() {
            return Err(crate::error::ErrorKind::InvalidGraph {
                line: 0,
                reason: "the graph has no vertex".into(),
            }
            .into());
        }
        GraphKayles::new(names, &edges)
    }

    /// The vertices' names.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The whole graph as a position.
    pub fn all(&self) -> Board {
        let n = self.names.len();
        Board::full(1, n).unwrap_or_else(|_| Board::raw(1, 0, 0))
    }
}

impl Placement for GraphKayles {
    fn fingerprint(&self) -> Vec<u8> {
        let mut out = b"node-kayles-graph".to_vec();
        out.extend_from_slice(&(self.names.len() as u32).to_le_bytes());
        for a in &self.adjacent {
            out.extend_from_slice(&a.to_le_bytes());
        }
        out
    }

    fn each_move(&self, board: &Board, f: &mut dyn FnMut(u128, Board)) {
        let cells = board.cells();
        for v in Bits(cells) {
            f(1 << v, board.with(cells & !(1 << v | self.adjacent[v])));
        }
    }

    fn regions_into(&self, board: &Board, out: &mut Vec<Board>) {
        for r in graph_regions(&self.adjacent, board.cells()) {
            out.push(board.with(r));
        }
    }
}

fn dims(text: &str) -> Option<(usize, usize)> {
    let (m, n) = text.split_once(['x', 'X'])?;
    Some((m.trim().parse().ok()?, n.trim().parse().ok()?))
}

/// A board `MxN` (all free) or drawn as rows of `.` (free), `#` or `x`
/// (taken) joined by `/`.
pub fn parse_board(text: &str) -> Result<Board> {
    let t = text.trim();
    let bad = |why: String| Error::invalid_position(text, why);
    if let Some((m, n)) = dims(t) {
        if m == 0 || n == 0 {
            return Err(bad("a board has at least one row and one column".into()));
        }
        return Board::full(m, n).map_err(|e| bad(e.to_string()));
    }
    // `5x`, `x5`: a size with a number missing, not a drawn row.
    if t.bytes().any(|b| b.is_ascii_digit())
        && t.bytes()
            .all(|b| b.is_ascii_digit() || b == b'x' || b == b'X')
    {
        return Err(bad(format!(
            "`{t}` is not a board size: write `MxN` with both numbers, e.g. `4x5`"
        )));
    }
    let rows: Vec<&str> = t.split('/').map(str::trim).collect();
    let w = rows[0].chars().count();
    if w == 0 || rows.iter().any(|r| r.chars().count() != w) {
        return Err(bad(
            "write a board as `MxN` or as rows of `.` and `#` of equal length joined by `/` (e.g. `..#/...`)".into(),
        ));
    }
    if rows.len() * w > MAX_CELLS {
        return Err(bad(format!(
            "{}x{w} is more than {MAX_CELLS} cells, the most the placement solver holds",
            rows.len()
        )));
    }
    let mut cells = 0u128;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => cells |= 1 << (r * w + c),
                '#' | 'x' | 'X' => {}
                other => {
                    return Err(bad(format!(
                        "`{other}` is not a cell: `.` is free, `#` taken"
                    )))
                }
            }
        }
    }
    Board::new(rows.len(), w, cells).map_err(|e| bad(e.to_string()))
}

/// `board` drawn as rows joined by `/`: `.` free, `x` the cells in
/// `marks`, `#` the other taken cells; a full board as `MxN`.
pub fn draw(board: &Board, marks: u128) -> String {
    let w = board.width();
    if board.cells() == board.mask() && marks == 0 {
        return format!("{}x{w}", board.height());
    }
    let mut s = String::new();
    for r in 0..board.height() {
        if r > 0 {
            s.push('/');
        }
        for c in 0..w {
            let bit = board.bit(r, c);
            s.push(if board.cells() & bit != 0 {
                '.'
            } else if marks & bit != 0 {
                'x'
            } else {
                '#'
            });
        }
    }
    s
}

/// A cell as `(row, column)`, counted from 1.
pub fn cell_name(board: &Board, bit: u128) -> String {
    let i = bit.trailing_zeros() as usize;
    let w = board.width().max(1);
    format!("({},{})", i / w + 1, i % w + 1)
}

/// A Chomp position: `MxN` (M rows of N squares) or the row lengths
/// `[4,3,3,1]` (non-increasing, the first row holding the corner).
pub fn parse_chomp(text: &str) -> Result<Board> {
    let t = text.trim();
    let bad = |why: String| Error::invalid_position(text, why);
    let rows: Vec<usize> = if let Some((m, n)) = dims(t) {
        vec![n; m]
    } else if let Some(inner) = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')) {
        inner
            .split(',')
            .map(|x| x.trim().parse::<usize>())
            .collect::<std::result::Result<_, _>>()
            .map_err(|_| bad("row lengths are numbers, e.g. `[4,3,3,1]`".into()))?
    } else if t.contains('.') {
        let b = parse_board(t)?;
        let rows: Vec<usize> = (0..b.height())
            .map(|r| (0..b.width()).filter(|&c| b.contains(r, c)).count())
            .collect();
        let young = (0..b.height()).all(|r| (0..rows[r]).all(|c| b.contains(r, c)));
        if !young {
            return Err(bad(
                "each row's squares start at the left edge (a Chomp position is a Young diagram)"
                    .into(),
            ));
        }
        rows
    } else {
        return Err(bad(
            "a Chomp position is `MxN`, the row lengths (e.g. `[4,3,3,1]`) or a drawing (`..../..##`)"
                .into(),
        ));
    };
    let rows: Vec<usize> = rows.into_iter().filter(|&n| n > 0).collect();
    if rows.is_empty() {
        return Err(bad("the board needs at least the poisoned square".into()));
    }
    if rows.windows(2).any(|p| p[1] > p[0]) {
        return Err(bad(
            "row lengths never increase downwards (a Chomp position is a Young diagram)".into(),
        ));
    }
    let (h, w) = (rows.len(), rows[0]);
    if h.saturating_mul(w) > MAX_CELLS {
        return Err(bad(format!(
            "a {h}x{w} box is more than {MAX_CELLS} squares, the most the placement solver holds"
        )));
    }
    let cells = rows
        .iter()
        .enumerate()
        .fold(0u128, |m, (r, &n)| m | low_bits(n) << (r * w));
    Board::new(h, w, cells).map_err(|e| bad(e.to_string()))
}

/// A Chomp position as its row lengths, `[4,3,3,1]`.
pub fn chomp_rows(board: &Board) -> String {
    let rows: Vec<String> = (0..board.height())
        .map(|r| (0..board.width()).filter(|&c| board.contains(r, c)).count())
        .filter(|&n| n > 0)
        .map(|n| n.to_string())
        .collect();
    format!("[{}]", rows.join(","))
}

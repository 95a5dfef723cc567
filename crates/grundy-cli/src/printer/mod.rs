//! All output goes through one [`Printer`]: text, csv and json renderings
//! of the library's results, per the command-line contract in DESIGN.md.
//!
//! Layered, with no cycle: [`values`] (G(n) streamed at memory speed),
//! [`graph`] (the vertices of a game graph) and [`plot`] (images) name
//! nothing above them; this module uses them; [`compound`] prints through
//! a [`Printer`].

pub mod batch;
pub mod compound;
pub mod graph;
pub mod plot;
pub mod values;

use crate::format::Format;
use crate::terminal::Escaping;
use anyhow::{bail, Result};
use graph::loopy_json;
use grundy::analysis::pattern::TupleTable;
use grundy::analysis::ValueStats;
use grundy::solve::loopy::{GraphValues, LoopyAnalysis};
use grundy::solve::{PeriodReport, TableView};
use grundy::spec::listed::MisereMethod;
use grundy::spec::{describe_periodicity, Family};
use grundy::strategy::{Analysis, MovesListed, Outcome, WinningMove};
use grundy::Nimber;
use serde_json::json;
use std::io::{self, BufWriter, Write};

/// What a misère analysis says beyond its outcome and winning moves
/// ([`grundy::spec::listed::MisereReport`]).
pub struct Misere {
    /// How the outcome was decided.
    pub method: MisereMethod,
    /// The misère nim-value of the sum, when computed.
    pub misere_value: Option<u64>,
    /// The normal-play nim-sum of the same sum, when known.
    pub normal_value: Option<Nimber>,
}

impl Misere {
    /// The report's method and values.
    pub fn of(r: &grundy::spec::listed::MisereReport) -> Misere {
        Misere {
            method: r.method,
            misere_value: r.misere_value,
            normal_value: r.normal_value,
        }
    }
}

/// Buffered standard output, or an in-memory buffer (a server's answer),
/// control characters escaped ([`crate::terminal`]).
pub struct Printer {
    out: Escaping<Sink>,
    quiet: bool,
}

/// Where a [`Printer`] writes.
enum Sink {
    /// Standard output (the `grundy` command).
    Stdout(BufWriter<io::StdoutLock<'static>>),
    /// Memory: what a server sends back ([`Printer::buffer`]).
    Buffer(Captured),
}

impl Write for Sink {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self {
            Sink::Stdout(w) => w.write(buf),
            Sink::Buffer(c) => {
                c.0.borrow_mut().out.extend_from_slice(buf);
                Ok(buf.len())
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        match self {
            Sink::Stdout(w) => w.flush(),
            Sink::Buffer(_) => Ok(()),
        }
    }
}

/// What a [`Printer::buffer`] printed: its output and its notes.
#[derive(Default)]
pub struct Output {
    /// Everything printed as results, escaped as on a terminal.
    pub out: Vec<u8>,
    /// The notes (what the command says on stderr), one a line.
    pub notes: Vec<String>,
}

/// A handle on the output of a [`Printer::buffer`], read after the
/// command ran ([`Captured::take`]).
#[derive(Clone, Default)]
pub struct Captured(std::rc::Rc<std::cell::RefCell<Output>>);

impl Captured {
    /// What was printed so far, leaving the buffer empty.
    pub fn take(&self) -> Output {
        std::mem::take(&mut *self.0.borrow_mut())
    }
}

/// Raw writes (the interactive `play` session writes through these).
impl Write for Printer {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.out.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// How a move's resulting sum is written in text: components joined by
/// `+`, `(nothing)` when nothing is left (not `0`: that is a heap of 0).
pub fn join_sum(parts: &[String]) -> String {
    grundy::play::join_sum(parts)
}

/// The same in JSON: `""` when nothing is left.
pub fn json_sum(parts: &[String]) -> String {
    parts.join("+")
}

/// A winning move's option in text: the sum ([`join_sum`]), then the
/// move's name in parentheses when it has one (`9+0 (j=i+6 k=i+15)`).
pub fn move_text(m: &WinningMove<String>) -> String {
    named(join_sum(&m.to), m.name.as_deref())
}

/// `text`, then ` (NAME)` when there is a name.
pub fn named(text: String, name: Option<&str>) -> String {
    match name {
        Some(name) => format!("{text} ({name})"),
        None => text,
    }
}

/// A winning move in JSON: `component`, `from`, `to` ([`json_sum`]), and
/// `name` when the move has one (the option's text stays in `to` alone).
pub fn move_json(m: &WinningMove<String>) -> serde_json::Value {
    let mut obj = json!({"component": m.component, "from": m.from, "to": json_sum(&m.to)});
    if let Some(name) = &m.name {
        obj["name"] = json!(name);
    }
    obj
}

impl Printer {
    /// A printer on standard output; `quiet` drops notes.
    pub fn stdout(quiet: bool) -> Printer {
        Printer {
            out: Escaping::new(Sink::Stdout(BufWriter::with_capacity(
                1 << 16,
                io::stdout().lock(),
            ))),
            quiet,
        }
    }

    /// A printer into memory, and the handle to read what it printed:
    /// a command run for a server prints exactly what it prints on a
    /// terminal. Its notes are kept beside the output, not printed.
    pub fn buffer(quiet: bool) -> (Printer, Captured) {
        let captured = Captured::default();
        let printer = Printer {
            out: Escaping::new(Sink::Buffer(captured.clone())),
            quiet,
        };
        (printer, captured)
    }

    /// True under `--quiet`: no progress bars, no notes.
    pub fn is_quiet(&self) -> bool {
        self.quiet
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> Result<()> {
        self.out.flush()?;
        Ok(())
    }

    /// A note about what was done (not a result; e.g. the closing checksum
    /// of a long run): on stderr, after what stdout holds so far, and not at
    /// all under `--quiet`.
    pub fn note(&mut self, text: &str) -> Result<()> {
        if self.quiet {
            return Ok(());
        }
        self.out.flush()?;
        let escaped = crate::terminal::escape(text);
        match self.out.get_ref() {
            Sink::Buffer(c) => c.0.borrow_mut().notes.push(escaped.into_owned()),
            Sink::Stdout(_) => writeln!(io::stderr().lock(), "{escaped}")?,
        }
        Ok(())
    }

    /// Bytes as they are but control characters (a completion script).
    pub fn raw(&mut self, bytes: &[u8]) -> Result<()> {
        self.out.write_all(bytes)?;
        Ok(())
    }

    /// `grundy games`: every family, from the library's list.
    pub fn games(&mut self, families: &[Family], format: Format) -> Result<()> {
        match format {
            Format::Json => {
                let list: Vec<_> = families
                    .iter()
                    .map(|f| {
                        json!({"name": f.name, "syntax": f.syntax, "position": f.position, "about": f.about, "example": f.example})
                    })
                    .collect();
                self.json(json!({ "games": list }))
            }
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                for f in families {
                    writeln!(self.out, "{}", f.name)?;
                    writeln!(self.out, "  spec:     {}", f.syntax)?;
                    writeln!(self.out, "  position: {}", f.position)?;
                    writeln!(self.out, "  {}", f.about)?;
                    writeln!(self.out, "  example:  grundy analyze {}", f.example)?;
                }
                if !self.quiet {
                    writeln!(
                        self.out,
                        "\nA position is one argument per component: `grundy analyze nim 3 4 5`."
                    )?;
                }
                Ok(())
            }
        }
    }

    /// One JSON object on a line.
    pub fn json(&mut self, value: serde_json::Value) -> Result<()> {
        serde_json::to_writer(&mut self.out, &value)?;
        writeln!(self.out)?;
        Ok(())
    }

    /// `grundy nim`: one number in decimal.
    pub fn number(&mut self, n: u128) -> Result<()> {
        writeln!(self.out, "{n}")?;
        Ok(())
    }

    /// `grundy values`.
    pub fn values(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        values: &[Nimber],
        format: Format,
    ) -> Result<()> {
        self.values_with(game, from, to, format, &mut |start, buf| {
            let at = (start - from) as usize;
            for (b, g) in buf.iter_mut().zip(&values[at..]) {
                *b = g.value();
            }
            Ok(())
        })
    }

    /// `grundy values` of a scripted family (a script with `start(n)`):
    /// as [`values`](Self::values), the text's header saying that the
    /// values are those of `G(start(n))`.
    pub fn family_values(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        values: &[Nimber],
        format: Format,
    ) -> Result<()> {
        if format != Format::Text {
            return self.values(game, from, to, values, format);
        }
        let mut text = Vec::new();
        values::print_values(&mut text, game, from, to, format, &mut |start, buf| {
            let at = (start - from) as usize;
            for (b, g) in buf.iter_mut().zip(&values[at..]) {
                *b = g.value();
            }
            Ok(())
        })?;
        let body = text
            .iter()
            .position(|&c| c == b'\n')
            .map_or(&text[..0], |i| &text[i + 1..]);
        writeln!(self.out, "{game}: G(start(n)) for n in {from}..={to}")?;
        self.out.write_all(body)?;
        Ok(())
    }

    /// `grundy values` straight from a table (long runs: nothing is copied).
    pub fn values_view(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        view: TableView<'_>,
        format: Format,
    ) -> Result<()> {
        self.values_with(game, from, to, format, &mut |start, buf| {
            let got = view.copy_to(start as usize, buf);
            buf[got..].fill(0);
            Ok(())
        })
    }

    /// `G(from..=to)` streamed in the chosen format (see
    /// [`print_values`](values)): `next(start, buf)` fills
    /// `buf` with `G(start..start + buf.len())`.
    pub fn values_with(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        format: Format,
        next: &mut dyn FnMut(u64, &mut [u64]) -> Result<()>,
    ) -> Result<()> {
        values::print_values(&mut self.out, game, from, to, format, next)
    }

    /// One line on standard output (summaries of long runs).
    pub fn line(&mut self, text: &str) -> Result<()> {
        writeln!(self.out, "{text}")?;
        Ok(())
    }

    /// `grundy values` of a game whose positions are pairs: the table
    /// `G(a, b)` for `from ≤ a, b ≤ to`. Text: one line per `a`; csv:
    /// `a,b,value`; json: `"values"` is an array of rows (row `a`, column
    /// `b`, both counted from `from`).
    pub fn table(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        rows: &[Vec<Nimber>],
        format: Format,
    ) -> Result<()> {
        match format {
            Format::Json => {
                let v: Vec<Vec<u64>> = rows
                    .iter()
                    .map(|r| r.iter().map(|g| g.value()).collect())
                    .collect();
                self.json(json!({"game": game, "from": from, "to": to, "values": v}))
            }
            Format::Csv => {
                writeln!(self.out, "a,b,value")?;
                for (a, row) in (from..=to).zip(rows) {
                    for (b, g) in (from..=to).zip(row) {
                        writeln!(self.out, "{a},{b},{}", g.value())?;
                    }
                }
                Ok(())
            }
            Format::Text => {
                writeln!(
                    self.out,
                    "{game}: G(a,b) for a, b in {from}..={to} (row a, column b)"
                )?;
                for (a, row) in (from..=to).zip(rows) {
                    let line: Vec<String> = row.iter().map(|g| g.value().to_string()).collect();
                    writeln!(self.out, "{a}: {}", line.join(" "))?;
                }
                Ok(())
            }
        }
    }

    /// `G(h_1, …, h_k)` of a table of tuples ([`TupleTable`]). Text: a
    /// line per `h_1,…,h_(k-1)`, the values along `h_k`; csv:
    /// `h1,…,hk,value`; json: `"values"` nested `k` deep (`values[h1][h2]…`,
    /// each counted from `from`), with `"dims": k`.
    pub fn tuple_table(&mut self, game: &str, t: &TupleTable, format: Format) -> Result<()> {
        let side = (t.to - t.from + 1) as usize;
        let names: Vec<String> = (1..=t.width).map(|i| format!("h{i}")).collect();
        match format {
            Format::Json => {
                let mut nested: Vec<serde_json::Value> =
                    t.values.iter().map(|&v| json!(v)).collect();
                for _ in 1..t.width {
                    nested = nested
                        .chunks(side)
                        .map(|c| serde_json::Value::Array(c.to_vec()))
                        .collect();
                }
                self.json(json!({
                    "game": game, "dims": t.width, "from": t.from, "to": t.to, "values": nested,
                }))
            }
            Format::Csv => {
                writeln!(self.out, "{},value", names.join(","))?;
                for (h, v) in t.entries() {
                    let h: Vec<String> = h.iter().map(u64::to_string).collect();
                    writeln!(self.out, "{},{v}", h.join(","))?;
                }
                Ok(())
            }
            Format::Text => {
                let (head, last) = names.split_at(t.width - 1);
                writeln!(
                    self.out,
                    "{game}: G({}) for each coordinate in {}..={} (a line per {}; columns {})",
                    names.join(","),
                    t.from,
                    t.to,
                    head.join(","),
                    last[0]
                )?;
                for (i, row) in t.values.chunks(side).enumerate() {
                    let h = t.position(i * side);
                    let h: Vec<String> = h[..t.width - 1].iter().map(u64::to_string).collect();
                    let line: Vec<String> = row.iter().map(u64::to_string).collect();
                    writeln!(self.out, "{}: {}", h.join(","), line.join(" "))?;
                }
                Ok(())
            }
        }
    }

    /// `grundy values --stats`: the values, then what `--stats` reports.
    pub fn values_with_stats(
        &mut self,
        game: &str,
        from: u64,
        to: u64,
        values: &[Nimber],
        stats: &ValueStats,
        format: Format,
    ) -> Result<()> {
        let split = stats.split.map(|s| {
            json!({
                "mask": s.mask,
                "rare_heaps": s.rare_heaps,
                "heaps": s.heaps,
                "rare_share": s.rare_share(),
                "rare_parity": {"even_heaps": if s.rare_parity[0] { "odd" } else { "even" }, "odd_heaps": if s.rare_parity[1] { "odd" } else { "even" }},
                "rare_values": stats.rare_values,
            })
        });
        match format {
            Format::Json => {
                let v: Vec<u64> = values.iter().map(|g| g.value()).collect();
                let counts: serde_json::Map<String, serde_json::Value> = stats
                    .counts
                    .iter()
                    .map(|(v, c)| (v.to_string(), json!(c)))
                    .collect();
                self.json(json!({
                    "game": game, "from": from, "to": to, "values": v,
                    "stats": {
                        "max": stats.max,
                        "counts": counts,
                        "split": split,
                        "split_visible": stats.split_visible,
                    },
                }))
            }
            Format::Csv => bail!("`--stats` is shown with `--format text` or `--format json`"),
            Format::Text => {
                self.values(game, from, to, values, format)?;
                writeln!(self.out, "largest value: {}", stats.max)?;
                let counts: Vec<String> = stats
                    .counts
                    .iter()
                    .map(|(v, c)| format!("{v}:{c}"))
                    .collect();
                writeln!(
                    self.out,
                    "count of each value (value:count): {}",
                    counts.join(" ")
                )?;
                match stats.split {
                    Some(s) => {
                        let rare: Vec<String> =
                            stats.rare_values.iter().map(u64::to_string).collect();
                        writeln!(
                            self.out,
                            "rare/common split: mask {} ({:#b}{}), {} of {} heaps rare ({:.2}%){}",
                            s.mask,
                            s.mask,
                            if s.twisted() {
                                ", twisted by heap parity"
                            } else {
                                ""
                            },
                            s.rare_heaps,
                            s.heaps,
                            100.0 * s.rare_share(),
                            if stats.split_visible {
                                ": visible (sparse space)"
                            } else {
                                ": not clear"
                            }
                        )?;
                        writeln!(self.out, "rare values seen: {}", rare.join(" "))?;
                    }
                    None => writeln!(
                        self.out,
                        "rare/common split: none searched (values too wide or too few)"
                    )?,
                }
                Ok(())
            }
        }
    }

    /// `grundy period`.
    pub fn period(&mut self, game: &str, r: &PeriodReport, format: Format) -> Result<()> {
        let p = r.periodicity;
        match format {
            Format::Json => self.json(json!({
                "game": game,
                "periodic": p.is_some(),
                "preperiod": p.map(|p| p.preperiod),
                "period": p.map(|p| p.period),
                "saltus": p.map(|p| p.saltus),
                "certified": r.certified,
                "checked_to": r.checked_to,
                "proof": r.proof,
            })),
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                match p {
                    Some(p) => {
                        let status = if r.certified {
                            "proven"
                        } else {
                            "observed, not proven"
                        };
                        writeln!(
                            self.out,
                            "{game}: preperiod {}, period {}, saltus {} ({status})",
                            p.preperiod, p.period, p.saltus
                        )?;
                        writeln!(self.out, "  {}", describe_periodicity(&p))?;
                    }
                    None => writeln!(self.out, "{game}: no period found")?,
                }
                writeln!(self.out, "  checked to n = {}", r.checked_to)?;
                writeln!(self.out, "  {}", r.proof)?;
                Ok(())
            }
        }
    }
    /// `grundy values` of a turn-aware game: the outcome class of each
    /// heap `from..=to` (text: `n class` a line; csv: `n,outcome`; json:
    /// `outcomes`, one letter each).
    pub fn outcome_classes(
        &mut self,
        game: &str,
        from: u64,
        classes: &[grundy::game::OutcomeClass],
        format: Format,
    ) -> Result<()> {
        let to = from + (classes.len() as u64).saturating_sub(1);
        match format {
            Format::Json => {
                let letters: Vec<String> = classes.iter().map(|c| c.to_string()).collect();
                self.json(json!({
                    "game": game,
                    "from": from,
                    "to": to,
                    "outcomes": letters,
                }))
            }
            Format::Csv => {
                writeln!(self.out, "n,outcome")?;
                for (n, c) in (from..).zip(classes) {
                    writeln!(self.out, "{n},{c}")?;
                }
                Ok(())
            }
            Format::Text => {
                writeln!(
                    self.out,
                    "{game}: outcome classes of {from}..={to} (N first player wins, P second, \
                     L Left, R Right)"
                )?;
                for (n, c) in (from..).zip(classes) {
                    writeln!(self.out, "{n} {c}")?;
                }
                Ok(())
            }
        }
    }

    /// The analysis of one position of a turn-aware game: its outcome
    /// class and the winning moves of the player to move.
    pub fn turns(
        &mut self,
        game: &str,
        a: &grundy::game::PartizanAnalysis,
        format: Format,
    ) -> Result<()> {
        use grundy::game::OutcomeClass;
        match format {
            Format::Json => {
                let moves: Vec<_> = a
                    .winning_moves
                    .iter()
                    .map(|m| json!({"to": m.to, "name": m.name}))
                    .collect();
                self.json(json!({
                    "game": game,
                    "position": a.position,
                    "outcome": a.outcome.to_string(),
                    "to_move": a.to_move.name(),
                    "wins": a.wins,
                    "winning_moves": moves,
                }))
            }
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                let who = match a.outcome {
                    OutcomeClass::N => "N: the first player wins (whoever starts)",
                    OutcomeClass::P => "P: the second player wins (whoever starts)",
                    OutcomeClass::L => "L: Left wins, whoever starts",
                    OutcomeClass::R => "R: Right wins, whoever starts",
                };
                writeln!(self.out, "{game}: {} (turn-aware)", a.position)?;
                writeln!(self.out, "outcome: {who}")?;
                let verdict = if a.wins { "wins" } else { "loses" };
                writeln!(self.out, "{} to move {verdict}", a.to_move)?;
                if !a.winning_moves.is_empty() {
                    writeln!(self.out, "winning moves ({}):", a.winning_moves.len())?;
                    for m in &a.winning_moves {
                        match &m.name {
                            Some(name) => writeln!(self.out, "  -> {} ({name})", m.to)?,
                            None => writeln!(self.out, "  -> {}", m.to)?,
                        }
                    }
                }
                Ok(())
            }
        }
    }

    /// `grundy analyze` (`a.moves_listed` says which winning moves `a`
    /// holds). A misère analysis (`misere`) prints its misère nim-value and
    /// the normal-play nim-sum under their own names, never as `value`.
    pub fn analysis(
        &mut self,
        game: &str,
        a: &Analysis<String>,
        misere: Option<&Misere>,
        format: Format,
    ) -> Result<()> {
        let listed = a.moves_listed;
        match format {
            Format::Json => {
                let moves: Vec<_> = a.winning_moves.iter().map(move_json).collect();
                let total = a.winning_moves_total();
                let total =
                    u64::try_from(total).map_or_else(|_| json!(total.to_string()), |t| json!(t));
                let value = a
                    .value
                    .map_or(serde_json::Value::Null, |v| json!(v.value()));
                let mut obj = json!({
                    "game": game,
                    "value": value,
                    "outcome": a.outcome.to_string(),
                    "winning_moves": moves,
                    "truncated": a.truncated(),
                    "winning_moves_total": total,
                });
                match listed {
                    MovesListed::All => {}
                    // One move proves the outcome; how many others win is
                    // not known.
                    MovesListed::First => {
                        obj["truncated"] = serde_json::Value::Null;
                        obj["winning_moves_total"] = serde_json::Value::Null;
                    }
                    MovesListed::NotComputed => {
                        obj["winning_moves"] = serde_json::Value::Null;
                        obj["winning_moves_total"] = serde_json::Value::Null;
                    }
                }
                if let Some(m) = misere {
                    obj["value"] = serde_json::Value::Null;
                    obj["misere_value"] = json!(m.misere_value);
                    obj["normal_value"] = json!(m.normal_value.map(|v| v.value()));
                    obj["misere"] = json!(true);
                    obj["method"] = json!(m.method.name());
                }
                self.json(obj)
            }
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                match misere {
                    Some(m) => match m.misere_value {
                        Some(v) => writeln!(self.out, "{game} (misère play): misère nim-value {v}")?,
                        None => writeln!(
                            self.out,
                            "{game} (misère play): misère nim-value not computed (beyond its search)"
                        )?,
                    },
                    None => match a.value {
                        Some(v) => writeln!(self.out, "{game}: value {v}")?,
                        None => writeln!(
                            self.out,
                            "{game}: value unknown (only the outcome is known: a formula for it, or --outcome-only)"
                        )?,
                    },
                }
                let who = match a.outcome {
                    Outcome::P => "P: the previous player wins (the player to move loses)",
                    Outcome::N => "N: the player to move wins",
                    Outcome::D => "D: a draw with best play",
                };
                writeln!(self.out, "outcome: {who}")?;
                if let Some(m) = misere {
                    writeln!(self.out, "method: {}", m.method.name())?;
                    if let Some(n) = m.normal_value {
                        writeln!(
                            self.out,
                            "normal-play nim-sum: {n} (the value in normal play, not a misère value)"
                        )?;
                    }
                }
                if listed == MovesListed::NotComputed && a.outcome == Outcome::N {
                    writeln!(self.out, "winning moves: not computed (--no-moves)")?;
                } else if !a.winning_moves.is_empty() {
                    if listed == MovesListed::First {
                        writeln!(
                            self.out,
                            "a winning move (the first found; others not searched):"
                        )?;
                    } else {
                        // How many moves win, listed or not (JSON's
                        // `winning_moves_total`).
                        writeln!(self.out, "winning moves ({}):", a.winning_moves_total())?;
                    }
                    for m in &a.winning_moves {
                        writeln!(
                            self.out,
                            "  component {}: {} -> {}",
                            m.component,
                            m.from,
                            move_text(m)
                        )?;
                    }
                    if a.truncated() {
                        writeln!(
                            self.out,
                            "  … and {} more winning moves, counted but not listed",
                            a.unlisted_moves,
                        )?;
                    }
                }
                Ok(())
            }
        }
    }

    /// `grundy graph`: the value of every vertex (streamed: a graph may have
    /// millions), then the analysis of the tokens if any.
    pub fn graph(
        &mut self,
        values: &GraphValues<'_>,
        tokens: &[String],
        analysis: Option<&LoopyAnalysis<String>>,
        format: Format,
    ) -> Result<()> {
        match format {
            Format::Json => {
                self.out.write_all(b"{\"values\":{")?;
                graph::vertices(&mut self.out, values, true)?;
                write!(self.out, "}},\"acyclic\":{}", values.is_acyclic())?;
                if let Some(a) = analysis {
                    let moves = |ms: &[WinningMove<String>]| -> Vec<serde_json::Value> {
                        ms.iter().map(move_json).collect()
                    };
                    let rest = json!({
                        "tokens": tokens,
                        "value": loopy_json(&a.value),
                        "outcome": a.outcome.to_string(),
                        "winning_moves": moves(&a.winning_moves),
                        "drawing_moves": moves(&a.drawing_moves),
                    });
                    if let serde_json::Value::Object(map) = rest {
                        for (k, v) in map {
                            self.out.write_all(b",")?;
                            serde_json::to_writer(&mut self.out, &k)?;
                            self.out.write_all(b":")?;
                            serde_json::to_writer(&mut self.out, &v)?;
                        }
                    }
                }
                self.out.write_all(b"}\n")?;
                Ok(())
            }
            Format::Csv => bail!("`--format csv` is for `values`; use text or json"),
            Format::Text => {
                graph::vertices(&mut self.out, values, false)?;
                if let Some(a) = analysis {
                    writeln!(self.out, "tokens {}: value {}", tokens.join(", "), a.value)?;
                    let who = match a.outcome {
                        Outcome::P => "P: the previous player wins (the player to move loses)",
                        Outcome::N => "N: the player to move wins",
                        Outcome::D => "D: a draw with best play (neither can force a win)",
                    };
                    writeln!(self.out, "outcome: {who}")?;
                    for (title, ms) in [
                        ("winning moves:", &a.winning_moves),
                        ("moves that keep the draw:", &a.drawing_moves),
                    ] {
                        if !ms.is_empty() {
                            writeln!(self.out, "{title}")?;
                            for m in ms {
                                writeln!(
                                    self.out,
                                    "  token {}: {} -> {}",
                                    m.component,
                                    m.from,
                                    move_text(m)
                                )?;
                            }
                        }
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The printer before `print_values`: `write!` per value. Kept as the
    /// reference the fast printer is compared with, byte for byte.
    fn reference(
        out: &mut Vec<u8>,
        game: &str,
        from: u64,
        to: u64,
        values: impl Iterator<Item = u64>,
        format: Format,
    ) -> std::io::Result<()> {
        match format {
            Format::Json => {
                let game = serde_json::to_string(game).unwrap();
                write!(
                    out,
                    "{{\"game\":{game},\"from\":{from},\"to\":{to},\"values\":["
                )?;
                for (i, v) in values.enumerate() {
                    if i > 0 {
                        write!(out, ",")?;
                    }
                    write!(out, "{v}")?;
                }
                writeln!(out, "]}}")
            }
            Format::Csv => {
                writeln!(out, "n,value")?;
                for (n, v) in (from..=to).zip(values) {
                    writeln!(out, "{n},{v}")?;
                }
                Ok(())
            }
            Format::Text => {
                writeln!(out, "{game}: G({from}..={to})")?;
                let mut line = String::new();
                for v in values {
                    if !line.is_empty() {
                        line.push(' ');
                    }
                    line.push_str(&v.to_string());
                    if line.len() > 72 {
                        writeln!(out, "{line}")?;
                        line.clear();
                    }
                }
                if !line.is_empty() {
                    writeln!(out, "{line}")?;
                }
                Ok(())
            }
        }
    }

    /// A small xorshift: values of every length, runs of small ones.
    fn values(seed: u64, len: usize) -> Vec<u64> {
        let mut x = seed | 1;
        (0..len)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                match x % 5 {
                    0 => x >> (x % 64),
                    1 => x % 1000,
                    _ => x % 100,
                }
            })
            .collect()
    }

    #[test]
    fn the_fast_printer_writes_what_the_old_one_wrote() {
        let ranges = [
            (0u64, 0u64),
            (0, 9),
            (5, 200),
            (999_990, 1_000_100),
            (0, 40_000),
            (u64::MAX - 20_000, u64::MAX),
        ];
        for (seed, &(from, to)) in ranges.iter().enumerate() {
            let v = values(seed as u64 + 1, (to - from) as usize + 1);
            for format in [Format::Text, Format::Csv, Format::Json] {
                let mut old = Vec::new();
                reference(&mut old, "0.07 \"x\"", from, to, v.iter().copied(), format).unwrap();
                let mut new = Vec::new();
                values::print_values(
                    &mut new,
                    "0.07 \"x\"",
                    from,
                    to,
                    format,
                    &mut |start, buf| {
                        let at = (start - from) as usize;
                        buf.copy_from_slice(&v[at..at + buf.len()]);
                        Ok(())
                    },
                )
                .unwrap();
                assert!(old == new, "{format:?} {from}..={to}");
            }
        }
    }
}

//! `grundy census`: many take-and-break codes classified in one pass
//! (the library's [`grundy::census`]), on several threads, with results
//! kept in a directory so an interrupted census resumes.
//!
//! With `--output DIR`, each finished code is appended to
//! `DIR/results.jsonl` at once (so `--resume` skips it); at the end the
//! summary goes to `DIR/census.csv`, `DIR/census.json` and `DIR/index.html`
//! (one plot per open game, in `DIR/plots/`).

use crate::format::Format;
use crate::printer::plot;
use crate::printer::Printer;
use anyhow::{Context, Result};
use clap::Args;
use grundy::census::{self, CensusConfig, CensusRow, CodeReport, RunOptions};
use grundy::solve::TakeBreakSolver;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Arguments of `grundy census`.
#[derive(Args, Debug)]
pub struct CensusArgs {
    /// The codes: `octal:K` (every octal code with 1..=K digits after the
    /// point), `hex:K`, a pattern with `x` for any digit (`4.xx`, `0.1x7`),
    /// or a file listing codes (one or more a line, `#` comments).
    #[arg(long)]
    pub codes: String,
    /// Largest heap computed for a code without a certified period.
    #[arg(long, value_parser = crate::format::number, allow_negative_numbers = true)]
    pub to: u64,
    /// Codes classified at once (0: one per core).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Stop a code after this many seconds: it is then open to the heap reached.
    #[arg(long, value_name = "SECS", value_parser = crate::format::seconds)]
    pub time_per_code: Option<Duration>,
    /// Keep results in DIR (results.jsonl as codes finish; census.csv,
    /// census.json, index.html and plots/ at the end).
    #[arg(long, value_name = "DIR")]
    pub output: Option<PathBuf>,
    /// Skip the codes already in `--output DIR`'s results.jsonl (same `--to`).
    #[arg(long, requires = "output")]
    pub resume: bool,
    /// Summary format on stdout.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

/// The codes named by `--codes` (a file's text when it names a file).
/// Anything that exists at that path is a file the user named, read by
/// the library's policy ([`grundy::files::read_text`]): a regular text
/// file of at most [`census::MAX_CODES_FILE_BYTES`]; a FIFO or a device is
/// refused at once, a larger file after the limit.
fn read_codes(spec: &str) -> Result<Vec<String>> {
    let path = Path::new(spec);
    if !spec.is_empty() && std::fs::metadata(path).is_ok() {
        let text = grundy::files::read_text(path, census::MAX_CODES_FILE_BYTES, "a list of codes")
            .with_context(|| format!("cannot read the list of codes `{spec}`"))?;
        return census::codes(&text).with_context(|| format!("in `{spec}`"));
    }
    Ok(census::codes(spec)?)
}

/// `grundy census` (see the module docs): the library's
/// [`census::run`], its rows printed as they become known in census
/// order (text and csv; so a killed census leaves its finished rows on
/// stdout), the summary at the end.
pub fn run(a: &CensusArgs, out: &mut Printer) -> Result<()> {
    if let Some(dir) = &a.output {
        crate::disk::check_dir("--output", dir)?;
    }
    let codes = read_codes(&a.codes)?;
    let config = CensusConfig::default()
        .to(a.to)
        .time_per_code(a.time_per_code);
    // The results file, held against a second census in the directory;
    // resumed rows are checked by the library before any is reported.
    let (mut results, resumed) = match &a.output {
        Some(dir) => {
            let (f, lines) = census::ResultsFile::open(dir, a.resume)?;
            let rows = census::resumed_rows(f.path(), &lines, &codes, &config, &mut || Ok(()))?;
            let rows: Vec<(CodeReport, f64)> = rows.into_iter().map(|(r, s, _)| (r, s)).collect();
            (Some(f), rows)
        }
        None => (None, Vec::new()),
    };
    let resumed_count = resumed.len();
    let bar = crate::progress::progress_bar(codes.len() as u64, out.is_quiet());
    let started = Instant::now();
    let options = RunOptions {
        threads: a.threads,
        ..RunOptions::default()
    };
    if a.format == Format::Csv {
        out.raw(census::csv_header().as_bytes())?;
    }
    // A row that cannot be printed (a closed pipe) stops the census; its
    // error is the one reported (a closed pipe exits quietly).
    let mut unprinted: Option<anyhow::Error> = None;
    let mut shown = |p: census::Progress<'_>| -> grundy::Result<()> {
        bar.set_position(p.finished as u64);
        print_rows(out, p.rows, a.format).map_err(|e| {
            unprinted = Some(e);
            grundy::Error::from(grundy::ErrorKind::Cancelled)
        })
    };
    let rows = census::run(
        &codes,
        &config,
        &options,
        resumed,
        results.as_mut(),
        &mut shown,
    )
    .map_err(|e| match e.code {
        Some(code) => anyhow::Error::from(e.error).context(format!("code `{code}`")),
        None => e.error.into(),
    });
    bar.finish_and_clear();
    if let Some(e) = unprinted {
        return Err(e);
    }
    let rows = rows?;
    drop(results);
    let summary = census::summary(&a.codes, a.to, &rows);
    if let Some(dir) = &a.output {
        let reports: Vec<CodeReport> = rows.iter().map(|r| r.report.clone()).collect();
        write_summaries(dir, &summary, &reports, a.to)?;
    }
    print_summary(out, &summary, a.format)?;
    if !out.is_quiet() {
        out.note(&format!(
            "census of {} codes to {} ({} resumed) in {:.1} s, checksum {}",
            rows.len(),
            a.to,
            resumed_count,
            started.elapsed().as_secs_f64(),
            summary["checksum"].as_str().unwrap_or("")
        ))?;
    }
    Ok(())
}

/// Prints rows as they become known (text and csv), flushed at once.
fn print_rows(out: &mut Printer, rows: &[CensusRow], format: Format) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    for r in rows {
        match format {
            Format::Json => return Ok(()),
            Format::Csv => out.raw(census::csv_line(&census::summary_row(r)).as_bytes())?,
            Format::Text => {
                let c = &r.report;
                let what = match c.periodicity {
                    Some(p) if c.certified => format!("period {} from {}", p.period, p.preperiod),
                    _ => format!("open to {}", c.checked_to),
                };
                let same = if r.canonical.code != c.code {
                    format!("  (= {} shifted {})", r.canonical.code, r.canonical.shift)
                } else {
                    String::new()
                };
                out.line(&format!(
                    "{}: {what}, max {}, checksum {:016x}{same}",
                    c.code, c.max_value, c.checksum
                ))?;
            }
        }
    }
    out.flush()
}

/// The end of the summary on stdout: the whole JSON object, or the text
/// summary's last line (the rows were printed as they came).
fn print_summary(out: &mut Printer, summary: &Value, format: Format) -> Result<()> {
    match format {
        Format::Json => out.line(&summary.to_string()),
        Format::Csv => Ok(()),
        Format::Text => out.line(&format!(
            "{} codes: {} periodic, {} open, {} distinct up to a shift; checksum {}",
            summary["count"],
            summary["periodic"],
            summary["open"],
            summary["classes"],
            summary["checksum"].as_str().unwrap_or("")
        )),
    }
}

/// Heaps plotted per open game.
const PLOT_HEAPS: u64 = 4096;

fn write_summaries(dir: &Path, summary: &Value, reports: &[CodeReport], to: u64) -> Result<()> {
    let write = |name: &str, text: &str| -> Result<()> {
        let p = dir.join(name);
        std::fs::write(&p, text).with_context(|| format!("cannot write `{}`", p.display()))
    };
    write("census.json", &serde_json::to_string_pretty(summary)?)?;
    write("census.csv", &census::csv(summary))?;
    let plots = dir.join("plots");
    std::fs::create_dir_all(&plots)?;
    let mut html = String::from(
        "<!doctype html><meta charset=\"utf-8\"><title>grundy census</title>\n<style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:right}</style>\n",
    );
    html.push_str(&format!(
        "<h1>Census of <code>{}</code> to {to}</h1><p>{} codes: {} periodic, {} open; checksum <code>{}</code></p>\n<table><tr>",
        esc(summary["codes"].as_str().unwrap_or("")),
        summary["count"],
        summary["periodic"],
        summary["open"],
        summary["checksum"].as_str().unwrap_or("")
    ));
    for c in census::COLUMNS {
        html.push_str(&format!("<th>{c}</th>"));
    }
    html.push_str("</tr>\n");
    for r in summary["results"].as_array().into_iter().flatten() {
        html.push_str("<tr>");
        for c in census::COLUMNS {
            html.push_str(&format!("<td>{}</td>", esc(&census::cell(r, c))));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n<h2>Open games</h2>\n");
    for r in reports.iter().filter(|r| !r.certified) {
        let n = r.checked_to.min(PLOT_HEAPS);
        let mut solver = TakeBreakSolver::new(census::take_break(&r.code)?);
        solver.extend_to(n)?;
        let values: Vec<grundy::Nimber> = (0..=n).filter_map(|h| solver.value(h)).collect();
        let file = format!("{}.svg", r.code.replace([':', '.'], "_"));
        plot::render(
            &plot::Request {
                spec: r.code.clone(),
                dots: &plot::Dots::of_values(0, &values, 800, 300),
                period: None,
                width: 800,
                height: 300,
            },
            &plots.join(&file),
        )?;
        html.push_str(&format!(
            "<h3>{}</h3><img src=\"plots/{file}\" alt=\"G(n) of {}\">\n",
            esc(&r.code),
            esc(&r.code)
        ));
    }
    write("index.html", &html)
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

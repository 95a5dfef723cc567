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
use grundy::analysis::Periodicity;
use grundy::census::{self, canonical_forms, census_checksum, CensusConfig, CodeReport};
use grundy::solve::TakeBreakSolver;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
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

/// One code's line in results.jsonl and the summaries.
fn row(r: &CodeReport, canonical: Option<&census::Canonical>, seconds: f64) -> Value {
    let p = r.periodicity;
    json!({
        "code": r.code,
        "spec": r.spec,
        "canonical": canonical.map_or(r.code.clone(), |c| c.code.clone()),
        "shift": canonical.map_or(0, |c| c.shift),
        "status": r.status(),
        "preperiod": p.map(|p| p.preperiod),
        "period": p.map(|p| p.period),
        "certified": r.certified,
        "computed_to": r.computed_to,
        "checked_to": r.checked_to,
        "max_value": r.max_value,
        "split_mask": r.split_mask,
        "rare_heaps": r.rare_heaps,
        "split_heaps": r.split_heaps,
        "checksum": format!("{:016x}", r.checksum),
        "seconds": (seconds * 1000.0).round() / 1000.0,
    })
}

/// A report read back from results.jsonl (with its seconds).
fn from_row(v: &Value) -> Option<(CodeReport, f64)> {
    let u = |k: &str| v.get(k).and_then(Value::as_u64);
    let periodicity = match (u("preperiod"), u("period")) {
        (Some(preperiod), Some(period)) => Some(Periodicity {
            preperiod,
            period,
            saltus: 0,
        }),
        _ => None,
    };
    let hex = |s: &Value| s.as_str().and_then(|s| u64::from_str_radix(s, 16).ok());
    Some((
        CodeReport {
            code: v.get("code")?.as_str()?.to_string(),
            spec: v.get("spec")?.as_str()?.to_string(),
            periodicity,
            certified: v.get("certified")?.as_bool()?,
            computed_to: u("computed_to")?,
            checked_to: u("checked_to")?,
            max_value: u("max_value")?,
            split_mask: u("split_mask"),
            rare_heaps: u("rare_heaps")?,
            split_heaps: u("split_heaps")?,
            checksum: hex(v.get("checksum")?)?,
            fingerprints: v
                .get("fingerprints")?
                .as_array()?
                .iter()
                .map(hex)
                .collect::<Option<Vec<u64>>>()?,
        },
        v.get("seconds").and_then(Value::as_f64).unwrap_or(0.0),
    ))
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

/// `grundy census` (see the module docs).
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
    let (results, lines) = match &a.output {
        Some(dir) => {
            let (f, lines) = census::ResultsFile::open(dir, a.resume)?;
            (Some(f), lines)
        }
        None => (None, Vec::new()),
    };
    let mut done: Vec<Option<(CodeReport, f64)>> = vec![None; codes.len()];
    let mut resumed_rows = Vec::new();
    for (number, line) in &lines {
        let Ok(v) = serde_json::from_str::<Value>(line) else {
            continue;
        };
        let Some((r, s)) = from_row(&v) else { continue };
        if v["to"].as_u64() == Some(a.to) && codes.contains(&r.code) {
            resumed_rows.push((*number, r, s));
        }
    }
    if let Some(f) = &results {
        let rows: Vec<(usize, CodeReport)> = resumed_rows
            .iter()
            .map(|(n, r, _)| (*n, r.clone()))
            .collect();
        census::check_resumed(f.path(), &rows, &config, &mut || Ok(()))?;
    }
    for (_, r, s) in resumed_rows {
        if let Some(i) = codes.iter().position(|c| *c == r.code) {
            done[i] = Some((r, s));
        }
    }
    let resumed = done.iter().filter(|d| d.is_some()).count();
    let threads = match a.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        t => t.min(256),
    };
    let todo: Vec<usize> = (0..codes.len()).filter(|&i| done[i].is_none()).collect();
    let next = AtomicUsize::new(0);
    let slots = Mutex::new(done);
    let failure: Mutex<Option<anyhow::Error>> = Mutex::new(None);
    let file = results.map(Mutex::new);
    let bar = crate::progress::progress_bar(codes.len() as u64, out.is_quiet());
    bar.set_position(resumed as u64);
    let started = Instant::now();
    std::thread::scope(|s| {
        for _ in 0..threads.min(todo.len().max(1)) {
            s.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(&i) = todo.get(k) else { return };
                if failure.lock().map(|f| f.is_some()).unwrap_or(true) {
                    return;
                }
                let t = Instant::now();
                let r = census::classify(&codes[i], &config, &mut || Ok(()));
                let secs = t.elapsed().as_secs_f64();
                match r {
                    Ok(r) => {
                        if let Some(f) = &file {
                            let mut line = row(&r, None, secs);
                            line["to"] = json!(config.to);
                            line["fingerprints"] = json!(r
                                .fingerprints
                                .iter()
                                .map(|f| format!("{f:016x}"))
                                .collect::<Vec<_>>());
                            if let Ok(mut f) = f.lock() {
                                let _ = f.append(&line.to_string());
                            }
                        }
                        if let Ok(mut d) = slots.lock() {
                            d[i] = Some((r, secs));
                        }
                        bar.inc(1);
                    }
                    Err(e) => {
                        if let Ok(mut f) = failure.lock() {
                            f.get_or_insert(
                                anyhow::Error::from(e).context(format!("code `{}`", codes[i])),
                            );
                        }
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = failure.into_inner().ok().flatten() {
        return Err(e);
    }
    let done: Vec<(CodeReport, f64)> = slots
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a census thread failed"))?
        .into_iter()
        .flatten()
        .collect();
    let reports: Vec<CodeReport> = done.iter().map(|(r, _)| r.clone()).collect();
    let canon = canonical_forms(&reports);
    let rows: Vec<Value> = done
        .iter()
        .zip(&canon)
        .map(|((r, s), c)| row(r, Some(c), *s))
        .collect();
    let total = census_checksum(&reports);
    let summary = json!({
        "codes": a.codes,
        "to": a.to,
        "count": rows.len(),
        "periodic": reports.iter().filter(|r| r.certified).count(),
        "open": reports.iter().filter(|r| !r.certified).count(),
        "classes": canon.iter().filter(|c| c.shift == 0 && reports.iter().any(|r| r.code == c.code)).map(|c| &c.code).collect::<std::collections::BTreeSet<_>>().len(),
        "checksum": format!("{total:016x}"),
        "results": rows,
    });
    if let Some(dir) = &a.output {
        write_summaries(dir, &summary, &reports, a.to)?;
    }
    print_summary(out, &summary, a.format)?;
    if !out.is_quiet() {
        out.note(&format!(
            "census of {} codes to {} ({} resumed) in {:.1} s, checksum {total:016x}",
            rows.len(),
            a.to,
            resumed,
            started.elapsed().as_secs_f64()
        ))?;
    }
    Ok(())
}

/// The columns of the csv summary, in order.
const COLUMNS: &[&str] = &[
    "code",
    "canonical",
    "shift",
    "status",
    "preperiod",
    "period",
    "checked_to",
    "max_value",
    "split_mask",
    "rare_heaps",
    "split_heaps",
    "checksum",
    "seconds",
];

fn csv(summary: &Value) -> String {
    let mut s = COLUMNS.join(",");
    s.push('\n');
    for r in summary["results"].as_array().into_iter().flatten() {
        let cells: Vec<String> = COLUMNS
            .iter()
            .map(|c| match &r[*c] {
                Value::Null => String::new(),
                Value::String(t) => t.clone(),
                v => v.to_string(),
            })
            .collect();
        s.push_str(&cells.join(","));
        s.push('\n');
    }
    s
}

fn print_summary(out: &mut Printer, summary: &Value, format: Format) -> Result<()> {
    match format {
        Format::Json => out.line(&summary.to_string()),
        Format::Csv => out.raw(csv(summary).as_bytes()),
        Format::Text => {
            for r in summary["results"].as_array().into_iter().flatten() {
                let what = if r["status"] == "periodic" {
                    format!("period {} from {}", r["period"], r["preperiod"])
                } else {
                    format!("open to {}", r["checked_to"])
                };
                let same = if r["canonical"] != r["code"] {
                    format!(
                        "  (= {} shifted {})",
                        r["canonical"].as_str().unwrap_or(""),
                        r["shift"]
                    )
                } else {
                    String::new()
                };
                out.line(&format!(
                    "{}: {what}, max {}, checksum {}{same}",
                    r["code"].as_str().unwrap_or(""),
                    r["max_value"],
                    r["checksum"].as_str().unwrap_or("")
                ))?;
            }
            out.line(&format!(
                "{} codes: {} periodic, {} open, {} distinct up to a shift; checksum {}",
                summary["count"],
                summary["periodic"],
                summary["open"],
                summary["classes"],
                summary["checksum"].as_str().unwrap_or("")
            ))
        }
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
    write("census.csv", &csv(summary))?;
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
    for c in COLUMNS {
        html.push_str(&format!("<th>{c}</th>"));
    }
    html.push_str("</tr>\n");
    for r in summary["results"].as_array().into_iter().flatten() {
        html.push_str("<tr>");
        for c in COLUMNS {
            let cell = match &r[*c] {
                Value::Null => String::new(),
                Value::String(t) => t.clone(),
                v => v.to_string(),
            };
            html.push_str(&format!("<td>{}</td>", esc(&cell)));
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

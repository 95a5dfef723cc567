//! `grundy serve`: Grundy Lab's local web server (axum on tokio).
//!
//! Above the commands (it runs their `run`) and the command line (it
//! parses each request's argv with the CLI's parser); `main` calls
//! [`run`]. Its parts: [`routes`] (the page's embedded files and the API),
//! [`bridge`] (a request to a command's argv, run into memory inside the
//! request's context), [`play`] (moves and the engine), [`limits`] (what
//! bounds a request and how an error becomes a status).
//!
//! A request that computes runs on tokio's blocking pool behind a
//! semaphore of `--workers` places (503 at once when all are taken),
//! under a [`grundy::service::RequestPolicy`] with the time limit
//! `--time-limit`; its game files come from the request (its body, and
//! the embedded examples), never from the disk.

mod bridge;
mod limits;
mod play;
mod routes;

use crate::commands::serve::{banner, exposed_warning, ServeArgs};
use crate::printer::Printer;
use anyhow::{Context, Result};
use limits::ApiError;
use std::path::Path;
use std::time::Duration;

/// Serves until the process is stopped (Ctrl-C).
pub fn run(a: &ServeArgs, out: &mut Printer) -> Result<()> {
    // Ctrl-C ends the server at once (a computation under way is only
    // an answer lost): installed before any command's own handler.
    let _ = ctrlc::set_handler(|| std::process::exit(i32::from(crate::interrupt::EXIT_STATUS)));
    if let Some(dir) = &a.census {
        let results = dir.join("results.jsonl");
        if !results.is_file() {
            anyhow::bail!(
                "`{}` has no `results.jsonl`: `--census` names the directory of `grundy census --output DIR`",
                dir.display()
            );
        }
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let workers = a.workers.map_or(cores, |w| w as usize);
    let app = routes::App {
        limits: limits::Limits::new(workers, a.queue as usize, Duration::from_secs(a.time_limit)),
        census: a.census.clone(),
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        .max_blocking_threads(workers + 4)
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((a.host.as_str(), a.port))
            .await
            .with_context(|| format!("cannot listen on `{}:{}`", a.host, a.port))?;
        let addr = listener.local_addr()?;
        if let Some(w) = exposed_warning(&a.host) {
            eprintln!("{w}");
        }
        out.raw(format!("{}\n", banner(addr)).as_bytes())?;
        out.flush()?;
        if a.open {
            open_browser(&format!("http://{addr}/"), out)?;
        }
        axum::serve(listener, routes::router(app))
            .await
            .context("the server stopped")
    })
}

/// Opens `url` in a browser; failing that, a note.
fn open_browser(url: &str, out: &mut Printer) -> Result<()> {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    let started = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
    if let Err(e) = started {
        out.note(&format!(
            "note: could not open a browser (`{opener}`: {e}); open {url} yourself"
        ))?;
    }
    Ok(())
}

/// Most bytes of `results.jsonl` served.
const MAX_CENSUS_BYTES: u64 = 64 << 20;

/// `/api/census`: `{"dir", "columns", "rows"}`, the rows of
/// `DIR/results.jsonl` read back by [`grundy::census::from_row`].
fn census_rows(dir: &Path) -> Result<serde_json::Value, ApiError> {
    let path = dir.join("results.jsonl");
    let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
    if size > MAX_CENSUS_BYTES {
        return Err(ApiError::too_large(format!(
            "`{}` holds {size} bytes, more than the `{MAX_CENSUS_BYTES}` served",
            path.display()
        )));
    }
    let text = std::fs::read_to_string(&path).map_err(|e| ApiError {
        status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        kind: "Io".into(),
        message: format!("cannot read `{}`: {e}", path.display()),
    })?;
    let rows: Vec<serde_json::Value> = text
        .lines()
        .filter_map(grundy::census::from_row)
        .map(|(to, r, seconds)| {
            let p = r.periodicity;
            serde_json::json!({
                "code": r.code,
                "spec": r.spec,
                "status": r.status(),
                "preperiod": p.map(|p| p.preperiod),
                "period": p.map(|p| p.period),
                "certified": r.certified,
                "computed_to": r.computed_to,
                "checked_to": r.checked_to,
                "max_value": r.max_value,
                "max_at": r.max_at,
                "split_mask": r.split_mask,
                "rare_heaps": r.rare_heaps,
                "split_heaps": r.split_heaps,
                "last_rare": r.last_rare,
                "checksum": format!("{:016x}", r.checksum),
                "to": to,
                "seconds": seconds,
            })
        })
        .collect();
    let columns: Vec<String> = rows
        .first()
        .and_then(|r| r.as_object())
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default();
    Ok(serde_json::json!({"dir": dir.display().to_string(), "columns": columns, "rows": rows}))
}

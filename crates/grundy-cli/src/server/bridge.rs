//! The command bridge: an API request becomes the argv of the CLI command
//! that answers it, built from an explicit list of query parameters per
//! endpoint (never a free-form flag: no `--output`, `--table`, `--input`,
//! `--dir`), parsed by the CLI's own clap parser, and run by the
//! command's own `run` into an in-memory [`Printer`] inside the request's
//! context ([`crate::game::with_request`]: the request's files, never the
//! disk, and its time limit). So the JSON is the command's `--format
//! json`, by construction.

use super::limits::{ApiError, TooLarge, MAX_PLOT_VALUES, MAX_VALUES};
use crate::cli::{self, Cli, Command};
use crate::commands::{analyze, explain, games, pattern, period, plot, values};
use crate::game::{with_request, RequestContext};
use crate::printer::{Output, Printer};
use clap::FromArgMatches;
use grundy::service::{RequestFiles, RequestPolicy};

/// The query's `(name, value)` pairs, in order.
pub struct Params(pub Vec<(String, String)>);

impl Params {
    /// Refuses a parameter not in `allowed` (400 naming it).
    pub fn only(&self, allowed: &[&str]) -> Result<(), ApiError> {
        match self.0.iter().find(|(k, _)| !allowed.contains(&k.as_str())) {
            Some((k, _)) => Err(ApiError::usage(format!(
                "unknown parameter `{k}`: this endpoint takes {}",
                allowed
                    .iter()
                    .map(|a| format!("`{a}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            ))),
            None => Ok(()),
        }
    }

    /// Every value of `name`, in order.
    pub fn all(&self, name: &str) -> Vec<String> {
        self.0
            .iter()
            .filter(|(k, _)| k == name)
            .map(|(_, v)| v.clone())
            .collect()
    }

    /// The value of `name`, if given (given twice: 400).
    pub fn one(&self, name: &str) -> Result<Option<String>, ApiError> {
        match self.all(name).as_slice() {
            [] => Ok(None),
            [v] => Ok(Some(v.clone())),
            _ => Err(ApiError::usage(format!("`{name}` is given more than once"))),
        }
    }

    /// The value of `name`, which must be given.
    pub fn required(&self, name: &str) -> Result<String, ApiError> {
        self.one(name)?
            .ok_or_else(|| ApiError::usage(format!("the parameter `{name}` is missing")))
    }

    /// A switch: absent, `0`/`false` (off) or `1`/`true`/empty (on).
    pub fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.one(name)?.as_deref() {
            None | Some("0" | "false") => Ok(false),
            Some("1" | "true" | "") => Ok(true),
            Some(v) => Err(ApiError::usage(format!(
                "`{name}` is `1` or `0`, not `{v}`"
            ))),
        }
    }
}

/// The commands the API runs, one per endpoint.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Endpoint {
    /// `/api/games`.
    Games,
    /// `/api/values`.
    Values,
    /// `/api/analyze`.
    Analyze,
    /// `/api/period`.
    Period,
    /// `/api/pattern`.
    Pattern,
    /// `/api/plot` (an SVG).
    Plot,
    /// `/api/explain`.
    Explain,
}

impl Endpoint {
    /// The endpoint of a path segment (`values`), if the bridge runs it.
    pub fn of(name: &str) -> Option<Endpoint> {
        Some(match name {
            "games" => Endpoint::Games,
            "values" => Endpoint::Values,
            "analyze" => Endpoint::Analyze,
            "period" => Endpoint::Period,
            "pattern" => Endpoint::Pattern,
            "plot" => Endpoint::Plot,
            "explain" => Endpoint::Explain,
            _ => return None,
        })
    }
}

/// `--NAME=VALUE` for each value of `query` (one flag per value, `=`
/// joined so that no value is ever read as a flag).
fn flags(argv: &mut Vec<String>, p: &Params, query: &str, flag: &str) -> Result<(), ApiError> {
    for v in p.all(query) {
        argv.push(format!("--{flag}={v}"));
    }
    Ok(())
}

/// The command's argv for `endpoint` with `params` (`plot`: its image
/// written to `image`); positionals after `--`.
pub fn argv(endpoint: Endpoint, p: &Params, image: &str) -> Result<Vec<String>, ApiError> {
    let mut a: Vec<String> = Vec::new();
    let game_and = |a: &mut Vec<String>, positions: bool| -> Result<(), ApiError> {
        a.push("--".into());
        a.push(p.required("game")?);
        if positions {
            a.extend(p.all("position"));
        }
        Ok(())
    };
    match endpoint {
        Endpoint::Games => {
            p.only(&[])?;
            a.extend(["games".into(), "--format=json".into()]);
        }
        Endpoint::Values => {
            p.only(&["game", "from", "to", "param"])?;
            a.extend(["values".into(), "--format=json".into()]);
            flags(&mut a, p, "from", "from")?;
            a.push(format!("--to={}", p.required("to")?));
            flags(&mut a, p, "param", "param")?;
            game_and(&mut a, false)?;
        }
        Endpoint::Analyze => {
            p.only(&["game", "position", "misere", "param"])?;
            a.extend(["analyze".into(), "--format=json".into()]);
            if p.flag("misere")? {
                a.push("--misere".into());
            }
            flags(&mut a, p, "param", "param")?;
            game_and(&mut a, true)?;
        }
        Endpoint::Period => {
            p.only(&["game", "limit", "param"])?;
            a.extend(["period".into(), "--format=json".into()]);
            flags(&mut a, p, "limit", "limit")?;
            flags(&mut a, p, "param", "param")?;
            game_and(&mut a, false)?;
        }
        Endpoint::Pattern => {
            p.only(&["game", "to", "param"])?;
            a.extend(["pattern".into(), "--format=json".into()]);
            flags(&mut a, p, "to", "to")?;
            flags(&mut a, p, "param", "param")?;
            game_and(&mut a, false)?;
        }
        Endpoint::Explain => {
            p.only(&["game", "position", "misere", "lang", "param"])?;
            a.extend(["explain".into(), "--format=json".into()]);
            if p.flag("misere")? {
                a.push("--misere".into());
            }
            flags(&mut a, p, "lang", "lang")?;
            flags(&mut a, p, "param", "param")?;
            game_and(&mut a, true)?;
        }
        Endpoint::Plot => {
            p.only(&["game", "from", "to", "width", "height", "param"])?;
            a.extend(["plot".into(), format!("--output={image}")]);
            a.push(format!("--to={}", p.required("to")?));
            for f in ["from", "width", "height", "param"] {
                flags(&mut a, p, f, f)?;
            }
            game_and(&mut a, false)?;
        }
    }
    Ok(a)
}

/// Parses `argv` with the CLI's parser and runs the command into memory
/// under `policy`, its specs reading `files`.
pub fn run(
    argv: &[String],
    files: RequestFiles,
    policy: &RequestPolicy,
) -> Result<Output, ApiError> {
    let mut cmd = cli::command();
    let args = std::iter::once("grundy".to_string()).chain(argv.iter().cloned());
    let usage = |e: clap::Error| {
        let line = crate::errors::one_line(&e);
        ApiError::usage(line.strip_prefix("error: ").unwrap_or(&line).to_string())
    };
    let matches = cmd.try_get_matches_from_mut(args).map_err(usage)?;
    let parsed = Cli::from_arg_matches(&matches).map_err(|e| usage(e.format(&mut cmd)))?;
    let (mut out, captured) = Printer::buffer(true);
    within(files, policy, parsed.command.takes_game(), || {
        dispatch(&parsed.command, &mut out)?;
        out.flush()
    })?;
    Ok(captured.take())
}

/// Runs `f` in the context of one request (its files, its policy's clock
/// and limits; [`with_request`]) and turns its error into the answer the
/// command's one line gives (`takes_game`: with the hints about games).
pub fn within<T>(
    files: RequestFiles,
    policy: &RequestPolicy,
    takes_game: bool,
    f: impl FnOnce() -> anyhow::Result<T>,
) -> Result<T, ApiError> {
    let request = policy.start();
    let context = RequestContext {
        files,
        request: request.clone(),
    };
    with_request(context, f).map_err(|e| {
        // Stopped by the request's own clock: the error names it.
        let e = match request.check() {
            Err(limit) if crate::interrupt::is_cancelled(&e) => anyhow::Error::from(limit),
            _ => e,
        };
        let line = crate::errors::error_line(&e, takes_game);
        ApiError::of_command(&e, &line)
    })
}

/// The command's own `run`, for the commands the API serves; the
/// server's limits on the size of what is asked checked first.
fn dispatch(command: &Command, out: &mut Printer) -> anyhow::Result<()> {
    match command {
        Command::Games(a) => games::run(a, out),
        Command::Values(a) => {
            let n = a.to.saturating_sub(a.from.unwrap_or(0)).saturating_add(1);
            if n > MAX_VALUES {
                anyhow::bail!(too_many("values", n, MAX_VALUES));
            }
            values::run(a, out)
        }
        Command::Analyze(a) => analyze::run(a, out),
        Command::Period(a) => period::run(a, out),
        Command::Pattern(a) => pattern::run(a, out),
        Command::Explain(a) => explain::run(a, out),
        Command::Plot(a) => {
            let n = a.to.saturating_sub(a.from.unwrap_or(0)).saturating_add(1);
            if n > MAX_PLOT_VALUES {
                anyhow::bail!(too_many("plotted heaps", n, MAX_PLOT_VALUES));
            }
            plot::run(a, out)
        }
        _ => anyhow::bail!("this command is not served"),
    }
}

/// The error of a request over a size limit of the server.
fn too_many(what: &str, asked: u64, limit: u64) -> TooLarge {
    TooLarge(format!(
        "{asked} {what} asked for, more than the server's limit of `{limit}` a request \
         (the `grundy` command has no such limit)"
    ))
}

//! The GAME argument of the commands that take one: the spec with its
//! `--param` parameters, parsed with the files read from disk
//! ([`grundy::service::DiskFiles`]), or, inside [`with_request`], with
//! the files and under the policy of one request that a server serves.
//!
//! **The request context** is explicit and scoped: the server's worker
//! calls a command's own `run` inside [`with_request`] on the thread that
//! computes the request; every command gets its game through [`parse`],
//! which then reads the request's files (in memory: never the disk) and
//! hands the game the request's limits ([`grundy::service::Request::apply`]:
//! its time limit and cancel hook). Outside it (the `grundy` command),
//! [`parse`] reads files from disk and sets no limit. The context is the
//! thread's own and is removed when [`with_request`] returns or unwinds.

use anyhow::Result;
use grundy::service::{Request, RequestFiles};
use grundy::spec::{self, AnyGame};
use std::cell::RefCell;

/// What one request served by a server parses its games with.
pub struct RequestContext {
    /// The files its specs may name (the request's body).
    pub files: RequestFiles,
    /// The request under way: its policy and its clock.
    pub request: Request,
}

thread_local! {
    static CONTEXT: RefCell<Option<RequestContext>> = const { RefCell::new(None) };
}

/// Removes the thread's context when dropped (also on a panic).
struct Reset;

impl Drop for Reset {
    fn drop(&mut self) {
        CONTEXT.with(|c| c.borrow_mut().take());
    }
}

/// Runs `f` with `context` as this thread's request context: every
/// [`parse`] inside it uses the request's files and limits.
pub fn with_request<R>(context: RequestContext, f: impl FnOnce() -> R) -> R {
    CONTEXT.with(|c| *c.borrow_mut() = Some(context));
    let _reset = Reset;
    f()
}

/// The spec with the `--param` parameters added (`script:F?k=3`).
pub fn with_params(game: &str, params: &[String]) -> Result<String> {
    if params.is_empty() {
        return Ok(game.to_string());
    }
    if !game.trim_start().starts_with("script:") {
        anyhow::bail!("`--param` is for scripted games (`script:FILE.rhai` or `script:FILE.lua`), not `{game}`");
    }
    let sep = if game.contains('?') { ',' } else { '?' };
    Ok(format!("{game}{sep}{}", params.join(",")))
}

/// The game `spec` names (with `--param` parameters): its `script:` and
/// `toml:` files read from disk, or inside [`with_request`] from the
/// request, with the request's limits.
pub fn parse(game: &str, params: &[String]) -> Result<Box<dyn AnyGame>> {
    let spec = with_params(game, params)?;
    CONTEXT.with(|c| match &*c.borrow() {
        Some(ctx) => {
            ctx.request.check()?;
            let mut parsed = spec::parse_with(&spec, &ctx.files)?;
            ctx.request.apply(parsed.as_mut());
            Ok(parsed)
        }
        None => Ok(spec::parse_with(&spec, &grundy::service::DiskFiles)?),
    })
}

/// The width of the table of tuples `grundy values` and `grundy pattern`
/// print for `game`, or `None` for its usual table: `--dims K` when given
/// (`--dims 2` of a game on pairs is its table of pairs), else the width a
/// script's positions have when they are tuples of 3 or more numbers
/// ([`spec::Tabulated::Tuples`]).
pub fn tuple_width(game: &mut dyn AnyGame, dims: Option<usize>) -> Result<Option<usize>> {
    // (A shape the script refuses is refused again, naming it, by the
    // table the command then asks for.)
    let shape = game.tabulated().ok().flatten();
    Ok(match (dims, shape) {
        (None, Some(spec::Tabulated::Tuples(k))) => Some(k),
        (None, _) => None,
        (Some(2), Some(spec::Tabulated::Pairs)) => None,
        (Some(2), None) if game.table(0, 0)?.is_some() => None,
        (Some(d), _) => Some(d),
    })
}

//! `script:FILE.rhai` / `script:FILE.lua`: a game whose moves a Rhai or
//! Lua script defines (feature `script`; the language by the extension);
//! the file's text comes from the caller ([`SpecFiles`]).

use super::file_argument;
use crate::error::Result;
use crate::spec::{AnyGame, Family, SpecFiles};

pub(super) const FAMILY: Family = Family {
    name: "script",
    syntax: "script:FILE.rhai|FILE.lua[?k=3,...]",
    position: "as the script reads it: N, A,B, '[..]', '\"..\"', '#{..}'",
    example: "script:examples/games/subtract-134.rhai 5",
    about: "a game whose moves a Rhai or Lua 5.4 script defines: moves(p) returns the options; parameters after `?` or with --param k=3",
    parse,
};

#[cfg(feature = "script")]
fn parse(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    use crate::script::{ScriptGame, ScriptSpec, TurnSpec};
    let args = args.map(|a| crate::script::params::split_spec(spec, a)).transpose()?;
    let (file, params) = args.unwrap_or_default();
    let file = file_argument(spec, Some(file).filter(|f| !f.is_empty()), "script:examples/games/subtract-134.rhai")?;
    let limits = files.script_limits()?;
    let source = files.read(spec, file)?;
    let game = ScriptGame::with_params(file, &source, &limits, &params)?;
    if game.is_turn_aware() {
        return Ok(Box::new(TurnSpec::new(game)));
    }
    Ok(Box::new(ScriptSpec::new(game)))
}

#[cfg(not(feature = "script"))]
fn parse(spec: &str, args: Option<&str>, _: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    file_argument(spec, args, "script:FILE.rhai")?;
    Err(super::without_script(spec))
}

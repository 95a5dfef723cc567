//! The GAME argument of the commands that take one: the spec with its
//! `--param` parameters, parsed with the files read from disk
//! ([`grundy::service::DiskFiles`]).

use anyhow::Result;
use grundy::spec::{self, AnyGame};

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

/// The game `spec` names (with `--param` parameters), its `script:` and
/// `toml:` files read from disk.
pub fn parse(game: &str, params: &[String]) -> Result<Box<dyn AnyGame>> {
    Ok(spec::parse_with(
        &with_params(game, params)?,
        &grundy::service::DiskFiles,
    )?)
}

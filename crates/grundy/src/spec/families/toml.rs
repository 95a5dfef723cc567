//! `toml:FILE.toml`: a game file naming a rule of the built-in families (a
//! `script` in it is read through the caller's [`SpecFiles`] too, relative
//! to the file's folder).

use super::file_argument;
use crate::error::Result;
use crate::spec::{AnyGame, Family, SpecFiles};

pub(super) const FAMILY: Family = Family {
    name: "toml",
    syntax: "toml:FILE.toml",
    position: "N (a heap size)",
    example: "toml:examples/games/take-half.toml 5",
    about: "a game file naming a rule: subtraction, take, octal, hex, ...",
    parse,
};

#[cfg(feature = "script")]
fn parse(spec: &str, args: Option<&str>, files: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    let file = file_argument(spec, args, "toml:examples/games/take-half.toml")?;
    let text = files.read(spec, file)?;
    let base = std::path::Path::new(file)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    let game = crate::script::gamefile::GameFile::parse(file, &text, base)?;
    crate::spec::parse_with(&game.spec, files)
}

#[cfg(not(feature = "script"))]
fn parse(spec: &str, args: Option<&str>, _: &dyn SpecFiles) -> Result<Box<dyn AnyGame>> {
    file_argument(spec, args, "toml:FILE.toml")?;
    Err(super::without_script(spec))
}

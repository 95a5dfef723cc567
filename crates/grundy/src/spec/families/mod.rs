//! The family registry: one file per family, one line per family in
//! [`FAMILIES`].
//!
//! A family file holds the family's [`Family`] entry (name, spec syntax,
//! position syntax, one line of rules, parser) and its adapter to
//! [`AnyGame`](crate::spec::AnyGame) when [`HeapSpec`](crate::spec::HeapSpec)
//! (any heap game) does not fit. Adding a family is one new file here and
//! one line below; `grundy games`, `grundy --help` and the README's games
//! table (tested) follow the list.

use crate::error::{Error, Result};
use crate::spec::Family;

/// Declares each family's module and lists its entry in [`FAMILIES`]:
/// `name` is the module `name.rs` with its `FAMILY`; `name { A, B }` a
/// module holding several entries `A`, `B` (the named take-and-break games).
macro_rules! registry {
    (@list [$($done:expr,)*]) => { &[$($done,)*] };
    (@list [$($done:expr,)*] $module:ident { $($entry:ident),+ } $(, $($rest:tt)*)?) => {
        registry!(@list [$($done,)* $($module::$entry,)+] $($($rest)*)?)
    };
    (@list [$($done:expr,)*] $module:ident $(, $($rest:tt)*)?) => {
        registry!(@list [$($done,)* $module::FAMILY,] $($($rest)*)?)
    };
    ($($module:ident $({ $($entry:ident),+ $(,)? })?),+ $(,)?) => {
        $(pub(super) mod $module;)+
        /// Every built-in family, in the order `grundy games` lists them.
        pub static FAMILIES: &[Family] = registry!(@list [] $($module $({ $($entry),+ })?),+);
    };
}

// One line per family.
registry! {
    nim,
    sub,
    bash,
    octal,
    hex,
    named {
        KAYLES,
        DAWSON,
        DAWSON_CHESS,
        TREBLECROSS,
        GUILES,
        DOUBLE_KAYLES,
        LASKER,
        GRUNDY_GAME,
    },
    allbut,
    cutting,
    wythoff,
    euclid,
    staircase,
    moore,
    mult,
    square_box,
    take,
    fibnim,
    coins,
    cram,
    node_kayles,
    chomp,
    script,
    toml,
}

/// The file named after `:` in `script:FILE` or `toml:FILE` (`example` in
/// the error when it is missing).
fn file_argument<'a>(spec: &str, args: Option<&'a str>, example: &str) -> Result<&'a str> {
    match args.map(str::trim) {
        Some(p) if !p.is_empty() => Ok(p),
        _ => Err(Error::invalid_spec(
            spec,
            format!("the file is missing (e.g. `{example}`)"),
        )),
    }
}

/// The error for a file family in a build without the `script` feature.
#[cfg(not(feature = "script"))]
fn without_script(spec: &str) -> Error {
    Error::invalid_spec(spec, "built without the `script` feature")
}

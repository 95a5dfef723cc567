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
    pebbles,
    mult,
    square_box,
    take,
    digits,
    fibnim,
    coins,
    cram,
    node_kayles,
    chomp,
    geography,
    graph_staircase,
    walk,
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

/// ARCHITECTURE.md's "How to add a game" example, compiled and run here so
/// that it cannot go stale: the file is the document's code block, word for
/// word (a test compares them), and its game gives the values of the rules.
#[cfg(test)]
mod prime_take;

#[cfg(test)]
mod architecture_example {
    use crate::spec::NoFiles;

    /// The first ```rust block after `## How to add a game`.
    fn documented_block() -> String {
        let doc = include_str!("../../../../../ARCHITECTURE.md");
        let section = doc
            .split("## How to add a game")
            .nth(1)
            .expect("ARCHITECTURE.md has a section `## How to add a game`");
        let start = section.find("```rust\n").expect("a rust block") + "```rust\n".len();
        let len = section[start..].find("```").expect("the block ends");
        section[start..start + len].to_string()
    }

    #[test]
    fn the_architecture_example_is_the_compiled_family_file_word_for_word() {
        assert_eq!(documented_block(), include_str!("prime_take.rs"));
    }

    #[test]
    fn the_architecture_example_family_gives_the_values_of_its_rules() {
        let family = &super::prime_take::FAMILY;
        let mut game = (family.parse)("prime-take", None, &NoFiles).unwrap();
        assert_eq!(game.spec(), "prime-take");
        let got: Vec<u64> = game
            .values(0, 12)
            .unwrap()
            .iter()
            .map(|g| g.value())
            .collect();
        // By hand: moves 1, 2, 3, 5, 7, 11; G(n) = mex of the G(n - k).
        let want = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1, 2, 3, 0];
        assert_eq!(got, want);
        assert!((family.parse)("prime-take:3", Some("3"), &NoFiles).is_err());
    }
}

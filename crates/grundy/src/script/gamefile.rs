//! TOML game files: name a game of a common family and share it, without
//! scripting (`grundy values toml:FILE.toml --to 20`).
//!
//! ```toml
//! name = "take-half"                       # optional
//! about = "remove 1 to half of the heap"   # optional
//! take = { min = 1, max = "n/2" }          # exactly one rule, see below
//! ```
//!
//! Rules (exactly one per file):
//!
//! | key | example | the game |
//! |---|---|---|
//! | `subtraction` | `[1, 3, 4]` | take `s` tokens, `s` in the set (`sub:1,3,4`) |
//! | `all_but` | `[1, 2]` | take any number except those (`allbut:1,2`) |
//! | `take` | `{ min = 1, max = "n/2" }` | take `min(n)..=max(n)` tokens, bounds as in [`crate::games::take`] (default `min = 1`, `max = "n"`) |
//! | `octal` | `"0.77"` | an octal code (Kayles); needs the octal family |
//! | `hex` | `"0.3F"` | a hexadecimal code (`hex:0.3F`) |
//! | `spec` | `"sub:pow2"` | any built-in spec (not another game file) |
//! | `script` | `"mygame.rhai"` | a Rhai (`.rhai`) or Lua (`.lua`) script, relative to this file; its parameters in `params = { k = 3 }` |
//!
//! The file becomes a spec of the built-in families and is parsed by
//! [`crate::spec::parse_with`] (which takes the file's text from its
//! caller: this module reads no files), so the game behaves exactly as the built-in one
//! (its `spec` is the built-in spec). Unknown keys are errors, so a typo is
//! not silently ignored.

use crate::error::{Error, Result};
use std::path::Path;

/// What a game file says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFile {
    /// The game's name, if given.
    pub name: Option<String>,
    /// One line on the game, if given.
    pub about: Option<String>,
    /// The built-in spec the rule becomes.
    pub spec: String,
}

const RULES: &[&str] = &[
    "subtraction",
    "all_but",
    "take",
    "octal",
    "hex",
    "spec",
    "script",
];

impl GameFile {
    /// Reads a game file's text; `file` names it in errors, and paths in it
    /// (a `script`) are relative to `base` (its folder).
    pub fn parse(file: &str, text: &str, base: &Path) -> Result<GameFile> {
        let bad = |why: String| Error::invalid_spec(file, why);
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| bad(toml_error(text, &e)))?;
        let mut name = None;
        let mut about = None;
        let mut rule: Option<(&str, &toml::Value)> = None;
        let mut params = None;
        for (key, value) in &table {
            match key.as_str() {
                "name" => name = Some(string(file, key, value)?),
                "about" => about = Some(string(file, key, value)?),
                "params" => params = Some(value),
                k if RULES.contains(&k) => {
                    if let Some((first, _)) = rule {
                        return Err(bad(format!(
                            "has two rules, `{first}` and `{k}`: keep exactly one"
                        )));
                    }
                    rule = Some((k, value));
                }
                other => {
                    return Err(bad(format!(
                        "unknown key `{other}` (known: name, about, params, {})",
                        RULES.join(", ")
                    )))
                }
            }
        }
        let Some((key, value)) = rule else {
            return Err(bad(format!(
                "has no rule: give one of {}",
                RULES.join(", ")
            )));
        };
        let spec = match key {
            "subtraction" => format!("sub:{}", numbers(file, key, value)?.join(",")),
            "all_but" => format!("allbut:{}", numbers(file, key, value)?.join(",")),
            "take" => {
                let t = value.as_table().ok_or_else(|| {
                    bad("`take` must be a table such as `{ min = 1, max = \"n/2\" }`".into())
                })?;
                let mut min = "1".to_string();
                let mut max = "n".to_string();
                for (k, v) in t {
                    let text = match v {
                        toml::Value::Integer(i) if *i >= 0 => i.to_string(),
                        toml::Value::String(s) => s.clone(),
                        _ => {
                            return Err(bad(format!(
                                "`take.{k}` must be a number or a formula such as \"n/2\""
                            )))
                        }
                    };
                    match k.as_str() {
                        "min" => min = text,
                        "max" => max = text,
                        other => {
                            return Err(bad(format!(
                                "unknown key `take.{other}` (known: min, max)"
                            )))
                        }
                    }
                }
                format!("take:{min}..{max}")
            }
            "octal" => string(file, key, value)?,
            "hex" => format!("hex:{}", string(file, key, value)?),
            "spec" => {
                let s = string(file, key, value)?;
                if s.trim_start().to_ascii_lowercase().starts_with("toml:") {
                    return Err(bad(format!(
                        "`spec = \"{s}\"` names another game file: copy its rule instead"
                    )));
                }
                s
            }
            _ => {
                let s = string(file, key, value)?;
                format!("script:{}", base.join(s).display())
            }
        };
        let spec = match params {
            None => spec,
            Some(_) if key != "script" => {
                return Err(bad(format!("`params` are for a `script`, not for `{key}`")))
            }
            Some(p) => format!("{spec}{}", script_params(file, p)?),
        };
        Ok(GameFile { name, about, spec })
    }
}

/// `params = { k = 3, s = [1, 3] }` as a spec's `?k=3,s=[1,3]`.
fn script_params(file: &str, value: &toml::Value) -> Result<String> {
    let bad = |why: String| Error::invalid_spec(file, why);
    let table = value
        .as_table()
        .ok_or_else(|| bad("`params` must be a table such as `{ k = 3 }`".into()))?;
    let mut parts = Vec::new();
    for (k, v) in table {
        parts.push(format!(
            "{k}={}",
            literal(v).map_err(|why| bad(format!("`params.{k}`: {why}")))?
        ));
    }
    let text = parts.join(",");
    // Checked here, so that a mistake names the game file.
    crate::script::params::parse_list(file, &text)?;
    Ok(format!("?{text}"))
}

/// A TOML value as a position literal.
fn literal(v: &toml::Value) -> std::result::Result<String, String> {
    match v {
        toml::Value::Integer(i) if *i >= 0 => Ok(i.to_string()),
        toml::Value::String(s) => Ok(crate::script::ScriptPosition::Str(s.clone()).to_string()),
        toml::Value::Array(items) => {
            let parts = items
                .iter()
                .map(literal)
                .collect::<std::result::Result<Vec<_>, _>>()?;
            Ok(format!("[{}]", parts.join(",")))
        }
        toml::Value::Table(t) => {
            let parts = t
                .iter()
                .map(|(k, v)| {
                    Ok(format!(
                        "{}:{}",
                        crate::script::ScriptPosition::Str(k.clone()),
                        literal(v)?
                    ))
                })
                .collect::<std::result::Result<Vec<_>, String>>()?;
            Ok(format!("#{{{}}}", parts.join(",")))
        }
        _ => Err("a value is a non-negative integer, a string, an array or a table".into()),
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A TOML parse error in one line: what, where (line and column), and at
/// most an excerpt of the line ([`crate::files::excerpt`]): the file may
/// be anything, and its text is not printed back whole.
fn toml_error(text: &str, e: &toml::de::Error) -> String {
    let what = one_line(e.message());
    let what = crate::files::excerpt(&what);
    let Some(span) = e.span() else {
        return format!("not valid TOML: {what}");
    };
    let mut at = span.start.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    let before = &text[..at];
    let line_no = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[start..at].chars().count() + 1;
    let line = text[start..].lines().next().unwrap_or("").trim();
    format!(
        "not valid TOML: {what} at line {line_no}, column {column}: `{}`",
        crate::files::excerpt(line)
    )
}

fn string(file: &str, key: &str, value: &toml::Value) -> Result<String> {
    value
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| Error::invalid_spec(file, format!("`{key}` must be a string")))
}

fn numbers(file: &str, key: &str, value: &toml::Value) -> Result<Vec<String>> {
    let bad = || {
        Error::invalid_spec(
            file,
            format!("`{key}` must be a list of non-negative integers, e.g. [1, 3, 4]"),
        )
    };
    value
        .as_array()
        .ok_or_else(bad)?
        .iter()
        .map(|v| match v.as_integer() {
            Some(i) if i >= 0 => Ok(i.to_string()),
            _ => Err(bad()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec_of(text: &str) -> Result<String> {
        GameFile::parse("g.toml", text, Path::new("games")).map(|g| g.spec)
    }

    #[test]
    fn each_rule_becomes_its_spec() {
        assert_eq!(spec_of("subtraction = [1, 3, 4]").unwrap(), "sub:1,3,4");
        assert_eq!(spec_of("all_but = [2]").unwrap(), "allbut:2");
        assert_eq!(
            spec_of("take = { min = 1, max = \"n/2\" }").unwrap(),
            "take:1..n/2"
        );
        assert_eq!(spec_of("take = { max = 3 }").unwrap(), "take:1..3");
        assert_eq!(spec_of("octal = \"0.77\"").unwrap(), "0.77");
        assert_eq!(spec_of("hex = \"0.3F\"").unwrap(), "hex:0.3F");
        assert_eq!(spec_of("spec = \"sub:pow2\"").unwrap(), "sub:pow2");
        let s = spec_of("script = \"x.rhai\"").unwrap();
        assert!(
            s.starts_with("script:games") && s.ends_with("x.rhai"),
            "{s}"
        );
        let g = GameFile::parse(
            "g.toml",
            "name = \"n\"\nabout = \"a\"\nsubtraction = [1]",
            Path::new(""),
        )
        .unwrap();
        assert_eq!(
            (g.name.as_deref(), g.about.as_deref()),
            (Some("n"), Some("a"))
        );
    }

    #[test]
    fn mistakes_are_named() {
        let msg = |t: &str| spec_of(t).unwrap_err().to_string();
        assert!(msg("").contains("has no rule"));
        assert!(msg("subtraction = [1]\ntake = {}").contains("two rules"));
        assert!(msg("substraction = [1]").contains("unknown key `substraction`"));
        assert!(msg("subtraction = [1, -3]").contains("non-negative"));
        assert!(msg("subtraction = \"1,3\"").contains("list"));
        assert!(msg("take = 3").contains("table"));
        assert!(msg("take = { most = 3 }").contains("`take.most`"));
        assert!(msg("spec = \"toml:other.toml\"").contains("another game file"));
        assert!(msg("subtraction = [1,").contains("not valid TOML"));
        // The line is quoted, at most 80 characters of it.
        let e = msg(&format!("a = 1\nb = {}", "x".repeat(500)));
        assert!(e.contains("at line 2, column 5: `b = xxx"), "{e}");
        assert!(e.len() < 300, "{e}");
        assert!(msg("name = 3\nsubtraction = [1]").contains("`name` must be a string"));
        assert!(msg("subtraction = [1]\nparams = { k = 3 }").contains("for a `script`"));
        assert!(msg("script = \"x.rhai\"\nparams = { k = -3 }").contains("`params.k`"));
    }

    #[test]
    fn script_parameters_join_the_spec() {
        let s =
            spec_of("script = \"x.rhai\"\nparams = { k = 3, s = [1, 2], b = \"..X\" }").unwrap();
        assert!(s.ends_with("x.rhai?b=\"..X\",k=3,s=[1,2]"), "{s}");
    }
}

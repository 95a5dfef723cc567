//! Parameters of a script: `script:FILE.rhai?k=3,n=10` (the `grundy`
//! command's `--param k=3` adds to the same list).
//!
//! Each parameter is `NAME=VALUE`, where `NAME` is an identifier and
//! `VALUE` a position literal ([`ScriptPosition::parse`]: `3`, `[1,3,4]`,
//! `"..X"`); parameters are separated by commas outside brackets and
//! quotes. The script reads a parameter as a constant of that name, in
//! every function (a local variable of the same name hides it). A
//! parameter the script never mentions is refused (a typo would otherwise
//! be silently ignored); a parameter the script reads but that is not
//! given is an error naming it, at the call that reads it.

use super::position::ScriptPosition;
use crate::error::{Error, Result};

/// One parameter: a name and its value.
pub type Param = (String, ScriptPosition);

/// Splits `FILE?k=3,n=10` into the file and its parameters.
pub fn split_spec<'a>(spec: &str, args: &'a str) -> Result<(&'a str, Vec<Param>)> {
    match args.split_once('?') {
        None => Ok((args, Vec::new())),
        Some((file, list)) => Ok((file, parse_list(spec, list)?)),
    }
}

/// Parses `k=3,n=10` (an empty list is no parameters).
pub fn parse_list(spec: &str, list: &str) -> Result<Vec<Param>> {
    let mut params: Vec<Param> = Vec::new();
    for item in top_level_items(list) {
        if item.trim().is_empty() {
            continue;
        }
        let (name, value) = parse_one(spec, item)?;
        if params.iter().any(|(n, _)| *n == name) {
            return Err(Error::invalid_spec(
                spec,
                format!("the parameter `{name}` is given twice"),
            ));
        }
        params.push((name, value));
    }
    Ok(params)
}

/// Parses one `NAME=VALUE`.
pub fn parse_one(spec: &str, item: &str) -> Result<Param> {
    let Some((name, value)) = item.split_once('=') else {
        return Err(Error::invalid_spec(
            spec,
            format!(
                "the parameter `{}` has no value: write NAME=VALUE, e.g. `k=3`",
                item.trim()
            ),
        ));
    };
    let name = name.trim();
    let mut chars = name.chars();
    let identifier = chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !identifier {
        return Err(Error::invalid_spec(
            spec,
            format!(
                "`{name}` is not a parameter name (letters, digits and `_`, not first a digit)"
            ),
        ));
    }
    let value = ScriptPosition::parse(value)
        .map_err(|e| Error::invalid_spec(spec, format!("the parameter `{name}`: {e}")))?;
    Ok((name.to_string(), value))
}

/// `text` cut at the commas that are outside brackets, braces and quotes.
fn top_level_items(text: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let (mut depth, mut quoted, mut escaped, mut start) = (0i64, false, false, 0);
    for (i, c) in text.char_indices() {
        if quoted {
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                '"' => quoted = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => quoted = true,
            '[' | '{' => depth += 1,
            ']' | '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items.push(&text[start..]);
    items
}

/// Whether `source` mentions `name` as a word (not inside a longer name).
pub fn mentions(source: &str, name: &str) -> bool {
    let word = |c: char| c.is_ascii_alphanumeric() || c == '_';
    source.match_indices(name).any(|(i, _)| {
        let before = source[..i].chars().next_back();
        let after = source[i + name.len()..].chars().next();
        !before.is_some_and(word) && !after.is_some_and(word)
    })
}

/// The parameters as they are written in a spec: `?k=3,n=10` (empty when
/// there are none).
pub fn suffix(params: &[Param]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let parts: Vec<String> = params
        .iter()
        .map(|(n, v)| format!("{n}={}", literal(v)))
        .collect();
    format!("?{}", parts.join(","))
}

/// A value in a spec: arrays always in brackets (a comma separates
/// parameters).
fn literal(v: &ScriptPosition) -> String {
    match v {
        ScriptPosition::Array(items) => {
            let parts: Vec<String> = items.iter().map(literal).collect();
            format!("[{}]", parts.join(","))
        }
        v => v.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_split_at_top_level_commas() {
        let (file, params) = split_spec("s", "g.rhai?k=3, s=[1,3,4],b=\"a,b\"").unwrap();
        assert_eq!(file, "g.rhai");
        assert_eq!(params.len(), 3);
        assert_eq!(params[0], ("k".to_string(), ScriptPosition::Int(3)));
        assert_eq!(params[1].1.to_string(), "1,3,4");
        assert_eq!(params[2].1, ScriptPosition::Str("a,b".into()));
        assert_eq!(suffix(&params), "?k=3,s=[1,3,4],b=\"a,b\"");
        assert_eq!(split_spec("s", "g.rhai").unwrap().1, []);
        assert_eq!(split_spec("s", "g.rhai?").unwrap().1, []);
    }

    #[test]
    fn bad_parameters_are_named() {
        let e = |t: &str| split_spec("s", t).unwrap_err().to_string();
        assert!(e("g?k").contains("no value"), "{}", e("g?k"));
        assert!(e("g?1k=3").contains("not a parameter name"));
        assert!(e("g?k=3,k=4").contains("twice"));
        assert!(e("g?k=x").contains("parameter `k`"));
    }

    #[test]
    fn a_mention_is_a_whole_word() {
        assert!(mentions("let x = k + 1;", "k"));
        assert!(!mentions("let kk = 1;", "k"));
        assert!(!mentions("fn moves(n) { take(n) }", "k"));
        assert!(mentions("K", "K"));
    }
}

//! Positions of scripted games: a number, a string, an array (nested) or a
//! map, written on the command line as literals.
//!
//! Syntax of one component (one command-line argument, always):
//!
//! | text | position |
//! |---|---|
//! | `5` | the number 5 (a heap) |
//! | `3,5` | shorthand for the array `[3,5]` (pairs of Wythoff's game) |
//! | `[3,4]`, `[3]`, `[]` | arrays, nested freely: `[[0,1],[1,2]]` |
//! | `"..X.X"` | a string (escapes `\"`, `\\`, `\n`, `\t`) |
//! | `#{a:1,b:[2]}` | a map from names to positions (`{...}` also reads) |
//!
//! Numbers are non-negative and at most `i64::MAX` (a script's integers).
//! A position prints in the same syntax, a flat array of two or more
//! numbers in the shorthand `A,B`, so what is printed can be typed back.
//!
//! Parsing is linear in the text; nesting deeper than [`MAX_DEPTH`] is
//! refused (so neither parsing nor printing can exhaust the stack).

use crate::error::{Error, Result};
use crate::util::parse_u64;
use std::collections::BTreeMap;
use std::fmt;

/// Deepest nesting of arrays and maps in a position (typed or returned by
/// a script).
pub const MAX_DEPTH: usize = 64;

/// A position of a scripted game (see the module docs for its syntax).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ScriptPosition {
    /// A non-negative number (a heap).
    Int(u64),
    /// A string, e.g. a row of cells `"..X.X"`.
    Str(String),
    /// An array of positions, e.g. a pair `[3,5]` or a tree `[[],[[]]]`.
    Array(Vec<ScriptPosition>),
    /// A map from names to positions, e.g. `#{row:3,col:4}`.
    Map(BTreeMap<String, ScriptPosition>),
}

impl ScriptPosition {
    /// Parses one component: a number, `A,B,...` (an array of numbers), or
    /// a literal `[...]`, `"..."`, `#{...}`.
    pub fn parse(text: &str) -> Result<ScriptPosition> {
        let t = text.trim();
        let bad = |reason: String| Error::invalid_position(text, reason);
        if t.starts_with(['[', '"', '#', '{']) {
            let mut reader = Reader {
                text: t.as_bytes(),
                at: 0,
            };
            let p = reader.value(0).map_err(bad)?;
            reader.blanks();
            if reader.at < t.len() {
                return Err(bad(format!(
                    "unexpected `{}` after the position (one argument is one component)",
                    &t[reader.at..]
                )));
            }
            return Ok(p);
        }
        if t.contains(',') {
            return Ok(ScriptPosition::Array(
                t.split(',')
                    .map(|s| number(s).map(ScriptPosition::Int).map_err(bad))
                    .collect::<Result<_>>()?,
            ));
        }
        Ok(ScriptPosition::Int(number(t).map_err(bad)?))
    }

    /// The number, if this is one.
    pub fn as_int(&self) -> Option<u64> {
        match self {
            ScriptPosition::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// Writes the literal syntax (no shorthand).
    fn literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptPosition::Int(n) => write!(f, "{n}"),
            ScriptPosition::Str(s) => quoted(s, f),
            ScriptPosition::Array(items) => {
                f.write_str("[")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    item.literal(f)?;
                }
                f.write_str("]")
            }
            ScriptPosition::Map(map) => {
                f.write_str("#{")?;
                for (i, (k, v)) in map.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    if is_identifier(k) {
                        f.write_str(k)?;
                    } else {
                        quoted(k, f)?;
                    }
                    f.write_str(":")?;
                    v.literal(f)?;
                }
                f.write_str("}")
            }
        }
    }
}

impl fmt::Display for ScriptPosition {
    /// The literal syntax; a flat array of two or more numbers as `A,B`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ScriptPosition::Array(items)
                if items.len() >= 2 && items.iter().all(|i| i.as_int().is_some()) =>
            {
                let parts: Vec<String> = items.iter().map(ToString::to_string).collect();
                f.write_str(&parts.join(","))
            }
            p => p.literal(f),
        }
    }
}

/// A number of a position: non-negative, at most a script's `i64::MAX`.
fn number(text: &str) -> std::result::Result<u64, String> {
    let v = parse_u64(text)?;
    if v > i64::MAX as u64 {
        return Err(format!(
            "`{v}` is larger than a script's integers ({})",
            i64::MAX
        ));
    }
    Ok(v)
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn quoted(s: &str, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("\"")?;
    for c in s.chars() {
        match c {
            '"' => f.write_str("\\\"")?,
            '\\' => f.write_str("\\\\")?,
            '\n' => f.write_str("\\n")?,
            '\t' => f.write_str("\\t")?,
            c => write!(f, "{c}")?,
        }
    }
    f.write_str("\"")
}

/// A recursive-descent reader of literals.
struct Reader<'a> {
    text: &'a [u8],
    at: usize,
}

type Read<T> = std::result::Result<T, String>;

impl Reader<'_> {
    fn blanks(&mut self) {
        while self.text.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.blanks();
        self.text.get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Read<()> {
        match self.peek() {
            Some(b) if b == byte => {
                self.at += 1;
                Ok(())
            }
            Some(_) => Err(format!("expected `{}` at `{}`", byte as char, self.rest())),
            None => Err(format!("expected `{}` at the end", byte as char)),
        }
    }

    fn rest(&self) -> String {
        String::from_utf8_lossy(&self.text[self.at..]).into_owned()
    }

    fn value(&mut self, depth: usize) -> Read<ScriptPosition> {
        if depth > MAX_DEPTH {
            return Err(format!("nested deeper than {MAX_DEPTH} levels"));
        }
        match self.peek() {
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                while self.peek() != Some(b']') {
                    items.push(self.value(depth + 1)?);
                    if self.peek() == Some(b',') {
                        self.at += 1;
                    } else {
                        break;
                    }
                }
                self.expect(b']')?;
                Ok(ScriptPosition::Array(items))
            }
            Some(b'"') => Ok(ScriptPosition::Str(self.string()?)),
            Some(b'#') | Some(b'{') => {
                if self.text[self.at] == b'#' {
                    self.at += 1;
                }
                self.expect(b'{')?;
                let mut map = BTreeMap::new();
                while self.peek() != Some(b'}') {
                    let key = self.key()?;
                    self.expect(b':')?;
                    let v = self.value(depth + 1)?;
                    if map.insert(key.clone(), v).is_some() {
                        return Err(format!("the key `{key}` appears twice"));
                    }
                    if self.peek() == Some(b',') {
                        self.at += 1;
                    } else {
                        break;
                    }
                }
                self.expect(b'}')?;
                Ok(ScriptPosition::Map(map))
            }
            Some(b) if b.is_ascii_digit() || b == b'-' => {
                let start = self.at;
                self.at += 1;
                while self
                    .text
                    .get(self.at)
                    .is_some_and(u8::is_ascii_alphanumeric)
                {
                    self.at += 1;
                }
                let token = String::from_utf8_lossy(&self.text[start..self.at]);
                Ok(ScriptPosition::Int(number(&token)?))
            }
            Some(_) => Err(format!(
                "`{}` is not a position (a number, \"string\", [array] or #{{map}})",
                self.rest()
            )),
            None => Err("a position is missing at the end".into()),
        }
    }

    fn key(&mut self) -> Read<String> {
        if self.peek() == Some(b'"') {
            return self.string();
        }
        let start = self.at;
        while self
            .text
            .get(self.at)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'_')
        {
            self.at += 1;
        }
        if start == self.at {
            return Err(format!("expected a key at `{}`", self.rest()));
        }
        Ok(String::from_utf8_lossy(&self.text[start..self.at]).into_owned())
    }

    fn string(&mut self) -> Read<String> {
        self.expect(b'"')?;
        let mut bytes = Vec::new();
        loop {
            match self.text.get(self.at) {
                None => return Err("a string is not closed (a `\"` is missing)".into()),
                Some(b'"') => {
                    self.at += 1;
                    break;
                }
                Some(b'\\') => {
                    let escaped = match self.text.get(self.at + 1) {
                        Some(b'"') => b'"',
                        Some(b'\\') => b'\\',
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        _ => {
                            return Err(
                                "unknown escape in a string (known: \\\" \\\\ \\n \\t)".into()
                            )
                        }
                    };
                    bytes.push(escaped);
                    self.at += 2;
                }
                Some(&b) => {
                    bytes.push(b);
                    self.at += 1;
                }
            }
        }
        String::from_utf8(bytes).map_err(|_| "a string is not valid UTF-8".to_string())
    }
}

/// What a position looks like, for errors that say which kind a script
/// expects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PositionKind {
    /// A number.
    Heap,
    /// A flat array of this many numbers.
    Tuple(usize),
    /// A string.
    Str,
    /// An array holding something other than numbers.
    Nested,
    /// A map.
    Map,
}

impl PositionKind {
    pub(crate) fn of(p: &ScriptPosition) -> PositionKind {
        match p {
            ScriptPosition::Int(_) => PositionKind::Heap,
            ScriptPosition::Array(t) if t.iter().all(|i| i.as_int().is_some()) => {
                PositionKind::Tuple(t.len())
            }
            ScriptPosition::Array(_) => PositionKind::Nested,
            ScriptPosition::Str(_) => PositionKind::Str,
            ScriptPosition::Map(_) => PositionKind::Map,
        }
    }

    /// The kind in the plural, with its syntax.
    pub(crate) fn describe(self) -> String {
        match self {
            PositionKind::Heap => "heaps, one number `N`".to_string(),
            PositionKind::Tuple(0) => "empty arrays `[]`".to_string(),
            PositionKind::Tuple(1) => "arrays of one number `[N]`".to_string(),
            PositionKind::Tuple(2) => "pairs `A,B`".to_string(),
            PositionKind::Tuple(3) => "triples `A,B,C`".to_string(),
            PositionKind::Tuple(n) => format!("tuples of {n} numbers `A,B,...`"),
            PositionKind::Str => "strings `\"...\"`".to_string(),
            PositionKind::Nested => "nested arrays `[[...],...]`".to_string(),
            PositionKind::Map => "maps `#{key:value,...}`".to_string(),
        }
    }

    /// One position of the kind, in words.
    pub(crate) fn one(self) -> String {
        match self {
            PositionKind::Heap => "a heap (one number)".to_string(),
            PositionKind::Tuple(n) => format!("a tuple of {n} numbers"),
            PositionKind::Str => "a string".to_string(),
            PositionKind::Nested => "a nested array".to_string(),
            PositionKind::Map => "a map".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn int(n: u64) -> ScriptPosition {
        ScriptPosition::Int(n)
    }

    fn array(items: Vec<ScriptPosition>) -> ScriptPosition {
        ScriptPosition::Array(items)
    }

    #[test]
    fn every_shape_reads_from_one_argument() {
        let p = |s: &str| ScriptPosition::parse(s).unwrap();
        assert_eq!(p("5"), int(5));
        assert_eq!(p(" 007 "), int(7));
        assert_eq!(p("3,5"), array(vec![int(3), int(5)]));
        assert_eq!(p("[3, 5]"), p("3,5"));
        assert_eq!(p("[3]"), array(vec![int(3)]));
        assert_eq!(p("[]"), array(vec![]));
        assert_eq!(p("[3,]"), array(vec![int(3)]));
        assert_eq!(
            p("[[0,1],[1,2]]"),
            array(vec![
                array(vec![int(0), int(1)]),
                array(vec![int(1), int(2)])
            ])
        );
        assert_eq!(p("\"..X.X\""), ScriptPosition::Str("..X.X".into()));
        assert_eq!(p(r#""a\"b\\""#), ScriptPosition::Str("a\"b\\".into()));
        let map = p("#{b: [1], a: 2, \"c d\": \"x\"}");
        let ScriptPosition::Map(m) = &map else {
            panic!("not a map: {map:?}")
        };
        assert_eq!(m.len(), 3);
        assert_eq!(m["a"], int(2));
        assert_eq!(p("{a:2}"), p("#{a:2}"));
    }

    #[test]
    fn bad_literals_say_what_is_wrong() {
        let e = |s: &str| ScriptPosition::parse(s).unwrap_err().to_string();
        assert!(e("[3,4").contains("expected `]`"), "{}", e("[3,4"));
        assert!(e("[3] [4]").contains("one argument is one component"));
        assert!(e("\"abc").contains("not closed"));
        assert!(e("[-1]").contains("negative"));
        assert!(e("[x]").contains("is not a position"));
        assert!(e("#{a:1,a:2}").contains("twice"));
        assert!(e("[9223372036854775808]").contains("larger than a script's integers"));
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert!(e(&deep).contains("deeper than 64"));
        assert!(e("1,,2").contains("missing"));
    }

    #[test]
    fn printing_uses_the_shorthand_only_for_flat_arrays_of_two_or_more() {
        let show = |s: &str| ScriptPosition::parse(s).unwrap().to_string();
        assert_eq!(show("[3, 5]"), "3,5");
        assert_eq!(show("[3]"), "[3]");
        assert_eq!(show("[]"), "[]");
        assert_eq!(show("[[1, 2], 3]"), "[[1,2],3]");
        assert_eq!(show("#{b:1, a:\"x y\"}"), "#{a:\"x y\",b:1}");
        assert_eq!(show("#{\"two words\":1}"), "#{\"two words\":1}");
    }

    fn position() -> impl Strategy<Value = ScriptPosition> {
        let leaf = prop_oneof![
            (0u64..1000).prop_map(ScriptPosition::Int),
            "[a-z. \"\\\\X\n]{0,6}".prop_map(ScriptPosition::Str),
        ];
        leaf.prop_recursive(4, 32, 4, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..4).prop_map(ScriptPosition::Array),
                prop::collection::btree_map("[a-z_ ]{1,4}", inner, 0..3)
                    .prop_map(ScriptPosition::Map),
            ]
        })
    }

    proptest! {
        /// What is printed reads back as the same position.
        #[test]
        fn printed_positions_read_back(p in position()) {
            let text = p.to_string();
            prop_assert_eq!(ScriptPosition::parse(&text).unwrap(), p, "{}", text);
        }
    }
}

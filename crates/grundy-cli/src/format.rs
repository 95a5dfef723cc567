//! Output formats and the value types of arguments (a leaf: it names no
//! other module of the CLI). The commands' `Args` structs use these
//! enums and parsers; the printer takes a [`Format`].

use clap::ValueEnum;
use std::time::Duration;

/// Output format.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Format {
    /// Human-readable text.
    #[default]
    Text,
    /// Comma-separated values (`values` only): header `n,value`.
    Csv,
    /// One JSON object.
    Json,
}

/// Output format of the commands that print a report, not a table
/// (`period`, `analyze`, `graph`, `games`): their `--help` offers, and
/// clap accepts, only these.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ReportFormat {
    /// Human-readable text.
    #[default]
    Text,
    /// One JSON object.
    Json,
}

impl From<ReportFormat> for Format {
    fn from(f: ReportFormat) -> Format {
        match f {
            ReportFormat::Text => Format::Text,
            ReportFormat::Json => Format::Json,
        }
    }
}

/// `--method` of `grundy values`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineMethod {
    /// Rare/common when the values split, plain otherwise.
    Auto,
    /// The vectorized search.
    Plain,
    /// Mark every option: the definition.
    Naive,
}

/// The compounds of `analyze --compound`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum CompoundKind {
    /// Move in every component; the game ends when one ends (decided by remoteness).
    Conjunctive,
    /// Move in every component that can; ends when all have ended (Every-SG; decided by suspense).
    Continued,
    /// Move in any non-empty set of components.
    Selective,
}

impl From<CompoundKind> for grundy::strategy::compound::Compound {
    fn from(k: CompoundKind) -> Self {
        use grundy::strategy::compound::Compound;
        match k {
            CompoundKind::Conjunctive => Compound::Conjunctive,
            CompoundKind::Continued => Compound::Continued,
            CompoundKind::Selective => Compound::Selective,
        }
    }
}

/// Who moves first in `grundy play`.
#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum First {
    /// You move first.
    #[default]
    Human,
    /// The engine moves first.
    Engine,
}

/// An image side: 64 to 16384 pixels.
pub fn pixels(text: &str) -> Result<u32, String> {
    let n = grundy::util::parse_u64(text)?;
    if !(64..=16384).contains(&n) {
        return Err(format!("`{n}` pixels is outside 64..=16384"));
    }
    Ok(n as u32)
}

/// A time in seconds (`--checkpoint-every`, `--time-per-code`): a finite,
/// non-negative number of at most a year ([`grundy::util::seconds`]).
pub fn seconds(text: &str) -> Result<Duration, String> {
    grundy::util::parse_seconds(text)
}

/// `--threads`: 0 (one per core) to [`grundy::solve::takebreak::MAX_THREADS`].
pub fn threads(text: &str) -> Result<usize, String> {
    let max = grundy::solve::takebreak::MAX_THREADS;
    match grundy::util::parse_u64(text)? {
        n if n <= max as u64 => Ok(n as usize),
        n => Err(format!(
            "`{n}` threads is more than {max} (0 starts one per core)"
        )),
    }
}

/// `--dims K` of a table of tuples: 2 to 64 coordinates (how many
/// positions the table may have is the library's limit).
pub fn dims(text: &str) -> Result<usize, String> {
    match grundy::util::parse_u64(text)? {
        n @ 2..=64 => Ok(n as usize),
        n => Err(format!(
            "`{n}` coordinates: a tuple of `--dims` has 2 to 64"
        )),
    }
}

/// `--limit` of a period search: at least one value.
pub fn limit(text: &str) -> Result<u64, String> {
    match grundy::util::parse_u64(text)? {
        0 => Err("`0` values is no search: the limit is at least 1".into()),
        n => Ok(n),
    }
}

/// A numeric option: a decimal `u64`, with the library's message naming
/// what is wrong (negative, not a number, too large).
pub fn number(text: &str) -> Result<u64, String> {
    grundy::util::parse_u64(text)
}

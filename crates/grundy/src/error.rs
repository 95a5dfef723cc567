//! The library's error type.
//!
//! Every fallible routine returns [`Error`]; its [`ErrorKind`] says what went
//! wrong and carries the offending value, so that a caller (the `grundy`
//! binary) can print one precise line. The kind is `#[non_exhaustive]`: new
//! kinds may appear without breaking callers.

use std::fmt;

/// What went wrong (see [`Error::kind`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A game spec (`sub:1,3,4`, `0.07`, ...) could not be understood.
    #[error("invalid game `{spec}`: {reason}")]
    InvalidSpec {
        /// The spec as given.
        spec: String,
        /// Why it was rejected.
        reason: String,
    },
    /// A position could not be understood for this game.
    #[error("invalid position `{position}`: {reason}")]
    InvalidPosition {
        /// The position as given.
        position: String,
        /// Why it was rejected.
        reason: String,
    },
    /// A game that claims to be finite has a cycle through this position.
    #[error("the game has a cycle through position `{position}`: it is not a finite game")]
    Cycle {
        /// A position on the cycle, as the game formats it.
        position: String,
    },
    /// The solver would store more positions than its configured cap.
    #[error("more than {limit} positions would be stored (raise the limit, or ask for less)")]
    TooManyPositions {
        /// The configured cap.
        limit: usize,
    },
    /// A request would need more memory than allowed.
    #[error("this needs about {needed} bytes of memory, more than the {available} available")]
    OutOfMemory {
        /// Estimated bytes the request needs.
        needed: u64,
        /// Bytes allowed.
        available: u64,
    },
    /// A heap is too large to compute densely and no proven period covers it.
    #[error("heap `{heap}` is too large: values are computed up to {limit} and no proven period covers larger heaps")]
    HeapTooLarge {
        /// The heap size asked for.
        heap: u64,
        /// The largest heap that can be computed.
        limit: u64,
    },
    /// The operation does not apply to this game.
    #[error("{0}")]
    Unsupported(String),
    /// A heap game produced an option that is not smaller than the heap.
    #[error("heap {heap} has an option with a heap of {option}: a heap game must shrink")]
    NotShrinking {
        /// The heap.
        heap: u64,
        /// The offending heap in its option.
        option: u64,
    },
    /// An arithmetic argument was outside the domain (for example `inv 0`).
    #[error("{0}")]
    Domain(String),
    /// A move typed by a player is not a legal move of the position.
    #[error("illegal move `{text}`: {reason}")]
    IllegalMove {
        /// The move as typed.
        text: String,
        /// Why it is not legal.
        reason: String,
    },
    /// A game script failed: it did not compile, raised an error, returned
    /// something that is not a position, or ran past a limit.
    #[error("script `{script}`: {reason}")]
    Script {
        /// The script's name (its file).
        script: String,
        /// What went wrong, with the script's line where known.
        reason: String,
    },
    /// A game graph (text or edge list) could not be understood.
    #[error("invalid game graph{}: {reason}", at_line(*.line))]
    InvalidGraph {
        /// The 1-based line of the text, or 0 when the graph did not come from text.
        line: u64,
        /// Why it was rejected.
        reason: String,
    },
    /// A file the caller named could not be read or written.
    #[error("cannot {action} `{path}`: {message}")]
    Io {
        /// What was being done: `read`, `write`, ...
        action: String,
        /// The file.
        path: String,
        /// The operating system's message.
        message: String,
    },
    /// A file was read but is not what it should be (a values file or a
    /// checkpoint that is truncated, corrupted or for another game).
    #[error("`{path}` is not usable: {reason}")]
    BadFile {
        /// The file.
        path: String,
        /// What is wrong with it.
        reason: String,
    },
}

fn at_line(line: u64) -> String {
    if line == 0 {
        String::new()
    } else {
        format!(" at line {line}")
    }
}

/// The error of every fallible routine in this crate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: Box<ErrorKind>,
}

impl Error {
    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    pub(crate) fn invalid_spec(spec: &str, reason: impl Into<String>) -> Error {
        ErrorKind::InvalidSpec {
            spec: spec.to_string(),
            reason: reason.into(),
        }
        .into()
    }

    pub(crate) fn invalid_position(position: &str, reason: impl Into<String>) -> Error {
        ErrorKind::InvalidPosition {
            position: position.to_string(),
            reason: reason.into(),
        }
        .into()
    }

    pub(crate) fn illegal_move(text: &str, reason: impl Into<String>) -> Error {
        ErrorKind::IllegalMove {
            text: text.trim().to_string(),
            reason: reason.into(),
        }
        .into()
    }

    pub(crate) fn unsupported(what: impl Into<String>) -> Error {
        ErrorKind::Unsupported(what.into()).into()
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Error {
        Error {
            kind: Box::new(kind),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

impl std::error::Error for Error {}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;

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
    #[error(
        "this needs about {} of memory, more than the {} available",
        human_bytes(*.needed),
        human_bytes(*.available)
    )]
    OutOfMemory {
        /// Estimated bytes the request needs.
        needed: u64,
        /// Bytes allowed.
        available: u64,
    },
    /// A heap is too large to compute densely and no proven period covers it.
    #[error("heap `{heap}` is too large: values are computed up to heap {limit} at most, and no period was proven in the first {searched} values to cover larger heaps")]
    HeapTooLarge {
        /// The heap size asked for.
        heap: u64,
        /// The largest heap that can be computed.
        limit: u64,
        /// How many values the period search computed.
        searched: u64,
    },
    /// A limit that a front-end set on the work (a time limit: the
    /// library sets none by default) was reached before the work was done.
    #[error("{work} stopped at the limit of {limit}, with {reached}")]
    LimitReached {
        /// What was being computed, e.g. "the values of `treblecross` up
        /// to heap 10000000".
        work: String,
        /// The limit, in backticks, e.g. "`1 s` of computing time".
        limit: String,
        /// How far the work got, e.g. "heap 51234 reached".
        reached: String,
    },
    /// The caller stopped the computation through its cancel hook (a
    /// progress callback that returned this error: Ctrl-C in the `grundy`
    /// command, `KeyboardInterrupt` in Python).
    #[error("cancelled")]
    Cancelled,
    /// The operation does not apply to this game.
    #[error("{0}")]
    Unsupported(String),
    /// A turn-aware (partizan) game was asked for something only impartial
    /// games have: a nim-value, or a place in a Sprague–Grundy sum.
    #[error(
        "`{game}` is turn-aware (each player has moves of its own): {reason}; partizan games \
         have no nim-values, so they cannot be added into a Sprague–Grundy sum (Conway's \
         theory of partizan sums is out of scope)"
    )]
    Partizan {
        /// The game's spec.
        game: String,
        /// What was asked of it.
        reason: String,
    },
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
    /// A values file or checkpoint is well formed but is not the sequence of
    /// the game it names: a recomputed value differs from the stored one.
    #[error("`{path}` is not the sequence of `{game}`: it stores {stored} at heap {heap}, the game's value there is {computed}")]
    NotTheSequence {
        /// The file.
        path: String,
        /// The game the file was checked against.
        game: String,
        /// The first heap whose stored value is wrong.
        heap: u64,
        /// The value stored in the file.
        stored: u64,
        /// The value the game has there.
        computed: u64,
    },
    /// A position lists fewer (or more) components than the game takes.
    #[error("`{game}` takes {expected} position(s), {given} given")]
    NoPositions {
        /// The game.
        game: String,
        /// How many the game takes (`1`, `at least 1`, ...).
        expected: String,
        /// How many were given.
        given: usize,
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
    /// Another run holds the lock on a file this run would write (see
    /// [`crate::solve::values_file::WriteLock`]).
    #[error("`{path}` is being written by another grundy run{}", pid.map_or(String::new(), |p| format!(" (pid {p})")))]
    Busy {
        /// The file.
        path: String,
        /// The other run's process id, when it could be read.
        pid: Option<u32>,
    },
}

/// A byte count in binary units, as a person reads it: `512 bytes`,
/// `1.5 KiB`, `1.8 TiB` (three significant digits at most).
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    let text = if value >= 100.0 {
        format!("{value:.0}")
    } else if value >= 10.0 {
        format!("{value:.1}")
    } else {
        format!("{value:.2}")
    };
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    };
    format!("{text} {}", UNITS[unit])
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

#[cfg(test)]
mod tests {
    use super::human_bytes;

    #[test]
    fn sizes_in_human_units() {
        assert_eq!(human_bytes(0), "0 bytes");
        assert_eq!(human_bytes(1023), "1023 bytes");
        assert_eq!(human_bytes(1024), "1 KiB");
        assert_eq!(human_bytes(1536), "1.5 KiB");
        assert_eq!(human_bytes(2_000_000_262_146), "1.82 TiB");
        assert_eq!(human_bytes(u64::MAX), "16 EiB");
        assert_eq!(human_bytes(100 * 1024 * 1024), "100 MiB");
    }
}

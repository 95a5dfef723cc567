//! How the files a user names are read: the policy that the `grundy`
//! command and the Python package share, so that a shared file (a game
//! file, a graph, a saved table) costs neither of them more than its
//! limit.
//!
//! - Only a regular file is read. A FIFO would block the reader for ever
//!   (until some other process writes to it), a device such as
//!   `/dev/zero` never ends, a directory is no file: each is refused at
//!   once with an error naming the path and what it is. On Unix the file is
//!   opened without blocking (`O_NONBLOCK`), so that a path swapped for a
//!   FIFO between the check and the opening cannot block either, and its
//!   kind is checked again on the opened file.
//! - A file is read up to a named limit and no further: the reader takes
//!   at most one byte more than the limit, so an endless pseudo-file (some
//!   under `/proc` say their size is 0) costs the limit and no more.
//! - A binary file's magic (its first bytes) is checked before the rest is
//!   read: a large file of something else is refused after a few bytes.
//! - A text file must be UTF-8 without NUL bytes (a NUL marks a binary
//!   file, or `/proc/self/environ`, whose text must not be quoted back).
//!
//! Errors that quote a file's content quote at most [`EXCERPT_CHARS`]
//! characters of it ([`excerpt`]).

use crate::error::{human_bytes, Error, ErrorKind, Result};
use std::borrow::Cow;
use std::fs::File;
use std::io::Read;
use std::path::Path;

/// The largest script file or TOML game file read (1 MiB): a game's rules
/// fit in far less.
pub const MAX_GAME_FILE_BYTES: u64 = 1 << 20;

/// The most characters of a file's content that an error quotes.
pub const EXCERPT_CHARS: usize = 80;

fn io_error(path: &Path, e: std::io::Error) -> Error {
    ErrorKind::Io {
        action: "read".into(),
        path: path.display().to_string(),
        message: e.to_string(),
    }
    .into()
}

fn bad_file(path: &Path, reason: String) -> Error {
    ErrorKind::BadFile {
        path: path.display().to_string(),
        reason,
    }
    .into()
}

/// What a file that is not a regular file is, in words.
fn kind_of(meta: &std::fs::Metadata) -> &'static str {
    let t = meta.file_type();
    if t.is_dir() {
        return "a directory";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    "not a regular file"
}

fn regular(path: &Path, meta: &std::fs::Metadata) -> Result<()> {
    if meta.is_file() {
        return Ok(());
    }
    Err(bad_file(
        path,
        format!(
            "it is {}, not a regular file (only regular files are read)",
            kind_of(meta)
        ),
    ))
}

/// Opens `path` for reading if it is a regular file (symbolic links
/// followed); a FIFO, a device, a socket or a directory is refused with an
/// [`ErrorKind::BadFile`] naming the path and its kind, without blocking
/// and without reading. A file that cannot be opened is an
/// [`ErrorKind::Io`] (its [`std::io::ErrorKind`] is kept in the message;
/// [`open_regular_or_missing`] tells a missing file apart).
pub fn open_regular(path: &Path) -> Result<File> {
    regular(
        path,
        &std::fs::metadata(path).map_err(|e| io_error(path, e))?,
    )?;
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        // A FIFO put in the file's place since the check opens at once
        // instead of waiting for a writer; the check below refuses it.
        options.custom_flags(libc::O_NONBLOCK);
    }
    let file = options.open(path).map_err(|e| io_error(path, e))?;
    regular(path, &file.metadata().map_err(|e| io_error(path, e))?)?;
    Ok(file)
}

/// [`open_regular`], with `None` for a file that does not exist.
pub fn open_regular_or_missing(path: &Path) -> Result<Option<File>> {
    match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        _ => open_regular(path).map(Some),
    }
}

/// Reads the rest of `reader` after `bytes` until `bytes` holds
/// `max_bytes`; an error naming `what` and the limit when there is more.
fn read_within(
    path: &Path,
    reader: impl Read,
    max_bytes: u64,
    what: &str,
    bytes: &mut Vec<u8>,
) -> Result<()> {
    let room = max_bytes.saturating_sub(bytes.len() as u64);
    reader
        .take(room.saturating_add(1))
        .read_to_end(bytes)
        .map_err(|e| io_error(path, e))?;
    if bytes.len() as u64 > max_bytes {
        return Err(bad_file(
            path,
            format!(
                "it is larger than {}, the limit for {what}",
                human_bytes(max_bytes)
            ),
        ));
    }
    Ok(())
}

/// The text of the regular file `path`, of at most `max_bytes` bytes
/// (`what` names the kind of file in the error: `a game file`). Refused
/// with an [`ErrorKind::BadFile`]: a file that is not regular (see
/// [`open_regular`]), a larger one (after reading one byte more than the
/// limit), one that is not UTF-8 or holds a NUL byte.
pub fn read_text(path: &Path, max_bytes: u64, what: &str) -> Result<String> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    read_within(path, file, max_bytes, what, &mut bytes)?;
    if bytes.contains(&0) {
        return Err(bad_file(
            path,
            format!("it holds a NUL byte: it is not text, is it {what}?"),
        ));
    }
    String::from_utf8(bytes)
        .map_err(|_| bad_file(path, format!("it is not text (UTF-8): is it {what}?")))
}

/// The bytes of the regular file `path` if it begins with `magic`, of at
/// most `max_bytes` bytes (`what` names the kind of file in errors); `None`
/// when the file does not exist. The magic is checked before the rest is
/// read, and the length the file system gives before the rest is read too;
/// then at most one byte more than the limit is read.
pub fn read_binary(
    path: &Path,
    magic: &[u8],
    max_bytes: u64,
    what: &str,
) -> Result<Option<Vec<u8>>> {
    let Some(mut file) = open_regular_or_missing(path)? else {
        return Ok(None);
    };
    let mut bytes = Vec::with_capacity(magic.len());
    (&mut file)
        .take(magic.len() as u64)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, e))?;
    if bytes != magic {
        return Err(bad_file(
            path,
            format!(
                "it is not {what} (its first bytes are not `{}`)",
                String::from_utf8_lossy(magic)
            ),
        ));
    }
    let len = file.metadata().map_err(|e| io_error(path, e))?.len();
    if len > max_bytes {
        return Err(bad_file(
            path,
            format!(
                "it is larger than {}, the limit for {what}",
                human_bytes(max_bytes)
            ),
        ));
    }
    // The file may have grown since: at most the limit is read still.
    read_within(path, file, max_bytes, what, &mut bytes)?;
    Ok(Some(bytes))
}

/// The text of the game file `path` (a script or a TOML game file) named
/// by the spec `spec`: [`read_text`] within [`MAX_GAME_FILE_BYTES`], with
/// any refusal as an [`ErrorKind::InvalidSpec`] of `spec`.
pub fn read_game_file(spec: &str, path: &str) -> Result<String> {
    read_text(Path::new(path), MAX_GAME_FILE_BYTES, "a game file").map_err(|e| {
        let reason = match e.kind() {
            ErrorKind::Io { message, .. } => format!("cannot read `{path}`: {message}"),
            ErrorKind::BadFile { reason, .. } => format!("`{path}`: {reason}"),
            _ => e.to_string(),
        };
        Error::invalid_spec(spec, reason)
    })
}

/// The largest graph file a spec names (`geography:FILE`, `walk:FILE`,
/// `graph-staircase:FILE`) read from a disk (256 MiB): a judge's tree of
/// 2·10^5 vertices is about 3 MB.
pub const MAX_GRAPH_SPEC_FILE_BYTES: u64 = 1 << 28;

/// The text of the graph file `path` named by the spec `spec`:
/// [`read_text`] within [`MAX_GRAPH_SPEC_FILE_BYTES`], with any refusal as
/// an [`ErrorKind::InvalidSpec`] of `spec`.
pub fn read_graph_file(spec: &str, path: &str) -> Result<String> {
    read_text(Path::new(path), MAX_GRAPH_SPEC_FILE_BYTES, "a graph file").map_err(|e| {
        let reason = match e.kind() {
            ErrorKind::Io { message, .. } => format!("cannot read `{path}`: {message}"),
            ErrorKind::BadFile { reason, .. } => format!("`{path}`: {reason}"),
            _ => e.to_string(),
        };
        Error::invalid_spec(spec, reason)
    })
}

/// At most [`EXCERPT_CHARS`] characters of `text` (a line of a file that
/// an error quotes), cut with `…` when longer.
pub fn excerpt(text: &str) -> Cow<'_, str> {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => Cow::Borrowed(text),
        Some((at, _)) => Cow::Owned(format!("{}…", &text[..at])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-util-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join(name)
    }

    #[test]
    fn a_game_file_up_to_the_limit_is_read_and_a_larger_one_refused() {
        let path = scratch("big.rhai");
        let mut text = "fn moves(n) { [] }\n".to_string();
        text.push_str(&"/".repeat(MAX_GAME_FILE_BYTES as usize - text.len()));
        std::fs::write(&path, &text).unwrap();
        let p = path.to_str().unwrap();
        assert_eq!(read_game_file("script:big", p).unwrap().len(), text.len());
        text.push('/');
        std::fs::write(&path, &text).unwrap();
        let e = read_game_file("script:big", p).unwrap_err().to_string();
        assert!(
            e.contains("larger than 1 MiB, the limit for a game file"),
            "{e}"
        );
        let e = read_game_file("toml:nowhere.toml", "nowhere.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot read `nowhere.toml`"), "{e}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_directory_and_dev_zero_are_refused_without_reading() {
        let e = read_text(&std::env::temp_dir(), 10, "a game file").unwrap_err();
        assert!(e.to_string().contains("is a directory"), "{e}");
        #[cfg(unix)]
        {
            let e = read_text(Path::new("/dev/zero"), 10, "a game file").unwrap_err();
            assert!(e.to_string().contains("a character device"), "{e}");
        }
    }

    #[test]
    fn a_text_file_with_a_nul_byte_is_refused_as_not_text() {
        let path = scratch("nul.toml");
        std::fs::write(&path, "a = 1\0b = 2\n").unwrap();
        let e = read_text(&path, 100, "a game file")
            .unwrap_err()
            .to_string();
        assert!(e.contains("NUL byte"), "{e}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn a_binary_file_with_another_magic_is_refused_before_its_length_is_read() {
        let path = scratch("junk.table");
        std::fs::write(&path, vec![b'x'; 4096]).unwrap();
        // The limit is far below the file's length: the magic speaks first.
        let e = read_binary(&path, b"GRUNDYPT", 16, "a table")
            .unwrap_err()
            .to_string();
        assert!(e.contains("first bytes are not `GRUNDYPT`"), "{e}");
        let mut bytes = b"GRUNDYPT".to_vec();
        bytes.extend_from_slice(&[1; 8]);
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(
            read_binary(&path, b"GRUNDYPT", 16, "a table").unwrap(),
            Some(bytes.clone())
        );
        let e = read_binary(&path, b"GRUNDYPT", 15, "a table")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("larger than 15 bytes, the limit for a table"),
            "{e}"
        );
        assert_eq!(
            read_binary(&scratch("none"), b"GRUNDYPT", 16, "a table").unwrap(),
            None
        );
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn an_excerpt_is_cut_at_eighty_characters() {
        assert_eq!(excerpt("short"), "short");
        let long = "é".repeat(200);
        let e = excerpt(&long);
        assert_eq!(e.chars().count(), EXCERPT_CHARS + 1);
        assert!(e.ends_with('…'));
    }
}

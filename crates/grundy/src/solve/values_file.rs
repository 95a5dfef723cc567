//! Values files: a nim-sequence on disk, compact, checked, written atomically.
//!
//! Long runs write their values with `grundy values --output FILE` and their
//! state with `--checkpoint FILE` (the same format: the values computed so
//! far are the whole state — everything else is rebuilt from them), and read
//! them back with `--input FILE` / `--resume FILE`.
//!
//! Format (integers little-endian):
//!
//! | bytes | content |
//! |---|---|
//! | 8 | magic `GRUNDYV2` |
//! | 4 | header length `H` (u32) |
//! | `H` | header, exactly these UTF-8 lines: `game=<spec>`, `count=<values>`, `width=<1, 2, 4 or 8>`, `checksum=<16 hex digits>` |
//! | `count × width` | `G(0), G(1), …` little-endian, `width` bytes each |
//!
//! The checksum covers the whole file: it is FNV-1a (64-bit) of every byte
//! before its 16 hex digits (the magic, the header length and the lines
//! `game=`, `count=`, `width=`, `checksum=`), continued with the values,
//! each taken as 8 little-endian bytes. An edited game, count or width is
//! caught like a flipped value. (The checksum of the values alone,
//! [`TableView::checksum`], is what `grundy` prints after a long run; it is
//! [`ValuesFile::checksum`].) The header must be exactly the four lines, in
//! that order: nothing can be added to it unnoticed.
//!
//! Files of the first format (`GRUNDYV1`, whose checksum covered only the
//! values) are refused with a message saying to recompute them: their header
//! could have been edited without a trace.
//!
//! Writing is atomic: the file is written as `<path>.<pid>-<n>.tmp` (a name
//! no other writer uses) in the same directory, flushed to disk (`fsync`),
//! renamed over `<path>`, and the directory is flushed too — a crash (even
//! `kill -9` or a power cut after the rename) leaves either the old file or
//! the new one, never a torn one.
//!
//! Two runs never write one file: a writer holds a [`WriteLock`] on the
//! target (an exclusive `flock` on `<path>.lock`) while it writes, or for
//! a whole run (a long run takes its output and checkpoint files before it
//! starts), and a second writer is refused at once with
//! [`ErrorKind::Busy`], naming the first one's process id. The lock dies
//! with its process, so a run killed with `kill -9` blocks nobody; the
//! temporary files it leaves are removed by the next writer of that file.
//! Reading checks the magic, the header, the size and the checksum, and names
//! what is wrong.
//!
//! Time and memory: O(count) both ways; reading allocates the table once,
//! no larger than the file (the count is checked against the file's size
//! first) and, with [`read_values_within`], no larger than a budget (refused
//! with [`ErrorKind::OutOfMemory`] otherwise). Whether the values are the
//! game's is not this module's business: see
//! [`TakeBreakSolver::resume_from`](crate::solve::TakeBreakSolver::resume_from).

use super::table::{fnv1a, fnv1a_step, NimTable, Nine, TableView};
use crate::error::{Error, ErrorKind, Result};
use std::fs::{self, File};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

pub(crate) const MAGIC: &[u8; 8] = b"GRUNDYV2";
/// The first format's magic (refused: its checksum left the header out).
const MAGIC_V1: &[u8; 8] = b"GRUNDYV1";
/// Longest header accepted when reading.
const MAX_HEADER: u32 = 1 << 16;

/// The contents of a values file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuesFile {
    /// The game's spec, as written.
    pub game: String,
    /// `G(0), G(1), …`.
    pub table: NimTable,
    /// The checksum of the values alone ([`TableView::checksum`], the one
    /// `grundy` prints); the file's own checksum, which also covers the
    /// header, is verified on reading.
    pub checksum: u64,
}

/// The header for these fields (the checksum last, as 16 hex digits).
pub(crate) fn header_text(game: &str, count: u64, width: u64, checksum: u64) -> String {
    format!("game={game}\ncount={count}\nwidth={width}\nchecksum={checksum:016x}\n")
}

/// FNV-1a (64-bit) of the bytes of a file up to its checksum's hex digits:
/// the start of the file's checksum, which goes on with the values.
pub(crate) fn prefix_hash(header: &str) -> u64 {
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    // (The header ends with the 16 hex digits and a line break.)
    let head = &header.as_bytes()[..header.len() - 17];
    MAGIC
        .iter()
        .chain(&(header.len() as u32).to_le_bytes())
        .chain(head)
        .fold(fnv1a([]), |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

fn io_error(action: &str, path: &Path, e: std::io::Error) -> Error {
    ErrorKind::Io {
        action: action.to_string(),
        path: path.display().to_string(),
        message: e.to_string(),
    }
    .into()
}

fn bad(path: &Path, reason: impl Into<String>) -> Error {
    ErrorKind::BadFile {
        path: path.display().to_string(),
        reason: reason.into(),
    }
    .into()
}

/// A file this run writes, held against other runs until dropped (see the
/// module docs): an exclusive lock (`flock`, through the `fs4` crate) on
/// `<path>.lock`, which holds the owner's process id and is removed when
/// the lock is dropped. Any file written whole can be held this way (the
/// census holds its `results.jsonl`).
///
/// Locks are per open file, not per process: two threads of one program
/// exclude each other too.
#[derive(Debug)]
pub struct WriteLock {
    path: PathBuf,
    lock_path: PathBuf,
    file: Option<File>,
}

impl WriteLock {
    /// Takes `path` for writing, or refuses at once with
    /// [`ErrorKind::Busy`] when another run (or another lock in this one)
    /// holds it. Temporary files that a killed writer of `path` left
    /// behind are removed.
    pub fn acquire(path: &Path) -> Result<WriteLock> {
        let mut lock_name = path.file_name().unwrap_or_default().to_os_string();
        lock_name.push(".lock");
        let lock_path = path.with_file_name(lock_name);
        // (A holder removes the lock file before letting go, so a lock won
        // on a file that is no longer at `lock_path` is tried again.)
        for _ in 0..100 {
            let file = fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&lock_path)
                .map_err(|e| io_error("create", &lock_path, e))?;
            match fs4::FileExt::try_lock(&file) {
                Ok(()) => {}
                Err(fs4::TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    let _ = (&file).take(32).read_to_string(&mut text);
                    return Err(ErrorKind::Busy {
                        path: path.display().to_string(),
                        pid: text.trim().parse().ok(),
                    }
                    .into());
                }
                Err(fs4::TryLockError::Error(e)) => return Err(io_error("lock", &lock_path, e)),
            }
            if !same_file(&file, &lock_path) {
                continue;
            }
            let mut lock = WriteLock {
                path: path.to_path_buf(),
                lock_path,
                file: Some(file),
            };
            if let Some(f) = lock.file.as_mut() {
                let _ = f.set_len(0);
                let _ = writeln!(f, "{}", std::process::id());
            }
            lock.remove_stale_temporaries();
            return Ok(lock);
        }
        Err(ErrorKind::Busy {
            path: path.display().to_string(),
            pid: None,
        }
        .into())
    }

    /// The file held.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Removes `<name>.<pid>-<n>.tmp` files of the target: every writer
    /// holds the lock while its temporary exists, so these are a killed
    /// run's.
    fn remove_stale_temporaries(&self) {
        let Some(name) = self.path.file_name().and_then(|n| n.to_str()) else {
            return;
        };
        let dir = match self.path.parent() {
            Some(d) if !d.as_os_str().is_empty() => d,
            _ => Path::new("."),
        };
        let Ok(entries) = fs::read_dir(dir) else {
            return;
        };
        for entry in entries.flatten() {
            let file_name = entry.file_name();
            let Some(rest) = file_name
                .to_str()
                .and_then(|f| f.strip_prefix(name))
                .and_then(|f| f.strip_prefix('.'))
                .and_then(|f| f.strip_suffix(".tmp"))
            else {
                continue;
            };
            let ours = rest.split_once('-').is_some_and(|(pid, n)| {
                [pid, n]
                    .iter()
                    .all(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
            });
            if ours {
                let _ = fs::remove_file(entry.path());
            }
        }
    }
}

impl Drop for WriteLock {
    fn drop(&mut self) {
        // Removed while still held, then let go (see `acquire`).
        let _ = fs::remove_file(&self.lock_path);
        if let Some(f) = self.file.take() {
            let _ = fs4::FileExt::unlock(&f);
        }
    }
}

/// Whether `file` is the file now at `path`.
#[cfg(unix)]
fn same_file(file: &File, path: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (file.metadata(), fs::metadata(path)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Whether `file` is the file now at `path` (elsewhere: the lock file
/// cannot be removed while open, so it is).
#[cfg(not(unix))]
fn same_file(_file: &File, path: &Path) -> bool {
    path.exists()
}

/// Where a writer puts a values file: a path (locked for the write alone)
/// or a [`WriteLock`] the caller holds (for a whole run).
#[derive(Clone, Copy, Debug)]
pub enum Target<'a> {
    /// The file, taken for this write only.
    Path(&'a Path),
    /// The file held by the caller.
    Locked(&'a WriteLock),
}

impl<'a> From<&'a Path> for Target<'a> {
    fn from(p: &'a Path) -> Self {
        Target::Path(p)
    }
}

impl<'a> From<&'a PathBuf> for Target<'a> {
    fn from(p: &'a PathBuf) -> Self {
        Target::Path(p)
    }
}

impl<'a> From<&'a WriteLock> for Target<'a> {
    fn from(l: &'a WriteLock) -> Self {
        Target::Locked(l)
    }
}

/// Temporary files made by this process so far (for unique names).
static TEMPORARIES: AtomicU64 = AtomicU64::new(0);

/// `<path>.<pid>-<n>.tmp`, a name no other writer uses.
pub(crate) fn temporary_for(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(
        ".{}-{}.tmp",
        std::process::id(),
        TEMPORARIES.fetch_add(1, Ordering::Relaxed)
    ));
    path.with_file_name(name)
}

/// Writes `values` of the game `game` to `path` atomically (see the module
/// docs); returns the checksum written.
pub fn write_values<'a>(
    path: impl Into<Target<'a>>,
    game: &str,
    values: TableView<'_>,
) -> Result<u64> {
    let width = match values {
        TableView::U8(_) => 1,
        // (A 9-bit table is written as `u16`s: the same file as before.)
        TableView::Nine(_) | TableView::U16(_) => 2,
        TableView::U32(_) => 4,
        TableView::U64(_) | TableView::Nimbers(_) => 8,
    };
    let count = values.len() as u64;
    write_values_chunked(
        path,
        game,
        count,
        width,
        &mut |from, out| Ok(values.copy_to(from as usize, out)),
        None,
    )
}

/// Writes `count` values, `width` bytes each, taken from `values` as they
/// come (nothing is held in memory), atomically like [`write_values`]; the
/// checksum is patched into the header at the end. Returns it. A value too
/// wide for `width`, or too few values, is an error (and no file appears).
pub fn write_values_streamed<'a>(
    path: impl Into<Target<'a>>,
    game: &str,
    count: u64,
    width: u8,
    values: &mut dyn Iterator<Item = u64>,
) -> Result<u64> {
    write_values_chunked(
        path,
        game,
        count,
        width,
        &mut |_, out| {
            let mut n = 0;
            for (slot, v) in out.iter_mut().zip(&mut *values) {
                *slot = v;
                n += 1;
            }
            Ok(n)
        },
        None,
    )
}

/// Values handed to the file writer at a time.
const CHUNK: usize = 1 << 14;

/// [`write_values_streamed`] with the values taken a buffer at a time:
/// `next(start, buf)` writes `G(start), G(start + 1), …` into `buf` and
/// returns how many it wrote (fewer than `buf.len()` only at the end).
/// A periodic fill or a table hands its values over at memory speed this
/// way; the two checksums are the whole cost per value, unless `hash` is
/// given: `hash(h)` continues the FNV-1a hash `h` over all `count` values
/// at once (a periodic fill does it by whole periods), and the values are
/// then only copied.
pub fn write_values_chunked<'a>(
    path: impl Into<Target<'a>>,
    game: &str,
    count: u64,
    width: u8,
    next: &mut dyn FnMut(u64, &mut [u64]) -> Result<usize>,
    hash: Option<&dyn Fn(u64) -> Result<u64>>,
) -> Result<u64> {
    if game.contains('\n') {
        return Err(Error::unsupported(format!(
            "a game spec with a line break: `{game}`"
        )));
    }
    if ![1, 2, 4, 8].contains(&width) {
        return Err(Error::unsupported(format!(
            "width `{width}` is not 1, 2, 4 or 8"
        )));
    }
    let held;
    let path = match path.into() {
        Target::Locked(lock) => lock.path(),
        Target::Path(p) => {
            held = WriteLock::acquire(p)?;
            held.path()
        }
    };
    let header = header_text(game, count, u64::from(width), 0);
    // Where the 16 hex digits of the checksum start.
    let checksum_at = 12 + header.len() as u64 - 17;
    let mut file_sum = prefix_hash(&header);
    let tmp = temporary_for(path);
    let mut checksum = fnv1a([]);
    let mut problem = None;
    if let Some(hash) = hash {
        checksum = hash(checksum)?;
        file_sum = hash(file_sum)?;
    }
    let mut write =
        |file: File, checksum: &mut u64, problem: &mut Option<Error>| -> std::io::Result<File> {
            let mut w = BufWriter::with_capacity(1 << 16, file);
            w.write_all(MAGIC)?;
            w.write_all(&(header.len() as u32).to_le_bytes())?;
            w.write_all(header.as_bytes())?;
            let limit = if width == 8 {
                u64::MAX
            } else {
                (1u64 << (8 * u32::from(width))) - 1
            };
            let width = usize::from(width);
            let mut values = vec![0u64; CHUNK];
            let mut bytes = vec![0u8; CHUNK * width];
            let mut written = 0u64;
            while written < count {
                let want = (count - written).min(CHUNK as u64) as usize;
                let got = match next(written, &mut values[..want]) {
                    Ok(got) => got.min(want),
                    Err(e) => {
                        *problem = Some(e);
                        break;
                    }
                };
                let chunk = &values[..got];
                if let Some(v) = chunk.iter().find(|&&v| v > limit) {
                    *problem = Some(Error::unsupported(format!(
                        "value {v} does not fit in {width} bytes"
                    )));
                    break;
                }
                if hash.is_none() {
                    let (mut a, mut b) = (*checksum, file_sum);
                    for &v in chunk {
                        a = fnv1a_step(a, v);
                        b = fnv1a_step(b, v);
                    }
                    (*checksum, file_sum) = (a, b);
                }
                match width {
                    1 => bytes.iter_mut().zip(chunk).for_each(|(b, &v)| *b = v as u8),
                    _ => {
                        for (&v, out) in chunk.iter().zip(bytes.chunks_exact_mut(width)) {
                            out.copy_from_slice(&v.to_le_bytes()[..width]);
                        }
                    }
                }
                w.write_all(&bytes[..got * width])?;
                written += got as u64;
                if got < want {
                    break;
                }
            }
            if problem.is_none() && written != count {
                *problem = Some(Error::unsupported(format!(
                    "{written} values instead of {count}"
                )));
            }
            let mut file = w.into_inner().map_err(|e| e.into_error())?;
            file.seek(SeekFrom::Start(checksum_at))?;
            file.write_all(format!("{file_sum:016x}").as_bytes())?;
            Ok(file)
        };
    let file = fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .map_err(|e| io_error("create", &tmp, e))?;
    let done = write(file, &mut checksum, &mut problem)
        .map_err(|e| io_error("write", &tmp, e))
        .and_then(|file| match problem.take() {
            Some(e) => Err(e),
            None => file.sync_all().map_err(|e| io_error("flush", &tmp, e)),
        })
        .and_then(|()| fs::rename(&tmp, path).map_err(|e| io_error("rename into place", path, e)));
    if let Err(e) = done {
        // (A full disk, say: no half-written file is left behind.)
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_parent(path);
    Ok(checksum)
}

/// Makes a rename to `path` durable: flushes its directory.
pub(crate) fn sync_parent(path: &Path) {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
}

/// Reads and checks a values file (see the module docs).
pub fn read_values(path: &Path) -> Result<ValuesFile> {
    read_values_within(path, u64::MAX)
}

/// [`read_values`], refusing with [`ErrorKind::OutOfMemory`] before any
/// allocation a file whose values would take more than `max_bytes`.
pub fn read_values_within(path: &Path, max_bytes: u64) -> Result<ValuesFile> {
    let mut file = File::open(path).map_err(|e| io_error("open", path, e))?;
    let size = file
        .metadata()
        .map_err(|e| io_error("read", path, e))?
        .len();
    let mut fixed = [0u8; 12];
    file.read_exact(&mut fixed)
        .map_err(|_| bad(path, "too short to be a values file"))?;
    if &fixed[..8] == MAGIC_V1 {
        return Err(bad(
            path,
            "written by an older grundy (format GRUNDYV1, whose checksum does not cover the header); recompute it",
        ));
    }
    if &fixed[..8] != MAGIC {
        return Err(bad(
            path,
            "not a grundy values file (no `GRUNDYV2` at the start)",
        ));
    }
    let header_len = u32::from_le_bytes([fixed[8], fixed[9], fixed[10], fixed[11]]);
    if header_len > MAX_HEADER || u64::from(header_len) > size.saturating_sub(12) {
        return Err(bad(
            path,
            format!("a header of {header_len} bytes does not fit the file"),
        ));
    }
    let mut header = vec![0u8; header_len as usize];
    file.read_exact(&mut header)
        .map_err(|_| bad(path, "the header is cut short"))?;
    let header = String::from_utf8(header).map_err(|_| bad(path, "the header is not UTF-8"))?;
    let mut lines = header.split_terminator('\n');
    let mut field = |key: &str| -> Result<&str> {
        lines
            .next()
            .and_then(|l| l.strip_prefix(key))
            .and_then(|r| r.strip_prefix('='))
            .ok_or_else(|| {
                bad(
                    path,
                    format!("the header is not `game=`, `count=`, `width=`, `checksum=` lines (no `{key}=` where expected)"),
                )
            })
    };
    let game = field("game")?.to_string();
    let count: u64 = field("count")?
        .parse()
        .map_err(|_| bad(path, "`count` is not a number"))?;
    let width: u64 = field("width")?
        .parse()
        .map_err(|_| bad(path, "`width` is not a number"))?;
    let recorded = u64::from_str_radix(field("checksum")?, 16)
        .map_err(|_| bad(path, "`checksum` is not 16 hex digits"))?;
    if header != header_text(&game, count, width, recorded) {
        return Err(bad(
            path,
            "the header is not exactly the lines `game=`, `count=`, `width=`, `checksum=`",
        ));
    }
    if ![1, 2, 4, 8].contains(&width) {
        return Err(bad(path, format!("width `{width}` is not 1, 2, 4 or 8")));
    }
    let expected = count
        .checked_mul(width)
        .and_then(|b| b.checked_add(12 + u64::from(header_len)));
    if expected != Some(size) {
        return Err(bad(
            path,
            format!("{size} bytes, but the header announces {count} values of {width} bytes"),
        ));
    }
    // (The product is at most the file's size: checked just above.)
    if count * width > max_bytes {
        return Err(ErrorKind::OutOfMemory {
            needed: count * width,
            available: max_bytes,
        }
        .into());
    }
    let n = usize::try_from(count).map_err(|_| bad(path, "too many values for this machine"))?;
    let mut table = match width {
        1 => NimTable::U8(Vec::new()),
        // Values of two bytes are read into 9 bits while they fit (the
        // table widens to `u16` at the first that does not).
        2 => NimTable::Nine(Nine::new()),
        4 => NimTable::U32(Vec::new()),
        _ => NimTable::U64(Vec::new()),
    };
    table.try_reserve(n)?;
    // Straight into the table, a buffer at a time (no second copy).
    let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
    let mut buf = [0u8; 1 << 16];
    let mut left = n * width as usize;
    let mut carry: Vec<u8> = Vec::with_capacity(8);
    while left > 0 {
        let want = left.min(buf.len());
        reader
            .read_exact(&mut buf[..want])
            .map_err(|e| io_error("read", path, e))?;
        left -= want;
        carry.extend_from_slice(&buf[..want]);
        let whole = carry.len() - carry.len() % width as usize;
        match &mut table {
            NimTable::U8(v) => v.extend_from_slice(&carry[..whole]),
            NimTable::Nine(_) | NimTable::U16(_) | NimTable::Mapped(_) => {
                for c in carry[..whole].chunks_exact(2) {
                    table.push(u64::from(u16::from_le_bytes([c[0], c[1]])))?;
                }
            }
            NimTable::U32(v) => v.extend(
                carry[..whole]
                    .chunks_exact(4)
                    .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
            ),
            NimTable::U64(v) => v.extend(carry[..whole].chunks_exact(8).map(|c| {
                let mut b = [0u8; 8];
                b.copy_from_slice(c);
                u64::from_le_bytes(b)
            })),
        }
        carry.drain(..whole);
    }
    let checksum = table.view().checksum();
    let actual = with_view_values(&table, prefix_hash(&header));
    if actual != recorded {
        return Err(bad(
            path,
            format!(
                "checksum {actual:016x} of the header and values does not match the recorded {recorded:016x}"
            ),
        ));
    }
    Ok(ValuesFile {
        game,
        table,
        checksum,
    })
}

/// `h` continued with every value of `table` (see [`fnv1a_step`]).
fn with_view_values(table: &NimTable, h: u64) -> u64 {
    match table {
        NimTable::U8(s) => s.iter().fold(h, |h, &v| fnv1a_step(h, v.into())),
        NimTable::Nine(s) => s.iter().fold(h, |h, v| fnv1a_step(h, v.into())),
        NimTable::U16(s) => s.iter().fold(h, |h, &v| fnv1a_step(h, v.into())),
        NimTable::Mapped(s) => s.iter().fold(h, |h, &v| fnv1a_step(h, v.into())),
        NimTable::U32(s) => s.iter().fold(h, |h, &v| fnv1a_step(h, v.into())),
        NimTable::U64(s) => s.iter().fold(h, |h, &v| fnv1a_step(h, v)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("grundy-values-file-{}", std::process::id()));
        let _ = fs::create_dir_all(&dir);
        dir.join(name)
    }

    #[test]
    fn values_round_trip_at_every_width() {
        for values in [
            vec![0u64, 3, 255],
            vec![0, 300, 7],
            vec![1 << 20, 5],
            vec![1 << 40, 0],
        ] {
            let mut t = NimTable::new();
            for &v in &values {
                t.push(v).unwrap();
            }
            let path = temp(&format!("w{}.bin", t.width()));
            let sum = write_values(&path, "0.6", t.view()).unwrap();
            let back = read_values(&path).unwrap();
            assert_eq!(back.game, "0.6");
            assert_eq!(back.table, t);
            assert_eq!(back.checksum, sum);
            let name = format!("w{}.bin", t.width());
            let left: Vec<_> = fs::read_dir(path.parent().unwrap())
                .unwrap()
                .flatten()
                .filter_map(|e| e.file_name().into_string().ok())
                .filter(|f| f.starts_with(&name) && f != &name)
                .collect();
            assert!(left.is_empty(), "{left:?}");
        }
    }

    /// Two writers of one file: the second is refused at once, naming the
    /// first (here: this process), and the file is left as it was; once
    /// the first lets go, the file can be written again and no lock file
    /// is left behind.
    #[test]
    fn a_second_writer_of_a_held_values_file_is_refused_naming_the_first() {
        let mut t = NimTable::new();
        (0..100).for_each(|v| t.push(v % 3).unwrap());
        let path = temp("held.bin");
        write_values(&path, "0.6", t.view()).unwrap();
        let before = fs::read(&path).unwrap();
        let lock = WriteLock::acquire(&path).unwrap();
        let other = std::thread::scope(|s| {
            s.spawn(|| write_values(&path, "0.7", t.view()))
                .join()
                .unwrap()
        });
        let e = other.unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::Busy { pid: Some(p), .. } if *p == std::process::id()),
            "{e}"
        );
        assert!(
            e.to_string()
                .contains("held.bin` is being written by another grundy run (pid "),
            "{e}"
        );
        assert_eq!(fs::read(&path).unwrap(), before);
        // The holder writes through its lock.
        write_values(&lock, "0.6", t.view()).unwrap();
        drop(lock);
        assert!(!path.with_file_name("held.bin.lock").exists());
        write_values(&path, "0.7", t.view()).unwrap();
        assert_eq!(read_values(&path).unwrap().game, "0.7");
    }

    /// A run killed with `kill -9` leaves its lock file and its temporary;
    /// neither blocks the next writer (the lock died with the process) and
    /// the temporary is removed.
    #[test]
    fn a_killed_writer_leaves_nothing_that_blocks_the_next() {
        let mut t = NimTable::new();
        (0..10).for_each(|v| t.push(v % 2).unwrap());
        let path = temp("killed.bin");
        fs::write(path.with_file_name("killed.bin.lock"), "999999\n").unwrap();
        let stale = path.with_file_name("killed.bin.999999-0.tmp");
        fs::write(&stale, "half a file").unwrap();
        write_values(&path, "0.6", t.view()).unwrap();
        assert!(!stale.exists());
        assert_eq!(read_values(&path).unwrap().table, t);
    }

    #[test]
    fn damaged_files_are_refused_with_the_reason() {
        let mut t = NimTable::new();
        (0..100).for_each(|v| t.push(v % 7).unwrap());
        let path = temp("damaged.bin");
        write_values(&path, "kayles", t.view()).unwrap();
        let good = fs::read(&path).unwrap();
        let mut flipped = good.clone();
        let last = flipped.len() - 1;
        flipped[last] ^= 1;
        fs::write(&path, &flipped).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("checksum"), "{e}");
        fs::write(&path, &good[..good.len() - 3]).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("announces 100 values"), "{e}");
        fs::write(&path, b"hello world, not values").unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("GRUNDYV2"), "{e}");
        let e = read_values(&temp("missing.bin")).unwrap_err().to_string();
        assert!(e.starts_with("cannot open"), "{e}");
    }

    /// `sed 's/game=0.6/game=0.7/'`: the same length, the same values, only
    /// the header differs — and the checksum covers it.
    #[test]
    fn an_edited_game_in_the_header_is_refused() {
        let mut t = NimTable::new();
        (0..50).for_each(|v| t.push(v % 3).unwrap());
        let path = temp("edited-game.bin");
        write_values(&path, "0.6", t.view()).unwrap();
        let mut edited = fs::read(&path).unwrap();
        let at = edited.windows(8).position(|w| w == b"game=0.6").unwrap() + 7;
        edited[at] = b'7';
        fs::write(&path, &edited).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("checksum") && e.contains("header"), "{e}");
    }

    #[test]
    fn an_edited_count_or_width_or_an_added_line_is_refused() {
        let mut t = NimTable::new();
        (0..64).for_each(|v| t.push(v % 5).unwrap());
        let path = temp("edited-count.bin");
        write_values(&path, "kayles", t.view()).unwrap();
        let good = fs::read(&path).unwrap();
        let header_len = u32::from_le_bytes(good[8..12].try_into().unwrap()) as usize;
        let header = std::str::from_utf8(&good[12..12 + header_len]).unwrap();
        let values = &good[12 + header_len..];
        let rebuilt = |header: &str, values: &[u8]| -> Vec<u8> {
            let mut f = MAGIC.to_vec();
            f.extend_from_slice(&(header.len() as u32).to_le_bytes());
            f.extend_from_slice(header.as_bytes());
            f.extend_from_slice(values);
            f
        };
        // Half the values and `count=32`: the size matches, the sum not.
        fs::write(
            &path,
            rebuilt(&header.replace("count=64", "count=32"), &values[..32]),
        )
        .unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("checksum"), "{e}");
        // Width 2 read as 32 two-byte values.
        let h = header
            .replace("count=64", "count=32")
            .replace("width=1", "width=2");
        fs::write(&path, rebuilt(&h, values)).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("checksum"), "{e}");
        // A line added.
        let h = format!("{header}note=x\n");
        fs::write(&path, rebuilt(&h, values)).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("exactly the lines"), "{e}");
        // A header length beyond the file.
        let mut f = good.clone();
        f[8..12].copy_from_slice(&60_000u32.to_le_bytes());
        fs::write(&path, f).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("does not fit the file"), "{e}");
    }

    #[test]
    fn a_file_of_the_first_format_is_refused_with_what_to_do() {
        let path = temp("v1.bin");
        let header = "game=0.6\ncount=1\nwidth=1\nchecksum=af63bd4c8601b7be\n";
        let mut f = b"GRUNDYV1".to_vec();
        f.extend_from_slice(&(header.len() as u32).to_le_bytes());
        f.extend_from_slice(header.as_bytes());
        f.push(0);
        fs::write(&path, f).unwrap();
        let e = read_values(&path).unwrap_err().to_string();
        assert!(e.contains("older grundy") && e.contains("recompute"), "{e}");
    }

    #[test]
    fn a_file_beyond_the_memory_budget_is_refused_before_reading() {
        let mut t = NimTable::new();
        (0..1000).for_each(|v| t.push(v % 3).unwrap());
        let path = temp("budget.bin");
        write_values(&path, "0.6", t.view()).unwrap();
        let e = read_values_within(&path, 999).unwrap_err();
        assert!(
            matches!(e.kind(), ErrorKind::OutOfMemory { needed: 1000, .. }),
            "{e}"
        );
        assert_eq!(read_values_within(&path, 1000).unwrap().table, t);
    }

    /// The streaming writer makes well-formed files of any values: absurd
    /// ones are read back (they are refused where the game is known, see
    /// `TakeBreakSolver::resume_from`).
    #[test]
    fn absurd_values_in_a_well_formed_file_read_back_unchanged() {
        let path = temp("absurd.bin");
        write_values_streamed(&path, "0.6", 3, 8, &mut [0, u64::MAX, 1 << 40].into_iter()).unwrap();
        let back = read_values(&path).unwrap();
        assert_eq!(back.table.get(1).unwrap().value(), u64::MAX);
        assert_eq!(back.table.get(2).unwrap().value(), 1 << 40);
    }
}

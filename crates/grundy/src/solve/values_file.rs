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
//! | 8 | magic `GRUNDYV1` |
//! | 4 | header length `H` (u32) |
//! | `H` | header, UTF-8 `key=value` lines: `game=<spec>`, `count=<values>`, `width=<1, 2, 4 or 8>`, `checksum=<16 hex digits>` |
//! | `count × width` | `G(0), G(1), …` little-endian, `width` bytes each |
//!
//! The checksum is FNV-1a (64-bit) of the values, each taken as 8
//! little-endian bytes ([`TableView::checksum`]), so it does not depend on
//! the width and equals the checksum `grundy` prints after a long run.
//!
//! Writing is atomic: the file is written as `<path>.tmp` in the same
//! directory, flushed to disk (`fsync`), renamed over `<path>`, and the
//! directory is flushed too — a crash (even `kill -9` or a power cut after
//! the rename) leaves either the old file or the new one, never a torn one.
//! Reading checks the magic, the header, the size and the checksum, and names
//! what is wrong.
//!
//! Time and memory: O(count) both ways; reading allocates the table once
//! (refused with [`ErrorKind::OutOfMemory`] if it cannot).

use super::table::{fnv1a, fnv1a_step, NimTable, TableView};
use crate::error::{Error, ErrorKind, Result};
use std::fs::{self, File};
use std::io::{BufWriter, Read, Seek, SeekFrom, Write};
use std::path::Path;

const MAGIC: &[u8; 8] = b"GRUNDYV1";
/// Longest header accepted when reading.
const MAX_HEADER: u32 = 1 << 16;

/// The contents of a values file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ValuesFile {
    /// The game's spec, as written.
    pub game: String,
    /// `G(0), G(1), …`.
    pub table: NimTable,
    /// The checksum recorded in the file (verified on reading).
    pub checksum: u64,
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

/// Writes `values` of the game `game` to `path` atomically (see the module
/// docs); returns the checksum written.
pub fn write_values(path: &Path, game: &str, values: TableView<'_>) -> Result<u64> {
    let width = match values {
        TableView::U8(_) => 1,
        TableView::U16(_) => 2,
        TableView::U32(_) => 4,
        TableView::U64(_) | TableView::Nimbers(_) => 8,
    };
    let mut all = (0..values.len()).map(|i| values.get(i).map_or(0, |g| g.value()));
    write_values_streamed(path, game, values.len() as u64, width, &mut all)
}

/// Writes `count` values, `width` bytes each, taken from `values` as they
/// come (nothing is held in memory), atomically like [`write_values`]; the
/// checksum is patched into the header at the end. Returns it. A value too
/// wide for `width`, or too few values, is an error (and no file appears).
pub fn write_values_streamed(
    path: &Path,
    game: &str,
    count: u64,
    width: u8,
    values: &mut dyn Iterator<Item = u64>,
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
    let header = format!(
        "game={game}\ncount={count}\nwidth={width}\nchecksum={:016x}\n",
        0
    );
    // Where the 16 hex digits of the checksum start.
    let checksum_at = 12 + header.len() as u64 - 17;
    let mut tmp_name = path.file_name().unwrap_or_default().to_os_string();
    tmp_name.push(".tmp");
    let tmp = path.with_file_name(tmp_name);
    let mut checksum = fnv1a([]);
    let mut problem = None;
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
            let mut written = 0u64;
            for v in values.take(count as usize) {
                if v > limit {
                    *problem = Some(Error::unsupported(format!(
                        "value {v} does not fit in {width} bytes"
                    )));
                    break;
                }
                *checksum = fnv1a_step(*checksum, v);
                w.write_all(&v.to_le_bytes()[..usize::from(width)])?;
                written += 1;
            }
            if problem.is_none() && written != count {
                *problem = Some(Error::unsupported(format!(
                    "{written} values instead of {count}"
                )));
            }
            let mut file = w.into_inner().map_err(|e| e.into_error())?;
            file.seek(SeekFrom::Start(checksum_at))?;
            file.write_all(format!("{checksum:016x}").as_bytes())?;
            Ok(file)
        };
    let file = File::create(&tmp).map_err(|e| io_error("create", &tmp, e))?;
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
    // Make the rename itself durable.
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if let Ok(d) = File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(checksum)
}

/// Reads and checks a values file (see the module docs).
pub fn read_values(path: &Path) -> Result<ValuesFile> {
    let mut file = File::open(path).map_err(|e| io_error("open", path, e))?;
    let size = file
        .metadata()
        .map_err(|e| io_error("read", path, e))?
        .len();
    let mut fixed = [0u8; 12];
    file.read_exact(&mut fixed)
        .map_err(|_| bad(path, "too short to be a values file"))?;
    if &fixed[..8] != MAGIC {
        return Err(bad(
            path,
            "not a grundy values file (no `GRUNDYV1` at the start)",
        ));
    }
    let header_len = u32::from_le_bytes([fixed[8], fixed[9], fixed[10], fixed[11]]);
    if header_len > MAX_HEADER {
        return Err(bad(
            path,
            format!("header of {header_len} bytes is too long"),
        ));
    }
    let mut header = vec![0u8; header_len as usize];
    file.read_exact(&mut header)
        .map_err(|_| bad(path, "the header is cut short"))?;
    let header = String::from_utf8(header).map_err(|_| bad(path, "the header is not UTF-8"))?;
    let field = |key: &str| -> Result<&str> {
        header
            .lines()
            .find_map(|l| l.strip_prefix(key).and_then(|r| r.strip_prefix('=')))
            .ok_or_else(|| bad(path, format!("the header has no `{key}`")))
    };
    let game = field("game")?.to_string();
    let count: u64 = field("count")?
        .parse()
        .map_err(|_| bad(path, "`count` is not a number"))?;
    let width: u64 = field("width")?
        .parse()
        .map_err(|_| bad(path, "`width` is not a number"))?;
    let checksum = u64::from_str_radix(field("checksum")?, 16)
        .map_err(|_| bad(path, "`checksum` is not 16 hex digits"))?;
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
    let n = usize::try_from(count).map_err(|_| bad(path, "too many values for this machine"))?;
    let mut table = match width {
        1 => NimTable::U8(Vec::new()),
        2 => NimTable::U16(Vec::new()),
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
            NimTable::U16(v) => v.extend(
                carry[..whole]
                    .chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]])),
            ),
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
    let actual = table.view().checksum();
    if actual != checksum {
        return Err(bad(
            path,
            format!(
                "checksum {actual:016x} of the values does not match the recorded {checksum:016x}"
            ),
        ));
    }
    Ok(ValuesFile {
        game,
        table,
        checksum,
    })
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
            assert!(!path
                .with_file_name(format!("w{}.bin.tmp", t.width()))
                .exists());
        }
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
        assert!(e.contains("GRUNDYV1"), "{e}");
        let e = read_values(&temp("missing.bin")).unwrap_err().to_string();
        assert!(e.starts_with("cannot open"), "{e}");
    }
}

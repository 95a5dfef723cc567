//! Output paths and room on disk, checked before a run starts.
//!
//! Every file or directory a command will write (`--output` of `values`,
//! `plot` and `census`, `--checkpoint`, `--table`) is checked before any
//! computing ([`check_file`], [`check_dir`]): its directory exists, is a
//! directory and is writable, and the path is not a directory where a file
//! goes. A bad path is one line at once instead of after the work.
//!
//! A values file holds `G(0..=to)` at one byte per value at the least, so
//! `values kayles --to 10^12 --output f.bin` would need a terabyte: it is
//! refused at once, naming the bytes needed and free, instead of filling
//! the disk for hours and failing at the end.

use anyhow::{bail, Result};
use std::path::Path;

/// Bytes a values file of `G(0..=to)` needs at the least (one byte per
/// value and the header), `None` when that overflows `u64`.
pub fn least_bytes(to: u64) -> Option<u64> {
    to.checked_add(1)?.checked_add(4096)
}

/// Refuses to start writing `G(0..=to)` into `path` (`what` names the
/// option) when the file system holding it has less room than the file's
/// smallest size. Where the free space cannot be read (no such directory
/// yet, or not a Unix system), nothing is refused here: writing reports
/// its own error.
pub fn check_room(what: &str, path: &Path, to: u64) -> Result<()> {
    let Some(free) = free_bytes(path) else {
        return Ok(());
    };
    match least_bytes(to) {
        Some(need) if need <= free => Ok(()),
        need => bail!(
            "`{what} {}` would need at least {} (G(0..={to}), one byte per value at the least), \
             and its file system has {} free; write fewer values (a smaller `--to`), or ask for \
             values without a file (`--from`/`--to` print a range from a proven period)",
            path.display(),
            need.map_or_else(|| "more than 2^64 bytes".to_string(), human),
            human(free)
        ),
    }
}

/// Refuses, before any work, a file `path` that the command could not
/// write (`what` names the option, `--output`): its directory must exist,
/// be a directory and be writable, and `path` itself, when it exists, must
/// not be a directory.
pub fn check_file(what: &str, path: &Path) -> Result<()> {
    if path.is_dir() {
        bail!(
            "cannot write `{}` (`{what}`): it is a directory, name a file to write",
            path.display()
        );
    }
    if path.as_os_str().is_empty() {
        bail!("`{what}` names no file: give a file name");
    }
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    check_writable_dir(what, path, dir)
}

/// Refuses, before any work, a directory `dir` that the command could not
/// fill (`what` names the option): when it exists it must be a writable
/// directory; when not, its nearest existing ancestor must be one (the
/// command creates the rest).
pub fn check_dir(what: &str, dir: &Path) -> Result<()> {
    if dir.as_os_str().is_empty() {
        bail!("`{what}` names no directory: give a directory name");
    }
    let mut existing = dir;
    while std::fs::symlink_metadata(existing).is_err() {
        match existing.parent() {
            Some(p) if !p.as_os_str().is_empty() => existing = p,
            _ => {
                existing = Path::new(".");
                break;
            }
        }
    }
    check_writable_dir(what, dir, existing)
}

/// `dir` (holding `path`, named by option `what`) exists, is a directory
/// and may be written.
fn check_writable_dir(what: &str, path: &Path, dir: &Path) -> Result<()> {
    let shown = path.display();
    match std::fs::metadata(dir) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => bail!(
            "cannot write `{shown}` (`{what}`): the directory `{}` does not exist (create it first)",
            dir.display()
        ),
        Err(e) => bail!(
            "cannot write `{shown}` (`{what}`): cannot use the directory `{}`: {e}",
            dir.display()
        ),
        Ok(m) if !m.is_dir() => bail!("cannot write `{shown}` (`{what}`): `{}` is not a directory", dir.display()),
        Ok(_) => {}
    }
    if let Err(e) = writable(dir) {
        bail!(
            "cannot write `{shown}` (`{what}`): the directory `{}` is not writable ({e})",
            dir.display()
        );
    }
    Ok(())
}

/// Whether this process may create files in the directory `dir`: write
/// and search permission, on a file system mounted read-write.
#[cfg(unix)]
fn writable(dir: &Path) -> std::io::Result<()> {
    use rustix::fs::{access, Access};
    access(dir, Access::WRITE_OK | Access::EXEC_OK).map_err(std::io::Error::from)
}

#[cfg(not(unix))]
fn writable(dir: &Path) -> std::io::Result<()> {
    let m = std::fs::metadata(dir)?;
    if m.permissions().readonly() {
        return Err(std::io::Error::from(std::io::ErrorKind::PermissionDenied));
    }
    Ok(())
}

/// Bytes in powers of 1024, two decimals (`1.50 GiB`).
fn human(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"];
    let mut unit = 0;
    let mut scaled = bytes as f64;
    while scaled >= 1024.0 && unit + 1 < UNITS.len() {
        scaled /= 1024.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{bytes} bytes")
    } else {
        format!("{scaled:.2} {}", UNITS[unit])
    }
}

/// Bytes available to this user on the file system that holds `path`
/// (its directory when the file does not exist yet).
#[cfg(unix)]
fn free_bytes(path: &Path) -> Option<u64> {
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let st = rustix::fs::statvfs(dir).ok()?;
    Some(st.f_bavail.saturating_mul(st.f_frsize))
}

#[cfg(not(unix))]
fn free_bytes(_path: &Path) -> Option<u64> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_bytes_counts_values_and_header() {
        assert_eq!(least_bytes(0), Some(4097));
        assert_eq!(least_bytes(u64::MAX), None);
    }

    #[test]
    fn human_sizes() {
        assert_eq!(human(512), "512 bytes");
        assert_eq!(human(1536), "1.50 KiB");
        assert_eq!(human(3 << 30), "3.00 GiB");
    }

    #[cfg(unix)]
    #[test]
    fn refuses_more_than_the_disk_and_allows_a_small_file() {
        let dir = std::env::temp_dir();
        let path = dir.join("grundy-disk-check.bin");
        check_room("--output", &path, 1000).unwrap();
        let err = check_room("--output", &path, u64::MAX - 1)
            .unwrap_err()
            .to_string();
        assert!(err.contains("would need at least"), "{err}");
        assert!(err.contains("free"), "{err}");
        let free = free_bytes(&path).unwrap();
        let err = check_room("--output", &path, free).unwrap_err().to_string();
        assert!(err.contains(&format!("G(0..={free})")), "{err}");
    }
}

//! The placement table of `--table FILE`. (The files that specs name,
//! `script:FILE` and `toml:FILE`, are read by the library's
//! [`grundy::service::DiskFiles`].)

use grundy::error::{Error, ErrorKind, Result};

fn io_error(action: &str, path: &std::path::Path, e: std::io::Error) -> Error {
    ErrorKind::Io {
        action: action.to_string(),
        path: path.display().to_string(),
        message: e.to_string(),
    }
    .into()
}

/// `--table FILE`: loads the saved transposition table into `game` when
/// the file exists (a missing file is a fresh start). Only a regular file
/// is read, its magic first, at most
/// [`grundy::solve::placement::table::MAX_FILE_BYTES`].
pub fn load_table(game: &mut dyn grundy::spec::AnyGame, path: &std::path::Path) -> Result<()> {
    use grundy::solve::placement::table;
    // A game that keeps no table says so before any file is read.
    game.save_table()?;
    let bytes = table::read_file(path)?;
    match bytes {
        Some(bytes) => game.load_table(&bytes, &path.display().to_string()),
        None => Ok(()),
    }
}

/// `--table FILE`: saves `game`'s table, through a temporary file renamed
/// over FILE, so that an interrupted save leaves the old table whole.
pub fn save_table(game: &dyn grundy::spec::AnyGame, path: &std::path::Path) -> Result<()> {
    let bytes = game.save_table()?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, &bytes).map_err(|e| io_error("write", &tmp, e))?;
    std::fs::rename(&tmp, path).map_err(|e| io_error("write", path, e))
}

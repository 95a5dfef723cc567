//! The files that specs name (`script:FILE.rhai`, `script:FILE.lua`,
//! `toml:FILE.toml`), read by the library's policy ([`grundy::files`]:
//! regular files only, within a size limit) and handed to
//! [`grundy::spec::parse_with`] with the limits scripts run under; and the
//! placement table of `--table FILE`.

use grundy::error::{Error, ErrorKind, Result};
use grundy::script::ScriptLimits;
use grundy::spec::SpecFiles;

/// Game files from the file system, scripts under the default limits and
/// those the environment sets (`GRUNDY_SCRIPT_BUDGET`,
/// `GRUNDY_SCRIPT_CALL_SECONDS`, `GRUNDY_SCRIPT_SECONDS`,
/// `GRUNDY_SCRIPT_MEMORY_MIB`).
pub struct GameFiles;

impl SpecFiles for GameFiles {
    /// Reads the game file `path` whole ([`grundy::files::read_game_file`]:
    /// a regular file of at most [`grundy::files::MAX_GAME_FILE_BYTES`], text); `spec`
    /// names the game in errors.
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        grundy::files::read_game_file(spec, path)
    }

    /// The default limits with those the environment sets
    /// ([`grundy::script::limits_from_environment`]).
    fn script_limits(&self) -> Result<ScriptLimits> {
        grundy::script::limits_from_environment()
    }
}

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

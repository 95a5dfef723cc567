//! The files that specs name (`script:FILE.rhai`, `script:FILE.lua`,
//! `toml:FILE.toml`), read by the library's policy ([`grundy::files`]:
//! regular files only, within a size limit) and handed to
//! [`grundy::spec::parse_with`] with the limits scripts run under; and the
//! placement table of `--table FILE`.

use grundy::error::{Error, ErrorKind, Result};
use grundy::script::{
    ScriptLimits, BUDGET_VARIABLE, CALL_TIME_VARIABLE, MEMORY_VARIABLE, TIME_VARIABLE,
};
use grundy::spec::SpecFiles;
use std::time::Duration;

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

    /// The default limits, with those set by environment variables:
    /// [`ScriptLimits::max_total_operations`] from `GRUNDY_SCRIPT_BUDGET`
    /// (operations), [`ScriptLimits::max_call_time`] from
    /// `GRUNDY_SCRIPT_CALL_SECONDS` and [`ScriptLimits::max_total_time`]
    /// from `GRUNDY_SCRIPT_SECONDS` (seconds), [`ScriptLimits::max_memory`]
    /// from `GRUNDY_SCRIPT_MEMORY_MIB` (MiB).
    fn script_limits(&self) -> Result<ScriptLimits> {
        let mut limits = ScriptLimits::default();
        if let Some(n) = variable(BUDGET_VARIABLE, "a number of operations", "1000000000")? {
            limits.max_total_operations = n;
        }
        if let Some(s) = variable(CALL_TIME_VARIABLE, "a number of seconds", "10")? {
            limits.max_call_time = Duration::from_secs(s);
        }
        if let Some(s) = variable(TIME_VARIABLE, "a number of seconds", "120")? {
            limits.max_total_time = Duration::from_secs(s);
        }
        if let Some(m) = variable(MEMORY_VARIABLE, "a number of MiB", "1024")? {
            limits.max_memory = usize::try_from(m.saturating_mul(1 << 20)).unwrap_or(usize::MAX);
        }
        Ok(limits)
    }
}

/// The positive integer in the environment variable `name`, if it is set.
fn variable(name: &str, what: &str, example: &str) -> Result<Option<u64>> {
    let Some(value) = std::env::var_os(name) else {
        return Ok(None);
    };
    let text = value.to_string_lossy();
    grundy::spec::parse_u64(&text)
        .ok()
        .filter(|&n| n > 0)
        .map(Some)
        .ok_or_else(|| {
            ErrorKind::Unsupported(format!(
                "{name}=`{text}` is not {what} (a positive integer, e.g. {name}={example})"
            ))
            .into()
        })
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
    let bytes = grundy::files::read_binary(
        path,
        table::MAGIC,
        table::MAX_FILE_BYTES,
        "a placement table",
    )?;
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

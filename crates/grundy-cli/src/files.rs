//! The files that specs name (`script:FILE.rhai`, `script:FILE.lua`, `toml:FILE.toml`): the
//! library reads no files, so the command reads them here and hands their
//! text to [`grundy::spec::parse_with`], with the limits scripts run under.

use grundy::error::{Error, ErrorKind, Result};
use grundy::script::{ScriptLimits, BUDGET_VARIABLE};
use grundy::spec::SpecFiles;
use std::io::Read;

/// The largest script file or TOML game file read (1 MiB): a larger file
/// (or an endless one, `/dev/zero`) is refused after reading this much.
pub const MAX_GAME_FILE_BYTES: u64 = 1 << 20;

/// Game files from the file system, scripts under the default limits and
/// the budget of operations `GRUNDY_SCRIPT_BUDGET` when it is set.
pub struct GameFiles;

fn invalid_spec(spec: &str, reason: String) -> Error {
    ErrorKind::InvalidSpec {
        spec: spec.to_string(),
        reason,
    }
    .into()
}

impl SpecFiles for GameFiles {
    /// Reads the game file `path` whole, refusing a file larger than
    /// [`MAX_GAME_FILE_BYTES`] without reading the rest; `spec` names the
    /// game in errors.
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        let cannot = |e: std::io::Error| invalid_spec(spec, format!("cannot read `{path}`: {e}"));
        let file = std::fs::File::open(path).map_err(cannot)?;
        let mut bytes = Vec::new();
        file.take(MAX_GAME_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_GAME_FILE_BYTES {
            return Err(invalid_spec(
                spec,
                format!(
                    "`{path}` is larger than {}, the limit for a game file: a game's rules fit in far less",
                    grundy::error::human_bytes(MAX_GAME_FILE_BYTES)
                ),
            ));
        }
        String::from_utf8(bytes).map_err(|_| {
            invalid_spec(
                spec,
                format!("`{path}` is not text (UTF-8): is it a game file?"),
            )
        })
    }

    /// The default limits, with [`ScriptLimits::max_total_operations`] from
    /// the environment variable `GRUNDY_SCRIPT_BUDGET` when it is set (a
    /// number of operations).
    fn script_limits(&self) -> Result<ScriptLimits> {
        let mut limits = ScriptLimits::default();
        if let Some(value) = std::env::var_os(BUDGET_VARIABLE) {
            let text = value.to_string_lossy();
            let n = grundy::spec::parse_u64(&text)
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| -> Error {
                    ErrorKind::Unsupported(format!(
                        "{BUDGET_VARIABLE}=`{text}` is not a number of operations (a positive integer, e.g. {BUDGET_VARIABLE}=1000000000)"
                    ))
                    .into()
                })?;
            limits.max_total_operations = n;
        }
        Ok(limits)
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
/// the file exists (a missing file is a fresh start).
pub fn load_table(game: &mut dyn grundy::spec::AnyGame, path: &std::path::Path) -> Result<()> {
    match std::fs::read(path) {
        Ok(bytes) => game.load_table(&bytes, &path.display().to_string()),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            // Nothing to resume; the game must still keep a table.
            game.save_table().map(|_| ())
        }
        Err(e) => Err(io_error("read", path, e)),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_file_up_to_the_limit_is_read_and_a_larger_one_refused() {
        let dir = std::env::temp_dir().join(format!("grundy-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.rhai");
        let mut text = "fn moves(n) { [] }\n".to_string();
        text.push_str(&"/".repeat(MAX_GAME_FILE_BYTES as usize - text.len()));
        std::fs::write(&path, &text).unwrap();
        let p = path.to_str().unwrap();
        assert_eq!(GameFiles.read("script:big", p).unwrap().len(), text.len());
        text.push('/');
        std::fs::write(&path, &text).unwrap();
        let e = GameFiles.read("script:big", p).unwrap_err().to_string();
        assert!(e.contains("larger than 1 MiB"), "{e}");
        let e = GameFiles
            .read("toml:nowhere.toml", "nowhere.toml")
            .unwrap_err()
            .to_string();
        assert!(e.contains("cannot read `nowhere.toml`"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

//! The files that specs name (`script:FILE.rhai`, `toml:FILE.toml`): the
//! library reads none, so `analyze` reads them here (at most 1 MiB, as the
//! `grundy` command does) and hands their text to
//! [`grundy::spec::parse_with`].

use grundy::error::{ErrorKind, Result};
use grundy::spec::SpecFiles;
use std::io::Read;

/// The largest game file read.
const MAX_GAME_FILE_BYTES: u64 = 1 << 20;

/// Game files from the file system, scripts under the default limits.
pub(crate) struct GameFiles;

impl SpecFiles for GameFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        let refuse = |why: String| {
            ErrorKind::InvalidSpec {
                spec: spec.to_string(),
                reason: format!("`{path}` {why}"),
            }
            .into()
        };
        let mut text = String::new();
        std::fs::File::open(path)
            .and_then(|f| f.take(MAX_GAME_FILE_BYTES + 1).read_to_string(&mut text))
            .map_err(|e| refuse(format!("cannot be read as text: {e}")))?;
        if text.len() as u64 > MAX_GAME_FILE_BYTES {
            return Err(refuse(
                "is larger than 1 MiB, the limit for a game file".into(),
            ));
        }
        Ok(text)
    }
}

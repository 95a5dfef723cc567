//! The files that specs name (`script:FILE.rhai`, `toml:FILE.toml`): the
//! library reads none, so `analyze` reads them here (at most 1 MiB, as the
//! `grundy` command does) and hands their text to
//! [`grundy::spec::parse_with`].

use grundy::error::{Error, ErrorKind, Result};
use grundy::spec::SpecFiles;
use std::io::Read;

/// The largest game file read.
const MAX_GAME_FILE_BYTES: u64 = 1 << 20;

/// Game files from the file system, scripts under the default limits.
pub(crate) struct GameFiles;

fn invalid_spec(spec: &str, reason: String) -> Error {
    ErrorKind::InvalidSpec {
        spec: spec.to_string(),
        reason,
    }
    .into()
}

impl SpecFiles for GameFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        let cannot = |e: std::io::Error| invalid_spec(spec, format!("cannot read `{path}`: {e}"));
        let mut bytes = Vec::new();
        std::fs::File::open(path)
            .map_err(cannot)?
            .take(MAX_GAME_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(cannot)?;
        if bytes.len() as u64 > MAX_GAME_FILE_BYTES {
            return Err(invalid_spec(
                spec,
                format!("`{path}` is larger than 1 MiB, the limit for a game file"),
            ));
        }
        String::from_utf8(bytes)
            .map_err(|_| invalid_spec(spec, format!("`{path}` is not text (UTF-8)")))
    }
}

//! The files that specs name (`script:FILE.rhai`, `toml:FILE.toml`): read
//! by the library's policy, as the `grundy` command reads them
//! ([`grundy::files::read_game_file`]: a regular file only, FIFOs and
//! devices refused at once, at most 1 MiB of text), and handed to
//! [`grundy::spec::parse_with`].

use grundy::error::Result;
use grundy::script::ScriptLimits;
use grundy::spec::SpecFiles;

/// Game files from the file system, scripts under the default limits and
/// those the environment sets, as for the `grundy` command
/// ([`grundy::script::limits_from_environment`]).
pub(crate) struct GameFiles;

impl SpecFiles for GameFiles {
    fn read(&self, spec: &str, path: &str) -> Result<String> {
        grundy::files::read_game_file(spec, path)
    }

    fn script_limits(&self) -> Result<ScriptLimits> {
        grundy::script::limits_from_environment()
    }
}

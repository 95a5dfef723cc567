//! `grundy completions SHELL`: a shell completion script.

use crate::printer::Printer;
use anyhow::Result;
use clap::Args;

/// Arguments of `grundy completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `grundy completions`: the script for `a.shell` that completes `cmd`
/// (the whole command line definition, which the caller builds: it names
/// every command, so it lives above them).
pub fn run(a: &CompletionsArgs, mut cmd: clap::Command, out: &mut Printer) -> Result<()> {
    let mut buf = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "grundy", &mut buf);
    out.raw(&buf)
}

//! `grundy serve`: the arguments of the local web server (Grundy Lab) and
//! what it says when it starts. The server itself is [`crate::server`]
//! (above the commands: it runs their `run`), called by `main`.

use clap::Args;
use std::path::PathBuf;

/// Arguments of `grundy serve`.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The port to listen on (0: any free port; the printed URL has the
    /// one chosen).
    #[arg(long, default_value_t = 8421)]
    pub port: u16,
    /// The address to listen on. The default answers this machine only;
    /// `0.0.0.0` answers the network (a warning is printed).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Open the page in a browser (`xdg-open`, `open` on macOS); if none
    /// can be started, a note says so and the server goes on.
    #[arg(long)]
    pub open: bool,
    /// A census directory (`grundy census --output DIR`) to browse: its
    /// `results.jsonl` is served by `/api/census`.
    #[arg(long, value_name = "DIR")]
    pub census: Option<PathBuf>,
    /// Seconds one request may compute before it is stopped (503).
    #[arg(long, value_name = "SECS", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    pub time_limit: u64,
    /// Requests that compute, at most, at once (more get 503 at once);
    /// default: the number of cores.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=256))]
    pub workers: Option<u64>,
    /// Requests that may wait for a place to compute (each up to 5 s);
    /// past them a request gets 503 at once.
    #[arg(long, value_name = "N", default_value_t = 64, value_parser = clap::value_parser!(u64).range(0..=4096))]
    pub queue: u64,
}

/// Help of `grundy serve`.
pub const SERVE_HELP: &str = "\
Serves Grundy Lab, the web page (explore, explain, play, your game,
census), and its JSON API: the same answers as the commands' `--format
json` (the README's section \"The web page and its API\" lists them).
Runs until Ctrl-C.

Examples:
  grundy serve
  grundy serve --port 0 --open
  grundy serve --census census3 --time-limit 30";

/// The line printed once the server listens.
pub fn banner(addr: std::net::SocketAddr) -> String {
    format!("grundy serving http://{addr}/")
}

/// The warning printed when the server answers more than this machine.
pub fn exposed_warning(host: &str) -> Option<String> {
    let local = host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback());
    (!local).then(|| {
        format!(
            "warning: listening on `{host}`: anyone who can reach this machine can use the server \
             (it reads no file but its census directory, and bounds every request)"
        )
    })
}

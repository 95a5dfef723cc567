//! Random command lines (issue 34, item 5): no input makes `grundy` panic,
//! and none leaves it silent for long.
//!
//! The commands and their options are read from the binary's own `--help`
//! (so a new command or option is fuzzed without editing this file); the
//! games, positions and option values come from a pool of ordinary and
//! nasty ones (negative, NaN, infinite, 2^64, empty, control characters,
//! devices, FIFOs, missing paths, deep nesting). [`RUNS`] command lines are
//! drawn from a fixed seed, each run with its output in files and killed
//! after [`LIMIT`]. A run passes when it exits 0 or 2 without `panicked`
//! on stderr; a run killed at the limit passes only if it printed part of
//! an answer by then, or, run again on a terminal (a pseudo-terminal,
//! without `-q`), shows progress within [`LIMIT`] (issue 34, item 8: no
//! run over 10 s without progress or an answer). The summary (runs, exit
//! codes, panics, runs over the limit, slowest run) is printed: `cargo
//! test --test fuzz_args -- --nocapture` shows it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Command lines run.
const RUNS: usize = 300;
/// The longest a run may take before it is killed.
const LIMIT: Duration = Duration::from_secs(10);
/// The seed: the same command lines on every run of the test.
const SEED: u64 = 0x9E37_79B9_7F4A_7C15;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn pick<'a>(&mut self, items: &'a [String]) -> &'a str {
        &items[self.below(items.len())]
    }
}

fn grundy() -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.env_remove("GRUNDY_SCRIPT_BUDGET");
    cmd
}

fn help(args: &[&str]) -> String {
    let out = grundy()
        .args(args)
        .arg("--help")
        .output()
        .expect("grundy runs");
    assert!(out.status.success(), "{args:?} --help");
    String::from_utf8(out.stdout).unwrap()
}

/// The commands a `--help` text lists (`help` left out).
fn listed_commands(text: &str) -> Vec<String> {
    text.lines()
        .skip_while(|l| !l.starts_with("Commands:"))
        .skip(1)
        .take_while(|l| l.starts_with("  "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .map(str::to_string)
        .collect()
}

/// What an argument is, from the name `--help` gives its value
/// (`<TO>`, `<FILE>`, `<GAME>`, `[POSITIONS]...`).
#[derive(Clone, Copy, PartialEq, Debug)]
enum Kind {
    Game,
    Number,
    Path,
    Position,
    Param,
}

fn kind(value_name: &str) -> Kind {
    match value_name {
        "GAME" | "CODES" => Kind::Game,
        "FILE" | "OUTPUT" | "DIR" | "TABLE" | "INPUT" | "PATH" => Kind::Path,
        "NAME=VALUE" => Kind::Param,
        "POSITIONS" | "TOKENS" | "SHELL" | "ARGS" | "NIMBERS" => Kind::Position,
        _ => Kind::Number,
    }
}

/// A long option of a command, as its `--help` shows it.
struct Opt {
    name: String,
    /// The kind of its value, if it takes one.
    takes: Option<Kind>,
    /// The values it lists (`Possible values:`), if any.
    choices: Vec<String>,
    /// Whether the usage line requires it.
    required: bool,
}

/// A command (`values`, or `nim mul`): its options and positional
/// arguments (kind, and whether it repeats).
struct Cmd {
    path: Vec<String>,
    opts: Vec<Opt>,
    positionals: Vec<(Kind, bool)>,
}

fn command(path: Vec<String>, text: &str) -> Cmd {
    let usage = text.lines().find(|l| l.starts_with("Usage:")).unwrap_or("");
    let mut positionals = Vec::new();
    let words: Vec<&str> = usage.split_whitespace().collect();
    for (i, word) in words.iter().enumerate() {
        // `<GAME>` or `[POSITIONS]...`, not an option's value (`--to <TO>`).
        let w = word.trim_end_matches("...");
        let name = w
            .trim_start_matches(['<', '['])
            .trim_end_matches(['>', ']']);
        let after_option = i > 0 && words[i - 1].starts_with('-');
        if (w.starts_with('<') || w.starts_with('['))
            && !after_option
            && name != "OPTIONS"
            && name != "COMMAND"
        {
            positionals.push((kind(name), word.ends_with("...")));
        }
    }
    let mut opts: Vec<Opt> = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        let option_line = t.starts_with("--") || (t.starts_with('-') && t.get(2..4) == Some(", "));
        if option_line {
            let Some(at) = t.find("--") else { continue };
            let name: String = t[at..]
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != ',' && *c != '=')
                .collect();
            if name.len() < 3 || name == "--help" || name == "--version" {
                continue;
            }
            let rest = t[at + name.len()..].trim_start_matches([' ', '=']);
            let takes = rest
                .strip_prefix('<')
                .and_then(|r| r.split('>').next())
                .map(kind);
            opts.push(Opt {
                required: usage.contains(&format!("{name} ")),
                takes,
                name,
                choices: Vec::new(),
            });
        } else if let (Some(last), Some(item)) = (opts.last_mut(), t.strip_prefix("- ")) {
            if let Some(choice) = item.split(':').next() {
                last.choices.push(choice.trim().to_string());
            }
        } else if let (Some(last), Some(list)) =
            (opts.last_mut(), t.strip_prefix("[possible values: "))
        {
            last.choices
                .extend(list.trim_end_matches(']').split(", ").map(str::to_string));
        }
    }
    Cmd {
        path,
        opts,
        positionals,
    }
}

/// Every command and subcommand `grundy --help` leads to.
fn commands() -> Vec<Cmd> {
    let mut found = Vec::new();
    for c in listed_commands(&help(&[])) {
        let text = help(&[&c]);
        let subs = listed_commands(&text);
        if subs.is_empty() {
            found.push(command(vec![c], &text));
        } else {
            for s in subs {
                let text = help(&[&c, &s]);
                found.push(command(vec![c.clone(), s], &text));
            }
        }
    }
    found
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|s| s.to_string()).collect()
}

/// Games that exist, and nasty specs.
fn games(repo: &Path, dir: &Path) -> (Vec<String>, Vec<String>) {
    let ex = |f: &str| repo.join("examples/games").join(f).display().to_string();
    let mut good = strings(&[
        "nim",
        "kayles",
        "dawson",
        "0.07",
        "0.6",
        "4.3r",
        "0.16",
        "hex:0.3F",
        "sub:1,3,4",
        "sub:pow2",
        "sub:fib",
        "bash:3",
        "allbut:1,2",
        "lasker",
        "grundy-game",
        "treblecross",
        "guiles",
        "double-kayles",
        "dawson-chess",
        "wythoff",
        "fibnim",
        "cram",
        "chomp",
        "node-kayles",
        "cutting",
        "euclid",
        "staircase",
        "take:1..n/2",
        "coins:ruler",
        "coins:mogul",
        "moore:2",
        "mult:100",
        "box",
    ]);
    for f in [
        "subtract-134.lua",
        "subtract-134.rhai",
        "kayles.toml",
        "cram.lua",
        "take-up-to.rhai",
    ] {
        let prefix = if f.ends_with(".toml") {
            "toml:"
        } else {
            "script:"
        };
        good.push(format!("{prefix}{}", ex(f)));
    }
    let mut nasty = strings(&[
        "",
        " ",
        "sub:",
        "sub:0",
        "sub:1,18446744073709551616",
        "0.",
        "0.8",
        "octal:",
        "x",
        "nim:3",
        "\u{1b}[2J",
        "é",
        "toml:/proc/self/environ",
        "script:/dev/zero",
        "toml:/dev/zero",
        "script:/nonexistent.lua",
        "script:x.py",
        "bash:0",
        "moore:0",
        "mult:0",
        "take:n..1",
        "coins:nothing",
        "allbut:",
        "node-kayles:/dev/zero",
    ]);
    nasty.push(format!("script:{}", dir.join("fifo.lua").display()));
    nasty.push(format!("toml:{}", dir.join("fifo.toml").display()));
    nasty.push(format!("sub:{}", "1,".repeat(5000)));
    (good, nasty)
}

/// Ordinary and nasty values of each kind but games.
struct Pools {
    games: (Vec<String>, Vec<String>),
    numbers: (Vec<String>, Vec<String>),
    paths: (Vec<String>, Vec<String>),
    positions: (Vec<String>, Vec<String>),
    params: (Vec<String>, Vec<String>),
}

fn pools(repo: &Path, dir: &Path) -> Pools {
    let nasty = strings(&[
        "-1",
        "-0",
        "+3",
        "3.5",
        "nan",
        "NaN",
        "inf",
        "-inf",
        "1e300",
        "1e-300",
        "18446744073709551615",
        "18446744073709551616",
        "4294967296",
        "268435457",
        "2^64",
        "",
        " ",
        "x",
        "[[[[[[[[",
        "]",
        "#{a:1}",
        "{}",
        "\"",
        "0x0",
        "1000x1000",
        "all",
        "grid:3x3",
        "/dev/zero",
        "/dev/null",
        "/nonexistent/dir/f.png",
        ".",
        "\u{1b}[2J",
        "\u{7}",
        "é",
        "∞",
        "\u{202e}",
        "1 2",
        "k=-1",
        "9999999999",
    ]);
    let mut nasty = nasty;
    nasty.push("9".repeat(100));
    nasty.push("[".repeat(10_000));
    nasty.push(dir.join("fifo.txt").display().to_string());
    let mut paths = strings(&[
        "out.bin", "out.png", "out.svg", "outdir", "t.table", "g.txt",
    ]);
    for f in [
        "examples/hackenbush/christmas.txt",
        "examples/games/kayles.toml",
    ] {
        paths.push(repo.join(f).display().to_string());
    }
    Pools {
        games: games(repo, dir),
        numbers: (
            strings(&[
                "0", "1", "2", "3", "4", "5", "6", "7", "8", "10", "12", "16", "20", "30", "64",
                "100",
            ]),
            nasty.clone(),
        ),
        paths: (paths, nasty.clone()),
        positions: (
            strings(&[
                "0",
                "1",
                "2",
                "3",
                "4",
                "5",
                "7",
                "10",
                "3,5",
                "[3,4]",
                "[]",
                "\"..X..\"",
                "4x4",
                "3x3",
                "2x5",
                "[2,3]",
                "[3,2]",
                "a",
                "b",
                "1,2",
                "bash",
                "zsh",
            ]),
            nasty.clone(),
        ),
        params: (strings(&["k=3", "k=1", "n=2"]), nasty),
    }
}

/// Mostly ordinary, one time in four nasty.
fn either<'a>(rng: &mut Rng, (good, nasty): &'a (Vec<String>, Vec<String>)) -> &'a str {
    if rng.below(4) == 0 {
        rng.pick(nasty)
    } else {
        rng.pick(good)
    }
}

fn value(rng: &mut Rng, kind: Kind, p: &Pools) -> String {
    let pool = match kind {
        Kind::Game => &p.games,
        Kind::Number => &p.numbers,
        Kind::Path => &p.paths,
        Kind::Position => &p.positions,
        Kind::Param => &p.params,
    };
    either(rng, pool).to_string()
}

/// One random command line: the command, its positional arguments (one
/// time in ten one too few or too many), its required options (one time in
/// ten left out) and up to three more options, in random order.
fn command_line(rng: &mut Rng, cmds: &[Cmd], p: &Pools) -> Vec<String> {
    let cmd = &cmds[rng.below(cmds.len())];
    let mut args = cmd.path.clone();
    if rng.below(10) == 0 {
        args.insert(0, "-q".into());
    }
    let mut groups: Vec<Vec<String>> = Vec::new();
    for &(kind, repeats) in &cmd.positionals {
        let n = if repeats { rng.below(4) } else { 1 };
        for _ in 0..n {
            groups.push(vec![value(rng, kind, p)]);
        }
    }
    match rng.below(20) {
        0 => {
            groups.pop();
        }
        1 => groups.push(vec![value(rng, Kind::Position, p)]),
        _ => {}
    }
    let mut chosen: Vec<&Opt> = cmd
        .opts
        .iter()
        .filter(|o| o.required && rng.below(10) != 0)
        .collect();
    for _ in 0..rng.below(4) {
        if !cmd.opts.is_empty() {
            let o = &cmd.opts[rng.below(cmd.opts.len())];
            if !chosen.iter().any(|c| c.name == o.name) || rng.below(10) == 0 {
                chosen.push(o);
            }
        }
    }
    for opt in chosen {
        let group = match opt.takes {
            Some(kind) => {
                let v = if !opt.choices.is_empty() && rng.below(8) != 0 {
                    rng.pick(&opt.choices).to_string()
                } else {
                    value(rng, kind, p)
                };
                if rng.below(2) == 0 {
                    vec![format!("{}={v}", opt.name)]
                } else {
                    vec![opt.name.clone(), v]
                }
            }
            None => vec![opt.name.clone()],
        };
        // Options go before, between or after the positional arguments.
        let at = rng.below(groups.len() + 1);
        groups.insert(at, group);
    }
    args.extend(groups.into_iter().flatten());
    args
}

struct Outcome {
    code: Option<i32>,
    stdout_bytes: u64,
    stderr: String,
    took: Duration,
    killed: bool,
}

fn run(args: &[String], dir: &Path) -> Outcome {
    let out_path = dir.join("stdout");
    let err_path = dir.join("stderr");
    let start = Instant::now();
    let mut child = grundy()
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_path).unwrap())
        .stderr(std::fs::File::create(&err_path).unwrap())
        .spawn()
        .expect("grundy starts");
    let mut killed = false;
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if start.elapsed() > LIMIT {
            killed = true;
            let _ = child.kill();
            break child.wait().unwrap();
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = start.elapsed();
    Outcome {
        code: status.code(),
        stdout_bytes: std::fs::metadata(&out_path).map_or(0, |m| m.len()),
        stderr: String::from_utf8_lossy(&std::fs::read(&err_path).unwrap_or_default()).into_owned(),
        took,
        killed,
    }
}

/// Whether `args`, run on a pseudo-terminal (without `-q`, which hides
/// progress by design), prints anything (a progress bar, an answer)
/// within [`LIMIT`].
#[cfg(unix)]
fn shows_progress(args: &[String], dir: &Path) -> bool {
    let mut cmd = grundy();
    cmd.args(args.iter().filter(|a| *a != "-q" && *a != "--quiet"))
        .current_dir(dir);
    let Ok(mut p) = rexpect::session::spawn_command(cmd, Some(LIMIT.as_millis() as u64)) else {
        return false;
    };
    let shown = p.exp_regex(r"\S").is_ok();
    let _ = p.process_mut().signal(rexpect::process::Signal::SIGKILL);
    shown
}

#[cfg(not(unix))]
fn shows_progress(_args: &[String], _dir: &Path) -> bool {
    false
}

#[test]
fn random_command_lines_never_panic_nor_hang() {
    let repo = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let dir = tempfile::tempdir().unwrap();
    #[cfg(unix)]
    for f in ["fifo.lua", "fifo.toml", "fifo.txt"] {
        let ok = Command::new("mkfifo")
            .arg(dir.path().join(f))
            .status()
            .unwrap()
            .success();
        assert!(ok, "mkfifo");
    }
    let cmds = commands();
    let names: Vec<String> = cmds.iter().map(|c| c.path.join(" ")).collect();
    assert!(cmds.len() >= 15, "commands from --help: {names:?}");
    let values_cmd = cmds.iter().find(|c| c.path == ["values"]).expect("values");
    let format = values_cmd
        .opts
        .iter()
        .find(|o| o.name == "--format")
        .expect("--format");
    assert_eq!(format.choices, ["text", "csv", "json"]);
    assert!(values_cmd
        .opts
        .iter()
        .any(|o| o.name == "--to" && o.required && o.takes == Some(Kind::Number)));
    assert_eq!(values_cmd.positionals, [(Kind::Game, false)]);
    let pools = pools(&repo, dir.path());
    // FUZZ_SEED and FUZZ_RUNS explore further; the test itself uses the
    // fixed ones.
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let runs = env("FUZZ_RUNS").map_or(RUNS, |n| n as usize);
    let mut rng = Rng(env("FUZZ_SEED").unwrap_or(SEED) | 1);
    let mut failures = Vec::new();
    let mut codes = std::collections::BTreeMap::<String, usize>::new();
    let mut slowest = (Duration::ZERO, Vec::new());
    let mut killed_answering = 0;
    let mut panics = 0;
    let mut progress_shown = Vec::new();
    let started = Instant::now();
    for _ in 0..runs {
        let args = command_line(&mut rng, &cmds, &pools);
        let o = run(&args, dir.path());
        if std::env::var_os("FUZZ_SHOW").is_some() {
            println!(
                "{args:?} -> {:?} {}",
                o.code,
                o.stderr
                    .lines()
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(150)
                    .collect::<String>()
            );
        }
        let code = match (o.killed, o.code) {
            (true, _) => "killed at the limit".to_string(),
            (false, Some(c)) => c.to_string(),
            (false, None) => "signal".to_string(),
        };
        *codes.entry(code).or_default() += 1;
        if o.took > slowest.0 {
            slowest = (o.took, args.clone());
        }
        let panicked = o.stderr.contains("panicked") || o.code == Some(101);
        let bad_exit = !o.killed && !matches!(o.code, Some(0) | Some(2));
        if panicked {
            panics += 1;
        }
        // Killed with no answer: on a terminal it must show progress.
        let silent = o.killed && o.stdout_bytes == 0 && !shows_progress(&args, dir.path());
        if o.killed && !silent {
            if o.stdout_bytes == 0 {
                progress_shown.push(args.join(" "));
            } else {
                killed_answering += 1;
            }
        }
        if panicked || bad_exit || silent {
            failures.push(format!(
                "{args:?}: exit {:?}, {:?}, killed {}, {} bytes out, stderr {:?}",
                o.code,
                o.took,
                o.killed,
                o.stdout_bytes,
                o.stderr.chars().take(300).collect::<String>()
            ));
        }
    }
    println!(
        "fuzz: {runs} command lines in {:.1?}, exit codes {codes:?}, {panics} panics, {} failures, {killed_answering} killed at {LIMIT:?} while answering, {} killed showing progress on a terminal {progress_shown:?}, slowest {:.2?}: {:?}",
        started.elapsed(),
        failures.len(),
        progress_shown.len(),
        slowest.0,
        slowest.1
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

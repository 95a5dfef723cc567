//! Every ```console example in README.md is run and compared with what
//! `grundy` prints, so the README cannot drift from the program.
//!
//! The format of a block: a line `$ COMMAND` is run by `sh` in a scratch
//! directory (with `examples/` of the repository linked into it and the
//! built `grundy` first on `PATH`); the lines up to the next `$ ` line are
//! its expected output, stdout and stderr together, trailing blank lines
//! ignored. A line `...` stands for any number of lines. A command whose
//! expected output has a line starting `error:` must exit 2, any other
//! must exit 0. Files a block writes (`printf ... > dag.txt`) stay for the
//! commands after it. For `grundy play`, a prompt line `your move> MOVE`
//! types `MOVE` on standard input (a terminal would echo it; a pipe does
//! not, so the comparison drops it).

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const PROMPT: &str = "your move> ";

struct Example {
    /// Line of the `$` in README.md (1-based).
    line: usize,
    command: String,
    expected: Vec<String>,
}

/// The examples of every console block, in order.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    let mut in_console = false;
    for (i, line) in readme.lines().enumerate() {
        if !in_console {
            in_console = line.trim_end() == "```console";
            continue;
        }
        if line.starts_with("```") {
            in_console = false;
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: i + 1,
                command: command.to_string(),
                expected: Vec::new(),
            });
        } else if let Some(last) = out.last_mut() {
            last.expected.push(line.to_string());
        } else {
            panic!("README.md:{}: output before any `$ ` command", i + 1);
        }
    }
    assert!(!in_console, "README.md: a console block is not closed");
    for e in &mut out {
        while e.expected.last().is_some_and(|l| l.trim().is_empty()) {
            e.expected.pop();
        }
    }
    out
}

/// Whether `actual` matches `expected`, where a `...` line matches any
/// number of lines.
fn matches(expected: &[String], actual: &[String]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((first, rest)) if first.trim() == "..." => {
            (0..=actual.len()).any(|skip| matches(rest, &actual[skip..]))
        }
        Some((first, rest)) => match actual.split_first() {
            Some((a, arest)) => a.trim_end() == first.trim_end() && matches(rest, arest),
            None => false,
        },
    }
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs one example in `dir`; returns (exit code, output lines).
fn run(dir: &Path, e: &Example, input: &str) -> (Option<i32>, Vec<String>) {
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_grundy")).parent().unwrap();
    let path = format!(
        "{}:{}",
        bin_dir.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("exec 2>&1; {}", e.command))
        .current_dir(dir)
        .env("PATH", path)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().unwrap();
        let _ = stdin.write_all(input.as_bytes());
    }
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    // A prompt is followed by what the program prints next on the same
    // line (nothing was echoed): the prompt as a line of its own.
    let mut lines: Vec<String> = Vec::new();
    for l in text.lines() {
        let mut rest = l;
        while let Some(after) = rest.strip_prefix(PROMPT).filter(|a| !a.is_empty()) {
            lines.push(PROMPT.to_string());
            rest = after;
        }
        lines.push(rest.to_string());
    }
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    (out.status.code(), lines)
}

#[test]
fn every_console_example_in_the_readme_prints_what_it_shows() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let examples = examples(&readme);
    assert!(
        examples.len() >= 10,
        "only {} examples found",
        examples.len()
    );
    let dir = tempfile::tempdir().unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(repo_root().join("examples"), dir.path().join("examples")).unwrap();
    let mut failures = Vec::new();
    for e in &examples {
        // Typed moves of `grundy play`, and the prompt lines as a pipe shows them.
        let mut input = String::new();
        let mut expected = Vec::new();
        for l in &e.expected {
            match l.strip_prefix(PROMPT).filter(|t| !t.trim().is_empty()) {
                Some(typed) => {
                    input.push_str(typed);
                    input.push('\n');
                    expected.push(PROMPT.to_string());
                }
                None => expected.push(l.clone()),
            }
        }
        let (code, actual) = run(dir.path(), e, &input);
        let fails = expected.iter().any(|l| l.starts_with("error:"));
        let want = if fails { 2 } else { 0 };
        if code != Some(want) || !matches(&expected, &actual) {
            failures.push(format!(
                "README.md:{}: `$ {}` exited {code:?} (expected {want}) and printed:\n{}\n--- the README shows:\n{}",
                e.line,
                e.command,
                actual.join("\n"),
                e.expected.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn the_harness_matches_ellipses_and_refuses_differences() {
    let v = |s: &[&str]| s.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(matches(&v(&["a", "...", "d"]), &v(&["a", "b", "c", "d"])));
    assert!(matches(&v(&["a", "..."]), &v(&["a"])));
    assert!(!matches(&v(&["a", "b"]), &v(&["a", "c"])));
    assert!(!matches(&v(&["a"]), &v(&["a", "b"])));
    let parsed = examples("x\n```console\n$ grundy nim add 1 2\n3\n\n$ true\n```\n");
    assert_eq!(parsed.len(), 2);
    assert_eq!((parsed[0].line, parsed[0].expected.clone()), (3, v(&["3"])));
    assert!(parsed[1].expected.is_empty());
}

/// The specs in the first column of the README's games table (the section
/// `## Games` up to its first blank line).
fn games_table_specs(readme: &str) -> Vec<String> {
    let section = readme
        .split("\n## Games\n")
        .nth(1)
        .expect("README.md has a `## Games` section");
    section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2) // header and rule
        .filter_map(|row| row.split('|').nth(1))
        .flat_map(|cell| {
            cell.split('`')
                .skip(1)
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn the_games_table_lists_every_family_of_the_registry() {
    let readme = std::fs::read_to_string(repo_root().join("README.md")).unwrap();
    let specs = games_table_specs(&readme);
    assert!(specs.len() > 10, "the table was not found: {specs:?}");
    for family in grundy::spec::FAMILIES {
        let listed = specs
            .iter()
            .any(|s| s == family.name || s.split(':').next() == Some(family.name));
        // Octal codes are written as codes, not as `octal:`.
        let octal = family.name == "octal" && specs.iter().any(|s| s.starts_with("0."));
        assert!(
            listed || octal,
            "family `{}` ({}) is missing from README.md's games table",
            family.name,
            family.syntax
        );
    }
    // And every spec the table shows names a family grundy knows.
    for spec in &specs {
        let name = spec.split(':').next().unwrap();
        let known = grundy::spec::FAMILIES.iter().any(|f| f.name == name)
            || name.starts_with(|c: char| c.is_ascii_digit() || c == '.');
        assert!(
            known,
            "README.md's games table shows `{spec}`, which no family parses"
        );
    }
}

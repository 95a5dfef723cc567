//! Judge samples: every online-judge example runs on every sample of its
//! problem, and its output must be the sample output.
//!
//! For each `tests/data/problems/<id>.json` (repository root) whose example
//! `crates/grundy/examples/<id>.rs` exists (whatever the case of either:
//! `cf_768E.json` is solved by `cf_768e.rs`, `cf_2004E.json` by
//! `cf_2004E.rs`), the example's binary — already
//! built by `cargo test`, which builds all examples, in
//! `target/<profile>/examples/<id>` next to this test's `deps/` directory —
//! is run with each sample's `input` on stdin; its stdout must equal the
//! sample's `output`, and it must exit with status 0.
//!
//! Comparison is exact except for one normalization, the one judges
//! make: whitespace at the end of each line and empty lines at the end of
//! the output are ignored (so `\r\n` line ends and a missing final newline
//! do not count as differences). Nothing else is normalized.
//!
//! The run fails, naming the example and listing every problem at once,
//! when:
//! - an example looks like a judge problem (a judge prefix such as `hdu`,
//!   `poj`, `zoj`, `spoj` followed by a digit or `_`) but has no problem
//!   file, so nobody forgets the data;
//! - a problem file with an example has no sample, unless the problem is
//!   listed in [`TESTED_AGAINST_BRUTE_FORCE`] with the file holding that
//!   test;
//! - an example has no binary, or a binary older than its source (run
//!   `cargo test`, or `cargo build --examples`, with the same profile);
//! - a sample's output differs, the example exits with an error, or it
//!   runs longer than [`TIME_LIMIT`].
//!
//! It is a plain program (`harness = false` in Cargo.toml) so that its
//! summary — how many samples of how many problems passed — is printed on
//! every `cargo test`. Arguments that are not flags filter problems by id
//! (`cargo test --test judges -- poj2960`).

use serde_json::Value;
use std::collections::BTreeSet;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// The name this check lists under `--list`.
const NAME: &str = "judge_samples";

/// How long one sample may run (generous: debug builds are slow).
const TIME_LIMIT: Duration = Duration::from_secs(30);

/// Judge prefixes of example names that must have a problem file.
const JUDGE_PREFIXES: &[&str] = &[
    "acwing", "aoj", "atcoder", "bzoj", "cf", "csu", "fzu", "hdu", "hrbust", "lightoj", "luogu",
    "nyoj", "poj", "sgu", "spoj", "timus", "ural", "uva", "uvalive", "zoj",
];

/// Problems whose statement has no sample, with the file (from the
/// repository root) where the game the example relies on is tested
/// against brute force instead.
const TESTED_AGAINST_BRUTE_FORCE: &[(&str, &str)] = &[
    ("poj3533", "crates/grundy/src/games/coins.rs"),
    ("hdu3595", "crates/grundy/src/strategy/compound_tests.rs"),
    ("poj3710", "crates/grundy/tests/suite/graph_examples.rs"),
    (
        "hdu2188",
        "crates/grundy/tests/suite/closed_form_examples.rs",
    ),
    (
        "hdu2509",
        "crates/grundy/tests/suite/closed_form_examples.rs",
    ),
    (
        "poj2068",
        "crates/grundy/tests/suite/closed_form_examples.rs",
    ),
    (
        "zoj3057",
        "crates/grundy/tests/suite/closed_form_examples.rs",
    ),
];

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--list") {
        println!("{NAME}: test");
        return ExitCode::SUCCESS;
    }
    if args.iter().any(|a| a == "--ignored") {
        // Nothing here is ignored.
        return ExitCode::SUCCESS;
    }
    let filters = filters(&args);
    let mut report = Report::default();
    self_check(&mut report);
    check_all(&filters, &mut report);
    report.finish()
}

/// The arguments that are not flags (nor the values of libtest flags).
fn filters(args: &[String]) -> Vec<String> {
    const WITH_VALUE: &[&str] = &[
        "--test-threads",
        "--skip",
        "--color",
        "--format",
        "--logfile",
        "-Z",
    ];
    let mut out = Vec::new();
    let mut skip_next = false;
    for a in args {
        if skip_next {
            skip_next = false;
        } else if WITH_VALUE.contains(&a.as_str()) {
            skip_next = true;
        } else if !a.starts_with('-') {
            out.push(a.clone());
        }
    }
    out
}

#[derive(Default)]
struct Report {
    samples_passed: usize,
    problems_passed: usize,
    without_example: Vec<String>,
    failures: Vec<String>,
}

impl Report {
    fn fail(&mut self, id: &str, msg: impl Into<String>) {
        self.failures.push(format!("[{id}] {}", msg.into()));
    }

    fn finish(self) -> ExitCode {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(
            out,
            "judges: {} samples of {} problems passed",
            self.samples_passed, self.problems_passed
        );
        if !self.without_example.is_empty() {
            let _ = writeln!(
                out,
                "judges: problem files with no example yet: {}",
                self.without_example.join(", ")
            );
        }
        if self.failures.is_empty() {
            return ExitCode::SUCCESS;
        }
        let _ = writeln!(out, "judges: {} FAILURES", self.failures.len());
        for f in &self.failures {
            let _ = writeln!(out, "\n{f}");
        }
        let _ = writeln!(out);
        ExitCode::FAILURE
    }
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn repo_root() -> PathBuf {
    manifest_dir().join("..").join("..")
}

/// File stems of the files in `dir` ending in `.ext`, sorted.
fn stems(dir: &Path, ext: &str) -> Result<BTreeSet<String>, String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))?;
    let mut out = BTreeSet::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("cannot list {}: {e}", dir.display()))?
            .path();
        if path.is_file() && path.extension().is_some_and(|x| x == ext) {
            if let Some(stem) = path.file_stem().and_then(|s| s.to_str()) {
                out.insert(stem.to_string());
            }
        }
    }
    Ok(out)
}

/// Whether an example's name says it solves a judge problem.
fn looks_like_judge_problem(name: &str) -> bool {
    JUDGE_PREFIXES.iter().any(|prefix| {
        name.strip_prefix(prefix)
            .and_then(|rest| rest.chars().next())
            .is_some_and(|c| c.is_ascii_digit() || c == '_')
    })
}

/// `target/<profile>/examples`, next to `target/<profile>/deps/judges-*`.
fn examples_bin_dir() -> Result<PathBuf, String> {
    let exe = std::env::current_exe().map_err(|e| format!("cannot find this test's path: {e}"))?;
    exe.parent()
        .and_then(Path::parent)
        .map(|profile| profile.join("examples"))
        .ok_or_else(|| format!("unexpected test path {}", exe.display()))
}

fn check_all(filters: &[String], report: &mut Report) {
    let selected = |id: &str| filters.is_empty() || filters.iter().any(|f| id.contains(f.as_str()));
    let problems_dir = repo_root().join("tests").join("data").join("problems");
    let examples_dir = manifest_dir().join("examples");
    let (problems, examples, bin_dir) = match (
        stems(&problems_dir, "json"),
        stems(&examples_dir, "rs"),
        examples_bin_dir(),
    ) {
        (Ok(p), Ok(e), Ok(b)) => (p, e, b),
        (p, e, b) => {
            for msg in [p.err(), e.err(), b.err()].into_iter().flatten() {
                report.fail("setup", msg);
            }
            return;
        }
    };
    // Ids and example names match whatever their case (`cf_768E.json` is
    // solved by `cf_768e.rs`, `cf_2004E.json` by `cf_2004E.rs`).
    let by_lower: std::collections::BTreeMap<String, String> = examples
        .iter()
        .map(|e| (e.to_ascii_lowercase(), e.clone()))
        .collect();
    let example_of = |id: &str| by_lower.get(&id.to_ascii_lowercase()).cloned();
    let lower_ids: BTreeSet<String> = problems.iter().map(|p| p.to_ascii_lowercase()).collect();
    for name in examples.iter().filter(|n| selected(n)) {
        if looks_like_judge_problem(name) && !lower_ids.contains(&name.to_ascii_lowercase()) {
            report.fail(
                name,
                format!(
                    "examples/{name}.rs is named like a judge problem but tests/data/problems/{name}.json \
                     does not exist: copy it from shared/problems/ and add a line to tests/data/README.md"
                ),
            );
        }
    }
    for id in problems.iter().filter(|id| selected(id)) {
        if let Some(example) = example_of(id) {
            check_problem(id, &example, &problems_dir, &examples_dir, &bin_dir, report);
        } else {
            report.without_example.push(id.clone());
        }
    }
}

/// Runs `example` (the example of problem `id`) on every sample of its
/// problem file.
fn check_problem(
    id: &str,
    example: &str,
    problems_dir: &Path,
    examples_dir: &Path,
    bin_dir: &Path,
    report: &mut Report,
) {
    let json_path = problems_dir.join(format!("{id}.json"));
    let problem: Value = match std::fs::read_to_string(&json_path)
        .map_err(|e| e.to_string())
        .and_then(|text| serde_json::from_str(&text).map_err(|e| e.to_string()))
    {
        Ok(v) => v,
        Err(e) => return report.fail(id, format!("cannot read {}: {e}", json_path.display())),
    };
    if problem["id"].as_str() != Some(id) {
        return report.fail(
            id,
            format!(
                "{} has `id` {} instead of \"{id}\"",
                json_path.display(),
                problem["id"]
            ),
        );
    }
    let samples = problem["samples"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    if samples.is_empty() {
        match TESTED_AGAINST_BRUTE_FORCE.iter().find(|(p, _)| *p == id) {
            Some((_, file)) if repo_root().join(file).is_file() => {}
            Some((_, file)) => report.fail(
                id,
                format!("{id} is listed as tested in {file}, which does not exist"),
            ),
            None => report.fail(
                id,
                format!(
                    "{} has no sample: give the example a test against brute force and list it in \
                     TESTED_AGAINST_BRUTE_FORCE in crates/grundy/tests/judges.rs",
                    json_path.display()
                ),
            ),
        }
        return;
    }
    let binary = bin_dir.join(format!("{example}{}", std::env::consts::EXE_SUFFIX));
    let hint = "run `cargo test` (which builds every example) or `cargo build --examples` with the same profile";
    let built = match std::fs::metadata(&binary).and_then(|m| m.modified()) {
        Ok(t) => t,
        Err(_) => {
            return report.fail(
                id,
                format!("the example has no binary at {}: {hint}", binary.display()),
            )
        }
    };
    let source = examples_dir.join(format!("{example}.rs"));
    if std::fs::metadata(&source)
        .and_then(|m| m.modified())
        .is_ok_and(|t| t > built)
    {
        return report.fail(
            id,
            format!(
                "{} is older than examples/{example}.rs: {hint}",
                binary.display()
            ),
        );
    }
    let mut all_passed = true;
    for (k, sample) in samples.iter().enumerate() {
        let (Some(input), Some(expected)) = (sample["input"].as_str(), sample["output"].as_str())
        else {
            report.fail(
                id,
                format!(
                    "sample {k} of {} lacks a string `input` or `output`",
                    json_path.display()
                ),
            );
            all_passed = false;
            continue;
        };
        match run(&binary, input) {
            Err(e) => {
                report.fail(id, format!("sample {k}: {e}\n--- input\n{input}"));
                all_passed = false;
            }
            Ok(actual) => match first_difference(expected, &actual) {
                None => report.samples_passed += 1,
                Some(line) => {
                    report.fail(
                        id,
                        format!(
                            "sample {k}: output differs from line {line} on \
                             (trailing whitespace ignored)\n--- input\n{input}\n--- expected\n{expected}\n--- actual\n{actual}"
                        ),
                    );
                    all_passed = false;
                }
            },
        }
    }
    if all_passed {
        report.problems_passed += 1;
    }
}

/// Lines without trailing whitespace, without empty lines at the end.
fn normalize(text: &str) -> Vec<&str> {
    let mut lines: Vec<&str> = text.lines().map(str::trim_end).collect();
    while lines.last() == Some(&"") {
        lines.pop();
    }
    lines
}

/// The first line (1-based) where the normalized texts differ.
fn first_difference(expected: &str, actual: &str) -> Option<usize> {
    let (e, a) = (normalize(expected), normalize(actual));
    if e == a {
        return None;
    }
    Some(
        (0..e.len().max(a.len()))
            .find(|&i| e.get(i) != a.get(i))
            .unwrap_or(0)
            + 1,
    )
}

/// Runs `binary` with `input` on stdin; its stdout if it succeeds in time.
fn run(binary: &Path, input: &str) -> Result<String, String> {
    let mut child = Command::new(binary)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", binary.display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin pipe")?;
    let mut stdout = child.stdout.take().ok_or("no stdout pipe")?;
    let mut stderr = child.stderr.take().ok_or("no stderr pipe")?;
    let input = input.to_owned();
    // Separate threads, so that no pipe can fill up and block the child.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        stdout.read_to_end(&mut buf).map(|_| buf)
    });
    let err_reader = std::thread::spawn(move || {
        let mut buf = Vec::new();
        stderr.read_to_end(&mut buf).map(|_| buf)
    });
    let start = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("still running after {TIME_LIMIT:?}: killed"));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(2)),
            Err(e) => return Err(format!("cannot wait for the example: {e}")),
        }
    };
    // A child that exits without reading all its input closes the pipe:
    // that is not an error of the example.
    let _ = writer.join();
    let out = out_reader
        .join()
        .map_err(|_| "the stdout reader panicked".to_string())?
        .map_err(|e| format!("cannot read stdout: {e}"))?;
    let err = err_reader
        .join()
        .map_err(|_| "the stderr reader panicked".to_string())?
        .map_err(|e| format!("cannot read stderr: {e}"))?;
    let out = String::from_utf8(out).map_err(|_| "stdout is not UTF-8".to_string())?;
    if !status.success() {
        return Err(format!(
            "exited with {status}; stderr:\n{}--- stdout so far\n{out}",
            String::from_utf8_lossy(&err)
        ));
    }
    Ok(out)
}

/// The harness's own rules, checked on every run (this file has no
/// `#[test]` functions: it is a plain program).
fn self_check(report: &mut Report) {
    let checks: [(bool, &str); 8] = [
        (
            normalize("a \r\nb\t\n\n \n") == ["a", "b"],
            "normalize drops trailing whitespace and blank lines",
        ),
        (
            normalize(" a") == [" a"],
            "normalize keeps leading whitespace",
        ),
        (
            first_difference("x\ny\n", "x\ny").is_none(),
            "a missing final newline is no difference",
        ),
        (
            first_difference("x\ny\n", "x\nz\n") == Some(2),
            "the first differing line is named",
        ),
        (
            first_difference("x\n", "x\ny\n") == Some(2),
            "extra output is a difference",
        ),
        (
            looks_like_judge_problem("hdu1847") && looks_like_judge_problem("spoj_hs09game"),
            "judge ids are recognized",
        ),
        (
            !looks_like_judge_problem("nim_product") && !looks_like_judge_problem("hdu"),
            "other examples are not judge ids",
        ),
        (
            filters(&[
                "--test-threads".into(),
                "2".into(),
                "poj".into(),
                "-q".into(),
            ]) == ["poj"],
            "libtest flags are not filters",
        ),
    ];
    for (ok, what) in checks {
        if !ok {
            report.fail("self-check", what);
        }
    }
}

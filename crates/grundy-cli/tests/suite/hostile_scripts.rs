//! Hostile scripts (issue 34, item 1) through the `grundy` command: each
//! is stopped within its limit, exits non-zero and names the limit.

use std::process::Command;
use std::time::Instant;

/// Runs `grundy analyze script:FILE 3` on a script written to a fresh
/// directory, with the environment `env`: the exit status, stderr and the
/// seconds it took.
fn run(name: &str, source: &str, env: &[(&str, &str)]) -> (bool, String, f64) {
    let dir = std::env::temp_dir().join(format!("grundy-hostile-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.arg("analyze")
        .arg(format!("script:{}", path.display()))
        .arg("3");
    for var in [
        "GRUNDY_SCRIPT_BUDGET",
        "GRUNDY_SCRIPT_CALL_SECONDS",
        "GRUNDY_SCRIPT_SECONDS",
        "GRUNDY_SCRIPT_MEMORY_MIB",
    ] {
        cmd.env_remove(var);
    }
    cmd.envs(env.iter().copied());
    let start = Instant::now();
    let out = cmd.output().unwrap();
    let took = start.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
    )
}

/// Regression (issue 34): Rhai bounds each value, not their total: 32
/// copies of an array of 8 million elements reached 4.1 GB. With the
/// default limits the copies are refused at 256 MiB, naming the bound.
#[test]
fn copies_of_a_large_rhai_array_are_refused_by_the_memory_limit() {
    let source = "fn keep(a, k) { if k == 0 { return []; } let b = a; keep(b, k - 1) }\n\
                  fn moves(n) { let a = []; a.pad(8000000, 0); keep(a, 32) }\n";
    let (ok, err, took) = run("copies.rhai", source, &[]);
    assert!(!ok);
    assert!(
        err.contains("memory limit")
            && err.contains("256 MiB")
            && err.contains("GRUNDY_SCRIPT_MEMORY_MIB"),
        "{err}"
    );
    assert!(took < 10.0, "took {took:.1} s");
    // The variable sets the bound.
    let (_, err, _) = run(
        "copies.rhai",
        source,
        &[("GRUNDY_SCRIPT_MEMORY_MIB", "200")],
    );
    assert!(err.contains("200 MiB"), "{err}");
}

/// The attacks that ran for ever inside native functions stop at the
/// time limit of a call set by `GRUNDY_SCRIPT_CALL_SECONDS` (1 s here),
/// and a script under it at `GRUNDY_SCRIPT_SECONDS` (2 s here).
#[test]
fn hostile_scripts_stop_at_the_time_limits_set_in_the_environment() {
    let call = [("GRUNDY_SCRIPT_CALL_SECONDS", "1")];
    for (name, source) in [
        (
            "gsub.lua",
            "function moves(n) local s = string.rep('ab', 5000000) \
             while true do s = s:gsub('a', 'a') end end",
        ),
        (
            "sort.lua",
            "function moves(n) local t = {} for i = 1, 400000 do t[i] = (i * 7919) % 400000 end \
             while true do table.sort(t) end end",
        ),
        (
            "pad.rhai",
            "fn moves(n) { let a = []; a.pad(8000000, 0); loop { a.reverse(); } }",
        ),
        (
            "nest.rhai",
            "fn moves(n) { let t = []; for i in 0..100000 { t = [t]; } [] }",
        ),
    ] {
        let (ok, err, took) = run(name, source, &call);
        assert!(!ok, "{name}");
        assert!(
            err.contains("time limit of 1 s per call")
                && err.contains("GRUNDY_SCRIPT_CALL_SECONDS"),
            "{name}: {err}"
        );
        assert!(took < 4.0, "{name}: took {took:.1} s");
    }
    let under = "fn moves(n) { let x = 0; for i in 0..100000 { x += i; } \
                 if n >= 1 { [n - 1] } else { [] } }";
    let (ok, err, took) = run_values("under.rhai", under, &[("GRUNDY_SCRIPT_SECONDS", "2")]);
    assert!(!ok);
    assert!(
        err.contains("time limit of 2 s for all its calls")
            && err.contains("GRUNDY_SCRIPT_SECONDS"),
        "{err}"
    );
    assert!(took < 5.0, "took {took:.1} s");
}

/// `grundy values script:FILE --to 1000000` (many calls).
fn run_values(name: &str, source: &str, env: &[(&str, &str)]) -> (bool, String, f64) {
    let dir = std::env::temp_dir().join(format!("grundy-hostile-v-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, source).unwrap();
    let start = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["-q", "values"])
        .arg(format!("script:{}", path.display()))
        .args(["--to", "1000000"])
        .env_remove("GRUNDY_SCRIPT_BUDGET")
        .env_remove("GRUNDY_SCRIPT_CALL_SECONDS")
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let took = start.elapsed().as_secs_f64();
    let _ = std::fs::remove_dir_all(&dir);
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        took,
    )
}

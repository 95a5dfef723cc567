//! Lua scripts through the command line (issue 20, item 7): each Lua
//! example prints what its Rhai twin prints, parameters from `?` and
//! `--param`, a TOML game file naming a `.lua` script, misère play equal
//! to the built-in game, and errors (endless loop, float option, sandbox)
//! that exit 2 naming the limit or the position.

use assert_cmd::Command;

fn grundy(args: &[&str]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.args(args)
        .env_remove("GRUNDY_SCRIPT_BUDGET")
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    cmd
}

/// Standard output of a successful command, the header line (naming the
/// file) left out.
fn body(args: &[&str]) -> String {
    let out = grundy(args).assert().success().get_output().stdout.clone();
    let text = String::from_utf8(out).unwrap();
    text.lines().skip(1).collect::<Vec<_>>().join("\n")
}

/// Standard error of a command that must fail with exit 2.
fn error(args: &[&str]) -> String {
    let out = grundy(args).assert().code(2).get_output().stderr.clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn lua_examples_print_what_their_rhai_twins_print() {
    for (file, args) in [
        ("subtract-134", vec!["values", "--to", "200"]),
        ("hdu5724-row", vec!["values", "--to", "4095"]),
        ("hdu5724-row", vec!["analyze", "2", "4"]),
        (
            "cram",
            vec![
                "analyze",
                "[\"....\",\"....\",\"...\"]",
                "[\"..#\",\"...\"]",
            ],
        ),
    ] {
        let run = |ext: &str| {
            let spec = format!("script:examples/games/{file}.{ext}");
            let mut a = vec![args[0], spec.as_str()];
            a.extend(&args[1..]);
            body(&a)
        };
        assert_eq!(run("rhai"), run("lua"), "{file} {args:?}");
    }
}

const TAKE_UP_TO: &str = "-- take 1 to k tokens
function moves(n)
    local out = {}
    for s = 1, k do
        if s <= n then out[#out + 1] = n - s end
    end
    return out
end
";

#[test]
fn parameters_and_toml_files_reach_lua_scripts() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("take.lua");
    std::fs::write(&file, TAKE_UP_TO).unwrap();
    let path = file.to_str().unwrap();
    let bash = body(&["values", "bash:3", "--to", "30"]);
    assert_eq!(
        body(&["values", &format!("script:{path}?k=3"), "--to", "30"]),
        bash
    );
    assert_eq!(
        body(&[
            "values",
            &format!("script:{path}"),
            "--param",
            "k=3",
            "--to",
            "30"
        ]),
        bash
    );
    let toml = dir.path().join("take.toml");
    std::fs::write(&toml, "script = \"take.lua\"\nparams = { k = 3 }\n").unwrap();
    assert_eq!(
        body(&[
            "values",
            &format!("toml:{}", toml.to_str().unwrap()),
            "--to",
            "30"
        ]),
        bash
    );
    let e = error(&["values", &format!("script:{path}"), "--to", "3"]);
    assert!(e.contains("`k`") && e.contains("--param k=VALUE"), "{e}");
}

/// Kayles (octal 0.77) as a Lua script whose options are sums.
const KAYLES: &str = "function moves(n)
    local out = {}
    for take = 1, 2 do
        if take <= n then
            local rest = n - take
            if rest == 0 then out[#out + 1] = sum() else out[#out + 1] = rest end
            for a = 1, rest - 1 do
                if a <= rest - a then out[#out + 1] = sum(a, rest - a) end
            end
        end
    end
    return out
end
";

#[test]
fn misere_of_a_lua_script_equals_the_built_in_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("kayles.lua");
    std::fs::write(&file, KAYLES).unwrap();
    let spec = format!("script:{}", file.to_str().unwrap());
    for sum in [
        vec!["1"],
        vec!["1", "1"],
        vec!["3", "4"],
        vec!["5", "2", "1"],
        vec!["6", "6", "2"],
    ] {
        let mut a = vec!["analyze", spec.as_str(), "--misere", "--outcome-only"];
        a.extend(&sum);
        let mut b = vec!["analyze", "kayles", "--misere", "--outcome-only"];
        b.extend(&sum);
        assert_eq!(body(&a), body(&b), "{sum:?}");
    }
}

#[test]
fn lua_errors_exit_2_naming_the_limit_or_the_position() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, text: &str| {
        let f = dir.path().join(name);
        std::fs::write(&f, text).unwrap();
        format!("script:{}", f.to_str().unwrap())
    };
    let endless = write("loop.lua", "function moves(n) while true do end end");
    let e = error(&["values", &endless, "--to", "3"]);
    assert!(
        e.contains("moves(0) failed") && e.contains("5000000 operations"),
        "{e}"
    );
    let half = write(
        "half.lua",
        "function moves(n) if n > 0 then return {n / 2} end return {} end",
    );
    let e = error(&["values", &half, "--to", "3"]);
    assert!(
        e.contains("moves(1)") && e.contains("float") && e.contains("//"),
        "{e}"
    );
    let os = write(
        "os.lua",
        "function moves(n) os.execute('true') return {} end",
    );
    let e = error(&["values", &os, "--to", "3"]);
    assert!(e.contains("`os`, which is not defined"), "{e}");
    let budget = write(
        "spin.lua",
        "function moves(n) for i = 1, 100000 do end return {} end",
    );
    let out = grundy(&["values", &budget, "--to", "1000"])
        .env("GRUNDY_SCRIPT_BUDGET", "1000000")
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let e = String::from_utf8(out).unwrap();
    assert!(
        e.contains("GRUNDY_SCRIPT_BUDGET") && e.contains("1000000"),
        "{e}"
    );
}

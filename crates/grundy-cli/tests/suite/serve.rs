//! `grundy serve` as a client uses it: the real binary started on port 0
//! (the URL it prints gives the port), asked over loopback HTTP. The API
//! answers as the commands' `--format json` do; bad input gets 400 with
//! the command's error text; nothing outside the embedded files is
//! served; hostile scripts, huge bodies and long requests are bounded,
//! and the server answers right after.

use crate::common;
#[path = "common/http.rs"]
mod http;

use common::grundy;
use http::{get, request};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A server of this build, stopped when dropped.
struct Server {
    child: Child,
    host: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts `grundy serve --port 0 ARGS` and reads the address it prints.
fn serve(args: &[&str]) -> Server {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("grundy serve starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let host = line
        .trim()
        .strip_prefix("grundy serving http://")
        .and_then(|r| r.strip_suffix('/'))
        .unwrap_or_else(|| panic!("the first line is the URL: {line:?}"))
        .to_string();
    assert!(
        host.starts_with("127.0.0.1:") && !host.ends_with(":0"),
        "{host}"
    );
    Server { child, host }
}

/// `grundy ARGS` (in `dir`): its stdout, stderr and success.
fn cli(args: &[&str], dir: Option<&Path>) -> (String, String, bool) {
    let mut c = grundy();
    if let Some(d) = dir {
        c.current_dir(d);
    }
    let out = c.args(args).output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.success(),
    )
}

fn examples() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/games")
}

#[test]
fn the_api_answers_exactly_what_the_commands_print_with_format_json() {
    let s = serve(&[]);
    let cases: &[(&str, &[&str])] = &[
        ("/api/games", &["games", "--format", "json"]),
        (
            "/api/values?game=kayles&to=100",
            &["values", "kayles", "--to", "100", "--format", "json"],
        ),
        (
            "/api/values?game=sub:1,3,4&from=5&to=40",
            &[
                "values",
                "sub:1,3,4",
                "--from",
                "5",
                "--to",
                "40",
                "--format",
                "json",
            ],
        ),
        (
            "/api/values?game=wythoff&to=10",
            &["values", "wythoff", "--to", "10", "--format", "json"],
        ),
        (
            "/api/analyze?game=nim&position=3&position=4&position=5",
            &["analyze", "nim", "3", "4", "5", "--format", "json"],
        ),
        (
            "/api/analyze?game=nim&position=1&position=1&misere=1",
            &["analyze", "nim", "1", "1", "--misere", "--format", "json"],
        ),
        (
            "/api/analyze?game=cram&position=3x3",
            &["analyze", "cram", "3x3", "--format", "json"],
        ),
        (
            "/api/period?game=sub:1,3,4",
            &["period", "sub:1,3,4", "--format", "json"],
        ),
        (
            "/api/explain?game=nim&position=3&position=4&position=5",
            &["explain", "nim", "3", "4", "5", "--format", "json"],
        ),
        (
            "/api/explain?game=sub:1,3,4&position=7&lang=zh",
            &[
                "explain",
                "sub:1,3,4",
                "7",
                "--lang",
                "zh",
                "--format",
                "json",
            ],
        ),
        (
            "/api/period?game=kayles",
            &["period", "kayles", "--format", "json"],
        ),
        (
            "/api/pattern?game=wythoff",
            &["pattern", "wythoff", "--format", "json"],
        ),
        (
            "/api/analyze?game=script:examples/games/subtract-134.rhai&position=9",
            &[
                "analyze",
                "script:examples/games/subtract-134.rhai",
                "9",
                "--format",
                "json",
            ],
        ),
    ];
    let root = examples().join("../..");
    for (path, args) in cases {
        let a = get(&s.host, path);
        let (stdout, stderr, ok) = cli(args, Some(&root));
        assert!(ok, "{args:?}: {stderr}");
        assert_eq!(a.status, 200, "{path}: {}", a.text());
        assert_eq!(a.header("content-type"), Some("application/json"), "{path}");
        assert_eq!(a.text(), stdout, "{path} against grundy {args:?}");
    }
    // A POSTed script is the file its spec names; the disk is not read.
    let lua = std::fs::read(examples().join("subtract-134.lua")).unwrap();
    let a = request(
        &s.host,
        "POST",
        "/api/values?game=script:subtract-134.lua&to=20",
        Some(&lua),
    );
    let (stdout, stderr, ok) = cli(
        &[
            "values",
            "script:subtract-134.lua",
            "--to",
            "20",
            "--format",
            "json",
        ],
        Some(&examples()),
    );
    assert!(ok, "{stderr}");
    assert_eq!((a.status, a.text()), (200, stdout));
    let toml = b"name = \"mine\"\nsubtraction = [1, 2]\n";
    let a = request(
        &s.host,
        "POST",
        "/api/values?game=toml:mine.toml&to=5",
        Some(toml),
    );
    assert_eq!(a.status, 200, "{}", a.text());
    assert_eq!(
        a.json()["values"],
        serde_json::json!([0, 1, 2, 0, 1, 2]),
        "{}",
        a.text()
    );
}

#[test]
fn bad_input_is_400_with_the_commands_error_text() {
    let s = serve(&[]);
    for (path, args) in [
        (
            "/api/analyze?game=nosuch&position=1",
            &["analyze", "nosuch", "1", "--format", "json"][..],
        ),
        (
            "/api/analyze?game=nim&position=x",
            &["analyze", "nim", "x", "--format", "json"],
        ),
        (
            "/api/values?game=kayles&to=ten",
            &["values", "kayles", "--to", "ten", "--format", "json"],
        ),
    ] {
        let a = get(&s.host, path);
        let (_, stderr, ok) = cli(args, None);
        assert!(!ok);
        assert_eq!(a.status, 400, "{path}: {}", a.text());
        let error = a.json()["error"].as_str().unwrap().to_string();
        let line = stderr.trim().strip_prefix("error: ").unwrap();
        // The hint of a usage error quotes the command line, not the API.
        let line = line.split(" (hint:").next().unwrap();
        assert!(
            error.starts_with(line),
            "{path}: {error:?} against {line:?}"
        );
    }
    // No free-form flag gets through: a parameter not listed is refused.
    for path in [
        "/api/values?game=kayles&to=10&output=/tmp/x",
        "/api/analyze?game=cram&position=3x3&table=/tmp/t",
    ] {
        let a = get(&s.host, path);
        assert_eq!(a.status, 400, "{path}");
        assert!(
            a.json()["error"]
                .as_str()
                .unwrap()
                .contains("unknown parameter"),
            "{}",
            a.text()
        );
    }
    // A value that looks like a flag stays a value.
    let a = get(&s.host, "/api/analyze?game=--output&position=1");
    assert_eq!(a.status, 400);
    assert_eq!(a.json()["kind"], "InvalidSpec", "{}", a.text());
    // A file the spec names is never read from the server's disk.
    let a = get(&s.host, "/api/values?game=toml:Cargo.toml&to=3");
    assert_eq!(a.status, 400);
    assert!(
        a.text()
            .contains("no file of that name came with the request"),
        "{}",
        a.text()
    );
    // Over the server's limit of values a request: 422 naming it.
    let a = get(&s.host, "/api/values?game=kayles&to=100000000");
    assert_eq!(a.status, 422, "{}", a.text());
    assert!(a.text().contains("`1048576`"), "{}", a.text());
}

#[test]
fn nothing_outside_the_embedded_files_is_served() {
    let s = serve(&[]);
    let page = get(&s.host, "/");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert_eq!(get(&s.host, "/assets/index.html").body, page.body);
    for path in [
        "/assets/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/assets/%2e%2e/Cargo.toml",
        "/assets/..%2fCargo.toml",
        "/assets/%2e%2e%2f%2e%2e%2fCargo.toml",
        "/../../../../etc/passwd",
        "/assets/nothing.js",
        "/Cargo.toml",
        "/api/nothing",
    ] {
        let a = get(&s.host, path);
        assert_eq!(a.status, 404, "{path}: {}", a.text());
        assert!(
            !a.text().contains("[package]") && !a.text().contains("root:"),
            "{path}"
        );
    }
}

#[test]
fn hostile_scripts_get_the_sandboxs_message_and_the_server_answers_after() {
    let s = serve(&["--time-limit", "3"]);
    let scripts: &[(&str, &str)] = &[
        ("function moves(n) while true do end end", "stopped after"),
        ("while true do end", "stopped after"),
        (
            "local f = io.open('/etc/passwd')\nfunction moves(n) return {} end",
            "`io`, which is not defined",
        ),
        (
            "os.execute('touch /tmp/grundy-pwned')\nfunction moves(n) return {} end",
            "`os`, which is not defined",
        ),
        (
            "function moves(n) local t = {} while true do t[#t + 1] = 1 end end",
            "stopped after",
        ),
    ];
    for (script, word) in scripts {
        let a = request(
            &s.host,
            "POST",
            "/api/values?game=script:evil.lua&to=5",
            Some(script.as_bytes()),
        );
        assert!(
            (400..500).contains(&a.status) || a.status == 503,
            "{script}: {} {}",
            a.status,
            a.text()
        );
        let error = a.json()["error"].as_str().unwrap().to_lowercase();
        assert!(
            error.contains("evil.lua") && error.contains(word),
            "{script}: {error}"
        );
        let games = get(&s.host, "/api/games");
        assert_eq!(games.status, 200);
    }
    assert!(!Path::new("/tmp/grundy-pwned").exists());
}

#[test]
fn a_body_over_one_mib_is_413() {
    let s = serve(&[]);
    let big = vec![b'-'; (1 << 20) + 1];
    let a = request(
        &s.host,
        "POST",
        "/api/values?game=script:big.lua&to=5",
        Some(&big),
    );
    assert_eq!(a.status, 413, "{}", a.text());
    assert_eq!(get(&s.host, "/api/games").status, 200);
}

#[test]
fn a_request_past_the_time_limit_is_503_naming_the_limit() {
    let s = serve(&["--time-limit", "1"]);
    let started = std::time::Instant::now();
    let a = get(&s.host, "/api/period?game=0.106&limit=100000000");
    assert_eq!(a.status, 503, "{}", a.text());
    assert!(a.text().contains("`1 s`"), "{}", a.text());
    assert!(started.elapsed().as_secs() < 8, "{:?}", started.elapsed());
    assert_eq!(get(&s.host, "/api/games").status, 200);
}

#[test]
fn the_examples_are_the_files_of_examples_games() {
    let s = serve(&[]);
    let a = get(&s.host, "/api/examples");
    let list = a.json()["examples"].as_array().unwrap().clone();
    let mut names: Vec<String> = std::fs::read_dir(examples())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let served: Vec<String> = list
        .iter()
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(served, names);
    for e in &list {
        let on_disk =
            std::fs::read_to_string(examples().join(e["name"].as_str().unwrap())).unwrap();
        assert_eq!(e["text"].as_str().unwrap(), on_disk);
    }
}

#[test]
fn moves_say_which_win_and_the_engine_plays_at_a_chosen_strength() {
    let s = serve(&[]);
    let a = get(
        &s.host,
        "/api/moves?game=nim&position=3&position=4&position=5",
    );
    assert_eq!(a.status, 200, "{}", a.text());
    let m = a.json();
    assert_eq!(
        (
            m["value"].as_u64(),
            m["outcome"].as_str(),
            m["over"].as_bool()
        ),
        (Some(2), Some("N"), Some(false))
    );
    let moves = m["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 12);
    let winning: Vec<&str> = moves
        .iter()
        .filter(|x| x["wins"] == true)
        .map(|x| x["text"].as_str().unwrap())
        .collect();
    assert_eq!(winning, ["3 -> 1"]);
    let e = get(
        &s.host,
        "/api/engine?game=nim&position=3&position=4&position=5",
    )
    .json();
    assert_eq!(e["perfect"], true);
    assert_eq!(e["move"]["text"], "3 -> 1");
    assert_eq!(e["position"], serde_json::json!(["1", "4", "5"]));
    // Always wrong: a random legal move, the same for the same seed.
    let path = "/api/engine?game=nim&position=3&position=4&position=5&mistakes=1&seed=9";
    let (x, y) = (get(&s.host, path).json(), get(&s.host, path).json());
    assert_eq!(x, y);
    assert_eq!(x["perfect"], false);
    let bad = get(&s.host, "/api/engine?game=nim&position=3&mistakes=2");
    assert_eq!(bad.status, 400, "{}", bad.text());
    assert!(bad.text().contains("`2`"), "{}", bad.text());
    let over = get(&s.host, "/api/engine?game=nim&position=0").json();
    assert_eq!(
        (over["move"].is_null(), over["over"].as_bool()),
        (true, Some(true))
    );
    // Regression: Cram's analysis writes the domino just placed `x`, its
    // list of moves `#`; every move was marked losing on 2x3, where three
    // win (as `analyze` counts them).
    let cram = get(&s.host, "/api/moves?game=cram&position=2x3").json();
    let won = cram["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["wins"] == true)
        .count();
    assert_eq!((cram["outcome"].as_str(), won), (Some("N"), 3), "{cram}");
    // A Cram board, played to the end by the engine against itself.
    let mut position = vec!["3x3".to_string()];
    for _ in 0..10 {
        let query: String = position
            .iter()
            .map(|p| format!("&position={}", encode(p)))
            .collect();
        let e = get(&s.host, &format!("/api/engine?game=cram{query}"));
        assert_eq!(e.status, 200, "{query}: {}", e.text());
        let e = e.json();
        if e["over"] == true {
            return;
        }
        position = e["position"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().to_string())
            .collect();
    }
    panic!("a 3x3 Cram game lasts at most 4 moves");
}

/// `text` percent-encoded for a query.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'.' | b'-' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

#[test]
fn a_plot_is_an_svg_and_a_census_is_its_rows() {
    let dir = common::scratch("serve", "census");
    let out = dir.join("c");
    let (_, stderr, ok) = cli(
        &[
            "census",
            "--codes",
            "0.07,0.137",
            "--to",
            "2000",
            "--output",
            common::s(&out),
        ],
        None,
    );
    assert!(ok, "{stderr}");
    let s = serve(&["--census", common::s(&out)]);
    let plot = get(&s.host, "/api/plot?game=sub:1,3,4&to=100");
    assert_eq!(plot.status, 200, "{}", plot.text());
    assert_eq!(plot.header("content-type"), Some("image/svg+xml"));
    assert!(plot.text().contains("<svg"));
    let c = get(&s.host, "/api/census").json();
    let codes: Vec<&str> = c["rows"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes.len(), 2, "{c}");
    assert!(c["columns"]
        .as_array()
        .unwrap()
        .contains(&serde_json::json!("period")));
    let none = serve(&[]);
    assert_eq!(get(&none.host, "/api/census").status, 404);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn listening_beyond_this_machine_is_a_choice_with_a_warning() {
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args([
            "serve",
            "--port",
            "0",
            "--host",
            "0.0.0.0",
            "--census",
            "/nonexistent",
        ])
        .output()
        .unwrap();
    // The census check fails first; the warning comes only once listening.
    assert!(!out.status.success());
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["serve", "--port", "0", "--host", "0.0.0.0"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stderr.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let _ = child.kill();
    let _ = child.wait();
    assert!(
        line.starts_with("warning: listening on `0.0.0.0`"),
        "{line}"
    );
}

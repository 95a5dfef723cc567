//! The load test of `grundy serve`, loopback only and bounded
//! (`benches/load.sh` runs it): starts the server given (`--binary`) on
//! a free port, then
//!
//! 1. 50 clients (threads, each on its own kept-alive connection) send N
//!    requests each to `/api/values?game=kayles&to=1000`, then to
//!    `/api/analyze?game=nim&position=3&position=4&position=5`: requests
//!    per second, p50 and p99 latency, answers by status, and a checksum
//!    of the bodies (the same for every run: the answers do not change);
//! 2. one client runs the heaviest request the server allows (a period
//!    search with no bound of its own, stopped by the time limit) while
//!    another measures `/api/games` and a small `/api/analyze`: the
//!    server stays responsive.
//!
//! `--short` (CI): 10 requests a client and a time limit of 2 s.

#[path = "../tests/suite/common/http.rs"]
mod http;

use http::Client;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

const CLIENTS: usize = 50;

/// FNV-1a of a body.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// The `q`-quantile of sorted durations, in milliseconds.
fn quantile(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() as f64 - 1.0) * q).round() as usize;
    sorted[i].as_secs_f64() * 1000.0
}

/// `clients` threads, `n` requests each to `path`: the figures.
fn hammer(host: &str, path: &str, clients: usize, n: usize) -> bool {
    let barrier = Arc::new(Barrier::new(clients + 1));
    let threads: Vec<_> = (0..clients)
        .map(|_| {
            let (host, path, barrier) = (host.to_string(), path.to_string(), barrier.clone());
            std::thread::spawn(move || {
                let mut c = Client::connect(&host).expect("connect");
                barrier.wait();
                let mut got = Vec::with_capacity(n);
                for _ in 0..n {
                    let t = Instant::now();
                    let a = c.send("GET", &path, None).expect("an answer");
                    got.push((t.elapsed(), a.status, fnv(&a.body)));
                }
                got
            })
        })
        .collect();
    barrier.wait();
    let started = Instant::now();
    let all: Vec<(Duration, u16, u64)> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let wall = started.elapsed();
    let mut latencies: Vec<Duration> = all.iter().map(|r| r.0).collect();
    latencies.sort();
    let ok = all.iter().filter(|r| r.1 == 200).count();
    let checksum = all
        .iter()
        .filter(|r| r.1 == 200)
        .fold(0u64, |s, r| s.wrapping_add(r.2));
    println!(
        "{path}\n  {clients} clients x {n} requests: {:.0} requests/s, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {ok} answered 200, {} other; checksum {checksum:016x}",
        all.len() as f64 / wall.as_secs_f64(),
        quantile(&latencies, 0.5),
        quantile(&latencies, 0.99),
        quantile(&latencies, 1.0),
        all.len() - ok,
    );
    ok == all.len()
}

/// Latencies of `path`, one request after another, for `during`.
fn probe(host: &str, path: &str, during: Duration) -> (Vec<Duration>, bool) {
    let mut c = Client::connect(host).expect("connect");
    let mut got = Vec::new();
    let mut all_ok = true;
    let start = Instant::now();
    while start.elapsed() < during {
        let t = Instant::now();
        let a = c.send("GET", path, None).expect("an answer");
        got.push(t.elapsed());
        all_ok &= a.status == 200;
        std::thread::sleep(Duration::from_millis(20));
    }
    got.sort();
    (got, all_ok)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let short = args.iter().any(|a| a == "--short");
    let binary = args
        .windows(2)
        .find(|w| w[0] == "--binary")
        .map(|w| w[1].clone())
        .unwrap_or_else(|| "target/release/grundy".into());
    let limit = if short { "2" } else { "10" };
    let mut server = Command::new(&binary)
        .args(["serve", "--port", "0", "--time-limit", limit])
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start `{binary}`: {e}"));
    let mut line = String::new();
    BufReader::new(server.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let host = line
        .trim()
        .trim_start_matches("grundy serving http://")
        .trim_end_matches('/')
        .to_string();
    println!("server {binary} at {host}, time limit {limit} s");
    let n = if short { 10 } else { 200 };
    let mut ok = hammer(&host, "/api/values?game=kayles&to=1000", CLIENTS, n);
    ok &= hammer(
        &host,
        "/api/analyze?game=nim&position=3&position=4&position=5",
        CLIENTS,
        n,
    );

    // The heaviest request allowed: a period search with no bound of its
    // own, stopped by the time limit (503 naming it).
    let heavy_host = host.clone();
    let heavy = std::thread::spawn(move || {
        let t = Instant::now();
        let a = Client::connect(&heavy_host)
            .and_then(|mut c| c.send("GET", "/api/period?game=0.106&limit=1000000000000", None))
            .expect("an answer");
        (t.elapsed(), a.status, a.text())
    });
    std::thread::sleep(Duration::from_millis(200));
    let during = Duration::from_secs_f64(limit.parse::<f64>().unwrap() * 0.8);
    let light_host = host.clone();
    let light = std::thread::spawn(move || probe(&light_host, "/api/games", during));
    let (small, small_ok) = probe(
        &host,
        "/api/analyze?game=nim&position=3&position=4&position=5",
        during,
    );
    let (games, games_ok) = light.join().unwrap();
    let (took, status, text) = heavy.join().unwrap();
    println!(
        "heaviest request (/api/period?game=0.106&limit=10^12): {status} after {:.2} s: {}",
        took.as_secs_f64(),
        text.chars().take(160).collect::<String>()
    );
    for (name, l, good) in [
        ("/api/games", &games, games_ok),
        ("/api/analyze nim 3 4 5", &small, small_ok),
    ] {
        println!(
            "  meanwhile {name}: {} requests, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, all 200: {good}",
            l.len(),
            quantile(l, 0.5),
            quantile(l, 0.99),
            quantile(l, 1.0)
        );
        ok &= good && quantile(l, 0.99) < 1000.0;
    }
    ok &= status == 503;
    let _ = server.kill();
    let _ = server.wait();
    if !ok {
        eprintln!("load test: FAILED (an answer was not 200, or the server was not responsive)");
        std::process::exit(1);
    }
    println!("load test: ok");
}

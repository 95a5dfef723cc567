//! Certify as you go, then fill (issue 19): the values a proven period
//! fills in equal the engine's plain computation, value by value and byte
//! for byte in values files, on every game of `tests/data` with a known
//! plain period and on random finite codes.

use crate::rng;

use grundy::games::TakeBreak;
use grundy::solve::{extend_certifying, write_values, PeriodicFill, TakeBreakSolver};
use grundy::HeapGame;
use rng::Rng;

fn game(spec: &str) -> TakeBreak {
    TakeBreak::named(spec).unwrap_or_else(|| TakeBreak::octal(spec).unwrap())
}

/// The engine's table to `n`, computed in full (no period used).
fn plain(game: &TakeBreak, n: u64) -> TakeBreakSolver {
    let mut s = TakeBreakSolver::new(game.clone());
    s.extend_to(n).unwrap();
    s
}

/// Certifies `game` within `n` values (or says it did not) and, when it
/// did, checks the fill against the plain engine to `n`: every value, the
/// checksum, and the values file's bytes. Returns whether it certified.
fn fill_matches_engine(game: &TakeBreak, n: u64, dir: &std::path::Path) -> bool {
    let mut watched = TakeBreakSolver::new(game.clone());
    let Some(p) = extend_certifying(&mut watched, n, None, &mut |_| Ok(())).unwrap() else {
        return false;
    };
    let spec = game.spec();
    assert!(watched.len() <= n, "{spec}: stopped at the certificate");
    let fill = PeriodicFill::new(watched.table().view(), p).unwrap();
    let engine = plain(game, n);
    let view = engine.table().view();
    let mut filled = vec![0u64; n as usize + 1];
    fill.fill(0, &mut filled).unwrap();
    for (h, &v) in filled.iter().enumerate() {
        assert_eq!(
            v,
            view.get(h).unwrap().value(),
            "{spec} at heap {h} ({p:?})"
        );
    }
    assert_eq!(fill.checksum_to(n).unwrap(), view.checksum(), "{spec}");
    let (a, b) = (dir.join("fill.bin"), dir.join("engine.bin"));
    let written = fill.write_file(&a, &spec, n).unwrap();
    assert_eq!(written, write_values(&b, &spec, view).unwrap(), "{spec}");
    assert!(
        std::fs::read(&a).unwrap() == std::fs::read(&b).unwrap(),
        "{spec}: the values files differ"
    );
    true
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-fill-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Every finite code of `tests/data/sequences/periods.txt` with a plain
/// period: certified, then filled equal to the engine well past the
/// certificate (Kayles and Dawson's Kayles to 10^5, 0.16 — preperiod
/// 105351, period 149459, certified after about 510000 values — to 10^6).
#[test]
fn every_known_period_fills_equal_to_the_engine() {
    let path = format!(
        "{}/../../tests/data/sequences/periods.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let dir = temp_dir("known");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let g = game(f[0]);
        if f[3] != "0" || g.period_theorem() == grundy::analysis::PeriodTheorem::None {
            continue; // an arithmetic period: no theorem certifies it
        }
        let (n0, p): (u64, u64) = (f[1].parse().unwrap(), f[2].parse().unwrap());
        // Twice the certificate's reach, at least 10^5, at most 10^6.
        let n = (4 * (n0 + p)).clamp(100_000, 1_000_000);
        assert!(fill_matches_engine(&g, n, &dir), "{line}: not certified");
        checked += 1;
    }
    assert!(checked >= 4, "{checked} games checked");
    std::fs::remove_dir_all(&dir).ok();
}

/// Random finite octal codes (up to three digits, a few moves each): those
/// certified within 20000 values are filled equal to the engine to 10^5.
#[test]
fn random_finite_codes_fill_equal_to_the_engine() {
    let dir = temp_dir("random");
    let mut rng = Rng(0x5eed_f111);
    let mut certified = 0;
    for _ in 0..60 {
        let digits = 1 + rng.below(3) as usize;
        let mut code = String::from("0.");
        for i in 0..digits {
            // The last digit non-zero; at most bits 1, 2 (no splits) mostly.
            let d = if i + 1 == digits {
                1 + rng.below(7)
            } else {
                rng.below(8)
            };
            code.push(char::from(b'0' + d as u8));
        }
        let g = TakeBreak::octal(&code).unwrap();
        let mut probe = TakeBreakSolver::new(g.clone());
        if extend_certifying(&mut probe, 20_000, None, &mut |_| Ok(()))
            .unwrap()
            .is_some()
        {
            assert!(fill_matches_engine(&g, 100_000, &dir), "{code}");
            certified += 1;
        }
    }
    assert!(certified >= 20, "only {certified} random codes certified");
    std::fs::remove_dir_all(&dir).ok();
}

/// Every code of `tests/data/census/octal_published.csv` (published
/// periods from Winning Ways and OEIS): certified with the published
/// period, then filled equal to the engine to twice the certificate's
/// reach (at least 10^5). 0.56 (preperiod 326638, about 700000 values to
/// certify) is left to the census tests: here it would cost a minute.
#[test]
fn every_published_census_period_fills_equal_to_the_engine() {
    let path = format!(
        "{}/../../tests/data/census/octal_published.csv",
        env!("CARGO_MANIFEST_DIR")
    );
    let dir = temp_dir("census");
    let text = std::fs::read_to_string(path).unwrap();
    let mut checked = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.splitn(5, ',').collect();
        let (code, p, n0): (&str, u64, u64) = (f[0], f[1].parse().unwrap(), f[2].parse().unwrap());
        if n0 > 100_000 {
            continue;
        }
        let g = game(code);
        let n = (4 * (n0 + p)).clamp(100_000, 1_000_000);
        let mut watched = TakeBreakSolver::new(g.clone());
        let found = extend_certifying(&mut watched, n, None, &mut |_| Ok(()))
            .unwrap()
            .unwrap_or_else(|| panic!("{code}: not certified within {n}"));
        assert_eq!(found.period, p, "{code}");
        assert!(found.preperiod <= n0, "{code}: {found:?}");
        assert!(fill_matches_engine(&g, n, &dir), "{code}");
        checked += 1;
    }
    assert!(checked >= 12, "{checked} games checked");
    std::fs::remove_dir_all(&dir).ok();
}

//! `coins:RULE`: the coin-turning games of [`crate::games::coins`]; a
//! position (one component) is a row given by its heads-up coins `I,J,...`.
//!
//! Values come from the library's closed forms (Ruler, Turning Turtles,
//! Twins, Mock Turtles: any coin up to `u64`, e.g. Mock Turtles coins near
//! 10^18) or its search (Moebius, Mogul, `up-to-K`, `exactly-K`). Winning
//! moves turn a set `T` of coins whose rightmost coin `n` is heads and the
//! XOR of whose values equals the nim-sum `X` of the whole sum; for the
//! named games the other coins of `T` are found by formula, O(1) per head:
//! - Ruler (coins from 1, `G(n)` the lowest set bit of `n`): the XOR of
//!   `G(1..=k)` is the Gray code `k ⊕ (k >> 1)`, so the run `m..=n` with the
//!   right XOR is found by inverting a Gray code;
//! - Turning Turtles (`G(n) = n`, from 1) and Twins (`G(n) = n`, from 0): the
//!   one other coin is `X ⊕ G(n)`;
//! - Mock Turtles (`G(n) = 2n + [n has an even number of ones]`): one other
//!   coin `m` with `G(m) = t = X ⊕ G(n)`, or two `m1 < m2 < n` with
//!   `m1 ⊕ m2 = t >> 1` (possible iff the parity of `t >> 1` is the last bit
//!   of `t`): every `m2 < n` with the top bit of `t >> 1` set, counted
//!   exactly and listed up to [`MAX_PAIRS`] per coin.
//!
//! Other rules enumerate the moves of each head (at most
//! [`MAX_ENUMERATED`] in all). Misère play, compounds and interactive play
//! use [`AnyGame::options`], which lists the moves of rows of small coins.

use crate::error::{Error, Result};
use crate::games::coins::{normalize, CoinGame, CoinRule};
use crate::nimber::Nimber;
use crate::solve::PeriodReport;
use crate::anygame::adapt::{not_a_sequence, parse_list};
use crate::spec::{AnalyzeOptions, AnyGame, Family};
use crate::strategy::{Analysis, WinningMove};

pub(super) const FAMILY: Family = Family {
    name: "coins",
    syntax: "coins:RULE",
    position: "I,J,... (the coins showing heads; one argument is one row)",
    example: "coins:mock-turtles 1,5,8",
    about: "coin turning (RULE: ruler, turtles, twins, mock-turtles, moebius, mogul, up-to-K, exactly-K)",
    parse: |spec, args, _| parse(spec, args),
};

/// Winning moves listed per head of Mock Turtles that turn two other
/// coins (the rest are counted).
pub const MAX_PAIRS: usize = 100;
/// Moves enumerated for the rules without a formula (winning moves, and
/// the moves listed by [`AnyGame::options`]).
pub const MAX_ENUMERATED: u64 = 2_000_000;
/// Largest coin whose values a searched rule computes.
const SEARCHED_COIN: u64 = 1 << 16;

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let rule = args.unwrap_or("").trim().to_ascii_lowercase();
    let k = |prefix: &str| -> Option<Result<u32>> {
        rule.strip_prefix(prefix).map(|k| {
            k.parse::<u32>()
                .map_err(|_| Error::invalid_spec(spec, format!("`{k}` is not a number of coins")))
        })
    };
    let game = match rule.as_str() {
        "ruler" => CoinGame::ruler(),
        "turtles" | "turning-turtles" => CoinGame::turning_turtles(),
        "twins" => CoinGame::twins(),
        "mock-turtles" | "mock" => CoinGame::mock_turtles(),
        "moebius" => CoinGame::up_to(5)?,
        "mogul" => CoinGame::up_to(7)?,
        _ => match (k("up-to-"), k("exactly-")) {
            (Some(k), _) => CoinGame::up_to(k?),
            (_, Some(k)) => CoinGame::exactly(k?),
            _ => Err(Error::invalid_spec(
                spec,
                "unknown rule (ruler, turtles, twins, mock-turtles, moebius, mogul, up-to-K, exactly-K)",
            )),
        }
        .map_err(|e| Error::invalid_spec(spec, e.to_string()))?,
    };
    Ok(Box::new(CoinSpec {
        spec: format!("coins:{rule}"),
        game,
    }))
}

struct CoinSpec {
    spec: String,
    game: CoinGame,
}

/// The heads of a row: sorted, a coin given twice cancelled (it is tails).
fn parse_row(text: &str) -> Result<Vec<u64>> {
    Ok(normalize(parse_list(text, None)?))
}

fn row_string(heads: &[u64]) -> Vec<String> {
    if heads.is_empty() {
        return Vec::new();
    }
    let s: Vec<String> = heads.iter().map(u64::to_string).collect();
    vec![s.join(",")]
}

/// The row `heads` with the coins `turned` turned over.
fn turn(heads: &[u64], turned: &[u64]) -> Vec<u64> {
    normalize([heads, turned].concat())
}

fn gray_inverse(mut x: u64) -> u64 {
    let mut shift = 1;
    while shift < 64 {
        x ^= x >> shift;
        shift *= 2;
    }
    x
}

/// Values of coins for one analysis: closed forms, or one search table.
struct Values {
    game: CoinGame,
    table: Option<Vec<Nimber>>,
}

impl Values {
    fn new(game: CoinGame, rows: &[Vec<u64>]) -> Result<Values> {
        Values::new_with(game, rows, &mut |_| Ok(()))
    }

    /// [`Values::new`] with the progress and cancel hook of the search
    /// ([`CoinGame::values_by_search_with`]).
    fn new_with(
        game: CoinGame,
        rows: &[Vec<u64>],
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Values> {
        let closed = matches!(
            game.rule(),
            CoinRule::Ruler | CoinRule::UpTo(1..=3) | CoinRule::Exactly(1..=2)
        );
        let table = match rows.iter().flatten().max() {
            Some(&max) if !closed => {
                if max > SEARCHED_COIN {
                    return Err(Error::invalid_position(
                        &max.to_string(),
                        format!("this rule's values are computed by search, for coins up to {SEARCHED_COIN}"),
                    ));
                }
                Some(game.values_by_search_with(max + 1 - game.first().min(max + 1), progress)?)
            }
            _ => None,
        };
        Ok(Values { game, table })
    }

    fn of(&self, n: u64) -> Result<Nimber> {
        if n < self.game.first() {
            return self.game.coin_value(n); // names the first coin
        }
        match &self.table {
            Some(t) => Ok(t[(n - self.game.first()) as usize]),
            None => self.game.coin_value(n),
        }
    }
}

impl CoinSpec {
    /// The other coins `S` of each winning move whose rightmost coin is
    /// `n` (`XOR G(S) = t`), up to the listing limits; returns how many
    /// were not listed.
    fn others(&self, values: &Values, n: u64, t: u64, found: &mut Vec<Vec<u64>>) -> Result<u128> {
        let game = &self.game;
        let mut unlisted = 0u128;
        match (game.rule(), game.first()) {
            (CoinRule::Ruler, 1) => {
                // XOR of G(m..n) over the run m..=n-1 is P(n-1) ^ P(m-1).
                let p = |k: u64| k ^ (k >> 1);
                let k = gray_inverse(p(n - 1) ^ t);
                if k < n {
                    found.push((k + 1..n).collect());
                }
            }
            (CoinRule::UpTo(2), 1) | (CoinRule::Exactly(2), 0) => {
                if t == 0 && game.rule() == CoinRule::UpTo(2) {
                    found.push(Vec::new());
                }
                if t >= game.first() && t < n {
                    found.push(vec![t]);
                }
            }
            (CoinRule::UpTo(3), 0) => {
                if t == 0 {
                    found.push(Vec::new());
                }
                let m = t >> 1;
                if m < n && values.of(m)?.value() == t {
                    found.push(vec![m]);
                }
                let d = t >> 1;
                if d != 0 && u64::from(d.count_ones() % 2) == t & 1 {
                    let h = 63 - d.leading_zeros();
                    let block = 1u128 << (h + 1);
                    let n128 = u128::from(n);
                    let count = (n128 / block) * (block / 2)
                        + (n128 % block).saturating_sub(block / 2);
                    let mut listed = 0usize;
                    let mut m2 = 1u64 << h;
                    while m2 < n && listed < MAX_PAIRS {
                        found.push(vec![m2 ^ d, m2]);
                        listed += 1;
                        m2 += 1;
                        if m2 & (1 << h) == 0 {
                            m2 |= 1 << h;
                        }
                    }
                    unlisted = count - listed as u128;
                }
            }
            _ => {
                check_enumerable(game, n)?;
                let mut err = None;
                game.moves(n, &mut |turned| {
                    let others = &turned[..turned.len() - 1];
                    let mut x = 0;
                    for &m in others {
                        match values.of(m) {
                            Ok(v) => x ^= v.value(),
                            Err(e) => err = Some(e),
                        }
                    }
                    if x == t {
                        found.push(others.to_vec());
                    }
                });
                if let Some(e) = err {
                    return Err(e);
                }
            }
        }
        Ok(unlisted)
    }
}

/// Whether [`CoinSpec::others`] finds winning moves by formula (else by
/// enumerating the moves of each head).
fn by_formula(game: &CoinGame) -> bool {
    matches!(
        (game.rule(), game.first()),
        (CoinRule::Ruler, 1)
            | (CoinRule::UpTo(2), 1)
            | (CoinRule::Exactly(2), 0)
            | (CoinRule::UpTo(3), 0)
    )
}

/// How many moves have `n` as their rightmost coin (saturating), known
/// before enumerating them.
fn move_count(game: &CoinGame, n: u64) -> u128 {
    let Some(left) = n.checked_sub(game.first()) else {
        return 0;
    };
    let left = u128::from(left);
    // C(left, j), saturating.
    let choose = |j: u32| {
        let mut c: u128 = 1;
        for i in 0..u128::from(j) {
            if i >= left {
                return 0;
            }
            c = c.saturating_mul(left - i) / (i + 1);
        }
        c
    };
    match game.rule() {
        CoinRule::Ruler => left + 1,
        CoinRule::UpTo(k) => (0..k).map(choose).fold(0u128, u128::saturating_add),
        CoinRule::Exactly(k) => choose(k - 1),
    }
}

/// Refuses a head with more than [`MAX_ENUMERATED`] moves before they are
/// enumerated.
fn check_enumerable(game: &CoinGame, n: u64) -> Result<()> {
    match move_count(game, n) > u128::from(MAX_ENUMERATED) {
        true => Err(too_many_moves(n)),
        false => Ok(()),
    }
}

fn too_many_moves(n: u64) -> Error {
    Error::invalid_position(
        &n.to_string(),
        format!("a head here has more than {MAX_ENUMERATED} moves: too many to list"),
    )
}

impl AnyGame for CoinSpec {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        self.values_with(from, to, &mut |_| Ok(()))
    }

    /// The searched rules (Moebius, Mogul, `up-to-K`, `exactly-K`) report
    /// each coin of their search.
    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: --from {from} is larger than --to {to}"
            )));
        }
        // At most 2^26 values at once, checked before anything is held
        // (0..=u64::MAX has 2^64 values, one more than a u64 counts).
        const MAX_VALUES: u64 = 1 << 26;
        let count = (to - from).checked_add(1).filter(|&c| c <= MAX_VALUES);
        let Some(count) = count else {
            return Err(Error::unsupported(format!(
                "at most {MAX_VALUES} coin values at once (asked for {from}..={to})"
            )));
        };
        // Coins left of the first one never move: value 0.
        let lead = self.game.first().saturating_sub(from).min(count);
        let mut out = vec![Nimber::ZERO; lead as usize];
        if lead < count {
            let values = Values::new_with(self.game, &[vec![to]], progress)?;
            for n in from + lead..=to {
                out.push(values.of(n)?);
            }
        }
        Ok(out)
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence(
            &self.spec,
            "coin values are not periodic; `values` prints them (by formula where one is known)",
        ))
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(row_string(&parse_row(component)?).pop().unwrap_or_default())
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let heads = parse_row(component)?;
        let mut total = 0u128;
        for &n in &heads {
            total = total.saturating_add(move_count(&self.game, n));
            if total > u128::from(MAX_ENUMERATED) {
                return Err(too_many_moves(n));
            }
        }
        let mut all = Vec::new();
        for &n in &heads {
            self.game.moves(n, &mut |turned| {
                all.push(row_string(&turn(&heads, turned)))
            });
        }
        Ok(all)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(Error::unsupported(format!(
                "`{}` has no misère formula (misère play is searched through its moves)",
                self.spec
            )));
        }
        let rows = positions
            .iter()
            .map(|p| parse_row(p))
            .collect::<Result<Vec<_>>>()?;
        if !by_formula(&self.game) {
            for &n in rows.iter().flatten() {
                check_enumerable(&self.game, n)?;
            }
        }
        let values = Values::new(self.game, &rows)?;
        let mut row_values = Vec::with_capacity(rows.len());
        for row in &rows {
            let mut v = Nimber::ZERO;
            for &n in row {
                v += values.of(n)?;
            }
            row_values.push(v);
        }
        let total: Nimber = row_values.iter().copied().sum();
        let mut winning_moves = Vec::new();
        let mut unlisted_moves = 0u128;
        if total != Nimber::ZERO {
            for (i, row) in rows.iter().enumerate() {
                for &n in row {
                    let t = (total + values.of(n)?).value();
                    let mut found = Vec::new();
                    unlisted_moves += self.others(&values, n, t, &mut found)?;
                    for mut others in found {
                        others.push(n);
                        winning_moves.push(WinningMove {
                            name: None,
                            component: i,
                            from: row_string(row).pop().unwrap_or_default(),
                            to: row_string(&turn(row, &others)),
                        });
                    }
                }
            }
        }
        Ok(Analysis::of_value(total, winning_moves).with_unlisted_moves(unlisted_moves))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::MemoSolver;

    fn game(rule: &str) -> Box<dyn AnyGame> {
        crate::spec::parse(&format!("coins:{rule}")).unwrap()
    }

    /// Every winning move by formula equals the winning moves found by
    /// trying every move of the library's game, on every row of heads
    /// among the first coins (two rows, so `X` takes many values).
    #[test]
    fn winning_moves_by_formula_equal_trying_every_move() {
        for (rule, native) in [
            ("ruler", CoinGame::ruler()),
            ("turtles", CoinGame::turning_turtles()),
            ("twins", CoinGame::twins()),
            ("mock-turtles", CoinGame::mock_turtles()),
            ("moebius", CoinGame::up_to(5).unwrap()),
            ("exactly-3", CoinGame::exactly(3).unwrap()),
        ] {
            let mut g = game(rule);
            let mut memo = MemoSolver::new(native);
            let first = native.first();
            for mask in 0u32..64 {
                let row: Vec<u64> = (0..6).filter(|b| mask >> b & 1 == 1).map(|b| first + b).collect();
                let other = vec![first + 3 + u64::from(mask % 5)];
                let texts: Vec<String> = [&row, &other]
                    .iter()
                    .map(|r| r.iter().map(u64::to_string).collect::<Vec<_>>().join(","))
                    .collect();
                if row.is_empty() {
                    continue;
                }
                let a = g.analyze(&texts, &AnalyzeOptions::default()).unwrap();
                let want = memo.sum_value(&[row.clone(), other.clone()]).unwrap();
                assert_eq!(a.value, Some(want), "{rule} {texts:?}");
                // Winning moves: every move of either row to a zero sum.
                let mut expected = Vec::new();
                for (i, r) in [&row, &other].iter().enumerate() {
                    let rest = if i == 0 { &other } else { &row };
                    for &n in r.iter() {
                        native.moves(n, &mut |turned| {
                            let to = turn(r, turned);
                            let v = memo.nim_value(&to).unwrap() + memo.nim_value(rest).unwrap();
                            if v == Nimber::ZERO {
                                expected.push((i, row_string(&to)));
                            }
                        });
                    }
                }
                let mut got: Vec<_> = a.winning_moves.iter().map(|m| (m.component, m.to.clone())).collect();
                got.sort();
                expected.sort();
                assert_eq!(got, expected, "{rule} {texts:?}");
                assert_eq!(a.unlisted_moves, 0);
            }
        }
    }

    #[test]
    fn mock_turtles_coins_near_10_to_the_18_answer_by_formula() {
        let mut g = game("mock-turtles");
        let big = 1_000_000_000_000_000_000u64;
        let texts = vec![format!("5,{big}"), (big - 7).to_string()];
        let a = g.analyze(&texts, &AnalyzeOptions::default()).unwrap();
        let mock = CoinGame::mock_turtles();
        let v = mock.coin_value(5).unwrap() + mock.coin_value(big).unwrap() + mock.coin_value(big - 7).unwrap();
        assert_eq!(a.value, Some(v));
        // Pairs are counted exactly: listed plus unlisted is the number of
        // winning moves, each one making the sum 0.
        assert!(a.unlisted_moves > 0);
        for m in &a.winning_moves {
            let mut sum = Nimber::ZERO;
            for (i, t) in texts.iter().enumerate() {
                let row = if i == m.component { m.to.first().cloned().unwrap_or_default() } else { t.clone() };
                if !row.is_empty() {
                    sum += mock.nim_value(&parse_row(&row).unwrap()).unwrap();
                }
            }
            assert_eq!(sum, Nimber::ZERO, "{m:?}");
        }
    }

    #[test]
    fn move_counts_are_known_before_enumerating() {
        for native in [
            CoinGame::ruler(),
            CoinGame::mock_turtles(),
            CoinGame::up_to(5).unwrap(),
            CoinGame::exactly(3).unwrap(),
        ] {
            for n in 0..12 {
                let mut count = 0u128;
                native.moves(n, &mut |_| count += 1);
                assert_eq!(move_count(&native, n), count, "{native:?} {n}");
            }
        }
        // A huge coin is refused at once, not enumerated.
        let mut g = game("mock-turtles");
        let e = g.options("1000000000000").unwrap_err();
        assert!(e.to_string().contains("too many to list"), "{e}");
        let mut m = game("moebius");
        let e = m.analyze(&["600".into()], &AnalyzeOptions::default()).unwrap_err();
        assert!(e.to_string().contains("too many to list"), "{e}");
    }

    #[test]
    fn values_and_options_follow_the_library() {
        let mut g = game("ruler");
        let v: Vec<u64> = g.values(0, 8).unwrap().iter().map(|n| n.value()).collect();
        assert_eq!(v, [0, 1, 2, 1, 4, 1, 2, 1, 8]);
        let mut m = game("mock-turtles");
        let v: Vec<u64> = m.values(0, 7).unwrap().iter().map(|n| n.value()).collect();
        assert_eq!(v, [1, 2, 4, 7, 8, 11, 13, 14]);
        assert_eq!(g.options("2").unwrap(), [vec![], vec!["1".to_string()]]);
        assert_eq!(g.normalize("3,1,3").unwrap(), "1");
        assert!(crate::spec::parse("coins:frob").is_err());
        assert!(g.analyze(&["0".into()], &AnalyzeOptions::default()).is_err());
    }
}

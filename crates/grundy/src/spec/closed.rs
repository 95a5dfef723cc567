//! Specs of the closed-form families (`wythoff`, `euclid`, `staircase`,
//! `moore:K`, `mult:N`, `box`) and misère play of heap games.
//!
//! Each family answers a single position from its closed form, for any
//! size the formula allows, with every winning move. What the formula does
//! not give — nim-values of Wythoff, Euclid, Moore and multiplication
//! positions, needed for sums of several positions and for `values` — comes
//! from the generic [`MemoSolver`], only for positions small enough to
//! search (the limits below; beyond them a clear error, or, for a single
//! position, the outcome without the value). Misère play of any of these
//! games, and of every heap game, is the generic [`MisereSolver`] on small
//! positions.

use super::{parse_u64, AnalyzeOptions, AnyGame};
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Game, HeapGame};
use crate::games::euclid::{self, Euclid};
use crate::games::moore::Moore;
use crate::games::multiplication::Multiplication;
use crate::games::square_box::SquareBox;
use crate::games::staircase::Staircase;
use crate::games::wythoff::{self, Wythoff};
use crate::nimber::Nimber;
use crate::solve::{MemoConfig, MemoSolver, MisereConfig, MisereSolver, PeriodReport};
use crate::strategy::{analyze, Analysis, Evaluator, Outcome, WinningMove};
use num_bigint::BigUint;

/// Largest pile of a Wythoff position whose nim-value is searched
/// (about `300² × 900` option visits).
const WYTHOFF_SEARCH: u64 = 300;
/// Largest sum of partial quotients of a Euclid position searched.
const EUCLID_SEARCH: u64 = 100_000;
/// Most positions below a Moore position (product of `heap + 1`) searched.
const MOORE_SEARCH: u128 = 4096;
/// Most sums the misère search may store.
const MISERE_STATES: usize = 5_000_000;
/// Most moves of sums the misère search may generate: its work, about a
/// quarter of a second.
const MISERE_MOVES: u64 = 2_000_000;
/// Largest heap (or coordinate) given to the misère search.
const MISERE_HEAP: u64 = 10_000;
/// Most winning moves listed for one Moore position.
const MOORE_MOVES: usize = 10_000;
/// Most positions the memo solver stores for one request.
const MEMO_POSITIONS: usize = 4_000_000;

fn memo<G: Game>(game: G) -> MemoSolver<G> {
    MemoSolver::with_config(
        game,
        MemoConfig {
            max_positions: MEMO_POSITIONS,
        },
    )
}

fn no_args(spec: &str, args: Option<&str>) -> Result<()> {
    match args {
        None => Ok(()),
        Some(_) => Err(Error::invalid_spec(spec, "this game takes no arguments")),
    }
}

fn not_a_sequence(spec: &str, what: &str) -> Error {
    Error::unsupported(format!("`{spec}` has no nim-sequence to print: {what}"))
}

/// Parses `a,b,...` (exactly `len` numbers when `len` is given).
fn parse_list(text: &str, len: Option<usize>) -> Result<Vec<u64>> {
    let parts: Vec<&str> = text.split(',').collect();
    if let Some(n) = len {
        if parts.len() != n {
            return Err(Error::invalid_position(
                text,
                format!("expected {n} numbers separated by commas"),
            ));
        }
    }
    parts
        .iter()
        .map(|t| parse_u64(t).map_err(|r| Error::invalid_position(text, r)))
        .collect()
}

fn parse_pair(text: &str) -> Result<(u64, u64)> {
    let v = parse_list(text, Some(2))?;
    Ok((v[0], v[1]))
}

fn parse_big(text: &str, whole: &str) -> Result<BigUint> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Error::invalid_position(
            whole,
            format!("`{t}` is not a non-negative integer"),
        ));
    }
    BigUint::parse_bytes(t.as_bytes(), 10)
        .ok_or_else(|| Error::invalid_position(whole, format!("`{t}` is not a number")))
}

/// Positions whose numbers add up to more than this are not played
/// interactively: listing their moves would take too long.
const PLAY_SIZE: u128 = 1_000_000;

/// The options of `p` for interactive play, written in the game's syntax;
/// refused when the position's numbers add up to more than [`PLAY_SIZE`].
fn listed_options<G: Game>(game: &G, p: &G::Position, numbers: &[u64]) -> Result<Vec<Vec<String>>> {
    let size: u128 = numbers.iter().map(|&n| u128::from(n)).sum();
    if size > PLAY_SIZE {
        return Err(Error::unsupported(format!(
            "`{}` is too large to list its moves (numbers adding up to at most {PLAY_SIZE} are played)",
            game.format_position(p)
        )));
    }
    let mut all = Vec::new();
    game.options(p, &mut |option| {
        all.push(option.iter().map(|c| game.format_position(c)).collect())
    });
    Ok(all)
}

fn pair_string(&(a, b): &(u64, u64)) -> String {
    format!("{a},{b}")
}

use crate::games::subtraction::list_string;

/// A single-position analysis from a closed form.
fn single(position: &str, value: Option<Nimber>, p: bool, moves: Vec<String>) -> Analysis<String> {
    let known = value.is_some() || p;
    Analysis {
        value: if p {
            Nimber::ZERO
        } else {
            value.unwrap_or(Nimber::ZERO)
        },
        value_known: known,
        outcome: if p { Outcome::P } else { Outcome::N },
        winning_moves: moves
            .into_iter()
            .map(|to| WinningMove {
                component: 0,
                from: position.trim().to_string(),
                to: vec![to],
            })
            .collect(),
        unlisted_moves: 0,
    }
}

/// Misère analysis of a sum of components by exhaustive search; `value` is
/// the normal-play nim-sum (from `eval`).
fn misere_search<G, E>(
    game: G,
    eval: &mut E,
    components: &[G::Position],
) -> Result<Analysis<String>>
where
    G: Game,
    E: Evaluator<G::Position> + ?Sized,
{
    let mut value = Nimber::ZERO;
    for c in components {
        value += eval.nim_value(c)?;
    }
    let mut solver = MisereSolver::with_config(
        &game,
        MisereConfig {
            max_states: MISERE_STATES,
            max_moves: MISERE_MOVES,
        },
    );
    let (outcome, moves) = solver.analyze(components)?;
    let analysis = Analysis {
        value,
        value_known: true,
        outcome,
        winning_moves: moves,
        unlisted_moves: 0,
    };
    Ok(analysis.map(|p| game.format_position(p)))
}

/// Misère play of a sum of heaps of any heap game (by search).
pub(super) fn misere_heaps<G: HeapGame + Clone>(
    game: &G,
    values: &mut crate::solve::HeapValues<G>,
    heaps: &[u64],
) -> Result<Analysis<String>> {
    if let Some(&h) = heaps.iter().find(|&&h| h > MISERE_HEAP) {
        return Err(too_large_for_misere(&h.to_string()));
    }
    misere_search(game.clone(), values, heaps)
}

fn too_large_for_misere(position: &str) -> Error {
    Error::invalid_position(
        position,
        format!("misère play is solved by exhaustive search, for positions up to {MISERE_HEAP}"),
    )
}

// ---------------------------------------------------------------- two piles

/// A game on two piles `A,B` whose outcome and winning moves have a closed
/// form and whose nim-values are searched for small positions (Wythoff,
/// Euclid): what [`PairSpec`] needs to know about it.
trait PairRules: Game<Position = (u64, u64)> + Copy + 'static {
    /// The spec.
    const NAME: &'static str;
    /// The name in messages.
    const TITLE: &'static str;
    /// The largest pile of a `values` table (computed by search).
    const TABLE_LIMIT: u64;
    /// Why `period` does not apply.
    const NO_PERIOD: &'static str;
    /// `Err(why not)` when the nim-value of `(a, b)` is beyond search.
    fn searchable(a: u64, b: u64) -> std::result::Result<(), String>;
    /// The error for a position that does not parse where a search needs it.
    fn unparsed(_text: &str, _why: &str, parse_error: Error) -> Error {
        parse_error
    }
    /// Whether `(a, b)` is a P-position.
    fn is_p(a: u64, b: u64) -> bool;
    /// Every winning move from `(a, b)`.
    fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)>;
    /// A single position with piles beyond `u64` (`parse_error` when the
    /// game has no such path).
    fn analyze_big(_text: &str, parse_error: Error) -> Result<Analysis<String>> {
        Err(parse_error)
    }
}

/// The spec of a [`PairRules`] game.
struct PairSpec<R>(R);

impl<R: PairRules> PairSpec<R> {
    /// The positions, each within search (`why` says what needs the search).
    fn searched(&self, positions: &[String], why: &str) -> Result<Vec<(u64, u64)>> {
        positions
            .iter()
            .map(|p| {
                let (a, b) = parse_pair(p).map_err(|e| R::unparsed(p, why, e))?;
                R::searchable(a, b)
                    .map_err(|limit| Error::invalid_position(p, format!("{why}: {limit}")))?;
                Ok((a, b))
            })
            .collect()
    }
}

impl<R: PairRules> AnyGame for PairSpec<R> {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let (a, b) = parse_pair(component)?;
        listed_options(&self.0, &(a, b), &[a, b])
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(pair_string(&parse_pair(component)?))
    }

    fn spec(&self) -> String {
        R::NAME.into()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            R::NAME,
            "its positions are pairs `A,B` (the table of G(A,B) is printed instead)",
        ))
    }

    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        pair_table(self.0, from, to, R::TABLE_LIMIT).map(Some)
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence(R::NAME, R::NO_PERIOD))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let game = self.0;
        if options.misere {
            let ps = self.searched(
                positions,
                &format!("misère {} is solved by search", R::TITLE),
            )?;
            return misere_search(game, &mut memo(game), &ps);
        }
        if positions.len() != 1 {
            let ps = self.searched(
                positions,
                &format!("a sum of {} positions needs their nim-values", R::TITLE),
            )?;
            return Ok(analyze(&game, &mut memo(game), &ps)?.map(pair_string));
        }
        let text = positions[0].trim();
        let (a, b) = match parse_pair(text) {
            Ok(pair) => pair,
            Err(e) => return R::analyze_big(text, e),
        };
        let value = match R::searchable(a, b) {
            Ok(()) => Some(memo(game).nim_value(&(a, b))?),
            Err(_) => None,
        };
        let moves = R::winning_moves(a, b).iter().map(pair_string).collect();
        Ok(single(text, value, R::is_p(a, b), moves))
    }
}

/// `G(a, b)` for `from ≤ a, b ≤ to` by the generic solver.
fn pair_table<G: Game<Position = (u64, u64)>>(
    game: G,
    from: u64,
    to: u64,
    limit: u64,
) -> Result<Vec<Vec<Nimber>>> {
    if from > to {
        return Err(Error::unsupported(format!(
            "empty range: --from {from} is larger than --to {to}"
        )));
    }
    if to > limit {
        return Err(Error::unsupported(format!(
            "the table is computed by search up to {limit} (asked for --to {to})"
        )));
    }
    let mut solver = memo(game);
    (from..=to)
        .map(|a| (from..=to).map(|b| solver.nim_value(&(a, b))).collect())
        .collect()
}

// ---------------------------------------------------------------- wythoff

pub(super) fn wythoff(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(PairSpec(Wythoff)))
}

impl PairRules for Wythoff {
    const NAME: &'static str = "wythoff";
    const TITLE: &'static str = "Wythoff";
    const TABLE_LIMIT: u64 = WYTHOFF_SEARCH;
    const NO_PERIOD: &'static str = "its P-positions are (⌊kφ⌋, ⌊kφ²⌋)";

    fn searchable(a: u64, b: u64) -> std::result::Result<(), String> {
        if a.max(b) > WYTHOFF_SEARCH {
            return Err(format!("nim-values of Wythoff positions have no formula and are searched only for piles up to {WYTHOFF_SEARCH}"));
        }
        Ok(())
    }

    fn unparsed(text: &str, why: &str, _parse_error: Error) -> Error {
        Error::invalid_position(
            text,
            format!("{why}: expected `A,B` with A, B up to {WYTHOFF_SEARCH}"),
        )
    }

    fn is_p(a: u64, b: u64) -> bool {
        wythoff::is_p_position(a, b)
    }

    fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
        wythoff::winning_moves(a, b)
    }

    fn analyze_big(text: &str, parse_error: Error) -> Result<Analysis<String>> {
        // Piles beyond u64: the bignum path.
        let parts: Vec<&str> = text.split(',').collect();
        if parts.len() != 2 {
            return Err(parse_error);
        }
        let a = parse_big(parts[0], text)?;
        let b = parse_big(parts[1], text)?;
        let p = wythoff::big::is_p_position(&a, &b);
        let moves = wythoff::big::winning_moves(&a, &b)
            .into_iter()
            .map(|(x, y)| format!("{x},{y}"))
            .collect();
        Ok(single(text, None, p, moves))
    }
}

// ---------------------------------------------------------------- euclid

pub(super) fn euclid(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(PairSpec(Euclid)))
}

/// The sum of the partial quotients of `a/b`: about how many positions lie
/// below `(a, b)`.
fn quotient_sum(a: u64, b: u64) -> u128 {
    let (mut hi, mut lo) = (a.max(b), a.min(b));
    let mut sum = 0u128;
    while lo > 0 {
        sum += u128::from(hi / lo);
        (hi, lo) = (lo, hi % lo);
    }
    sum
}

impl PairRules for Euclid {
    const NAME: &'static str = "euclid";
    const TITLE: &'static str = "Euclid";
    const TABLE_LIMIT: u64 = 1000;
    const NO_PERIOD: &'static str = "its positions are pairs `A,B`";

    fn searchable(a: u64, b: u64) -> std::result::Result<(), String> {
        if quotient_sum(a, b) > u128::from(EUCLID_SEARCH) {
            return Err(format!(
                "searched only when the partial quotients of A/B add up to at most {EUCLID_SEARCH}"
            ));
        }
        Ok(())
    }

    fn is_p(a: u64, b: u64) -> bool {
        !euclid::first_player_wins(a, b)
    }

    fn winning_moves(a: u64, b: u64) -> Vec<(u64, u64)> {
        euclid::winning_move(a, b).into_iter().collect()
    }
}

// ---------------------------------------------------------------- staircase

pub(super) fn staircase(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(StaircaseSpec))
}

struct StaircaseSpec;

impl AnyGame for StaircaseSpec {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let numbers = parse_list(component, None)?;
        listed_options(&Staircase, &numbers, &numbers)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_list(component, None)?
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","))
    }

    fn spec(&self) -> String {
        "staircase".into()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            "staircase",
            "its value is the XOR of the coins on the odd steps",
        ))
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence(
            "staircase",
            "its value is the XOR of the coins on the odd steps",
        ))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let stairs = positions
            .iter()
            .map(|p| {
                let s = parse_list(p, None)?;
                Staircase::check(&s)?;
                Ok(s)
            })
            .collect::<Result<Vec<Vec<u64>>>>()?;
        if options.misere {
            for (p, s) in positions.iter().zip(&stairs) {
                if s.iter().map(|&c| u128::from(c)).sum::<u128>() > 24 || s.len() > 12 {
                    return Err(Error::invalid_position(
                        p,
                        "misère staircase Nim is solved by search, for at most 24 coins on 12 steps",
                    ));
                }
            }
            return misere_search(Staircase, &mut ClosedStaircase, &stairs);
        }
        let total: Nimber = stairs.iter().map(|s| Staircase::value(s)).sum();
        let mut winning_moves = Vec::new();
        if !total.is_zero() {
            for (i, s) in stairs.iter().enumerate() {
                for m in Staircase::moves_changing_value(s, total.value()) {
                    if let Some(next) = m.apply(s) {
                        winning_moves.push(WinningMove {
                            component: i,
                            from: list_string(s),
                            to: vec![list_string(&next)],
                        });
                    }
                }
            }
        }
        Ok(Analysis {
            value: total,
            value_known: true,
            outcome: Outcome::of_value(total),
            winning_moves,
            unlisted_moves: 0,
        })
    }
}

/// Staircase values from the closed form.
struct ClosedStaircase;

impl Evaluator<Vec<u64>> for ClosedStaircase {
    fn nim_value(&mut self, p: &Vec<u64>) -> Result<Nimber> {
        Ok(Staircase::value(p))
    }
}

// ---------------------------------------------------------------- moore

pub(super) fn moore(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let k = parse_u64(args.unwrap_or("")).map_err(|r| Error::invalid_spec(spec, r))?;
    if k == 0 {
        return Err(Error::invalid_spec(
            spec,
            "K must be at least 1 (a move takes from 1 to K heaps)",
        ));
    }
    Ok(Box::new(MooreSpec {
        game: Moore::new(k)?,
    }))
}

struct MooreSpec {
    game: Moore,
}

fn positions_below(heaps: &[u64]) -> u128 {
    heaps
        .iter()
        .fold(1u128, |acc, &h| acc.saturating_mul(u128::from(h) + 1))
}

impl MooreSpec {
    fn small(&self, positions: &[String], why: &str) -> Result<Vec<Vec<u64>>> {
        positions
            .iter()
            .map(|p| {
                let heaps = parse_list(p, None)?;
                if positions_below(&heaps) > MOORE_SEARCH {
                    return Err(Error::invalid_position(
                        p,
                        format!("{why}: searched only when the product of (heap + 1) is at most {MOORE_SEARCH}"),
                    ));
                }
                Ok(heaps)
            })
            .collect()
    }
}

impl AnyGame for MooreSpec {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let numbers = parse_list(component, None)?;
        listed_options(&self.game, &numbers, &numbers)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_list(component, None)?
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(","))
    }

    fn spec(&self) -> String {
        format!("moore:{}", self.game.k())
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(
            &self.spec(),
            "a position is a list of heaps",
        ))
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence(
            &self.spec(),
            "a position is a list of heaps",
        ))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let game = self.game;
        if options.misere {
            let ps = self.small(positions, "misère Moore's Nim is solved by search")?;
            return misere_search(game, &mut memo(game), &ps);
        }
        if positions.len() != 1 {
            let ps = self.small(positions, "a sum of Moore positions needs their nim-values")?;
            return Ok(analyze(&game, &mut memo(game), &ps)?.map(|h| list_string(h)));
        }
        let text = positions[0].trim();
        let heaps = parse_list(text, None)?;
        let p = game.is_p_position(&heaps);
        let value = if positions_below(&heaps) <= MOORE_SEARCH {
            Some(memo(game).nim_value(&heaps)?)
        } else {
            None
        };
        let moves = game.winning_moves(&heaps, MOORE_MOVES).ok_or_else(|| {
            Error::unsupported(format!(
                "`{text}` has more than {MOORE_MOVES} winning moves in {}; too many to list",
                self.spec()
            ))
        })?;
        let moves = moves.iter().map(|m| list_string(m)).collect();
        Ok(single(text, value, p, moves))
    }
}

// ---------------------------------------------------------------- multiplication

pub(super) fn multiplication(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    let nums: Vec<u64> = args
        .unwrap_or("")
        .split(',')
        .map(|t| parse_u64(t).map_err(|r| Error::invalid_spec(spec, r)))
        .collect::<Result<_>>()?;
    let game = match nums[..] {
        [n] => Multiplication::new(n, 2, 9)?,
        [n, lo, hi] => Multiplication::new(n, lo, hi)?,
        _ => {
            return Err(Error::invalid_spec(
                spec,
                "expected `mult:N` or `mult:N,LO,HI`",
            ))
        }
    };
    Ok(Box::new(MultSpec { game }))
}

struct MultSpec {
    game: Multiplication,
}

impl AnyGame for MultSpec {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let p = parse_u64(component).map_err(|r| Error::invalid_position(component, r))?;
        listed_options(&self.game, &p, &[])
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_u64(component)
            .map_err(|r| Error::invalid_position(component, r))?
            .to_string())
    }

    fn spec(&self) -> String {
        let (lo, hi) = self.game.factors();
        if (lo, hi) == (2, 9) {
            format!("mult:{}", self.game.target())
        } else {
            format!("mult:{},{lo},{hi}", self.game.target())
        }
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(&self.spec(), "use `analyze` on a product P"))
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence(&self.spec(), "use `analyze` on a product P"))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let game = self.game;
        let ps = positions
            .iter()
            .map(|p| parse_u64(p).map_err(|r| Error::invalid_position(p, r)))
            .collect::<Result<Vec<u64>>>()?;
        let ps: Vec<u64> = ps.into_iter().map(|p| p.min(game.target())).collect();
        if options.misere {
            return misere_search(game, &mut memo(game), &ps);
        }
        if ps.len() != 1 {
            return Ok(analyze(&game, &mut memo(game), &ps)?.map(u64::to_string));
        }
        let p = ps[0];
        let value = match memo(game).nim_value(&p) {
            Ok(v) => Some(v),
            Err(e) if matches!(e.kind(), ErrorKind::TooManyPositions { .. }) => None,
            Err(e) => return Err(e),
        };
        let moves = game.winning_moves(p).iter().map(u64::to_string).collect();
        Ok(single(
            &positions[0],
            value,
            !game.first_player_wins(p),
            moves,
        ))
    }
}

// ---------------------------------------------------------------- box

pub(super) fn square_box(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(BoxSpec))
}

struct BoxSpec;

struct ClosedBox;

impl Evaluator<(u64, u64)> for ClosedBox {
    fn nim_value(&mut self, &(s, c): &(u64, u64)) -> Result<Nimber> {
        SquareBox::nim_value(s, c)
    }
}

impl AnyGame for BoxSpec {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let (a, b) = parse_pair(component)?;
        listed_options(&SquareBox, &(a, b), &[a, b])
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(pair_string(&parse_pair(component)?))
    }

    fn spec(&self) -> String {
        "box".into()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence("box", "its positions are pairs `S,C`"))
    }

    fn period_within(
        &mut self,
        _limit: u64,
        _time: Option<std::time::Duration>,
        _progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        Err(not_a_sequence("box", "its positions are pairs `S,C`"))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let boxes = positions
            .iter()
            .map(|p| {
                let (s, c) = parse_pair(p)?;
                SquareBox::nim_value(s, c)?;
                Ok((s, c))
            })
            .collect::<Result<Vec<(u64, u64)>>>()?;
        if options.misere {
            for (p, &(s, _)) in positions.iter().zip(&boxes) {
                if s > 64 {
                    return Err(too_large_for_misere(p));
                }
            }
            return misere_search(SquareBox, &mut ClosedBox, &boxes);
        }
        // Winning moves: the nim-values are closed-form, but the options
        // of a box are an interval of counts; search it only where short.
        let mut values = ClosedBox;
        let total: Nimber = boxes
            .iter()
            .map(|b| values.nim_value(b))
            .sum::<Result<Nimber>>()?;
        let mut winning_moves = Vec::new();
        if !total.is_zero() {
            for (i, &(s, c)) in boxes.iter().enumerate() {
                let target = SquareBox::nim_value(s, c)? + total;
                for to in SquareBox::counts_with_value(s, c, target) {
                    winning_moves.push(WinningMove {
                        component: i,
                        from: pair_string(&(s, c)),
                        to: vec![pair_string(&(s, to))],
                    });
                }
            }
        }
        Ok(Analysis {
            value: total,
            value_known: true,
            outcome: Outcome::of_value(total),
            winning_moves,
            unlisted_moves: 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse;

    #[test]
    fn closed_form_games_list_their_moves_for_play() {
        let mut w = parse("wythoff").unwrap();
        let mut moves = w.options("1,1").unwrap();
        moves.sort();
        assert_eq!(moves, [vec!["0,0"], vec!["0,1"], vec!["1,0"]]);
        assert_eq!(w.normalize(" 03,5").unwrap(), "3,5");
        let e = w.options("1000000,1000000").unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");

        // Every listed move of a small position is one the analysis knows:
        // a winning move of an N-position is among the options.
        for spec in ["euclid", "staircase", "moore:2", "mult:100", "box"] {
            let mut g = parse(spec).unwrap();
            let position = match spec {
                "euclid" => "25,7",
                "staircase" | "moore:2" => "1,2,3",
                "mult:100" => "3",
                _ => "20,3",
            };
            let options = g.options(position).unwrap();
            let a = g
                .analyze(&[position.to_string()], &AnalyzeOptions::default())
                .unwrap();
            for m in &a.winning_moves {
                assert!(
                    options.contains(&m.to),
                    "{spec}: {:?} not among {options:?}",
                    m.to
                );
            }
            assert!(!options.is_empty(), "{spec}");
        }
    }
}

//! What the families of `families/` share: limits of the searches, parsing
//! of positions written as numbers, moves listed for play, a single
//! position answered from a closed form, misère play by search, and the
//! adapter of the two-pile games (`wythoff`, `euclid`).
//!
//! The closed-form families answer a single position from their formula,
//! for any size it allows, with every winning move. What the formula does
//! not give — nim-values of Wythoff, Euclid, Moore and multiplication
//! positions, needed for sums of several positions and for `values` — comes
//! from the generic [`MemoSolver`], only for positions small enough to
//! search (the limits below; beyond them a clear error, or, for a single
//! position, the outcome without the value). Misère play of any of these
//! games, and of every heap game, is the generic [`MisereSolver`] on small
//! positions.

use super::{parse_u64, AnalyzeOptions, AnyGame};
use crate::analysis::pattern::{ProvenLaw, TupleTable};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame};
use crate::nimber::Nimber;
use crate::solve::{MemoConfig, MemoSolver, MisereConfig, MisereSolver, PeriodReport};
use crate::strategy::{analyze, Analysis, Outcome, WinningMove};
use num_bigint::BigUint;

/// Largest pile of a Wythoff position whose nim-value is searched
/// (about `300² × 900` option visits).
pub(crate) const WYTHOFF_SEARCH: u64 = 300;
/// Largest sum of partial quotients of a Euclid position searched.
pub(crate) const EUCLID_SEARCH: u64 = 100_000;
/// Most positions below a Moore position (product of `heap + 1`) searched.
pub(crate) const MOORE_SEARCH: u128 = 4096;
/// Most sums the misère search may store.
pub(crate) const MISERE_STATES: usize = 5_000_000;
/// Most moves of sums the misère search may generate: its work, about a
/// quarter of a second.
pub(crate) const MISERE_MOVES: u64 = 2_000_000;
/// Largest heap (or coordinate) given to the misère search.
pub(crate) const MISERE_HEAP: u64 = 10_000;
/// Most winning moves listed for one Moore position.
pub(crate) const MOORE_MOVES: usize = 10_000;
/// Most positions the memo solver stores for one request.
pub(crate) const MEMO_POSITIONS: usize = 4_000_000;

pub(crate) fn memo<G: Game>(game: G) -> MemoSolver<G> {
    MemoSolver::with_config(
        game,
        MemoConfig {
            max_positions: MEMO_POSITIONS,
        },
    )
}

/// The refusal of a game with no misère analysis of its own:
/// [`super::listed::analyze_misere`] then searches its moves.
pub(crate) fn no_misere_analysis(spec: &str) -> Error {
    Error::unsupported(format!("misère analysis of `{spec}` is not supported"))
}

pub(crate) fn not_a_sequence(spec: &str, what: &str) -> Error {
    Error::unsupported(format!("`{spec}` has no nim-sequence to print: {what}"))
}

/// The refusal ([`ErrorKind::Partizan`](crate::error::ErrorKind::Partizan))
/// of a turn-aware game (a script giving each player's moves,
/// `pebbles:X,Y`) asked for nim-values, `reason` saying why; the wordings
/// are in [`turn_aware_refusals`], written once for every such family.
pub(crate) fn turn_aware_refusal(game: String, reason: String) -> Error {
    crate::error::ErrorKind::Partizan { game, reason }.into()
}

/// The three [`AnyGame`] methods a turn-aware game refuses (`values`,
/// `period_within`, `analyze`: nim-values), written once for every such
/// family: `turn_aware_refusals!(None)` inside `impl AnyGame`, or with
/// `Some("how one position's parts are written")`, which the refusal of
/// several positions given as one sum quotes.
macro_rules! turn_aware_refusals {
    ($written:expr) => {
        fn values(&mut self, _: u64, _: u64) -> $crate::error::Result<Vec<$crate::Nimber>> {
            Err($crate::anygame::adapt::turn_aware_refusal(
                self.spec(),
                "it has outcome classes, not nim-values (`grundy values` and `pattern` \
                 tabulate them)"
                    .to_string(),
            ))
        }

        fn period_within(
            &mut self,
            _: u64,
            _: Option<std::time::Duration>,
            _: &mut dyn FnMut(u64),
        ) -> $crate::error::Result<$crate::solve::PeriodReport> {
            Err($crate::anygame::adapt::turn_aware_refusal(
                self.spec(),
                "the period search is of nim-sequences (`grundy pattern` looks for periods \
                 of its outcome classes)"
                    .to_string(),
            ))
        }

        fn analyze(
            &mut self,
            positions: &[String],
            _: &$crate::anygame::AnalyzeOptions,
        ) -> $crate::error::Result<$crate::strategy::Analysis<String>> {
            let written: Option<&str> = $written;
            let reason = match (positions.len(), written) {
                (1, _) => "it has an outcome class, not a nim-value (analyze it alone)".to_string(),
                (n, Some(w)) => format!("{n} positions were given as one sum ({w})"),
                (n, None) => format!("{n} positions were given as one sum"),
            };
            Err($crate::anygame::adapt::turn_aware_refusal(
                self.spec(),
                reason,
            ))
        }
    };
}
pub(crate) use turn_aware_refusals;

/// Parses `a,b,...` (exactly `len` numbers when `len` is given).
pub(crate) fn parse_list(text: &str, len: Option<usize>) -> Result<Vec<u64>> {
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

pub(crate) fn parse_pair(text: &str) -> Result<(u64, u64)> {
    let v = parse_list(text, Some(2))?;
    Ok((v[0], v[1]))
}

pub(crate) fn parse_big(text: &str, whole: &str) -> Result<BigUint> {
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
pub(crate) const PLAY_SIZE: u128 = 1_000_000;

/// The options of `p` for interactive play, written in the game's syntax;
/// refused when the position's numbers add up to more than [`PLAY_SIZE`].
pub(crate) fn listed_options<G: Game>(
    game: &G,
    p: &G::Position,
    numbers: &[u64],
) -> Result<Vec<Vec<String>>> {
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

pub(crate) fn pair_string(&(a, b): &(u64, u64)) -> String {
    format!("{a},{b}")
}

pub(crate) use crate::games::subtraction::list_string;

/// A single-position analysis from a closed form.
pub(crate) fn single(
    position: &str,
    value: Option<Nimber>,
    p: bool,
    moves: Vec<String>,
) -> Analysis<String> {
    let winning_moves = moves
        .into_iter()
        .map(|to| WinningMove {
            name: None,
            component: 0,
            from: position.trim().to_string(),
            to: vec![to],
        })
        .collect();
    if p {
        Analysis::of_value(Nimber::ZERO, winning_moves)
    } else {
        Analysis::new(value, Outcome::N, winning_moves)
    }
}

/// Misère analysis of a sum of components by exhaustive search (its
/// `value` unknown: see [`misere_analysis`]).
pub(crate) fn misere_search<G: Game>(
    game: G,
    components: &[G::Position],
) -> Result<Analysis<String>> {
    let mut solver = MisereSolver::with_config(
        &game,
        MisereConfig {
            max_states: MISERE_STATES,
            max_moves: MISERE_MOVES,
        },
    );
    let (outcome, moves) = solver.analyze(components)?;
    let analysis = misere_analysis(outcome, moves);
    Ok(analysis.map(|p| game.format_position(p)))
}

/// A misère outcome and its winning moves as an [`Analysis`]. Its `value`
/// is unknown (`None`): the normal-play nim-sum is
/// not a misère value, and the misère nim-value is
/// [`super::listed::MisereReport::misere_value`].
pub(crate) fn misere_analysis<P>(
    outcome: Outcome,
    winning_moves: Vec<WinningMove<P>>,
) -> Analysis<P> {
    Analysis::new(None, outcome, winning_moves)
}

/// Misère play of a sum of heaps of any heap game (by search).
pub(crate) fn misere_heaps<G: HeapGame + Clone>(
    game: &G,
    heaps: &[u64],
) -> Result<Analysis<String>> {
    if let Some(&h) = heaps.iter().find(|&&h| h > MISERE_HEAP) {
        return Err(too_large_for_misere(&h.to_string()));
    }
    misere_search(game.clone(), heaps)
}

pub(crate) fn too_large_for_misere(position: &str) -> Error {
    Error::invalid_position(
        position,
        format!("misère play is solved by exhaustive search, for positions up to {MISERE_HEAP}"),
    )
}

// ---------------------------------------------------------------- two piles

/// A game on two piles `A,B` whose outcome and winning moves have a closed
/// form and whose nim-values are searched for small positions (Wythoff,
/// Euclid): what [`PairSpec`] needs to know about it.
pub(crate) trait PairRules: Game<Position = (u64, u64)> + Copy + 'static {
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
    /// The laws of the P-positions that the game's theorems prove
    /// ([`AnyGame::proven_laws`]); none by default.
    fn proven_laws() -> Vec<ProvenLaw> {
        Vec::new()
    }
    /// A single position with piles beyond `u64` (`parse_error` when the
    /// game has no such path).
    fn analyze_big(_text: &str, parse_error: Error) -> Result<Analysis<String>> {
        Err(parse_error)
    }
}

/// The spec of a [`PairRules`] game.
pub(crate) struct PairSpec<R>(pub(crate) R);

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

    fn proven_laws(&self) -> Vec<ProvenLaw> {
        R::proven_laws()
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
            return misere_search(game, &ps);
        }
        if positions.len() != 1 {
            // `wythoff 3 5`: two numbers meant as one pair.
            if positions.iter().any(|p| parse_u64(p).is_ok()) {
                let hint = match positions {
                    [a, b] if parse_u64(b).is_ok() => {
                        format!("did you mean `{},{}`?", a.trim(), b.trim())
                    }
                    _ => "write each position as `A,B` (e.g. `3,5`)".to_string(),
                };
                let bare = positions
                    .iter()
                    .find(|p| parse_u64(p).is_ok())
                    .expect("found above");
                return Err(Error::invalid_position(
                    bare,
                    format!(
                        "a position of {} is a pair `A,B` in one argument; separate arguments are the components of a sum: {hint}",
                        R::TITLE
                    ),
                ));
            }
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
pub(crate) fn pair_table<G: Game<Position = (u64, u64)>>(
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

/// A game of whole positions analysed by a formula (staircase Nim, the
/// square box game, Moore's Nim_K): its positions are lists of numbers, it
/// has no nim-sequence, its options are listed by its rules, and only its
/// analysis is its own. [`ClosedFormSpec`] makes it an [`AnyGame`].
pub(crate) trait ClosedForm {
    /// The rules: the options and the syntax of a position.
    type Rules: Game;
    /// The rules.
    fn rules(&self) -> &Self::Rules;
    /// The canonical spec (`staircase`, `moore:2`).
    fn spec(&self) -> String;
    /// Why the game has no nim-sequence to print.
    fn why_no_sequence(&self) -> &'static str;
    /// One position, parsed (its syntax only).
    fn parse(&self, text: &str) -> Result<<Self::Rules as Game>::Position>;
    /// The numbers of a position, whose sum bounds interactive play
    /// ([`PLAY_SIZE`]).
    fn numbers(p: &<Self::Rules as Game>::Position) -> Vec<u64>;
    /// Value, outcome and winning moves of the sum of `positions`, by the
    /// formula (by search for what it does not cover, misère play).
    fn analyze(&self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>>;
}

/// A [`ClosedForm`] game as an [`AnyGame`].
pub(crate) struct ClosedFormSpec<C>(pub(crate) C);

impl<C: ClosedForm> AnyGame for ClosedFormSpec<C> {
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let p = self.0.parse(component)?;
        listed_options(self.0.rules(), &p, &C::numbers(&p))
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(self.0.rules().format_position(&self.0.parse(component)?))
    }

    fn spec(&self) -> String {
        self.0.spec()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(not_a_sequence(&self.0.spec(), self.0.why_no_sequence()))
    }

    /// Each tuple `h_1,…,h_k` as the position the game's syntax reads
    /// (a list of heaps for `moore:K` and `staircase`), by one search
    /// shared by the whole table.
    fn tuple_table(
        &mut self,
        width: usize,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<TupleTable>> {
        let mut solver = memo(self.0.rules());
        let game = &self.0;
        super::tuple_table_of(width, from, to, progress, |h| {
            let p = game.parse(&list_string(h))?;
            Ok(solver.nim_value(&p)?.value())
        })
        .map(Some)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.0.analyze(positions, options)
    }
}

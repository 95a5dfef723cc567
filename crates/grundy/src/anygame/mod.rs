//! The run-time game interface: a game chosen at run time, with positions
//! written as strings ([`AnyGame`]), and what every such game shares: any
//! heap game as one ([`HeapSpec`]), the helpers of the closed-form and
//! pair families (`adapt`), misère play and compounds through listed
//! moves ([`listed`]), the placement games' adapter (`placement`).
//!
//! This layer sits below [`crate::script`] (a scripted game is an
//! [`AnyGame`]) and the family registry [`crate::spec`] above it turns a
//! spec string into one. Users name these items through [`crate::spec`].

use crate::analysis::pattern::TupleTable;
use crate::error::{Error, Result};
use crate::games::TakeBreak;
use crate::nimber::Nimber;
use crate::solve::placement::Progress;
use crate::solve::{PeriodReport, MAX_VALUES_AT_ONCE};
use crate::strategy::Analysis;
use crate::util::parse_u64;
pub(crate) use adapt::no_misere_analysis;

pub(crate) mod adapt;
mod heap;
pub mod listed;
pub(crate) mod placement;
pub use heap::{
    find_heap_option, heap_options_head, list_heap_options, HeapSpec, MAX_LISTED_HEAP,
    MAX_LISTED_OPTIONS, MAX_PLAYED_HEAP, MAX_STREAMED_OPTIONS,
};

/// The number of options of a component and the first few of them
/// ([`AnyGame::options_head`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionsHead {
    /// How many options the component has.
    pub count: u64,
    /// The first of them, each a sum of components (all of them when
    /// `first.len() as u64 == count`).
    pub first: Vec<Vec<String>>,
}

impl OptionsHead {
    /// True when `first` holds every option.
    pub fn is_complete(&self) -> bool {
        self.first.len() as u64 == self.count
    }
}

/// What the tables of a game read ([`AnyGame::tabulated`]): which
/// position each entry of `grundy values` and `grundy pattern` is the
/// value of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tabulated {
    /// `G(n)`: the heap `n`.
    Heaps,
    /// `G(a,b)`: the position `[a,b]`, an array of two numbers.
    Pairs,
    /// `G(start(n))`: the position a scripted family starts from for the
    /// parameter `n` (the script's function `start(n)`).
    Family,
    /// `G(h_1, …, h_k)`: the position `[h_1, …, h_k]`, an array of `k ≥ 3`
    /// numbers ([`AnyGame::tuple_table`]).
    Tuples(usize),
}

impl Tabulated {
    /// The position an entry is the value of, in words.
    pub fn describe(self) -> String {
        match self {
            Tabulated::Heaps => "positions are heaps `n`".into(),
            Tabulated::Pairs => "positions are pairs `[a,b]` (arrays of two numbers)".into(),
            Tabulated::Family => "positions are `start(n)`, the family the script defines".into(),
            Tabulated::Tuples(k) => format!("positions are tuples of {k} numbers `[h1,...,h{k}]`"),
        }
    }
}

/// How to analyze a sum.
#[derive(Clone, Debug, Default)]
pub struct AnalyzeOptions {
    /// Misère play: the player who cannot move wins.
    pub misere: bool,
}

/// A game chosen at run time, with positions as strings.
pub trait AnyGame {
    /// The canonical spec of the game.
    fn spec(&self) -> String;

    /// `G(from..=to)` for games whose positions are heap sizes.
    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>>;

    /// [`values`](Self::values) with a progress and cancel hook: while a
    /// table of values is computed, `progress` is called now and then
    /// (about every 50 ms) with the number of values known, towards
    /// `to + 1`; an error it returns stops the work and is returned
    /// (conventionally [`ErrorKind::Cancelled`](crate::error::ErrorKind::Cancelled)).
    /// Games whose values are quick (closed forms) never call it (the
    /// default).
    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        let _ = progress;
        self.values(from, to)
    }

    /// Sets a limit on the time the game's later requests may spend
    /// computing values (over the game's life; `None`, the default of
    /// every game: no limit). A request that reaches it stops with
    /// [`ErrorKind::LimitReached`](crate::error::ErrorKind::LimitReached).
    /// A front-end's policy for work the user did not ask for by size (a
    /// single huge heap in an analysis); games whose values are quick
    /// ignore it (the default).
    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        let _ = limit;
    }

    /// Gives later requests a cancel hook, asked about every 50 ms of work
    /// by the computations that have no progress callback of their own
    /// (the period search, the placement search of `cram` and
    /// `node-kayles`, the memoizing search of `cutting`); once it asks,
    /// they stop with
    /// [`ErrorKind::Cancelled`](crate::error::ErrorKind::Cancelled).
    /// Games whose answers are quick ignore it (the default).
    fn set_cancel(&mut self, cancel: crate::util::Cancel) {
        let _ = cancel;
    }

    /// The period of the nim-sequence, computing at most `limit` values,
    /// stopping early once `time` has passed (the report says how far it
    /// looked) and calling `progress` with the number of values computed so
    /// far. Games whose period search is quick or refused ignore both.
    ///
    /// The default is for games with no nim-sequence: it refuses with the
    /// reason [`values`](Self::values) gives (a game that has values but
    /// no period search of its own is refused as having none).
    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        let _ = (limit, time, progress);
        self.values(0, 0)?;
        Err(Error::unsupported(format!(
            "`{}` has no period search",
            self.spec()
        )))
    }

    /// Computes values until a theorem proves the period of the
    /// nim-sequence, or `budget` runs out, and says which (see
    /// [`HeapValues::period_until_proven`](crate::solve::HeapValues::period_until_proven));
    /// `progress` is called with the values computed and the heap the
    /// current stage computes to.
    ///
    /// The default answers with a period that the first values prove (a
    /// closed form) and refuses otherwise: the game has no computation
    /// that runs until a proof.
    fn period_until_proven(
        &mut self,
        budget: &crate::solve::ProofBudget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PeriodReport> {
        const FIRST: u64 = 1 << 12;
        let r = self.period_within(FIRST, budget.time, &mut |n| progress(n, FIRST))?;
        if r.certified {
            return Ok(r);
        }
        Err(Error::unsupported(format!(
            "`{}` has no computation that runs until its period is proven (heap games with finitely many moves have one)",
            self.spec()
        )))
    }

    /// [`period_within`](Self::period_within) with no time limit and no
    /// progress.
    fn period(&mut self, limit: u64) -> Result<PeriodReport> {
        self.period_within(limit, None, &mut |_| {})
    }

    /// Value, outcome and winning moves of the sum of `positions` (one
    /// string per component, in the game's position syntax).
    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>>;

    /// [`analyze`](Self::analyze) when only the outcome is wanted: a game
    /// with an outcome-first search (the placement games) answers the
    /// outcome and the winning moves without the nim-value
    /// ([`Analysis::value`] `None`), pruning where it can, and may
    /// list only the first winning move it proves
    /// ([`MovesListed::First`](crate::strategy::MovesListed::First)). The
    /// default is the full analysis.
    fn analyze_outcome(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.analyze(positions, options)
    }

    /// The nim-value and outcome of the sum of `positions` without the
    /// winning moves (`analyze --no-moves`), or with `outcome_only` the
    /// outcome alone (as [`analyze_outcome`](Self::analyze_outcome) gives
    /// it): the result has no winning moves, `unlisted_moves` 0 and
    /// `moves_listed` [`MovesListed::NotComputed`](crate::strategy::MovesListed::NotComputed),
    /// whatever the outcome. A game whose moves each cost a search of their own (the
    /// placement games) skips that search; the default analyses in full
    /// and drops the moves.
    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        let mut a = if outcome_only {
            self.analyze_outcome(positions, options)?
        } else {
            self.analyze(positions, options)?
        };
        a.drop_moves();
        Ok(a)
    }

    /// [`analyze`](Self::analyze) listing at most `max_listed` winning
    /// moves (the first ones, in the order `analyze` lists them), the
    /// others still counted in [`Analysis::unlisted_moves`]: for many
    /// queries answered in one process (`grundy analyze GAME -`), where a
    /// query's answer shows one move. A game whose listing costs more than
    /// its counting (take-and-break heaps, whose moves from a heap of 10^9
    /// are counted by residue classes) overrides it to stop listing early;
    /// the default analyses in full and cuts the list.
    fn analyze_listing(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        max_listed: usize,
    ) -> Result<Analysis<String>> {
        let mut a = self.analyze(positions, options)?;
        a.keep_listed(max_listed);
        Ok(a)
    }

    /// Asks for reports of the work done by later analyses, for a
    /// progress display: `progress` is called now and then with a number
    /// of positions searched since the last call. Games whose analyses are
    /// quick ignore it (the default); the placement games report the
    /// regions their search lists.
    fn set_progress(&mut self, progress: Progress) {
        let _ = progress;
    }

    /// The game's transposition table in its saved form, for games that
    /// keep one that can be resumed (the placement games); an error for the
    /// others (the default).
    fn save_table(&self) -> Result<Vec<u8>> {
        Err(Error::unsupported(format!(
            "`{}` keeps no table to save (`--table` is for cram, node-kayles and chomp)",
            self.spec()
        )))
    }

    /// Adds a table saved by [`save_table`](Self::save_table) for the same
    /// game (`name`, e.g. the file, names it in errors).
    fn load_table(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        let _ = (bytes, name);
        Err(Error::unsupported(format!(
            "`{}` keeps no table to load (`--table` is for cram, node-kayles and chomp)",
            self.spec()
        )))
    }

    /// Whether [`analyze`](Self::analyze) takes the empty sum (no
    /// positions; value 0). Scripted games do; the others refuse it as
    /// an error naming the number of positions (the default).
    fn accepts_empty_sum(&self) -> bool {
        false
    }

    /// For games whose positions are pairs `a,b` (Wythoff, Euclid): the
    /// table `rows[i][j] = G(from + i, from + j)`. `None` for other games
    /// (their `values` is the sequence `G(from..=to)`).
    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        let _ = (from, to);
        Ok(None)
    }

    /// `G` of every tuple of `width` coordinates, each in `from..=to`
    /// ([`TupleTable`]; `grundy values --dims K`): for a game whose
    /// positions are tuples of numbers (`moore:K`, a script whose positions
    /// are arrays of `width` numbers) the value of the position; for a heap
    /// game (the default, through [`values`](Self::values)) the value of the
    /// sum of the heaps. `progress` is called now and then with the
    /// positions done, and its error stops the work. `None` when the game
    /// has no such table (the default, for a game without a sequence of
    /// values); an error when its positions are tuples of another width.
    /// Every game [`parse`](crate::spec::parse) returns refuses a table of more than
    /// [`MAX_TUPLE_POSITIONS`](crate::analysis::pattern::MAX_TUPLE_POSITIONS)
    /// positions before asking.
    fn tuple_table(
        &mut self,
        width: usize,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<TupleTable>> {
        let Ok(values) = self.values(from, to) else {
            return Ok(None);
        };
        sum_table(&values, width, from, to, progress).map(Some)
    }

    /// What the game's tables read, when the game says ([`Tabulated`]):
    /// scripted games, whose positions may be heaps, pairs or a family
    /// `start(n)`, answer (and refuse, naming the shape, a script whose
    /// positions are none of them). `None` for the built-in games (the
    /// default): their tables read as their family says (heaps, or pairs
    /// for those with a [`table`](Self::table)).
    fn tabulated(&mut self) -> Result<Option<Tabulated>> {
        Ok(None)
    }

    /// The laws of the P-positions that the game's own theorems prove for
    /// every position (Wythoff's pairs for `wythoff`): `grundy pattern`
    /// marks a rule it finds proven when its law is one of these. None
    /// for most games (the default).
    fn proven_laws(&self) -> Vec<crate::analysis::pattern::ProvenLaw> {
        Vec::new()
    }

    /// The options of one component, each a sum of components written in
    /// the game's position syntax (canonical form). Interactive play and its
    /// move check need it; a game that cannot list its moves keeps the
    /// default, which says so.
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let _ = component;
        Err(Error::unsupported(format!(
            "`{}` cannot list its moves, so it cannot be played interactively",
            self.spec()
        )))
    }

    /// How many options `component` has and the first `keep` of them (in
    /// the order of [`options`](Self::options)), for components too large
    /// to list whole: a game that can count and stream its options without
    /// holding them overrides it (heap games do, for heaps up to
    /// [`MAX_PLAYED_HEAP`]). The default lists them all with `options`.
    fn options_head(&mut self, component: &str, keep: usize) -> Result<OptionsHead> {
        let mut first = self.options(component)?;
        let count = first.len() as u64;
        first.truncate(keep);
        Ok(OptionsHead { count, first })
    }

    /// The option of `component` made of the components `to` (in any
    /// order, each in canonical form), as [`options`](Self::options) writes
    /// it; `None` if `to` is not an option. The default searches the list
    /// of `options`; heap games check without listing.
    fn find_option(&mut self, component: &str, to: &[String]) -> Result<Option<Vec<String>>> {
        let mut typed = to.to_vec();
        typed.sort();
        Ok(self.options(component)?.into_iter().find(|o| {
            let mut o2 = o.clone();
            o2.sort();
            o2 == typed
        }))
    }

    /// A component as the game writes it (`007` becomes `7`), or an error
    /// naming what is wrong with it. The default only trims white space.
    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(component.trim().to_string())
    }

    /// The game as a take-and-break code, when it has one (`nim` is `0.3r`,
    /// `bash:3` is `0.333`, an octal code is itself): long runs
    /// (`--output`, `--checkpoint`, `--resume`) compute with it. `None` for
    /// other games (the default).
    fn take_break(&self) -> Option<TakeBreak> {
        None
    }

    /// Whether the game is turn-aware (partizan: each player has moves of
    /// their own, a script's `left_moves` and `right_moves`). Such a game
    /// has no nim-values: [`analyze_turns`](Self::analyze_turns) and
    /// [`outcome_classes`](Self::outcome_classes) answer for it, and the
    /// methods of nim-values refuse with
    /// [`ErrorKind::Partizan`](crate::error::ErrorKind::Partizan). False
    /// for every impartial game (the default).
    fn is_turn_aware(&self) -> bool {
        false
    }

    /// The outcome class of one position of a turn-aware game and the
    /// winning moves of `first`, the player to move. More than one
    /// position (a sum) is refused with
    /// [`ErrorKind::Partizan`](crate::error::ErrorKind::Partizan). The
    /// default, for impartial games, refuses.
    fn analyze_turns(
        &mut self,
        positions: &[String],
        first: crate::game::Player,
    ) -> Result<crate::game::PartizanAnalysis> {
        let _ = (positions, first);
        Err(Error::unsupported(format!(
            "`{}` is impartial (both players have the same moves): `analyze` gives its \
             nim-value; outcome classes are for turn-aware games",
            self.spec()
        )))
    }

    /// The outcome classes of the heaps `from..=to` of a turn-aware game
    /// whose positions are heaps (at most
    /// [`MAX_VALUES_AT_ONCE`] at once). The default, for impartial games,
    /// refuses.
    fn outcome_classes(&mut self, from: u64, to: u64) -> Result<Vec<crate::game::OutcomeClass>> {
        let _ = (from, to);
        Err(Error::unsupported(format!(
            "`{}` is impartial: its table is of nim-values (`grundy values`), not of \
             outcome classes",
            self.spec()
        )))
    }

    /// The misère quotient of the sums of heaps `0..=heaps`
    /// ([`crate::solve::misere_quotient_with()`]: `progress` is told where
    /// the work stands, often, and an error it returns stops it); an error
    /// for a game whose positions are not heaps (the default).
    fn misere_quotient(
        &mut self,
        heaps: u64,
        config: &crate::solve::QuotientConfig,
        progress: &mut dyn FnMut(&crate::solve::QuotientProgress) -> Result<()>,
    ) -> Result<crate::solve::MisereQuotient> {
        let _ = (heaps, config, progress);
        Err(crate::error::Error::unsupported(format!(
            "`{}` is not a heap game: misère quotients are computed for games whose \
             positions are heap sizes (octal, hexadecimal, subtraction, ...)",
            self.spec()
        )))
    }
}

/// Most components [`AnyGame::analyze`] takes in one sum (positions of a
/// game that [`parse`](crate::spec::parse) returns).
pub const MAX_COMPONENTS: usize = 1 << 20;

/// The table of tuples of heaps of a heap game whose values
/// `G(from..=to)` are `values`: a tuple is the sum of its heaps, its value
/// their XOR.
pub(crate) fn sum_table(
    values: &[Nimber],
    width: usize,
    from: u64,
    to: u64,
    progress: &mut dyn FnMut(u64) -> Result<()>,
) -> Result<TupleTable> {
    tuple_table_of(width, from, to, progress, |h| {
        Ok(h.iter()
            .fold(0, |x, &n| x ^ values[(n - from) as usize].value()))
    })
}

/// [`TupleTable::new`] of `value`, with `progress` called every 4096
/// positions.
pub(crate) fn tuple_table_of(
    width: usize,
    from: u64,
    to: u64,
    progress: &mut dyn FnMut(u64) -> Result<()>,
    mut value: impl FnMut(&[u64]) -> Result<u64>,
) -> Result<TupleTable> {
    let mut done = 0u64;
    TupleTable::new(width, from, to, |h| {
        if done.is_multiple_of(4096) {
            progress(done)?;
        }
        done += 1;
        value(h)
    })
}

/// Checks the size of a range of heaps asked of [`AnyGame::values`] at
/// once: at most [`MAX_VALUES_AT_ONCE`] values (they come back in memory,
/// 8 bytes each). Every game [`parse`](crate::spec::parse) returns checks it, and a front-end
/// that asks for a range piece by piece checks the whole range with it
/// first. An empty range (`from > to`) passes: the game names it.
pub fn check_values_count(from: u64, to: u64) -> Result<()> {
    if to.saturating_sub(from) >= MAX_VALUES_AT_ONCE {
        return Err(Error::unsupported(format!(
            "`{from}..={to}` is {} values, too many at once (at most 2^28)",
            u128::from(to - from) + 1
        )));
    }
    Ok(())
}

/// The game [`parse`](crate::spec::parse) returns: every family behind one check of the number
/// of positions, made here once instead of in each family (a family may
/// then rely on at least one and at most [`MAX_COMPONENTS`] positions).
/// Every method of [`AnyGame`] is forwarded, default methods included:
/// clippy's `missing_trait_methods`, denied on the impl, makes a new
/// method of the trait an error here until it is forwarded (CI runs
/// clippy with `-D warnings`), and a test compares the two lists.
pub(crate) struct Chosen(pub(crate) Box<dyn AnyGame>);

impl Chosen {
    fn check_count(&self, positions: &[String]) -> Result<()> {
        let empty_refused = positions.is_empty() && !self.0.accepts_empty_sum();
        if empty_refused || positions.len() > MAX_COMPONENTS {
            return Err(crate::error::ErrorKind::NoPositions {
                game: self.0.spec(),
                expected: format!("1 to {MAX_COMPONENTS}"),
                given: positions.len(),
            }
            .into());
        }
        Ok(())
    }
}

#[deny(clippy::missing_trait_methods)]
impl AnyGame for Chosen {
    fn spec(&self) -> String {
        self.0.spec()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        check_values_count(from, to)?;
        self.0.values(from, to)
    }

    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        check_values_count(from, to)?;
        self.0.values_with(from, to, progress)
    }

    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.0.set_time_limit(limit)
    }

    fn set_cancel(&mut self, cancel: crate::util::Cancel) {
        self.0.set_cancel(cancel)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        self.0.period_within(limit, time, progress)
    }

    fn period_until_proven(
        &mut self,
        budget: &crate::solve::ProofBudget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PeriodReport> {
        self.0.period_until_proven(budget, progress)
    }

    fn period(&mut self, limit: u64) -> Result<PeriodReport> {
        self.0.period(limit)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0.analyze(positions, options)
    }

    fn analyze_outcome(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0.analyze_outcome(positions, options)
    }

    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0
            .analyze_without_moves(positions, options, outcome_only)
    }

    fn analyze_listing(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        max_listed: usize,
    ) -> Result<Analysis<String>> {
        self.check_count(positions)?;
        self.0.analyze_listing(positions, options, max_listed)
    }

    fn set_progress(&mut self, progress: Progress) {
        self.0.set_progress(progress)
    }

    fn save_table(&self) -> Result<Vec<u8>> {
        self.0.save_table()
    }

    fn load_table(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        self.0.load_table(bytes, name)
    }

    fn table(&mut self, from: u64, to: u64) -> Result<Option<Vec<Vec<Nimber>>>> {
        self.0.table(from, to)
    }

    fn tuple_table(
        &mut self,
        width: usize,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Option<TupleTable>> {
        TupleTable::positions(width, from, to)?;
        self.0.tuple_table(width, from, to, progress)
    }

    fn tabulated(&mut self) -> Result<Option<Tabulated>> {
        self.0.tabulated()
    }

    fn proven_laws(&self) -> Vec<crate::analysis::pattern::ProvenLaw> {
        self.0.proven_laws()
    }

    fn accepts_empty_sum(&self) -> bool {
        self.0.accepts_empty_sum()
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        self.0.options(component)
    }

    fn options_head(&mut self, component: &str, keep: usize) -> Result<OptionsHead> {
        self.0.options_head(component, keep)
    }

    fn find_option(&mut self, component: &str, to: &[String]) -> Result<Option<Vec<String>>> {
        self.0.find_option(component, to)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        self.0.normalize(component)
    }

    fn take_break(&self) -> Option<TakeBreak> {
        self.0.take_break()
    }

    fn is_turn_aware(&self) -> bool {
        self.0.is_turn_aware()
    }

    fn analyze_turns(
        &mut self,
        positions: &[String],
        first: crate::game::Player,
    ) -> Result<crate::game::PartizanAnalysis> {
        self.check_count(positions)?;
        self.0.analyze_turns(positions, first)
    }

    fn outcome_classes(&mut self, from: u64, to: u64) -> Result<Vec<crate::game::OutcomeClass>> {
        check_values_count(from, to)?;
        self.0.outcome_classes(from, to)
    }

    fn misere_quotient(
        &mut self,
        heaps: u64,
        config: &crate::solve::QuotientConfig,
        progress: &mut dyn FnMut(&crate::solve::QuotientProgress) -> Result<()>,
    ) -> Result<crate::solve::MisereQuotient> {
        self.0.misere_quotient(heaps, config, progress)
    }
}

/// Parses a heap size given as a position. Heaps written as one list
/// (`3,4,5`) get a hint that the heaps of a sum are separate arguments.
pub fn parse_heap(text: &str) -> Result<u64> {
    parse_u64(text).map_err(|r| {
        let parts: Vec<&str> = text.split(',').map(str::trim).collect();
        if parts.len() > 1 && parts.iter().all(|p| parse_u64(p).is_ok()) {
            Error::invalid_position(
                text,
                format!(
                    "a heap is one number; the heaps of a sum are separate arguments: `{}`",
                    parts.join(" ")
                ),
            )
        } else {
            Error::invalid_position(text, r)
        }
    })
}

/// Parses the heap sizes of a sum (one per component).
pub(crate) fn parse_heaps(positions: &[String]) -> Result<Vec<u64>> {
    positions.iter().map(|p| parse_heap(p)).collect()
}

#[cfg(test)]
mod tests {
    /// The names of the `fn`s at the top level of the block that follows
    /// `header` in this file.
    fn methods_after(header: &str) -> Vec<String> {
        let src = include_str!("mod.rs");
        let start = src.find(header).expect(header) + header.len();
        let mut depth = 1;
        let mut names = Vec::new();
        for line in src[start..].lines() {
            let trimmed = line.trim_start();
            if depth == 1 {
                if let Some(rest) = trimmed.strip_prefix("fn ") {
                    let name: String = rest
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    names.push(name);
                }
            }
            depth += line.matches('{').count();
            depth -= line.matches('}').count().min(depth);
            if depth == 0 {
                break;
            }
        }
        names.sort();
        names
    }

    #[test]
    fn chosen_forwards_every_method_of_any_game_defaults_included() {
        let declared = methods_after("pub trait AnyGame {");
        let forwarded = methods_after("impl AnyGame for Chosen {");
        assert!(declared.len() > 20, "{declared:?}");
        assert_eq!(
            declared, forwarded,
            "a method of `AnyGame` that `Chosen` does not forward bypasses it \
             for every parsed game"
        );
    }
}

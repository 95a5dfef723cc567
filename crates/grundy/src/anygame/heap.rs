//! Any heap game as an [`AnyGame`](super::AnyGame): values, periods,
//! analysis, play and misère for every family whose positions are heaps.

use super::adapt::{misere_analysis, misere_heaps};
use super::{parse_heap, parse_heaps, AnalyzeOptions, AnyGame, OptionsHead};
use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::games::TakeBreak;
use crate::nimber::Nimber;
use crate::solve::{
    misere_quotient, misere_quotient_with, HeapValues, MisereQuotient, PeriodReport,
    QuotientConfig, QuotientProgress,
};
use crate::strategy::{analyze, Analysis, MovesListed};

/// Most options [`AnyGame::options`] lists for one component.
pub const MAX_LISTED_OPTIONS: usize = 1 << 20;

/// Largest heap whose options a heap game lists, unless its moves are a
/// finite subtraction set (a heap of a general heap game may have about as
/// many options as tokens, or more).
pub const MAX_LISTED_HEAP: u64 = 100_000;

/// Largest heap of a heap game (other than a take-and-break code or a
/// finite subtraction set, whose options are counted instead) played move
/// by move: its options are streamed, never held
/// ([`AnyGame::options_head`], [`AnyGame::find_option`]).
pub const MAX_PLAYED_HEAP: u64 = 100_000_000;

/// Most options a heap may have to be played move by move: each move
/// checked or counted walks them (about a second at this bound). Heaps of
/// a finite take-and-break code have no bound: their options are counted
/// by formula, checked by arithmetic and listed only as far as shown.
pub const MAX_STREAMED_OPTIONS: u64 = 100_000_000;

/// The game's take-and-break code when it has finitely many digits (its
/// options of any heap are counted, checked and listed without a walk).
fn finite_code<G: HeapGame + ?Sized>(game: &G) -> Option<TakeBreak> {
    game.take_break().filter(|code| !code.repeating())
}

/// Refuses a heap whose options are too many to walk (see
/// [`MAX_STREAMED_OPTIONS`], [`MAX_PLAYED_HEAP`]).
fn check_streamable<G: HeapGame + ?Sized>(game: &G, h: u64) -> Result<()> {
    if game.finite_subtraction_set().is_some() || finite_code(game).is_some() {
        return Ok(());
    }
    let why = match game.take_break() {
        Some(code) if code.option_count_within(h, MAX_STREAMED_OPTIONS).is_none() => {
            format!("has more than {MAX_STREAMED_OPTIONS} options: too many to play move by move")
        }
        None if h > MAX_PLAYED_HEAP => {
            format!("too large to play move by move: heaps up to {MAX_PLAYED_HEAP} can be played")
        }
        _ => return Ok(()),
    };
    Err(Error::invalid_position(&h.to_string(), why))
}

/// How many options heap `h` has and the first `keep` of them, streamed
/// (see [`AnyGame::options_head`]).
pub fn heap_options_head<G: HeapGame + ?Sized>(
    game: &G,
    h: u64,
    keep: usize,
) -> Result<OptionsHead> {
    check_streamable(game, h)?;
    let mut head = OptionsHead::default();
    if let Some(code) = finite_code(game) {
        // O(digits): a finite code's count never needs the cap.
        head.count = code.option_count_within(h, u64::MAX).unwrap_or(u64::MAX);
        if keep > 0 {
            code.options_while(h, &mut |o| {
                head.first.push(o.iter().map(u64::to_string).collect());
                head.first.len() < keep
            });
        }
        return Ok(head);
    }
    game.options(&h, &mut |o| {
        if head.first.len() < keep {
            head.first.push(o.iter().map(u64::to_string).collect());
        }
        head.count += 1;
    });
    Ok(head)
}

/// The option of heap `h` made of the heaps `to`, streamed (see
/// [`AnyGame::find_option`]).
pub fn find_heap_option<G: HeapGame + ?Sized>(
    game: &G,
    h: u64,
    to: &[String],
) -> Result<Option<Vec<String>>> {
    check_streamable(game, h)?;
    let Ok(mut typed) = parse_heaps(to) else {
        return Ok(None);
    };
    typed.sort_unstable();
    if let Some(code) = game.take_break() {
        // (Every option lists its heaps in ascending order.)
        return Ok(code
            .is_option(h, &typed)
            .then(|| typed.iter().map(u64::to_string).collect()));
    }
    let mut found = None;
    let mut sorted = Vec::new();
    game.options(&h, &mut |o| {
        if found.is_none() && o.len() == typed.len() {
            sorted.clear();
            sorted.extend_from_slice(o);
            sorted.sort_unstable();
            if sorted == typed {
                found = Some(o.iter().map(u64::to_string).collect());
            }
        }
    });
    Ok(found)
}

/// The options of heap `h` of `game`, as strings (see [`AnyGame::options`]).
pub fn list_heap_options<G: HeapGame + ?Sized>(game: &G, h: u64) -> Result<Vec<Vec<String>>> {
    if h > MAX_LISTED_HEAP && game.finite_subtraction_set().is_none() {
        return Err(Error::invalid_position(
            &h.to_string(),
            format!("too large to list its moves: heaps up to {MAX_LISTED_HEAP} can be played"),
        ));
    }
    let mut all = Vec::new();
    let mut too_many = false;
    game.options(&h, &mut |o| {
        if all.len() < MAX_LISTED_OPTIONS {
            all.push(o.iter().map(u64::to_string).collect());
        } else {
            too_many = true;
        }
    });
    if too_many {
        return Err(Error::invalid_position(
            &h.to_string(),
            format!("has more than {MAX_LISTED_OPTIONS} options: too many to list"),
        ));
    }
    Ok(all)
}

/// Any [`HeapGame`] as an [`AnyGame`]: the dense solver, the period, and
/// the generic strategy.
pub struct HeapSpec<G: HeapGame + Clone> {
    game: G,
    values: HeapValues<G>,
    take_break: Option<TakeBreak>,
    /// The last misère quotient computed for `analyze --misere`.
    quotient: Option<MisereQuotient>,
    /// The smallest heap bound whose quick quotient failed: a larger one
    /// fails too (its search reaches the same heap), so it is not tried
    /// again on every analysis.
    quotient_failed_at: Option<u64>,
}

/// `analyze --misere` tries a misère quotient (with
/// [`QuotientConfig::quick`]) when every heap is at most this.
pub const MISERE_QUOTIENT_HEAP: u64 = 32;

impl<G: HeapGame + Clone> HeapSpec<G> {
    /// Wraps `game` (its take-and-break form, if any, is
    /// [`HeapGame::take_break`]).
    pub fn new(game: G) -> Self {
        HeapSpec {
            values: HeapValues::new(game.clone()),
            take_break: game.take_break(),
            quotient: None,
            quotient_failed_at: None,
            game,
        }
    }

    /// [`new`](Self::new) with the solver's settings (limits of time and
    /// size) given.
    pub fn with_config(game: G, config: crate::solve::HeapConfig) -> Self {
        HeapSpec {
            values: HeapValues::with_config(game.clone(), config),
            take_break: game.take_break(),
            quotient: None,
            quotient_failed_at: None,
            game,
        }
    }

    /// Gives the game the take-and-break form `code` for long runs only
    /// ([`AnyGame::take_break`]); its values and moves stay `G`'s.
    pub fn with_take_break(mut self, code: Option<TakeBreak>) -> Self {
        if code.is_some() {
            self.take_break = code;
        }
        self
    }
}

impl<G: HeapGame + Clone> AnyGame for HeapSpec<G> {
    fn spec(&self) -> String {
        self.game.spec()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        self.values.values(from, to)
    }

    fn values_with(
        &mut self,
        from: u64,
        to: u64,
        progress: &mut dyn FnMut(u64) -> Result<()>,
    ) -> Result<Vec<Nimber>> {
        self.values.values_with(from, to, progress)
    }

    fn set_time_limit(&mut self, limit: Option<std::time::Duration>) {
        self.values.set_time_limit(limit);
    }

    fn set_cancel(&mut self, cancel: crate::util::Cancel) {
        self.values.set_cancel(cancel);
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        self.values.period_within(limit, time, progress)
    }

    fn period_until_proven(
        &mut self,
        budget: &crate::solve::ProofBudget,
        progress: &mut dyn FnMut(u64, u64),
    ) -> Result<PeriodReport> {
        self.values.period_until_proven(budget, progress)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let heaps = parse_heaps(positions)?;
        if options.misere {
            if let Some(analysis) = self.misere_by_quotient(&heaps)? {
                return Ok(analysis);
            }
            return misere_heaps(&self.game, &heaps);
        }
        let analysis = match self.game.take_break() {
            Some(code) => crate::strategy::take_break::analyze(&code, &mut self.values, &heaps)?,
            None => analyze(&self.game, &mut self.values, &heaps)?,
        };
        Ok(analysis.map(u64::to_string))
    }

    /// Take-and-break codes stop listing at `max_listed` (their counts come
    /// from residue classes, the list is what costs); other heap games
    /// analyse in full and cut the list.
    fn analyze_listing(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        max_listed: usize,
    ) -> Result<Analysis<String>> {
        let code = self.game.take_break();
        match code {
            Some(code) if !options.misere => {
                let heaps = parse_heaps(positions)?;
                let a = crate::strategy::take_break::analyze_listing(
                    &code,
                    &mut self.values,
                    &heaps,
                    max_listed,
                )?;
                Ok(a.map(u64::to_string))
            }
            _ => {
                let mut a = self.analyze(positions, options)?;
                a.keep_listed(max_listed);
                Ok(a)
            }
        }
    }

    /// Normal play: the value of each heap and their sum, nothing else (no
    /// option of any heap is looked at, so nothing grows with the number of
    /// winning moves). Misère play analyses in full and drops the moves.
    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        if options.misere {
            let mut a = self.analyze(positions, options)?;
            a.drop_moves();
            return Ok(a);
        }
        let _ = outcome_only; // the value costs no more than the outcome
        let heaps = parse_heaps(positions)?;
        let mut total = Nimber::ZERO;
        for &h in &heaps {
            total += self.values.value(h)?;
        }
        Ok(Analysis::of_value(total, Vec::new()).with_moves_listed(MovesListed::NotComputed))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        list_heap_options(&self.game, parse_heap(component)?)
    }

    fn options_head(&mut self, component: &str, keep: usize) -> Result<OptionsHead> {
        heap_options_head(&self.game, parse_heap(component)?, keep)
    }

    fn find_option(&mut self, component: &str, to: &[String]) -> Result<Option<Vec<String>>> {
        find_heap_option(&self.game, parse_heap(component)?, to)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_heap(component)?.to_string())
    }

    fn take_break(&self) -> Option<TakeBreak> {
        self.take_break.clone()
    }

    fn misere_quotient(
        &mut self,
        heaps: u64,
        config: &QuotientConfig,
        progress: &mut dyn FnMut(&QuotientProgress) -> Result<()>,
    ) -> Result<MisereQuotient> {
        misere_quotient_with(&self.game, heaps, config, progress)
    }
}

impl<G: HeapGame + Clone> HeapSpec<G> {
    /// Misère analysis of a sum of heaps through the misère quotient of
    /// heaps `0..=max`, when it is found with bounded work: every sum of
    /// any number of such heaps is then answered at once. `None` (the
    /// caller searches instead) when a heap is beyond
    /// [`MISERE_QUOTIENT_HEAP`] or the quotient is beyond the quick limits.
    fn misere_by_quotient(&mut self, heaps: &[u64]) -> Result<Option<Analysis<String>>> {
        let max = heaps.iter().copied().max().unwrap_or(0);
        if max > MISERE_QUOTIENT_HEAP {
            return Ok(None);
        }
        if self.quotient.as_ref().is_none_or(|q| q.heaps() < max) {
            if self.quotient_failed_at.is_some_and(|failed| max >= failed) {
                return Ok(None);
            }
            match misere_quotient(&self.game, max, &QuotientConfig::quick()) {
                Ok(q) => self.quotient = Some(q),
                Err(_) => {
                    self.quotient_failed_at = Some(max);
                    return Ok(None);
                }
            }
        }
        let Some((outcome, moves)) = self.quotient.as_ref().and_then(|q| q.analyze(heaps)) else {
            return Ok(None);
        };
        let analysis = misere_analysis(outcome, moves);
        Ok(Some(analysis.map(u64::to_string)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `analyze kayles 9 --misere` took 1.8 s: the quick quotient searched
    /// two million moves before giving up at heap 9, and was tried again on
    /// every analysis of the same game. It gives up within its small
    /// budget now, once, and the exhaustive search answers.
    #[test]
    fn a_misere_quotient_beyond_the_quick_limits_is_given_up_once_and_the_search_answers() {
        let code = TakeBreak::octal("0.77").unwrap();
        let mut game = HeapSpec::new(code.clone());
        let misere = AnalyzeOptions { misere: true };
        let nine = ["9".to_string()];
        let first = game.analyze(&nine, &misere).unwrap();
        assert_eq!(first.outcome, crate::strategy::Outcome::P);
        assert_eq!(game.quotient_failed_at, Some(9));
        // A larger heap is not tried with the quick limits again; the
        // exhaustive search still answers it (heap 10 of Kayles: N).
        let ten = game.analyze(&["10".to_string()], &misere).unwrap();
        assert_eq!(ten.outcome, crate::strategy::Outcome::N);
        assert_eq!(game.quotient_failed_at, Some(9));
        assert!(game.quotient.is_none());
        // Smaller heaps still go through a quotient.
        let five = game.analyze(&["5".to_string()], &misere).unwrap();
        assert!(game.quotient.is_some());
        assert_eq!(five.outcome, crate::strategy::Outcome::N);
        // The quick limits themselves: the search that used to run 1.8 s
        // fails at heap 9 within a tenth of its old budget of moves.
        let quick = QuotientConfig::quick();
        assert!(quick.search.max_moves <= 200_000);
        let err = misere_quotient(&code, 9, &quick).unwrap_err().to_string();
        assert!(err.contains("at heap 9"), "{err}");
    }
}

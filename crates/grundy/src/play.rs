//! Playing a game against the engine: a match in progress, the moves a
//! player types, and the engine's choice of move.
//!
//! A [`Match`] holds a game chosen at run time ([`AnyGame`]) and the current
//! position: a sum of components, each written in the game's position
//! syntax. The `grundy play` command is a loop of terminal I/O around it;
//! everything that decides something lives here.
//!
//! **Moves as typed** (the syntax of `grundy analyze` output):
//! `component I: FROM -> TO`, `I: FROM -> TO`, `FROM -> TO` (the first
//! component equal to `FROM`), or `I TO` (component `I` becomes `TO`).
//! `TO` is a sum of components joined by `+` (`2+3` after a split); `0`
//! also stands for "nothing left". A move is legal iff `TO` is an option of
//! the component ([`AnyGame::options`]); otherwise the error says why and
//! lists the options.
//!
//! **The engine** ([`Match::engine_move`]): with a winning move (the
//! position is an N-position, Sprague–Grundy: a component `c` with
//! `G(c) ⊕ t < G(c)` moved to an option of value `G(c) ⊕ t`) it plays the
//! first one [`AnyGame::analyze`] lists. In a P-position every move loses
//! against perfect play, so it *delays*: it picks the move that leaves the
//! opponent the most replies that are not winning (the most chances to go
//! wrong), ties broken by the most replies in all, then by the order moves
//! are listed. This is a heuristic, not a theorem: it keeps the game long
//! and the winning replies rare.
//!
//! **Strength** ([`Match::engine_move_at`]): for teaching, the engine may
//! err: with the probability a [`Strength`] gives it plays a legal move
//! drawn at random (from seeded [`Dice`], so a game can be replayed)
//! instead of its own choice.
//!
//! **Misère play** ([`Match::new_misere`]): whoever cannot move wins. The
//! outcome and winning moves are those of [`listed::analyze_misere`] (the
//! SJ theorem when its condition holds, the family's misère analysis, or
//! search on canonical sums), so a game is played in misère within the
//! limits of that search; the engine delays in a misère P-position in the
//! same way.
//!
//! Time: a winning move costs one `analyze` of the sum. A delaying move
//! costs, for each candidate, one `analyze` of the resulting sum plus the
//! options of its components (counted once and cached); candidates beyond a
//! budget of [`DELAY_BUDGET`] options are not examined (the best so far is
//! played), nor beyond the first [`CACHED_OPTIONS`] moves of a component.
//! Memory: the first [`CACHED_OPTIONS`] options of each component in play
//! ([`AnyGame::options_head`]): a component with more (a heap of 10^6 in
//! Kayles) is never listed whole; a typed move is checked against it by
//! [`AnyGame::find_option`].

use crate::error::{Error, Result};
use crate::spec::{listed, AnalyzeOptions, AnyGame, OptionsHead};
use crate::strategy::Analysis;
use std::collections::HashMap;
use std::fmt;

/// How many options (summed over candidates) a delaying move may examine.
pub const DELAY_BUDGET: usize = 200_000;

/// At most this many options of a component are held (the rest are
/// counted, and streamed when a typed move is checked).
pub const CACHED_OPTIONS: usize = 1 << 16;

/// At most this many options are quoted when a move is refused.
const QUOTED_OPTIONS: usize = 12;

/// A move of one component of a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Index of the component moved in.
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// The option it becomes: a sum of components (empty: nothing left).
    pub to: Vec<String>,
}

/// How a move that leaves nothing (the component disappears) is written,
/// and typed: not `0`, which is a heap of size 0 in games that have one.
pub const NOTHING: &str = "(nothing)";

/// A sum of components as text: joined by `+`, [`NOTHING`] when empty.
pub fn join_sum(parts: &[String]) -> String {
    if parts.is_empty() {
        NOTHING.to_string()
    } else {
        parts.join("+")
    }
}

impl fmt::Display for Move {
    /// `I: FROM -> TO`, the syntax a player types.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} -> {}",
            self.component,
            self.from,
            join_sum(&self.to)
        )
    }
}

/// The engine's move, and whether it wins against any defence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineMove {
    /// The move.
    pub mv: Move,
    /// True for a winning move (to a P-position); false for a delaying move
    /// out of a P-position.
    pub winning: bool,
}

/// A match in progress (see the module docs).
///
/// ```
/// use grundy::play::Match;
/// let game = grundy::spec::parse("nim").unwrap();
/// let mut m = Match::new(game, &["3".into(), "4".into(), "5".into()]).unwrap();
/// // Nim 3 4 5 is an N-position: the engine's move wins (Bouton: 3 -> 1).
/// let e = m.engine_move().unwrap().unwrap();
/// assert!(e.winning);
/// assert_eq!(e.mv.to_string(), "0: 3 -> 1");
/// m.play(&e.mv);
/// assert_eq!(m.position(), ["1", "4", "5"]);
/// // A typed move is checked against the rules.
/// assert!(m.parse_move("5 -> 7").is_err());
/// let mv = m.parse_move("2: 5 -> 0").unwrap();
/// assert_eq!(mv.to, ["0"]);
/// ```
pub struct Match {
    game: Box<dyn AnyGame>,
    position: Vec<String>,
    options: HashMap<String, OptionsHead>,
    misere: bool,
}

impl Match {
    /// A match of `game` from `position` (one string per component). Each
    /// component is checked: it must parse, have a computable value, and
    /// have options the game can list.
    pub fn new(game: Box<dyn AnyGame>, position: &[String]) -> Result<Match> {
        Match::start(game, position, false)
    }

    /// A match of `game` from `position` in misère play (whoever cannot
    /// move wins); the position must be one the misère analysis answers
    /// (checked here, so a sum too large to search is refused at once).
    ///
    /// ```
    /// use grundy::play::Match;
    /// use grundy::strategy::Outcome;
    /// let game = grundy::spec::parse("nim").unwrap();
    /// // Misère Nim with three heaps of one: an odd number of ones is a
    /// // misère P-position (whoever takes the last token loses).
    /// let mut m = Match::new_misere(game, &["1".into(), "1".into(), "1".into()]).unwrap();
    /// assert_eq!(m.analysis().unwrap().outcome, Outcome::P);
    /// ```
    pub fn new_misere(game: Box<dyn AnyGame>, position: &[String]) -> Result<Match> {
        Match::start(game, position, true)
    }

    fn start(mut game: Box<dyn AnyGame>, position: &[String], misere: bool) -> Result<Match> {
        let position = position
            .iter()
            .map(|c| game.normalize(c))
            .collect::<Result<Vec<String>>>()?;
        let mut m = Match {
            game,
            position,
            options: HashMap::new(),
            misere,
        };
        m.analysis()?;
        for i in 0..m.position.len() {
            let c = m.position[i].clone();
            m.options_of(&c)?;
        }
        Ok(m)
    }

    /// The game's spec.
    pub fn spec(&self) -> String {
        self.game.spec()
    }

    /// The current position, one string per component.
    pub fn position(&self) -> &[String] {
        &self.position
    }

    /// The number of options of one component and the first
    /// [`CACHED_OPTIONS`] of them (found once, then cached).
    fn options_of(&mut self, component: &str) -> Result<&OptionsHead> {
        if !self.options.contains_key(component) {
            let head = self.game.options_head(component, CACHED_OPTIONS)?;
            self.options.insert(component.to_string(), head);
        }
        Ok(&self.options[component])
    }

    /// Whether the match is played in misère play.
    pub fn is_misere(&self) -> bool {
        self.misere
    }

    /// Value, outcome and winning moves of the current position (in
    /// misère play the value is unknown: only the outcome and the moves).
    pub fn analysis(&mut self) -> Result<Analysis<String>> {
        analyze_sum(self.game.as_mut(), self.misere, &self.position)
    }

    /// Every legal move, component by component (an error if a component
    /// has too many options to list; see [`Match::legal_moves_head`]).
    pub fn legal_moves(&mut self) -> Result<Vec<Move>> {
        let mut moves = Vec::new();
        for i in 0..self.position.len() {
            let from = self.position[i].clone();
            let head = self.options_of(&from)?;
            let all = if head.is_complete() {
                head.first.clone()
            } else {
                self.game.options(&from)?
            };
            moves.extend(all.into_iter().map(|to| Move {
                component: i,
                from: from.clone(),
                to,
            }));
        }
        Ok(moves)
    }

    /// The first legal moves, at most `limit` of them and at most
    /// [`CACHED_OPTIONS`] per component, and how many legal moves there
    /// are in all: for positions too large to list every move.
    pub fn legal_moves_head(&mut self, limit: usize) -> Result<(Vec<Move>, u64)> {
        let mut moves = Vec::new();
        let mut total = 0u64;
        for i in 0..self.position.len() {
            let from = self.position[i].clone();
            let head = self.options_of(&from)?;
            total = total.saturating_add(head.count);
            let room = limit - moves.len();
            moves.extend(head.first.iter().take(room).map(|to| Move {
                component: i,
                from: from.clone(),
                to: to.clone(),
            }));
        }
        Ok((moves, total))
    }

    /// True when no component has a move: the player to move has lost
    /// (in misère play: has won).
    pub fn is_over(&mut self) -> Result<bool> {
        for i in 0..self.position.len() {
            let c = self.position[i].clone();
            if self.options_of(&c)?.count > 0 {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Makes a move (one returned by [`Match::parse_move`],
    /// [`Match::legal_moves`] or [`Match::engine_move`] for this position).
    pub fn play(&mut self, mv: &Move) {
        if mv.component < self.position.len() {
            self.position
                .splice(mv.component..=mv.component, mv.to.iter().cloned());
        }
        // Only the components in play keep their options.
        let position = &self.position;
        self.options.retain(|c, _| position.contains(c));
    }

    /// Reads a move typed in the syntax of the module docs and checks it
    /// against the rules; an illegal move is an
    /// [`ErrorKind::IllegalMove`](crate::ErrorKind::IllegalMove) naming why.
    pub fn parse_move(&mut self, text: &str) -> Result<Move> {
        let t = text.trim();
        let t = t
            .strip_prefix("component")
            .map(str::trim_start)
            .unwrap_or(t);
        let (index, from, to) = if let Some((left, right)) = t.split_once("->") {
            match left.split_once(':') {
                Some((i, from)) => (Some(i.trim()), Some(from.trim()), right.trim()),
                None => (None, Some(left.trim()), right.trim()),
            }
        } else {
            let words: Vec<&str> = t.split_whitespace().collect();
            match words[..] {
                [i, to] => (Some(i.trim_end_matches(':')), None, to),
                _ => {
                    return Err(Error::illegal_move(
                        text,
                        "write a move as `FROM -> TO`, `I: FROM -> TO` or `I TO`",
                    ))
                }
            }
        };
        if to.is_empty() {
            return Err(Error::illegal_move(
                text,
                format!("the position after the move is missing (`{NOTHING}` if nothing is left)"),
            ));
        }
        let component = self.find_component(text, index, from)?;
        let from = self.position[component].clone();
        let mut typed = Vec::new();
        if to != NOTHING {
            for part in to.split('+') {
                match self.game.normalize(part) {
                    Ok(p) => typed.push(p),
                    Err(e) => return Err(Error::illegal_move(text, e.to_string())),
                }
            }
        }
        typed.sort();
        let head = self.options_of(&from)?;
        // An exact match first; `0` for "nothing left" is still understood
        // where the game has no option that leaves a heap 0.
        let found = if head.is_complete() {
            let same = |o: &Vec<String>| {
                let mut o = o.clone();
                o.sort();
                o == typed
            };
            let options = &head.first;
            options
                .iter()
                .find(|o| same(o))
                .or_else(|| options.iter().find(|o| o.is_empty() && typed == ["0"]))
                .cloned()
        } else {
            match self.game.find_option(&from, &typed)? {
                Some(o) => Some(o),
                None if typed == ["0"] => self.game.find_option(&from, &[])?,
                None => None,
            }
        };
        let head = self.options_of(&from)?;
        match found {
            Some(o) => Ok(Move {
                component,
                from,
                to: o,
            }),
            None if head.count == 0 => Err(Error::illegal_move(
                text,
                format!("`{from}` has no moves left"),
            )),
            None => {
                let mut quoted: Vec<String> = head
                    .first
                    .iter()
                    .take(QUOTED_OPTIONS)
                    .map(|o| join_sum(o))
                    .collect();
                if head.count > QUOTED_OPTIONS as u64 {
                    quoted.push(format!("... ({} in all)", head.count));
                }
                Err(Error::illegal_move(
                    text,
                    format!(
                        "`{from}` cannot become `{}`; it can become {}",
                        join_sum(&typed),
                        quoted.join(", ")
                    ),
                ))
            }
        }
    }

    /// The component a typed move names, by index, by value, or both.
    fn find_component(
        &mut self,
        text: &str,
        index: Option<&str>,
        from: Option<&str>,
    ) -> Result<usize> {
        let n = self.position.len();
        let from = match from {
            Some(f) => match self.game.normalize(f) {
                Ok(f) => Some(f),
                Err(e) => return Err(Error::illegal_move(text, e.to_string())),
            },
            None => None,
        };
        match (index, from) {
            (Some(i), from) => {
                let i = match i.parse::<usize>() {
                    Ok(i) if i < n => i,
                    _ => {
                        return Err(Error::illegal_move(
                            text,
                            format!(
                                "there is no component `{i}` (they are numbered 0 to {})",
                                n.saturating_sub(1)
                            ),
                        ))
                    }
                };
                match from {
                    Some(f) if f != self.position[i] => Err(Error::illegal_move(
                        text,
                        format!("component {i} is `{}`, not `{f}`", self.position[i]),
                    )),
                    _ => Ok(i),
                }
            }
            (None, Some(f)) => self.position.iter().position(|c| *c == f).ok_or_else(|| {
                Error::illegal_move(
                    text,
                    format!(
                        "no component is `{f}` (the position is {})",
                        self.position.join(" ")
                    ),
                )
            }),
            (None, None) => Err(Error::illegal_move(text, "which component?")),
        }
    }

    /// The engine's move (see the module docs), or `None` when the game is
    /// over (no component has a move).
    pub fn engine_move(&mut self) -> Result<Option<EngineMove>> {
        let analysis = self.analysis()?;
        if let Some(w) = analysis.winning_moves.first() {
            return Ok(Some(EngineMove {
                mv: Move {
                    component: w.component,
                    from: w.from.clone(),
                    to: w.to.clone(),
                },
                winning: true,
            }));
        }
        // Each candidate spends at least 1 of the budget.
        let (candidates, _) = self.legal_moves_head(DELAY_BUDGET + 2)?;
        let mut best: Option<((usize, usize), Move)> = None;
        let mut spent = 0usize;
        for mv in candidates {
            if spent > DELAY_BUDGET && best.is_some() {
                break;
            }
            let mut after = self.position.clone();
            after.splice(mv.component..=mv.component, mv.to.iter().cloned());
            let mut replies = 0usize;
            for c in &after {
                let count = self.options_of(c)?.count;
                replies = replies.saturating_add(usize::try_from(count).unwrap_or(usize::MAX));
            }
            spent += replies.max(1);
            let winning = analyze_sum(self.game.as_mut(), self.misere, &after)?
                .winning_moves
                .len();
            let score = (replies.saturating_sub(winning), replies);
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, mv));
            }
        }
        Ok(best.map(|(_, mv)| EngineMove { mv, winning: false }))
    }
}

/// How well the engine plays: perfectly, or with a rate of mistakes (for
/// teaching: a student can beat an engine that errs now and then).
///
/// ```
/// use grundy::play::Strength;
/// assert!(Strength::with_mistakes(0.25).is_ok());
/// assert!(Strength::with_mistakes(1.5).is_err());
/// assert_eq!(Strength::default(), Strength::PERFECT);
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Strength {
    mistakes: f64,
}

impl Default for Strength {
    fn default() -> Self {
        Strength::PERFECT
    }
}

impl Strength {
    /// The engine of [`Match::engine_move`]: no mistakes.
    pub const PERFECT: Strength = Strength { mistakes: 0.0 };

    /// An engine that, with probability `rate` (from 0 to 1), plays a
    /// legal move drawn at random instead of its own choice; a rate
    /// outside `0..=1` is an [`ErrorKind::Domain`](crate::ErrorKind::Domain)
    /// error naming it.
    pub fn with_mistakes(rate: f64) -> Result<Strength> {
        if (0.0..=1.0).contains(&rate) {
            Ok(Strength { mistakes: rate })
        } else {
            Err(crate::ErrorKind::Domain(format!(
                "the rate of mistakes must be between 0 and 1, not `{rate}`"
            ))
            .into())
        }
    }

    /// The rate of mistakes, from 0 (perfect) to 1 (every move random).
    pub fn mistakes(&self) -> f64 {
        self.mistakes
    }
}

/// A seeded source of random draws (SplitMix64): the same seed gives the
/// same mistakes, so a lesson or a test can be replayed.
#[derive(Clone, Debug)]
pub struct Dice {
    state: u64,
}

impl Dice {
    /// Dice that start from `seed`.
    pub fn new(seed: u64) -> Dice {
        Dice { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// True with probability `p` (0 never, 1 always).
    pub fn chance(&mut self, p: f64) -> bool {
        // 53 random bits as a number in [0, 1).
        let x = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        x < p
    }

    /// A number in `0..n` (`n` > 0), uniform up to a bias below 2^-32 for
    /// the counts of moves met here.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// The engine's choice at a given [`Strength`] ([`Match::engine_move_at`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineChoice {
    /// The move played; `winning` says whether it leaves a P-position.
    pub played: EngineMove,
    /// True when the engine played its own choice ([`Match::engine_move`]),
    /// false when a mistake was drawn and a random legal move played.
    pub perfect: bool,
}

impl Match {
    /// The engine's move at `strength`: with probability
    /// [`Strength::mistakes`] (drawn from `dice`) a legal move chosen at
    /// random among the first [`CACHED_OPTIONS`] of each component,
    /// otherwise [`Match::engine_move`]. `None` when the game is over.
    ///
    /// ```
    /// use grundy::play::{Dice, Match, Strength};
    /// let game = grundy::spec::parse("nim").unwrap();
    /// let mut m = Match::new(game, &["3".into(), "4".into(), "5".into()]).unwrap();
    /// let always = Strength::with_mistakes(1.0).unwrap();
    /// let c = m.engine_move_at(always, &mut Dice::new(7)).unwrap().unwrap();
    /// assert!(!c.perfect);
    /// assert!(m.legal_moves().unwrap().contains(&c.played.mv));
    /// ```
    pub fn engine_move_at(
        &mut self,
        strength: Strength,
        dice: &mut Dice,
    ) -> Result<Option<EngineChoice>> {
        if strength.mistakes > 0.0 && dice.chance(strength.mistakes) {
            let (moves, _) = self.legal_moves_head(usize::MAX)?;
            if moves.is_empty() {
                return Ok(None);
            }
            let mv = moves[dice.below(moves.len())].clone();
            let winning = self.leaves_p_position(&mv)?;
            return Ok(Some(EngineChoice {
                played: EngineMove { mv, winning },
                perfect: false,
            }));
        }
        Ok(self.engine_move()?.map(|played| EngineChoice {
            played,
            perfect: true,
        }))
    }

    /// Whether `mv` (a legal move of this position) leaves a P-position
    /// (in misère play: a misère P-position), so wins against any defence.
    pub fn leaves_p_position(&mut self, mv: &Move) -> Result<bool> {
        let mut after = self.position.clone();
        if mv.component < after.len() {
            after.splice(mv.component..=mv.component, mv.to.iter().cloned());
        }
        let outcome = if self.misere {
            listed::analyze_misere(self.game.as_mut(), &after)?
                .analysis
                .outcome
        } else {
            // Only the outcome: no winning move of `after` is listed.
            self.game
                .analyze_without_moves(&after, &AnalyzeOptions::default(), true)?
                .outcome
        };
        Ok(outcome == crate::strategy::Outcome::P)
    }
}

/// The analysis of `position` in normal or misère play.
fn analyze_sum(
    game: &mut dyn AnyGame,
    misere: bool,
    position: &[String],
) -> Result<Analysis<String>> {
    if misere {
        Ok(listed::analyze_misere(game, position)?.analysis)
    } else {
        game.analyze(position, &AnalyzeOptions::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::parse;
    use crate::ErrorKind;

    fn start(spec: &str, position: &[u64]) -> Match {
        let p: Vec<String> = position.iter().map(u64::to_string).collect();
        Match::new(parse(spec).unwrap(), &p).unwrap()
    }

    fn nim_sum(p: &[String]) -> u64 {
        p.iter()
            .map(|c| c.parse::<u64>().unwrap())
            .fold(0, |a, b| a ^ b)
    }

    /// The engine must win every N-position of small Nim: its move always
    /// leaves nim-sum 0, and it is declared winning.
    #[test]
    fn engine_moves_to_a_p_position_from_every_small_n_position() {
        for a in 0..6u64 {
            for b in 0..6 {
                for c in 0..6 {
                    let mut m = start("nim", &[a, b, c]);
                    let e = m.engine_move().unwrap();
                    if a ^ b ^ c == 0 {
                        assert!(e.as_ref().is_none_or(|e| !e.winning), "{a} {b} {c}");
                        continue;
                    }
                    let e = e.unwrap();
                    assert!(e.winning);
                    m.play(&e.mv);
                    assert_eq!(nim_sum(m.position()), 0, "{a} {b} {c}: {}", e.mv);
                }
            }
        }
    }

    /// In a P-position the engine still moves, legally, and picks a move
    /// whose score is the best of all (checked by brute force).
    #[test]
    fn a_delaying_move_is_legal_and_leaves_the_most_non_winning_replies() {
        for heaps in [[1u64, 2, 3], [2, 4, 6], [3, 5, 6], [0, 7, 7]] {
            let mut m = start("nim", &heaps);
            let e = m.engine_move().unwrap().unwrap();
            assert!(!e.winning);
            let legal = m.legal_moves().unwrap();
            assert!(legal.contains(&e.mv), "{heaps:?}: {}", e.mv);
            let score = |mv: &Move| {
                let mut after: Vec<u64> = heaps.to_vec();
                after[mv.component] = mv.to[0].parse().unwrap();
                let replies: u64 = after.iter().sum();
                let t = after.iter().fold(0, |x, y| x ^ y);
                let winning = after.iter().filter(|&&h| h ^ t < h).count() as u64;
                (replies - winning, replies)
            };
            let best = legal.iter().map(score).max().unwrap();
            assert_eq!(score(&e.mv), best, "{heaps:?}: {}", e.mv);
        }
    }

    #[test]
    fn the_engine_wins_a_whole_game_against_a_naive_player() {
        // The naive player takes one token from the first non-empty heap.
        let mut m = start("sub:1,3,4", &[9, 5, 6]);
        let mut engine_to_move = true;
        loop {
            if m.is_over().unwrap() {
                // The player to move has lost: it must be the naive player.
                assert!(!engine_to_move, "the engine lost at {:?}", m.position());
                break;
            }
            let mv = if engine_to_move {
                m.engine_move().unwrap().unwrap().mv
            } else {
                m.legal_moves().unwrap()[0].clone()
            };
            m.play(&mv);
            engine_to_move = !engine_to_move;
        }
    }

    #[test]
    fn typed_moves_in_every_syntax() {
        let mut m = start("nim", &[3, 4, 5]);
        for text in [
            "component 0: 3 -> 1",
            "0: 3 -> 1",
            "3 -> 1",
            " 3->1 ",
            "0 1",
            "0: 003 -> 01",
        ] {
            let mv = m.parse_move(text).unwrap();
            assert_eq!(mv.to_string(), "0: 3 -> 1", "{text}");
        }
        assert_eq!(m.parse_move("5 -> 0").unwrap().component, 2);
    }

    #[test]
    fn illegal_moves_say_why() {
        let mut m = start("sub:1,3,4", &[5, 2]);
        let reason = |m: &mut Match, t: &str| match m.parse_move(t).unwrap_err().kind() {
            ErrorKind::IllegalMove { text, reason } => {
                assert_eq!(text, t.trim());
                reason.clone()
            }
            k => panic!("{t}: {k:?}"),
        };
        assert!(reason(&mut m, "5 -> 3").contains("can become 4, 2, 1"));
        assert!(reason(&mut m, "7 -> 3").contains("no component is `7`"));
        assert!(reason(&mut m, "4: 5 -> 3").contains("no component `4`"));
        assert!(reason(&mut m, "1: 5 -> 4").contains("component 1 is `2`"));
        assert!(reason(&mut m, "5 -> x").contains("`x`"));
        assert!(reason(&mut m, "5 ->").contains("missing"));
        assert!(reason(&mut m, "hello there world").contains("write a move"));
        let mut done = start("nim", &[0]);
        assert!(reason(&mut done, "0 -> 0").contains("no moves"));
        assert!(done.is_over().unwrap());
        assert_eq!(done.engine_move().unwrap(), None);
    }

    /// A heap with more options than are held: counted, checked and
    /// played without listing it (issue 19), equal to the full list
    /// where both exist.
    #[test]
    fn a_heap_with_more_options_than_are_held_is_played_by_streaming() {
        let heap = (2 * CACHED_OPTIONS + 1) as u64; // Kayles: one option per token
        let mut m = start("kayles", &[heap]);
        let (first, total) = m.legal_moves_head(5).unwrap();
        assert_eq!(total, heap);
        assert_eq!(first.len(), 5);
        assert!(!m.is_over().unwrap());
        // Options far past the held ones are found; non-options refused.
        let far = format!("{heap} -> {}+{}", heap / 2 - 1, heap - heap / 2 - 1);
        assert_eq!(m.parse_move(&far).unwrap().to.len(), 2);
        let e = m.parse_move(&format!("{heap} -> 5+5")).unwrap_err();
        assert!(e.to_string().contains(&format!("({heap} in all)")), "{e}");
        // Listing every move is refused past the listing bound.
        assert!(m.legal_moves().is_err());
        // Below it, the streamed answers equal the full list.
        let mut small = start("dawson", &[3000]);
        let all = small.legal_moves().unwrap();
        let (head, total) = small.legal_moves_head(usize::MAX).unwrap();
        assert_eq!((head, total), (all.clone(), all.len() as u64));
        let mut g = parse("dawson").unwrap();
        for mv in &all {
            assert_eq!(
                g.find_option("3000", &mv.to).unwrap().as_ref(),
                Some(&mv.to)
            );
        }
        assert_eq!(g.find_option("3000", &["2999".into()]).unwrap(), None);
        // The engine wins from the big heap: its move leaves value 0.
        let e = m.engine_move().unwrap().unwrap();
        assert!(e.winning);
        m.play(&e.mv);
        assert_eq!(m.analysis().unwrap().value.map(|v| v.value()), Some(0));
    }

    /// Strength: no mistakes is the perfect engine; a rate of 1 plays
    /// random legal moves, the same for the same seed; a rate in between
    /// errs about that often (nim 3 4 5 has one winning move among 12).
    #[test]
    fn an_engine_with_a_rate_of_mistakes_errs_that_often_and_replays_by_seed() {
        let mut m = start("nim", &[3, 4, 5]);
        let best = m.engine_move().unwrap();
        let perfect = m
            .engine_move_at(Strength::PERFECT, &mut Dice::new(1))
            .unwrap()
            .unwrap();
        assert!(perfect.perfect);
        assert_eq!(Some(perfect.played), best);
        let all = Strength::with_mistakes(1.0).unwrap();
        let legal = m.legal_moves().unwrap();
        let mut seen = std::collections::HashSet::new();
        for seed in 0..200 {
            let c = m
                .engine_move_at(all, &mut Dice::new(seed))
                .unwrap()
                .unwrap();
            let again = m
                .engine_move_at(all, &mut Dice::new(seed))
                .unwrap()
                .unwrap();
            assert_eq!(c, again, "seed {seed}");
            assert!(!c.perfect);
            assert!(legal.contains(&c.played.mv), "{}", c.played.mv);
            assert_eq!(c.played.winning, c.played.mv.to_string() == "0: 3 -> 1");
            seen.insert(c.played.mv.to_string());
        }
        assert_eq!(seen.len(), legal.len(), "every legal move is drawn");
        let third = Strength::with_mistakes(0.3).unwrap();
        let mut dice = Dice::new(42);
        let mistakes = (0..2000)
            .filter(|_| !m.engine_move_at(third, &mut dice).unwrap().unwrap().perfect)
            .count();
        assert!((500..700).contains(&mistakes), "{mistakes} of 2000");
        for bad in [-0.1, 1.01, f64::NAN] {
            let e = Strength::with_mistakes(bad).unwrap_err();
            assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
        }
        let mut done = start("nim", &[0]);
        assert_eq!(done.engine_move_at(all, &mut Dice::new(3)).unwrap(), None);
    }

    #[test]
    fn positions_too_large_to_list_are_refused_at_the_start() {
        let e = Match::new(parse("nim").unwrap(), &["1000000000".into()])
            .err()
            .unwrap();
        assert!(e.to_string().contains("`1000000000`"), "{e}");
        // A finite subtraction set lists any heap's options.
        start("sub:1,3,4", &[u64::MAX / 2]);
    }
}

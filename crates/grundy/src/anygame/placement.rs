//! The adapter of the placement games (`cram`, `node-kayles`, `chomp`) to
//! [`AnyGame`]: positions parsed and drawn, sums valued by the
//! [`PlacementSolver`], winning moves listed as the board they leave with
//! the move's cells marked `x`. The options of a board are the boards its
//! moves leave (whole, not split), which is what play, misère search and
//! the compounds ([`super::listed`]) work on.
//!
//! A family has a main engine (one game, one table: the grid or Chomp
//! boards, or the graph of `node-kayles:FILE`); `node-kayles` adds an
//! engine per cycle named in a position (`cycle:N`).

use super::adapt::not_a_sequence;
use super::{AnalyzeOptions, AnyGame};
use crate::error::{Error, Result};
use crate::games::placement::Placement;
use crate::nimber::Nimber;
use crate::solve::placement::{Board, PlacementConfig, PlacementSolver, Progress};
use crate::strategy::{Analysis, MovesListed, Outcome, WinningMove};
use crate::util::Cancel;

/// One game with its solver and its way of drawing positions.
pub(crate) trait Engine {
    /// What a position names to use this engine (`cycle:7`); empty for the
    /// family's main engine.
    fn label(&self) -> &str;
    /// The nim-value of the sum of `boards`.
    fn sum_value(&mut self, boards: &[Board]) -> Result<Nimber>;
    /// Whether the sum of `boards` has nim-value `k` (pruned search).
    fn sum_is(&mut self, boards: &[Board], k: u64) -> Result<bool>;
    /// The moves of `board`: the cells taken and the board left.
    fn moves(&self, board: &Board) -> Vec<(u128, Board)>;
    /// `board` written as a position, the cells `marks` (a move just made)
    /// marked.
    fn show(&self, board: &Board, marks: u128) -> String;
    /// A position of this engine's game.
    fn read(&self, text: &str) -> Result<Board>;
    /// The table in its saved form.
    fn save(&self) -> Vec<u8>;
    /// Adds a saved table.
    fn load(&mut self, bytes: &[u8], name: &str) -> Result<()>;
    /// Reports the regions the search lists (see
    /// [`PlacementSolver::set_progress`]).
    fn set_progress(&mut self, progress: Option<Progress>);
    /// Stops later searches when `cancel` asks (see
    /// [`PlacementSolver::set_cancel`]).
    fn set_cancel(&mut self, cancel: Cancel);
}

/// Writes a board of game `G` (engine label, board, cells marked).
pub(crate) type Show<G> = fn(&G, &str, &Board, u128) -> String;
/// Reads a board of game `G` (engine label, text).
pub(crate) type Read<G> = fn(&G, &str, &str) -> Result<Board>;

/// A placement game `G` as an [`Engine`].
pub(crate) struct GameEngine<G: Placement> {
    label: String,
    solver: PlacementSolver<G>,
    show: Show<G>,
    read: Read<G>,
}

impl<G: Placement> GameEngine<G> {
    pub(crate) fn new(label: &str, game: G, show: Show<G>, read: Read<G>) -> Self {
        GameEngine {
            label: label.to_string(),
            solver: PlacementSolver::new(game, PlacementConfig::default()),
            show,
            read,
        }
    }

    fn regions(&self, boards: &[Board]) -> Vec<Board> {
        let mut out = Vec::new();
        for b in boards {
            self.solver.rules().regions_into(b, &mut out);
        }
        out
    }
}

impl<G: Placement> Engine for GameEngine<G> {
    fn label(&self) -> &str {
        &self.label
    }

    fn sum_value(&mut self, boards: &[Board]) -> Result<Nimber> {
        let regions = self.regions(boards);
        self.solver.sum_value(&regions)
    }

    fn sum_is(&mut self, boards: &[Board], k: u64) -> Result<bool> {
        let regions = self.regions(boards);
        self.solver.sum_is(&regions, k)
    }

    fn moves(&self, board: &Board) -> Vec<(u128, Board)> {
        let mut out = Vec::new();
        self.solver
            .rules()
            .each_move(board, &mut |cells, after| out.push((cells, after)));
        out
    }

    fn show(&self, board: &Board, marks: u128) -> String {
        (self.show)(self.solver.rules(), &self.label, board, marks)
    }

    fn read(&self, text: &str) -> Result<Board> {
        (self.read)(self.solver.rules(), &self.label, text)
    }

    fn save(&self) -> Vec<u8> {
        self.solver.save_table()
    }

    fn load(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        self.solver.load_table(bytes, name)
    }

    fn set_progress(&mut self, progress: Option<Progress>) {
        self.solver.set_progress(progress);
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.solver.set_cancel(cancel);
    }
}

/// Chooses the engine of one component: an index into the list, which
/// the chooser may extend (the engine then reads the position).
pub(crate) type ChooseEngine = fn(&str, &mut Vec<Box<dyn Engine>>) -> Result<usize>;

/// A placement family as an [`AnyGame`].
pub(crate) struct PlacementSpec {
    spec: String,
    engines: Vec<Box<dyn Engine>>,
    parse: ChooseEngine,
    progress: Option<Progress>,
    cancel: Cancel,
}

impl PlacementSpec {
    pub(crate) fn new(spec: &str, main: Box<dyn Engine>, parse: ChooseEngine) -> Self {
        PlacementSpec {
            spec: spec.to_string(),
            engines: vec![main],
            parse,
            progress: None,
            cancel: Cancel::never(),
        }
    }

    fn component(&mut self, text: &str) -> Result<(usize, Board)> {
        let known = self.engines.len();
        let e = (self.parse)(text, &mut self.engines)?;
        // An engine added for this position reports to the same progress
        // and obeys the same cancel hook.
        for engine in &mut self.engines[known..] {
            engine.set_progress(self.progress.clone());
            engine.set_cancel(self.cancel.clone());
        }
        Ok((e, self.engines[e].read(text)?))
    }

    fn no_sequence(&self) -> Error {
        not_a_sequence(
            &self.spec,
            "its positions are boards (ask `grundy analyze` about one)",
        )
    }

    /// The value of every component, and the sum's, the main engine's
    /// boards valued together.
    fn values(&mut self, comps: &[(usize, Board)]) -> Result<Vec<Nimber>> {
        comps
            .iter()
            .map(|&(e, b)| self.engines[e].sum_value(&[b]))
            .collect()
    }

    /// Whether the sum of `comps` with `replace = (i, board)` in place of
    /// component `i` has value 0, searched with pruning: the other
    /// engines' components are valued, then the main engine's boards are
    /// searched together.
    fn is_p(&mut self, comps: &[(usize, Board)], replace: Option<(usize, Board)>) -> Result<bool> {
        let mut k = Nimber::new(0);
        let mut main = Vec::new();
        for (i, &(e, b)) in comps.iter().enumerate() {
            let b = match replace {
                Some((j, r)) if j == i => r,
                _ => b,
            };
            if e == 0 {
                main.push(b);
            } else {
                k += self.engines[e].sum_value(&[b])?;
            }
        }
        self.engines[0].sum_is(&main, k.value())
    }
}

impl AnyGame for PlacementSpec {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn values(&mut self, _from: u64, _to: u64) -> Result<Vec<Nimber>> {
        Err(self.no_sequence())
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        let (e, b) = self.component(component)?;
        Ok(self.engines[e].show(&b, 0))
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.analyze_sum(positions, options, false, true)
    }

    fn analyze_outcome(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        self.analyze_sum(positions, options, true, true)
    }

    fn set_progress(&mut self, progress: Progress) {
        for engine in &mut self.engines {
            engine.set_progress(Some(progress.clone()));
        }
        self.progress = Some(progress);
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        for engine in &mut self.engines {
            engine.set_cancel(cancel.clone());
        }
        self.cancel = cancel;
    }

    /// The value (or with `outcome_only` the outcome) alone: no move is
    /// searched.
    fn analyze_without_moves(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
    ) -> Result<Analysis<String>> {
        self.analyze_sum(positions, options, outcome_only, false)
    }

    /// Each move leaves one board, written as the family writes positions
    /// (the cells a move took drawn as taken): play, misère search and the
    /// compounds work on whole boards.
    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        let (e, b) = self.component(component)?;
        let engine = &self.engines[e];
        Ok(engine
            .moves(&b)
            .into_iter()
            .map(|(_, after)| vec![engine.show(&after, 0)])
            .collect())
    }

    fn save_table(&self) -> Result<Vec<u8>> {
        Ok(self.engines[0].save())
    }

    fn load_table(&mut self, bytes: &[u8], name: &str) -> Result<()> {
        self.engines[0].load(bytes, name)
    }
}

impl PlacementSpec {
    fn analyze_sum(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
        outcome_only: bool,
        moves: bool,
    ) -> Result<Analysis<String>> {
        if options.misere {
            return Err(Error::unsupported(format!(
                "misère play of `{}` is not supported: the placement solver uses the \
                 Sprague–Grundy decomposition, which holds in normal play only",
                self.spec
            )));
        }
        let comps = positions
            .iter()
            .map(|p| self.component(p))
            .collect::<Result<Vec<_>>>()?;
        let mut winning_moves = Vec::new();
        let (value, outcome);
        if outcome_only {
            let p = self.is_p(&comps, None)?;
            outcome = if p { Outcome::P } else { Outcome::N };
            value = None;
            if !p && moves {
                // One winning move is the answer: the outcome is proven.
                'search: for (i, &(e, b)) in comps.iter().enumerate() {
                    for (cells, after) in self.engines[e].moves(&b) {
                        if self.is_p(&comps, Some((i, after)))? {
                            winning_moves.push(self.winning(i, e, &b, cells, &after));
                            break 'search;
                        }
                    }
                }
            }
        } else {
            let values = self.values(&comps)?;
            let total = values.iter().fold(Nimber::new(0), |t, &v| t + v);
            value = Some(total);
            outcome = Outcome::of_value(total);
            if !total.is_zero() && moves {
                for (i, &(e, b)) in comps.iter().enumerate() {
                    let target = (values[i] + total).value();
                    for (cells, after) in self.engines[e].moves(&b) {
                        if self.engines[e].sum_is(&[after], target)? {
                            winning_moves.push(self.winning(i, e, &b, cells, &after));
                        }
                    }
                }
            }
        }
        let listed = if !moves {
            MovesListed::NotComputed
        } else if outcome_only && outcome == Outcome::N {
            MovesListed::First
        } else {
            MovesListed::All
        };
        Ok(Analysis::new(value, outcome, winning_moves).with_moves_listed(listed))
    }

    fn winning(
        &self,
        component: usize,
        engine: usize,
        from: &Board,
        cells: u128,
        after: &Board,
    ) -> WinningMove<String> {
        let e = &self.engines[engine];
        WinningMove {
            name: None,
            component,
            from: e.show(from, 0),
            to: vec![e.show(after, cells)],
        }
    }
}

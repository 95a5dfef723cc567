//! Why a position has the value it has, for a student: the derivation
//! behind [`AnyGame::analyze`], as data ([`Explanation`]) and as lines of
//! text in English or Chinese ([`Explanation::lines`]).
//!
//! For each component (a position of the sum): its options, each a sum of
//! parts whose values XOR to the option's value (Lasker's split
//! `7 -> 3+4` has `G(3) ⊕ G(4)`), the set of option values, and the mex
//! taken step by step (`0` is an option value, `1` is, `2` is not: the
//! value is 2). For the sum: the values in binary columns, their XOR `X`
//! column by column, and either how each winning move is found (Bouton:
//! the highest set bit of `X`, a component whose value has it, its target
//! `G ⊕ X`, the option of that value) or why every move loses (a move
//! changes one row, so the XOR becomes non-zero). For a heap game whose
//! period the search finds: the period, the argument that proves it (the
//! library's [`PeriodReport`]) and how `G(n)` follows for each heap. Under
//! misère play: the library's misère analysis (the SJ theorem, search, or
//! the family's own), briefly.
//!
//! Every number comes from the game ([`AnyGame::analyze`] of each part,
//! [`AnyGame::options_head`], [`AnyGame::period_within`]); none is
//! invented. A value the game cannot give is the game's error (a heap too
//! large, a limit reached). The lists are capped
//! ([`MAX_EXPLAINED_OPTIONS`], [`MAX_EXPLAINED_MOVES`]) and say how many
//! there are in all; a sum has at most [`MAX_EXPLAINED_COMPONENTS`]
//! components.
//!
//! Time: one analysis per distinct part of the first
//! [`MAX_EXPLAINED_OPTIONS`] options of each distinct component, plus the
//! analysis of the sum and a period search bounded by
//! [`PERIOD_SEARCH_VALUES`] and [`PERIOD_SEARCH_TIME`].

mod json;
mod render;
mod zh;

use crate::analysis::Periodicity;
use crate::error::{Error, ErrorKind, Result};
use crate::nimber::Nimber;
use crate::solve::PeriodReport;
use crate::spec::listed::{self, MisereMethod};
use crate::spec::{AnalyzeOptions, AnyGame};
use crate::strategy::{Analysis, Outcome, WinningMove};
use std::collections::HashMap;
use std::time::Duration;

/// Most components an explanation covers (a sum of more is refused).
pub const MAX_EXPLAINED_COMPONENTS: usize = 32;
/// Most options of one component listed with their values; beyond, the
/// explanation says how many there are and gives the value without the mex
/// step by step.
pub const MAX_EXPLAINED_OPTIONS: usize = 64;
/// Most winning moves derived one by one (the others are counted).
pub const MAX_EXPLAINED_MOVES: usize = 32;
/// Most values the period search of an explanation computes.
pub const PERIOD_SEARCH_VALUES: u64 = 1 << 16;
/// Longest time the period search of an explanation takes.
pub const PERIOD_SEARCH_TIME: Duration = Duration::from_secs(1);

/// The language of [`Explanation::lines`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Chinese (simplified), in the terms of the Chinese tutorials: SG 函数,
    /// mex, 后继状态, 必胜态/必败态, 异或.
    Zh,
}

impl Lang {
    /// The language's code: `en` or `zh`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
}

impl std::str::FromStr for Lang {
    type Err = Error;

    /// `en` or `zh` (any case); anything else is an error naming it.
    fn from_str(s: &str) -> Result<Lang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "en" => Ok(Lang::En),
            "zh" => Ok(Lang::Zh),
            _ => Err(Error::unsupported(format!(
                "unknown language `{s}`: explanations are in `en` or `zh`"
            ))),
        }
    }
}

/// The derivation of the value and outcome of a sum (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explanation {
    /// The game's canonical spec.
    pub game: String,
    /// The components as the game writes them.
    pub positions: Vec<String>,
    /// Misère play was asked for ([`misere_play`](Self::misere_play)).
    pub misere: bool,
    /// One per component, in order.
    pub components: Vec<Component>,
    /// The sum under normal play: values, XOR, winning moves.
    pub sum: SumExplained,
    /// The period of a heap game's nim-sequence, when the search found one
    /// and every component is a heap.
    pub period: Option<PeriodNote>,
    /// The misère analysis, under misère play.
    pub misere_play: Option<MiserePlay>,
}

/// One component: its value and where it comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    /// The position, as the game writes it.
    pub position: String,
    /// Its nim-value (normal play).
    pub value: Nimber,
    /// The index of an earlier component with the same position, whose
    /// options explain this one too (then [`options`](Self::options) is
    /// `None`).
    pub same_as: Option<usize>,
    /// Its options and the mex, unless [`same_as`](Self::same_as).
    pub options: Option<OptionsExplained>,
}

/// The options of a component and the mex of their values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionsExplained {
    /// How many options the component has.
    pub total: u64,
    /// The first of them (all when [`is_complete`](Self::is_complete)),
    /// at most [`MAX_EXPLAINED_OPTIONS`].
    pub listed: Vec<OptionExplained>,
    /// The mex of the option values step by step: `0, 1, ...` each with
    /// the index (in `listed`) of an option of that value, up to the first
    /// value no option has (`option` `None`), which is the component's
    /// value. Empty when not every option is listed.
    pub mex: Vec<MexStep>,
}

impl OptionsExplained {
    /// True when every option is listed.
    pub fn is_complete(&self) -> bool {
        self.listed.len() as u64 == self.total
    }

    /// The distinct values of the listed options, in increasing order.
    pub fn values(&self) -> Vec<Nimber> {
        let mut v: Vec<Nimber> = self.listed.iter().map(|o| o.value).collect();
        v.sort_unstable_by_key(|n| n.value());
        v.dedup();
        v
    }
}

/// One option: the parts it leaves and their values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionExplained {
    /// The components the move leaves (empty: nothing left).
    pub to: Vec<String>,
    /// The value of each part, in order.
    pub parts: Vec<Nimber>,
    /// The option's value: the XOR (nim-sum) of `parts`.
    pub value: Nimber,
}

/// One step of a mex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MexStep {
    /// The value looked for.
    pub value: Nimber,
    /// An option of that value (its index among the listed options), or
    /// `None`: no option has it, and it is the mex.
    pub option: Option<usize>,
}

/// The sum under normal play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SumExplained {
    /// The value of each component.
    pub values: Vec<Nimber>,
    /// Their XOR, the value of the sum.
    pub total: Nimber,
    /// P exactly when the total is 0.
    pub outcome: Outcome,
    /// The first winning moves (at most [`MAX_EXPLAINED_MOVES`]), each
    /// with its target value.
    pub winning_moves: Vec<MoveExplained>,
    /// How many winning moves there are in all.
    pub winning_moves_total: u128,
}

impl SumExplained {
    /// The highest set bit of the total (`None` when it is 0): Bouton's
    /// rule moves in a component whose value has it.
    pub fn highest_bit(&self) -> Option<u32> {
        let t = self.total.value();
        (t != 0).then(|| 63 - t.leading_zeros())
    }

    /// The number of binary digits that the columns need (at least 1).
    pub fn width(&self) -> usize {
        let max = self
            .values
            .iter()
            .map(|v| v.value())
            .chain([self.total.value()])
            .max()
            .unwrap_or(0);
        (64 - max.leading_zeros()).max(1) as usize
    }

    /// `value` in binary, [`width`](Self::width) digits.
    pub fn binary(&self, value: Nimber) -> String {
        format!("{:0w$b}", value.value(), w = self.width())
    }
}

/// A winning move and why it wins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveExplained {
    /// The component moved in.
    pub component: usize,
    /// The component before the move.
    pub from: String,
    /// The option it becomes (empty: nothing left).
    pub to: Vec<String>,
    /// The value of each part of the option.
    pub parts: Vec<Nimber>,
    /// The value of the component before the move.
    pub value: Nimber,
    /// The value the move must reach: `value ⊕ X`; the option's value.
    pub target: Nimber,
}

/// The period of a heap game's nim-sequence and how it gives each heap's
/// value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodNote {
    /// Preperiod, period and saltus.
    pub periodicity: Periodicity,
    /// True when a theorem proves it (else only observed).
    pub certified: bool,
    /// The largest heap whose value the search computed.
    pub checked_to: u64,
    /// The argument: which theorem, on which range.
    pub proof: String,
    /// For each component (a heap), how its value follows.
    pub heaps: Vec<HeapFromPeriod>,
}

impl PeriodNote {
    /// [`proof`](Self::proof) in `lang`: the period searches state it in
    /// English, translated phrase by phrase for `zh` (formulas kept; a
    /// phrase the translation does not know stays English).
    pub fn proof_in(&self, lang: Lang) -> String {
        match lang {
            Lang::En => self.proof.clone(),
            Lang::Zh => zh::proof(&self.proof),
        }
    }
}

/// How one heap's value follows from a period: `n = base + cycles·p`, so
/// `G(n) = G(base) + cycles·s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeapFromPeriod {
    /// The heap `n`.
    pub heap: u64,
    /// The heap of the first period (or the heap itself below the
    /// preperiod) with the same place in the cycle.
    pub base: u64,
    /// Whole periods between `base` and `n`.
    pub cycles: u64,
    /// `G(base)`.
    pub base_value: Nimber,
}

/// The misère analysis of the sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MiserePlay {
    /// How the outcome was decided.
    pub method: MisereMethod,
    /// Who wins under misère play.
    pub outcome: Outcome,
    /// The misère nim-value of the sum, when computed.
    pub misere_value: Option<u64>,
    /// When the SJ theorem's condition fails: a position where it does.
    pub sj_fails_at: Option<String>,
    /// The first winning moves (at most [`MAX_EXPLAINED_MOVES`]).
    pub winning_moves: Vec<WinningMove<String>>,
    /// How many winning moves there are in all (`None`: not all searched).
    pub winning_moves_total: Option<u128>,
}

/// The explanation of the sum of `positions` of `game` (one string per
/// component, as for [`AnyGame::analyze`]); `misere` adds the misère
/// analysis. Errors: those of the game's analysis (a bad position, a
/// value too large to compute), more than [`MAX_EXPLAINED_COMPONENTS`]
/// components, or an option part whose value the game does not know.
pub fn explain(game: &mut dyn AnyGame, positions: &[String], misere: bool) -> Result<Explanation> {
    if positions.len() > MAX_EXPLAINED_COMPONENTS {
        return Err(Error::unsupported(format!(
            "an explanation covers at most `{MAX_EXPLAINED_COMPONENTS}` components; {} given",
            positions.len()
        )));
    }
    // The analysis first: it checks the count and every position, with
    // the game's usual errors.
    let analysis = game.analyze(positions, &AnalyzeOptions::default())?;
    let spec = game.spec();
    let mut values = Values::default();
    let mut components: Vec<Component> = Vec::with_capacity(positions.len());
    for p in positions {
        let position = game.normalize(p)?;
        let value = values.of(game, &position)?;
        let same_as = components.iter().position(|c| c.position == position);
        let options = match same_as {
            Some(_) => None,
            None => Some(explain_options(game, &mut values, &position)?),
        };
        components.push(Component {
            position,
            value,
            same_as,
            options,
        });
    }
    let sum = explain_sum(game, &mut values, &components, &analysis)?;
    let period = period_note(game, &components)?;
    let misere_play = if misere {
        Some(misere_play(game, positions)?)
    } else {
        None
    };
    Ok(Explanation {
        game: spec,
        positions: components.iter().map(|c| c.position.clone()).collect(),
        misere,
        components,
        sum,
        period,
        misere_play,
    })
}

/// The values of single components, each asked of the game once.
#[derive(Default)]
struct Values(HashMap<String, Nimber>);

impl Values {
    fn of(&mut self, game: &mut dyn AnyGame, part: &str) -> Result<Nimber> {
        if let Some(v) = self.0.get(part) {
            return Ok(*v);
        }
        let a = game.analyze(&[part.to_string()], &AnalyzeOptions::default())?;
        let v = a.value.ok_or_else(|| {
            Error::unsupported(format!(
                "`{}` gives only the outcome of `{part}`, not its nim-value: an explanation needs the value of every part",
                game.spec()
            ))
        })?;
        self.0.insert(part.to_string(), v);
        Ok(v)
    }

    fn parts(&mut self, game: &mut dyn AnyGame, parts: &[String]) -> Result<Vec<Nimber>> {
        parts.iter().map(|p| self.of(game, p)).collect()
    }
}

fn explain_options(
    game: &mut dyn AnyGame,
    values: &mut Values,
    position: &str,
) -> Result<OptionsExplained> {
    let head = game.options_head(position, MAX_EXPLAINED_OPTIONS)?;
    let mut listed = Vec::with_capacity(head.first.len());
    for to in head.first {
        let parts = values.parts(game, &to)?;
        let value = parts.iter().sum();
        listed.push(OptionExplained { to, parts, value });
    }
    let mut e = OptionsExplained {
        total: head.count,
        listed,
        mex: Vec::new(),
    };
    if e.is_complete() {
        e.mex = mex_steps(&e.listed);
    }
    Ok(e)
}

/// The mex of the options' values, one step per value tried.
fn mex_steps(options: &[OptionExplained]) -> Vec<MexStep> {
    let mut first: HashMap<u64, usize> = HashMap::new();
    for (i, o) in options.iter().enumerate() {
        first.entry(o.value.value()).or_insert(i);
    }
    let mut steps = Vec::new();
    // The mex of k values is at most k: the loop ends by then.
    for k in 0..=options.len() as u64 {
        let option = first.get(&k).copied();
        steps.push(MexStep {
            value: Nimber::new(k),
            option,
        });
        if option.is_none() {
            break;
        }
    }
    steps
}

fn explain_sum(
    game: &mut dyn AnyGame,
    values: &mut Values,
    components: &[Component],
    analysis: &Analysis<String>,
) -> Result<SumExplained> {
    let vals: Vec<Nimber> = components.iter().map(|c| c.value).collect();
    let total: Nimber = vals.iter().sum();
    let mut winning_moves = Vec::new();
    for m in analysis.winning_moves.iter().take(MAX_EXPLAINED_MOVES) {
        let parts = values.parts(game, &m.to)?;
        let value = vals.get(m.component).copied().unwrap_or(Nimber::ZERO);
        winning_moves.push(MoveExplained {
            component: m.component,
            from: m.from.clone(),
            to: m.to.clone(),
            parts,
            value,
            target: value + total,
        });
    }
    Ok(SumExplained {
        values: vals,
        total,
        outcome: Outcome::of_value(total),
        winning_moves,
        winning_moves_total: analysis.winning_moves_total(),
    })
}

/// The period note when every component is a heap and the game's period
/// search finds a period; `None` for games with no such search.
fn period_note(game: &mut dyn AnyGame, components: &[Component]) -> Result<Option<PeriodNote>> {
    let heaps: Option<Vec<u64>> = components
        .iter()
        .map(|c| crate::util::parse_u64(&c.position).ok())
        .collect();
    let Some(heaps) = heaps else {
        return Ok(None);
    };
    let report: PeriodReport =
        match game.period_within(PERIOD_SEARCH_VALUES, Some(PERIOD_SEARCH_TIME), &mut |_| {}) {
            Ok(r) => r,
            // No nim-sequence, or no period search: nothing to say.
            Err(e) if matches!(e.kind(), ErrorKind::Unsupported(_) | ErrorKind::Domain(_)) => {
                return Ok(None)
            }
            Err(e) => return Err(e),
        };
    let Some(p) = report.periodicity else {
        return Ok(None);
    };
    let mut from_period = Vec::with_capacity(heaps.len());
    for n in heaps {
        let (base, cycles) = if n < p.preperiod {
            (n, 0)
        } else {
            let r = (n - p.preperiod) % p.period;
            (p.preperiod + r, (n - p.preperiod) / p.period)
        };
        let base_value = game
            .values(base, base)?
            .first()
            .copied()
            .unwrap_or(Nimber::ZERO);
        from_period.push(HeapFromPeriod {
            heap: n,
            base,
            cycles,
            base_value,
        });
    }
    Ok(Some(PeriodNote {
        periodicity: p,
        certified: report.certified,
        checked_to: report.checked_to,
        proof: report.proof,
        heaps: from_period,
    }))
}

fn misere_play(game: &mut dyn AnyGame, positions: &[String]) -> Result<MiserePlay> {
    let r = listed::analyze_misere(game, positions)?;
    let total = match r.analysis.moves_listed {
        crate::strategy::MovesListed::All => Some(r.analysis.winning_moves_total()),
        _ => None,
    };
    Ok(MiserePlay {
        method: r.method,
        outcome: r.analysis.outcome,
        misere_value: r.misere_value,
        sj_fails_at: r.sj_fails_at,
        winning_moves: r
            .analysis
            .winning_moves
            .into_iter()
            .take(MAX_EXPLAINED_MOVES)
            .collect(),
        winning_moves_total: total,
    })
}

impl Explanation {
    /// The explanation as lines of text in `lang` (no trailing newlines):
    /// what the `grundy` command prints and what the server and the Python
    /// package give, word for word.
    pub fn lines(&self, lang: Lang) -> Vec<String> {
        render::lines(self, lang)
    }

    /// The explanation as one JSON object (the `grundy explain --format
    /// json` shape), with its [`lines`](Self::lines) in `lang` under
    /// `"lines"`.
    pub fn to_json(&self, lang: Lang) -> serde_json::Value {
        json::to_json(self, lang)
    }
}

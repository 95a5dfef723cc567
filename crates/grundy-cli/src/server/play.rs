//! `/api/moves` and `/api/engine`: the page's play view, on the
//! library's [`Match`] (legal moves, the analysis that says which win,
//! the engine's reply at a chosen [`Strength`]).

use super::bridge::{within, Params};
use super::limits::ApiError;
use grundy::play::{join_sum, Dice, EngineChoice, Match, Move, Strength};
use grundy::service::{RequestFiles, RequestPolicy};
use grundy::strategy::Outcome;
use serde_json::{json, Value};

/// Moves listed at most by `/api/moves` (`moves_total` counts them all).
pub const MAX_MOVES: usize = 2000;

/// The match the query names (`game`, `position`..., `misere`,
/// `param`...), inside the request's context.
fn start(p: &Params) -> anyhow::Result<Match> {
    let game = crate::game::parse(&p.required("game")?, &p.all("param"))?;
    let position = p.all("position");
    let misere = p.flag("misere")?;
    Ok(if misere {
        Match::new_misere(game, &position)?
    } else {
        Match::new(game, &position)?
    })
}

impl From<ApiError> for anyhow::Error {
    fn from(e: ApiError) -> anyhow::Error {
        anyhow::Error::msg(e.message)
    }
}

/// A move as the page shows it; `wins`: whether it leaves a P-position
/// (null: not known).
fn move_json(mv: &Move, wins: Option<bool>) -> Value {
    json!({
        "text": format!("{} -> {}", mv.from, join_sum(&mv.to)),
        "component": mv.component,
        "from": mv.from,
        "to": mv.to,
        "wins": wins,
    })
}

/// `/api/moves`: the position, its value and outcome, every legal move
/// (the first [`MAX_MOVES`]) and whether each wins.
pub fn moves(p: &Params, files: RequestFiles, policy: &RequestPolicy) -> Result<Value, ApiError> {
    p.only(&["game", "position", "misere", "param"])?;
    within(files, policy, true, || {
        let mut m = start(p)?;
        let a = m.analysis()?;
        let (listed, total) = m.legal_moves_head(MAX_MOVES)?;
        // From a P-position every move loses; from any other, each move is
        // asked whether it leaves a P-position (its outcome only).
        let won = listed
            .iter()
            .map(|mv| match a.outcome {
                Outcome::P => Ok(Some(false)),
                _ => m.leaves_p_position(mv).map(Some),
            })
            .collect::<grundy::error::Result<Vec<_>>>()?;
        let moves: Vec<Value> = listed
            .iter()
            .zip(won)
            .map(|(mv, w)| move_json(mv, w))
            .collect();
        Ok(json!({
            "game": m.spec(),
            "position": m.position(),
            "misere": m.is_misere(),
            "over": total == 0,
            "value": a.value.map(|v| v.value()),
            "outcome": a.outcome.to_string(),
            "moves": moves,
            "moves_total": total,
        }))
    })
}

/// `/api/engine`: the engine's reply from the position, at the strength
/// `mistakes` (0 to 1, default 0) with the dice `seed` (default: the
/// clock), and the position after it.
pub fn engine(p: &Params, files: RequestFiles, policy: &RequestPolicy) -> Result<Value, ApiError> {
    p.only(&["game", "position", "misere", "param", "mistakes", "seed"])?;
    let rate = match p.one("mistakes")? {
        None => 0.0,
        Some(r) => r.parse::<f64>().map_err(|_| {
            ApiError::usage(format!("`mistakes` is a number from 0 to 1, not `{r}`"))
        })?,
    };
    let seed = match p.one("seed")? {
        None => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64),
        Some(s) => s
            .parse::<u64>()
            .map_err(|_| ApiError::usage(format!("`seed` is a whole number, not `{s}`")))?,
    };
    within(files, policy, true, || {
        let strength = Strength::with_mistakes(rate)?;
        let mut m = start(p)?;
        let choice = m.engine_move_at(strength, &mut Dice::new(seed))?;
        let (mv, perfect) = match &choice {
            Some(EngineChoice { played, perfect }) => {
                m.play(&played.mv);
                (move_json(&played.mv, Some(played.winning)), *perfect)
            }
            None => (Value::Null, true),
        };
        Ok(json!({
            "move": mv,
            "position": m.position(),
            "over": m.is_over()?,
            "perfect": perfect,
        }))
    })
}

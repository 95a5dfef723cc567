//! The JSON shape of an [`Explanation`] (`grundy explain --format json`,
//! the server's `/api/explain`): written once here for every front-end.

use super::{Component, Explanation, Lang, MiserePlay, PeriodNote, SumExplained};
use crate::nimber::Nimber;
use serde_json::{json, Value};

/// A count that may pass `u64`: a number, else its decimal string.
fn count(n: u128) -> Value {
    u64::try_from(n).map_or_else(|_| json!(n.to_string()), |t| json!(t))
}

fn nums(v: &[Nimber]) -> Value {
    json!(v.iter().map(|n| n.value()).collect::<Vec<u64>>())
}

pub(super) fn to_json(e: &Explanation, lang: Lang) -> Value {
    json!({
        "game": e.game,
        "positions": e.positions,
        "misere": e.misere,
        "lang": lang.code(),
        "components": e.components.iter().map(component).collect::<Vec<_>>(),
        "sum": sum(&e.sum),
        "period": e.period.as_ref().map(|p| period(p, lang)),
        "misere_play": e.misere_play.as_ref().map(misere),
        "lines": e.lines(lang),
    })
}

fn component(c: &Component) -> Value {
    let options = c.options.as_ref().map(|o| {
        json!({
            "total": count(u128::from(o.total)),
            "complete": o.is_complete(),
            "listed": o.listed.iter().map(|x| json!({
                "to": x.to,
                "parts": nums(&x.parts),
                "value": x.value.value(),
            })).collect::<Vec<_>>(),
            "values": nums(&o.values()),
            "mex": o.mex.iter().map(|s| json!({
                "value": s.value.value(),
                "option": s.option,
            })).collect::<Vec<_>>(),
        })
    });
    json!({
        "position": c.position,
        "value": c.value.value(),
        "same_as": c.same_as,
        "options": options,
    })
}

fn sum(s: &SumExplained) -> Value {
    json!({
        "values": nums(&s.values),
        "binary": s.values.iter().map(|v| s.binary(*v)).collect::<Vec<_>>(),
        "value": s.total.value(),
        "value_binary": s.binary(s.total),
        "outcome": s.outcome.to_string(),
        "highest_bit": s.highest_bit(),
        "winning_moves": s.winning_moves.iter().map(|m| json!({
            "component": m.component,
            "from": m.from,
            "to": m.to,
            "parts": nums(&m.parts),
            "value": m.value.value(),
            "target": m.target.value(),
        })).collect::<Vec<_>>(),
        "winning_moves_total": count(s.winning_moves_total),
    })
}

/// The period note; its `proof` in `lang`, as in the lines.
fn period(p: &PeriodNote, lang: Lang) -> Value {
    json!({
        "preperiod": p.periodicity.preperiod,
        "period": p.periodicity.period,
        "saltus": p.periodicity.saltus,
        "certified": p.certified,
        "checked_to": p.checked_to,
        "proof": p.proof_in(lang),
        "heaps": p.heaps.iter().map(|h| json!({
            "heap": h.heap,
            "base": h.base,
            "cycles": h.cycles,
            "base_value": h.base_value.value(),
        })).collect::<Vec<_>>(),
    })
}

fn misere(m: &MiserePlay) -> Value {
    json!({
        "method": m.method.name(),
        "outcome": m.outcome.to_string(),
        "misere_value": m.misere_value,
        "sj_fails_at": m.sj_fails_at,
        "winning_moves": m.winning_moves.iter().map(|w| json!({
            "component": w.component,
            "from": w.from,
            "to": w.to,
        })).collect::<Vec<_>>(),
        "winning_moves_total": m.winning_moves_total.map(count),
    })
}

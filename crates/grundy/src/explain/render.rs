//! An [`Explanation`] as lines of text, in English or Chinese. The Chinese
//! uses the words of the Chinese tutorials the project grew from: SG 函数
//! (`SG(x)`), mex, 后继状态 (options), 必胜态/必败态 (N/P), 异或 (XOR), 先手
//! (the player to move).

use super::{
    Component, Explanation, Lang, MexStep, MiserePlay, MoveExplained, OptionsExplained, PeriodNote,
    SumExplained,
};
use crate::nimber::Nimber;
use crate::spec::listed::MisereMethod;
use crate::strategy::Outcome;

/// A sum as text: parts joined by `+`, `(nothing)` when empty.
fn join(parts: &[String]) -> String {
    crate::play::join_sum(parts)
}

/// Mex steps beyond which the present values are elided (`0, 1, ..., 29`).
const SHORT_MEX: usize = 6;

struct Out {
    lang: Lang,
    lines: Vec<String>,
}

impl Out {
    fn push(&mut self, indent: usize, text: String) {
        self.lines.push(format!("{:indent$}{text}", ""));
    }

    /// The value function's name: `G` in English, `SG` in Chinese.
    fn g(&self) -> &'static str {
        match self.lang {
            Lang::En => "G",
            Lang::Zh => "SG",
        }
    }

    fn en(&self) -> bool {
        self.lang == Lang::En
    }
}

pub(super) fn lines(e: &Explanation, lang: Lang) -> Vec<String> {
    let mut o = Out {
        lang,
        lines: Vec::new(),
    };
    let misere = match (e.misere, lang) {
        (false, _) => "",
        (true, Lang::En) => " (misère play)",
        (true, Lang::Zh) => "（反常游戏 misère）",
    };
    let head = match lang {
        Lang::En => format!("{}: {}{misere}", e.game, e.positions.join(" + ")),
        Lang::Zh => format!("{}：{}{misere}", e.game, e.positions.join(" + ")),
    };
    o.push(0, head);
    let many = e.components.len() > 1;
    for (i, c) in e.components.iter().enumerate() {
        component(&mut o, i, c, many);
    }
    sum(&mut o, e);
    if let Some(p) = &e.period {
        period(&mut o, p);
    }
    if let Some(m) = &e.misere_play {
        misere_play(&mut o, m);
    }
    o.lines
}

fn component(o: &mut Out, i: usize, c: &Component, many: bool) {
    let g = o.g();
    let x = &c.position;
    let indent = if many { 2 } else { 0 };
    if many {
        let head = match (c.same_as, o.lang) {
            (None, Lang::En) => format!("Component {i}: {x}"),
            (None, Lang::Zh) => format!("第 {i} 个子游戏：{x}"),
            (Some(j), Lang::En) => format!(
                "Component {i}: {x}, the same as component {j}: {g}({x}) = {}",
                c.value.value()
            ),
            (Some(j), Lang::Zh) => format!(
                "第 {i} 个子游戏：{x}，与第 {j} 个相同：{g}({x}) = {}",
                c.value.value()
            ),
        };
        o.push(0, head);
    }
    if let Some(opts) = &c.options {
        options(o, indent, c, opts);
    }
}

fn options(o: &mut Out, indent: usize, c: &Component, opts: &OptionsExplained) {
    let g = o.g();
    let x = &c.position;
    let (n, total) = (opts.listed.len(), opts.total);
    let head = match (opts.is_complete(), o.lang) {
        (true, Lang::En) => format!("The options of {x} ({total}) and their values:"),
        (true, Lang::Zh) => format!("{x} 的后继状态（共 {total} 个）及其 SG 值："),
        (false, Lang::En) => {
            format!("The options of {x} ({total} in all; the first {n} shown) and their values:")
        }
        (false, Lang::Zh) => {
            format!("{x} 的后继状态（共 {total} 个，只列出前 {n} 个）及其 SG 值：")
        }
    };
    if total == 0 {
        let text = match o.lang {
            Lang::En => format!("{x} has no options: {g}({x}) = mex {{}} = 0"),
            Lang::Zh => format!("{x} 没有后继状态：{g}({x}) = mex{{}} = 0"),
        };
        o.push(indent, text);
        return;
    }
    o.push(indent, head);
    let moves: Vec<String> = opts
        .listed
        .iter()
        .map(|m| format!("{x} -> {}", join(&m.to)))
        .collect();
    let width = moves.iter().map(|m| m.chars().count()).max().unwrap_or(0);
    for (m, text) in opts.listed.iter().zip(&moves) {
        let pad = width - text.chars().count();
        let value = option_value(o, &m.to, &m.parts, m.value);
        o.push(indent + 2, format!("{text}{:pad$}   {value}", ""));
    }
    let set: Vec<String> = opts
        .values()
        .iter()
        .map(|v| v.value().to_string())
        .collect();
    let set = set.join(", ");
    if opts.is_complete() {
        let text = match o.lang {
            Lang::En => format!("Option values: {{{set}}}"),
            Lang::Zh => format!("后继状态的 SG 值集合：{{{set}}}"),
        };
        o.push(indent, text);
        o.push(indent, mex(o, x, &opts.mex));
    } else {
        let v = c.value.value();
        let text = match o.lang {
            Lang::En => format!(
                "Not every option is listed, so the mex is not taken here: {g}({x}) = {v}, as the game computes it"
            ),
            Lang::Zh => format!("后继状态太多，这里不逐步求 mex：{g}({x}) = {v}（由程序算出）"),
        };
        o.push(indent, text);
    }
}

/// `G(3) ⊕ G(4) = 4 ⊕ 3 = 7`, `G(6) = 2`, or `0 (nothing left)`.
fn option_value(o: &Out, to: &[String], parts: &[Nimber], value: Nimber) -> String {
    let g = o.g();
    match to.len() {
        0 => match o.lang {
            Lang::En => "0 (nothing left)".to_string(),
            Lang::Zh => "0（什么也不剩）".to_string(),
        },
        1 => format!("{g}({}) = {}", to[0], value.value()),
        _ => {
            let names: Vec<String> = to.iter().map(|p| format!("{g}({p})")).collect();
            let vals: Vec<String> = parts.iter().map(|v| v.value().to_string()).collect();
            format!(
                "{} = {} = {}",
                names.join(" ⊕ "),
                vals.join(" ⊕ "),
                value.value()
            )
        }
    }
}

/// `mex: 0 is an option value, 1 is, 2 is not: G(7) = 2`.
fn mex(o: &Out, x: &str, steps: &[MexStep]) -> String {
    let g = o.g();
    let Some(last) = steps.last() else {
        return String::new();
    };
    let m = last.value.value();
    let present: Vec<String> = steps[..steps.len() - 1]
        .iter()
        .map(|s| s.value.value().to_string())
        .collect();
    let en = o.en();
    let body = match present.len() {
        0 if en => "0 is not an option value".to_string(),
        0 => "0 不在集合中".to_string(),
        1 if en => format!("0 is an option value, {m} is not"),
        1 => format!("0 在集合中，{m} 不在"),
        k if k <= SHORT_MEX => {
            let rest = present[1..]
                .iter()
                .map(|v| {
                    if en {
                        format!(", {v} is")
                    } else {
                        format!("，{v} 在")
                    }
                })
                .collect::<String>();
            if en {
                format!("0 is an option value{rest}, {m} is not")
            } else {
                format!("0 在集合中{rest}，{m} 不在")
            }
        }
        k => {
            let last_present = &present[k - 1];
            if en {
                format!("0, 1, 2, ..., {last_present} are option values, {m} is not")
            } else {
                format!("0, 1, 2, ..., {last_present} 都在集合中，{m} 不在")
            }
        }
    };
    if en {
        format!("mex: {body}: {g}({x}) = {m}")
    } else {
        format!("mex：{body}，所以 {g}({x}) = {m}")
    }
}

fn outcome_words(lang: Lang, outcome: Outcome) -> &'static str {
    match (lang, outcome) {
        (Lang::En, Outcome::P) => "a P-position: the player to move loses",
        (Lang::En, Outcome::N) => "an N-position: the player to move wins",
        (Lang::En, Outcome::D) => "a draw with best play",
        (Lang::Zh, Outcome::P) => "必败态（P），先手必败",
        (Lang::Zh, Outcome::N) => "必胜态（N），先手必胜",
        (Lang::Zh, Outcome::D) => "双方最优时为平局",
    }
}

fn sum(o: &mut Out, e: &Explanation) {
    let s = &e.sum;
    let g = o.g();
    if e.components.len() > 1 {
        columns(o, e);
    }
    let x = s.total.value();
    let name = if e.components.len() > 1 {
        "X".to_string()
    } else {
        format!("{g}({})", e.positions.first().map_or("", String::as_str))
    };
    if e.misere {
        if e.components.len() > 1 {
            let text = match o.lang {
                Lang::En => format!("X = {x}: the nim-sum under normal play"),
                Lang::Zh => format!("X = {x}：正常规则（normal play）下的异或和"),
            };
            o.push(0, text);
        }
        return;
    }
    let words = outcome_words(o.lang, s.outcome);
    if x == 0 {
        let text = match o.lang {
            Lang::En => format!("{name} = 0, so {words}."),
            Lang::Zh => format!("{name} = 0，所以是{words}。"),
        };
        o.push(0, text);
        losing(o, e.components.len() > 1);
    } else {
        let text = match o.lang {
            Lang::En => format!("{name} = {x} ≠ 0, so {words}."),
            Lang::Zh => format!("{name} = {x} ≠ 0，所以是{words}。"),
        };
        o.push(0, text);
        winning(o, e);
    }
}

/// The values in binary columns and their XOR.
fn columns(o: &mut Out, e: &Explanation) {
    let s = &e.sum;
    let g = o.g();
    let names: Vec<String> = e.positions.iter().map(|p| format!("{g}({p})")).collect();
    let formula = names.join(" ⊕ ");
    let text = match o.lang {
        Lang::En => format!("The sum: X = {formula}, XOR column by column in binary:"),
        Lang::Zh => format!("和游戏：X = {formula}，按二进制逐位异或："),
    };
    o.push(0, text);
    let width = names.iter().map(|n| n.chars().count()).max().unwrap_or(1);
    for (n, v) in names.iter().zip(&s.values) {
        let pad = width - n.chars().count();
        o.push(
            2,
            format!("{n}{:pad$}  {}  {}", "", s.binary(*v), v.value()),
        );
    }
    let pad = width - 1;
    o.push(
        2,
        format!("X{:pad$}  {}  {}", "", s.binary(s.total), s.total.value()),
    );
}

/// Why every move from a P-position loses.
fn losing(o: &mut Out, many: bool) {
    let text = match (many, o.lang) {
        (false, Lang::En) => "No option has value 0 (0 is the mex), so every move leaves an N-position.",
        (false, Lang::Zh) => "没有 SG 值为 0 的后继状态（0 是 mex），所以每一步都走到必胜态，留给对手必胜。",
        (true, Lang::En) => "Any move changes one component, and changes its value (no option has the value of its position), so one row changes and X becomes non-zero: every move leaves an N-position.",
        (true, Lang::Zh) => "任何一步只改变一个子游戏，并且改变它的 SG 值（后继状态的 SG 值不等于它自己的），所以只有一行改变，异或和变为非零：每一步都留给对手必胜态。",
    };
    o.push(0, text.to_string());
}

/// Bouton's derivation of each winning move.
fn winning(o: &mut Out, e: &Explanation) {
    let s = &e.sum;
    let g = o.g();
    let many = e.components.len() > 1;
    if let (true, Some(bit)) = (many, s.highest_bit()) {
        let x = s.total.value();
        let text = match o.lang {
            Lang::En => format!(
                "Bouton: the highest set bit of X = {x} is bit {bit} ({}). A component whose value has that bit gets a smaller value under G ⊕ X, and an option of that value exists (every smaller value is an option value: the mex). Moving there makes X = 0.",
                1u64 << bit
            ),
            Lang::Zh => format!(
                "Bouton 定理：X = {x} 的最高位是第 {bit} 位（{}）。SG 值在该位为 1 的子游戏，异或 X 后值变小；由 mex 的定义，比它小的每个值都是某个后继状态的 SG 值，所以能走到该值，使异或和 X 变为 0。",
                1u64 << bit
            ),
        };
        o.push(0, text);
    } else if !many {
        let text = match o.lang {
            Lang::En => "0 is an option value (it is below the mex), so a move to an option of value 0 wins:",
            Lang::Zh => "0 在集合中（小于 mex），所以走到 SG 值为 0 的后继状态即可获胜：",
        };
        o.push(0, text.to_string());
    }
    for m in &s.winning_moves {
        o.push(2, winning_move(o, s, m, many, g));
    }
    let shown = s.winning_moves.len() as u128;
    let total = s.winning_moves_total;
    let text = match (shown < total, o.lang) {
        (false, Lang::En) => format!("Winning moves: {total} in all."),
        (false, Lang::Zh) => format!("必胜走法共 {total} 个。"),
        (true, Lang::En) => format!("Winning moves: {total} in all, the first {shown} shown."),
        (true, Lang::Zh) => format!("必胜走法共 {total} 个，只列出前 {shown} 个。"),
    };
    o.push(0, text);
}

fn winning_move(o: &Out, s: &SumExplained, m: &MoveExplained, many: bool, g: &str) -> String {
    let mv = format!("{} -> {}", m.from, join(&m.to));
    let reached = option_value(o, &m.to, &m.parts, m.target);
    if !many {
        return format!("{mv}   {reached}");
    }
    let (v, t, x) = (m.value.value(), m.target.value(), s.total.value());
    let i = m.component;
    let bin = s.binary(m.value);
    let from = &m.from;
    let has_bit = s.highest_bit().is_some_and(|b| v >> b & 1 == 1);
    match (has_bit, o.lang) {
        (true, Lang::En) => format!(
            "component {i}: {g}({from}) = {v} = {bin} has the bit; target {v} ⊕ {x} = {t}; {mv}: {reached}"
        ),
        (true, Lang::Zh) => format!(
            "第 {i} 个子游戏：{g}({from}) = {v} = {bin}，该位为 1；目标值 {v} ⊕ {x} = {t}；{mv}：{reached}"
        ),
        (false, Lang::En) => format!(
            "component {i}: {g}({from}) = {v} = {bin} lacks the bit, but has an option of the larger value {v} ⊕ {x} = {t}; {mv}: {reached}"
        ),
        (false, Lang::Zh) => format!(
            "第 {i} 个子游戏：{g}({from}) = {v} = {bin}，该位为 0，但有 SG 值更大的后继状态 {v} ⊕ {x} = {t}；{mv}：{reached}"
        ),
    }
}

fn period(o: &mut Out, p: &PeriodNote) {
    let g = o.g();
    let q = p.periodicity;
    let law = if q.saltus == 0 {
        format!("{g}(n + {}) = {g}(n)", q.period)
    } else {
        format!("{g}(n + {}) = {g}(n) + {}", q.period, q.saltus)
    };
    let (pre, checked, proof) = (q.preperiod, p.checked_to, p.proof_in(o.lang));
    let text = match (p.certified, o.lang) {
        (true, Lang::En) => format!(
            "Period: {law} for n >= {pre}, proven (values checked to n = {checked}): {proof}"
        ),
        (true, Lang::Zh) => {
            format!("周期：当 n >= {pre} 时 {law}，已证明（已检验到 n = {checked}）。依据：{proof}")
        }
        (false, Lang::En) => format!(
            "Period: {law} for n >= {pre}, observed up to n = {checked} but not proven: {proof}"
        ),
        (false, Lang::Zh) => {
            format!("周期：当 n >= {pre} 时 {law}，在 n <= {checked} 内观察到，但未证明：{proof}")
        }
    };
    o.push(0, text);
    let end = pre.saturating_add(q.period) - 1;
    for h in &p.heaps {
        let n = h.heap;
        let b = h.base_value.value();
        let text = if n < pre {
            match o.lang {
                Lang::En => format!(
                    "{n} < {pre}, before the period starts: {g}({n}) = {b}, from its options"
                ),
                Lang::Zh => format!("{n} < {pre}，在周期开始之前：{g}({n}) = {b}，由后继状态算出"),
            }
        } else if h.cycles == 0 {
            match o.lang {
                Lang::En => format!(
                    "{n} is in the first period ({pre}..={end}): {g}({n}) = {b}, from its options"
                ),
                Lang::Zh => {
                    format!("{n} 在第一个周期（{pre}..={end}）内：{g}({n}) = {b}，由后继状态算出")
                }
            }
        } else {
            let base = h.base;
            let c = h.cycles;
            let value = if q.saltus == 0 {
                format!("{g}({n}) = {g}({base}) = {b}")
            } else {
                let s = q.saltus;
                let v = u128::from(b) + u128::from(c) * u128::from(s);
                format!("{g}({n}) = {g}({base}) + {c}·{s} = {v}")
            };
            match o.lang {
                Lang::En => format!("{n} = {base} + {c}·{}, so {value}", q.period),
                Lang::Zh => format!("{n} = {base} + {c}·{}，所以 {value}", q.period),
            }
        };
        o.push(2, text);
    }
}

fn misere_play(o: &mut Out, m: &MiserePlay) {
    let how = match (m.method, o.lang) {
        (MisereMethod::SjTheorem, Lang::En) => "the SJ theorem (its condition holds on every position reached, so the outcome follows from the nim-values)",
        (MisereMethod::SjTheorem, Lang::Zh) => "SJ 定理（每个可达局面都满足其条件，胜负由 SG 值决定）",
        (MisereMethod::Search, Lang::En) => "an exhaustive search of the misère game",
        (MisereMethod::Search, Lang::Zh) => "对反常游戏的完全搜索",
        (MisereMethod::Family, Lang::En) => "the game's own misère analysis",
        (MisereMethod::Family, Lang::Zh) => "该游戏自带的反常游戏分析",
    };
    let words = outcome_words(o.lang, m.outcome);
    let text = match o.lang {
        Lang::En => format!(
            "Misère play (the player who makes the last move loses), decided by {how}: {words}."
        ),
        Lang::Zh => format!("反常游戏（走最后一步的人输），由{how}判定：{words}。"),
    };
    o.push(0, text);
    if let Some(at) = &m.sj_fails_at {
        let text = match o.lang {
            Lang::En => format!("The SJ theorem's condition fails at `{at}`."),
            Lang::Zh => format!("SJ 定理的条件在 `{at}` 处不成立。"),
        };
        o.push(2, text);
    }
    if let Some(v) = m.misere_value {
        let text = match o.lang {
            Lang::En => format!("Misère nim-value: {v}"),
            Lang::Zh => format!("反常 SG 值：{v}"),
        };
        o.push(2, text);
    }
    if !m.winning_moves.is_empty() {
        let total = m
            .winning_moves_total
            .map_or_else(|| "?".to_string(), |t| t.to_string());
        let text = match o.lang {
            Lang::En => format!("Winning moves under misère play ({total}):"),
            Lang::Zh => format!("反常规则下的必胜走法（共 {total} 个）："),
        };
        o.push(2, text);
        for w in &m.winning_moves {
            let line = match o.lang {
                Lang::En => format!("component {}: {} -> {}", w.component, w.from, join(&w.to)),
                Lang::Zh => format!("第 {} 个子游戏：{} -> {}", w.component, w.from, join(&w.to)),
            };
            o.push(4, line);
        }
    }
}

//! The period's proof in Chinese, for `explain --lang zh`.
//!
//! A period search states its argument in English (`PeriodReport::proof`:
//! the theorem, the range it checked, a game's closed form). The student's
//! explanation in Chinese must not switch language in its last line, so
//! the argument is translated phrase by phrase: every statement a period
//! search of the library makes is in [`PHRASES`], and the formulas between
//! them (`G(n+34) = G(n)`, `53 <= n < 142`) are kept as they are. A phrase
//! not listed (a script's own text) stays in English.

/// English phrases of the period searches' proofs and their Chinese,
/// longest first where one contains another.
const PHRASES: &[(&str, &str)] = &[
    (
        "each move leaves at most one heap and removes at most k tokens: k consecutive repeated values repeat forever",
        "每步至多留下一堆、至多取走 k 个：连续 k 个值重复出现，则此后永远重复",
    ),
    (
        "Guy-Smith periodicity theorem: G(n+p)=G(n) for n0 <= n < 2*n0+p+k implies periodicity",
        "Guy–Smith 周期定理：若 n0 <= n < 2*n0+p+k 时都有 G(n+p)=G(n)，则从 n0 起以 p 为周期",
    ),
    (
        "Guy-Smith theorem for moves leaving up to h heaps: G(n+p)=G(n) for n0 <= n < h*n0+(h-1)*p+k implies periodicity",
        "Guy–Smith 定理（每步至多留下 h 堆）：若 n0 <= n < h*n0+(h-1)*p+k 时都有 G(n+p)=G(n)，则从 n0 起以 p 为周期",
    ),
    (
        "no theorem applies; the period is observed",
        "没有定理适用，周期只是观察到的",
    ),
    (
        "Lasker's Nim closed form G(4j+1)=4j+1, G(4j+2)=4j+2, G(4j+3)=4j+4, G(4j+4)=4j+3 (by induction on the heap: the options of each class reach every smaller value and none of the same value; Winning Ways ch. 4)",
        "Lasker's Nim 的通项公式 G(4j+1)=4j+1，G(4j+2)=4j+2，G(4j+3)=4j+4，G(4j+4)=4j+3（对堆的大小归纳：每一类的后继状态取到所有更小的值、取不到自身的值；见 Winning Ways 第 4 章）",
    ),
    (
        "Nim: a heap of n reaches every smaller heap, so G(n) = n",
        "Nim：n 个石子的一堆能走到每一个更小的堆，所以 G(n) = n",
    ),
    (
        "G(n) = n: the options of n are exactly the heaps 0..n-1",
        "G(n) = n：n 的后继状态恰好是 0..n-1 各堆",
    ),
    (
        "residue theorem: S contains 1..p-1 and no multiple of p, so G(n) = n mod p",
        "余数定理：S 包含 1..p-1 且不含 p 的倍数，所以 G(n) = n mod p",
    ),
    (
        "no move takes at least L and at most R < L tokens, so G(n) = 0",
        "没有一步能取走至少 L 个且至多 R < L 个，所以 G(n) = 0",
    ),
    (
        "the subtraction set {L..R}: G(n) = floor((n mod (L+R)) / L), by induction on n (the options of n reach every residue mod L+R but the 2L-1 nearest n's, so every smaller value and not its own)",
        "减法集合 {L..R}：G(n) = floor((n mod (L+R)) / L)，对 n 归纳（n 的后继状态取到模 L+R 的所有余数，除了离 n 最近的 2L-1 个，所以取到所有更小的值、取不到自身的值）",
    ),
    (
        "; the closed form agrees with the values computed for ",
        "；通项公式与计算出的值一致，范围 ",
    ),
    ("; checked: ", "；已检验："),
    (" checked for ", "，已检验范围 "),
    ("observed in the first ", "在前 "),
    (" values, not proven", " 个值中观察到，未证明"),
    ("no period found in the first ", "前 "),
    (" values", " 个值中未找到周期"),
    ("; the search stopped after ", "；搜索在 "),
    (
        " s, and what it reports is what the first ",
        " 秒后停止，报告的是前 ",
    ),
    (" (a power of two) show", " 个值（2 的幂）所显示的"),
];

/// `en` (a period search's proof) in Chinese: each phrase of [`PHRASES`]
/// replaced, the rest (formulas, numbers) kept.
pub(super) fn proof(en: &str) -> String {
    let mut out = String::with_capacity(en.len() * 2);
    let mut rest = en;
    // Whether each open parenthesis is a clause's (after a space: full
    // width in Chinese) or a formula's (`G(n+7)`: kept).
    let mut open: Vec<bool> = Vec::new();
    'outer: while !rest.is_empty() {
        for (from, to) in PHRASES {
            if let Some(tail) = rest.strip_prefix(from) {
                out.push_str(to);
                rest = tail;
                continue 'outer;
            }
        }
        let c = rest.chars().next().expect("rest is not empty");
        rest = &rest[c.len_utf8()..];
        match c {
            ' ' if rest.starts_with('(') => {
                open.push(true);
                out.push('（');
                rest = &rest[1..];
            }
            '(' => {
                open.push(false);
                out.push('(');
            }
            ')' => out.push(if open.pop() == Some(true) { '）' } else { ')' }),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::proof;

    #[test]
    fn the_window_theorem_of_sub_1_3_4_reads_in_chinese_with_its_formulas_kept() {
        let en = "each move leaves at most one heap and removes at most k tokens: k consecutive \
                  repeated values repeat forever (G(n+7) = G(n) checked for 0 <= n < 4)";
        assert_eq!(
            proof(en),
            "每步至多留下一堆、至多取走 k 个：连续 k 个值重复出现，则此后永远重复\
             （G(n+7) = G(n)，已检验范围 0 <= n < 4）"
        );
    }

    #[test]
    fn every_theorem_a_period_search_names_has_its_chinese() {
        use crate::analysis::PeriodTheorem;
        for t in [
            PeriodTheorem::None,
            PeriodTheorem::Window { k: 4 },
            PeriodTheorem::GuySmith { k: 2 },
            PeriodTheorem::Splitting { k: 2, heaps: 3 },
        ] {
            let zh = proof(t.describe());
            // No English word is left: formulas have one-letter names.
            let words: Vec<&str> = zh
                .split(|c: char| !c.is_ascii_alphabetic())
                .filter(|w| w.len() >= 3 && w.starts_with(|c: char| c.is_ascii_lowercase()))
                .collect();
            assert!(words.is_empty(), "{zh}: {words:?}");
        }
    }

    #[test]
    fn a_phrase_not_listed_stays_as_it_is() {
        assert_eq!(proof("my own rule (see G(3))"), "my own rule（see G(3)）");
    }
}

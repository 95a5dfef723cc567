//! `box`: the square box game (HDU 1729), values by formula.

use crate::error::Result;
use crate::games::square_box::SquareBox;
use crate::nimber::Nimber;
use crate::anygame::adapt::{
    misere_search, pair_string, parse_pair, too_large_for_misere, ClosedForm, ClosedFormSpec,
};
use crate::spec::{no_args, AnalyzeOptions, AnyGame, Family};
use crate::strategy::{Analysis, Evaluator, WinningMove};

pub(super) const FAMILY: Family = Family {
    name: "box",
    syntax: "box",
    position: "S,C (capacity, stones)",
    example: "box 20,3",
    about: "square box game (HDU 1729): add 1 to C^2 stones without overfilling",
    parse: |spec, args, _| parse(spec, args),
};

fn parse(spec: &str, args: Option<&str>) -> Result<Box<dyn AnyGame>> {
    no_args(spec, args)?;
    Ok(Box::new(ClosedFormSpec(BoxSpec)))
}

struct BoxSpec;

struct ClosedBox;

impl Evaluator<(u64, u64)> for ClosedBox {
    fn nim_value(&mut self, &(s, c): &(u64, u64)) -> Result<Nimber> {
        SquareBox::nim_value(s, c)
    }
}

impl ClosedForm for BoxSpec {
    type Rules = SquareBox;

    fn rules(&self) -> &SquareBox {
        &SquareBox
    }

    fn spec(&self) -> String {
        "box".into()
    }

    fn why_no_sequence(&self) -> &'static str {
        "its positions are pairs `S,C`"
    }

    fn parse(&self, text: &str) -> Result<(u64, u64)> {
        parse_pair(text)
    }

    fn numbers(&(s, c): &(u64, u64)) -> Vec<u64> {
        vec![s, c]
    }

    fn analyze(&self, positions: &[String], options: &AnalyzeOptions) -> Result<Analysis<String>> {
        let boxes = positions
            .iter()
            .map(|p| {
                let (s, c) = parse_pair(p)?;
                SquareBox::nim_value(s, c)?;
                Ok((s, c))
            })
            .collect::<Result<Vec<(u64, u64)>>>()?;
        if options.misere {
            for (p, &(s, _)) in positions.iter().zip(&boxes) {
                if s > 64 {
                    return Err(too_large_for_misere(p));
                }
            }
            return misere_search(SquareBox, &boxes);
        }
        // Winning moves: the nim-values are closed-form, but the options
        // of a box are an interval of counts; search it only where short.
        let mut values = ClosedBox;
        let total: Nimber = boxes
            .iter()
            .map(|b| values.nim_value(b))
            .sum::<Result<Nimber>>()?;
        let mut winning_moves = Vec::new();
        if !total.is_zero() {
            for (i, &(s, c)) in boxes.iter().enumerate() {
                let target = SquareBox::nim_value(s, c)? + total;
                for to in SquareBox::counts_with_value(s, c, target) {
                    winning_moves.push(WinningMove {
                        name: None,
                        component: i,
                        from: pair_string(&(s, c)),
                        to: vec![pair_string(&(s, to))],
                    });
                }
            }
        }
        Ok(Analysis::of_value(total, winning_moves))
    }
}

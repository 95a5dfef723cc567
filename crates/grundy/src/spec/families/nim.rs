//! `nim`: Nim, values and winning moves by formula for heaps of any size.

use crate::error::Result;
use crate::games::{nim::Nim, TakeBreak};
use crate::nimber::Nimber;
use crate::solve::{HeapValues, PeriodReport};
use crate::anygame::{find_heap_option, heap_options_head, list_heap_options, parse_heaps};
use crate::spec::{no_args, parse_heap, AnalyzeOptions, AnyGame, Family, OptionsHead};
use crate::strategy::Analysis;

pub(super) const FAMILY: Family = Family {
    name: "nim",
    syntax: "nim",
    position: "N (a heap size)",
    example: "nim 5",
    about: "Nim: take any number of tokens from one heap; G(n) = n",
    parse: |spec, args, _| {
        no_args(spec, args)?;
        Ok(Box::new(NimGame))
    },
};

/// Nim: values and winning moves by formula, for heaps of any `u64` size.
struct NimGame;

impl AnyGame for NimGame {
    fn spec(&self) -> String {
        "nim".into()
    }

    fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        HeapValues::new(Nim).values(from, to)
    }

    fn period_within(
        &mut self,
        limit: u64,
        time: Option<std::time::Duration>,
        progress: &mut dyn FnMut(u64),
    ) -> Result<PeriodReport> {
        HeapValues::new(Nim).period_within(limit, time, progress)
    }

    fn analyze(
        &mut self,
        positions: &[String],
        options: &AnalyzeOptions,
    ) -> Result<Analysis<String>> {
        let heaps = parse_heaps(positions)?;
        let value = Nim::value(&heaps);
        let analysis = if options.misere {
            Nim::misere_analysis(&heaps)
        } else {
            Analysis::of_value(value, Nim::winning_moves(&heaps))
        };
        Ok(analysis.map(u64::to_string))
    }

    fn options(&mut self, component: &str) -> Result<Vec<Vec<String>>> {
        list_heap_options(&Nim, parse_heap(component)?)
    }

    fn options_head(&mut self, component: &str, keep: usize) -> Result<OptionsHead> {
        heap_options_head(&Nim, parse_heap(component)?, keep)
    }

    fn find_option(&mut self, component: &str, to: &[String]) -> Result<Option<Vec<String>>> {
        find_heap_option(&Nim, parse_heap(component)?, to)
    }

    fn normalize(&mut self, component: &str) -> Result<String> {
        Ok(parse_heap(component)?.to_string())
    }

    fn misere_quotient(
        &mut self,
        heaps: u64,
        config: &crate::solve::QuotientConfig,
        progress: &mut dyn FnMut(&crate::solve::QuotientProgress) -> Result<()>,
    ) -> Result<crate::solve::MisereQuotient> {
        crate::solve::misere_quotient_with(&Nim, heaps, config, progress)
    }

    /// `0.3r`: take any number, leaving no heap or one.
    fn take_break(&self) -> Option<TakeBreak> {
        TakeBreak::octal("0.3r").ok()
    }
}

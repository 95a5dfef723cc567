//! Values of heap games for any heap size: a dense table plus a proven period.
//!
//! [`HeapValues`] answers `G(h)` from the [`DenseSolver`] table while `h`
//! is small, and from a *certified* periodicity beyond that: either one
//! proven from the rules ([`HeapGame::known_periodicity`], checked against
//! the table before use) or one found by [`find_period`] and certified by the
//! game's [`PeriodTheorem`]. A heap beyond
//! the table with no proven period is an error
//! ([`ErrorKind::HeapTooLarge`]), never a silent guess from an observed
//! period.
//!
//! Time: O(1) per value once the period is known; the period search costs
//! what the dense solver costs up to [`HeapConfig::search_limit`].

use super::dense::{DenseConfig, DenseSolver};
use crate::analysis::{find_period, PeriodTheorem, Periodicity};
use crate::error::{Error, ErrorKind, Result};
use crate::game::HeapGame;
use crate::nimber::Nimber;
use crate::strategy::Evaluator;

/// Values computed to check a periodicity promised by the rules
/// ([`HeapGame::known_periodicity`]) before it is used.
const KNOWN_PERIOD_CHECK: u64 = 4096;

/// Settings of [`HeapValues`].
#[derive(Clone, Debug)]
pub struct HeapConfig {
    /// Heaps up to this size are computed directly.
    pub dense_limit: u64,
    /// Values computed while looking for a period before giving up.
    pub search_limit: u64,
    /// Settings of the underlying dense solver.
    pub dense: DenseConfig,
}

impl Default for HeapConfig {
    fn default() -> Self {
        HeapConfig {
            dense_limit: 1 << 24,
            search_limit: 1 << 16,
            dense: DenseConfig::default(),
        }
    }
}

/// The result of a period search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodReport {
    /// The periodicity found (proven or observed), if any.
    pub periodicity: Option<Periodicity>,
    /// True when a theorem proves it.
    pub certified: bool,
    /// The largest heap whose value was computed and compared.
    pub checked_to: u64,
    /// The argument: which theorem, or why it is only observed.
    pub proof: String,
}

/// `G(h)` for any heap size (see the module docs).
pub struct HeapValues<G> {
    solver: DenseSolver<G>,
    config: HeapConfig,
    /// `None` until searched; then the certified periodicity, if any.
    certified: Option<Option<Periodicity>>,
}

impl<G: HeapGame> HeapValues<G> {
    /// Values of `game` with the default [`HeapConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, HeapConfig::default())
    }

    /// Values of `game` with the given settings.
    pub fn with_config(game: G, config: HeapConfig) -> Self {
        let solver = DenseSolver::with_config(game, config.dense.clone());
        HeapValues {
            solver,
            config,
            certified: None,
        }
    }

    /// The game.
    pub fn game(&self) -> &G {
        self.solver.game()
    }

    /// `G(h)`.
    pub fn value(&mut self, h: u64) -> Result<Nimber> {
        if let Some(v) = self.solver.values().get(h as usize) {
            return Ok(*v);
        }
        if h <= self.config.dense_limit && !self.prefers_period(h) {
            return Ok(self.solver.extend_to(h)?[h as usize]);
        }
        match self.value_from_period(h) {
            // A period promised by the rules that failed its check.
            Err(e)
                if h <= self.config.dense_limit
                    && matches!(e.kind(), ErrorKind::HeapTooLarge { .. }) =>
            {
                Ok(self.solver.extend_to(h)?[h as usize])
            }
            result => result,
        }
    }

    /// Whether `h` (beyond the table) is better answered from a proven
    /// period than by extending the table: when the period is certified
    /// already, or promised by the rules, and `h` is past what checking
    /// that promise computes anyway. Without this, `bash:1000` at heap
    /// 10^7 would cost 10^10 steps instead of O(1).
    fn prefers_period(&self, h: u64) -> bool {
        matches!(self.certified, Some(Some(_)))
            || (h >= KNOWN_PERIOD_CHECK && self.solver.game().known_periodicity().is_some())
    }

    /// `G(from..=to)`.
    pub fn values(&mut self, from: u64, to: u64) -> Result<Vec<Nimber>> {
        if from > to {
            return Err(Error::unsupported(format!(
                "empty range: from `{from}` is larger than to `{to}`"
            )));
        }
        if to - from >= 1 << 28 {
            return Err(Error::unsupported(format!(
                "`{from}..={to}` is {} values, too many at once (at most 2^28)",
                u128::from(to - from) + 1
            )));
        }
        if to <= self.config.dense_limit && !self.prefers_period(to) {
            return Ok(self.solver.extend_to(to)?[from as usize..].to_vec());
        }
        (from..=to).map(|h| self.value(h)).collect()
    }

    fn value_from_period(&mut self, h: u64) -> Result<Nimber> {
        if self.certified.is_none() {
            let report = self.period(self.config.search_limit)?;
            self.certified = Some(report.periodicity.filter(|_| report.certified));
        }
        let too_large = || {
            Error::from(ErrorKind::HeapTooLarge {
                heap: h,
                limit: self.config.dense_limit,
            })
        };
        match self.certified.flatten() {
            Some(p) => p.value_at(self.solver.values(), h).ok_or_else(|| {
                Error::unsupported(format!("the value of heap {h} does not fit in 64 bits"))
            }),
            None => Err(too_large()),
        }
    }

    /// Looks for the period, computing at most `limit` values.
    pub fn period(&mut self, limit: u64) -> Result<PeriodReport> {
        let limit = limit.max(2);
        if let Some((p, proof)) = self.solver.game().known_periodicity() {
            let check = limit.min(KNOWN_PERIOD_CHECK).max(p.prefix_len() + 1);
            let values = self.solver.extend_to(check - 1)?;
            let prefix = &values[..p.prefix_len() as usize];
            if (0..check).all(|n| p.value_at(prefix, n) == Some(values[n as usize])) {
                return Ok(PeriodReport {
                    periodicity: Some(p),
                    certified: true,
                    checked_to: check - 1,
                    proof: proof.to_string(),
                });
            }
        }
        let theorem = self.solver.game().period_theorem();
        let arithmetic = self.solver.game().arithmetic_periodic();
        let mut len = limit.min(1024);
        let mut previous = None;
        loop {
            let values = self.solver.extend_to(len - 1)?;
            let found = find_period(values, theorem, arithmetic);
            // With no theorem to wait for, a period observed unchanged over
            // two doublings (from 4096 values on) is as good as it gets.
            let settled = theorem == PeriodTheorem::None
                && len >= 4096
                && found.is_some()
                && found.map(|f| f.periodicity) == previous;
            previous = found.map(|f| f.periodicity);
            if let Some(f) = found.filter(|f| f.certified) {
                self.certified = Some(Some(f.periodicity));
                return Ok(PeriodReport {
                    periodicity: Some(f.periodicity),
                    certified: true,
                    checked_to: len - 1,
                    proof: theorem.describe().to_string(),
                });
            }
            if len >= limit || settled {
                let proof = match found {
                    Some(_) => format!(
                        "observed in the first {len} values, not proven ({})",
                        theorem.describe()
                    ),
                    None => format!("no period found in the first {len} values"),
                };
                return Ok(PeriodReport {
                    periodicity: found.map(|f| f.periodicity),
                    certified: false,
                    checked_to: len - 1,
                    proof,
                });
            }
            len = len.saturating_mul(2).min(limit);
        }
    }
}

impl<G: HeapGame> Evaluator<u64> for HeapValues<G> {
    fn nim_value(&mut self, p: &u64) -> Result<Nimber> {
        self.value(*p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Subtraction;

    #[test]
    fn huge_heaps_come_from_the_certified_period() {
        let g = Subtraction::finite(&[1, 3, 4]).unwrap();
        let mut hv = HeapValues::new(&g);
        let seq = [0, 1, 0, 1, 2, 3, 2];
        let n = 1_000_000_000_000_000_000u64;
        assert_eq!(hv.value(n).unwrap().value(), seq[(n % 7) as usize]);
        assert!(hv.solver.values().len() < 5000);
    }

    /// Regression: heaps below the dense limit were always computed
    /// densely, so `bash:1000` at heap 10^7 took 10^10 steps (minutes)
    /// although its period is proven.
    #[test]
    fn a_proven_period_answers_heaps_below_the_dense_limit_too() {
        let g = Subtraction::bash(1000).unwrap();
        let mut hv = HeapValues::new(&g);
        let n = 10_000_000;
        assert_eq!(hv.value(n).unwrap().value(), n % 1001);
        let v = hv.values(n - 5, n + 5).unwrap();
        assert!(v.iter().zip(n - 5..).all(|(g, h)| g.value() == h % 1001));
        assert!(hv.solver.values().len() <= 5000);
    }

    #[test]
    fn no_period_means_an_error_not_a_guess() {
        let g = Subtraction::fib();
        let mut hv = HeapValues::with_config(
            &g,
            HeapConfig {
                dense_limit: 1000,
                search_limit: 2000,
                dense: DenseConfig::default(),
            },
        );
        let e = hv.value(1 << 40).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::HeapTooLarge { .. }), "{e}");
    }
}

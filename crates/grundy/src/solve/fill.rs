//! Certify as you go, then fill: every value beyond a proven period without
//! computing it.
//!
//! Long runs of games with finitely many moves are often periodic (Kayles
//! from heap 71 with period 12, Dawson's Kayles from 53 with period 34),
//! and a theorem ([`PeriodTheorem`](crate::analysis::PeriodTheorem): the
//! window test, Guy–Smith) turns finitely many checked values into a proof.
//! [`extend_certifying`] runs the take-and-break engine towards a heap with
//! a [`PeriodWatch`] on its table, and stops it at the first certificate.
//! [`PeriodicFill`] then gives `G(h)` for every further heap from the
//! computed prefix: `G(h) = G(n0 + (h − n0) mod p) + s·⌊(h − n0)/p⌋`
//! (`s` is the saltus; 0 for the certified periods of finite codes).
//!
//! Values come out a buffer at a time ([`PeriodicFill::fill`]) at memory
//! speed, for printing, for values files ([`PeriodicFill::write_file`],
//! byte for byte the file the engine's table would give: the same width,
//! the same checksum) and for any heap at all: nothing but the prefix is
//! held, so `G(0..=10^12)` needs no more memory than `G(0..=10^3)`.
//!
//! Time: the engine's up to the certificate, plus O(1) per value filled
//! (the watch's period searches cost O(1) amortized per value computed,
//! a few vector compares per value: [`PeriodWatch::search`]).
//! Memory: the prefix.

use super::table::{fnv1a, fnv1a_step, TableView};
use super::takebreak::TakeBreakSolver;
use super::values_file::write_values_chunked;
use crate::analysis::{PeriodFound, PeriodWatch, Periodicity};
use crate::error::{Error, Result};
use crate::game::HeapGame;
use crate::nimber::Nimber;
use std::time::Instant;

/// `G(h)` for every heap from a computed prefix and a proven periodicity.
#[derive(Clone, Copy, Debug)]
pub struct PeriodicFill<'a> {
    prefix: TableView<'a>,
    periodicity: Periodicity,
}

impl<'a> PeriodicFill<'a> {
    /// The fill of `periodicity` from `prefix`, the values `G(0..len)`
    /// (at least [`Periodicity::prefix_len`] of them, else an error; values
    /// beyond it are used as they are).
    pub fn new(prefix: TableView<'a>, periodicity: Periodicity) -> Result<Self> {
        if periodicity.period == 0 || (prefix.len() as u64) < periodicity.prefix_len() {
            return Err(Error::unsupported(format!(
                "a fill of period {} from heap {} needs {} values, not {}",
                periodicity.period,
                periodicity.preperiod,
                periodicity.prefix_len(),
                prefix.len()
            )));
        }
        Ok(PeriodicFill {
            prefix,
            periodicity,
        })
    }

    /// The periodicity.
    pub fn periodicity(&self) -> Periodicity {
        self.periodicity
    }

    /// The values it is filled from.
    pub fn prefix(&self) -> TableView<'a> {
        self.prefix
    }

    /// `G(h)`; `None` if it does not fit in 64 bits.
    pub fn value(&self, h: u64) -> Option<Nimber> {
        self.prefix.value_at(&self.periodicity, h)
    }

    /// Writes `G(from), G(from + 1), …` into `out` (all of it); an error
    /// when a value does not fit in 64 bits (a saltus).
    pub fn fill(&self, from: u64, out: &mut [u64]) -> Result<()> {
        let have = self
            .prefix
            .copy_to(usize::try_from(from).unwrap_or(usize::MAX), out);
        let Periodicity {
            preperiod: n0,
            period: p,
            saltus: s,
        } = self.periodicity;
        let h = from + have as u64;
        let mut rest = &mut out[have..];
        if rest.is_empty() {
            return Ok(());
        }
        // The last value is the largest one (a saltus only adds).
        let fits = h
            .checked_add(rest.len() as u64 - 1)
            .is_some_and(|last| self.value(last).is_some());
        if !fits {
            return Err(Error::unsupported(format!(
                "the values of {} heaps from {h} on do not fit in 64 bits",
                rest.len()
            )));
        }
        let mut base = n0 + (h - n0) % p;
        let mut lift = s.wrapping_mul((h - n0) / p);
        while !rest.is_empty() {
            let run = ((n0 + p - base) as usize).min(rest.len());
            let (now, later) = rest.split_at_mut(run);
            self.prefix.copy_to(base as usize, now);
            if lift != 0 {
                now.iter_mut().for_each(|v| *v += lift);
            }
            rest = later;
            base = n0;
            lift = lift.wrapping_add(s);
        }
        Ok(())
    }

    /// The largest of `G(0..=to)`; `None` if it does not fit in 64 bits.
    pub fn max_to(&self, to: u64) -> Option<u64> {
        let len = self.prefix.len() as u64;
        if to < len {
            return Some(self.prefix.prefix(to as usize + 1).max());
        }
        let p = self.periodicity.period;
        // Beyond the prefix the values repeat one period of it, lifted by
        // the saltus: the last period holds the largest of them.
        let tail = (to.saturating_sub(p) + 1..=to)
            .map(|h| self.value(h).map(|v| v.value()))
            .try_fold(0, |m, v| v.map(|v| m.max(v)))?;
        Some(tail.max(self.prefix.max()))
    }

    /// Bytes per value (1, 2, 4 or 8) of a table holding `G(0..=to)`: the
    /// narrowest that holds the largest, as the engine's table has.
    pub fn width_to(&self, to: u64) -> Option<u8> {
        let max = self.max_to(to)?;
        Some(if max <= u64::from(u8::MAX) {
            1
        } else if max <= u64::from(u16::MAX) {
            2
        } else if max <= u64::from(u32::MAX) {
            4
        } else {
            8
        })
    }

    /// Calls `each(start, chunk)` with `G(from..=to)` a buffer at a time
    /// (`chunk` holds `G(start..start + chunk.len())`); stops at the first
    /// error.
    pub fn for_each_chunk(
        &self,
        from: u64,
        to: u64,
        each: &mut dyn FnMut(u64, &[u64]) -> Result<()>,
    ) -> Result<()> {
        let mut buf = vec![0u64; CHUNK];
        let mut h = from;
        while h <= to {
            let n = (to - h).min(CHUNK as u64 - 1) as usize + 1;
            self.fill(h, &mut buf[..n])?;
            each(h, &buf[..n])?;
            match h.checked_add(n as u64) {
                Some(next) => h = next,
                None => break,
            }
        }
        Ok(())
    }

    /// FNV-1a of `G(0..=to)` ([`TableView::checksum`] of the table the
    /// engine would have).
    pub fn checksum_to(&self, to: u64) -> Result<u64> {
        self.hash_from(fnv1a([]), to)
    }

    /// The FNV-1a hash `h` continued over `G(0..=to)`. Whole periods are
    /// not hashed value by value: a byte step `h ← (h ⊕ b)·P` changes `h`
    /// by an amount that depends on its low byte only, and the low byte of
    /// `P·h` on that of `h`, so one period maps `h` to `A·h + C[h mod 256]`
    /// (`ByteAffine`); `q` periods are that map to the power `q`, by
    /// squaring. Time O(prefix + 256·(p + log q)) instead of O(to).
    pub fn hash_from(&self, h: u64, to: u64) -> Result<u64> {
        let Periodicity {
            preperiod: n0,
            period: p,
            saltus,
        } = self.periodicity;
        let direct = |h: u64, from: u64, to: u64| -> Result<u64> {
            let mut h = h;
            if from <= to {
                self.for_each_chunk(from, to, &mut |_, chunk| {
                    h = chunk.iter().fold(h, |h, &v| fnv1a_step(h, v));
                    Ok(())
                })?;
            }
            Ok(h)
        };
        // Heaps from `start` on repeat the cycle G(n0..n0 + p) whole.
        let len = self.prefix.len() as u64;
        let start = len + (p - (len - n0) % p) % p;
        let cycles = to.saturating_add(1).saturating_sub(start) / p;
        if saltus != 0 || cycles < 2 * BYTE_STATES as u64 {
            return direct(h, 0, to);
        }
        let h = direct(h, 0, start - 1)?;
        let mut cycle = vec![0u64; p as usize];
        self.fill(n0, &mut cycle)?;
        let h = ByteAffine::of(&cycle).pow(cycles).apply(h);
        direct(h, start + cycles * p, to)
    }

    /// Writes `G(0..=to)` to the values file `path` (a path, or a file
    /// held with a [`WriteLock`](crate::solve::values_file::WriteLock)) as
    /// the game `game` (atomically, see [`crate::solve::values_file`]): the
    /// bytes of the file the engine's table would give. Returns the
    /// checksum.
    pub fn write_file<'t>(
        &self,
        path: impl Into<crate::solve::values_file::Target<'t>>,
        game: &str,
        to: u64,
    ) -> Result<u64> {
        let width = self
            .width_to(to)
            .ok_or_else(|| Error::unsupported("a value does not fit in 64 bits"))?;
        let count = to
            .checked_add(1)
            .ok_or_else(|| Error::unsupported("too many values"))?;
        write_values_chunked(
            path,
            game,
            count,
            width,
            &mut |start, out| {
                self.fill(start, out)?;
                Ok(out.len())
            },
            Some(&|h| self.hash_from(h, to)),
        )
    }
}

/// Values filled at a time by [`PeriodicFill::for_each_chunk`].
const CHUNK: usize = 1 << 14;

/// Low bytes a hash state can have.
const BYTE_STATES: usize = 256;

/// The FNV-1a hash continued over a fixed run of values, as a map of the
/// hash: `h ↦ a·h + c[h mod 256]` (mod 2^64). Each byte step `(h ⊕ b)·P`
/// is `P·h + P·((l ⊕ b) − l)` with `l = h mod 256`, and the low byte of
/// the result depends on `l` alone, so runs of steps keep this shape and
/// compose in O(256).
#[derive(Clone)]
struct ByteAffine {
    a: u64,
    c: Vec<u64>,
}

impl ByteAffine {
    /// The map of hashing `values` (256 hashes of the run).
    fn of(values: &[u64]) -> ByteAffine {
        let a = fnv1a_power(values.len());
        let c = (0..BYTE_STATES as u64)
            .map(|l| {
                let end = values.iter().fold(l, |h, &v| fnv1a_step(h, v));
                end.wrapping_sub(a.wrapping_mul(l))
            })
            .collect();
        ByteAffine { a, c }
    }

    fn apply(&self, h: u64) -> u64 {
        self.a
            .wrapping_mul(h)
            .wrapping_add(self.c[(h & 0xff) as usize])
    }

    /// `self` after `first`.
    fn after(&self, first: &ByteAffine) -> ByteAffine {
        let c = (0..BYTE_STATES)
            .map(|l| {
                let mid = first.apply(l as u64);
                self.a
                    .wrapping_mul(first.c[l])
                    .wrapping_add(self.c[(mid & 0xff) as usize])
            })
            .collect();
        ByteAffine {
            a: self.a.wrapping_mul(first.a),
            c,
        }
    }

    /// The map applied `q` times.
    fn pow(&self, mut q: u64) -> ByteAffine {
        let mut result = ByteAffine {
            a: 1,
            c: vec![0; BYTE_STATES],
        };
        let mut base = self.clone();
        while q > 0 {
            if q & 1 == 1 {
                result = base.after(&result);
            }
            base = base.after(&base);
            q >>= 1;
        }
        result
    }
}

/// The FNV-1a prime to the power `8·n` (the multiplier of `n` values).
fn fnv1a_power(n: usize) -> u64 {
    let mut a = 1u64;
    let mut base = 0x0000_0100_0000_01b3u64.wrapping_pow(8);
    let mut n = n as u64;
    while n > 0 {
        if n & 1 == 1 {
            a = a.wrapping_mul(base);
        }
        base = base.wrapping_mul(base);
        n >>= 1;
    }
    a
}

/// Extends `solver` towards `G(0..=n)` like
/// [`TakeBreakSolver::extend_with`] (calling `each` after every batch),
/// watching the table for a period its game's theorem proves (see
/// [`PeriodWatch`]): at the first certificate it stops and returns the
/// periodicity (the table then holds at least
/// [`Periodicity::prefix_len`] values). `None` when the run reached `n`
/// with no certificate (or the game has no theorem), or stopped after the
/// batch in which `deadline` passed ([`TakeBreakSolver::len`] says how
/// far it got).
pub fn extend_certifying(
    solver: &mut TakeBreakSolver,
    n: u64,
    deadline: Option<Instant>,
    each: &mut dyn FnMut(&TakeBreakSolver) -> Result<()>,
) -> Result<Option<Periodicity>> {
    let theorem = solver.game().period_theorem();
    let mut watch = PeriodWatch::new(theorem);
    let mut found = None;
    let mut late = false;
    let run = solver.extend_with(n, &mut |s| {
        each(s)?;
        let view = s.table().view();
        if watch.due(view.len()) {
            let search = watch_search(&watch, view);
            found = watch.record(view.len(), search);
            if found.is_some() {
                return Err(Error::unsupported("certified"));
            }
        }
        if deadline.is_some_and(|d| Instant::now() >= d) && s.len() <= n {
            late = true;
            return Err(Error::unsupported("out of time"));
        }
        Ok(())
    });
    match run {
        Err(_) if found.is_some() || late => Ok(found),
        Err(e) => Err(e),
        Ok(()) => Ok(found),
    }
}

/// [`PeriodWatch::search`] on a table of any width.
pub(crate) fn watch_search(watch: &PeriodWatch, view: TableView<'_>) -> Option<PeriodFound> {
    match view {
        TableView::Nimbers(v) => watch.search(v),
        TableView::U8(v) => watch.search(v),
        // A period of the values is one of their low bytes (with the same
        // proof): only when the bytes have one are the values copied out (a
        // copy of the whole table, 2x its memory, never made for a sequence
        // like 0.6's).
        TableView::Nine(v) => watch
            .search(v.bytes())
            .and_then(|_| watch.search(&v.to_u16())),
        TableView::U16(v) => watch.search(v),
        TableView::U32(v) => watch.search(v),
        TableView::U64(v) => watch.search(v),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::TakeBreak;
    use crate::solve::NimTable;

    fn table(values: &[u64]) -> NimTable {
        let mut t = NimTable::new();
        values.iter().for_each(|&v| t.push(v).unwrap());
        t
    }

    /// The fill by the definition: `value_at`, one heap at a time.
    #[test]
    fn fill_equals_value_at_everywhere() {
        for saltus in [0, 3] {
            let p = Periodicity {
                preperiod: 1,
                period: 3,
                saltus,
            };
            // A prefix longer than the periodicity needs, used as it is.
            let longer: Vec<u64> = (0..8)
                .map(|h| p.value_at(&[5u64, 0, 1, 2], h).unwrap().value())
                .collect();
            let t = table(&longer);
            let fill = PeriodicFill::new(t.view(), p).unwrap();
            for from in 0..20u64 {
                for len in 0..30usize {
                    let mut out = vec![0; len];
                    fill.fill(from, &mut out).unwrap();
                    let expect: Vec<u64> = (from..from + len as u64)
                        .map(|h| p.value_at(&[5u64, 0, 1, 2], h).unwrap().value())
                        .collect();
                    assert_eq!(out, expect, "saltus {saltus} from {from} len {len}");
                }
            }
            let all: Vec<u64> = (0..=40).map(|h| fill.value(h).unwrap().value()).collect();
            assert_eq!(fill.max_to(40), all.iter().copied().max());
            assert_eq!(fill.max_to(2), Some(5));
        }
    }

    /// The hash by whole periods equals FNV-1a value by value, for
    /// prefixes and periods of every shape and ends anywhere in a period.
    #[test]
    fn the_hash_by_periods_equals_the_hash_value_by_value() {
        let mut x = 7u64;
        let mut rand = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for _ in 0..40 {
            let n0 = rand(20);
            let p = 1 + rand(9);
            let extra = rand(15);
            let big = rand(3) == 0;
            let values: Vec<u64> = (0..n0 + p + extra)
                .map(|_| if big { rand(1 << 40) } else { rand(300) })
                .collect();
            let periodicity = Periodicity {
                preperiod: n0,
                period: p,
                saltus: 0,
            };
            let prefix: Vec<u64> = (0..n0 + p + extra)
                .map(|h| {
                    periodicity
                        .value_at(&values[..(n0 + p) as usize], h)
                        .unwrap()
                        .value()
                })
                .collect();
            let t = table(&prefix);
            let fill = PeriodicFill::new(t.view(), periodicity).unwrap();
            let to = 600 * p + rand(3000);
            let mut all = vec![0; to as usize + 1];
            fill.fill(0, &mut all).unwrap();
            let seed = rand(u64::MAX);
            let expect = all.iter().fold(seed, |h, &v| fnv1a_step(h, v));
            assert_eq!(
                fill.hash_from(seed, to).unwrap(),
                expect,
                "{periodicity:?} to {to}"
            );
        }
    }

    #[test]
    fn a_fill_needs_its_prefix_and_refuses_overflow() {
        let t = table(&[1, 2]);
        let p = Periodicity {
            preperiod: 1,
            period: 2,
            saltus: 0,
        };
        assert!(PeriodicFill::new(t.view(), p).is_err());
        let p = Periodicity {
            preperiod: 0,
            period: 1,
            saltus: 1 << 62,
        };
        let t = table(&[1]);
        let fill = PeriodicFill::new(t.view(), p).unwrap();
        let mut out = [0; 4];
        assert!(fill.fill(0, &mut out).is_ok());
        assert!(fill.fill(3, &mut out).is_err());
    }

    /// Kayles is certified at a few hundred heaps and filled equal to the
    /// engine's own values after that.
    #[test]
    fn kayles_stops_at_its_certificate() {
        let game = TakeBreak::named("kayles").unwrap();
        let mut solver = TakeBreakSolver::new(game.clone());
        let p = extend_certifying(&mut solver, 1_000_000, None, &mut |_| Ok(()))
            .unwrap()
            .unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (71, 12, 0));
        assert!(solver.len() < 1024, "{}", solver.len());
        let fill = PeriodicFill::new(solver.table().view(), p).unwrap();
        let mut engine = TakeBreakSolver::new(game);
        engine.extend_to(5000).unwrap();
        let mut out = vec![0; 5001];
        fill.fill(0, &mut out).unwrap();
        let expect: Vec<u64> = (0..=5000)
            .map(|h| engine.value(h).unwrap().value())
            .collect();
        assert_eq!(out, expect);
        assert_eq!(
            fill.checksum_to(5000).unwrap(),
            engine.table().view().checksum()
        );
        assert_eq!(fill.width_to(5000), Some(1));
    }
}

//! Two threads of the take-and-break engine: how one waits for the other
//! (spin a short while, then sleep), and whether to use two at all.
//!
//! The two-thread steps of the engine hand work between two threads every
//! few tens of microseconds. Waking a sleeping thread costs about as much,
//! so a waiting thread spins — but only for [`SPIN_FOR`]. On a machine whose
//! cores are shared (a virtual machine whose host deschedules one of its
//! CPUs, or more runnable threads than cores) the thread waited for may be
//! off the CPU for milliseconds, and a waiter spinning all that while takes
//! the very core it needs. Even so, steps that need both threads at once
//! are slower there than one thread alone: [`TwoOrOne`] times both ways and
//! runs the faster.

use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;
use std::thread::Thread;
use std::time::{Duration, Instant};

/// How long a waiter spins before it sleeps: longer than the usual wait on
/// two free cores (microseconds), far shorter than a descheduled thread's
/// absence (milliseconds).
const SPIN_FOR: Duration = Duration::from_micros(200);

/// Calls `ready` until it returns `true` or about [`SPIN_FOR`] has passed;
/// returns its last answer.
pub(crate) fn spin_until(mut ready: impl FnMut() -> bool) -> bool {
    let start = Instant::now();
    loop {
        for _ in 0..64 {
            if ready() {
                return true;
            }
            std::hint::spin_loop();
        }
        if start.elapsed() >= SPIN_FOR {
            return ready();
        }
    }
}

/// How a [`Signal::wait`] went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Waited {
    /// The signal was already set.
    No,
    /// Set while the waiter spun.
    Spun,
    /// Set after the waiter had gone to sleep.
    Slept,
}

const RUNNING: u8 = 0;
const SET: u8 = 1;
const SLEEPING: u8 = 2;

/// A flag set once by one thread and waited for by one other.
#[derive(Debug, Default)]
pub(crate) struct Signal {
    state: AtomicU8,
    /// The waiter, once it sleeps (for the setter to wake it).
    sleeper: OnceLock<Thread>,
}

impl Signal {
    /// Sets the flag, waking the waiter if it sleeps.
    pub(crate) fn set(&self) {
        if self.state.swap(SET, Ordering::AcqRel) == SLEEPING {
            // The waiter stored itself before it announced its sleep (the
            // swap above reads that announcement, and so sees the store).
            if let Some(waiter) = self.sleeper.get() {
                waiter.unpark();
            }
        }
    }

    /// Whether the flag is set.
    pub(crate) fn is_set(&self) -> bool {
        self.state.load(Ordering::Acquire) == SET
    }

    /// Waits until the flag is set: spins for up to [`SPIN_FOR`], then
    /// sleeps until [`Self::set`] wakes it. One waiter only.
    pub(crate) fn wait(&self) -> Waited {
        if self.is_set() {
            return Waited::No;
        }
        if spin_until(|| self.is_set()) {
            return Waited::Spun;
        }
        let _ = self.sleeper.set(std::thread::current());
        if self
            .state
            .compare_exchange(RUNNING, SLEEPING, Ordering::AcqRel, Ordering::Acquire)
            .is_err()
        {
            // Set in between.
            return Waited::Spun;
        }
        // `park` may return before an `unpark`: check the flag each time.
        while !self.is_set() {
            std::thread::park();
        }
        Waited::Slept
    }
}

impl AsRef<Signal> for Signal {
    fn as_ref(&self) -> &Signal {
        self
    }
}

/// Sets every [`Signal`] of a list when dropped (also when the thread
/// unwinds from a panic, so no waiter is left waiting).
pub(crate) struct SetAllOnDrop<'a, S: AsRef<Signal>>(pub(crate) &'a [S]);

impl<S: AsRef<Signal>> Drop for SetAllOnDrop<'_, S> {
    fn drop(&mut self) {
        for signal in self.0 {
            signal.as_ref().set();
        }
    }
}

/// How long each way of running is timed before the two are compared.
const PROBE: Duration = Duration::from_millis(20);
/// The first stretch for the faster way; doubled each time the same way
/// wins again, up to [`RUN_MAX`].
const RUN_MIN: Duration = Duration::from_millis(160);
/// The longest stretch between two comparisons.
const RUN_MAX: Duration = Duration::from_millis(2560);

/// Whether two threads are faster than one, found by timing both. On two
/// free cores they are (by 1.2–1.9x); where the cores are shared with other
/// work (a busy machine, or a virtual machine whose host runs its CPUs one
/// at a time) the steps that need both threads at once wait for whichever
/// is off the CPU and can be slower than one thread alone. So each way is
/// timed for [`PROBE`] (heaps computed per second of wall time), the faster
/// one runs for a stretch, then the slower one is timed again — costing
/// well under 1% where two threads always win.
#[derive(Clone, Debug)]
pub(crate) struct TwoOrOne {
    /// The current way: two threads or one.
    two: bool,
    /// Whether the current stretch is a timing of the way that lost last.
    probing: bool,
    /// When the current stretch began (`None` before the first call).
    since: Option<Instant>,
    /// When it ends.
    until: Instant,
    /// Heaps computed when it began.
    done_at: usize,
    /// The last speed measured for one thread (`[0]`) and two (`[1]`).
    rate: [Option<f64>; 2],
    /// The next stretch for the faster way.
    run_for: Duration,
    /// The way that won the last comparison.
    winner: Option<bool>,
    /// Stretches run on one thread after it won.
    one_runs: u64,
}

impl Default for TwoOrOne {
    fn default() -> Self {
        let now = Instant::now();
        TwoOrOne {
            two: true,
            probing: true,
            since: None,
            until: now,
            done_at: 0,
            rate: [None, None],
            run_for: RUN_MIN,
            winner: None,
            one_runs: 0,
        }
    }
}

impl TwoOrOne {
    /// Whether to use two threads at `now`, with `done` heaps computed so
    /// far: `Some(until)` while two threads are the way (until the next
    /// comparison), `None` for one thread. Returns `Some` until both ways
    /// have been timed.
    pub(crate) fn choose(&mut self, now: Instant, done: usize) -> Option<Instant> {
        match self.since {
            None => self.begin(now, done, true, PROBE, true),
            Some(since) if now >= self.until => {
                let secs = now.duration_since(since).as_secs_f64().max(1e-9);
                let rate = done.saturating_sub(self.done_at) as f64 / secs;
                self.rate[usize::from(self.two)] = Some(rate);
                match self.rate {
                    [Some(one), Some(two)] if self.probing => {
                        let winner = two >= one;
                        self.run_for = if self.winner == Some(winner) {
                            (self.run_for * 2).min(RUN_MAX)
                        } else {
                            RUN_MIN
                        };
                        self.winner = Some(winner);
                        self.one_runs += u64::from(!winner);
                        // The loser is timed afresh after the stretch.
                        self.rate[usize::from(!winner)] = None;
                        self.begin(now, done, winner, self.run_for, false);
                    }
                    _ => self.begin(now, done, !self.two, PROBE, true),
                }
            }
            Some(_) => {}
        }
        self.two.then_some(self.until)
    }

    fn begin(&mut self, now: Instant, done: usize, two: bool, length: Duration, probing: bool) {
        self.two = two;
        self.probing = probing;
        self.since = Some(now);
        self.until = now + length;
        self.done_at = done;
    }

    /// Two threads (`two`) or one for the next hour, whatever the timings
    /// (tests that check what the engine did: on a busy test machine one
    /// thread could win the comparison).
    #[cfg(test)]
    pub(crate) fn fixed_for_an_hour(two: bool) -> TwoOrOne {
        let now = Instant::now();
        TwoOrOne {
            two,
            probing: false,
            since: Some(now),
            until: now + Duration::from_secs(3600),
            winner: Some(two),
            ..TwoOrOne::default()
        }
    }

    /// Whether one thread won the last comparison.
    #[cfg(test)]
    fn one_won(&self) -> bool {
        self.winner == Some(false)
    }

    /// Stretches run on one thread because it was found faster.
    pub(crate) fn one_runs(&self) -> u64 {
        self.one_runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_set_signal_is_not_waited_for() {
        let s = Signal::default();
        s.set();
        assert!(s.is_set());
        assert_eq!(s.wait(), Waited::No);
    }

    /// Waits until `s`'s waiter sleeps.
    fn until_asleep(s: &Signal) {
        while s.state.load(Ordering::Acquire) != SLEEPING {
            std::thread::sleep(Duration::from_millis(1));
        }
    }

    #[test]
    fn a_sleeping_waiter_is_woken() {
        let s = Signal::default();
        let waited = std::thread::scope(|scope| {
            let waiter = scope.spawn(|| s.wait());
            until_asleep(&s);
            drop(SetAllOnDrop(std::slice::from_ref(&s)));
            waiter.join().expect("the waiter returns")
        });
        assert!(s.is_set());
        assert_eq!(waited, Waited::Slept);
    }

    #[test]
    fn a_panicking_setter_still_wakes_the_waiter() {
        let s = Signal::default();
        let waited = std::thread::scope(|scope| {
            let waiter = scope.spawn(|| s.wait());
            let setter = scope.spawn(|| {
                let _set = SetAllOnDrop(std::slice::from_ref(&s));
                until_asleep(&s);
                panic!("the setter fails");
            });
            assert!(setter.join().is_err());
            waiter.join().expect("the waiter returns")
        });
        assert_eq!(waited, Waited::Slept);
    }

    /// Drives `c` from `t0`, with `one` and `two` heaps per millisecond on
    /// one and two threads, for `ms` milliseconds; returns the milliseconds
    /// spent on two threads.
    fn drive(c: &mut TwoOrOne, t0: Instant, ms: u64, one: usize, two: usize) -> u64 {
        let (mut done, mut on_two) = (0, 0);
        for i in 0..ms {
            let two_now = c.choose(t0 + Duration::from_millis(i), done).is_some();
            on_two += u64::from(two_now);
            done += if two_now { two } else { one };
        }
        on_two
    }

    #[test]
    fn the_faster_way_runs_and_the_slower_is_timed_now_and_then() {
        let t0 = Instant::now();
        // Two threads faster: they run all but the timings of one thread.
        let mut c = TwoOrOne::default();
        let on_two = drive(&mut c, t0, 20_000, 100, 150);
        assert!(on_two > 19_000, "{on_two} ms of 20000 on two threads");
        assert!(!c.one_won());
        // One faster (shared cores): one runs all but the timings of two.
        let mut c = TwoOrOne::default();
        let on_two = drive(&mut c, t0, 20_000, 100, 70);
        assert!(on_two < 1_000, "{on_two} ms of 20000 on two threads");
        assert!(c.one_won());
        // Conditions change: the choice follows within a stretch or two.
        let t1 = t0 + Duration::from_millis(20_000);
        let on_two = drive(&mut c, t1, 20_000, 100, 150);
        assert!(on_two > 15_000, "{on_two} ms of 20000 on two threads");
        assert!(!c.one_won());
    }

    #[test]
    fn two_threads_run_until_the_deadline_given() {
        let mut c = TwoOrOne::default();
        let t0 = Instant::now();
        let until = c.choose(t0, 0).expect("two threads first");
        assert_eq!(until, t0 + PROBE);
        assert_eq!(c.choose(t0 + PROBE / 2, 10), Some(until));
        // Then one thread is timed.
        assert_eq!(c.choose(until, 20), None);
    }

    #[test]
    fn spin_until_gives_up_after_a_while() {
        let start = Instant::now();
        assert!(!spin_until(|| false));
        assert!(start.elapsed() >= SPIN_FOR);
        let mut calls = 0;
        assert!(spin_until(|| {
            calls += 1;
            calls == 3
        }));
    }
}

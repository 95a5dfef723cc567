//! [`Cancel`]: a front-end's cancel hook, asked now and then by solvers
//! whose work has no progress callback of its own (the placement search,
//! the memoizing solver, the period search), so that Ctrl-C, or a
//! front-end's stop button, ends a long computation within about 50 ms.
//!
//! No-op by default and free then: a solver holds `Cancel::never()` and
//! asks [`Cancel::requested`] only every few thousand steps.

use std::sync::Arc;

/// A cancel hook: [`requested`](Self::requested) is true once the caller
/// wants the work stopped; the solver then stops with
/// `ErrorKind::Cancelled` (see `crate::error`). Cheap to clone (shared).
#[derive(Clone, Default)]
pub struct Cancel(Option<Arc<dyn Fn() -> bool + Send + Sync>>);

impl Cancel {
    /// A hook that asks `stop` whether to stop (called about every 50 ms
    /// of work, from the thread doing the work).
    pub fn new(stop: impl Fn() -> bool + Send + Sync + 'static) -> Cancel {
        Cancel(Some(Arc::new(stop)))
    }

    /// The hook that never stops anything (the default).
    pub fn never() -> Cancel {
        Cancel(None)
    }

    /// Whether the caller wants the work stopped.
    pub fn requested(&self) -> bool {
        self.0.as_ref().is_some_and(|stop| stop())
    }
}

impl std::fmt::Debug for Cancel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(if self.0.is_some() {
            "Cancel(hook)"
        } else {
            "Cancel(never)"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Cancel;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Arc;

    #[test]
    fn a_cancel_hook_says_what_its_closure_says() {
        assert!(!Cancel::never().requested());
        assert!(!Cancel::default().requested());
        let flag = Arc::new(AtomicBool::new(false));
        let seen = flag.clone();
        let cancel = Cancel::new(move || seen.load(Ordering::Relaxed));
        assert!(!cancel.requested());
        flag.store(true, Ordering::Relaxed);
        assert!(cancel.clone().requested());
    }
}

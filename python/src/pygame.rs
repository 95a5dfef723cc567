//! `grundy.game(moves=...)`: a game whose rules are Python callables,
//! solved by the library's generic solvers (the memoizing solver for
//! normal play, the misère solver for misère play). Slow, since every
//! option comes from Python, but any hashable position works.
//!
//! The rules run with the GIL held. An exception in a callable (or Ctrl-C,
//! checked every [`SIGNAL_EVERY`] calls) is kept, the callables give no more
//! options, and the solver's result is replaced by that exception.

use crate::{to_py, MoveTuple};
use grundy::game::{Game, Outcome};
use grundy::solve::{MemoConfig, MemoSolver, MisereConfig, MisereSolver};
use grundy::script::ScriptLimits;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, TryLockError};

/// Calls of a callable between two checks for Ctrl-C.
const SIGNAL_EVERY: u64 = 1024;

/// A position: a hashable Python object and its hash.
pub struct PyPos {
    obj: Py<PyAny>,
    hash: isize,
}

impl PyPos {
    fn new(obj: &Bound<'_, PyAny>) -> PyResult<PyPos> {
        Ok(PyPos {
            hash: obj.hash()?,
            obj: obj.clone().unbind(),
        })
    }
}

impl Clone for PyPos {
    fn clone(&self) -> Self {
        Python::with_gil(|py| PyPos {
            obj: self.obj.clone_ref(py),
            hash: self.hash,
        })
    }
}

impl PartialEq for PyPos {
    fn eq(&self, other: &Self) -> bool {
        self.hash == other.hash
            && Python::with_gil(|py| self.obj.bind(py).eq(other.obj.bind(py)).unwrap_or(false))
    }
}

impl Eq for PyPos {}

impl Hash for PyPos {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash.hash(state);
    }
}

impl std::fmt::Debug for PyPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = Python::with_gil(|py| {
            self.obj
                .bind(py)
                .str()
                .map(|s| s.to_string())
                .unwrap_or_else(|_| "<position>".into())
        });
        f.write_str(&text)
    }
}

/// The rules: `moves(p)` (an iterable of options) and, optionally,
/// `components(p)` (an iterable of independent parts).
pub struct PyRules {
    moves: Py<PyAny>,
    components: Option<Py<PyAny>>,
    error: Arc<Mutex<Option<PyErr>>>,
    calls: Arc<AtomicU64>,
}

impl Clone for PyRules {
    fn clone(&self) -> Self {
        Python::with_gil(|py| PyRules {
            moves: self.moves.clone_ref(py),
            components: self.components.as_ref().map(|c| c.clone_ref(py)),
            error: self.error.clone(),
            calls: self.calls.clone(),
        })
    }
}

impl PyRules {
    fn failed(&self) -> bool {
        self.error.lock().map(|e| e.is_some()).unwrap_or(true)
    }

    fn keep(&self, e: PyErr) {
        if let Ok(mut slot) = self.error.lock() {
            slot.get_or_insert(e);
        }
    }

    fn take_error(&self) -> Option<PyErr> {
        self.error.lock().ok().and_then(|mut e| e.take())
    }

    /// `components(p)` as positions, or `[p]` without the callable.
    fn split(&self, py: Python<'_>, p: &Bound<'_, PyAny>) -> PyResult<Vec<PyPos>> {
        match &self.components {
            None => Ok(vec![PyPos::new(p)?]),
            Some(c) => c
                .bind(py)
                .call1((p,))?
                .try_iter()?
                .map(|x| PyPos::new(&x?))
                .collect(),
        }
    }

    fn options_py(&self, py: Python<'_>, p: &PyPos, f: &mut dyn FnMut(&[PyPos])) -> PyResult<()> {
        if self.calls.fetch_add(1, Ordering::Relaxed) % SIGNAL_EVERY == SIGNAL_EVERY - 1 {
            py.check_signals()?;
        }
        for option in self.moves.bind(py).call1((p.obj.bind(py),))?.try_iter()? {
            let parts = self.split(py, &option?)?;
            f(&parts);
        }
        Ok(())
    }
}

impl Game for PyRules {
    type Position = PyPos;

    fn options(&self, p: &PyPos, f: &mut dyn FnMut(&[PyPos])) {
        if self.failed() {
            return;
        }
        if let Err(e) = Python::with_gil(|py| self.options_py(py, p, f)) {
            self.keep(e);
        }
    }

    fn components(&self, p: &PyPos) -> Vec<PyPos> {
        if self.components.is_none() || self.failed() {
            return vec![p.clone()];
        }
        match Python::with_gil(|py| self.split(py, p.obj.bind(py))) {
            Ok(parts) => parts,
            Err(e) => {
                self.keep(e);
                vec![p.clone()]
            }
        }
    }
}

/// The solvers of a [`PyGame`], behind its lock.
struct Solvers {
    rules: PyRules,
    max_positions: usize,
    normal: MemoSolver<PyRules>,
    misere: Option<MisereSolver<PyRules>>,
}

impl Solvers {
    fn new(rules: PyRules, max_positions: usize) -> Solvers {
        Solvers {
            normal: MemoSolver::with_config(rules.clone(), MemoConfig::default().max_positions(max_positions)),
            rules,
            max_positions,
            misere: None,
        }
    }

    fn positions(&self, py: Python<'_>, ps: &Bound<'_, PyTuple>) -> PyResult<Vec<PyPos>> {
        let mut out = Vec::new();
        for p in ps.iter() {
            out.extend(self.rules.split(py, &p)?);
        }
        Ok(out)
    }

    /// The result, or the exception a callable raised. After any error
    /// the solvers start afresh: a callable that failed gave no options
    /// from then on, so the memo may hold values computed without them.
    fn done<T>(&mut self, r: grundy::Result<T>) -> PyResult<T> {
        let r = match (r, self.rules.take_error()) {
            (_, Some(e)) => Err(e),
            (r, None) => r.map_err(to_py),
        };
        if r.is_err() {
            *self = Solvers::new(self.rules.clone(), self.max_positions);
        }
        r
    }
}

/// A small number per thread, to tell the thread that holds a game's lock.
fn thread_number() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    thread_local!(static NUMBER: u64 = NEXT.fetch_add(1, Ordering::Relaxed));
    NUMBER.with(|n| *n)
}

/// A game defined in Python (see `grundy.game`). Usable from any thread:
/// one computation at a time, a second thread waits for it (with the GIL
/// released); a callable that asks its own game again is refused.
#[pyclass(name = "_Game", module = "grundy", frozen)]
pub struct PyGame {
    solvers: Mutex<Solvers>,
    /// The [`thread_number`] of the thread computing, 0 when none.
    owner: AtomicU64,
}

/// The lock of a game held by this thread; `owner` cleared when dropped.
struct Held<'a> {
    guard: MutexGuard<'a, Solvers>,
    owner: &'a AtomicU64,
}

impl Drop for Held<'_> {
    fn drop(&mut self) {
        self.owner.store(0, Ordering::Release);
    }
}

impl PyGame {
    fn lock(&self, py: Python<'_>) -> PyResult<Held<'_>> {
        let me = thread_number();
        let guard = loop {
            match self.solvers.try_lock() {
                Ok(g) => break g,
                Err(TryLockError::Poisoned(p)) => break p.into_inner(),
                Err(TryLockError::WouldBlock) => {
                    if self.owner.load(Ordering::Acquire) == me {
                        return Err(PyRuntimeError::new_err(
                            "this game is computing: its `moves` or `components` callable asked \
                             the same game for a value (a game cannot be asked while it computes)",
                        ));
                    }
                    // Another thread computes: wait for it with the GIL
                    // released (it needs the GIL to call the rules), then
                    // try again.
                    py.allow_threads(|| drop(self.solvers.lock()));
                }
            }
        };
        self.owner.store(me, Ordering::Release);
        Ok(Held {
            guard,
            owner: &self.owner,
        })
    }
}

fn show(py: Python<'_>, p: &PyPos) -> String {
    p.obj
        .bind(py)
        .repr()
        .map(|s| s.to_string())
        .unwrap_or_else(|_| "<position>".into())
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (moves, components = None, max_positions = None))]
    fn new(
        moves: Py<PyAny>,
        components: Option<Py<PyAny>>,
        max_positions: Option<crate::Count>,
    ) -> PyResult<PyGame> {
        let max_positions = match max_positions {
            None => ScriptLimits::default().max_positions,
            Some(crate::Count(0)) => {
                return Err(crate::invalid_input(
                    "`max_positions` is at least 1".to_string(),
                ))
            }
            Some(crate::Count(n)) => usize::try_from(n).unwrap_or(usize::MAX),
        };
        let rules = PyRules {
            moves,
            components,
            error: Arc::new(Mutex::new(None)),
            calls: Arc::new(AtomicU64::new(0)),
        };
        Ok(PyGame {
            solvers: Mutex::new(Solvers::new(rules, max_positions)),
            owner: AtomicU64::new(0),
        })
    }

    /// The nim-value of the sum of `positions` (each split by `components`).
    #[pyo3(signature = (*positions))]
    fn value(&self, py: Python<'_>, positions: &Bound<'_, PyTuple>) -> PyResult<u64> {
        let mut held = self.lock(py)?;
        let s = &mut *held.guard;
        let ps = s.positions(py, positions)?;
        let r = s.normal.sum_value(&ps);
        s.done(r).map(|v| v.value())
    }

    /// `(value or None, outcome, winning moves)`; moves name positions by
    /// their `repr`.
    #[pyo3(signature = (positions, misere = false))]
    fn _analyze(
        &self,
        py: Python<'_>,
        positions: &Bound<'_, PyTuple>,
        misere: bool,
    ) -> PyResult<(Option<u64>, String, Vec<MoveTuple>)> {
        let mut held = self.lock(py)?;
        let s = &mut *held.guard;
        let ps = s.positions(py, positions)?;
        if ps.is_empty() {
            return Ok((Some(0), Outcome::P.to_string(), Vec::new()));
        }
        let moves = |m: Vec<grundy::game::WinningMove<PyPos>>| -> Vec<MoveTuple> {
            m.iter()
                .map(|m| {
                    (
                        m.component,
                        show(py, &m.from),
                        m.to.iter().map(|t| show(py, t)).collect(),
                    )
                })
                .collect()
        };
        if misere {
            let rules = s.rules.clone();
            let max_states = s.max_positions;
            let solver = s.misere.get_or_insert_with(|| {
                MisereSolver::with_config(
                    rules,
                    MisereConfig::default().max_states(max_states),
                )
            });
            let r = solver.analyze(&ps);
            let (outcome, m) = s.done(r)?;
            return Ok((None, outcome.to_string(), moves(m)));
        }
        let r = grundy::strategy::analyze(&s.rules, &mut s.normal, &ps);
        let a = s.done(r)?;
        Ok((
            a.value.map(|v| v.value()),
            a.outcome.to_string(),
            moves(a.winning_moves),
        ))
    }
}

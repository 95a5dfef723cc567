//! `grundy._grundy`: the Rust side of the Python package `grundy`.
//!
//! A thin layer over the library: every computation is `grundy`'s, this
//! crate converts arguments and results, releases the GIL while the library
//! computes, and checks for Ctrl-C between batches. The Python side
//! (`grundy/__init__.py`) wraps the plain tuples returned here into
//! dataclasses with notebook displays.
//!
//! Errors: a `grundy::Error` about the caller's input (a spec, a position,
//! a graph) becomes `ValueError` with the library's message; a memory limit
//! `MemoryError`; a cancelled computation `KeyboardInterrupt` (Ctrl-C, seen
//! by the library's progress hook); anything else `RuntimeError`.

#![deny(clippy::too_many_lines)]

use grundy::error::{Error, ErrorKind};
use grundy::service::{self as service, DiskFiles};
use grundy::solve::{NimTable, TakeBreakConfig, TakeBreakSolver};
use grundy::spec::{self, AnalyzeOptions};
use grundy::util::Cancel;
use grundy::Nimber;
use numpy::IntoPyArray;
use pyo3::exceptions::{PyKeyboardInterrupt, PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use std::sync::{Arc, Mutex};

mod census;

/// The library's counting allocator, as the `grundy` command declares
/// it: each thread's live bytes, which bound a Rhai script's values in
/// total ([`grundy::script::count_memory_with`]).
#[global_allocator]
static ALLOCATOR: grundy_alloc::CountingAlloc = grundy_alloc::CountingAlloc;
mod graph;
mod nimber;
mod pygame;

/// The name of a library error's kind, as `grundy._errors` knows it
/// (`InvalidSpec`, `TooManyPositions`): the variant's name, read from its
/// `Debug` form so that a kind added to the library has a name at once
/// (it raises `GrundyError` until `_errors.CLASSES` lists it; a test
/// checks that every kind of `error.rs` is listed).
pub(crate) fn kind_name(kind: &ErrorKind) -> String {
    let debug = format!("{kind:?}");
    debug
        .split(|c: char| !c.is_ascii_alphanumeric())
        .next()
        .unwrap_or_default()
        .to_string()
}

/// A library error as the Python exception of its kind (see
/// `grundy/_errors.py`: a `GrundyError` subclass that also derives from
/// `ValueError`, `MemoryError` or `RuntimeError`; `KeyboardInterrupt` for
/// a cancelled computation).
pub(crate) fn to_py(e: Error) -> PyErr {
    let msg = e.to_string();
    let kind = kind_name(e.kind());
    Python::with_gil(|py| {
        let made = py
            .import("grundy._errors")
            .and_then(|m| m.getattr("_make"))
            .and_then(|make| make.call1((kind.as_str(), msg.as_str())));
        match made {
            Ok(exc) => PyErr::from_value(exc),
            // The package is not importable (the compiled module alone):
            // the built-in classes of each kind.
            Err(_) => match e.kind() {
                ErrorKind::Cancelled => PyKeyboardInterrupt::new_err(msg),
                ErrorKind::OutOfMemory { .. } | ErrorKind::TooManyPositions { .. } => {
                    PyMemoryError::new_err(msg)
                }
                _ => PyRuntimeError::new_err(msg),
            },
        }
    })
}

/// `(kind, message)` of one example of each library error kind, turned
/// into its Python exception: for the test that walks every kind.
#[pyfunction]
fn _error_examples() -> Vec<(String, PyErr)> {
    use ErrorKind as K;
    let s = || "x".to_string();
    let kinds = vec![
        K::InvalidSpec {
            spec: s(),
            reason: s(),
        },
        K::InvalidPosition {
            position: s(),
            reason: s(),
        },
        K::Cycle { position: s() },
        K::TooManyPositions { limit: 10 },
        K::OutOfMemory {
            needed: 2,
            available: 1,
        },
        K::HeapTooLarge {
            heap: 2,
            limit: 1,
            searched: 1,
        },
        K::LimitReached {
            work: s(),
            limit: s(),
            reached: s(),
        },
        K::Cancelled,
        K::Unsupported(s()),
        K::Partizan {
            game: s(),
            reason: s(),
        },
        K::NotShrinking { heap: 1, option: 2 },
        K::Domain(s()),
        K::IllegalMove {
            text: s(),
            reason: s(),
        },
        K::Script {
            script: s(),
            reason: s(),
        },
        K::InvalidGraph {
            line: 1,
            reason: s(),
        },
        K::Io {
            action: s(),
            path: s(),
            message: s(),
        },
        K::NotTheSequence {
            path: s(),
            game: s(),
            heap: 1,
            stored: 1,
            computed: 2,
        },
        K::NoPositions {
            game: s(),
            expected: s(),
            given: 0,
        },
        K::BadFile {
            path: s(),
            reason: s(),
        },
        K::Busy {
            path: s(),
            pid: None,
        },
    ];
    kinds
        .into_iter()
        .map(|k| (kind_name(&k), to_py(k.into())))
        .collect()
}

/// A `ValueError` (`grundy.InvalidInputError`) about an argument that
/// the package checks itself.
pub(crate) fn invalid_input(msg: String) -> PyErr {
    Python::with_gil(|py| {
        py.import("grundy._errors")
            .and_then(|m| m.getattr("_make"))
            .and_then(|make| make.call1(("Argument", msg.as_str())))
            .map(PyErr::from_value)
            .unwrap_or_else(|_| PyValueError::new_err(msg.clone()))
    })
}

/// A count or heap size argument: a Python `int` (or a numpy integer, or
/// anything with `__index__`) in `0..2**64`. `bool` and `float` are
/// refused with `TypeError` (PyO3 takes `True` as 1, and the Python side
/// used to truncate `3.5` to 3), a negative or too large int with
/// `OverflowError`.
pub(crate) struct Count(pub u64);

impl<'py> FromPyObject<'py> for Count {
    fn extract_bound(ob: &Bound<'py, PyAny>) -> PyResult<Self> {
        use pyo3::types::{PyBool, PyFloat, PyString};
        let refused = ob.is_instance_of::<PyBool>()
            || ob.is_instance_of::<PyFloat>()
            || ob.is_instance_of::<PyString>()
            || ob.hasattr("__index__").map(|has| !has).unwrap_or(true);
        if refused {
            let kind = ob
                .get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default();
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "an integer is wanted, not {kind} `{}`",
                ob.repr().map(|r| r.to_string()).unwrap_or_default()
            )));
        }
        ob.extract::<u64>().map(Count)
    }
}

/// The cancel hook of a computation running with the GIL released in
/// the main thread: asks Python for a pending signal (Ctrl-C) about every
/// 50 ms and keeps its exception in `slot`; [`finish_shared`] raises it.
pub(crate) fn signal_hook(slot: &Arc<Mutex<Option<PyErr>>>) -> Cancel {
    let slot = slot.clone();
    Cancel::new(move || match Python::with_gil(|py| py.check_signals()) {
        Ok(()) => false,
        Err(e) => {
            if let Ok(mut s) = slot.lock() {
                s.get_or_insert(e);
            }
            true
        }
    })
}

/// The library's result, or the exception kept by [`signal_hook`].
pub(crate) fn finish_shared<T>(
    r: grundy::Result<T>,
    slot: &Arc<Mutex<Option<PyErr>>>,
) -> PyResult<T> {
    match slot.lock().ok().and_then(|mut s| s.take()) {
        Some(e) => Err(e),
        None => r.map_err(to_py),
    }
}

/// Checks for a pending signal (Ctrl-C) from a thread that released the
/// GIL: the cancel hook of the library's progress callbacks. The Python
/// error (KeyboardInterrupt) is kept in `slot` and the library is told to
/// stop with [`ErrorKind::Cancelled`], which [`finish`] replaces by it.
pub(crate) fn interrupted(slot: &mut Option<PyErr>) -> grundy::Result<()> {
    match Python::with_gil(|py| py.check_signals()) {
        Ok(()) => Ok(()),
        Err(e) => {
            *slot = Some(e);
            Err(ErrorKind::Cancelled.into())
        }
    }
}

/// The library's result, or the Python error kept by [`interrupted`].
pub(crate) fn finish<T>(r: grundy::Result<T>, slot: Option<PyErr>) -> PyResult<T> {
    match (r, slot) {
        (_, Some(e)) => Err(e),
        (r, None) => r.map_err(to_py),
    }
}

/// Heaps asked of the library at once outside the engine (a closed form
/// answers them without a check for Ctrl-C).
const CHUNK: u64 = 1 << 16;

/// Computed values: the engine's table (whole, from 0) or a plain list.
enum Computed {
    Table(NimTable),
    List(Vec<Nimber>),
}

/// `G(start..=to)` of `game`, computed with the GIL released.
fn compute(game: &str, start: u64, to: u64, slot: &mut Option<PyErr>) -> grundy::Result<Computed> {
    let mut any = spec::parse_with(game, &DiskFiles)?;
    // A long range of a take-and-break code: the engine, as `grundy
    // values` decides it (the library's long-run decision and memory).
    if let Some(tb) = service::takes_engine(any.as_ref(), start, to) {
        let config =
            TakeBreakConfig::default().max_bytes(service::RequestPolicy::default().memory_bytes());
        let mut solver = TakeBreakSolver::with_config(tb, config);
        solver.check_memory(to)?;
        solver.extend_with(to, &mut |_| interrupted(slot))?;
        return Ok(Computed::Table(solver.into_table()));
    }
    // At most the library's cap at once, asked piece by piece below (the
    // engine's long ranges above are bounded by memory, as in `grundy
    // values`).
    spec::check_values_count(start, to)?;
    // No time limit: the size was asked for. Ctrl-C is checked between
    // chunks and, while a table is computed, between the library's batches
    // (about 50 ms each).
    let mut out = Vec::new();
    let mut lo = start;
    loop {
        let hi = lo.saturating_add(CHUNK - 1).min(to);
        out.extend(any.values_with(lo, hi, &mut |_| interrupted(slot))?);
        if hi == to {
            return Ok(Computed::List(out));
        }
        interrupted(slot)?;
        lo = hi + 1;
    }
}

/// A slice as the narrowest unsigned numpy array that holds its largest
/// value.
fn narrow<'py, T: Copy + Into<u64>>(py: Python<'py>, v: &[T]) -> Bound<'py, PyAny> {
    let max = v.iter().map(|&x| x.into()).max().unwrap_or(0);
    if max <= u8::MAX as u64 {
        let a: Vec<u8> = v.iter().map(|&x| x.into() as u8).collect();
        a.into_pyarray(py).into_any()
    } else if max <= u16::MAX as u64 {
        let a: Vec<u16> = v.iter().map(|&x| x.into() as u16).collect();
        a.into_pyarray(py).into_any()
    } else if max <= u32::MAX as u64 {
        let a: Vec<u32> = v.iter().map(|&x| x.into() as u32).collect();
        a.into_pyarray(py).into_any()
    } else {
        let a: Vec<u64> = v.iter().map(|&x| x.into()).collect();
        a.into_pyarray(py).into_any()
    }
}

/// `values(game, to, start=0)`: `G(start..=to)` as a numpy array of the
/// narrowest unsigned dtype.
#[pyfunction]
#[pyo3(signature = (game, to, start = Count(0)))]
fn values<'py>(
    py: Python<'py>,
    game: &str,
    to: Count,
    start: Count,
) -> PyResult<Bound<'py, PyAny>> {
    let (to, start) = (to.0, start.0);
    if start > to {
        return Err(invalid_input(format!(
            "empty range: start `{start}` is larger than to `{to}`"
        )));
    }
    let game = game.to_string();
    let (r, slot) = py.allow_threads(move || {
        let mut slot = None;
        let r = compute(&game, start, to, &mut slot);
        (r, slot)
    });
    let (s, e) = (start as usize, to as usize);
    Ok(match finish(r, slot)? {
        Computed::List(v) => {
            let raw: Vec<u64> = v.iter().map(|g| g.value()).collect();
            narrow(py, &raw)
        }
        Computed::Table(NimTable::U8(t)) if s == 0 && t.len() == e + 1 => {
            t.into_pyarray(py).into_any()
        }
        Computed::Table(NimTable::U8(t)) => narrow(py, &t[s..=e]),
        Computed::Table(NimTable::Nine(t)) => {
            // Values below 512 in two planes (long runs): read out as u16.
            let v: Vec<u16> = (s..=e).filter_map(|i| t.get(i)).collect();
            narrow(py, &v)
        }
        Computed::Table(NimTable::U16(t)) => narrow(py, &t[s..=e]),
        Computed::Table(NimTable::Mapped(t)) => narrow(py, &t[s..=e]),
        Computed::Table(NimTable::U32(t)) => narrow(py, &t[s..=e]),
        Computed::Table(NimTable::U64(t)) => narrow(py, &t[s..=e]),
    })
}

/// A period report: (spec, periodic, preperiod, period, saltus, certified,
/// checked_to, proof).
type PeriodTuple = (String, bool, u64, u64, u64, bool, u64, String);

/// `period(game, limit=None)`: the period search; without a limit it stops
/// after 2^20 values or 3 seconds, as `grundy period` does.
#[pyfunction]
#[pyo3(signature = (game, limit = None))]
fn period(py: Python<'_>, game: &str, limit: Option<Count>) -> PyResult<PeriodTuple> {
    let limit = limit.map(|c| c.0);
    if limit == Some(0) {
        return Err(invalid_input(
            "`0` values is no search: the limit is at least 1".to_string(),
        ));
    }
    let game = game.to_string();
    let slot = Arc::new(Mutex::new(None));
    let cancel = signal_hook(&slot);
    let r = py.allow_threads(move || -> grundy::Result<PeriodTuple> {
        let mut any = spec::parse_with(&game, &DiskFiles)?;
        // Ctrl-C stops the search (checked after each batch of values).
        any.set_cancel(cancel);
        let (limit, time) = service::period_search(limit);
        let r = any.period_within(limit, time, &mut |_| {})?;
        let p = r
            .periodicity
            .map_or((0, 0, 0), |p| (p.preperiod, p.period, p.saltus));
        Ok((
            any.spec(),
            r.periodicity.is_some(),
            p.0,
            p.1,
            p.2,
            r.certified,
            r.checked_to,
            r.proof,
        ))
    });
    finish_shared(r, &slot)
}

/// A winning move: (component, from, to components).
pub(crate) type MoveTuple = (usize, String, Vec<String>);

/// An analysis: (spec, value or None, outcome, winning moves, unlisted,
/// misère nim-value or None, normal-play nim-sum of a misère sum or None).
type AnalysisTuple = (
    String,
    Option<u64>,
    String,
    Vec<MoveTuple>,
    u128,
    Option<u64>,
    Option<u64>,
);

/// `analyze(game, positions, misere)`: value, outcome and winning moves of
/// a sum (positions in the game's syntax, one string per component).
#[pyfunction]
#[pyo3(signature = (game, positions, misere = false))]
fn analyze(
    py: Python<'_>,
    game: &str,
    positions: Vec<String>,
    misere: bool,
) -> PyResult<AnalysisTuple> {
    let game = game.to_string();
    let slot = Arc::new(Mutex::new(None));
    let cancel = signal_hook(&slot);
    let r = py.allow_threads(move || -> grundy::Result<AnalysisTuple> {
        // Scripts and TOML game files are read from the disk. Misère play
        // as the `grundy` command answers it: the SJ theorem when its
        // condition holds, else the game's own analysis, else search
        // (scripts included).
        let mut any = spec::parse_with(&game, &DiskFiles)?;
        // Values the caller did not ask for by size (a huge heap with no
        // proven period) stop at the `grundy analyze` time limit.
        any.set_time_limit(Some(service::IMPLICIT_TIME));
        // Ctrl-C stops the searches that take long (cram, node-kayles,
        // cutting), checked about every 50 ms.
        any.set_cancel(cancel);
        // A misère analysis has no `value`: its misère nim-value and the
        // normal-play nim-sum come under their own names.
        let (a, misere_value, normal_value) = if misere {
            let r = spec::listed::analyze_misere(any.as_mut(), &positions)?;
            let normal = r.normal_value.map(|v| v.value());
            (r.analysis, r.misere_value, normal)
        } else {
            let a = any.analyze(&positions, &AnalyzeOptions::default())?;
            (a, None, None)
        };
        let moves = a
            .winning_moves
            .into_iter()
            .map(|m| {
                // A named move (a script's) keeps its name after the
                // option, as the command's text prints it.
                let to = match m.name {
                    Some(name) => vec![format!("{} ({name})", grundy::play::join_sum(&m.to))],
                    None => m.to,
                };
                (m.component, m.from, to)
            })
            .collect();
        Ok((
            any.spec(),
            a.value.map(|v| v.value()),
            a.outcome.to_string(),
            moves,
            a.unlisted_moves,
            misere_value,
            normal_value,
        ))
    });
    finish_shared(r, &slot)
}

/// The canonical spec of a game (`kayles` is `0.77`), or `ValueError`.
#[pyfunction]
fn canonical(game: &str) -> PyResult<String> {
    spec::parse_with(game, &DiskFiles)
        .map(|g| g.spec())
        .map_err(to_py)
}

/// The FNV-1a checksum (hex) of an array of unsigned values, the one
/// `grundy values` prints for the same values.
#[pyfunction]
fn checksum(py: Python<'_>, values: &Bound<'_, PyAny>) -> PyResult<String> {
    use grundy::solve::table::fnv1a;
    use numpy::PyReadonlyArray1;
    fn sum<T: numpy::Element + Copy + Into<u64> + Send + Sync>(
        py: Python<'_>,
        a: PyReadonlyArray1<'_, T>,
    ) -> PyResult<u64> {
        let s = a.as_slice()?;
        Ok(py.allow_threads(|| fnv1a(s.iter().map(|&v| v.into()))))
    }
    let h = if let Ok(a) = values.extract::<PyReadonlyArray1<'_, u8>>() {
        sum(py, a)?
    } else if let Ok(a) = values.extract::<PyReadonlyArray1<'_, u16>>() {
        sum(py, a)?
    } else if let Ok(a) = values.extract::<PyReadonlyArray1<'_, u32>>() {
        sum(py, a)?
    } else if let Ok(a) = values.extract::<PyReadonlyArray1<'_, u64>>() {
        sum(py, a)?
    } else {
        let v: Vec<u64> = values.extract()?;
        fnv1a(v)
    };
    Ok(format!("{h:016x}"))
}

/// The compiled half of the package (see `grundy/__init__.py`).
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    grundy::script::count_memory_with(grundy_alloc::live_bytes);
    m.add_function(wrap_pyfunction!(values, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(canonical, m)?)?;
    m.add_function(wrap_pyfunction!(checksum, m)?)?;
    m.add_function(wrap_pyfunction!(_error_examples, m)?)?;
    m.add_class::<nimber::PyNimber>()?;
    m.add_class::<graph::PyGraph>()?;
    m.add_class::<pygame::PyGame>()?;
    census::register(m)?;
    Ok(())
}

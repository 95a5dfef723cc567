//! The census of take-and-break codes (`grundy::census`) for Python: one
//! code classified per call, with the GIL released, so that a thread pool
//! or a Dask worker runs one code per task. Rows are the lines of
//! `results.jsonl` as the library writes and reads them (`census::row`,
//! `census::from_row`); the file is the library's `ResultsFile` (held
//! against a second census in the directory) and a resumed census keeps
//! the rows `census::resumed_rows` checks: the same policy and file as
//! `grundy census`'s.

use crate::{finish, interrupted, to_py, Count};
use grundy::census::{self, CensusConfig, CodeReport};
use grundy::error::ErrorKind;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pyo3::BoundObject;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The `time_per_code` argument in seconds, checked as the CLI checks
/// `--time-per-code` (finite, not negative, at most a year).
fn time_per_code_arg(seconds: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    seconds
        .map(grundy::util::seconds)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("time_per_code: {e}")))
}

/// The codes a pattern names (`octal:3`, `hex:2`, `4.xx`, or a list).
#[pyfunction]
fn census_codes(pattern: &str) -> PyResult<Vec<String>> {
    census::codes(pattern).map_err(to_py)
}

/// A flag that stops the codes of one census running in other threads
/// (where Python's Ctrl-C is not seen): set by the thread that got the
/// `KeyboardInterrupt`, asked by each code after every batch of ~50 ms.
#[pyclass(name = "_CancelToken", module = "grundy", frozen)]
#[derive(Default)]
struct CancelToken(AtomicBool);

#[pymethods]
impl CancelToken {
    #[new]
    fn new() -> Self {
        CancelToken::default()
    }

    /// Asks every code holding this token to stop.
    fn set(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether it was set.
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// One code classified: its row, a line of `results.jsonl` in the
/// library's format (`census::row`, with the seconds it took). `cancel`,
/// a `_CancelToken`, stops it from another thread (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (code, to, time_per_code = None, cancel = None))]
fn census_code(
    py: Python<'_>,
    code: &str,
    to: Count,
    time_per_code: Option<f64>,
    cancel: Option<Py<CancelToken>>,
) -> PyResult<String> {
    let to = to.0;
    let time_per_code = time_per_code_arg(time_per_code)?;
    let config = CensusConfig::default().to(to).time_per_code(time_per_code);
    let code = code.to_string();
    let (r, slot) = py.allow_threads(move || {
        let mut slot = None;
        let started = Instant::now();
        let r = census::classify(&code, &config, &mut || {
            if cancel.as_ref().is_some_and(|c| c.get().is_set()) {
                return Err(ErrorKind::Cancelled.into());
            }
            interrupted(&mut slot)
        });
        let seconds = started.elapsed().as_secs_f64();
        (r.map(|r| census::row(&r, to, seconds)), slot)
    });
    finish(r, slot)
}

/// A row line back to its report and seconds (`census::from_row`).
fn report(line: &str) -> PyResult<(CodeReport, f64)> {
    census::from_row(line)
        .map(|(_, r, s)| (r, s))
        .ok_or_else(|| PyValueError::new_err(format!("not a census row: `{line}`")))
}

/// `(code, checksum)` of a row line: what the Python side keys rows by.
#[pyfunction]
fn census_row_key(line: &str) -> PyResult<(String, String)> {
    let (r, _) = report(line)?;
    Ok((r.code, format!("{:016x}", r.checksum)))
}

/// A JSON scalar of a summary row as a Python object (`None`, `bool`,
/// `int`, `float` or `str`).
fn json_obj<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value as V;
    match v {
        V::Null => Ok(py.None().into_bound(py)),
        V::Bool(b) => obj(py, *b),
        V::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => obj(py, u),
            (None, Some(i)) => obj(py, i),
            _ => obj(py, n.as_f64().unwrap_or(f64::NAN)),
        },
        V::String(t) => obj(py, t.as_str()),
        other => obj(py, other.to_string()),
    }
}

/// `v` as a Python object.
fn obj<'py, T: IntoPyObject<'py>>(py: Python<'py>, v: T) -> PyResult<Bound<'py, PyAny>> {
    Ok(v.into_pyobject(py)
        .map_err(Into::into)?
        .into_any()
        .into_bound())
}

/// The summary rows of row lines in census order, each a tuple in the
/// order of `census::COLUMNS` (the fields of `grundy.CensusRow`; canonical
/// forms up to a shift found by the library), and the census checksum
/// (hex).
#[pyfunction]
fn census_merge(py: Python<'_>, rows: Vec<String>) -> PyResult<(Vec<Bound<'_, PyTuple>>, String)> {
    let reports = rows
        .iter()
        .map(|l| report(l))
        .collect::<PyResult<Vec<_>>>()?;
    let mut forms = census::CanonicalForms::default();
    let mut out = Vec::with_capacity(reports.len());
    for (r, seconds) in &reports {
        // The library's summary row, its columns in order: no field of a
        // row is named twice.
        let row = census::summary_row(&census::CensusRow {
            canonical: forms.push(r),
            report: r.clone(),
            seconds: *seconds,
        });
        let fields = census::COLUMNS
            .iter()
            .map(|c| json_obj(py, &row[*c]))
            .collect::<PyResult<Vec<_>>>()?;
        out.push(PyTuple::new(py, fields)?);
    }
    let reports: Vec<CodeReport> = reports.into_iter().map(|(r, _)| r).collect();
    Ok((out, format!("{:016x}", census::census_checksum(&reports))))
}

/// `DIR/results.jsonl`, held by this census until closed (or collected).
#[pyclass(name = "_CensusResults", module = "grundy", frozen)]
struct CensusResults {
    file: Mutex<Option<census::ResultsFile>>,
    path: PathBuf,
}

#[pymethods]
impl CensusResults {
    /// Appends one line.
    fn append(&self, line: &str) -> PyResult<()> {
        let mut file = self
            .file
            .lock()
            .map_err(|_| PyValueError::new_err("the results file was poisoned"))?;
        match file.as_mut() {
            Some(f) => f.append(line).map_err(to_py),
            None => Err(PyValueError::new_err("the results file is closed")),
        }
    }

    /// Lets the file go (another census may then write the directory).
    fn close(&self) {
        if let Ok(mut f) = self.file.lock() {
            f.take();
        }
    }

    /// The file's path.
    #[getter]
    fn path(&self) -> String {
        self.path.display().to_string()
    }
}

/// Opens and holds `dir/results.jsonl` (refused when another census holds
/// it); with `resume`, also its whole lines as `(number, text)`.
#[pyfunction]
fn census_results(dir: &str, resume: bool) -> PyResult<(CensusResults, Vec<(usize, String)>)> {
    let (file, lines) = census::ResultsFile::open(Path::new(dir), resume).map_err(to_py)?;
    let path = file.path().to_path_buf();
    Ok((
        CensusResults {
            file: Mutex::new(Some(file)),
            path,
        },
        lines,
    ))
}

/// The rows a resumed census keeps of `lines` (`(number, text)` from
/// `census_results`): those of `to` for `codes`, checked by the library
/// (`census::resumed_rows`: a code listed twice, or a certified row its
/// recomputation disagrees with, raises naming the line); their texts.
#[pyfunction]
#[pyo3(signature = (path, lines, to, codes, time_per_code = None))]
fn census_resume(
    py: Python<'_>,
    path: &str,
    lines: Vec<(usize, String)>,
    to: Count,
    codes: Vec<String>,
    time_per_code: Option<f64>,
) -> PyResult<Vec<String>> {
    let time_per_code = time_per_code_arg(time_per_code)?;
    let config = CensusConfig::default().to(to.0).time_per_code(time_per_code);
    let path = PathBuf::from(path);
    let (r, slot) = py.allow_threads(move || {
        let mut slot = None;
        let r = census::resumed_rows(&path, &lines, &codes, &config, &mut || {
            interrupted(&mut slot)
        });
        (r, slot)
    });
    Ok(finish(r, slot)?
        .into_iter()
        .map(|(_, _, line)| line)
        .collect())
}

/// The columns of a census's csv summary (`census::COLUMNS`).
#[pyfunction]
fn census_columns() -> Vec<&'static str> {
    census::COLUMNS.to_vec()
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CensusResults>()?;
    m.add_class::<CancelToken>()?;
    m.add_function(wrap_pyfunction!(census_results, m)?)?;
    m.add_function(wrap_pyfunction!(census_resume, m)?)?;
    m.add_function(wrap_pyfunction!(census_columns, m)?)?;
    m.add_function(wrap_pyfunction!(census_row_key, m)?)?;
    m.add_function(wrap_pyfunction!(census_codes, m)?)?;
    m.add_function(wrap_pyfunction!(census_code, m)?)?;
    m.add_function(wrap_pyfunction!(census_merge, m)?)?;
    Ok(())
}

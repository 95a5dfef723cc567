//! The census of take-and-break codes (`grundy::census`) for Python: one
//! code classified per call, with the GIL released, so that a thread pool
//! or a Dask worker runs one code per task. Rows are plain dicts in the
//! format of `grundy census`'s `results.jsonl` (the Python side writes and
//! resumes the same file, through the library's `ResultsFile`: held
//! against a second census in the directory, and checked on resume by
//! `census::check_resumed`, the same policy as the command's).

use crate::{finish, interrupted, to_py, Count};
use grundy::analysis::Periodicity;
use grundy::census::{self, CensusConfig, CodeReport};
use grundy::error::ErrorKind;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// The `time_per_code` argument in seconds, checked as the CLI checks
/// `--time-per-code` (finite, not negative, at most a year).
fn time_per_code_arg(seconds: Option<f64>) -> PyResult<Option<std::time::Duration>> {
    seconds
        .map(grundy::util::seconds)
        .transpose()
        .map_err(|e| PyValueError::new_err(format!("time_per_code: {e}")))
}

fn hex(v: u64) -> String {
    format!("{v:016x}")
}

fn unhex(s: &str) -> PyResult<u64> {
    u64::from_str_radix(s, 16).map_err(|_| PyValueError::new_err(format!("not a checksum: `{s}`")))
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

/// One code classified: a row dict (see the module docs). `cancel`, a
/// `_CancelToken`, stops it from another thread (`KeyboardInterrupt`).
#[pyfunction]
#[pyo3(signature = (code, to, time_per_code = None, cancel = None))]
fn census_code<'py>(
    py: Python<'py>,
    code: &str,
    to: Count,
    time_per_code: Option<f64>,
    cancel: Option<Py<CancelToken>>,
) -> PyResult<Bound<'py, PyDict>> {
    let to = to.0;
    let time_per_code = time_per_code_arg(time_per_code)?;
    let config = CensusConfig::default().to(to).time_per_code(time_per_code);
    let code = code.to_string();
    let (r, slot) = py.allow_threads(move || {
        let mut slot = None;
        let r = census::classify(&code, &config, &mut || {
            if cancel.as_ref().is_some_and(|c| c.get().is_set()) {
                return Err(ErrorKind::Cancelled.into());
            }
            interrupted(&mut slot)
        });
        (r, slot)
    });
    let r = finish(r, slot)?;
    let d = PyDict::new(py);
    let p = r.periodicity;
    d.set_item("code", &r.code)?;
    d.set_item("spec", &r.spec)?;
    d.set_item("status", r.status())?;
    d.set_item("preperiod", p.map(|p| p.preperiod))?;
    d.set_item("period", p.map(|p| p.period))?;
    d.set_item("certified", r.certified)?;
    d.set_item("computed_to", r.computed_to)?;
    d.set_item("checked_to", r.checked_to)?;
    d.set_item("max_value", r.max_value)?;
    d.set_item("split_mask", r.split_mask)?;
    d.set_item("rare_heaps", r.rare_heaps)?;
    d.set_item("split_heaps", r.split_heaps)?;
    d.set_item("checksum", hex(r.checksum))?;
    d.set_item("to", to)?;
    let fps: Vec<String> = r.fingerprints.iter().map(|&f| hex(f)).collect();
    d.set_item("fingerprints", fps)?;
    Ok(d)
}

/// A row dict back to a report (the fields `canonical_forms` reads).
fn report(row: &Bound<'_, PyDict>) -> PyResult<CodeReport> {
    let get = |k: &str| -> PyResult<Bound<'_, PyAny>> {
        row.get_item(k)?
            .ok_or_else(|| PyValueError::new_err(format!("a census row without `{k}`")))
    };
    let preperiod: Option<u64> = get("preperiod")?.extract()?;
    let period: Option<u64> = get("period")?.extract()?;
    let fps: Vec<String> = get("fingerprints")?.extract()?;
    Ok(CodeReport {
        code: get("code")?.extract()?,
        spec: get("spec")?.extract()?,
        periodicity: preperiod
            .zip(period)
            .map(|(preperiod, period)| Periodicity {
                preperiod,
                period,
                saltus: 0,
            }),
        certified: get("certified")?.extract()?,
        computed_to: get("computed_to")?.extract()?,
        checked_to: get("checked_to")?.extract()?,
        max_value: get("max_value")?.extract()?,
        split_mask: get("split_mask")?.extract()?,
        rare_heaps: get("rare_heaps")?.extract()?,
        split_heaps: get("split_heaps")?.extract()?,
        checksum: unhex(&get("checksum")?.extract::<String>()?)?,
        fingerprints: fps.iter().map(|f| unhex(f)).collect::<PyResult<_>>()?,
    })
}

/// `[(canonical code, shift)]` for rows in census order, and the census
/// checksum (hex) over the rows' checksums.
#[pyfunction]
fn census_merge(rows: Vec<Bound<'_, PyDict>>) -> PyResult<(Vec<(String, i64)>, String)> {
    let reports = rows.iter().map(report).collect::<PyResult<Vec<_>>>()?;
    let canon = census::canonical_forms(&reports)
        .into_iter()
        .map(|c| (c.code, c.shift))
        .collect();
    Ok((canon, hex(census::census_checksum(&reports))))
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

/// Checks rows read back by a resumed census (`(line, row)`, rows of this
/// `to` only): a code listed twice, or a certified row its recomputation
/// disagrees with, raises naming the line (`census::check_resumed`).
#[pyfunction]
#[pyo3(signature = (path, rows, to, time_per_code = None))]
fn census_check(
    py: Python<'_>,
    path: &str,
    rows: Vec<(usize, Bound<'_, PyDict>)>,
    to: Count,
    time_per_code: Option<f64>,
) -> PyResult<()> {
    let to = to.0;
    let rows = rows
        .iter()
        .map(|(n, row)| Ok((*n, report(row)?)))
        .collect::<PyResult<Vec<_>>>()?;
    let time_per_code = time_per_code_arg(time_per_code)?;
    let config = CensusConfig::default().to(to).time_per_code(time_per_code);
    let path = PathBuf::from(path);
    let (r, slot) = py.allow_threads(move || {
        let mut slot = None;
        let r = census::check_resumed(&path, &rows, &config, &mut || interrupted(&mut slot));
        (r, slot)
    });
    finish(r, slot)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CensusResults>()?;
    m.add_class::<CancelToken>()?;
    m.add_function(wrap_pyfunction!(census_results, m)?)?;
    m.add_function(wrap_pyfunction!(census_check, m)?)?;
    m.add_function(wrap_pyfunction!(census_codes, m)?)?;
    m.add_function(wrap_pyfunction!(census_code, m)?)?;
    m.add_function(wrap_pyfunction!(census_merge, m)?)?;
    Ok(())
}

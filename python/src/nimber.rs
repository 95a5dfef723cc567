//! `grundy.Nimber`: an element of the nimber field on 128 bits (addition
//! is XOR, multiplication Conway's nim-product), with the library's
//! arithmetic ([`Nimber128`]: the range of `grundy nim`).

use crate::to_py;
use grundy::nimber::Nimber128 as Nimber;
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;

/// A nimber `*n` (0 <= n < 2**128, as `grundy nim` takes): `+` is nim-addition (XOR), `*` the
/// nim-product, `/` division, `**` powers; `sqrt()` and `inverse()`.
/// An `int` operand is taken as a nimber.
#[pyclass(name = "Nimber", module = "grundy", frozen)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyNimber(pub Nimber);

/// The operand as a nimber: a `Nimber` or a non-negative `int` below 2**128.
fn operand(x: &Bound<'_, PyAny>) -> PyResult<Nimber> {
    if let Ok(n) = x.downcast::<PyNimber>() {
        return Ok(n.get().0);
    }
    match x.extract::<u128>() {
        Ok(v) => Ok(Nimber::new(v)),
        Err(_) => Err(PyTypeError::new_err(format!(
            "a nimber operand is a Nimber or an int in 0..2**128, not `{}`",
            x.repr().map(|r| r.to_string()).unwrap_or_default()
        ))),
    }
}

#[pymethods]
impl PyNimber {
    #[new]
    fn new(value: &Bound<'_, PyAny>) -> PyResult<Self> {
        value
            .extract::<u128>()
            .map(|v| PyNimber(Nimber::new(v)))
            .map_err(|_| {
                PyValueError::new_err(format!(
                    "a nimber is an int in 0..2**128, not `{}`",
                    value.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })
    }

    /// The nimber's number `n` (of `*n`).
    #[getter]
    fn value(&self) -> u128 {
        self.0.value()
    }

    /// The hash of the int `n`, so that `Nimber(n) == n` hash alike.
    fn __hash__(&self, py: Python<'_>) -> PyResult<isize> {
        self.0.value().into_pyobject(py)?.hash()
    }

    fn __int__(&self) -> u128 {
        self.0.value()
    }

    fn __index__(&self) -> u128 {
        self.0.value()
    }

    fn __bool__(&self) -> bool {
        self.0.value() != 0
    }

    fn __repr__(&self) -> String {
        format!("Nimber({})", self.0.value())
    }

    fn __str__(&self) -> String {
        self.0.to_string()
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<PyObject> {
        let py = other.py();
        let Ok(o) = operand(other) else {
            return Ok(py.NotImplemented());
        };
        match op {
            CompareOp::Eq => Ok((self.0 == o)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            CompareOp::Ne => Ok((self.0 != o)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind()),
            _ => Err(PyTypeError::new_err("nimbers are not ordered")),
        }
    }

    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyNimber(self.0 + operand(other)?))
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__add__(other)
    }

    /// Subtraction is addition in characteristic 2.
    fn __sub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__add__(other)
    }

    fn __rsub__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__add__(other)
    }

    fn __neg__(&self) -> Self {
        *self
    }

    fn __mul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyNimber(self.0 * operand(other)?))
    }

    fn __rmul__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.__mul__(other)
    }

    fn __truediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        self.0
            .div(operand(other)?)
            .map(PyNimber)
            .map_err(to_py_zero)
    }

    fn __rtruediv__(&self, other: &Bound<'_, PyAny>) -> PyResult<Self> {
        operand(other)?
            .div(self.0)
            .map(PyNimber)
            .map_err(to_py_zero)
    }

    fn __pow__(&self, e: &Bound<'_, PyAny>, modulo: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        if modulo.is_some() {
            return Err(PyTypeError::new_err(
                "pow() with a modulus is not defined for nimbers",
            ));
        }
        if let Ok(e) = e.extract::<u128>() {
            return Ok(PyNimber(self.0.pow(e)));
        }
        match e.extract::<i64>() {
            Ok(e) if e < 0 => {
                let inv = self.0.inv().map_err(to_py_zero)?;
                Ok(PyNimber(inv.pow(u128::from(e.unsigned_abs()))))
            }
            _ => Err(PyTypeError::new_err("a nimber's exponent is an int")),
        }
    }

    /// The square root (every nimber has exactly one).
    fn sqrt(&self) -> Self {
        PyNimber(self.0.sqrt())
    }

    /// The multiplicative inverse; `ZeroDivisionError` for 0.
    fn inverse(&self) -> PyResult<Self> {
        self.0.inv().map(PyNimber).map_err(to_py_zero)
    }

    fn __reduce__(&self, py: Python<'_>) -> PyResult<(PyObject, (u128,))> {
        let cls = py.get_type::<PyNimber>().into_any().unbind();
        Ok((cls, (self.0.value(),)))
    }
}

/// Division by zero as Python's `ZeroDivisionError`; other errors as usual.
fn to_py_zero(e: grundy::Error) -> PyErr {
    let msg = e.to_string();
    if msg.contains("zero") || msg.contains("inverse") {
        pyo3::exceptions::PyZeroDivisionError::new_err(msg)
    } else {
        to_py(e)
    }
}

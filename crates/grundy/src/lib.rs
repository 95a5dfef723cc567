//! # grundy: impartial games solved with the Sprague–Grundy theory
#![deny(missing_docs)]

pub mod error;
pub mod nimber;

pub use error::{Error, ErrorKind, Result};
pub use nimber::{mex::mex, Mex, Nimber};

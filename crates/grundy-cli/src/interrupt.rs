//! Ctrl-C during `grundy values`: the computation stops cleanly, and the
//! command exits 130 with one line.
//!
//! [`install`] sets a handler (the `ctrlc` crate: a thread woken by the
//! signal, so the handler may do anything, and the same code on Unix and
//! Windows). While a [`Watch`] is alive the handler only raises a flag,
//! which the library's progress hook reads ([`check`]) between batches of
//! about 50 ms: the work stops with [`ErrorKind::Cancelled`], the progress
//! bar is cleared, nothing is printed but the one line of `main`. Outside a
//! watch (printing, or work that has no hook), or at a second Ctrl-C, the
//! handler exits 130 at once, as the default action of the signal would
//! (but with the conventional status).

use grundy::error::{ErrorKind, Result};
use std::sync::atomic::{AtomicBool, Ordering};

/// Raised by Ctrl-C while a [`Watch`] is alive.
static CANCELLED: AtomicBool = AtomicBool::new(false);
/// Whether some work is reading [`CANCELLED`].
static WATCHING: AtomicBool = AtomicBool::new(false);

/// The exit status of a command stopped by Ctrl-C (128 + SIGINT).
pub const EXIT_STATUS: u8 = 130;

/// Installs the Ctrl-C handler (once; a second call changes nothing).
pub fn install() {
    // An error means a handler is already set: ours, or none can be.
    let _ = ctrlc::set_handler(|| {
        let first = !CANCELLED.swap(true, Ordering::SeqCst);
        if !(first && WATCHING.load(Ordering::SeqCst)) {
            std::process::exit(i32::from(EXIT_STATUS));
        }
    });
}

/// While alive, Ctrl-C raises the flag that [`check`] reads instead of
/// ending the process.
pub struct Watch(());

impl Watch {
    /// Starts watching.
    pub fn start() -> Watch {
        WATCHING.store(true, Ordering::SeqCst);
        Watch(())
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        WATCHING.store(false, Ordering::SeqCst);
    }
}

/// The cancel hook of the library's progress callbacks: an error of kind
/// [`ErrorKind::Cancelled`] once Ctrl-C was pressed.
pub fn check() -> Result<()> {
    if CANCELLED.load(Ordering::SeqCst) {
        return Err(ErrorKind::Cancelled.into());
    }
    Ok(())
}

/// Whether `e` is the error of a cancelled computation.
pub fn is_cancelled(e: &anyhow::Error) -> bool {
    e.chain()
        .filter_map(|c| c.downcast_ref::<grundy::Error>())
        .any(|g| matches!(g.kind(), ErrorKind::Cancelled))
}

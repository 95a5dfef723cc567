//! A `u16` table kept in the page cache, not in anonymous memory: a shared
//! memory map ([`memmap2`]) of the temporary file of the values file it
//! becomes. All the `unsafe` of the file-backed table is here.
//!
//! The temporary file (`<path>.<pid>-<n>.tmp`, the name
//! [`write_values`](crate::solve::write_values) uses) is laid out as the
//! values file will be: magic, header length, header, then `G(0), G(1), …`
//! as little-endian `u16`s from an even offset. Its blocks are reserved
//! (`fallocate`) when it is made or grown, so that a full disk is an error
//! then, not a `SIGBUS` at a write through the map. The kernel writes the
//! pages back as it likes; [`MappedU16::finish`] checksums the values in
//! one sequential pass (narrowing them to one byte each, in place, when
//! all are below 256, so the file is byte for byte what an in-memory
//! table writes), writes the header, flushes the map (`msync`) and the
//! file (`fsync`), truncates it to its size and renames it over the
//! target: the guarantees of [`write_values`](crate::solve::write_values).
//! A table dropped unfinished removes its temporary file; one killed with
//! `kill -9` leaves it, never a file at the target, and the next writer
//! of the target removes it.
//!
//! # Safety argument
//!
//! - Mapping: `MmapMut::map_mut` is unsafe because another process could
//!   change or truncate the file under the map. The file is one this
//!   process made (`create_new`) under a name no other writer uses, while
//!   holding the target's [`WriteLock`] (no other grundy run touches the
//!   target or its temporaries); it is truncated only with no map alive
//!   (the map is dropped first, then the file resized and mapped again).
//! - The values as `&[u16]`: the map starts on a page boundary and the
//!   values at an even offset (checked), so the pointer is aligned for
//!   `u16`; `start + 2 × cap` bytes are mapped (checked when mapping); any
//!   bit pattern is a `u16`. The slices borrow `self`, so they end before
//!   the map is dropped or replaced (`&mut self` methods).

use crate::error::{Error, ErrorKind, Result};
use crate::solve::table::fnv1a_step;
use crate::solve::values_file::{self, Target, WriteLock};
use memmap2::MmapMut;
use std::fs::{self, File};
use std::path::{Path, PathBuf};

/// Values of room kept past what was asked for, so that the engine's pushes
/// (a block of 64 past its target at most) never grow the map.
const SLACK: usize = 1 << 12;

/// Values hashed and moved at a time by [`MappedU16::finish`].
const CHUNK: usize = 1 << 16;

/// A growing table of `u16` values in a memory-mapped temporary file that
/// [`finish`](Self::finish) turns into a values file (see the module
/// docs). Read as a `[u16]` (it dereferences to one).
pub struct MappedU16 {
    map: MmapMut,
    file: File,
    tmp: PathBuf,
    target: PathBuf,
    game: String,
    /// The lock on the target, when this table took it.
    _lock: Option<WriteLock>,
    /// Byte offset of `G(0)` in the file (even).
    start: usize,
    len: usize,
    cap: usize,
}

impl std::fmt::Debug for MappedU16 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MappedU16")
            .field("file", &self.tmp)
            .field("len", &self.len)
            .field("cap", &self.cap)
            .finish()
    }
}

impl PartialEq for MappedU16 {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for MappedU16 {}

fn io_error(action: String, path: &Path, e: std::io::Error) -> Error {
    ErrorKind::Io {
        action,
        path: path.display().to_string(),
        message: e.to_string(),
    }
    .into()
}

impl MappedU16 {
    /// An empty table with room for `count` values, in a new temporary
    /// file beside `target` (a path, locked for the table's life, or a
    /// [`WriteLock`] the caller holds while the table lives) for the game
    /// `game`. Errors: the file cannot be made, or its blocks reserved
    /// (a full disk: [`ErrorKind::Io`] naming the file and the bytes).
    pub fn create<'a>(target: impl Into<Target<'a>>, game: &str, count: u64) -> Result<Self> {
        if game.contains('\n') {
            return Err(Error::unsupported(format!(
                "a game spec with a line break: `{game}`"
            )));
        }
        let (lock, target) = match target.into() {
            Target::Locked(l) => (None, l.path().to_path_buf()),
            Target::Path(p) => (Some(WriteLock::acquire(p)?), p.to_path_buf()),
        };
        let header = values_file::header_text(game, count, 2, 0).len();
        let start = (12 + header).next_multiple_of(2);
        let cap = usize::try_from(count)
            .ok()
            .and_then(|c| c.checked_add(SLACK))
            .ok_or_else(|| too_large(&target, count))?;
        let tmp = values_file::temporary_for(&target);
        let file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&tmp)
            .map_err(|e| io_error("create".into(), &tmp, e))?;
        let mut table = MappedU16 {
            map: MmapMut::map_anon(0).map_err(|e| io_error("map".into(), &tmp, e))?,
            file,
            tmp,
            target,
            game: game.to_string(),
            _lock: lock,
            start,
            len: 0,
            cap: 0,
        };
        table.remap(cap)?;
        Ok(table)
    }

    /// Resizes the file to hold `cap` values (blocks reserved) and maps it
    /// again.
    fn remap(&mut self, cap: usize) -> Result<()> {
        let bytes = cap
            .checked_mul(2)
            .and_then(|b| b.checked_add(self.start))
            .ok_or_else(|| too_large(&self.target, cap as u64))?;
        // The old map goes first: the file never shrinks under a live map.
        self.map = MmapMut::map_anon(0).map_err(|e| io_error("map".into(), &self.tmp, e))?;
        self.cap = 0;
        self.len = self.len.min(cap);
        match fs4::FileExt::allocate(&self.file, bytes as u64) {
            Ok(()) => {}
            // A file system without `fallocate`: a sparse file (a full
            // disk then shows as a fault at a write, as for any mapped file).
            Err(e) if e.kind() == std::io::ErrorKind::Unsupported => {}
            Err(e) => {
                return Err(io_error(
                    format!("reserve {bytes} bytes on disk for"),
                    &self.tmp,
                    e,
                ))
            }
        }
        self.file
            .set_len(bytes as u64)
            .map_err(|e| io_error(format!("resize to {bytes} bytes"), &self.tmp, e))?;
        // SAFETY: see the module docs (a file of ours, under the target's
        // lock, never truncated while mapped).
        let map = unsafe { MmapMut::map_mut(&self.file) }
            .map_err(|e| io_error(format!("map {bytes} bytes of"), &self.tmp, e))?;
        if map.len() < bytes || map.as_ptr().align_offset(2) != 0 || !self.start.is_multiple_of(2) {
            return Err(io_error(
                "map".into(),
                &self.tmp,
                std::io::Error::other("the map is shorter than the file or not aligned"),
            ));
        }
        self.map = map;
        self.cap = cap;
        Ok(())
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.len
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Values the file holds room for.
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// The temporary file the values are in.
    pub fn path(&self) -> &Path {
        &self.tmp
    }

    /// The values.
    pub fn as_slice(&self) -> &[u16] {
        // SAFETY: see the module docs: `start + 2 × cap` bytes are mapped,
        // `u16`-aligned (checked in `remap`), `len ≤ cap`; the slice borrows
        // `self`, which owns the map.
        unsafe {
            std::slice::from_raw_parts(self.map.as_ptr().add(self.start).cast::<u16>(), self.len)
        }
    }

    /// The values and the room after them, for writing.
    fn room_mut(&mut self) -> &mut [u16] {
        // SAFETY: as for `as_slice`, with `cap` values, borrowed mutably.
        unsafe {
            std::slice::from_raw_parts_mut(
                self.map.as_mut_ptr().add(self.start).cast::<u16>(),
                self.cap,
            )
        }
    }

    /// Room for `more` values past the length (the file grows, and is
    /// mapped again, when it has less).
    pub fn try_reserve_exact(&mut self, more: usize) -> Result<()> {
        let want = self
            .len
            .checked_add(more)
            .ok_or_else(|| too_large(&self.target, u64::MAX))?;
        if want > self.cap {
            self.remap(want.saturating_add(SLACK))?;
        }
        Ok(())
    }

    /// Appends `v`, growing the file if it has no room (see
    /// [`try_reserve_exact`](Self::try_reserve_exact)); a growth that fails
    /// (a full disk) aborts, as a failed allocation of a `Vec` does: the
    /// engine reserves its whole run first, so it never grows here.
    pub fn push(&mut self, v: u16) {
        if self.len == self.cap && self.try_reserve_exact(1 + self.cap / 2).is_err() {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<u16>());
        }
        let len = self.len;
        self.room_mut()[len] = v;
        self.len += 1;
    }

    /// Keeps the first `n` values.
    pub fn truncate(&mut self, n: usize) {
        self.len = self.len.min(n);
    }

    /// The values, copied into memory.
    pub fn to_vec(&self) -> Vec<u16> {
        self.as_slice().to_vec()
    }

    /// Makes the temporary file the values file of `G(0..len)` at the
    /// target (see the module docs); returns the checksum of the values
    /// ([`TableView::checksum`](crate::solve::TableView::checksum)).
    pub fn finish(mut self) -> Result<u64> {
        // (On an error, `drop` removes the temporary file.)
        self.finish_in_place()
    }

    fn finish_in_place(&mut self) -> Result<u64> {
        let n = self.len;
        let largest = self.as_slice().iter().copied().max().unwrap_or(0);
        let width: usize = if largest <= 0xff { 1 } else { 2 };
        let header = values_file::header_text(&self.game, n as u64, width as u64, 0);
        let dest = 12 + header.len();
        if dest > self.start {
            // (More values than the file was made for, with a longer count:
            // the values move up, to an even offset past the header.)
            let new_start = dest.next_multiple_of(2);
            let shift = (new_start - self.start) / 2;
            self.try_reserve_exact(shift)?;
            self.room_mut().copy_within(0..n, shift);
            self.start = new_start;
            self.cap -= shift;
        }
        let mut checksum = super::fnv1a([]);
        let mut file_sum = values_file::prefix_hash(&header);
        let mut buf = vec![0u16; CHUNK];
        let start = self.start;
        let mut done = 0;
        while done < n {
            let got = (n - done).min(CHUNK);
            buf[..got].copy_from_slice(&self.as_slice()[done..done + got]);
            for &v in &buf[..got] {
                checksum = fnv1a_step(checksum, u64::from(v));
                file_sum = fnv1a_step(file_sum, u64::from(v));
            }
            // Written at `dest + done × width`, which is at most where
            // these values were read from (`start + 2 × done`, `dest ≤
            // start`): the values not read yet are not overwritten.
            if width == 1 || dest != start {
                let at = dest + done * width;
                let out = &mut self.map[at..at + got * width];
                if width == 1 {
                    out.iter_mut()
                        .zip(&buf[..got])
                        .for_each(|(o, &v)| *o = v as u8);
                } else {
                    for (o, &v) in out.chunks_exact_mut(2).zip(&buf[..got]) {
                        o.copy_from_slice(&v.to_le_bytes());
                    }
                }
            }
            done += got;
        }
        let header = values_file::header_text(&self.game, n as u64, width as u64, file_sum);
        self.map[..8].copy_from_slice(values_file::MAGIC);
        self.map[8..12].copy_from_slice(&(header.len() as u32).to_le_bytes());
        self.map[12..dest].copy_from_slice(header.as_bytes());
        let size = dest + n * width;
        let tmp = self.tmp.clone();
        self.map
            .flush()
            .map_err(|e| io_error("flush".into(), &tmp, e))?;
        self.map = MmapMut::map_anon(0).map_err(|e| io_error("map".into(), &tmp, e))?;
        self.len = 0;
        self.cap = 0;
        self.file
            .set_len(size as u64)
            .map_err(|e| io_error(format!("truncate to {size} bytes"), &tmp, e))?;
        self.file
            .sync_all()
            .map_err(|e| io_error("flush".into(), &tmp, e))?;
        fs::rename(&tmp, &self.target)
            .map_err(|e| io_error("rename into place".into(), &self.target, e))?;
        // Renamed: nothing left to remove.
        self.tmp = PathBuf::new();
        values_file::sync_parent(&self.target);
        Ok(checksum)
    }
}

impl std::ops::Deref for MappedU16 {
    type Target = [u16];
    fn deref(&self) -> &[u16] {
        self.as_slice()
    }
}

impl Drop for MappedU16 {
    fn drop(&mut self) {
        if !self.tmp.as_os_str().is_empty() {
            let _ = fs::remove_file(&self.tmp);
        }
    }
}

fn too_large(target: &Path, count: u64) -> Error {
    ErrorKind::Io {
        action: format!("hold {count} values in"),
        path: target.display().to_string(),
        message: "too many for this machine's address space".into(),
    }
    .into()
}

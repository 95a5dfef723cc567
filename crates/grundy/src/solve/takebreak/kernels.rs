//! The inner loops (vectorized by the compiler, AVX2 chosen at run time)
//! and all the `unsafe` code of the engine.

use super::*;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};

pub(super) fn simd_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn run_avx2<T: Word>(
    core: &mut Core,
    t: &mut Vec<T>,
    target: usize,
) -> Option<u64> {
    core.run_inline(t, target)
}

/// [`Core::speculate`] with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn speculate_avx2<T: Word>(
    core: &mut Core,
    t: &mut Growing<'_, T>,
    end: usize,
    until: Instant,
    batches: SyncSender<Batch>,
) {
    core.speculate(t, end, until, batches)
}

/// [`Core::confirm_batches`] with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn confirm_batches_avx2<T: Word>(
    core: &mut Core,
    table: Frozen<'_, T>,
    queue: Receiver<Batch>,
) -> Option<(usize, u64)> {
    core.confirm_batches(table, queue)
}

/// [`Core::finish_block`] with AVX2 (it runs in a closure on the pool when
/// blocks are filled ahead, outside [`run_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn finish_block_avx2<T: Word>(
    core: &mut Core,
    t: &mut Growing<'_, T>,
    block: &Ahead,
) -> Option<u64> {
    core.finish_block(t, block)
}

/// A table pushed to on one thread while another reads the values it had
/// ([`Core::pipelined`], [`Core::finish_block_and_fill_next`]): `f` gets
/// the pushing side ([`Growing`], room for `room` more values, never
/// moved) and the reading side ([`Frozen`], the values published so far).
/// Both live only during `f`, which holds the table's only borrow.
pub(super) fn grow_shared<T: Word, R>(
    t: &mut Vec<T>,
    room: usize,
    f: impl for<'a> FnOnce(Growing<'a, T>, Frozen<'a, T>) -> R,
) -> R {
    t.reserve(room);
    let published = AtomicUsize::new(t.len());
    let frozen = Frozen {
        ptr: t.as_ptr(),
        published: &published,
        _table: PhantomData,
    };
    let growing = Growing {
        vec: t,
        published: &published,
    };
    f(growing, frozen)
}

/// The pushing side of [`grow_shared`]: reads every value, pushes within
/// the room reserved (the table never moves), writes no value it holds.
pub(super) struct Growing<'a, T> {
    vec: &'a mut Vec<T>,
    published: &'a AtomicUsize,
}

impl<T: Word> Growing<'_, T> {
    /// Pushes `x` (within the room reserved: a push beyond it would move
    /// the table under the reader, and is refused by a panic, a bug).
    #[inline(always)]
    pub(super) fn push(&mut self, x: T) {
        assert!(
            self.vec.len() < self.vec.capacity(),
            "a push beyond the room reserved"
        );
        self.vec.push(x);
    }

    /// Lets the reading side read every value pushed so far; returns their
    /// count.
    pub(super) fn publish(&self) -> usize {
        let n = self.vec.len();
        self.published.store(n, Ordering::Release);
        n
    }
}

impl<T> std::ops::Deref for Growing<'_, T> {
    type Target = [T];

    #[inline(always)]
    fn deref(&self) -> &[T] {
        self.vec
    }
}

/// The reading side of [`grow_shared`]: the values published, on any
/// thread.
pub(super) struct Frozen<'a, T> {
    ptr: *const T,
    published: &'a AtomicUsize,
    _table: PhantomData<&'a [T]>,
}

impl<T> Clone for Frozen<'_, T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Frozen<'_, T> {}

// SAFETY: it only reads `T`s (shared, `Sync`) and an atomic.
unsafe impl<T: Sync> Send for Frozen<'_, T> {}
// SAFETY: as for `Send`.
unsafe impl<T: Sync> Sync for Frozen<'_, T> {}

impl<'a, T> Frozen<'a, T> {
    /// The first `n` values of the table; `n` must be at most the count
    /// published (a panic otherwise, a bug).
    pub(super) fn values(self, n: usize) -> &'a [T] {
        let published = self.published.load(Ordering::Acquire);
        assert!(n <= published, "values read before they were published");
        // SAFETY: `ptr` is the start of the table, which holds at least
        // `published` initialized values and does not move while `'a` lasts:
        // its only borrow is `Growing`'s, which pushes within the room
        // reserved by `grow_shared` and writes no value below its length;
        // the `Acquire` load pairs with `Growing::publish`'s `Release`
        // store, made after the values were written.
        unsafe { std::slice::from_raw_parts(self.ptr, n) }
    }
}

impl Core {
    /// Computes values until `t` holds `target` of them; returns a value
    /// that does not fit `T` (not stored) if one comes up.
    pub(super) fn run<T: Word>(&mut self, t: &mut Vec<T>, target: usize) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { run_avx2(self, t, target) };
        }
        self.run_inline(t, target)
    }

    /// [`Self::speculate`], with AVX2 where [`Self::run`] uses it (it runs
    /// in a closure on the pool, outside [`run_avx2`]).
    pub(super) fn speculate_simd<T: Word>(
        &mut self,
        t: &mut Growing<'_, T>,
        end: usize,
        until: Instant,
        batches: SyncSender<Batch>,
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { speculate_avx2(self, t, end, until, batches) };
        }
        self.speculate(t, end, until, batches)
    }

    /// [`Self::confirm_batches`], with AVX2 where [`Self::run`] uses it.
    pub(super) fn confirm_batches_simd<T: Word>(
        &mut self,
        table: Frozen<'_, T>,
        queue: Receiver<Batch>,
    ) -> Option<(usize, u64)> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { confirm_batches_avx2(self, table, queue) };
        }
        self.confirm_batches(table, queue)
    }

    /// [`Self::finish_block`], with AVX2 where [`Self::run`] uses it (this
    /// runs in a closure on the pool when blocks are filled ahead, outside
    /// [`run_avx2`]).
    pub(super) fn finish_block_simd<T: Word>(
        &mut self,
        t: &mut Growing<'_, T>,
        block: &Ahead,
    ) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { finish_block_avx2(self, t, block) };
        }
        self.finish_block(t, block)
    }
}

/// Whether `G(a) ⊕ G(m − a) = target` for some `a` in `lo..=hi`
/// (`hi ≤ m − hi`). Branch-free in chunks: the compiler vectorizes the
/// inner loop, reversing the right-hand slice in registers.
#[inline(always)]
pub(super) fn pairs_contain<T: Word>(t: &[T], m: usize, lo: usize, hi: usize, target: T) -> bool {
    if lo > hi {
        return false;
    }
    let left = &t[lo..=hi];
    let right = &t[m - hi..=m - lo];
    let mut chunks = left.chunks_exact(CHUNK);
    let mut rchunks = right.rchunks_exact(CHUNK);
    for (l, r) in (&mut chunks).zip(&mut rchunks) {
        let mut hit = 0u8;
        for (&x, &y) in l.iter().zip(r.iter().rev()) {
            hit |= u8::from(x ^ y == target);
        }
        if hit != 0 {
            return true;
        }
    }
    let l = chunks.remainder();
    let r = rchunks.remainder();
    l.iter().zip(r.iter().rev()).any(|(&x, &y)| x ^ y == target)
}

/// The last `a` of the first chunk (of `CHUNK` splits from `lo`) holding a
/// split `a + (m − a)`, `lo ≤ a ≤ hi`, worth `target`; `None` if none is.
#[inline(always)]
pub(super) fn first_chunk_with<T: Word>(
    t: &[T],
    m: usize,
    lo: usize,
    hi: usize,
    target: T,
) -> Option<usize> {
    if lo > hi {
        return None;
    }
    let left = &t[lo..=hi];
    let right = &t[m - hi..=m - lo];
    let mut chunks = left.chunks_exact(CHUNK);
    let mut rchunks = right.rchunks_exact(CHUNK);
    let mut end = lo - 1;
    for (l, r) in (&mut chunks).zip(&mut rchunks) {
        end += CHUNK;
        let mut hit = 0u8;
        for (&x, &y) in l.iter().zip(r.iter().rev()) {
            hit |= u8::from(x ^ y == target);
        }
        if hit != 0 {
            return Some(end);
        }
    }
    let l = chunks.remainder();
    let r = rchunks.remainder();
    l.iter()
        .zip(r.iter().rev())
        .any(|(&x, &y)| x ^ y == target)
        .then_some(hi)
}

/// Bit `i` set iff `flags[i]` is 1 (every flag is 0 or 1): the eight flags
/// of a little-endian `u64` land in order in its top byte through one
/// multiply (no flag's bit carries into another's).
#[inline(always)]
pub(super) fn pack_flags(flags: &[u8; 64]) -> u64 {
    let mut bits = 0;
    for (b, eight) in flags.as_chunks::<8>().0.iter().enumerate() {
        let x = u64::from_le_bytes(*eight);
        bits |= (x.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * b);
    }
    bits
}

/// Bit `i` set iff value `base + i` is an option of the current heap: marked
/// in `stamp` (with generation `g`) or flagged in `row` (bits, as words).
#[inline(always)]
pub(super) fn seen_word(stamp: &[u32], g: u32, rows: [&[u64]; 2], base: usize) -> u64 {
    let flag = |row: &[u64]| row.get(base / 64).copied().unwrap_or(0);
    let flagged = flag(rows[0]) | flag(rows[1]);
    bits_where(stamp, base, |&x| x == g) | flagged
}

/// Bit `i` set iff `xs[base + i]` exists and satisfies `hit` (a whole run of
/// 64 in one go when it lies inside `xs`: the compiler vectorizes it).
#[inline(always)]
pub(super) fn bits_where<X>(xs: &[X], base: usize, hit: impl Fn(&X) -> bool) -> u64 {
    let mut bits = 0;
    match xs.get(base..base + 64) {
        Some(run) => {
            for (i, x) in run.iter().enumerate() {
                bits |= u64::from(hit(x)) << i;
            }
        }
        None => {
            for i in 0..64 {
                bits |= u64::from(xs.get(base + i).is_some_and(&hit)) << i;
            }
        }
    }
    bits
}

/// `rows[j][v ⊕ partners[j]] = 1` for every `j`: the inner loop of the block
/// step (a load, a xor and a byte store per split).
#[inline(always)]
pub(super) fn mark_rows<T: Word, const W: usize, const S: usize>(
    rows: &mut [[u8; S]],
    partners: &[T],
    v: usize,
) {
    for (row, x) in rows.iter_mut().zip(partners) {
        row[(v ^ x.index()) & (W - 1)] = 1;
    }
}

/// Marks the values of the splits `a + (m − a)`, `lo ≤ a ≤ end`.
#[inline(always)]
pub(super) fn mark_range<T: Word>(
    t: &[T],
    m: usize,
    lo: usize,
    end: usize,
    stamp: &mut [u32],
    g: u32,
) {
    let mut buf = [T::default(); CHUNK];
    let mut a = lo;
    while a <= end {
        let len = (end - a + 1).min(CHUNK);
        if len == CHUNK {
            xor_chunk(t, m, a, &mut buf);
        } else {
            xor_pairs(t, m, a, &mut buf[..len]);
        }
        for x in &buf[..len] {
            stamp[x.index()] = g;
        }
        a += len;
    }
}

/// `out[j] = G(lo + j) ⊕ G(m − lo − j)` for a full chunk: fixed length,
/// so the compiler vectorizes it.
#[inline(always)]
pub(super) fn xor_chunk<T: Word>(t: &[T], m: usize, lo: usize, out: &mut [T; CHUNK]) {
    let left: &[T; CHUNK] = match t[lo..lo + CHUNK].try_into() {
        Ok(l) => l,
        Err(_) => return xor_pairs(t, m, lo, out),
    };
    let right: &[T; CHUNK] = match t[m + 1 - lo - CHUNK..=m - lo].try_into() {
        Ok(r) => r,
        Err(_) => return xor_pairs(t, m, lo, out),
    };
    for j in 0..CHUNK {
        out[j] = left[j] ^ right[CHUNK - 1 - j];
    }
}

/// `out[j] = G(lo + j) ⊕ G(m − lo − j)`.
#[inline(always)]
pub(super) fn xor_pairs<T: Word>(t: &[T], m: usize, lo: usize, out: &mut [T]) {
    let len = out.len();
    let left = &t[lo..lo + len];
    let right = &t[m + 1 - lo - len..=m - lo];
    for ((o, &x), &y) in out.iter_mut().zip(left).zip(right.iter().rev()) {
        *o = x ^ y;
    }
}

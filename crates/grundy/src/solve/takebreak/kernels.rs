//! The inner loops (vectorized by the compiler, AVX2 chosen at run time)
//! and all the `unsafe` code of the engine.

use super::*;

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
    t: &mut Vec<T>,
    end: usize,
    until: Instant,
    batches: SyncSender<Batch>,
) {
    core.speculate(t, end, until, batches)
}

/// [`Core::confirm_batches`] with AVX2.
///
/// # Safety
///
/// AVX2 must be available, and `table` as [`Core::confirm_batches`] needs.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn confirm_batches_avx2<T: Word>(
    core: &mut Core,
    table: TablePtr<T>,
    queue: Receiver<Batch>,
) -> Option<(usize, u64)> {
    // SAFETY: as the caller promised.
    unsafe { core.confirm_batches(table, queue) }
}

/// [`Core::finish_block`] with AVX2 (it runs in a closure on the pool when
/// blocks are filled ahead, outside [`run_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn finish_block_avx2<T: Word>(
    core: &mut Core,
    t: &mut Vec<T>,
    block: &Ahead,
) -> Option<u64> {
    core.finish_block(t, block)
}

/// The table, for the thread that confirms candidates while this one
/// pushes values ([`Core::pipelined`]). Sound to read because room for
/// every push was reserved before (the table does not move), values are
/// only pushed (none below the length is written), and each batch tells
/// how many values were pushed before it was sent.
pub(super) struct TablePtr<T>(pub(super) *const T);

// SAFETY: only read through, under the rules above.
unsafe impl<T: Sync> Send for TablePtr<T> {}

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
        t: &mut Vec<T>,
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
    ///
    /// # Safety
    ///
    /// As for [`Self::confirm_batches`].
    pub(super) unsafe fn confirm_batches_simd<T: Word>(
        &mut self,
        table: TablePtr<T>,
        queue: Receiver<Batch>,
    ) -> Option<(usize, u64)> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time;
            // the table as the caller promised.
            return unsafe { confirm_batches_avx2(self, table, queue) };
        }
        // SAFETY: as the caller promised.
        unsafe { self.confirm_batches(table, queue) }
    }

    /// [`Self::finish_block`], with AVX2 where [`Self::run`] uses it (this
    /// runs in a closure on the pool when blocks are filled ahead, outside
    /// [`run_avx2`]).
    pub(super) fn finish_block_simd<T: Word>(
        &mut self,
        t: &mut Vec<T>,
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

//! The inner loops (vectorized by the compiler, AVX2 chosen at run time)
//! and all the `unsafe` code of the engine.

use super::*;
use crate::solve::table::{Nine, NineView};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

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
pub(super) unsafe fn run_avx2<S: Store>(core: &mut Core, t: &mut S, target: usize) -> Option<u64> {
    core.run_inline(t, target)
}

/// [`Core::speculate`] with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn speculate_avx2<S: Store>(
    core: &mut Core,
    t: &mut Growing<'_, S>,
    end: usize,
    until: Instant,
    batches: SyncSender<Batch>,
) {
    core.speculate(t, end, until, batches)
}

/// [`Core::confirm_batches`] with AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn confirm_batches_avx2<S: Store>(
    core: &mut Core,
    table: Frozen<'_, S>,
    queue: Receiver<Batch>,
) -> Option<(usize, u64)> {
    core.confirm_batches(table, queue)
}

/// [`Core::finish_block`] with AVX2 (it runs in a closure on the pool when
/// blocks are filled ahead, outside [`run_avx2`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn finish_block_avx2<S: Store>(
    core: &mut Core,
    t: &mut Growing<'_, S>,
    block: &Ahead,
    speculate: bool,
) -> Option<u64> {
    core.finish_block(t, block, speculate)
}

/// [`Core::confirm_shared`] with AVX2 (it runs in a closure on the pool).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) unsafe fn confirm_shared_avx2<V: ValueTable + ?Sized>(
    core: &mut Core,
    t: &V,
    work: &Confirmations,
) {
    core.confirm_shared(t, work)
}

/// The engine's own table, as it grows: a `Vec<T>` (values of one width)
/// or a [`Nine`] (two planes). [`Self::View`] is what the engine reads
/// ([`ValueTable`]); the raw parts let [`Frozen`] read the values published
/// while [`Growing`] pushes.
pub(super) trait Store: Send + Sync {
    /// The width values are read at.
    type Value: Word;
    /// The table borrowed for reading.
    type View<'a>: ValueTable<Value = Self::Value> + Copy + Send + Sync
    where
        Self: 'a;
    /// The table's start, as raw pointers (see [`Frozen`]).
    type Raw: Copy;

    /// How many values it holds.
    fn len(&self) -> usize;
    /// The values, for reading.
    fn view(&self) -> Self::View<'_>;
    /// `v` as a value this table can hold.
    fn fit(v: u64) -> Option<Self::Value>;
    /// Appends `x` (one [`Self::fit`] returned).
    fn push(&mut self, x: Self::Value);
    /// Keeps the first `n` values.
    fn truncate(&mut self, n: usize);
    /// Room for at least `more` more pushes without moving.
    fn reserve(&mut self, more: usize);
    /// Pushes left before the table would move.
    fn room(&self) -> usize;
    /// Where the table starts.
    fn raw(&self) -> Self::Raw;
    /// The first `n` values read from `raw`.
    ///
    /// # Safety
    /// `raw` is the start of a table of this type holding at least `n`
    /// initialized values, which neither move nor change while `'a` lasts
    /// (bits past `n` of a shared word may, atomically).
    unsafe fn published<'a>(raw: Self::Raw, n: usize) -> Self::View<'a>
    where
        Self: 'a;
}

/// A raw pointer that may cross threads (see [`Frozen`]).
pub(super) struct Ptr<T>(*const T);

impl<T> Clone for Ptr<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Ptr<T> {}

impl<T: Word> Store for Vec<T> {
    type Value = T;
    type View<'a> = &'a [T];
    type Raw = Ptr<T>;

    #[inline(always)]
    fn len(&self) -> usize {
        Vec::len(self)
    }
    #[inline(always)]
    fn view(&self) -> &[T] {
        self
    }
    #[inline(always)]
    fn fit(v: u64) -> Option<T> {
        T::from_u64(v)
    }
    #[inline(always)]
    fn push(&mut self, x: T) {
        Vec::push(self, x)
    }
    fn truncate(&mut self, n: usize) {
        Vec::truncate(self, n)
    }
    fn reserve(&mut self, more: usize) {
        Vec::reserve(self, more)
    }
    #[inline(always)]
    fn room(&self) -> usize {
        self.capacity() - Vec::len(self)
    }
    fn raw(&self) -> Ptr<T> {
        Ptr(self.as_ptr())
    }
    unsafe fn published<'a>(raw: Ptr<T>, n: usize) -> &'a [T] {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts(raw.0, n) }
    }
}

impl Store for crate::solve::table::MappedU16 {
    type Value = u16;
    type View<'a> = &'a [u16];
    type Raw = Ptr<u16>;

    #[inline(always)]
    fn len(&self) -> usize {
        Self::len(self)
    }
    #[inline(always)]
    fn view(&self) -> &[u16] {
        self.as_slice()
    }
    #[inline(always)]
    fn fit(v: u64) -> Option<u16> {
        u16::try_from(v).ok()
    }
    #[inline(always)]
    fn push(&mut self, x: u16) {
        Self::push(self, x)
    }
    fn truncate(&mut self, n: usize) {
        Self::truncate(self, n)
    }
    fn reserve(&mut self, more: usize) {
        // (The engine reserves its whole run first: the file never grows
        // here. A growth that fails aborts, as a `Vec`'s does.)
        if self.try_reserve_exact(more).is_err() {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<u16>());
        }
    }
    #[inline(always)]
    fn room(&self) -> usize {
        self.capacity() - Self::len(self)
    }
    fn raw(&self) -> Ptr<u16> {
        Ptr(self.as_slice().as_ptr())
    }
    unsafe fn published<'a>(raw: Ptr<u16>, n: usize) -> &'a [u16] {
        // SAFETY: the caller's contract (the map neither moves nor changes
        // below `n` while the table is borrowed by `grow_shared`: it is
        // remapped only through `&mut self`, by a reserve beyond its room,
        // which `Growing::push` refuses).
        unsafe { std::slice::from_raw_parts(raw.0, n) }
    }
}

impl Store for Nine {
    type Value = u16;
    type View<'a> = NineView<'a>;
    type Raw = (Ptr<u8>, Ptr<AtomicU64>);

    #[inline(always)]
    fn len(&self) -> usize {
        Nine::len(self)
    }
    #[inline(always)]
    fn view(&self) -> NineView<'_> {
        Nine::view(self)
    }
    #[inline(always)]
    fn fit(v: u64) -> Option<u16> {
        (v < Nine::LIMIT).then_some(v as u16)
    }
    #[inline(always)]
    fn push(&mut self, x: u16) {
        Nine::push(self, x)
    }
    fn truncate(&mut self, n: usize) {
        Nine::truncate(self, n)
    }
    fn reserve(&mut self, more: usize) {
        if self.try_reserve_exact(more).is_err() {
            std::alloc::handle_alloc_error(std::alloc::Layout::new::<u8>());
        }
    }
    #[inline(always)]
    fn room(&self) -> usize {
        self.capacity() - Nine::len(self)
    }
    fn raw(&self) -> Self::Raw {
        (Ptr(self.bytes().as_ptr()), Ptr(self.high_words().as_ptr()))
    }
    unsafe fn published<'a>(raw: Self::Raw, n: usize) -> NineView<'a> {
        // SAFETY: the caller's contract. The words are atomics: the pushing
        // side changes the bits past `n` of the last word (by an atomic
        // store) while this side loads it (atomically), no data race; the
        // bytes below `n` and the words below `n / 64` no longer change.
        unsafe {
            NineView::new(
                std::slice::from_raw_parts(raw.0 .0, n),
                std::slice::from_raw_parts(raw.1 .0, n.div_ceil(64)),
            )
        }
    }
}

/// A table pushed to on one thread while another reads the values it had
/// ([`Core::pipelined`], [`Core::finish_block_and_fill_next`]): `f` gets
/// the pushing side ([`Growing`], room for `room` more values, never
/// moved) and the reading side ([`Frozen`], the values published so far).
/// Both live only during `f`, which holds the table's only borrow.
pub(super) fn grow_shared<S: Store, R>(
    t: &mut S,
    room: usize,
    f: impl for<'a> FnOnce(Growing<'a, S>, Frozen<'a, S>) -> R,
) -> R {
    t.reserve(room);
    let published = AtomicUsize::new(t.len());
    let frozen = Frozen {
        raw: t.raw(),
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
/// the room reserved (the table never moves), writes no value it holds
/// (a [`Nine`]'s last word of high bits changes, atomically, only in the
/// bits past its length).
pub(super) struct Growing<'a, S> {
    vec: &'a mut S,
    published: &'a AtomicUsize,
}

impl<S: Store> Growing<'_, S> {
    /// Pushes `x` (within the room reserved: a push beyond it would move
    /// the table under the reader, and is refused by a panic, a bug).
    #[inline(always)]
    pub(super) fn push(&mut self, x: S::Value) {
        assert!(self.vec.room() > 0, "a push beyond the room reserved");
        self.vec.push(x);
    }

    /// How many values the table holds.
    #[inline(always)]
    pub(super) fn len(&self) -> usize {
        self.vec.len()
    }

    /// Every value, for reading.
    #[inline(always)]
    pub(super) fn view(&self) -> S::View<'_> {
        self.vec.view()
    }

    /// Lets the reading side read every value pushed so far; returns their
    /// count.
    pub(super) fn publish(&self) -> usize {
        let n = self.vec.len();
        self.published.store(n, Ordering::Release);
        n
    }
}

/// The reading side of [`grow_shared`]: the values published, on any
/// thread.
pub(super) struct Frozen<'a, S: Store> {
    raw: S::Raw,
    published: &'a AtomicUsize,
    _table: PhantomData<&'a S>,
}

impl<S: Store> Clone for Frozen<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S: Store> Copy for Frozen<'_, S> {}

// SAFETY: it only reads values (`S: Sync`, shared) and an atomic.
unsafe impl<S: Store> Send for Frozen<'_, S> {}
// SAFETY: as for `Send`.
unsafe impl<S: Store> Sync for Frozen<'_, S> {}

impl<'a, S: Store> Frozen<'a, S> {
    /// The first `n` values of the table; `n` must be at most the count
    /// published (a panic otherwise, a bug).
    pub(super) fn values(self, n: usize) -> S::View<'a> {
        let published = self.published.load(Ordering::Acquire);
        assert!(n <= published, "values read before they were published");
        // SAFETY: `raw` is the start of the table, which holds at least
        // `published` initialized values and does not move while `'a` lasts:
        // its only borrow is `Growing`'s, which pushes within the room
        // reserved by `grow_shared` and writes no value below its length;
        // the `Acquire` load pairs with `Growing::publish`'s `Release`
        // store, made after the values were written.
        unsafe { S::published(self.raw, n) }
    }
}

impl Core {
    /// Computes values until `t` holds `target` of them; returns a value
    /// that does not fit `T` (not stored) if one comes up.
    pub(super) fn run<S: Store>(&mut self, t: &mut S, target: usize) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { run_avx2(self, t, target) };
        }
        self.run_inline(t, target)
    }

    /// [`Self::speculate`], with AVX2 where [`Self::run`] uses it (it runs
    /// in a closure on the pool, outside [`run_avx2`]).
    pub(super) fn speculate_simd<S: Store>(
        &mut self,
        t: &mut Growing<'_, S>,
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
    pub(super) fn confirm_batches_simd<S: Store>(
        &mut self,
        table: Frozen<'_, S>,
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
    pub(super) fn finish_block_simd<S: Store>(
        &mut self,
        t: &mut Growing<'_, S>,
        block: &Ahead,
        speculate: bool,
    ) -> Option<u64> {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { finish_block_avx2(self, t, block, speculate) };
        }
        self.finish_block(t, block, speculate)
    }

    /// [`Self::confirm_shared`], with AVX2 where [`Self::run`] uses it.
    pub(super) fn confirm_shared_simd<V: ValueTable + ?Sized>(
        &mut self,
        t: &V,
        work: &Confirmations,
    ) {
        #[cfg(target_arch = "x86_64")]
        if self.simd {
            // SAFETY: `simd` is only set when AVX2 was detected at run time.
            return unsafe { confirm_shared_avx2(self, t, work) };
        }
        self.confirm_shared(t, work)
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

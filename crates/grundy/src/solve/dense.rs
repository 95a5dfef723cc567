//! The dense heap solver: `G(0), G(1), …, G(n)` bottom-up in a flat array.
//!
//! For games whose positions are heap sizes (`u64`) and whose every option is
//! a sum of strictly smaller heaps — subtraction games, octal and
//! hexadecimal games, Lasker's Nim, Grundy's game. `G(h)` is the mex of the
//! XOR of the table entries of each option, so no hashing and no recursion
//! are involved.
//!
//! Time: O(Σ_{h ≤ n} options(h)) — O(n·|S|) for a subtraction set `S`.
//! Memory: one value per heap size, estimated before any allocation and
//! refused beyond [`DenseConfig::max_bytes`] with [`ErrorKind::OutOfMemory`].
//! A value is a [`Nimber`] (8 bytes) by default; a table of narrower
//! integers ([`DenseSolver::with_width`]: `u8`, `u16`, `u32`) takes an
//! eighth to a half of the memory, which is most of the time for a long
//! table, and refuses a value that does not fit. A finite subtraction set
//! of fewer than 64 moves has every value below 64, so `u8` always fits
//! it. The solver is incremental: [`DenseSolver::extend_to`] continues
//! where the last call stopped.

use super::table::TableView;
use crate::error::{ErrorKind, Result};
use crate::game::HeapGame;
use crate::nimber::{Mex, Nimber};

/// Settings of a [`DenseSolver`].
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct DenseConfig {
    /// Most bytes the value table may take.
    pub max_bytes: u64,
}

crate::util::setters!(DenseConfig { max_bytes: u64 });

impl Default for DenseConfig {
    fn default() -> Self {
        DenseConfig { max_bytes: 8 << 30 }
    }
}

/// A value type of a [`DenseSolver`] table: [`Nimber`] (any value) or a
/// narrower unsigned integer.
pub trait DenseValue: Copy + Send + Sync + 'static + private::Sealed {
    /// The value `v` in this type, if it fits.
    fn from_value(v: u64) -> Option<Self>;
    /// A value below 64, which every type holds.
    fn small(v: u8) -> Self;
    /// The value.
    fn value(self) -> u64;
    /// A table of this type as a [`TableView`].
    fn view(s: &[Self]) -> TableView<'_>;
}

mod private {
    pub trait Sealed {}
    impl Sealed for crate::Nimber {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
}

impl DenseValue for Nimber {
    #[inline(always)]
    fn from_value(v: u64) -> Option<Self> {
        Some(Nimber::new(v))
    }
    #[inline(always)]
    fn small(v: u8) -> Self {
        Nimber::new(u64::from(v))
    }
    #[inline(always)]
    fn value(self) -> u64 {
        Nimber::value(self)
    }
    fn view(s: &[Self]) -> TableView<'_> {
        TableView::Nimbers(s)
    }
}

macro_rules! dense_value {
    ($($t:ty => $arm:ident),*) => {$(
        impl DenseValue for $t {
            #[inline(always)]
            fn from_value(v: u64) -> Option<Self> {
                <$t>::try_from(v).ok()
            }
            #[inline(always)]
            fn small(v: u8) -> Self {
                <$t>::from(v)
            }
            #[inline(always)]
            fn value(self) -> u64 {
                u64::from(self)
            }
            fn view(s: &[Self]) -> TableView<'_> {
                TableView::$arm(s)
            }
        }
    )*};
}
dense_value!(u8 => U8, u16 => U16, u32 => U32);

/// Bottom-up solver for heap games (see the module docs).
///
/// ```
/// use grundy::{games::Subtraction, solve::DenseSolver};
/// let game = Subtraction::finite(&[1, 3, 4]).unwrap();
/// let mut solver = DenseSolver::new(&game);
/// let v: Vec<u64> = solver.extend_to(8).unwrap().iter().map(|g| g.value()).collect();
/// assert_eq!(v, [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// // The same table in one byte per value.
/// let mut narrow = DenseSolver::<_, u8>::with_width(&game, Default::default());
/// assert_eq!(narrow.extend_to(8).unwrap(), [0, 1, 0, 1, 2, 3, 2, 0, 1]);
/// ```
pub struct DenseSolver<G, V = Nimber> {
    game: G,
    config: DenseConfig,
    values: Vec<V>,
    mex: Mex,
}

impl<G: HeapGame> DenseSolver<G> {
    /// A solver for `game` with the default [`DenseConfig`].
    pub fn new(game: G) -> Self {
        Self::with_config(game, DenseConfig::default())
    }

    /// A solver for `game` with the given settings.
    pub fn with_config(game: G, config: DenseConfig) -> Self {
        Self::with_width(game, config)
    }
}

impl<G: HeapGame, V: DenseValue> DenseSolver<G, V> {
    /// A solver for `game` whose table holds values of type `V`
    /// (`DenseSolver::<_, u8>::with_width(game, config)`).
    pub fn with_width(game: G, config: DenseConfig) -> Self {
        DenseSolver {
            game,
            config,
            values: Vec::new(),
            mex: Mex::new(),
        }
    }

    /// The game being solved.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The values computed so far: `G(0..len)`.
    pub fn values(&self) -> &[V] {
        &self.values
    }

    /// The values computed so far as a [`TableView`].
    pub fn view(&self) -> TableView<'_> {
        V::view(&self.values)
    }

    /// Bytes the table needs to hold `G(0..=n)`.
    pub fn bytes_needed(n: u64) -> u64 {
        n.saturating_add(1)
            .saturating_mul(std::mem::size_of::<V>() as u64)
    }

    /// Refuses a table of `G(0..=n)` larger than [`DenseConfig::max_bytes`]
    /// (or than this machine can address) with [`ErrorKind::OutOfMemory`],
    /// before any work.
    pub fn check_memory(&self, n: u64) -> Result<()> {
        let needed = Self::bytes_needed(n);
        if needed > self.config.max_bytes || usize::try_from(n).is_err() {
            return Err(ErrorKind::OutOfMemory {
                needed,
                available: self.config.max_bytes,
            }
            .into());
        }
        Ok(())
    }

    /// Computes `G(0..=n)` (keeping what is already known) and returns them.
    /// A value too large for `V` is an [`ErrorKind::Unsupported`] error
    /// (the values before it are kept).
    pub fn extend_to(&mut self, n: u64) -> Result<&[V]> {
        self.check_memory(n)?;
        let needed = Self::bytes_needed(n);
        let target = n as usize + 1;
        if self.values.len() < target {
            self.values
                .try_reserve_exact(target - self.values.len())
                .map_err(|_| {
                    crate::Error::from(ErrorKind::OutOfMemory {
                        needed,
                        available: self.config.max_bytes,
                    })
                })?;
        }
        match self.game.finite_subtraction_set().filter(|s| s.len() < 64) {
            Some(set) => self.extend_subtraction(&set, target),
            None => {
                while self.values.len() < target {
                    let h = self.values.len() as u64;
                    let v = self.next_value(h)?;
                    let v = V::from_value(v.value()).ok_or_else(|| {
                        crate::Error::unsupported(format!(
                            "G({h}) = {} does not fit a table of {} bits",
                            v.value(),
                            8 * std::mem::size_of::<V>()
                        ))
                    })?;
                    self.values.push(v);
                }
            }
        }
        Ok(&self.values[..target])
    }

    /// Fast path for a finite subtraction set `set` (sorted, fewer than 64
    /// moves): every value is below 64, so the mex is the lowest zero bit of
    /// a one-word mask.
    ///
    /// The table is grown first and filled through a slice: a value pushed
    /// one at a time through the `Vec` makes the compiler reload the
    /// vector's length and pointer after every store of a `u8` (which may
    /// alias anything), doubling the time per value.
    fn extend_subtraction(&mut self, set: &[u64], target: usize) {
        let start = self.values.len();
        if start >= target {
            return;
        }
        self.values.resize(target, V::small(0));
        let t = &mut self.values[..];
        // The first heaps, while the largest move does not fit yet.
        let largest = set.last().map_or(0, |&s| s as usize);
        let mut h = start;
        while h < target && h < largest {
            let mut seen = 0u64;
            for &s in set {
                if s as usize > h {
                    break;
                }
                seen |= 1 << t[h - s as usize].value();
            }
            t[h] = V::small((!seen).trailing_zeros() as u8);
            h += 1;
        }
        // Every move fits from here on: a loop unrolled for sets of up to
        // four moves (the usual ones), else over the set.
        match *set {
            [a] => fill_moves(t, h, [a as usize]),
            [a, b] => fill_moves(t, h, [a as usize, b as usize]),
            [a, b, c] => fill_moves(t, h, [a as usize, b as usize, c as usize]),
            [a, b, c, d] => fill_moves(t, h, [a, b, c, d].map(|s| s as usize)),
            _ => {
                for h in h..target {
                    let mut seen = 0u64;
                    for &s in set {
                        seen |= 1 << t[h - s as usize].value();
                    }
                    t[h] = V::small((!seen).trailing_zeros() as u8);
                }
            }
        }
    }

    #[inline]
    fn next_value(&mut self, h: u64) -> Result<Nimber> {
        let values = &self.values;
        let mex = &mut self.mex;
        mex.clear();
        let mut bad = None;
        self.game.options(&h, &mut |option| {
            let mut x = 0;
            for &c in option {
                match values.get(c as usize) {
                    Some(&v) if c < h => x ^= v.value(),
                    _ => {
                        bad = Some(c);
                        return;
                    }
                }
            }
            mex.insert(Nimber::new(x));
        });
        match bad {
            Some(option) => Err(ErrorKind::NotShrinking { heap: h, option }.into()),
            None => Ok(mex.mex()),
        }
    }
}

/// `t[h] = mex{ t[h − s] : s ∈ moves }` for every `h` from `from` on
/// (every move at most `from`, every value below 64).
///
/// With moves of at most [`WINDOW`] tokens the last values are kept in a
/// register, six bits each (`G(h − s)` is bits `6(s − 1)..6s`), so each
/// value depends on the one before through a few register operations and
/// not through a store and a load of the table.
/// Largest move [`fill_moves`] keeps in a register (ten 6-bit values).
const WINDOW: usize = 10;

#[inline(always)]
fn fill_moves<V: DenseValue, const K: usize>(t: &mut [V], from: usize, moves: [usize; K]) {
    if moves.iter().all(|&s| (1..=WINDOW).contains(&s)) {
        let mut window =
            (1..=WINDOW.min(from)).fold(0u64, |w, s| w | (t[from - s].value() << (6 * (s - 1))));
        for slot in &mut t[from..] {
            let mut seen = 0u64;
            for s in moves {
                seen |= 1 << ((window >> (6 * (s - 1))) & 63);
            }
            let v = u64::from((!seen).trailing_zeros());
            *slot = V::small(v as u8);
            window = (window << 6) | v;
        }
        return;
    }
    for h in from..t.len() {
        let mut seen = 0u64;
        for s in moves {
            seen |= 1 << t[h - s].value();
        }
        t[h] = V::small((!seen).trailing_zeros() as u8);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::game::Game;
    use crate::games::Subtraction;
    use crate::solve::MemoSolver;
    use proptest::prelude::*;

    struct Grows;
    impl Game for Grows {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            f(&[*p + 1]);
        }
    }
    impl HeapGame for Grows {
        fn spec(&self) -> String {
            "grows".into()
        }
    }

    /// The same rules without the fast-path hint.
    struct Plain(Subtraction);
    impl Game for Plain {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            self.0.options(p, f)
        }
    }
    impl HeapGame for Plain {
        fn spec(&self) -> String {
            self.0.spec()
        }
    }

    /// The unrolled loops and the register window (moves of at most
    /// `WINDOW` tokens, up to four moves) equal the generic loop on every
    /// such set of moves up to 12, in `u8` and `Nimber` tables, computed at
    /// once and in uneven steps (the window is rebuilt from the table at
    /// each step).
    #[test]
    fn register_window_fill_equals_the_generic_loop_on_every_small_set() {
        for bits in 1u32..1 << 12 {
            if bits.count_ones() > 5 {
                continue;
            }
            let set: Vec<u64> = (1..=12).filter(|s| bits & (1 << (s - 1)) != 0).collect();
            let game = Subtraction::finite(&set).unwrap();
            let plain = DenseSolver::new(Plain(game.clone()))
                .extend_to(150)
                .unwrap()
                .to_vec();
            let fast = DenseSolver::new(&game).extend_to(150).unwrap().to_vec();
            assert_eq!(fast, plain, "{set:?}");
            let mut narrow = DenseSolver::<_, u8>::with_width(&game, DenseConfig::default());
            for to in [0, 1, 5, 11, 12, 40, 150] {
                narrow.extend_to(to).unwrap();
            }
            let narrow: Vec<Nimber> = narrow
                .values()
                .iter()
                .map(|&v| Nimber::new(u64::from(v)))
                .collect();
            assert_eq!(narrow, plain, "{set:?} in steps");
        }
    }

    proptest! {
        #[test]
        fn subtraction_fast_path_equals_the_generic_loop_and_the_memo_solver(
            set in proptest::collection::vec(1u64..70, 1..66),
        ) {
            let game = Subtraction::finite(&set).unwrap();
            let fast = DenseSolver::new(&game).extend_to(300).unwrap().to_vec();
            let plain = DenseSolver::new(Plain(game.clone())).extend_to(300).unwrap().to_vec();
            prop_assert_eq!(&fast, &plain);
            let narrow = DenseSolver::<_, u8>::with_width(&game, DenseConfig::default())
                .extend_to(300)
                .unwrap()
                .iter()
                .map(|&v| Nimber::new(u64::from(v)))
                .collect::<Vec<_>>();
            prop_assert_eq!(&fast, &narrow);
            let narrow_plain = DenseSolver::<_, u16>::with_width(Plain(game.clone()), DenseConfig::default())
                .extend_to(300)
                .unwrap()
                .iter()
                .map(|&v| Nimber::new(u64::from(v)))
                .collect::<Vec<_>>();
            prop_assert_eq!(&fast, &narrow_plain);
            let mut memo = MemoSolver::new(&game);
            for h in (0..=300).step_by(7) {
                prop_assert_eq!(memo.nim_value(&h).unwrap(), fast[h as usize]);
            }
        }
    }

    #[test]
    fn a_game_that_does_not_shrink_is_reported() {
        let e = DenseSolver::new(Grows).extend_to(3).unwrap_err();
        assert_eq!(e.kind(), &ErrorKind::NotShrinking { heap: 0, option: 1 });
    }

    /// Nim: G(n) = n, so a `u8` table holds G(0..=255) and refuses G(256).
    struct Nim;
    impl Game for Nim {
        type Position = u64;
        fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
            for k in 0..*p {
                f(&[k]);
            }
        }
    }
    impl HeapGame for Nim {
        fn spec(&self) -> String {
            "nim".into()
        }
    }

    #[test]
    fn a_value_too_wide_for_a_narrow_table_is_refused_and_the_rest_kept() {
        let mut s = DenseSolver::<_, u8>::with_width(Nim, DenseConfig::default());
        let e = s.extend_to(300).unwrap_err();
        assert!(e.to_string().contains("G(256) = 256"), "{e}");
        assert_eq!(s.values().len(), 256);
        assert_eq!(s.view().get(255), Some(Nimber::new(255)));
        let mut wide = DenseSolver::<_, u16>::with_width(Nim, DenseConfig::default());
        assert_eq!(wide.extend_to(300).unwrap()[300], 300);
    }

    #[test]
    fn a_table_beyond_the_budget_is_refused_before_allocating() {
        let mut s = DenseSolver::with_config(Grows, DenseConfig { max_bytes: 1 << 20 });
        let e = s.extend_to(u64::MAX).unwrap_err();
        assert!(matches!(e.kind(), ErrorKind::OutOfMemory { .. }));
    }
}

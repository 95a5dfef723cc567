//! Subtraction games: take `s` tokens from a heap, `s` in a set `S`.
//!
//! Specs: `sub:1,3,4` (finite set), `bash:M` (`S = {1..M}`, Bachet's game),
//! `sub:pow2` (powers of two, HDU 1847), `sub:fib` (Fibonacci numbers,
//! HDU 1848), `sub:squares`, `allbut:1,2` (every positive size except those
//! listed). A position is one heap; several heaps with one set is the sum
//! (S-Nim, POJ 2960 / HDU 1536).
//!
//! Periodicity: a finite `S` with largest element `k` has a value of `n`
//! that depends only on the `k` values before it, so `k` consecutive
//! repeated values prove the period ([`PeriodTheorem::Window`]).
//! For any set the *residue theorem* below gives a closed form where it
//! applies (used for every heap at once, with no table): if `S` contains `1, …, p−1` and no multiple of `p`, then
//! `G(n) = n mod p` (from `n`, taking `1..r` reaches every smaller residue,
//! and no move keeps the residue). It proves `bash:M` (`p = M+1`),
//! `sub:pow2` (`p = 3`: no power of two is a multiple of 3) and finite sets
//! such as `sub:1,2,4,5` (`p = 3`). Other infinite
//! sets (`fib`, `squares`, `allbut`) are only observed.

use crate::analysis::{PeriodTheorem, Periodicity};
use crate::error::{Error, Result};
use crate::game::{Game, HeapGame, OptionList};
use crate::nimber::Nimber;

/// The move set of a subtraction game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum MoveSet {
    /// Sorted, distinct, all ≥ 1.
    Finite(Vec<u64>),
    /// `1..=m`.
    Bash(u64),
    Pow2,
    Fib,
    Squares,
    /// Every positive integer except these (sorted, distinct, ≥ 1).
    AllBut(Vec<u64>),
}

/// A subtraction game (see the module docs).
///
/// ```
/// use grundy::{games::Subtraction, solve::HeapValues, Nimber};
/// let game = Subtraction::pow2();
/// let mut values = HeapValues::new(&game);
/// // Proven: G(n) = n mod 3, so huge heaps answer at once.
/// assert_eq!(values.value(1_000_000_000_000_000_000).unwrap(), Nimber::new(1));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtraction {
    set: MoveSet,
}

fn check_moves(what: &str, moves: &[u64]) -> Result<Vec<u64>> {
    if moves.contains(&0) {
        return Err(Error::invalid_spec(
            what,
            "a move must take at least one token (0 is not a move)",
        ));
    }
    let mut v = moves.to_vec();
    v.sort_unstable();
    v.dedup();
    Ok(v)
}

/// Largest move a subtraction game may have to be written as an octal code
/// (for long runs: `sub:1,3,4` runs as `0.3033`): one digit per heap size up
/// to it.
pub const MAX_CODE_MOVE: u64 = 4096;

impl Subtraction {
    /// The game as an octal take-and-break code, for a finite set of moves
    /// up to [`MAX_CODE_MOVE`]: digit `k` is 3 (take `k`, leaving no heap or
    /// one) when `k` is a move, else 0. `sub:1,3,4` is `0.3033`, `bash:3` is
    /// `0.333`. The two compute the same values; long runs use the code
    /// (it is the parsed game's [`crate::spec::AnyGame::take_break`]).
    ///
    /// Deliberately not [`HeapGame::take_break`], which would make the
    /// solver compute with the code: for values and analyses the game keeps
    /// its own subtraction loop and move order.
    pub(crate) fn long_run_code(&self) -> Option<crate::games::TakeBreak> {
        let moves: Vec<u64> = match &self.set {
            MoveSet::Finite(s) => s.clone(),
            MoveSet::Bash(m) => (1..=*m.min(&(MAX_CODE_MOVE + 1))).collect(),
            _ => return None,
        };
        let largest = *moves.last()?;
        if largest > MAX_CODE_MOVE {
            return None;
        }
        let mut code = String::from("0.");
        code.extend((1..=largest).map(|k| {
            if moves.binary_search(&k).is_ok() {
                '3'
            } else {
                '0'
            }
        }));
        crate::games::TakeBreak::octal(&code).ok()
    }

    /// Take `s` tokens for `s` in `moves` (a finite, non-empty set of
    /// positive sizes; order and repeats do not matter).
    pub fn finite(moves: &[u64]) -> Result<Subtraction> {
        let what = format!("sub:{}", list_string(moves));
        if moves.is_empty() {
            return Err(Error::invalid_spec(
                &what,
                "the subtraction set is empty: give at least one move size",
            ));
        }
        Ok(Subtraction {
            set: MoveSet::Finite(check_moves(&what, moves)?),
        })
    }

    /// Take 1 to `m` tokens (`m ≥ 1`).
    pub fn bash(m: u64) -> Result<Subtraction> {
        if m == 0 {
            return Err(Error::invalid_spec("bash:0", "M must be at least 1"));
        }
        Ok(Subtraction {
            set: MoveSet::Bash(m),
        })
    }

    /// Take a power of two: 1, 2, 4, 8, ...
    pub fn pow2() -> Subtraction {
        Subtraction { set: MoveSet::Pow2 }
    }

    /// Take a Fibonacci number: 1, 2, 3, 5, 8, ...
    pub fn fib() -> Subtraction {
        Subtraction { set: MoveSet::Fib }
    }

    /// Take a positive square: 1, 4, 9, 16, ...
    pub fn squares() -> Subtraction {
        Subtraction {
            set: MoveSet::Squares,
        }
    }

    /// Take any positive number of tokens except those in `excluded`.
    /// With nothing excluded this is Nim.
    pub fn all_but(excluded: &[u64]) -> Result<Subtraction> {
        let what = format!("allbut:{}", list_string(excluded));
        Ok(Subtraction {
            set: MoveSet::AllBut(check_moves(&what, excluded)?),
        })
    }

    /// Calls `f(s)` for every move size `s ≤ heap`, in increasing order.
    pub fn for_each_move(&self, heap: u64, mut f: impl FnMut(u64)) {
        match &self.set {
            MoveSet::Finite(s) => s.iter().take_while(|&&s| s <= heap).for_each(|&s| f(s)),
            MoveSet::Bash(m) => (1..=heap.min(*m)).for_each(f),
            MoveSet::Pow2 => {
                let mut s = 1u64;
                while s <= heap {
                    f(s);
                    match s.checked_mul(2) {
                        Some(t) => s = t,
                        None => break,
                    }
                }
            }
            MoveSet::Fib => {
                let (mut a, mut b) = (1u64, 2u64);
                while a <= heap {
                    f(a);
                    match a.checked_add(b) {
                        Some(c) => (a, b) = (b, c),
                        None => {
                            if b <= heap && b != a {
                                f(b);
                            }
                            break;
                        }
                    }
                }
            }
            MoveSet::Squares => {
                let mut k = 1u64;
                while let Some(s) = k.checked_mul(k).filter(|&s| s <= heap) {
                    f(s);
                    k += 1;
                }
            }
            MoveSet::AllBut(ex) => {
                let mut skip = ex.iter().peekable();
                for s in 1..=heap {
                    if skip.peek() == Some(&&s) {
                        skip.next();
                        continue;
                    }
                    f(s);
                }
            }
        }
    }

    /// Whether `s` is a legal number of tokens to take.
    pub fn allows(&self, s: u64) -> bool {
        match &self.set {
            MoveSet::Finite(v) => v.binary_search(&s).is_ok(),
            MoveSet::Bash(m) => (1..=*m).contains(&s),
            MoveSet::Pow2 => s.is_power_of_two(),
            MoveSet::Fib => {
                let mut found = false;
                self.for_each_move(s, |t| found |= t == s);
                found
            }
            MoveSet::Squares => s > 0 && s.isqrt() * s.isqrt() == s,
            MoveSet::AllBut(ex) => s > 0 && ex.binary_search(&s).is_err(),
        }
    }

    /// Largest move, if the set is finite.
    pub fn max_move(&self) -> Option<u64> {
        match &self.set {
            MoveSet::Finite(s) => s.last().copied(),
            MoveSet::Bash(m) => Some(*m),
            _ => None,
        }
    }

    /// The `p` of the residue theorem (see the module docs), found in O(1)
    /// for `bash:M` and `sub:pow2` and in O(|S|) for a finite set: the
    /// least `p` not in `S`, when `S` holds no multiple of it.
    fn residue_period(&self) -> Option<u64> {
        let p = match &self.set {
            MoveSet::Bash(m) => m.checked_add(1)?,
            MoveSet::Pow2 => 3,
            // S is sorted and distinct: 1..p-1 is a prefix of it.
            MoveSet::Finite(s) => {
                s.iter().zip(1u64..).take_while(|(a, b)| *a == b).count() as u64 + 1
            }
            _ => return None,
        };
        (p >= 2 && self.avoids_multiples_of(p) == Some(true)).then_some(p)
    }

    /// Whether no element of `S` is a multiple of `p` (`p ≥ 2`), when that
    /// can be decided from the rules; `None` when unknown.
    fn avoids_multiples_of(&self, p: u64) -> Option<bool> {
        match &self.set {
            MoveSet::Finite(s) => Some(s.iter().all(|s| s % p != 0)),
            MoveSet::Bash(m) => Some(*m < p),
            MoveSet::Pow2 => Some(p % 2 == 1),
            // Every p divides some Fibonacci number; p*p is a square;
            // all-but sets contain all large multiples of p.
            MoveSet::Fib | MoveSet::Squares | MoveSet::AllBut(_) => Some(false),
        }
    }
}

/// `1,3,4`: numbers as specs and positions write them.
pub(crate) fn list_string(v: &[u64]) -> String {
    v.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
}

impl Game for Subtraction {
    type Position = u64;

    #[inline]
    fn options(&self, heap: &u64, f: &mut dyn FnMut(&[u64])) {
        let h = *heap;
        self.for_each_move(h, |s| f(&[h - s]));
    }

    #[inline]
    fn options_into(&self, heap: &u64, out: &mut OptionList<u64>) {
        let h = *heap;
        match &self.set {
            // Increasing: the moves that fit are a prefix, written in one run.
            MoveSet::Finite(s) => {
                // Every move fits in all but the smallest heaps: one
                // comparison instead of a binary search.
                let fit = match s.last() {
                    Some(&k) if k <= h => s.len(),
                    _ => s.partition_point(|&s| s <= h),
                };
                out.extend_one(s[..fit].iter().map(|&s| h - s));
            }
            _ => self.for_each_move(h, |s| out.push_one(h - s)),
        }
    }

    fn format_position(&self, p: &u64) -> String {
        p.to_string()
    }

    #[inline]
    fn position_index(&self, p: &u64) -> Option<usize> {
        usize::try_from(*p).ok()
    }

    /// Every option is one smaller heap, its own index.
    #[inline]
    fn option_indices(&self, heap: &u64, out: &mut Vec<usize>) -> bool {
        let Ok(h) = usize::try_from(*heap) else {
            return false;
        };
        match &self.set {
            MoveSet::Finite(s) => {
                let fit = match s.last() {
                    Some(&k) if k <= *heap => s.len(),
                    _ => s.partition_point(|&s| s <= *heap),
                };
                // Each move is at most the heap, so fits a usize.
                out.extend(s[..fit].iter().map(|&s| h - s as usize));
            }
            _ => self.for_each_move(*heap, |s| out.push(h - s as usize)),
        }
        true
    }

    #[inline]
    fn index_position(&self, i: usize) -> Option<u64> {
        u64::try_from(i).ok()
    }
}

impl HeapGame for Subtraction {
    fn period_theorem(&self) -> PeriodTheorem {
        match &self.set {
            MoveSet::Finite(s) => PeriodTheorem::Window {
                k: *s.last().expect("non-empty"),
            },
            MoveSet::Bash(m) => PeriodTheorem::Window { k: *m },
            _ => PeriodTheorem::None,
        }
    }

    fn arithmetic_periodic(&self) -> bool {
        matches!(self.set, MoveSet::AllBut(_))
    }

    fn known_periodicity(&self) -> Option<(Periodicity, &'static str)> {
        let p = self.residue_period()?;
        Some((
            Periodicity {
                preperiod: 0,
                period: p,
                saltus: 0,
            },
            "residue theorem: S contains 1..p-1 and no multiple of p, so G(n) = n mod p",
        ))
    }

    fn known_value(&self, n: u64) -> Option<Nimber> {
        Some(Nimber::new(n % self.residue_period()?))
    }

    fn finite_subtraction_set(&self) -> Option<Vec<u64>> {
        match &self.set {
            MoveSet::Finite(s) => Some(s.clone()),
            MoveSet::Bash(m) if *m <= 64 => Some((1..=*m).collect()),
            _ => None,
        }
    }

    fn spec(&self) -> String {
        match &self.set {
            MoveSet::Finite(s) => format!("sub:{}", list_string(s)),
            MoveSet::Bash(m) => format!("bash:{m}"),
            MoveSet::Pow2 => "sub:pow2".into(),
            MoveSet::Fib => "sub:fib".into(),
            MoveSet::Squares => "sub:squares".into(),
            MoveSet::AllBut(ex) => format!("allbut:{}", list_string(ex)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::DenseSolver;

    #[test]
    fn option_indices_are_the_options() {
        let sets = [
            Subtraction::finite(&[1, 3, 4]).unwrap(),
            Subtraction::finite(&[2, 5, 9]).unwrap(),
        ];
        for g in sets {
            for h in 0..30u64 {
                let mut got = Vec::new();
                assert!(g.option_indices(&h, &mut got));
                let want: Vec<usize> = crate::game::collect_options(&g, &h)
                    .iter()
                    .map(|o| o[0] as usize)
                    .collect();
                assert_eq!(got, want, "{} heap {h}", g.spec());
                assert_eq!(g.index_position(h as usize), Some(h));
            }
        }
    }

    #[test]
    fn the_batched_listing_equals_the_callback_one() {
        let games = [
            Subtraction::finite(&[1, 3, 4]).unwrap(),
            Subtraction::finite(&[2, 5, 7, 40]).unwrap(),
            Subtraction::bash(3).unwrap(),
        ];
        for g in &games {
            let mut list = OptionList::new();
            for h in 0..60u64 {
                list.clear();
                g.options_into(&h, &mut list);
                let batched: Vec<Vec<u64>> = list.iter().map(<[u64]>::to_vec).collect();
                assert_eq!(
                    batched,
                    crate::game::collect_options(g, &h),
                    "{} {h}",
                    g.spec()
                );
            }
        }
    }

    #[test]
    fn the_long_run_code_of_a_finite_set_has_the_same_values() {
        let games = [
            Subtraction::finite(&[1, 3, 4]).unwrap(),
            Subtraction::finite(&[2, 5, 9]).unwrap(),
            Subtraction::bash(5).unwrap(),
            Subtraction::finite(&[MAX_CODE_MOVE]).unwrap(),
        ];
        for game in games {
            let code = game.long_run_code().expect("a finite set has a code");
            let to = 3 * MAX_CODE_MOVE;
            let want = DenseSolver::new(game.clone())
                .extend_to(to)
                .unwrap()
                .to_vec();
            let got = DenseSolver::new(code.clone())
                .extend_to(to)
                .unwrap()
                .to_vec();
            assert_eq!(got, want, "{} as {}", game.spec(), code.spec());
        }
        assert_eq!(
            Subtraction::finite(&[1, 3, 4])
                .unwrap()
                .long_run_code()
                .unwrap()
                .spec(),
            "0.3033"
        );
        assert!(Subtraction::finite(&[1, MAX_CODE_MOVE + 1])
            .unwrap()
            .long_run_code()
            .is_none());
        assert!(Subtraction::bash(MAX_CODE_MOVE + 1)
            .unwrap()
            .long_run_code()
            .is_none());
        assert!(Subtraction::pow2().long_run_code().is_none());
    }

    fn moves(g: &Subtraction, h: u64) -> Vec<u64> {
        let mut v = Vec::new();
        g.for_each_move(h, |s| v.push(s));
        v
    }

    #[test]
    fn move_sets() {
        assert_eq!(moves(&Subtraction::pow2(), 20), [1, 2, 4, 8, 16]);
        assert_eq!(moves(&Subtraction::fib(), 21), [1, 2, 3, 5, 8, 13, 21]);
        assert_eq!(moves(&Subtraction::squares(), 30), [1, 4, 9, 16, 25]);
        assert_eq!(
            moves(&Subtraction::all_but(&[2, 1]).unwrap(), 6),
            [3, 4, 5, 6]
        );
        assert_eq!(moves(&Subtraction::bash(3).unwrap(), 2), [1, 2]);
        assert_eq!(
            moves(&Subtraction::finite(&[4, 1, 3, 3]).unwrap(), 3),
            [1, 3]
        );
        // No overflow at the top of u64.
        assert_eq!(moves(&Subtraction::pow2(), u64::MAX).len(), 64);
        let fib = moves(&Subtraction::fib(), u64::MAX);
        assert_eq!(fib.len(), 92); // F(2)..=F(93)
        assert!(fib.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            moves(&Subtraction::squares(), 1_000_000_000_000).len(),
            1_000_000
        );
    }

    #[test]
    fn bad_sets_are_errors() {
        assert!(Subtraction::finite(&[]).is_err());
        assert!(Subtraction::finite(&[1, 0]).is_err());
        assert!(Subtraction::bash(0).is_err());
        assert!(Subtraction::all_but(&[0]).is_err());
    }

    #[test]
    fn allows_agrees_with_the_enumeration() {
        for g in [
            Subtraction::pow2(),
            Subtraction::fib(),
            Subtraction::squares(),
            Subtraction::all_but(&[2, 5]).unwrap(),
        ] {
            let listed = moves(&g, 200);
            for s in 0..=200 {
                assert_eq!(g.allows(s), listed.contains(&s), "{} {s}", g.spec());
            }
        }
    }

    #[test]
    fn known_periodicities_match_the_solver() {
        for g in [
            Subtraction::pow2(),
            Subtraction::bash(1).unwrap(),
            Subtraction::bash(5).unwrap(),
        ] {
            let (p, _) = g.known_periodicity().unwrap();
            let v = DenseSolver::new(&g).extend_to(3000).unwrap().to_vec();
            for n in 0..=3000u64 {
                assert_eq!(
                    p.value_at(&v[..p.prefix_len() as usize], n),
                    Some(v[n as usize]),
                    "{} at {n}",
                    g.spec()
                );
            }
        }
        assert!(Subtraction::fib().known_periodicity().is_none());
    }
}

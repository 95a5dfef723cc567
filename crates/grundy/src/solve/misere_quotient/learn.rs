//! Learning the misère quotient as the minimal automaton of the P-positions,
//! and proving the result exact.
//!
//! A sum of heaps is a multiset; reading its heaps one at a time, in any
//! order, drives a deterministic automaton whose states are the quotient's
//! elements (the language of misère P-positions is commutative, so its
//! minimal automaton *is* its syntactic monoid). The automaton is learnt
//! with Angluin's L* (Information and Computation 75, 1987), in the form of
//! Maler and Pnueli (1995): every suffix of a counterexample becomes an
//! experiment, so the rows of the access words stay distinct.
//!
//! Membership of a sum is asked of exhaustive misère search
//! ([`MisereSolver`]). Equivalence is decided exactly, with no search over
//! sums: a hypothesis `Φ` (heap ↦ element, P-portion) predicts every
//! outcome correctly iff for every sum `X` of the heaps
//! `Φ(X) ∈ P ⇔ X has an option and no option X′ has Φ(X′) ∈ P` (induction
//! on the game tree: misère, a sum is P iff it can move and every move
//! leads to N). The pair `(Φ(X), {Φ(X′)})` of a sum `X + h` is a function
//! of the pair of `X` and the heap `h`, so the condition is checked on the
//! finitely many pairs reachable from the empty sum. A failing pair yields
//! a concrete sum whose outcome (or one of whose options') is mispredicted:
//! a counterexample for the next round. When the check passes, the
//! hypothesis decides every sum of the heaps, and as its states are
//! pairwise distinguished by experiments, it is the quotient itself.

use super::bitset::BitSet;
use super::QuotientProgress;
use crate::error::{Error, Result};
use crate::game::{Game, Outcome};
use crate::solve::misere::MisereSolver;
use rustc_hash::FxHashMap;

/// What the learner needs from the game: the options of each heap as
/// lists of heaps, and the exhaustive misère outcome of a sum; and the
/// caller's progress hook, told where the work stands.
pub(super) struct Oracle<'g, 'p, G: Game<Position = u64>> {
    pub(super) solver: MisereSolver<&'g G>,
    /// Memo of memberships: sorted sums (terminal heaps dropped) ↦ is P.
    memo: FxHashMap<Vec<u64>, bool>,
    pub(super) queries: u64,
    progress: &'p mut dyn FnMut(&QuotientProgress) -> Result<()>,
    /// What the hook is told (`moves` and `states` kept up to date).
    at: QuotientProgress,
}

impl<'g, 'p, G: Game<Position = u64>> Oracle<'g, 'p, G> {
    pub(super) fn new(
        solver: MisereSolver<&'g G>,
        heaps: u64,
        progress: &'p mut dyn FnMut(&QuotientProgress) -> Result<()>,
    ) -> Self {
        Oracle {
            solver,
            memo: FxHashMap::default(),
            queries: 0,
            progress,
            at: QuotientProgress {
                heap: 0,
                heaps,
                order: 1,
                moves: 0,
                states: 0,
            },
        }
    }

    /// Heap `heap` is admitted, with `order` elements found below it.
    pub(super) fn at_heap(&mut self, heap: u64, order: usize) -> Result<()> {
        self.at.heap = heap;
        self.at.order = order;
        self.tell()
    }

    /// Calls the hook with where the work stands.
    fn tell(&mut self) -> Result<()> {
        self.at.moves = self.solver.moves();
        self.at.states = self.solver.len();
        (self.progress)(&self.at)
    }

    /// Whether the sum `heaps` (sorted) is a misère P-position.
    fn is_p(&mut self, heaps: &[u64]) -> Result<bool> {
        if let Some(&p) = self.memo.get(heaps) {
            return Ok(p);
        }
        self.queries += 1;
        self.tell()?;
        let at = &mut self.at;
        let progress = &mut *self.progress;
        let outcome = self.solver.outcome_with(heaps, &mut |moves, states| {
            at.moves = moves;
            at.states = states;
            progress(at)
        })?;
        let p = outcome == Outcome::P;
        self.memo.insert(heaps.to_vec(), p);
        Ok(p)
    }
}

/// Limits of a learning run.
#[derive(Clone, Copy, Debug)]
pub(super) struct Limits {
    pub(super) max_order: usize,
    pub(super) max_pairs: usize,
}

/// A hypothesis that passed the check: the quotient as an automaton.
pub(super) struct Automaton {
    /// `delta[state][letter]`.
    pub(super) delta: Vec<Vec<u32>>,
    /// Whether each state is in the P-portion.
    pub(super) p: Vec<bool>,
}

/// The observation table of L*, grown heap by heap.
pub(super) struct Learner {
    /// The letters: the non-terminal heaps admitted so far.
    letters: Vec<u64>,
    /// Option images are computed from these: per letter, its options as
    /// lists of letters' indices (terminal heaps dropped).
    letter_options: Vec<Vec<Vec<usize>>>,
    /// Letter index of each heap (`None`: terminal or not admitted).
    letter_of_heap: Vec<Option<usize>>,
    /// Access words (as letter indices, in the order they were read).
    access: Vec<Vec<usize>>,
    /// Experiments (sorted heaps).
    experiments: Vec<Vec<u64>>,
    /// Each experiment as a word, in an order whose every suffix is (as a
    /// multiset) an experiment too: the hypothesis reads it in that order.
    experiment_words: Vec<Vec<usize>>,
    /// The row of each access word.
    rows: Vec<Vec<bool>>,
    /// Row ↦ access word index.
    row_index: FxHashMap<Vec<bool>, usize>,
}

impl Learner {
    pub(super) fn new() -> Self {
        Learner {
            letters: Vec::new(),
            letter_options: Vec::new(),
            letter_of_heap: Vec::new(),
            access: Vec::new(),
            experiments: vec![Vec::new()],
            experiment_words: vec![Vec::new()],
            rows: Vec::new(),
            row_index: FxHashMap::default(),
        }
    }

    /// The access word of each state (letter indices).
    pub(super) fn access_words(&self) -> &[Vec<usize>] {
        &self.access
    }

    /// The letter index of `heap`, if it is one.
    pub(super) fn letter_of(&self, heap: u64) -> Option<usize> {
        self.letter_of_heap.get(heap as usize).copied().flatten()
    }

    /// Admits the next heap (heaps come in order 0, 1, 2, ...), with its
    /// options as lists of smaller heaps. Terminal heaps (no option) are the
    /// identity and are not letters.
    pub(super) fn admit(&mut self, heap: u64, options: &[Vec<u64>]) {
        debug_assert_eq!(self.letter_of_heap.len() as u64, heap);
        if options.is_empty() {
            self.letter_of_heap.push(None);
            return;
        }
        let opts = options
            .iter()
            .map(|o| o.iter().filter_map(|&h| self.letter_of(h)).collect())
            .collect();
        self.letter_of_heap.push(Some(self.letters.len()));
        self.letters.push(heap);
        self.letter_options.push(opts);
    }

    fn heaps_of(&self, word: &[usize], extra: &[u64]) -> Vec<u64> {
        let mut v: Vec<u64> = word.iter().map(|&l| self.letters[l]).collect();
        v.extend_from_slice(extra);
        v.sort_unstable();
        v
    }

    fn row_of<G: Game<Position = u64>>(
        &self,
        oracle: &mut Oracle<'_, '_, G>,
        word: &[usize],
    ) -> Result<Vec<bool>> {
        let mut row = Vec::with_capacity(self.experiments.len());
        for e in &self.experiments {
            row.push(oracle.is_p(&self.heaps_of(word, e))?);
        }
        Ok(row)
    }

    fn add_access(&mut self, word: Vec<usize>, row: Vec<bool>, limits: Limits) -> Result<()> {
        if self.access.len() >= limits.max_order {
            return Err(too_large(limits.max_order));
        }
        self.row_index.insert(row.clone(), self.access.len());
        self.access.push(word);
        self.rows.push(row);
        Ok(())
    }

    /// Makes the table closed: every one-letter extension of an access word
    /// has the row of an access word. Returns the transitions.
    fn close<G: Game<Position = u64>>(
        &mut self,
        oracle: &mut Oracle<'_, '_, G>,
        limits: Limits,
    ) -> Result<Vec<Vec<u32>>> {
        if self.access.is_empty() {
            let row = self.row_of(oracle, &[])?;
            self.add_access(Vec::new(), row, limits)?;
        }
        let mut delta: Vec<Vec<u32>> = Vec::new();
        let mut i = 0;
        while i < self.access.len() {
            oracle.tell()?;
            let mut out = Vec::with_capacity(self.letters.len());
            for l in 0..self.letters.len() {
                let mut w = self.access[i].clone();
                w.push(l);
                let row = self.row_of(oracle, &w)?;
                let target = match self.row_index.get(&row) {
                    Some(&t) => t,
                    None => {
                        self.add_access(w, row, limits)?;
                        self.access.len() - 1
                    }
                };
                out.push(target as u32);
            }
            delta.push(out);
            i += 1;
        }
        Ok(delta)
    }

    /// Adds every suffix of `word` (letter indices, in reading order) as an
    /// experiment, and extends the rows.
    fn add_suffixes<G: Game<Position = u64>>(
        &mut self,
        oracle: &mut Oracle<'_, '_, G>,
        word: &[usize],
    ) -> Result<()> {
        let known: std::collections::HashSet<Vec<u64>> = self.experiments.iter().cloned().collect();
        let mut added: Vec<(Vec<u64>, Vec<usize>)> = Vec::new();
        for start in 0..word.len() {
            let e = self.heaps_of(&word[start..], &[]);
            if !known.contains(&e) && !added.iter().any(|(m, _)| *m == e) {
                added.push((e, word[start..].to_vec()));
            }
        }
        for (e, w) in added {
            for (i, a) in self.access.iter().enumerate() {
                let p = oracle.is_p(&self.heaps_of(a, &e))?;
                self.rows[i].push(p);
            }
            self.experiments.push(e);
            self.experiment_words.push(w);
        }
        self.row_index = self
            .rows
            .iter()
            .enumerate()
            .map(|(i, r)| (r.clone(), i))
            .collect();
        Ok(())
    }

    /// Runs L* over the letters admitted so far until the hypothesis passes
    /// the exact check; returns it.
    pub(super) fn learn<G: Game<Position = u64>>(
        &mut self,
        oracle: &mut Oracle<'_, '_, G>,
        limits: Limits,
    ) -> Result<Automaton> {
        loop {
            let delta = self.close(oracle, limits)?;
            let p: Vec<bool> = self.rows.iter().map(|r| r[0]).collect();
            let hyp = Automaton { delta, p };
            let cex = match self.commutativity_counterexample(oracle, &hyp)? {
                Some(w) => Some(w),
                None => self.check(oracle, &hyp, limits)?,
            };
            match cex {
                None => return Ok(hyp),
                Some(word) => {
                    let before = self.experiments.len();
                    self.add_suffixes(oracle, &word)?;
                    if self.experiments.len() == before {
                        // Cannot happen for a true counterexample (its
                        // suffixes separate two states); refuse rather than
                        // loop.
                        return Err(Error::unsupported(
                            "the misère quotient search made no progress on a counterexample",
                        ));
                    }
                }
            }
        }
    }

    /// The hypothesis state after reading `word` from the start.
    fn run(hyp: &Automaton, word: &[usize]) -> usize {
        word.iter().fold(0usize, |s, &l| hyp.delta[s][l] as usize)
    }

    /// If reading two letters in either order leads to different states, a
    /// word on which the hypothesis is wrong (the true language does not
    /// care about order).
    fn commutativity_counterexample<G: Game<Position = u64>>(
        &self,
        oracle: &mut Oracle<'_, '_, G>,
        hyp: &Automaton,
    ) -> Result<Option<Vec<usize>>> {
        let k = self.letters.len();
        for x in 0..hyp.delta.len() {
            for a in 0..k {
                for b in a + 1..k {
                    let y1 = hyp.delta[hyp.delta[x][a] as usize][b] as usize;
                    let y2 = hyp.delta[hyp.delta[x][b] as usize][a] as usize;
                    if y1 == y2 {
                        continue;
                    }
                    let col = (0..self.experiments.len())
                        .find(|&c| self.rows[y1][c] != self.rows[y2][c])
                        .expect("distinct states have distinct rows");
                    let e = &self.experiments[col];
                    let e_word = &self.experiment_words[col];
                    let mut w1 = self.access[x].clone();
                    w1.extend([a, b]);
                    let mut w2 = self.access[x].clone();
                    w2.extend([b, a]);
                    let truth = oracle.is_p(&self.heaps_of(&w1, e))?;
                    // The hypothesis answers row[y][col] on w·e.
                    let mut w = if self.rows[y1][col] != truth { w1 } else { w2 };
                    w.extend_from_slice(e_word);
                    return Ok(Some(w));
                }
            }
        }
        Ok(None)
    }

    /// The exact check of a commutative hypothesis (module docs): `None`
    /// when it predicts every sum, else a mispredicted sum as a word.
    fn check<G: Game<Position = u64>>(
        &self,
        oracle: &mut Oracle<'_, '_, G>,
        hyp: &Automaton,
        limits: Limits,
    ) -> Result<Option<Vec<usize>>> {
        let order = hyp.delta.len();
        // Products: x·y = reading y's access word from x.
        let mul = |x: usize, y: usize| -> usize {
            self.access[y]
                .iter()
                .fold(x, |s, &l| hyp.delta[s][l] as usize)
        };
        let images: Vec<Vec<usize>> = self
            .letter_options
            .iter()
            .map(|opts| {
                let mut v: Vec<usize> = opts.iter().map(|o| Self::run(hyp, o)).collect();
                v.sort_unstable();
                v.dedup();
                v
            })
            .collect();
        let mut table = vec![0u32; order * order];
        for x in 0..order {
            for y in 0..order {
                table[x * order + y] = mul(x, y) as u32;
            }
        }
        let p_set = BitSet::from_fn(order, |x| hyp.p[x]);
        let mut seen: FxHashMap<(u32, BitSet), usize> = FxHashMap::default();
        // Per pair: (element, options, parent pair, letter read).
        let mut pairs: Vec<(u32, BitSet, usize, usize)> = Vec::new();
        let start = (0u32, BitSet::new(order));
        seen.insert(start.clone(), 0);
        pairs.push((start.0, start.1, usize::MAX, usize::MAX));
        let mut i = 0;
        while i < pairs.len() {
            let (x, opts) = (pairs[i].0 as usize, pairs[i].1.clone());
            let any = !opts.is_empty();
            let predicted_p = any && !opts.intersects(&p_set);
            if predicted_p != hyp.p[x] {
                let mut word = Vec::new();
                let mut j = i;
                while pairs[j].2 != usize::MAX {
                    word.push(pairs[j].3);
                    j = pairs[j].2;
                }
                word.reverse();
                return self.mispredicted(oracle, hyp, word).map(Some);
            }
            for (l, image) in images.iter().enumerate() {
                let q = hyp.delta[0][l] as usize;
                let y = table[x * order + q];
                let mut next = BitSet::new(order);
                for o in opts.iter() {
                    next.insert(table[o * order + q] as usize);
                }
                for &o in image {
                    next.insert(table[x * order + o] as usize);
                }
                let key = (y, next);
                if !seen.contains_key(&key) {
                    if pairs.len().is_multiple_of(4096) {
                        oracle.tell()?;
                    }
                    if pairs.len() >= limits.max_pairs {
                        return Err(Error::unsupported(format!(
                            "the proof of the misère quotient would visit more than {} \
                             (element, options) pairs, its limit",
                            limits.max_pairs
                        )));
                    }
                    seen.insert(key.clone(), pairs.len());
                    pairs.push((key.0, key.1, i, l));
                }
            }
            i += 1;
        }
        Ok(None)
    }

    /// Given a sum on which the local condition fails, the sum itself or
    /// one of its options, whichever the hypothesis mispredicts.
    fn mispredicted<G: Game<Position = u64>>(
        &self,
        oracle: &mut Oracle<'_, '_, G>,
        hyp: &Automaton,
        word: Vec<usize>,
    ) -> Result<Vec<usize>> {
        let wrong = |oracle: &mut Oracle<'_, '_, G>, w: &[usize]| -> Result<bool> {
            Ok(oracle.is_p(&self.heaps_of(w, &[]))? != hyp.p[Self::run(hyp, w)])
        };
        if wrong(oracle, &word)? {
            return Ok(word);
        }
        for i in 0..word.len() {
            for opt in &self.letter_options[word[i]] {
                let mut w: Vec<usize> = word[..i].to_vec();
                w.extend_from_slice(&word[i + 1..]);
                w.extend_from_slice(opt);
                if wrong(oracle, &w)? {
                    return Ok(w);
                }
            }
        }
        Err(Error::unsupported(
            "the misère quotient check found a failing sum but no mispredicted position \
             (the game may not be finite)",
        ))
    }
}

fn too_large(limit: usize) -> Error {
    Error::unsupported(format!(
        "the misère quotient has more than {limit} elements, its limit \
         (it may be infinite; ask for fewer heaps)"
    ))
}

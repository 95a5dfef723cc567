//! The plain method on two threads: heaps `n` and `n + 1` at once.

use super::*;

impl Core {
    /// Heaps `n` and `n + 1` (`n = t.len()`) at once, on two threads: with a
    /// gap of 2, heap `n + 1` reads nothing above `G(n − 1)`. Returns a value
    /// that does not fit `T`, if one comes up.
    pub(super) fn two_heaps<S: Store>(&mut self, t: &mut S) -> Option<u64> {
        let n = t.len();
        let mut helper = self.take_helper();
        let before = helper.stats;
        let table = &t.view();
        let (a, b) = rayon::join(|| self.step_at(table, n), || helper.step_at(table, n + 1));
        self.give_back(helper, before);
        self.push_value(t, a).or_else(|| self.push_value(t, b))
    }
}

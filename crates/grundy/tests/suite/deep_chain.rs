//! Regression guard: the generic solver must not recurse. A chain of
//! 10,000,000 positions (each with one option, the next one down) would
//! overflow any call stack if the solver recursed once per position.

use grundy::{solve::MemoSolver, Game, Nimber};

struct Chain;

impl Game for Chain {
    type Position = u64;
    fn options(&self, p: &u64, f: &mut dyn FnMut(&[u64])) {
        if *p > 0 {
            f(&[*p - 1]);
        }
    }
}

#[test]
fn a_chain_of_ten_million_positions_solves_without_stack_overflow() {
    let mut solver = MemoSolver::new(Chain);
    // G alternates 0, *, 0, ... along the chain.
    assert_eq!(solver.nim_value(&10_000_000).unwrap(), Nimber::ZERO);
    assert_eq!(solver.nim_value(&9_999_999).unwrap(), Nimber::STAR);
}

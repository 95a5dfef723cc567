//! A presentation of a finite commutative monoid given by its table:
//! generators, a normal form for every element, and the relations that
//! reduce every other word to its normal form; and the test for a tame
//! quotient (misère Nim's).

/// A commutative monoid with `order` elements, identity `0`.
pub(super) struct Table {
    pub(super) order: usize,
    /// `mul[x * order + y]`.
    pub(super) mul: Vec<u32>,
}

impl Table {
    pub(super) fn mul(&self, x: usize, y: usize) -> usize {
        self.mul[x * self.order + y] as usize
    }
}

/// Generators chosen greedily among the heaps' elements: an element is a
/// generator when it is not a product of the generators before it.
/// `candidates` are (heap, element) in increasing heap order; the result
/// keeps those that are generators.
pub(super) fn generators(table: &Table, candidates: &[(u64, usize)]) -> Vec<(u64, usize)> {
    let mut gens: Vec<(u64, usize)> = Vec::new();
    let mut reached = vec![false; table.order];
    reached[0] = true;
    for &(heap, x) in candidates {
        if reached[x] {
            continue;
        }
        gens.push((heap, x));
        // Close the reached set under the generators.
        let mut stack: Vec<usize> = (0..table.order).filter(|&y| reached[y]).collect();
        while let Some(y) = stack.pop() {
            for &(_, g) in &gens {
                let z = table.mul(y, g);
                if !reached[z] {
                    reached[z] = true;
                    stack.push(z);
                }
            }
        }
    }
    gens
}

/// Normal forms and relations over the generators `gens` (elements).
///
/// The normal form of an element is its least exponent vector in the
/// monomial order "fewer factors first, then more of the earlier
/// generators". A vector that is not a normal form stays so when
/// multiplied, so the non-normal vectors are an upward-closed set whose
/// minimal members (finitely many) give the relations `v = nf(v)`, which
/// rewrite every word to its normal form.
pub(super) struct Presentation {
    /// Per element: its normal form (exponent per generator).
    pub(super) normal: Vec<Vec<u32>>,
    /// `(v, element)`: the vector `v` is a minimal non-normal word of the
    /// element.
    pub(super) relations: Vec<(Vec<u32>, usize)>,
}

/// `u` precedes `v` (both of one degree) when it has more of the earlier
/// generators.
fn lex_larger(u: &[u32], v: &[u32]) -> bool {
    u > v
}

pub(super) fn present(table: &Table, gens: &[usize]) -> Presentation {
    let k = gens.len();
    let mut normal: Vec<Option<Vec<u32>>> = vec![None; table.order];
    normal[0] = Some(vec![0; k]);
    let mut level: Vec<(Vec<u32>, usize)> = vec![(vec![0; k], 0)];
    let mut all_normal: std::collections::HashSet<Vec<u32>> = std::collections::HashSet::new();
    all_normal.insert(vec![0; k]);
    let mut candidates_all: Vec<(Vec<u32>, usize)> = Vec::new();
    while !level.is_empty() {
        // Candidates of the next degree, best first per element.
        let mut best: Vec<Option<Vec<u32>>> = vec![None; table.order];
        let mut cands: Vec<(Vec<u32>, usize)> = Vec::new();
        for (u, x) in &level {
            for (i, &g) in gens.iter().enumerate() {
                let mut v = u.clone();
                v[i] += 1;
                let y = table.mul(*x, g);
                cands.push((v.clone(), y));
                if normal[y].is_none() {
                    let better = match &best[y] {
                        None => true,
                        Some(b) => lex_larger(&v, b),
                    };
                    if better {
                        best[y] = Some(v);
                    }
                }
            }
        }
        let mut next = Vec::new();
        for (y, b) in best.into_iter().enumerate() {
            if let Some(v) = b {
                normal[y] = Some(v.clone());
                all_normal.insert(v.clone());
                next.push((v, y));
            }
        }
        candidates_all.extend(cands);
        level = next;
    }
    let mut relations: Vec<(Vec<u32>, usize)> = Vec::new();
    for (v, y) in candidates_all {
        if all_normal.contains(&v) || relations.iter().any(|(r, _)| *r == v) {
            continue;
        }
        let minimal = (0..k).all(|i| {
            if v[i] == 0 {
                return true;
            }
            let mut w = v.clone();
            w[i] -= 1;
            all_normal.contains(&w)
        });
        if minimal {
            relations.push((v, y));
        }
    }
    relations.sort_by_key(|r| order_key(&r.0));
    Presentation {
        normal: normal
            .into_iter()
            .map(|v| v.expect("every element is a product of the generators"))
            .collect(),
        relations,
    }
}

/// Sort key of the monomial order: degree, then more of earlier generators.
pub(super) fn order_key(v: &[u32]) -> (u32, Vec<std::cmp::Reverse<u32>>) {
    (
        v.iter().sum(),
        v.iter().map(|&e| std::cmp::Reverse(e)).collect(),
    )
}

/// Whether `(table, p)` is isomorphic to the quotient of misère Nim on the
/// heaps `0..2^k` for some `k` (a *tame* quotient): order 1 (`k = 0`, no
/// move), order 2 (`{1, a}`, `a² = 1`, P = `{a}`), or order `2^k + 2`: the
/// identity, an element `a ≠ 1` with `a² = 1` in P (one heap of size 1),
/// and an ideal `B` of `2^k` elements that is a group of exponent 2 with
/// identity `z`, in which `a·z ≠ z` and P ∩ B = `{z}` (the sums with a
/// heap of 2 or more: their class is their nim-sum, P iff it is 0).
pub(super) fn is_tame(table: &Table, p: &[bool]) -> bool {
    let n = table.order;
    if n == 1 {
        return !p[0];
    }
    let squares_to_one: Vec<usize> = (1..n).filter(|&x| table.mul(x, x) == 0).collect();
    let [a] = squares_to_one[..] else {
        return false;
    };
    if p[0] || !p[a] {
        return false;
    }
    if n == 2 {
        return true;
    }
    let b: Vec<usize> = (1..n).filter(|&x| x != a).collect();
    if !(n - 2).is_power_of_two() {
        return false;
    }
    let in_b = |x: usize| x != 0 && x != a;
    // B is an ideal.
    if !(0..n).all(|x| b.iter().all(|&y| in_b(table.mul(x, y)))) {
        return false;
    }
    // Its identity z: the unique element of B in P, with z·y = y on B.
    let zs: Vec<usize> = b.iter().copied().filter(|&x| p[x]).collect();
    let [z] = zs[..] else {
        return false;
    };
    if !b
        .iter()
        .all(|&y| table.mul(z, y) == y && table.mul(y, y) == z)
    {
        return false;
    }
    table.mul(a, z) != z
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z₂ × Z₂ with identity 0: x·y = x XOR y.
    fn klein() -> Table {
        let mut mul = Vec::new();
        for x in 0..4u32 {
            for y in 0..4u32 {
                mul.push(x ^ y);
            }
        }
        Table { order: 4, mul }
    }

    #[test]
    fn klein_group_presentation() {
        let t = klein();
        let gens = generators(&t, &[(1, 1), (2, 3), (3, 2)]);
        assert_eq!(gens, vec![(1, 1), (2, 3)]);
        let pres = present(&t, &[1, 3]);
        assert_eq!(pres.normal[0], vec![0, 0]);
        assert_eq!(pres.normal[1], vec![1, 0]);
        assert_eq!(pres.normal[3], vec![0, 1]);
        assert_eq!(pres.normal[2], vec![1, 1]);
        let rels: Vec<&Vec<u32>> = pres.relations.iter().map(|(v, _)| v).collect();
        assert_eq!(rels, vec![&vec![2, 0], &vec![0, 2]]);
        // a group with no identity-like a² = 1 pair structure of misère Nim
        assert!(!is_tame(&t, &[false, true, false, false]));
    }
}

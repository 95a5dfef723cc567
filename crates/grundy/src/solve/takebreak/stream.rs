//! The low-memory mode: a values file written as the values come, for
//! games whose moves leave at most one heap.

use super::*;

/// The low-memory mode: streams `G(0..=n)` of a game whose moves leave at
/// most one heap (finitely many: removals up to `k`) straight into a values
/// file at `path` (a path, or a file held with a
/// [`WriteLock`](crate::solve::values_file::WriteLock)), keeping only the last `k` values in memory. Returns the
/// checksum. `progress` is called with the number of values written, about
/// every million.
///
/// Games that split heaps are refused: a split `a + (m − a)` reads values
/// from anywhere below `m` (rare/common reads `G(m − r)` for every rare
/// heap `r`), so the whole table has to stay in memory — and it is kept in
/// the narrowest width instead.
///
/// ```
/// use grundy::{games::TakeBreak, solve::{read_values, takebreak::stream_values}};
/// let path = std::env::temp_dir().join(format!("grundy-doc-{}.bin", std::process::id()));
/// let game = TakeBreak::octal("0.33").unwrap(); // take 1 or 2: G(n) = n mod 3
/// stream_values(&game, 1000, &path, &mut |_| {}).unwrap();
/// let back = read_values(&path).unwrap();
/// assert_eq!(back.table.get(1000).unwrap().value(), 1000 % 3);
/// assert!(stream_values(&TakeBreak::named("kayles").unwrap(), 10, &path, &mut |_| {}).is_err());
/// # std::fs::remove_file(&path).ok();
/// ```
pub fn stream_values<'a>(
    game: &TakeBreak,
    n: u64,
    path: impl Into<crate::solve::values_file::Target<'a>>,
    progress: &mut dyn FnMut(u64),
) -> Result<u64> {
    let moves = Moves::of(game);
    if !moves.pairs.is_empty() || !moves.triples.is_empty() || moves.tail.is_some() {
        return Err(crate::Error::unsupported(format!(
            "`{}` {}: the low-memory mode keeps only the last values, which works for finite codes whose moves leave at most one heap",
            game.spec(),
            if moves.tail.is_some() {
                "has infinitely many moves"
            } else {
                "splits heaps, so every earlier value is read and the whole table is kept"
            }
        )));
    }
    let reach = moves.single.iter().copied().max().unwrap_or(0) + 1;
    let size = reach.next_power_of_two();
    let mut ring = vec![0u64; size];
    // Values are at most the number of options.
    let options = moves.single.len() + moves.terminal.len();
    let width = if options < 255 { 1 } else { 8 };
    let mut seen = vec![false; options + 2];
    let mut values = (0..=n).map(|h| {
        let h = h as usize;
        seen.iter_mut().for_each(|s| *s = false);
        if moves.terminal.contains(&h) {
            seen[0] = true;
        }
        for &k in &moves.single {
            if h > k {
                seen[ring[(h - k) & (size - 1)] as usize] = true;
            }
        }
        let v = seen.iter().position(|&s| !s).unwrap_or(options + 1) as u64;
        ring[h & (size - 1)] = v;
        if h.is_multiple_of(1 << 20) {
            progress(h as u64);
        }
        v
    });
    let count = n
        .checked_add(1)
        .ok_or_else(|| crate::Error::unsupported("too many values"))?;
    crate::solve::values_file::write_values_streamed(path, &game.spec(), count, width, &mut values)
}

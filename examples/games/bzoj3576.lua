-- BZOJ 3576 / Luogu P3235 "江南乐" (HNOI 2014): heaps of stones; a move
-- takes a heap of at least f stones and splits it into M >= 2 heaps as
-- equal as possible (sizes differ by at most 1). Heaps below f cannot be
-- split. Who cannot move loses.
--
--   grundy values 'script:examples/games/bzoj3576.lua?f=3' --to 40
--   grundy analyze 'script:examples/games/bzoj3576.lua?f=3' 5
--
-- The one move `{split = x, min_parts = 2, max_parts = x}` stands for the
-- splits of x into every M from 2 to x, and grundy evaluates them itself:
-- splitting x into M parts makes r = x mod M heaps of q + 1 and M - r
-- heaps of q (q = x // M), and since G xor G = 0 a part counts only when
-- its count is odd. So a split's value depends only on q and the
-- parities of r and M - r, and the M with one q form a block in which
-- two consecutive M give every parity pair (r = x - q*M and
-- M - r = (q + 1)*M - x change parity with M alone): O(sqrt x) options
-- of a heap x instead of x - 1, and a heap reaches only the O(sqrt x)
-- heaps x // M and x // M + 1. A winning move names its M, or the M of
-- one parity of a block, `M=5,7,...,11`, which all win. The judge's
-- heaps (below 10^5, 99 lines of 99) are answered at full size:
--
--   grundy analyze 'script:examples/games/bzoj3576.lua?f=2' - --no-moves
--
-- The example `cargo run --release --example bzoj3576` does the same in
-- Rust.
function moves(x)
    if x < f then
        return {}
    end
    return {{split = x, min_parts = 2, max_parts = x}}
end

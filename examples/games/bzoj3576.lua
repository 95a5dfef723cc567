-- BZOJ 3576 / Luogu P3235 "江南乐" (HNOI 2014): heaps of stones; a move
-- takes a heap of at least f stones and splits it into M >= 2 heaps as
-- equal as possible (sizes differ by at most 1). Heaps below f cannot be
-- split. Who cannot move loses.
--
--   grundy values 'script:examples/games/bzoj3576.lua?f=3' --to 40
--   grundy analyze 'script:examples/games/bzoj3576.lua?f=3' 5
--
-- Splitting x into M parts makes r = x mod M heaps of q + 1 and M - r
-- heaps of q (q = x // M): given as parts with their counts, not listed
-- one by one (grundy keeps a part once if its count is odd, and drops
-- it if it is even, since G xor G = 0). So a split's value depends only
-- on q and the parities of r and M - r, and the M with one q form a
-- block in which two consecutive M give every parity pair (for even q,
-- r keeps its parity and M - r alternates; for odd q, the other way
-- round): the script lists those two M of each block, O(sqrt x) moves
-- of a heap x instead of x - 1, and a heap reaches only the O(sqrt x)
-- heaps x // M and x // M + 1 (the winning moves `analyze` lists are
-- then those of the two M of each block, not every M). The judge's heaps (below 10^5) are
-- answered at full size; the example `cargo run --release --example
-- bzoj3576` does the same in Rust.
function moves(x)
    local out = {}
    if x < f then
        return out
    end
    local m = 2
    while m <= x do
        local q = x // m
        local last = x // q -- the largest M with the same q
        for k = m, math.min(m + 1, last) do
            local r = x % k
            out[#out + 1] = {parts = {{q + 1, r}, {q, k - r}}}
        end
        m = last + 1
    end
    return out
end

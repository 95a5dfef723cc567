-- Moore's Nim_k (E. H. Moore, 1910): several heaps, given as a tuple; a
-- move takes any positive number of tokens from each of at least one and
-- at most k heaps. k = 1 is Nim. The same game as the built-in `moore:K`.
--
-- Parameters (give them after `?` or with `--param`):
--   k   the most heaps one move takes from, at least 1
--
--   grundy analyze script:examples/games/moore-nimk.lua?k=2 1,2,3
--   grundy play script:examples/games/moore-nimk.lua?k=2 3,5,6
--
-- Its positions are tuples, so `values` prints their table (one line per
-- first heaps, the last heap along it) and `pattern` finds Moore's rule:
-- a position is a P-position iff in every bit column the number of heaps
-- with that bit set is a multiple of k + 1.

-- Every option of `heaps` that lowers the heaps of one nonempty set of at
-- most k of them, each to any smaller size: heap i goes through its sizes
-- with an odometer over the chosen set.
function moves(heaps)
    local n = #heaps
    local out = {}
    for set = 1, (1 << n) - 1 do
        local chosen = {}
        for i = 1, n do
            if (set >> (i - 1)) & 1 == 1 then chosen[#chosen + 1] = i end
        end
        local possible = #chosen <= k
        for _, i in ipairs(chosen) do
            if heaps[i] == 0 then possible = false end
        end
        if possible then
            -- next[i] runs over 0 .. heaps[i] - 1 for each chosen heap.
            local next = {}
            for i = 1, n do next[i] = heaps[i] end
            for _, i in ipairs(chosen) do next[i] = 0 end
            while true do
                local option = {}
                for i = 1, n do option[i] = next[i] end
                out[#out + 1] = option
                local j = #chosen
                while j >= 1 and next[chosen[j]] == heaps[chosen[j]] - 1 do
                    next[chosen[j]] = 0
                    j = j - 1
                end
                if j == 0 then break end
                next[chosen[j]] = next[chosen[j]] + 1
            end
        end
    end
    return out
end

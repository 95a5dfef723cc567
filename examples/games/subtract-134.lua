-- The seed's subtraction game: take 1, 3 or 4 tokens from a heap (the
-- Lua twin of subtract-134.rhai).
--
--   grundy values script:examples/games/subtract-134.lua --to 20
--   grundy play script:examples/games/subtract-134.lua 9 5
--
-- `moves(n)` returns the options of heap n: here, the smaller heaps.
function moves(n)
    local options = {}
    for _, take in ipairs({1, 3, 4}) do
        if take <= n then
            options[#options + 1] = n - take
        end
    end
    return options
end

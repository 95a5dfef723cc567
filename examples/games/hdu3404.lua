-- HDU 3404 "Switch lights" (a coin-turning game on a grid, Tartan): lights
-- at cells (x, y); a move picks a lit cell (x, y) and a < x, b < y, and
-- switches the four corners (a, b), (a, y), (x, b), (x, y) of that
-- rectangle. One light at (x, y) is a position {x, y}; a move leaves the
-- other three corners, a sum of three lights (a light switched twice is
-- off, and in a sum two equal games cancel, so the sum is right).
--
--   grundy values script:examples/games/hdu3404.lua --to 8
--   grundy pattern script:examples/games/hdu3404.lua --to 15
--
-- `pattern` finds G(x, y) = x ⊗ y, the nim product (Tartan's theorem:
-- the game is the product of two one-row games whose values are x and y).
-- At the judge's size (coordinates up to 2^32, 10^5 lights) use the nim
-- product itself: one `x y` a line, `grundy nim mul -`, XOR the answers.

function moves(p)
    local x, y = p[1], p[2]
    local out = {}
    for a = 0, x - 1 do
        for b = 0, y - 1 do
            out[#out + 1] = sum({a, y}, {x, b}, {a, b})
        end
    end
    return out
end

-- AtCoder ARC 143 C "Piles of Pebbles": a turn-aware game. Left
-- (Takahashi, moving first at the judge) removes x pebbles from each pile
-- of any nonempty set of piles that hold at least x; Right (Aoki) the same
-- with y. Who cannot move loses. A position is one pile (a number) or a
-- tuple of piles.
--
--   grundy analyze 'script:examples/games/arc143c.lua?x=1,y=2' 3,3
--   grundy values 'script:examples/games/arc143c.lua?x=2,y=3' --to 12
--   grundy pattern 'script:examples/games/arc143c.lua?x=2,y=3' --to 200
--
-- Searching tables of small cases suggests the rule; the full constraints
-- (2*10^5 piles up to 10^9) need the theorem in grundy::games::pebbles
-- (piles modulo x + y), which the built-in game `pebbles:X,Y` answers by
-- (`grundy analyze pebbles:1,2 3,3`, one position a line with `-`).

-- The options of `piles` for a player taking `k` from each pile of a set.
local function take(piles, k)
    local able = {}
    for i, a in ipairs(piles) do
        if a >= k then able[#able + 1] = i end
    end
    local out = {}
    for set = 1, (1 << #able) - 1 do
        local next, names = {}, {}
        for i, a in ipairs(piles) do next[i] = a end
        for bit, i in ipairs(able) do
            if (set >> (bit - 1)) & 1 == 1 then
                next[i] = next[i] - k
                names[#names + 1] = tostring(i)
            end
        end
        out[#out + 1] = {to = next, name = "piles " .. table.concat(names, ",")}
    end
    return out
end

-- One pile (a number) or a tuple of piles.
local function options(p, k)
    if type(p) == "number" then
        if p >= k then return {p - k} end
        return {}
    end
    return take(p, k)
end

function left_moves(p)
    return options(p, x)
end

function right_moves(p)
    return options(p, y)
end

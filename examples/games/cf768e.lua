-- Codeforces 768E "Game of Stones": from a pile take any k >= 1 stones,
-- but the same k may be taken from one pile at most once in the game.
-- A position is a pile and the amounts already taken from it, a bit mask
-- (bit k set: k was taken): `{s, used}`. The problem starts a pile of n
-- stones with nothing taken, `start(n)` = {n, 0}, so `values`, `period`,
-- `pattern` and `analyze N` read the family G(start(n)).
--
--   grundy values script:examples/games/cf768e.lua --to 60
--   grundy pattern script:examples/games/cf768e.lua --to 60
--   grundy analyze script:examples/games/cf768e.lua 5
--
-- The values: G(start(s)) = the largest k with k(k+1)/2 <= s.
-- Amounts larger than the pile can never be taken again, so each move
-- forgets them: the memo then holds far fewer positions.

-- Piles up to 62: an amount is one bit of a 64-bit integer.
local MAX = 62

function start(n)
    if n > MAX then
        error("piles are at most " .. MAX .. " stones (one bit per amount), not " .. n)
    end
    return {n, 0}
end

function moves(p)
    local s, used = p[1], p[2]
    local out = {}
    for k = 1, s do
        if used & (1 << k) == 0 then
            -- Amounts larger than the pile left can never be taken again:
            -- forget them, so that equal games are one position.
            local left = s - k
            out[#out + 1] = {left, (used | (1 << k)) & ((1 << (left + 1)) - 2)}
        end
    end
    return out
end

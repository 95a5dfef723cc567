-- HDU 5724 "Chess": a row of 20 cells with pieces; a move takes one piece
-- to the right, to the first empty cell (jumping over the pieces next to
-- it). Who cannot move loses. A row is a bit mask: cell c (1 to 20) is
-- bit 20 - c, so a move always makes the number smaller (a heap game).
-- The Lua twin of hdu5724-row.rhai.
--
--   grundy values script:examples/games/hdu5724-row.lua --to 1048575
--   grundy analyze script:examples/games/hdu5724-row.lua 2 4
--
-- The judge's first sample: one row with pieces on 19 and 20 is mask 3
-- (value 0: NO); the second, rows `1 19` and `1 18`, masks 2 and 4 (YES).
--
-- In Lua the loops are faster written in the script than through the
-- native helpers `bits` and `highest_zero_below` (a call into the host
-- costs more than a few instructions).
function moves(m)
    local out = {}
    for b = 1, 19 do
        if (m >> b) & 1 == 1 then
            local j = b - 1
            while j >= 0 and (m >> j) & 1 == 1 do
                j = j - 1
            end
            if j >= 0 then
                out[#out + 1] = m - (1 << b) + (1 << j)
            end
        end
    end
    return out
end

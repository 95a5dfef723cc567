-- Cram: players in turn place a domino on two empty neighbouring cells
-- (side by side or one above the other); who cannot place one loses. A
-- position is the board, an array of rows: `.` an empty cell, `#` a
-- filled one. The Lua twin of cram.rhai.
--
--   grundy analyze script:examples/games/cram.lua '["...","..."]'
--   grundy analyze script:examples/games/cram.lua '["....","....","...."]'
--
-- The board falls apart into regions of empty cells that do not touch
-- (`components`), and a region turned or mirrored is the same game
-- (`canonical`): the solver stores each shape of region once.

-- Row `row` with cells c (and d) filled.
local function fill(row, c, d)
    row = row:sub(1, c - 1) .. "#" .. row:sub(c + 1)
    if d then
        row = row:sub(1, d - 1) .. "#" .. row:sub(d + 1)
    end
    return row
end

-- A copy of board b.
local function copy(b)
    local q = {}
    for i = 1, #b do q[i] = b[i] end
    return q
end

-- Every way to place a domino, named by its cells (row, column from 0).
function moves(b)
    local out = {}
    local h = #b
    for r = 1, h do
        local row = b[r]
        local w = #row
        for c = 1, w do
            if row:sub(c, c) == "." then
                if c < w and row:sub(c + 1, c + 1) == "." then
                    local q = copy(b)
                    q[r] = fill(row, c, c + 1)
                    local name = (r - 1) .. "," .. (c - 1) .. "+" .. (r - 1) .. "," .. c
                    out[#out + 1] = {to = q, name = name}
                end
                if r < h and c <= #b[r + 1] and b[r + 1]:sub(c, c) == "." then
                    local q = copy(b)
                    q[r] = fill(row, c)
                    q[r + 1] = fill(b[r + 1], c)
                    local name = (r - 1) .. "," .. (c - 1) .. "+" .. r .. "," .. (c - 1)
                    out[#out + 1] = {to = q, name = name}
                end
            end
        end
    end
    return out
end

-- The board of a set of cells: its bounding box, the cells empty.
local function crop(cells)
    local top, bottom = cells[1][1], cells[1][1]
    local left, right = cells[1][2], cells[1][2]
    for _, cell in ipairs(cells) do
        top, bottom = math.min(top, cell[1]), math.max(bottom, cell[1])
        left, right = math.min(left, cell[2]), math.max(right, cell[2])
    end
    local grid = {}
    for r = top, bottom do
        local row = {}
        for c = left, right do row[#row + 1] = "#" end
        grid[#grid + 1] = row
    end
    for _, cell in ipairs(cells) do
        grid[cell[1] - top + 1][cell[2] - left + 1] = "."
    end
    for i, row in ipairs(grid) do grid[i] = table.concat(row) end
    return grid
end

-- The regions of empty cells connected side by side, each cropped to its
-- own board; single cells (no domino fits) are left out.
function components(b)
    local h = #b
    local seen = {}
    for r = 1, h do
        seen[r] = {}
        for c = 1, #b[r] do seen[r][c] = b[r]:sub(c, c) end
    end
    local regions = {}
    for r = 1, h do
        for c = 1, #seen[r] do
            if seen[r][c] == "." then
                -- Flood fill from (r, c), marking cells `o`.
                local cells, stack = {}, {{r, c}}
                seen[r][c] = "o"
                while #stack > 0 do
                    local cell = table.remove(stack)
                    cells[#cells + 1] = cell
                    for _, d in ipairs({{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) do
                        local y, x = cell[1] + d[1], cell[2] + d[2]
                        if y >= 1 and y <= h and x >= 1 and x <= #seen[y] and seen[y][x] == "." then
                            seen[y][x] = "o"
                            stack[#stack + 1] = {y, x}
                        end
                    end
                end
                if #cells >= 2 then regions[#regions + 1] = crop(cells) end
            end
        end
    end
    return regions
end

-- A quarter turn: row i of the result is column i read from the bottom.
local function rotated(b)
    local h, out = #b, {}
    if h == 0 then return out end
    for c = 1, #b[1] do
        local row = {}
        for r = h, 1, -1 do row[#row + 1] = b[r]:sub(c, c) end
        out[#out + 1] = table.concat(row)
    end
    return out
end

local function mirrored(b)
    local out = {}
    for i, row in ipairs(b) do out[i] = row:reverse() end
    return out
end

local function less(a, b)
    if #a ~= #b then return #a < #b end
    for i = 1, #a do
        if #a[i] ~= #b[i] then return #a[i] < #b[i] end
        if a[i] ~= b[i] then return a[i] < b[i] end
    end
    return false
end

-- The least of the eight turns and mirror images of a rectangular board.
function canonical(b)
    local best, g = b, b
    for _ = 1, 4 do
        if less(g, best) then best = g end
        local m = mirrored(g)
        if less(m, best) then best = m end
        g = rotated(g)
    end
    return best
end

-- Luogu P2953 "[USACO09OPEN] Cow Digit Game": from N, subtract the
-- largest digit of the number or its smallest non-zero digit. Who cannot
-- move (at 0) loses. The judge's N reach 10^6, G <= 100 games:
--
--   grundy analyze script:examples/games/cow-digit.lua - --no-moves
--
-- with one N a line on standard input; the first player (Bessie) wins
-- iff the answer's outcome is N. At the judge's full size this script
-- makes a million Lua calls (about 2.5 s, over the judge's 1 s); the
-- built-in family of digit games answers the same in a few milliseconds:
--
--   grundy analyze digits:max,min - --no-moves
--
-- The example `cargo run --release --example luogu_P2953` reads the
-- judge's format.
function moves(n)
    local largest, smallest, rest = 0, 10, n
    while rest > 0 do
        local d = rest % 10
        if d > largest then largest = d end
        if d > 0 and d < smallest then smallest = d end
        rest = rest // 10
    end
    if n == 0 then
        return {}
    end
    if smallest == largest then
        return {n - largest}
    end
    return {n - largest, n - smallest}
end

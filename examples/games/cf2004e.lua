-- Codeforces 2004E "Not a Nim Problem": from a pile of x stones take y
-- stones, where gcd(x, y) = 1. Who cannot move loses. Piles are up to
-- 10^7 at the judge: the table is printed small and the rule found.
--
--   grundy pattern script:examples/games/cf2004e.lua
--   grundy values script:examples/games/cf2004e.lua --to 30
--
-- `pattern` finds G(n) = π(spf(n)) for odd n >= 3 (the index of the
-- smallest prime factor among the primes) and G(n) = G(spf(n)) for
-- composite n; with G(even) = 0 and G(1) = 1 that is the whole rule.
local function gcd(a, b)
    while b ~= 0 do
        a, b = b, a % b
    end
    return a
end

function moves(x)
    local out = {}
    for y = 1, x do
        if gcd(x, y) == 1 then
            out[#out + 1] = x - y
        end
    end
    return out
end

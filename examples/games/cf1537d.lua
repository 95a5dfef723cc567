-- Codeforces 1537D "Deleting Divisors": from n subtract a divisor d of n
-- with 1 < d < n. Who cannot move loses (n = 1 and the primes end the
-- game). Heaps start at 1; heap 0 is never reached.
--
--   grundy pattern script:examples/games/cf1537d.lua --to 5000
--
-- `pattern` finds the P-positions: n odd, or n = 2·4^k (the rule needs
-- six powers 2·4^k in the table to be stated, so a table past 2048).
function moves(n)
    local out = {}
    local d = 2
    while d * d <= n do
        if n % d == 0 then
            out[#out + 1] = n - d
            if d * d ~= n then
                out[#out + 1] = n - n // d
            end
        end
        d = d + 1
    end
    return out
end

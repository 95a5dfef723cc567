#!/usr/bin/env bash
# End-to-end timing of bulk nim-products (Library Checker `nim_product_64`
# format): 10^6 pseudo-random pairs (fixed seed), the release build of
# `crates/grundy/examples/nim_product.rs`, best wall time of several runs,
# and the md5 of the output so two runs (or two implementations) can be
# compared. The first 2000 products are also checked against an independent
# Python nim-product.
#
# Usage: benches/nim_product.sh [PAIRS] [RUNS]     (defaults: 1000000 5)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
pairs="${1:-1000000}"
runs="${2:-5}"
out="$root/benches/out"
mkdir -p "$out"
input="$out/nim_product_$pairs.in"
output="$out/nim_product_$pairs.out"

python3 - "$pairs" "$input" <<'PY'
import sys
n, path = int(sys.argv[1]), sys.argv[2]
x = 0x9E3779B97F4A7C15
M = (1 << 64) - 1
def nxt():
    # splitmix64: deterministic, no dependence on Python's random module
    global x
    x = (x + 0x9E3779B97F4A7C15) & M
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M
    return z ^ (z >> 31)
lines = [str(n)]
for i in range(n):
    a, b = nxt(), nxt()
    # a few small and structured values among the random ones
    if i % 16 == 0: a >>= 48
    if i % 64 == 1: b = 0
    lines.append(f"{a} {b}")
with open(path, "w") as f:
    f.write("\n".join(lines) + "\n")
PY

cargo build --quiet --release -p grundy --example nim_product --manifest-path "$root/Cargo.toml"
bin="$root/target/release/examples/nim_product"

"$bin" < "$input" > "$output"

# Independent check of the first products: Conway's rule on powers of two.
python3 - "$input" "$output" <<'PY'
import sys
from functools import lru_cache
@lru_cache(maxsize=None)
def p2(i, j):
    # 2^i (x) 2^j: 2^i is the product of the Fermat 2-powers 2^(2^k), k a bit of i
    c = i & j
    if c == 0:
        return 1 << (i | j)
    e = 1 << (c.bit_length() - 1)
    x = p2(i - e, j - e)
    return mul(1 << e, x) ^ mul(1 << (e - 1), x)  # F(x)F = F + F/2
def mul(a, b):
    r, i = 0, 0
    while a >> i:
        if a >> i & 1:
            j = 0
            while b >> j:
                if b >> j & 1:
                    r ^= p2(i, j)
                j += 1
        i += 1
    return r
with open(sys.argv[1]) as f:
    f.readline()
    pairs = [tuple(map(int, f.readline().split())) for _ in range(2000)]
with open(sys.argv[2]) as f:
    got = [int(f.readline()) for _ in range(len(pairs))]
bad = [(a, b, g) for (a, b), g in zip(pairs, got) if mul(a, b) != g]
if bad:
    sys.exit(f"MISMATCH on {len(bad)} of {len(pairs)} checked products, e.g. {bad[0]}")
print(f"checked {len(pairs)} products against the Python reference: ok")
PY

best=""
for _ in $(seq "$runs"); do
    t0=$(date +%s%N)
    "$bin" < "$input" > /dev/null
    t1=$(date +%s%N)
    ms=$(( (t1 - t0) / 1000000 ))
    if [ -z "$best" ] || [ "$ms" -lt "$best" ]; then best=$ms; fi
done

echo "pairs:    $pairs"
echo "best of $runs: ${best} ms (read + parse + multiply + format + write)"
echo "checksum: $(md5sum < "$output" | cut -d' ' -f1)  (md5 of the output)"

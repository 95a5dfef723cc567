// Baseline for the generic-solver benchmark: the seed's table method
// ("打表": fill sg[][] in order, mex by a cleared vis[] array) applied to
// Wythoff's game, written for grundy's benchmark.
// Usage: wythoff_sg N -> prints "<seconds> <checksum>" for G(a,b), 0 <= a,b <= N,
// in row-major order (a, then b): the order of `grundy values wythoff --to N`.
// A position (a,b) has a + b + min(a,b) options, so its mex is at most that;
// vis[] is sized 3N+2 and cleared by a generation stamp (a memset per
// position would cost more than the options themselves).
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    long n = argc > 1 ? atol(argv[1]) : 300;
    auto t0 = std::chrono::steady_clock::now();
    long w = n + 1;
    std::vector<int> sg(w * w);
    std::vector<int> vis(3 * n + 2, 0);
    int stamp = 0;
    for (long a = 0; a <= n; a++)
        for (long b = 0; b <= n; b++) {
            stamp++;
            for (long x = 0; x < a; x++) vis[sg[x * w + b]] = stamp;
            for (long y = 0; y < b; y++) vis[sg[a * w + y]] = stamp;
            for (long d = 1; d <= a && d <= b; d++) vis[sg[(a - d) * w + (b - d)]] = stamp;
            int m = 0;
            while (vis[m] == stamp) m++;
            sg[a * w + b] = m;
        }
    auto t1 = std::chrono::steady_clock::now();
    // FNV-1a over the values as little-endian u64: the same checksum grundy prints.
    uint64_t h = 1469598103934665603ULL;
    for (long i = 0; i < w * w; i++) {
        uint64_t v = (uint64_t)sg[i];
        for (int k = 0; k < 8; k++) {
            h ^= (v >> (8 * k)) & 0xff;
            h *= 1099511628211ULL;
        }
    }
    printf("%.6f %016llx\n", std::chrono::duration<double>(t1 - t0).count(), (unsigned long long)h);
    return 0;
}

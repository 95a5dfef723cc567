// Baseline for the foundation benchmark: the seed document's table method
// (`get_sg` from ../shared/seeds, "打表"), written for grundy's benchmark.
// Usage: get_sg N  -> prints "<seconds> <checksum>" for G(0..=N) of sub:1,3,4.
// The vis[] array is sized to |S|+1 (the mex of |S| values is at most |S|)
// and cleared for every i, as in the seed.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static int f[] = {0, 1, 3, 4};  // 1-based, as in the seed
static const int ps = 3;

int main(int argc, char** argv) {
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    // The timer covers the table's allocation, as the seed's get_sg covers
    // `mem(sg, 0)` over its global array (grundy's timing includes its own).
    auto t0 = std::chrono::steady_clock::now();
    std::vector<int> sg(n + 1);
    int vis[ps + 2];
    sg[0] = 0;
    for (long i = 1; i <= n; i++) {
        memset(vis, 0, sizeof vis);
        for (int j = 1; j <= ps && f[j] <= i; j++) vis[sg[i - f[j]]] = 1;
        for (int j = 0;; j++)
            if (!vis[j]) {
                sg[i] = j;
                break;
            }
    }
    auto t1 = std::chrono::steady_clock::now();
    // FNV-1a over the values as little-endian u64: the same checksum grundy prints.
    uint64_t h = 1469598103934665603ULL;
    for (long i = 0; i <= n; i++) {
        uint64_t v = (uint64_t)sg[i];
        for (int b = 0; b < 8; b++) {
            h ^= (v >> (8 * b)) & 0xff;
            h *= 1099511628211ULL;
        }
    }
    printf("%.6f %016llx\n", std::chrono::duration<double>(t1 - t0).count(), (unsigned long long)h);
    return 0;
}

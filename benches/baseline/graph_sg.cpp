// Baseline for the graph benchmark: the seed's SG function on a DAG
// (G(v) = mex of the successors' values), written for grundy's benchmark
// as a C++ programmer would for a big file: read the whole file, parse the
// numbers by hand, CSR by a counting sort, Kahn's order (the seed's
// recursive DFS would overflow the stack on a long path), mex with a
// stamped array, and print "v: G(v)" per vertex with a hand-rolled buffer.
// Vertex names must be the integers 0..n-1 (the benchmark's path is).
// Usage: graph_sg FILE > OUT ; prints "<seconds> <vertices> <edges>" on stderr.
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
    if (argc < 2) return 2;
    auto t0 = std::chrono::steady_clock::now();
    FILE* f = fopen(argv[1], "rb");
    if (!f) return 2;
    std::vector<char> text;
    {
        std::vector<char> block(1 << 20);
        size_t got;
        while ((got = fread(block.data(), 1, block.size(), f)) > 0)
            text.insert(text.end(), block.begin(), block.begin() + got);
        fclose(f);
    }
    std::vector<uint32_t> src, dst;
    uint32_t n = 0;
    size_t i = 0, len = text.size();
    while (i < len) {
        uint32_t nums[2];
        int k = 0;
        while (i < len && text[i] != '\n') {
            if (text[i] >= '0' && text[i] <= '9') {
                uint32_t x = 0;
                while (i < len && text[i] >= '0' && text[i] <= '9') x = x * 10 + (text[i++] - '0');
                if (k < 2) nums[k] = x;
                k++;
                if (x + 1 > n) n = x + 1;
            } else {
                i++;
            }
        }
        i++;
        if (k == 2) {
            src.push_back(nums[0]);
            dst.push_back(nums[1]);
        }
    }
    std::vector<char>().swap(text);
    size_t m = src.size();
    std::vector<uint32_t> off(n + 1, 0), to(m), indeg(n, 0);
    for (size_t e = 0; e < m; e++) off[src[e] + 1]++, indeg[dst[e]]++;
    for (uint32_t v = 0; v < n; v++) off[v + 1] += off[v];
    {
        std::vector<uint32_t> fill(off.begin(), off.end() - 1);
        for (size_t e = 0; e < m; e++) to[fill[src[e]]++] = dst[e];
    }
    std::vector<uint32_t>().swap(src);
    std::vector<uint32_t>().swap(dst);
    std::vector<uint32_t> order;
    order.reserve(n);
    for (uint32_t v = 0; v < n; v++)
        if (!indeg[v]) order.push_back(v);
    for (size_t h = 0; h < order.size(); h++)
        for (uint32_t e = off[order[h]]; e < off[order[h] + 1]; e++)
            if (--indeg[to[e]] == 0) order.push_back(to[e]);
    if (order.size() != n) {
        fprintf(stderr, "cycle\n");
        return 1;
    }
    std::vector<uint32_t> sg(n), vis(n + 1, 0);
    for (size_t h = n; h-- > 0;) {
        uint32_t v = order[h];
        uint32_t stamp = (uint32_t)h + 1;
        for (uint32_t e = off[v]; e < off[v + 1]; e++) vis[sg[to[e]]] = stamp;
        uint32_t x = 0;
        while (vis[x] == stamp) x++;
        sg[v] = x;
    }
    std::vector<char> out(1 << 16);
    size_t used = 0;
    for (uint32_t v = 0; v < n; v++) {
        if (used + 32 > out.size()) {
            fwrite(out.data(), 1, used, stdout);
            used = 0;
        }
        char tmp[24];
        int t = 0;
        uint32_t x = v;
        do tmp[t++] = '0' + x % 10, x /= 10; while (x);
        while (t) out[used++] = tmp[--t];
        out[used++] = ':';
        out[used++] = ' ';
        x = sg[v];
        do tmp[t++] = '0' + x % 10, x /= 10; while (x);
        while (t) out[used++] = tmp[--t];
        out[used++] = '\n';
    }
    fwrite(out.data(), 1, used, stdout);
    fflush(stdout);
    auto t1 = std::chrono::steady_clock::now();
    fprintf(stderr, "%.6f %u %zu\n", std::chrono::duration<double>(t1 - t0).count(), n, m);
    return 0;
}

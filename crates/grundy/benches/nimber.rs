//! Nimber-field arithmetic: the table-driven `grundy::nimber::field` against
//! a straightforward recursive implementation written here.
//!
//! Each benchmark runs over a fixed batch of pseudo-random 64-bit inputs
//! (xorshift, fixed seed), so criterion's time per iteration divided by the
//! batch size is the time per operation (criterion also prints it as
//! throughput). Before timing, each benchmark prints the XOR of its results
//! (a checksum) and asserts that the fast and the plain implementation agree.
//!
//! Run: `cargo bench -p grundy --bench nimber`

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use grundy::nimber::field;
use grundy::Nimber;

const BATCH: usize = 4096;
/// The plain implementation is ~100x slower: a smaller batch keeps it short.
const PLAIN_BATCH: usize = 256;

fn inputs(n: usize, seed: u64) -> Vec<u64> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

/// The nim-product by the recursive definition: with `F = 2^(bits/2)`,
/// `(a1F + a0)(b1F + b0) = F(a1b1 + a1b0 + a0b1) + a0b0 + a1b1⊗(F/2)`,
/// four half-size products and one product by `F/2`, no tables.
fn plain_mul(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a0, a1, b0, b1) = (a & mask, a >> half, b & mask, b >> half);
    let lo = plain_mul(a0, b0, half);
    let up = plain_mul(a1, b1, half);
    let cross = plain_mul(a1, b0, half) ^ plain_mul(a0, b1, half);
    ((up ^ cross) << half) | (lo ^ plain_mul(up, 1 << (half - 1), half))
}

/// `a⁻¹ = a^(2^64 - 2)` by square-and-multiply with [`plain_mul`].
fn plain_inv(a: u64) -> u64 {
    plain_pow(a, u64::MAX - 1)
}

/// `√a = a^(2^63)`: 63 plain squarings.
fn plain_sqrt(a: u64) -> u64 {
    (0..63).fold(a, |x, _| plain_mul(x, x, 64))
}

fn plain_pow(a: u64, mut e: u64) -> u64 {
    let (mut r, mut b) = (1, a);
    while e != 0 {
        if e & 1 == 1 {
            r = plain_mul(r, b, 64);
        }
        b = plain_mul(b, b, 64);
        e >>= 1;
    }
    r
}

fn checksum(name: &str, values: impl Iterator<Item = u64>) -> u64 {
    let c = values.fold(0u64, |acc, v| acc.rotate_left(1) ^ v);
    println!("checksum {name}: {c:016x}");
    c
}

fn bench(c: &mut Criterion) {
    let xs = inputs(BATCH, 0x9E37_79B9_7F4A_7C15);
    let ys = inputs(BATCH, 0xD1B5_4A32_D192_ED03);
    let pairs: Vec<(u64, u64)> = xs.iter().copied().zip(ys.iter().copied()).collect();
    let small = &pairs[..PLAIN_BATCH];
    let nonzero: Vec<u64> = xs.iter().map(|&x| x | 1).collect();

    // Correctness first: the fast and the plain routes agree on the batch.
    let fast = checksum("mul (table)", small.iter().map(|&(a, b)| field::mul(a, b)));
    let plain = checksum(
        "mul (plain)",
        small.iter().map(|&(a, b)| plain_mul(a, b, 64)),
    );
    assert_eq!(fast, plain, "table-driven and plain products differ");
    let few = &nonzero[..16];
    let fast = checksum(
        "inv (table)",
        few.iter().map(|&a| field::inv(a).unwrap_or(0)),
    );
    let plain = checksum("inv (plain)", few.iter().map(|&a| plain_inv(a)));
    assert_eq!(fast, plain, "table-driven and plain inverses differ");
    let fast = checksum("sqrt (table)", few.iter().map(|&a| field::sqrt(a)));
    let plain = checksum("sqrt (plain)", few.iter().map(|&a| plain_sqrt(a)));
    assert_eq!(fast, plain, "table-driven and plain square roots differ");
    checksum(
        "mul over the batch",
        pairs.iter().map(|&(a, b)| field::mul(a, b)),
    );
    checksum(
        "inv over the batch",
        nonzero.iter().map(|&a| field::inv(a).unwrap_or(0)),
    );
    checksum("sqrt over the batch", xs.iter().map(|&a| field::sqrt(a)));

    let mut g = c.benchmark_group("nimber");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("mul/table", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(x, y) in black_box(&pairs) {
                acc ^= field::mul(x, y);
            }
            acc
        })
    });
    g.bench_function("mul/table, dependent chain (latency)", |b| {
        b.iter(|| {
            let mut acc = 1u64;
            for &x in black_box(&nonzero) {
                acc = field::mul(acc, x);
            }
            acc
        })
    });
    g.bench_function("mul/Nimber operator", |b| {
        b.iter(|| {
            let mut acc = Nimber::ZERO;
            for &(x, y) in black_box(&pairs) {
                acc += Nimber::new(x) * Nimber::new(y);
            }
            acc
        })
    });
    g.bench_function("sqrt/table", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &x in black_box(&xs) {
                acc ^= field::sqrt(x);
            }
            acc
        })
    });
    g.bench_function("square/table", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &x in black_box(&xs) {
                acc ^= field::square(x);
            }
            acc
        })
    });
    g.bench_function("inv/table", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &x in black_box(&nonzero) {
                acc ^= field::inv(x).unwrap_or(0);
            }
            acc
        })
    });
    g.bench_function("pow/table (random 64-bit exponent)", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(x, e) in black_box(&pairs[..PLAIN_BATCH]) {
                acc ^= field::pow(x, e);
            }
            acc
        })
    });
    g.finish();

    let mut g = c.benchmark_group("nimber plain");
    g.throughput(Throughput::Elements(PLAIN_BATCH as u64));
    g.sample_size(10);
    g.bench_function("mul/plain recursive", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for &(x, y) in black_box(small) {
                acc ^= plain_mul(x, y, 64);
            }
            acc
        })
    });
    g.finish();

    let mut g = c.benchmark_group("nimber plain, 16 inputs");
    g.throughput(Throughput::Elements(few.len() as u64));
    g.sample_size(10);
    g.bench_function("inv/plain (Fermat power)", |b| {
        b.iter(|| {
            black_box(few)
                .iter()
                .fold(0u64, |acc, &x| acc ^ plain_inv(x))
        })
    });
    g.bench_function("sqrt/plain (63 squarings)", |b| {
        b.iter(|| {
            black_box(few)
                .iter()
                .fold(0u64, |acc, &x| acc ^ plain_sqrt(x))
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

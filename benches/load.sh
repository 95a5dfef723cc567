#!/usr/bin/env bash
# The load test of `grundy serve` (issue 36), loopback only and bounded:
# 50 concurrent clients on /api/values?game=kayles&to=1000 and
# /api/analyze (requests/s, p50/p99 latency, a checksum of the answers),
# then the server's responsiveness while one client runs the heaviest
# request it allows. The client is crates/grundy-cli/examples/load.rs
# (std threads, no download).
#
#   benches/load.sh            # release build, full figures
#   benches/load.sh --short    # a few seconds
# CI runs the client that `cargo test --profile checked` built:
#   target/checked/examples/load --short --binary target/checked/grundy
set -euo pipefail
cd "$(dirname "$0")/.."
args=("$@")
if [[ " ${args[*]} " != *" --binary "* ]]; then
    cargo build --release -q -p grundy-cli
    args+=(--binary target/release/grundy)
fi
cargo run --release -q -p grundy-cli --example load -- "${args[@]}"

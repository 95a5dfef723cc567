//! Build script. Only one thing: on x86-64 Linux with glibc linked statically
//! (the `dist` build that the README recommends for long runs and that
//! `benches/peers.sh` measures), link the `grundy` binary with
//! `link/hot.ld`, which lays out the code and read-only data of a long run
//! side by side — about 1 MB less resident memory (`link/README.md`).
//! `GRUNDY_HOT_LAYOUT=0` turns it off (for a linker without `INSERT` in
//! linker scripts, such as mold).

use std::env;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=link/hot.ld");
    println!("cargo:rerun-if-env-changed=GRUNDY_HOT_LAYOUT");
    let var = |key: &str| env::var(key).unwrap_or_default();
    let static_glibc = var("CARGO_CFG_TARGET_ARCH") == "x86_64"
        && var("CARGO_CFG_TARGET_OS") == "linux"
        && var("CARGO_CFG_TARGET_ENV") == "gnu"
        && var("CARGO_CFG_TARGET_FEATURE")
            .split(',')
            .any(|feature| feature == "crt-static");
    if static_glibc && var("GRUNDY_HOT_LAYOUT") != "0" {
        let script = Path::new(&var("CARGO_MANIFEST_DIR")).join("link/hot.ld");
        // Two arguments, so that no character of the path needs escaping.
        println!("cargo:rustc-link-arg-bin=grundy=-Xlinker");
        println!(
            "cargo:rustc-link-arg-bin=grundy=--script={}",
            script.display()
        );
    }
}

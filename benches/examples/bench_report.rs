//! Prints the rearrange performance table: each case's bandwidth (bytes
//! read + written per second), its speed-up over ndarray's `assign`, over
//! strided-rs's `strided_perm::copy_into` and (with the `hptt` feature)
//! over HPTT on the same layouts, and its ratio to the best copy of the
//! same bytes (the better of `copy_from_slice` and a streaming-store copy
//! loop), all measured in the same run, rounds interleaved, medians (single
//! thread unless named).
//!
//! `cargo run --release -p constrided-bench --example bench_report [--runs R] [--rounds N | N] [filter]`:
//! every case runs in N interleaved rounds (each round runs every contender
//! once, the order rotated each round) after one warm-up round; per peer the
//! table gives the median of the per-round ratios `peer time / constrided
//! time` and the lowest one. `--runs R` repeats the whole report R times and
//! then prints the per-case median over the runs with its spread. The
//! optional filter keeps the cases whose name contains it. The environment
//! variables `CONSTRIDED_LEVEL` (`portable`, `sse2`, `avx2`, `avx512`) and `CONSTRIDED_STREAM`
//! (`on`, `off`) force the copy kernels' instruction level and streaming stores.
//!
//! HPTT (the `hptt` crate) is a peer for the cases it supports (dense
//! permutations of f32 and f64) with the `hptt` feature. It needs cmake
//! and g++ (`apt-get install -y cmake g++`). Its build script compiles
//! HPTT without its AVX kernels unless `CXXFLAGS` contains
//! `-DHPTT_ARCH_AVX`, and does not rebuild when `CXXFLAGS` change, so build
//! it in a target directory of its own:
//!
//! ```text
//! CXXFLAGS=-DHPTT_ARCH_AVX CARGO_TARGET_DIR=target/hptt-avx \
//!     cargo run --release -p constrided-bench --features hptt --example bench_report --runs 3
//! ```
//!
//! The hptt crate offers HPTT's one-shot interface only, so each HPTT run
//! includes making its plan (ESTIMATE mode: no measuring); this weighs on
//! the in-cache cases, which repeat a small copy.

use constrided_bench::cases;
use constrided_bench::report::{self, Args, CaseDef};

fn main() {
    let args = Args::parse(std::env::args().skip(1), 9);
    constrided_bench::force_paths_from_env();
    let with_hptt = cfg!(feature = "hptt");
    if !with_hptt {
        println!(
            "hptt: skipped (build with `--features hptt`; needs cmake and g++: apt-get install -y cmake g++; \
             set CXXFLAGS=-DHPTT_ARCH_AVX in a separate target dir for its AVX kernels)"
        );
    }
    let peers: &[&'static str] = if with_hptt {
        &["ndarray", "strided-rs", "hptt", "best copy"]
    } else {
        &["ndarray", "strided-rs", "best copy"]
    };
    let defs = || {
        cases::all()
            .into_iter()
            .map(|d| {
                let build = d.build;
                CaseDef {
                    name: d.name.into(),
                    build: Box::new(move || build().into_bench()),
                }
            })
            .collect()
    };
    report::run_report(
        "bench_report (rearrange)",
        peers,
        &args,
        &defs,
        &report::measure,
    );
}

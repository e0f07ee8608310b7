//! Prints the element-wise performance table: each operation on a strided
//! layout (transposed 4096² f32, 256³ (2,0,1) permutation, a broadcast row,
//! small in-cache transposes) by constrided, by ndarray's equivalent, by
//! strided-rs (`strided-kernel`, single thread) and by constrided on
//! contiguous memory, all in the same run. Every case runs in interleaved
//! rounds (each round runs every contender once, the order rotated each
//! round) after one warm-up round; per peer the table gives the median of
//! the per-round ratios `peer time / constrided time` and the lowest one.
//! Parallel cases run in rayon's global pool of 2 threads (no strided-rs column).
//!
//! `cargo run --release -p constrided-bench --example elementwise_report [--runs R] [--rounds N | N] [filter]`:
//! `--runs R` repeats the whole report R times and then prints the per-case
//! median over the runs with its spread; the filter keeps the cases whose
//! name contains it.

use constrided_bench::elementwise;
use constrided_bench::report::{self, Args};

fn main() {
    let args = Args::parse(std::env::args().skip(1), 9);
    // The parallel cases use rayon's global pool: 2 threads.
    rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build_global()
        .unwrap();
    let defs = || {
        let mut d = elementwise::all();
        d.extend(elementwise::parallel());
        d
    };
    report::run_report(
        "elementwise_report",
        &["ndarray", "strided-rs", "contiguous"],
        &args,
        &defs,
        &report::measure,
    );
}

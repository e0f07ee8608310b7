//! Prints the programs table: whole programs a user writes (an image
//! HWC u8 -> CHW f32 normalised and back, a Sobel stencil from shifted
//! slices, a box filter from `windows`, NCHW -> NHWC and strided slices
//! materialised, per-column statistics with broadcasting and a 3-operand
//! `Zip`, 8x8 blocks through static views, CHW f32 -> HWC u8 through a
//! 2-operand `Zip`), each step by constrided and by its ndarray twin
//! (written as ndarray's docs write it), results asserted equal once per
//! case. Same harness as the other reports (`benches/src/report.rs`):
//! interleaved rounds, medians of `ndarray time / constrided time` (above
//! 1: constrided is faster).
//!
//! `cargo run --release -p constrided-bench --example programs_report [--quick] [--runs R] [--rounds N | N] [filter]`:
//! `--quick` runs tiny sizes once (only to check the asserts).

use constrided_bench::report::{self, Args};
use constrided_bench::{programs, programs_a, programs_tiles};

fn main() {
    let mut quick = false;
    let rest: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| {
            let q = a == "--quick";
            quick |= q;
            !q
        })
        .collect();
    let mut args = Args::parse(rest, 5);
    if quick {
        args.rounds = 1;
        args.runs = 1;
    }
    // Part A's steps (`programs_a.rs`: materialisation, operators with a
    // broadcast row, axis folds) and the static-tile programs
    // (`programs_tiles.rs`) join the report at full size; `--quick` only
    // checks their results at small sizes.
    let defs = move || {
        let mut d = programs::all(quick);
        if quick {
            programs_a::check_small();
            programs_tiles::check(24, 40);
        } else {
            d.extend(programs::from_pairs(programs_a::pairs()));
            d.extend(programs::from_pairs(programs_tiles::pairs()));
        }
        d
    };
    report::run_report(
        "programs_report",
        &["ndarray"],
        &args,
        &defs,
        &report::measure,
    );
}

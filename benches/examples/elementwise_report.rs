//! Prints the element-wise performance table (issue 8): each operation on a
//! strided layout (transposed 4096² f32, 256³ (2,0,1) permutation) with
//! constrided, with ndarray's equivalent, and with constrided on contiguous
//! memory; contenders interleaved round by round, medians, ratios from the
//! same run. Parallel cases run in a 2-thread rayon pool.
//!
//! `cargo run --release -p constrided-bench --example elementwise_report [repeats] [filter]`

use constrided_bench::elementwise::{self, Case};
use constrided_bench::{median, time};

fn run(mut case: Case, repeats: usize) {
    let (mut ours, mut theirs, mut contig) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..=repeats {
        let o = time(&mut *case.constrided);
        let t = time(&mut *case.ndarray);
        let c = case.contiguous.as_mut().map(|f| time(&mut **f));
        if round > 0 {
            ours.push(o);
            theirs.push(t);
            if let Some(c) = c {
                contig.push(c);
            }
        }
    }
    let gbs = |t: f64| case.bytes as f64 / t / 1e9;
    let (o, t) = (median(ours), median(theirs));
    let c = (!contig.is_empty()).then(|| median(contig));
    println!(
        "| {} | {:.1} | {:.1} | {:.2}x | {} | {} |",
        case.name,
        gbs(o),
        gbs(t),
        t / o,
        c.map_or("-".into(), |c| format!("{:.1}", gbs(c))),
        c.map_or("-".into(), |c| format!("{:.2}x", c / o)),
    );
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(5);
    let filter = std::env::args().nth(2).unwrap_or_default();
    println!(
        "| case | constrided GB/s | ndarray GB/s | vs ndarray | contiguous GB/s | vs contiguous |"
    );
    println!("|---|---:|---:|---:|---:|---:|");
    for case in elementwise::all() {
        if case.name.contains(&filter) {
            run(case, repeats);
        }
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(2)
        .build()
        .unwrap();
    pool.install(|| {
        for case in elementwise::parallel() {
            if case.name.contains(&filter) {
                run(case, repeats);
            }
        }
    });
}

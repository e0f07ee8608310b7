//! A standalone program for instruction and cache-miss counts (no timing)
//! of `Zip` and `zip_with` with one transposed operand against the same
//! call on contiguous operands (issue 28), for `valgrind --tool=cachegrind`:
//!
//! ```text
//! cargo build --release -p constrided-bench --example zip_staged_counts
//! valgrind --tool=cachegrind --cache-sim=yes --LL=16777216,16,64 \
//!     target/release/examples/zip_staged_counts zip trans 4096 1   # then 3
//! ```
//!
//! Arguments: `zip` (`Zip` of 3 operands, d = a + b), `zip2` (`Zip` of 2,
//! d += b), `zipwith` (`d.zip_with(&b, ..)`), `stage` (`Zip` of 2, d = b:
//! a copy's work through the staged walk), `copy` (`d.assign(&b)`, the copy
//! engine) or `copy3` (`copy`, then a sum of a: a copy plus a third
//! stream); for the other kernels of the engine (z30: which of them run
//! their element loops with AVX2), `mapinplace` (`d.map_inplace(x*0.5+1)`),
//! `fill`, `sum` (of b), `fold` (b to f64), `mapreduce` (b to f64),
//! `map` (`b.map(x*0.5+1)`, a new array), `mapv`, `sumaxis0` /
//! `sumaxis1` (`b.sum_axis`), `minaxis0` (`b.min_axis(0)`) and `operator`
//! (`&a + &b`, a new array); `contig` or `trans` (b transposed); the edge n of the n x n f32
//! operands; repetitions. The cost of one call is (counts of 3 repetitions
//! minus counts of 1) / 2. With a fifth argument `time` it also prints the
//! best wall time of the repetitions (a probe, not interleaved: alternate
//! the invocations and give the load).
//!
//! Measured for issue 28 (f32, per call; Ir = instructions, D1/LL =
//! simulated first-level / 16 MiB last-level misses):
//!
//! | n = 4096 | Ir | D1 misses | LL misses |
//! |---|---:|---:|---:|
//! | `Zip` d = a + b, contiguous | 23.07 M | 3.15 M | 3.15 M |
//! | `Zip` d = a + b^T, before (tiled, not staged) | 361.80 M | 8.42 M | 3.21 M |
//! | `Zip` d = a + b^T, staged | 58.10 M | 4.90 M | 3.21 M |
//! | `zip_with` d += s, contiguous | 23.07 M | 2.10 M | 2.10 M |
//! | `zip_with` d += s^T (staged) | 53.37 M | 3.61 M | 2.16 M |

use constrided::{Layout, StridedView, StridedViewMut, Zip};
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 4 {
        eprintln!(
            "usage: zip_staged_counts zip|zip2|zipwith|stage|copy|copy3|mapinplace|fill|sum|fold|\
             mapreduce|map|mapv|sumaxis0|sumaxis1|minaxis0|operator contig|trans N [REPS [time]]"
        );
        return;
    }
    let what = args[1].as_str();
    let n: usize = args[3].parse().expect("N");
    let reps: usize = args.get(4).map_or(1, |r| r.parse().expect("REPS"));
    let timed = args.get(5).is_some_and(|t| t == "time");
    let a: Vec<f32> = (0..n * n).map(|i| (i % 251) as f32).collect();
    let b: Vec<f32> = (0..n * n).map(|i| (i % 127) as f32).collect();
    let mut d = vec![0f32; n * n];
    let av = StridedView::new(&a, Layout::contiguous([n, n])).expect("a");
    let bv = StridedView::new(&b, Layout::contiguous([n, n])).expect("b");
    let bv = if args[2] == "trans" { bv.t() } else { bv };
    let mut best = f64::INFINITY;
    for _ in 0..reps {
        let t0 = Instant::now();
        let mut dv = StridedViewMut::new(&mut d, Layout::contiguous([n, n])).expect("d");
        match what {
            "zip" => Zip::from(&mut dv)
                .and(black_box(av))
                .expect("shape")
                .and(black_box(bv))
                .expect("shape")
                .for_each(|d, a, b| *d = a + b),
            "zip2" => Zip::from(&mut dv)
                .and(black_box(bv))
                .expect("shape")
                .for_each(|d, b| *d += b),
            // The staged walk doing a copy's work (d = b): the same bytes
            // as `copy`, through the staging buffer and the closure.
            "stage" => Zip::from(&mut dv)
                .and(black_box(bv))
                .expect("shape")
                .for_each(|d, b| *d = *b),
            // The copy engine on the same layouts: d = b (transposed copy).
            "copy" => dv.assign(&black_box(bv)).expect("shape"),
            // Two contiguous streams and the copy: d = b, then read a.
            "copy3" => {
                dv.assign(&black_box(bv)).expect("shape");
                black_box(av.sum());
            }
            "mapinplace" => dv.map_inplace(|x| *x = *x * 0.5 + 1.0),
            "fill" => dv.fill(black_box(1.5)),
            "sum" => {
                black_box(black_box(bv).sum());
            }
            "fold" => {
                black_box(black_box(bv).fold(0.0f64, |s, &x| s + x as f64));
            }
            "mapreduce" => {
                black_box(black_box(bv).map_reduce(0.0f64, |&x| x as f64, |s, x| s + x));
            }
            "map" => {
                black_box(black_box(bv).map(|&x| x * 0.5 + 1.0));
            }
            "mapv" => {
                black_box(black_box(bv).mapv(|x| x * 0.5 + 1.0));
            }
            "sumaxis0" => {
                black_box(black_box(bv).sum_axis::<1>(0).expect("axis"));
            }
            "sumaxis1" => {
                black_box(black_box(bv).sum_axis::<1>(1).expect("axis"));
            }
            "minaxis0" => {
                black_box(black_box(bv).min_axis::<1>(0).expect("axis"));
            }
            "operator" => {
                black_box(&black_box(av) + &black_box(bv));
            }
            _ => dv.zip_with(&black_box(bv), |d, b| *d += b).expect("shape"),
        }
        black_box(&mut d);
        best = best.min(t0.elapsed().as_secs_f64());
    }
    if timed {
        // Bytes: every operand once (d read and written counted once).
        let ops = match what {
            "zip" | "copy3" => 3,
            _ => 2,
        };
        let gb = (ops * n * n * 4) as f64 / 1e9;
        println!(
            "{what} {} n={n}: best of {reps} {:.3} ms, {:.1} GB/s",
            args[2],
            best * 1e3,
            gb / best,
        );
    }
    // (Last, so that piping the timed line through `head -1` still works.)
    println!("{}", d[n + 3]);
}

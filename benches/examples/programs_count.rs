//! Runs one case of the programs report once, for instruction counts under
//! callgrind (no timing): `programs_count <name filter> <constrided |
//! ndarray>` runs the first case whose name contains the filter (after one
//! warm-up call) inside `measured`, so
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/programs_count '(g)' constrided
//! ```
//!
//! counts exactly its instructions; `programs_count list` prints the
//! names. `programs_count time <filter> [rounds]` prints the median time
//! per call of each side instead (alternated call by call; absolute times,
//! to tell which side of a ratio moved); `programs_count e-steps` times
//! the sub-steps of program (e) one by one against their ndarray twins.
//! `CONSTRIDED_LEVEL` and `CONSTRIDED_STREAM` force the kernels' paths
//! (`constrided_bench::force_paths_from_env`).

use constrided_bench::{programs, programs_a, programs_tiles};

#[inline(never)]
fn measured(f: &mut dyn FnMut()) {
    f();
}

fn main() {
    constrided_bench::force_paths_from_env();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut defs = programs::all(false);
    defs.extend(programs::from_pairs(programs_a::pairs()));
    defs.extend(programs::from_pairs(programs_tiles::pairs()));
    let find = |filter: &str| {
        let def = defs
            .iter()
            .find(|d| d.name.contains(filter))
            .unwrap_or_else(|| panic!("no case named like {filter:?}"));
        (def.build)()
    };
    match args.first().map(String::as_str) {
        Some("list") | None => {
            for d in &defs {
                println!("{}", d.name);
            }
        }
        Some("e-steps") => e_steps(),
        Some("time") => {
            let mut bench = find(args.get(1).expect("a name filter"));
            let rounds: usize = args
                .get(2)
                .map_or(101, |r| r.parse().expect("a round count"));
            let (mut a, mut b) = (Vec::new(), Vec::new());
            let theirs = &mut bench.peers[0].runs[0];
            for _ in 0..rounds {
                let s = std::time::Instant::now();
                (bench.ours)();
                a.push(s.elapsed().as_nanos());
                let s = std::time::Instant::now();
                theirs();
                b.push(s.elapsed().as_nanos());
            }
            a.sort_unstable();
            b.sort_unstable();
            let (a, b) = (a[rounds / 2], b[rounds / 2]);
            println!(
                "{}: constrided {a} ns, ndarray {b} ns, ratio {:.2}x",
                bench.name,
                b as f64 / a as f64
            );
        }
        Some(filter) => {
            let mut bench = find(filter);
            let lib = args.get(1).map(String::as_str).unwrap_or("constrided");
            let f: &mut dyn FnMut() = if lib == "ndarray" {
                &mut bench.peers[0].runs[0]
            } else {
                &mut bench.ours
            };
            // One warm-up call (first-touch page faults, lazy SIMD level).
            f();
            measured(f);
            println!("{} ({lib})", bench.name);
        }
    }
}

// Times the sub-steps of program (e) one by one, each alternated with its
// ndarray twin (medians of 101 calls; absolute times).
fn e_steps() {
    use constrided::{StridedArray, StridedView, Zip};
    use std::hint::black_box;
    use std::time::Instant;
    let (r, c) = (2000, 300);
    let data: Vec<f64> = (0..r * c)
        .map(|i| ((i * 17 + i / 11) % 1009) as f64)
        .collect();
    let a = StridedView::from_shape([r, c], &data[..]).unwrap();
    let an = ndarray::ArrayView2::from_shape((r, c), &data[..]).unwrap();
    let n = r as f64;
    let mean = a.sum_axis::<1>(0).unwrap();
    let row = mean.view().insert_axis::<2>(0).unwrap();
    let meann = an.sum_axis(ndarray::Axis(0)) / n;
    let rown = meann.view().insert_axis(ndarray::Axis(0));
    type Step<'a> = (&'static str, Box<dyn FnMut() + 'a>, Box<dyn FnMut() + 'a>);
    let mut steps: Vec<Step> = vec![
        (
            "sum_axis + mapv_inplace",
            Box::new(|| {
                let mut m = a.sum_axis::<1>(0).unwrap();
                m.mapv_inplace(|s| s / n);
                black_box(m);
            }),
            Box::new(|| {
                black_box(an.sum_axis(ndarray::Axis(0)) / n);
            }),
        ),
        (
            "&a - &row",
            Box::new(|| {
                black_box(&a - &row);
            }),
            Box::new(|| {
                black_box(&an - &rown);
            }),
        ),
        (
            "min_axis",
            Box::new(|| {
                black_box(a.min_axis::<1>(0).unwrap());
            }),
            Box::new(|| {
                black_box(an.fold_axis(ndarray::Axis(0), f64::INFINITY, |&m, &x| m.min(x)));
            }),
        ),
        (
            "zeros",
            Box::new(|| {
                black_box(StridedArray::<f64, 2>::zeros([r, c]));
            }),
            Box::new(|| {
                black_box(ndarray::Array2::<f64>::zeros((r, c)));
            }),
        ),
        (
            "Zip3 into an existing array",
            Box::new({
                let mut sq = StridedArray::<f64, 2>::zeros([r, c]);
                move || {
                    Zip::from(&mut sq)
                        .and(&a)
                        .unwrap()
                        .and_broadcast(&row)
                        .unwrap()
                        .for_each(|o, &x, &m| *o = (x - m) * (x - m));
                    black_box(&sq);
                }
            }),
            Box::new({
                let mut sq = ndarray::Array2::<f64>::zeros((r, c));
                move || {
                    ndarray::Zip::from(&mut sq)
                        .and(&an)
                        .and_broadcast(&rown)
                        .for_each(|o, &x, &m| *o = (x - m) * (x - m));
                    black_box(&sq);
                }
            }),
        ),
        (
            "zeros + Zip3",
            Box::new(|| {
                let mut sq = StridedArray::<f64, 2>::zeros([r, c]);
                Zip::from(&mut sq)
                    .and(&a)
                    .unwrap()
                    .and_broadcast(&row)
                    .unwrap()
                    .for_each(|o, &x, &m| *o = (x - m) * (x - m));
                black_box(sq);
            }),
            Box::new(|| {
                let mut sq = ndarray::Array2::<f64>::zeros((r, c));
                ndarray::Zip::from(&mut sq)
                    .and(&an)
                    .and_broadcast(&rown)
                    .for_each(|o, &x, &m| *o = (x - m) * (x - m));
                black_box(sq);
            }),
        ),
    ];
    for (name, ours, nd) in &mut steps {
        let (mut t0, mut t1) = (Vec::new(), Vec::new());
        for _ in 0..101 {
            let s = Instant::now();
            ours();
            t0.push(s.elapsed().as_nanos());
            let s = Instant::now();
            nd();
            t1.push(s.elapsed().as_nanos());
        }
        t0.sort_unstable();
        t1.sort_unstable();
        println!(
            "{name}: constrided {} us, ndarray {} us, ratio {:.2}x",
            t0[50] / 1000,
            t1[50] / 1000,
            t1[50] as f64 / t0[50] as f64
        );
    }
}

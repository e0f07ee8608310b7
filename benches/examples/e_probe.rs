//! Program (e) step by step inside the whole program: each side runs the
//! program exactly as `programs::e_stats_*` writes it, with a timestamp
//! between steps (and the drop of the results as a step of its own), the
//! two sides alternated call by call; prints the median of each step and
//! the minor page faults per call (`/proc/self/stat`).
//!
//! `e_probe [rounds] [ours|nd|both|ndfirst] [warm|-] [shift]`: `warm`
//! frees a 20 MB block first (no page faults per call, as in the report;
//! without it glibc trims the heap after every call here and both sides
//! take 2,313 faults per call), `shift` starts the input that many
//! elements into its buffer. `E_SPLIT=1`: ndarray reads its own copy of
//! the input (as the report's case does); `E_SUB=nd`: our program's
//! `a - &row` is ndarray's operator (the same context, the other loop).
//! `CONSTRIDED_LEVEL` and `CONSTRIDED_STREAM` force the kernels' paths
//! (`constrided_bench::force_paths_from_env`).

use std::hint::black_box;
use std::time::Instant;

use constrided::{StridedArray, StridedView, Zip};
use ndarray::{Array2, ArrayView2, Axis};

const STEPS: [&str; 7] = [
    "sum_axis + /n",
    "a - &row",
    "min_axis",
    "zeros",
    "Zip3",
    "drop",
    "total",
];

thread_local! {
    // `E_SUB=nd`: our program's `a - &row` step done by ndarray's operator
    // instead (same context, other loop).
    static SUB: bool = std::env::var("E_SUB").is_ok_and(|v| v == "nd");
}
fn minflt() -> u64 {
    let s = std::fs::read_to_string("/proc/self/stat").unwrap();
    let rest = &s[s.rfind(')').unwrap() + 2..];
    rest.split(' ').nth(7).unwrap().parse().unwrap()
}

fn ours(a: &StridedView<'_, f64, 2>, t: &mut [u128; 7]) -> [usize; 2] {
    let s0 = Instant::now();
    let n = a.shape()[0] as f64;
    let mut mean = a.sum_axis::<1>(0).unwrap();
    mean.mapv_inplace(|s| s / n);
    let row = mean.view().insert_axis::<2>(0).unwrap();
    let s1 = Instant::now();
    let centred = if SUB.with(|v| *v) {
        let [r, c] = a.shape();
        let an = ArrayView2::from_shape((r, c), a.as_slice().unwrap()).unwrap();
        let rn = ArrayView2::from_shape((1, c), mean.as_slice()).unwrap();
        let x = &an - &rn;
        StridedArray::from_vec([r, c], x.into_raw_vec_and_offset().0).unwrap()
    } else {
        a - &row
    };
    let s2 = Instant::now();
    let mins = a.min_axis::<1>(0).unwrap();
    let s3 = Instant::now();
    let mut sq = StridedArray::<f64, 2>::zeros(a.shape());
    let s4 = Instant::now();
    Zip::from(&mut sq)
        .and(a)
        .unwrap()
        .and_broadcast(&row)
        .unwrap()
        .for_each(|o, &x, &m| *o = (x - m) * (x - m));
    let s5 = Instant::now();
    let addrs = [
        centred.as_slice().as_ptr() as usize % 64,
        sq.as_slice().as_ptr() as usize % 64,
    ];
    black_box((centred, mins, sq));
    let s6 = Instant::now();
    record([s0, s1, s2, s3, s4, s5, s6], t);
    addrs
}

/// The steps' times (`STEPS`) from the timestamps between them.
fn record(s: [Instant; 7], t: &mut [u128; 7]) {
    for k in 0..6 {
        t[k] = (s[k + 1] - s[k]).as_nanos();
    }
    t[6] = (s[6] - s[0]).as_nanos();
}

fn nd(a: &ArrayView2<'_, f64>, t: &mut [u128; 7]) -> [usize; 2] {
    let s0 = Instant::now();
    let n = a.nrows() as f64;
    let mean = a.sum_axis(Axis(0)) / n;
    let row = mean.view().insert_axis(Axis(0));
    let s1 = Instant::now();
    let centred = a - &row;
    let s2 = Instant::now();
    let mins = a.fold_axis(Axis(0), f64::INFINITY, |&m, &x| m.min(x));
    let s3 = Instant::now();
    let mut sq = Array2::<f64>::zeros(a.dim());
    let s4 = Instant::now();
    ndarray::Zip::from(&mut sq)
        .and(a)
        .and_broadcast(&row)
        .for_each(|o, &x, &m| *o = (x - m) * (x - m));
    let s5 = Instant::now();
    let addrs = [centred.as_ptr() as usize % 64, sq.as_ptr() as usize % 64];
    black_box((centred, mins, sq));
    let s6 = Instant::now();
    record([s0, s1, s2, s3, s4, s5, s6], t);
    addrs
}

fn main() {
    constrided_bench::force_paths_from_env();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().map_or(201, |r| r.parse().unwrap());
    let which = args.get(1).map_or("both", String::as_str);
    // `warm`: one 20 MB block allocated and freed first raises glibc's
    // mmap threshold (and so its trim threshold) above the program's
    // 4.8 MB arrays, as the report's other allocations do: no page faults
    // per call then.
    if args.get(2).is_some_and(|w| w == "warm") {
        black_box(vec![1u8; 20 << 20]);
    }
    let (r, c) = (2000, 300);
    // `shift`: the input starts this many elements into its buffer.
    let shift: usize = args.get(3).map_or(0, |s| s.parse().unwrap());
    let data: Vec<f64> = (0..r * c + shift)
        .map(|i| ((i.wrapping_sub(shift) * 17 + i.wrapping_sub(shift) / 11) % 1009) as f64)
        .collect();
    let data = &data[shift..];
    println!("input at {} mod 64", data.as_ptr() as usize % 64);
    let a = StridedView::from_shape([r, c], data).unwrap();
    // `E_SPLIT=1`: ndarray reads its own copy of the input, as in the
    // report (`a.clone()`).
    let copy = data.to_vec();
    let nd_data = if std::env::var("E_SPLIT").is_ok_and(|v| v == "1") {
        &copy[..]
    } else {
        data
    };
    let an = ArrayView2::from_shape((r, c), nd_data).unwrap();
    let mut to = vec![[0u128; 7]; rounds];
    let mut tn = vec![[0u128; 7]; rounds];
    let (mut fo, mut fnd) = (0, 0);
    for i in 0..=rounds {
        let k = i.saturating_sub(1);
        // `ndfirst`: ndarray's call first in each round.
        for side in if which == "ndfirst" { [1, 0] } else { [0, 1] } {
            if side == 0 && which != "nd" {
                let f = minflt();
                let ad = ours(&a, &mut to[k]);
                if i == rounds {
                    println!("ours: centred, sq at {ad:?} mod 64");
                }
                if i > 0 {
                    fo += minflt() - f;
                }
            }
            if side == 1 && which != "ours" {
                let f = minflt();
                let ad = nd(&an, &mut tn[k]);
                if i == rounds {
                    println!("ndarray: centred, sq at {ad:?} mod 64");
                }
                if i > 0 {
                    fnd += minflt() - f;
                }
            }
        }
    }
    let med = |t: &[[u128; 7]], s: usize| {
        let mut v: Vec<u128> = t.iter().map(|x| x[s]).collect();
        v.sort_unstable();
        v[v.len() / 2] as f64 / 1000.0
    };
    println!(
        "{:<14} {:>10} {:>10} {:>6}",
        "step (us)", "ours", "ndarray", "ratio"
    );
    for (s, name) in STEPS.iter().enumerate() {
        let (x, y) = (med(&to, s), med(&tn, s));
        println!("{name:<14} {x:>10.1} {y:>10.1} {:>6.2}", y / x);
    }
    println!(
        "minor faults per call: ours {:.1}, ndarray {:.1}",
        fo as f64 / rounds as f64,
        fnd as f64 / rounds as f64
    );
}

//! Prints the rearrange performance table: each case's bandwidth (bytes
//! read + written per second), its speed-up over ndarray's `assign` and
//! over strided-rs's `strided_perm::copy_into` on the same layouts, and its
//! ratio to the best copy of the same bytes (the better of
//! `copy_from_slice` and a streaming-store copy loop), all measured in the
//! same run, rounds interleaved, medians (single thread unless named).
//!
//! `cargo run --release -p constrided-bench --example bench_report [repeats] [filter]`: the
//! optional filter keeps the cases whose name contains it. The environment
//! variables `CONSTRIDED_LEVEL` (`portable`, `sse2`, `avx2`) and `CONSTRIDED_STREAM`
//! (`on`, `off`) force the copy kernels' instruction level and streaming stores.

use std::time::Instant;

use constrided_bench::cases;

fn time(f: &mut dyn FnMut()) -> f64 {
    let s = Instant::now();
    f();
    s.elapsed().as_secs_f64()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let repeats: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(9);
    let filter = std::env::args().nth(2).unwrap_or_default();
    // CONSTRIDED_LEVEL=portable|sse2 and CONSTRIDED_STREAM=on|off force the
    // copy kernels' paths (to measure what each one brings).
    use constrided::kernel::{force_level, force_streaming, Level};
    match std::env::var("CONSTRIDED_LEVEL").as_deref() {
        Ok("portable") => force_level(Some(Level::Portable)),
        Ok("sse2") => force_level(Some(Level::Sse2)),
        Ok("avx2") => force_level(Some(Level::Avx2)),
        _ => {}
    }
    match std::env::var("CONSTRIDED_STREAM").as_deref() {
        Ok("on") => force_streaming(Some(true)),
        Ok("off") => force_streaming(Some(false)),
        _ => {}
    }
    println!("hptt skipped: build with --features hptt, needs cmake and g++ (apt-get install -y cmake g++)");
    println!(
        "| case | constrided GB/s | ndarray GB/s | vs ndarray | strided-rs GB/s | vs strided-rs | best copy GB/s | vs best copy |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for mut case in cases::all()
        .into_iter()
        .filter(|c| c.name.contains(&filter))
    {
        // Warm: first touch of every page, then rounds that interleave the
        // three copies so that they share the machine's state.
        // Read + write bytes moved per run.
        let moved = (2 * case.elems * case.size) as f64;
        let per_copy = case.elems * case.size / case.reps;
        let mut memcpy = cases::memcpy_bytes(per_copy, case.reps);
        let mut stream = cases::streaming_bytes(per_copy, case.reps);
        let (mut ours, mut theirs, mut peer, mut mc, mut st) =
            (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
        for round in 0..=repeats {
            let o = time(&mut *case.ours.constrided);
            let t = time(&mut *case.ndarray);
            let p = case.ours.strided.as_mut().map(|f| time(&mut **f));
            let (m, s) = (time(&mut *memcpy), time(&mut *stream));
            if round > 0 {
                ours.push(o);
                theirs.push(t);
                peer.extend(p);
                mc.push(m);
                st.push(s);
            }
        }
        let (o, t) = (median(ours), median(theirs));
        let best = median(mc).min(median(st));
        let (bw, nd_bw, best_bw) = (moved / o / 1e9, moved / t / 1e9, moved / best / 1e9);
        let (p_bw, p_ratio) = if peer.is_empty() {
            ("—".to_string(), "—".to_string())
        } else {
            let p = median(peer);
            (format!("{:.1}", moved / p / 1e9), format!("{:.2}x", p / o))
        };
        println!(
            "| {} | {bw:.1} | {nd_bw:.1} | {:.2}x | {p_bw} | {p_ratio} | {best_bw:.1} | {:.2}x |",
            case.name,
            t / o,
            bw / best_bw
        );
    }
}

//! Prints the rearrange performance table: each case's bandwidth (bytes
//! read + written per second), its speed-up over ndarray's `assign`, over
//! strided-rs's `strided_perm::copy_into` and (with the `hptt` feature)
//! over HPTT on the same layouts, and its ratio to the best copy of the
//! same bytes (the better of `copy_from_slice` and a streaming-store copy
//! loop), all measured in the same run, rounds interleaved, medians (single
//! thread unless named).
//!
//! `cargo run --release -p constrided-bench --example bench_report [repeats] [filter]`: the
//! optional filter keeps the cases whose name contains it. The environment
//! variables `CONSTRIDED_LEVEL` (`portable`, `sse2`, `avx2`) and `CONSTRIDED_STREAM`
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
//!     cargo run --release -p constrided-bench --features hptt --example bench_report 11
//! ```
//!
//! The hptt crate offers HPTT's one-shot interface only, so each HPTT run
//! includes making its plan (ESTIMATE mode: no measuring); this weighs on
//! the in-cache cases, which repeat a small copy.

use constrided_bench::cases;
use constrided_bench::{median, time};

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
    let with_hptt = cfg!(feature = "hptt");
    if !with_hptt {
        println!(
            "hptt: skipped (build with `--features hptt`; needs cmake and g++: apt-get install -y cmake g++; \
             set CXXFLAGS=-DHPTT_ARCH_AVX in a separate target dir for its AVX kernels)"
        );
    }
    let hptt_head = if with_hptt {
        " hptt GB/s | vs hptt |"
    } else {
        ""
    };
    let hptt_rule = if with_hptt { "---:|---:|" } else { "" };
    println!(
        "| case | constrided GB/s | ndarray GB/s | vs ndarray | strided-rs GB/s | vs strided-rs |{hptt_head} best copy GB/s | vs best copy |"
    );
    println!("|---|---:|---:|---:|---:|---:|{hptt_rule}---:|---:|");
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
        let (mut ours, mut theirs, mut peer, mut hp, mut mc, mut st) = (
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
            Vec::new(),
        );
        for round in 0..=repeats {
            let o = time(&mut *case.ours.constrided);
            let t = time(&mut *case.ndarray);
            let p = case.ours.strided.as_mut().map(|f| time(&mut **f));
            let h = case.ours.hptt.as_mut().map(|f| time(&mut **f));
            let (m, s) = (time(&mut *memcpy), time(&mut *stream));
            if round > 0 {
                ours.push(o);
                theirs.push(t);
                peer.extend(p);
                hp.extend(h);
                mc.push(m);
                st.push(s);
            }
        }
        let (o, t) = (median(ours), median(theirs));
        let best = median(mc).min(median(st));
        let (bw, nd_bw, best_bw) = (moved / o / 1e9, moved / t / 1e9, moved / best / 1e9);
        let peer_cols = |v: Vec<f64>| {
            if v.is_empty() {
                ("—".to_string(), "—".to_string())
            } else {
                let p = median(v);
                (format!("{:.1}", moved / p / 1e9), format!("{:.2}x", p / o))
            }
        };
        let (p_bw, p_ratio) = peer_cols(peer);
        let hptt_cols = if with_hptt {
            let (h_bw, h_ratio) = peer_cols(hp);
            format!(" {h_bw} | {h_ratio} |")
        } else {
            String::new()
        };
        println!(
            "| {} | {bw:.1} | {nd_bw:.1} | {:.2}x | {p_bw} | {p_ratio} |{hptt_cols} {best_bw:.1} | {:.2}x |",
            case.name,
            t / o,
            bw / best_bw
        );
    }
}

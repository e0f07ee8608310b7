//! The ratio-report harness shared by `examples/bench_report.rs` and
//! `examples/elementwise_report.rs`.
//!
//! A [`Bench`] is one operation done by constrided and by its peers. It
//! runs in interleaved rounds: each round runs every contender once, in an
//! order rotated by one each round (so each contender goes first in turn;
//! within a round the cyclic order stays, so a contender mostly follows
//! the same one, which the eviction below makes harmless), after one
//! warm-up round that is not counted. Per round, the ratio
//! `peer time / constrided time` is taken; a case reports, per peer, the
//! median of these ratios and the lowest one. `--runs R` repeats the whole
//! report R times and prints, per case, the median over runs of the
//! per-run medians, their spread (lowest and highest run) and the lowest
//! round of all runs.
//!
//! A cold case (one pass over operands larger than the last-level cache)
//! reads a 64 MiB scratch buffer, untimed, before each contender: every
//! contender then starts with none of its operands in the cache and no
//! dirty lines of the previous contender left to write back inside its
//! own timing. The lines a contender leaves dirty at its end are written
//! back during the next scratch read, charged to nobody (as in STREAM-like
//! benchmarks; a contender with streaming stores writes everything inside
//! its time). The cases give all contenders the same operand buffers
//! (two equal 64 MiB buffers can read up to 15% apart on the machine of
//! the README's tables), so the scratch read is also what keeps one
//! contender from finding the previous one's lines in the cache.
//!
//! ```
//! use constrided_bench::report::{measure, Bench, Peer};
//!
//! let mut x = vec![0u64; 1000];
//! let mut y = vec![0u64; 1000];
//! let bench = Bench {
//!     name: "fill".into(),
//!     bytes: 8000.0,
//!     cold: false,
//!     ours: Box::new(move || x.fill(1)),
//!     peers: vec![Peer::one("loop", Box::new(move || {
//!         for v in y.iter_mut() {
//!             *v = std::hint::black_box(1);
//!         }
//!     }))],
//! };
//! let m = measure(bench, 3);
//! assert_eq!(m.rounds, 3);
//! assert_eq!(m.peers[0].label, "loop");
//! assert!(m.peers[0].lowest <= m.peers[0].ratio);
//! ```

use std::time::Instant;

use crate::time;

/// A peer of a case: its label (a column of the table) and one or more
/// ways to run it; with several, each round times all of them and keeps
/// the fastest ("best copy" = the better of `copy_from_slice` and a
/// streaming-store loop).
pub struct Peer {
    /// The table column this peer fills.
    pub label: &'static str,
    /// The runs; a round's time is the fastest of them.
    pub runs: Vec<Box<dyn FnMut()>>,
}

impl Peer {
    /// A peer with one way to run it.
    ///
    /// ```
    /// let p = constrided_bench::report::Peer::one("x", Box::new(|| {}));
    /// assert_eq!(p.runs.len(), 1);
    /// ```
    pub fn one(label: &'static str, run: Box<dyn FnMut()>) -> Peer {
        Peer {
            label,
            runs: vec![run],
        }
    }
}

/// One case of a report: constrided's run and its peers' runs of the same
/// operation, and the bytes one run reads plus writes.
pub struct Bench {
    /// The row's name.
    pub name: String,
    /// Bytes read plus written per run (for GB/s).
    pub bytes: f64,
    /// Runs cold: a scratch read evicts the cache before each contender
    /// (for one pass over large operands; in-cache cases keep theirs warm).
    pub cold: bool,
    /// constrided's run.
    pub ours: Box<dyn FnMut()>,
    /// The peers (a label missing here prints as "—").
    pub peers: Vec<Peer>,
}

/// One peer's figures in one run of one case.
#[derive(Clone, Debug)]
pub struct PeerStat {
    /// The peer's label.
    pub label: &'static str,
    /// The peer's bandwidth, median over the rounds (GB/s).
    pub gbs: f64,
    /// Median over the rounds of `peer time / constrided time`.
    pub ratio: f64,
    /// The lowest `peer time / constrided time` of a round.
    pub lowest: f64,
}

/// One case measured once (one run).
#[derive(Clone, Debug)]
pub struct Measured {
    /// The row's name.
    pub name: String,
    /// constrided's bandwidth, median over the rounds (GB/s).
    pub gbs: f64,
    /// Counted rounds.
    pub rounds: usize,
    /// The peers' figures.
    pub peers: Vec<PeerStat>,
}

/// Bytes of the scratch buffer a cold case reads before each contender:
/// twice the last-level cache of the README's machine (32 MiB).
pub const EVICT_BYTES: usize = 64 << 20;

/// Reads one byte of every 64-byte line of `scratch` (the lines come into
/// the cache clean, pushing out what was there, dirty lines written back).
///
/// ```
/// constrided_bench::report::evict(&vec![1u8; 4096]);
/// ```
pub fn evict(scratch: &[u8]) {
    let mut acc = 0u8;
    for line in scratch.chunks(64) {
        acc ^= std::hint::black_box(line[0]);
    }
    std::hint::black_box(acc);
}

fn med(v: &[f64]) -> f64 {
    crate::median(v.to_vec())
}

fn min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}

fn max(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}

/// Runs `bench` for one warm-up round and `rounds` counted rounds,
/// contenders interleaved with the order rotated each round.
pub fn measure(mut bench: Bench, rounds: usize) -> Measured {
    let n = 1 + bench.peers.len();
    // times[c][r]: contender c (0 = constrided) in counted round r.
    let mut times = vec![Vec::with_capacity(rounds); n];
    let scratch = bench.cold.then(|| vec![1u8; EVICT_BYTES]);
    let timed = |f: &mut dyn FnMut()| {
        if let Some(s) = &scratch {
            evict(s);
        }
        time(f)
    };
    for round in 0..=rounds {
        let mut t = vec![0.0; n];
        for k in 0..n {
            let c = (k + round) % n;
            t[c] = if c == 0 {
                timed(&mut *bench.ours)
            } else {
                let p = &mut bench.peers[c - 1];
                p.runs
                    .iter_mut()
                    .map(|f| timed(&mut **f))
                    .fold(f64::INFINITY, f64::min)
            };
        }
        if round > 0 {
            for c in 0..n {
                times[c].push(t[c]);
            }
        }
    }
    let gbs = |t: f64| bench.bytes / t / 1e9;
    let ours = &times[0];
    let peers = bench
        .peers
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let ratios: Vec<f64> = times[i + 1]
                .iter()
                .zip(ours)
                .map(|(tp, to)| tp / to)
                .collect();
            PeerStat {
                label: p.label,
                gbs: gbs(med(&times[i + 1])),
                ratio: med(&ratios),
                lowest: min(&ratios),
            }
        })
        .collect();
    Measured {
        name: bench.name,
        gbs: gbs(med(ours)),
        rounds,
        peers,
    }
}

/// The command line of a report:
/// `[--runs R] [--rounds N | N] [filter]` (a bare number is the rounds).
#[derive(Clone, Debug)]
pub struct Args {
    /// Whole-report repetitions.
    pub runs: usize,
    /// Counted rounds per case and run.
    pub rounds: usize,
    /// Keeps the cases whose name contains it.
    pub filter: String,
}

impl Args {
    /// Parses `args` (without the program name).
    ///
    /// ```
    /// use constrided_bench::report::Args;
    ///
    /// let a = Args::parse(["--runs", "3", "5", "flip"].map(String::from), 9);
    /// assert_eq!((a.runs, a.rounds, a.filter.as_str()), (3, 5, "flip"));
    /// assert_eq!(Args::parse(Vec::new(), 9).rounds, 9);
    /// ```
    pub fn parse(args: impl IntoIterator<Item = String>, default_rounds: usize) -> Args {
        let mut a = Args {
            runs: 1,
            rounds: default_rounds,
            filter: String::new(),
        };
        let mut it = args.into_iter();
        while let Some(s) = it.next() {
            let num = |v: Option<String>| {
                v.and_then(|v| v.parse::<usize>().ok())
                    .unwrap_or_else(|| panic!("{s} needs a number"))
            };
            match s.as_str() {
                "--runs" => a.runs = num(it.next()).max(1),
                "--rounds" => a.rounds = num(it.next()).max(1),
                _ => match s.parse::<usize>() {
                    Ok(n) => a.rounds = n.max(1),
                    Err(_) => a.filter = s,
                },
            }
        }
        a
    }
}

/// The load average (1, 5 and 15 minutes) from `/proc/loadavg`, or a
/// note that it is unknown.
///
/// ```
/// assert!(!constrided_bench::report::load_average().is_empty());
/// ```
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|| "unknown".into())
}

fn ratio_cell(r: f64) -> String {
    format!("{r:.2}x")
}

fn header(peers: &[&'static str]) -> String {
    let mut h = String::from("| case | constrided GB/s |");
    let mut rule = String::from("|---|---:|");
    for p in peers {
        h += &format!(" {p} GB/s | vs {p} | lowest |");
        rule += "---:|---:|---:|";
    }
    format!("{h}\n{rule}")
}

/// The Markdown table of one run: per case and peer the peer's GB/s, the
/// median ratio and the lowest round's ratio.
pub fn table(peers: &[&'static str], rows: &[Measured]) -> String {
    let mut out = header(peers);
    for m in rows {
        out += &format!("\n| {} | {:.1} |", m.name, m.gbs);
        for p in peers {
            match m.peers.iter().find(|s| s.label == *p) {
                Some(s) => {
                    out += &format!(
                        " {:.1} | {} | {} |",
                        s.gbs,
                        ratio_cell(s.ratio),
                        ratio_cell(s.lowest)
                    )
                }
                None => out += " — | — | — |",
            }
        }
    }
    out
}

/// The Markdown table over several runs (`runs[r]` = the rows of run r,
/// same cases in the same order): per case the median over runs of the
/// GB/s and of the median ratio, with the spread of the run medians
/// (lowest–highest) and the lowest round of all runs.
pub fn summary(peers: &[&'static str], runs: &[Vec<Measured>]) -> String {
    let mut out = header(peers);
    let Some(first) = runs.first() else {
        return out;
    };
    for (i, m) in first.iter().enumerate() {
        let of_case: Vec<&Measured> = runs.iter().filter_map(|r| r.get(i)).collect();
        let gbs: Vec<f64> = of_case.iter().map(|m| m.gbs).collect();
        out += &format!("\n| {} | {:.1} |", m.name, med(&gbs));
        for p in peers {
            let stats: Vec<&PeerStat> = of_case
                .iter()
                .filter_map(|m| m.peers.iter().find(|s| s.label == *p))
                .collect();
            if stats.is_empty() {
                out += " — | — | — |";
                continue;
            }
            let g: Vec<f64> = stats.iter().map(|s| s.gbs).collect();
            let r: Vec<f64> = stats.iter().map(|s| s.ratio).collect();
            let low: Vec<f64> = stats.iter().map(|s| s.lowest).collect();
            let spread = if r.len() > 1 {
                format!(" ({:.2}–{:.2})", min(&r), max(&r))
            } else {
                String::new()
            };
            out += &format!(
                " {:.1} | {}{spread} | {} |",
                med(&g),
                ratio_cell(med(&r)),
                ratio_cell(min(&low))
            );
        }
    }
    out
}

/// A lazily built case: its name (for the filter) and how to make it (the
/// operands are allocated only while the case runs).
pub struct CaseDef {
    /// The row's name.
    pub name: String,
    /// Makes the case.
    pub build: Box<dyn Fn() -> Bench>,
}

/// Runs a whole report: `args.runs` times every case whose name contains
/// `args.filter` (each case built, measured and dropped in turn), printing
/// each run's table as it finishes and, with several runs, the summary.
/// `setup` runs around each case (e.g. to install a thread pool).
pub fn run_report(
    title: &str,
    peers: &[&'static str],
    args: &Args,
    cases: &dyn Fn() -> Vec<CaseDef>,
    run_case: &dyn Fn(Bench, usize) -> Measured,
) {
    let start = Instant::now();
    println!(
        "{title}: {} run(s) x {} interleaved rounds (+1 warm-up) per case; load average at start: {}",
        args.runs,
        args.rounds,
        load_average()
    );
    let mut all_runs = Vec::new();
    for run in 1..=args.runs {
        let t0 = Instant::now();
        let mut rows = Vec::new();
        for def in cases()
            .into_iter()
            .filter(|d| d.name.contains(&args.filter))
        {
            rows.push(run_case((def.build)(), args.rounds));
        }
        println!(
            "\nrun {run}/{} ({:.0} s, load average {}):\n\n{}",
            args.runs,
            t0.elapsed().as_secs_f64(),
            load_average(),
            table(peers, &rows)
        );
        all_runs.push(rows);
    }
    if args.runs > 1 {
        println!(
            "\nmedian of {} runs (in brackets: lowest–highest run median; \"lowest\": the lowest round of all runs), {} rounds each:\n\n{}",
            args.runs,
            args.rounds,
            summary(peers, &all_runs)
        );
    }
    println!(
        "\n{title}: done in {:.0} s; load average at end: {}",
        start.elapsed().as_secs_f64(),
        load_average()
    );
}

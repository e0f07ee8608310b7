//! Runs one step of `programs_a` once, for instruction counts under
//! callgrind (no timing): `programs_a_count <step index> <constrided |
//! ndarray>`, or `programs_a_count check` (asserts every pair equal at the
//! issue's sizes) or `programs_a_count list`. The step runs inside
//! `measured`, so
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='*measured*' \
//!     target/release/examples/programs_a_count 0 constrided
//! ```
//!
//! counts exactly its instructions. `programs_a_count time <step index>
//! [rounds]` prints the median time of each library's call instead
//! (alternated call by call; absolute times, to tell which side of a
//! ratio moved).

use constrided_bench::programs_a;

#[inline(never)]
fn measured(f: &mut dyn FnMut()) {
    f();
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("check") => {
            programs_a::check_all(&programs_a::Inputs::full());
            println!("all pairs equal");
        }
        Some("list") | None => {
            for (k, (name, _, _)) in programs_a::pairs().into_iter().enumerate() {
                println!("{k}: {name}");
            }
        }
        Some("time") => {
            let k: usize = args
                .get(1)
                .expect("a step index")
                .parse()
                .expect("a step index");
            let rounds: usize = args
                .get(2)
                .map_or(201, |r| r.parse().expect("a round count"));
            let mut pairs = programs_a::pairs();
            let (name, mut ours, mut nd) = pairs.swap_remove(k);
            let (mut a, mut b) = (Vec::new(), Vec::new());
            for _ in 0..rounds {
                for (f, t) in [(&mut ours, &mut a), (&mut nd, &mut b)] {
                    let s = std::time::Instant::now();
                    f();
                    t.push(s.elapsed().as_nanos());
                }
            }
            a.sort_unstable();
            b.sort_unstable();
            let (a, b) = (a[rounds / 2], b[rounds / 2]);
            println!(
                "{name}: constrided {a} ns, ndarray {b} ns, ratio {:.2}x",
                b as f64 / a as f64
            );
        }
        Some(k) => {
            let k: usize = k.parse().expect("a step index");
            let mut pairs = programs_a::pairs();
            let (name, mut ours, mut nd) = pairs.swap_remove(k);
            let lib = args.get(1).map(String::as_str).unwrap_or("constrided");
            let f: &mut dyn FnMut() = if lib == "ndarray" { &mut nd } else { &mut ours };
            // One warm-up call (first-touch page faults, lazy SIMD level).
            f();
            measured(f);
            println!("{name} ({lib})");
        }
    }
}

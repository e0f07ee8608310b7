#!/usr/bin/env bash
# What a dependent crate pays: the same program written with constrided and
# with ndarray 0.17 -- views (one over an array through a `strided!` layout
# on the constrided side, a strided `from_shape` on ndarray's), an assign
# of a transpose, a 2-operand `Zip`, an operator expression, `sum_axis`,
# a 2-D `dot` and the `Debug` printing of the results -- built cold in the
# debug profile, interleaved, N times each; prints the median build time,
# the size of the debug binary and how many crates each build compiles
# (`dot` brings matrixmultiply on both sides); wall and CPU (user + sys)
# times, the CPU one steadier on a shared machine. Non-incremental, as a
# crates.io dependency is built.
#
#   benches/tools/build_cost.sh        # N=3
#   N=5 benches/tools/build_cost.sh
#   KEEP=1 benches/tools/build_cost.sh # keeps the two projects (path printed)
#                                      # for `cargo build --timings` and the like
#   BASE=/path/to/other/tree benches/tools/build_cost.sh
#                                      # adds a third program, the same as the
#                                      # constrided one on that tree (e.g. a
#                                      # worktree of main), built in turn with
#                                      # the other two in every round
#   TIMINGS=1 benches/tools/build_cost.sh  # then one more cold build of each
#                                      # with `cargo build --timings`, printing
#                                      # each crate's share (needs python3)
#
# Where the time goes and what was cut: docs/build-cost.md.
#
# `dot` comes with the linear-algebra work (h29a); on a tree without
# `dot` the script says so and leaves the `dot` line out of BOTH programs,
# so that ratio is not the one of the full program.
set -euo pipefail
N=${N:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
if [ -n "${KEEP:-}" ]; then echo "projects kept in $work (cs: constrided, nd: ndarray)"; else trap 'rm -rf "$work"' EXIT; fi
mkdir -p "$work/cs/src" "$work/nd/src"
if grep -rqE 'fn dot(<|\()' "$root/src"; then
  dot='let m = a.dot(&b);'
  dot_note='with dot'
else
  dot='let m = "no dot in this tree";'
  dot_note='WITHOUT dot: constrided has no `dot` here (merge h29a first); both programs leave it out'
fi
cat > "$work/cs/Cargo.toml" <<TOML
[package]
name = "cs"
version = "0.1.0"
edition = "2021"
[dependencies]
constrided = { path = "$root" }
[workspace]
TOML
cat > "$work/cs/src/main.rs" <<RS
use constrided::{strided, Layout, StridedView, StridedViewMut, Zip};
fn main() {
    let arr: [f32; 100] = core::array::from_fn(|i| i as f32);
    let v = strided!(&arr; shape = (4, 3), strides = (20, 2), offset = 22);
    let a = StridedView::new(&arr[..12], Layout::contiguous([3, 4])).unwrap();
    let b = StridedView::new(&arr[12..24], Layout::contiguous([4, 3])).unwrap();
    let mut out = vec![0.0f32; 12];
    let mut d = StridedViewMut::new(&mut out, Layout::contiguous([4, 3])).unwrap();
    d.assign(&a.t()).unwrap();
    Zip::from(&mut d).and(&b).unwrap().for_each(|d, b| *d += *b);
    let e = &a.t() * 2.0 + &b;
    let s = e.sum_axis(0).unwrap();
    $dot
    println!("{} {} {:?} {:?} {:?}", v.sum(), d.sum(), s, m, e);
}
RS
progs="cs nd"
if [ -n "${BASE:-}" ]; then
  base=$(cd "$BASE" && pwd)
  mkdir -p "$work/bs/src"
  sed -e 's/^name = "cs"/name = "bs"/' -e "s|path = \"$root\"|path = \"$base\"|" "$work/cs/Cargo.toml" > "$work/bs/Cargo.toml"
  cp "$work/cs/src/main.rs" "$work/bs/src/main.rs"
  progs="cs bs nd"
fi
cat > "$work/nd/Cargo.toml" <<'TOML'
[package]
name = "nd"
version = "0.1.0"
edition = "2021"
[dependencies]
ndarray = "0.17"
[workspace]
TOML
cat > "$work/nd/src/main.rs" <<RS
use ndarray::{Array2, ArrayView2, Axis, ShapeBuilder, Zip};
fn main() {
    let arr: [f32; 100] = core::array::from_fn(|i| i as f32);
    let v = ArrayView2::from_shape((4, 3).strides((20, 2)), &arr[22..]).unwrap();
    let a = ArrayView2::from_shape((3, 4), &arr[..12]).unwrap();
    let b = ArrayView2::from_shape((4, 3), &arr[12..24]).unwrap();
    let mut d = Array2::<f32>::zeros((4, 3));
    d.assign(&a.t());
    Zip::from(&mut d).and(&b).for_each(|d, b| *d += *b);
    let e = &a.t() * 2.0 + &b;
    let s = e.sum_axis(Axis(0));
    $dot
    println!("{} {} {:?} {:?} {:?}", v.sum(), d.sum(), s, m, e);
}
RS
# Fetch the registry once, outside the timed builds.
for c in $progs; do (cd "$work/$c" && cargo fetch -q); done
export CARGO_INCREMENTAL=0
for r in $(seq "$N"); do
  for c in $progs; do
    rm -rf "$work/target-$c"
    # Wall time (what the user waits) and CPU time (user + sys of cargo and
    # every rustc; on a machine shared with other builds the steadier one).
    (cd "$work/$c" && CARGO_TARGET_DIR="$work/target-$c" \
      /usr/bin/time -f '%e %U %S' -o "$work/one" cargo build -q)
    read -r wall usr sys < "$work/one"
    cpu=$(echo "$usr + $sys" | bc)
    echo "$c $wall $cpu" >> "$work/times"
    printf 'run %s: %s wall %.2f s, cpu %.2f s (load %s)\n' "$r" "$c" "$wall" "$cpu" "$(cut -d' ' -f1 /proc/loadavg)"
  done
done
median() { grep "^$1 " "$work/times" | awk -v k="$2" '{print $k}' | sort -n | sed -n "$(( (N + 1) / 2 ))p"; }
mc=$(median cs 2); mn=$(median nd 2); uc=$(median cs 3); un=$(median nd 3)
sc=$(stat -c %s "$work/target-cs/debug/cs"); sn=$(stat -c %s "$work/target-nd/debug/nd")
printf 'cold debug build (median of %s): constrided %.2f s, ndarray %.2f s, ratio %.2fx\n' "$N" "$mc" "$mn" "$(echo "$mc / $mn" | bc -l)"
printf 'cpu time of those builds (median of %s): constrided %.2f s, ndarray %.2f s, ratio %.2fx\n' "$N" "$uc" "$un" "$(echo "$uc / $un" | bc -l)"
if [ -n "${BASE:-}" ]; then
  mb=$(median bs 2); ub=$(median bs 3)
  printf 'base tree %s (median of %s): wall %.2f s (ratio %.2fx), cpu %.2f s (ratio %.2fx)\n' "$base" "$N" "$mb" "$(echo "$mb / $mn" | bc -l)" "$ub" "$(echo "$ub / $un" | bc -l)"
fi
cc=$(cd "$work/cs" && cargo tree -q -e normal,build --prefix none | sed 's/ (\*)$//' | sort -u | wc -l)
cn=$(cd "$work/nd" && cargo tree -q -e normal,build --prefix none | sed 's/ (\*)$//' | sort -u | wc -l)
echo "program: views, strided! (constrided), assign, Zip, operator, sum_axis, $dot_note"
printf 'crates built: constrided program %s, ndarray program %s\n' "$cc" "$cn"
printf 'debug binary: constrided %s bytes, ndarray %s bytes, ratio %.2fx\n' "$sc" "$sn" "$(echo "$sc / $sn" | bc -l)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
if [ -n "${TIMINGS:-}" ]; then
  # Per-crate compile durations (wall, as cargo's timing report has them;
  # with 2+ jobs they overlap, so they sum to more than the build's wall).
  for c in cs nd; do
    rm -rf "$work/target-$c"
    (cd "$work/$c" && CARGO_TARGET_DIR="$work/target-$c" cargo build -q --timings)
    echo "crates of the $c build (seconds, largest first; load $(cut -d' ' -f1 /proc/loadavg)):"
    python3 - "$work/target-$c/cargo-timings/cargo-timing.html" <<'PY'
import json, re, sys
html = open(sys.argv[1]).read()
units = json.loads(re.search(r"const UNIT_DATA = (\[.*?\]);", html, re.S).group(1))
total = sum(u["duration"] for u in units)
for u in sorted(units, key=lambda u: -u["duration"]):
    target = u["target"].strip()
    what = u["name"] + (" (the program)" if '"bin"' in target else " " + target if target else "")
    print(f"  {u['duration']:6.2f} {100 * u['duration'] / total:5.1f}%  {what}")
PY
  done
fi

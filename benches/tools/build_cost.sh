#!/usr/bin/env bash
# What a dependent crate pays: the same small program (one static view,
# one runtime view, one assign of a transpose, two sums) written with
# constrided and with ndarray 0.17, built cold in the debug profile,
# interleaved, N times each; prints the median build time and the size of
# the debug binary. Non-incremental, as a crates.io dependency is built.
#
#   benches/tools/build_cost.sh        # N=3
#   N=5 benches/tools/build_cost.sh
set -euo pipefail
N=${N:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/cs/src" "$work/nd/src"
cat > "$work/cs/Cargo.toml" <<TOML
[package]
name = "cs"
version = "0.1.0"
edition = "2021"
[dependencies]
constrided = { path = "$root" }
[workspace]
TOML
cat > "$work/cs/src/main.rs" <<'RS'
use constrided::{strided, Layout, StridedView, StridedViewMut};
fn main() {
    let arr: [f32; 100] = core::array::from_fn(|i| i as f32);
    let v = strided!(&arr; shape = (4, 3), strides = (20, 2), offset = 22);
    let r = StridedView::new(&arr[..12], Layout::contiguous([3, 4])).unwrap();
    let mut out = vec![0.0f32; 12];
    let mut d = StridedViewMut::new(&mut out, Layout::contiguous([4, 3])).unwrap();
    d.assign(&r.t()).unwrap();
    println!("{} {}", v.sum(), d.sum());
}
RS
cat > "$work/nd/Cargo.toml" <<'TOML'
[package]
name = "nd"
version = "0.1.0"
edition = "2021"
[dependencies]
ndarray = "0.17"
[workspace]
TOML
cat > "$work/nd/src/main.rs" <<'RS'
use ndarray::{Array2, ArrayView2, ShapeBuilder};
fn main() {
    let arr: [f32; 100] = core::array::from_fn(|i| i as f32);
    let v = ArrayView2::from_shape((4, 3).strides((20, 2)), &arr[22..]).unwrap();
    let r = ArrayView2::from_shape((3, 4), &arr[..12]).unwrap();
    let mut d = Array2::<f32>::zeros((4, 3));
    d.assign(&r.t());
    println!("{} {}", v.sum(), d.sum());
}
RS
# Fetch the registry once, outside the timed builds.
for c in cs nd; do (cd "$work/$c" && cargo fetch -q); done
export CARGO_INCREMENTAL=0
for _ in $(seq "$N"); do
  for c in cs nd; do
    rm -rf "$work/target-$c"
    s=$(date +%s.%N)
    (cd "$work/$c" && CARGO_TARGET_DIR="$work/target-$c" cargo build -q)
    e=$(date +%s.%N)
    echo "$c $(echo "$e - $s" | bc)" >> "$work/times"
  done
done
median() { grep "^$1 " "$work/times" | awk '{print $2}' | sort -n | sed -n "$(( (N + 1) / 2 ))p"; }
mc=$(median cs); mn=$(median nd)
sc=$(stat -c %s "$work/target-cs/debug/cs"); sn=$(stat -c %s "$work/target-nd/debug/nd")
printf 'cold debug build (median of %s): constrided %.2f s, ndarray %.2f s, ratio %.2fx\n' "$N" "$mc" "$mn" "$(echo "$mc / $mn" | bc -l)"
printf 'debug binary: constrided %s bytes, ndarray %s bytes, ratio %.2fx\n' "$sc" "$sn" "$(echo "$sc / $sn" | bc -l)"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"

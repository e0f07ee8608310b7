#!/bin/sh
# Generates two crates with 200 layouts each, one through `strided!`, one
# through the runtime `Layout::new`, and times `cargo check` of each (the
# library itself is built first, so only the generated crate is measured).
# Usage: sh docs/gen_check_bench.sh [OUT_DIR]   (from the repository root)
set -e
ROOT=$(pwd)
OUT=${1:-/tmp/constrided-check-bench}
mkdir -p "$OUT"
for kind in strided runtime; do
    dir="$OUT/$kind"
    mkdir -p "$dir/src"
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "check-$kind"
version = "0.1.0"
edition = "2021"
[dependencies]
constrided = { path = "$ROOT" }
[workspace]
TOML
    {
        echo "use constrided::*;"
        echo "pub fn all(buf: &[f32; 4096], out: &mut [f32; 4096]) -> f32 {"
        echo "    let mut s = 0.0;"
        i=0
        while [ $i -lt 200 ]; do
            r=$((i % 7 + 2)); c=$((i % 5 + 3)); st=$((c + i % 3)); off=$((i % 11))
            case $((i % 4)) in
            0) if [ $kind = strided ]; then
                   echo "    { let v = strided!(&*buf; shape = ($r, $c), strides = ($st, 1), offset = $off); s += v[[1, 2]]; }"
               else
                   echo "    { let v = StridedView::new(buf, Layout::new([$r, $c], [$st, 1], $off).unwrap()).unwrap(); s += v[[1, 2]]; }"
               fi ;;
            1) if [ $kind = strided ]; then
                   echo "    { let mut v = strided!(&mut *out; shape = ($r, $c, 2), strides = ($((2 * st)), 2, 1)); v[[1, 1, 1]] = s; }"
               else
                   echo "    { let mut v = StridedViewMut::new(&mut *out, Layout::new([$r, $c, 2], [$((2 * st)), 2, 1], 0).unwrap()).unwrap(); v[[1, 1, 1]] = s; }"
               fi ;;
            2) if [ $kind = strided ]; then
                   echo "    { let l = strided![shape = ($r, $c, 4), offset = $off]; s += l.offset_of_unchecked([1, 1, 1]) as f32; }"
               else
                   echo "    { let l = Layout::new([$r, $c, 4], [$((4 * c)), 4, 1], $off).unwrap(); s += l.offset_of_unchecked([1, 1, 1]) as f32; }"
               fi ;;
            3) if [ $kind = strided ]; then
                   echo "    { let v = strided!(&*buf; shape = ($r, $c), strides = (-$st, 1), offset = $((st * (r - 1) + off))); s += v[[0, 1]]; }"
               else
                   echo "    { let v = StridedView::new(buf, Layout::new([$r, $c], [-$st, 1], $((st * (r - 1) + off))).unwrap()).unwrap(); s += v[[0, 1]]; }"
               fi ;;
            esac
            i=$((i + 1))
        done
        echo "    s"
        echo "}"
    } > "$dir/src/lib.rs"
done
for kind in strided runtime; do
    (cd "$OUT/$kind" && cargo check -q 2>/dev/null || true)
done
# CPU time (user + sys of cargo and rustc): steadier than wall time on a
# loaded machine.
for round in 1 2 3 4 5; do
    for kind in strided runtime; do
        touch "$OUT/$kind/src/lib.rs"
        (cd "$OUT/$kind" && /usr/bin/time -f "round $round $kind: %U s user + %S s sys (%e s wall)" cargo check -q 2>&1 >/dev/null | grep -v warning || true) 2>&1 | grep round
    done
done

#!/usr/bin/env bash
# Instruction counts (callgrind) of each kernel over one 8x8 static tile of
# a run-time f32 image: constrided's tile view (cs_<case>) against a
# hand-written loop over the raw slice (hand_<case>), per call (64 calls
# each), and the ratio. `<case>_mixed`: the image's layout is mixed
# (run-time sizes and pitch, static inner stride 1); otherwise a run-time
# `Layout<2>` (every number run-time, the inner stride too). Counts only the instructions inside each function
# (`--toggle-collect`), so set-up and the checks do not count.
#
#   benches/tools/tile_callgrind.sh            # every case
#   benches/tools/tile_callgrind.sh sum zip    # some cases
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
cargo build --release -p constrided-bench --example tile_callgrind >&2
bin="${CARGO_TARGET_DIR:-$root/target}/release/examples/tile_callgrind"
cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
  cases=(sum fold map_inplace assign zip zip_with
         sum_mixed fold_mixed map_inplace_mixed assign_mixed zip_mixed zip_with_mixed)
fi
calls=64
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
count() { # count <case> <function>: instructions inside <function>
  valgrind --tool=callgrind --callgrind-out-file="$work/out" \
    --toggle-collect="*$2*" "$bin" "$1" >/dev/null 2>&1
  callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}'
}
printf '%-12s %14s %14s %7s\n' case constrided/call hand/call ratio
for c in "${cases[@]}"; do
  k=${c%_mixed}
  twin=$k
  [ "$k" = zip_with ] && twin=zip
  a=$(count "$c" "tile_callgrind::cs_$k")
  b=$(count "$c" "tile_callgrind::hand_$twin")
  awk -v c="$c" -v a="$a" -v b="$b" -v n=$calls \
    'BEGIN { printf "%-12s %14.1f %14.1f %7.3f\n", c, a / n, b / n, a / b }'
done

#!/bin/sh
# Instructions per call of the small-view cases of
# benches/examples/small_views_cg.rs under callgrind (exact, repeatable),
# constrided against ndarray, counting the construction of the views from
# the buffer. Usage: benches/tools/small_views.sh (from the repository
# root; honours CARGO_TARGET_DIR).
set -eu
cargo build --release -p constrided-bench --example small_views_cg
target="${CARGO_TARGET_DIR:-target}"
bin="$target/release/examples/small_views_cg"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
valgrind --tool=callgrind --toggle-collect='small_views_cg::cg_*' \
    --callgrind-out-file="$out" "$bin" >/dev/null 2>&1
# Calls per function: CALLS (1000), the per-pixel case CALLS / 100 (each
# call builds 62x62 windows: the figure printed is per window).
callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null | awk '
/small_views_cg::cg_/ {
    n = $1; gsub(",", "", n);
    name = $0; sub(/.*small_views_cg::cg_/, "", name); sub(/[ \[(].*/, "", name);
    calls = 1000; if (name ~ /^pixel_/) calls = 10 * 62 * 62;
    ir[name] = n / calls;
}
END {
    printf "%-12s %12s %12s %8s\n", "case", "constrided", "ndarray", "ratio";
    split("sum fold mapinplace assign zip block8 pixel t8", cases, " ");
    for (i = 1; i <= 8; i++) {
        c = cases[i]; a = ir[c "_constrided"]; b = ir[c "_ndarray"];
        printf "%-12s %12.1f %12.1f %8.2f\n", c, a, b, (b > 0 ? a / b : 0);
    }
}'

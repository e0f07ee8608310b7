//! What a user reads when `strided!`, a static transform or a trait bound
//! refuses their code: every `fail/*.stderr` snapshot is at most 15 lines,
//! shows the user's line (a ` --> ` line pointing into the case file)
//! within its first 5 lines, and names none of the crate's insides (hidden
//! helpers, generated check items, full `StaticLayout<…>` types, the
//! crate's source files).

use std::path::PathBuf;

const MAX_LINES: usize = 15;
const USER_LINE_WITHIN: usize = 5;
const INTERNAL: &[&str] = &[
    "__private",
    "__CONSTRIDED",
    "StaticLayout<",
    "constrided::__",
    "note: inside `constrided",
    "note: inside constrided",
];
// A line of the crate's source; one may follow rustc's single
// `note: required by a bound in ..` (the bound the user's call missed).
const CRATE_SOURCE: &[&str] = &["$WORKSPACE/src/", "$WORKSPACE/macros/"];

// Cases that do not meet the rules yet, each with the reason; the test
// fails when one of them starts to meet them (remove it from the list).
const KNOWN: &[(&str, &str)] = &[
    // static tiles (src/tile/): the tiler and algebra checks are const
    // assertions inside generic items, so rustc reports them after
    // monomorphisation with the instantiated `StaticLayout<..>` types and
    // its "erroneous constant" notes before the user's line
    (
        "algebra_axis_not_dividing",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "algebra_axis_past_rank",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "algebra_computed_forged",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "tile_const_coord_out_of_range",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "tile_not_dividing",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "tile_rank_mismatch",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "tile_shape_rank_mismatch",
        "post-monomorphisation tile check inside a generic item",
    ),
    (
        "tile_zero_extent",
        "post-monomorphisation tile check inside a generic item",
    ),
    // strided! cases rustc's notes keep long: see each reason
    // (macros/src/lib.rs, src/static_layer/private.rs)
    (
        "assoc_const_entry_invalid",
        "post-monomorphisation check in the user's generic fn: rustc adds an 'erroneous constant' note and the instantiating call (17 lines)",
    ),
    (
        "generic_entry_reach_below_zero",
        "post-monomorphisation check in the user's generic fn: rustc adds an 'erroneous constant' note and the instantiating call (17 lines)",
    ),
    (
        "generic_type_form_invalid",
        "generic type form: its rule is the layout's LAYOUT const, evaluated inside the crate at instantiation",
    ),
    (
        "bare_short_constant_type_form_invalid",
        "a bare short name in the type form is a const argument as itself (it may be a generic parameter), so its rule is the layout's LAYOUT const, evaluated inside the crate where the type is used; `(R)` is checked at the entry",
    ),
    (
        "mut_aliasing_through_binding",
        "rustc's `required by a bound` note names the hidden `__private::static_view`",
    ),
    (
        "mut_aliasing_through_binding_const",
        "rustc's `required by a bound` note names the hidden `__private::static_view`",
    ),
    // static transforms check their arguments when the crate's generic
    // method is instantiated (src/static_layer/transform.rs; an axis, index
    // or slice bound that depends on the layout's sizes cannot be a trait
    // bound on stable Rust): the error points into the crate, names the
    // transform's type (with its `StaticLayout<..>` source), shows the
    // user's line in rustc's "while instantiating" note, and each constant
    // that reads the layout adds an "erroneous constant" note
    (
        "static_transform_axis_out_of_range",
        "post-monomorphisation check in the crate's generic method: the user's line only in the instantiating note",
    ),
    (
        "static_transform_index_out_of_range",
        "post-monomorphisation check in the crate's generic method: the user's line only in the instantiating note",
    ),
    (
        "static_transform_remove_non_unit_axis",
        "post-monomorphisation check in the crate's generic method: the user's line only in the instantiating note",
    ),
    (
        "static_transform_slice_out_of_range",
        "post-monomorphisation check in the crate's generic method: the user's line only in the instantiating note",
    ),
    // the view's methods are defined in the `shared_view_api` macro, so rustc's `required by a bound` note adds the macro invocation (20 lines)
    (
        "index_axis_rank0",
        "the view's methods are defined in the `shared_view_api` macr",
    ),
    (
        "insert_axis_rank8",
        "the view's methods are defined in the `shared_view_api` macr",
    ),
    (
        "slice_too_many_entries",
        "the view's methods are defined in the `shared_view_api` macr",
    ),
    // rustc's sealed-trait help lists the implementors of the private `Sealed` trait (`do_not_recommend` does not filter that list)
    (
        "slice_arg_sealed",
        "rustc's sealed-trait help lists the implementors of the priv",
    ),
    (
        "slice_entry_sealed",
        "rustc's sealed-trait help lists the implementors of the priv",
    ),
    (
        "integer_impl_for_user_type",
        "rustc's sealed-trait help lists the implementors of the priv",
    ),
    // src/zip.rs is being rewritten (h28)
    ("zip_non_producer", "src/zip.rs is being rewritten (h28)"),
    (
        "zip_operand_other_rank",
        "src/zip.rs is being rewritten (h28)",
    ),
    // rustc's E0382 (use of moved value) prints the view's full type
    (
        "mut_view_is_not_copy",
        "rustc's E0382 (use of moved value) prints the view's full ty",
    ),
    // the `Mapping` impls of static layouts (src/static_layout.rs, h26) are listed
    (
        "view_of_non_layout",
        "the `Mapping` impls of static layouts (src/static_layout.rs,",
    ),
    // forging a hidden type by name (h26's soundness cases): the forged
    // type's check is const-evaluated inside the crate
    (
        "forge_flip_axis_to_array",
        "forging a hidden type: its check runs inside the crate",
    ),
    (
        "forge_insert_axis",
        "forging a hidden type: its check runs inside the crate",
    ),
    (
        "forge_prechecked_broken",
        "forging a hidden type: its check runs inside the crate",
    ),
    (
        "forge_remove_axis",
        "forging a hidden type: its check runs inside the crate",
    ),
    (
        "forge_transpose_axes",
        "forging a hidden type: its check runs inside the crate",
    ),
    (
        "forge_transposed_of_broken_layout",
        "forging a hidden type: its check runs inside the crate",
    ),
    // the static axes' alias check of a mixed layout panics inside the crate
];

fn fail_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fail")
}

// The rules a snapshot breaks, as sentences (empty: it meets them all).
fn broken_rules(name: &str, text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.trim_end().lines().collect();
    let mut broken = Vec::new();
    if lines.len() > MAX_LINES {
        broken.push(format!("{} lines (at most {MAX_LINES})", lines.len()));
    }
    let case = format!("{name}.rs:");
    let user_line = lines.iter().position(|l| {
        let l = l.trim_start();
        (l.starts_with("--> ") || l.starts_with("::: "))
            && (l.contains(&format!("fail/{case}")) || l.contains(&format!("$DIR/{case}")))
    });
    match user_line {
        Some(i) if i < USER_LINE_WITHIN => {}
        Some(i) => broken.push(format!(
            "the user's line is at line {} (within {USER_LINE_WITHIN} expected)",
            i + 1
        )),
        None => broken.push("no ` --> ` line points at the case file".into()),
    }
    for word in INTERNAL {
        if let Some(l) = lines.iter().position(|l| l.contains(word)) {
            broken.push(format!(
                "line {} names `{word}`: {}",
                l + 1,
                lines[l].trim()
            ));
        }
    }
    let sources: Vec<usize> = (0..lines.len())
        .filter(|&i| CRATE_SOURCE.iter().any(|w| lines[i].contains(w)))
        .collect();
    let after_bound_note = |i: usize| {
        i > 0
            && lines[i - 1]
                .trim_start()
                .starts_with("note: required by a bound in")
    };
    match sources[..] {
        [] => {}
        [i] if after_bound_note(i) => {}
        _ => broken.push(format!(
            "shows the crate's source at line(s) {:?} (only after one `required by a bound` note)",
            sources.iter().map(|i| i + 1).collect::<Vec<_>>()
        )),
    }
    broken
}

#[test]
fn compile_errors_are_short_and_show_the_users_line() {
    let mut report = Vec::new();
    let mut cases = 0;
    let mut entries: Vec<_> = std::fs::read_dir(fail_dir())
        .expect("ui-tests/fail")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "stderr"))
        .collect();
    entries.sort();
    for path in entries {
        cases += 1;
        let name = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let broken = broken_rules(&name, &text);
        let known = KNOWN.iter().any(|(k, _)| *k == name);
        match (broken.is_empty(), known) {
            (true, false) | (false, true) => {}
            (false, false) => report.push(format!("{name}: {}", broken.join("; "))),
            (true, true) => {
                report.push(format!("{name}: meets the rules now: remove it from KNOWN"))
            }
        }
    }
    assert!(cases >= 50, "only {cases} snapshots found");
    assert!(report.is_empty(), "\n{}\n", report.join("\n"));
}

// The checker itself: a short snapshot passes, each rule can fail.
#[test]
fn the_rules_can_fail() {
    let good = "error: x\n --> fail/a.rs:1:1\n  |\n1 | x\n  | ^\n";
    assert!(broken_rules("a", good).is_empty());
    assert!(broken_rules("a", &good.replace("fail/a.rs", "$DIR/a.rs")).is_empty());
    let long = format!("{good}{}", "  |\n".repeat(12));
    assert_eq!(broken_rules("a", &long).len(), 1);
    let late = format!("error: x\n\n\n\n\n{}", &good[9..]);
    assert_eq!(broken_rules("a", &late).len(), 1);
    assert_eq!(broken_rules("b", good).len(), 1);
    let internal = good.replace("x\n --> ", "main::__CONSTRIDED_CHECK_0\n --> ");
    assert_eq!(broken_rules("a", &internal).len(), 1);
    let src = format!("{good}   ::: $WORKSPACE/src/private.rs:3:1\n");
    assert_eq!(broken_rules("a", &src).len(), 1);
    let bound = format!("{good}note: required by a bound in `f`\n --> $WORKSPACE/src/f.rs\n");
    assert!(broken_rules("a", &bound).is_empty());
    let two = format!("{bound}note: required by a bound in `g`\n --> $WORKSPACE/src/g.rs\n");
    assert_eq!(broken_rules("a", &two).len(), 1);
}

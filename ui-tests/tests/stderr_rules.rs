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
    // hidden traits and modules (sealed helpers of bounds)
    "SameRank",
    "same_rank",
    "RankIs",
    "StaticRank",
    "rank_of",
    "Append",
    "sealed_tuple",
];
// A line of the crate's source; one may follow rustc's single
// `note: required by a bound in ..` (the bound the user's call missed).
const CRATE_SOURCE: &[&str] = &["$WORKSPACE/src/", "$WORKSPACE/macros/"];

// Cases that do not meet the rules, each with the reason rustc forces;
// the test fails when one of them starts to meet them (remove it from the list).
const KNOWN: &[(&str, &str)] = &[
    // static tiles (src/tile/): rules on sizes, checked after monomorphisation (the tiler's
    // rank is a bound, `Rank<R>: TileRank<R, N>`: a rank is a type; sizes are const arguments)
    (
        "algebra_axis_not_dividing",
        "forged AlgebraAxis over a ZippedDiv whose tile does not divide: the check is the computed layout's constant, evaluated at instantiation inside the crate, and the user named the `StaticLayout<..>` type",
    ),
    (
        "algebra_axis_past_rank",
        "forged AlgebraAxis with axis 5 of a rank-2 computed layout: its CHECK constant is evaluated inside the crate at instantiation, and the user named the `StaticLayout<..>` type",
    ),
    (
        "algebra_computed_forged",
        "the user implements the sealed `Computed`: rustc's sealed-trait note, which lists the supertrait's implementors unfiltered (one blanket impl over a private marker makes that list `T`), 20 lines, no internal names; the note and its `help: the trait .. is not implemented` pointing at the user's type alone keep it above 15 (measured on rustc 1.95 with a model of the seal: without the custom `message` rustc still prints that help with the user's type definition, so 20 lines either way); sealing by a hidden method with an unnameable argument type instead is a 9-line E0046 (`missing: sealed`) that gives no reason and suggests a signature the user cannot write",
    ),
    (
        "tile_const_coord_out_of_range",
        "const coordinate against the view's static extent: post-monomorphisation (the rule compares const arguments with the layout's sizes, no trait bound on stable Rust: `typenum::U<N>` maps only 0..=1024 and the powers of 2 and 10, so a typenum comparison as a bound would refuse valid calls on larger axes): the error's location is the crate's constant, the user's line comes only in rustc's 'while instantiating' note, and every item that reads the constant adds an 'erroneous constant' note",
    ),
    (
        "tile_not_dividing",
        "tile against the layout's extent: post-monomorphisation (the rule compares const arguments with the layout's sizes, no trait bound on stable Rust: `typenum::U<N>` maps only 0..=1024 and the powers of 2 and 10, so a typenum comparison as a bound would refuse valid calls on larger axes): the error's location is the crate's constant, the user's line comes only in rustc's 'while instantiating' note, and every item that reads the constant adds an 'erroneous constant' note",
    ),
    (
        "tile_shape_rank_mismatch",
        "the user names `<Shape<TL, 3> as TileShape<2>>::SHAPE` directly: the constant panics inside the crate (a bound on the impl would print `Shape<StaticLayout<..>, 3>` in its 'required for' note)",
    ),
    (
        "tile_zero_extent",
        "a tiler axis of size 0: post-monomorphisation (the rule compares const arguments with the layout's sizes, no trait bound on stable Rust: `typenum::U<N>` maps only 0..=1024 and the powers of 2 and 10, so a typenum comparison as a bound would refuse valid calls on larger axes): the error's location is the crate's constant, the user's line comes only in rustc's 'while instantiating' note, and every item that reads the constant adds an 'erroneous constant' note",
    ),
    // strided! cases: the rule depends on a generic parameter, so rustc reports it at instantiation
    (
        "assoc_const_entry_invalid",
        "17 lines, user's line at line 2: rustc's minimum for a failing inline const in a generic fn (the error, its 'erroneous constant' note for the fn body's use of the block, the 'while instantiating' note), as for a hand-written `const { assert!(S > 0) }`; an associated const of a generic item the macro would define in the fn (`let () = Check::<S>::OK`) gives the same three sections, 17 lines",
    ),
    (
        "generic_entry_reach_below_zero",
        "17 lines, user's line at line 2: rustc's minimum for a failing inline const in a generic fn (the error, its 'erroneous constant' note for the fn body's use of the block, the 'while instantiating' note), as for a hand-written `const { assert!(S > 0) }`; an associated const of a generic item the macro would define in the fn (`let () = Check::<S>::OK`) gives the same three sections, 17 lines",
    ),
    (
        "generic_type_form_invalid",
        "type form with const parameters: the rule is StaticLayout::LAYOUT, evaluated inside the crate when `Default::default` of the field's type is instantiated; a type position has no statement for an inline const at the user's line",
    ),
    (
        "bare_short_constant_type_form_invalid",
        "a bare short name in the type form is a const argument as itself (it may be a generic parameter), so its rule is the layout's LAYOUT const, evaluated inside the crate where the type is used; `(R)` is checked at the entry",
    ),
    // static transforms: an axis out of range is a trait bound (HasAxis) at the user's line; what depends on the layout's sizes is not
    (
        "static_transform_index_out_of_range",
        "index I against the axis's size: post-monomorphisation (the rule compares const arguments with the layout's sizes, no trait bound on stable Rust: `typenum::U<N>` maps only 0..=1024 and the powers of 2 and 10, so a typenum comparison as a bound would refuse valid calls on larger axes): the error's location is the crate's constant, the user's line comes only in rustc's 'while instantiating' note, and every item that reads the constant adds an 'erroneous constant' note",
    ),
    (
        "static_transform_remove_non_unit_axis",
        "the removed axis's size: post-monomorphisation (the rule compares const arguments with the layout's sizes, no trait bound on stable Rust: `typenum::U<N>` maps only 0..=1024 and the powers of 2 and 10, so a typenum comparison as a bound would refuse valid calls on larger axes): the error's location is the crate's constant, the user's line comes only in rustc's 'while instantiating' note, and every item that reads the constant adds an 'erroneous constant' note",
    ),
    (
        "static_transform_slice_out_of_range",
        "START/STOP against the axis's size, STEP = 0: post-monomorphisation (the rule compares const arguments with the layout's sizes, no trait bound on stable Rust: `typenum::U<N>` maps only 0..=1024 and the powers of 2 and 10, so a typenum comparison as a bound would refuse valid calls on larger axes): the error's location is the crate's constant, the user's line comes only in rustc's 'while instantiating' note, and every item that reads the constant adds an 'erroneous constant' note",
    ),
    // sealed traits: rustc's own sealed-trait note lists the supertrait's implementors (do_not_recommend does not filter that list)
    (
        "slice_arg_sealed",
        "user impl of the sealed SliceArg: rustc's sealed-trait note, which lists the supertrait's implementors unfiltered (one blanket impl over a private marker makes that list `T`), 20 lines; the note and its `help: the trait .. is not implemented` pointing at the user's type alone keep it above 15 (measured on rustc 1.95 with a model of the seal: without the custom `message` rustc still prints that help with the user's type definition, a local type, so 20 lines either way; `do_not_recommend` on the blanket impl does not drop the `T` list); sealing by a hidden method with an unnameable argument type instead is a 9-line E0046 (`missing: sealed`) that gives no reason and suggests a signature the user cannot write",
    ),
    (
        "slice_entry_sealed",
        "user impl of the sealed SliceEntry: rustc's sealed-trait note, which lists the supertrait's implementors unfiltered (one blanket impl over a private marker makes that list `T`), 20 lines; the note and its `help: the trait .. is not implemented` pointing at the user's type alone keep it above 15 (measured on rustc 1.95 with a model of the seal: without the custom `message` rustc still prints that help with the user's type definition, a local type, so 20 lines either way; `do_not_recommend` on the blanket impl does not drop the `T` list); sealing by a hidden method with an unnameable argument type instead is a 9-line E0046 (`missing: sealed`) that gives no reason and suggests a signature the user cannot write",
    ),
    (
        "integer_impl_for_user_type",
        "the user's own line names `constrided::__private::Integer` (they implement a hidden trait), plus rustc's sealed-trait note and list",
    ),
    // rustc prints a type the user did not write
    (
        "mut_view_is_not_copy",
        "rustc's E0382 (use of moved value) prints the view's type, `StridedViewMut<'_, u8, 2, StaticLayout<(Axis<2, 3>, Axis<3, 1>), 0>>`; no attribute changes how a type prints",
    ),
    (
        "view_of_non_layout",
        "two errors for one mistake, 32 lines: the `Mapping` bound of `new` and of the `StridedView` struct itself, which API.md declares (`StridedView<'a, T, const N: usize, M: Mapping<N> = Layout<N>>`); without the struct's bound it is one error of 18 lines (rustc's 'required by a bound introduced by this call' and a 7-line bound note); with it, every impl repeats the bound (trait bounds are not implied by an impl's self type), and rustc blames the impl's on the argument (`mapping: M`) and the struct's on the path `StridedView::<u8, 2, _>::new`: two spans, so it does not merge them (measured on rustc 1.95 with a model of the struct, impl and call)",
    ),
    // forging a hidden type by name (issue 26's soundness cases)
    (
        "forge_flip_axis_to_array",
        "forged hidden type (issue 26's soundness cases): the user names the transform's type themselves, so rustc prints it (`StaticLayout<..>`) and its LAYOUT check runs inside the crate at instantiation (a bound on the type would name it too)",
    ),
    (
        "forge_insert_axis",
        "forged hidden type (issue 26's soundness cases): the user names the transform's type themselves, so rustc prints it (`StaticLayout<..>`) and its LAYOUT check runs inside the crate at instantiation (a bound on the type would name it too)",
    ),
    (
        "forge_prechecked_broken",
        "forged through the unsafe `__prechecked`: the user's line names the hidden constructor; StaticLayout::LAYOUT refuses the layout inside the crate at instantiation",
    ),
    (
        "forge_remove_axis",
        "forged hidden type (issue 26's soundness cases): the user names the transform's type themselves, so rustc prints it (`StaticLayout<..>`) and its LAYOUT check runs inside the crate at instantiation (a bound on the type would name it too)",
    ),
    (
        "forge_transpose_axes",
        "forged hidden type (issue 26's soundness cases): the user names the transform's type themselves, so rustc prints it (`StaticLayout<..>`) and its LAYOUT check runs inside the crate at instantiation (a bound on the type would name it too)",
    ),
    (
        "forge_transposed_of_broken_layout",
        "forged hidden type (issue 26's soundness cases): the user names the transform's type themselves, so rustc prints it (`StaticLayout<..>`) and its LAYOUT check runs inside the crate at instantiation (a bound on the type would name it too)",
    ),
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

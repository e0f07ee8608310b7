//! Every public or `#[doc(hidden)]` `pub` item of the static type layer
//! (and the hidden helpers near it) whose inputs feed a safety invariant,
//! as listed in `docs/soundness.md`: each either refuses bad input
//! (checked here at run time) or cannot be reached safely with bad input
//! (a compile-fail case in `ui-tests/fail`, whose snapshot must name the
//! rule and the numbers: checked here too, so that deleting or weakening
//! a case fails this test).
use core::marker::PhantomData;

use constrided::__private::{checked_mixed, StaticSource};
use constrided::mixed_layout::{Dyn, Fix, FixS, MAxis, MixedLayout};
use constrided::static_layout::{Axis, CAxis, NegAxis, StaticLayout, StaticMapping};
use constrided::static_transform::{
    FlipAxis, IndexAxisAt, InsertAxisAt, RemoveAxisAt, SliceAxis, TransposeAxes, Transposed,
};
use constrided::{DynLayout, Layout, Mapping, Rank, SliceElem, SliceInfo};

// (item, ui case, a line its .stderr must hold)
const COMPILE_TIME: &[(&str, &str, &str)] = &[
    (
        "StaticLayout::__prechecked (unsafe)",
        "forge_prechecked_safe",
        "call to unsafe function",
    ),
    (
        "StaticLayout::LAYOUT (any use of a broken layout)",
        "forge_prechecked_broken",
        "static layout: layout reaches position -3",
    ),
    (
        "StaticLayout: Default",
        "generic_type_form_invalid",
        "static layout: layout reaches position -2",
    ),
    (
        "Transposed: Default over a broken layout",
        "forge_transposed_of_broken_layout",
        "static layout: layout reaches position -3",
    ),
    (
        "FlipAxis: Default, to_array",
        "forge_flip_axis_to_array",
        "flip_axis::<A>(): axis A = 7 is out of range for rank 2",
    ),
    (
        "TransposeAxes: Default",
        "forge_transpose_axes",
        "transpose_axes::<A, B>(): axis B = 9 is out of range for rank 2",
    ),
    (
        "RemoveAxisAt: Default",
        "forge_remove_axis",
        "remove_axis_at::<A>(): axis 0 has size 4, but only an axis of size 1 can be removed",
    ),
    (
        "InsertAxisAt: Default",
        "forge_insert_axis",
        "insert_axis_at::<A>(): axis A = 5 is out of range for rank 3",
    ),
    (
        "IndexAxisAt: index_axis_at",
        "static_transform_index_out_of_range",
        "index_axis_at::<A, I>(): index I = ",
    ),
    (
        "SliceAxis: slice_axis",
        "static_transform_slice_out_of_range",
        "slice_axis::<A, START, STOP, STEP>(): STEP is 0",
    ),
    (
        "strided! expansion: unsafe blocks cover no user token",
        "macro_unsafe_does_not_cover_user_tokens",
        "call to unsafe function `buffer`",
    ),
    (
        "__private::static_axes_alias (mixed &mut)",
        "mixed_static_axes_alias_mut",
        "their indices (0, 1) and (1, 0) reach the same position",
    ),
    (
        "__private::MayView (a &mut through an aliasing layout)",
        "mut_aliasing_through_binding",
        "a mutable view needs a unique layout, but this layout aliases",
    ),
    (
        "__private::static_view: a too-short array",
        "array_too_short_generic",
        "layout needs a buffer of at least",
    ),
    (
        "tile::AlgebraAxis named by hand, broken rule",
        "algebra_axis_not_dividing",
        "zipped_divide: the tile does not divide axis 0: extent 4, tile 3",
    ),
    (
        "tile::AlgebraAxis named by hand, axis past the rank",
        "algebra_axis_past_rank",
        "AlgebraAxis: axis 5 of a computed layout of rank 2: the axis does not exist",
    ),
    (
        "tile::Computed (sealed)",
        "algebra_computed_forged",
        "cannot implement `Computed`: it is sealed",
    ),
    (
        "tile::Shape named by hand, rank mismatch",
        "tile_shape_rank_mismatch",
        "the tiler has rank 3 but the view has rank 2",
    ),
    (
        "tiles_mut with an empty tiler axis",
        "tile_zero_extent",
        "the tiler's axis 1 has size 0",
    ),
];

#[test]
#[cfg_attr(miri, ignore = "reads files")]
fn soundness_every_compile_time_refusal_has_its_ui_case() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui-tests/fail");
    for (item, case, line) in COMPILE_TIME {
        assert!(dir.join(format!("{case}.rs")).exists(), "{item}: {case}.rs");
        let stderr = std::fs::read_to_string(dir.join(format!("{case}.stderr")))
            .unwrap_or_else(|e| panic!("{item}: {case}.stderr: {e}"));
        assert!(
            stderr.contains(line),
            "{item}: {case}.stderr lacks {line:?}"
        );
    }
}

type L = StaticLayout<(Axis<4, 3>, Axis<3, 1>), 0>;

#[test]
fn soundness_static_layout_checked_refuses_broken_numbers() {
    assert!(StaticLayout::<(Axis<4, -1>,), 0>::CHECKED.is_err());
    assert!(StaticLayout::<(Axis<4, -1>,), 3>::CHECKED.is_ok());
    assert!(StaticLayout::<(NegAxis<3, { isize::MIN }>,), 0>::CHECKED.is_err());
    assert!(StaticLayout::<(Axis<3, { isize::MAX }>,), 0>::CHECKED.is_err());
    assert!(StaticLayout::<(CAxis<{ usize::MAX }>, CAxis<2>), 0>::CHECKED.is_err());
    assert!(StaticLayout::<(Axis<{ usize::MAX }, 0>,), 0>::CHECKED.is_ok());
}

// A static mapping's numbers all come from its one `LAYOUT`.
fn one_truth<const N: usize, M: StaticMapping<N>>(m: M, model: Layout<N>) {
    assert_eq!(M::LAYOUT, model);
    assert_eq!(m.to_layout(), model);
    assert_eq!(m.shape(), model.shape());
    assert_eq!(m.strides(), model.strides());
    assert_eq!(m.offset(), model.offset());
    assert_eq!(M::REQUIRED_LEN, model.required_len());
}

#[test]
fn soundness_static_transforms_have_one_source_of_truth() {
    let base = Layout::new([4, 3], [3, 1], 0).unwrap();
    one_truth(L::new(), base);
    one_truth(Transposed::<L, 2>::default(), base.t());
    one_truth(
        TransposeAxes::<L, 2, 1, 0>::default(),
        base.transpose(1, 0).unwrap(),
    );
    one_truth(FlipAxis::<L, 2, 1>::default(), base.flip(1).unwrap());
    one_truth(
        IndexAxisAt::<L, Rank<2>, Rank<1>, 0, 3>::default(),
        base.index_axis(0, 3).unwrap(),
    );
    one_truth(
        InsertAxisAt::<L, Rank<2>, Rank<3>, 2>::default(),
        base.insert_axis(2).unwrap(),
    );
    let unit = StaticLayout::<(Axis<4, 3>, Axis<1, 1>), 0>::new();
    one_truth(
        RemoveAxisAt::<StaticLayout<(Axis<4, 3>, Axis<1, 1>), 0>, Rank<2>, Rank<1>, 1>::default(),
        unit.to_layout().remove_axis(1).unwrap(),
    );
    let sliced = Layout::new([2, 3], [6, 1], 3).unwrap();
    one_truth(SliceAxis::<L, 2, 0, 1, 4, 2>::default(), sliced);
    // Through a static view too.
    let buf = [0u8; 12];
    let v = constrided::strided!(&buf; shape = (4, 3)).slice_axis::<0, 1, 4, 2>();
    one_truth(*v.mapping(), sliced);
}

type Mixed = MixedLayout<(MAxis<Dyn, Dyn>, MAxis<Fix<3>, FixS<1>>), Fix<0>, 2>;

#[test]
fn soundness_mixed_layout_refuses_mismatched_static_entries() {
    assert!(Mixed::new([5, 2], [4, 1], 0).is_err()); // size 2 where 3 is static
    assert!(Mixed::new([5, 3], [4, 2], 0).is_err()); // stride 2 where 1 is static
    assert!(Mixed::new([5, 3], [4, 1], 1).is_err()); // offset 1 where 0 is static
    assert!(Mixed::new([5, 3], [-4, 1], 0).is_err()); // reaches below 0
    let m = Mixed::new([5, 3], [4, 1], 0).unwrap();
    assert_eq!(m.shape(), m.to_layout().shape());
    assert_eq!(m.strides(), m.to_layout().strides());
    assert_eq!(m.offset(), m.to_layout().offset());
}

#[test]
#[should_panic(expected = "strided!: ")]
fn soundness_checked_mixed_refuses_a_layout_that_breaks_the_static_entries() {
    let _: Mixed = checked_mixed(Layout::new([5, 2], [4, 1], 0).unwrap());
}

#[test]
#[should_panic(expected = "reaches past the end of the array")]
fn soundness_static_source_refuses_a_short_array() {
    let buf = [0u8; 11];
    let _ = (&buf).static_view(L::new());
}

#[test]
#[should_panic(expected = "or aliases")]
fn soundness_static_source_refuses_an_aliasing_layout_for_a_mut_array() {
    let mut buf = [0u8; 12];
    let _ = (&mut buf).static_view(StaticLayout::<(Axis<3, 1>, Axis<3, 1>), 0>::new());
}

#[test]
fn soundness_static_source_checks_slices_at_run_time() {
    let buf = [0u8; 11];
    assert!((&buf[..]).static_view(L::new()).is_err());
    let mut buf = [0u8; 12];
    let aliasing = StaticLayout::<(Axis<3, 1>, Axis<3, 1>), 0>::new();
    assert!((&mut buf[..]).static_view(aliasing).is_err());
}

#[test]
fn soundness_slice_info_counts_its_kept_axes() {
    let e = [SliceElem::FULL, SliceElem::Index(0)];
    assert!(SliceInfo::<2, 1>::new(e).is_some());
    assert!(SliceInfo::<2, 2>::new(e).is_none());
    let r = std::panic::catch_unwind(|| SliceInfo::<2, 2>::__new(e, PhantomData));
    assert!(r.is_err());
    assert_eq!(SliceInfo::<2, 1>::__new(e, PhantomData).elems(), &e);
}

#[test]
fn soundness_dyn_layout_internal_layout_is_validated_or_empty() {
    let d = DynLayout::new(&[4, 3], &[3, 1], 2).unwrap();
    assert_eq!(d.__layout::<2>(), Layout::new([4, 3], [3, 1], 2).unwrap());
    // Another rank: the empty layout, which reaches nothing.
    assert_eq!(d.__layout::<3>().required_len(), 0);
    assert_eq!(d.__layout::<1>().shape(), [0]);
}

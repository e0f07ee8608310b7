//! Which element types the fast paths may move as raw bits.
//!
//! The rule: a path that reinterprets elements — SIMD loads and shuffles
//! as `f32`/integer lanes, byte moves, non-temporal stores — runs only for
//! element types whose every byte is initialised for every value: the
//! primitive numbers (`u8`…`u128`, `i8`…`i128`, `usize`, `isize`, `f32`,
//! `f64`), byte arrays `[u8; K]` for K in 1, 2, 4, 8, 16 (what type-erased
//! copies move), and, under feature `half`, `half::f16` / `half::bf16`.
//! Every other `T: Copy` (tuples and structs that may have padding bytes,
//! which are uninitialised) goes through paths that only move values as
//! `T` (typed reads and writes), never as some other type.
//!
//! Stable Rust has no specialization, and `T` is not `'static` in the
//! kernels' signatures, so the check compares a lifetime-erased `TypeId`
//! (the technique of dtolnay's `typeid` crate) against the list above. The
//! comparison folds to a constant once monomorphized.

use core::any::TypeId;
use core::marker::PhantomData;

/// `TypeId` of `T` with its lifetimes erased: two types that differ only in
/// lifetimes get the same id. Every type on the list has no lifetime, so a
/// `T` that compares equal to one of them *is* that type.
fn erased_type_id<T: ?Sized>() -> TypeId {
    trait NonStaticAny {
        fn type_id_erased(&self) -> TypeId
        where
            Self: 'static;
    }
    impl<T: ?Sized> NonStaticAny for PhantomData<T> {
        fn type_id_erased(&self) -> TypeId
        where
            Self: 'static,
        {
            TypeId::of::<T>()
        }
    }
    let phantom = PhantomData::<T>;
    let obj: &dyn NonStaticAny = &phantom;
    // SAFETY: only the trait object's lifetime bound is extended; the
    // object is a zero-sized PhantomData that is never read, and the one
    // method called only computes a TypeId (the `typeid` crate's technique:
    // ids of types differing only in lifetimes coincide, which is fine for
    // a comparison against lifetime-free types).
    let obj: &(dyn NonStaticAny + 'static) =
        unsafe { core::mem::transmute::<&dyn NonStaticAny, &(dyn NonStaticAny + 'static)>(obj) };
    obj.type_id_erased()
}

/// Whether every byte of every `T` value is initialised (see the module
/// docs), so that SIMD and byte paths may move `T`s as raw bits.
#[inline(always)]
pub(crate) fn is_plain<T>() -> bool {
    let id = erased_type_id::<T>();
    macro_rules! any_of {
        ($($t:ty),* $(,)?) => { false $(|| id == TypeId::of::<$t>())* };
    }
    let base = any_of!(
        u8, i8, u16, i16, u32, i32, f32, u64, i64, f64, usize, isize, u128, i128, [u8; 1], [u8; 2],
        [u8; 4], [u8; 8], [u8; 16],
    );
    #[cfg(feature = "half")]
    let base = base || any_of!(half::f16, half::bf16);
    base
}

/// Whether `T` is a floating-point type (`f32`, `f64`, and under feature
/// `half` `half::f16` / `half::bf16`): IEEE comparisons, where every `<`
/// or `>` with a NaN operand is false. Folds to a constant once
/// monomorphized. (Used only to pick cheaper, equivalent comparisons; no
/// memory safety depends on it.)
#[inline(always)]
pub(crate) fn is_float<T>() -> bool {
    let id = erased_type_id::<T>();
    let base = id == TypeId::of::<f32>() || id == TypeId::of::<f64>();
    #[cfg(feature = "half")]
    let base = base || id == TypeId::of::<half::f16>() || id == TypeId::of::<half::bf16>();
    base
}

#[cfg(test)]
mod tests {
    use super::is_plain;

    #[test]
    fn plain_types() {
        assert!(is_plain::<u8>() && is_plain::<f32>() && is_plain::<i128>());
        assert!(is_plain::<[u8; 16]>() && is_plain::<usize>());
        assert!(!is_plain::<(u16, u8)>() && !is_plain::<(u8, u32, u8)>());
        assert!(!is_plain::<[u8; 3]>() && !is_plain::<bool>() && !is_plain::<char>());
        assert!(!is_plain::<&'static u32>() && !is_plain::<()>());
        #[cfg(feature = "half")]
        assert!(is_plain::<half::f16>() && is_plain::<half::bf16>());
        assert!(super::is_float::<f32>() && super::is_float::<f64>());
        assert!(!super::is_float::<i32>() && !super::is_float::<(f32,)>());
    }
}

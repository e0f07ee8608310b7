//! The static type layer: the types that carry a layout at compile time,
//! in one folder so that their invariants can be read in one place.
//! Public paths are re-exported by `lib.rs` under their historical names:
//! `constrided::static_layout` ([`layout`]), `constrided::static_transform`
//! ([`transform`]), `constrided::mixed_layout` ([`mixed`]) and the macro's
//! support, `constrided::__private` ([`private`]).
//!
//! Invariants (see `docs/soundness.md` for the full list):
//!
//! - **One source of truth.** Every static mapping's `shape()`,
//!   `strides()`, `offset()`, `to_layout()` and `REQUIRED_LEN` come from
//!   its one `LAYOUT` constant, which is validated by the crate's layout
//!   rules (`layout::math`) through `Layout::new` and is a compile error,
//!   never a fallback, when they fail: `StaticLayout::LAYOUT` panics on a
//!   broken `CHECKED`, and each transform's `LAYOUT` first evaluates the
//!   transform's `CHECK` (its const arguments against the source's
//!   layout). Views check `to_layout()` and index against `shape()`, so
//!   the two agree by construction.
//! - **Element counts.** `Materialize::Numel` (the length of
//!   `to_array()`'s array) is the product of a type-level shape list that
//!   each transform rewrites; `to_array` checks it against `LAYOUT` at
//!   compile time and against the copied count in every build before its
//!   `assume_init`.
//! - **Mixed layouts** hold a `Layout` validated by `Layout::new`, made
//!   only by `MixedLayout::new` / `contiguous`, which also check that the
//!   static entries equal the given numbers: the static entries returned
//!   by `shape()` / `strides()` / `offset()` equal the held layout's.
//! - **The macro's helpers** that skip a check are `unsafe fn`
//!   (`StaticLayout::__prechecked`, `static_layout::static_view`), called by
//!   the expansion in `unsafe` blocks that cover only the macro's own
//!   tokens; the others re-check what guards memory.

pub mod layout;
pub mod mixed;
pub mod private;
pub mod transform;

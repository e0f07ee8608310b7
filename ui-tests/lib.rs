//! The trybuild cases of `strided!` live in `fail/` and `pass/`; the
//! harness is `tests/ui.rs`. This library is empty.

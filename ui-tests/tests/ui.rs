//! Compile-time rules of `strided!`: trybuild cases in this folder.
//! `fail/*.rs` must not compile and must print the `.stderr` beside them;
//! `pass/*.rs` must compile and run (their asserts hold). A pass case also
//! makes trybuild run `cargo build`, so post-monomorphization errors (the
//! fixed-size array checks) are caught as well.

#[test]
#[cfg_attr(miri, ignore = "compiles other crates")]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("fail/*.rs");
    t.pass("pass/*.rs");
}

//! Gives the shared library the SONAME it is installed under
//! (`ffi/install.sh` and cargo-c install `libconstrided.so.0.1.0` with the
//! links `libconstrided.so.0` and `libconstrided.so`), so programs linked
//! against it record `libconstrided.so.0` and keep working across 0.1.x.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    // ELF targets with a GNU-compatible linker driver.
    if matches!(
        os.as_str(),
        "linux" | "android" | "freebsd" | "netbsd" | "openbsd"
    ) && env != "msvc"
    {
        println!("cargo:rustc-cdylib-link-arg=-Wl,-soname,libconstrided.so.0");
    }
}

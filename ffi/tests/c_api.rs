//! The C interface as C users get it: `tests/c/seeds.c` (every worked
//! example of the seeds, and every detectable bad argument) compiled by
//! the system C compiler with `-std=c99 -Wall -Wextra -Werror -pedantic`
//! and linked against the static library; the header also compiled and
//! linked as C++ (`tests/c/header_check.cpp`).

use std::path::{Path, PathBuf};
use std::process::Command;

fn ffi_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

// The directory holding libconstrided_ffi.a: the profile directory of this
// test binary (target/<profile>/deps/<test> -> target/<profile>). `cargo
// test` builds the library with all its crate types; if the archive is
// missing (another build layout), build it with cargo.
fn staticlib() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target/<profile>")
        .to_path_buf();
    let name = if cfg!(windows) {
        "constrided_ffi.lib"
    } else {
        "libconstrided_ffi.a"
    };
    for dir in [profile_dir.clone(), profile_dir.join("deps")] {
        if dir.join(name).exists() {
            return dir.join(name);
        }
    }
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let status = Command::new(cargo)
        .args(["build", "-p", "constrided-ffi"])
        .current_dir(ffi_dir())
        .status()
        .expect("run cargo build -p constrided-ffi");
    assert!(status.success(), "cargo build -p constrided-ffi failed");
    let built = ffi_dir().join("../target/debug").join(name);
    assert!(built.exists(), "no {} after cargo build", built.display());
    built
}

fn out_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().join("c_api_out");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// Native libraries a Rust staticlib needs on this platform.
fn native_libs() -> Vec<&'static str> {
    if cfg!(target_os = "macos") {
        vec!["-lSystem", "-lc", "-lm"]
    } else if cfg!(unix) {
        vec!["-lpthread", "-ldl", "-lm", "-lrt", "-lc"]
    } else {
        vec![]
    }
}

fn run(cmd: &mut Command) -> String {
    let out = cmd.output().unwrap_or_else(|e| panic!("{cmd:?}: {e}"));
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "{cmd:?} failed:\n{text}");
    text
}

fn compile(compiler: &str, lang_flags: &[&str], source: &str, exe: &str) -> PathBuf {
    let lib = staticlib();
    let out = out_dir().join(exe);
    let mut cmd = Command::new(compiler);
    cmd.args(lang_flags)
        .args(["-Wall", "-Wextra", "-Werror", "-pedantic"])
        .arg("-I")
        .arg(ffi_dir().join("include"))
        .arg(ffi_dir().join("tests/c").join(source))
        // `-x c++` applies to every later input: the archive is not C++.
        .args(["-x", "none"])
        .arg(&lib)
        .args(native_libs())
        .arg("-o")
        .arg(&out);
    run(&mut cmd);
    out
}

#[test]
fn seeds_through_the_c_interface() {
    let exe = compile("cc", &["-std=c99"], "seeds.c", "seeds");
    let text = run(&mut Command::new(&exe));
    println!("{text}");
    assert!(text.contains(" passed, 0 failed"), "{text}");
}

#[test]
fn header_compiles_and_links_as_cpp() {
    let exe = compile("c++", &["-x", "c++"], "header_check.cpp", "header_check");
    run(&mut Command::new(&exe));
}

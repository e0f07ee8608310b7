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

// `ffi/install.sh` into a temporary prefix (from the libraries this test
// run built: no second cargo build), then the seeds' C program built as a
// user builds it, through pkg-config: linked against the shared library
// (which must carry the SONAME libconstrided.so.0) and, with
// `pkg-config --static`, against the static one (Libs.private must be
// enough for that link).
#[cfg(target_os = "linux")]
#[test]
fn seeds_through_pkg_config_after_install() {
    let profile_dir = staticlib().parent().expect("lib dir").to_path_buf();
    assert!(
        profile_dir.join("libconstrided_ffi.so").exists(),
        "no libconstrided_ffi.so beside {}",
        profile_dir.display()
    );
    let prefix = out_dir().join("prefix");
    let _ = std::fs::remove_dir_all(&prefix);
    run(Command::new("sh")
        .arg(ffi_dir().join("install.sh"))
        .arg("--prefix")
        .arg(&prefix)
        .arg("--from")
        .arg(&profile_dir));
    let lib = prefix.join("lib");
    for f in [
        "libconstrided.so.0.1.0",
        "libconstrided.so.0",
        "libconstrided.so",
        "libconstrided.a",
        "pkgconfig/constrided.pc",
    ] {
        assert!(lib.join(f).exists(), "install.sh did not install lib/{f}");
    }
    assert!(prefix.join("include/constrided.h").exists());
    let soname = run(Command::new("readelf")
        .arg("-d")
        .arg(lib.join("libconstrided.so.0.1.0")));
    assert!(
        soname.contains("Library soname: [libconstrided.so.0]"),
        "{soname}"
    );
    let pc = std::fs::read_to_string(lib.join("pkgconfig/constrided.pc")).unwrap();
    assert!(
        pc.contains("Libs.private:") && pc.contains("-lpthread"),
        "{pc}"
    );

    let pkg_config = |args: &[&str]| -> Vec<String> {
        let out = run(Command::new("pkg-config")
            .env("PKG_CONFIG_PATH", lib.join("pkgconfig"))
            .args(args)
            .arg("constrided"));
        out.split_whitespace().map(String::from).collect()
    };
    let cflags = pkg_config(&["--cflags"]);
    let source = ffi_dir().join("tests/c/seeds.c");

    // Shared: `cc seeds.c $(pkg-config --cflags --libs constrided)`.
    let shared = out_dir().join("seeds_pkg_shared");
    run(Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .args(&cflags)
        .arg(&source)
        .args(pkg_config(&["--libs"]))
        .arg("-o")
        .arg(&shared));
    let needed = run(Command::new("readelf").arg("-d").arg(&shared));
    assert!(
        needed.contains("Shared library: [libconstrided.so.0]"),
        "{needed}"
    );
    let text = run(Command::new(&shared).env("LD_LIBRARY_PATH", &lib));
    assert!(text.contains(" passed, 0 failed"), "{text}");

    // Static: `pkg-config --static --libs`, with the archive chosen over
    // the shared library.
    let libs: Vec<String> = pkg_config(&["--static", "--libs"])
        .into_iter()
        .flat_map(|a| {
            if a == "-lconstrided" {
                vec!["-Wl,-Bstatic".into(), a, "-Wl,-Bdynamic".into()]
            } else {
                vec![a]
            }
        })
        .collect();
    let fixed = out_dir().join("seeds_pkg_static");
    run(Command::new("cc")
        .args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"])
        .args(&cflags)
        .arg(&source)
        .args(&libs)
        .arg("-o")
        .arg(&fixed));
    let needed = run(Command::new("readelf").arg("-d").arg(&fixed));
    assert!(!needed.contains("libconstrided"), "{needed}");
    let text = run(&mut Command::new(&fixed));
    assert!(text.contains(" passed, 0 failed"), "{text}");
}

//! Every error message quoted in README.md is the current text: the blocks
//! after `<!-- quoted-errors: ui -->` are the first lines of the trybuild
//! snapshots they name, and the `> call` / message pairs after
//! `<!-- quoted-errors: runtime -->` are the `Display` of those calls.

use constrided::{Layout, LayoutError, StridedArray, StridedView, Zip};

const README: &str = include_str!("../../README.md");
const UI_FAIL: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/ui-tests/fail/");

// The lines of the ```text block that follows `marker`.
fn block(marker: &str) -> Vec<&'static str> {
    let start = README
        .find(marker)
        .unwrap_or_else(|| panic!("README.md has no {marker}"));
    let rest = &README[start..];
    let open = rest
        .find("```text\n")
        .expect("a ```text block follows the marker")
        + 8;
    let close = rest[open..].find("```").expect("the block is closed") + open;
    rest[open..close].lines().collect()
}

#[test]
fn compile_errors_are_the_snapshots() {
    let lines = block("<!-- quoted-errors: ui -->");
    let errors: Vec<&[&str]> = lines.split(|l| l.is_empty()).collect();
    assert!(errors.len() >= 2, "{lines:?}");
    for quoted in errors {
        // The second line names the test case: ` --> fail/NAME.rs:L:C`.
        let case = quoted[1]
            .trim_start()
            .strip_prefix("--> fail/")
            .and_then(|r| r.split(".rs:").next())
            .unwrap_or_else(|| panic!("no `--> fail/NAME.rs` line in {quoted:?}"));
        let path = format!("{UI_FAIL}{case}.stderr");
        let snapshot = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let snap: Vec<&str> = snapshot.lines().map(str::trim_end).collect();
        let quoted: Vec<&str> = quoted.iter().map(|l| l.trim_end()).collect();
        assert!(
            snap.len() >= quoted.len() && snap[..quoted.len()] == quoted[..],
            "README.md quotes for {case}:\n{}\nbut the snapshot begins:\n{}",
            quoted.join("\n"),
            snap[..quoted.len().min(snap.len())].join("\n")
        );
    }
}

// The error of each call the README quotes, `v` a 3x4 view.
fn runtime_error(call: &str) -> Option<LayoutError> {
    let x: Vec<i32> = (0..12).collect();
    let v = StridedView::new(&x, Layout::contiguous([3, 4])).ok()?;
    Some(match call {
        "v.windows([4, 1])" => v.windows([4, 1]).err()?,
        "StridedArray::from_vec([2, 3], vec![0; 5])" => {
            StridedArray::from_vec([2, 3], vec![0; 5]).err()?
        }
        "Zip::from(v).and(v.t())" => Zip::from(v).and(v.t()).err()?,
        "Layout::new([4, 3], [20, 2], 22) over a buffer of 50" => {
            StridedView::new(&[0; 50], Layout::new([4, 3], [20, 2], 22).ok()?).err()?
        }
        "v.reshape([5, 2])" => v.reshape([5, 2]).err()?,
        _ => return None,
    })
}

#[test]
fn runtime_errors_are_the_display_of_the_calls() {
    let lines = block("<!-- quoted-errors: runtime -->");
    assert!(
        lines.len() >= 2 && lines.len().is_multiple_of(2),
        "{lines:?}"
    );
    for pair in lines.chunks(2) {
        let call = pair[0]
            .strip_prefix("> ")
            .unwrap_or_else(|| panic!("`> call` line expected, found {:?}", pair[0]));
        let err = runtime_error(call)
            .unwrap_or_else(|| panic!("README.md quotes `{call}`, which this test does not run"));
        assert_eq!(pair[1], err.to_string(), "README.md's message for `{call}`");
    }
}

// The README states LayoutError's size (clippy's `result_large_err`).
#[test]
fn layout_error_size_is_as_stated() {
    let n = core::mem::size_of::<LayoutError>();
    assert!(
        README.contains(&format!(
            "`LayoutError` carries the shapes involved and is {n} bytes"
        )),
        "LayoutError is {n} bytes"
    );
}

// Every ```rust block of the README is a complete program: the file of
// `examples/` named by the `<!-- example: examples/NAME.rs -->` line right
// before it, byte for byte, which `cargo test` compiles as an example (and
// the README's doc test runs). Every `examples/readme_*.rs` is quoted.
#[test]
fn rust_snippets_are_complete_programs_in_examples() {
    let root = env!("CARGO_MANIFEST_DIR");
    let mut quoted = Vec::new();
    let mut rest = README;
    while let Some(at) = rest.find("```rust") {
        let before = rest[..at].trim_end();
        let marker = before.lines().last().unwrap_or("");
        let file = marker
            .strip_prefix("<!-- example: ")
            .and_then(|m| m.strip_suffix(" -->"))
            .unwrap_or_else(|| {
                panic!("a ```rust block of README.md is not preceded by `<!-- example: examples/NAME.rs -->` but by {marker:?}")
            });
        let open = rest[at..].find('\n').expect("the fence line ends") + at + 1;
        let close = rest[open..].find("```").expect("the block is closed") + open;
        let snippet = &rest[open..close];
        let path = format!("{root}/{file}");
        let program = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        assert_eq!(
            snippet, program,
            "README.md's block before {file} differs from the file"
        );
        assert!(
            program.contains("fn main("),
            "{file} is not a complete program"
        );
        quoted.push(file.trim_start_matches("examples/").to_string());
        rest = &rest[close + 3..];
    }
    assert!(!quoted.is_empty(), "README.md has no Rust snippet");
    for entry in std::fs::read_dir(format!("{root}/examples")).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.starts_with("readme_") {
            assert!(
                quoted.contains(&name),
                "examples/{name} is not quoted in README.md"
            );
        }
    }
}

// The quick start's comment shows what the program prints.
#[test]
fn quick_start_comment_is_what_it_prints() {
    use constrided::s;
    let buf: Vec<f32> = (0..100).map(|x| x as f32).collect();
    let a = StridedView::new(&buf[..12], Layout::contiguous([3, 4])).unwrap();
    let printed = a.slice(s![-1, ..]).unwrap().to_string();
    assert!(
        README.contains(&format!(
            "println!(\"{{}}\", a.slice(s![-1, ..])?); // NumPy printing: {printed}\n"
        )),
        "the quick start should say it prints {printed}"
    );
}

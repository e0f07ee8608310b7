// A run-time variable as an entry: rustc's E0435 suggests a `const`;
// the fix is `dyn rows` (a run-time entry, checked at run time).
use constrided::strided;

fn main() {
    let buf = vec![0u8; 12];
    let rows = buf.len() / 3;
    let _ = strided!(&buf; shape = (rows, 3));
}

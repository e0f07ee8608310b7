// A rule decided by static entries alone is a compile error, even in a
// layout with run-time entries.
use constrided::strided;

fn main() {
    let h = 4usize;
    let mut buf = vec![0u8; 64];
    let _ = strided!(&mut buf; shape = (dyn h, 3), strides = (dyn 4isize, 0));
}

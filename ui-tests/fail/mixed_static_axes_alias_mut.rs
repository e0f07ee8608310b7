// A mixed layout whose static axes alias, whatever its run-time entries are:
// axes 1 and 2 (sizes 3 and 3, strides 1 and 1) reach the same positions.
use constrided::strided;

fn main() {
    let mut buf = vec![0u8; 90];
    let h = 10;
    let _ = strided!(&mut buf; shape = (dyn h, 3, 3), strides = (9, 1, 1));
}

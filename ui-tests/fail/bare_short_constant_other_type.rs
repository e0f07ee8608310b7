// A short upper-case name is a const argument as itself, so a constant
// of another integer type than the entry's is a type mismatch; `(N)`
// reads it as a constant expression of any integer type.
use constrided::{strided, Mapping};

const N: u32 = 3;

fn main() {
    let _ = strided![shape = (N, 2)].shape();
}

// `Integer` (the types a constant entry may have) is sealed: a user type
// that implements it would be read through its own `SIGNED`, so an enum
// whose discriminant is `u128::MAX` would be accepted as a stride of -1.
use constrided::strided;

#[derive(Clone, Copy)]
#[repr(u128)]
enum Big {
    Max = u128::MAX,
}

impl constrided::__private::Integer for Big {
    const SIGNED: bool = true;
}

const B: Big = Big::Max;

fn main() {
    let _ = strided![shape = (1,), strides = (B,)];
}

// A crate that forbids the lints the expansion's own items could raise
// still uses every form of `strided!`: the expansion writes no `#[allow]`
// (under `forbid` an `allow(non_snake_case)` is error E0453, an
// `allow(dead_code)` a future-incompatibility warning). Its `fn`s that keep
// a caller's constants from turning its `let`s into patterns are named
// `__constrided_*`, which `dead_code` does not report.
#![forbid(dead_code, non_snake_case, unused, warnings, overflowing_literals)]
use constrided::{strided, Mapping};

const COLS: u32 = 3;

trait Dims {
    const ROWS: usize;
}
struct Two;
impl Dims for Two {
    const ROWS: usize = 2;
}

fn assoc<T: Dims>() -> [usize; 2] {
    strided![shape = (T::ROWS, 3)].shape()
}

fn pick<const R: usize>(buf: &[u8; 12]) -> u8 {
    strided!(buf; shape = (const R, 3))[[R - 1, 2]]
}

fn main() {
    let h = 2usize;
    let buf: [u8; 12] = core::array::from_fn(|i| i as u8);
    assert_eq!(strided![shape = (dyn h, COLS)].unwrap().shape(), [2, 3]);
    assert_eq!(strided![shape = (4, (COLS * 1))].shape(), [4, 3]);
    assert_eq!(assoc::<Two>(), [2, 3]);
    assert_eq!(pick::<4>(&buf), 11);
    assert_eq!(strided!(&buf; shape = (4, 3))[[1, 1]], 4);
    let s = strided!(&buf[..]; shape = (dyn h, 3), strides = (dyn 3, 1)).unwrap();
    assert_eq!(s[[1, 2]], 5);
    let mut out = [0u8; 6];
    strided!(&mut out; shape = (2, 3)).fill(1);
    assert_eq!(out, [1; 6]);
    type L = strided!(type shape = (2, (COLS)));
    assert_eq!(L::default().shape(), [2, 3]);
}

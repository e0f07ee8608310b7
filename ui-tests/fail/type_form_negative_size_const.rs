use constrided::strided;

#[allow(dead_code)]
const ROWS: usize = 4;
#[allow(dead_code)]
const COLS: usize = 3;

const NEG: i32 = -2;

fn takes(_: strided!(type shape = (ROWS, (NEG)))) {}

fn main() {
    let _ = takes;
}

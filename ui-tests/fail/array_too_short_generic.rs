use constrided::strided;

fn tile<const ROWS: usize>(buf: &[f32; 40]) -> f32 {
    let v = strided!(buf; shape = (const ROWS, 3), strides = (10, 1));
    v[[0, 0]]
}

fn main() {
    let buf = [0.0f32; 40];
    let _ = tile::<4>(&buf);
    let _ = tile::<5>(&buf);
}

// A value that is not a view or array given to Zip.
use constrided::Zip;

fn main() {
    let x = vec![1.0f32, 2.0, 3.0];
    let _ = Zip::from(&x);
}

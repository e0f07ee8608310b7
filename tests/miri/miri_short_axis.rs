//! p27: `mapv` of an HWC view read as CHW (its fastest source axis short:
//! `map_uninit`'s untiled whole-row walk) and `-=` of a (c, 1, 1)
//! broadcast operand, both planned (above the small-view size) and at
//! their buffers' ends.

use constrided::{StridedArray, StridedView};

#[test]
fn map_of_hwc_as_chw_and_broadcast_compound_assign() {
    let (h, w, c) = (2usize, 5usize, 3usize);
    let img: Vec<u8> = (0..(h * w * c) as u8).collect();
    let v = StridedView::from_shape([h, w, c], &img[..]).unwrap();
    for flip in [false, true] {
        let mut chw = v.permute([2, 0, 1]).unwrap();
        if flip {
            chw = chw.flip(2).unwrap();
        }
        let mut a = chw.mapv(|x| x as f32);
        for k in 0..c {
            for i in 0..h {
                for j in 0..w {
                    assert_eq!(a[[k, i, j]], chw[[k, i, j]] as f32);
                }
            }
        }
        let m = StridedArray::from_vec([c, 1, 1], vec![1.0f32, 2.0, 3.0]).unwrap();
        a -= &m;
        assert_eq!(a[[2, 1, 4]], chw[[2, 1, 4]] as f32 - 3.0);
        let s = chw.map(|x| x.to_string());
        assert_eq!(s[[1, 1, 3]], chw[[1, 1, 3]].to_string());
    }
}

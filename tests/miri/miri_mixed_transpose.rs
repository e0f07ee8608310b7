//! p27: `t()` of a `strided!` view with a `dyn` offset is a static mapping
//! (the reversed static entries), so the static kernels (loop nests over
//! the constant shape, positions from `offset_of_unchecked`) run on it:
//! a transposed 4x4 block zipped, assigned, summed and materialised, the
//! blocks at both ends of their buffers.

use constrided::{strided, Zip};

#[test]
fn transposed_mixed_blocks() {
    const W: isize = 8;
    let src: Vec<u32> = (0..32).collect();
    let mut dst = vec![0u32; 32];
    // (source offset, destination offset): at position 0, inside, and
    // each block ending at its buffer's last element (31).
    for (os, od) in [(0usize, 0usize), (4, 1), (12, 5)] {
        let blk = strided!(&src; shape = (3, 4), strides = (W, 1), offset = dyn os).unwrap();
        let t = blk.t();
        assert_eq!(t.shape(), [4, 3]);
        assert_eq!(t.to_vec(), blk.t().iter().copied().collect::<Vec<_>>());
        assert_eq!(t.sum(), blk.sum());
        let mut ob = strided!(&mut dst; shape = (4, 3), strides = (W, 1), offset = dyn od).unwrap();
        Zip::from(&mut ob)
            .and(&t)
            .unwrap()
            .for_each(|d, &s| *d = s + 1);
        for i in 0..4 {
            for j in 0..3 {
                assert_eq!(ob[[i, j]], blk[[j, i]] + 1);
            }
        }
        ob.assign(&t).unwrap();
        ob.zip_with(&t, |d, &s| *d += s).unwrap();
        assert_eq!(ob[[3, 2]], 2 * blk[[2, 3]]);
        let mut back = ob.t_mut();
        back.map_inplace(|e| *e += 1);
        back.fill(7);
        assert_eq!(dst[od + 3 * W as usize + 2], 7);
    }
    assert_eq!(dst[31], 7);
}

// Static transforms keep the layout in the type: the results are static
// layouts (zero-sized, numbers as associated constants) and index as the
// layouts they describe.
use constrided::static_layout::StaticMapping;
use constrided::{strided, CanInsertAxis, HasAxis, Layout, Rank, StridedView};

// Code generic over the rank or the axis states the transforms' bounds
// (`HasAxis`, `CanInsertAxis`); the transforms' `CHECK` still runs at
// instantiation for what depends on the sizes.
fn first_of_flipped<const A: usize, const N: usize, L: StaticMapping<N>>(
    v: StridedView<'_, i32, N, L>,
) -> i32
where
    Rank<N>: HasAxis<A, N> + HasAxis<0, N>,
{
    let w = v.flip_axis::<A>().transpose_axes::<0, A>().slice_axis::<0, 0, 1, 1>();
    *w.iter().next().unwrap()
}

fn with_new_axis<const A: usize, L: StaticMapping<2>>(v: StridedView<'_, i32, 2, L>) -> [usize; 3]
where
    Rank<2>: CanInsertAxis<A, 2>,
{
    v.insert_axis_at::<A>().shape()
}

fn main() {
    let buf: [i32; 60] = core::array::from_fn(|i| i as i32);
    let v = strided!(&buf; shape = (3, 4, 5));
    let rt = Layout::contiguous([3, 4, 5]);

    let t = v.t();
    assert_eq!(t.layout(), rt.t());
    assert_eq!(t[[4, 3, 2]], buf[rt.offset_of([2, 3, 4]).unwrap()]);

    let s = v.transpose_axes::<0, 2>();
    assert_eq!(s.layout(), rt.transpose(0, 2).unwrap());

    let f = v.flip_axis::<1>();
    assert_eq!(f.layout(), rt.flip(1).unwrap());
    assert_eq!(f[[0, 0, 0]], 15);

    let i = v.index_axis_at::<1, 2>();
    assert_eq!(i.layout(), rt.index_axis::<2>(1, 2).unwrap());
    assert_eq!(i[[2, 4]], 2 * 20 + 2 * 5 + 4);

    let ins = v.insert_axis_at::<3>();
    assert_eq!(ins.layout(), rt.insert_axis::<4>(3).unwrap());
    let back = ins.remove_axis_at::<3>();
    assert_eq!(back.layout(), rt);

    let sl = v.slice_axis::<2, 1, 5, 2>();
    assert_eq!(sl.shape(), [3, 4, 2]);
    assert_eq!(sl[[1, 1, 1]], 20 + 5 + 3);

    // Chains stay static; the type carries every number.
    let c = v.flip_axis::<0>().slice_axis::<1, 0, 4, 3>().index_axis_at::<2, 0>().t();
    assert_eq!(c.shape(), [2, 3]);
    assert_eq!(c[[1, 0]], 40 + 15);
    assert_eq!(core::mem::size_of_val(&c.layout()), core::mem::size_of::<Layout<2>>());
    let l = strided![shape = (3, 4, 5)].flip_axis::<0>().index_axis_at::<2, 0>();
    assert_eq!(core::mem::size_of_val(&l), 0);
    fn req<L: StaticMapping<2>>(_: L) -> usize {
        L::REQUIRED_LEN
    }
    assert_eq!(req(l), 56);

    // Mutable views too.
    let mut m = [0u8; 12];
    let mut w = strided!(&mut m; shape = (3, 4)).flip_axis::<1>().slice_axis::<0, 1, 3, 1>();
    w[[0, 0]] = 7;
    assert_eq!(m[7], 7);
    let mut row = strided!(&mut m; shape = (3, 4)).index_axis_at::<0, 2>();
    row[[1]] = 9;
    assert_eq!(m[9], 9);

    let g = strided!(&buf; shape = (3, 4, 5));
    assert_eq!(first_of_flipped::<1, 3, _>(g), buf[rt.offset_of([0, 3, 0]).unwrap()]);
    assert_eq!(first_of_flipped::<0, 3, _>(g), buf[rt.offset_of([2, 0, 0]).unwrap()]);
    assert_eq!(with_new_axis::<2, _>(strided!(&buf; shape = (3, 4))), [3, 4, 1]);
}

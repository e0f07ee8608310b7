// TileRank's own doc example (a function generic over the tiler's rank R
// and the view's rank N), called with a rank-3 tiler on a rank-2 view.
use constrided::{static_layout::StaticMapping, strided, tile::TileRank, Layout, StridedView};

fn count<TL: StaticMapping<R, Rank: TileRank<R, N>>, const R: usize, const N: usize>(
    v: StridedView<'_, u8, N>,
    tiler: TL,
) -> usize {
    v.tiles(tiler).len()
}

fn main() {
    let x = [0u8; 64];
    let v = StridedView::new(&x, Layout::contiguous([8, 8])).unwrap();
    let _ = count(v, strided![shape = (2, 2, 2)]);
}

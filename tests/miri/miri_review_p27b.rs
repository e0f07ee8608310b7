//! Review of p27b (88ac8a8): `Zip::fold_planned` walks views of at most
//! 8 elements under Miri (64 natively) directly, the user's closure moved
//! into the row closure and dropped with it, also when the view is empty
//! (no row is visited). A capture whose `Drop` panics: on empty views
//! (either axis 0, rank 1 and 2), a small and a planned view, `fold`,
//! `for_each` and `map_collect` leave nothing live (the accumulator and
//! the other captures dropped once, no output item leaked).

use std::panic::{catch_unwind, AssertUnwindSafe};

use constrided::{Layout, StridedView, Zip};

use crate::shared::{live, Counted};

struct PanicOnDrop(#[allow(dead_code)] Counted);
impl Drop for PanicOnDrop {
    fn drop(&mut self) {
        panic!("drop of a capture");
    }
}

#[test]
fn capture_drop_panics_on_empty_small_and_planned_views() {
    let src: Vec<u64> = (0..12).collect();
    for (r, c) in [(0, 5), (5, 0), (0, 0), (2, 3), (3, 4)] {
        let v = StridedView::new(&src, Layout::contiguous([c, r]))
            .unwrap()
            .t();
        let w = StridedView::new(&src, Layout::contiguous([r, c])).unwrap();
        let res = catch_unwind(AssertUnwindSafe(|| {
            let cap = (Counted::new(1), PanicOnDrop(Counted::new(2)));
            Zip::from(v)
                .and(w)
                .unwrap()
                .fold(Counted::new(0), move |acc, &x, &y| {
                    let cap = &cap;
                    Counted::new(acc.0 + x + y + cap.0 .0)
                })
                .0
        }));
        assert!(res.is_err());
        assert_eq!(live(), 0, "fold ({r}, {c})");
        let res = catch_unwind(AssertUnwindSafe(|| {
            let cap = (Counted::new(1), PanicOnDrop(Counted::new(2)));
            Zip::from(v).for_each(move |&x| {
                let cap = &cap;
                std::hint::black_box(x + cap.0 .0);
            });
        }));
        assert!(res.is_err());
        assert_eq!(live(), 0, "for_each ({r}, {c})");
        let res = catch_unwind(AssertUnwindSafe(|| {
            let cap = PanicOnDrop(Counted::new(2));
            Zip::from(v).and(w).unwrap().map_collect(move |&x, &y| {
                let cap = &cap;
                Counted::new(x + y + cap.0 .0)
            })
        }));
        assert!(res.is_err());
        assert_eq!(live(), 0, "map_collect ({r}, {c})");
    }
    // The 1-D empty view.
    let e = StridedView::new(&src, Layout::contiguous([0])).unwrap();
    let res = catch_unwind(AssertUnwindSafe(|| {
        let cap = PanicOnDrop(Counted::new(2));
        Zip::from(e).fold(Counted::new(0), move |acc, &x| {
            let cap = &cap;
            Counted::new(acc.0 + x + cap.0 .0)
        })
    }));
    assert!(res.is_err());
    assert_eq!(live(), 0, "fold [0]");
}

//! Iteration plans: the pure part of every kernel. A plan takes a shape and
//! the strides of `K` operands and produces an equivalent, cheaper loop
//! nest: size-1 axes dropped, axes whose strides are negative in every
//! operand flipped, axes ordered by stride (outermost first), and adjacent
//! axes that are contiguous in every operand coalesced into one.

use crate::MAX_RANK;

/// A loop nest over `K` operands: `rank` axes, outermost first; each
/// operand starts at `start[k]` and steps `strides[k][axis]` per index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan<const K: usize> {
    pub rank: usize,
    pub shape: [usize; MAX_RANK],
    pub strides: [[isize; MAX_RANK]; K],
    pub start: [isize; K],
}

/// Whether the plan may change the order in which elements are visited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Order {
    /// Visit in logical row-major order.
    #[cfg_attr(not(test), allow(dead_code))]
    Logical,
    /// Any order (pure copies and fills): flip and reorder for memory order.
    Free,
}

impl<const K: usize> Plan<K> {
    /// Plans a loop nest; `None` when there is nothing to visit (an empty
    /// shape). `strides[k]` and `offsets[k]` belong to operand `k`; operand
    /// 0 (the destination) leads the ordering.
    pub fn new(
        shape: &[usize],
        strides: [&[isize]; K],
        offsets: [usize; K],
        order: Order,
    ) -> Option<Self> {
        if shape.contains(&0) {
            return None;
        }
        let mut plan = Plan {
            rank: 0,
            shape: [1; MAX_RANK],
            strides: [[0; MAX_RANK]; K],
            start: offsets.map(|o| o as isize),
        };
        for (axis, &size) in shape.iter().enumerate() {
            if size == 1 {
                continue;
            }
            let r = plan.rank;
            plan.shape[r] = size;
            for (k, st) in strides.iter().enumerate() {
                plan.strides[k][r] = st[axis];
            }
            plan.rank += 1;
        }
        if order == Order::Free {
            plan.flip_negative();
            plan.sort_by_stride();
        }
        plan.coalesce();
        Some(plan)
    }

    /// Number of elements visited.
    #[cfg_attr(not(any(test, feature = "rayon")), allow(dead_code))]
    pub fn numel(&self) -> usize {
        self.shape[..self.rank].iter().product()
    }

    // Axes walking backwards in every operand are walked forwards instead.
    fn flip_negative(&mut self) {
        for a in 0..self.rank {
            if (0..K).all(|k| self.strides[k][a] < 0) {
                for k in 0..K {
                    // (shape - 1 in usize first: an axis of 2^63 zero-sized
                    // elements is valid, and 2^63 is no isize.)
                    self.start[k] += (self.shape[a] - 1) as isize * self.strides[k][a];
                    self.strides[k][a] = -self.strides[k][a];
                }
            }
        }
    }

    // Outermost first: descending |stride| of operand 0, ties by the others.
    fn sort_by_stride(&mut self) {
        let key = |p: &Self, a: usize| -> [usize; K] {
            crate::array_from(|k| p.strides[k][a].unsigned_abs())
        };
        for i in 1..self.rank {
            let mut j = i;
            while j > 0 && key(self, j - 1) < key(self, j) {
                self.shape.swap(j - 1, j);
                for k in 0..K {
                    self.strides[k].swap(j - 1, j);
                }
                j -= 1;
            }
        }
    }

    // Merges axis a (outer) with a+1 (inner) when every operand steps over
    // the inner axis exactly into the next outer step.
    fn coalesce(&mut self) {
        let mut a = 0;
        while a + 1 < self.rank {
            let inner = self.shape[a + 1];
            // Checked: strides over zero-sized elements may be huge.
            let mergeable = (0..K).all(|k| {
                self.strides[k][a + 1].checked_mul(inner as isize) == Some(self.strides[k][a])
            });
            if mergeable {
                self.shape[a] *= inner;
                for k in 0..K {
                    self.strides[k][a] = self.strides[k][a + 1];
                }
                for b in a + 1..self.rank - 1 {
                    self.shape[b] = self.shape[b + 1];
                    for k in 0..K {
                        self.strides[k][b] = self.strides[k][b + 1];
                    }
                }
                self.rank -= 1;
                self.shape[self.rank] = 1;
                for k in 0..K {
                    self.strides[k][self.rank] = 0;
                }
            } else {
                a += 1;
            }
        }
    }

    /// Removes `axis`, returning its size and per-operand strides.
    pub fn take_axis(&mut self, axis: usize) -> (usize, [isize; K]) {
        let size = self.shape[axis];
        let strides: [isize; K] = crate::array_from(|k| self.strides[k][axis]);
        for b in axis..self.rank - 1 {
            self.shape[b] = self.shape[b + 1];
            for k in 0..K {
                self.strides[k][b] = self.strides[k][b + 1];
            }
        }
        self.rank -= 1;
        self.shape[self.rank] = 1;
        for k in 0..K {
            self.strides[k][self.rank] = 0;
        }
        (size, strides)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguous_copy_is_one_axis() {
        let p = Plan::<2>::new(&[4, 3, 2], [&[6, 2, 1], &[6, 2, 1]], [0, 5], Order::Free).unwrap();
        assert_eq!(p.rank, 1);
        assert_eq!(p.shape[0], 24);
        assert_eq!(
            p.strides,
            [[1, 0, 0, 0, 0, 0, 0, 0], [1, 0, 0, 0, 0, 0, 0, 0]]
        );
        assert_eq!(p.start, [0, 5]);
    }

    #[test]
    fn reversed_everywhere_is_flipped_then_coalesced() {
        let p = Plan::<2>::new(&[3, 4], [&[-4, -1], &[-4, -1]], [11, 11], Order::Free).unwrap();
        assert_eq!(
            (p.rank, p.shape[0], p.strides[0][0], p.start),
            (1, 12, 1, [0, 0])
        );
        // In logical order nothing is flipped, but the axes still coalesce.
        let q = Plan::<2>::new(&[3, 4], [&[-4, -1], &[-4, -1]], [11, 11], Order::Logical).unwrap();
        assert_eq!(
            (q.rank, q.shape[0], q.strides[0][0], q.start),
            (1, 12, -1, [11, 11])
        );
    }

    #[test]
    fn reversed_axis_of_2_pow_63_elements() {
        // An axis of 2^63 zero-sized elements walked backwards is valid
        // (positions 0..2^63-1); flipping it used `shape as isize - 1`,
        // which overflowed (found by the review of par_fill).
        let n = 1usize << 63;
        let p = Plan::<1>::new(&[n], [&[-1]], [n - 1], Order::Free).unwrap();
        assert_eq!((p.shape[0], p.strides[0][0], p.start), (n, 1, [0]));
        let q = Plan::<2>::new(&[n], [&[-1], &[-1]], [n - 1, n - 1], Order::Free).unwrap();
        assert_eq!(q.start, [0, 0]);
    }

    #[test]
    fn transpose_orders_by_destination() {
        // dst row-major 3x4, src is the transpose of a 4x3 row-major array.
        let p = Plan::<2>::new(&[3, 4], [&[4, 1], &[1, 3]], [0, 0], Order::Free).unwrap();
        assert_eq!(p.rank, 2);
        assert_eq!(&p.shape[..2], &[3, 4]);
        assert_eq!(&p.strides[0][..2], &[4, 1]);
        assert_eq!(&p.strides[1][..2], &[1, 3]);
        // Logical order keeps axes as given even when dst is column-major.
        let q = Plan::<1>::new(&[3, 4], [&[1, 3]], [0], Order::Logical).unwrap();
        assert_eq!(&q.strides[0][..2], &[1, 3]);
        let f = Plan::<1>::new(&[3, 4], [&[1, 3]], [0], Order::Free).unwrap();
        assert_eq!((f.rank, f.shape[0]), (1, 12));
    }

    #[test]
    fn size_one_and_empty_axes() {
        assert!(Plan::<1>::new(&[3, 0], [&[1, 1]], [0], Order::Free).is_none());
        let p = Plan::<1>::new(&[1, 1], [&[7, 9]], [3], Order::Free).unwrap();
        assert_eq!((p.rank, p.numel(), p.start), (0, 1, [3]));
    }
}

//! Third audit: the uniqueness check guards every `StridedViewMut` (two
//! `&mut` to one element otherwise), and reshape keeps it without a
//! re-check. Brute force over many small random layouts.

use constrided::{DynLayout, Layout};

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

fn positions(shape: &[usize], strides: &[isize], offset: usize) -> Vec<i128> {
    let n: usize = shape.iter().product();
    let mut out = Vec::with_capacity(n);
    let mut idx = vec![0usize; shape.len()];
    if n == 0 {
        return out;
    }
    loop {
        let mut p = offset as i128;
        for k in 0..shape.len() {
            p += idx[k] as i128 * strides[k] as i128;
        }
        out.push(p);
        let mut k = shape.len();
        loop {
            if k == 0 {
                return out;
            }
            k -= 1;
            idx[k] += 1;
            if idx[k] < shape[k] {
                break;
            }
            idx[k] = 0;
        }
    }
}

fn distinct(mut p: Vec<i128>) -> bool {
    p.sort_unstable();
    p.windows(2).all(|w| w[0] != w[1])
}

#[test]
fn is_unique_matches_brute_force() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut seen_alias = 0;
    for case in 0..20_000u32 {
        let rank = 1 + rng.below(6) as usize;
        let shape: Vec<usize> = (0..rank).map(|_| 1 + rng.below(5) as usize).collect();
        let range = [3i64, 7, 13, 40][rng.below(4) as usize];
        let strides: Vec<isize> = (0..rank)
            .map(|_| (rng.below(2 * range as u64 + 1) as i64 - range) as isize)
            .collect();
        let off = (strides
            .iter()
            .zip(&shape)
            .map(|(&s, &n)| {
                if s < 0 {
                    -(s as i128) * (n as i128 - 1)
                } else {
                    0
                }
            })
            .sum::<i128>()) as usize;
        let l = DynLayout::new(&shape, &strides, off).unwrap();
        let want = distinct(positions(&shape, &strides, off));
        if !want {
            seen_alias += 1;
        }
        assert_eq!(
            l.is_unique(),
            want,
            "case {case}: shape {shape:?} strides {strides:?}"
        );
        match l.check_unique() {
            Ok(()) => assert!(want),
            Err(_) => assert!(!want),
        }
    }
    assert!(seen_alias > 300);
}

// Reshape of a unique layout is unique and reaches only its positions.
#[test]
fn reshape_keeps_unique_and_positions() {
    let mut rng = Rng(0x1234_5678_9ABC_DEF1);
    let mut ok = 0;
    for _ in 0..10_000u32 {
        let shape = [
            1 + rng.below(4) as usize,
            1 + rng.below(4) as usize,
            1 + rng.below(4) as usize,
        ];
        let strides: [isize; 3] = core::array::from_fn(|_| (rng.below(41) as isize) - 20);
        let off = strides
            .iter()
            .zip(&shape)
            .map(|(&s, &n)| if s < 0 { -s * (n as isize - 1) } else { 0 })
            .sum::<isize>() as usize;
        let l = Layout::new(shape, strides, off).unwrap();
        if !l.is_unique() {
            continue;
        }
        let n = l.numel();
        let mut src = positions(&shape, &strides, off);
        // a random factorisation of n into 2 axes
        let divs: Vec<usize> = (1..=n).filter(|d| n % d == 0).collect();
        let a = divs[rng.below(divs.len() as u64) as usize];
        let Ok(r) = l.reshape([a, n / a]) else {
            continue;
        };
        ok += 1;
        let got = positions(&r.shape(), &r.strides(), r.offset());
        assert_eq!(got, src, "{l} -> {r}");
        assert!(r.is_unique());
        src.sort_unstable();
        let mut g = got.clone();
        g.sort_unstable();
        assert_eq!(g, src);
    }
    assert!(ok > 300);
}

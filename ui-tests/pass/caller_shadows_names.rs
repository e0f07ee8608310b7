// The expansion is made of source templates pasted around the user's
// tokens: it must keep its meaning whatever the caller's scope holds.
// Every path it writes is absolute (`::core`, `::constrided`), so a module
// without the prelude, and user modules named `constrided`, `core` and
// `std`, change nothing; entries that are raw identifiers, block
// expressions, casts and negations are read as the user's expressions;
// a wrapper's own locals named like the macro's are not captured.
#![forbid(unsafe_code)]
#![allow(non_upper_case_globals, non_snake_case)]
use constrided::strided;

mod no_prelude {
    #![no_implicit_prelude]

    const ROWS: u8 = 4;

    fn first<const R: usize>(buf: &[u8; 12]) -> u8 {
        ::constrided::strided!(buf; shape = (R, 3))[[0, 0]]
    }

    pub fn shapes() -> ([[usize; 2]; 3], [isize; 2]) {
        let b = [0u8; 12];
        let v = ::constrided::strided!(&b; shape = (4, 3));
        let l = ::constrided::strided![shape = (ROWS, 3), strides = (-(3 as isize), 1), offset = 9];
        let m = ::constrided::strided!(&b[..]; shape = (dyn 4, 3));
        let _ = first::<4>(&b);
        (
            [
                ::constrided::Mapping::shape(&v.layout()),
                ::constrided::Mapping::shape(&l),
                ::constrided::Mapping::shape(&m.unwrap().layout()),
            ],
            ::constrided::Mapping::strides(&l),
        )
    }
}

mod shadows {
    pub mod constrided {
        pub mod __private {}
    }
    pub mod core {}
    pub mod std {}
    #[allow(dead_code)]
    pub fn layout_fits_buffer() {}
    const COLS: usize = 3;

    pub fn shapes() -> [[usize; 2]; 2] {
        let b = [0u8; 12];
        let v = ::constrided::strided!(&b; shape = (4, COLS), strides = (3, 1));
        let l = ::constrided::strided![shape = (4, COLS)];
        [
            ::constrided::Mapping::shape(&v.layout()),
            ::constrided::Mapping::shape(&l),
        ]
    }
}

const r#const: usize = 4;
const LONG: i64 = 3;

macro_rules! wrap_expr {
    ($b:expr; $e:expr, $f:expr) => {{
        let STRIDED_SHAPE_0 = 99usize;
        let __constrided_layout = 1;
        let _ = (STRIDED_SHAPE_0, __constrided_layout);
        strided!($b; shape = ($e, $f))
    }};
}

// Constants named like the macro's locals: a pattern naming a constant
// would match it instead of binding (and `Span::mixed_site` hygiene covers
// locals, not items), so each local is declared where no such constant is
// in scope. Entries without parentheses: `LONG as usize` is a cast (not a
// path), `-(3)` is -3 (the macro reads a literal in parentheses as the literal).
mod consts_named_like_locals {
    #![allow(dead_code)]
    const __constrided_buffer: &[u8; 12] = &[0; 12];
    const __constrided_layout: u8 = 0;
    const __constrided_check: u8 = 0;
    const __constrided_prechecked: u8 = 0;
    const LONG: i64 = 3;

    fn generic<const R: usize>(b: &[u8; 12]) -> u8 {
        let l = ::constrided::strided![shape = (const R, LONG as usize)];
        ::constrided::Mapping::shape(&l)[0] as u8 + ::constrided::strided!(b; shape = (const R, 3))[[1, 2]]
    }

    pub fn views() -> u8 {
        let b: [u8; 12] = core::array::from_fn(|i| i as u8);
        let mut m = [0u8; 12];
        let v = ::constrided::strided!(&b; shape = (4, LONG as usize), strides = (-(3), 1), offset = 9);
        let mut w = ::constrided::strided!(&mut m; shape = (4, 3));
        w[[3, 2]] = v[[0, 0]];
        let x = ::constrided::strided!(&__constrided_buffer[..]; shape = (dyn 4, 3)).unwrap();
        m[11] + generic::<4>(&b) + x[[0, 0]] + ::constrided::strided!(__constrided_buffer; shape = (4, 3))[[3, 2]]
    }
}

// Other items a pattern could name instead of binding: a unit struct, enum
// variants brought in by a glob, a static, and const generic parameters of
// the caller named like the macro's locals.
mod items_named_like_locals {
    #![allow(dead_code, non_camel_case_types, unused_imports)]
    struct __constrided_layout;
    pub enum E {
        __constrided_check,
        __constrided_prechecked,
    }
    use E::*;
    static __constrided_buffer: [u8; 1] = [7];

    fn params<const __constrided_buffer: usize, const __constrided_layout: usize>(
        b: &[u8; 12],
    ) -> u8 {
        ::constrided::strided!(b; shape = (4, 3))[[3, 2]]
            + ::constrided::strided!(b; shape = (const __constrided_buffer, 3))[[0, 1]]
    }

    pub fn views() -> u8 {
        let b: [u8; 12] = core::array::from_fn(|i| i as u8);
        let v = ::constrided::strided!(&b; shape = (4, 3), strides = (-3, 1), offset = 9);
        let w = ::constrided::strided!(&b[..]; shape = (4, 3)).unwrap();
        v[[0, 0]] + w[[1, 0]] + params::<4, 0>(&b)
    }
}

// Short lower-case items (constants, a unit struct, a static) named like
// the bindings an expansion could write (`Some(m)`, `Ok(v)`, `let v`): the
// expansion binds no name, its checks are calls of `#[track_caller]`
// helpers, so every path (checked constant entries, default strides,
// `len`, `&mut`, run-time entries, const generic parameters, associated
// constants, the type form) keeps its meaning.
mod short_items_named_like_bindings {
    #![allow(dead_code, non_camel_case_types)]
    const m: usize = 7;
    const v: usize = 7;
    const e: usize = 7;
    struct l;
    static s: u8 = 0;
    const COLS: usize = 3;

    trait Dims {
        const N: usize;
    }
    struct Four;
    impl Dims for Four {
        const N: usize = 4;
    }

    fn generic<const R: usize, T: Dims>(b: &[u8; 12]) -> usize {
        let g = ::constrided::strided![shape = (const R, COLS)];
        let a = ::constrided::strided![shape = (T::N, COLS), strides = (COLS as isize, 1)];
        let x = ::constrided::strided!(b; shape = (const R, 3));
        ::constrided::Mapping::shape(&g)[0] + ::constrided::Mapping::shape(&a)[0] + x[[1, 2]] as usize
    }

    pub fn views() -> usize {
        let b: [u8; 12] = core::array::from_fn(|i| i as u8);
        let mut w = [0u8; 12];
        let t = ::constrided::strided![shape = (4, COLS * 1), len = 12];
        let u = ::constrided::strided!(&b; shape = (4, COLS), strides = (COLS as isize, 1), offset = COLS - 3);
        let mut o = ::constrided::strided!(&mut w; shape = (4, COLS));
        o[[3, 2]] = 5;
        let d = ::constrided::strided!(&b[..]; shape = (dyn 4, COLS), strides = (dyn 3, 1)).unwrap();
        let ty: ::constrided::strided!(type shape = (4, COLS)) = Default::default();
        ::constrided::Mapping::shape(&t)[1]
            + u[[3, 2]] as usize
            + d[[1, 0]] as usize
            + ::constrided::Mapping::shape(&ty)[0]
            + w[11] as usize
            + generic::<4, Four>(&b)
    }
}

fn main() {
    assert_eq!(short_items_named_like_bindings::views(), 3 + 11 + 3 + 4 + 5 + (4 + 4 + 5));
    assert_eq!(items_named_like_locals::views(), 9 + 3 + 11 + 1);
    assert_eq!(consts_named_like_locals::views(), 9 + 4 + 5);
    assert_eq!(no_prelude::shapes(), ([[4, 3], [4, 3], [4, 3]], [-3, 1]));
    assert_eq!(shadows::shapes(), [[4, 3], [4, 3]]);
    let b = [1u8; 24];
    let v = strided!(&b; shape = (r#const, (LONG as usize)), strides = ({ let x = 3; x * 2 }, -1), offset = { 2 });
    assert_eq!((v.shape(), v.strides(), v.offset()), ([4, 3], [6, -1], 2));
    let v = wrap_expr!(&b; 2 + 2, LONG);
    assert_eq!(v.shape(), [4, 3]);
    let mut m = [0u8; 12];
    let mut w = wrap_expr!(&mut m; 4, 3);
    w[[3, 2]] = 7;
    assert_eq!(m[11], 7);
}

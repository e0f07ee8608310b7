//! NumPy's default float printing (`FloatingFormat` with `floatmode='maxprec'`,
//! `sign='-'`, precision 8), for `f32` and `f64` elements; a `{:.p}`
//! precision is `floatmode='fixed'` with precision p (exactly p fraction
//! digits, as Rust's `{:.p}` and ndarray print). The digits come from Rust's float formatting: `{}` and
//! `{:e}` give the shortest repr that round-trips (NumPy's dragon4 in unique
//! mode), and `{:.p}` / `{:.pe}` round the exact value half to even at `p`
//! fraction digits (dragon4 with a cutoff). No allocation: numbers are
//! formatted into a stack buffer.

use core::fmt::{self, Write};

use super::{spaces, summarizes, visit, Elem};
use crate::layout::Mapping;
use crate::view::StridedView;

/// The float types printed as NumPy prints them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Kind {
    F32,
    F64,
}

impl Kind {
    /// `Some` for `f32` and `f64`. Without `T: 'static` there is no
    /// `TypeId`; the name of a primitive type is its bare name (a type of
    /// the user's is named with its path). A wrong answer could only change
    /// how elements print: the value is read back from the element's own
    /// formatting (which parses as `f32`/`f64` or is printed as it is).
    pub(super) fn of<T>() -> Option<Kind> {
        match core::any::type_name::<T>() {
            "f32" => Some(Kind::F32),
            "f64" => Some(Kind::F64),
            _ => None,
        }
    }
}

#[derive(Clone, Copy)]
enum Float {
    F32(f32),
    F64(f64),
}

impl Float {
    fn is_finite(self) -> bool {
        match self {
            Float::F32(x) => x.is_finite(),
            Float::F64(x) => x.is_finite(),
        }
    }
    fn is_nan(self) -> bool {
        match self {
            Float::F32(x) => x.is_nan(),
            Float::F64(x) => x.is_nan(),
        }
    }
    fn is_sign_negative(self) -> bool {
        match self {
            Float::F32(x) => x.is_sign_negative(),
            Float::F64(x) => x.is_sign_negative(),
        }
    }
    fn abs(self) -> f64 {
        match self {
            Float::F32(x) => f64::from(x).abs(),
            Float::F64(x) => x.abs(),
        }
    }
    // Positional: `{}` (shortest) or `{:.p}`.
    fn positional(self, b: &mut Buf, p: Option<usize>) {
        b.clear();
        let _ = match (self, p) {
            (Float::F32(x), None) => write!(b, "{x}"),
            (Float::F64(x), None) => write!(b, "{x}"),
            (Float::F32(x), Some(p)) => write!(b, "{x:.p$}"),
            (Float::F64(x), Some(p)) => write!(b, "{x:.p$}"),
        };
    }
    // Scientific: `{:e}` (shortest) or `{:.pe}`.
    fn scientific(self, b: &mut Buf, p: Option<usize>) {
        b.clear();
        let _ = match (self, p) {
            (Float::F32(x), None) => write!(b, "{x:e}"),
            (Float::F64(x), None) => write!(b, "{x:e}"),
            (Float::F32(x), Some(p)) => write!(b, "{x:.p$e}"),
            (Float::F64(x), Some(p)) => write!(b, "{x:.p$e}"),
        };
    }
}

// Room for any f64 in positional form (5e-324 takes 326 characters).
const CAP: usize = 400;

struct Buf {
    b: [u8; CAP],
    n: usize,
}

impl Buf {
    fn new() -> Self {
        Buf { b: [0; CAP], n: 0 }
    }
    fn clear(&mut self) {
        self.n = 0;
    }
    fn as_str(&self) -> &str {
        // Only whole `&str`s are ever written.
        core::str::from_utf8(&self.b[..self.n]).unwrap_or("")
    }
}

impl Write for Buf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.n + s.len();
        if end > CAP {
            return Err(fmt::Error);
        }
        self.b[self.n..end].copy_from_slice(s.as_bytes());
        self.n = end;
        Ok(())
    }
}

// The element's value, read back from its own formatting.
fn value<T>(kind: Kind, raw: Elem<'_, T>, x: &T, b: &mut Buf) -> Option<Float> {
    b.clear();
    raw(x, b).ok()?;
    let s = b.as_str();
    match kind {
        Kind::F32 => s.parse().ok().map(Float::F32),
        Kind::F64 => s.parse().ok().map(Float::F64),
    }
}

// Positional digits of a finite value with at most `p` fraction digits
// (shortest repr, or rounded at `p`), trailing zeros trimmed:
// (integer part with its sign, fraction digits).
fn fixed(v: Float, p: usize, b: &mut Buf) -> (usize, usize) {
    v.positional(b, None);
    let frac = |b: &Buf| b.as_str().find('.').map_or(0, |d| b.n - d - 1);
    if frac(b) > p {
        v.positional(b, Some(p));
        while b.n > 0 && b.b[b.n - 1] == b'0' && b.as_str().contains('.') {
            b.n -= 1;
        }
    }
    let s = b.as_str();
    match s.find('.') {
        Some(d) => (d, s.len() - d - 1),
        None => (s.len(), 0),
    }
}

// Scientific digits of a finite value with at most `p` mantissa fraction
// digits, trailing zeros trimmed: (mantissa integer part with its sign,
// mantissa fraction digits, exponent). The buffer holds `m[.f]e<exp>`.
fn sci(v: Float, p: usize, b: &mut Buf) -> (usize, usize, i32) {
    v.scientific(b, None);
    let parts = |b: &Buf| {
        let s = b.as_str();
        let e = s.find('e').unwrap_or(s.len());
        let exp: i32 = s.get(e + 1..).and_then(|t| t.parse().ok()).unwrap_or(0);
        match s[..e].find('.') {
            Some(d) => (d, e - d - 1, exp),
            None => (e, 0, exp),
        }
    };
    let (mut int, mut frac, mut exp) = parts(b);
    if frac > p {
        v.scientific(b, Some(p));
        (int, frac, exp) = parts(b);
        while frac > 0 && b.b[int + frac] == b'0' {
            frac -= 1;
        }
    }
    (int, frac, exp)
}

// The number of decimal digits of |exp|, at least 2 (NumPy's `e+05`).
fn exp_digits(exp: i32) -> usize {
    let mut n = exp.unsigned_abs();
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d.max(2)
}

// Calls its argument on every printed value (a second pass re-reads them).
type Values<'a> = &'a mut dyn FnMut(&mut dyn FnMut(Float));

// NumPy's `FloatingFormat` after `fillFormat`.
struct Format {
    exp: bool,
    // NumPy's floatmode='fixed' (a `{:.p}` precision): every value has
    // exactly `precision` fraction digits, trailing zeros kept.
    fixed: bool,
    precision: usize,
    pad_left: usize,
    pad_right: usize,
    exp_size: usize,
}

impl Format {
    fn new(kind: Kind, vals: Values<'_>, precision: usize, fixed_mode: bool) -> Format {
        let mut b = Buf::new();
        // The magnitudes of the finite nonzero values choose the notation.
        let (mut max, mut min, mut finite) = (0f64, f64::INFINITY, false);
        let (mut nonfinite, mut neginf) = (false, false);
        vals(&mut |v| {
            if v.is_finite() {
                finite = true;
                let a = v.abs();
                if a != 0.0 {
                    max = max.max(a);
                    min = min.min(a);
                }
            } else {
                nonfinite = true;
                neginf |= !v.is_nan() && v.is_sign_negative();
            }
        });
        // NumPy 2.3+: the largest fixed-notation magnitude is
        // 10^min(8, finfo.precision): 1e8 for f64, 1e6 for f32.
        let cutoff = match kind {
            Kind::F32 => 1e6,
            Kind::F64 => 1e8,
        };
        let exp = min.is_finite() && (max >= cutoff || min < 1e-4 || max / min > 1e3);
        let mut f = Format {
            exp,
            fixed: fixed_mode,
            precision,
            pad_left: 0,
            pad_right: 0,
            exp_size: 0,
        };
        if !finite {
            // Only nan and inf: no digits.
        } else if exp {
            let (mut int, mut frac, mut size) = (0, 0, 2);
            vals(&mut |v| {
                if v.is_finite() {
                    let (i, fr, e) = sci(v, precision, &mut b);
                    int = int.max(i);
                    frac = frac.max(fr);
                    size = size.max(exp_digits(e));
                }
            });
            f.precision = if fixed_mode { precision } else { frac };
            f.pad_left = int;
            f.exp_size = size;
            f.pad_right = size + 2 + f.precision;
        } else {
            let (mut int, mut frac) = (0, 0);
            vals(&mut |v| {
                if v.is_finite() {
                    let (i, fr) = fixed(v, precision, &mut b);
                    int = int.max(i);
                    frac = frac.max(fr);
                }
            });
            f.pad_left = int;
            f.pad_right = if fixed_mode { precision } else { frac };
        }
        if nonfinite {
            let offset = f.pad_right + 1;
            f.pad_left = f
                .pad_left
                .max(3usize.saturating_sub(offset))
                .max((3 + usize::from(neginf)).saturating_sub(offset));
        }
        f
    }

    fn write(&self, v: Float, w: &mut dyn Write, b: &mut Buf) -> fmt::Result {
        if !v.is_finite() {
            let s = if v.is_nan() {
                "nan"
            } else if v.is_sign_negative() {
                "-inf"
            } else {
                "inf"
            };
            spaces(
                w,
                (self.pad_left + self.pad_right + 1).saturating_sub(s.len()),
            )?;
            return w.write_str(s);
        }
        if self.exp {
            // Every mantissa has `precision` fraction digits: the shortest
            // repr's, or more digits of the exact value (NumPy's dragon4
            // with `min_digits`), which is `{:.pe}` in both cases.
            v.scientific(b, Some(self.precision));
            let s = b.as_str();
            let int = s.find('.').or_else(|| s.find('e')).unwrap_or(0);
            let exp: i32 = s
                .find('e')
                .and_then(|e| s[e + 1..].parse().ok())
                .unwrap_or(0);
            spaces(w, self.pad_left.saturating_sub(int))?;
            w.write_str(&s[..int])?;
            w.write_char('.')?;
            w.write_str(&s[(int + 1).min(s.len())..int + 1 + self.precision])?;
            w.write_char('e')?;
            w.write_char(if exp < 0 { '-' } else { '+' })?;
            for _ in exp_digits(exp)..self.exp_size {
                w.write_char('0')?;
            }
            if exp.unsigned_abs() < 10 {
                w.write_char('0')?;
            }
            write!(w, "{}", exp.unsigned_abs())
        } else if self.fixed {
            // `{:.p}`: exactly p fraction digits, rounded half to even at
            // the exact value as NumPy's dragon4 does; `2.` when p = 0.
            v.positional(b, Some(self.precision));
            let s = b.as_str();
            let int = s.find('.').unwrap_or(s.len());
            spaces(w, self.pad_left.saturating_sub(int))?;
            w.write_str(&s[..int])?;
            w.write_char('.')?;
            w.write_str(s.get(int + 1..).unwrap_or(""))
        } else {
            let (int, frac) = fixed(v, self.precision, b);
            let s = b.as_str();
            spaces(w, self.pad_left.saturating_sub(int))?;
            w.write_str(&s[..int])?;
            w.write_char('.')?;
            w.write_str(&s[s.len() - frac..])?;
            spaces(w, self.pad_right.saturating_sub(frac))
        }
    }
}

/// The whole array of floats, as NumPy prints it. `raw` writes an element
/// as Rust does (`{}` or `{:?}`), to read its value back; an element that
/// does not read back prints as `raw` writes it.
pub(super) fn write_array<T, const N: usize, M: Mapping<N>>(
    f: &mut dyn Write,
    view: StridedView<'_, T, N, M>,
    kind: Kind,
    raw: Elem<'_, T>,
    precision: Option<usize>,
) -> fmt::Result {
    let summarize = summarizes(view);
    let format = Format::new(
        kind,
        &mut |g| {
            let mut b = Buf::new();
            visit(view, summarize, &mut |x| {
                if let Some(v) = value(kind, raw, x, &mut b) {
                    g(v);
                }
            })
        },
        precision.unwrap_or(8),
        precision.is_some(),
    );
    let elem = |x: &T, w: &mut dyn Write| {
        let mut b = Buf::new();
        match value(kind, raw, x, &mut b) {
            Some(v) => format.write(v, w, &mut b),
            None => raw(x, w),
        }
    };
    super::write_array(f, view, &elem)
}

//! Error messages as `const fn`: [`describe`] renders a [`LayoutError`] with
//! its numbers into a fixed buffer, so the same text serves `Display` at run
//! time and the `strided!` macro's compile-time errors (const evaluation can
//! only panic with a `&str`, and cannot run `core::fmt`).
//!
//! ```
//! use constrided::{layout::message::describe, LayoutError};
//! const M: &str = "slice step is 0 on axis 1";
//! assert_eq!(describe(&LayoutError::ZeroStep { axis: 1 }).as_str(), M);
//! ```

use crate::error::{Dims, LayoutError, ShapeArg};

const CAP: usize = 640;

impl core::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        // One text for run time and compile time: the `const fn` below.
        f.write_str(describe(self).as_str())
    }
}

/// A rendered message: up to 640 bytes of UTF-8, no allocation.
///
/// ```
/// use constrided::layout::message::describe;
/// use constrided::LayoutError;
/// let m = describe(&LayoutError::OutOfBounds { required: 87, len: 50 });
/// assert_eq!(m.as_str(), "layout needs a buffer of at least 87 elements, but the buffer has 50");
/// ```
#[derive(Clone, Copy)]
pub struct Message {
    buf: [u8; CAP],
    len: usize,
}

impl Message {
    const fn new() -> Self {
        Message {
            buf: [0; CAP],
            len: 0,
        }
    }

    /// A message holding `s` (cut at 640 bytes), to build on with
    /// [`push`](Self::push) and [`push_int`](Self::push_int).
    ///
    /// ```
    /// use constrided::layout::message::Message;
    /// let m = Message::from_text("size ").push_int(-3).push(" is negative");
    /// assert_eq!(m.as_str(), "size -3 is negative");
    /// ```
    pub const fn from_text(s: &str) -> Self {
        Message::new().push(s)
    }

    /// The text.
    ///
    /// ```
    /// # use constrided::{layout::message::describe, LayoutError};
    /// assert!(describe(&LayoutError::ZeroStep { axis: 1 }).as_str().contains("axis 1"));
    /// ```
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.buf.split_at(self.len).0) {
            Ok(s) => s,
            Err(_) => "(message was cut)",
        }
    }

    /// Appends text (silently cut at the capacity, on a character boundary).
    ///
    /// ```
    /// # use constrided::{layout::message::describe, LayoutError};
    /// let m = describe(&LayoutError::NotExclusive).push("!");
    /// assert!(m.as_str().ends_with('!'));
    /// ```
    pub const fn push(mut self, s: &str) -> Self {
        let b = s.as_bytes();
        let mut i = 0;
        while i < b.len() && self.len < CAP {
            // Never split a multi-byte character.
            if self.len + 4 > CAP && b[i] >= 0x80 {
                break;
            }
            self.buf[self.len] = b[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// Appends a signed number in decimal.
    ///
    /// ```
    /// # use constrided::{layout::message::describe, LayoutError};
    /// let m = describe(&LayoutError::ZeroStep { axis: 0 }).push(" ").push_int(-38);
    /// assert!(m.as_str().ends_with(" -38"));
    /// ```
    pub const fn push_int(self, v: i128) -> Self {
        let mut digits = [0u8; 40];
        let mut n = v.unsigned_abs();
        let mut k = digits.len();
        loop {
            k -= 1;
            digits[k] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        if v < 0 {
            k -= 1;
            digits[k] = b'-';
        }
        match core::str::from_utf8(digits.split_at(k).1) {
            Ok(s) => self.push(s),
            Err(_) => self,
        }
    }

    const fn push_uint(self, v: usize) -> Self {
        self.push_int(v as i128)
    }

    /// Appends a tuple of numbers, `(4, 3)`, or `(5,)` for one.
    ///
    /// ```
    /// # use constrided::{layout::message::describe, Dims, LayoutError};
    /// let m = describe(&LayoutError::NotExclusive).push(" ").push_dims(&Dims::new(&[5]));
    /// assert!(m.as_str().ends_with(" (5,)"));
    /// ```
    pub const fn push_dims(self, d: &Dims) -> Self {
        let v = d.as_slice();
        let mut m = self.push("(");
        let mut i = 0;
        while i < v.len() {
            if i > 0 {
                m = m.push(", ");
            }
            m = m.push_uint(v[i]);
            i += 1;
        }
        if v.len() == 1 {
            m = m.push(",");
        }
        m.push(")")
    }
}

// The product of `d`, saturated at usize::MAX.
const fn numel(d: &Dims) -> usize {
    let v = d.as_slice();
    let mut n = 1usize;
    let mut i = 0;
    while i < v.len() {
        n = n.saturating_mul(v[i]);
        i += 1;
    }
    n
}

// The first entry of `d`, or 0.
const fn first(d: &Dims) -> usize {
    match d.as_slice().first() {
        Some(&v) => v,
        None => 0,
    }
}

// `ShapeMismatch`, naming the argument that is wrong.
const fn shape_mismatch(m: Message, expected: &Dims, found: &Dims, arg: ShapeArg) -> Message {
    match arg {
        ShapeArg::Shape => m
            .push("shape mismatch: expected ")
            .push_dims(expected)
            .push(", found ")
            .push_dims(found),
        ShapeArg::Source => m
            .push("the source has shape ")
            .push_dims(found)
            .push(", but the destination has shape ")
            .push_dims(expected),
        ShapeArg::Destination => m
            .push("the destination has shape ")
            .push_dims(found)
            .push(", but the result has shape ")
            .push_dims(expected),
        ShapeArg::Operand(k) => m
            .push("Zip operand ")
            .push_uint(k)
            .push(" has shape ")
            .push_dims(found)
            .push(", but operand 1 has shape ")
            .push_dims(expected),
        ShapeArg::Window => {
            let (e, f) = (expected.as_slice(), found.as_slice());
            let mut k = 0;
            while k < e.len() && k < f.len() {
                if f[k] > e[k] {
                    return m
                        .push("window ")
                        .push_uint(f[k])
                        .push(" on axis ")
                        .push_uint(k)
                        .push(" is larger than the axis' size ")
                        .push_uint(e[k])
                        .push(" (window ")
                        .push_dims(found)
                        .push(", view shape ")
                        .push_dims(expected)
                        .push(")");
                }
                k += 1;
            }
            m.push("the number of windows ")
                .push_dims(found)
                .push(" over shape ")
                .push_dims(expected)
                .push(" does not fit in usize")
        }
        ShapeArg::Vector => m
            .push("the vector has ")
            .push_uint(first(found))
            .push(" elements, but shape ")
            .push_dims(expected)
            .push(" has ")
            .push_uint(numel(expected)),
        ShapeArg::SliceForShape => m
            .push("the slice has ")
            .push_uint(first(found))
            .push(" elements, but shape ")
            .push_dims(expected)
            .push(" has ")
            .push_uint(numel(expected)),
        ShapeArg::SliceLen => m
            .push("the slice has ")
            .push_uint(first(found))
            .push(" elements, but the view has ")
            .push_uint(numel(expected)),
        ShapeArg::Reshape => m
            .push("cannot reshape shape ")
            .push_dims(expected)
            .push(" of ")
            .push_uint(numel(expected))
            .push(" elements into ")
            .push_dims(found)
            .push(" of ")
            .push_uint(numel(found))
            .push(" elements"),
        ShapeArg::RemovedAxis(axis) => m
            .push("axis ")
            .push_uint(axis)
            .push(" has size ")
            .push_uint(first(found))
            .push("; only an axis of size 1 can be removed"),
        ShapeArg::Strides => m
            .push("shape ")
            .push_dims(expected)
            .push(" has ")
            .push_uint(expected.len())
            .push(" axes, but ")
            .push_uint(first(found))
            .push(" strides were given"),
        ShapeArg::Dot => {
            let e = expected.as_slice();
            let inner_l = match e.last() {
                Some(&v) => v,
                None => 0,
            };
            m.push("dot: shapes ")
                .push_dims(expected)
                .push(" and ")
                .push_dims(found)
                .push(" are not aligned: ")
                .push_uint(inner_l)
                .push(" (axis ")
                .push_uint(e.len().saturating_sub(1))
                .push(") != ")
                .push_uint(first(found))
                .push(" (axis 0)")
        }
    }
}

/// The message of a [`LayoutError`], naming its numbers. `Display` prints
/// exactly this text; `strided!` shows it as a compile error.
///
/// ```
/// use constrided::{layout::message::describe, LayoutError};
/// let e = LayoutError::NegativeReach { position: -38 };
/// assert_eq!(describe(&e).as_str(), "layout reaches position -38, below the start of the buffer");
/// assert_eq!(describe(&e).as_str(), e.to_string());
/// ```
pub const fn describe(e: &LayoutError) -> Message {
    describe_after("", e)
}

/// [`describe`] with `prefix` in front, e.g. `"strided!: "`.
///
/// ```
/// use constrided::{layout::message::describe_after, LayoutError};
/// let m = describe_after("strided!: ", &LayoutError::ZeroStep { axis: 2 });
/// assert_eq!(m.as_str(), "strided!: slice step is 0 on axis 2");
/// ```
pub const fn describe_after(prefix: &str, e: &LayoutError) -> Message {
    let m = Message::new().push(prefix);
    match *e {
        LayoutError::NegativeReach { position } => m
            .push("layout reaches position ")
            .push_int(position)
            .push(", below the start of the buffer"),
        LayoutError::Overflow { position } => m
            .push("layout reaches position ")
            .push_int(position)
            .push(", beyond the largest addressable position ")
            .push_int(isize::MAX as i128),
        LayoutError::ElementCountOverflow { shape } => m
            .push("shape ")
            .push_dims(&shape)
            .push(" has more elements than fit in usize (")
            .push_uint(usize::MAX)
            .push(")"),
        LayoutError::OutOfBounds { required, len } => m
            .push("layout needs a buffer of at least ")
            .push_uint(required)
            .push(" elements, but the buffer has ")
            .push_uint(len),
        LayoutError::Aliasing {
            indices: Some((a, b)),
        } => m
            .push("layout aliases: indices ")
            .push_dims(&a)
            .push(" and ")
            .push_dims(&b)
            .push(" reach the same position, so it cannot back a mutable view"),
        LayoutError::Aliasing { indices: None } => m.push(
            "layout may alias: its uniqueness could not be decided within the search budget \
             (every layout of up to 65536 elements is decided), so it cannot back a mutable \
             view; view the buffer through `&`, or split it (`split_at`) into parts whose \
             uniqueness can be decided",
        ),
        LayoutError::ShapeMismatch {
            expected,
            found,
            arg,
        } => shape_mismatch(m, &expected, &found, arg),
        LayoutError::AxisOutOfRange { axis, rank } => m
            .push("axis ")
            .push_uint(axis)
            .push(" is out of range for rank ")
            .push_uint(rank),
        LayoutError::InvalidPermutation { axes } => m
            .push("axes ")
            .push_dims(&axes)
            .push(" are not a permutation of 0..")
            .push_uint(axes.len()),
        LayoutError::IndexOutOfRange { axis, index, size } => m
            .push("index ")
            .push_uint(index)
            .push(" is out of range for axis ")
            .push_uint(axis)
            .push(" of size ")
            .push_uint(size),
        LayoutError::NotBroadcastable { from, to, axis } => m
            .push("shape ")
            .push_dims(&from)
            .push(" cannot be broadcast to ")
            .push_dims(&to)
            .push(": sizes disagree at axis ")
            .push_uint(axis)
            .push(" of the target"),
        LayoutError::NotViewable { from, to } => m
            .push("shape ")
            .push_dims(&from)
            .push(" cannot be reshaped to ")
            .push_dims(&to)
            .push(" without a copy: the strides do not allow it"),
        LayoutError::ZeroStep { axis } => m.push("slice step is 0 on axis ").push_uint(axis),
        LayoutError::NotExclusive => m.push(
            "this view covers only part of its buffer (a split_at half of a mutable view, \
             or a view converted from an ndarray view with gaps); a layout over the whole buffer could reach \
             elements it does not own",
        ),
        LayoutError::LengthMismatch { expected, found } => m
            .push("length mismatch: expected ")
            .push_uint(expected)
            .push(" entries (one per axis), found ")
            .push_uint(found),
        LayoutError::RankTooHigh { rank } => m
            .push("rank ")
            .push_uint(rank)
            .push(" is above the largest supported rank ")
            .push_uint(crate::MAX_RANK),
        LayoutError::RankMismatch { expected, found } => m
            .push("rank mismatch: expected rank ")
            .push_uint(expected)
            .push(", found rank ")
            .push_uint(found),
    }
}

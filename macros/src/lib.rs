//! The `strided!` proc-macro of `constrided`; use it as `constrided::strided!`.
//!
//! The macro checks what it can see in the tokens (keys, counts, literal
//! signs and types) and reports those with spans on the offending tokens.
//! Every numeric layout rule (reach below 0, overflow, buffer length,
//! aliasing) is left to the runtime crate's own `const fn`s in
//! `constrided::layout::math`: the expansion calls them in `const` items,
//! so a broken rule is a compile error at `cargo check` time, worded by
//! `constrided::layout::message`, for literals and constant expressions
//! alike. The macro never restates a rule.
//!
//! Constant-expression entries may have any integer type: each goes through
//! a `const fn` bounded by an `Integer` trait (a float, `bool` or `char` is
//! an error naming the type) that returns the value in range or the rule's
//! message, panicked with the expression's span.
//!
//! When is each rule reported? Everything above is a `const` item or a
//! generic argument at the call site, so `cargo check` reports it. So is
//! the uniqueness of a `&mut` buffer the macro cannot see (`strided!(r; ..)`
//! with `r: &mut [T; L]`): the layout's uniqueness becomes a type that the
//! buffer's borrow kind must accept, a trait bound solved while the caller
//! is type-checked. One rule is left for `cargo build`: a fixed-size array
//! that is too short. Its length `L` is known only as the generic
//! parameter of `impl StaticSource for &[T; L]`, and comparing it with the
//! layout's required length needs either `L >= REQ` in a bound
//! (`generic_const_exprs`, unstable) or a const block in that generic
//! impl, which rustc evaluates at monomorphization, a step `cargo check`
//! skips. (A typenum comparison would work only for the lengths typenum
//! maps, 0..=1024 and powers of 2 and 10.) `cargo build`, `cargo test` and
//! `cargo run` report it, with the numbers.
//!
//! Entries that are const arguments as themselves (`const R`, and a bare
//! short upper-case name such as `R` or `WS`, see `looks_like_param`) are
//! checked by an inline `const` block at the call, which rustc evaluates
//! when the code is instantiated: `cargo build` reports them, `cargo
//! check` does not (not even in a non-generic function, for a constant
//! `N: usize`; `(N)` makes it a constant expression checked as above). In
//! the type form there is no call to put a block in: such an entry's rules
//! are the layout's `LAYOUT` constant, evaluated where the type is used,
//! and the error shows that use, not the entry (ui case
//! `bare_short_constant_type_form_invalid`).

use proc_macro::TokenStream;
use proc_macro2::{
    Delimiter, Group, Ident, Literal, Punct, Spacing, Span, TokenStream as TokenStream2, TokenTree,
};

// ---- Building the expansion --------------------------------------------
//
// The expansion is written as Rust source templates: `tpl(span, "-$0",
// &[lit])` parses the template, spans each of its tokens at `span` and
// puts the tokens of `args[i]` (with their own spans) where `$i` stands.
// `cs` is the same at the call site. (The macro crate does without
// `quote`: one dependency fewer for every user's cold build.)
fn tpl(span: Span, template: &str, args: &[TokenStream2]) -> TokenStream2 {
    let parsed: TokenStream2 = template
        .parse()
        .unwrap_or_else(|_| panic!("strided!: bad expansion template `{template}`"));
    fill(parsed, span, args)
}

fn cs(template: &str, args: &[TokenStream2]) -> TokenStream2 {
    tpl(Span::call_site(), template, args)
}

fn fill(template: TokenStream2, span: Span, args: &[TokenStream2]) -> TokenStream2 {
    let mut out = TokenStream2::new();
    let mut iter = template.into_iter().peekable();
    while let Some(t) = iter.next() {
        match t {
            TokenTree::Punct(p) if p.as_char() == '$' => {
                let Some(TokenTree::Literal(n)) = iter.next() else {
                    panic!("strided!: `$` without an argument number in a template");
                };
                let i: usize = n.to_string().parse().expect("argument number");
                out.extend(args[i].clone());
            }
            TokenTree::Group(g) => {
                let mut g = Group::new(g.delimiter(), fill(g.stream(), span, args));
                g.set_span(span);
                out.extend([TokenTree::Group(g)]);
            }
            mut t => {
                t.set_span(span);
                out.extend([t]);
            }
        }
    }
    out
}

// The items separated by commas (no trailing comma).
fn commas(items: impl IntoIterator<Item = TokenStream2>) -> TokenStream2 {
    let mut out = TokenStream2::new();
    for (i, item) in items.into_iter().enumerate() {
        if i > 0 {
            out.extend([TokenTree::Punct(Punct::new(',', Spacing::Alone))]);
        }
        out.extend(item);
    }
    out
}

fn ts(t: impl Into<TokenTree>) -> TokenStream2 {
    t.into().into()
}

// A `usize` as a suffixed literal (`3usize`).
fn usize_lit(n: usize) -> TokenStream2 {
    ts(Literal::usize_suffixed(n))
}

const MAX_RANK: usize = 8;
const KEYS: &str = "`shape`, `strides`, `offset` or `len`";

// A compile error: a message shown over the tokens from `start` to `end`
// (on stable Rust rustc joins the two spans of the `compile_error!` call).
struct Error {
    start: Span,
    end: Span,
    message: String,
}

type Result<T> = core::result::Result<T, Error>;

impl Error {
    fn new(span: Span, message: impl Into<String>) -> Self {
        Error {
            start: span,
            end: span,
            message: message.into(),
        }
    }

    // Over a run of tokens, first to last.
    fn spanned(tokens: &[TokenTree], message: impl Into<String>) -> Self {
        let start = tokens.first().map_or_else(Span::call_site, TokenTree::span);
        let end = tokens.last().map_or(start, TokenTree::span);
        Error {
            start,
            end,
            message: message.into(),
        }
    }

    // `::core::compile_error! { "message" }`, its path at `start` and its
    // braces at `end`.
    fn to_compile_error(&self) -> TokenStream2 {
        let punct = |c: char, spacing: Spacing| {
            let mut p = Punct::new(c, spacing);
            p.set_span(self.start);
            TokenTree::Punct(p)
        };
        let mut lit = Literal::string(&self.message);
        lit.set_span(self.end);
        let mut body = Group::new(Delimiter::Brace, TokenTree::Literal(lit).into());
        body.set_span(self.end);
        [
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("core", self.start)),
            punct(':', Spacing::Joint),
            punct(':', Spacing::Alone),
            TokenTree::Ident(Ident::new("compile_error", self.start)),
            punct('!', Spacing::Alone),
            TokenTree::Group(body),
        ]
        .into_iter()
        .collect()
    }
}

/// Builds a static layout, or a view over a buffer through one.
///
/// See the `constrided` crate documentation of `strided!` for the forms:
/// `strided![shape = (..), strides = (..), offset = .., len = ..]`,
/// `strided!(&buf; ...)`, `strided!(&mut buf; ...)` and
/// `strided!(type shape = (..), ...)`.
#[proc_macro]
pub fn strided(input: TokenStream) -> TokenStream {
    match expand(input.into()) {
        Ok(ts) => ts.into(),
        Err(e) => e.to_compile_error().into(),
    }
}

// ---- The grammar, over token trees -------------------------------------
//
//   input   := `type` entries | buffer `;` entries | entries
//   entries := (key `=` value),* [`,`]
//   value   := `(` entry,* `)` | `[` entry,* `]` | entry      (shape, strides)
//            | entry                                         (offset, len)
//   entry   := `dyn` tokens | `_` | [`-`] literal | tokens
//
// Lists are split at top-level commas: commas inside groups and inside the
// angle brackets of a turbofish or a qualified path (`f::<A, B>()`,
// `<T as Tr<A, B>>::N`) do not split.

fn is_punct(t: &TokenTree, c: char) -> bool {
    matches!(t, TokenTree::Punct(p) if p.as_char() == c)
}

// Splits `tokens` at top-level commas. A trailing comma ends the list; an
// empty item before a comma is an error at that comma.
fn split_commas(tokens: &[TokenTree]) -> Result<Vec<Vec<TokenTree>>> {
    let mut out = Vec::new();
    let mut cur: Vec<TokenTree> = Vec::new();
    let mut angle = 0usize;
    for (i, t) in tokens.iter().enumerate() {
        match t {
            TokenTree::Punct(p) if p.as_char() == ',' && angle == 0 => {
                if cur.is_empty() {
                    return Err(Error::new(p.span(), "expected a value before `,`"));
                }
                out.push(std::mem::take(&mut cur));
                continue;
            }
            TokenTree::Punct(p) if p.as_char() == '<' => {
                // A turbofish `::<`, or `<` opening a qualified path at
                // the start of an item.
                let after_colons = i >= 1 && is_punct(&tokens[i - 1], ':');
                if after_colons || cur.is_empty() || angle > 0 {
                    angle += 1;
                }
            }
            // `->` inside a turbofish (`fn() -> T`) does not close it.
            TokenTree::Punct(p)
                if p.as_char() == '>'
                    && angle > 0
                    && !(i >= 1 && is_punct(&tokens[i - 1], '-')) =>
            {
                angle -= 1;
            }
            _ => {}
        }
        cur.push(t.clone());
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    Ok(out)
}

// The tokens inside invisible groups (`$e:expr` of a `macro_rules!`).
fn unwrap_none(tokens: &[TokenTree]) -> Vec<TokenTree> {
    match tokens {
        [TokenTree::Group(g)] if g.delimiter() == Delimiter::None => {
            unwrap_none(&g.stream().into_iter().collect::<Vec<_>>())
        }
        _ => tokens.to_vec(),
    }
}

// One `key = value` entry.
struct Entry {
    key: Ident,
    value: Vec<TokenTree>,
}

fn parse_entries(tokens: TokenStream2) -> Result<Vec<Entry>> {
    let tokens: Vec<TokenTree> = tokens.into_iter().collect();
    let mut entries = Vec::new();
    for item in split_commas(&tokens)? {
        let key = match &item[0] {
            TokenTree::Ident(id) => id.clone(),
            other => {
                return Err(Error::new(other.span(), format!("expected a key: {KEYS}")));
            }
        };
        match item.get(1) {
            Some(t) if is_punct(t, '=') => {}
            Some(t) => {
                let span = match t {
                    TokenTree::Group(g) => g.span_open(),
                    t => t.span(),
                };
                return Err(Error::new(span, format!("expected `=` after `{key}`")));
            }
            None => {
                return Err(Error::new(
                    key.span(),
                    format!("expected `=` after `{key}`"),
                ));
            }
        }
        if item.len() == 2 {
            return Err(Error::new(
                item[1].span(),
                format!("expected a value after `{key} =`"),
            ));
        }
        entries.push(Entry {
            key,
            value: item[2..].to_vec(),
        });
    }
    Ok(entries)
}

// A number the macro can read (an integer literal, maybe negated), or a
// constant expression left to the compiler.
#[derive(Clone)]
struct Value {
    // The entry's tokens (for `dyn expr`, without `dyn`).
    expr: TokenStream2,
    // Its first and last tokens' spans.
    span: Span,
    end: Span,
    literal: Option<i128>,
    // A marked entry `const X` or `-const X` (negative) that names a const
    // generic parameter, which only as itself can be a const argument of a
    // type.
    param: Option<(bool, Ident)>,
    // A run-time entry: `dyn expr` (value form, with the expression) or
    // `_` (type form, without).
    dynamic: Option<Option<TokenStream2>>,
    // A path of two or more segments (`T::N`, `Self::ROWS`, `<T as Tr>::N`),
    // maybe negated: maybe an associated constant of a generic type.
    path: bool,
}

impl Value {
    fn error(&self, message: impl Into<String>) -> Error {
        Error {
            start: self.span,
            end: self.end,
            message: message.into(),
        }
    }
}

fn value_of(tokens: &[TokenTree]) -> Result<Value> {
    let tokens = unwrap_none(tokens);
    let span = tokens[0].span();
    let end = tokens[tokens.len() - 1].span();
    let mut v = Value {
        expr: tokens.iter().cloned().collect(),
        span,
        end,
        literal: None,
        param: None,
        dynamic: None,
        path: false,
    };
    if let Some((negative, l)) = paren_literal(&tokens) {
        v.literal = Some(int_literal(&l, negative)?);
        return Ok(v);
    }
    match &tokens[..] {
        [TokenTree::Ident(id)] if id == "_" => v.dynamic = Some(None),
        [TokenTree::Ident(id), rest @ ..] if id == "dyn" => {
            if rest.is_empty() {
                return Err(Error::new(id.span(), "expected an expression after `dyn`"));
            }
            v.dynamic = Some(Some(rest.iter().cloned().collect()));
        }
        [TokenTree::Ident(id), rest @ ..] if id == "const" => {
            let p = const_param(id, rest)?;
            v.expr = ts(p.clone());
            v.param = Some((false, p));
        }
        [TokenTree::Literal(l)] => v.literal = Some(int_literal(l, false)?),
        [TokenTree::Punct(p), rest @ ..] if p.as_char() == '-' => match &unwrap_none(rest)[..] {
            [TokenTree::Literal(l)] => v.literal = Some(int_literal(l, true)?),
            [TokenTree::Ident(id), rest @ ..] if id == "const" => {
                let name = const_param(id, rest)?;
                let minus = p.clone();
                v.expr = [TokenTree::Punct(minus), TokenTree::Ident(name.clone())]
                    .into_iter()
                    .collect();
                v.param = Some((true, name));
            }
            [TokenTree::Ident(id)] if looks_like_param(id) => v.param = Some((true, id.clone())),
            rest => v.path = is_path(rest),
        },
        [TokenTree::Ident(id)] if looks_like_param(id) => v.param = Some((false, id.clone())),
        rest => v.path = is_path(rest),
    }
    Ok(v)
}

// A literal in parentheses, maybe negated once: `(3)`, `-(3000000000)`,
// `(-(5))`. The macro reads it as it reads `3` or `-3000000000`, at its
// own width: as an expression the literal would be an `i32` (rustc's
// fallback), and under `#![allow(overflowing_literals)]` `-(3000000000)`
// would wrap to 1294967296. `None` for anything else (no parentheses, two
// negations, another token).
fn paren_literal(tokens: &[TokenTree]) -> Option<(bool, Literal)> {
    fn inner(tokens: &[TokenTree], negative: bool, parens: bool) -> Option<(bool, Literal)> {
        match &unwrap_none(tokens)[..] {
            [TokenTree::Literal(l)] if parens => Some((negative, l.clone())),
            [TokenTree::Punct(p), rest @ ..] if p.as_char() == '-' && !negative => {
                inner(rest, true, parens)
            }
            [TokenTree::Group(g)] if g.delimiter() == Delimiter::Parenthesis => {
                inner(&g.stream().into_iter().collect::<Vec<_>>(), negative, true)
            }
            _ => None,
        }
    }
    inner(tokens, false, false)
}

// The parameter of a `const R` entry. The marker says that `R` is a const
// generic parameter of the surrounding item, so it goes into the layout's
// type as itself (`{ R }`, with the entry's type: `usize`, `isize` for
// strides) and its rules are checked at instantiation. Without the marker
// a bare name is read by its tokens (`looks_like_param`). The macro has no
// name resolution, so the marker says outright which one it is (as `dyn h`
// says that `h` is a run-time value), whatever the name.
fn const_param(marker: &Ident, rest: &[TokenTree]) -> Result<Ident> {
    match &unwrap_none(rest)[..] {
        [TokenTree::Ident(id)] => Ok(id.clone()),
        [] => Err(Error::new(
            marker.span(),
            "expected a const generic parameter after `const` (`const R`)",
        )),
        other => Err(Error::spanned(
            other,
            "`const` marks a const generic parameter: write one name (`const R`); \
             a constant expression needs no marker",
        )),
    }
}

// `a::b`, `::a::b`, `T::N`, `<T as Tr>::N`: two or more segments (no call,
// no operator). A single identifier is not a path here.
fn is_path(tokens: &[TokenTree]) -> bool {
    if let Some(TokenTree::Punct(p)) = tokens.first() {
        if p.as_char() == '<' {
            return tokens.iter().any(|t| is_punct(t, ':'));
        }
    }
    let mut segments = 0;
    // Whether the next token may start a segment (at the start or after
    // `::`): `X as usize` is three identifiers, not a path.
    let mut segment_next = true;
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Ident(_) if segment_next => {
                segments += 1;
                segment_next = false;
            }
            // A cast of the path (`Self::ROWS as usize`, `T::N as u8 as
            // usize`) is read as the path is: it may name `Self` or a type
            // parameter, which a `const` item cannot.
            TokenTree::Ident(id) if id == "as" => {
                let ty = &tokens[i + 1..];
                return segments >= 2
                    && !ty.is_empty()
                    && ty
                        .iter()
                        .all(|t| matches!(t, TokenTree::Ident(_)) || is_punct(t, ':'));
            }
            TokenTree::Punct(p)
                if p.as_char() == ':' && i + 1 < tokens.len() && is_punct(&tokens[i + 1], ':') =>
            {
                i += 1;
                segment_next = true;
            }
            // Generic arguments of a segment: `T::<u8>::N`, `Tr<A>::N`.
            TokenTree::Punct(p) if p.as_char() == '<' => {
                let mut depth = 1;
                while depth > 0 {
                    i += 1;
                    match tokens.get(i) {
                        Some(t) if is_punct(t, '<') => depth += 1,
                        Some(t) if is_punct(t, '>') => depth -= 1,
                        Some(_) => {}
                        None => return false,
                    }
                }
            }
            _ => return false,
        }
        i += 1;
    }
    segments >= 2
}

// A bare entry with no marker: is it read as a const generic parameter
// (API.md's `shape = (R, 3)` inside `fn f<const R: usize>`) or as a
// constant of any integer type (`ROWS: u32`, `PITCH: usize` as a stride)?
// No expansion serves both in the layout's type: a const generic parameter
// can be a const argument only as itself (`{ R }`, of the argument's type:
// `usize`, `isize` for strides), while a constant of another integer type
// needs a conversion (`{ ROWS as usize }`), which is refused for a
// parameter (no `generic_const_exprs` on stable). A macro has no name
// resolution, so the reading follows from the entry's tokens alone,
// whatever the rest of the file, the compiler or a wrapping macro:
//
// - a short upper-case name, one or two characters, a letter then a
//   letter or digit (`R`, `N`, `WS`, `C2`: the names const generic
//   parameters have), is a const argument as itself, checked by an
//   inline `const` block at the call when the code is instantiated.
//   That also serves a constant of the entry's type
//   (`const N: usize`), whose rules `cargo build` then reports;
// - any other name is a constant of any integer type, checked in `const`
//   items at the call (reported by `cargo check`).
//
// The explicit forms decide either way: `const ROWS` for a parameter with
// a longer name, `(N)` (a constant expression) for a short constant
// of another type or to have `cargo check` report its rules.
fn looks_like_param(id: &Ident) -> bool {
    match id.to_string().as_bytes() {
        [a] => a.is_ascii_uppercase(),
        [a, b] => a.is_ascii_uppercase() && (b.is_ascii_uppercase() || b.is_ascii_digit()),
        _ => false,
    }
}

fn int_literal(lit: &Literal, negative: bool) -> Result<i128> {
    let text = lit.to_string();
    let not_integer = || {
        Error::new(
            lit.span(),
            "expected an integer: layout entries count elements",
        )
    };
    let bytes = text.as_bytes();
    if !bytes.first().is_some_and(u8::is_ascii_digit) {
        return Err(not_integer());
    }
    let (radix, body) = match text.get(..2) {
        Some("0x") => (16, &text[2..]),
        Some("0o") => (8, &text[2..]),
        Some("0b") => (2, &text[2..]),
        _ => (10, &text[..]),
    };
    let digits_end = body
        .char_indices()
        .find(|&(_, c)| !(c == '_' || c.is_digit(radix)))
        .map_or(body.len(), |(i, _)| i);
    let (digits, suffix) = body.split_at(digits_end);
    if radix == 10 && (suffix.starts_with(['.', 'e', 'E']) || suffix == "f32" || suffix == "f64") {
        return Err(not_integer());
    }
    let mut value: i128 = 0;
    for c in digits.chars().filter(|&c| c != '_') {
        let d = c.to_digit(radix).unwrap_or(0) as i128;
        value = match value
            .checked_mul(radix as i128)
            .and_then(|v| v.checked_add(d))
        {
            Some(v) => v,
            None => {
                return Err(Error::new(
                    lit.span(),
                    format!("`{text}` is too large for a layout entry"),
                ))
            }
        };
    }
    let v = if negative { -value } else { value };
    check_suffix(lit, suffix, value, v)?;
    Ok(v)
}

// A suffixed literal keeps its type: its value must be in that type's
// range (`300u8` and `-5u32` are errors naming the number and the range).
fn check_suffix(lit: &Literal, suffix: &str, magnitude: i128, v: i128) -> Result<()> {
    let range: (i128, i128) = match suffix {
        "" => return Ok(()),
        "u8" => (0, u8::MAX as i128),
        "u16" => (0, u16::MAX as i128),
        "u32" => (0, u32::MAX as i128),
        "u64" | "usize" => (0, u64::MAX as i128),
        "u128" => (0, i128::MAX),
        "i8" => (i8::MIN as i128, i8::MAX as i128),
        "i16" => (i16::MIN as i128, i16::MAX as i128),
        "i32" => (i32::MIN as i128, i32::MAX as i128),
        "i64" | "isize" => (i64::MIN as i128, i64::MAX as i128),
        "i128" => (i128::MIN, i128::MAX),
        other => {
            return Err(Error::new(
                lit.span(),
                format!("`{other}` is not an integer type: layout entries are integers"),
            ))
        }
    };
    if v < range.0 && range.0 == 0 {
        return Err(Error::new(
            lit.span(),
            format!(
                "`-{magnitude}` is negative but `{suffix}` is unsigned: a suffixed literal keeps its type, whose range is {}..={}",
                range.0, range.1
            ),
        ));
    }
    if v < range.0 || v > range.1 {
        return Err(Error::new(
            lit.span(),
            format!(
                "{v} does not fit in `{suffix}`: a suffixed literal keeps its type, whose range is {}..={}",
                range.0, range.1
            ),
        ));
    }
    Ok(())
}

// The entries of a list `(a, b)`, `[a, b]`, `()`, or a single value; the
// tokens after a list's group are an error.
fn list_of(tokens: &[TokenTree]) -> Result<Vec<Value>> {
    let tokens = unwrap_none(tokens);
    if let Some(TokenTree::Group(g)) = tokens.first() {
        if matches!(g.delimiter(), Delimiter::Parenthesis | Delimiter::Bracket) {
            if let Some(extra) = tokens.get(1) {
                // `(4, 3) + x` is not a list; `(X) * 2` is one value.
                if matches!(extra, TokenTree::Ident(_) | TokenTree::Group(_))
                    || g.delimiter() == Delimiter::Bracket
                    || split_commas(&g.stream().into_iter().collect::<Vec<_>>())?.len() != 1
                {
                    return Err(Error::new(extra.span(), "expected `,` between entries"));
                }
                return Ok(vec![value_of(&tokens)?]);
            }
            let inner: Vec<TokenTree> = g.stream().into_iter().collect();
            return split_commas(&inner)?.iter().map(|e| value_of(e)).collect();
        }
    }
    Ok(vec![value_of(&tokens)?])
}

// What the entries say, checked for everything visible in the tokens.
struct Spec {
    shape: Vec<Value>,
    shape_span: Span,
    strides: Option<(Vec<Value>, Span)>,
    offset: Option<(Value, Span)>,
    len: Option<(Value, Span)>,
}

fn parse_spec(tokens: TokenStream2, call_site: Span) -> Result<Spec> {
    let entries = parse_entries(tokens)?;
    let mut shape = None;
    let mut strides = None;
    let mut offset = None;
    let mut len = None;
    for entry in entries {
        let name = entry.key.to_string();
        let slot_taken = match name.as_str() {
            "shape" => shape.is_some(),
            "strides" => strides.is_some(),
            "offset" => offset.is_some(),
            "len" => len.is_some(),
            _ => {
                return Err(Error::new(
                    entry.key.span(),
                    format!("unknown key `{name}`: expected {KEYS}"),
                ))
            }
        };
        if slot_taken {
            return Err(Error::new(
                entry.key.span(),
                format!("`{name}` is given twice: each key may appear once"),
            ));
        }
        let span = entry.key.span();
        match name.as_str() {
            "shape" => shape = Some((list_of(&entry.value)?, span, entry.value)),
            "strides" => strides = Some((list_of(&entry.value)?, span)),
            "offset" => offset = Some((value_of(&entry.value)?, span)),
            _ => len = Some((value_of(&entry.value)?, span)),
        }
    }
    let Some((shape, shape_span, shape_tokens)) = shape else {
        return Err(Error::new(
            call_site,
            "missing `shape = (..)`: a layout needs its shape, e.g. `strided![shape = (4, 3)]`",
        ));
    };
    if shape.len() > MAX_RANK {
        return Err(Error::spanned(
            &shape_tokens,
            format!(
                "rank {} is above the maximum rank {MAX_RANK}: `shape` may have at most {MAX_RANK} entries",
                shape.len()
            ),
        ));
    }
    for v in &shape {
        if let Some(n) = v.literal {
            if n < 0 {
                return Err(v.error(format!(
                    "size {n} is negative: sizes count elements and must be 0 or more"
                )));
            }
            if n > u64::MAX as i128 {
                return Err(v.error(format!("size {n} does not fit in usize")));
            }
        }
    }
    if let Some((s, span)) = &strides {
        if s.len() != shape.len() {
            return Err(Error::new(
                *span,
                format!(
                    "`strides` has {} but `shape` has {}: give one stride per axis",
                    count_entries(s.len()),
                    count_entries(shape.len())
                ),
            ));
        }
        for v in s {
            if let Some(n) = v.literal {
                if n < i64::MIN as i128 || n > i64::MAX as i128 {
                    return Err(v.error(format!("stride {n} does not fit in isize")));
                }
            }
        }
    }
    for (what, entry) in [("offset", &offset), ("len", &len)] {
        if let Some((v, _)) = entry {
            if let Some(n) = v.literal {
                if n < 0 {
                    let why = if what == "offset" {
                        "the offset is a position in the buffer and must be 0 or more"
                    } else {
                        "the buffer length must be 0 or more"
                    };
                    return Err(v.error(format!("{what} {n} is negative: {why}")));
                }
                if n > u64::MAX as i128 {
                    return Err(v.error(format!("{what} {n} does not fit in usize")));
                }
            }
        }
    }
    Ok(Spec {
        shape,
        shape_span,
        strides,
        offset,
        len,
    })
}

fn count_entries(n: usize) -> String {
    if n == 1 {
        "1 entry".to_string()
    } else {
        format!("{n} entries")
    }
}

// How an entry is read: which `__private` helper checks a constant
// expression of this kind.
#[derive(Clone, Copy)]
enum Kind {
    Size,
    Stride,
    Offset,
    Len,
}

// A literal entry, already checked by the macro, emitted unsuffixed so it
// takes the type of the place it goes to.
fn literal_tokens(v: &Value, n: i128) -> TokenStream2 {
    let lit = proc_macro2::Literal::u128_unsuffixed(n.unsigned_abs());
    if n < 0 {
        tpl(v.span, "-$0", &[ts(lit)])
    } else {
        tpl(v.span, "$0", &[ts(lit)])
    }
}

// The checked value of one entry. A constant expression goes through a
// `const fn` that accepts any integer type (anything else is a compile
// error naming the type) and returns the value in range or the message
// of the rule it breaks; the panic is spanned on the expression, so the
// error points at it. The casts read the value through a 1-tuple: a cast
// types an unsuffixed literal directly under it (`-(3) as u128` would
// negate a `u128`), while the literal in `(-(3),).0` keeps its own type
// (`i32` unless the expression says otherwise), as in `&(-(3))`; a call
// such as `identity(..)` would make rustc's `unused_parens` lint the
// user's own parentheses.
fn entry_tokens(v: &Value, kind: Kind) -> TokenStream2 {
    if let Some(n) = v.literal {
        return literal_tokens(v, n);
    }
    let e = &v.expr;
    let span = v.span;
    let helper = match kind {
        Kind::Size => "size_entry",
        Kind::Stride => "stride_entry",
        Kind::Offset => "offset_entry",
        Kind::Len => "len_entry",
    };
    let helper = ts(Ident::new(helper, Span::call_site()));
    // The casts are the macro's (shown at the entry, in the expansion's
    // context): clippy's pedantic `cast_sign_loss` would lint `X as u128`
    // of a signed constant `X` as the user's cast.
    let cast = Span::call_site().located_at(span);
    let checked = fail_call(
        span,
        v.end,
        "or_fail",
        tpl(
            span,
            "::constrided::__private::$0(&($1), $2, $3)",
            &[
                helper,
                e.clone(),
                tpl(cast, "($0,).0 as i128", std::slice::from_ref(e)),
                tpl(cast, "($0,).0 as u128", std::slice::from_ref(e)),
            ],
        ),
    );
    // A literal in the expression that does not fit its type is an error
    // here even under the user's `#![allow(overflowing_literals)]`: the
    // value would wrap (`2 * 3000000000` as an `i32`) and the layout would
    // silently get another number. (A literal alone, maybe negated or in
    // parentheses, is read by the macro at its own width.) The attribute
    // sits on a tuple's element, which needs no binding (a `let` would
    // name a local that a caller's constant of that name turns into a
    // pattern).
    cs("(#[deny(overflowing_literals)] { $0 },).0", &[checked])
}

// `::constrided::__private::helper(arg)` (`fail_if`, `or_fail`,
// `checked_layout`: `#[track_caller]`, so a broken rule is reported at
// this call) over the tokens from `start` to `end`: its path at `start`,
// its parentheses at `end`, so rustc, which joins the two spans for the
// call, underlines the whole entry (`(X as i64) * -1`, not `(X as i64)`
// alone). The expansion binds no name (`Some(m)`), which a caller's
// constant `m` would turn into a pattern.
fn fail_call(start: Span, end: Span, helper: &str, arg: TokenStream2) -> TokenStream2 {
    let mut args = Group::new(Delimiter::Parenthesis, arg);
    args.set_span(end);
    let mut out = tpl(
        start,
        "::constrided::__private::$0",
        &[ts(Ident::new(helper, start))],
    );
    out.extend([TokenTree::Group(args)]);
    out
}

// An entry as a plain cast, unchecked: for the type form's generic
// arguments, whose values only matter once `layout_checks` accepted them.
fn raw_entry_tokens(v: &Value, kind: Kind) -> TokenStream2 {
    if let Some(n) = v.literal {
        return literal_tokens(v, n);
    }
    let e = &v.expr;
    match kind {
        Kind::Stride => tpl(v.span, "($0,).0 as isize", std::slice::from_ref(e)),
        _ => tpl(v.span, "($0,).0 as usize", std::slice::from_ref(e)),
    }
}

// Where an error about the whole layout points: `strides`, else `offset`,
// else `shape`.
fn layout_span(spec: &Spec) -> Span {
    spec.strides
        .as_ref()
        .map(|(_, s)| *s)
        .or(spec.offset.as_ref().map(|(_, s)| *s))
        .unwrap_or(spec.shape_span)
}

// `fail_if(failure(check));`, spanned at `span`: the rule's message is
// reported there when `check` is an `Err`.
fn rule_tokens(span: Span, check: TokenStream2) -> TokenStream2 {
    let check = cs("::constrided::__private::failure($0)", &[check]);
    tpl(span, "$0;", &[fail_call(span, span, "fail_if", check)])
}

// The checked shape, strides and offset of a layout, and the checks of the
// crate's rules on them (validity, `len`, and uniqueness when `mutable`
// holds the span of a visible `&mut`), for const evaluation. `bind` says
// how a value is named: `const NAME: TYPE = ..;` items (the value form, so
// generic arguments can use them) or `let` statements (the type form, all
// in one anonymous constant, so a broken entry is reported once).
struct Checked {
    bindings: TokenStream2,
    checks: TokenStream2,
}

fn layout_checks(spec: &Spec, mutable: Option<Span>, as_items: bool) -> Checked {
    let n = spec.shape.len();
    let shape = spec.shape.iter().map(|v| entry_tokens(v, Kind::Size));
    // The type form's bindings are `let`s, with `macro_rules!` hygiene: a
    // later entry (a stride) cannot read an earlier binding (the checked
    // shape) where the type's own arguments read a user's item of the
    // same name. The value form's are `const` items (generic arguments
    // use them), at the call site, each value and its uses in one block.
    let name = |g: Generated| {
        let mut id = generated(g);
        if !as_items {
            id.set_span(Span::mixed_site());
        }
        id
    };
    let (sh, st, off) = (
        name(Generated::Shape),
        name(Generated::Strides),
        name(Generated::Offset),
    );
    let (sh, st, off) = (ts(sh), ts(st), ts(off));
    let strides = match &spec.strides {
        Some((s, _)) => {
            let s = s.iter().map(|v| entry_tokens(v, Kind::Stride));
            cs("[$0]", &[commas(s)])
        }
        // The reference to the shape keeps the call site's span, as the
        // layout's other uses of it do: when a shape entry fails, rustc's
        // "erroneous constant encountered" notes of those uses share one
        // span and show once.
        None => fail_call(
            spec.shape_span,
            spec.shape_span,
            "or_fail",
            tpl(
                spec.shape_span,
                "::constrided::__private::c_strides_checked($0)",
                std::slice::from_ref(&sh),
            ),
        ),
    };
    let offset = match &spec.offset {
        Some((v, _)) => entry_tokens(v, Kind::Offset),
        None => cs("0", &[]),
    };
    let bind = |name: &TokenStream2, ty: TokenStream2, value: TokenStream2| {
        let template = if as_items {
            "const $0: $1 = $2;"
        } else {
            "let $0: $1 = $2;"
        };
        cs(template, &[name.clone(), ty, value])
    };
    let n = usize_lit(n);
    let mut bindings = bind(
        &sh,
        cs("[usize; $0]", std::slice::from_ref(&n)),
        cs("[$0]", &[commas(shape)]),
    );
    bindings.extend(bind(&st, cs("[isize; $0]", &[n]), strides));
    bindings.extend(bind(&off, cs("usize", &[]), offset));
    let names = [sh, st, off];
    let mut checks = vec![rule_tokens(
        layout_span(spec),
        cs("::constrided::__private::extent(&$0, &$1, $2)", &names),
    )];
    if let Some((v, span)) = &spec.len {
        let e = entry_tokens(v, Kind::Len);
        let [sh, st, off] = names.clone();
        checks.push(rule_tokens(
            *span,
            cs(
                "::constrided::__private::check_in_buffer(&$0, &$1, $2, $3)",
                &[sh, st, off, e],
            ),
        ));
    }
    if let Some(span) = mutable {
        checks.push(rule_tokens(
            span,
            cs("::constrided::__private::check_unique(&$0, &$1)", &names),
        ));
    }
    let checks = if as_items {
        // Each check its own `const _` item, evaluated by `cargo check`.
        checks
            .into_iter()
            .map(|c| cs("const _: () = { $0 };", &[c]))
            .collect()
    } else {
        checks.into_iter().collect()
    };
    Checked { bindings, checks }
}

// The numbers of a layout whose entries are all literals: shape, strides
// (the row-major products when not given; zeros when they overflow, which
// the layout's check then reports) and offset, as literal tokens.
fn literal_layout(spec: &Spec) -> Option<(Vec<TokenStream2>, Vec<TokenStream2>, TokenStream2)> {
    let lit = |v: &Value| {
        v.literal
            .filter(|_| v.param.is_none() && v.dynamic.is_none())
    };
    let shape: Vec<i128> = spec.shape.iter().map(lit).collect::<Option<_>>()?;
    let strides: Vec<i128> = match &spec.strides {
        Some((s, _)) => s.iter().map(lit).collect::<Option<_>>()?,
        None => {
            let mut out = vec![0i128; shape.len()];
            let mut z: i128 = 1;
            let mut ok = true;
            for k in (0..shape.len()).rev() {
                out[k] = z.min(isize::MAX as i128);
                if shape[k] != 0 {
                    z = z.saturating_mul(shape[k]);
                }
            }
            if shape.iter().all(|&d| d != 0) && z > isize::MAX as i128 + 1 {
                ok = false;
            }
            if ok {
                out
            } else {
                vec![0; shape.len()]
            }
        }
    };
    let offset = match &spec.offset {
        Some((v, _)) => lit(v)?,
        None => 0,
    };
    let num = |n: i128| -> TokenStream2 {
        let l = proc_macro2::Literal::u128_unsuffixed(n.unsigned_abs());
        if n < 0 {
            cs("{ -$0 }", &[ts(l)])
        } else {
            ts(l)
        }
    };
    Some((
        shape.iter().map(|&d| num(d)).collect(),
        strides.iter().map(|&d| num(d)).collect(),
        num(offset),
    ))
}

// The static layout value and the items that define and check it.
// `mutable` is the span of a `&mut` the macro can see: then uniqueness is
// checked here, with the colliding indices in the message.
fn layout_block(spec: &Spec, mutable: Option<Span>) -> (TokenStream2, TokenStream2) {
    let n = spec.shape.len();
    if let Some((shape, strides, offset)) = literal_layout(spec) {
        // Every entry a literal: the type's arguments are the numbers
        // themselves and one anonymous constant checks the rules (fewer
        // constants to evaluate keeps `cargo check` fast).
        let lits = |vals: &[Value]| -> Vec<TokenStream2> {
            vals.iter()
                .map(|v| literal_tokens(v, v.literal.unwrap_or(0)))
                .collect()
        };
        let sh = commas(lits(&spec.shape));
        let st = match &spec.strides {
            Some((s, _)) => cs("::core::option::Option::Some(&[$0])", &[commas(lits(s))]),
            None => cs("::core::option::Option::None", &[]),
        };
        let off = offset.clone();
        // Each rule's message is panicked here, spanned at the user's
        // tokens: the error shows the call, not a frame inside the crate.
        let rule = |span: Span, call: TokenStream2| {
            tpl(span, "$0;", &[fail_call(span, span, "fail_if", call)])
        };
        let mut calls = vec![rule(
            layout_span(spec),
            cs(
                "::constrided::__private::layout_rule(&[$0], $1, $2)",
                &[sh.clone(), st.clone(), off.clone()],
            ),
        )];
        if let Some((v, span)) = &spec.len {
            let len = entry_tokens(v, Kind::Len);
            calls.push(rule(
                *span,
                cs(
                    "::constrided::__private::len_rule(&[$0], $1, $2, $3)",
                    &[sh.clone(), st.clone(), off, len],
                ),
            ));
        }
        if let Some(span) = mutable {
            calls.push(rule(
                span,
                cs("::constrided::__private::unique_rule(&[$0], $1)", &[sh, st]),
            ));
        }
        let axes: TokenStream2 = shape
            .into_iter()
            .zip(strides)
            .map(|(d, s)| cs("::constrided::__private::Axis<$0, $1>,", &[d, s]))
            .collect();
        let items = cs("const _: () = { $0 };", &[calls.into_iter().collect()]);
        let value = cs(
            "::constrided::__private::StaticLayout::<($0), $1>::new()",
            &[axes, offset],
        );
        return (items, value);
    }
    let Checked { bindings, checks } = layout_checks(spec, mutable, true);
    let (sh, st, off) = (
        generated(Generated::Shape),
        generated(Generated::Strides),
        generated(Generated::Offset),
    );
    let axes: TokenStream2 = (0..n)
        .map(|k| {
            cs(
                "::constrided::__private::Axis<{ $0[$2] }, { $1[$2] }>,",
                &[ts(sh.clone()), ts(st.clone()), usize_lit(k)],
            )
        })
        .collect();
    let items = cs("$0 $1", &[bindings, checks]);
    let value = cs(
        "::constrided::__private::StaticLayout::<($0), { $1 }>::new()",
        &[axes, ts(off)],
    );
    (items, value)
}

// The static layout type, for struct fields and signatures. The axes are
// the entries as written; the offset argument is one constant that checks
// every entry and every rule (so a broken layout is an error, reported
// once, where the type is written) before giving the offset.
fn layout_type(spec: &Spec) -> TokenStream2 {
    let raw_shape: Vec<_> = spec
        .shape
        .iter()
        .map(|v| raw_entry_tokens(v, Kind::Size))
        .collect();
    let axes: TokenStream2 = (0..spec.shape.len())
        .map(|k| {
            let size = raw_shape[k].clone();
            let stride = match &spec.strides {
                Some((s, _)) => raw_entry_tokens(&s[k], Kind::Stride),
                None => cs(
                    "::constrided::__private::c_strides_or_zeros([$0])[$1]",
                    &[commas(raw_shape.clone()), usize_lit(k)],
                ),
            };
            cs(
                "::constrided::__private::Axis<{ $0 }, { $1 }>,",
                &[size, stride],
            )
        })
        .collect();
    let Checked { bindings, checks } = layout_checks(spec, None, false);
    let mut off = generated(Generated::Offset);
    off.set_span(Span::mixed_site());
    cs(
        "::constrided::__private::StaticLayout<($0), { $1 $2 $3 }>",
        &[axes, bindings, checks, ts(off)],
    )
}

impl Spec {
    // Whether some entry is a `const X` entry: a const generic parameter,
    // so the layout goes through the generic path.
    fn has_params(&self) -> bool {
        let all = self
            .shape
            .iter()
            .chain(self.strides.iter().flat_map(|(s, _)| s.iter()))
            .chain(self.offset.iter().map(|(v, _)| v))
            .chain(self.len.iter().map(|(v, _)| v));
        all.clone()
            .any(|v| v.literal.is_none() && v.param.is_some())
    }
}

impl Spec {
    // Whether some entry is run-time (`dyn expr` or `_`).
    fn is_mixed(&self) -> bool {
        self.shape
            .iter()
            .chain(self.strides.iter().flat_map(|(s, _)| s.iter()))
            .chain(self.offset.iter().map(|(v, _)| v))
            .any(|v| v.dynamic.is_some())
    }

    // Whether some entry is a path of two or more segments (`T::N`,
    // `Self::ROWS`, `<T as Tr>::N`): maybe an associated constant of a
    // generic type, which is neither a const argument nor usable in a
    // `const` item on stable Rust.
    fn has_assoc(&self) -> bool {
        self.shape
            .iter()
            .chain(self.strides.iter().flat_map(|(s, _)| s.iter()))
            .chain(self.offset.iter().map(|(v, _)| v))
            .chain(self.len.iter().map(|(v, _)| v))
            .any(is_assoc)
    }
}

fn is_assoc(v: &Value) -> bool {
    v.literal.is_none() && v.dynamic.is_none() && v.path
}

// The associated-constant path: entries that are paths (`T::N`,
// `Self::ROWS`) are held in the layout value, as the run-time entries of
// a `MixedLayout`, but computed and checked (with every rule of the
// layout) by an inline `const` block at the call site, evaluated when the
// code is instantiated: the error points at the user's line. The value
// form gives the layout; with a buffer, the buffer is checked at run time
// (a `Result`), since the numbers are not in the type.
fn assoc_value(spec: &Spec, mutable: Option<Span>) -> TokenStream2 {
    let n = spec.shape.len();
    // The same spec with the path entries as run-time entries, for the type.
    let dynify = |v: &Value| -> Value {
        let mut v = v.clone();
        if is_assoc(&v) {
            v.dynamic = Some(None);
        }
        v
    };
    let typed = Spec {
        shape: spec.shape.iter().map(dynify).collect(),
        shape_span: spec.shape_span,
        strides: spec
            .strides
            .as_ref()
            .map(|(s, sp)| (s.iter().map(dynify).collect(), *sp)),
        offset: spec.offset.as_ref().map(|(v, sp)| (dynify(v), *sp)),
        len: None,
    };
    let ty = mixed_type(&typed);
    let shape = spec.shape.iter().map(|v| entry_tokens(v, Kind::Size));
    let strides = match &spec.strides {
        Some((s, _)) => {
            let s = s.iter().map(|v| entry_tokens(v, Kind::Stride));
            cs("::core::option::Option::Some([$0])", &[commas(s)])
        }
        None => cs("::core::option::Option::None", &[]),
    };
    let offset = match &spec.offset {
        Some((v, _)) => entry_tokens(v, Kind::Offset),
        None => cs("0", &[]),
    };
    let (len, unique, span) = check_inputs(spec, mutable);
    let n = usize_lit(n);
    let check = tpl(
        span,
        r#"const {
            ::constrided::__private::checked_layout::<$0>(
                ::constrided::__private::entries_layout::<$0>([$1], $2, $3),
                $4,
                $5,
            )
        }"#,
        &[n.clone(), commas(shape), strides, offset, len, unique],
    );
    cs(
        "::constrided::__private::checked_mixed::<$0, $1>($2)",
        &[ty, n, check],
    )
}

// The mixed path's type: `MixedLayout<(MAxis<size, stride>, ..), offset, N>`
// with `Fix`/`FixS` for static entries and `Dyn` for run-time ones. With
// default strides, an axis's stride is static when every size after it is
// a literal (the row-major product, where a size-0 axis counts as 1 as in
// the crate's `layout::math::c_strides`, NumPy's rule: the run-time layout
// must equal it); the others are run-time.
fn mixed_type(spec: &Spec) -> TokenStream2 {
    let n = spec.shape.len();
    let default_strides: Vec<Option<i128>> = (0..n)
        .map(|k| {
            spec.shape[k + 1..]
                .iter()
                .try_fold(1i128, |acc, v| match (v.literal, &v.dynamic) {
                    (Some(0), None) => Some(acc),
                    (Some(x), None) => acc.checked_mul(x).filter(|p| *p <= isize::MAX as i128),
                    _ => None,
                })
        })
        .collect();
    let axes = (0..n).map(|k| {
        let size = count_entry_type(&spec.shape[k], Kind::Size);
        let stride = match &spec.strides {
            Some((s, _)) => stride_entry_type(&s[k]),
            None => match default_strides[k] {
                Some(v) => {
                    let lit = ts(Literal::i128_unsuffixed(v));
                    cs("::constrided::__private::FixS<$0>", &[lit])
                }
                None => cs("::constrided::__private::Dyn", &[]),
            },
        };
        cs("::constrided::__private::MAxis<$0, $1>,", &[size, stride])
    });
    let offset = match &spec.offset {
        Some((v, _)) => count_entry_type(v, Kind::Offset),
        None => cs("::constrided::__private::Fix<0>", &[]),
    };
    cs(
        "::constrided::__private::MixedLayout<($0), $1, $2>",
        &[axes.collect(), offset, usize_lit(n)],
    )
}

fn count_entry_type(v: &Value, kind: Kind) -> TokenStream2 {
    if v.dynamic.is_some() {
        return cs("::constrided::__private::Dyn", &[]);
    }
    cs("::constrided::__private::Fix<$0>", &[const_arg(v, kind)])
}

fn stride_entry_type(v: &Value) -> TokenStream2 {
    if v.dynamic.is_some() {
        return cs("::constrided::__private::Dyn", &[]);
    }
    cs(
        "::constrided::__private::FixS<$0>",
        &[const_arg(v, Kind::Stride)],
    )
}

// The mixed path's value: `Result<MixedLayout<..>, LayoutError>`, the
// run-time entries evaluated where the macro is called. A `&mut` with a
// static zero stride on an axis of static size above 1 (aliasing decided
// by static entries alone) is a compile error.
fn mixed_value(spec: &Spec, mutable: Option<Span>) -> Result<TokenStream2> {
    if let (Some(span), Some((s, _))) = (mutable, &spec.strides) {
        for (k, st) in s.iter().enumerate() {
            if let (Some(0), Some(size)) = (st.literal, spec.shape[k].literal) {
                if size > 1 {
                    return Err(Error::new(
                        span,
                        format!(
                            "strided!: a mutable view needs a unique layout, but axis {k} has static size {size} and static stride 0, so all its indices reach the same position"
                        ),
                    ));
                }
            }
        }
    }
    // The static axes' uniqueness, decided by the crate's own `const fn`
    // (`layout::math::find_alias`) in an anonymous constant spanned at the
    // `&mut`: evaluated by `cargo check`.
    let alias_check = match (mutable, static_axes(spec)) {
        (Some(span), Some((axes, sizes, strides))) => tpl(
            span,
            r#"const _: () = ::constrided::__private::fail_if(
                ::constrided::__private::static_axes_alias(&[$0], &[$1], &[$2]),
            );"#,
            &[
                commas(axes.into_iter().map(usize_lit)),
                commas(sizes),
                commas(strides),
            ],
        ),
        _ => TokenStream2::new(),
    };
    let ty = mixed_type(spec);
    let run = |v: &Value, kind: Kind| -> TokenStream2 {
        match &v.dynamic {
            Some(Some(e)) => {
                // A typed `let`, as on main: its type is a coercion
                // site spanned at the entry (rustc's "expected due to
                // this" and its `try_into` / suffix suggestions point at
                // the user's tokens), and the statement is a temporary
                // scope: each entry's temporaries (a `RefMut`, a
                // `MutexGuard`) are dropped before the next entry is
                // evaluated (`dyn c.borrow_mut()[0], dyn c.borrow_mut()[1]`
                // must not overlap; a field expression `Entry { value: e
                // }.value` kept them to the end of the caller's statement:
                // a panic, or a `Mutex` deadlock). The local binds no name a
                // caller's item could turn into a pattern: a `fn` of its
                // name is declared first in the block (see `bind_locals`);
                // an entry naming `__constrided_entry` finds that `fn`, a
                // type error, never another value. The block's tokens are
                // at the call site, so clippy's `let_and_return` and
                // `redundant_field_names` see no user code.
                let ty = match kind {
                    Kind::Stride => "isize",
                    _ => "usize",
                };
                let x = ts(local("__constrided_entry", v.span));
                cs(
                    "{ fn $0() {} let $0: $1 = $2; $0 }",
                    &[x, tpl(v.span, ty, &[]), e.clone()],
                )
            }
            Some(None) => tpl(
                v.span,
                r#"::core::compile_error!("`_` marks a run-time entry in the type form; in the value form write `dyn expr`")"#,
                &[],
            ),
            None => const_arg(v, kind),
        }
    };
    let shape: Vec<_> = spec.shape.iter().map(|v| run(v, Kind::Size)).collect();
    let offset = match &spec.offset {
        Some((v, _)) => run(v, Kind::Offset),
        None => cs("0", &[]),
    };
    let value = match &spec.strides {
        Some((s, _)) => {
            let strides = commas(s.iter().map(|v| run(v, Kind::Stride)));
            cs(
                "<$0>::new([$1], [$2], $3)",
                &[ty, commas(shape), strides, offset],
            )
        }
        None => cs("<$0>::contiguous([$1], $2)", &[ty, commas(shape), offset]),
    };
    Ok(cs("{ $0 $1 }", &[alias_check, value]))
}

// A rule of a mixed layout that involves only its static entries: the
// axes whose size and stride are both literals may alias among themselves,
// so the layout aliases whatever its run-time entries are (unless one of
// them makes it empty). The macro only picks those axes out of the tokens;
// `__private::static_axes_alias` decides, by const evaluation of
// the crate's `layout::math::find_alias` (the one implementation of the
// uniqueness rule). `None` when fewer than two such axes.
fn static_axes(spec: &Spec) -> Option<(Vec<usize>, Vec<TokenStream2>, Vec<TokenStream2>)> {
    let (strides, _) = spec.strides.as_ref()?;
    let axes: Vec<(usize, i128, i128)> = (0..spec.shape.len())
        .filter_map(|k| match (spec.shape[k].literal, strides[k].literal) {
            (Some(d), Some(s))
                if spec.shape[k].dynamic.is_none() && strides[k].dynamic.is_none() =>
            {
                Some((k, d, s))
            }
            _ => None,
        })
        .collect();
    // A literal out of its type's range is reported elsewhere.
    if axes.len() < 2
        || axes.iter().any(|&(_, d, s)| {
            d < 0 || d > usize::MAX as i128 || s < isize::MIN as i128 || s > isize::MAX as i128
        })
    {
        return None;
    }
    let sizes = axes
        .iter()
        .map(|&(_, d, _)| usize_lit(d as usize))
        .collect();
    let strides = axes
        .iter()
        .map(|&(_, _, s)| ts(Literal::isize_suffixed(s as isize)))
        .collect();
    Some((axes.iter().map(|a| a.0).collect(), sizes, strides))
}

// A const argument for an entry of the generic path: a literal, a `const X`
// parameter as is (a const generic parameter must have the argument's
// type: `usize` for sizes and the offset, `isize` for strides), or a
// constant expression cast to the type (valid when it names no generic
// parameter).
fn const_arg(v: &Value, kind: Kind) -> TokenStream2 {
    if let Some(n) = v.literal {
        return cs("{ $0 }", &[literal_tokens(v, n)]);
    }
    if let Some((false, id)) = &v.param {
        return tpl(id.span(), "{ $0 }", &[ts(id.clone())]);
    }
    // A constant expression: checked as in the constant path (any integer
    // type, in range, or the rule's message at the expression).
    cs("{ $0 }", &[entry_tokens(v, kind)])
}

// The static layout type of the generic path: each axis an `Axis` (given
// stride), `NegAxis` (stride `-S` for a parameter `S`) or `CAxis` (default
// stride, computed by an associated constant).
fn generic_type(spec: &Spec) -> TokenStream2 {
    let axes = spec.shape.iter().enumerate().map(|(k, size)| {
        let d = const_arg(size, Kind::Size);
        match &spec.strides {
            None => cs("::constrided::__private::CAxis<$0>,", &[d]),
            Some((s, _)) => match (&s[k].literal, &s[k].param) {
                (None, Some((true, id))) => tpl(
                    id.span(),
                    "::constrided::__private::NegAxis<$0, { $1 }>,",
                    &[d, ts(id.clone())],
                ),
                _ => {
                    let st = const_arg(&s[k], Kind::Stride);
                    cs("::constrided::__private::Axis<$0, $1>,", &[d, st])
                }
            },
        }
    });
    let offset = match &spec.offset {
        Some((v, _)) => const_arg(v, Kind::Offset),
        None => cs("0", &[]),
    };
    cs(
        "::constrided::__private::StaticLayout<($0), $1>",
        &[axes.collect(), offset],
    )
}

// What both layout checks (literal and generic) take besides the layout:
// the `len` entry as an `Option`, whether a `&mut` view needs uniqueness,
// and the span the error points at (`&mut`, else `len`, else the layout).
fn check_inputs(spec: &Spec, mutable: Option<Span>) -> (TokenStream2, TokenStream2, Span) {
    let len = match &spec.len {
        Some((v, _)) => cs(
            "::core::option::Option::Some($0)",
            &[entry_tokens(v, Kind::Len)],
        ),
        None => cs("::core::option::Option::None", &[]),
    };
    let span = mutable
        .or(spec.len.as_ref().map(|(_, s)| *s))
        .unwrap_or_else(|| layout_span(spec));
    let unique = cs(if mutable.is_some() { "true" } else { "false" }, &[]);
    (len, unique, span)
}

// The generic path's value: the layout, checked by an inline `const`
// block at the call site (evaluated when the code is instantiated, and
// reported at the user's line).
fn generic_value(spec: &Spec, mutable: Option<Span>) -> TokenStream2 {
    let n = spec.shape.len();
    let ty = generic_type(spec);
    let (len, unique, span) = check_inputs(spec, mutable);
    let check = tpl(
        span,
        r#"const {
            ::constrided::__private::fail_if(::constrided::__private::layout_failure::<$0>(
                <$1>::CHECKED, $2, $3,
            ))
        }"#,
        &[usize_lit(n), ty.clone(), len, unique],
    );
    // `new` would check the layout again: one error, not two.
    // The type (which holds the user's tokens) is named outside the
    // `unsafe` block, which must not cover them.
    let f = ts(local("__constrided_prechecked", Span::call_site()));
    // SAFETY (of the `unsafe` block below): the `const` block refuses (a
    // compile error) any layout whose `CHECKED` is an `Err`:
    // `__prechecked`'s precondition.
    // A `fn` of the local's name declared first keeps a caller's constant
    // of that name from turning the `let` into a pattern (no closure here:
    // the expression stays const-evaluable, as `__prechecked` is). The
    // block also holds the user's entries: one that names
    // `__constrided_prechecked` itself finds this `fn`, a type error, never
    // another value.
    cs(
        "{ $0; fn $1() {} let $1 = <$2>::__prechecked; unsafe { $1() } }",
        &[check, f, ty],
    )
}

// A closure `move |$names| $body` inside a block that declares a `fn` of
// each name first. The block holds none of the user's tokens, so a
// constant of the caller's named like one of the macro's locals is
// shadowed there (a pattern naming a constant matches it instead of
// binding: `Span::mixed_site` hygiene covers locals, not items), and no
// user token sees the `fn`s. With `tuple`, the closure takes one tuple.
fn bind_locals(names: &[TokenStream2], body: TokenStream2, tuple: bool) -> TokenStream2 {
    let mut out = TokenStream2::new();
    for n in names {
        out.extend(cs("fn $0() {}", std::slice::from_ref(n)));
    }
    let params = commas(names.to_vec());
    let params = if tuple { cs("($0)", &[params]) } else { params };
    out.extend(cs("move |$0| $1", &[params, body]));
    cs("{ $0 }", &[out])
}

// The names of the constants the macro generates, numbered per invocation
// so that a `strided!` nested in an entry of another does not clash with
// it: rustc names them when one fails ("evaluation of
// `main::STRIDED_SHAPE_0` failed"), so they say what they hold. The number
// is given when the name is made (`generated`), never by rewriting the
// output: the user's tokens in it keep their meaning, so a user constant
// called `STRIDED_SHAPE` is the user's.
#[derive(Clone, Copy)]
enum Generated {
    Shape,
    Strides,
    Offset,
}

thread_local! {
    // The number of the invocation being expanded.
    static SUFFIX: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

// The name of a generated constant of this invocation, at the call site.
fn generated(g: Generated) -> Ident {
    let base = match g {
        Generated::Shape => "STRIDED_SHAPE",
        Generated::Strides => "STRIDED_STRIDES",
        Generated::Offset => "STRIDED_OFFSET",
    };
    Ident::new(&format!("{base}_{}", SUFFIX.get()), Span::call_site())
}

// A local of the macro's own (`let` or a match binding), with
// `macro_rules!` hygiene (`Span::mixed_site`) and the location of `at`:
// the user's tokens cannot name it, nor can its uses be resolved to a
// user's local of the same name, even when some of the tokens come from
// a `macro_rules!` that forwards them (the call site, then the wrapper's
// body, has another hygiene context than the forwarded tokens).
fn local(name: &str, at: Span) -> Ident {
    Ident::new(name, Span::mixed_site().located_at(at))
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn expand(input: TokenStream2) -> Result<TokenStream2> {
    // Numbered as before: an invocation that fails takes no number.
    SUFFIX.set(COUNTER.load(std::sync::atomic::Ordering::Relaxed));
    let out = expand_inner(input)?;
    COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Ok(out)
}

fn expand_inner(input: TokenStream2) -> Result<TokenStream2> {
    let call_site = Span::call_site();
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    // Type form: `type shape = ..`.
    if let Some(TokenTree::Ident(first)) = tokens.first() {
        if first == "type" {
            let spec = parse_spec(tokens[1..].iter().cloned().collect(), call_site)?;
            if spec.is_mixed() {
                return Ok(mixed_type(&spec));
            }
            if spec.has_params() {
                return Ok(generic_type(&spec));
            }
            return Ok(layout_type(&spec));
        }
    }
    // Buffer form: `<buffer expr>; entries`.
    let semi = tokens
        .iter()
        .position(|t| matches!(t, TokenTree::Punct(p) if p.as_char() == ';'));
    match semi {
        None => {
            let spec = parse_spec(tokens.into_iter().collect(), call_site)?;
            if spec.is_mixed() {
                return mixed_value(&spec, None);
            }
            if spec.has_assoc() {
                return Ok(assoc_value(&spec, None));
            }
            if spec.has_params() {
                return Ok(generic_value(&spec, None));
            }
            let (items, layout) = layout_block(&spec, None);
            Ok(cs("{ $0 $1 }", &[items, layout]))
        }
        Some(at) => {
            let buffer_tokens: TokenStream2 = tokens[..at].iter().cloned().collect();
            if buffer_tokens.is_empty() {
                return Err(Error::new(
                    tokens[at].span(),
                    "expected a buffer before `;`, e.g. `strided!(&buf; shape = (4, 3))`",
                ));
            }
            let buffer = buffer_tokens;
            // `&buf` or `&mut buf`, as written: (the `&`, the `mut`).
            let reference = match &tokens[..at] {
                [TokenTree::Punct(amp), rest @ ..] if amp.as_char() == '&' => Some((
                    amp.span(),
                    match rest.first() {
                        Some(TokenTree::Ident(m)) if m == "mut" => Some(m.span()),
                        _ => None,
                    },
                )),
                _ => None,
            };
            let spec = parse_spec(tokens[at + 1..].iter().cloned().collect(), call_site)?;
            if spec.is_mixed() {
                let mutable = match reference {
                    Some((amp, Some(_))) => Some(amp),
                    _ => None,
                };
                let layout = mixed_value(&spec, mutable)?;
                return Ok(cs(
                    "::constrided::__private::mixed_view($0, $1)",
                    &[buffer, layout],
                ));
            }
            if spec.has_assoc() {
                let mutable = match reference {
                    Some((amp, Some(_))) => Some(amp),
                    _ => None,
                };
                let layout = assoc_value(&spec, mutable);
                return Ok(cs(
                    "::constrided::__private::mixed_view($0, ::core::result::Result::Ok($1))",
                    &[buffer, layout],
                ));
            }
            let generic = spec.has_params();
            // What is known of the layout's uniqueness: `&buf` needs none;
            // `&mut buf` is checked with the layout (with the colliding
            // indices in the message); any other buffer expression gets a
            // type computed from a quick proof of the layout's uniqueness,
            // so a `&mut` behind a binding is still refused at type-checking
            // time, while a shared one pays at most a few hundred steps. A
            // proof the quick search (or the generic path) leaves open is
            // `Deferred`: made at instantiation, for exclusive borrows only.
            let (mutable, proof) = match reference {
                Some((_, mutability)) => match mutability {
                    Some(m) => (Some(m), cs("::constrided::__private::Unique", &[])),
                    None => (None, cs("::constrided::__private::Shared", &[])),
                },
                _ if generic => (None, cs("::constrided::__private::Deferred", &[])),
                _ => {
                    let (shape, strides) = match literal_layout(&spec) {
                        Some((sh, st, _)) => (cs("[$0]", &[commas(sh)]), cs("[$0]", &[commas(st)])),
                        None => (
                            ts(generated(Generated::Shape)),
                            ts(generated(Generated::Strides)),
                        ),
                    };
                    (
                        None,
                        cs(
                            r#"<::constrided::__private::Proof<{
                                ::constrided::__private::quick_uniqueness(&$0, &$1)
                            }> as ::constrided::__private::Select>::OUT"#,
                            &[shape, strides],
                        ),
                    )
                }
            };
            let layout = if generic {
                let value = generic_value(&spec, mutable);
                cs("($0, $1)", &[value, proof])
            } else {
                let (items, layout) = layout_block(&spec, mutable);
                cs("{ $0 ($1, $2) }", &[items, layout, proof])
            };
            // `static_view` checks what needs the buffer's type (a
            // fixed-size array's length, a deferred uniqueness proof) when
            // it is instantiated; rustc's note names this line.
            // The check is a generic function defined here, spanned at the
            // buffer, so a broken rule is reported at the user's line.
            let at = tokens[0].span();
            let check = tpl(
                at,
                r#"{
                    fn layout_fits_buffer<'a, B, F, const N: usize>(
                        _: ::core::marker::PhantomData<(B, F, [(); N])>,
                    ) where
                        B: ::constrided::__private::StaticSource<'a>,
                        F: ::constrided::__private::LayoutFn<N>,
                    {
                        const {
                            ::constrided::__private::fail_if(
                                ::constrided::__private::source_check::<
                                    'a,
                                    B,
                                    N,
                                    <F as ::constrided::__private::LayoutFn<N>>::Mapping,
                                    <F as ::constrided::__private::LayoutFn<N>>::Proof,
                                >(),
                            )
                        }
                    }
                    layout_fits_buffer
                }"#,
                &[],
            );
            // The layout is made by a closure spanned at the buffer: the
            // check function is generic over its type, which rustc prints
            // as the user's line (a `StaticLayout<..>` would print in full).
            // The layout and its checks are evaluated in the caller's body
            // (not in the closure, which only hands the value over), so
            // a broken rule's error names the caller (`main::_`).
            //
            // The macro's locals. Each is bound and used with one span
            // (hygiene context): a `macro_rules!` that forwards the tokens
            // gives the call site another context than the buffer's tokens,
            // and a use spanned at the buffer must still find the binding
            // above it, never a user's local of the same name in the
            // context of the buffer (which would hand `static_view` another
            // buffer, or a layout with a forged proof). No user token is
            // in the scope of these bindings.
            let lay = local("__constrided_layout", Span::call_site());
            let chk = local("__constrided_check", Span::call_site());
            // The closure and what it returns are spanned at the buffer
            // (its type prints as the user's line).
            let lay_at = ts(Ident::new("__constrided_layout", at));
            let closure = tpl(at, "move || $0", std::slice::from_ref(&lay_at));
            let layout = cs(
                "::constrided::__private::call_with($0, $1)",
                &[layout, bind_locals(&[lay_at], closure, false)],
            );
            // The user's expressions are evaluated outside the `unsafe`
            // block (it must not cover them).
            // The buffer binding and argument keep the buffer's span, where
            // a `MayView` error (a `&mut` through an aliasing layout)
            // points, with no "originates in the macro" note.
            let buf = ts(Ident::new("__constrided_buffer", at));
            // SAFETY (of the `unsafe` block below): `__constrided_check` is
            // `layout_fits_buffer` above, which refuses every broken rule
            // `source_check` finds, and the proof kind is the macro's own
            // finding (static_view's precondition).
            let (lay, chk) = (ts(lay), ts(chk));
            // The closure returns a 1-tuple: clippy's `result_large_err`
            // would lint a closure returning the `Result` of a slice buffer.
            let call = cs(
                "(unsafe { ::constrided::__private::static_view($0, $1, $2) },)",
                &[buf.clone(), lay.clone(), chk.clone()],
            );
            Ok(cs(
                "::constrided::__private::call_with(($0, $1, $2), $3).0",
                &[
                    buffer,
                    layout,
                    check,
                    bind_locals(&[buf, lay, chk], call, true),
                ],
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    fn tokens(s: &str) -> Vec<TokenTree> {
        TokenStream2::from_str(s).unwrap().into_iter().collect()
    }

    fn text(items: &[Vec<TokenTree>]) -> Vec<String> {
        items
            .iter()
            .map(|t| t.iter().cloned().collect::<TokenStream2>().to_string())
            .collect()
    }

    #[test]
    fn bare_names_read_by_their_tokens() {
        let v = |s: &str| value_of(&tokens(s)).ok().unwrap();
        for p in ["R", "N", "C2", "WS"] {
            assert!(
                matches!(v(p).param, Some((false, ref id)) if id == p),
                "{p}"
            );
        }
        assert!(matches!(v("-S").param, Some((true, ref id)) if id == "S"));
        for c in ["ROWS", "PITCH", "Rows", "Ws", "r", "N_", "_N", "(N)"] {
            assert!(v(c).param.is_none(), "{c}");
        }
    }

    #[test]
    fn entries_split_at_top_level_commas() {
        let items = split_commas(&tokens("a, f::<A, B>(x, y), <T as Tr<A, B>>::N, [1, 2],")).ok();
        assert_eq!(
            text(&items.unwrap()),
            [
                "a",
                "f ::< A , B > (x , y)",
                "< T as Tr < A , B >>:: N",
                "[1 , 2]"
            ]
        );
        // `a < b` is a comparison, not a bracket.
        assert_eq!(
            split_commas(&tokens("a < b, c")).ok().map(|v| v.len()),
            Some(2)
        );
        assert!(split_commas(&tokens("a,, b")).is_err());
    }

    #[test]
    fn literals_keep_value_and_suffix() {
        let lit = |s: &str| match &tokens(s)[..] {
            [TokenTree::Literal(l)] => l.clone(),
            _ => unreachable!(),
        };
        assert_eq!(int_literal(&lit("1_000"), false).ok(), Some(1000));
        assert_eq!(int_literal(&lit("0x1f"), true).ok(), Some(-31));
        assert_eq!(int_literal(&lit("255u8"), false).ok(), Some(255));
        assert_eq!(int_literal(&lit("0b101i64"), false).ok(), Some(5));
        for bad in ["256u8", "1.5", "1e3", "2f32", "'c'", "\"s\"", "4abc"] {
            assert!(int_literal(&lit(bad), false).is_err(), "{bad}");
        }
        let e = int_literal(&lit("5u32"), true).err().unwrap();
        assert!(e
            .message
            .starts_with("`-5` is negative but `u32` is unsigned"));
    }

    #[test]
    fn values_are_classified() {
        let v = |s: &str| value_of(&tokens(s)).ok().unwrap();
        assert_eq!(v("-3").literal, Some(-3));
        // In parentheses, negated at most once: read at the literal's width.
        assert_eq!(v("-(3000000000)").literal, Some(-3_000_000_000));
        assert_eq!(v("(-(5))").literal, Some(-5));
        assert_eq!(v("((7u8))").literal, Some(7));
        assert!(value_of(&tokens("-(5u32)")).is_err());
        for expr in ["-(-(5))", "(3) * 2", "(X)", "-(X)", "(2 - 1)"] {
            assert_eq!(v(expr).literal, None, "{expr}");
        }
        assert!(matches!(v("_").dynamic, Some(None)));
        assert!(matches!(v("dyn h * 2").dynamic, Some(Some(_))));
        assert!(v("Self::ROWS").path && v("-T::N").path && v("<T as Tr>::N").path);
        assert!(v("consts::W").path && !v("2 * W").path && !v("f(x)").path);
        assert!(!v("W as usize").path && !v("-W as isize").path && !v("W as u8 as usize").path);
        // A cast of a path is read as the path is (it may name `Self` or a
        // type parameter, which a `const` item cannot).
        assert!(v("a::W as usize").path && v("Self::ROWS as usize").path);
        assert!(v("-T::N as isize").path && v("<T as Tr>::N as u8 as usize").path);
        assert!(!v("T::N as usize + 1").path && !v("T::N * 2").path);
        assert!(v("::a::W").path && v("T::<u8>::N").path);
        // `const R` marks a const generic parameter; a bare name is a constant.
        assert!(matches!(v("const R").param, Some((false, ref id)) if id == "R"));
        assert!(matches!(v("-const S").param, Some((true, ref id)) if id == "S"));
        assert_eq!(v("-const S").expr.to_string(), "- S");
        assert!(value_of(&tokens("const")).is_err());
        assert!(value_of(&tokens("const R + 1")).is_err());
    }
}

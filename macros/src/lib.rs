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

use proc_macro::TokenStream;
use proc_macro2::{Span, TokenStream as TokenStream2, TokenTree};
use quote::{quote, quote_spanned};
use syn::parse::{Parse, ParseStream, Parser};
use syn::punctuated::Punctuated;
use syn::spanned::Spanned;
use syn::{Expr, ExprLit, ExprUnary, Ident, Lit, Token, UnOp};

const MAX_RANK: usize = 8;
const KEYS: &str = "`shape`, `strides`, `offset` or `len`";

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

// One `key = value` entry.
struct Entry {
    key: Ident,
    value: Expr,
}

impl Parse for Entry {
    fn parse(input: ParseStream) -> syn::Result<Self> {
        let key: Ident = input
            .parse()
            .map_err(|e| syn::Error::new(e.span(), format!("expected a key: {KEYS}")))?;
        input
            .parse::<Token![=]>()
            .map_err(|e| syn::Error::new(e.span(), format!("expected `=` after `{key}`")))?;
        let value: Expr = input.parse()?;
        Ok(Entry { key, value })
    }
}

// A number the macro can read (an integer literal, maybe negated), or a
// constant expression left to the compiler.
struct Value {
    expr: Expr,
    literal: Option<i128>,
}

fn value_of(expr: &Expr) -> syn::Result<Value> {
    let literal = match expr {
        Expr::Lit(ExprLit { lit, .. }) => Some(int_literal(lit, false)?),
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => match &**inner {
            Expr::Lit(ExprLit { lit, .. }) => Some(int_literal(lit, true)?),
            _ => None,
        },
        Expr::Group(g) => return value_of(&g.expr),
        _ => None,
    };
    Ok(Value {
        expr: expr.clone(),
        literal,
    })
}

fn int_literal(lit: &Lit, negative: bool) -> syn::Result<i128> {
    match lit {
        Lit::Int(i) => {
            let v: i128 = i.base10_parse().map_err(|_| {
                syn::Error::new_spanned(i, format!("`{i}` is too large for a layout entry"))
            })?;
            let v = if negative { -v } else { v };
            check_suffix(i, v)?;
            Ok(v)
        }
        other => Err(syn::Error::new_spanned(
            other,
            "expected an integer: layout entries count elements",
        )),
    }
}

// A suffixed literal keeps its type: its value must be in that type's
// range (`300u8` and `-5u32` are errors naming the number and the range).
fn check_suffix(i: &syn::LitInt, v: i128) -> syn::Result<()> {
    let suffix = i.suffix();
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
            return Err(syn::Error::new_spanned(
                i,
                format!("`{other}` is not an integer type: layout entries are integers"),
            ))
        }
    };
    if v < range.0 && range.0 == 0 {
        return Err(syn::Error::new_spanned(
            i,
            format!(
                "`-{}` is negative but `{suffix}` is unsigned: a suffixed literal keeps its type, whose range is {}..={}",
                i.base10_digits(),
                range.0,
                range.1
            ),
        ));
    }
    if v < range.0 || v > range.1 {
        return Err(syn::Error::new_spanned(
            i,
            format!(
                "{v} does not fit in `{suffix}`: a suffixed literal keeps its type, whose range is {}..={}",
                range.0, range.1
            ),
        ));
    }
    Ok(())
}

// The entries of a tuple `(a, b)`, an array `[a, b]`, `()` or a single value.
fn list_of(expr: &Expr) -> syn::Result<Vec<Value>> {
    match expr {
        Expr::Tuple(t) => t.elems.iter().map(value_of).collect(),
        Expr::Array(a) => a.elems.iter().map(value_of).collect(),
        Expr::Paren(p) => Ok(vec![value_of(&p.expr)?]),
        other => Ok(vec![value_of(other)?]),
    }
}

// What the entries say, checked for everything visible in the tokens.
struct Spec {
    shape: Vec<Value>,
    shape_span: Span,
    strides: Option<(Vec<Value>, Span)>,
    offset: Option<(Value, Span)>,
    len: Option<(Value, Span)>,
}

fn parse_spec(tokens: TokenStream2, call_site: Span) -> syn::Result<Spec> {
    let entries = Punctuated::<Entry, Token![,]>::parse_terminated.parse2(tokens)?;
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
                return Err(syn::Error::new_spanned(
                    &entry.key,
                    format!("unknown key `{name}`: expected {KEYS}"),
                ))
            }
        };
        if slot_taken {
            return Err(syn::Error::new_spanned(
                &entry.key,
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
    let Some((shape, shape_span, shape_expr)) = shape else {
        return Err(syn::Error::new(
            call_site,
            "missing `shape = (..)`: a layout needs its shape, e.g. `strided![shape = (4, 3)]`",
        ));
    };
    if shape.len() > MAX_RANK {
        return Err(syn::Error::new_spanned(
            &shape_expr,
            format!(
                "rank {} is above the maximum rank {MAX_RANK}: `shape` may have at most {MAX_RANK} entries",
                shape.len()
            ),
        ));
    }
    for v in &shape {
        if let Some(n) = v.literal {
            if n < 0 {
                return Err(syn::Error::new_spanned(
                    &v.expr,
                    format!("size {n} is negative: sizes count elements and must be 0 or more"),
                ));
            }
            if n > u64::MAX as i128 {
                return Err(syn::Error::new_spanned(
                    &v.expr,
                    format!("size {n} does not fit in usize"),
                ));
            }
        }
    }
    if let Some((s, span)) = &strides {
        if s.len() != shape.len() {
            return Err(syn::Error::new(
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
                    return Err(syn::Error::new_spanned(
                        &v.expr,
                        format!("stride {n} does not fit in isize"),
                    ));
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
                    return Err(syn::Error::new_spanned(
                        &v.expr,
                        format!("{what} {n} is negative: {why}"),
                    ));
                }
                if n > u64::MAX as i128 {
                    return Err(syn::Error::new_spanned(
                        &v.expr,
                        format!("{what} {n} does not fit in usize"),
                    ));
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
        quote_spanned! {v.expr.span()=> -#lit}
    } else {
        quote_spanned! {v.expr.span()=> #lit}
    }
}

// The checked value of one entry. A constant expression goes through a
// `const fn` that accepts any integer type (anything else is a compile
// error naming the type) and returns the value in range or the message
// of the rule it breaks; the panic is spanned on the expression, so the
// error points at it.
fn entry_tokens(v: &Value, kind: Kind) -> TokenStream2 {
    if let Some(n) = v.literal {
        return literal_tokens(v, n);
    }
    let e = &v.expr;
    let helper = match kind {
        Kind::Size => quote! { size_entry },
        Kind::Stride => quote! { stride_entry },
        Kind::Offset => quote! { offset_entry },
        Kind::Len => quote! { len_entry },
    };
    quote_spanned! {e.span()=>
        match ::constrided::__private::#helper(&(#e), (#e) as i128, (#e) as u128) {
            ::core::result::Result::Ok(v) => v,
            ::core::result::Result::Err(m) => ::core::panic!("{}", m.as_str()),
        }
    }
}

// An entry as a plain cast, unchecked: for the type form's generic
// arguments, whose values only matter once `layout_checks` accepted them.
fn raw_entry_tokens(v: &Value, kind: Kind) -> TokenStream2 {
    if let Some(n) = v.literal {
        return literal_tokens(v, n);
    }
    let e = &v.expr;
    match kind {
        Kind::Stride => quote_spanned! {e.span()=> (#e) as isize },
        _ => quote_spanned! {e.span()=> (#e) as usize },
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

// `if let Some(m) = failure(check) { panic!(m) }`, spanned at `span`.
fn rule_tokens(span: Span, check: TokenStream2) -> TokenStream2 {
    quote_spanned! {span=>
        if let ::core::option::Option::Some(m) = ::constrided::__private::failure(#check) {
            ::core::panic!("{}", m.as_str())
        }
    }
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
    let strides = match &spec.strides {
        Some((s, _)) => {
            let s = s.iter().map(|v| entry_tokens(v, Kind::Stride));
            quote! { [#(#s),*] }
        }
        None => quote_spanned! {spec.shape_span=>
            match ::constrided::__private::c_strides_checked(__CONSTRIDED_SHAPE) {
                ::core::result::Result::Ok(s) => s,
                ::core::result::Result::Err(m) => ::core::panic!("{}", m.as_str()),
            }
        },
    };
    let offset = match &spec.offset {
        Some((v, _)) => entry_tokens(v, Kind::Offset),
        None => quote! { 0 },
    };
    let bind = |name: TokenStream2, ty: TokenStream2, value: TokenStream2| {
        if as_items {
            quote! { const #name: #ty = #value; }
        } else {
            quote! { let #name: #ty = #value; }
        }
    };
    let mut bindings = bind(
        quote! { __CONSTRIDED_SHAPE },
        quote! { [usize; #n] },
        quote! { [#(#shape),*] },
    );
    bindings.extend(bind(
        quote! { __CONSTRIDED_STRIDES },
        quote! { [isize; #n] },
        strides,
    ));
    bindings.extend(bind(
        quote! { __CONSTRIDED_OFFSET },
        quote! { usize },
        offset,
    ));
    let mut checks = vec![rule_tokens(
        layout_span(spec),
        quote! { ::constrided::__private::extent(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES, __CONSTRIDED_OFFSET) },
    )];
    if let Some((v, span)) = &spec.len {
        let e = entry_tokens(v, Kind::Len);
        checks.push(rule_tokens(
            *span,
            quote! { ::constrided::__private::check_in_buffer(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES, __CONSTRIDED_OFFSET, #e) },
        ));
    }
    if let Some(span) = mutable {
        checks.push(rule_tokens(
            span,
            quote! { ::constrided::__private::check_unique(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES) },
        ));
    }
    let checks = if as_items {
        // Each check its own `const _` item, evaluated by `cargo check`.
        checks
            .into_iter()
            .map(|c| quote! { const _: () = { #c }; })
            .collect()
    } else {
        quote! { #(#checks)* }
    };
    Checked { bindings, checks }
}

// The static layout value and the items that define and check it.
// `mutable` is the span of a `&mut` the macro can see: then uniqueness is
// checked here, with the colliding indices in the message.
fn layout_block(spec: &Spec, mutable: Option<Span>) -> (TokenStream2, TokenStream2) {
    let n = spec.shape.len();
    let Checked { bindings, checks } = layout_checks(spec, mutable, true);
    let axes = (0..n).map(|k| {
        quote! { ::constrided::__private::Axis<{ __CONSTRIDED_SHAPE[#k] }, { __CONSTRIDED_STRIDES[#k] }>, }
    });
    let items = quote! { #bindings #checks };
    let value = quote! {
        ::constrided::__private::StaticLayout::<(#(#axes)*), { __CONSTRIDED_OFFSET }>::new()
    };
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
    let axes = (0..spec.shape.len()).map(|k| {
        let size = &raw_shape[k];
        let stride = match &spec.strides {
            Some((s, _)) => raw_entry_tokens(&s[k], Kind::Stride),
            None => quote! { ::constrided::__private::c_strides_or_zeros([#(#raw_shape),*])[#k] },
        };
        quote! { ::constrided::__private::Axis<{ #size }, { #stride }>, }
    });
    let Checked { bindings, checks } = layout_checks(spec, None, false);
    quote! {
        ::constrided::__private::StaticLayout<(#(#axes)*), {
            #bindings
            #checks
            __CONSTRIDED_OFFSET
        }>
    }
}

fn expand(input: TokenStream2) -> syn::Result<TokenStream2> {
    let call_site = Span::call_site();
    let tokens: Vec<TokenTree> = input.into_iter().collect();
    // Type form: `type shape = ..`.
    if let Some(TokenTree::Ident(first)) = tokens.first() {
        if first == "type" {
            let spec = parse_spec(tokens[1..].iter().cloned().collect(), call_site)?;
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
            let (items, layout) = layout_block(&spec, None);
            Ok(quote! {{ #items #layout }})
        }
        Some(at) => {
            let buffer_tokens: TokenStream2 = tokens[..at].iter().cloned().collect();
            if buffer_tokens.is_empty() {
                return Err(syn::Error::new(
                    tokens[at].span(),
                    "expected a buffer before `;`, e.g. `strided!(&buf; shape = (4, 3))`",
                ));
            }
            let buffer: Expr = syn::parse2(buffer_tokens)?;
            // What is known of the layout's uniqueness: `&buf` needs none;
            // `&mut buf` is checked by a `const` item (with the colliding
            // indices in the message); any other buffer expression gets a
            // type computed from the layout's uniqueness, so a `&mut` behind
            // a binding is still refused at type-checking time.
            let (mutable, proof) = match &buffer {
                Expr::Reference(r) => match r.mutability {
                    Some(m) => (
                        Some(m.span().join(r.expr.span()).unwrap_or(m.span())),
                        quote! { ::constrided::__private::Unique },
                    ),
                    None => (None, quote! { ::constrided::__private::Shared }),
                },
                _ => (
                    None,
                    quote! {
                        <::constrided::__private::Proof<{
                            ::constrided::__private::is_unique(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES)
                        }> as ::constrided::__private::Select>::OUT
                    },
                ),
            };
            let spec = parse_spec(tokens[at + 1..].iter().cloned().collect(), call_site)?;
            let (items, layout) = layout_block(&spec, mutable);
            Ok(quote! {
                ::constrided::__private::static_view(#buffer, { #items (#layout, #proof) })
            })
        }
    }
}

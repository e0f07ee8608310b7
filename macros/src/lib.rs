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
// `dyn expr` entries are rewritten to `__constrided_dyn(expr)` before
// parsing (`dyn expr` is not an expression).
const DYN_MARK: &str = "__constrided_dyn";

fn has_dyn(ts: TokenStream2) -> bool {
    ts.into_iter().any(|t| match t {
        TokenTree::Ident(id) => id == "dyn",
        TokenTree::Group(g) => has_dyn(g.stream()),
        _ => false,
    })
}

// Rewrites every `dyn <tokens up to the next comma>` into
// `__constrided_dyn(<tokens>)`, in groups too.
fn mark_dyn(ts: TokenStream2) -> TokenStream2 {
    let tokens: Vec<TokenTree> = ts.into_iter().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Ident(id) if id == "dyn" => {
                let mut inner = Vec::new();
                i += 1;
                while i < tokens.len() {
                    if matches!(&tokens[i], TokenTree::Punct(p) if p.as_char() == ',') {
                        break;
                    }
                    inner.push(match &tokens[i] {
                        TokenTree::Group(g) => {
                            let mut ng =
                                proc_macro2::Group::new(g.delimiter(), mark_dyn(g.stream()));
                            ng.set_span(g.span());
                            TokenTree::Group(ng)
                        }
                        t => t.clone(),
                    });
                    i += 1;
                }
                out.push(TokenTree::Ident(Ident::new(DYN_MARK, id.span())));
                let inner: TokenStream2 = inner.into_iter().collect();
                let mut g = proc_macro2::Group::new(proc_macro2::Delimiter::Parenthesis, inner);
                g.set_span(id.span());
                out.push(TokenTree::Group(g));
            }
            TokenTree::Group(g) => {
                let mut ng = proc_macro2::Group::new(g.delimiter(), mark_dyn(g.stream()));
                ng.set_span(g.span());
                out.push(TokenTree::Group(ng));
                i += 1;
            }
            t => {
                out.push(t.clone());
                i += 1;
            }
        }
    }
    out.into_iter().collect()
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
#[derive(Clone)]
struct Value {
    expr: Expr,
    literal: Option<i128>,
    // A bare identifier `X` or `-X` (negative): maybe a const generic
    // parameter, which only as such can be a const argument of a type.
    param: Option<(bool, Ident)>,
    // A run-time entry: `dyn expr` (value form, with the expression) or
    // `_` (type form, without).
    dynamic: Option<Option<Expr>>,
}

fn bare_ident(expr: &Expr) -> Option<Ident> {
    match expr {
        Expr::Path(p) if p.qself.is_none() && p.attrs.is_empty() => p.path.get_ident().cloned(),
        Expr::Group(g) => bare_ident(&g.expr),
        // `(X)` is a constant expression: the escape hatch for a constant
        // of another integer type than the entry's.
        _ => None,
    }
}

fn value_of(expr: &Expr) -> syn::Result<Value> {
    if let Expr::Infer(_) = expr {
        return Ok(Value {
            expr: expr.clone(),
            literal: None,
            param: None,
            dynamic: Some(None),
        });
    }
    if let Expr::Call(c) = expr {
        if let Expr::Path(p) = &*c.func {
            if p.path.is_ident(DYN_MARK) && c.args.len() == 1 {
                return Ok(Value {
                    expr: expr.clone(),
                    literal: None,
                    param: None,
                    dynamic: Some(Some(c.args[0].clone())),
                });
            }
        }
    }
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
    let param = match expr {
        Expr::Unary(ExprUnary {
            op: UnOp::Neg(_),
            expr: inner,
            ..
        }) => bare_ident(inner).map(|i| (true, i)),
        other => bare_ident(other).map(|i| (false, i)),
    };
    Ok(Value {
        expr: expr.clone(),
        literal,
        param,
        dynamic: None,
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
    // Rewritten only when needed: rebuilt groups lose their delimiters'
    // own spans, which parse errors point at.
    let tokens = if has_dyn(tokens.clone()) {
        mark_dyn(tokens)
    } else {
        tokens
    };
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
            quote! { { -#l } }
        } else {
            quote! { #l }
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
        let sh = lits(&spec.shape);
        let st = match &spec.strides {
            Some((s, _)) => {
                let s = lits(s);
                quote! { ::core::option::Option::Some(&[#(#s),*]) }
            }
            None => quote! { ::core::option::Option::None },
        };
        let off = &offset;
        let mut calls = vec![quote_spanned! {layout_span(spec)=>
            ::constrided::__private::assert_layout(&[#(#sh),*], #st, #off);
        }];
        if let Some((v, span)) = &spec.len {
            let len = entry_tokens(v, Kind::Len);
            calls.push(quote_spanned! {*span=>
                ::constrided::__private::assert_len(&[#(#sh),*], #st, #off, #len);
            });
        }
        if let Some(span) = mutable {
            calls.push(quote_spanned! {span=>
                ::constrided::__private::assert_unique(&[#(#sh),*], #st);
            });
        }
        let axes = shape
            .iter()
            .zip(&strides)
            .map(|(d, s)| quote! { ::constrided::__private::Axis<#d, #s>, });
        let items = quote! { const _: () = { #(#calls)* }; };
        let value = quote! {
            ::constrided::__private::StaticLayout::<(#(#axes)*), #offset>::new()
        };
        return (items, value);
    }
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

impl Spec {
    // Whether some entry is a bare identifier: maybe a const generic
    // parameter, so the layout goes through the generic path.
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
    fn path(e: &Expr) -> bool {
        match e {
            Expr::Path(p) => p.qself.is_some() || p.path.segments.len() >= 2,
            Expr::Group(g) => path(&g.expr),
            Expr::Unary(ExprUnary {
                op: UnOp::Neg(_),
                expr,
                ..
            }) => path(expr),
            _ => false,
        }
    }
    v.literal.is_none() && v.dynamic.is_none() && path(&v.expr)
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
            quote! { ::core::option::Option::Some([#(#s),*]) }
        }
        None => quote! { ::core::option::Option::None },
    };
    let offset = match &spec.offset {
        Some((v, _)) => entry_tokens(v, Kind::Offset),
        None => quote! { 0 },
    };
    let (len, unique, span) = check_inputs(spec, mutable);
    let check = quote_spanned! {span=>
        const {
            let l = ::constrided::__private::entries_layout::<#n>([#(#shape),*], #strides, #offset);
            if let ::core::option::Option::Some(m) = ::constrided::__private::layout_failure::<#n>(
                l, #len, #unique,
            ) {
                ::core::panic!("{}", m.as_str())
            }
            match l {
                ::core::result::Result::Ok(l) => l,
                ::core::result::Result::Err(_) => ::core::unreachable!(),
            }
        }
    };
    quote! { ::constrided::__private::checked_mixed::<#ty, #n>(#check) }
}

// The mixed path's type: `MixedLayout<(MAxis<size, stride>, ..), offset, N>`
// with `Fix`/`FixS` for static entries and `Dyn` for run-time ones. With
// default strides, an axis's stride is static when every size after it is
// a literal (the row-major product); the others are run-time.
fn mixed_type(spec: &Spec) -> TokenStream2 {
    let n = spec.shape.len();
    let default_strides: Vec<Option<i128>> = (0..n)
        .map(|k| {
            spec.shape[k + 1..]
                .iter()
                .try_fold(1i128, |acc, v| match v.literal {
                    Some(x) => acc.checked_mul(x).filter(|p| *p <= isize::MAX as i128),
                    None => None,
                })
        })
        .collect();
    let axes = (0..n).map(|k| {
        let size = count_entry_type(&spec.shape[k], Kind::Size);
        let stride = match &spec.strides {
            Some((s, _)) => stride_entry_type(&s[k]),
            None => match default_strides[k] {
                Some(v) => {
                    let lit = proc_macro2::Literal::i128_unsuffixed(v);
                    quote! { ::constrided::__private::FixS<#lit> }
                }
                None => quote! { ::constrided::__private::Dyn },
            },
        };
        quote! { ::constrided::__private::MAxis<#size, #stride>, }
    });
    let offset = match &spec.offset {
        Some((v, _)) => count_entry_type(v, Kind::Offset),
        None => quote! { ::constrided::__private::Fix<0> },
    };
    quote! { ::constrided::__private::MixedLayout<(#(#axes)*), #offset, #n> }
}

fn count_entry_type(v: &Value, kind: Kind) -> TokenStream2 {
    if v.dynamic.is_some() {
        return quote! { ::constrided::__private::Dyn };
    }
    let arg = const_arg(v, kind);
    quote! { ::constrided::__private::Fix<#arg> }
}

fn stride_entry_type(v: &Value) -> TokenStream2 {
    if v.dynamic.is_some() {
        return quote! { ::constrided::__private::Dyn };
    }
    let arg = const_arg(v, Kind::Stride);
    quote! { ::constrided::__private::FixS<#arg> }
}

// The mixed path's value: `Result<MixedLayout<..>, LayoutError>`, the
// run-time entries evaluated where the macro is called. A `&mut` with a
// static zero stride on an axis of static size above 1 (aliasing decided
// by static entries alone) is a compile error.
fn mixed_value(spec: &Spec, mutable: Option<Span>) -> syn::Result<TokenStream2> {
    if let (Some(span), Some((s, _))) = (mutable, &spec.strides) {
        for (k, st) in s.iter().enumerate() {
            if let (Some(0), Some(size)) = (st.literal, spec.shape[k].literal) {
                if size > 1 {
                    return Err(syn::Error::new(
                        span,
                        format!(
                            "strided!: a mutable view needs a unique layout, but axis {k} has static size {size} and static stride 0, so all its indices reach the same position"
                        ),
                    ));
                }
            }
        }
    }
    let ty = mixed_type(spec);
    let run = |v: &Value, kind: Kind| -> TokenStream2 {
        match &v.dynamic {
            Some(Some(e)) => match kind {
                Kind::Stride => quote_spanned! {e.span()=> { let v: isize = #e; v } },
                _ => quote_spanned! {e.span()=> { let v: usize = #e; v } },
            },
            Some(None) => quote_spanned! {v.expr.span()=>
                ::core::compile_error!("`_` marks a run-time entry in the type form; in the value form write `dyn expr`")
            },
            None => const_arg(v, kind),
        }
    };
    let shape: Vec<_> = spec.shape.iter().map(|v| run(v, Kind::Size)).collect();
    let offset = match &spec.offset {
        Some((v, _)) => run(v, Kind::Offset),
        None => quote! { 0 },
    };
    Ok(match &spec.strides {
        Some((s, _)) => {
            let strides = s.iter().map(|v| run(v, Kind::Stride));
            quote! { <#ty>::new([#(#shape),*], [#(#strides),*], #offset) }
        }
        None => quote! { <#ty>::contiguous([#(#shape),*], #offset) },
    })
}

// A const argument for an entry of the generic path: a literal, a bare
// identifier as is (a const generic parameter must have the argument's
// type: `usize` for sizes and the offset, `isize` for strides), or a
// constant expression cast to the type (valid when it names no generic
// parameter).
fn const_arg(v: &Value, kind: Kind) -> TokenStream2 {
    if let Some(n) = v.literal {
        let lit = literal_tokens(v, n);
        return quote! { { #lit } };
    }
    if let Some((false, id)) = &v.param {
        return quote_spanned! {id.span()=> { #id } };
    }
    // A constant expression: checked as in the constant path (any integer
    // type, in range, or the rule's message at the expression).
    let checked = entry_tokens(v, kind);
    quote! { { #checked } }
}

// The static layout type of the generic path: each axis an `Axis` (given
// stride), `NegAxis` (stride `-S` for a parameter `S`) or `CAxis` (default
// stride, computed by an associated constant).
fn generic_type(spec: &Spec) -> TokenStream2 {
    let axes = spec.shape.iter().enumerate().map(|(k, size)| {
        let d = const_arg(size, Kind::Size);
        match &spec.strides {
            None => quote! { ::constrided::__private::CAxis<#d>, },
            Some((s, _)) => match (&s[k].literal, &s[k].param) {
                (None, Some((true, id))) => {
                    quote_spanned! {id.span()=> ::constrided::__private::NegAxis<#d, { #id }>, }
                }
                _ => {
                    let st = const_arg(&s[k], Kind::Stride);
                    quote! { ::constrided::__private::Axis<#d, #st>, }
                }
            },
        }
    });
    let offset = match &spec.offset {
        Some((v, _)) => const_arg(v, Kind::Offset),
        None => quote! { 0 },
    };
    quote! { ::constrided::__private::StaticLayout<(#(#axes)*), #offset> }
}

// What both layout checks (literal and generic) take besides the layout:
// the `len` entry as an `Option`, whether a `&mut` view needs uniqueness,
// and the span the error points at (`&mut`, else `len`, else the layout).
fn check_inputs(spec: &Spec, mutable: Option<Span>) -> (TokenStream2, bool, Span) {
    let len = match &spec.len {
        Some((v, _)) => {
            let e = entry_tokens(v, Kind::Len);
            quote! { ::core::option::Option::Some(#e) }
        }
        None => quote! { ::core::option::Option::None },
    };
    let span = mutable
        .or(spec.len.as_ref().map(|(_, s)| *s))
        .unwrap_or_else(|| layout_span(spec));
    (len, mutable.is_some(), span)
}

// The generic path's value: the layout, checked by an inline `const`
// block at the call site (evaluated when the code is instantiated, and
// reported at the user's line).
fn generic_value(spec: &Spec, mutable: Option<Span>) -> TokenStream2 {
    let n = spec.shape.len();
    let ty = generic_type(spec);
    let (len, unique, span) = check_inputs(spec, mutable);
    let check = quote_spanned! {span=>
        const {
            if let ::core::option::Option::Some(m) = ::constrided::__private::layout_failure::<#n>(
                <#ty>::CHECKED, #len, #unique,
            ) {
                ::core::panic!("{}", m.as_str())
            }
        }
    };
    quote! {{ #check; <#ty>::new() }}
}

// Makes the macro's internal names unique per invocation, so that a
// `strided!` nested in an entry of another does not clash with it.
fn rename(ts: TokenStream2, suffix: usize) -> TokenStream2 {
    ts.into_iter()
        .map(|t| match t {
            TokenTree::Ident(id) if id.to_string().starts_with("__CONSTRIDED_") => {
                TokenTree::Ident(Ident::new(&format!("{id}_{suffix}"), id.span()))
            }
            TokenTree::Group(g) => {
                let mut ng = proc_macro2::Group::new(g.delimiter(), rename(g.stream(), suffix));
                ng.set_span(g.span());
                TokenTree::Group(ng)
            }
            other => other,
        })
        .collect()
}

static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn expand(input: TokenStream2) -> syn::Result<TokenStream2> {
    let out = expand_inner(input)?;
    let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    Ok(rename(out, n))
}

fn expand_inner(input: TokenStream2) -> syn::Result<TokenStream2> {
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
            let spec = parse_spec(tokens[at + 1..].iter().cloned().collect(), call_site)?;
            if spec.is_mixed() {
                let mutable = match &buffer {
                    Expr::Reference(r) if r.mutability.is_some() => Some(r.span()),
                    _ => None,
                };
                let layout = mixed_value(&spec, mutable)?;
                return Ok(quote! {
                    ::constrided::__private::mixed_view(#buffer, #layout)
                });
            }
            if spec.has_assoc() {
                let mutable = match &buffer {
                    Expr::Reference(r) if r.mutability.is_some() => Some(r.span()),
                    _ => None,
                };
                let layout = assoc_value(&spec, mutable);
                return Ok(quote! {
                    ::constrided::__private::mixed_view(#buffer, ::core::result::Result::Ok(#layout))
                });
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
            let (mutable, proof) = match &buffer {
                Expr::Reference(r) => match r.mutability {
                    Some(m) => (
                        Some(m.span().join(r.expr.span()).unwrap_or(m.span())),
                        quote! { ::constrided::__private::Unique },
                    ),
                    None => (None, quote! { ::constrided::__private::Shared }),
                },
                _ if generic => (None, quote! { ::constrided::__private::Deferred }),
                _ => {
                    let (shape, strides) = match literal_layout(&spec) {
                        Some((sh, st, _)) => (quote! { [#(#sh),*] }, quote! { [#(#st),*] }),
                        None => (
                            quote! { __CONSTRIDED_SHAPE },
                            quote! { __CONSTRIDED_STRIDES },
                        ),
                    };
                    (
                        None,
                        quote! {
                            <::constrided::__private::Proof<{
                                ::constrided::__private::quick_uniqueness(&#shape, &#strides)
                            }> as ::constrided::__private::Select>::OUT
                        },
                    )
                }
            };
            let layout = if generic {
                let value = generic_value(&spec, mutable);
                quote! { (#value, #proof) }
            } else {
                let (items, layout) = layout_block(&spec, mutable);
                quote! { { #items (#layout, #proof) } }
            };
            // `static_view` checks what needs the buffer's type (a
            // fixed-size array's length, a deferred uniqueness proof) when
            // it is instantiated; rustc's note names this line.
            Ok(quote! { ::constrided::__private::static_view(#buffer, #layout) })
        }
    }
}

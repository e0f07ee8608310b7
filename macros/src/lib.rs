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
            Ok(if negative { -v } else { v })
        }
        other => Err(syn::Error::new_spanned(
            other,
            "expected an integer: layout entries count elements",
        )),
    }
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

fn exprs(values: &[Value]) -> Vec<&Expr> {
    values.iter().map(|v| &v.expr).collect()
}

// A `const _` that fails compilation with the rule's message when `check`
// (a Result-returning const fn call) is an error; spanned at `span`.
fn assert_rule(span: Span, check: TokenStream2) -> TokenStream2 {
    quote_spanned! {span=>
        const _: () = if let ::core::option::Option::Some(m) = ::constrided::__private::failure(#check) {
            ::core::panic!("{}", m.as_str())
        };
    }
}

// The static layout value, with its checks, as a block expression.
fn layout_block(spec: &Spec, mutable: Option<Span>) -> TokenStream2 {
    let n = spec.shape.len();
    let shape = exprs(&spec.shape);
    let strides = match &spec.strides {
        Some((s, _)) => {
            let s = exprs(s);
            quote! { [#(#s),*] }
        }
        None => quote! { ::constrided::__private::c_strides(__CONSTRIDED_SHAPE) },
    };
    let offset = match &spec.offset {
        Some((v, _)) => {
            let e = &v.expr;
            quote! { #e }
        }
        None => quote! { 0 },
    };
    let reach_span = spec
        .strides
        .as_ref()
        .map(|(_, s)| *s)
        .or(spec.offset.as_ref().map(|(_, s)| *s))
        .unwrap_or(spec.shape_span);
    let valid = assert_rule(
        reach_span,
        quote! { ::constrided::__private::extent(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES, __CONSTRIDED_OFFSET) },
    );
    let fits = spec.len.as_ref().map(|(v, span)| {
        let e = &v.expr;
        assert_rule(
            *span,
            quote! { ::constrided::__private::check_in_buffer(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES, __CONSTRIDED_OFFSET, #e) },
        )
    });
    let unique = mutable.map(|span| {
        assert_rule(
            span,
            quote! { ::constrided::__private::check_unique(&__CONSTRIDED_SHAPE, &__CONSTRIDED_STRIDES) },
        )
    });
    let axes = (0..n).map(|k| {
        quote! { ::constrided::__private::Axis<{ __CONSTRIDED_SHAPE[#k] }, { __CONSTRIDED_STRIDES[#k] }>, }
    });
    quote! {{
        const __CONSTRIDED_SHAPE: [usize; #n] = [#(#shape),*];
        const __CONSTRIDED_STRIDES: [isize; #n] = #strides;
        const __CONSTRIDED_OFFSET: usize = #offset;
        #valid
        #fits
        #unique
        ::constrided::__private::StaticLayout::<(#(#axes)*), { __CONSTRIDED_OFFSET }>::new()
    }}
}

// The static layout type, for struct fields and signatures.
fn layout_type(spec: &Spec) -> TokenStream2 {
    let shape = exprs(&spec.shape);
    let axes = shape.iter().enumerate().map(|(k, size)| {
        let stride = match &spec.strides {
            Some((s, _)) => {
                let e = &s[k].expr;
                quote! { #e }
            }
            None => quote! { ::constrided::__private::c_strides([#(#shape),*])[#k] },
        };
        quote! { ::constrided::__private::Axis<{ #size }, { #stride }>, }
    });
    let offset = match &spec.offset {
        Some((v, _)) => {
            let e = &v.expr;
            quote! { #e }
        }
        None => quote! { 0 },
    };
    quote! { ::constrided::__private::StaticLayout<(#(#axes)*), { #offset }> }
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
            Ok(layout_block(&spec, None))
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
            let mutable = match &buffer {
                Expr::Reference(r) => r
                    .mutability
                    .map(|m| m.span().join(r.expr.span()).unwrap_or(m.span())),
                _ => None,
            };
            let spec = parse_spec(tokens[at + 1..].iter().cloned().collect(), call_site)?;
            let layout = layout_block(&spec, mutable);
            Ok(quote! {
                ::constrided::__private::StaticSource::static_view(#buffer, #layout)
            })
        }
    }
}

//! The `strided!` proc-macro of `constrided`. Use it through `constrided::strided!`.
use proc_macro::TokenStream;

/// Placeholder; filled by the strided! issue.
#[proc_macro]
pub fn strided(input: TokenStream) -> TokenStream {
    let _ = input;
    TokenStream::new()
}

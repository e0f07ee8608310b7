//! Static layouts: the zero-sized types behind `strided!`.

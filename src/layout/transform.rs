//! View transforms on [`Layout`](super::Layout).

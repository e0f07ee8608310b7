//! [`MemoryMap`]: a text picture of which buffer positions a layout covers.

/// A text picture of the buffer positions a layout covers (see `Layout::memory_map`).
#[derive(Clone, Debug)]
pub struct MemoryMap;

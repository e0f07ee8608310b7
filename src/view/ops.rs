//! View methods backed by the kernels: to_vec, copy_to_slice, fill, assign,
//! map_inplace, zip_with, fold, map.

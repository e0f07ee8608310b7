//! Kernels: rearrange (copy between any two layouts), fill, map, zip, fold.

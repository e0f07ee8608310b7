#!/usr/bin/env sh
# CI for the C interface (crate constrided-ffi), from a fresh clone:
# builds the static and shared libraries (release), runs the C test
# (tests/c/seeds.c through `cargo test`, with the system C and C++
# compilers) and the Python ctypes client (numpy from PyPI with pip).
#   sh ffi/ci.sh
set -eu
cd "$(dirname "$0")/.."
cargo build --release -p constrided-ffi
cargo test -p constrided-ffi
python3 -m pip install --quiet numpy
python3 ffi/tests/python/test_rearrange.py target/release/libconstrided_ffi.so
# The install without cargo-c, then the C test through pkg-config.
prefix=$(mktemp -d)
sh ffi/install.sh --prefix "$prefix"
# shellcheck disable=SC2046
cc -std=c99 ffi/tests/c/seeds.c $(PKG_CONFIG_PATH="$prefix/lib/pkgconfig" pkg-config --cflags --libs constrided) -o "$prefix/seeds"
LD_LIBRARY_PATH="$prefix/lib" "$prefix/seeds" | tail -n 1
rm -rf "$prefix"

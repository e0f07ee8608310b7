#!/usr/bin/env sh
# Installs constrided's C library without cargo-c:
#
#   sh ffi/install.sh [--prefix DIR] [--libdir DIR] [--includedir DIR]
#                     [--destdir DIR] [--profile NAME] [--from DIR]
#
# builds constrided-ffi (`cargo build --profile ffi`: release with LTO, one
# codegen unit and no debug info; see [profile.ffi] in Cargo.toml) and installs
#
#   INCLUDEDIR/constrided.h
#   LIBDIR/libconstrided.so.0.1.0        SONAME libconstrided.so.0
#   LIBDIR/libconstrided.so.0 -> libconstrided.so.0.1.0
#   LIBDIR/libconstrided.so   -> libconstrided.so.0
#   LIBDIR/libconstrided.a               debug info stripped
#   LIBDIR/pkgconfig/constrided.pc       Libs.private: what a static link needs
#
# Defaults: PREFIX=/usr/local, LIBDIR=PREFIX/lib, INCLUDEDIR=PREFIX/include;
# DESTDIR (staged installs, as `make install DESTDIR=`) is prepended to
# every path but not written into constrided.pc. `--from DIR` installs the
# libraries already built in DIR (a cargo profile directory holding
# libconstrided_ffi.a and libconstrided_ffi.so) instead of building.
# Then: cc demo.c $(pkg-config --cflags --libs constrided)
# (PKG_CONFIG_PATH=LIBDIR/pkgconfig if LIBDIR is not a system directory).
set -eu

here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
prefix=/usr/local
libdir=
includedir=
destdir=${DESTDIR:-}
profile=ffi
from=

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$2; shift 2 ;;
    --libdir) libdir=$2; shift 2 ;;
    --includedir) includedir=$2; shift 2 ;;
    --destdir) destdir=$2; shift 2 ;;
    --profile) profile=$2; shift 2 ;;
    --from) from=$2; shift 2 ;;
    -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
    *) echo "install.sh: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done
case "$prefix" in /*) ;; *) prefix=$(pwd)/$prefix ;; esac
libdir=${libdir:-$prefix/lib}
includedir=${includedir:-$prefix/include}

version=$(sed -n 's/^version = "\(.*\)"/\1/p' "$here/Cargo.toml" | head -n 1)
major=${version%%.*}

if [ -z "$from" ]; then
  (cd "$root" && cargo build --profile "$profile" -p constrided-ffi)
  target=${CARGO_TARGET_DIR:-$root/target}
  case "$profile" in
    dev|test) from=$target/debug ;;
    release|bench) from=$target/release ;;
    *) from=$target/$profile ;;
  esac
fi
for f in libconstrided_ffi.a libconstrided_ffi.so; do
  [ -f "$from/$f" ] || { echo "install.sh: no $from/$f" >&2; exit 1; }
done

# The system libraries a static link of a Rust library needs on this
# platform: rustc prints them for any staticlib (they are std's; the
# crate links no other native library).
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
native=$(printf '' | "${RUSTC:-rustc}" --crate-type staticlib --crate-name probe \
           --print native-static-libs -o "$probe/libprobe.a" - 2>&1 \
         | sed -n 's/.*native-static-libs: //p' | head -n 1)
[ -n "$native" ] || native="-lgcc_s -lutil -lrt -lpthread -lm -ldl -lc"

lib=libconstrided.so
install -d "$destdir$includedir" "$destdir$libdir" "$destdir$libdir/pkgconfig"
install -m 644 "$here/include/constrided.h" "$destdir$includedir/constrided.h"
install -m 755 "$from/libconstrided_ffi.so" "$destdir$libdir/$lib.$version"
ln -sf "$lib.$version" "$destdir$libdir/$lib.$major"
ln -sf "$lib.$major" "$destdir$libdir/$lib"
install -m 644 "$from/libconstrided_ffi.a" "$destdir$libdir/libconstrided.a"
# std's objects in the archive carry their debug info: without it a static
# C program of the README is 2.1 MB instead of 6.0 MB (symbols are kept).
if command -v strip >/dev/null 2>&1; then
  strip --strip-debug "$destdir$libdir/libconstrided.a" 2>/dev/null || true
fi
cat > "$destdir$libdir/pkgconfig/constrided.pc" <<PC
prefix=$prefix
libdir=$libdir
includedir=$includedir

Name: constrided
Description: Strided tensor copies for C: InfiniOP-style descriptors, Rearrange and AsStrided
Version: $version
Libs: -L\${libdir} -lconstrided
Libs.private: $native
Cflags: -I\${includedir}
PC
echo "installed constrided $version into $destdir$prefix (pkg-config: $destdir$libdir/pkgconfig/constrided.pc)"

# CMake toolchain file for CI's clippy step only (CMAKE_TOOLCHAIN_FILE).
#
# `clippy --all-features` enables the bench crate's `hptt` feature, whose
# build script compiles HPTT's C++ with CMAKE_BUILD_TYPE=Release: -O3
# took 10 of clippy's 12 minutes on one core of the 2-core CI machine,
# and -O0 takes 10 seconds. Clippy only type-checks the Rust code and
# nothing runs that library, so it is built unoptimized here. The bench
# builds that time HPTT do not use this file.
set(CMAKE_CXX_FLAGS_RELEASE "-O0 -DNDEBUG" CACHE STRING "" FORCE)
set(CMAKE_C_FLAGS_RELEASE "-O0 -DNDEBUG" CACHE STRING "" FORCE)

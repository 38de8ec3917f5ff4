#!/usr/bin/env bash
#===- setup.sh - install, build, and run the demo or the tests -----------===//
#
# usage: utils/setup.sh demo    install what is missing, build, run the demo
#        utils/setup.sh test    install what is missing, build, run check-tuner
#                               and check-tuner-avx2
#        utils/setup.sh build   install what is missing, build
#        utils/setup.sh wheel   install what is missing, build the static tools
#                               and bindings (WHEEL_BUILD_DIR), pack them into
#                               a self-contained wheel (WHEEL_BUILD_DIR/dist),
#                               and smoke-test it in a fresh venv with LLVM
#                               hidden (utils/wheel.sh)
#
# Installs only Debian packages, and only those not yet installed, so a second
# run costs a few seconds. Environment:
#   BUILD_DIR          build directory (default: build)
#   WHEEL_BUILD_DIR    static build directory of the wheel (default: build-wheel)
#   TUNER_CMAKE_ARGS   extra CMake arguments (e.g. -DTUNER_LINK_MLIR_DYLIB=OFF)
#   TUNER_DEMO_TRIALS  measurements per task in the demo
#
#===----------------------------------------------------------------------===//
set -euo pipefail

mode=${1:-}
case "$mode" in
  demo|test|build|wheel) ;;
  *) echo "usage: $0 demo|test|build|wheel" >&2; exit 2 ;;
esac

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${BUILD_DIR:-$root/build}
case "$build" in /*) ;; *) build=$root/$build ;; esac

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

#===----------------------------------------------------------------------===//
# Debian packages
#===----------------------------------------------------------------------===//

packages=(
  # LLVM/MLIR 22 (Debian bookworm-security ships them) and the compilers.
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools clang-22 lld-22
  g++ cmake ninja-build python3 git
  # Static link of LLVM (TUNER_LINK_MLIR_DYLIB=OFF) needs zstd's CMake files.
  libzstd-dev
  # Cost model, OpenMP runtime for parallel loops, unit tests.
  libxgboost-dev libomp-dev libgtest-dev
  # libFuzzer and the sanitizers' runtimes, for the database fuzzer.
  libclang-rt-22-dev
  # The Python package (python/): bindings, its tests, its plots.
  pybind11-dev python3-dev python3-pytest python3-numpy python3-matplotlib
  # The wheel (utils/wheel.sh): pip wheel, a fresh venv, readelf and strip.
  python3-pip python3-venv python3-setuptools python3-wheel binutils
  # Distributed measurement (workers=mpi) and its 3-rank test.
  openmpi-bin libopenmpi-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed"; then
    missing+=("$p")
  fi
done
if ((${#missing[@]})); then
  log "installing ${missing[*]}"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

#===----------------------------------------------------------------------===//
# Configure and build
#===----------------------------------------------------------------------===//

if [ "$mode" = wheel ]; then
  exec "$root/utils/wheel.sh" "${WHEEL_BUILD_DIR:-$root/build-wheel}"
fi

if [ ! -f "$build/build.ninja" ]; then
  log "configuring $build"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld -DPython3_EXECUTABLE=/usr/bin/python3 \
    ${TUNER_CMAKE_ARGS:-} >/dev/null
fi
log "building"
ninja -C "$build"

#===----------------------------------------------------------------------===//
# Run
#===----------------------------------------------------------------------===//

case "$mode" in
  build) ;;
  test)
    log "running check-tuner (lit + gtest)"
    ninja -C "$build" check-tuner
    # Then the CPU integration tests as an AVX2 machine with 512 KiB of L2
    # (TUNER_HOST_TARGET), whatever this machine is: its code runs on any
    # x86-64 with AVX2.
    log "running check-tuner-avx2 (the CPU integration tests as an AVX2 CPU)"
    ninja -C "$build" check-tuner-avx2
    ;;
  demo)
    exec "$root/utils/demo.sh" "$build"
    ;;
esac

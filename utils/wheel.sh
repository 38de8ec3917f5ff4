#!/usr/bin/env bash
#===- wheel.sh - build the self-contained wheel and smoke-test it --------===//
#
# usage: utils/wheel.sh [BUILD_DIR]     (utils/setup.sh wheel calls it)
#
# 1. A static build (TUNER_LINK_MLIR_DYLIB=OFF, no tests, no run paths) of
#    tuner-opt, tuner-run and the Python bindings in BUILD_DIR (default:
#    build-wheel).
# 2. `pip wheel` of python/ from that build (MLIR_TUNER_REQUIRE_STATIC=1:
#    setup.py fails if a packed file needs libMLIR/libLLVM or has a run
#    path) into BUILD_DIR/dist; the packed files are stripped.
# 3. Checks of the wheel's ELF files: no libMLIR/libLLVM, no run path.
# 4. A fresh venv outside the source tree, the wheel installed into it
#    offline; `pip show` must name no path of the build.
# 5. utils/wheel_smoke.py in that venv, in a clean environment, with
#    /usr/lib/llvm-22 hidden under an empty tmpfs (unshare -rm), so that the
#    run proves the wheel needs no LLVM: tune 8 trials, apply, run against
#    the reference. Where user namespaces are unavailable, the smoke test
#    runs in the clean environment alone (step 3 is the proof then).
#
# Environment: TUNER_CMAKE_ARGS (extra CMake arguments), PYTHON (default
# /usr/bin/python3: the bindings are built for it).
#
#===----------------------------------------------------------------------===//
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build-wheel}
case "$build" in /*) ;; *) build=$root/$build ;; esac
python=${PYTHON:-/usr/bin/python3}
llvm_dir=/usr/lib/llvm-22

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }
fail() { printf 'wheel: %s\n' "$*" >&2; exit 1; }

if [ ! -f "$build/build.ninja" ]; then
  log "configuring the static build $build"
  # shellcheck disable=SC2086
  cmake -G Ninja -S "$root" -B "$build" \
    -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=$llvm_dir/lib/cmake/mlir \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DLLVM_USE_LINKER=lld -DPython3_EXECUTABLE="$python" \
    -DTUNER_LINK_MLIR_DYLIB=OFF -DTUNER_BUILD_TESTS=OFF \
    -DTUNER_ENABLE_PYTHON=ON -DCMAKE_SKIP_RPATH=ON \
    ${TUNER_CMAKE_ARGS:-} >/dev/null
fi
log "building the static tuner-opt, tuner-run and bindings"
ninja -C "$build" tuner-opt tuner-run mlir-tuner-python

log "packing the wheel"
# From a copy of python/, so that setuptools' scratch files stay out of the
# source tree.
rm -rf "$build/wheel-src" "$build/dist"
cp -r "$root/python" "$build/wheel-src"
rm -rf "$build/wheel-src/build" "$build/wheel-src"/*.egg-info
MLIR_TUNER_BUILD_DIR=$build MLIR_TUNER_REQUIRE_STATIC=1 \
  "$python" -m pip wheel --no-deps --no-build-isolation -q \
  -w "$build/dist" "$build/wheel-src"
whl=$(ls "$build"/dist/mlir_tuner-*.whl)
ls -l "$whl"

log "checking the wheel's libraries"
unpacked=$build/wheel-unpacked
rm -rf "$unpacked" && mkdir -p "$unpacked"
"$python" -m zipfile -e "$whl" "$unpacked"
elves=("$unpacked"/mlir_tuner/_native*.so "$unpacked"/mlir_tuner/bin/tuner-opt
       "$unpacked"/mlir_tuner/bin/tuner-run)
for f in "${elves[@]}"; do
  [ -f "$f" ] || fail "the wheel lacks ${f#"$unpacked"/}"
  dyn=$(readelf -d "$f")
  if grep -E '\(NEEDED\).*\[lib(MLIR|LLVM|mlir_)' <<<"$dyn"; then
    fail "${f#"$unpacked"/} needs the build machine's MLIR/LLVM"
  fi
  if grep -E '\((RPATH|RUNPATH)\)' <<<"$dyn"; then
    fail "${f#"$unpacked"/} has a run path of the build machine"
  fi
  printf '  %-32s %4d MiB, needs: %s\n' "${f#"$unpacked"/}" \
    $(($(stat -c %s "$f") / 1048576)) \
    "$(grep -oP '\(NEEDED\).*\[\K[^]]*' <<<"$dyn" | tr '\n' ' ')"
done

log "installing it into a fresh venv"
venv=$(mktemp -d "${TMPDIR:-/tmp}/mlir-tuner-wheel.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv "$venv"
"$venv/bin/pip" install -q --no-index "$whl"
show=$("$venv/bin/pip" show -f mlir_tuner)
if grep -F -e "$root" -e "$build" <<<"$show"; then
  fail "pip show names a path of the build"
fi
grep -E '^(Name|Version|Location):' <<<"$show"

log "smoke test in the venv, LLVM hidden"
workload=$venv/mlp_3layer.mlir
cp "$root/examples/workloads/mlp_3layer.mlir" "$workload"
smoke=("$venv/bin/python" -I "$root/utils/wheel_smoke.py" "$workload")
clean_env=(env -i "PATH=/usr/bin:/bin" "HOME=$venv" "TMPDIR=$venv")
# The probe mounts too: a container may allow the namespaces but not the
# mount.
if [ -d "$llvm_dir" ] &&
  unshare -rm sh -c "mount -t tmpfs none $llvm_dir" 2>/dev/null; then
  # The tmpfs hides every file of LLVM 22; ls proves it is empty.
  unshare -rm sh -c "mount -t tmpfs none $llvm_dir && \
    [ -z \"\$(ls -A $llvm_dir)\" ] && echo '  $llvm_dir hidden' && \
    exec $(printf '%q ' "${clean_env[@]}" "${smoke[@]}")"
else
  log "no user namespaces here: running in a clean environment only"
  "${clean_env[@]}" "${smoke[@]}"
fi

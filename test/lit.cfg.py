# -*- Python -*-
# lit configuration of the mlir-tuner test suite.
import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "MLIR_TUNER"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tuner_obj_root, "test")
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs",
                   "Consumer", "lib"]

config.substitutions.append(("%tuner_src_root", config.tuner_src_root))
config.substitutions.append(("%tuner_obj_root", config.tuner_obj_root))
config.substitutions.append(("%llvm_lib_dir", config.llvm_lib_dir))
config.substitutions.append(("%examples", os.path.join(config.tuner_src_root, "examples")))
config.substitutions.append(("%PYTHON", sys.executable))
config.substitutions.append(("%cmake_generator", config.cmake_generator))
config.substitutions.append(("%cmake_cxx_compiler", config.cmake_cxx_compiler))
config.substitutions.append(("%cmake", config.cmake_command))
config.substitutions.append(("%mlir_dir", config.mlir_dir))

llvm_config.use_default_substitutions()  # FileCheck, not, count, ...
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tuner_tools_dir, append_path=True)

tool_dirs = [config.tuner_tools_dir, config.llvm_tools_dir]
# tuner-test-opt is tuner-opt with the test library (test/lib): the tests of
# error paths and of the driver without hardware use it; everything else
# runs the installed tool's build, tuner-opt.
tools = ["tuner-opt", "tuner-test-opt", "tuner-run", "mlir-opt", "mlir-runner",
         "mlir-translate"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

if config.tuner_link_mlir_dylib:
    config.available_features.add("tuner-dylib")
if config.tuner_has_xgboost:
    config.available_features.add("xgboost")
# `libfuzzer` when the fuzzers were built (test/Fuzz).
if config.tuner_has_libfuzzer:
    config.available_features.add("libfuzzer")
    llvm_config.add_tool_substitutions(["tuner-database-fuzzer", "tuner-ir-fuzzer"],
                                       [config.tuner_tools_dir])

# `python-bindings` when the Python package was built (python/) and the
# Python it was built for has pytest: test/Python runs python/tests.
if config.tuner_has_python:
    import subprocess
    if subprocess.run([config.python3_executable, "-c", "import pytest"],
                      capture_output=True).returncode == 0:
        config.available_features.add("python-bindings")
        config.substitutions.append(("%tuner_python", config.python3_executable))

# CUDA: `cuda-toolkit` when the CUDA runtime was built and ptxas exists (PTX
# is checked with ptxas); `cuda-runtime` when a GPU is present (the driver
# loads and sees a device), for the tests that run kernels.
if config.tuner_has_cuda and config.tuner_ptxas:
    config.available_features.add("cuda-toolkit")
    config.substitutions.append(("%ptxas", config.tuner_ptxas))


# `cuobjdump` (SASS of the cubins ptxas makes, for the tests that count
# instructions): $TUNER_CUOBJDUMP, else beside ptxas, else on PATH. The
# toolkit's or pip's `nvidia-cuda-cuobjdump` (nvidia/cu13/bin).
def _find_cuobjdump():
    import shutil
    explicit = os.environ.get("TUNER_CUOBJDUMP")
    if explicit:
        return explicit if os.access(explicit, os.X_OK) else None
    beside = os.path.join(os.path.dirname(config.tuner_ptxas), "cuobjdump")
    if os.access(beside, os.X_OK):
        return beside
    return shutil.which("cuobjdump")


if "cuda-toolkit" in config.available_features:
    _cuobjdump = _find_cuobjdump()
    if _cuobjdump:
        config.available_features.add("cuobjdump")
        config.substitutions.append(("%cuobjdump", _cuobjdump))


def _has_cuda_device():
    import ctypes
    try:
        cuda = ctypes.CDLL("libcuda.so.1")
    except OSError:
        return False
    count = ctypes.c_int(0)
    return cuda.cuInit(0) == 0 and cuda.cuDeviceGetCount(ctypes.byref(count)) == 0 \
        and count.value > 0


if config.tuner_has_cuda and _has_cuda_device():
    config.available_features.add("cuda-runtime")

# A fake libcuda.so.1 (test/lib/FakeCUDA) that runs no kernel but checks that
# launches and device copies get device memory: GPU host code runs against
# it anywhere (`env LD_LIBRARY_PATH=%fake_cuda_dir tuner-run ...`).
_fake_cuda_dir = os.path.join(config.tuner_obj_root, "test", "fake-cuda")
if config.tuner_has_cuda and os.path.exists(
        os.path.join(_fake_cuda_dir, "libcuda.so.1")):
    config.available_features.add("fake-cuda")
    config.substitutions.append(("%fake_cuda_dir", _fake_cuda_dir))

# workers=mpi: the tests start 3 ranks on this machine (more ranks than
# cores, and as root in CI containers).
_mpirun_base = (
    config.tuner_mpirun
    + " --oversubscribe --allow-run-as-root"
    + " --mca btl_vader_single_copy_mechanism none"
)
_mpirun = _mpirun_base + " --enable-recovery"


def _mpirun_works():
    """Whether mpirun starts two processes here (a container without the
    shared memory or network OpenMPI wants fails): then the tests run."""
    import subprocess

    try:
        r = subprocess.run(
            _mpirun_base.split() + ["-np", "2", "true"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=60,
        )
        return r.returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


if config.tuner_has_mpi and config.tuner_mpirun and _mpirun_works():
    config.available_features.add("mpi")
    config.substitutions.append(("%mpirun", _mpirun))

# Host ISA features some integration tests need (AVX512-BF16 dot products):
# `host-<flag>` for the flags of /proc/cpuinfo that tests ask for. Where
# TUNER_HOST_TARGET stands in for the host (CI runs the CPU integration
# tests once more with a plain AVX2 description), the tools see that CPU:
# a flag counts only if the stand-in names it too (by its LLVM name).
host_target = os.environ.get("TUNER_HOST_TARGET", "")
if host_target:
    config.environment["TUNER_HOST_TARGET"] = host_target
    config.available_features.add("host-target-override")
_llvm_names = {"avx512f": "avx512", "avx512_bf16": "avx512bf16",
               "amx_tile": "amx-tile", "amx_bf16": "amx-bf16"}
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = set()
        for line in cpuinfo:
            if line.startswith("flags"):
                flags.update(line.split(":", 1)[1].split())
                break
    for flag in ("avx512f", "avx512_bf16", "amx_tile", "amx_bf16"):
        if flag in flags and (not host_target or
                              _llvm_names[flag] in host_target):
            config.available_features.add("host-" + flag.replace("_", "-"))
except OSError:
    pass

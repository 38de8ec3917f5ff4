"""Packs the native module built by CMake (mlir_tuner/_native*.so) and the
tuner's tools (tuner-opt: the worker processes of tune(); tuner-run) into
the package. They are found, in order, in $MLIR_TUNER_BUILD_DIR, in
../build beside this directory, or under an install prefix
($MLIR_TUNER_PREFIX, /usr/local): <dir>/python_packages/mlir_tuner and
<dir>/bin. Build the project first (utils/setup.sh build)."""

import glob
import os
import shutil
import sysconfig

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ("tuner-opt", "tuner-run")


def find_build():
    """(package dir with _native, bin dir) of the first build or prefix."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    roots = [os.environ.get("MLIR_TUNER_BUILD_DIR"),
             os.path.join(HERE, "..", "build"),
             os.environ.get("MLIR_TUNER_PREFIX"), "/usr/local"]
    looked = []
    for root in filter(None, roots):
        pkg = os.path.join(root, "python_packages", "mlir_tuner")
        looked.append(pkg)
        if glob.glob(os.path.join(pkg, "_native" + suffix)):
            return pkg, os.path.join(root, "bin"), suffix
    raise SystemExit(
        f"mlir_tuner: no _native{suffix} in {', '.join(looked)}: build the "
        "project first (utils/setup.sh build, with pybind11-dev and "
        "python3-dev for this Python) or set MLIR_TUNER_BUILD_DIR")


class BuildPy(build_py):
    def run(self):
        super().run()
        pkg, bin_dir, suffix = find_build()
        out = os.path.join(self.build_lib, "mlir_tuner")
        shutil.copy2(os.path.join(pkg, "_native" + suffix), out)
        os.makedirs(os.path.join(out, "bin"), exist_ok=True)
        for tool in TOOLS:
            src = os.path.join(bin_dir, tool)
            if os.path.exists(src):
                shutil.copy2(src, os.path.join(out, "bin", tool))


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildPy}, distclass=BinaryDistribution)

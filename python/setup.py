"""Packs the native module built by CMake (mlir_tuner/_native*.so) and the
tuner's tools (tuner-opt: the worker processes of tune(); tuner-run) into
the package. They are found, in order, in $MLIR_TUNER_BUILD_DIR, in
../build-wheel (the static build of `utils/setup.sh wheel`) or ../build
beside this directory, or under an install prefix ($MLIR_TUNER_PREFIX,
/usr/local): <dir>/python_packages/mlir_tuner and <dir>/bin. Build the
project first (utils/setup.sh build, or utils/setup.sh wheel).

The copies are stripped. A build linked against libMLIR/libLLVM (the
default build) makes a package that runs only where that LLVM is installed:
setup.py says so, and fails instead with MLIR_TUNER_REQUIRE_STATIC=1 (what
utils/setup.sh wheel sets), so that a wheel for other machines is built
from a static build (TUNER_LINK_MLIR_DYLIB=OFF) or not at all."""

import glob
import os
import re
import shutil
import subprocess
import sys
import sysconfig

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = ("tuner-opt", "tuner-run")
# Shared libraries of the build machine's LLVM that a copied file must not
# need for the package to run elsewhere.
LLVM_LIBS = re.compile(r"^lib(MLIR|LLVM|mlir_)[^ ]*\.so")


def find_build():
    """(package dir with _native, bin dir, suffix) of the first build or
    prefix."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    roots = [os.environ.get("MLIR_TUNER_BUILD_DIR"),
             os.path.join(HERE, "..", "build-wheel"),
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
        "project first (utils/setup.sh build, or utils/setup.sh wheel for "
        "a self-contained package; both need pybind11-dev and python3-dev "
        "for this Python) or set MLIR_TUNER_BUILD_DIR")


def dynamic_section(path):
    """(NEEDED libraries, RPATH/RUNPATH entries) of an ELF file; None when
    readelf is missing."""
    readelf = shutil.which("readelf") or shutil.which("llvm-readelf")
    if not readelf:
        return None
    out = subprocess.run([readelf, "-d", path], capture_output=True,
                         text=True, check=True).stdout
    needed = re.findall(r"\(NEEDED\).*\[(.*)\]", out)
    paths = re.findall(r"\((?:RPATH|RUNPATH)\).*\[(.*)\]", out)
    return needed, paths


def copy_stripped(src, dst):
    """Copies `src` to `dst` without its symbols (the static tools are
    hundreds of MiB with them); a plain copy when strip is missing."""
    strip = shutil.which("strip") or shutil.which("llvm-strip")
    if strip:
        subprocess.run([strip, "--strip-unneeded", "-o", dst, src],
                       check=True)
        shutil.copymode(src, dst)
    else:
        shutil.copy2(src, dst)


def check_self_contained(paths):
    """Warns (or fails, with MLIR_TUNER_REQUIRE_STATIC=1) about copied files
    that need the build machine's LLVM or name its paths."""
    problems = []
    for path in paths:
        section = dynamic_section(path)
        if section is None:
            problems.append("readelf not found: cannot check the libraries")
            break
        needed, rpaths = section
        llvm = [n for n in needed if LLVM_LIBS.match(n)]
        if llvm:
            problems.append(f"{os.path.basename(path)} needs {', '.join(llvm)}")
        if rpaths:
            problems.append(f"{os.path.basename(path)} has the run path "
                            f"{':'.join(rpaths)}")
    if not problems:
        return
    message = ("mlir_tuner: this package is not self-contained ("
               + "; ".join(problems) + "): it runs only where the build "
               "machine's LLVM is installed. For a wheel that runs "
               "elsewhere, build it with utils/setup.sh wheel (a static "
               "build, TUNER_LINK_MLIR_DYLIB=OFF).")
    if os.environ.get("MLIR_TUNER_REQUIRE_STATIC") == "1":
        raise SystemExit(message)
    print("warning: " + message, file=sys.stderr)


class BuildPy(build_py):
    def run(self):
        super().run()
        pkg, bin_dir, suffix = find_build()
        out = os.path.join(self.build_lib, "mlir_tuner")
        copied = [os.path.join(out, "_native" + suffix)]
        copy_stripped(os.path.join(pkg, "_native" + suffix), copied[0])
        os.makedirs(os.path.join(out, "bin"), exist_ok=True)
        for tool in TOOLS:
            src = os.path.join(bin_dir, tool)
            if os.path.exists(src):
                copied.append(os.path.join(out, "bin", tool))
                copy_stripped(src, copied[-1])
        check_self_contained(copied)


class BinaryDistribution(Distribution):
    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildPy}, distclass=BinaryDistribution)

"""Where the tuner's executables are: the worker processes of tune() are
tuner-opt started with --tuner-worker (the Python interpreter cannot be one).
"""

import os
import shutil

_HERE = os.path.dirname(os.path.abspath(__file__))


def _candidates():
    env = os.environ.get("MLIR_TUNER_TOOLS_DIR")
    if env:
        yield env
    yield os.path.join(_HERE, "bin")  # copied by pip install
    try:
        from . import _config  # written by CMake in the build tree
        yield _config.BUILD_BIN_DIR
        yield _config.INSTALL_BIN_DIR
    except ImportError:
        pass
    # build/python_packages/mlir_tuner -> build/bin; prefix likewise.
    yield os.path.normpath(os.path.join(_HERE, "..", "..", "bin"))


def find_tool(name):
    """The path of tool `name` (tuner-opt, tuner-run); FileNotFoundError
    naming the places looked at when it is nowhere."""
    looked = []
    for d in _candidates():
        path = os.path.join(d, name)
        looked.append(d)
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    path = shutil.which(name)
    if path:
        return path
    raise FileNotFoundError(
        f"{name} not found (looked in {', '.join(looked)} and PATH); set "
        "MLIR_TUNER_TOOLS_DIR to the directory holding it")

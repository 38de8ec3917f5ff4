# -*- Python -*-
# Runs the gtest binaries under build/unittests (names ending in "Tests") as
# part of check-tuner.
import os

import lit.formats

config.name = "MLIR_TUNER_UNIT"
config.suffixes = []
config.test_source_root = config.tuner_unittests_dir
config.test_exec_root = config.tuner_unittests_dir
config.test_format = lit.formats.GoogleTest(".", "Tests")

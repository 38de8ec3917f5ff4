#!/usr/bin/env python3
"""ONNX's own backend tests through torch-mlir's ONNX importer and the tuner.

The `onnx` package ships the conformance tests every ONNX backend runs: a
test per operator and attribute combination (`onnx.backend.test.case.node`,
about 1,900 generated from its Python definitions, each with inputs and the
outputs ONNX's reference computes), and small models stored in the package
(`data/light`: AlexNet, DenseNet-121, Inception v1/v2, ResNet-50,
ShuffleNet, SqueezeNet, VGG-19 and ZFNet-512 with constant weights;
`data/pytorch-converted`, `pytorch-operator`, `simple`: each with its
inputs and outputs). For each test:

  export   torch-mlir's ONNX importer and its torch-onnx-to-torch-backend
           pipeline to linalg on tensors (torch_e2e.import_onnx); the inputs
           and ONNX's expected outputs saved as .npy
  tune     with --trials N: tuner-tune target=T trials=N first
  lower    tuner-opt --sched-apply-default=target=T --sched-materialize
           --tuner-lower-cpu (--tuner-lower-gpu for cuda:* targets)
  run      tuner-run --inputs=<the test's inputs> --reference=<the export>;
           CUDA targets with --gpu (a device) or --emulate DIR (the fake
           driver's emulator in DIR: kernels lowered with format=llvm run
           on the CPU)
  onnx     the outputs compared with ONNX's expected ones

Tests with inputs or outputs that are not tensors of numbers (sequences,
optionals, strings, 8-bit floats) are skipped. The light models' inputs are
made as ONNX's runner makes them (its generate_dummy_data, seed 0) and their
stored outputs are what ONNX's reference computes from those. Models of
an opset before 17 are converted to 17 first (onnx.version_converter), as
iree-import-onnx does. Not part of
the tests (CI has neither onnx nor torch-mlir).

usage: onnx_node.py [--target T]... [--trials N] [--work DIR] [--jobs N]
                    [--gpu | --emulate DIR] [--failures] [REGEX...]
"""

import argparse
import glob
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torch_e2e  # noqa: E402  (check, import_onnx, export_all, ...)

MIN_OPSET = 17  # older models are converted to it first
NUMBERS = "fdehbBHIiLlQq?"  # numpy dtype chars of the types tuner-run takes


def stored_tests():
    """(name, model path, [(inputs, outputs)]) of the tests stored in the
    onnx package (data/light and the dirs with test_data_set_*)."""
    import numpy as np
    import onnx
    from onnx import numpy_helper
    data = os.path.join(os.path.dirname(onnx.__file__), "backend", "test",
                        "data")

    def read(path):
        tensor = onnx.TensorProto()
        tensor.ParseFromString(open(path, "rb").read())
        return numpy_helper.to_array(tensor)

    for kind in ("pytorch-converted", "pytorch-operator", "simple"):
        for model in sorted(glob.glob(os.path.join(data, kind, "*",
                                                   "model.onnx"))):
            sets = []
            for d in sorted(glob.glob(os.path.join(os.path.dirname(model),
                                                   "test_data_set_*"))):
                sets.append(([read(p) for p in sorted(glob.glob(
                    os.path.join(d, "input_*.pb")))], [read(p) for p in sorted(
                        glob.glob(os.path.join(d, "output_*.pb")))]))
            yield os.path.basename(os.path.dirname(model)), model, sets
    from onnx.backend.test.runner import Runner
    for model in sorted(glob.glob(os.path.join(data, "light", "*.onnx"))):
        proto = onnx.load(model)
        inits = {i.name for i in proto.graph.initializer}
        name = os.path.basename(model)[:-5]
        inputs = [Runner.generate_dummy_data(x, seed=0, name="test_" + name[6:],
                                             random=False)
                  for x in proto.graph.input if x.name not in inits]
        outputs = [read(model[:-5] + "_output_%d.pb" % i)
                   for i in range(len(proto.graph.output))]
        yield name, model, [([np.asarray(x) for x in inputs], outputs)]


def node_tests():
    """(name, model proto, [(inputs, outputs)]) of ONNX's node tests."""
    import warnings
    from onnx.backend.test.case import node
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for case in node.collect_testcases():
            yield case.name, case.model, case.data_sets or []


def as_array(a):
    """`a` as tuner-run reads it: numpy scalars as 0-d arrays, bf16 as its
    raw bits. ValueError when it is not a tensor of a type tuner-run takes
    (sequences, optionals, strings, 8-, 4- and 2-bit types)."""
    import numpy as np
    import onnx
    if isinstance(a, onnx.TensorProto):
        a = onnx.numpy_helper.to_array(a)
    if isinstance(a, np.generic):
        a = np.asarray(a)
    if not isinstance(a, np.ndarray):
        raise ValueError("inputs or outputs that are not tensors")
    if a.dtype.name == "bfloat16":  # ml_dtypes'
        return a.view(np.uint16)
    if a.dtype.char not in NUMBERS and a.dtype.kind != "c":
        raise ValueError("%s tensors" % a.dtype.name)
    return a


def export_test(name, model, sets, work):
    """Exports one test to WORK/NAME like torch_e2e.export_test (main.mlir,
    in/input_<i>.npy, torch/output_<i>.npy: ONNX's expected outputs); the
    reason it cannot be, or None."""
    import numpy as np
    import onnx
    if not sets:
        return "no inputs"
    try:
        inputs = [as_array(a) for a in sets[0][0]]
        outputs = [as_array(a) for a in sets[0][1]]
    except ValueError as e:
        return str(e)
    proto = onnx.load(model) if isinstance(model, str) else model
    opset = max([o.version for o in proto.opset_import if o.domain in
                 ("", "ai.onnx")] or [0])
    if 0 < opset < MIN_OPSET:  # as iree-import-onnx does by default
        proto = onnx.version_converter.convert_version(proto, MIN_OPSET)
    text = torch_e2e.import_onnx(proto)
    directory = os.path.join(work, name)
    for sub in ("in", "torch"):
        os.makedirs(os.path.join(directory, sub), exist_ok=True)
    for i, x in enumerate(inputs):
        np.save(os.path.join(directory, "in", "input_%d.npy" % i),
                np.require(x, requirements="C"))
    for i, x in enumerate(outputs):
        np.save(os.path.join(directory, "torch", "output_%d.npy" % i),
                np.require(x, requirements="C"))
    with open(os.path.join(directory, "main.mlir"), "w") as f:
        f.write(text)
    return None


def export_worker(args):
    """Exports the selected tests not yet in WORK/export.jsonl, as
    torch_e2e.journal_exports does."""
    def tests():
        for source in (stored_tests, node_tests):
            for name, model, sets in source():
                yield name, lambda m=model, d=sets, n=name: export_test(
                    n, m, d, args.work)
    torch_e2e.journal_exports(args, tests())


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", metavar="REGEX",
                        help="only the tests whose names match")
    parser.add_argument("--tuner-bin", default=os.path.join(torch_e2e.ROOT,
                                                            "build", "bin"))
    parser.add_argument("--target", action="append",
                        help="target(s) (default: host)")
    torch_e2e.add_device_options(parser)
    parser.add_argument("--work", default="/tmp/onnx-node")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per tuner-opt or tuner-run call")
    parser.add_argument("--trials", type=int, default=0,
                        help="tune this many trials first (default: the "
                        "default schedules)")
    parser.add_argument("--failures", action="store_true",
                        help="print only the tests that failed a stage")
    parser.add_argument("--export-worker", action="store_true",
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.export_worker:
        export_worker(args)
        return 0
    torch_e2e.use_device_options(args)
    os.makedirs(args.work, exist_ok=True)
    status = torch_e2e.export_all(args, [
        sys.executable, os.path.abspath(__file__), "--export-worker",
        "--work", args.work])
    return torch_e2e.check_all(args, status, "ONNX", key="onnx")

if __name__ == "__main__":
    sys.exit(main())

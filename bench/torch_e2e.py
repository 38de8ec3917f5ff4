#!/usr/bin/env python3
"""torch-mlir's end-to-end test suite through the tuner: a thousand small
programs written by another project, each on the inputs its authors chose.

For each test of torch-mlir's `torch_mlir_e2e_test.test_suite` (a checkout
of llvm/torch-mlir, --suite pointing at its projects/pt1/python):

  export   the test's golden trace (its module run by PyTorch on the test's
           own inputs), then torch_mlir.fx.export_and_import to linalg on
           tensors (with --onnx: torch.onnx.export, torch-mlir's ONNX
           importer and its torch-onnx-to-torch-backend pipeline, as
           torch-mlir's ONNX configuration does); the inputs and PyTorch's
           outputs saved as .npy
  tune     with --trials N: tuner-tune target=T trials=N first
  lower    tuner-opt --sched-apply-default=target=T --sched-materialize
           --tuner-lower-cpu (--tuner-lower-gpu for cuda:* targets)
  run      tuner-run --inputs=<the test's inputs> --reference=<the export>;
           CUDA targets with --gpu (a device) or --emulate DIR (the fake
           driver's emulator in DIR: kernels lowered with format=llvm run
           on the CPU); a program with inputs of dynamic shape runs on
           CUDA targets from its scheduled module, which tuner-run
           specializes to the inputs' shapes
           (CPU targets on a host with the target's ISA)
  torch    the outputs compared with PyTorch's (rtol = atol = 1e-4 for f32
           and f64, 2e-2 for 16-bit floats, exact for integers and booleans)

Tests torch-mlir itself lists as failing or crashing with its FX importer
(xfail_sets.py), tests whose inputs or results are not all tensors, and
tests that call their module more than once are skipped; the exports are
kept in WORK (WORK/export.jsonl says what became of each test). Prints one JSON
line per test and target, then a summary; --failures prints only the
failing tests. Not part of the tests (CI has no PyTorch).

usage: torch_e2e.py --suite DIR [--target T]... [--trials N] [--onnx] [--work DIR]
                    [--jobs N] [--gpu | --emulate DIR] [--failures] [REGEX...]
"""

import argparse
import json
import os
import re
import subprocess
import sys
import types
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model_zoo  # noqa: E402  (run, last_error)


def load_suite(suite, onnx=False):
    """(registry, names to skip: torch-mlir's own failures with its FX or,
    with `onnx`, its ONNX importer) of the checkout's e2e suite."""
    import torch
    sys.path.insert(0, suite)
    if "torch_mlir._version" not in sys.modules:
        # Wheels of torch-mlir lack the module the suite asks its version of.
        from packaging import version
        stub = types.ModuleType("torch_mlir._version")
        stub.version = version
        stub.torch_version_for_comparison = lambda: version.parse(
            torch.__version__.split("+")[0])
        sys.modules["torch_mlir._version"] = stub
    from torch_mlir_e2e_test.registry import GLOBAL_TEST_REGISTRY
    from torch_mlir_e2e_test.test_suite import register_all_tests
    register_all_tests()
    skip = set()
    xfails = os.path.join(suite, "..", "e2e_testing", "xfail_sets.py")
    if os.path.exists(xfails):
        scope = {}
        exec(compile(open(xfails).read(), xfails, "exec"), scope)
        kind = "ONNX" if onnx else "FX_IMPORTER"
        skip = scope[kind + "_XFAIL_SET"] | scope[kind + "_CRASHING_SET"]
    return GLOBAL_TEST_REGISTRY, skip


def save_npy(path, tensor):
    """Writes a torch tensor as tuner-run reads it (bf16 as raw bits)."""
    import numpy as np
    import torch
    t = tensor.detach().contiguous()
    if t.dtype == torch.bfloat16:
        array = t.view(torch.int16).numpy().view(np.uint16)
    else:
        array = t.numpy()
    np.save(path, np.require(array, requirements="C"))  # keeps 0-d


def export_onnx(program):
    """The linalg text of an ExportedProgram through ONNX and torch-mlir's
    ONNX importer, as torch-mlir's ONNX e2e configuration does (static
    shapes: the test's inputs')."""
    import io
    import onnx
    import torch
    buffer = io.BytesIO()
    torch.onnx.export(program, (), buffer, dynamo=True)
    return import_onnx(onnx.load_from_string(buffer.getvalue()))


def import_onnx(proto):
    """The linalg text of an ONNX model through torch-mlir's ONNX importer
    (shape inference with data propagation first) and its
    torch-onnx-to-torch-backend pipeline."""
    import onnx
    from torch_mlir.compiler_utils import (OutputType, lower_mlir_module,
                                           run_pipeline_with_repro_report)
    from torch_mlir.dialects import torch as torch_d
    from torch_mlir.extras import onnx_importer
    from torch_mlir.ir import Context
    proto = onnx.shape_inference.infer_shapes(proto, data_prop=True)
    context = Context()
    torch_d.register_dialect(context)
    info = onnx_importer.ModelInfo(proto)
    module = info.create_module(context=context)
    onnx_importer.NodeImporter.define_function(info.main_graph,
                                               module.operation).import_all()
    legal = "aten.flatten.using_ints,aten.adaptive_avg_pool1d,aten.unflatten.int"
    run_pipeline_with_repro_report(
        module, "builtin.module(torch-onnx-to-torch-backend-pipeline"
        "{backend-legal-ops=%s})" % legal, "ONNX -> Torch backend IR")
    return str(lower_mlir_module(False, OutputType.LINALG_ON_TENSORS, module))


def export_test(test, work, onnx=False):
    """Exports one test to WORK/NAME: main.mlir, in/input_<i>.npy and
    torch/output_<i>.npy (with `onnx`, through ONNX); the reason it cannot
    be, or None."""
    import torch
    from torch_mlir import fx
    from torch_mlir.fx import OutputType
    from torch_mlir_e2e_test.framework import generate_golden_trace
    trace = generate_golden_trace(test)
    if len(trace) != 1:
        return "calls its module %d times" % len(trace)
    item = trace[0]
    outputs = item.output if isinstance(item.output, (tuple, list)) else (
        item.output,)
    if not all(isinstance(x, torch.Tensor) for x in list(item.inputs) +
               list(outputs)):
        return "inputs or results that are not tensors"
    from torch.export.graph_signature import OutputKind
    program = torch.export.export(test.program_factory(), tuple(item.inputs))
    if onnx:
        text = export_onnx(program)
    else:
        text = str(fx.export_and_import(
            program, output_type=OutputType.LINALG_ON_TENSORS,
            func_name="main"))
    # The function also returns the inputs the module mutates (torch-mlir's
    # in-place ops), before its own results.
    user = [i for i, spec in enumerate(program.graph_signature.output_specs)
            if spec.kind == OutputKind.USER_OUTPUT]
    directory = os.path.join(work, test.unique_name)
    for sub in ("in", "torch"):
        os.makedirs(os.path.join(directory, sub), exist_ok=True)
    for i, x in enumerate(item.inputs):
        save_npy(os.path.join(directory, "in", "input_%d.npy" % i), x)
    for i, x in enumerate(outputs):
        save_npy(os.path.join(directory, "torch", "output_%d.npy" % i), x)
    with open(os.path.join(directory, "results.json"), "w") as f:
        json.dump(user, f)
    with open(os.path.join(directory, "main.mlir"), "w") as f:
        f.write(text)
    return None


def export_worker(args):
    """Exports the selected tests not yet in WORK/export.jsonl (see
    journal_exports)."""
    registry, skip = load_suite(args.suite, args.onnx)

    def tests():
        for test in registry:
            if test.unique_name in skip:
                yield test.unique_name, lambda: "skipped: torch-mlir's own xfail"
            else:
                yield test.unique_name, lambda test=test: export_test(
                    test, args.work, args.onnx)
    journal_exports(args, tests())


def journal_exports(args, tests):
    """Runs the (name, export) pairs of `tests` whose names are not yet in
    WORK/export.jsonl and match the patterns, appending a line per test
    ({"test", "status"}: null when exported, else why not; an export
    returns None or why it skips the test), preceded by a {"started"} line:
    a test that crashes the frontend is the last one started when this
    process dies."""
    journal = os.path.join(args.work, "export.jsonl")
    done = set(read_journal(journal))
    with open(journal, "a") as out:
        for name, export in tests:
            if name in done or (args.patterns and not any(
                    re.search(p, name) for p in args.patterns)):
                continue
            out.write(json.dumps({"started": name}) + "\n")
            out.flush()
            try:
                why = export()
                if why is not None and not why.startswith("skipped"):
                    why = "skipped: " + why
            except Exception as e:  # the frontend's failure, not ours
                first = (str(e).strip().splitlines() or [""])[0][:200]
                why = "export failed: %s: %s" % (type(e).__name__, first)
            out.write(json.dumps({"test": name, "status": why}) + "\n")
            out.flush()


def read_journal(journal):
    """{name: status} of WORK/export.jsonl; a test started and never ended
    crashed its exporting process."""
    status, started = {}, None
    if os.path.exists(journal):
        for line in open(journal):
            entry = json.loads(line)
            if "started" in entry:
                if started:
                    status[started] = "export failed: the exporter crashed"
                started = entry["started"]
            else:
                status[entry["test"]] = entry["status"]
                started = None
    if started:
        status[started] = "export failed: the exporter crashed"
    return status


def export_all(args, command=None):
    """Exports the selected tests in worker processes (`command`, default
    this script's --export-worker), restarted past a test that crashes
    one; {name: None when exported, or why not}."""
    journal = os.path.join(args.work, "export.jsonl")
    if command is None:
        command = [sys.executable, os.path.abspath(__file__),
                   "--export-worker", "--suite", args.suite, "--work",
                   args.work] + (["--onnx"] if args.onnx else [])
    command = command + args.patterns
    while True:
        before = len(read_journal(journal))
        if subprocess.run(command).returncode == 0:
            break
        if len(read_journal(journal)) == before:
            sys.exit("the exporter fails before it starts a test")
    status = read_journal(journal)
    return {n: why for n, why in status.items() if not args.patterns or
            any(re.search(p, n) for p in args.patterns)}


def compare_with_torch(directory, io):
    """None when the outputs tuner-run saved in `io` are PyTorch's, else
    what differs."""
    import numpy as np
    want = model_zoo.load_npy(os.path.join(directory, "torch"), "output")
    narrow = []
    got = model_zoo.load_npy(io, "output", narrow)
    results = os.path.join(directory, "results.json")
    user = json.load(open(results)) if os.path.exists(results) else []
    if len(got) > len(want) and len(user) == len(want):
        got = [got[i] for i in user]
        narrow = [narrow[i] for i in user]
    if len(got) != len(want):
        return "%d outputs, PyTorch's %d" % (len(got), len(want))
    for k, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape:
            return "output %d: shape %s, PyTorch's %s" % (k, g.shape, w.shape)
        if w.dtype.kind in "biu":
            if not np.array_equal(g.astype(np.int64), w.astype(np.int64)):
                return "output %d: %d elements differ from PyTorch's" % (
                    k, int(np.sum(g.astype(np.int64) != w.astype(np.int64))))
            continue
        tol = 2e-2 if narrow[k] or w.dtype == np.float16 else 1e-4
        wide = np.complex128 if w.dtype.kind == "c" else np.float64
        g64, w64 = g.astype(wide), w.astype(wide)
        if not np.allclose(g64, w64, rtol=tol, atol=tol, equal_nan=True):
            err = np.nanmax(np.abs(g64 - w64))
            return "output %d differs from PyTorch's by %.3g" % (k, err)
    return None


def check(name, target, args):
    """The stages of one exported test on one target."""
    directory = os.path.join(args.work, name)
    source = os.path.join(directory, "main.mlir")
    log = os.path.join(directory, "log.txt")
    tag = target.replace(":", "_").replace("=", "")
    result = {"test": name, "target": target}
    opt = os.path.join(args.tuner_bin, "tuner-opt")
    scheduled, schedule = source, ["--sched-apply-default=target=" + target]
    if args.trials:
        scheduled, schedule = os.path.join(directory, tag + ".tuned.mlir"), []
        database = os.path.join(directory, tag + ".db")
        if os.path.exists(database):
            os.remove(database)
        ok, _, out = model_zoo.run(
            [opt, source, "-o", scheduled, "--tuner-tune=target=%s trials=%d "
             "progress=off database=%s" % (target, args.trials, database)],
            log, args.timeout * max(1, args.trials))
        # Exit status 2: nothing was scheduled (no heavy op), not a failure.
        result["tune"] = "ok" if ok or ("error" not in out.lower() and
                                        os.path.exists(scheduled)) else (
            "failed: " + model_zoo.last_error(out))
        if result["tune"] != "ok":
            return result
    cuda = target.startswith("cuda")
    lower = ("--tuner-lower-cpu" if not cuda else
             "--tuner-lower-gpu=out-params=true format=llvm" if args.emulate
             else "--tuner-lower-gpu=out-params=true")
    lowered = os.path.join(directory, tag + ".lowered.mlir")
    ok, _, out = model_zoo.run(
        [opt, scheduled, "-o", lowered] + schedule +
        ["--sched-materialize", lower], log, args.timeout)
    result["lower"] = "ok" if ok else "failed: " + model_zoo.last_error(out)
    if not ok or (cuda and not args.gpu and not args.emulate):
        return result
    io = os.path.join(directory, tag + ".io")
    run = [os.path.join(args.tuner_bin, "tuner-run"), lowered,
           "--reference=" + source, "--inputs=" + os.path.join(directory, "in"),
           "--save-outputs=" + io, "--json", "--repeats=1"]
    ok, _, out = model_zoo.run(run, log, args.timeout)
    if cuda and "lowered with dynamic shapes" in out:
        # Kernels are compiled for one shape: tuner-run specializes the
        # scheduled module on tensors to the inputs' shapes and lowers it.
        run[1] = scheduled
        if schedule:
            run[1] = os.path.join(directory, tag + ".scheduled.mlir")
            model_zoo.run([opt, scheduled, "-o", run[1]] + schedule, log,
                          args.timeout)
        if args.emulate:
            run.append("--gpu-format=llvm")
        ok, _, out = model_zoo.run(run, log, args.timeout)
    try:
        measured = json.loads(out.strip().splitlines()[-1])
    except (ValueError, IndexError):
        measured = {}
    if not ok or not measured.get("match", True):
        result["run"] = "failed: " + model_zoo.last_error(out)
        return result
    result["run"] = "ok"
    why = compare_with_torch(directory, io)
    result["torch"] = "ok" if why is None else "failed: " + why
    return result


def check_all(args, status, oracle, key="torch"):
    """Checks every exported test of `status` ({name: None or why not}) on
    each target, printing a JSON line per test and target (`key` names the
    comparison with the frontend, `oracle`, in it) and a summary; the exit
    status (1 when a stage failed)."""
    targets = args.target or ["host"]
    exported = [n for n, why in status.items() if why is None]
    jobs = [(n, t) for n in exported for t in targets]
    totals = {t: {"lowered": 0, "ran": 0, "torch": 0} for t in targets}
    failed = 0
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for r in pool.map(lambda job: check(job[0], job[1], args), jobs):
            t = totals[r["target"]]
            t["lowered"] += r.get("lower") == "ok"
            t["ran"] += r.get("run") == "ok"
            t["torch"] += r.get("torch") == "ok"
            if "torch" in r and key != "torch":
                r[key] = r.pop("torch").replace("PyTorch", oracle)
            bad = any(v != "ok" for k, v in r.items()
                      if k in ("tune", "lower", "run", key))
            failed += bad
            if bad or not args.failures:
                print(json.dumps(r), flush=True)
    skipped = sum(1 for why in status.values() if why and
                  why.startswith("skipped"))
    export_failed = [n for n, why in status.items() if why and
                     why.startswith("export failed")]
    print("%d tests: %d exported, %d skipped, %d failed to export" % (
        len(status), len(exported), skipped, len(export_failed)))
    for target, t in totals.items():
        print("%s: lowered %d of %d, ran and matched the reference %d, as "
              "%s computes %d" % (target, t["lowered"], len(exported),
                                  t["ran"], oracle, t["torch"]))
    return 1 if failed else 0


def add_device_options(parser):
    """--gpu and --emulate, which run CUDA targets (else only lowered)."""
    parser.add_argument("--gpu", action="store_true",
                        help="run CUDA targets too (a GPU is present)")
    parser.add_argument("--emulate", metavar="DIR",
                        help="run CUDA targets on the fake CUDA driver's "
                        "emulator in DIR (build/test/fake-cuda): kernels "
                        "lowered with format=llvm, run on the CPU")


def use_device_options(args):
    """Puts the emulating driver first on the library path."""
    if args.emulate:
        args.emulate = os.path.abspath(args.emulate)
        os.environ["LD_LIBRARY_PATH"] = args.emulate + ":" + os.environ.get(
            "LD_LIBRARY_PATH", "")


def main():
    parser = argparse.ArgumentParser(
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("patterns", nargs="*", metavar="REGEX",
                        help="only the tests whose names match")
    parser.add_argument("--suite", required=True,
                        help="torch-mlir's projects/pt1/python directory")
    parser.add_argument("--tuner-bin", default=os.path.join(ROOT, "build",
                                                            "bin"))
    parser.add_argument("--target", action="append",
                        help="target(s) (default: host)")
    add_device_options(parser)
    parser.add_argument("--work", default="/tmp/torch-e2e")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--timeout", type=int, default=300,
                        help="seconds per tuner-opt or tuner-run call")
    parser.add_argument("--onnx", action="store_true",
                        help="export through ONNX (torch.onnx.export) and "
                        "torch-mlir's ONNX importer instead of its FX "
                        "importer (a venv with onnx and onnxscript)")
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
    use_device_options(args)
    os.makedirs(args.work, exist_ok=True)
    return check_all(args, export_all(args), "PyTorch")

if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Scans, sorts and top-k of tm_tensor on edge shapes: empty lines and no
lines, one line, rank 1, lines along the first, a middle and the last
dimension, long lines (merge runs of every width, odd last runs), k of 0, 1
and the whole line.

usage: edge_shapes.py DIR cpu   lower each program for this CPU, run it with
                                tuner-run against the unscheduled program
                                and check its outputs against NumPy
       edge_shapes.py DIR gpu   lower each for cuda:sm_90: 0 host ops
                                touching tensor data; with FAKE_CUDA_DIR
                                set, run it on the fake driver: no host
                                pointer in a launch, every allocation freed

Prints a line per failure, then "cases N failures F".
"""
import os
import re
import subprocess
import sys

import numpy as np

SORTS_AND_SCANS = [((0, 5), 1), ((5, 0), 1), ((1, 1), 0), ((7,), 0),
                   ((3, 4, 5), 1), ((2, 3, 1000), 2), ((1000, 2), 0),
                   ((2, 1), 1), ((3, 2, 2, 9), 3), ((9, 3, 2), 0)]
TOPKS = [((4, 50), 1, 1), ((4, 50), 1, 50), ((4, 50), 1, 0), ((0, 9), 1, 3),
         ((6, 3, 8), 0, 2), ((1, 1000), 1, 17), ((3, 5), 0, 3)]


def ty(shape, element="f32"):
    return "tensor<%s%s>" % ("".join("%dx" % s for s in shape), element)


def maps(rank):
    ids = ", ".join("d%d" % i for i in range(rank))
    return "affine_map<(%s) -> (%s)>" % (ids, ids)


def iota(shape, dim):
    """%i: the positions along `dim`, as i64."""
    return """  %ei = tensor.empty() : {t}
  %i = linalg.generic {{indexing_maps = [{m}], iterator_types = [{it}]}} outs(%ei : {t}) {{
  ^bb0(%o: i64):
    %j = linalg.index {dim} : index
    %c = arith.index_cast %j : index to i64
    linalg.yield %c : i64
  }} -> {t}
""".format(t=ty(shape, "i64"), m=maps(len(shape)), dim=dim,
           it=", ".join(['"parallel"'] * len(shape)))


def sort_program(shape, dim):
    t, ti = ty(shape), ty(shape, "i64")
    return """func.func @main(%x: {t}) -> ({t}, {ti}) {{
{iota}  %r:2 = tm_tensor.sort dimension({dim}) outs(%x, %i : {t}, {ti}) {{
  ^bb0(%a: f32, %b: f32, %ia: i64, %ib: i64):
    %lt = arith.cmpf olt, %a, %b : f32
    tm_tensor.yield %lt : i1
  }} -> {t}, {ti}
  return %r#0, %r#1 : {t}, {ti}
}}
""".format(t=t, ti=ti, dim=dim, iota=iota(shape, dim))


def scan_program(shape, dim):
    t = ty(shape)
    ta = ty([s for d, s in enumerate(shape) if d != dim])
    return """func.func @main(%x: {t}) -> ({t}, {ta}) {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : {t}
  %ea = tensor.empty() : {ta}
  %a = linalg.fill ins(%z : f32) outs(%ea : {ta}) -> {ta}
  %r:2 = tm_tensor.scan dimension({dim}) inclusive(true) ins(%x : {t}) outs(%e, %a : {t}, {ta}) {{
  ^bb0(%p: f32, %v: f32):
    %s = arith.addf %p, %v : f32
    tm_tensor.yield %s : f32
  }} -> {t}, {ta}
  return %r#0, %r#1 : {t}, {ta}
}}
""".format(t=t, ta=ta, dim=dim)


def topk_program(shape, dim, k):
    out = list(shape)
    out[dim] = k
    t, to, ti = ty(shape), ty(out), ty(out, "i64")
    return """func.func @main(%x: {t}) -> ({to}, {ti}) {{
  %ninf = arith.constant 0xFF800000 : f32
  %ev = tensor.empty() : {to}
  %v = linalg.fill ins(%ninf : f32) outs(%ev : {to}) -> {to}
  %ei = tensor.empty() : {ti}
  %r:2 = tm_tensor.topk dimension({dim}) ins(%x : {t}) outs(%v, %ei : {to}, {ti}) {{
  ^bb0(%a: f32, %b: f32):
    %gt = arith.cmpf ogt, %a, %b : f32
    tm_tensor.yield %gt : i1
  }} -> {to}, {ti}
  return %r#0, %r#1 : {to}, {ti}
}}
""".format(t=t, to=to, ti=ti, dim=dim)


def expected(kind, shape, dim, k, x):
    if kind == "sort":
        order = np.argsort(x, axis=dim, kind="stable")
        return [np.take_along_axis(x, order, dim), order]
    if kind == "scan":
        sums = np.cumsum(x.astype(np.float64), axis=dim)
        # The accumulator ends with the last sum of a line of two or more.
        if shape[dim] > 1:
            last = np.take(sums, shape[dim] - 1, axis=dim)
        else:
            last = np.zeros([s for d, s in enumerate(shape) if d != dim])
        return [sums, last]
    order = np.take(np.argsort(-x, axis=dim, kind="stable"), range(k), axis=dim)
    return [np.take_along_axis(x, order, dim), order]


def cases():
    for shape, dim in SORTS_AND_SCANS:
        yield "sort", shape, dim, 0, sort_program(shape, dim)
        yield "scan", shape, dim, 0, scan_program(shape, dim)
    for shape, dim, k in TOPKS:
        yield "topk", shape, dim, k, topk_program(shape, dim, k)


def run(args, **kwargs):
    return subprocess.run(args, capture_output=True, text=True, timeout=120,
                          **kwargs)


def check_cpu(name, kind, shape, dim, k):
    r = run(["tuner-opt", name + ".mlir", "--sched-apply-default",
             "--sched-materialize", "--tuner-lower-cpu", "-o", name + ".ll.mlir"])
    if r.returncode:
        return "lowering failed: " + r.stderr[-400:]
    io = name + ".io"
    r = run(["tuner-run", name + ".ll.mlir", "--reference=" + name + ".mlir",
             "--repeats=1", "--save-inputs=" + io, "--save-outputs=" + io])
    if "reference: match" not in r.stdout:
        return "run: " + (r.stdout + r.stderr)[-400:]
    x = np.load(os.path.join(io, "input_0.npy"))
    for i, want in enumerate(expected(kind, shape, dim, k, x)):
        got = np.load(os.path.join(io, "output_%d.npy" % i))
        if got.shape != want.shape or not np.allclose(got, want, rtol=1e-5,
                                                      atol=1e-5):
            return "numpy mismatch in output %d" % i
    return None


def check_gpu(name):
    r = run(["tuner-opt", name + ".mlir",
             "--sched-apply-default=target=cuda:sm_90", "--sched-materialize",
             "--tuner-lower-gpu=out-params=true report-host-ops=true",
             "-o", name + ".gpu.mlir"])
    if r.returncode or "host ops touching tensor data: 0" not in r.stderr:
        return "lowering: " + r.stderr[-400:]
    fake = os.environ.get("FAKE_CUDA_DIR")
    if not fake:
        return None
    r = run(["tuner-run", name + ".gpu.mlir", "--repeats=1"],
            env=dict(os.environ, LD_LIBRARY_PATH=fake))
    m = re.search(r"fake-cuda: \d+ launches, (\d+) host pointers, "
                  r"(\d+) allocations, (\d+) frees", r.stdout + r.stderr)
    if not m or m.group(1) != "0" or m.group(2) != m.group(3):
        return "fake driver: " + (r.stdout + r.stderr)[-400:]
    return None


def main():
    os.chdir(sys.argv[1])
    target = sys.argv[2]
    count = failures = 0
    for i, (kind, shape, dim, k, program) in enumerate(cases()):
        name = "%s_%d" % (kind, i)
        with open(name + ".mlir", "w") as f:
            f.write(program)
        count += 1
        if target == "cpu":
            error = check_cpu(name, kind, shape, dim, k)
        else:
            error = check_gpu(name)
        if error:
            failures += 1
            print("%s %s dim %d k %d: %s" % (name, shape, dim, k, error))
    print("cases %d failures %d" % (count, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

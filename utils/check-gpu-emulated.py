#!/usr/bin/env python3
"""Runs programs' CUDA kernels on the test tree's emulator and checks them.

For each program: its default CUDA schedules (and, with --seeds N, N random
points of each task's space from tuner-test-opt's fake measurer), lowered
by `tuner-lower-gpu format=llvm`, run by tuner-run on the fake CUDA driver,
which compiles the kernels for the host and runs every CUDA thread as a
fiber (test/lib/FakeCUDA/Emulator.cpp), and compared with the program run
on the CPU (tuner-run --reference). Unlike check-gpu-space-on-cpu.py this
keeps the block and thread mappings, workgroup memory, barriers, shuffles
and tensor-core operations. One line per program and schedule; exit status
1 when one does not match.

usage: check-gpu-emulated.py --bin DIR [--fake-cuda DIR] [--target cuda:sm_90]
                             [--seeds 0] [--trials 4] [--timeout 600]
                             [--inputs-beside] [--work DIR] FILE...
"""
import argparse
import os
import re
import subprocess
import sys


def run(cmd, timeout=None, **kw):
    try:
        return subprocess.run(cmd, capture_output=True, text=True,
                              timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(cmd, 124, "", "timed out")


def entries(path):
    text = open(path).read()
    return [a or b for a, b in re.findall(
        r'func\.func (?:public )?@(?:"([^"]+)"|([\w$.]+))\(', text)]


def display_name(path):
    """The program's file name, or its directory's for a main.mlir (the
    suites' exports)."""
    name = os.path.splitext(os.path.basename(path))[0]
    if name == "main":
        name = os.path.basename(os.path.dirname(os.path.abspath(path)))
    return name


def first_error(text):
    lines = [l for l in text.splitlines()
             if "error" in l or "fake-cuda: launch" in l or
             "not emulated" in l or "undefined symbol" in l]
    return (lines or text.strip().splitlines()[-1:] or ["no output"])[0].strip()


def schedule(args, path, work, seed):
    """The scheduled program of `seed` (0: the defaults), or an error."""
    tool = os.path.join(args.bin, "tuner-opt")
    scheduled = os.path.join(work, "scheduled.mlir")
    if seed == 0:
        r = run([tool, path, "--sched-apply-default=target=" + args.target,
                 "-o", scheduled])
    else:
        tasks = run([tool, path, "--sched-extract-tasks"])
        count = max(1, tasks.stdout.count("sched.task ="))
        r = run([os.path.join(args.bin, "tuner-test-opt"), path,
                 "--tuner-tune=target=%s measure=fake policy=random trials=%d "
                 "seed=%d progress=off" % (args.target, args.trials * count,
                                           seed), "-o", scheduled])
    if r.returncode:
        return None, "scheduling failed: " + first_error(r.stderr)
    return scheduled, None


def check(args, path, seed):
    name = display_name(path)
    work = os.path.join(args.work, "%s.%d" % (name, seed))
    os.makedirs(work, exist_ok=True)
    scheduled, why = schedule(args, path, work, seed)
    if why:
        return why
    lowered = os.path.join(work, "lowered.mlir")
    r = run([os.path.join(args.bin, "tuner-opt"), scheduled,
             "--sched-materialize",
             "--tuner-lower-gpu=out-params=true format=llvm", "-o", lowered])
    if r.returncode:
        return "lowering failed: " + first_error(r.stderr)
    env = dict(os.environ)
    env["LD_LIBRARY_PATH"] = args.fake_cuda + ":" + env.get(
        "LD_LIBRARY_PATH", "")
    inputs = os.path.join(os.path.dirname(os.path.abspath(path)), "in")
    given = (["--inputs=" + inputs]
             if args.inputs_beside and os.path.isdir(inputs) else [])
    for entry in entries(path) or ["main"]:
        r = run([os.path.join(args.bin, "tuner-run"), lowered,
                 "--entry=" + entry, "--reference=" + path, "--repeats=1",
                 "--warmup=0"] + given, timeout=args.timeout, env=env)
        out = r.stdout + r.stderr
        line = [l for l in out.splitlines() if "reference:" in l][:1]
        if r.returncode == 124:
            return "@%s: timed out after %d s" % (entry, args.timeout)
        if not line or "reference: match" not in line[0]:
            return "@%s: %s" % (entry, line[0].strip() if line else
                                first_error(out))
        if re.search(r"fake-cuda: [1-9][0-9]* launches, [1-9]", out):
            return "@%s: a launch was given host memory" % entry
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True,
                        help="directory of tuner-opt, tuner-test-opt, tuner-run")
    parser.add_argument("--fake-cuda",
                        help="directory of the fake libcuda.so.1 (default: "
                        "BIN/../test/fake-cuda)")
    parser.add_argument("--target", default="cuda:sm_90")
    parser.add_argument("--seeds", type=int, default=0,
                        help="random points per task besides the defaults")
    parser.add_argument("--trials", type=int, default=4,
                        help="random points per task and seed")
    parser.add_argument("--timeout", type=int, default=600,
                        help="seconds per emulated run")
    parser.add_argument("--inputs-beside", action="store_true",
                        help="run each program on the inputs in the 'in' "
                        "directory beside it, where there is one (as "
                        "bench/torch_e2e.py and onnx_node.py save them)")
    parser.add_argument("--work", default="check-gpu-emulated.out")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    args.fake_cuda = os.path.abspath(args.fake_cuda or os.path.join(
        args.bin, "..", "test", "fake-cuda"))
    failed = 0
    for path in args.files:
        name = display_name(path)
        for seed in range(args.seeds + 1):
            why = check(args, path, seed)
            what = "defaults" if seed == 0 else "seed %d" % seed
            print("%s %s: %s" % (name, what, "match" if why is None else
                                 "FAIL " + why), flush=True)
            failed += why is not None
    print("checked %d programs x %d schedules, %d failed" %
          (len(args.files), args.seeds + 1, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks points of the GPU search spaces without a GPU.

For each program and seed: a random search of `--trials` points per task for
a CUDA target with the fake measurer (tuner-test-opt --tuner-tune
"measure=fake policy=random"), whose tuned program carries one of the
points of each task's space; its schedules materialized, their block and
thread mappings and workgroup memory spaces dropped, lowered for the CPU and
run against the program (tuner-run --reference). This checks what the
spaces' points compute (tiles, fusions, consumer kernels, partial blocks),
not their mapping to threads nor shared memory. One line per program and
seed; exit status 1 when one does not match.

usage: check-gpu-space-on-cpu.py --bin DIR [--target cuda:sm_90]
                                 [--seeds 3] [--trials 6] [--work DIR]
                                 FILE...
"""
import argparse
import os
import re
import subprocess
import sys

DROP_GPU = [
    (re.compile(r" \{mapping = \[[^]]*\]\}"), ""),
    (re.compile(r"^module attributes \{sched.target = [^}]*\} \{", re.M),
     "module {"),
    (re.compile(r" \{memory_space = #gpu.address_space<workgroup>\}"), ""),
]


SKIPPED = "skipped: the CPU cannot lower these register tiles"


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, **kw)


def entries(path):
    text = open(path).read()
    return [m for m in re.findall(r"func\.func (?:public )?@([\w$.]+)", text)]


def check(args, path, seed):
    name = os.path.splitext(os.path.basename(path))[0]
    work = os.path.join(args.work, "%s.%d" % (name, seed))
    os.makedirs(work, exist_ok=True)
    # The number of tasks (of the host's preparation: about the CUDA one's).
    tasks = run([os.path.join(args.bin, "tuner-opt"), path,
                 "--sched-extract-tasks"])
    count = max(1, tasks.stdout.count("sched.task =")) if tasks.returncode == 0 else 8
    tuned = os.path.join(work, "tuned.mlir")
    r = run([os.path.join(args.bin, "tuner-test-opt"), path,
             "--tuner-tune=target=%s measure=fake policy=random trials=%d "
             "seed=%d progress=off" % (args.target, args.trials * count, seed),
             "-o", tuned])
    if r.returncode:
        return "tuning failed: " + r.stderr.strip().splitlines()[-1]
    r = run([os.path.join(args.bin, "tuner-opt"), tuned, "--sched-materialize"])
    if r.returncode:
        return "materialization failed: " + r.stderr.strip()[:300]
    text = r.stdout
    for pattern, repl in DROP_GPU:
        text = pattern.sub(repl, text)
    lowered = os.path.join(work, "cpu.mlir")
    r = run([os.path.join(args.bin, "tuner-opt"), "--tuner-lower-cpu", "-o",
             lowered], input=text)
    if r.returncode:
        first = [l for l in r.stderr.splitlines() if "error" in l][:1]
        return "CPU lowering failed: " + (first[0] if first else "")
    configs = sorted(set(re.findall(r'sketch = "([\w.]+)"', open(tuned).read())))
    for entry in entries(path) or ["main"]:
        r = run([os.path.join(args.bin, "tuner-run"), lowered, "--entry=" + entry,
                 "--reference=" + path, "--repeats=1"])
        line = [l for l in (r.stdout + r.stderr).splitlines()
                if "reference:" in l or "error" in l][:1]
        # The CPU pipeline has no lowering for the n-D vectors of 16-bit and
        # 8-bit register tiles (its own schedules widen such inputs first):
        # those points cannot be checked here.
        if line and "unrealized_conversion_cast" in line[0]:
            return SKIPPED
        if not line or "reference: match" not in line[0]:
            return "@%s: %s (%s)" % (entry, line[0].strip() if line else
                                     "no result", ",".join(configs))
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--bin", required=True,
                        help="directory of tuner-opt, tuner-test-opt, tuner-run")
    parser.add_argument("--target", default="cuda:sm_90")
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--trials", type=int, default=6,
                        help="random points per task and seed")
    parser.add_argument("--work", default="check-gpu-space-on-cpu.out")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failed = skipped = 0
    for path in args.files:
        for seed in range(1, args.seeds + 1):
            why = check(args, path, seed)
            name = os.path.splitext(os.path.basename(path))[0]
            if why == SKIPPED:
                skipped += 1
                print("%s seed %d: %s" % (name, seed, why), flush=True)
                continue
            print("%s seed %d: %s" % (name, seed, "match" if why is None else
                                      "FAIL " + why), flush=True)
            failed += why is not None
    print("checked %d programs x %d seeds, %d failed, %d skipped" %
          (len(args.files), args.seeds, failed, skipped))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

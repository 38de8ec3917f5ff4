#!/usr/bin/env python3
"""Checks that programs get GPU schedules whose PTX passes ptxas.

For each MLIR file: annotates every anchor op with its default CUDA schedule
(`--sched-apply-default`), materializes it, lowers with `tuner-lower-gpu` to
PTX, and runs `ptxas -arch=ARCH -v` on every kernel. Prints one line per
kernel with its registers, spill stores/loads and shared memory, and exits
with status 1 when a program fails to lower, a kernel fails ptxas (or spills,
with --reject-spills), or an op is left without a GPU schedule.

usage: check-gpu-ptxas.py --tuner-opt BIN --ptxas BIN [--arch sm_90]
                          [--work DIR] [--reject-spills] FILE...
"""
import argparse
import os
import re
import subprocess
import sys


def extract_ptx(lowered, out_dir):
    """The kernels' PTX of a lowered module, as (name, path) pairs."""
    src = open(lowered).read()
    binaries = re.findall(
        r'gpu\.binary @([\w$.]+)\s+\[#gpu\.object<#nvvm\.target<[^>]*>'
        r'[^\n]*?assembly = "((?:[^"\\]|\\.)*)"', src)
    os.makedirs(out_dir, exist_ok=True)
    paths = []
    for name, text in binaries:
        text = re.sub(r'\\([0-9A-Fa-f]{2})',
                      lambda m: chr(int(m.group(1), 16)), text)
        text = text.replace('\\\\', '\\').replace('\\"', '"')
        path = os.path.join(out_dir, name + ".ptx")
        with open(path, "w") as f:
            f.write(text.rstrip("\0"))
        paths.append((name, path))
    return paths


def parse_ptxas(text):
    """Registers, spills and shared memory from `ptxas -v`'s report."""
    usage = {"registers": 0, "spill_stores": 0, "spill_loads": 0,
             "shared_bytes": 0}
    m = re.search(r"(\d+) bytes spill stores, (\d+) bytes spill loads", text)
    if m:
        usage["spill_stores"], usage["spill_loads"] = map(int, m.groups())
    m = re.search(r"Used (\d+) registers", text)
    if m:
        usage["registers"] = int(m.group(1))
    m = re.search(r"(\d+) bytes smem", text)
    if m:
        usage["shared_bytes"] = int(m.group(1))
    return usage


def check(args, path):
    name = os.path.splitext(os.path.basename(path))[0]
    work = os.path.join(args.work, name)
    os.makedirs(work, exist_ok=True)
    lowered = os.path.join(work, "lowered.mlir")
    # sched-apply-default extracts the tasks and prepares the program for
    # the CUDA target itself (bf16/f16 contractions keep their inputs).
    options = "target=cuda:" + args.arch
    if args.sketches:
        options += " sketches=" + args.sketches
    annotate = [args.tuner_opt, path, f"--sched-apply-default={options}"]
    run = subprocess.run(annotate, capture_output=True, text=True)
    if run.returncode:
        print(f"{name}: FAIL sched-apply-default\n{run.stderr}")
        return False
    sketches = re.findall(r'sketch = "([\w.]+)"', run.stdout)
    if any(not s.startswith("gpu.") for s in sketches):
        print(f"{name}: FAIL a non-GPU sketch: {sketches}")
        return False
    run = subprocess.run(annotate + ["--sched-materialize",
                                     "--tuner-lower-gpu", "-o", lowered],
                         capture_output=True, text=True)
    if run.returncode:
        print(f"{name}: FAIL lowering\n{run.stderr}")
        return False
    kernels = extract_ptx(lowered, os.path.join(work, "ptx"))
    if not kernels and not sketches:
        # Nothing left to compute on the device (a copy of an argument into
        # the result folds away): no kernel is right.
        print(f"{name}: 0 kernels, nothing to schedule")
        return True
    if not kernels:
        print(f"{name}: FAIL no kernel")
        return False
    ok = True
    for kernel, ptx in kernels:
        # A memref.alloc left in a kernel becomes a device malloc per
        # thread, which exhausts the device heap and faults at run time.
        if re.search(r"\bcall(\.uni)?\s.*\bmalloc\b", open(ptx).read()):
            print(f"{name} {kernel}: FAIL calls malloc")
            ok = False
            continue
        run = subprocess.run([args.ptxas, "-arch=" + args.arch, "-v", ptx,
                              "-o", ptx + ".cubin"],
                             capture_output=True, text=True)
        if run.returncode:
            print(f"{name} {kernel}: FAIL ptxas\n{run.stderr}")
            ok = False
            continue
        u = parse_ptxas(run.stdout + run.stderr)
        spills = u["spill_stores"] + u["spill_loads"]
        status = "ok" if not spills else "SPILLS"
        print(f"{name} {kernel}: {status} registers={u['registers']} "
              f"spill_stores={u['spill_stores']} "
              f"spill_loads={u['spill_loads']} shared={u['shared_bytes']}")
        ok = ok and not (spills and args.reject_spills)
    print(f"{name}: {len(kernels)} kernels, sketches "
          f"{','.join(sorted(set(sketches)))}")
    return ok


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tuner-opt", required=True)
    parser.add_argument("--ptxas", required=True)
    parser.add_argument("--arch", default="sm_90")
    parser.add_argument("--work", default="check-gpu-ptxas.out")
    parser.add_argument("--sketches", default="",
                        help="sketches to prefer for the defaults (comma-"
                        "separated, sched-apply-default's sketches=)")
    parser.add_argument("--reject-spills", action="store_true",
                        help="a kernel that spills registers fails the check")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    failed = [f for f in args.files if not check(args, f)]
    print(f"checked {len(args.files)} programs, {len(failed)} failed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks that no kernel of a CUDA-lowered module reads host memory.

Reads modules lowered by `tuner-lower-gpu` (LLVM-dialect host code with
`gpu.launch_func` ops) and follows, in each host function, the address of
every host global (`llvm.mlir.addressof`: constant weights, splats) through
the ops that derive pointers or memref descriptors from it (getelementptr,
casts, insertvalue, extractvalue, select). A launch taking such a value
would make its kernel read host memory, which faults on the device (issue
32: every model with constant weights did); tuner-gpu-device-memory gives
kernels device copies instead, made by calls of mgpuTunerModuleBuffer.

Prints one line per module (launches, module buffers, copies on the device)
and exits with status 1 when a launch takes a host address.

usage: check-gpu-launch-args.py FILE...
"""
import re
import sys

DERIVING_OPS = ("llvm.getelementptr", "llvm.bitcast", "llvm.insertvalue",
                "llvm.extractvalue", "llvm.select", "llvm.ptrtoint",
                "llvm.inttoptr", "llvm.addrspacecast",
                "builtin.unrealized_conversion_cast")
VALUE = re.compile(r"%[\w$.-]+")


def check(path):
    """(launches, module buffers, device copies, problems) of one module."""
    launches, buffers, copies, problems = 0, 0, 0, []
    tainted = {}  # SSA name -> the host global it derives from
    function = "?"
    for line in open(path):
        m = re.match(r"\s*llvm\.func (?:\w+ )*@([\w$.]+)\(", line)
        if m:
            function, tainted = m.group(1), {}
            continue
        if "llvm.call @mgpuTunerModuleBuffer(" in line:
            buffers += 1
        if "llvm.call @mgpuTunerCopy2D(" in line:
            copies += 1
        m = re.match(r"\s*(%[\w$.-]+) = llvm\.mlir\.addressof @([\w$.]+)", line)
        if m:
            tainted[m.group(1)] = m.group(2)
            continue
        m = re.match(r"\s*(%[\w$.-]+) = (\S+) (.*)", line)
        if m and m.group(2) in DERIVING_OPS:
            for operand in VALUE.findall(m.group(3)):
                if operand in tainted:
                    tainted[m.group(1)] = tainted[operand]
                    break
            continue
        m = re.search(r"gpu\.launch_func\s+(?:<[^>]*>\s*)?@([\w$.:@]+).*\bargs\((.*)\)", line)
        if m:
            launches += 1
            for operand in VALUE.findall(m.group(2)):
                if operand in tainted:
                    problems.append(
                        "@%s: the launch of @%s takes %s, the address of the "
                        "host global @%s" % (function, m.group(1), operand,
                                             tainted[operand]))
    return launches, buffers, copies, problems


def main(paths):
    if not paths:
        sys.stderr.write(__doc__)
        return 2
    failed = 0
    for path in paths:
        launches, buffers, copies, problems = check(path)
        status = "FAIL" if problems else "ok"
        print("%s: %s, %d launches, %d module buffers, %d device copies"
              % (path, status, launches, buffers, copies))
        for p in problems:
            print("  " + p)
        failed += bool(problems)
    print("checked %d modules, %d failed" % (len(paths), failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

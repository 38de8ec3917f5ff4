#!/usr/bin/env python3
"""Checks that #includes between the project's parts point one way
(docs/Design.md, "Layers"): a file may include headers of its own layer or
of lower ones, never of a higher one. Prints each violation and a summary.

Usage: check-layering.py <source root>
"""
import os
import re
import sys

# Layers, lowest first. Each is a list of path prefixes (relative to the
# source root) of the files in it, and of the include paths (relative to
# include/) that name its headers.
LAYERS = [
    ("support", ["include/Tuner/Support/", "include/Tuner/Config.h",
                 "include/Tuner/Runtime/", "lib/Runtime/"],
     ["Tuner/Support/", "Tuner/Config.h", "Tuner/Revision.h",
      "Tuner/Runtime/"]),
    ("dialect", ["include/Tuner/Dialect/Sched/IR/", "lib/Dialect/Sched/IR/",
                 "include/Tuner/Dialect/Sched/TransformOps/",
                 "lib/Dialect/Sched/TransformOps/"],
     ["Tuner/Dialect/Sched/IR/", "Tuner/Dialect/Sched/TransformOps/"]),
    ("analysis", ["include/Tuner/Analysis/", "lib/Analysis/"],
     ["Tuner/Analysis/"]),
    ("transforms", ["include/Tuner/Transforms/", "lib/Transforms/"],
     ["Tuner/Transforms/"]),
    # MeasureError.h is the one measurement header the database (same
    # layer) may include: it depends on nothing.
    ("tuner libraries", ["include/Tuner/Tuner/", "lib/Tuner/"],
     ["Tuner/Tuner/"]),
    ("passes", ["include/Tuner/Dialect/Sched/Transforms/",
                "lib/Dialect/Sched/Transforms/",
                "include/Tuner/Tuner/Driver/", "lib/Tuner/Driver/"],
     ["Tuner/Dialect/Sched/Transforms/", "Tuner/Tuner/Driver/"]),
    ("registration and tools", ["include/Tuner/InitAll.h", "lib/InitAll/",
                                "tools/"],
     ["Tuner/InitAll.h"]),
]


# Inside the tuner libraries: pairs (files under, must not include) that the
# layer rule cannot see. The measurer needs neither the search nor the
# database; the database needs only the error codes of the measurer.
FORBIDDEN = [
    ("include/Tuner/Tuner/Measure/", "Tuner/Tuner/Search/"),
    ("lib/Tuner/Measure/", "Tuner/Tuner/Search/"),
    ("include/Tuner/Tuner/Measure/", "Tuner/Tuner/Database/"),
    ("lib/Tuner/Measure/", "Tuner/Tuner/Database/"),
    ("include/Tuner/Tuner/Database/", "Tuner/Tuner/Measure/Measurer.h"),
    ("lib/Tuner/Database/", "Tuner/Tuner/Measure/Measurer.h"),
    ("include/Tuner/Tuner/Task/", "Tuner/Tuner/Sketch/"),
    ("lib/Tuner/Task/", "Tuner/Tuner/Sketch/"),
]


def layer_of_file(rel):
    best = None
    for i, (_, prefixes, _) in enumerate(LAYERS):
        for p in prefixes:
            if rel.startswith(p) and (best is None or len(p) > best[1]):
                best = (i, len(p))
    return best[0] if best else None


def layer_of_include(inc):
    best = None
    for i, (_, _, prefixes) in enumerate(LAYERS):
        for p in prefixes:
            if inc.startswith(p) and (best is None or len(p) > best[1]):
                best = (i, len(p))
    return best[0] if best else None


def main():
    root = sys.argv[1]
    include = re.compile(r'^\s*#\s*include\s+"(Tuner/[^"]+)"')
    violations = checked = 0
    for top in ("include", "lib", "tools"):
        for dirpath, _, files in os.walk(os.path.join(root, top)):
            for name in files:
                if not name.endswith((".h", ".cpp")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, root)
                own = layer_of_file(rel)
                if own is None:
                    continue
                checked += 1
                for n, line in enumerate(open(path), 1):
                    m = include.match(line)
                    if not m:
                        continue
                    for where, what in FORBIDDEN:
                        if rel.startswith(where) and m.group(1).startswith(what):
                            violations += 1
                            print(f"{rel}:{n}: must not include {m.group(1)}")
                    target = layer_of_include(m.group(1))
                    if target is not None and target > own:
                        violations += 1
                        print(f"{rel}:{n}: {LAYERS[own][0]} includes "
                              f"{LAYERS[target][0]} header {m.group(1)}")
    print(f"{checked} files checked, {violations} layering violations")


main()

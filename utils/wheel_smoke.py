#!/usr/bin/env python3
"""Smoke test of an installed mlir_tuner wheel, run by utils/setup.sh wheel
with the venv's Python where LLVM is hidden (a tmpfs over /usr/lib/llvm-22):
the package imports from the venv, its tools run, a real tuning run of 8
trials writes records, apply_best annotates a fresh module, and the tuned
module runs and matches the untuned reference; a compiled module called on
our own data returns what Python computes. Prints one line per check and
"N passed, 0 failed" at the end; exits 1 at the first failure.

usage: wheel_smoke.py WORKLOAD.mlir
"""

import array
import os
import subprocess
import sys
import tempfile

PASSED = []


def check(name, ok, detail=""):
    if not ok:
        print(f"FAIL: {name}{': ' + detail if detail else ''}", flush=True)
        print(f"{len(PASSED)} passed, 1 failed")
        sys.exit(1)
    PASSED.append(name)
    print(f"ok: {name}{' (' + detail + ')' if detail else ''}", flush=True)


def main():
    workload = sys.argv[1]
    import mlir_tuner as mt
    from mlir_tuner import _tools

    pkg = os.path.dirname(mt.__file__)
    check("the package comes from the venv", pkg.startswith(sys.prefix), pkg)
    check("the native module loads", mt.native_available())
    for tool in ("tuner-opt", "tuner-run"):
        path = _tools.find_tool(tool)
        check(f"{tool} is the wheel's", path.startswith(pkg), path)
        out = subprocess.run([path, "--version"], capture_output=True,
                             text=True)
        check(f"{tool} --version runs", out.returncode == 0,
              (out.stdout + out.stderr).strip().splitlines()[0]
              if out.returncode == 0 else out.stderr[-500:])

    with tempfile.TemporaryDirectory() as tmp:
        db = os.path.join(tmp, "smoke.db")
        module = mt.Module.load(workload)
        report = mt.tune(module, trials=8, batch_size=4, database=db,
                         repeats=2, min_repeat_ms=2, final_validation=0,
                         drift_check=False, progress="off", seed=1)
        records = mt.Database(db).records()
        check("tune: 8 trials, 8 valid records",
              report.trials == 8 and len(records) == 8
              and all(r.valid for r in records),
              f"{len(records)} records, cost model and errors: "
              f"{report.get('cost_model', '?')}, {report.errors}")
        fresh = mt.apply_best(mt.Module.load(workload), db)
        check("apply_best annotates every task",
              str(fresh).count("#sched.config") >= len(report.tasks))
        result = fresh.run(reference=workload, repeats=3)
        check("the tuned module matches the reference",
              result.match is True,
              f"median {result.median_s * 1e3:.3f} ms")

    # Module.compile: results returned to Python, checked by hand.
    exe = mt.Module.parse("""
      func.func @axpy(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>,
            affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
            iterator_types = ["parallel"]}
            ins(%a, %b : tensor<4xf32>, tensor<4xf32>)
            outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %o: f32):
          %two = arith.constant 2.0 : f32
          %m = arith.mulf %x, %two : f32
          %s = arith.addf %m, %y : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        return %r : tensor<4xf32>
      }""").compile()
    a, b = array.array("f", [1, 2, 3, 4]), array.array("f", [10, 20, 30, 40])
    out = array.array("f", [0] * 4)
    exe.call([a, b], [out])
    check("Module.compile returns results", list(out) == [12, 24, 36, 48],
          str(list(out)))
    print(f"{len(PASSED)} passed, 0 failed")


if __name__ == "__main__":
    main()

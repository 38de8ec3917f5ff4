#!/usr/bin/env python3
"""bf16 matmuls: our AMX and AVX512-BF16 dot-product kernels against our f32
path and oneDNN's bf16 and f32 matmuls, in one run.

For each shape (M, N, K), tunes with real measurements (`--trials` each):
- *amx*: the packed form below for the host (cpu.contraction_amx), when
  the host has AMX-BF16;
- *bf16 dot*: the blocked form tuner-pack-bf16-dot writes for targets
  without AMX (A [M, K/2, 2], B in 16-column blocks [N/16, K/2, 16, 2]; the
  weights packed once, as oneDNN's reorder to its blocked layout is done
  once), for the host with `+avx512bf16:-amx-bf16` (the
  cpu.contraction_bf16_dot sketch), when the host has AVX512-BF16;
- *f32*: the same matmul on f32 inputs (weights converted once), the f32
  sketches;
and times oneDNN's matmul primitive on bf16 inputs (f32 result) and on f32.
Times are medians of tuner-run (10 repeats) of the tuned kernels and of the
oneDNN harness (30 repeats), on each of `--threads` (default: all cores;
each form tuned for that many). Writes bench/results/bf16_matmul.json.

usage: bench/bf16_matmul.py [--build build] [--trials 64] [--threads 1 2]
"""

import argparse
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import common  # noqa: E402

SHAPES = [(1024, 1024, 1024), (32, 11008, 4096)]

# The body of both packed forms: out + ext(a) * ext(b).
DOT_BODY = """  ^bb0(%x: bf16, %y: bf16, %o: f32):
    %xe = arith.extf %x : bf16 to f32
    %ye = arith.extf %y : bf16 to f32
    %p = arith.mulf %xe, %ye : f32
    %s = arith.addf %o, %p : f32
    linalg.yield %s : f32
"""

PACKED = """#mA = affine_map<(m, n, k, p) -> (m, k, p)>
#mB = affine_map<(m, n, k, p) -> (k, n, p)>
#mC = affine_map<(m, n, k, p) -> (m, n)>
func.func @mm(%a: tensor<{M}x{K2}x2xbf16>, %b: tensor<{K2}x{N}x2xbf16>) -> tensor<{M}x{N}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{M}x{N}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32>
  %r = linalg.generic {{indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "reduction", "reduction"]}} ins(%a, %b : tensor<{M}x{K2}x2xbf16>, tensor<{K2}x{N}x2xbf16>) outs(%f : tensor<{M}x{N}xf32>) {{
""" + DOT_BODY + """  }} -> tensor<{M}x{N}xf32>
  return %r : tensor<{M}x{N}xf32>
}}
"""

BLOCKED = """#mA = affine_map<(m, nb, n, k, p) -> (m, k, p)>
#mB = affine_map<(m, nb, n, k, p) -> (nb, k, n, p)>
#mC = affine_map<(m, nb, n, k, p) -> (m, nb, n)>
func.func @mm(%a: tensor<{M}x{K2}x2xbf16>, %b: tensor<{NB}x{K2}x16x2xbf16>) -> tensor<{M}x{N}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{M}x{NB}x16xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{M}x{NB}x16xf32>) -> tensor<{M}x{NB}x16xf32>
  %r = linalg.generic {{indexing_maps = [#mA, #mB, #mC], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}} ins(%a, %b : tensor<{M}x{K2}x2xbf16>, tensor<{NB}x{K2}x16x2xbf16>) outs(%f : tensor<{M}x{NB}x16xf32>) {{
""" + DOT_BODY + """  }} -> tensor<{M}x{NB}x16xf32>
  %c = tensor.collapse_shape %r [[0], [1, 2]] : tensor<{M}x{NB}x16xf32> into tensor<{M}x{N}xf32>
  return %c : tensor<{M}x{N}xf32>
}}
"""

F32 = """func.func @mm(%a: tensor<{M}x{K}xf32>, %b: tensor<{K}x{N}xf32>) -> tensor<{M}x{N}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{M}x{N}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32>
  %r = linalg.matmul ins(%a, %b : tensor<{M}x{K}xf32>, tensor<{K}x{N}xf32>) outs(%f : tensor<{M}x{N}xf32>) -> tensor<{M}x{N}xf32>
  return %r : tensor<{M}x{N}xf32>
}}
"""


def tuned_seconds(opt, runner, source, target, trials, tmp, name, threads):
    tuned = os.path.join(tmp, name + ".tuned.mlir")
    lowered = os.path.join(tmp, name + ".ll.mlir")
    common.run([opt, source, f"--tuner-tune=target={target}:{threads}t "
                f"trials={trials} progress=off", "-o", tuned], timeout=3600)
    common.run([opt, tuned, "--sched-materialize", "--tuner-lower-cpu", "-o",
                lowered], timeout=600)
    r = common.run_program(runner, lowered, reference=source,
                           args=["--repeats=10", f"--omp-threads={threads}"],
                           timeout=600)
    return r


def measure(opt, runner, onednn, shape, threads, forms, args, tmp):
    """One row: oneDNN's bf16 and f32 matmuls and each of our forms, tuned
    for and run on `threads` cores."""
    m, n, k = shape
    flops = 2 * m * n * k
    row = {"shape": [m, n, k], "threads": threads}
    env = dict(os.environ, OMP_NUM_THREADS=str(threads))
    for t in ("bf16", "f32"):
        r = common.run_json([onednn, str(m), str(n), str(k), "1", "30", t],
                            env=env)
        row[f"onednn_{t}"] = {"seconds": r["median_s"], "impl": r.get("impl")}
    for name, text, target in forms:
        source = os.path.join(tmp, f"{name}_{m}_{n}.mlir")
        with open(source, "w") as f:
            f.write(text.format(M=m, N=n, K=k, K2=k // 2, NB=n // 16))
        r = tuned_seconds(opt, runner, source, target, args.trials, tmp,
                          f"{name}_{m}_{n}_{threads}t", threads)
        row[name] = r
        common.log(f"{m}x{n}x{k} {threads}t {name}: "
                   f"{r['median_s'] * 1e3:.3f} ms "
                   f"({flops / r['median_s'] / 1e9:.0f} GFLOP/s)")
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(common.ROOT, "build"))
    ap.add_argument("--trials", type=int, default=64)
    ap.add_argument("--threads", type=int, nargs="+",
                    default=[os.cpu_count() or 1],
                    help="thread counts to tune for and run on (default: "
                         "all cores)")
    args = ap.parse_args()
    opt = common.tool(args.build, "tuner-opt")
    runner = common.tool(args.build, "tuner-run")
    onednn = common.build_harness("gemm_onednn", "gemm_onednn.cpp", ["-ldnnl"])
    flags = common.lscpu().get("Flags", "").split()
    forms = [("f32", F32, "cpu")]
    if "avx512_bf16" in flags:
        forms.insert(0, ("bf16_dot", BLOCKED, "cpu:+avx512bf16:-amx-bf16"))
    if "amx_bf16" in flags:
        forms.insert(0, ("amx", PACKED, "host"))
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for shape in SHAPES:
            for threads in args.threads:
                rows.append(measure(opt, runner, onednn, shape, threads,
                                    forms, args, tmp))
    common.write_result("bf16_matmul", {"machine": common.machine(),
                                        "trials": args.trials,
                                        "threads": args.threads,
                                        "rows": rows})


if __name__ == "__main__":
    main()

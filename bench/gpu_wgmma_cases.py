#!/usr/bin/env python3
"""Writes the wgmma correctness cases (device run 9) into DIR: small
matmuls (1024^3 and others, so that the CPU reference is quick) with every
kind of gpu.contraction_wgmma config pinned, in the forms the sketch takes
(arguments, a constant weight with a bias + ReLU + bf16 epilogue, f16, an
accumulating matmul without fill), and one f32 matmul on tf32 tensor cores
(gpu.contraction_mma, target feature tf32), each with its unscheduled reference
(NAME.mlir, NAME.ref.mlir), and prints the names. On a device:

    python3 bench/gpu_wgmma_cases.py DIR
    tuner-opt DIR/NAME.mlir --sched-materialize \
        --tuner-lower-gpu=out-params=true -o DIR/NAME.l.mlir
    tuner-run DIR/NAME.l.mlir --reference=DIR/NAME.ref.mlir
"""
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
TARGET = ('#sched.target<kind = cuda, arch = "sm_90a", sms = 132, '
          'max_threads_per_block = 1024, shared_memory_per_block = 49152, '
          'registers_per_sm = 65536, warp_size = 32>')


def config(bm, bn, groups, stages):
    return ('{sched.config = #sched.config<sketch = "gpu.contraction_wgmma", '
            f'knobs = {{bk = 64, bm = {bm}, bn = {bn}, stages = {stages}, '
            f'warpgroups = "{groups}"}}>}}')


def plain(m, n, k, elt, attr):
    return f"""func.func @mm(%a: tensor<{m}x{k}x{elt}>, %b: tensor<{k}x{n}x{elt}>) -> tensor<{m}x{n}xf32> {{
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %r = linalg.matmul {attr} ins(%a, %b : tensor<{m}x{k}x{elt}>, tensor<{k}x{n}x{elt}>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


def accumulate(m, n, k, elt, attr):
    return f"""func.func @mm(%a: tensor<{m}x{k}x{elt}>, %b: tensor<{k}x{n}x{elt}>, %c: tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32> {{
  %r = linalg.matmul {attr} ins(%a, %b : tensor<{m}x{k}x{elt}>, tensor<{k}x{n}x{elt}>) outs(%c : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  return %r : tensor<{m}x{n}xf32>
}}
"""


def const_bias(m, n, k, attr):
    return f"""func.func @mm(%a: tensor<{m}x{k}xbf16>, %bias: tensor<{n}xf32>) -> tensor<{m}x{n}xbf16> {{
  %w0 = arith.constant dense<0.25> : tensor<{k}x{n}xf32>
  %we = tensor.empty() : tensor<{k}x{n}xbf16>
  %w = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}} ins(%w0 : tensor<{k}x{n}xf32>) outs(%we : tensor<{k}x{n}xbf16>) {{
  ^bb0(%x: f32, %y: bf16):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %s = arith.addi %i, %j : index
    %s7 = arith.remui %s, %c7 : index
    %t = arith.index_cast %s7 : index to i32
    %tf = arith.sitofp %t : i32 to f32
    %v = arith.mulf %x, %tf : f32
    %r = arith.truncf %v : f32 to bf16
    linalg.yield %r : bf16
  }} -> tensor<{k}x{n}xbf16>
  %z = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<{m}x{n}xf32>
  %f = linalg.fill ins(%z : f32) outs(%e : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %mm = linalg.matmul {attr} ins(%a, %w : tensor<{m}x{k}xbf16>, tensor<{k}x{n}xbf16>) outs(%f : tensor<{m}x{n}xf32>) -> tensor<{m}x{n}xf32>
  %o = tensor.empty() : tensor<{m}x{n}xbf16>
  %r = linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]}} ins(%mm, %bias : tensor<{m}x{n}xf32>, tensor<{n}xf32>) outs(%o : tensor<{m}x{n}xbf16>) {{
  ^bb0(%x: f32, %b: f32, %y: bf16):
    %s = arith.addf %x, %b : f32
    %c0 = arith.constant 0.0 : f32
    %mx = arith.maximumf %s, %c0 : f32
    %t = arith.truncf %mx : f32 to bf16
    linalg.yield %t : bf16
  }} -> tensor<{m}x{n}xbf16>
  return %r : tensor<{m}x{n}xbf16>
}}
""".replace("%s7 = arith.remui %s, %c7", "%c7 = arith.constant 7 : index\n    %s7 = arith.remui %s, %c7")


CASES = [
    ("bf16_128x256_2x1_s4", plain, (1024, 1024, 1024, "bf16"), (128, 256, "2x1", 4)),
    ("bf16_128x128_2x1_s5", plain, (1024, 1024, 1024, "bf16"), (128, 128, "2x1", 5)),
    ("bf16_128x128_1x1_s3", plain, (1024, 1024, 1024, "bf16"), (128, 128, "1x1", 3)),
    ("bf16_64x64_1x1_s2", plain, (1024, 1024, 1024, "bf16"), (64, 64, "1x1", 2)),
    ("bf16_256x128_2x1_s4", plain, (1024, 1024, 1024, "bf16"), (256, 128, "2x1", 4)),
    ("bf16_128x256_1x2_s3", plain, (1024, 1024, 1024, "bf16"), (128, 256, "1x2", 3)),
    ("bf16_128x128_2x2_s4", plain, (1024, 1024, 1024, "bf16"), (128, 128, "2x2", 4)),
    ("f16_128x256_2x1_s4", plain, (1024, 1024, 1024, "f16"), (128, 256, "2x1", 4)),
    ("bf16_k4096_128x128_2x1_s6", plain, (256, 512, 4096, "bf16"), (128, 128, "2x1", 6)),
    ("f16_accumulate_128x128_1x1_s4", accumulate, (512, 256, 1024, "f16"), (128, 128, "1x1", 4)),
]

for name, form, shape, knobs in CASES:
    for suffix, attr in (("", config(*knobs)), (".ref", "")):
        body = form(*shape, attr)
        text = f"module attributes {{sched.target = {TARGET}}} {{\n{body}}}\n" \
            if attr else body
        open(os.path.join(out, name + suffix + ".mlir"), "w").write(text)
# f32 on tf32 tensor cores (gpu.contraction_mma on an sm_90 target with the
# tf32 feature): checked with tf32's tolerance (the kernel's signature).
TF32_TARGET = TARGET.replace('arch = "sm_90a"', 'arch = "sm_90", features = "tf32"')
TF32_CONFIG = ('{sched.config = #sched.config<sketch = "gpu.contraction_mma", '
               'knobs = {bk = 32, bm = 128, bn = 128, stages = 4, '
               'warps = "2x4"}>}')
for suffix, attr in (("", TF32_CONFIG), (".ref", "")):
    body = plain(1024, 1024, 1024, "f32", attr)
    text = f"module attributes {{sched.target = {TF32_TARGET}}} {{\n{body}}}\n" \
        if attr else body
    open(os.path.join(out, "tf32_mma_128x128_2x4_s4" + suffix + ".mlir"),
         "w").write(text)
for suffix, attr in (("", config(128, 128, "2x1", 4)), (".ref", "")):
    body = const_bias(512, 768, 1024, attr)
    text = f"module attributes {{sched.target = {TARGET}}} {{\n{body}}}\n" \
        if attr else body
    open(os.path.join(out, "const_bias_relu_bf16" + suffix + ".mlir"),
         "w").write(text)
print("\n".join(sorted(c[0] for c in CASES) +
                ["const_bias_relu_bf16", "tf32_mma_128x128_2x4_s4"]))

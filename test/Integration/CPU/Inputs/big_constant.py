"""Writes a matmul whose right operand is a 512x512 f32 constant (1 MiB,
more than a pipe's buffer), as a frontend writes a layer's weights."""

import random
import struct
import sys

random.seed(0)
data = b"".join(struct.pack("<f", random.uniform(-1, 1))
                for _ in range(512 * 512))
with open(sys.argv[1], "w") as f:
    f.write(f"""func.func @main(%x: tensor<64x512xf32>) -> tensor<64x512xf32> {{
  %w = arith.constant dense<"0x{data.hex().upper()}"> : tensor<512x512xf32>
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<64x512xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<64x512xf32>) -> tensor<64x512xf32>
  %r = linalg.matmul ins(%x, %w : tensor<64x512xf32>, tensor<512x512xf32>) outs(%f : tensor<64x512xf32>) -> tensor<64x512xf32>
  return %r : tensor<64x512xf32>
}}
""")

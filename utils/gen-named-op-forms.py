#!/usr/bin/env python3
#===- gen-named-op-forms.py - one program per linalg op form of MLIR 22 ---===//
#
# Writes test/Integration/Inputs/named/<name>.mlir: one small program per
# structured op MLIR 22's linalg dialect defines (every named op of
# LinalgNamedStructuredOps, the elementwise/map/reduce/transpose/broadcast
# ops, matmul/batch_matmul/batch_reduce_matmul/contract with their
# indexing_maps forms, softmax, pack/unpack, the winograd transforms), as a
# frontend or a user would write it: tensors, static odd shapes, strides and
# dilations where the op has them, integer and 16-bit element types where it
# takes them; and one per scalar op of the math and arith dialects in a
# linalg.generic body (math_*, arith_*). The sweep tests (test/Integration/CPU/named-op-forms.test,
# test/Integration/GPU/named-op-forms.test) schedule, lower, run and check
# each one.
#
# usage: utils/gen-named-op-forms.py [OUT_DIR]
#
#===----------------------------------------------------------------------===//
import os
import sys


def T(shape, ty):
  return "tensor<" + "x".join(str(s) for s in shape) + ("x" if shape else "") + ty + ">"


def zero(ty):
  return "0.0" if ty.startswith(("f", "bf")) else "0"


class Prog:
  """One function @main(args) -> result built from one op on a filled init."""

  def __init__(self, comment):
    self.comment = comment
    self.args = []
    self.body = []

  def arg(self, shape, ty):
    name = "%%a%d" % len(self.args)
    self.args.append((name, T(shape, ty)))
    return name, T(shape, ty)

  def fill(self, shape, ty, value=None):
    t = T(shape, ty)
    v = value if value is not None else zero(ty)
    n = len(self.body)
    self.body.append("%%c%d = arith.constant %s : %s" % (n, v, ty))
    self.body.append("%%e%d = tensor.empty() : %s" % (n, t))
    self.body.append(
        "%%f%d = linalg.fill ins(%%c%d : %s) outs(%%e%d : %s) -> %s" %
        (n, n, ty, n, t, t))
    return "%%f%d" % n, t

  def empty(self, shape, ty):
    t = T(shape, ty)
    n = len(self.body)
    self.body.append("%%e%d = tensor.empty() : %s" % (n, t))
    return "%%e%d" % n, t

  def text(self, op, result_type):
    sig = ", ".join("%s: %s" % a for a in self.args)
    lines = ["// " + self.comment,
             "func.func @main(%s) -> %s {" % (sig, result_type)]
    lines += ["  " + b for b in self.body]
    lines.append("  %%r = %s" % op)
    lines.append("  return %%r : %s" % result_type)
    lines.append("}")
    return "\n".join(lines) + "\n"


def named(name, ins, out, attrs="", comment=None, init=None):
  """A named op `name` on fresh arguments `ins` (shape, type) into a filled
  `out` (shape, type)."""
  p = Prog(comment or "linalg.%s" % name)
  vals = [p.arg(s, t) for s, t in ins]
  if init == "empty":
    o = p.empty(*out)
  elif init == "arg":
    o = p.arg(*out)
  else:
    o = p.fill(*out, value=init)
  op = "linalg.%s%s ins(%s : %s) outs(%s : %s) -> %s" % (
      name, (" " + attrs) if attrs else "", ", ".join(v for v, _ in vals),
      ", ".join(t for _, t in vals), o[0], o[1], o[1])
  return p.text(op, o[1])


def maps(*exprs, dims):
  return "[" + ", ".join("affine_map<(%s) -> (%s)>" % (dims, e)
                         for e in exprs) + "]"


PROGRAMS = {}


def add(name, text):
  assert name not in PROGRAMS, name
  PROGRAMS[name] = text


# Elementwise named ops: unary and binary on f32, select, an unsigned divide.
E = [37, 65]
for op in ["exp", "log", "abs", "ceil", "floor", "negf", "reciprocal", "round",
           "sqrt", "rsqrt", "square", "tanh", "erf"]:
  add("ew_" + op, named(op, [(E, "f32")], (E, "f32"), init="empty"))
for op in ["add", "sub", "mul", "div", "max", "min", "powf"]:
  add("ew_" + op, named(op, [(E, "f32"), (E, "f32")], (E, "f32"),
                        init="empty"))
add("ew_add_i32", named("add", [(E, "i32"), (E, "i32")], (E, "i32"),
                        init="empty"))
p = Prog("linalg.div_unsigned by a constant without zeros (random inputs "
         "hold zeros, and a division by zero is undefined)")
a = p.arg(E, "i32")
o = p.empty(E, "i32")
p.body.append("%%d = arith.constant dense<7> : %s" % T(E, "i32"))
add("ew_div_unsigned", p.text(
    "linalg.div_unsigned ins(%s, %%d : %s, %s) outs(%s : %s) -> %s"
    % (a[0], a[1], a[1], o[0], o[1], o[1]), o[1]))
add("ew_select", named("select", [(E, "i1"), (E, "f32"), (E, "f32")],
                       (E, "f32"), init="empty"))
add("ew_add_bf16", named("add", [(E, "bf16"), (E, "bf16")], (E, "bf16"),
                         init="empty"))

# linalg.elementwise (MLIR 21+): kinds, and a broadcast through its maps.
for kind, arity in [("exp", 1), ("log", 1), ("abs", 1), ("negf", 1),
                    ("tanh", 1), ("erf", 1), ("reciprocal", 1),
                    ("add", 2), ("sub", 2), ("mul", 2), ("div", 2),
                    ("max_signed", 2), ("min_signed", 2), ("powf", 2),
                    ("select", 3)]:
  ins = [(E, "f32")] * arity
  if kind == "select":
    ins = [(E, "i1"), (E, "f32"), (E, "f32")]
  add("elementwise_" + kind,
      named("elementwise", ins, (E, "f32"),
            attrs="kind=#linalg.elementwise_kind<%s>" % kind, init="empty"))
add("elementwise_add_bcast",
    named("elementwise", [(E, "f32"), ([65], "f32")], (E, "f32"),
          attrs="kind=#linalg.elementwise_kind<add> indexing_maps = " +
          maps("d0, d1", "d1", "d0, d1", dims="d0, d1"), init="empty",
          comment="linalg.elementwise add of a row broadcast by its maps"))

# Contractions.
M, N, K = 45, 70, 33
add("matmul", named("matmul", [([M, K], "f32"), ([K, N], "f32")], ([M, N], "f32")))
add("matmul_transpose_a", named(
    "matmul", [([K, M], "f32"), ([K, N], "f32")], ([M, N], "f32"),
    attrs="indexing_maps = " + maps("d2, d0", "d2, d1", "d0, d1",
                                    dims="d0, d1, d2"),
    comment="linalg.matmul with A transposed by its indexing_maps"))
add("matmul_transpose_b", named(
    "matmul", [([M, K], "f32"), ([N, K], "f32")], ([M, N], "f32"),
    attrs="indexing_maps = " + maps("d0, d2", "d1, d2", "d0, d1",
                                    dims="d0, d1, d2"),
    comment="linalg.matmul with B transposed by its indexing_maps"))
add("matmul_bcast_a", named(
    "matmul", [([K], "f32"), ([K, N], "f32")], ([M, N], "f32"),
    attrs="indexing_maps = " + maps("d2", "d2, d1", "d0, d1",
                                    dims="d0, d1, d2"),
    comment="linalg.matmul with A a vector broadcast along M by its maps"))
add("matmul_i8_i32", named("matmul", [([M, K], "i8"), ([K, N], "i8")],
                           ([M, N], "i32")))
add("matmul_u8_i32", named("matmul", [([M, K], "i8"), ([K, N], "i8")],
                           ([M, N], "i32"),
                           attrs="{cast = #linalg.type_fn<cast_unsigned>}"))
add("matmul_f16_f32", named("matmul", [([64, 48], "f16"), ([48, 80], "f16")],
                            ([64, 80], "f32")))
add("matmul_bf16_f32", named("matmul", [([64, 48], "bf16"), ([48, 80], "bf16")],
                             ([64, 80], "f32")))
add("matmul_bf16_bf16", named("matmul", [([64, 48], "bf16"), ([48, 80], "bf16")],
                              ([64, 80], "bf16")))
add("matmul_f16_f16", named(
    "matmul", [([64, 768], "f16"), ([768, 80], "f16")], ([64, 80], "f16"),
    comment="linalg.matmul accumulating in f16 over a long K (tensor cores "
    "accumulate in f16, the CPU widens to f32: checked with f16's tolerance)"))
add("matmul_accumulate", named(
    "matmul", [([M, K], "f32"), ([K, N], "f32")], ([M, N], "f32"),
    init="arg", comment="linalg.matmul accumulating into its argument"))
B = 3
add("batch_matmul", named("batch_matmul", [([B, M, K], "f32"), ([B, K, N], "f32")],
                          ([B, M, N], "f32")))
add("batch_matmul_transpose_a", named(
    "batch_matmul", [([B, K, M], "f32"), ([B, K, N], "f32")], ([B, M, N], "f32"),
    attrs="indexing_maps = " + maps("d0, d3, d1", "d0, d3, d2", "d0, d1, d2",
                                    dims="d0, d1, d2, d3")))
add("batch_matmul_transpose_b", named(
    "batch_matmul", [([B, M, K], "f32"), ([B, N, K], "f32")], ([B, M, N], "f32"),
    attrs="indexing_maps = " + maps("d0, d1, d3", "d0, d2, d3", "d0, d1, d2",
                                    dims="d0, d1, d2, d3")))
add("batch_matmul_bcast_b", named(
    "batch_matmul", [([B, M, K], "f32"), ([K, N], "f32")], ([B, M, N], "f32"),
    attrs="indexing_maps = " + maps("d0, d1, d3", "d3, d2", "d0, d1, d2",
                                    dims="d0, d1, d2, d3"),
    comment="linalg.batch_matmul with B shared by every batch"))
add("batch_reduce_matmul", named(
    "batch_reduce_matmul", [([B, M, K], "f32"), ([B, K, N], "f32")],
    ([M, N], "f32")))
add("contract_ikj", named(
    "contract", [([M, K], "f32"), ([K, N], "f32")], ([M, N], "f32"),
    attrs="indexing_maps = " + maps("d0, d2", "d2, d1", "d0, d1",
                                    dims="d0, d1, d2"),
    comment="linalg.contract as a matmul"))
add("contract_two_reductions", named(
    "contract", [([7, M, 5], "f32"), ([5, 7, N], "f32")], ([M, N], "f32"),
    attrs="indexing_maps = " + maps("d2, d0, d3", "d3, d2, d1", "d0, d1",
                                    dims="d0, d1, d2, d3"),
    comment="linalg.contract reducing two loops (einsum 'amb,ban->mn')"))
add("contract_batch_last", named(
    "contract", [([M, K, 4], "f32"), ([K, N, 4], "f32")], ([4, M, N], "f32"),
    attrs="indexing_maps = " + maps("d1, d3, d0", "d3, d2, d0", "d0, d1, d2",
                                    dims="d0, d1, d2, d3"),
    comment="linalg.contract with the batch dimension last in the inputs"))
add("mmt4d", named("mmt4d", [([5, 7, 8, 4], "f32"), ([6, 7, 16, 4], "f32")],
                   ([5, 6, 8, 16], "f32")))
add("batch_mmt4d", named(
    "batch_mmt4d", [([2, 5, 7, 8, 4], "f32"), ([2, 6, 7, 16, 4], "f32")],
    ([2, 5, 6, 8, 16], "f32")))
add("matvec", named("matvec", [([M, K], "f32"), ([K], "f32")], ([M], "f32")))
add("vecmat", named("vecmat", [([K], "f32"), ([K, N], "f32")], ([N], "f32")))
add("batch_matvec", named("batch_matvec", [([B, M, K], "f32"), ([B, K], "f32")],
                          ([B, M], "f32")))
add("batch_vecmat", named("batch_vecmat", [([B, K], "f32"), ([B, K, N], "f32")],
                          ([B, N], "f32")))
add("dot", named("dot", [([257], "f32"), ([257], "f32")], ([], "f32")))


def quantized(name, ins, out):
  p = Prog("linalg.%s (zero points 3 and -2)" % name)
  vals = [p.arg(s, t) for s, t in ins]
  o = p.fill(*out)
  p.body.append("%za = arith.constant 3 : i32")
  p.body.append("%zb = arith.constant -2 : i32")
  tys = ", ".join(t for _, t in vals) + ", i32, i32"
  op = "linalg.%s ins(%s, %%za, %%zb : %s) outs(%s : %s) -> %s" % (
      name, ", ".join(v for v, _ in vals), tys, o[0], o[1], o[1])
  return p.text(op, o[1])


add("quantized_matmul", quantized("quantized_matmul",
                                  [([M, K], "i8"), ([K, N], "i8")], ([M, N], "i32")))
add("quantized_batch_matmul", quantized(
    "quantized_batch_matmul", [([B, M, K], "i8"), ([B, K, N], "i8")],
    ([B, M, N], "i32")))


# Convolutions: the result extent of a window is (in - dil * (k - 1) - 1) /
# stride + 1; inputs are sized from the outputs.
def inext(out, k, s=1, d=1):
  return (out - 1) * s + d * (k - 1) + 1


S2 = "{dilations = dense<%s> : tensor<%dxi64>, strides = dense<%s> : tensor<%dxi64>}"


def sd(rank, s, d):
  return S2 % (d, rank, s, rank)


add("conv_1d", named("conv_1d", [([inext(50, 5)], "f32"), ([5], "f32")],
                     ([50], "f32")))
add("conv_2d", named("conv_2d", [([inext(20, 3), inext(17, 4)], "f32"),
                                 ([3, 4], "f32")], ([20, 17], "f32")))
add("conv_3d", named("conv_3d", [([inext(6, 3), inext(7, 2), inext(9, 3)], "f32"),
                                 ([3, 2, 3], "f32")], ([6, 7, 9], "f32")))
n, c, f = 2, 6, 10
add("conv_1d_nwc_wcf", named(
    "conv_1d_nwc_wcf", [([n, inext(30, 3, 2, 1), c], "f32"), ([3, c, f], "f32")],
    ([n, 30, f], "f32"), attrs=sd(1, 2, 1)))
add("conv_1d_ncw_fcw", named(
    "conv_1d_ncw_fcw", [([n, c, inext(30, 3, 1, 2)], "f32"), ([f, c, 3], "f32")],
    ([n, f, 30], "f32"), attrs=sd(1, 1, 2)))
H, W = 13, 11
add("conv_2d_nhwc_hwcf", named(
    "conv_2d_nhwc_hwcf",
    [([n, inext(H, 3, 2), inext(W, 3, 2), c], "f32"), ([3, 3, c, f], "f32")],
    ([n, H, W, f], "f32"), attrs=sd(2, 2, 1)))
add("conv_2d_nhwc_hwcf_dilated", named(
    "conv_2d_nhwc_hwcf",
    [([1, inext(H, 3, 1, 2), inext(W, 3, 1, 2), c], "f32"), ([3, 3, c, f], "f32")],
    ([1, H, W, f], "f32"), attrs=sd(2, 1, 2)))
add("conv_2d_nhwc_fhwc", named(
    "conv_2d_nhwc_fhwc",
    [([n, inext(H, 3), inext(W, 3), c], "f32"), ([f, 3, 3, c], "f32")],
    ([n, H, W, f], "f32"), attrs=sd(2, 1, 1)))
add("conv_2d_nchw_fchw", named(
    "conv_2d_nchw_fchw",
    [([n, c, inext(H, 3, 2), inext(W, 3, 2)], "f32"), ([f, c, 3, 3], "f32")],
    ([n, f, H, W], "f32"), attrs=sd(2, 2, 1)))
add("conv_2d_nhwc_hwcf_f16", named(
    "conv_2d_nhwc_hwcf",
    [([1, inext(H, 3), inext(W, 3), 16], "f16"), ([3, 3, 16, 16], "f16")],
    ([1, H, W, 16], "f32"), attrs=sd(2, 1, 1)))
add("conv_2d_nhwc_hwcf_i8", named(
    "conv_2d_nhwc_hwcf",
    [([1, inext(H, 3), inext(W, 3), c], "i8"), ([3, 3, c, f], "i8")],
    ([1, H, W, f], "i32"), attrs=sd(2, 1, 1)))
g = 2
add("conv_2d_ngchw_fgchw", named(
    "conv_2d_ngchw_fgchw",
    [([n, g, 3, inext(H, 3), inext(W, 3)], "f32"), ([5, g, 3, 3, 3], "f32")],
    ([n, g, 5, H, W], "f32"), attrs=sd(2, 1, 1)))
add("conv_2d_ngchw_gfchw", named(
    "conv_2d_ngchw_gfchw",
    [([n, g, 3, inext(H, 3), inext(W, 3)], "f32"), ([g, 5, 3, 3, 3], "f32")],
    ([n, g, 5, H, W], "f32"), attrs=sd(2, 1, 1)))
add("conv_2d_nhwgc_gfhwc", named(
    "conv_2d_nhwgc_gfhwc",
    [([n, inext(H, 3), inext(W, 3), g, 3], "f32"), ([g, 5, 3, 3, 3], "f32")],
    ([n, H, W, g, 5], "f32"), attrs=sd(2, 1, 1)))
add("conv_3d_ndhwc_dhwcf", named(
    "conv_3d_ndhwc_dhwcf",
    [([1, inext(5, 3), inext(6, 3, 2), inext(7, 3), 4], "f32"),
     ([3, 3, 3, 4, 8], "f32")], ([1, 5, 6, 7, 8], "f32"),
    attrs="{dilations = dense<1> : tensor<3xi64>, strides = dense<[1, 2, 1]> : tensor<3xi64>}"))
add("conv_3d_ncdhw_fcdhw", named(
    "conv_3d_ncdhw_fcdhw",
    [([1, 4, inext(5, 3), inext(6, 3), inext(7, 3)], "f32"),
     ([8, 4, 3, 3, 3], "f32")], ([1, 8, 5, 6, 7], "f32"), attrs=sd(3, 1, 1)))


def qconv(name, ins, out, attrs):
  p = Prog("linalg.%s (zero points 3 and -2)" % name)
  vals = [p.arg(s, t) for s, t in ins]
  o = p.fill(*out)
  p.body.append("%za = arith.constant 3 : i32")
  p.body.append("%zb = arith.constant -2 : i32")
  tys = ", ".join(t for _, t in vals) + ", i32, i32"
  op = "linalg.%s %s ins(%s, %%za, %%zb : %s) outs(%s : %s) -> %s" % (
      name, attrs, ", ".join(v for v, _ in vals), tys, o[0], o[1], o[1])
  return p.text(op, o[1])


add("conv_2d_nhwc_hwcf_q", qconv(
    "conv_2d_nhwc_hwcf_q",
    [([1, inext(H, 3), inext(W, 3), c], "i8"), ([3, 3, c, f], "i8")],
    ([1, H, W, f], "i32"), sd(2, 1, 1)))
add("conv_2d_nhwc_fhwc_q", qconv(
    "conv_2d_nhwc_fhwc_q",
    [([1, inext(H, 3), inext(W, 3), c], "i8"), ([f, 3, 3, c], "i8")],
    ([1, H, W, f], "i32"), sd(2, 1, 1)))
add("conv_2d_nchw_fchw_q", qconv(
    "conv_2d_nchw_fchw_q",
    [([1, c, inext(H, 3), inext(W, 3)], "i8"), ([f, c, 3, 3], "i8")],
    ([1, f, H, W], "i32"), sd(2, 1, 1)))
add("conv_2d_nhwgc_gfhwc_q", qconv(
    "conv_2d_nhwgc_gfhwc_q",
    [([1, inext(H, 3), inext(W, 3), g, 3], "i8"), ([g, 5, 3, 3, 3], "i8")],
    ([1, H, W, g, 5], "i32"), sd(2, 1, 1)))
add("conv_2d_ngchw_gfchw_q", qconv(
    "conv_2d_ngchw_gfchw_q",
    [([1, g, 3, inext(H, 3), inext(W, 3)], "i8"), ([g, 5, 3, 3, 3], "i8")],
    ([1, g, 5, H, W], "i32"), sd(2, 1, 1)))
add("conv_3d_ndhwc_dhwcf_q", qconv(
    "conv_3d_ndhwc_dhwcf_q",
    [([1, inext(5, 3), inext(6, 3), inext(7, 3), 4], "i8"),
     ([3, 3, 3, 4, 8], "i8")], ([1, 5, 6, 7, 8], "i32"), sd(3, 1, 1)))

C = 24
add("depthwise_conv_1d_nwc_wc", named(
    "depthwise_conv_1d_nwc_wc", [([n, inext(30, 3, 2), C], "f32"), ([3, C], "f32")],
    ([n, 30, C], "f32"), attrs=sd(1, 2, 1)))
add("depthwise_conv_1d_ncw_cw", named(
    "depthwise_conv_1d_ncw_cw", [([n, C, inext(30, 3)], "f32"), ([C, 3], "f32")],
    ([n, C, 30], "f32"), attrs=sd(1, 1, 1)))
add("depthwise_conv_1d_nwc_wcm", named(
    "depthwise_conv_1d_nwc_wcm", [([n, inext(30, 3), C], "f32"), ([3, C, 2], "f32")],
    ([n, 30, C, 2], "f32"), attrs=sd(1, 1, 1)))
add("depthwise_conv_2d_nhwc_hwc", named(
    "depthwise_conv_2d_nhwc_hwc",
    [([n, inext(H, 3, 2), inext(W, 3, 2), C], "f32"), ([3, 3, C], "f32")],
    ([n, H, W, C], "f32"), attrs=sd(2, 2, 1)))
add("depthwise_conv_2d_nchw_chw", named(
    "depthwise_conv_2d_nchw_chw",
    [([n, C, inext(H, 3, 1, 2), inext(W, 3, 1, 2)], "f32"), ([C, 3, 3], "f32")],
    ([n, C, H, W], "f32"), attrs=sd(2, 1, 2)))
add("depthwise_conv_2d_nhwc_hwcm", named(
    "depthwise_conv_2d_nhwc_hwcm",
    [([1, inext(H, 3), inext(W, 3), C], "f32"), ([3, 3, C, 2], "f32")],
    ([1, H, W, C, 2], "f32"), attrs=sd(2, 1, 1)))
add("depthwise_conv_2d_nhwc_hwc_q", qconv(
    "depthwise_conv_2d_nhwc_hwc_q",
    [([1, inext(H, 3), inext(W, 3), C], "i8"), ([3, 3, C], "i8")],
    ([1, H, W, C], "i32"), sd(2, 1, 1)))
add("depthwise_conv_2d_nhwc_hwcm_q", qconv(
    "depthwise_conv_2d_nhwc_hwcm_q",
    [([1, inext(H, 3), inext(W, 3), C], "i8"), ([3, 3, C, 2], "i8")],
    ([1, H, W, C, 2], "i32"), sd(2, 1, 1)))
add("depthwise_conv_3d_ndhwc_dhwc", named(
    "depthwise_conv_3d_ndhwc_dhwc",
    [([1, inext(5, 3), inext(6, 3), inext(7, 3), 8], "f32"), ([3, 3, 3, 8], "f32")],
    ([1, 5, 6, 7, 8], "f32"), attrs=sd(3, 1, 1)))
add("depthwise_conv_3d_ncdhw_cdhw", named(
    "depthwise_conv_3d_ncdhw_cdhw",
    [([1, 8, inext(5, 3), inext(6, 3), inext(7, 3)], "f32"), ([8, 3, 3, 3], "f32")],
    ([1, 8, 5, 6, 7], "f32"), attrs=sd(3, 1, 1)))
add("depthwise_conv_3d_ndhwc_dhwcm", named(
    "depthwise_conv_3d_ndhwc_dhwcm",
    [([1, inext(5, 3), inext(6, 3), inext(7, 3), 8], "f32"), ([3, 3, 3, 8, 2], "f32")],
    ([1, 5, 6, 7, 8, 2], "f32"), attrs=sd(3, 1, 1)))

# Poolings: the window is a shape-only tensor.empty operand.
NEG = "0xFF800000"
POS = "0x7F800000"


def pool(name, inshape, win, out, ty, init, attrs):
  p = Prog("linalg." + name)
  a = p.arg(inshape, ty)
  w = p.empty(win, ty)
  o = p.fill(out, ty, value=init)
  op = "linalg.%s %s ins(%s, %s : %s, %s) outs(%s : %s) -> %s" % (
      name, attrs, a[0], w[0], a[1], w[1], o[0], o[1], o[1])
  return p.text(op, o[1])


for kind, init in [("sum", "0.0"), ("max", NEG), ("min", POS)]:
  add("pooling_nhwc_" + kind, pool(
      "pooling_nhwc_" + kind, [n, inext(H, 3, 2), inext(W, 3, 2), C], [3, 3],
      [n, H, W, C], "f32", init, sd(2, 2, 1)))
  add("pooling_nwc_" + kind, pool(
      "pooling_nwc_" + kind, [n, inext(30, 3, 2), C], [3], [n, 30, C], "f32",
      init, sd(1, 2, 1)))
  add("pooling_ndhwc_" + kind, pool(
      "pooling_ndhwc_" + kind, [1, inext(5, 2, 2), inext(6, 2, 2), inext(7, 2, 2), 8],
      [2, 2, 2], [1, 5, 6, 7, 8], "f32", init, sd(3, 2, 1)))
for kind, init in [("sum", "0.0"), ("max", NEG)]:
  add("pooling_nchw_" + kind, pool(
      "pooling_nchw_" + kind, [n, C, inext(H, 3, 1, 2), inext(W, 3, 1, 2)], [3, 3],
      [n, C, H, W], "f32", init, sd(2, 1, 2)))
  add("pooling_ncw_" + kind, pool(
      "pooling_ncw_" + kind, [n, C, inext(30, 3)], [3], [n, C, 30], "f32",
      init, sd(1, 1, 1)))
for kind, init in [("max_unsigned", "0"), ("min_unsigned", "-1")]:
  add("pooling_nhwc_" + kind, pool(
      "pooling_nhwc_" + kind, [1, inext(H, 3), inext(W, 3), C], [3, 3],
      [1, H, W, C], "i32", init, sd(2, 1, 1)))
  add("pooling_nwc_" + kind, pool(
      "pooling_nwc_" + kind, [1, inext(30, 3), C], [3], [1, 30, C], "i32",
      init, sd(1, 1, 1)))
add("pooling_nhwc_max_i8", pool(
    "pooling_nhwc_max", [1, inext(H, 3), inext(W, 3), C], [3, 3], [1, H, W, C],
    "i8", "-128", sd(2, 1, 1)))

# Fills, copies and the structured ops with regions or permutations.
p = Prog("linalg.fill_rng_2d (a seeded uniform in [-1, 1))")
o = p.empty([37, 65], "f32")
p.body.append("%lo = arith.constant -1.0 : f64")
p.body.append("%hi = arith.constant 1.0 : f64")
p.body.append("%seed = arith.constant 42 : i32")
add("fill_rng_2d", p.text(
    "linalg.fill_rng_2d ins(%%lo, %%hi, %%seed : f64, f64, i32) outs(%s : %s) -> %s"
    % (o[0], o[1], o[1]), o[1]))
add("copy", named("copy", [(E, "f32")], (E, "f32"), init="empty"))
add("copy_cast", named("copy", [(E, "f16")], (E, "f32"), init="empty",
                       comment="linalg.copy widening f16 to f32"))

p = Prog("linalg.map with a region of two ops")
a = p.arg(E, "f32")
b = p.arg(E, "f32")
o = p.empty(E, "f32")
add("map", p.text(
    "linalg.map ins(%s, %s : %s, %s) outs(%s : %s)\n"
    "    (%%x: f32, %%y: f32, %%o: f32) {\n"
    "      %%m = arith.mulf %%x, %%y : f32\n"
    "      %%s = arith.addf %%m, %%x : f32\n"
    "      linalg.yield %%s : f32\n"
    "    }" % (a[0], b[0], a[1], b[1], o[0], o[1]), o[1]))

p = Prog("linalg.reduce of the middle dimension (max)")
a = p.arg([9, 130, 17], "f32")
o = p.fill([9, 17], "f32", value=NEG)
add("reduce_max_middle", p.text(
    "linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [1]\n"
    "    (%%x: f32, %%acc: f32) {\n"
    "      %%m = arith.maximumf %%x, %%acc : f32\n"
    "      linalg.yield %%m : f32\n"
    "    }" % (a[0], a[1], o[0], o[1]), o[1]))

p = Prog("linalg.reduce of two dimensions (sum)")
a = p.arg([9, 130, 17], "f32")
o = p.fill([130], "f32")
add("reduce_sum_outer", p.text(
    "linalg.reduce ins(%s : %s) outs(%s : %s) dimensions = [0, 2]\n"
    "    (%%x: f32, %%acc: f32) {\n"
    "      %%s = arith.addf %%x, %%acc : f32\n"
    "      linalg.yield %%s : f32\n"
    "    }" % (a[0], a[1], o[0], o[1]), o[1]))

p = Prog("linalg.transpose of a 3-D tensor")
a = p.arg([9, 130, 17], "f32")
o = p.empty([17, 9, 130], "f32")
add("transpose", p.text(
    "linalg.transpose ins(%s : %s) outs(%s : %s) permutation = [2, 0, 1]"
    % (a[0], a[1], o[0], o[1]), o[1]))

p = Prog("linalg.broadcast of a matrix along a new middle dimension")
a = p.arg([9, 17], "f32")
o = p.empty([9, 40, 17], "f32")
add("broadcast", p.text(
    "linalg.broadcast ins(%s : %s) outs(%s : %s) dimensions = [1]"
    % (a[0], a[1], o[0], o[1]), o[1]))

p = Prog("linalg.softmax over the last dimension")
a = p.arg([4, 37, 129], "f32")
o = p.empty([4, 37, 129], "f32")
add("softmax", p.text(
    "linalg.softmax dimension(2) ins(%s : %s) outs(%s : %s) -> %s"
    % (a[0], a[1], o[0], o[1], o[1]), o[1]))

p = Prog("linalg.softmax over a middle dimension")
a = p.arg([4, 37, 29], "f32")
o = p.empty([4, 37, 29], "f32")
add("softmax_middle", p.text(
    "linalg.softmax dimension(1) ins(%s : %s) outs(%s : %s) -> %s"
    % (a[0], a[1], o[0], o[1], o[1]), o[1]))

p = Prog("linalg.pack with padding (a partial last tile)")
a = p.arg([37, 65], "f32")
o = p.empty([5, 17, 8, 4], "f32")
p.body.append("%pad = arith.constant 0.0 : f32")
add("pack", p.text(
    "linalg.pack %s padding_value(%%pad : f32) inner_dims_pos = [0, 1] "
    "inner_tiles = [8, 4] into %s : %s -> %s" % (a[0], o[0], a[1], o[1]), o[1]))

p = Prog("linalg.pack with an outer permutation and transposed tiles")
a = p.arg([32, 64], "f32")
o = p.empty([16, 4, 4, 8], "f32")
add("pack_transposed", p.text(
    "linalg.pack %s outer_dims_perm = [1, 0] inner_dims_pos = [1, 0] "
    "inner_tiles = [4, 8] into %s : %s -> %s" % (a[0], o[0], a[1], o[1]), o[1]))

p = Prog("linalg.unpack to a shape the tiles do not divide")
a = p.arg([5, 17, 8, 4], "f32")
o = p.empty([37, 65], "f32")
add("unpack", p.text(
    "linalg.unpack %s inner_dims_pos = [0, 1] inner_tiles = [8, 4] into %s "
    ": %s -> %s" % (a[0], o[0], a[1], o[1]), o[1]))

# Winograd F(4, 3) transforms (a 3x3 convolution's three pieces).
p = Prog("linalg.winograd_filter_transform F(4, 3)")
a = p.arg([8, 3, 3, 5], "f32")
o = p.empty([6, 6, 5, 8], "f32")
add("winograd_filter", p.text(
    "linalg.winograd_filter_transform fmr(F_4_3) ins(%s : %s) outs(%s : %s) -> %s"
    % (a[0], a[1], o[0], o[1], o[1]), o[1]))
p = Prog("linalg.winograd_input_transform F(4, 3)")
a = p.arg([2, 10, 10, 5], "f32")
o = p.empty([6, 6, 2, 2, 2, 5], "f32")
add("winograd_input", p.text(
    "linalg.winograd_input_transform fmr(F_4_3) ins(%s : %s) outs(%s : %s) -> %s"
    % (a[0], a[1], o[0], o[1], o[1]), o[1]))
p = Prog("linalg.winograd_output_transform F(4, 3) (it accumulates into its "
         "init)")
a = p.arg([6, 6, 2, 2, 2, 8], "f32")
o = p.fill([2, 8, 8, 8], "f32")
add("winograd_output", p.text(
    "linalg.winograd_output_transform fmr(F_4_3) ins(%s : %s) outs(%s : %s) -> %s"
    % (a[0], a[1], o[0], o[1], o[1]), o[1]))


# Scalar ops in a linalg.generic body (math and arith, as torch-mlir, TOSA
# and StableHLO conversions write them): each op of the math dialect on f32,
# a sample on f16 and bf16 (computed through f32), integer ops on i32 and
# the integer math ops also on i8 and i64. Domains are kept valid for the
# inputs' [-1, 1] (floats) and [0, 8] or [-8, 8] (integers): logarithms
# and roots of |x|, acosh of 1 + x^2, integer division by constants.
def body_program(name, ins, out, body, comment):
  S = [33, 17]
  p = Prog(comment)
  vals = [p.arg(S, t) for t in ins]
  o = p.empty(S, out)
  ident = "affine_map<(d0, d1) -> (d0, d1)>"
  maps_ = "[" + ", ".join([ident] * (len(ins) + 1)) + "]"
  bargs = ", ".join("%%x%d: %s" % (i, t) for i, t in enumerate(ins))
  op = ("linalg.generic {indexing_maps = %s, iterator_types = "
        "[\"parallel\", \"parallel\"]} ins(%s : %s) outs(%s : %s) {\n"
        "  ^bb0(%s, %%o: %s):\n%s\n  } -> %s" % (
            maps_, ", ".join(v for v, _ in vals), ", ".join(t for _, t in vals),
            o[0], o[1], bargs, out, body, o[1]))
  add(name, p.text(op, o[1]))


def unary_body(op, t):
  if op == "acosh":
    return ("    %%one = arith.constant 1.0 : %s\n"
            "    %%sq = arith.mulf %%x0, %%x0 : %s\n"
            "    %%p = arith.addf %%sq, %%one : %s\n"
            "    %%y = math.acosh %%p : %s\n    linalg.yield %%y : %s" % ((t,) * 5))
  if op in ("log", "log10", "log2", "sqrt", "rsqrt"):
    return ("    %%a = math.absf %%x0 : %s\n    %%y = math.%s %%a : %s\n"
            "    linalg.yield %%y : %s" % (t, op, t, t))
  return "    %%y = math.%s %%x0 : %s\n    linalg.yield %%y : %s" % (op, t, t)


FLOAT_UNARY = ("absf acos acosh asin asinh atan atanh cbrt ceil cos cosh erf "
               "erfc exp exp2 expm1 floor log log10 log1p log2 round "
               "roundeven rsqrt sin sinh sqrt tan tanh trunc").split()
FLOAT_BINARY = ["math.atan2", "math.copysign", "math.powf", "arith.remf",
                "arith.maximumf", "arith.minimumf", "arith.maxnumf",
                "arith.minnumf", "arith.divf"]
HALF_SAMPLE = ["exp", "tanh", "erf", "log", "rsqrt", "floor", "sin"]
for t in ["f32", "f16", "bf16"]:
  for op in FLOAT_UNARY if t == "f32" else HALF_SAMPLE:
    body_program("math_%s_%s" % (op, t), [t], t, unary_body(op, t),
                 "math.%s on %s" % (op, t))
  for op in FLOAT_BINARY if t == "f32" else ["math.powf", "arith.remf"]:
    base = "%x0"
    pre = ""
    if op == "math.powf":
      pre = "    %%a = math.absf %%x0 : %s\n" % t
      base = "%a"
    body_program("%s_%s" % (op.replace(".", "_"), t), [t, t], t,
                 "%s    %%y = %s %s, %%x1 : %s\n    linalg.yield %%y : %s"
                 % (pre, op, base, t, t), "%s on %s" % (op, t))
  for op in ["isfinite", "isinf", "isnan", "isnormal"]:
    body_program("math_%s_%s" % (op, t), [t], "i1",
                 "    %%y = math.%s %%x0 : %s\n    linalg.yield %%y : i1"
                 % (op, t), "math.%s on %s" % (op, t))
  body_program("math_fpowi_%s" % t, [t, "i32"], t,
               "    %%y = math.fpowi %%x0, %%x1 : %s, i32\n"
               "    linalg.yield %%y : %s" % (t, t),
               "math.fpowi on %s by an i32 input" % t)
  body_program("arith_fptosi_%s" % t, [t], "i32",
               "    %%c = arith.constant 100.0 : %s\n"
               "    %%m = arith.mulf %%x0, %%c : %s\n"
               "    %%y = arith.fptosi %%m : %s to i32\n"
               "    linalg.yield %%y : i32" % (t, t, t),
               "arith.fptosi from %s" % t)
  body_program("arith_sitofp_%s" % t, ["i32"], t,
               "    %%y = arith.sitofp %%x0 : i32 to %s\n"
               "    linalg.yield %%y : %s" % (t, t), "arith.sitofp to %s" % t)
body_program("math_fma_f32", ["f32"] * 3, "f32",
             "    %y = math.fma %x0, %x1, %x2 : f32\n    linalg.yield %y : f32",
             "math.fma on f32")
INT_MATH = ["absi", "ctlz", "ctpop", "cttz"]
INT_BINARY = ["arith.divsi", "arith.remsi", "arith.ceildivsi",
              "arith.floordivsi", "arith.divui", "arith.remui", "arith.shrsi",
              "arith.shrui", "arith.shli", "arith.maxsi", "arith.minui",
              "arith.andi", "arith.ori", "arith.xori", "arith.muli",
              "math.ipowi"]
for t in ["i32", "i8", "i64"]:
  for op in INT_MATH:
    body_program("math_%s_%s" % (op, t), [t], t,
                 "    %%y = math.%s %%x0 : %s\n    linalg.yield %%y : %s"
                 % (op, t, t), "math.%s on %s" % (op, t))
  for op in INT_BINARY if t == "i32" else ["math.ipowi"]:
    if op in ("arith.divsi", "arith.remsi", "arith.ceildivsi",
              "arith.floordivsi", "arith.divui", "arith.remui"):
      body = ("    %%c = arith.constant 3 : %s\n    %%y = %s %%x0, %%c : %s\n"
              "    linalg.yield %%y : %s" % (t, op, t, t))
    elif op in ("arith.shrsi", "arith.shrui", "arith.shli"):
      body = ("    %%c = arith.constant 2 : %s\n    %%y = %s %%x0, %%c : %s\n"
              "    linalg.yield %%y : %s" % (t, op, t, t))
    else:
      body = ("    %%y = %s %%x0, %%x1 : %s\n    linalg.yield %%y : %s"
              % (op, t, t))
    body_program("%s_%s" % (op.replace(".", "_"), t), [t, t], t, body,
                 "%s on %s" % (op, t))
for op in ["mulsi_extended", "mului_extended"]:
  body_program("arith_%s_i32" % op, ["i32", "i32"], "i32",
               "    %%lo, %%hi = arith.%s %%x0, %%x1 : i32\n"
               "    %%y = arith.addi %%lo, %%hi : i32\n"
               "    linalg.yield %%y : i32" % op,
               "arith.%s on i32 (both halves)" % op)
body_program("arith_cmpf_ult_f32", ["f32", "f32"], "i1",
             "    %y = arith.cmpf ult, %x0, %x1 : f32\n    linalg.yield %y : i1",
             "arith.cmpf ult on f32")
body_program("arith_uitofp_i8", ["i8"], "f32",
             "    %y = arith.uitofp %x0 : i8 to f32\n    linalg.yield %y : f32",
             "arith.uitofp from i8")
body_program("arith_bitcast_f32", ["f32"], "i32",
             "    %y = arith.bitcast %x0 : f32 to i32\n    linalg.yield %y : i32",
             "arith.bitcast of f32 to i32")
body_program("arith_index_cast_i64", ["i64"], "i32",
             "    %i = arith.index_cast %x0 : i64 to index\n"
             "    %j = linalg.index 1 : index\n"
             "    %k = arith.addi %i, %j : index\n"
             "    %y = arith.index_cast %k : index to i32\n"
             "    linalg.yield %y : i32", "arith.index_cast through index")


def main():
  root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
  out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
      root, "test", "Integration", "Inputs", "named")
  os.makedirs(out, exist_ok=True)
  for name, text in sorted(PROGRAMS.items()):
    with open(os.path.join(out, name + ".mlir"), "w") as f:
      f.write(text)
  with open(os.path.join(out, "LIST"), "w") as f:
    f.write(" ".join(sorted(PROGRAMS)) + "\n")
  print("%d programs in %s" % (len(PROGRAMS), out))


if __name__ == "__main__":
  main()

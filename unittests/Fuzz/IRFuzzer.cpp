//===- IRFuzzer.cpp - random linalg programs through the whole pipeline ---===//
//
// A structured fuzzer (libFuzzer): the input bytes choose a program of
// linalg ops (contractions in any layout and element type, convolutions and
// poolings in NHWC and NCHW, 1-D, 3-D, grouped and FHWC convolutions,
// generic convolutions, elementwise ops with broadcasts, transposes,
// reductions, softmax, pads, pack/unpack pairs, quantized matmuls), with
// static shapes drawn from 0, 1, small primes, odd and large sizes (f32,
// f16, bf16, f64 and i8 matmuls into i32), payloads that read linalg.index,
// multi-result reductions (argmax), operands that are slices of larger
// tensors whose neighbours hold NaN, functions writing into memref arguments
// and returning one value twice; and run it through tuner-prepare,
// sched-apply-default, sched-materialize and tuner-lower-cpu, for CPU
// targets or CUDA ones (their schedules run on the CPU with the block and
// thread mappings dropped). A small one
// (up to 2^20 elements, 5e7 FLOPs) is then JIT-run against its unscheduled
// reference on the same inputs, between NaN guards (tuner-run's check): a
// mismatch aborts with the program.
// Diagnostics are fine (an unsupported program gets an error); a crash, a
// sanitizer report, a hang (libFuzzer's -timeout) or memory beyond
// -rss_limit_mb is a bug. Run for a bounded time by test/Fuzz/ir-fuzzer.test.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/InitAll.h"
#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Tuner/Measure/CPUExecutor.h"
#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdlib>
#include <iterator>

#include <string>
#include <vector>

using namespace mlir;

namespace {

/// Builds the text of one function from the fuzzer's choices.
class ProgramBuilder {
public:
  explicit ProgramBuilder(FuzzedDataProvider &in) : in(in) {}

  std::string build() {
    // One program in eight writes its result into a memref argument.
    if (in.ConsumeIntegralInRange<unsigned>(0, 7) == 0)
      return buildMemrefFunction();
    unsigned numOps = in.ConsumeIntegralInRange<unsigned>(1, 3);
    for (unsigned i = 0; i < numOps && in.remaining_bytes(); ++i)
      addOp();
    // `return %0, %0`: each result must get a buffer of its own.
    if (!returned.empty() && in.ConsumeIntegralInRange<unsigned>(0, 3) == 0)
      returned.push_back(returned.front());
    std::string sig, results, types;
    for (auto [i, a] : llvm::enumerate(args))
      sig += llvm::formatv("{0}%a{1}: {2}", i ? ", " : "", i, a).str();
    for (auto [i, r] : llvm::enumerate(returned)) {
      results += (i ? ", " : "") + r.first;
      types += (i ? ", " : "") + r.second;
    }
    return llvm::formatv("func.func @f({0}) -> ({1}) {{\n{2}  return {3} : "
                         "{1}\n}\n",
                         sig, types, body, results);
  }

private:
  int64_t size() {
    static const int64_t kSmall[] = {1, 2, 3, 5, 7, 13, 16, 17, 31, 64, 100};
    static const int64_t kRare[] = {0, 127, 257, 1024, int64_t(1) << 31,
                                    int64_t(1) << 40};
    if (in.ConsumeIntegralInRange<unsigned>(0, 15) == 0)
      return kRare[in.ConsumeIntegralInRange<unsigned>(0, 5)];
    return kSmall[in.ConsumeIntegralInRange<unsigned>(0, 10)];
  }
  /// A small size for window and batch loops.
  int64_t small() { return in.ConsumeIntegralInRange<int64_t>(1, 4); }

  StringRef floatType() {
    static const char *kTypes[] = {"f32", "f32", "f16", "bf16", "f64"};
    return kTypes[in.ConsumeIntegralInRange<unsigned>(0, 4)];
  }

  static std::string tensor(ArrayRef<int64_t> shape, StringRef elt) {
    std::string s = "tensor<";
    for (int64_t d : shape)
      s += std::to_string(d) + "x";
    return s + elt.str() + ">";
  }

  /// A new function argument of `type`; returns its name.
  std::string arg(const std::string &type) {
    args.push_back(type);
    return "%a" + std::to_string(args.size() - 1);
  }
  std::string fresh() { return "%v" + std::to_string(counter++); }

  /// A zero-filled (or -inf/+inf for maxima) accumulator of `type`.
  std::string filled(const std::string &type, StringRef elt,
                     StringRef value = "0.0") {
    std::string e = fresh(), c = fresh(), f = fresh();
    body += llvm::formatv("  {0} = tensor.empty() : {1}\n"
                          "  {2} = arith.constant {3} : {4}\n"
                          "  {5} = linalg.fill ins({2} : {4}) outs({0} : {1}) "
                          "-> {1}\n",
                          e, type, c, value, elt, f);
    return f;
  }

  void ret(const std::string &value, const std::string &type) {
    returned.push_back({value, type});
  }

  void addOp() {
    switch (in.ConsumeIntegralInRange<unsigned>(0, 14)) {
    case 12:
      return indexReduction();
    case 13:
      return argmax();
    case 14:
      return slicedMatmul();
    case 0:
      return matmul();
    case 1:
      return batchMatmul();
    case 2:
      return genericContraction();
    case 3:
      return convolution(/*nchw=*/false);
    case 4:
      return convolution(/*nchw=*/true);
    case 5:
      return pooling();
    case 6:
      return elementwise();
    case 7:
      return transpose();
    case 8:
      return reduction();
    case 10:
      return otherConvolution();
    case 11:
      return packUnpack();
    default:
      return softmax();
    }
  }

  /// The convolutions tuner-prepare rewrites into 2-D ones: 1-D (NWC, NCW,
  /// depthwise), 3-D, an FHWC filter, grouped (NGCHW).
  void otherConvolution() {
    int64_t n = small(), w = size(), c = size(), f = size(), g = small();
    int64_t k = small(), stride = small(), dilation = small();
    int64_t inW = (w - 1) * stride + (k - 1) * dilation + 1;
    std::string x, wt, o, name, attrs;
    unsigned rank = 2;
    switch (in.ConsumeIntegralInRange<unsigned>(0, 5)) {
    case 0:
      x = tensor({n, inW, c}, "f32"), wt = tensor({k, c, f}, "f32");
      o = tensor({n, w, f}, "f32"), name = "conv_1d_nwc_wcf", rank = 1;
      break;
    case 1:
      x = tensor({n, c, inW}, "f32"), wt = tensor({f, c, k}, "f32");
      o = tensor({n, f, w}, "f32"), name = "conv_1d_ncw_fcw", rank = 1;
      break;
    case 2:
      x = tensor({n, c, inW}, "f32"), wt = tensor({c, k}, "f32");
      o = tensor({n, c, w}, "f32"), name = "depthwise_conv_1d_ncw_cw";
      rank = 1;
      break;
    case 3:
      x = tensor({n, inW, inW, inW, c}, "f32");
      wt = tensor({k, k, k, c, f}, "f32");
      o = tensor({n, w, w, w, f}, "f32"), name = "conv_3d_ndhwc_dhwcf";
      rank = 3;
      break;
    case 4:
      x = tensor({n, inW, inW, c}, "f32"), wt = tensor({f, k, k, c}, "f32");
      o = tensor({n, w, w, f}, "f32"), name = "conv_2d_nhwc_fhwc";
      break;
    default:
      x = tensor({n, g, c, inW, inW}, "f32");
      wt = tensor({g, f, c, k, k}, "f32");
      o = tensor({n, g, f, w, w}, "f32"), name = "conv_2d_ngchw_gfchw";
      break;
    }
    std::string a = arg(x), b = arg(wt), acc = filled(o, "f32"), r = fresh();
    body += llvm::formatv("  {0} = linalg.{1} {{dilations = dense<{2}> : "
                          "tensor<{3}xi64>, strides = dense<{4}> : "
                          "tensor<{3}xi64>} ins({5}, {6} : {7}, {8}) outs({9} "
                          ": {10}) -> {10}\n",
                          r, name, dilation, rank, stride, a, b, x, wt, acc, o);
    ret(r, o);
  }

  /// A linalg.pack of a 2-D tensor (padded, optionally with its outer dims
  /// transposed) unpacked again.
  void packUnpack() {
    int64_t rows = size(), cols = size(), t0 = small() * 4, t1 = small() * 4;
    bool transposeOuter = in.ConsumeBool();
    int64_t o0 = (rows + t0 - 1) / t0, o1 = (cols + t1 - 1) / t1;
    std::string x = tensor({rows, cols}, "f32");
    std::string packed = transposeOuter ? tensor({o1, o0, t0, t1}, "f32")
                                        : tensor({o0, o1, t0, t1}, "f32");
    std::string perm = transposeOuter ? "outer_dims_perm = [1, 0] " : "";
    std::string a = arg(x), e = fresh(), z = fresh(), p = fresh(), eo = fresh(),
                u = fresh();
    body += llvm::formatv(
        "  {0} = tensor.empty() : {1}\n  {2} = arith.constant 0.0 : f32\n"
        "  {3} = linalg.pack {4} padding_value({2} : f32) {5}inner_dims_pos = "
        "[0, 1] inner_tiles = [{6}, {7}] into {0} : {8} -> {1}\n"
        "  {9} = tensor.empty() : {8}\n"
        "  {10} = linalg.unpack {3} {5}inner_dims_pos = [0, 1] inner_tiles = "
        "[{6}, {7}] into {9} : {1} -> {8}\n",
        e, packed, z, p, a, perm, t0, t1, x, eo, u);
    ret(u, x);
  }

  void matmul() {
    int64_t m = size(), n = size(), k = size();
    // i8 x i8 -> i32 as quantized models have it, else a float type into f32.
    bool quantized = in.ConsumeIntegralInRange<unsigned>(0, 4) == 0;
    StringRef elt = quantized ? "i8" : floatType();
    StringRef accElt = quantized ? "i32" : "f32";
    bool transposeB = in.ConsumeBool();
    std::string a = arg(tensor({m, k}, elt));
    std::string bType = transposeB ? tensor({n, k}, elt) : tensor({k, n}, elt);
    std::string b = arg(bType);
    std::string c = tensor({m, n}, accElt);
    std::string acc = filled(c, accElt, quantized ? "0" : "0.0");
    std::string r = fresh();
    // Half the quantized ones with zero points (linalg.quantized_matmul).
    if (quantized && !transposeB && in.ConsumeBool()) {
      std::string za = fresh(), zb = fresh();
      body +=
          llvm::formatv("  {0} = arith.constant 3 : i32\n"
                        "  {1} = arith.constant -5 : i32\n"
                        "  {2} = linalg.quantized_matmul ins({3}, {4}, "
                        "{0}, {1} : {5}, {6}, i32, i32) outs({7} : {8}) "
                        "-> {8}\n",
                        za, zb, r, a, b, tensor({m, k}, elt), bType, acc, c);
      ret(r, c);
      return;
    }
    std::string maps =
        transposeB ? "indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
                     "affine_map<(m, n, k) -> (n, k)>, affine_map<(m, n, k) "
                     "-> (m, n)>] "
                   : "";
    body += llvm::formatv("  {0} = linalg.matmul {1}ins({2}, {3} : {4}, {5}) "
                          "outs({6} : {7}) -> {7}\n",
                          r, maps, a, b, tensor({m, k}, elt), bType, acc, c);
    ret(r, c);
  }

  void batchMatmul() {
    int64_t batch = small(), m = size(), n = size(), k = size();
    StringRef elt = floatType();
    std::string x = tensor({batch, m, k}, elt), y = tensor({batch, k, n}, elt);
    std::string c = tensor({batch, m, n}, elt);
    std::string a = arg(x), b = arg(y), acc = filled(c, elt), r = fresh();
    body += llvm::formatv("  {0} = linalg.batch_matmul ins({1}, {2} : {3}, "
                          "{4}) outs({5} : {6}) -> {6}\n",
                          r, a, b, x, y, acc, c);
    ret(r, c);
  }

  /// C[j, i] = sum_k A[k, i] * B[j, k]: transposed operands and result.
  void genericContraction() {
    int64_t m = size(), n = size(), k = size();
    std::string x = tensor({k, m}, "f32"), y = tensor({n, k}, "f32");
    std::string c = tensor({n, m}, "f32");
    std::string a = arg(x), b = arg(y), acc = filled(c, "f32"), r = fresh();
    body += llvm::formatv(
        "  {0} = linalg.generic {{indexing_maps = [affine_map<(i, j, k) -> "
        "(k, i)>, affine_map<(i, j, k) -> (j, k)>, affine_map<(i, j, k) -> "
        "(j, i)>], iterator_types = [\"parallel\", \"parallel\", "
        "\"reduction\"]} ins({1}, {2} : {3}, {4}) outs({5} : {6}) {{\n"
        "  ^bb0(%x: f32, %y: f32, %o: f32):\n"
        "    %p = arith.mulf %x, %y : f32\n    %s = arith.addf %o, %p : f32\n"
        "    linalg.yield %s : f32\n  } -> {6}\n",
        r, a, b, x, y, acc, c);
    ret(r, c);
  }

  void convolution(bool nchw) {
    int64_t n = small(), hw = size(), c = size(), f = size();
    int64_t kh = small(), stride = small(), dilation = small();
    int64_t inSize = (hw - 1) * stride + (kh - 1) * dilation + 1;
    bool depthwise = in.ConsumeBool();
    std::string x = nchw ? tensor({n, c, inSize, inSize}, "f32")
                         : tensor({n, inSize, inSize, c}, "f32");
    std::string w, o, name;
    if (depthwise) {
      w = nchw ? tensor({c, kh, kh}, "f32") : tensor({kh, kh, c}, "f32");
      o = nchw ? tensor({n, c, hw, hw}, "f32") : tensor({n, hw, hw, c}, "f32");
      name = nchw ? "depthwise_conv_2d_nchw_chw" : "depthwise_conv_2d_nhwc_hwc";
    } else {
      w = nchw ? tensor({f, c, kh, kh}, "f32") : tensor({kh, kh, c, f}, "f32");
      o = nchw ? tensor({n, f, hw, hw}, "f32") : tensor({n, hw, hw, f}, "f32");
      name = nchw ? "conv_2d_nchw_fchw" : "conv_2d_nhwc_hwcf";
    }
    std::string a = arg(x), b = arg(w), acc = filled(o, "f32"), r = fresh();
    body += llvm::formatv("  {0} = linalg.{1} {{dilations = dense<{2}> : "
                          "tensor<2xi64>, strides = dense<{3}> : "
                          "tensor<2xi64>} ins({4}, {5} : {6}, {7}) outs({8} : "
                          "{9}) -> {9}\n",
                          r, name, dilation, stride, a, b, x, w, acc, o);
    ret(r, o);
  }

  void pooling() {
    int64_t n = small(), hw = size(), c = size(), kh = small();
    bool nchw = in.ConsumeBool(), max = in.ConsumeBool();
    int64_t inSize = hw + kh - 1;
    std::string x = nchw ? tensor({n, c, inSize, inSize}, "f32")
                         : tensor({n, inSize, inSize, c}, "f32");
    std::string o = nchw ? tensor({n, c, hw, hw}, "f32")
                         : tensor({n, hw, hw, c}, "f32");
    std::string window = tensor({kh, kh}, "f32");
    std::string a = arg(x), win = fresh(), r = fresh();
    std::string acc = filled(o, "f32", max ? "-3.4e38" : "0.0");
    body += llvm::formatv("  {0} = tensor.empty() : {1}\n", win, window);
    body += llvm::formatv("  {0} = linalg.pooling_{1}_{2} {{dilations = "
                          "dense<1> : tensor<2xi64>, strides = dense<1> : "
                          "tensor<2xi64>} ins({3}, {4} : {5}, {6}) outs({7} : "
                          "{8}) -> {8}\n",
                          r, nchw ? "nchw" : "nhwc", max ? "max" : "sum", a,
                          win, x, window, acc, o);
    ret(r, o);
  }

  /// x + bias (broadcast along the last dimension), then a relu or a tanh.
  void elementwise() {
    unsigned rank = in.ConsumeIntegralInRange<unsigned>(1, 4);
    SmallVector<int64_t> shape;
    for (unsigned i = 0; i < rank; ++i)
      shape.push_back(size());
    StringRef elt = floatType();
    std::string t = tensor(shape, elt), bias = tensor({shape.back()}, elt);
    std::string x = arg(t), b = arg(bias), e = fresh(), r = fresh();
    std::string dims, last;
    for (unsigned i = 0; i < rank; ++i)
      dims += (i ? ", d" : "d") + std::to_string(i);
    last = "d" + std::to_string(rank - 1);
    std::string iters;
    for (unsigned i = 0; i < rank; ++i)
      iters += i ? ", \"parallel\"" : "\"parallel\"";
    bool tanh = in.ConsumeBool();
    body += llvm::formatv("  {0} = tensor.empty() : {1}\n", e, t);
    body += llvm::formatv(
        "  {0} = linalg.generic {{indexing_maps = [affine_map<({1}) -> ({1})>, "
        "affine_map<({1}) -> ({2})>, affine_map<({1}) -> ({1})>], "
        "iterator_types = [{3}]} ins({4}, {5} : {6}, {7}) outs({8} : {6}) {{\n"
        "  ^bb0(%x: {9}, %y: {9}, %o: {9}):\n    %s = arith.addf %x, %y : {9}\n"
        "    %z = {10} : {9}\n    linalg.yield %z : {9}\n  } -> {6}\n",
        r, dims, last, iters, x, b, t, bias, e, elt,
        tanh ? "math.tanh %s" : "arith.maximumf %s, %s");
    ret(r, t);
  }

  void transpose() {
    unsigned rank = in.ConsumeIntegralInRange<unsigned>(2, 4);
    SmallVector<int64_t> shape, perm, out;
    for (unsigned i = 0; i < rank; ++i) {
      shape.push_back(size());
      perm.push_back(i);
    }
    for (unsigned i = rank; i > 1; --i)
      std::swap(perm[i - 1], perm[in.ConsumeIntegralInRange<unsigned>(0, i - 1)]);
    for (int64_t p : perm)
      out.push_back(shape[p]);
    StringRef elt = floatType();
    std::string x = arg(tensor(shape, elt)), e = fresh(), r = fresh();
    std::string permText;
    for (auto [i, p] : llvm::enumerate(perm))
      permText += (i ? ", " : "") + std::to_string(p);
    body += llvm::formatv("  {0} = tensor.empty() : {1}\n"
                          "  {2} = linalg.transpose ins({3} : {4}) outs({0} : "
                          "{1}) permutation = [{5}]\n",
                          e, tensor(out, elt), r, x, tensor(shape, elt),
                          permText);
    ret(r, tensor(out, elt));
  }

  void reduction() {
    int64_t rows = size(), cols = size();
    unsigned dim = in.ConsumeIntegralInRange<unsigned>(0, 1);
    bool max = in.ConsumeBool();
    std::string x = tensor({rows, cols}, "f32");
    std::string o = tensor({dim ? rows : cols}, "f32");
    std::string a = arg(x), acc = filled(o, "f32", max ? "-3.4e38" : "0.0");
    std::string r = fresh();
    body += llvm::formatv("  {0} = linalg.reduce ins({1} : {2}) outs({3} : "
                          "{4}) dimensions = [{5}]\n    (%in: f32, %init: f32) "
                          "{{\n      %s = arith.{6} %in, %init : f32\n      "
                          "linalg.yield %s : f32\n    }\n",
                          r, a, x, acc, o, dim, max ? "maximumf" : "addf");
    ret(r, o);
  }

  /// sum_k x[i, k] * k (or over the outer loop, x[k, j] * (k + j)): a
  /// payload that reads the index of its reduced loop.
  void indexReduction() {
    int64_t rows = size(), cols = size();
    bool inner = in.ConsumeBool();
    std::string x = tensor({rows, cols}, "f32");
    std::string o = tensor({inner ? rows : cols}, "f32");
    std::string a = arg(x), acc = filled(o, "f32"), r = fresh();
    body += llvm::formatv(
        "  {0} = linalg.generic {{indexing_maps = [affine_map<(d0, d1) -> "
        "(d0, d1)>, affine_map<(d0, d1) -> ({1})>], iterator_types = [{2}]} "
        "ins({3} : {4}) outs({5} : {6}) {{\n"
        "  ^bb0(%x: f32, %o: f32):\n    %i0 = linalg.index 0 : index\n"
        "    %i1 = linalg.index 1 : index\n    %ii = arith.{7} : index\n"
        "    %iw = arith.index_cast %ii : index to i64\n"
        "    %if = arith.sitofp %iw : i64 to f32\n"
        "    %p = arith.mulf %x, %if : f32\n    %s = arith.addf %o, %p : f32\n"
        "    linalg.yield %s : f32\n  } -> {6}\n",
        r, inner ? "d0" : "d1",
        inner ? "\"parallel\", \"reduction\"" : "\"reduction\", \"parallel\"",
        a, x, acc, o, inner ? "addi %i1, %i1" : "addi %i0, %i1");
    ret(r, o);
  }

  /// The maximum of each row and its index: a generic with two results.
  void argmax() {
    int64_t rows = size(), cols = size();
    std::string x = tensor({rows, cols}, "f32");
    std::string vo = tensor({rows}, "f32"), io = tensor({rows}, "i32");
    std::string a = arg(x), m = filled(vo, "f32", "-3.4e38");
    std::string idx = filled(io, "i32", "0"), r = fresh();
    body += llvm::formatv(
        "  {0}:2 = linalg.generic {{indexing_maps = [affine_map<(i, k) -> "
        "(i, k)>, affine_map<(i, k) -> (i)>, affine_map<(i, k) -> (i)>], "
        "iterator_types = [\"parallel\", \"reduction\"]} ins({1} : {2}) "
        "outs({3}, {4} : {5}, {6}) {{\n"
        "  ^bb0(%x: f32, %m: f32, %j: i32):\n    %k = linalg.index 1 : index\n"
        "    %kk = arith.index_cast %k : index to i32\n"
        "    %gt = arith.cmpf ogt, %x, %m : f32\n"
        "    %nm = arith.select %gt, %x, %m : f32\n"
        "    %nj = arith.select %gt, %kk, %j : i32\n"
        "    linalg.yield %nm, %nj : f32, i32\n  } -> ({5}, {6})\n",
        r, a, x, m, idx, vo, io);
    ret(r + "#0", vo);
    ret(r + "#1", io);
  }

  /// A matmul whose A is a slice of a larger tensor whose extra row and
  /// column hold NaN: a schedule that reads past A's bounds computes NaN.
  void slicedMatmul() {
    int64_t m = size(), n = size(), k = size();
    std::string big = tensor({m + 1, k + 1}, "f32"), at = tensor({m, k}, "f32");
    std::string bt = tensor({k, n}, "f32"), c = tensor({m, n}, "f32");
    std::string x = arg(big), b = arg(bt), row = fresh(), col = fresh();
    std::string p0 = fresh(), p1 = fresh(), a = fresh();
    body += llvm::formatv(
        "  {0} = arith.constant dense<0x7FC00000> : {1}\n"
        "  {2} = arith.constant dense<0x7FC00000> : {3}\n"
        "  {4} = tensor.insert_slice {0} into {5}[{6}, 0] [1, {7}] [1, 1] : "
        "{1} into {8}\n"
        "  {9} = tensor.insert_slice {2} into {4}[0, {10}] [{11}, 1] [1, 1] : "
        "{3} into {8}\n"
        "  {12} = tensor.extract_slice {9}[0, 0] [{6}, {10}] [1, 1] : {8} to "
        "{13}\n",
        row, tensor({1, k + 1}, "f32"), col, tensor({m + 1, 1}, "f32"), p0, x,
        m, k + 1, big, p1, k, m + 1, a, at);
    std::string acc = filled(c, "f32"), r = fresh();
    body += llvm::formatv("  {0} = linalg.matmul ins({1}, {2} : {3}, {4}) "
                          "outs({5} : {6}) -> {6}\n",
                          r, a, b, at, bt, acc, c);
    ret(r, c);
  }

  /// A function on memrefs (a bufferized program's or a hand-written
  /// kernel's form): an elementwise op or a row reduction written into its
  /// last argument, a matmul through a temporary allocation copied out and
  /// freed, or an op writing a window (a subview) of its output.
  std::string buildMemrefFunction() {
    switch (in.ConsumeIntegralInRange<int>(0, 3)) {
    case 2:
      return buildMemrefMatmul();
    case 3:
      return buildMemrefWindow();
    default:
      break;
    }
    int64_t rows = size(), cols = size();
    bool reduce = in.ConsumeBool();
    std::string x = llvm::formatv("memref<{0}x{1}xf32>", rows, cols).str();
    std::string o = reduce ? llvm::formatv("memref<{0}xf32>", rows).str() : x;
    std::string outMap = reduce ? "(i)" : "(i, j)";
    std::string iters =
        reduce ? "\"parallel\", \"reduction\"" : "\"parallel\", \"parallel\"";
    std::string op = reduce ? "arith.addf %x, %o" : "arith.mulf %x, %x";
    return llvm::formatv(
               "func.func @f(%a0: {0}, %a1: {1}) {{\n"
               "  linalg.generic {{indexing_maps = [affine_map<(i, j) -> (i, "
               "j)>, affine_map<(i, j) -> {2}>], iterator_types = [{3}]} "
               "ins(%a0 : {0}) outs(%a1 : {1}) {{\n"
               "  ^bb0(%x: f32, %o: f32):\n    %y = {4} : f32\n"
               "    linalg.yield %y : f32\n  }\n  return\n}\n",
               x, o, outMap, iters, op)
        .str();
  }

  std::string buildMemrefMatmul() {
    int64_t m = size(), n = size(), k = size();
    return llvm::formatv(
               "func.func @f(%a0: memref<{0}x{2}xf32>, %a1: "
               "memref<{2}x{1}xf32>, "
               "%a2: memref<{0}x{1}xf32>) {{\n"
               "  %z = arith.constant 0.0 : f32\n"
               "  %t = memref.alloc() : memref<{0}x{1}xf32>\n"
               "  linalg.fill ins(%z : f32) outs(%t : memref<{0}x{1}xf32>)\n"
               "  linalg.matmul ins(%a0, %a1 : memref<{0}x{2}xf32>, "
               "memref<{2}x{1}xf32>) outs(%t : memref<{0}x{1}xf32>)\n"
               "  memref.copy %t, %a2 : memref<{0}x{1}xf32> to "
               "memref<{0}x{1}xf32>\n"
               "  memref.dealloc %t : memref<{0}x{1}xf32>\n  return\n}\n",
               m, n, k)
        .str();
  }

  /// exp of the input into rows [off, off + rows) of a filled output. At
  /// least a row and a column: the verifier rejects a subview at an offset
  /// past an empty extent and infers dynamic strides for a source with
  /// none (the program would not parse).
  std::string buildMemrefWindow() {
    int64_t rows = std::max<int64_t>(size(), 1),
            cols = std::max<int64_t>(size(), 1),
            off = in.ConsumeIntegralInRange(0, 3);
    int64_t total = rows + off + in.ConsumeIntegralInRange(0, 3);
    return llvm::formatv(
               "func.func @f(%a0: memref<{0}x{1}xf32>, %a1: "
               "memref<{2}x{1}xf32>) "
               "{{\n"
               "  %z = arith.constant 0.5 : f32\n"
               "  linalg.fill ins(%z : f32) outs(%a1 : memref<{2}x{1}xf32>)\n"
               "  %w = memref.subview %a1[{3}, 0] [{0}, {1}] [1, 1] : "
               "memref<{2}x{1}xf32> to memref<{0}x{1}xf32, strided<[{1}, 1], "
               "offset: {4}>>\n"
               "  linalg.exp ins(%a0 : memref<{0}x{1}xf32>) outs(%w : "
               "memref<{0}x{1}xf32, strided<[{1}, 1], offset: {4}>>)\n"
               "  return\n}\n",
               rows, cols, total, off, off * cols)
        .str();
  }

  void softmax() {
    int64_t rows = size(), cols = size();
    std::string t = tensor({rows, cols}, "f32");
    std::string x = arg(t), e = fresh(), r = fresh();
    body += llvm::formatv("  {0} = tensor.empty() : {1}\n"
                          "  {2} = linalg.softmax dimension(1) ins({3} : {1}) "
                          "outs({0} : {1}) -> {1}\n",
                          e, t, r, x);
    ret(r, t);
  }

  FuzzedDataProvider &in;
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> returned;
  std::string body;
  unsigned counter = 0;
};

DialectRegistry &getRegistry() {
  static DialectRegistry *registry = [] {
    auto *r = new DialectRegistry();
    registerAllDialects(*r);
    registerAllExtensions(*r);
    tuner::registerAllDialects(*r);
    return r;
  }();
  return *registry;
}

/// Replaces the default config of every scheduled op by a candidate of its
/// space chosen by the fuzzer's bytes (the sketch, then each knob; a few
/// draws until one is valid): the search's candidates, not only the
/// defaults, must compute what the program computes.
void pickCandidates(ModuleOp module, FuzzedDataProvider &in) {
  sched::TargetAttr target = sched::getTarget(module);
  if (!target)
    return;
  SmallVector<linalg::LinalgOp> anchors;
  module.walk([&](linalg::LinalgOp op) {
    if (sched::getConfig(op))
      anchors.push_back(op);
  });
  for (linalg::LinalgOp anchor : anchors) {
    SmallVector<std::unique_ptr<tuner::SketchInstance>> instances =
        tuner::instantiateSketches(tuner::buildFusedGroup(anchor), target);
    if (instances.empty())
      continue;
    const tuner::SketchInstance &instance =
        *instances[in.ConsumeIntegralInRange<size_t>(0, instances.size() - 1)];
    // A few draws; the default stays when none is valid.
    for (unsigned attempt = 0; attempt < 8 && in.remaining_bytes(); ++attempt) {
      tuner::KnobChoice choice;
      for (const tuner::Knob &knob : instance.getKnobs())
        choice.push_back(in.ConsumeIntegralInRange<unsigned>(
            0, std::max<size_t>(knob.options.size(), 1) - 1));
      std::string whyNot;
      if (succeeded(instance.verify(choice, whyNot))) {
        sched::setConfig(anchor,
                         instance.toConfig(module.getContext(), choice));
        break;
      }
    }
  }
}

/// The buffers of a kernel's signature, the inputs filled as tuner-run's.
bool allocate(const tuner::KernelSignature &signature,
              std::vector<tuner::HostBuffer> &inputs,
              std::vector<tuner::HostBuffer> &outputs) {
  std::string error;
  if (failed(tuner::allocateBuffers(signature, inputs, outputs, error)))
    return false;
  for (auto [i, buffer] : llvm::enumerate(inputs))
    buffer.fillRandom(1000003 * 7 + i);
  for (tuner::HostBuffer &output : outputs)
    output.poison();
  return true;
}

/// Runs the scheduled program and its reference (both lowered) on the same
/// inputs when they are small, and aborts, printing the program and its
/// schedules, when the result check fails: the schedules the fuzzer
/// generates must compute what the program computes. A program that cannot run
/// here (a target this host lacks) is skipped.
void runAgainstReference(ModuleOp module, ModuleOp reference,
                         const std::string &program, StringRef target,
                         const std::string &schedules) {
  constexpr int64_t kMaxElements = int64_t(1) << 20, kMaxFlops = 50'000'000;
  std::string error;
  auto *func = module.lookupSymbol("f");
  auto *refFunc = reference.lookupSymbol("f");
  if (!func || !refFunc)
    return;
  FailureOr<tuner::KernelSignature> signature =
      tuner::getKernelSignature(refFunc, error);
  if (failed(signature) || signature->flops > kMaxFlops)
    return;
  // Counted without overflow: every dimension is at most kMaxElements.
  // Empty dimensions count as 1: an op on an empty tensor may still have
  // intermediates of its other dimensions (a softmax over the empty
  // dimension of a 2^31 x 0 tensor allocates its 2^31 row maxima).
  int64_t elements = 0;
  for (ShapedType type :
       llvm::concat<ShapedType>(signature->inputs, signature->outputs)) {
    int64_t n = 1;
    for (int64_t d : type.getShape())
      n = d < 0 || d > kMaxElements
              ? kMaxElements + 1
              : std::min(n * std::max<int64_t>(d, 1), kMaxElements + 1);
    elements = std::min(elements + n, kMaxElements + 1);
  }
  if (elements > kMaxElements)
    return;
  auto kernel = tuner::CPUKernel::compile(module, "f", *signature, error);
  auto refKernel = tuner::CPUKernel::compile(reference, "f", *signature, error);
  if (failed(kernel) || failed(refKernel))
    return;
  std::vector<tuner::HostBuffer> inputs, outputs, refInputs, refOutputs;
  if (!allocate(*signature, inputs, outputs) ||
      !allocate(*signature, refInputs, refOutputs))
    return;
  (*kernel)->run(inputs, outputs);
  (*refKernel)->run(refInputs, refOutputs);
  tuner::Comparison c = tuner::compareWithReference(
      *signature, tuner::getKernelTolerance(*signature), inputs, outputs,
      refInputs, refOutputs);
  static const bool verbose = getenv("TUNER_IR_FUZZER_VERBOSE");
  if (verbose)
    llvm::errs() << "ran: " << (c.match ? "match" : "MISMATCH") << "\n";
  if (c.match)
    return;
  llvm::errs() << "the schedules of this program (target " << target
               << ") compute something else: " << c.mismatches
               << " elements differ (" << c.firstMismatch << ")\n"
               << program << "schedules:\n"
               << schedules;
  abort();
}

/// A materialized GPU schedule made to run on the CPU: the block and thread
/// mappings of its scf.forall loops and the module's target dropped (what
/// the transform scripts compute, tiles and fusion, without the kernels).
/// Fails for a schedule that stages operands in workgroup memory, which
/// does not lower for the CPU.
LogicalResult forCPU(ModuleOp module) {
  bool shared = false;
  module->walk([&](Operation *op) {
    if (op->getName().getStringRef() == "scf.forall")
      op->removeAttr("mapping");
    if (Attribute space = op->getAttr("memory_space"))
      shared |= isa<gpu::AddressSpaceAttr>(space);
  });
  module->removeAttr(sched::SchedDialect::kTargetAttrName);
  return failure(shared);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  FuzzedDataProvider in(data, size);
  std::string program = ProgramBuilder(in).build();
  // The target from what the program left (the first when nothing is left,
  // as for the seed corpus): AVX-512 without BF16 (bf16 matmuls widened),
  // with AVX512-BF16 (bf16 matmuls packed, B in 16-column blocks), AVX2.
  // CUDA targets: their preparation and schedules, run on the CPU with the
  // mappings dropped (forCPU).
  // Hopper's wgmma sketch (sm_90a) and f32 on tf32 tensor cores too.
  static const char *kTargets[] = {
      "cpu:avx512:2t",  "cpu:avx512:+avx512bf16:2t",
      "cpu:avx2:1t",    "cuda:sm_80",
      "cuda:sm_90",     "cuda:sm_90a",
      "cuda:sm_90:tf32"};
  const char *target =
      kTargets[in.ConsumeIntegralInRange<unsigned>(0, std::size(kTargets) - 1)];
  MLIRContext ctx(getRegistry(), MLIRContext::Threading::DISABLED);
  // Errors and warnings are expected for programs the tuner cannot take.
  ScopedDiagnosticHandler ignore(&ctx, [](Diagnostic &) { return success(); });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(program, &ctx);
  static const bool verbose = getenv("TUNER_IR_FUZZER_VERBOSE");
  if (verbose)
    llvm::errs() << "target: " << target << "\nprogram:\n" << program;
  if (!module) {
    if (verbose)
      llvm::errs() << "result: does not parse\n";
    return 0;
  }
  // Scheduled with the defaults; the prepared, unscheduled program is the
  // reference of the run below.
  PassManager schedule(&ctx);
  tuner::SchedApplyDefaultOptions defaults;
  defaults.target = target;
  schedule.addPass(tuner::createSchedApplyDefault(defaults));
  if (failed(schedule.run(*module))) {
    if (verbose)
      llvm::errs() << "result: error\n";
    return 0;
  }
  // Half the programs get candidates of the search instead of the defaults.
  static const bool onlyDefaults = getenv("TUNER_IR_FUZZER_DEFAULTS");
  if (!onlyDefaults && in.ConsumeBool())
    pickCandidates(*module, in);
  std::string schedules;
  module->walk([&](Operation *op) {
    if (sched::ConfigAttr config = sched::getConfig(op))
      llvm::raw_string_ostream(schedules)
          << "  " << op->getName() << ": " << config << "\n";
  });
  if (verbose)
    llvm::errs() << "schedules:\n" << schedules;
  OwningOpRef<ModuleOp> reference(module->clone());
  reference->walk([](Operation *op) {
    op->removeAttr(sched::SchedDialect::kConfigAttrName);
  });
  if (StringRef(target).starts_with("cuda"))
    (void)forCPU(*reference);
  PassManager materialize(&ctx);
  materialize.addPass(tuner::createSchedMaterialize());
  LogicalResult result = materialize.run(*module);
  if (succeeded(result) && StringRef(target).starts_with("cuda") &&
      failed(forCPU(*module))) {
    if (verbose)
      llvm::errs() << "result: GPU schedule stages in shared memory\n";
    return 0;
  }
  PassManager pm(&ctx);
  tuner::LowerCPUOptions lower;
  lower.outParams = true;
  tuner::buildLowerCPUPipeline(pm, lower);
  if (succeeded(result))
    result = pm.run(*module);
  if (verbose)
    llvm::errs() << "result: " << (succeeded(result) ? "lowered" : "error")
                 << "\n";
  PassManager lowerReference(&ctx);
  tuner::buildLowerCPUPipeline(lowerReference, lower);
  if (succeeded(result) && succeeded(lowerReference.run(*reference)))
    runAgainstReference(*module, *reference, program, target, schedules);
  return 0;
}

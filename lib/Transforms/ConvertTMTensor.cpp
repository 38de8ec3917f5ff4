//===- ConvertTMTensor.cpp - tm_tensor, iree_linalg_ext ops to linalg, loops
//===//
//
// torch-mlir's linalg-on-tensors output keeps cumulative sums, scatters
// (index_put), sorts, top-k and fused attention as `tm_tensor` ops; IREE's
// input conversions keep the first four, with the same meaning, as
// `iree_linalg_ext` ops. Part of tuner-convert-frontend-ops:
//
//   tm_tensor.attention  ->  linalg ops: Q K^T (a contraction), scale and
//                            mask (elementwise), linalg.softmax, P V
//   tm_tensor.scan       ->  loops over the other dimensions, the scanned
//   tm_tensor.scatter        one inside carrying the running value; loops
//   tm_tensor.sort           over the updates; a stable merge sort per
//   tm_tensor.topk           line; an insertion into the k kept per line
//
// The loops work on tensors (tensor.extract / tensor.insert carried by
// scf.for), with the op's region inlined where it combines or compares.
// Scans, sorts and top-k treat their lines independently: an scf.forall over
// the lines (each iteration on its lines' slices of the outputs, inserted
// back in parallel) runs them on OpenMP threads on the CPU and a GPU
// thread each on a CUDA target (tuner-gpu-host-loops). Scatters loop over
// the updates in their order (two may write the same element), in an
// scf.forall over the slice dimensions no index moves.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/IREELinalgExt/IR/IREELinalgExt.h"
#include "Tuner/Dialect/TMTensor/IR/TMTensor.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace mlir::tuner;
namespace tmt = mlir::tuner::tm_tensor;

static Value index(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The extent of dimension `d` of `tensor` as an index value.
static Value dimSize(OpBuilder &b, Location loc, Value tensor, int64_t d) {
  return tensor::DimOp::create(b, loc, tensor, d);
}

/// The value the single-block `region` yields for `args` (its block
/// arguments in order), its ops cloned at `b`'s insertion point.
static Value inlineRegion(OpBuilder &b, Region &region, ValueRange args) {
  Block &block = region.front();
  IRMapping map;
  map.map(block.getArguments(), args);
  for (Operation &op : block.without_terminator())
    b.clone(op, map);
  return map.lookupOrDefault(block.getTerminator()->getOperand(0));
}

/// Loops over the extents of `tensor` in the dimensions where `given` has
/// no value (nested, outermost first), carrying `carried`; `body` gets the
/// indices of every dimension (the given value, or the loop's) and the
/// carried values, and returns their next values. Returns the values after
/// the loops.
static SmallVector<Value>
loopOverFree(OpBuilder &b, Location loc, Value tensor, ArrayRef<Value> given,
             ValueRange carried,
             function_ref<SmallVector<Value>(OpBuilder &, Location,
                                             ArrayRef<Value>, ValueRange)>
                 body) {
  int64_t rank = cast<RankedTensorType>(tensor.getType()).getRank();
  SmallVector<Value> lbs, ubs, steps;
  for (int64_t d = 0; d < rank; ++d) {
    if (given[d])
      continue;
    lbs.push_back(index(b, loc, 0));
    ubs.push_back(dimSize(b, loc, tensor, d));
    steps.push_back(index(b, loc, 1));
  }
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lbs, ubs, steps, carried,
      [&](OpBuilder &nb, Location nl, ValueRange ivs, ValueRange args) {
        SmallVector<Value> indices;
        for (int64_t d = 0, k = 0; d < rank; ++d)
          indices.push_back(given[d] ? given[d] : ivs[k++]);
        return body(nb, nl, indices, args);
      });
  return nest.results;
}

/// Whether `tensor` has a static extent of 0: an op on it changes nothing,
/// and is not built (upstream canonicalizations move slices of zero extent
/// into an scf.forall's terminator).
static bool hasStaticZeroExtent(Value tensor) {
  return llvm::is_contained(cast<RankedTensorType>(tensor.getType()).getShape(),
                            0);
}

/// `indices` with dimension `d` set to `at`.
static SmallVector<Value> withIndex(ArrayRef<Value> indices, int64_t d,
                                    Value at) {
  SmallVector<Value> result(indices);
  result[d] = at;
  return result;
}


/// One line along a dimension `dim` of the iteration space: `at`, the
/// indices of its first element in the full tensors (0 for `dim`), and
/// `origin`, the same in the line's slices of the outputs (all 0).
struct Line {
  SmallVector<Value> at, origin;
  int64_t dim;
  /// The indices of element `i` of the line in the full tensors, and in the
  /// output slices.
  SmallVector<Value> full(Value i) const { return withIndex(at, dim, i); }
  SmallVector<Value> local(Value i) const { return withIndex(origin, dim, i); }
};

using LineBody = function_ref<SmallVector<Value>(OpBuilder &, Location,
                                                 const Line &, ValueRange)>;

/// An scf.forall over the lines along `dim` of `shape` (its extents but
/// `dim`), with `outputs` as shared outputs: each iteration takes its line
/// of every output (a rank-preserving slice: extent 1 in the other
/// dimensions; an output of one dimension less, a scan's accumulator, its
/// single element), `body` computes their new values, and they are inserted
/// back in parallel. Returns the outputs' values after the loop.
static SmallVector<Value> forEachLine(OpBuilder &b, Location loc, Value shape,
                                      int64_t dim, ValueRange outputs,
                                      LineBody body) {
  if (hasStaticZeroExtent(shape))
    return outputs;
  int64_t rank = cast<RankedTensorType>(shape.getType()).getRank();
  SmallVector<OpFoldResult> ubs;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      ubs.push_back(dimSize(b, loc, shape, d));
  auto forall = scf::ForallOp::create(b, loc, ubs, outputs, std::nullopt);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forall.getTerminator());
  Value zero = index(b, loc, 0);
  Line line{{}, SmallVector<Value>(rank, zero), dim};
  SmallVector<Value> ivs = forall.getInductionVars();
  for (int64_t d = 0, k = 0; d < rank; ++d)
    line.at.push_back(d == dim ? zero : ivs[k++]);
  // Each output's slice: offsets, sizes and strides.
  using Slice = SmallVector<SmallVector<OpFoldResult>, 3>;
  SmallVector<Slice> slices;
  SmallVector<Value> lines;
  for (auto [output, arg] :
       llvm::zip(outputs, forall.getRegionIterArgs())) {
    int64_t outRank = cast<RankedTensorType>(output.getType()).getRank();
    Slice slice(3);
    for (int64_t d = 0; d < rank; ++d) {
      if (d == dim && outRank < rank)
        continue;
      slice[0].push_back(line.at[d]);
      slice[1].push_back(d == dim ? OpFoldResult(dimSize(b, loc, output, d))
                                  : OpFoldResult(b.getIndexAttr(1)));
      slice[2].push_back(b.getIndexAttr(1));
    }
    lines.push_back(tensor::ExtractSliceOp::create(b, loc, arg, slice[0],
                                                   slice[1], slice[2]));
    slices.push_back(std::move(slice));
  }
  SmallVector<Value> results = body(b, loc, line, lines);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  for (auto [result, arg, slice] :
       llvm::zip(results, forall.getRegionIterArgs(), slices))
    tensor::ParallelInsertSliceOp::create(b, loc, result, arg, slice[0],
                                          slice[1], slice[2]);
  return SmallVector<Value>(forall.getResults());
}

//===----------------------------------------------------------------------===//
// scan
//===----------------------------------------------------------------------===//

/// output[0] = input[0] (inclusive) or the accumulator (exclusive);
/// output[i] = f(output[i-1], input[i] or input[i-1]); the accumulator
/// takes each output[i] of i >= 1, as torch-mlir's own lowering does.
template <typename ScanOp>
static SmallVector<Value> lowerScan(OpBuilder &b, ScanOp op) {
  Location loc = op.getLoc();
  Value input = op.getInputs()[0];
  int64_t dim = op.getDimension();
  bool inclusive = op.getInclusive();
  Value n = dimSize(b, loc, input, dim);
  auto body = [&](OpBuilder &b, Location loc, const Line &line,
                  ValueRange args) -> SmallVector<Value> {
    Value output = args[0], acc = args[1];
    // The accumulator's slice: its line's single element.
    SmallVector<Value> accAt(line.origin.begin(), line.origin.end() - 1);
    Value nonEmpty = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt,
                                           n, index(b, loc, 0));
    auto ifOp = scf::IfOp::create(b, loc, args.getTypes(), nonEmpty,
                                  /*withElseRegion=*/true);
    OpBuilder thenB = ifOp.getThenBodyBuilder();
    Value zero = index(thenB, loc, 0);
    Value first =
        inclusive
            ? tensor::ExtractOp::create(thenB, loc, input, line.full(zero))
            : tensor::ExtractOp::create(thenB, loc, acc, accAt);
    Value out0 =
        tensor::InsertOp::create(thenB, loc, first, output, line.local(zero));
    auto loop = scf::ForOp::create(
        thenB, loc, index(thenB, loc, 1), n, index(thenB, loc, 1),
        ValueRange{out0, first},
        [&](OpBuilder &lb, Location ll, Value i, ValueRange carried) {
          Value before = arith::SubIOp::create(lb, ll, i, index(lb, ll, 1));
          Value x = tensor::ExtractOp::create(
              lb, ll, input, line.full(inclusive ? i : before));
          Value next = inlineRegion(lb, op.getRegion(), {carried[1], x});
          Value out = tensor::InsertOp::create(lb, ll, next, carried[0],
                                               line.local(i));
          scf::YieldOp::create(lb, ll, ValueRange{out, next});
        });
    // The accumulator ends with the last output of a line of two or more
    // (written once, after the loop: a tensor carried through the loop
    // next to the line's would bufferize into a copy per line).
    Value old = tensor::ExtractOp::create(thenB, loc, acc, accAt);
    Value several = arith::CmpIOp::create(
        thenB, loc, arith::CmpIPredicate::sgt, n, index(thenB, loc, 1));
    Value last =
        arith::SelectOp::create(thenB, loc, several, loop.getResult(1), old);
    Value newAcc = tensor::InsertOp::create(thenB, loc, last, acc, accAt);
    scf::YieldOp::create(thenB, loc, ValueRange{loop.getResult(0), newAcc});
    OpBuilder elseB = ifOp.getElseBodyBuilder();
    scf::YieldOp::create(elseB, loc, args);
    return SmallVector<Value>(ifOp.getResults());
  };
  return forEachLine(b, loc, input, dim, op.getOutputs(), body);
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

/// The position in the original of element `ivs` of the updates (the
/// slice's own position in the original's last dimensions, plus the indices
/// of `dimension_map`).
template <typename ScatterOp>
static SmallVector<Value> getScatterPosition(OpBuilder &b, Location loc,
                                             ScatterOp op, ArrayRef<Value> ivs) {
  Value indices = op.getInputs()[1];
  int64_t rank =
      cast<RankedTensorType>(op.getOutputs()[0].getType()).getRank();
  int64_t sliceRank = ivs.size() - 1;
  SmallVector<Value> at(rank);
  for (int64_t j = 0; j < sliceRank; ++j)
    at[rank - sliceRank + j] = ivs[1 + j];
  for (auto [i, d] : llvm::enumerate(op.getDimensionMap())) {
    Value raw = tensor::ExtractOp::create(
        b, loc, indices, ValueRange{ivs[0], index(b, loc, i)});
    Value idx = arith::IndexCastOp::create(b, loc, b.getIndexType(), raw);
    at[d] = at[d] ? arith::AddIOp::create(b, loc, at[d], idx) : idx;
  }
  for (Value &v : at)
    if (!v)
      v = index(b, loc, 0);
  return at;
}

/// The updates' elements in order (those of `given`'s dimensions fixed to
/// its values, the others looped over), each combined into `into` at its
/// position by the region (update first), positions in dimensions `local`
/// taken as 0 (`into` is a slice of extent 1 there). Returns `into` after.
template <typename ScatterOp>
static Value scatterInOrder(OpBuilder &b, Location loc, ScatterOp op,
                            ArrayRef<Value> given, ArrayRef<int64_t> local,
                            Value into) {
  Value updates = op.getInputs()[0];
  return loopOverFree(
      b, loc, updates, given, {into},
      [&](OpBuilder &b, Location loc, ArrayRef<Value> ivs, ValueRange args) {
        Value update = tensor::ExtractOp::create(b, loc, updates, ivs);
        SmallVector<Value> at = getScatterPosition(b, loc, op, ivs);
        for (int64_t d : local)
          at[d] = index(b, loc, 0);
        Value current = tensor::ExtractOp::create(b, loc, args[0], at);
        Value next = inlineRegion(b, op.getRegion(), {update, current});
        return SmallVector<Value>{
            tensor::InsertOp::create(b, loc, next, args[0], at)};
      })[0];
}

/// The scatter in an scf.forall over the original's dimensions `fixed`
/// (slice dimensions no index moves, of extents `ubs` in the updates): each
/// iteration takes its slice of the original (extent 1 in them) and applies
/// the updates to it in order.
template <typename ScatterOp>
static Value scatterBySlices(OpBuilder &b, Location loc, ScatterOp op,
                             ArrayRef<int64_t> fixed,
                             ArrayRef<OpFoldResult> ubs) {
  Value original = op.getOutputs()[0];
  int64_t rank = cast<RankedTensorType>(original.getType()).getRank();
  int64_t updatesRank =
      cast<RankedTensorType>(op.getInputs()[0].getType()).getRank();
  int64_t firstSliceDim = rank - (updatesRank - 1);
  auto forall =
      scf::ForallOp::create(b, loc, ubs, ValueRange{original}, std::nullopt);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPoint(forall.getTerminator());
  SmallVector<Value> ivs = forall.getInductionVars();
  SmallVector<OpFoldResult> offsets, sizes, strides(rank, b.getIndexAttr(1));
  SmallVector<Value> given(updatesRank);
  for (int64_t d = 0; d < rank; ++d) {
    auto it = llvm::find(fixed, d);
    if (it == fixed.end()) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(dimSize(b, loc, original, d));
      continue;
    }
    Value iv = ivs[it - fixed.begin()];
    offsets.push_back(iv);
    sizes.push_back(b.getIndexAttr(1));
    given[1 + d - firstSliceDim] = iv;
  }
  Value slice = tensor::ExtractSliceOp::create(
      b, loc, forall.getRegionIterArgs()[0], offsets, sizes, strides);
  Value result = scatterInOrder(b, loc, op, given, fixed, slice);
  b.setInsertionPointToStart(forall.getTerminator().getBody());
  tensor::ParallelInsertSliceOp::create(
      b, loc, result, forall.getRegionIterArgs()[0], offsets, sizes, strides);
  return forall.getResult(0);
}

/// For every element of every update: its position in the original
/// (getScatterPosition), combined with the original's element by the region
/// (update first). In the order of the updates: two may write the same
/// element. Except across the slice dimensions that no index moves (the
/// original's last dimensions not in `dimension_map`: a row scatter's
/// columns): elements apart in them never meet, so an scf.forall runs over
/// them (scatterBySlices).
template <typename ScatterOp>
static SmallVector<Value> lowerScatter(OpBuilder &b, ScatterOp op) {
  Location loc = op.getLoc();
  Value updates = op.getInputs()[0], original = op.getOutputs()[0];
  int64_t updatesRank = cast<RankedTensorType>(updates.getType()).getRank();
  int64_t rank = cast<RankedTensorType>(original.getType()).getRank();
  int64_t sliceRank = updatesRank - 1;
  if (hasStaticZeroExtent(updates))
    return {original};
  SmallVector<int64_t> fixed;
  SmallVector<OpFoldResult> ubs;
  for (int64_t j = 0; j < sliceRank; ++j)
    if (!llvm::is_contained(op.getDimensionMap(), rank - sliceRank + j)) {
      fixed.push_back(rank - sliceRank + j);
      ubs.push_back(dimSize(b, loc, updates, 1 + j));
    }
  if (fixed.empty())
    return {scatterInOrder(b, loc, op, SmallVector<Value>(updatesRank), {},
                           original)};
  return {scatterBySlices(b, loc, op, fixed, ubs)};
}

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

/// `value` (an integer or an index) as `type` (an integer or an index).
static Value castInteger(OpBuilder &b, Location loc, Value value, Type type) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<IndexType>(from) || isa<IndexType>(type))
    return arith::IndexCastOp::create(b, loc, type, value);
  if (from.getIntOrFloatBitWidth() < type.getIntOrFloatBitWidth())
    return arith::ExtSIOp::create(b, loc, type, value);
  return arith::TruncIOp::create(b, loc, type, value);
}

/// The element type of the sort's permutation lines.
static Type getPermutationType(OpBuilder &b) { return b.getI64Type(); }

/// Merges, in a line of the permutation (positions in [0, n), scratch in
/// [n, 2n)), the sorted runs [lo, mid) and [mid, hi) of positions into
/// [n + lo, n + hi), comparing the outputs' elements at those positions:
/// the right one goes first only where the comparator puts it before the
/// left one (stable). Returns the permutation line.
template <typename SortOp>
static Value mergeRuns(OpBuilder &b, Location loc, SortOp op,
                       const Line &line, Value n, Value lo, Value mid,
                       Value hi, Value perm) {
  Value one = index(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, n, one);
  auto loop = scf::ForOp::create(
      b, loc, lo, hi, one, ValueRange{lo, mid, perm},
      [&](OpBuilder &lb, Location ll, Value k, ValueRange carried) {
        Value i = carried[0], j = carried[1], cur = carried[2];
        // Both heads read in bounds; an exhausted run's is never taken.
        auto position = [&](Value at) {
          Value p = tensor::ExtractOp::create(
              lb, ll, cur, line.local(arith::MinSIOp::create(lb, ll, at, last)));
          return castInteger(lb, ll, p, lb.getIndexType());
        };
        Value left = position(i), right = position(j);
        SmallVector<Value> pairs;
        for (Value output : op.getOutputs()) {
          pairs.push_back(
              tensor::ExtractOp::create(lb, ll, output, line.full(right)));
          pairs.push_back(
              tensor::ExtractOp::create(lb, ll, output, line.full(left)));
        }
        Value before = inlineRegion(lb, op.getRegion(), pairs);
        auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
          return arith::CmpIOp::create(lb, ll, p, x, y);
        };
        Value leftDone = cmp(arith::CmpIPredicate::sge, i, mid);
        Value rightLeft = cmp(arith::CmpIPredicate::slt, j, hi);
        Value takeRight = arith::AndIOp::create(
            lb, ll, rightLeft, arith::OrIOp::create(lb, ll, leftDone, before));
        Value taken = castInteger(
            lb, ll, arith::SelectOp::create(lb, ll, takeRight, right, left),
            getPermutationType(lb));
        Value to = arith::AddIOp::create(lb, ll, n, k);
        Value next = tensor::InsertOp::create(lb, ll, taken, cur, line.local(to));
        scf::YieldOp::create(
            lb, ll,
            ValueRange{arith::SelectOp::create(
                           lb, ll, takeRight, i,
                           arith::AddIOp::create(lb, ll, i, one)),
                       arith::SelectOp::create(
                           lb, ll, takeRight,
                           arith::AddIOp::create(lb, ll, j, one), j),
                       next});
      });
  return loop.getResult(2);
}

/// One pass of the merge sort on a permutation line: runs of `width` merged
/// in pairs into the scratch half, then copied back.
template <typename SortOp>
static Value mergePass(OpBuilder &b, Location loc, SortOp op, const Line &line,
                       Value n, Value width, Value perm) {
  Value step = arith::AddIOp::create(b, loc, width, width);
  auto runs = scf::ForOp::create(
      b, loc, index(b, loc, 0), n, step, ValueRange{perm},
      [&](OpBuilder &rb, Location rl, Value lo, ValueRange cur) {
        Value mid = arith::MinSIOp::create(
            rb, rl, arith::AddIOp::create(rb, rl, lo, width), n);
        Value hi = arith::MinSIOp::create(
            rb, rl, arith::AddIOp::create(rb, rl, lo, step), n);
        scf::YieldOp::create(
            rb, rl, mergeRuns(rb, rl, op, line, n, lo, mid, hi, cur[0]));
      });
  auto copy = scf::ForOp::create(
      b, loc, index(b, loc, 0), n, index(b, loc, 1), runs.getResults(),
      [&](OpBuilder &cb, Location cl, Value k, ValueRange cur) {
        Value from = arith::AddIOp::create(cb, cl, n, k);
        Value v = tensor::ExtractOp::create(cb, cl, cur[0], line.local(from));
        scf::YieldOp::create(
            cb, cl, ValueRange{tensor::InsertOp::create(cb, cl, v, cur[0],
                                                        line.local(k))});
      });
  return copy.getResult(0);
}

/// An uninitialized tensor of `output`'s shape, twice its extent along
/// `dim`, of the permutation's type: positions and scratch for all lines.
/// An alloc_tensor, not a tensor.empty: the line slices of an empty tensor
/// fold into an empty tensor per line, allocated in each iteration.
static Value createPermutations(OpBuilder &b, Location loc, Value output,
                                int64_t dim) {
  auto type = cast<RankedTensorType>(output.getType());
  SmallVector<int64_t> shape(type.getShape());
  if (!ShapedType::isDynamic(shape[dim]))
    shape[dim] *= 2;
  SmallVector<Value> dynamicSizes;
  for (int64_t d = 0; d < type.getRank(); ++d) {
    if (!type.isDynamicDim(d))
      continue;
    Value size = dimSize(b, loc, output, d);
    dynamicSizes.push_back(
        d == dim ? arith::AddIOp::create(b, loc, size, size) : size);
  }
  return bufferization::AllocTensorOp::create(
      b, loc, RankedTensorType::get(shape, getPermutationType(b)),
      dynamicSizes);
}

/// Output `output` of a sort in the order of `perm` (positions along `dim`):
/// a gather of the unsorted output.
static Value gatherAlong(OpBuilder &b, Location loc, Value output, Value perm,
                         int64_t dim) {
  auto type = cast<RankedTensorType>(output.getType());
  int64_t rank = type.getRank();
  Value init = tensor::EmptyOp::create(
      b, loc, tensor::getMixedSizes(b, loc, output), type.getElementType());
  SmallVector<utils::IteratorType> iterators(rank,
                                             utils::IteratorType::parallel);
  auto identity = b.getMultiDimIdentityMap(rank);
  auto gather = linalg::GenericOp::create(
      b, loc, TypeRange{type}, ValueRange{perm}, ValueRange{init},
      ArrayRef<AffineMap>{identity, identity}, iterators,
      [&](OpBuilder &gb, Location gl, ValueRange args) {
        SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d)
          at.push_back(linalg::IndexOp::create(gb, gl, d));
        at[dim] = castInteger(gb, gl, args[0], gb.getIndexType());
        linalg::YieldOp::create(
            gb, gl, ValueRange{tensor::ExtractOp::create(gb, gl, output, at)});
      });
  return gather.getResult(0);
}

/// A stable bottom-up merge sort of each line along the dimension, on a
/// permutation: its positions, initially in order, sorted by comparing the
/// outputs' elements at them in passes of runs of width 1, 2, 4, ... merged
/// into scratch space and copied back (O(n log n) comparisons); then each
/// output gathered in that order. The outputs are only read, so nothing
/// copies them per line, and the permutation is the loop's one shared
/// output, which every used output's gather reads (an unused one is not
/// gathered); its lines are slices of one tensor twice the outputs' extent
/// along the dimension, positions in the first half and scratch in the
/// second.
template <typename SortOp>
static SmallVector<Value> lowerSort(OpBuilder &b, SortOp op) {
  Location loc = op.getLoc();
  ValueRange outputs = op.getOutputs();
  int64_t dim = op.getDimension();
  if (hasStaticZeroExtent(outputs[0]))
    return outputs;
  Value n = dimSize(b, loc, outputs[0], dim);
  Value perms = createPermutations(b, loc, outputs[0], dim);
  auto body = [&](OpBuilder &b, Location loc, const Line &line,
                  ValueRange args) -> SmallVector<Value> {
    Value zero = index(b, loc, 0), one = index(b, loc, 1);
    auto init = scf::ForOp::create(
        b, loc, zero, n, one, args,
        [&](OpBuilder &ib, Location il, Value i, ValueRange cur) {
          Value p = castInteger(ib, il, i, getPermutationType(ib));
          scf::YieldOp::create(
              ib, il,
              ValueRange{tensor::InsertOp::create(ib, il, p, cur[0],
                                                  line.local(i))});
        });
    // Widths 2^p below n, for p < 63 (2^63 is past any extent, unsigned).
    auto passes = scf::ForOp::create(
        b, loc, zero, index(b, loc, 63), one, init.getResults(),
        [&](OpBuilder &pb, Location pl, Value p, ValueRange cur) {
          Value width = arith::ShLIOp::create(pb, pl, one, p);
          Value needed = arith::CmpIOp::create(
              pb, pl, arith::CmpIPredicate::ult, width, n);
          auto ifOp = scf::IfOp::create(pb, pl, cur.getTypes(), needed, true);
          OpBuilder tb = ifOp.getThenBodyBuilder();
          scf::YieldOp::create(
              tb, pl, ValueRange{mergePass(tb, pl, op, line, n, width, cur[0])});
          OpBuilder eb = ifOp.getElseBodyBuilder();
          scf::YieldOp::create(eb, pl, cur);
          scf::YieldOp::create(pb, pl, ifOp.getResults());
        });
    return SmallVector<Value>(passes.getResults());
  };
  Value sorted = forEachLine(b, loc, perms, dim, ValueRange{perms}, body)[0];
  auto permType = cast<RankedTensorType>(sorted.getType());
  SmallVector<OpFoldResult> zeros(permType.getRank(), b.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(permType.getRank(), b.getIndexAttr(1));
  Value positions = tensor::ExtractSliceOp::create(
      b, loc, sorted, zeros, tensor::getMixedSizes(b, loc, outputs[0]), ones);
  SmallVector<Value> results;
  for (Value output : outputs)
    results.push_back(gatherAlong(b, loc, output, positions, dim));
  return results;
}

//===----------------------------------------------------------------------===//
// topk
//===----------------------------------------------------------------------===//

/// Whether `x` enters the `count` elements of `kept` (a line's top-k so
/// far): there are fewer than `k`, or the comparator puts it before the last
/// (none read when k is 0).
template <typename TopkOp>
static Value entersTopk(OpBuilder &b, Location loc, TopkOp op,
                        const Line &line, Value x, Value kept, Value count,
                        Value k) {
  auto cmp = [&](arith::CmpIPredicate p, Value lhs, Value rhs) {
    return arith::CmpIOp::create(b, loc, p, lhs, rhs);
  };
  auto constant = [&](OpBuilder &ib, bool v) {
    return arith::ConstantIntOp::create(ib, loc, v, 1).getResult();
  };
  auto notFull = scf::IfOp::create(b, loc, b.getI1Type(),
                                   cmp(arith::CmpIPredicate::slt, count, k),
                                   /*withElseRegion=*/true);
  OpBuilder tb = notFull.getThenBodyBuilder();
  scf::YieldOp::create(tb, loc, constant(tb, true));
  OpBuilder eb = notFull.getElseBodyBuilder();
  Value zero = index(eb, loc, 0);
  auto any = scf::IfOp::create(eb, loc, eb.getI1Type(),
                               arith::CmpIOp::create(
                                   eb, loc, arith::CmpIPredicate::sgt, k, zero),
                               /*withElseRegion=*/true);
  scf::YieldOp::create(eb, loc, any.getResult(0));
  OpBuilder ab = any.getThenBodyBuilder();
  Value lastAt = arith::SubIOp::create(ab, loc, k, index(ab, loc, 1));
  Value last = tensor::ExtractOp::create(ab, loc, kept, line.local(lastAt));
  scf::YieldOp::create(ab, loc, inlineRegion(ab, op.getRegion(), {x, last}));
  OpBuilder nb = any.getElseBodyBuilder();
  scf::YieldOp::create(nb, loc, constant(nb, false));
  return notFull.getResult(0);
}

/// The place of `x` among the first `count` kept values of a line: the
/// number of them it does not go before.
template <typename TopkOp>
static Value findTopkPlace(OpBuilder &b, Location loc, TopkOp op,
                           const Line &line, Value x, Value kept,
                           Value count) {
  auto place = scf::ForOp::create(
      b, loc, index(b, loc, 0), count, index(b, loc, 1),
      ValueRange{index(b, loc, 0)},
      [&](OpBuilder &pb, Location pl, Value j, ValueRange p) {
        Value y = tensor::ExtractOp::create(pb, pl, kept, line.local(j));
        Value before = inlineRegion(pb, op.getRegion(), {x, y});
        Value inc = arith::SelectOp::create(pb, pl, before, index(pb, pl, 0),
                                            index(pb, pl, 1));
        scf::YieldOp::create(
            pb, pl, ValueRange{arith::AddIOp::create(pb, pl, p[0], inc)});
      });
  return place.getResult(0);
}

/// `x` and its index `xi` put at place `p` of the kept lines (values and
/// indices, `count` of them so far), the ones from `p` on shifted down by
/// one (the k-th drops out). Returns the lines and the new count.
static SmallVector<Value> insertIntoTopk(OpBuilder &b, Location loc,
                                         const Line &line, ValueRange kept,
                                         Value count, Value k, Value p,
                                         Value x, Value xi) {
  Value one = index(b, loc, 1);
  Value last =
      arith::MinSIOp::create(b, loc, count, arith::SubIOp::create(b, loc, k, one));
  Value moves = arith::SubIOp::create(b, loc, last, p);
  auto shift = scf::ForOp::create(
      b, loc, index(b, loc, 0), moves, one, kept,
      [&](OpBuilder &sb, Location sl, Value s, ValueRange cur) {
        Value to = arith::SubIOp::create(sb, sl, last, s);
        Value from = arith::SubIOp::create(sb, sl, to, index(sb, sl, 1));
        SmallVector<Value> next;
        for (Value t : cur) {
          Value v = tensor::ExtractOp::create(sb, sl, t, line.local(from));
          next.push_back(
              tensor::InsertOp::create(sb, sl, v, t, line.local(to)));
        }
        scf::YieldOp::create(sb, sl, next);
      });
  Value v =
      tensor::InsertOp::create(b, loc, x, shift.getResult(0), line.local(p));
  Value vi =
      tensor::InsertOp::create(b, loc, xi, shift.getResult(1), line.local(p));
  Value grown = arith::MinSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, count, one), k);
  return {v, vi, grown};
}

/// Per line: each element in turn goes to its place among the kept ones
/// (after every kept one the comparator does not put it before, so that
/// the first of equal elements stays first), the later ones shifted down;
/// those past k drop out.
template <typename TopkOp>
static SmallVector<Value> lowerTopk(OpBuilder &b, TopkOp op) {
  Location loc = op.getLoc();
  Value values = op.getInputs()[0];
  Value given = op.getInputs().size() == 2 ? op.getInputs()[1] : Value();
  Value outValues = op.getOutputs()[0], outIndices = op.getOutputs()[1];
  int64_t dim = op.getDimension();
  Type indexType =
      cast<RankedTensorType>(outIndices.getType()).getElementType();
  Value n = dimSize(b, loc, values, dim);
  Value k = dimSize(b, loc, outValues, dim);
  auto body = [&](OpBuilder &b, Location loc, const Line &line,
                  ValueRange args) -> SmallVector<Value> {
    Value zero = index(b, loc, 0), one = index(b, loc, 1);
    auto loop = scf::ForOp::create(
        b, loc, zero, n, one, ValueRange{args[0], args[1], zero},
        [&](OpBuilder &lb, Location ll, Value i, ValueRange kept) {
          Value x = tensor::ExtractOp::create(lb, ll, values, line.full(i));
          Value xi =
              given ? tensor::ExtractOp::create(lb, ll, given, line.full(i))
                          .getResult()
                    : i;
          xi = castInteger(lb, ll, xi, indexType);
          Value count = kept[2];
          // Whether it enters: the k kept are not all there yet, or it goes
          // before the last of them (most elements of a long line do not:
          // one comparison each). Only then is its place searched.
          Value enters = entersTopk(lb, ll, op, line, x, kept[0], count, k);
          Value searched = arith::SelectOp::create(lb, ll, enters, count,
                                                   index(lb, ll, 0));
          Value p = findTopkPlace(lb, ll, op, line, x, kept[0], searched);
          Value fits = arith::AndIOp::create(
              lb, ll, enters,
              arith::CmpIOp::create(lb, ll, arith::CmpIPredicate::slt, p, k));
          auto ifOp = scf::IfOp::create(lb, ll, kept.getTypes(), fits, true);
          OpBuilder tb = ifOp.getThenBodyBuilder();
          scf::YieldOp::create(tb, ll,
                               insertIntoTopk(tb, ll, line, kept.take_front(2),
                                              count, k, p, x, xi));
          OpBuilder eb = ifOp.getElseBodyBuilder();
          scf::YieldOp::create(eb, ll, kept);
          scf::YieldOp::create(lb, ll, ifOp.getResults());
        });
    return {loop.getResult(0), loop.getResult(1)};
  };
  return forEachLine(b, loc, outValues, dim, op.getOutputs(), body);
}

//===----------------------------------------------------------------------===//
// arg_compare
//===----------------------------------------------------------------------===//

/// A reduction along the dimension with the value and the index as
/// results: the candidate replaces both where the comparator prefers it.
static SmallVector<Value> lowerArgCompare(OpBuilder &b,
                                          iree_linalg_ext::ArgCompareOp op) {
  Location loc = op.getLoc();
  Value input = op.getInputs()[0];
  int64_t rank = cast<RankedTensorType>(input.getType()).getRank();
  int64_t dim = op.getDimension();
  SmallVector<AffineExpr> kept;
  SmallVector<utils::IteratorType> iterators;
  for (int64_t d = 0; d < rank; ++d) {
    if (d != dim)
      kept.push_back(b.getAffineDimExpr(d));
    iterators.push_back(d == dim ? utils::IteratorType::reduction
                                 : utils::IteratorType::parallel);
  }
  AffineMap out = AffineMap::get(rank, 0, kept, b.getContext());
  auto generic = linalg::GenericOp::create(
      b, loc, op.getOutputs().getTypes(), ValueRange{input}, op.getOutputs(),
      {b.getMultiDimIdentityMap(rank), out, out}, iterators,
      [&](OpBuilder &nb, Location nl, ValueRange args) {
        Value take = inlineRegion(nb, op.getRegion(), {args[0], args[1]});
        Value at = linalg::IndexOp::create(nb, nl, dim);
        Value index = castInteger(nb, nl, at, args[2].getType());
        linalg::YieldOp::create(
            nb, nl,
            ValueRange{arith::SelectOp::create(nb, nl, take, args[0], args[1]),
                       arith::SelectOp::create(nb, nl, take, index, args[2])});
      });
  return SmallVector<Value>(generic.getResults());
}

//===----------------------------------------------------------------------===//
// attention
//===----------------------------------------------------------------------===//

/// A contraction over the loops (batch..., i, j, r) of `lhs` (batch..., i,
/// r or r, ...) and `rhs`, given their maps, into a zero-filled `type`.
static Value contract(OpBuilder &b, Location loc, Value lhs, Value rhs,
                      RankedTensorType type, AffineMap lhsMap,
                      AffineMap rhsMap) {
  int64_t loops = type.getRank() + 1;
  Type elt = type.getElementType();
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elt));
  Value empty = tensor::EmptyOp::create(b, loc, type.getShape(), elt);
  Value init = linalg::FillOp::create(b, loc, zero, empty).result();
  SmallVector<utils::IteratorType> iterators(loops,
                                             utils::IteratorType::parallel);
  iterators.back() = utils::IteratorType::reduction;
  AffineMap outMap =
      AffineMap::getMultiDimIdentityMap(loops, b.getContext()).dropResult(
          loops - 1);
  return linalg::GenericOp::create(
             b, loc, type, ValueRange{lhs, rhs}, ValueRange{init},
             {lhsMap, rhsMap, outMap}, iterators,
             [](OpBuilder &nb, Location nl, ValueRange args) {
               Value p = arith::MulFOp::create(nb, nl, args[0], args[1]);
               linalg::YieldOp::create(
                   nb, nl, ValueRange{arith::AddFOp::create(nb, nl, args[2], p)});
             })
      .getResult(0);
}

/// softmax(Q K^T / sqrt(d) [+ mask]) V as linalg ops the sketches schedule.
static FailureOr<SmallVector<Value>> lowerAttention(OpBuilder &b,
                                                    tmt::AttentionOp op) {
  Location loc = op.getLoc();
  Value q = op.getInputs()[0], k = op.getInputs()[1], v = op.getInputs()[2];
  Value mask = op.getInputs().size() == 4 ? op.getInputs()[3] : Value();
  auto qType = cast<RankedTensorType>(q.getType());
  auto kType = cast<RankedTensorType>(k.getType());
  auto outType = cast<RankedTensorType>(op.getOutputs()[0].getType());
  if (!qType.hasStaticShape() || !kType.hasStaticShape() ||
      !outType.hasStaticShape() || !isa<FloatType>(qType.getElementType()))
    return op.emitError("tm_tensor.attention: only static shapes of floats "
                        "are converted");
  int64_t rank = qType.getRank(), batch = rank - 2;
  MLIRContext *ctx = b.getContext();
  auto d = [&](int64_t i) { return getAffineDimExpr(i, ctx); };
  // Scores over (batch..., l, s, r): Q (batch, l, r), K (batch, s, r).
  SmallVector<AffineExpr> qe, ke;
  for (int64_t i = 0; i < batch; ++i) {
    qe.push_back(d(i));
    ke.push_back(d(i));
  }
  qe.append({d(batch), d(batch + 2)});
  ke.append({d(batch + 1), d(batch + 2)});
  SmallVector<int64_t> scoreShape(qType.getShape().drop_back());
  scoreShape.push_back(kType.getDimSize(rank - 2));
  Type elt = qType.getElementType();
  auto scoreType = RankedTensorType::get(scoreShape, elt);
  Value scores = contract(b, loc, q, k, scoreType,
                          AffineMap::get(rank + 1, 0, qe, ctx),
                          AffineMap::get(rank + 1, 0, ke, ctx));
  // Scaled by 1 / sqrt(d) and masked (the mask aligned to the trailing
  // dimensions, its extents of 1 broadcast).
  Value scale = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(elt, 1.0 / std::sqrt(double(qType.getShape().back()))));
  SmallVector<Value> ins = {scores};
  SmallVector<AffineMap> maps = {b.getMultiDimIdentityMap(rank)};
  if (mask) {
    auto maskType = cast<RankedTensorType>(mask.getType());
    if (maskType.getRank() > rank || !maskType.hasStaticShape())
      return op.emitError("tm_tensor.attention: the mask must be static and "
                          "of the scores' rank or less");
    SmallVector<AffineExpr> me;
    int64_t offset = rank - maskType.getRank();
    for (int64_t i = 0; i < maskType.getRank(); ++i)
      me.push_back(maskType.getDimSize(i) == 1 && scoreShape[offset + i] != 1
                       ? getAffineConstantExpr(0, ctx)
                       : d(offset + i));
    ins.push_back(mask);
    maps.push_back(AffineMap::get(rank, 0, me, ctx));
  }
  maps.push_back(b.getMultiDimIdentityMap(rank));
  Value empty = tensor::EmptyOp::create(b, loc, scoreShape, elt);
  SmallVector<utils::IteratorType> parallel(rank, utils::IteratorType::parallel);
  Value scaled =
      linalg::GenericOp::create(
          b, loc, scoreType, ins, ValueRange{empty}, maps, parallel,
          [&](OpBuilder &nb, Location nl, ValueRange args) {
            Value s = arith::MulFOp::create(nb, nl, args[0], scale);
            if (mask) {
              Value m = args[1];
              if (m.getType() != elt)
                m = arith::ExtFOp::create(nb, nl, elt, m);
              s = arith::AddFOp::create(nb, nl, s, m);
            }
            linalg::YieldOp::create(nb, nl, ValueRange{s});
          })
          .getResult(0);
  Value probs =
      linalg::SoftmaxOp::create(b, loc, scoreType, scaled,
                                tensor::EmptyOp::create(b, loc, scoreShape, elt),
                                rank - 1)
          .getResult()[0];
  // Output over (batch..., l, e, s): P (batch, l, s), V (batch, s, e).
  SmallVector<AffineExpr> pe, ve;
  for (int64_t i = 0; i < batch; ++i) {
    pe.push_back(d(i));
    ve.push_back(d(i));
  }
  pe.append({d(batch), d(batch + 2)});
  ve.append({d(batch + 2), d(batch + 1)});
  Value out = contract(b, loc, probs, v, outType,
                       AffineMap::get(rank + 1, 0, pe, ctx),
                       AffineMap::get(rank + 1, 0, ve, ctx));
  return SmallVector<Value>{out};
}

/// The ops of torch-mlir's tm_tensor and IREE's iree_linalg_ext dialects
/// under `root`, each replaced by what it computes.
LogicalResult mlir::tuner::convertTMTensorOps(Operation *root) {
  namespace ile = mlir::tuner::iree_linalg_ext;
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (isa<tmt::ScanOp, tmt::ScatterOp, tmt::SortOp, tmt::TopkOp,
            tmt::AttentionOp, ile::ScanOp, ile::ScatterOp, ile::SortOp,
            ile::TopkOp, ile::ArgCompareOp>(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    FailureOr<SmallVector<Value>> values =
        TypeSwitch<Operation *, FailureOr<SmallVector<Value>>>(op)
            .Case<tmt::ScanOp, ile::ScanOp>(
                [&](auto scan) { return lowerScan(rewriter, scan); })
            .Case<tmt::ScatterOp, ile::ScatterOp>(
                [&](auto scatter) { return lowerScatter(rewriter, scatter); })
            .Case<tmt::SortOp, ile::SortOp>(
                [&](auto sort) { return lowerSort(rewriter, sort); })
            .Case<tmt::TopkOp, ile::TopkOp>(
                [&](auto topk) { return lowerTopk(rewriter, topk); })
            .Case([&](ile::ArgCompareOp argCompare) {
              return lowerArgCompare(rewriter, argCompare);
            })
            .Case([&](tmt::AttentionOp attention) {
              return lowerAttention(rewriter, attention);
            });
    if (failed(values))
      return failure();
    // An op written without results (its outputs' values are unused).
    rewriter.replaceOp(op, ArrayRef<Value>(*values).take_front(
                               op->getNumResults()));
  }
  return success();
}

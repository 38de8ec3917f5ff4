//===- FoldConstants.h - compile-time evaluation of linalg ops --*- C++ -*-===//
//
// Evaluates linalg ops on static tensors whose inputs are all constants
// (weight transposes, casts and broadcasts that frontends emit as linalg ops)
// and replaces their results with `arith.constant` ops. The library function
// behind the `tuner-fold-constants` pass.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TRANSFORMS_FOLDCONSTANTS_H
#define TUNER_TRANSFORMS_FOLDCONSTANTS_H

#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>

namespace mlir::tuner {

/// Limits of foldConstantLinalgOps. Every field must be non-negative.
struct FoldConstantsOptions {
  /// The largest result (in elements) that is folded; a splat result is not
  /// limited. When the constant inputs have other users, the folded result is
  /// an extra copy of the data, which this bounds.
  int64_t maxElements = int64_t(1) << 26;

  /// A result with more elements than `maxGrowth` times the elements of the
  /// largest non-splat constant operand is not folded (with the default 1, a
  /// transpose or a cast is folded, a broadcast of a bias is not: fusion
  /// serves it better). A splat result never grows the data.
  int64_t maxGrowth = 1;

  /// The most work of the general interpreter for one op (iteration points
  /// times payload ops); an op that needs more is left alone. Copies and
  /// single casts take a fast path that is bounded by `maxElements` only.
  int64_t maxWork = int64_t(1) << 26;

  /// Non-splat results with more elements than this become
  /// `dense_resource` blobs (as frontends emit weights); smaller ones, and
  /// i1 results, become `dense` attributes.
  int64_t resourceThreshold = 1024;

  /// Emit a remark on every linalg op with a constant tensor input that is
  /// left alone, saying why.
  bool emitRemarks = false;
};

/// Folds every linalg op nested in `root` (in program order, so chains of
/// foldable ops fold completely) whose result can be computed at compile
/// time: an op with pure tensor semantics on static shapes whose DPS inputs
/// are all constants (`arith.constant` of a scalar, of a `dense` attribute
/// or of a readable `dense_resource` blob), at least one of them a tensor,
/// and whose inits are either unused by the payload or constants themselves
/// (including a `linalg.fill` of a constant scalar). Each result is replaced
/// by an `arith.constant`; the folded op and the constants, fills and empty
/// tensors left without users are erased.
///
/// Ops are left alone (not an error) when an operand is not a constant, an
/// element type is neither i1 nor an integer or float of 8, 16, 32 or 64
/// bits, a blob is unreadable, a limit of `options` is exceeded, the payload
/// has an op the evaluator does not know, or an evaluation hits undefined
/// behaviour or poison (division by zero, out-of-range fptosi).
///
/// Returns the number of ops folded, or failure (with an error at `root`)
/// when `options` is invalid.
FailureOr<unsigned> foldConstantLinalgOps(Operation *root,
                                          const FoldConstantsOptions &options);

} // namespace mlir::tuner

#endif // TUNER_TRANSFORMS_FOLDCONSTANTS_H

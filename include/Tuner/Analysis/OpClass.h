//===- OpClass.h - classify linalg ops by their loop structure --*- C++ -*-===//
//
// Sketches are chosen by what an op computes, not by its name (as Ansor and
// MetaSchedule derive sketches from the compute DAG): the iterator types, the
// indexing maps and the body of any `linalg` op put it in one class.
// `linalg.matmul`, a `linalg.generic` with the same maps and body, a matmul
// with a transposed operand, and a mixed-precision contraction are all
// contractions; a `linalg.conv_2d_nchw_fchw` and a 7-loop generic computing
// a convolution are both convolutions.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_ANALYSIS_OPCLASS_H
#define TUNER_ANALYSIS_OPCLASS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Support/LLVM.h"

#include <optional>

namespace mlir::tuner {

/// The kind of computation of a linalg op.
enum class OpClass {
  /// Sums of products over reduction loops that index both inputs as
  /// permutations (matmul, batch matmul, transposed operands, einsums).
  Contraction,
  /// Sums of products where a reduction loop slides along a parallel one in
  /// the input (d_oh + d_kh): 1-D/2-D/3-D, strided, dilated, depthwise.
  Convolution,
  /// Any other op with reduction loops (sums, maxima, norms).
  Reduction,
  /// All loops parallel and the body computes (bias, activation, cast,
  /// fill, broadcast through a projection).
  Elementwise,
  /// All loops parallel, the body only forwards an input, and an input is
  /// read in another dimension order than the output is written (a layout
  /// change: the cache wants it tiled in two dimensions).
  Transpose,
};

/// The class of `op`.
OpClass classifyOp(linalg::LinalgOp op);

/// "contraction", "convolution", "reduction", "elementwise", "transpose".
StringRef stringifyOpClass(OpClass opClass);

/// Whether the body of `op` only yields block arguments of its inputs (no
/// computation, not even a cast).
bool isDataMovementBody(linalg::LinalgOp op);

/// For an all-parallel op: the loop that the innermost (contiguous)
/// dimension of the first input read in another order than the output
/// indexes, when it is not the output's innermost loop. That loop and the
/// output's innermost loop are the two a transpose is tiled along.
std::optional<unsigned> getTransposedInputLoop(linalg::LinalgOp op);

} // namespace mlir::tuner

#endif // TUNER_ANALYSIS_OPCLASS_H

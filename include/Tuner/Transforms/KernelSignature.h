//===- KernelSignature.h - what a kernel takes and returns ------*- C++ -*-===//
//
// The tensor-level signature of a function to run (its inputs and outputs as
// shaped types, its FLOP count), recorded on the function as `tuner.kernel`
// before lowering so that an already-lowered module can still be called with
// the right buffers. It lives with the lowering (which records it) so that
// lib/Transforms depends on no tuner library; the measurer and the task
// extraction use it from here.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TRANSFORMS_KERNELSIGNATURE_H
#define TUNER_TRANSFORMS_KERNELSIGNATURE_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace mlir::tuner {

struct KernelSignature {
  /// Shaped types of the function's arguments, in order; a scalar argument
  /// (an int or float passed by value, such as a quantized matmul's zero
  /// point) is recorded as the 0-d vector type of its type (`vector<i32>`).
  /// Executors fill it like a one-element buffer and pass the value. An
  /// argument may have dynamic dimensions (a batch size left open by the
  /// exporter): its buffer gets the shape of the data it is read from.
  SmallVector<ShapedType> inputs;
  /// Per input, an exclusive bound on its values when it holds indices
  /// (integers a linalg op's body casts to an index of a tensor.extract or
  /// memref.load: a gather's positions, an embedding's token ids), the
  /// smallest extent they index; 0 for other inputs. Random inputs stay in
  /// [0, bound) so that a gather reads inside its table (torch-mlir's
  /// gathers assert it). Empty when no input holds indices.
  SmallVector<int64_t> inputBounds;
  /// Shaped types of the function's results, in order. A result whose
  /// shape depends on the data (ONNX's NonZero, a split by sizes given as a
  /// tensor) has dynamic dimensions: the function allocates and returns it,
  /// and the caller learns its sizes from the returned descriptor (never
  /// with outParams).
  SmallVector<ShapedType> outputs;
  /// Arithmetic operations of one call (0 = unknown).
  int64_t flops = 0;
  /// Whether the lowered function takes the outputs as trailing arguments
  /// (buffer-results-to-out-params) instead of returning them.
  bool outParams = false;
  /// The arguments of the lowered function (the inputs, then the outputs
  /// where they are out-parameters) that its host code reads or writes
  /// (tuner-gpu-device-memory): a GPU runner passes them in memory the host
  /// reaches, the others in device memory. Empty for CPU code.
  SmallVector<int64_t> hostArgs;
  /// The least precise float element type the function computes with (its
  /// arguments, results and the values of its ops), null when it computes on
  /// no floats: what the precision of its results is bounded by.
  Type precision;
  /// The longest reduction of one of its ops: the product of the extents of
  /// an op's reduction loops, the largest over its linalg ops (1 when none
  /// reduces). A sum of that many terms, reordered by a schedule, moves by
  /// up to about that many roundings of its accumulator.
  int64_t reductionSize = 1;
  /// The least precise float type a reduction accumulates in (the element
  /// type of an init operand of an op with reduction loops), null when no
  /// op reduces floats.
  Type accumulator;
};

/// Whether a result of `signature` has dynamic dimensions (see
/// KernelSignature::outputs).
bool hasDynamicOutputs(const KernelSignature &signature);

/// Whether an argument of `signature` has dynamic dimensions (see
/// KernelSignature::inputs).
bool hasDynamicInputs(const KernelSignature &signature);

/// Name of the function attribute holding the signature.
constexpr StringLiteral kKernelAttrName = "tuner.kernel";

/// Records the signature of a tensor- or memref-level function as
/// `tuner.kernel`, unless it has one. FLOPs are counted over its linalg ops
/// when none of them has been tiled yet (0 otherwise).
void annotateKernelSignature(Operation *func);

/// Sets the `out_params` field of an existing `tuner.kernel` attribute.
void setKernelOutParams(Operation *func, bool outParams);

/// Sets the `host_args` field of an existing `tuner.kernel` attribute (see
/// KernelSignature::hostArgs).
void setKernelHostArgs(Operation *func, ArrayRef<int64_t> hostArgs);

/// Lowers the `precision` field of an existing `tuner.kernel` attribute to
/// `type` when `type` is less precise: a kernel that rounds its f32 inputs
/// to tf32 computes with tf32.
void narrowKernelPrecision(Operation *func, FloatType type);

/// The signature of `func`: from its `tuner.kernel` attribute, or else from
/// its argument and result types (which must be ranked shaped types, or
/// int or float scalars; a result may have dynamic dimensions unless it is
/// an out-parameter). Fails with a message otherwise.
FailureOr<KernelSignature> getKernelSignature(Operation *func,
                                              std::string &error);

/// Arithmetic operations of one linalg op: compute ops of its body (casts,
/// constants, index ops and the terminator excluded) times the size of its
/// iteration space; 0 when a loop range is dynamic.
int64_t computeFlops(linalg::LinalgOp op);

/// The FLOPs of one call of a function whose linalg ops are not tiled.
int64_t countFunctionFlops(Operation *func);

/// The longest reduction of `func`'s linalg ops and the least precise float
/// type they accumulate in (KernelSignature::reductionSize, accumulator). On
/// tensors, a chain of reductions counts the terms of all of them (the
/// output of three 1024-term matmuls, one after the other, 3072): their
/// roundings add up.
std::pair<int64_t, Type> getLongestReduction(Operation *func);

/// The float element type with the fewest mantissa bits among the types of
/// `func`'s arguments and of every value defined in it (ties: the narrower),
/// or null when there is none. Floats of 8 bits or fewer, which programs
/// only store and compute with widened, count only as result types.
Type getLeastPreciseFloatType(Operation *func);

} // namespace mlir::tuner

#endif // TUNER_TRANSFORMS_KERNELSIGNATURE_H

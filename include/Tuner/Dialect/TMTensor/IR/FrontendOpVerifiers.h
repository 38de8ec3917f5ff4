//===- FrontendOpVerifiers.h - verifiers of read-only frontend ops -*- C++ -*-===//
//
// The verifiers of the ops that torch-mlir's tm_tensor dialect and IREE's
// iree_linalg_ext dialect share (scan, scatter, sort, topk, attention: the
// same operands, attributes and regions), for both dialects' ops: what the
// conversion in tuner-convert-frontend-ops relies on.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_TMTENSOR_IR_FRONTENDOPVERIFIERS_H
#define TUNER_DIALECT_TMTENSOR_IR_FRONTENDOPVERIFIERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tuner::frontend {

/// Checks that the region of `op` takes `types` and yields `yields` values
/// (of type `yieldType` when given).
inline LogicalResult verifyRegion(Operation *op, Region &region,
                                  TypeRange types, unsigned yields,
                                  Type yieldType = {}) {
  Block &block = region.front();
  if (block.getArgumentTypes() != types)
    return op->emitOpError("expected a region taking ")
           << types.size() << " arguments of the element types";
  Operation *yield = block.getTerminator();
  if (!yield || yield->getNumOperands() != yields)
    return op->emitOpError("expected the region to yield ")
           << yields << " value" << (yields == 1 ? "" : "s");
  if (yieldType && yield->getOperand(0).getType() != yieldType)
    return op->emitOpError("expected the region to yield ") << yieldType;
  return success();
}

/// Checks that the results, when there are, have the outputs' types.
inline LogicalResult verifyResults(Operation *op, ValueRange outputs,
                                   TypeRange results) {
  if (!results.empty() && TypeRange(outputs) != results)
    return op->emitOpError("expected results of the types of the outputs");
  return success();
}

inline RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

template <typename OpTy> LogicalResult verifyScanOp(OpTy op) {
  if (op.getInputs().size() != 1 || op.getOutputs().size() != 2)
    return op.emitOpError("expected one input and two outputs");
  RankedTensorType input = tensorType(op.getInputs()[0]);
  RankedTensorType output = tensorType(op.getOutputs()[0]);
  RankedTensorType acc = tensorType(op.getOutputs()[1]);
  int64_t dim = op.getDimension();
  if (dim < 0 || dim >= input.getRank())
    return op.emitOpError("dimension ") << dim << " is out of range";
  if (output != input)
    return op.emitOpError("expected the output of the input's type");
  SmallVector<int64_t> accShape(input.getShape());
  accShape.erase(accShape.begin() + dim);
  if (acc.getShape() != ArrayRef<int64_t>(accShape) ||
      acc.getElementType() != input.getElementType())
    return op.emitOpError("expected the accumulator of the input's shape "
                       "without the scanned dimension");
  Type elt = input.getElementType();
  if (failed(verifyRegion(op, op.getRegion(), {elt, elt}, 1, elt)))
    return failure();
  return verifyResults(op, op.getOutputs(), op.getResultTypes());
}

template <typename OpTy> LogicalResult verifyScatterOp(OpTy op) {
  if (op.getInputs().size() != 2 || op.getOutputs().size() != 1)
    return op.emitOpError("expected two inputs (updates, indices) and one "
                       "output");
  RankedTensorType updates = tensorType(op.getInputs()[0]);
  RankedTensorType indices = tensorType(op.getInputs()[1]);
  RankedTensorType original = tensorType(op.getOutputs()[0]);
  if (indices.getRank() != 2 || !indices.getElementType().isIntOrIndex() ||
      ShapedType::isDynamic(indices.getDimSize(1)))
    return op.emitOpError("expected indices of rank 2 with a static depth");
  int64_t depth = indices.getDimSize(1);
  ArrayRef<int64_t> dims = op.getDimensionMap();
  if (static_cast<int64_t>(dims.size()) != depth)
    return op.emitOpError("expected a dimension map of ")
           << depth << " entries";
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : dims)
    if (d < 0 || d >= original.getRank() || !seen.insert(d).second)
      return op.emitOpError("dimension map is invalid");
  if (updates.getRank() < 1 ||
      updates.getDimSize(0) != indices.getDimSize(0))
    return op.emitOpError("expected as many updates as indices");
  int64_t sliceRank = updates.getRank() - 1;
  if (sliceRank > original.getRank() ||
      original.getRank() > depth + sliceRank)
    return op.emitOpError("expected update slices that cover the original's "
                       "dimensions the indices do not");
  Type elt = original.getElementType();
  if (updates.getElementType() != elt)
    return op.emitOpError("expected updates of the original's element type");
  if (failed(verifyRegion(op, op.getRegion(), {elt, elt}, 1, elt)))
    return failure();
  return verifyResults(op, op.getOutputs(), op.getResultTypes());
}

template <typename OpTy> LogicalResult verifySortOp(OpTy op) {
  if (op.getOutputs().empty())
    return op.emitOpError("expected at least one output");
  RankedTensorType first = tensorType(op.getOutputs()[0]);
  int64_t dim = op.getDimension();
  if (dim < 0 || dim >= first.getRank())
    return op.emitOpError("dimension ") << dim << " is out of range";
  SmallVector<Type> args;
  for (Value output : op.getOutputs()) {
    RankedTensorType type = tensorType(output);
    if (type.getShape() != first.getShape())
      return op.emitOpError("expected outputs of one shape");
    args.append(2, type.getElementType());
  }
  Builder b(op.getContext());
  if (failed(verifyRegion(op, op.getRegion(), args, 1, b.getI1Type())))
    return failure();
  return verifyResults(op, op.getOutputs(), op.getResultTypes());
}

template <typename OpTy> LogicalResult verifyTopkOp(OpTy op) {
  if (op.getInputs().empty() || op.getInputs().size() > 2 ||
      op.getOutputs().size() != 2)
    return op.emitOpError("expected one or two inputs (values, indices) and two "
                       "outputs");
  RankedTensorType values = tensorType(op.getInputs()[0]);
  RankedTensorType outValues = tensorType(op.getOutputs()[0]);
  RankedTensorType outIndices = tensorType(op.getOutputs()[1]);
  int64_t dim = op.getDimension();
  if (dim < 0 || dim >= values.getRank())
    return op.emitOpError("dimension ") << dim << " is out of range";
  if (outValues.getShape() != outIndices.getShape() ||
      outValues.getRank() != values.getRank() ||
      outValues.getElementType() != values.getElementType() ||
      !outIndices.getElementType().isIntOrIndex())
    return op.emitOpError("expected outputs of the values' rank and type, and "
                       "integer indices");
  for (int64_t d = 0; d < values.getRank(); ++d)
    if (d != dim && values.getDimSize(d) != outValues.getDimSize(d))
      return op.emitOpError("expected outputs of the values' shape but for the "
                         "dimension");
  if (op.getInputs().size() == 2 &&
      tensorType(op.getInputs()[1]).getShape() != values.getShape())
    return op.emitOpError("expected indices of the values' shape");
  Type elt = values.getElementType();
  Builder b(op.getContext());
  if (failed(verifyRegion(op, op.getRegion(), {elt, elt}, 1, b.getI1Type())))
    return failure();
  return verifyResults(op, op.getOutputs(), op.getResultTypes());
}

template <typename OpTy> LogicalResult verifyArgCompareOp(OpTy op) {
  if (op.getInputs().size() != 1 || op.getOutputs().size() != 2)
    return op.emitOpError("expected one input and two outputs (values, "
                          "indices)");
  RankedTensorType input = tensorType(op.getInputs()[0]);
  RankedTensorType values = tensorType(op.getOutputs()[0]);
  RankedTensorType indices = tensorType(op.getOutputs()[1]);
  int64_t dim = op.getDimension();
  if (dim < 0 || dim >= input.getRank())
    return op.emitOpError("dimension ") << dim << " is out of range";
  SmallVector<int64_t> shape(input.getShape());
  shape.erase(shape.begin() + dim);
  if (values.getShape() != ArrayRef<int64_t>(shape) ||
      indices.getShape() != ArrayRef<int64_t>(shape) ||
      values.getElementType() != input.getElementType() ||
      !indices.getElementType().isIntOrIndex())
    return op.emitOpError("expected values of the input's type and integer "
                          "indices, of the input's shape without the "
                          "dimension");
  Type elt = input.getElementType();
  Builder b(op.getContext());
  if (failed(verifyRegion(op, op.getRegion(), {elt, elt}, 1, b.getI1Type())))
    return failure();
  return verifyResults(op, op.getOutputs(), op.getResultTypes());
}

template <typename OpTy> LogicalResult verifyAttentionOp(OpTy op) {
  if (op.getInputs().size() < 3 || op.getInputs().size() > 4 ||
      op.getOutputs().size() != 1)
    return op.emitOpError("expected query, key, value (and a mask) and one "
                       "output");
  RankedTensorType q = tensorType(op.getInputs()[0]);
  RankedTensorType k = tensorType(op.getInputs()[1]);
  RankedTensorType v = tensorType(op.getInputs()[2]);
  RankedTensorType out = tensorType(op.getOutputs()[0]);
  int64_t rank = q.getRank();
  if (rank < 2 || k.getRank() != rank || v.getRank() != rank ||
      out.getRank() != rank)
    return op.emitOpError("expected query, key, value and output of one rank, "
                       "at least 2");
  ArrayRef<int64_t> qs = q.getShape(), ks = k.getShape(), vs = v.getShape(),
                    os = out.getShape();
  if (qs.drop_back(2) != ks.drop_back(2) || qs.drop_back(2) != vs.drop_back(2) ||
      qs.drop_back(2) != os.drop_back(2) || qs.back() != ks.back() ||
      ks[rank - 2] != vs[rank - 2] || os[rank - 2] != qs[rank - 2] ||
      os.back() != vs.back())
    return op.emitOpError("expected Q [..., L, d], K [..., S, d], V [..., S, "
                       "e] and an output [..., L, e]");
  return verifyResults(op, op.getOutputs(), op.getResultTypes());
}

} // namespace mlir::tuner::frontend

#endif // TUNER_DIALECT_TMTENSOR_IR_FRONTENDOPVERIFIERS_H

//===- TMTensor.cpp - torch-mlir's tm_tensor ops, to read -----------------===//
//
// The dialect and the verifiers of its ops: what the conversion in
// tuner-convert-frontend-ops relies on (operand counts, ranks, shapes,
// region signatures).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/TMTensor/IR/TMTensor.h"

#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tuner::tm_tensor;

#include "Tuner/Dialect/TMTensor/IR/TMTensorDialect.cpp.inc"

void TMTensorDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "Tuner/Dialect/TMTensor/IR/TMTensorOps.cpp.inc"
      >();
}

#define GET_OP_CLASSES
#include "Tuner/Dialect/TMTensor/IR/TMTensorOps.cpp.inc"

/// Checks that the region of `op` takes `types` and yields `yields` values
/// (of type `yieldType` when given).
static LogicalResult verifyRegion(Operation *op, Region &region,
                                  TypeRange types, unsigned yields,
                                  Type yieldType = {}) {
  Block &block = region.front();
  if (block.getArgumentTypes() != types)
    return op->emitOpError("expected a region taking ")
           << types.size() << " arguments of the element types";
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield || yield.getNumOperands() != yields)
    return op->emitOpError("expected the region to yield ")
           << yields << " value" << (yields == 1 ? "" : "s");
  if (yieldType && yield.getOperand(0).getType() != yieldType)
    return op->emitOpError("expected the region to yield ") << yieldType;
  return success();
}

/// Checks that the results, when there are, have the outputs' types.
static LogicalResult verifyResults(Operation *op, ValueRange outputs,
                                   TypeRange results) {
  if (!results.empty() && TypeRange(outputs) != results)
    return op->emitOpError("expected results of the types of the outputs");
  return success();
}

static RankedTensorType tensorType(Value v) {
  return cast<RankedTensorType>(v.getType());
}

LogicalResult ScanOp::verify() {
  if (getInputs().size() != 1 || getOutputs().size() != 2)
    return emitOpError("expected one input and two outputs");
  RankedTensorType input = tensorType(getInputs()[0]);
  RankedTensorType output = tensorType(getOutputs()[0]);
  RankedTensorType acc = tensorType(getOutputs()[1]);
  int64_t dim = getDimension();
  if (dim < 0 || dim >= input.getRank())
    return emitOpError("dimension ") << dim << " is out of range";
  if (output != input)
    return emitOpError("expected the output of the input's type");
  SmallVector<int64_t> accShape(input.getShape());
  accShape.erase(accShape.begin() + dim);
  if (acc.getShape() != ArrayRef<int64_t>(accShape) ||
      acc.getElementType() != input.getElementType())
    return emitOpError("expected the accumulator of the input's shape "
                       "without the scanned dimension");
  Type elt = input.getElementType();
  if (failed(verifyRegion(*this, getRegion(), {elt, elt}, 1, elt)))
    return failure();
  return verifyResults(*this, getOutputs(), getResultTypes());
}

LogicalResult ScatterOp::verify() {
  if (getInputs().size() != 2 || getOutputs().size() != 1)
    return emitOpError("expected two inputs (updates, indices) and one "
                       "output");
  RankedTensorType updates = tensorType(getInputs()[0]);
  RankedTensorType indices = tensorType(getInputs()[1]);
  RankedTensorType original = tensorType(getOutputs()[0]);
  if (indices.getRank() != 2 || !indices.getElementType().isIntOrIndex() ||
      ShapedType::isDynamic(indices.getDimSize(1)))
    return emitOpError("expected indices of rank 2 with a static depth");
  int64_t depth = indices.getDimSize(1);
  ArrayRef<int64_t> dims = getDimensionMap();
  if (static_cast<int64_t>(dims.size()) != depth)
    return emitOpError("expected a dimension map of ")
           << depth << " entries";
  llvm::SmallDenseSet<int64_t> seen;
  for (int64_t d : dims)
    if (d < 0 || d >= original.getRank() || !seen.insert(d).second)
      return emitOpError("dimension map is invalid");
  if (updates.getRank() < 1 ||
      updates.getDimSize(0) != indices.getDimSize(0))
    return emitOpError("expected as many updates as indices");
  int64_t sliceRank = updates.getRank() - 1;
  if (sliceRank > original.getRank() ||
      original.getRank() > depth + sliceRank)
    return emitOpError("expected update slices that cover the original's "
                       "dimensions the indices do not");
  Type elt = original.getElementType();
  if (updates.getElementType() != elt)
    return emitOpError("expected updates of the original's element type");
  if (failed(verifyRegion(*this, getRegion(), {elt, elt}, 1, elt)))
    return failure();
  return verifyResults(*this, getOutputs(), getResultTypes());
}

LogicalResult SortOp::verify() {
  if (getOutputs().empty())
    return emitOpError("expected at least one output");
  RankedTensorType first = tensorType(getOutputs()[0]);
  int64_t dim = getDimension();
  if (dim < 0 || dim >= first.getRank())
    return emitOpError("dimension ") << dim << " is out of range";
  SmallVector<Type> args;
  for (Value output : getOutputs()) {
    RankedTensorType type = tensorType(output);
    if (type.getShape() != first.getShape())
      return emitOpError("expected outputs of one shape");
    args.append(2, type.getElementType());
  }
  Builder b(getContext());
  if (failed(verifyRegion(*this, getRegion(), args, 1, b.getI1Type())))
    return failure();
  return verifyResults(*this, getOutputs(), getResultTypes());
}

LogicalResult TopkOp::verify() {
  if (getInputs().empty() || getInputs().size() > 2 ||
      getOutputs().size() != 2)
    return emitOpError("expected one or two inputs (values, indices) and two "
                       "outputs");
  RankedTensorType values = tensorType(getInputs()[0]);
  RankedTensorType outValues = tensorType(getOutputs()[0]);
  RankedTensorType outIndices = tensorType(getOutputs()[1]);
  int64_t dim = getDimension();
  if (dim < 0 || dim >= values.getRank())
    return emitOpError("dimension ") << dim << " is out of range";
  if (outValues.getShape() != outIndices.getShape() ||
      outValues.getRank() != values.getRank() ||
      outValues.getElementType() != values.getElementType() ||
      !outIndices.getElementType().isIntOrIndex())
    return emitOpError("expected outputs of the values' rank and type, and "
                       "integer indices");
  for (int64_t d = 0; d < values.getRank(); ++d)
    if (d != dim && values.getDimSize(d) != outValues.getDimSize(d))
      return emitOpError("expected outputs of the values' shape but for the "
                         "dimension");
  if (getInputs().size() == 2 &&
      tensorType(getInputs()[1]).getShape() != values.getShape())
    return emitOpError("expected indices of the values' shape");
  Type elt = values.getElementType();
  Builder b(getContext());
  if (failed(verifyRegion(*this, getRegion(), {elt, elt}, 1, b.getI1Type())))
    return failure();
  return verifyResults(*this, getOutputs(), getResultTypes());
}

LogicalResult AttentionOp::verify() {
  if (getInputs().size() < 3 || getInputs().size() > 4 ||
      getOutputs().size() != 1)
    return emitOpError("expected query, key, value (and a mask) and one "
                       "output");
  RankedTensorType q = tensorType(getInputs()[0]);
  RankedTensorType k = tensorType(getInputs()[1]);
  RankedTensorType v = tensorType(getInputs()[2]);
  RankedTensorType out = tensorType(getOutputs()[0]);
  int64_t rank = q.getRank();
  if (rank < 2 || k.getRank() != rank || v.getRank() != rank ||
      out.getRank() != rank)
    return emitOpError("expected query, key, value and output of one rank, "
                       "at least 2");
  ArrayRef<int64_t> qs = q.getShape(), ks = k.getShape(), vs = v.getShape(),
                    os = out.getShape();
  if (qs.drop_back(2) != ks.drop_back(2) || qs.drop_back(2) != vs.drop_back(2) ||
      qs.drop_back(2) != os.drop_back(2) || qs.back() != ks.back() ||
      ks[rank - 2] != vs[rank - 2] || os[rank - 2] != qs[rank - 2] ||
      os.back() != vs.back())
    return emitOpError("expected Q [..., L, d], K [..., S, d], V [..., S, "
                       "e] and an output [..., L, e]");
  return verifyResults(*this, getOutputs(), getResultTypes());
}

//===- FoldConstantsReader.cpp - constant operands of the folder ----------===//
//
// The constant reader of FoldConstantsReader.h.
//
//===----------------------------------------------------------------------===//

#include "FoldConstantsReader.h"

#include "FoldConstantsIndexing.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

namespace mlir::tuner::fold {

LogicalResult checkTensorType(Type type, std::string &why) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  if (!tensorType || !tensorType.hasStaticShape() || tensorType.getEncoding()) {
    why = llvm::formatv("{0} is not a static tensor type", type).str();
    return failure();
  }
  if (!getStorageBytes(tensorType.getElementType())) {
    why = llvm::formatv("element type {0} is not supported",
                        tensorType.getElementType())
              .str();
    return failure();
  }
  if (!checkedProduct(tensorType.getShape())) {
    why = llvm::formatv("{0} has too many elements", type).str();
    return failure();
  }
  return success();
}

FailureOr<std::optional<ConstTensor>>
readConstTensor(Value value, bool allowFill, std::string &why) {
  Operation *def = value.getDefiningOp();
  if (isa_and_nonnull<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def)) {
    if (failed(checkTensorType(value.getType(), why)))
      return failure();
    FailureOr<std::optional<ConstTensor>> source =
        readConstTensor(def->getOperand(0), allowFill, why);
    if (succeeded(source) && *source)
      (*source)->type = cast<RankedTensorType>(value.getType());
    return source;
  }
  auto constOp = dyn_cast_or_null<arith::ConstantOp>(def);
  auto fillOp = allowFill ? dyn_cast_or_null<linalg::FillOp>(def) : nullptr;
  if (!constOp && !fillOp)
    return std::optional<ConstTensor>();
  arith::ConstantOp fillValue;
  if (fillOp) {
    if (!fillOp.hasPureTensorSemantics())
      return std::optional<ConstTensor>();
    fillValue = fillOp.getInputs()[0].getDefiningOp<arith::ConstantOp>();
    if (!fillValue)
      return std::optional<ConstTensor>();
  }
  if (failed(checkTensorType(value.getType(), why)))
    return failure();

  ConstTensor tensor;
  tensor.type = cast<RankedTensorType>(value.getType());
  Type elementType = tensor.type.getElementType();
  tensor.kind = *getScalarKind(elementType);
  tensor.bytes = getStorageBytes(elementType);
  tensor.numElements = *checkedProduct(tensor.type.getShape());

  if (fillOp) {
    std::optional<Scalar> scalar = scalarFromAttr(fillValue.getValue());
    if (!scalar || fillValue.getType() != elementType)
      return std::optional<ConstTensor>();
    tensor.splat = true;
    tensor.owned.resize(tensor.bytes);
    storeBits(tensor.owned.data(), tensor.bytes, encode(tensor.kind, *scalar));
    return std::optional<ConstTensor>(std::move(tensor));
  }

  Attribute attr = constOp.getValue();
  // No element differs from another in an empty tensor: a splat, whose data
  // is never read.
  if (tensor.numElements == 0 &&
      isa<DenseElementsAttr, DenseResourceElementsAttr>(attr)) {
    tensor.splat = true;
    return std::optional<ConstTensor>(std::move(tensor));
  }
  if (auto dense = dyn_cast<DenseElementsAttr>(attr)) {
    tensor.splat = dense.isSplat();
    if (tensor.kind.width == 1) {
      // i1 is stored as packed bits; unpack to bytes.
      if (tensor.splat) {
        tensor.owned.push_back(char(dense.getSplatValue<bool>()));
      } else {
        tensor.owned.reserve(tensor.numElements);
        for (bool b : dense.getValues<bool>())
          tensor.owned.push_back(char(b));
      }
      return std::optional<ConstTensor>(std::move(tensor));
    }
    ArrayRef<char> raw = dense.getRawData();
    auto expected =
        size_t(tensor.splat ? 1 : tensor.numElements) * size_t(tensor.bytes);
    if (raw.size() != expected) {
      why = "the dense attribute's data does not have the expected size";
      return failure();
    }
    tensor.external = raw.data();
    return std::optional<ConstTensor>(std::move(tensor));
  }
  if (auto resource = dyn_cast<DenseResourceElementsAttr>(attr)) {
    AsmResourceBlob *blob = resource.getRawHandle().getBlob();
    StringRef key = resource.getRawHandle().getKey();
    if (!blob) {
      why =
          llvm::formatv("the data of dense_resource<{0}> is not available", key)
              .str();
      return failure();
    }
    ArrayRef<char> raw = blob->getData();
    if (raw.size() != size_t(tensor.numElements) * size_t(tensor.bytes)) {
      why = llvm::formatv("dense_resource<{0}> holds {1} bytes, {2} expected",
                          key, raw.size(),
                          size_t(tensor.numElements) * size_t(tensor.bytes))
                .str();
      return failure();
    }
    tensor.external = raw.data();
    return std::optional<ConstTensor>(std::move(tensor));
  }
  why = "its constant is neither a dense nor a dense_resource attribute";
  return failure();
}

} // namespace mlir::tuner::fold

//===- FoldConstantsReader.h - constant operands of the folder  -*- C++ -*-===//
//
// Reads the constant tensor operands of an op tuner-fold-constants folds:
// dense and dense_resource constants (without copying their data), fills
// of a constant scalar, and reshapes of those. Private to lib/Transforms.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_FOLDCONSTANTSREADER_H
#define TUNER_LIB_TRANSFORMS_FOLDCONSTANTSREADER_H

#include "FoldConstantsScalars.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Value.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner::fold {

/// The elements of a constant tensor in the layout of a DenseElementsAttr's
/// raw data (row-major, a single element when splat), i1 as bytes.
struct ConstTensor {
  RankedTensorType type;
  ScalarKind kind;
  unsigned bytes = 0;
  int64_t numElements = 0;
  bool splat = false;
  /// Points into the attribute or blob, or into `owned`.
  const char *external = nullptr;
  std::vector<char> owned;

  const char *data() const { return external ? external : owned.data(); }
};

/// The type of a value the evaluator can hold as a tensor: ranked, static,
/// no encoding, a supported storage type and an element count that fits.
LogicalResult checkTensorType(Type type, std::string &why);

/// Reads the constant `value`: an arith.constant of a dense or dense_resource
/// attribute, or (when `allowFill`) a linalg.fill of a constant scalar, or a
/// tensor.expand_shape/collapse_shape of one (the same row-major data).
/// Returns nullopt when `value` is not such a constant; fails (with `why`)
/// when it is one that cannot be read.
FailureOr<std::optional<ConstTensor>>
readConstTensor(Value value, bool allowFill, std::string &why);

} // namespace mlir::tuner::fold

#endif // TUNER_LIB_TRANSFORMS_FOLDCONSTANTSREADER_H

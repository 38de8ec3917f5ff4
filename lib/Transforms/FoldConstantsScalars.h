//===- FoldConstantsScalars.h - scalar codecs of the folder -----*- C++ -*-===//
//
// The scalar values tuner-fold-constants computes with and their codecs:
// element bits of every supported storage type (as a DenseElementsAttr's raw
// data holds them, i1 as a byte) to a value and back, rounding to a float
// type, scalar attributes. Private to lib/Transforms (FoldConstants*.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_FOLDCONSTANTSSCALARS_H
#define TUNER_LIB_TRANSFORMS_FOLDCONSTANTSSCALARS_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

#include <cstdint>
#include <cstring>
#include <optional>

namespace mlir::tuner::fold {

/// The scalar types the evaluator computes with: integers of 1 to 64 bits
/// (index as 64), kept as zero-extended bits, and floats of at most 64 bits,
/// kept as doubles holding a value of their type.
struct ScalarKind {
  enum Kind : uint8_t { Int, F16, BF16, F32, F64, OtherFloat };
  Kind kind = Int;
  unsigned width = 0;
  const llvm::fltSemantics *sem = nullptr;

  bool isFloat() const { return kind != Int; }
  uint64_t mask() const {
    return width >= 64 ? ~uint64_t(0) : (uint64_t(1) << width) - 1;
  }
};

/// A value of the evaluator; which member is live follows from its kind.
union Scalar {
  uint64_t i;
  double f;
};

/// The kind of a scalar type, or nullopt when the evaluator cannot hold it.
std::optional<ScalarKind> getScalarKind(Type type);

/// Bytes per element in the buffers of the evaluator: those of a
/// DenseElementsAttr's raw data, except i1 (one byte, 0 or 1, not packed
/// bits). Zero for element types whose storage is not handled.
unsigned getStorageBytes(Type type);

/// `bits` of an integer of `width` bits, sign-extended.
inline int64_t signExtend(uint64_t bits, unsigned width) {
  if (width >= 64)
    return static_cast<int64_t>(bits);
  return llvm::SignExtend64(bits, width);
}

/// `value` converted to the nearest double.
double apFloatToDouble(APFloat value);

/// Rounds a float to bfloat16 bits, to nearest, ties to even.
uint16_t roundF32ToBF16(float value);

/// The value of element bits of `kind`.
Scalar decode(const ScalarKind &kind, uint64_t bits);

/// The element bits of `s`, a value of `kind`.
uint64_t encode(const ScalarKind &kind, Scalar s);

/// Rounds `value` to the nearest value of the float `kind`.
double roundTo(const ScalarKind &kind, double value);

/// The `bytes` (1, 2, 4 or 8) little-endian bytes at `data`, zero-extended.
inline uint64_t loadBits(const char *data, unsigned bytes) {
  switch (bytes) {
  case 1:
    return uint8_t(*data);
  case 2: {
    uint16_t v;
    std::memcpy(&v, data, 2);
    return v;
  }
  case 4: {
    uint32_t v;
    std::memcpy(&v, data, 4);
    return v;
  }
  default: {
    uint64_t v;
    std::memcpy(&v, data, 8);
    return v;
  }
  }
}

/// Stores the low `bytes` (1, 2, 4 or 8) bytes of `bits` at `data`.
inline void storeBits(char *data, unsigned bytes, uint64_t bits) {
  switch (bytes) {
  case 1:
    *data = char(bits);
    return;
  case 2: {
    auto v = uint16_t(bits);
    std::memcpy(data, &v, 2);
    return;
  }
  case 4: {
    auto v = uint32_t(bits);
    std::memcpy(data, &v, 4);
    return;
  }
  default:
    std::memcpy(data, &bits, 8);
    return;
  }
}

/// The value of a scalar integer or float attribute of a supported type.
std::optional<Scalar> scalarFromAttr(Attribute attr);

} // namespace mlir::tuner::fold

#endif // TUNER_LIB_TRANSFORMS_FOLDCONSTANTSSCALARS_H

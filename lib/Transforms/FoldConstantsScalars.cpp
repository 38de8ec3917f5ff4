//===- FoldConstantsScalars.cpp - scalars of the constant folder ----------===//
//
// The codecs of FoldConstantsScalars.h. f16 and bf16 are decoded and encoded
// by hand (the hot path of the copy and cast paths); other floats of at most
// 64 bits go through APFloat.
//
//===----------------------------------------------------------------------===//

#include "FoldConstantsScalars.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/bit.h"

#include <cmath>

using namespace mlir;

namespace mlir::tuner::fold {

std::optional<ScalarKind> getScalarKind(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    unsigned width = intType.getWidth();
    if (width == 0 || width > 64)
      return std::nullopt;
    return ScalarKind{ScalarKind::Int, width, nullptr};
  }
  if (isa<IndexType>(type))
    return ScalarKind{ScalarKind::Int, 64, nullptr};
  auto floatType = dyn_cast<FloatType>(type);
  if (!floatType || floatType.getWidth() > 64)
    return std::nullopt;
  ScalarKind kind{ScalarKind::OtherFloat, floatType.getWidth(),
                  &floatType.getFloatSemantics()};
  if (floatType.isF16())
    kind.kind = ScalarKind::F16;
  else if (floatType.isBF16())
    kind.kind = ScalarKind::BF16;
  else if (floatType.isF32())
    kind.kind = ScalarKind::F32;
  else if (floatType.isF64())
    kind.kind = ScalarKind::F64;
  return kind;
}

unsigned getStorageBytes(Type type) {
  if (isa<IndexType>(type))
    return 0;
  std::optional<ScalarKind> kind = getScalarKind(type);
  if (!kind)
    return 0;
  switch (kind->width) {
  case 1:
    return kind->isFloat() ? 0 : 1;
  case 8:
  case 16:
  case 32:
  case 64:
    return kind->width / 8;
  default:
    return 0;
  }
}

double apFloatToDouble(APFloat value) {
  bool lostInfo;
  value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lostInfo);
  return value.convertToDouble();
}

static double decodeF16(uint16_t bits) {
  double sign = (bits & 0x8000) ? -1.0 : 1.0;
  unsigned exponent = (bits >> 10) & 0x1f;
  unsigned mantissa = bits & 0x3ff;
  if (exponent == 0x1f)
    return mantissa ? std::nan("") : sign * INFINITY;
  if (exponent == 0)
    return sign * std::ldexp(double(mantissa), -24);
  return sign * std::ldexp(double(mantissa | 0x400), int(exponent) - 25);
}

/// Encodes a double that holds an f16 value exactly.
static uint16_t encodeF16Exact(double value) {
  uint16_t sign = std::signbit(value) ? 0x8000 : 0;
  double magnitude = std::fabs(value);
  if (std::isnan(value))
    return sign | 0x7e00;
  if (std::isinf(value))
    return sign | 0x7c00;
  if (magnitude == 0.0)
    return sign;
  if (magnitude < std::ldexp(1.0, -14))
    return sign | uint16_t(std::ldexp(magnitude, 24));
  int exponent = std::ilogb(magnitude);
  auto mantissa = uint16_t(std::ldexp(magnitude, 10 - exponent)) & 0x3ff;
  return sign | uint16_t((exponent + 15) << 10) | mantissa;
}

/// Rounds a float to bfloat16 bits, to nearest, ties to even.
uint16_t roundF32ToBF16(float value) {
  uint32_t bits = llvm::bit_cast<uint32_t>(value);
  if (std::isnan(value))
    return uint16_t((bits >> 16) | 0x40);
  bits += 0x7fff + ((bits >> 16) & 1);
  return uint16_t(bits >> 16);
}

static double decodeBF16(uint16_t bits) {
  return llvm::bit_cast<float>(uint32_t(bits) << 16);
}

/// The value of element bits of `kind`.
Scalar decode(const ScalarKind &kind, uint64_t bits) {
  Scalar s;
  switch (kind.kind) {
  case ScalarKind::Int:
    s.i = bits & kind.mask();
    break;
  case ScalarKind::F16:
    s.f = decodeF16(uint16_t(bits));
    break;
  case ScalarKind::BF16:
    s.f = decodeBF16(uint16_t(bits));
    break;
  case ScalarKind::F32:
    s.f = llvm::bit_cast<float>(uint32_t(bits));
    break;
  case ScalarKind::F64:
    s.f = llvm::bit_cast<double>(bits);
    break;
  case ScalarKind::OtherFloat:
    s.f = apFloatToDouble(APFloat(*kind.sem, APInt(kind.width, bits)));
    break;
  }
  return s;
}

/// The element bits of `s`, a value of `kind`.
uint64_t encode(const ScalarKind &kind, Scalar s) {
  switch (kind.kind) {
  case ScalarKind::Int:
    return s.i & kind.mask();
  case ScalarKind::F16:
    return encodeF16Exact(s.f);
  case ScalarKind::BF16:
    return llvm::bit_cast<uint32_t>(float(s.f)) >> 16;
  case ScalarKind::F32:
    return llvm::bit_cast<uint32_t>(float(s.f));
  case ScalarKind::F64:
    return llvm::bit_cast<uint64_t>(s.f);
  case ScalarKind::OtherFloat: {
    APFloat value(s.f);
    bool lostInfo;
    value.convert(*kind.sem, APFloat::rmNearestTiesToEven, &lostInfo);
    return value.bitcastToAPInt().getZExtValue();
  }
  }
  return 0;
}

/// Rounds `value` to the nearest value of the float `kind`.
double roundTo(const ScalarKind &kind, double value) {
  switch (kind.kind) {
  case ScalarKind::F64:
    return value;
  case ScalarKind::F32:
    return float(value);
  case ScalarKind::BF16: {
    // Rounding through float is exact when the value is a float already (the
    // common case: a cast); otherwise double rounding could differ, so round
    // once with APFloat.
    auto asFloat = float(value);
    if (double(asFloat) == value)
      return decodeBF16(roundF32ToBF16(asFloat));
    break;
  }
  default:
    break;
  }
  if (std::isnan(value))
    return value;
  APFloat rounded(value);
  bool lostInfo;
  rounded.convert(*kind.sem, APFloat::rmNearestTiesToEven, &lostInfo);
  return apFloatToDouble(rounded);
}

/// The value of a scalar integer or float attribute of a supported type.
std::optional<Scalar> scalarFromAttr(Attribute attr) {
  Scalar s;
  if (auto intAttr = dyn_cast<IntegerAttr>(attr)) {
    std::optional<ScalarKind> kind = getScalarKind(intAttr.getType());
    if (!kind || kind->isFloat())
      return std::nullopt;
    s.i = intAttr.getValue().getZExtValue() & kind->mask();
    return s;
  }
  if (auto floatAttr = dyn_cast<FloatAttr>(attr)) {
    if (!getScalarKind(floatAttr.getType()))
      return std::nullopt;
    s.f = apFloatToDouble(floatAttr.getValue());
    return s;
  }
  return std::nullopt;
}

} // namespace mlir::tuner::fold

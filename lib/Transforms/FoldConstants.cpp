//===- FoldConstants.cpp - compile-time evaluation of linalg ops ----------===//
//
// Implements foldConstantLinalgOps and the tuner-fold-constants pass: linalg
// ops whose inputs are all constants (weight transposes, casts, small
// precomputations emitted by frontends) are evaluated at compile time and
// their results become `arith.constant` ops.
//
// Evaluation takes one of three paths:
//  - copy: the payload yields an input block argument (transpose, broadcast,
//    copy): raw element bytes are moved with index arithmetic, in tiles when
//    the input and output are contiguous along different dimensions;
//  - cast: the payload is one cast of an input block argument: the same
//    iteration, converting each element;
//  - interpret: the payload is compiled to a register program of arith and
//    math ops (and linalg.index) run over the whole iteration space in loop
//    order, so reductions accumulate into the init value as the loops would.
// Floats are computed in double precision and rounded to their type after
// every op, which gives correctly rounded results for +, -, *, /, sqrt and
// fma on types of at most 24 bits of precision (f32 and smaller) and exact
// results for f64; other math functions are as accurate as the host's libm.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/FoldConstants.h"
#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERFOLDCONSTANTS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The blob name hint of folded results stored as dense_resource (the blob
/// manager makes it unique).
static constexpr StringLiteral kBlobName = "tuner_folded";

/// Alignment of the blobs of folded results (a cache line).
static constexpr size_t kBlobAlignment = 64;

/// Tile edge of the copy path when input and output are contiguous along
/// different dimensions (a transpose).
static constexpr int64_t kCopyTile = 32;

//===----------------------------------------------------------------------===//
// Scalars
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

static std::optional<ScalarKind> getScalarKind(Type type) {
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

/// Bytes per element in the buffers of the evaluator: those of a
/// DenseElementsAttr's raw data, except i1 (one byte, 0 or 1, not packed
/// bits). Zero for element types whose storage is not handled.
static unsigned getStorageBytes(Type type) {
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

static int64_t signExtend(uint64_t bits, unsigned width) {
  if (width >= 64)
    return static_cast<int64_t>(bits);
  return llvm::SignExtend64(bits, width);
}

static double apFloatToDouble(APFloat value) {
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
static uint16_t roundF32ToBF16(float value) {
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
static Scalar decode(const ScalarKind &kind, uint64_t bits) {
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
static uint64_t encode(const ScalarKind &kind, Scalar s) {
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
static double roundTo(const ScalarKind &kind, double value) {
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

static uint64_t loadBits(const char *data, unsigned bytes) {
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

static void storeBits(char *data, unsigned bytes, uint64_t bits) {
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
static std::optional<Scalar> scalarFromAttr(Attribute attr) {
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

//===----------------------------------------------------------------------===//
// Checked shape arithmetic
//===----------------------------------------------------------------------===//

/// The product of `values`, or nullopt on overflow or a negative factor.
static std::optional<int64_t> checkedProduct(ArrayRef<int64_t> values) {
  int64_t product = 1;
  for (int64_t v : values) {
    if (v < 0)
      return std::nullopt;
    std::optional<int64_t> next = llvm::checkedMul(product, v);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}

static int64_t saturatingMul(int64_t a, int64_t b) {
  if (std::optional<int64_t> product = llvm::checkedMul(a, b))
    return *product;
  return (a < 0) != (b < 0) ? std::numeric_limits<int64_t>::min()
                            : std::numeric_limits<int64_t>::max();
}

static int64_t saturatingAdd(int64_t a, int64_t b) {
  if (std::optional<int64_t> sum = llvm::checkedAdd(a, b))
    return *sum;
  return a < 0 ? std::numeric_limits<int64_t>::min()
               : std::numeric_limits<int64_t>::max();
}

/// Row-major strides of `shape` (whose element count is known not to
/// overflow).
static SmallVector<int64_t> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> strides(shape.size(), 1);
  for (int64_t i = int64_t(shape.size()) - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * shape[i + 1];
  return strides;
}

//===----------------------------------------------------------------------===//
// Constant operands
//===----------------------------------------------------------------------===//

namespace {
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
} // namespace

/// The type of a value the evaluator can hold as a tensor: ranked, static,
/// no encoding, a supported storage type and an element count that fits.
static LogicalResult checkTensorType(Type type, std::string &why) {
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

/// Reads the constant `value`: an arith.constant of a dense or dense_resource
/// attribute, or (when `allowFill`) a linalg.fill of a constant scalar, or a
/// tensor.expand_shape/collapse_shape of one (the same row-major data).
/// Returns nullopt when `value` is not such a constant; fails (with `why`)
/// when it is one that cannot be read.
static FailureOr<std::optional<ConstTensor>>
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

//===----------------------------------------------------------------------===//
// Payload programs
//===----------------------------------------------------------------------===//

namespace {
enum class Opcode : uint8_t {
  // Floats.
  AddF,
  SubF,
  MulF,
  DivF,
  RemF,
  NegF,
  MaximumF,
  MinimumF,
  MaxNumF,
  MinNumF,
  CmpF,
  MathUnary,
  PowF,
  Atan2,
  CopySign,
  Fma,
  IsNaN,
  IsInf,
  IsFinite,
  // Integers.
  AddI,
  SubI,
  MulI,
  DivSI,
  DivUI,
  CeilDivSI,
  CeilDivUI,
  FloorDivSI,
  RemSI,
  RemUI,
  AndI,
  OrI,
  XOrI,
  ShLI,
  ShRSI,
  ShRUI,
  MaxSI,
  MinSI,
  MaxUI,
  MinUI,
  AbsI,
  CmpI,
  // Conversions.
  ExtF,
  TruncF,
  SIToFP,
  UIToFP,
  FPToSI,
  FPToUI,
  ExtSI,
  ExtUI,
  TruncI,
  IndexCast,
  IndexCastUI,
  Bitcast,
  // Others.
  Select,
  Index,
};

/// One payload op: `regs[dst] = op(regs[a], regs[b], regs[c])`.
struct Instr {
  Opcode opcode;
  unsigned dst = 0, a = 0, b = 0, c = 0;
  /// The result's kind and the first operand's (conversions, comparisons).
  ScalarKind type, source;
  /// The comparison predicate, or the loop dimension of linalg.index.
  int64_t immediate = 0;
  double (*unary)(double) = nullptr;
};

/// A payload block compiled to registers: the block arguments first, then
/// constants, then the op results.
struct Program {
  SmallVector<Instr> instrs;
  SmallVector<Scalar> initialRegs;
  SmallVector<unsigned> yields;
  bool usesIndex = false;
};
} // namespace

static bool isCast(Opcode opcode) {
  switch (opcode) {
  case Opcode::ExtF:
  case Opcode::TruncF:
  case Opcode::SIToFP:
  case Opcode::UIToFP:
  case Opcode::FPToSI:
  case Opcode::FPToUI:
  case Opcode::ExtSI:
  case Opcode::ExtUI:
  case Opcode::TruncI:
  case Opcode::IndexCast:
  case Opcode::IndexCastUI:
  case Opcode::Bitcast:
    return true;
  default:
    return false;
  }
}

/// The math function of a unary math op, or null.
static double (*getUnaryMathFn(Operation *op))(double) {
  return llvm::TypeSwitch<Operation *, double (*)(double)>(op)
      .Case([](math::AbsFOp) { return +[](double x) { return std::fabs(x); }; })
      .Case([](math::AcosOp) { return +[](double x) { return std::acos(x); }; })
      .Case(
          [](math::AcoshOp) { return +[](double x) { return std::acosh(x); }; })
      .Case([](math::AsinOp) { return +[](double x) { return std::asin(x); }; })
      .Case(
          [](math::AsinhOp) { return +[](double x) { return std::asinh(x); }; })
      .Case([](math::AtanOp) { return +[](double x) { return std::atan(x); }; })
      .Case(
          [](math::AtanhOp) { return +[](double x) { return std::atanh(x); }; })
      .Case([](math::CbrtOp) { return +[](double x) { return std::cbrt(x); }; })
      .Case([](math::CeilOp) { return +[](double x) { return std::ceil(x); }; })
      .Case([](math::CosOp) { return +[](double x) { return std::cos(x); }; })
      .Case([](math::CoshOp) { return +[](double x) { return std::cosh(x); }; })
      .Case([](math::ErfOp) { return +[](double x) { return std::erf(x); }; })
      .Case([](math::ErfcOp) { return +[](double x) { return std::erfc(x); }; })
      .Case([](math::ExpOp) { return +[](double x) { return std::exp(x); }; })
      .Case([](math::Exp2Op) { return +[](double x) { return std::exp2(x); }; })
      .Case(
          [](math::ExpM1Op) { return +[](double x) { return std::expm1(x); }; })
      .Case(
          [](math::FloorOp) { return +[](double x) { return std::floor(x); }; })
      .Case([](math::LogOp) { return +[](double x) { return std::log(x); }; })
      .Case(
          [](math::Log10Op) { return +[](double x) { return std::log10(x); }; })
      .Case(
          [](math::Log1pOp) { return +[](double x) { return std::log1p(x); }; })
      .Case([](math::Log2Op) { return +[](double x) { return std::log2(x); }; })
      .Case(
          [](math::RoundOp) { return +[](double x) { return std::round(x); }; })
      .Case([](math::RoundEvenOp) {
        // The default floating-point environment rounds to nearest even.
        return +[](double x) { return std::nearbyint(x); };
      })
      .Case([](math::RsqrtOp) {
        return +[](double x) { return 1.0 / std::sqrt(x); };
      })
      .Case([](math::SinOp) { return +[](double x) { return std::sin(x); }; })
      .Case([](math::SinhOp) { return +[](double x) { return std::sinh(x); }; })
      .Case([](math::SqrtOp) { return +[](double x) { return std::sqrt(x); }; })
      .Case([](math::TanOp) { return +[](double x) { return std::tan(x); }; })
      .Case([](math::TanhOp) { return +[](double x) { return std::tanh(x); }; })
      .Case(
          [](math::TruncOp) { return +[](double x) { return std::trunc(x); }; })
      .Default([](Operation *) { return nullptr; });
}

/// The opcode of a payload op other than constants, unary math and
/// linalg.index, or nullopt.
static std::optional<Opcode> getOpcode(Operation *op) {
  using O = Opcode;
  return llvm::TypeSwitch<Operation *, std::optional<Opcode>>(op)
      .Case([](arith::AddFOp) { return O::AddF; })
      .Case([](arith::SubFOp) { return O::SubF; })
      .Case([](arith::MulFOp) { return O::MulF; })
      .Case([](arith::DivFOp) { return O::DivF; })
      .Case([](arith::RemFOp) { return O::RemF; })
      .Case([](arith::NegFOp) { return O::NegF; })
      .Case([](arith::MaximumFOp) { return O::MaximumF; })
      .Case([](arith::MinimumFOp) { return O::MinimumF; })
      .Case([](arith::MaxNumFOp) { return O::MaxNumF; })
      .Case([](arith::MinNumFOp) { return O::MinNumF; })
      .Case([](arith::CmpFOp) { return O::CmpF; })
      .Case([](math::PowFOp) { return O::PowF; })
      .Case([](math::Atan2Op) { return O::Atan2; })
      .Case([](math::CopySignOp) { return O::CopySign; })
      .Case([](math::FmaOp) { return O::Fma; })
      .Case([](math::IsNaNOp) { return O::IsNaN; })
      .Case([](math::IsInfOp) { return O::IsInf; })
      .Case([](math::IsFiniteOp) { return O::IsFinite; })
      .Case([](arith::AddIOp) { return O::AddI; })
      .Case([](arith::SubIOp) { return O::SubI; })
      .Case([](arith::MulIOp) { return O::MulI; })
      .Case([](arith::DivSIOp) { return O::DivSI; })
      .Case([](arith::DivUIOp) { return O::DivUI; })
      .Case([](arith::CeilDivSIOp) { return O::CeilDivSI; })
      .Case([](arith::CeilDivUIOp) { return O::CeilDivUI; })
      .Case([](arith::FloorDivSIOp) { return O::FloorDivSI; })
      .Case([](arith::RemSIOp) { return O::RemSI; })
      .Case([](arith::RemUIOp) { return O::RemUI; })
      .Case([](arith::AndIOp) { return O::AndI; })
      .Case([](arith::OrIOp) { return O::OrI; })
      .Case([](arith::XOrIOp) { return O::XOrI; })
      .Case([](arith::ShLIOp) { return O::ShLI; })
      .Case([](arith::ShRSIOp) { return O::ShRSI; })
      .Case([](arith::ShRUIOp) { return O::ShRUI; })
      .Case([](arith::MaxSIOp) { return O::MaxSI; })
      .Case([](arith::MinSIOp) { return O::MinSI; })
      .Case([](arith::MaxUIOp) { return O::MaxUI; })
      .Case([](arith::MinUIOp) { return O::MinUI; })
      .Case([](math::AbsIOp) { return O::AbsI; })
      .Case([](arith::CmpIOp) { return O::CmpI; })
      .Case([](arith::ExtFOp) { return O::ExtF; })
      .Case([](arith::TruncFOp op) -> std::optional<Opcode> {
        // Only the default rounding (to nearest, ties to even).
        std::optional<arith::RoundingMode> mode = op.getRoundingmode();
        if (mode && *mode != arith::RoundingMode::to_nearest_even)
          return std::nullopt;
        return O::TruncF;
      })
      .Case([](arith::SIToFPOp) { return O::SIToFP; })
      .Case([](arith::UIToFPOp) { return O::UIToFP; })
      .Case([](arith::FPToSIOp) { return O::FPToSI; })
      .Case([](arith::FPToUIOp) { return O::FPToUI; })
      .Case([](arith::ExtSIOp) { return O::ExtSI; })
      .Case([](arith::ExtUIOp) { return O::ExtUI; })
      .Case([](arith::TruncIOp) { return O::TruncI; })
      .Case([](arith::IndexCastOp) { return O::IndexCast; })
      .Case([](arith::IndexCastUIOp) { return O::IndexCastUI; })
      .Case([](arith::BitcastOp) { return O::Bitcast; })
      .Case([](arith::SelectOp) { return O::Select; })
      .Default([](Operation *) { return std::nullopt; });
}

/// Whether an opcode computes on floats (its operands are floats).
static bool takesFloats(Opcode opcode) {
  switch (opcode) {
  case Opcode::AddF:
  case Opcode::SubF:
  case Opcode::MulF:
  case Opcode::DivF:
  case Opcode::RemF:
  case Opcode::NegF:
  case Opcode::MaximumF:
  case Opcode::MinimumF:
  case Opcode::MaxNumF:
  case Opcode::MinNumF:
  case Opcode::CmpF:
  case Opcode::MathUnary:
  case Opcode::PowF:
  case Opcode::Atan2:
  case Opcode::CopySign:
  case Opcode::Fma:
  case Opcode::IsNaN:
  case Opcode::IsInf:
  case Opcode::IsFinite:
  case Opcode::ExtF:
  case Opcode::TruncF:
  case Opcode::FPToSI:
  case Opcode::FPToUI:
    return true;
  default:
    return false;
  }
}

/// The number of operands of an opcode.
static unsigned getArity(Opcode opcode) {
  switch (opcode) {
  case Opcode::Index:
    return 0;
  case Opcode::NegF:
  case Opcode::MathUnary:
  case Opcode::IsNaN:
  case Opcode::IsInf:
  case Opcode::IsFinite:
  case Opcode::AbsI:
    return 1;
  case Opcode::Select:
  case Opcode::Fma:
    return 3;
  default:
    return isCast(opcode) ? 1 : 2;
  }
}

/// Compiles the payload `block`. Fails (with `why`) on an op the evaluator
/// does not know, a non-scalar value, or a captured value that is not a
/// scalar constant.
static LogicalResult compileBody(Block &block, Program &program,
                                 std::string &why) {
  DenseMap<Value, unsigned> regs;
  auto addReg = [&](Value value, Scalar initial) {
    unsigned reg = program.initialRegs.size();
    program.initialRegs.push_back(initial);
    regs[value] = reg;
    return reg;
  };
  Scalar zero;
  zero.i = 0;
  for (BlockArgument arg : block.getArguments()) {
    if (!getScalarKind(arg.getType())) {
      why = llvm::formatv("payload argument type {0} is not supported",
                          arg.getType())
                .str();
      return failure();
    }
    addReg(arg, zero);
  }
  // A value used by the payload: a register, or a scalar constant (defined
  // in the block or captured from above).
  auto lookup = [&](Value value) -> std::optional<unsigned> {
    if (auto it = regs.find(value); it != regs.end())
      return it->second;
    auto constOp = value.getDefiningOp<arith::ConstantOp>();
    if (!constOp)
      return std::nullopt;
    std::optional<Scalar> scalar = scalarFromAttr(constOp.getValue());
    if (!scalar)
      return std::nullopt;
    return addReg(value, *scalar);
  };

  for (Operation &op : block.without_terminator()) {
    if (isa<arith::ConstantOp>(op)) {
      if (!lookup(op.getResult(0))) {
        why = llvm::formatv("payload constant {0} is not a supported scalar",
                            cast<arith::ConstantOp>(op).getValue())
                  .str();
        return failure();
      }
      continue;
    }
    auto unsupported = [&]() {
      why = llvm::formatv("payload op '{0}' cannot be evaluated", op.getName())
                .str();
      return failure();
    };
    if (op.getNumResults() != 1 || op.getNumRegions() != 0)
      return unsupported();
    std::optional<ScalarKind> type = getScalarKind(op.getResult(0).getType());
    if (!type)
      return unsupported();

    Instr instr;
    instr.type = *type;
    if (auto indexOp = dyn_cast<linalg::IndexOp>(op)) {
      instr.opcode = Opcode::Index;
      instr.immediate = indexOp.getDim();
      program.usesIndex = true;
    } else if (double (*fn)(double) = getUnaryMathFn(&op)) {
      instr.opcode = Opcode::MathUnary;
      instr.unary = fn;
    } else if (std::optional<Opcode> opcode = getOpcode(&op)) {
      instr.opcode = *opcode;
    } else {
      return unsupported();
    }
    if (auto cmpf = dyn_cast<arith::CmpFOp>(op))
      instr.immediate = static_cast<int64_t>(cmpf.getPredicate());
    if (auto cmpi = dyn_cast<arith::CmpIOp>(op))
      instr.immediate = static_cast<int64_t>(cmpi.getPredicate());

    if (op.getNumOperands() > 3)
      return unsupported();
    unsigned *operandRegs[] = {&instr.a, &instr.b, &instr.c};
    for (auto [i, operand] : llvm::enumerate(op.getOperands())) {
      std::optional<ScalarKind> kind = getScalarKind(operand.getType());
      std::optional<unsigned> reg = lookup(operand);
      if (!kind || !reg) {
        why = llvm::formatv("payload op '{0}' uses a value that is neither "
                            "computed by the payload nor a scalar constant",
                            op.getName())
                  .str();
        return failure();
      }
      if (i == 0)
        instr.source = *kind;
      *operandRegs[i] = *reg;
    }
    // The operand count and kinds the evaluator relies on (the verifiers
    // ensure them for scalars; this guards against surprises).
    bool takesAny = isCast(instr.opcode) || instr.opcode == Opcode::Select ||
                    instr.opcode == Opcode::Index;
    if (op.getNumOperands() != getArity(instr.opcode) ||
        (takesFloats(instr.opcode) && !instr.source.isFloat()) ||
        (!takesFloats(instr.opcode) && !takesAny && instr.source.isFloat()))
      return unsupported();
    instr.dst = addReg(op.getResult(0), zero);
    program.instrs.push_back(instr);
  }

  Operation *terminator = block.getTerminator();
  if (!isa<linalg::YieldOp>(terminator)) {
    why = "the payload does not end in linalg.yield";
    return failure();
  }
  for (Value operand : terminator->getOperands()) {
    std::optional<unsigned> reg = lookup(operand);
    if (!reg || !getScalarKind(operand.getType())) {
      why = "the payload yields a value that is neither computed by the "
            "payload nor a scalar constant";
      return failure();
    }
    program.yields.push_back(*reg);
  }
  return success();
}

static bool compareFloats(arith::CmpFPredicate predicate, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (predicate) {
  case P::AlwaysFalse:
    return false;
  case P::OEQ:
    return !unordered && a == b;
  case P::OGT:
    return !unordered && a > b;
  case P::OGE:
    return !unordered && a >= b;
  case P::OLT:
    return !unordered && a < b;
  case P::OLE:
    return !unordered && a <= b;
  case P::ONE:
    return !unordered && a != b;
  case P::ORD:
    return !unordered;
  case P::UEQ:
    return unordered || a == b;
  case P::UGT:
    return unordered || a > b;
  case P::UGE:
    return unordered || a >= b;
  case P::ULT:
    return unordered || a < b;
  case P::ULE:
    return unordered || a <= b;
  case P::UNE:
    return unordered || a != b;
  case P::UNO:
    return unordered;
  case P::AlwaysTrue:
    return true;
  }
  return false;
}

static bool compareInts(arith::CmpIPredicate predicate, uint64_t a, uint64_t b,
                        unsigned width) {
  int64_t sa = signExtend(a, width), sb = signExtend(b, width);
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::eq:
    return a == b;
  case P::ne:
    return a != b;
  case P::slt:
    return sa < sb;
  case P::sle:
    return sa <= sb;
  case P::sgt:
    return sa > sb;
  case P::sge:
    return sa >= sb;
  case P::ult:
    return a < b;
  case P::ule:
    return a <= b;
  case P::ugt:
    return a > b;
  case P::uge:
    return a >= b;
  }
  return false;
}

/// An integer converted to the float `kind`, rounded once.
static double intToFloat(const ScalarKind &kind, uint64_t bits, unsigned width,
                         bool isSigned) {
  int64_t asSigned = signExtend(bits, width);
  // Integers below 2^53 are exact doubles; larger ones are rounded by
  // APFloat directly, to avoid rounding twice.
  if (isSigned && asSigned > -(int64_t(1) << 53) &&
      asSigned < (int64_t(1) << 53))
    return roundTo(kind, double(asSigned));
  if (!isSigned && bits < (uint64_t(1) << 53))
    return roundTo(kind, double(bits));
  APFloat value(*kind.sem);
  value.convertFromAPInt(APInt(64, isSigned ? uint64_t(asSigned) : bits),
                         isSigned, APFloat::rmNearestTiesToEven);
  return apFloatToDouble(value);
}

/// Runs one instruction. Returns false on undefined behaviour or poison
/// (division by zero, out-of-range shift or float-to-int conversion), which
/// the fold does not try to represent.
static bool evaluate(const Instr &in, Scalar *regs, const int64_t *loopIndex) {
  Scalar a = regs[in.a], b = regs[in.b], c = regs[in.c];
  Scalar &r = regs[in.dst];
  const ScalarKind &t = in.type;
  // Integer operands (and the source of conversions) have `width` bits.
  unsigned width = std::max(in.source.width, 1u);
  uint64_t mask = t.mask();
  auto sa = [&] { return signExtend(a.i, width); };
  auto sb = [&] { return signExtend(b.i, width); };
  switch (in.opcode) {
  case Opcode::AddF:
    r.f = roundTo(t, a.f + b.f);
    return true;
  case Opcode::SubF:
    r.f = roundTo(t, a.f - b.f);
    return true;
  case Opcode::MulF:
    r.f = roundTo(t, a.f * b.f);
    return true;
  case Opcode::DivF:
    r.f = roundTo(t, a.f / b.f);
    return true;
  case Opcode::RemF:
    r.f = roundTo(t, std::fmod(a.f, b.f));
    return true;
  case Opcode::NegF:
    r.f = -a.f;
    return true;
  case Opcode::MaximumF:
    if (std::isnan(a.f) || std::isnan(b.f))
      r.f = std::nan("");
    else if (a.f == b.f)
      r.f = std::signbit(a.f) ? b.f : a.f;
    else
      r.f = a.f > b.f ? a.f : b.f;
    return true;
  case Opcode::MinimumF:
    if (std::isnan(a.f) || std::isnan(b.f))
      r.f = std::nan("");
    else if (a.f == b.f)
      r.f = std::signbit(a.f) ? a.f : b.f;
    else
      r.f = a.f < b.f ? a.f : b.f;
    return true;
  case Opcode::MaxNumF:
    r.f = std::fmax(a.f, b.f);
    return true;
  case Opcode::MinNumF:
    r.f = std::fmin(a.f, b.f);
    return true;
  case Opcode::CmpF:
    r.i = compareFloats(arith::CmpFPredicate(in.immediate), a.f, b.f);
    return true;
  case Opcode::MathUnary:
    r.f = roundTo(t, in.unary(a.f));
    return true;
  case Opcode::PowF:
    r.f = roundTo(t, std::pow(a.f, b.f));
    return true;
  case Opcode::Atan2:
    r.f = roundTo(t, std::atan2(a.f, b.f));
    return true;
  case Opcode::CopySign:
    r.f = std::copysign(a.f, b.f);
    return true;
  case Opcode::Fma:
    r.f = roundTo(t, std::fma(a.f, b.f, c.f));
    return true;
  case Opcode::IsNaN:
    r.i = std::isnan(a.f);
    return true;
  case Opcode::IsInf:
    r.i = std::isinf(a.f);
    return true;
  case Opcode::IsFinite:
    r.i = std::isfinite(a.f);
    return true;
  case Opcode::AddI:
    r.i = (a.i + b.i) & mask;
    return true;
  case Opcode::SubI:
    r.i = (a.i - b.i) & mask;
    return true;
  case Opcode::MulI:
    r.i = (a.i * b.i) & mask;
    return true;
  case Opcode::DivSI:
  case Opcode::CeilDivSI:
  case Opcode::FloorDivSI:
  case Opcode::RemSI: {
    int64_t x = sa(), y = sb();
    int64_t minSigned = width >= 64 ? std::numeric_limits<int64_t>::min()
                                    : -(int64_t(1) << (width - 1));
    if (y == 0 || (x == minSigned && y == -1))
      return false;
    int64_t quotient = x / y, remainder = x % y;
    if (in.opcode == Opcode::RemSI) {
      r.i = uint64_t(remainder) & mask;
      return true;
    }
    if (in.opcode == Opcode::CeilDivSI && remainder != 0 &&
        ((remainder > 0) == (y > 0)))
      ++quotient;
    if (in.opcode == Opcode::FloorDivSI && remainder != 0 &&
        ((remainder < 0) != (y < 0)))
      --quotient;
    r.i = uint64_t(quotient) & mask;
    return true;
  }
  case Opcode::DivUI:
  case Opcode::CeilDivUI:
  case Opcode::RemUI:
    if (b.i == 0)
      return false;
    if (in.opcode == Opcode::RemUI)
      r.i = a.i % b.i;
    else
      r.i = a.i / b.i + (in.opcode == Opcode::CeilDivUI && a.i % b.i != 0);
    r.i &= mask;
    return true;
  case Opcode::AndI:
    r.i = a.i & b.i;
    return true;
  case Opcode::OrI:
    r.i = a.i | b.i;
    return true;
  case Opcode::XOrI:
    r.i = a.i ^ b.i;
    return true;
  case Opcode::ShLI:
    if (b.i >= width)
      return false;
    r.i = (a.i << b.i) & mask;
    return true;
  case Opcode::ShRSI:
    if (b.i >= width)
      return false;
    r.i = uint64_t(sa() >> b.i) & mask;
    return true;
  case Opcode::ShRUI:
    if (b.i >= width)
      return false;
    r.i = a.i >> b.i;
    return true;
  case Opcode::MaxSI:
    r.i = sa() > sb() ? a.i : b.i;
    return true;
  case Opcode::MinSI:
    r.i = sa() < sb() ? a.i : b.i;
    return true;
  case Opcode::MaxUI:
    r.i = a.i > b.i ? a.i : b.i;
    return true;
  case Opcode::MinUI:
    r.i = a.i < b.i ? a.i : b.i;
    return true;
  case Opcode::AbsI:
    r.i = (sa() < 0 ? uint64_t(0) - a.i : a.i) & mask;
    return true;
  case Opcode::CmpI:
    r.i = compareInts(arith::CmpIPredicate(in.immediate), a.i, b.i, width);
    return true;
  case Opcode::ExtF:
  case Opcode::TruncF:
    r.f = roundTo(t, a.f);
    return true;
  case Opcode::SIToFP:
  case Opcode::UIToFP:
    r.f = intToFloat(t, a.i, width, in.opcode == Opcode::SIToFP);
    return true;
  case Opcode::FPToSI:
  case Opcode::FPToUI: {
    if (std::isnan(a.f))
      return false;
    double truncated = std::trunc(a.f);
    bool isSigned = in.opcode == Opcode::FPToSI;
    double low = isSigned ? -std::ldexp(1.0, int(t.width) - 1) : 0.0;
    double high = std::ldexp(1.0, int(t.width) - (isSigned ? 1 : 0));
    if (!(truncated >= low && truncated < high))
      return false;
    r.i =
        (isSigned ? uint64_t(int64_t(truncated)) : uint64_t(truncated)) & mask;
    return true;
  }
  case Opcode::ExtSI:
    r.i = uint64_t(sa()) & mask;
    return true;
  case Opcode::ExtUI:
  case Opcode::TruncI:
    r.i = a.i & mask;
    return true;
  case Opcode::IndexCast:
    r.i = (t.width > width ? uint64_t(sa()) : a.i) & mask;
    return true;
  case Opcode::IndexCastUI:
    r.i = a.i & mask;
    return true;
  case Opcode::Bitcast:
    r = decode(t, encode(in.source, a));
    return true;
  case Opcode::Select:
    r = (a.i & 1) ? b : c;
    return true;
  case Opcode::Index:
    r.i = uint64_t(loopIndex[in.immediate]);
    return true;
  }
  return false;
}

//===----------------------------------------------------------------------===//
// Index arithmetic
//===----------------------------------------------------------------------===//

namespace {
/// An affine expression of the loop indices: sum(coeffs[d] * d) + constant.
struct LinearForm {
  SmallVector<int64_t> coeffs;
  int64_t constant = 0;
};
} // namespace

/// `expr` as a linear form of `numDims` loop indices; nullopt for mod, div,
/// symbols, or coefficients that overflow.
static std::optional<LinearForm> getLinearForm(AffineExpr expr,
                                               unsigned numDims) {
  LinearForm form;
  form.coeffs.assign(numDims, 0);
  if (auto dim = dyn_cast<AffineDimExpr>(expr)) {
    if (dim.getPosition() >= numDims)
      return std::nullopt;
    form.coeffs[dim.getPosition()] = 1;
    return form;
  }
  if (auto constant = dyn_cast<AffineConstantExpr>(expr)) {
    form.constant = constant.getValue();
    return form;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!binary)
    return std::nullopt;
  std::optional<LinearForm> lhs = getLinearForm(binary.getLHS(), numDims);
  std::optional<LinearForm> rhs = getLinearForm(binary.getRHS(), numDims);
  if (!lhs || !rhs)
    return std::nullopt;
  if (expr.getKind() == AffineExprKind::Add) {
    for (unsigned d = 0; d < numDims; ++d) {
      std::optional<int64_t> sum =
          llvm::checkedAdd(lhs->coeffs[d], rhs->coeffs[d]);
      if (!sum)
        return std::nullopt;
      form.coeffs[d] = *sum;
    }
    std::optional<int64_t> sum = llvm::checkedAdd(lhs->constant, rhs->constant);
    if (!sum)
      return std::nullopt;
    form.constant = *sum;
    return form;
  }
  if (expr.getKind() != AffineExprKind::Mul)
    return std::nullopt;
  // One side of an affine product is a constant.
  if (llvm::any_of(lhs->coeffs, [](int64_t c) { return c != 0; }))
    std::swap(lhs, rhs);
  if (llvm::any_of(lhs->coeffs, [](int64_t c) { return c != 0; }))
    return std::nullopt;
  int64_t factor = lhs->constant;
  for (unsigned d = 0; d < numDims; ++d) {
    std::optional<int64_t> product = llvm::checkedMul(rhs->coeffs[d], factor);
    if (!product)
      return std::nullopt;
    form.coeffs[d] = *product;
  }
  std::optional<int64_t> product = llvm::checkedMul(rhs->constant, factor);
  if (!product)
    return std::nullopt;
  form.constant = *product;
  return form;
}

namespace {
/// How an operand's element offset follows the loop indices:
/// offset = base + sum(strides[d] * index[d]).
struct Access {
  SmallVector<int64_t> strides;
  int64_t base = 0;
};
} // namespace

/// The access of a tensor of `shape` (row-major, or splat) through `map`
/// over loop extents `ranges`. Fails when the map is not linear or an index
/// may leave the tensor.
static FailureOr<Access> getAccess(AffineMap map, ArrayRef<int64_t> shape,
                                   bool splat, ArrayRef<int64_t> ranges,
                                   std::string &why) {
  unsigned numDims = ranges.size();
  Access access;
  access.strides.assign(numDims, 0);
  if (map.getNumResults() != shape.size() || map.getNumDims() != numDims ||
      map.getNumSymbols() != 0) {
    why = "an indexing map does not match its operand";
    return failure();
  }
  bool empty = llvm::is_contained(ranges, 0);
  SmallVector<int64_t> tensorStrides = rowMajorStrides(shape);
  for (auto [k, expr] : llvm::enumerate(map.getResults())) {
    std::optional<LinearForm> form = getLinearForm(expr, numDims);
    if (!form) {
      why = llvm::formatv("indexing map {0} is not a linear function of the "
                          "loop indices",
                          map)
                .str();
      return failure();
    }
    // The smallest and largest index over the iteration space.
    int64_t low = form->constant, high = form->constant;
    for (unsigned d = 0; d < numDims && !empty; ++d) {
      int64_t extreme = saturatingMul(form->coeffs[d], ranges[d] - 1);
      if (form->coeffs[d] < 0)
        low = saturatingAdd(low, extreme);
      else
        high = saturatingAdd(high, extreme);
    }
    if (!empty && (low < 0 || high >= shape[k])) {
      why = llvm::formatv("indexing map {0} leaves its operand", map).str();
      return failure();
    }
    if (splat)
      continue;
    // In bounds, so no product below exceeds the element count.
    for (unsigned d = 0; d < numDims; ++d)
      access.strides[d] += form->coeffs[d] * tensorStrides[k];
    access.base += form->constant * tensorStrides[k];
  }
  return access;
}

/// Calls `fn(outIndex, inIndex)` for every element of a row-major output of
/// `shape`, where the input element moves by `inStrides[j]` along output
/// dimension j from `inBase`. When the input is contiguous along another
/// dimension than the output (a transpose), the two innermost such
/// dimensions are walked in tiles to stay in cache. Stops at the first
/// `false` from `fn` and returns false then.
template <typename Fn>
static bool forEachElement(ArrayRef<int64_t> shape, ArrayRef<int64_t> inStrides,
                           int64_t inBase, Fn fn) {
  unsigned rank = shape.size();
  if (llvm::is_contained(shape, 0))
    return true;
  if (rank == 0)
    return fn(int64_t(0), inBase);
  SmallVector<int64_t> outStrides = rowMajorStrides(shape);
  unsigned last = rank - 1;
  // The output dimension along which the input is contiguous, if not the
  // last one.
  std::optional<unsigned> tiled;
  if (inStrides[last] != 1 && inStrides[last] != 0)
    for (unsigned j = 0; j < last; ++j)
      if (inStrides[j] == 1 && shape[j] > 1)
        tiled = j;

  SmallVector<int64_t> index(rank, 0);
  int64_t outOffset = 0, inOffset = inBase;
  int64_t n = shape[last], s = inStrides[last];
  while (true) {
    if (!tiled) {
      for (int64_t i = 0; i < n; ++i)
        if (!fn(outOffset + i, inOffset + i * s))
          return false;
    } else {
      unsigned q = *tiled;
      int64_t m = shape[q], outQ = outStrides[q];
      for (int64_t a0 = 0; a0 < m; a0 += kCopyTile) {
        int64_t a1 = std::min(m, a0 + kCopyTile);
        for (int64_t b0 = 0; b0 < n; b0 += kCopyTile) {
          int64_t b1 = std::min(n, b0 + kCopyTile);
          for (int64_t a = a0; a < a1; ++a)
            for (int64_t b = b0; b < b1; ++b)
              if (!fn(outOffset + a * outQ + b, inOffset + a + b * s))
                return false;
        }
      }
    }
    // Next outer index (skipping the last and the tiled dimension).
    int64_t d = int64_t(last) - 1;
    for (; d >= 0; --d) {
      if (tiled && unsigned(d) == *tiled)
        continue;
      ++index[d];
      outOffset += outStrides[d];
      inOffset += inStrides[d];
      if (index[d] < shape[d])
        break;
      outOffset -= outStrides[d] * shape[d];
      inOffset -= inStrides[d] * shape[d];
      index[d] = 0;
    }
    if (d < 0)
      return true;
  }
}

//===----------------------------------------------------------------------===//
// Folding one op
//===----------------------------------------------------------------------===//

namespace {
/// The elements of one result under construction.
struct ResultBuffer {
  RankedTensorType type;
  ScalarKind kind;
  unsigned bytes = 0;
  int64_t numElements = 0;
  /// A blob (dense_resource results) or a vector (dense results).
  std::optional<AsmResourceBlob> blob;
  std::vector<char> vector;

  char *data() { return blob ? blob->getMutableData().data() : vector.data(); }
};

/// An input or init of the op being folded.
struct Operand {
  OpOperand *opOperand = nullptr;
  /// The block argument, or -1 (an init of an op whose payload has none).
  int64_t blockArg = -1;
  bool isInit = false;
  bool usedByPayload = false;
  /// Tensor operands: the constant, if any.
  std::optional<ConstTensor> tensor;
  /// Scalar operands: the value.
  std::optional<Scalar> scalar;
  /// Why a constant operand could not be read.
  std::string unreadable;
};

class Folder {
public:
  Folder(const FoldConstantsOptions &options) : options(options) {}

  /// Folds `op` if it can; returns whether it did. When not, `why` may say
  /// why.
  bool tryFold(linalg::LinalgOp op, std::string &why);

  /// Whether the op of the last tryFold has a constant tensor input (a
  /// candidate worth a remark when left alone).
  bool wasCandidate() const { return candidate; }

private:
  LogicalResult collectOperands(linalg::LinalgOp op, std::string &why);
  /// Checks the result and operand types and the static iteration space;
  /// sets `maps` and `ranges`.
  LogicalResult checkShapes(linalg::LinalgOp op, SmallVector<int64_t> &ranges,
                            std::string &why);
  /// One buffer per init; marks the inits whose values are needed.
  LogicalResult collectResults(std::optional<int64_t> iterations,
                               SmallVector<ResultBuffer> &results,
                               std::optional<SmallVector<unsigned>> &outputDims,
                               bool &sameOutputDims, std::string &why);
  LogicalResult checkSizeLimits(ArrayRef<ResultBuffer> results,
                                std::string &why);
  void allocateResults(MutableArrayRef<ResultBuffer> results, bool overwritten);
  const Operand *matchCopy(const Program &program, const Instr *&cast);
  bool copyPath(const Operand &input, const Instr *cast, ResultBuffer &result,
                ArrayRef<int64_t> ranges, std::string &why);
  bool interpret(const Program &program, MutableArrayRef<ResultBuffer> results,
                 ArrayRef<int64_t> ranges, std::string &why);
  void replace(linalg::LinalgOp op, MutableArrayRef<ResultBuffer> results);

  const FoldConstantsOptions &options;
  SmallVector<Operand> operands;
  SmallVector<AffineMap> maps;
  bool candidate = false;
  /// Whether the results are splats, computed as one element each.
  bool splatResults = false;
};
} // namespace

LogicalResult Folder::collectOperands(linalg::LinalgOp linalgOp,
                                      std::string &why) {
  operands.clear();
  candidate = false;
  Block *body = linalgOp.getBlock();
  unsigned numInputs = linalgOp.getNumDpsInputs();
  unsigned numInits = linalgOp.getNumDpsInits();
  // Payloads have a block argument per operand, or none for the inits (the
  // linalg.map of older releases).
  bool initArgs = body->getNumArguments() == numInputs + numInits;
  if (!initArgs && body->getNumArguments() != numInputs) {
    why = "the payload's arguments do not match the operands";
    return failure();
  }
  std::string inputWhy;
  bool allInputsConstant = true;
  for (OpOperand &opOperand : linalgOp->getOpOperands()) {
    Operand operand;
    operand.opOperand = &opOperand;
    operand.isInit = linalgOp.isDpsInit(&opOperand);
    unsigned number = opOperand.getOperandNumber();
    if (!operand.isInit || initArgs)
      operand.blockArg = number;
    operand.usedByPayload =
        operand.blockArg >= 0 && !body->getArgument(number).use_empty();
    Value value = opOperand.get();
    if (!isa<ShapedType>(value.getType())) {
      // A scalar input: a constant or nothing.
      auto constOp = value.getDefiningOp<arith::ConstantOp>();
      if (constOp)
        operand.scalar = scalarFromAttr(constOp.getValue());
      if (!operand.scalar && inputWhy.empty())
        inputWhy = llvm::formatv("input #{0} is not a constant", number).str();
      allInputsConstant &= operand.scalar.has_value();
      operands.push_back(std::move(operand));
      continue;
    }
    std::string readWhy;
    FailureOr<std::optional<ConstTensor>> tensor =
        readConstTensor(value, /*allowFill=*/operand.isInit, readWhy);
    if (failed(tensor)) {
      // A constant that cannot be read: as good as no constant, but worth
      // telling (an init's only matters if it is read).
      operand.unreadable = readWhy;
      if (!operand.isInit) {
        if (inputWhy.empty())
          inputWhy = llvm::formatv("input #{0}: {1}", number, readWhy).str();
        candidate = true;
        allInputsConstant = false;
      }
      operands.push_back(std::move(operand));
      continue;
    }
    operand.tensor = std::move(*tensor);
    if (!operand.isInit) {
      if (operand.tensor)
        candidate = true;
      else {
        allInputsConstant = false;
        if (inputWhy.empty())
          inputWhy =
              llvm::formatv("input #{0} is not a constant", number).str();
      }
    }
    operands.push_back(std::move(operand));
  }
  if (!allInputsConstant) {
    why = inputWhy;
    return failure();
  }
  if (!candidate) {
    why = "no input is a constant tensor";
    return failure();
  }
  return success();
}

LogicalResult Folder::checkShapes(linalg::LinalgOp linalgOp,
                                  SmallVector<int64_t> &ranges,
                                  std::string &why) {
  // Types.
  for (Value result : linalgOp->getResults())
    if (failed(checkTensorType(result.getType(), why)))
      return failure();
  for (Operand &operand : operands)
    if (!operand.scalar &&
        failed(checkTensorType(operand.opOperand->get().getType(), why)))
      return failure();

  // Iteration space and maps.
  ranges = linalgOp.getStaticLoopRanges();
  if (ranges.size() != linalgOp.getNumLoops() ||
      llvm::any_of(ranges, [](int64_t r) { return r < 0; })) {
    why = "the iteration space is not static";
    return failure();
  }
  maps = linalgOp.getIndexingMapsArray();
  if (maps.size() != operands.size()) {
    why = "the indexing maps do not match the operands";
    return failure();
  }
  return success();
}

LogicalResult
Folder::collectResults(std::optional<int64_t> iterations,
                       SmallVector<ResultBuffer> &results,
                       std::optional<SmallVector<unsigned>> &outputDims,
                       bool &sameOutputDims, std::string &why) {
  // The results, one per init. An init's value is needed when the payload
  // reads it, or when the loops do not write every element (a zero-sized
  // reduction dimension); a needed init must be a constant.
  for (Operand &operand : operands) {
    if (!operand.isInit)
      continue;
    AffineMap map = maps[operand.opOperand->getOperandNumber()];
    auto type = cast<RankedTensorType>(operand.opOperand->get().getType());
    if (!map.isProjectedPermutation()) {
      why = llvm::formatv("output map {0} is not a projected permutation", map)
                .str();
      return failure();
    }
    SmallVector<unsigned> dims;
    for (unsigned k = 0; k < map.getNumResults(); ++k)
      dims.push_back(map.getDimPosition(k));
    llvm::sort(dims);
    if (!outputDims)
      outputDims = dims;
    else
      sameOutputDims &= *outputDims == dims;

    ResultBuffer result;
    result.type = type;
    result.kind = *getScalarKind(type.getElementType());
    result.bytes = getStorageBytes(type.getElementType());
    result.numElements = *checkedProduct(type.getShape());
    bool covered = result.numElements == 0 || (iterations && *iterations > 0);
    operand.usedByPayload |= !covered;
    if (operand.usedByPayload && !operand.tensor) {
      unsigned number = operand.opOperand->getOperandNumber();
      why =
          operand.unreadable.empty()
              ? llvm::formatv("init #{0} is read but is not a constant", number)
                    .str()
              : llvm::formatv("init #{0}: {1}", number, operand.unreadable)
                    .str();
      return failure();
    }
    results.push_back(std::move(result));
  }

  return success();
}

/// The limits of a non-splat fold: max-elements, and max-growth times the
/// largest non-splat constant read.
LogicalResult Folder::checkSizeLimits(ArrayRef<ResultBuffer> results,
                                      std::string &why) {
  int64_t largestInput = 0;
  for (const Operand &operand : operands)
    if (operand.tensor && operand.usedByPayload && !operand.tensor->splat)
      largestInput = std::max(largestInput, operand.tensor->numElements);
  for (const ResultBuffer &result : results) {
    if (result.numElements > options.maxElements) {
      why = llvm::formatv("the result has {0} elements, more than "
                          "max-elements ({1})",
                          result.numElements, options.maxElements)
                .str();
      return failure();
    }
    if (result.numElements > saturatingMul(options.maxGrowth, largestInput)) {
      why = llvm::formatv(
                "the result has {0} elements, more than max-growth ({1}) "
                "times the {2} of the largest non-splat constant operand",
                result.numElements, options.maxGrowth, largestInput)
                .str();
      return failure();
    }
  }
  return success();
}

/// Allocates the results and copies the constant inits in, unless the path
/// `overwritten` writes every element (copy and cast).
void Folder::allocateResults(MutableArrayRef<ResultBuffer> results,
                             bool overwritten) {
  unsigned resultIndex = 0;
  for (Operand &operand : operands) {
    if (!operand.isInit)
      continue;
    ResultBuffer &result = results[resultIndex++];
    int64_t count = splatResults ? 1 : result.numElements;
    auto size = size_t(count) * result.bytes;
    bool asBlob = !splatResults && result.kind.width != 1 &&
                  result.numElements > options.resourceThreshold;
    if (asBlob)
      result.blob = HeapAsmResourceBlob::allocate(size, kBlobAlignment);
    else
      result.vector.resize(size);
    if (!operand.tensor || count == 0 || overwritten)
      continue;
    const ConstTensor &init = *operand.tensor;
    char *out = result.data();
    if (splatResults || !init.splat) {
      std::memcpy(out, init.data(), size);
      continue;
    }
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(out + i * result.bytes, init.data(), result.bytes);
  }
}

bool Folder::tryFold(linalg::LinalgOp linalgOp, std::string &why) {
  candidate = false;
  splatResults = false;
  Operation *operation = linalgOp.getOperation();
  if (!linalgOp.hasPureTensorSemantics() || operation->getNumRegions() != 1 ||
      operation->getRegion(0).empty())
    return false;
  if (failed(collectOperands(linalgOp, why)))
    return false;
  SmallVector<int64_t> ranges;
  if (failed(checkShapes(linalgOp, ranges, why)))
    return false;
  std::optional<int64_t> iterations = checkedProduct(ranges);
  SmallVector<ResultBuffer> results;
  std::optional<SmallVector<unsigned>> outputDims;
  bool sameOutputDims = true;
  if (failed(
          collectResults(iterations, results, outputDims, sameOutputDims, why)))
    return false;

  // Compile the payload.
  Program program;
  if (failed(compileBody(*linalgOp.getBlock(), program, why)))
    return false;
  if (program.yields.size() != results.size()) {
    why = "the payload does not yield a value per result";
    return false;
  }

  // Splat results: every read operand is a splat and the payload does not
  // look at the indices, so all elements of a result are the same. One is
  // computed, with the output dimensions collapsed (the reduction dimensions
  // stay, so that accumulations see as many terms).
  bool allSplat = llvm::all_of(operands, [](const Operand &operand) {
    return !operand.tensor || !operand.usedByPayload || operand.tensor->splat;
  });
  splatResults = allSplat && !program.usesIndex && sameOutputDims &&
                 llvm::none_of(results, [](const ResultBuffer &r) {
                   return r.numElements == 0;
                 });
  if (!splatResults && failed(checkSizeLimits(results, why)))
    return false;

  // The path: copy or cast, else the interpreter within its work limit.
  const Operand *copyInput = nullptr;
  const Instr *cast = nullptr;
  bool allParallel =
      llvm::all_of(linalgOp.getIteratorTypesArray(), [](auto iterator) {
        return iterator == utils::IteratorType::parallel;
      });
  if (!splatResults && results.size() == 1 && allParallel &&
      maps.back().isPermutation())
    copyInput = matchCopy(program, cast);
  SmallVector<int64_t> loopRanges(ranges);
  if (splatResults && outputDims)
    for (unsigned d : *outputDims)
      loopRanges[d] = 1;
  if (!copyInput) {
    std::optional<int64_t> points = checkedProduct(loopRanges);
    auto perPoint = int64_t(program.instrs.size() + operands.size() + 1);
    if (!points || saturatingMul(*points, perPoint) > options.maxWork) {
      why = llvm::formatv("evaluating it takes more than max-work ({0}) steps",
                          options.maxWork)
                .str();
      return false;
    }
  }

  allocateResults(results, /*overwritten=*/copyInput != nullptr);
  if (copyInput ? !copyPath(*copyInput, cast, results.front(), ranges, why)
                : !interpret(program, results, loopRanges, why))
    return false;
  replace(linalgOp, results);
  return true;
}

/// The input of the copy and cast paths, when the payload yields an input
/// tensor's argument, or one cast of one (then `cast` is set).
const Operand *Folder::matchCopy(const Program &program, const Instr *&cast) {
  unsigned source = program.yields.front();
  cast = nullptr;
  if (program.instrs.size() == 1 && isCast(program.instrs.front().opcode) &&
      program.instrs.front().dst == source) {
    cast = &program.instrs.front();
    source = cast->a;
  } else if (!program.instrs.empty()) {
    return nullptr;
  }
  for (const Operand &operand : operands)
    if (!operand.isInit && operand.tensor && operand.blockArg >= 0 &&
        unsigned(operand.blockArg) == source)
      return &operand;
  return nullptr;
}

/// The copy and cast paths: the single result of an all-parallel op whose
/// output map is a permutation, written once per element from `input`.
bool Folder::copyPath(const Operand &input, const Instr *cast,
                      ResultBuffer &result, ArrayRef<int64_t> ranges,
                      std::string &why) {
  const ConstTensor &tensor = *input.tensor;
  AffineMap inMap = maps[input.opOperand->getOperandNumber()];
  AffineMap outMap = maps.back();
  FailureOr<Access> access =
      getAccess(inMap, tensor.type.getShape(), tensor.splat, ranges, why);
  if (failed(access))
    return false;
  // The input stride along each output dimension (the output map is a
  // permutation of the loops).
  ArrayRef<int64_t> outShape = result.type.getShape();
  SmallVector<int64_t> inStrides;
  for (unsigned j = 0; j < outMap.getNumResults(); ++j)
    inStrides.push_back(access->strides[outMap.getDimPosition(j)]);

  const char *in = tensor.data();
  char *out = result.data();
  unsigned inBytes = tensor.bytes, outBytes = result.bytes;
  if (!cast) {
    auto copy = [&](auto element) {
      using T = decltype(element);
      forEachElement(
          outShape, inStrides, access->base, [&](int64_t o, int64_t i) {
            std::memcpy(out + o * sizeof(T), in + i * sizeof(T), sizeof(T));
            return true;
          });
    };
    switch (inBytes) {
    case 1:
      copy(uint8_t());
      break;
    case 2:
      copy(uint16_t());
      break;
    case 4:
      copy(uint32_t());
      break;
    default:
      copy(uint64_t());
      break;
    }
    return true;
  }

  const ScalarKind &from = tensor.kind, &to = result.kind;
  bool ok;
  if (cast->opcode == Opcode::ExtF && from.kind == ScalarKind::BF16 &&
      to.kind == ScalarKind::F32) {
    ok = forEachElement(outShape, inStrides, access->base,
                        [&](int64_t o, int64_t i) {
                          uint16_t bits;
                          std::memcpy(&bits, in + i * 2, 2);
                          uint32_t wide = uint32_t(bits) << 16;
                          std::memcpy(out + o * 4, &wide, 4);
                          return true;
                        });
  } else if (cast->opcode == Opcode::TruncF && from.kind == ScalarKind::F32 &&
             to.kind == ScalarKind::BF16) {
    ok = forEachElement(outShape, inStrides, access->base,
                        [&](int64_t o, int64_t i) {
                          float value;
                          std::memcpy(&value, in + i * 4, 4);
                          uint16_t bits = roundF32ToBF16(value);
                          std::memcpy(out + o * 2, &bits, 2);
                          return true;
                        });
  } else {
    Instr instr = *cast;
    instr.a = 0;
    instr.dst = 1;
    Scalar regs[2];
    ok = forEachElement(
        outShape, inStrides, access->base, [&](int64_t o, int64_t i) {
          regs[0] = decode(from, loadBits(in + i * inBytes, inBytes));
          if (!evaluate(instr, regs, nullptr))
            return false;
          storeBits(out + o * outBytes, outBytes, encode(to, regs[1]));
          return true;
        });
  }
  if (!ok)
    why = "a conversion is out of range (poison)";
  return ok;
}

/// The general path: runs the payload program at every point of the
/// iteration space `ranges`, in loop order.
bool Folder::interpret(const Program &program,
                       MutableArrayRef<ResultBuffer> results,
                       ArrayRef<int64_t> ranges, std::string &why) {
  // Within max-work (checked by the caller), so the product fits.
  if (*checkedProduct(ranges) == 0)
    return true;

  // Where each read or written operand lives and how it moves.
  struct Stream {
    const char *in = nullptr;
    char *out = nullptr;
    unsigned bytes = 0;
    unsigned reg = 0;
    ScalarKind kind;
    Access access;
    int64_t offset = 0;
    bool load = false;
  };
  SmallVector<Stream> streams;
  SmallVector<Scalar> regs(program.initialRegs);
  SmallVector<unsigned> resultStreams;
  unsigned resultIndex = 0;
  for (const Operand &operand : operands) {
    unsigned number = operand.opOperand->getOperandNumber();
    if (operand.scalar) {
      if (operand.blockArg >= 0)
        regs[operand.blockArg] = *operand.scalar;
      continue;
    }
    Stream stream;
    bool splat = false;
    ArrayRef<int64_t> shape;
    if (operand.isInit) {
      ResultBuffer &result = results[resultIndex++];
      stream.out = result.data();
      stream.bytes = result.bytes;
      stream.kind = result.kind;
      // A splat result is computed as its one element.
      splat = splatResults;
      shape = result.type.getShape();
      stream.load = operand.usedByPayload;
    } else {
      if (operand.blockArg < 0 || !operand.usedByPayload)
        continue;
      stream.in = operand.tensor->data();
      stream.bytes = operand.tensor->bytes;
      stream.kind = operand.tensor->kind;
      splat = operand.tensor->splat;
      shape = operand.tensor->type.getShape();
      stream.load = true;
    }
    stream.reg = operand.blockArg >= 0 ? operand.blockArg : 0;
    FailureOr<Access> access =
        getAccess(maps[number], shape, splat, ranges, why);
    if (failed(access))
      return false;
    stream.access = std::move(*access);
    stream.offset = stream.access.base;
    if (operand.isInit)
      resultStreams.push_back(streams.size());
    streams.push_back(std::move(stream));
  }

  unsigned numLoops = ranges.size();
  SmallVector<int64_t> index(numLoops, 0);
  while (true) {
    for (Stream &stream : streams) {
      if (!stream.load)
        continue;
      const char *base = stream.in ? stream.in : stream.out;
      regs[stream.reg] =
          decode(stream.kind,
                 loadBits(base + stream.offset * stream.bytes, stream.bytes));
    }
    for (const Instr &instr : program.instrs) {
      if (!evaluate(instr, regs.data(), index.data())) {
        why = llvm::formatv("evaluating it hits undefined behaviour or "
                            "poison at iteration ({0})",
                            llvm::make_range(index.begin(), index.end()))
                  .str();
        return false;
      }
    }
    for (auto [r, s] : llvm::enumerate(resultStreams)) {
      Stream &stream = streams[s];
      storeBits(stream.out + stream.offset * stream.bytes, stream.bytes,
                encode(stream.kind, regs[program.yields[r]]));
    }
    int64_t d = int64_t(numLoops) - 1;
    for (; d >= 0; --d) {
      ++index[d];
      for (Stream &stream : streams)
        stream.offset += stream.access.strides[d];
      if (index[d] < ranges[d])
        break;
      for (Stream &stream : streams)
        stream.offset -= stream.access.strides[d] * ranges[d];
      index[d] = 0;
    }
    if (d < 0)
      return true;
  }
}

void Folder::replace(linalg::LinalgOp linalgOp,
                     MutableArrayRef<ResultBuffer> results) {
  OpBuilder builder(linalgOp);
  for (auto [result, value] :
       llvm::zip_equal(results, linalgOp->getResults())) {
    Attribute attr;
    if (result.blob) {
      attr = DenseResourceElementsAttr::get(result.type, kBlobName,
                                            std::move(*result.blob));
    } else if (result.numElements == 0) {
      attr = DenseElementsAttr::get(result.type, ArrayRef<Attribute>());
    } else if (result.kind.width == 1) {
      SmallVector<bool> bits;
      for (char byte : result.vector)
        bits.push_back(byte & 1);
      attr = splatResults ? DenseElementsAttr::get(result.type, bits.front())
                          : DenseElementsAttr::get(result.type, bits);
    } else {
      attr = DenseElementsAttr::getFromRawBuffer(result.type, result.vector);
    }
    auto constant = arith::ConstantOp::create(builder, linalgOp.getLoc(),
                                              cast<TypedAttr>(attr));
    value.replaceAllUsesWith(constant);
  }
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

FailureOr<unsigned>
mlir::tuner::foldConstantLinalgOps(Operation *root,
                                   const FoldConstantsOptions &options) {
  auto check = [&](int64_t value, StringRef name) -> LogicalResult {
    if (value >= 0)
      return success();
    return root->emitError() << "invalid fold-constants option: " << name
                             << " must be non-negative, got " << value;
  };
  if (failed(check(options.maxElements, "max-elements")) ||
      failed(check(options.maxGrowth, "max-growth")) ||
      failed(check(options.maxWork, "max-work")) ||
      failed(check(options.resourceThreshold, "resource-threshold")))
    return failure();

  SmallVector<linalg::LinalgOp> candidates;
  root->walk<WalkOrder::PreOrder>(
      [&](linalg::LinalgOp op) { candidates.push_back(op); });

  Folder folder(options);
  unsigned folded = 0;
  // Erased ops all dominate the op being folded, so they were visited
  // already; the set only guards against surprises (graph regions). It is
  // not consulted for other ops: new constants may reuse erased addresses.
  DenseSet<Operation *> erasedCandidates;
  for (linalg::LinalgOp op : candidates) {
    if (erasedCandidates.contains(op.getOperation()))
      continue;
    std::string why;
    if (!folder.tryFold(op, why)) {
      if (options.emitRemarks && folder.wasCandidate() && !why.empty())
        op->emitRemark() << "not folded: " << why;
      continue;
    }
    ++folded;
    // Erase the op, then what fed only it (constants, fills, empty tensors),
    // including the constants its payload captured, within `root`.
    SetVector<Value> used(llvm::from_range, op->getOperands());
    getUsedValuesDefinedAbove(op->getRegions(), used);
    SmallVector<Operation *> worklist;
    for (Value value : used)
      if (Operation *def = value.getDefiningOp())
        worklist.push_back(def);
    erasedCandidates.insert(op.getOperation());
    op->erase();
    SmallPtrSet<Operation *, 8> erased;
    while (!worklist.empty()) {
      Operation *def = worklist.pop_back_val();
      if (erased.contains(def) || !root->isProperAncestor(def) ||
          !isOpTriviallyDead(def))
        continue;
      for (Value operand : def->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          worklist.push_back(producer);
      erased.insert(def);
      if (isa<linalg::LinalgOp>(def))
        erasedCandidates.insert(def);
      def->erase();
    }
  }
  return folded;
}

namespace {
struct FoldConstantsPass
    : public tuner::impl::TunerFoldConstantsBase<FoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    FoldConstantsOptions options;
    options.maxElements = maxElements;
    options.maxGrowth = maxGrowth;
    options.maxWork = maxWork;
    options.resourceThreshold = resourceThreshold;
    options.emitRemarks = remarks;
    if (failed(foldConstantLinalgOps(getOperation(), options)))
      return signalPassFailure();
  }
};
} // namespace

//===- FoldConstantsPayload.cpp - payload interpreter of the folder -------===//
//
// Compiles payload blocks to register programs and runs their instructions
// (FoldConstantsPayload.h). Floats are computed in double precision and
// rounded to their type after every op, which gives correctly rounded
// results for +, -, *, /, sqrt and fma on types of at most 24 bits of
// precision (f32 and smaller) and exact results for f64; other math
// functions are as accurate as the host's libm.
//
//===----------------------------------------------------------------------===//

#include "FoldConstantsPayload.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;

namespace mlir::tuner::fold {

bool isCast(Opcode opcode) {
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

namespace {
/// Compiles one payload block into a Program: registers for the block
/// arguments, the scalar constants it uses and the results of its ops.
class BodyCompiler {
public:
  BodyCompiler(Program &program, std::string &why)
      : program(program), why(why) {
    zero.i = 0;
  }

  LogicalResult compile(Block &block);

private:
  unsigned addReg(Value value, Scalar initial) {
    unsigned reg = program.initialRegs.size();
    program.initialRegs.push_back(initial);
    regs[value] = reg;
    return reg;
  }
  std::optional<unsigned> lookup(Value value);
  LogicalResult compileOp(Operation &op);
  LogicalResult bindOperands(Operation &op, Instr &instr);
  LogicalResult compileYield(Operation *terminator);
  LogicalResult unsupported(Operation &op) {
    why = llvm::formatv("payload op '{0}' cannot be evaluated", op.getName())
              .str();
    return failure();
  }

  Program &program;
  std::string &why;
  DenseMap<Value, unsigned> regs;
  Scalar zero;
};
} // namespace

/// A value used by the payload: a register, or a scalar constant (defined
/// in the block or captured from above).
std::optional<unsigned> BodyCompiler::lookup(Value value) {
  if (auto it = regs.find(value); it != regs.end())
    return it->second;
  auto constOp = value.getDefiningOp<arith::ConstantOp>();
  if (!constOp)
    return std::nullopt;
  std::optional<Scalar> scalar = scalarFromAttr(constOp.getValue());
  if (!scalar)
    return std::nullopt;
  return addReg(value, *scalar);
}

LogicalResult BodyCompiler::compile(Block &block) {
  for (BlockArgument arg : block.getArguments()) {
    if (!getScalarKind(arg.getType())) {
      why = llvm::formatv("payload argument type {0} is not supported",
                          arg.getType())
                .str();
      return failure();
    }
    addReg(arg, zero);
  }
  for (Operation &op : block.without_terminator())
    if (failed(compileOp(op)))
      return failure();
  return compileYield(block.getTerminator());
}

LogicalResult BodyCompiler::compileOp(Operation &op) {
  if (isa<arith::ConstantOp>(op)) {
    if (!lookup(op.getResult(0))) {
      why = llvm::formatv("payload constant {0} is not a supported scalar",
                          cast<arith::ConstantOp>(op).getValue())
                .str();
      return failure();
    }
    return success();
  }
  if (op.getNumResults() != 1 || op.getNumRegions() != 0)
    return unsupported(op);
  std::optional<ScalarKind> type = getScalarKind(op.getResult(0).getType());
  if (!type)
    return unsupported(op);

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
    return unsupported(op);
  }
  if (auto cmpf = dyn_cast<arith::CmpFOp>(op))
    instr.immediate = static_cast<int64_t>(cmpf.getPredicate());
  if (auto cmpi = dyn_cast<arith::CmpIOp>(op))
    instr.immediate = static_cast<int64_t>(cmpi.getPredicate());
  if (failed(bindOperands(op, instr)))
    return failure();
  instr.dst = addReg(op.getResult(0), zero);
  program.instrs.push_back(instr);
  return success();
}

/// Sets the operand registers and the source kind of `instr`, the compiled
/// `op`, and checks them.
LogicalResult BodyCompiler::bindOperands(Operation &op, Instr &instr) {
  if (op.getNumOperands() > 3)
    return unsupported(op);
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
    return unsupported(op);
  return success();
}

LogicalResult BodyCompiler::compileYield(Operation *terminator) {
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

LogicalResult compileBody(Block &block, Program &program, std::string &why) {
  return BodyCompiler(program, why).compile(block);
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

/// Runs a float op (AddF to IsFinite).
static bool evaluateFloat(const Instr &in, Scalar *regs) {
  Scalar a = regs[in.a], b = regs[in.b], c = regs[in.c];
  Scalar &r = regs[in.dst];
  const ScalarKind &t = in.type;
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
  default:
    break;
  }
  return false;
}

/// Runs an integer division or remainder, signed (of `width` bits) or
/// unsigned; false on division by zero or signed overflow.
static bool evaluateDivision(const Instr &in, Scalar a, Scalar b, Scalar &r,
                             unsigned width, uint64_t mask) {
  switch (in.opcode) {
  case Opcode::DivSI:
  case Opcode::CeilDivSI:
  case Opcode::FloorDivSI:
  case Opcode::RemSI: {
    int64_t x = signExtend(a.i, width), y = signExtend(b.i, width);
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
  default:
    if (b.i == 0)
      return false;
    if (in.opcode == Opcode::RemUI)
      r.i = a.i % b.i;
    else
      r.i = a.i / b.i + (in.opcode == Opcode::CeilDivUI && a.i % b.i != 0);
    r.i &= mask;
    return true;
  }
}

/// Runs an integer op (AddI to CmpI); false on undefined behaviour or
/// poison (division by zero, out-of-range shift).
static bool evaluateInt(const Instr &in, Scalar *regs) {
  Scalar a = regs[in.a], b = regs[in.b];
  Scalar &r = regs[in.dst];
  const ScalarKind &t = in.type;
  // Integer operands (and the source of conversions) have `width` bits.
  unsigned width = std::max(in.source.width, 1u);
  uint64_t mask = t.mask();
  auto sa = [&] { return signExtend(a.i, width); };
  auto sb = [&] { return signExtend(b.i, width); };
  switch (in.opcode) {
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
  case Opcode::RemSI:
  case Opcode::DivUI:
  case Opcode::CeilDivUI:
  case Opcode::RemUI:
    return evaluateDivision(in, a, b, r, width, mask);
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
  default:
    break;
  }
  return false;
}

/// Runs a conversion, select or linalg.index; false on an out-of-range
/// float-to-int conversion (poison).
static bool evaluateOther(const Instr &in, Scalar *regs,
                          const int64_t *loopIndex) {
  Scalar a = regs[in.a], b = regs[in.b], c = regs[in.c];
  Scalar &r = regs[in.dst];
  const ScalarKind &t = in.type;
  // Integer operands (and the source of conversions) have `width` bits.
  unsigned width = std::max(in.source.width, 1u);
  uint64_t mask = t.mask();
  auto sa = [&] { return signExtend(a.i, width); };
  switch (in.opcode) {
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
  default:
    break;
  }
  return false;
}

/// Runs one instruction. Returns false on undefined behaviour or poison
/// (division by zero, out-of-range shift or float-to-int conversion), which
/// the fold does not try to represent.
bool evaluate(const Instr &in, Scalar *regs, const int64_t *loopIndex) {
  // The opcodes are grouped: floats, integers, then conversions and others.
  if (in.opcode <= Opcode::IsFinite)
    return evaluateFloat(in, regs);
  if (in.opcode <= Opcode::CmpI)
    return evaluateInt(in, regs);
  return evaluateOther(in, regs, loopIndex);
}
} // namespace mlir::tuner::fold

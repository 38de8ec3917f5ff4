//===- FoldConstantsPayload.h - payload interpreter of the fold -*- C++ -*-===//
//
// The payload of a linalg op compiled to a register program of arith and
// math ops (and linalg.index), and the interpreter that runs one
// instruction. Floats are computed in double precision and rounded to their
// type after every op. Private to lib/Transforms (FoldConstants*.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_LIB_TRANSFORMS_FOLDCONSTANTSPAYLOAD_H
#define TUNER_LIB_TRANSFORMS_FOLDCONSTANTSPAYLOAD_H

#include "FoldConstantsScalars.h"

#include "mlir/IR/Block.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace mlir::tuner::fold {

/// The operation of an instruction. The order matters: floats (AddF to
/// IsFinite), integers (AddI to CmpI), then conversions and others;
/// evaluate() dispatches on these ranges.
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

/// Whether `opcode` is a conversion (one operand, of another type).
bool isCast(Opcode opcode);

/// Compiles the payload `block`. Fails (with `why`) on an op the evaluator
/// does not know, a non-scalar value, or a captured value that is not a
/// scalar constant.
LogicalResult compileBody(Block &block, Program &program, std::string &why);

/// Runs one instruction. Returns false on undefined behaviour or poison
/// (division by zero, out-of-range shift or float-to-int conversion), which
/// the fold does not try to represent.
bool evaluate(const Instr &in, Scalar *regs, const int64_t *loopIndex);

} // namespace mlir::tuner::fold

#endif // TUNER_LIB_TRANSFORMS_FOLDCONSTANTSPAYLOAD_H

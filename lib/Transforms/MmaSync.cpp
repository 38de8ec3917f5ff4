//===- MmaSync.cpp - mixed-precision matmuls to mma.sync ------------------===//
//
// Fragment layouts of mma.sync.aligned.m16n8k16 (PTX ISA, "Matrix Fragments
// for mma.m16n8k16"), with g = lane / 4 and t = lane % 4:
//   A (16 x 16, row):  register r, element e: row g + 8 (r % 2),
//                      column 2t + e + 8 (r / 2)
//   B (16 x 8, col):   register r, element e: row 2t + e + 8 r, column g
//   C/D (16 x 8, f32): element 2r + e: row g + 8 r, column 2t + e
//
//===----------------------------------------------------------------------===//

#include "MmaSync.h"

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// Index arithmetic of one lane.
struct Lane {
  OpBuilder &b;
  Location loc;
  Value g, t;

  Value add(Value v, int64_t c) {
    if (c == 0)
      return v;
    return arith::AddIOp::create(b, loc, v,
                                 arith::ConstantIndexOp::create(b, loc, c));
  }
  Value twoT() {
    return arith::MulIOp::create(b, loc, t,
                                 arith::ConstantIndexOp::create(b, loc, 2));
  }
};

/// The (row, column) of A's register r, element e.
std::pair<Value, Value> aIndex(Lane &l, int64_t r, int64_t e) {
  return {l.add(l.g, 8 * (r % 2)), l.add(l.twoT(), e + 8 * (r / 2))};
}
std::pair<Value, Value> bIndex(Lane &l, int64_t r, int64_t e) {
  return {l.add(l.twoT(), e + 8 * r), l.g};
}
std::pair<Value, Value> cIndex(Lane &l, int64_t r, int64_t e) {
  return {l.add(l.g, 8 * r), l.add(l.twoT(), e)};
}

using IndexFn = std::pair<Value, Value> (*)(Lane &, int64_t, int64_t);

/// Loads `regs` registers of 2 elements of `mem` as a vector<regs x 2>.
Value loadFragment(Lane &l, Value mem, int64_t regs, IndexFn index) {
  SmallVector<Value> elements;
  for (int64_t r = 0; r < regs; ++r)
    for (int64_t e = 0; e < 2; ++e) {
      auto [row, col] = index(l, r, e);
      elements.push_back(
          memref::LoadOp::create(l.b, l.loc, mem, ValueRange{row, col}));
    }
  Type element = cast<MemRefType>(mem.getType()).getElementType();
  return vector::FromElementsOp::create(
      l.b, l.loc, VectorType::get({regs, 2}, element), elements);
}

/// Register r of a fragment as PTX wants bf16 pairs: one i32.
Value packRegister(Lane &l, Value fragment, int64_t r) {
  Value pair = vector::ExtractOp::create(l.b, l.loc, fragment, r);
  Value packed = vector::BitCastOp::create(
      l.b, l.loc, VectorType::get({1}, l.b.getI32Type()), pair);
  return vector::ExtractOp::create(l.b, l.loc, packed, 0);
}

/// The bf16 mma: nvvm.mma.sync on packed registers; the four f32 results.
SmallVector<Value> mmaBF16(Lane &l, Value a, Value b, Value c) {
  SmallVector<Value> aRegs, bRegs, cRegs;
  for (int64_t r = 0; r < 4; ++r)
    aRegs.push_back(packRegister(l, a, r));
  for (int64_t r = 0; r < 2; ++r)
    bRegs.push_back(packRegister(l, b, r));
  for (int64_t i = 0; i < 4; ++i)
    cRegs.push_back(vector::ExtractOp::create(l.b, l.loc, c,
                                              ArrayRef<int64_t>{i / 2, i % 2}));
  Type f32 = l.b.getF32Type();
  auto resultType = LLVM::LLVMStructType::getLiteral(l.b.getContext(),
                                                     SmallVector<Type>(4, f32));
  std::array<NVVM::MMATypes, 2> types = {NVVM::MMATypes::bf16,
                                         NVVM::MMATypes::bf16};
  std::array<NVVM::MMALayout, 2> layouts = {NVVM::MMALayout::row,
                                            NVVM::MMALayout::col};
  Value d = NVVM::MmaOp::create(l.b, l.loc, resultType, aRegs, bRegs, cRegs,
                                ArrayRef<int64_t>{16, 8, 16}, std::nullopt,
                                std::nullopt, types, layouts);
  SmallVector<Value> out;
  for (int64_t i = 0; i < 4; ++i)
    out.push_back(LLVM::ExtractValueOp::create(l.b, l.loc, d, i));
  return out;
}

LogicalResult rewrite(linalg::MatmulOp op) {
  auto aType = dyn_cast<MemRefType>(op.getDpsInputs()[0].getType());
  auto bType = dyn_cast<MemRefType>(op.getDpsInputs()[1].getType());
  auto cType = dyn_cast<MemRefType>(op.getDpsInits()[0].getType());
  if (!aType || !bType || !cType)
    return op.emitError("a tensor-core matmul must be bufferized first");
  if (aType.getShape() != ArrayRef<int64_t>{16, 16} ||
      bType.getShape() != ArrayRef<int64_t>{16, 8} ||
      cType.getShape() != ArrayRef<int64_t>{16, 8} || op.hasUserDefinedMaps())
    return op.emitError("a mixed-precision tensor-core matmul must be a "
                        "16x16 x 16x8 -> 16x8 linalg.matmul");
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
  Value four = arith::ConstantIndexOp::create(b, loc, 4);
  Lane l{b, loc, arith::DivUIOp::create(b, loc, lane, four),
         arith::RemUIOp::create(b, loc, lane, four)};
  Value a = loadFragment(l, op.getDpsInputs()[0], 4, aIndex);
  Value bf = loadFragment(l, op.getDpsInputs()[1], 2, bIndex);
  Value c = loadFragment(l, op.getDpsInits()[0], 2, cIndex);
  SmallVector<Value> d;
  if (aType.getElementType().isBF16()) {
    d = mmaBF16(l, a, bf, c);
  } else {
    Value v = nvgpu::MmaSyncOp::create(b, loc, a, bf, c,
                                       b.getI64ArrayAttr({16, 8, 16}));
    for (int64_t i = 0; i < 4; ++i)
      d.push_back(vector::ExtractOp::create(b, loc, v,
                                            ArrayRef<int64_t>{i / 2, i % 2}));
  }
  for (int64_t i = 0; i < 4; ++i) {
    auto [row, col] = cIndex(l, i / 2, i % 2);
    memref::StoreOp::create(b, loc, d[i], op.getDpsInits()[0],
                            ValueRange{row, col});
  }
  op.erase();
  return success();
}
} // namespace

LogicalResult mlir::tuner::rewriteMixedPrecisionMmaSync(Operation *root) {
  SmallVector<linalg::MatmulOp> matmuls;
  root->walk([&](linalg::MatmulOp op) {
    if (!op->hasAttr(kMmaSyncAttrName) || op->getNumOperands() != 3)
      return;
    Type result = getElementTypeOrSelf(op->getOperand(2).getType());
    if (result.isF32())
      matmuls.push_back(op);
  });
  for (linalg::MatmulOp op : matmuls)
    if (failed(rewrite(op)))
      return failure();
  return success();
}

void mlir::tuner::insertMmaSyncDialects(DialectRegistry &registry) {
  registry.insert<arith::ArithDialect, gpu::GPUDialect, LLVM::LLVMDialect,
                  memref::MemRefDialect, NVVM::NVVMDialect, nvgpu::NVGPUDialect,
                  vector::VectorDialect>();
}

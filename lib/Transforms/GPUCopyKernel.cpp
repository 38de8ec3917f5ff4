//===- GPUCopyKernel.cpp - a host copy as a GPU kernel --------------------===//
//
// See GPUCopyKernel.h.
//
//===----------------------------------------------------------------------===//

#include "GPUCopyKernel.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

/// Threads per block of a copy kernel.
static constexpr int64_t kCopyThreads = 256;

bool mlir::tuner::canBeCopyKernel(Value src, Value dst) {
  auto srcType = dyn_cast<MemRefType>(src.getType());
  auto dstType = dyn_cast<MemRefType>(dst.getType());
  return srcType && dstType && !srcType.getMemorySpace() &&
         !dstType.getMemorySpace() && srcType.hasStaticShape() &&
         srcType.getShape() == dstType.getShape() &&
         srcType.getElementType() == dstType.getElementType() &&
         srcType.getElementType().isIntOrFloat() &&
         srcType.getNumElements() > 0;
}

void mlir::tuner::buildCopyKernel(OpBuilder &b, Location loc, Value src,
                                  Value dst) {
  auto type = cast<MemRefType>(src.getType());
  int64_t elements = type.getNumElements();
  auto index = [&](OpBuilder &builder, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(builder, loc, v);
  };
  Value one = index(b, 1);
  Value blocks = index(b, llvm::divideCeil(elements, kCopyThreads));
  auto launch = gpu::LaunchOp::create(b, loc, blocks, one, one,
                                      index(b, kCopyThreads), one, one);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(&launch.getBody().front());
  Value linear = arith::AddIOp::create(
      b, loc,
      arith::MulIOp::create(b, loc, launch.getBlockIds().x,
                            index(b, kCopyThreads)),
      launch.getThreadIds().x);
  Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                       linear, index(b, elements));
  auto guarded = scf::IfOp::create(b, loc, inside, /*withElseRegion=*/false);
  b.setInsertionPointToStart(guarded.thenBlock());
  // Row-major indices of the element: the innermost dimension varies
  // fastest, so that neighbouring threads touch neighbouring elements.
  SmallVector<Value> indices(type.getRank());
  int64_t stride = 1;
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    Value quotient = arith::DivUIOp::create(b, loc, linear, index(b, stride));
    indices[d] = arith::RemUIOp::create(b, loc, quotient,
                                        index(b, type.getDimSize(d)));
    stride *= type.getDimSize(d);
  }
  Value value = memref::LoadOp::create(b, loc, src, indices);
  memref::StoreOp::create(b, loc, value, dst, indices);
  b.setInsertionPointToEnd(&launch.getBody().front());
  gpu::TerminatorOp::create(b, loc);
}

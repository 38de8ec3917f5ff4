//===- WgmmaMatmul.cpp - Hopper matmul kernels: TMA and wgmma -------------===//
//
// The kernel of one block (G = groupsM groupsN warpgroups of 128 threads;
// warpgroup w owns rows [wi WM, (wi + 1) WM) and columns [wj WN, (wj + 1)
// WN) of the block tile, wi = w / groupsN, wj = w % groupsN):
//
//   host       TMA descriptors of A (bm x 64 boxes) and B (64 x 64 boxes),
//              128-byte swizzle, made before the block loop
//   prologue   thread 0: an mbarrier per stage (one arrival); every thread:
//              the descriptors acquired (fence.proxy.tensormap: the host
//              wrote them to global memory), the barriers fenced for the
//              async proxy; thread 0: the TMA loads of K tiles 0 .. S-1,
//              each stage's barrier expecting its bytes
//   for kt in [0, K / 64):                          accumulators carried
//     wait for stage kt % S's barrier (phase (kt / S) % 2)
//     wgmma.fence; per 16-deep step and 64-row slice of the warpgroup's
//     tile, one wgmma.mma_async m64nWNk16 (A and B from shared memory);
//     commit; wait until at most this group is in flight (the previous
//     tile's group is done), barrier (all warpgroups' are)
//     thread 0: the TMA loads of tile kt - 1 + S into the stage tile kt - 1
//     used
//   epilogue   wait for the last group; the absorbed fill / elementwise
//              ops on the accumulators, stores of two adjacent columns
//
// Shared memory (dynamic, aligned at run time to 1024 bytes, the period of
// the 128-byte swizzle, which TMA and wgmma both compute from the address):
// S x [bm][64] of A (rows of 128 bytes), then S x [bn / 64][64][64] of B
// (64-column boxes of 64 K rows). wgmma descriptors (PTX ISA, "matrix
// descriptor"): start address >> 4 in bits 0-13, leading byte offset >> 4
// in 16-29 (B: 8192, the next 64 columns), stride byte offset >> 4 in 32-45
// (1024: 8 rows of 128 bytes), swizzle mode 1 (128 bytes) in 62-63. A is
// K-major (a 16-deep step moves the start by 32 bytes), B MN-major
// (transposed: a step moves it by 16 rows, 2048 bytes).
//
// Accumulators of m64nNk16 (f32): field 4j + 2h + e of a thread holds row
// 16 (warp % 4) + lane / 4 + 8h, column 8j + 2 (lane % 4) + e of the
// 64-row slice: the mma.sync C fragment, repeated along N.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/TransformOps/WgmmaMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"

#include "PipelinedMatmul.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Dominance.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

static constexpr int64_t kWarpgroup = 128;
/// Rows of one wgmma, and K of one for 16-bit inputs.
static constexpr int64_t kWgmmaM = 64, kWgmmaK = 16;
/// Columns of a B box: 128 bytes of 16-bit elements.
static constexpr int64_t kBoxCols = 64;
/// Bytes of a swizzled row, and the alignment of the swizzle pattern.
static constexpr int64_t kRowBytes = 128, kSwizzleAlign = 1024;
static constexpr int64_t kElementBytes = 2;

int64_t mlir::tuner::getWgmmaSharedBytes(int64_t bm, int64_t bn,
                                         const WgmmaMatmulOptions &options) {
  return options.stages * (bm + bn) * kWgmmaTileK * kElementBytes +
         kSwizzleAlign;
}

int64_t mlir::tuner::getWgmmaAccumulators(int64_t bm, int64_t bn,
                                          const WgmmaMatmulOptions &options) {
  return (bm / options.groupsM / kWgmmaM) * (bn / options.groupsN) / 2;
}

LogicalResult mlir::tuner::checkWgmmaTiles(int64_t bm, int64_t bn, int64_t k,
                                           const WgmmaMatmulOptions &options,
                                           std::string &whyNot) {
  auto fail = [&](const Twine &reason) {
    whyNot = reason.str();
    return failure();
  };
  int64_t groups = options.groupsM * options.groupsN;
  if (options.groupsM < 1 || options.groupsN < 1 || groups > 4)
    return fail("needs 1 to 4 warpgroups per block");
  if (bm % (options.groupsM * kWgmmaM) || bm > 256)
    return fail("the block's " + Twine(bm) + " rows must be at most 256 and " +
                "whole 64-row wgmmas for each of " + Twine(options.groupsM) +
                " warpgroups");
  int64_t cols = bn / options.groupsN;
  if (bn % (options.groupsN * kBoxCols) || cols > 256)
    return fail("each warpgroup's columns (" + Twine(bn) + " / " +
                Twine(options.groupsN) +
                ") must be 64-column boxes, at most 256");
  if (k % kWgmmaTileK)
    return fail("K = " + Twine(k) + " must be a multiple of 64");
  if (options.stages < 2 || options.stages > 8)
    return fail("needs 2 to 8 stages");
  int64_t acc = getWgmmaAccumulators(bm, bn, options);
  if (acc > 128)
    return fail(Twine(acc) + " accumulators per thread (at most 128)");
  return success();
}

FailureOr<std::optional<WgmmaMatmulOptions>>
mlir::tuner::getWgmmaOptions(Operation *op) {
  auto marks = readKernelMarks(op,
                               {kWgmmaGroupsMAttrName, kWgmmaGroupsNAttrName,
                                kWgmmaTileKAttrName, kWgmmaStagesAttrName},
                               "a wgmma matmul");
  if (failed(marks))
    return failure();
  if (!*marks)
    return std::optional<WgmmaMatmulOptions>();
  ArrayRef<int64_t> v = **marks;
  if (v[2] != kWgmmaTileK)
    return op->emitError("a wgmma matmul takes K in tiles of ")
           << kWgmmaTileK << " (one 128-byte swizzle row), not " << v[2];
  return std::optional<WgmmaMatmulOptions>(
      WgmmaMatmulOptions{v[0], v[1], v[3]});
}

namespace {
/// The shapes of one kernel.
struct Geometry {
  int64_t bm, bn, k;
  WgmmaMatmulOptions options;

  int64_t groupRows() const { return bm / options.groupsM; }
  int64_t groupCols() const { return bn / options.groupsN; }
  int64_t threads() const {
    return options.groupsM * options.groupsN * kWarpgroup;
  }
  /// 64-row wgmmas per warpgroup and K step.
  int64_t slices() const { return groupRows() / kWgmmaM; }
  int64_t kTiles() const { return k / kWgmmaTileK; }
  /// f32 accumulators per thread and 64-row slice.
  int64_t fields() const { return groupCols() / 2; }
  int64_t stageBytesA() const { return bm * kRowBytes; }
  int64_t boxBytesB() const { return kWgmmaTileK * kRowBytes; }
  int64_t stageBytesB() const { return (bn / kBoxCols) * boxBytesB(); }
};

/// A TMA operand: the 2-D buffer its descriptor covers, and the operand's
/// (row, column) in it.
struct TmaOperand {
  Value root;
  Value descriptor;
  SmallVector<Value> origin;
};

/// The values of one thread's kernel.
struct Kernel {
  Geometry g;
  TmaOperand a, b;
  Value smem, pad, barriers, leader;
  /// The shared-memory address (bytes) of the aligned stages.
  Value base;
};
} // namespace

/// The outermost scf.forall mapped to GPU blocks around `op`.
static scf::ForallOp getOutermostBlockLoop(Operation *op) {
  scf::ForallOp outer;
  for (auto forall = op->getParentOfType<scf::ForallOp>(); forall;
       forall = forall->getParentOfType<scf::ForallOp>()) {
    std::optional<ArrayAttr> mapping = forall.getMapping();
    if (mapping && !mapping->empty() &&
        isa<gpu::GPUBlockMappingAttr>((*mapping)[0]))
      outer = forall;
  }
  return outer;
}

/// The buffer foldSubviews folds `v` into, without building anything.
static Value getSubviewRoot(Value v) {
  while (auto subview = v.getDefiningOp<memref::SubViewOp>()) {
    if (subview.getSourceType().getRank() != subview.getType().getRank() ||
        !llvm::all_of(subview.getMixedStrides(), isOneInteger))
      break;
    v = subview.getSource();
  }
  return v;
}

/// Whether a TMA descriptor can cover `root` from outside `loop`: a 2-D
/// buffer of the host's memory space, unit column stride, rows a multiple
/// of 16 bytes apart, defined before the loop.
static LogicalResult checkTmaRoot(Value root, scf::ForallOp loop,
                                  StringRef name, std::string &whyNot) {
  auto type = dyn_cast<MemRefType>(root.getType());
  SmallVector<int64_t> strides;
  int64_t offset;
  if (!type || type.getRank() != 2 || type.getMemorySpace() ||
      failed(type.getStridesAndOffset(strides, offset)) || strides[1] != 1 ||
      ShapedType::isDynamic(strides[0]) || (strides[0] * kElementBytes) % 16) {
    whyNot = (name + " must be a unit-stride view of a 2-D buffer whose rows "
                     "are a multiple of 16 bytes apart (a TMA tensor)")
                 .str();
    return failure();
  }
  if (!DominanceInfo().properlyDominates(root, loop)) {
    whyNot = (name + "'s buffer must be defined before the block loop (its "
                     "TMA descriptor is made on the host)")
                 .str();
    return failure();
  }
  return success();
}

/// Checks the preconditions of rewriteMatmulAsWgmmaKernel; the kernel's
/// shapes on success.
static FailureOr<Geometry> checkMatmul(linalg::MatmulOp matmul,
                                       const WgmmaMatmulOptions &options,
                                       std::string &whyNot) {
  if (failed(checkBlockMatmul(matmul, kBoxCols / 8, whyNot)))
    return failure();
  auto aType = cast<MemRefType>(matmul.getDpsInputs()[0].getType());
  auto cType = cast<MemRefType>(matmul.getDpsInits()[0].getType());
  Type a = aType.getElementType(),
       b = getElementTypeOrSelf(matmul.getDpsInputs()[1].getType()),
       c = cType.getElementType();
  if (a != b || !(a.isBF16() || a.isF16()) || !c.isF32()) {
    whyNot = "expected bf16 x bf16 -> f32 or f16 x f16 -> f32";
    return failure();
  }
  Geometry g{cType.getDimSize(0), cType.getDimSize(1), aType.getDimSize(1),
             options};
  if (failed(checkWgmmaTiles(g.bm, g.bn, g.k, options, whyNot)))
    return failure();
  scf::ForallOp loop = getOutermostBlockLoop(matmul);
  if (failed(checkTmaRoot(getSubviewRoot(matmul.getDpsInputs()[0]), loop, "A",
                          whyNot)) ||
      failed(checkTmaRoot(getSubviewRoot(matmul.getDpsInputs()[1]), loop, "B",
                          whyNot)))
    return failure();
  return g;
}

/// The TMA descriptor type of boxes `rows` x `cols` of `element`.
static nvgpu::TensorMapDescriptorType getTmaType(MLIRContext *ctx, int64_t rows,
                                                 int64_t cols, Type element) {
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  return nvgpu::TensorMapDescriptorType::get(
      ctx,
      MemRefType::get({rows, cols}, element, MemRefLayoutAttrInterface(),
                      workgroup),
      nvgpu::TensorMapSwizzleKind::SWIZZLE_128B,
      nvgpu::TensorMapL2PromoKind::L2PROMO_NONE,
      nvgpu::TensorMapOOBKind::OOB_ZERO,
      nvgpu::TensorMapInterleaveKind::INTERLEAVE_NONE);
}

/// Makes, at the builder's point (host code), the descriptor of `root` in
/// `rows` x `cols` boxes.
static Value createDescriptor(const IndexBuilder &ib, Value root, int64_t rows,
                              int64_t cols) {
  auto type = cast<MemRefType>(root.getType());
  Value unranked = memref::CastOp::create(
      ib.b, ib.loc, UnrankedMemRefType::get(type.getElementType(), 0), root);
  return nvgpu::TmaCreateDescriptorOp::create(
      ib.b, ib.loc,
      getTmaType(ib.b.getContext(), rows, cols, type.getElementType()),
      unranked, ValueRange{ib.c(rows), ib.c(cols)});
}

/// A view of `bytes`-aligned shared memory at byte `offset` from the
/// aligned stages, `rows` x `cols` of `element`.
static Value viewShared(const IndexBuilder &ib, const Kernel &kernel,
                        Value offset, int64_t rows, int64_t cols,
                        Type element) {
  auto type =
      MemRefType::get({rows, cols}, element, MemRefLayoutAttrInterface(),
                      cast<MemRefType>(kernel.smem.getType()).getMemorySpace());
  return memref::ViewOp::create(ib.b, ib.loc, type, kernel.smem,
                                ib.add(kernel.pad, offset), ValueRange{});
}

/// Thread 0 (where `pred` holds): K tile `tile` of A and B into stage
/// `stage`, completing that stage's barrier.
static void loadStage(const IndexBuilder &ib, const Kernel &kernel, Value stage,
                      Value tile, Value pred) {
  const Geometry &g = kernel.g;
  OpBuilder &b = ib.b;
  Type element = cast<MemRefType>(kernel.a.root.getType()).getElementType();
  Value bytes = ib.c(g.stageBytesA() + g.stageBytesB());
  nvgpu::MBarrierArriveExpectTxOp::create(b, ib.loc, kernel.barriers, bytes,
                                          stage, pred);
  Value k0 = ib.mul(tile, kWgmmaTileK);
  // Coordinates are innermost first: (column, row).
  Value dstA = viewShared(ib, kernel, ib.mul(stage, g.stageBytesA()), g.bm,
                          kWgmmaTileK, element);
  nvgpu::TmaAsyncLoadOp::create(
      b, ib.loc, dstA, kernel.barriers, kernel.a.descriptor,
      ValueRange{ib.add(kernel.a.origin[1], k0), kernel.a.origin[0]}, stage,
      /*multicastMask=*/Value(), pred);
  Value stageB = ib.add(ib.mul(stage, g.stageBytesB()),
                        ib.c(g.options.stages * g.stageBytesA()));
  for (int64_t box = 0; box < g.bn / kBoxCols; ++box) {
    Value dstB = viewShared(ib, kernel, ib.add(stageB, box * g.boxBytesB()),
                            kWgmmaTileK, kBoxCols, element);
    nvgpu::TmaAsyncLoadOp::create(
        b, ib.loc, dstB, kernel.barriers, kernel.b.descriptor,
        ValueRange{ib.add(kernel.b.origin[1], box * kBoxCols),
                   ib.add(kernel.b.origin[0], k0)},
        stage, /*multicastMask=*/Value(), pred);
  }
}

/// An i64 constant.
static Value i64(const IndexBuilder &ib, int64_t v) {
  return arith::ConstantIntOp::create(ib.b, ib.loc, ib.b.getI64Type(), v);
}

/// The wgmma descriptor of the swizzled tile at shared address `address`
/// (an i64) with leading byte offset `leading`.
static Value makeDescriptor(const IndexBuilder &ib, Value address,
                            int64_t leading) {
  OpBuilder &b = ib.b;
  Location loc = ib.loc;
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, address, i64(ib, 0x3FFFF)),
      i64(ib, 4));
  int64_t fields = ((leading >> 4) << 16) |
                   (int64_t((8 * kRowBytes) >> 4) << 32) | (int64_t(1) << 62);
  return arith::OrIOp::create(b, loc, start, i64(ib, fields));
}

/// The descriptor `desc` moved by `bytes` (a multiple of 16).
static Value advance(const IndexBuilder &ib, Value desc, int64_t bytes) {
  if (!bytes)
    return desc;
  return arith::AddIOp::create(ib.b, ib.loc, desc, i64(ib, bytes >> 4));
}

/// The wgmmas on the K tile in stage `stage` of the warpgroup whose tile
/// starts at (`row0`, `col0`); the new accumulators.
static SmallVector<Value> computeStage(const IndexBuilder &ib,
                                       const Kernel &kernel, Value stage,
                                       Value row0, Value col0,
                                       ArrayRef<Value> acc) {
  const Geometry &g = kernel.g;
  OpBuilder &b = ib.b;
  Location loc = ib.loc;
  MLIRContext *ctx = b.getContext();
  auto toI64 = [&](Value v) {
    return arith::IndexCastOp::create(b, loc, b.getI64Type(), v);
  };
  Value aAddress =
      toI64(ib.add(ib.add(kernel.base, ib.mul(stage, g.stageBytesA())),
                   ib.mul(row0, kRowBytes)));
  Value bAddress = toI64(
      ib.add(ib.add(kernel.base, ib.c(g.options.stages * g.stageBytesA())),
             ib.add(ib.mul(stage, g.stageBytesB()),
                    ib.mul(ib.div(col0, kBoxCols), g.boxBytesB()))));
  Value descA = makeDescriptor(ib, aAddress, g.groupRows() * kRowBytes);
  Value descB = makeDescriptor(ib, bAddress, g.boxBytesB());
  Type element = cast<MemRefType>(kernel.a.root.getType()).getElementType();
  NVVM::WGMMATypes input =
      element.isBF16() ? NVVM::WGMMATypes::bf16 : NVVM::WGMMATypes::f16;
  auto shape = NVVM::MMAShapeAttr::get(ctx, kWgmmaM, g.groupCols(), kWgmmaK);
  SmallVector<Value> out(acc);
  NVVM::WgmmaFenceAlignedOp::create(b, loc);
  for (int64_t kk = 0; kk < kWgmmaTileK / kWgmmaK; ++kk)
    for (int64_t s = 0; s < g.slices(); ++s)
      out[s] = NVVM::WgmmaMmaAsyncOp::create(
          b, loc, out[s].getType(), out[s],
          advance(ib, descA,
                  s * kWgmmaM * kRowBytes + kk * kWgmmaK * kElementBytes),
          advance(ib, descB, kk * kWgmmaK * kRowBytes), shape, input, input,
          NVVM::WGMMATypes::f32, NVVM::WGMMAScaleOut::one,
          NVVM::WGMMAScaleIn::one, NVVM::WGMMAScaleIn::one,
          NVVM::MMALayout::row, NVVM::MMALayout::row,
          /*satfinite=*/NVVM::MMAIntOverflowAttr());
  NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 1);
  return out;
}

/// The position of every accumulator slot of the thread, in field order:
/// slice s, field 4j + 2h + e.
static AccumulatorSlots getSlots(const IndexBuilder &ib, const Geometry &g,
                                 Value tid, Value row0, Value col0) {
  Value lane = ib.rem(tid, 32);
  Value warp = ib.rem(ib.div(tid, 32), 4);
  Value row = ib.add(ib.add(row0, ib.mul(warp, 16)), ib.div(lane, 4));
  Value col = ib.add(col0, ib.mul(ib.rem(lane, 4), 2));
  AccumulatorSlots slots;
  for (int64_t s = 0; s < g.slices(); ++s)
    for (int64_t j = 0; j < g.groupCols() / 8; ++j)
      for (int64_t h = 0; h < 2; ++h)
        for (int64_t e = 0; e < 2; ++e) {
          slots.rows.push_back(ib.add(row, s * kWgmmaM + 8 * h));
          slots.cols.push_back(ib.add(col, 8 * j + e));
        }
  return slots;
}

/// The accumulators of each slice packed as wgmma takes them.
static SmallVector<Value> packAccumulators(const IndexBuilder &ib,
                                           const Geometry &g,
                                           ArrayRef<Value> values) {
  Type f32 = ib.b.getF32Type();
  auto type = LLVM::LLVMStructType::getLiteral(
      ib.b.getContext(), SmallVector<Type>(g.fields(), f32));
  SmallVector<Value> packed;
  for (int64_t s = 0; s < g.slices(); ++s) {
    Value acc = LLVM::PoisonOp::create(ib.b, ib.loc, type);
    for (int64_t f = 0; f < g.fields(); ++f)
      acc = LLVM::InsertValueOp::create(ib.b, ib.loc, acc,
                                        values[s * g.fields() + f], f);
    packed.push_back(acc);
  }
  return packed;
}

/// The pipelined K loop (see the file comment); the final accumulators.
static SmallVector<Value> buildLoop(const IndexBuilder &ib,
                                    const Kernel &kernel, Value row0,
                                    Value col0, ArrayRef<Value> acc) {
  const Geometry &g = kernel.g;
  OpBuilder &b = ib.b;
  Location loc = ib.loc;
  int64_t stages = g.options.stages, kTiles = g.kTiles();
  for (int64_t s = 0; s < std::min(stages, kTiles); ++s)
    loadStage(ib, kernel, ib.c(s), ib.c(s), kernel.leader);
  auto loop = scf::ForOp::create(b, loc, ib.c(0), ib.c(kTiles), ib.c(1), acc);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value kt = loop.getInductionVar();
  Value stage = ib.rem(kt, stages);
  Value parity = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne,
                                       ib.rem(ib.div(kt, stages), 2), ib.c(0));
  nvgpu::MBarrierTryWaitParityOp::create(b, loc, kernel.barriers, parity,
                                         ib.c(10000000), stage);
  SmallVector<Value> carried(loop.getRegionIterArgs());
  SmallVector<Value> out = computeStage(ib, kernel, stage, row0, col0, carried);
  // Every warpgroup's wgmmas of tile kt - 1 are done: its stage is free.
  gpu::BarrierOp::create(b, loc);
  Value tile = ib.add(kt, stages - 1);
  Value refill = arith::AndIOp::create(
      b, loc, kernel.leader,
      arith::AndIOp::create(
          b, loc,
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, kt, ib.c(1)),
          ib.ult(tile, kTiles)));
  loadStage(ib, kernel, ib.rem(ib.add(kt, stages - 1), stages), tile, refill);
  scf::YieldOp::create(b, loc, out);
  b.setInsertionPointAfter(loop);
  NVVM::WgmmaWaitGroupSyncOp::create(b, loc, 0);
  return SmallVector<Value>(loop.getResults());
}

/// Emits the thread loop of the kernel at the rewriter's point.
static scf::ForallOp buildKernel(RewriterBase &rewriter, Kernel &kernel,
                                 linalg::MatmulOp matmul,
                                 const TensorCoreEpilogue &epilogue) {
  const Geometry &g = kernel.g;
  Location loc = matmul.getLoc();
  IndexBuilder ib{rewriter, loc};
  MLIRContext *ctx = rewriter.getContext();
  auto workgroup = gpu::AddressSpaceAttr::get(
      ctx, gpu::GPUDialect::getWorkgroupAddressSpace());
  auto smem = gpu::DynamicSharedMemoryOp::create(
      rewriter, loc,
      MemRefType::get({ShapedType::kDynamic}, rewriter.getI8Type(),
                      MemRefLayoutAttrInterface(), workgroup));
  smem->setAttr(
      kSharedBytesAttrName,
      rewriter.getI64IntegerAttr(getWgmmaSharedBytes(g.bm, g.bn, g.options)));
  kernel.smem = smem;
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(rewriter, loc, smem);
  kernel.pad = ib.rem(arith::SubIOp::create(rewriter, loc, ib.c(kSwizzleAlign),
                                            ib.rem(address, kSwizzleAlign)),
                      kSwizzleAlign);
  kernel.base = ib.add(address, kernel.pad);
  kernel.barriers = nvgpu::MBarrierCreateOp::create(
      rewriter, loc,
      nvgpu::MBarrierGroupType::get(ctx, workgroup, g.options.stages));
  scf::ForallOp forall = createThreadLoop(rewriter, loc, g.threads());
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPoint(forall.getBody()->getTerminator());
  Value tid = forall.getInductionVars()[0];
  kernel.leader = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                        tid, ib.c(0));
  for (int64_t s = 0; s < g.options.stages; ++s)
    nvgpu::MBarrierInitOp::create(rewriter, loc, kernel.barriers, ib.c(1),
                                  ib.c(s), kernel.leader);
  // The descriptors were copied to global memory by the host: acquired by
  // the tensormap proxy before TMA reads them (PTX ISA, "tensormap proxy").
  nvgpu::TmaFenceOp::create(rewriter, loc, kernel.a.descriptor);
  nvgpu::TmaFenceOp::create(rewriter, loc, kernel.b.descriptor);
  // The initialized barriers visible to the async proxy (TMA), then to
  // every thread.
  NVVM::FenceProxyOp::create(
      rewriter, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
  gpu::BarrierOp::create(rewriter, loc);
  Value zero = ib.c(0);
  std::tie(std::ignore, kernel.a.origin) = foldSubviews(
      rewriter, loc, matmul.getDpsInputs()[0], ValueRange{zero, zero});
  std::tie(std::ignore, kernel.b.origin) = foldSubviews(
      rewriter, loc, matmul.getDpsInputs()[1], ValueRange{zero, zero});
  Value group = ib.div(tid, kWarpgroup);
  Value row0 = ib.mul(ib.div(group, g.options.groupsN), g.groupRows());
  Value col0 = ib.mul(ib.rem(group, g.options.groupsN), g.groupCols());
  AccumulatorSlots slots = getSlots(ib, g, tid, row0, col0);
  SmallVector<Value> init =
      initAccumulators(ib, matmul.getDpsInits()[0], epilogue.fill, slots);
  SmallVector<Value> acc =
      buildLoop(ib, kernel, row0, col0, packAccumulators(ib, g, init));
  SmallVector<Value> values;
  for (Value slice : acc)
    for (int64_t f = 0; f < g.fields(); ++f)
      values.push_back(LLVM::ExtractValueOp::create(rewriter, loc, slice, f));
  emitTensorCoreEpilogue(rewriter, loc, epilogue, matmul, values, slots);
  return forall;
}

FailureOr<scf::ForallOp>
mlir::tuner::rewriteMatmulAsWgmmaKernel(RewriterBase &rewriter,
                                        linalg::MatmulOp matmul,
                                        const WgmmaMatmulOptions &options) {
  std::string whyNot;
  FailureOr<Geometry> g = checkMatmul(matmul, options, whyNot);
  if (failed(g))
    return matmul.emitError("cannot build a wgmma kernel: ") << whyNot;
  Kernel kernel;
  kernel.g = *g;
  kernel.a.root = getSubviewRoot(matmul.getDpsInputs()[0]);
  kernel.b.root = getSubviewRoot(matmul.getDpsInputs()[1]);
  {
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(getOutermostBlockLoop(matmul));
    IndexBuilder host{rewriter, matmul.getLoc()};
    kernel.a.descriptor =
        createDescriptor(host, kernel.a.root, g->bm, kWgmmaTileK);
    kernel.b.descriptor =
        createDescriptor(host, kernel.b.root, kWgmmaTileK, kBoxCols);
  }
  TensorCoreEpilogue epilogue = analyzeTensorCoreEpilogue(matmul);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointAfter(epilogue.last);
  scf::ForallOp forall = buildKernel(rewriter, kernel, matmul, epilogue);
  eraseAbsorbedOps(rewriter, epilogue, matmul);
  return forall;
}

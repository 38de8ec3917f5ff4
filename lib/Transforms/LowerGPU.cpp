//===- LowerGPU.cpp - the tuner-lower-gpu pipeline ------------------------===//
//
// From scheduled linalg/scf/vector on tensors, with scf.forall loops mapped
// to GPU blocks and threads, to NVVM kernels in a gpu.binary and LLVM-dialect
// host code. buildLowerGPUPipeline is used by the pass, by tuner-run and by
// the tuner's builders; the GPU mapping and memory steps are passes of their
// own (tuner-gpu-map-forall, tuner-gpu-alloc-to-workgroup here,
// tuner-gpu-device-memory in GPUDeviceMemory.cpp).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "GPUMapping.h"
#include "MmaSync.h"
#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/PTXAS.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Pipelines/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUALLOCTOWORKGROUP
#define GEN_PASS_DEF_TUNERGPUMAPFORALL
#define GEN_PASS_DEF_TUNERLOWERGPU
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The attribute tuner-gpu-map-forall puts on the loops it maps, so that its
/// script can match them one by one.
static constexpr StringLiteral kKernelIdAttr = "__tuner_gpu_kernel";

/// Threads per warp (NVIDIA).
static constexpr int64_t kWarpSize = 32;

//===----------------------------------------------------------------------===//
// Bufferization
//===----------------------------------------------------------------------===//

/// The largest buffer, in bytes, bufferization gives a thread as private
/// memory (registers or local memory) instead of a device malloc.
static constexpr int64_t kMaxPrivateBufferBytes = 1024;

/// A constant upper bound of the index `size`: value bounds, else, for the
/// extent of a view (bufferization's memref.dim of the slice it copies),
/// the static extent of a buffer it views (a slice is no larger).
static std::optional<int64_t> getConstantUpperBound(Value size) {
  FailureOr<int64_t> upper = ValueBoundsConstraintSet::computeConstantBound(
      presburger::BoundType::UB, size, /*stopCondition=*/nullptr,
      /*closedUB=*/true);
  if (succeeded(upper))
    return *upper;
  auto dim = size.getDefiningOp<memref::DimOp>();
  std::optional<int64_t> index = dim ? dim.getConstantIndex() : std::nullopt;
  if (!index)
    return std::nullopt;
  Value buffer = dim.getSource();
  while (true) {
    auto type = cast<MemRefType>(buffer.getType());
    if (!type.isDynamicDim(*index))
      return type.getDimSize(*index);
    auto subview = buffer.getDefiningOp<memref::SubViewOp>();
    if (!subview || subview.getSourceType().getRank() != type.getRank())
      return std::nullopt;
    buffer = subview.getSource();
  }
}

/// The shape of a thread's private copy of `type`: its static extents and
/// the bounds of its dynamic ones (`dynShape`), if all are bounded and the
/// copy is at most kMaxPrivateBufferBytes.
static std::optional<SmallVector<int64_t>>
getPrivateShape(MemRefType type, ValueRange dynShape) {
  SmallVector<int64_t> bound;
  unsigned next = 0;
  int64_t elements = 1;
  for (int64_t size : type.getShape()) {
    std::optional<int64_t> extent =
        ShapedType::isDynamic(size) ? getConstantUpperBound(dynShape[next++])
                                    : std::optional<int64_t>(size);
    if (!extent || *extent < 0)
      return std::nullopt;
    bound.push_back(*extent);
    elements *= *extent;
  }
  if (elements * llvm::divideCeil(type.getElementTypeBitWidth(), 8u) >
      kMaxPrivateBufferBytes)
    return std::nullopt;
  return bound;
}

/// `buffer` (of a private shape) viewed at the extents of `type` (in the
/// default memory space), packed row-major at its start.
static Value viewPrivateBuffer(OpBuilder &b, Location loc, Value buffer,
                               MemRefType type, ValueRange dynShape) {
  auto viewType = MemRefType::get(type.getShape(), type.getElementType());
  if (viewType == buffer.getType())
    return buffer;
  SmallVector<OpFoldResult> sizes, strides(type.getRank());
  unsigned next = 0;
  for (int64_t size : type.getShape())
    sizes.push_back(ShapedType::isDynamic(size)
                        ? OpFoldResult(dynShape[next++])
                        : OpFoldResult(b.getIndexAttr(size)));
  OpFoldResult stride = b.getIndexAttr(1);
  for (int64_t d = type.getRank() - 1; d >= 0; --d) {
    strides[d] = stride;
    stride = affine::makeComposedFoldedAffineApply(
        b, loc, b.getAffineSymbolExpr(0) * b.getAffineSymbolExpr(1),
        {stride, sizes[d]});
  }
  return memref::ReinterpretCastOp::create(b, loc, viewType, buffer,
                                           b.getIndexAttr(0), sizes, strides)
      .getResult();
}

/// Bufferization's allocations. A copy inside a loop mapped to threads (an
/// argmax whose unused maximum lost its shared output, so that each thread
/// writes a copy of it; a thread's slice of a multi-result reduction's
/// output in workgroup memory) of at most kMaxPrivateBufferBytes is private
/// memory: a `memref.alloca` at the start of the thread loop's body (not in
/// a loop nested in it, whose every iteration would grow the stack), in
/// the default memory space whatever its source's (a workgroup copy would
/// be one buffer every thread writes), of the upper bound of a dynamic
/// extent (a partial tile) viewed at the extent. A `memref.alloc` there
/// becomes a device malloc per thread, which exhausts the device heap and
/// faults. Anything else is a `memref.alloc`.
static FailureOr<Value> allocateBuffer(OpBuilder &b, Location loc,
                                       MemRefType type, ValueRange dynShape,
                                       unsigned alignment) {
  IntegerAttr align =
      alignment ? b.getI64IntegerAttr(alignment) : IntegerAttr();
  scf::ForallOp threads;
  for (Operation *op = b.getInsertionBlock()->getParentOp(); op && !threads;
       op = op->getParentOp())
    if (auto forall = dyn_cast<scf::ForallOp>(op);
        forall && isMappedWithinBlock(forall))
      threads = forall;
  std::optional<SmallVector<int64_t>> shape;
  if (threads && type.getLayout().isIdentity() &&
      type.getElementType().isIntOrFloat() &&
      (!type.getMemorySpace() ||
       gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(type)))
    shape = getPrivateShape(type, dynShape);
  if (!shape)
    return memref::AllocOp::create(b, loc, type, dynShape, align).getResult();
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(threads.getBody());
    buffer = memref::AllocaOp::create(
        b, loc, MemRefType::get(*shape, type.getElementType()), align);
  }
  return viewPrivateBuffer(b, loc, buffer, type, dynShape);
}

namespace {
/// One-shot module bufferization with identity layouts at function
/// boundaries and `linalg.copy` for copies: a `memref.copy` of a strided view
/// inside a kernel would lower to a call into the host runtime. Buffers a
/// thread needs for itself are private memory (allocateBuffer).
struct GPUBufferizePass
    : public PassWrapper<GPUBufferizePass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GPUBufferizePass)

  StringRef getArgument() const override { return "tuner-gpu-bufferize"; }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<bufferization::BufferizationDialect, linalg::LinalgDialect,
                    memref::MemRefDialect>();
  }

  /// Gives each shared output of an scf.forall its own init where several
  /// (of one forall, or of nested ones) start from one (CSE'd)
  /// tensor.empty, possibly reshaped: they cannot share a buffer, and
  /// bufferization copied one inside the kernel, a malloc per thread
  /// (torch-mlir's 0-d argmin, whose value and index outputs both started
  /// from one empty). The copies of the empty are made where it is, outside
  /// the kernels.
  static void duplicateSharedEmptyInits(ModuleOp module) {
    llvm::MapVector<Value, SmallVector<OpOperand *>> uses;
    module.walk([&](scf::ForallOp forall) {
      for (OpOperand &init : forall.getOutputsMutable())
        uses[init.get()].push_back(&init);
    });
    for (auto &[value, operands] : uses) {
      // The chain of reshapes from a tensor.empty to the init.
      SmallVector<Operation *> chain;
      for (Value v = value; Operation *def = v.getDefiningOp();
           v = def->getOperand(0)) {
        chain.push_back(def);
        if (!isa<tensor::ExpandShapeOp, tensor::CollapseShapeOp>(def))
          break;
      }
      if (operands.size() < 2 || chain.empty() ||
          !isa<tensor::EmptyOp>(chain.back()))
        continue;
      OpBuilder b(chain.front());
      b.setInsertionPointAfter(chain.front());
      Operation *first = operands.front()->getOwner();
      for (OpOperand *operand : llvm::drop_begin(operands)) {
        // Only inits of the first user's forall or of foralls nested in
        // it (or around it) conflict; sibling foralls reuse the buffer.
        Operation *owner = operand->getOwner();
        if (owner != first && !first->isAncestor(owner) &&
            !owner->isAncestor(first))
          continue;
        IRMapping mapping;
        for (Operation *op : llvm::reverse(chain))
          b.clone(*op, mapping);
        operand->set(mapping.lookup(value));
      }
    }
  }

  void runOnOperation() override {
    duplicateSharedEmptyInits(getOperation());
    bufferization::OneShotBufferizationOptions options;
    options.bufferizeFunctionBoundaries = true;
    options.allowReturnAllocsFromLoops = true;
    options.setFunctionBoundaryTypeConversion(
        bufferization::LayoutMapOption::IdentityLayoutMap);
    options.unknownTypeConverterFn =
        [](TensorType type, Attribute memorySpace,
           const bufferization::BufferizationOptions &) -> BaseMemRefType {
      return bufferization::getMemRefTypeWithStaticIdentityLayout(type,
                                                                  memorySpace);
    };
    options.memCpyFn = [](OpBuilder &b, Location loc, Value from,
                          Value to) -> LogicalResult {
      linalg::CopyOp::create(b, loc, from, to);
      return success();
    };
    options.allocationFn = allocateBuffer;
    bufferization::BufferizationState state;
    if (failed(bufferization::runOneShotModuleBufferize(getOperation(), options,
                                                        state)))
      signalPassFailure();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// tuner-gpu-map-forall
//===----------------------------------------------------------------------===//

/// The static trip count of `forall` per induction variable, or nullopt.
static std::optional<SmallVector<int64_t>> getTripCounts(scf::ForallOp forall) {
  SmallVector<int64_t> counts;
  for (auto [lb, ub, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb);
    std::optional<int64_t> u = getConstantIntValue(ub);
    std::optional<int64_t> s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    counts.push_back(llvm::divideCeil(*u - *l, *s));
  }
  return counts;
}

/// The block size needed by the thread loops nested in `blockLoop`: per
/// dimension x, y, z the largest trip count mapped to it; linear mappings
/// need as many threads in total.
static FailureOr<SmallVector<int64_t, 3>>
getBlockDims(scf::ForallOp blockLoop) {
  SmallVector<int64_t, 3> dims = {1, 1, 1};
  int64_t linearThreads = 1;
  WalkResult result = blockLoop.getBody()->walk([&](scf::ForallOp loop) {
    std::optional<ArrayAttr> mapping = loop.getMapping();
    if (!mapping || mapping->empty())
      return WalkResult::advance();
    std::optional<SmallVector<int64_t>> counts = getTripCounts(loop);
    if (!counts) {
      loop.emitError("thread loop with a dynamic trip count");
      return WalkResult::interrupt();
    }
    int64_t linear = 1;
    for (auto [attr, count] : llvm::zip(*mapping, *counts)) {
      // Warps: 32 threads each along x.
      if (auto warp = dyn_cast<gpu::GPUWarpMappingAttr>(attr)) {
        unsigned dim = static_cast<unsigned>(warp.getWarp());
        if (warp.isLinearMapping() || dim >= 3)
          linear *= count * kWarpSize;
        else
          dims[dim] = std::max(dims[dim], dim == 0 ? count * kWarpSize : count);
        continue;
      }
      auto thread = dyn_cast<gpu::GPUThreadMappingAttr>(attr);
      if (!thread) {
        linear *= count;
        continue;
      }
      if (thread.isLinearMapping()) {
        linear *= count;
        continue;
      }
      unsigned dim = static_cast<unsigned>(thread.getThread());
      if (dim < 3)
        dims[dim] = std::max(dims[dim], count);
      else
        linear *= count;
    }
    linearThreads = std::max(linearThreads, linear);
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  // Linear (and warp) loops are delinearized over the whole block.
  int64_t total = dims[0] * dims[1] * dims[2];
  if (total < linearThreads)
    dims[0] = llvm::divideCeil(linearThreads, dims[1] * dims[2]);
  return dims;
}

/// The grid of `blockLoop` when its mapping is linear
/// (#gpu.block<linear_dim_*>): all its blocks along x. Upstream's
/// map_forall_to_blocks derives the grid of a linear mapping from the first
/// three loops only, so that a fourth (the batch of a convolution:
/// linear_dim_3) got no blocks and its iterations past the first never ran.
/// Empty for other mappings (upstream takes the loop's trip counts).
static SmallVector<int64_t, 3> getLinearGridDims(scf::ForallOp blockLoop) {
  std::optional<ArrayAttr> mapping = blockLoop.getMapping();
  if (!mapping || !llvm::any_of(*mapping, [](Attribute attr) {
        auto block = dyn_cast<gpu::GPUBlockMappingAttr>(attr);
        return block && block.isLinearMapping();
      }))
    return {};
  std::optional<SmallVector<int64_t>> counts = getTripCounts(blockLoop);
  if (!counts)
    return {};
  int64_t blocks = 1;
  for (int64_t count : *counts)
    blocks *= count;
  return {blocks, 1, 1};
}

/// Fails, with an error at `blockLoop` (the location of the op its kernel
/// computes), when its static grid exceeds what a launch allows: 2^31 - 1
/// blocks along x, 65535 along y and z (an op of 2^53 rows; upstream's
/// mapping failed with a location in the generated script instead).
static LogicalResult checkGridLimits(scf::ForallOp blockLoop) {
  std::optional<SmallVector<int64_t>> counts = getTripCounts(blockLoop);
  std::optional<ArrayAttr> mapping = blockLoop.getMapping();
  if (!counts || !mapping)
    return success();
  constexpr int64_t kMaxX = (int64_t(1) << 31) - 1, kMaxYZ = 65535;
  int64_t dims[3] = {1, 1, 1};
  for (auto [count, attr] : llvm::zip(*counts, *mapping)) {
    auto block = dyn_cast<gpu::GPUBlockMappingAttr>(attr);
    if (!block)
      continue;
    unsigned d = block.isLinearMapping() ? 0 : block.getMappingId() % 3;
    dims[d] = dims[d] > kMaxX / std::max<int64_t>(count, 1) ? kMaxX + 1
                                                            : dims[d] * count;
  }
  if (dims[0] <= kMaxX && dims[1] <= kMaxYZ && dims[2] <= kMaxYZ)
    return success();
  InFlightDiagnostic diag = blockLoop.emitError()
                            << "the kernel of this op needs a grid of ";
  if (dims[0] > kMaxX)
    diag << "more than " << kMaxX;
  else
    diag << dims[0];
  return diag << " x " << dims[1] << " x " << dims[2]
              << " blocks; a launch allows at most 2147483647 x 65535 x "
                 "65535";
}

namespace {
struct TunerGPUMapForallPass
    : public tuner::impl::TunerGPUMapForallBase<TunerGPUMapForallPass> {
  using TunerGPUMapForallBase::TunerGPUMapForallBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<gpu::GPUDialect, transform::TransformDialect>();
    insertMmaSyncDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    SmallVector<scf::ForallOp> blockLoops;
    module.walk([&](scf::ForallOp forall) {
      if (isMappedToBlocks(forall) &&
          !forall->getParentOfType<scf::ForallOp>() &&
          !forall->getParentOfType<gpu::LaunchOp>())
        blockLoops.push_back(forall);
    });
    if (blockLoops.empty())
      return;
    // Tensor-core matmuls accumulating in f32, which upstream's rewrite
    // below does not take (f16 -> f16 ones stay for it).
    if (failed(rewriteMixedPrecisionMmaSync(module)))
      return signalPassFailure();

    std::string script;
    llvm::raw_string_ostream os(script);
    os << "module attributes {transform.with_named_sequence} {\n"
          "transform.named_sequence @__tuner_map_forall(%root: "
          "!transform.any_op {transform.readonly}) {\n";
    for (auto [id, loop] : llvm::enumerate(blockLoops)) {
      if (!loop.getOutputs().empty()) {
        loop.emitError("a GPU block loop must be bufferized before mapping");
        return signalPassFailure();
      }
      FailureOr<SmallVector<int64_t, 3>> dims = getBlockDims(loop);
      if (failed(dims) || failed(checkGridLimits(loop)))
        return signalPassFailure();
      loop->setAttr(kKernelIdAttr,
                    IntegerAttr::get(IntegerType::get(ctx, 64), id));
      SmallVector<int64_t, 3> grid = getLinearGridDims(loop);
      std::string gridText = grid.empty()
                                 ? std::string()
                                 : llvm::formatv(" grid_dims = [{0}, {1}, {2}]",
                                                 grid[0], grid[1], grid[2])
                                       .str();
      os << llvm::formatv(
          "  %k{0} = transform.structured.match ops{{[\"scf.forall\"]} "
          "attributes{{{1} = {0} : i64} in %root : (!transform.any_op) -> "
          "!transform.any_op\n"
          "  %l{0} = transform.gpu.map_forall_to_blocks %k{0} "
          "generate_gpu_launch{5} : (!transform.any_op) -> "
          "!transform.any_op\n"
          "  %t{0} = transform.gpu.map_nested_forall_to_threads %l{0} "
          "block_dims = [{2}, {3}, {4}] : (!transform.any_op) -> "
          "!transform.any_op\n",
          id, kKernelIdAttr, (*dims)[0], (*dims)[1], (*dims)[2], gridText);
    }
    // Tensor-core matmuls (gpu.contraction_mma): lane-distributed loads,
    // nvgpu.mma.sync and stores, now that they are on memrefs in warps.
    bool hasMma = false;
    module.walk(
        [&](Operation *op) { hasMma |= op->hasAttr(kMmaSyncAttrName); });
    if (hasMma)
      os << llvm::formatv(
          "  %mma = transform.structured.match attributes{{{0}} in %root : "
          "(!transform.any_op) -> !transform.any_op\n"
          "  transform.nvgpu.rewrite_matmul_as_mma_sync %mma : "
          "(!transform.any_op) -> ()\n",
          kMmaSyncAttrName);
    os << "  transform.yield\n}\n}\n";

    ScopedDiagnosticHandler silence(ctx, [](Diagnostic &) {
      return failure(); // propagate: let the caller print them
    });
    OwningOpRef<ModuleOp> library = parseSourceString<ModuleOp>(script, ctx);
    if (!library) {
      module.emitError("internal error: the GPU mapping script does not "
                       "parse:\n")
          << script;
      return signalPassFailure();
    }
    auto entry =
        library->lookupSymbol<transform::NamedSequenceOp>("__tuner_map_forall");
    LogicalResult mapped = transform::applyTransformNamedSequence(
        module, entry, *library, transform::TransformOptions());
    module.walk([&](Operation *op) { op->removeAttr(kKernelIdAttr); });
    if (failed(mapped))
      signalPassFailure();
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// tuner-gpu-alloc-to-workgroup
//===----------------------------------------------------------------------===//

namespace {
struct TunerGPUAllocToWorkgroupPass
    : public tuner::impl::TunerGPUAllocToWorkgroupBase<
          TunerGPUAllocToWorkgroupPass> {
  using TunerGPUAllocToWorkgroupBase::TunerGPUAllocToWorkgroupBase;

  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation().walk([&](memref::AllocOp alloc) {
      if (gpu::GPUDialect::hasWorkgroupMemoryAddressSpace(alloc.getType()) &&
          alloc->getParentOfType<gpu::LaunchOp>())
        allocs.push_back(alloc);
    });
    for (memref::AllocOp alloc : allocs) {
      MemRefType type = alloc.getType();
      if (!type.hasStaticShape()) {
        alloc.emitError("workgroup memory allocation with a dynamic shape "
                        "cannot become a launch attribution");
        return signalPassFailure();
      }
      auto launch = alloc->getParentOfType<gpu::LaunchOp>();
      BlockArgument buffer =
          launch.addWorkgroupAttribution(type, alloc.getLoc());
      for (Operation *user : llvm::make_early_inc_range(alloc->getUsers()))
        if (isa<memref::DeallocOp>(user))
          user->erase();
      alloc.getResult().replaceAllUsesWith(buffer);
      alloc.erase();
    }
  }
};
} // namespace

//===----------------------------------------------------------------------===//
// tuner-lower-gpu
//===----------------------------------------------------------------------===//

namespace {
/// The vector lowering the NVVM conversion needs: contractions to FMAs (outer
/// products), and transfers to 1-D loads and stores (higher-rank transfers
/// would survive the GPU-to-NVVM conversion as unrealized casts).
struct GPUVectorLoweringPass
    : public PassWrapper<GPUVectorLoweringPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(GPUVectorLoweringPass)

  StringRef getArgument() const override { return "tuner-gpu-lower-vectors"; }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<scf::SCFDialect, vector::VectorDialect,
                    memref::MemRefDialect>();
  }

  void runOnOperation() override {
    vectorizeThreadCopies();
    hoistAccumulators();
    castAwayMixedContractUnitDims();
    truncateWideContractOperands();
    RewritePatternSet patterns(&getContext());
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    vector::populateVectorTransferPermutationMapLoweringPatterns(patterns);
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    populateVectorToSCFConversionPatterns(
        patterns,
        VectorTransferToSCFOptions().enableFullUnroll().setTargetRank(1));
    vector::populateVectorOuterProductLoweringPatterns(patterns);
    vector::populateVectorShapeCastLoweringPatterns(patterns);
    vector::populateVectorBroadcastLoweringPatterns(patterns);
    vector::populateVectorTransposeLoweringPatterns(
        patterns, vector::VectorTransposeLowering::EltWise);
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerParallel);
    // What convert-vector-to-llvm applies before converting on the CPU path
    // and the NVVM conversion does not: n-D strided slices (1-D
    // convolutions use them) to 1-D, FMAs of rank > 1 to rank 1.
    vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
    vector::populateVectorRankReducingFMAPattern(patterns);
    vector::populateVectorFromElementsUnrollPatterns(patterns);
    vector::populateVectorStepLoweringPatterns(patterns);
    // Gathers (vectorized tensor.extract) as 1-D, then as guarded scalar
    // loads: NVPTX has no gather instruction.
    vector::populateVectorGatherLoweringPatterns(patterns);
    vector::populateVectorGatherToConditionalLoadPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();

    // What remains of rank > 1 (accumulators carried by loops, FMAs and
    // extracts on them) becomes 1-D: the NVVM conversion turns n-D vectors
    // into arrays only where the CPU path's pre-lowering would have run.
    MLIRContext *ctx = &getContext();
    TypeConverter converter;
    RewritePatternSet linearize(ctx);
    ConversionTarget target(*ctx);
    vector::populateForVectorLinearize(converter, target);
    vector::populateVectorLinearizeBasePatterns(converter, target, linearize);
    vector::populateVectorLinearizeShuffleLikeOpsPatterns(converter, target,
                                                          linearize);
    scf::populateSCFStructuralTypeConversionsAndLegality(converter, linearize,
                                                         target);
    FrozenRewritePatternSet frozen(std::move(linearize));
    // Kernels with nvgpu ops (tensor-core mma.sync) keep their n-D vectors:
    // the nvgpu-to-NVVM conversion takes them as they are.
    SmallVector<Operation *> roots;
    getOperation().walk([&](gpu::LaunchOp launch) {
      bool usesNVGPU =
          launch
              ->walk([](Operation *op) {
                return op->getDialect() &&
                               op->getDialect()->getNamespace() == "nvgpu"
                           ? WalkResult::interrupt()
                           : WalkResult::advance();
              })
              .wasInterrupted();
      if (!usesNVGPU)
        roots.push_back(launch);
    });
    for (Operation *root : roots)
      if (failed(applyPartialConversion(root, target, frozen)))
        return signalPassFailure();
    // Values linearization cannot retype (a load from a buffer of n-D
    // vectors, memref<vector<2x8xf32>>) reach 1-D code through a
    // shape_cast, which becomes extracts and inserts of rows (strided
    // slices, then shuffles).
    RewritePatternSet shapeCasts(ctx);
    vector::populateVectorShapeCastLoweringPatterns(shapeCasts);
    vector::populateVectorInsertExtractStridedSliceTransforms(shapeCasts);
    FrozenRewritePatternSet frozenShapeCasts(std::move(shapeCasts));
    for (Operation *root : roots)
      if (failed(applyPatternsGreedily(root, frozenShapeCasts)))
        return signalPassFailure();
  }

  /// Float contractions whose operands are wider than their accumulator
  /// (linalg's f64 x f64 -> f32 matmul, which truncates its operands): the
  /// operands truncated first, as the outer-product lowering only extends
  /// them (an arith.extf from f64 to f32 that does not verify).
  void truncateWideContractOperands() {
    getOperation().walk([](vector::ContractionOp contract) {
      auto acc = dyn_cast<FloatType>(getElementTypeOrSelf(contract.getAccType()));
      if (!acc)
        return;
      OpBuilder b(contract);
      for (OpOperand *operand :
           {&contract.getLhsMutable(), &contract.getRhsMutable()}) {
        auto type = cast<VectorType>(operand->get().getType());
        auto element = dyn_cast<FloatType>(type.getElementType());
        if (!element || element.getWidth() <= acc.getWidth())
          continue;
        operand->set(arith::TruncFOp::create(b, contract.getLoc(),
                                             type.clone(acc), operand->get()));
      }
    });
  }

  /// The per-thread copies of a kernel (a thread's row of a tile staged in
  /// shared memory: what bufferization leaves of a tensor.pad with no
  /// padding, or of a slice inserted into a workgroup tensor) as vector
  /// transfers, which become one load and one store of the row instead of
  /// a scalar loop (tuner-gpu-vector-alignment then proves them aligned).
  /// Copies of more than kMaxElements elements, or of dynamic shape, stay.
  /// Integer and mixed-precision contractions (i8 x i8 -> i32, f16 x f16
  /// -> f32) whose register tiles have a leading unit dimension (a batch
  /// matmul's): the outer-product lowering takes them only without it, as
  /// the CPU sketches' scripts arrange with
  /// vector.cast_away_vector_leading_one_dim (torch-mlir's f16 bmm failed
  /// with "failed to legalize operation 'vector.contract'"). Applied to
  /// those contractions only, so that no other kernel's vectors change.
  void castAwayMixedContractUnitDims() {
    SmallVector<Operation *> contracts;
    getOperation().walk([&](vector::ContractionOp op) {
      auto acc = dyn_cast<VectorType>(op.getAccType());
      bool mixed =
          acc && (isa<IntegerType>(acc.getElementType()) ||
                  op.getLhsType().getElementType() != acc.getElementType() ||
                  op.getRhsType().getElementType() != acc.getElementType());
      if (mixed && acc.getRank() > 2 && acc.getShape().front() == 1)
        contracts.push_back(op);
    });
    if (contracts.empty())
      return;
    RewritePatternSet patterns(&getContext());
    vector::populateCastAwayVectorLeadingOneDimPatterns(patterns);
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(contracts, std::move(patterns), config);
  }

  void vectorizeThreadCopies() {
    constexpr int64_t kMaxElements = 32;
    SmallVector<linalg::CopyOp> copies;
    getOperation().walk([&](linalg::CopyOp copy) {
      auto source = dyn_cast<MemRefType>(copy.getInputs()[0].getType());
      auto dest = dyn_cast<MemRefType>(copy.getOutputs()[0].getType());
      if (source && dest && source.hasStaticShape() &&
          source.getNumElements() <= kMaxElements &&
          copy->getParentOfType<gpu::LaunchOp>())
        copies.push_back(copy);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      if (succeeded(linalg::vectorize(rewriter, copy)))
        rewriter.eraseOp(copy);
    }
  }

  /// Whether `op` is a vector transfer, load or store whose buffer is a
  /// view of a memref.expand_shape or collapse_shape. MLIR 22 folds such a
  /// transfer into the reshape's source with the vector on the wrong
  /// dimensions: a vector<1x3x1> read of expand_shape(memref<2x6x6>) into
  /// memref<2x6x6x1> becomes a read of the source's dimensions (0, 1, 2)
  /// instead of (1, 2), as grouped convolutions' per-group slices are
  /// written (ONNX's depthwise convolution with a channel multiplier read
  /// rows for columns). Those keep their views.
  static bool readsThroughReshape(Operation *op) {
    if (!isa<vector::TransferReadOp, vector::TransferWriteOp, vector::LoadOp,
             vector::StoreOp, vector::MaskedLoadOp, vector::MaskedStoreOp>(op))
      return false;
    for (Value operand : op->getOperands()) {
      Value buffer = operand;
      while (isa<BaseMemRefType>(buffer.getType())) {
        Operation *def = buffer.getDefiningOp();
        if (isa_and_nonnull<memref::ExpandShapeOp, memref::CollapseShapeOp>(
                def))
          return true;
        auto view = dyn_cast_or_null<ViewLikeOpInterface>(def);
        if (!view)
          break;
        buffer = view.getViewSource();
      }
    }
    return false;
  }

  /// Each thread reads and writes its tile of the accumulator in every step
  /// of a block's K loop (the tile lives in the result's buffer between the
  /// steps); with the thread-index arithmetic hoisted, the read and write
  /// pair leaves the loop and the tile is carried in registers.
  /// Upstream's hoisting takes transfers on a kernel argument, not on a
  /// subview of one (views risk aliasing), hence the subviews folded into
  /// the transfers' indices first. Each thread owns its tile: no other
  /// thread touches it inside the loop.
  void hoistAccumulators() {
    RewritePatternSet patterns(&getContext());
    memref::populateFoldMemRefAliasOpPatterns(patterns);
    FrozenRewritePatternSet frozen(std::move(patterns));
    IRRewriter rewriter(&getContext());
    DominanceInfo dominance;
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingAndNewOps);
    getOperation().walk([&](gpu::LaunchOp launch) {
      SmallVector<Operation *> foldable;
      launch.getBody().walk([&](Operation *op) {
        if (!readsThroughReshape(op))
          foldable.push_back(op);
      });
      (void)applyOpPatternsGreedily(foldable, frozen, config);
      // The read and the write must index with the same values.
      eliminateCommonSubExpressions(rewriter, dominance, launch);
      launch.walk(
          [](LoopLikeOpInterface loop) { moveLoopInvariantCode(loop); });
    });
    linalg::hoistRedundantVectorTransfers(getOperation());
  }
};
} // namespace

void mlir::tuner::buildLowerGPUPipeline(OpPassManager &pm,
                                        const LowerGPUOptions &options) {
  // Kernels calling math functions need libdevice, which the NVVM
  // serializer only finds through $CUDA_HOME and the like.
  cuda::exposeToolkitForLibdevice();
  pm.addPass(createTunerConvertFrontendOps());
  pm.addPass(createPrepareKernelsPass(options.outParams, options.cInterface,
                                      /*rejectNarrowFloats=*/true));
  pm.addPass(createTunerDecomposeAggregates());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTunerHoistInsertDestinations());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());
  pm.addPass(createTunerGPUBlockTemporaries());
  pm.addPass(std::make_unique<GPUBufferizePass>());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  if (options.outParams) {
    pm.addPass(createCopyDuplicateResultsPass());
    pm.addPass(createResultsToOutParamsPass());
  }
  // Tensor-core and CUDA-core kernels (gpu.contraction_mma, _simt) on the
  // bufferized block tiles; their launches get a dynamic shared-memory size
  // once they exist.
  pm.addPass(createTunerGPUTensorCoreMatmul());
  // Hopper kernels (gpu.contraction_wgmma): TMA descriptors on the host,
  // before tuner-gpu-device-memory gives their buffers device memory.
  TunerGPUWgmmaMatmulOptions wgmma;
  wgmma.chip = options.chip;
  pm.addPass(createTunerGPUWgmmaMatmul(wgmma));
  pm.addPass(createTunerGPUSimtMatmul());
  // Warp-per-row reductions (gpu.reduction).
  pm.addPass(createTunerGPURowReduction());
  pm.addPass(createTunerGPUMapForall());
  pm.addPass(createTunerGPUDynamicSharedMemory());
  pm.addPass(createTunerGPUAllocToWorkgroup());
  // The loops frontend ops became, on the device (one thread each).
  pm.addPass(createTunerGPUHostLoops());
  TunerGPUDeviceMemoryOptions deviceMemory;
  deviceMemory.report = options.reportHostOps;
  pm.addPass(createTunerGPUDeviceMemory(deviceMemory));
  // Vectorized gathers linearize over the shape; their sources are now
  // strided views.
  pm.addPass(createTunerStridedGathers());
  pm.addPass(std::make_unique<GPUVectorLoweringPass>());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTunerGPUVectorAlignment());
  pm.addPass(createTunerGPURegisterAccumulators());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // Complex arithmetic as real arithmetic on the parts (the NVVM pipeline
  // converts create, re and im only), before the math ops it makes are
  // legalized.
  pm.addNestedPass<func::FuncOp>(createConvertComplexToStandardPass());
  // Before the NVVM conversion turns math ops into libdevice calls.
  pm.addPass(createTunerGPULegalizeMath());
  // Shifts past the width: the result the CPU pipelines give.
  pm.addPass(createTunerGuardShifts());
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  // Before the NVVM pipeline's expand-strided-metadata.
  pm.addPass(createTunerExpandDynamicReshapes());
  // The upstream pipeline converts scf to cf before it lowers affine ops,
  // which breaks an affine.for whose body has an scf loop (a program's own
  // loops, as buddy-mlir's vectorized poolings write them): "'affine.for'
  // op expects region #0 to have 0 or 1 blocks".
  pm.addPass(createLowerAffinePass());
  // The first two steps of the upstream pipeline, here so that the
  // outlined launches can be chained on one stream (the pipeline's own then
  // find nothing left to do).
  pm.addPass(createConvertNVGPUToNVVMPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createTunerGPUKernelNames());
  pm.addNestedPass<func::FuncOp>(createTunerGPUAsyncLaunches());

  gpu::GPUToNVVMPipelineOptions nvvm;
  nvvm.cubinChip = options.chip;
  nvvm.cubinFeatures = options.features;
  // sm_90a kernels acquire their TMA descriptors (fence.proxy.tensormap,
  // PTX ISA 8.3); the default PTX version is raised for them.
  if (StringRef(options.chip).ends_with("a") && options.features == "+ptx80")
    nvvm.cubinFeatures = "+ptx83";
  nvvm.cubinFormat = options.format == GPUBinaryFormat::PTX      ? "isa"
                     : options.format == GPUBinaryFormat::Cubin  ? "bin"
                     : options.format == GPUBinaryFormat::Fatbin ? "fatbin"
                                                                 : "llvm";
  nvvm.optLevel = options.optLevel;
  gpu::buildLowerToNVVMPassPipeline(pm, nvvm);
}

std::optional<GPUBinaryFormat>
mlir::tuner::parseGPUBinaryFormat(StringRef name) {
  return llvm::StringSwitch<std::optional<GPUBinaryFormat>>(name)
      .Case("isa", GPUBinaryFormat::PTX)
      .Case("bin", GPUBinaryFormat::Cubin)
      .Case("fatbin", GPUBinaryFormat::Fatbin)
      .Case("llvm", GPUBinaryFormat::LLVM)
      .Default(std::nullopt);
}

/// Puts the bitcode of each `offload` object in LLVM's bitcode wrapper (magic
/// 0x0B17C0DE, version, offset, size, CPU type: five little-endian 32-bit
/// words), so that a loader given only its address knows its size, and
/// marks it a binary: the host code passes it to mgpuModuleLoad as it is.
static void wrapBitcodeObjects(ModuleOp module) {
  module.walk([](gpu::BinaryOp binary) {
    SmallVector<Attribute> objects;
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      if (object.getFormat() != gpu::CompilationTarget::Offload) {
        objects.push_back(object);
        continue;
      }
      StringRef bitcode = object.getObject().getValue();
      std::string wrapped;
      auto word = [&](uint32_t value) {
        for (int i = 0; i < 4; ++i)
          wrapped.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
      };
      for (uint32_t value :
           {0x0B17C0DEu, 0u, 20u, static_cast<uint32_t>(bitcode.size()), 0u})
        word(value);
      wrapped += bitcode;
      objects.push_back(
          gpu::ObjectAttr::get(binary.getContext(), object.getTarget(),
                               gpu::CompilationTarget::Binary,
                               StringAttr::get(binary.getContext(), wrapped),
                               object.getProperties(), object.getKernels()));
    }
    binary.setObjectsAttr(ArrayAttr::get(binary.getContext(), objects));
  });
}

namespace {
struct TunerLowerGPUPass
    : public tuner::impl::TunerLowerGPUBase<TunerLowerGPUPass> {
  using TunerLowerGPUBase::TunerLowerGPUBase;

  void runOnOperation() override {
    LowerGPUOptions options;
    std::optional<GPUBinaryFormat> binaryFormat = parseGPUBinaryFormat(format);
    if (!binaryFormat) {
      emitError(getOperation().getLoc())
          << "unknown kernel format '" << format
          << "': expected 'isa', 'bin', 'fatbin' or 'llvm'";
      return signalPassFailure();
    }
    FailureOr<std::string> resolved = resolveChip();
    if (failed(resolved))
      return signalPassFailure();
    options.chip = *resolved;
    options.features = features;
    options.format = *binaryFormat;
    options.optLevel = optLevel;
    options.outParams = outParams;
    options.cInterface = cInterface;
    options.reportHostOps = reportHostOps;
    OpPassManager pm(ModuleOp::getOperationName());
    buildLowerGPUPipeline(pm, options);
    if (failed(runPipeline(pm, getOperation())))
      return signalPassFailure();
    if (options.format == GPUBinaryFormat::LLVM)
      wrapBitcodeObjects(getOperation());
    // Says what the module is for, kernels or not (a program without a
    // kernel still copies through device memory): tuner-run reads it.
    getOperation()->setAttr(kGPUChipAttrName,
                            StringAttr::get(&getContext(), options.chip));
  }

  /// The chip to compile for: `chip=`, else the chip of the module's CUDA
  /// `sched.target`, else sm_90. A chip older than the one the schedules
  /// were made for is an error (their cp.async and mma.sync would not
  /// select).
  FailureOr<std::string> resolveChip() {
    Location loc = getOperation().getLoc();
    std::optional<int64_t> targetSm;
    StringRef targetChip;
    if (sched::TargetAttr target = sched::getTarget(getOperation()))
      if (target.isCUDA()) {
        targetChip = target.getArch();
        targetSm = parseSm(targetChip);
      }
    std::string resolved = !chip.empty() ? chip
                           : targetSm    ? targetChip.str()
                                         : "sm_90";
    std::optional<int64_t> sm = parseSm(resolved);
    if (!sm)
      return emitError(loc)
             << "invalid CUDA chip '" << resolved << "': expected 'sm_XY'";
    if (targetSm && *sm < *targetSm)
      return emitError(loc)
             << "tuner-lower-gpu: chip=" << resolved
             << " is older than the module's target " << targetChip
             << ", which its schedules were made for; schedule the module "
                "for "
             << resolved << " (target=cuda:" << resolved << ")";
    return resolved;
  }

  /// XY of "sm_XY" or "sm_XYa".
  static std::optional<int64_t> parseSm(StringRef chip) {
    int64_t sm = 0;
    if (!chip.consume_front("sm_"))
      return std::nullopt;
    chip.consume_back("a");
    if (chip.getAsInteger(10, sm))
      return std::nullopt;
    return sm;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    buildLowerGPUPipeline(pm, LowerGPUOptions());
    pm.getDependentDialects(registry);
  }
};
} // namespace

//===- LowerCPU.cpp - the tuner-lower-cpu pipeline ------------------------===//
//
// From scheduled linalg/scf/vector on tensors to the LLVM dialect. The
// pipeline is a library function (buildLowerCPUPipeline) used by the pass,
// by tuner-run and by the tuner's builders.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Transforms/KernelSignature.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/Bufferization/Pipelines/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Dialect/Vector/Transforms/Passes.h"
#include "mlir/IR/Builders.h"
#include "mlir/Transforms/Passes.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERLOWERCPU
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

bool mlir::tuner::lowersToAMX(sched::TargetAttr target) {
  return target && target.isCPU() && target.hasFeature("amx-bf16");
}

ArrayRef<StringLiteral> mlir::tuner::getCPUExtensions() {
  static constexpr StringLiteral kExtensions[] = {
      "amx-bf16",   "amx-fp16", "amx-int8", "amx-tile",   "avx2",
      "avx512bf16", "avx512bw", "avx512f",  "avx512fp16", "avx512vl",
      "avx512vnni", "avxvnni",  "fma"};
  return kExtensions;
}

SmallVector<std::string>
mlir::tuner::getCPUFeatureFlags(sched::TargetAttr target) {
  SmallVector<std::string> flags;
  if (!target || !target.isCPU())
    return flags;
  int64_t bits = target.getVectorBits();
  auto flag = [&](StringRef name, bool on) {
    flags.push_back(((on ? "+" : "-") + name).str());
  };
  // The vector width implies the base extensions (a target read from the
  // host lists them; one written by hand may not).
  flag("avx", bits >= 256);
  for (StringRef name : getCPUExtensions()) {
    bool implied = (name == "avx512f" && bits >= 512) ||
                   ((name == "avx2" || name == "fma") && bits >= 512);
    // A narrower target has none of the wider extensions, listed or not.
    bool tooWide =
        (name.starts_with("avx512") || name.starts_with("amx")) && bits < 512;
    flag(name, !tooWide && (implied || target.hasFeature(name)));
  }
  // Other features the target lists are its own to ask for.
  SmallVector<StringRef> listed;
  if (!target.getFeatures().empty())
    target.getFeatures().split(listed, ',');
  for (StringRef name : listed)
    if (!llvm::is_contained(getCPUExtensions(), name))
      flag(name, true);
  return flags;
}

bool mlir::tuner::expandsBF16(sched::TargetAttr target) {
  return !target || !target.isCPU() || !target.hasFeature("avx512bf16");
}

void mlir::tuner::buildLowerCPUPipeline(OpPassManager &pm,
                                        const LowerCPUOptions &options) {
  pm.addPass(createTunerConvertFrontendOps());
  pm.addPass(createPrepareKernelsPass(options.outParams, options.cInterface,
                                      /*rejectNarrowFloats=*/true));
  pm.addPass(createTunerDecomposeAggregates());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTunerHoistInsertDestinations());
  pm.addPass(bufferization::createEmptyTensorEliminationPass());

  // Identity layouts: fully dynamic strided memrefs would keep the vector
  // transfers from becoming vector loads and stores.
  bufferization::OneShotBufferizePassOptions bufferize;
  bufferize.bufferizeFunctionBoundaries = true;
  // A loop that yields a new tensor each iteration (a model's scf.for of
  // layers) gets a new buffer per iteration, freed by the deallocation.
  bufferize.allowReturnAllocsFromLoops = true;
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  bufferize.unknownTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  // Canonicalize after CSE too: CSE makes the self-copies of tiles visible.
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createCanonicalizerPass());
  if (options.outParams) {
    pm.addPass(createCopyDuplicateResultsPass());
    pm.addPass(createResultsToOutParamsPass());
  }
  // Buffers of loop-invariant size (a packed panel of B per K block) are
  // allocated once, not once per iteration.
  pm.addNestedPass<func::FuncOp>(
      bufferization::createBufferLoopHoistingPass());
  pm.addPass(createDropProgramDeallocsPass());
  bufferization::buildBufferDeallocationPipeline(pm);
  pm.addPass(createConvertBufferizationToMemRefPass());
  // Vectorized gathers linearize over the shape; their sources are now
  // strided views.
  pm.addPass(createTunerStridedGathers());
  // Copies between strided views: rows of memcpy, not memrefCopy's walk.
  pm.addPass(createTunerStridedCopies());

  // Before the transfers become loops: the AMX patterns read them whole.
  if (options.amx) {
    pm.addPass(createConvertVectorToAMX());
    pm.addPass(createTunerHoistAMXTiles());
  }
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  // A vector.multi_reduction a schedule left (cpu.contraction_padded on the
  // blocked bf16 form with k2 > 1 vectorizes the (k, p) reduction into one)
  // has no conversion to LLVM: lowered here, or the JIT fails.
  pm.addNestedPass<func::FuncOp>(vector::createLowerVectorMultiReductionPass());
  // Complex arithmetic as real arithmetic on the parts (its exp, log and
  // abs then become the math ops expanded next); what is left (create, re,
  // im) becomes LLVM struct operations below.
  pm.addNestedPass<func::FuncOp>(createConvertComplexToStandardPass());
  TunerExpandMathOptions expandMath;
  expandMath.expandBF16 = options.expandBF16;
  pm.addNestedPass<func::FuncOp>(createTunerExpandMath(expandMath));
  // Masked lanes of partial tiles divide by the padding 0; idiv faults.
  pm.addNestedPass<func::FuncOp>(createTunerGuardVectorDivisions());
  // Shifts past the width: one result for vector and scalar code.
  pm.addNestedPass<func::FuncOp>(createTunerGuardShifts());
  pm.addNestedPass<func::FuncOp>(createTunerFlattenVectorTransfers());
  // Before the masked transfers are unrolled into masked row stores.
  pm.addPass(createTunerGuardMaskedRows());
  pm.addPass(createConvertVectorToSCFPass(
      VectorTransferToSCFOptions().enableFullUnroll()));
  // Register tiles of three vectors a row, carried through the K loop.
  pm.addPass(createTunerSplitCarriedVectors());
  if (options.parallel == ParallelRuntime::OpenMP) {
    pm.addPass(createForallToParallelLoopPass());
    pm.addPass(createConvertSCFToOpenMPPass());
  } else {
    pm.addPass(createForallToForLoopPass());
  }
  pm.addPass(createLowerAffinePass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createTunerExpandDynamicReshapes());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // memref before scf-to-cf: convert-scf-to-openmp wraps bodies in
  // memref.alloca_scope, which needs single-block regions.
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createSCFToControlFlowPass());
  // Reductions of floats as trees of shuffles, not chains of adds: the
  // schedules already reorder the sums.
  ConvertVectorToLLVMPassOptions vectorToLLVM;
  // x86vector ops (AVX512-BF16 dot products) that a schedule chose for a
  // target that has them.
  vectorToLLVM.x86Vector = true;
  vectorToLLVM.amx = options.amx;
  vectorToLLVM.reassociateFPReductions = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorToLLVM));
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createConvertIndexToLLVMPass());
  // Blocks that carry AMX tiles (tuner-hoist-amx-tiles) take x86_amx
  // arguments before the OpenMP conversion, which wants legal types in the
  // regions it converts.
  if (options.amx)
    pm.addPass(createTunerConvertAMXControlFlow());
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // memref<...xi1> holds a byte per element; LLVM stores <N x i1> as bits.
  pm.addPass(createTunerByteBoolVectors());
}

namespace {
struct TunerLowerCPUPass
    : public tuner::impl::TunerLowerCPUBase<TunerLowerCPUPass> {
  using TunerLowerCPUBase::TunerLowerCPUBase;

  void runOnOperation() override {
    LowerCPUOptions options;
    if (parallel == "openmp") {
      options.parallel = ParallelRuntime::OpenMP;
    } else if (parallel == "none") {
      options.parallel = ParallelRuntime::None;
    } else {
      emitError(getOperation().getLoc())
          << "unknown parallel runtime '" << parallel
          << "': expected 'openmp' or 'none'";
      return signalPassFailure();
    }
    options.outParams = outParams;
    options.cInterface = cInterface;
    sched::TargetAttr target = sched::getTarget(getOperation());
    options.amx = amx || lowersToAMX(target);
    options.expandBF16 = expandsBF16(target);
    OpPassManager pm(ModuleOp::getOperationName());
    buildLowerCPUPipeline(pm, options);
    if (failed(runPipeline(pm, getOperation())) ||
        failed(checkFullyLowered(getOperation())))
      signalPassFailure();
  }

  /// Whether the pipeline left only LLVM and OpenMP ops in the functions
  /// and no unrealized cast anywhere; otherwise an error at the first op
  /// that is left (a cast: a type no conversion took), which the JIT would
  /// only report as a failed translation.
  static LogicalResult checkFullyLowered(ModuleOp module) {
    WalkResult result = module.walk([](Operation *op) {
      if (!isa<UnrealizedConversionCastOp>(op) &&
          !op->getParentOfType<LLVM::LLVMFuncOp>())
        return WalkResult::advance();
      if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
        op->emitError() << "tuner-lower-cpu: no conversion to LLVM took "
                           "values of type "
                        << cast->getResultTypes().front();
        return WalkResult::interrupt();
      }
      StringRef dialect = op->getName().getDialectNamespace();
      if (isa<ModuleOp>(op) || dialect == "llvm" || dialect == "omp")
        return WalkResult::advance();
      op->emitError() << "tuner-lower-cpu: '" << op->getName()
                      << "' was not lowered to the LLVM dialect";
      return WalkResult::interrupt();
    });
    return failure(result.wasInterrupted());
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    // Every pass any option may add (the AMX conversion too).
    LowerCPUOptions all;
    all.amx = true;
    OpPassManager pm(ModuleOp::getOperationName());
    buildLowerCPUPipeline(pm, all);
    pm.getDependentDialects(registry);
  }
};
} // namespace

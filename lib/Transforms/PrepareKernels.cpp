//===- PrepareKernels.cpp - the first step of the lowering pipelines ------===//
//
// Shared by tuner-lower-cpu and tuner-lower-gpu: records the tensor-level
// signature of every public function before bufferization changes it; and
// after bufferization, gives a buffer returned twice a copy per result.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "Tuner/Transforms/KernelSignature.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::tuner;

/// Whether every shaped type of `types` has a static shape: the results a
/// function can write into its callers' buffers (tuner-results-to-out-
/// params), the others it allocates and returns.
static bool haveStaticShapes(TypeRange types) {
  return llvm::all_of(types, [](Type type) {
    auto shaped = dyn_cast<ShapedType>(type);
    return !shaped || shaped.hasStaticShape();
  });
}

namespace {
/// Records the kernel signatures of the public functions (before their types
/// change), asks for C interfaces, and drops the schedule annotations: the
/// lowered module must parse in tools that do not know the sched dialect
/// (mlir-translate, mlir-runner).
struct PrepareKernelsPass
    : public PassWrapper<PrepareKernelsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(PrepareKernelsPass)

  PrepareKernelsPass(bool outParams, bool cInterface, bool rejectNarrowFloats)
      : outParams(outParams), cInterface(cInterface),
        rejectNarrowFloats(rejectNarrowFloats) {}
  StringRef getArgument() const override { return "tuner-prepare-kernels"; }

  /// The module's CPU target becomes LLVM target features on each function
  /// (carried to llvm.func and LLVM IR): the code is compiled for that ISA,
  /// not for the CPU that happens to compile it.
  void setTargetFeatures() {
    SmallVector<std::string> flags =
        getCPUFeatureFlags(sched::getTarget(getOperation()));
    if (flags.empty())
      return;
    auto features = LLVM::TargetFeaturesAttr::get(
        &getContext(), llvm::to_vector_of<StringRef>(flags));
    StringRef name = LLVM::TargetFeaturesAttr::getAttributeName();
    for (auto func : getOperation().getOps<func::FuncOp>())
      if (!func.isExternal() && !func->hasAttr(name))
        func->setAttr(name, features);
  }

  /// Upstream's expansions of the conversions from and to the OCP
  /// microscaling formats (f4E2M1FN values, f8E8M0FNU scales, and
  /// arith.scaling_extf/truncf) into integer arithmetic: those types are
  /// then only stored and moved, which LLVM does as iN.
  LogicalResult expandNarrowFloatConversions() {
    // A walk, not a pattern driver, over the programs without such floats.
    FloatType element;
    if (!getOperation()
             ->walk([&](Operation *op) {
               return computesOnNarrowFloat(op, element)
                          ? WalkResult::interrupt()
                          : WalkResult::advance();
             })
             .wasInterrupted())
      return success();
    RewritePatternSet patterns(&getContext());
    arith::populateExpandScalingExtTruncPatterns(patterns);
    arith::populateExpandF4E2M1Patterns(patterns);
    arith::populateExpandF8E8M0Patterns(patterns);
    return applyPatternsGreedily(getOperation(), std::move(patterns));
  }

  void runOnOperation() override {
    if (rejectNarrowFloats && failed(expandNarrowFloatConversions()))
      return signalPassFailure();
    if (rejectNarrowFloats && failed(checkLowerableTypes()))
      return signalPassFailure();
    setTargetFeatures();
    getOperation()->walk([](Operation *op) {
      SmallVector<StringAttr> names;
      for (NamedAttribute attr : op->getDiscardableAttrs())
        if (attr.getName().getValue().starts_with("sched."))
          names.push_back(attr.getName());
      for (StringAttr name : names)
        op->removeDiscardableAttr(name);
    });
    markPrintingFunctionsReadOnly();
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate())
        continue;
      annotateKernelSignature(func);
      // A result of dynamic shape stays a result (tuner-results-to-out-
      // params leaves such functions alone).
      setKernelOutParams(func,
                         outParams && haveStaticShapes(func.getResultTypes()));
      if (cInterface)
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(&getContext()));
    }
  }

  /// MLIR's runner utilities that only read their memrefs (printMemrefF32,
  /// verifyMemRefF32, ...), declared on tensors: bufferization assumes an
  /// external function writes its tensor arguments unless told otherwise,
  /// and then fails on a printed tensor that is also returned ("cannot
  /// avoid RaW conflict": the cast to an unranked tensor cannot be copied).
  void markPrintingFunctionsReadOnly() {
    StringRef attrName = "bufferization.access";
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      StringRef name = func.getName();
      name.consume_front("_mlir_ciface_");
      if (!func.isExternal() || !(name.starts_with("printMemref") ||
                                  name.starts_with("verifyMemRef")))
        continue;
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
        if (isa<TensorType>(type) && !func.getArgAttr(i, attrName))
          func.setArgAttr(i, attrName, StringAttr::get(&getContext(), "read"));
    }
  }

  /// The first ancestor of `op` (itself included) with a known location:
  /// the payload of a named op has unknown locations.
  static Operation *getLocatedAncestor(Operation *op) {
    while (isa<UnknownLoc>(op->getLoc()) && op->getParentOp())
      op = op->getParentOp();
    return op;
  }

  /// Whether `op` computes on a float of 8 bits or fewer (a scalar or a
  /// vector operand or result of an arith or math op): LLVM has no such
  /// floats, but stores, loads, moves and bitcasts them as integers.
  static bool computesOnNarrowFloat(Operation *op, FloatType &element) {
    if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
        isa<arith::BitcastOp, arith::ConstantOp, arith::SelectOp>(op))
      return false;
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      if (isa<ShapedType>(type) && !isa<VectorType>(type))
        continue;
      element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
      if (element && element.getWidth() <= 8)
        return true;
    }
    return false;
  }

  /// Fails at the first op neither target lowers: arithmetic on a float type
  /// of 8 bits or fewer (what expandNarrowFloatConversions leaves: an
  /// f8E4M3FN matmul, an extf from f8E5M2), or a scalable vector
  /// (vector<[4]xf32> and vector.vscale, written for SVE or RVV: LLVM's x86
  /// and NVPTX backends abort on them, "Cannot implicitly convert a scalable
  /// size to a fixed-width size").
  LogicalResult checkLowerableTypes() {
    sched::TargetAttr target = sched::getTarget(getOperation());
    StringRef what = target && target.isCUDA() ? "CUDA" : "CPU";
    StringRef arch = target && target.isCUDA() ? "NVPTX" : "x86-64";
    WalkResult result = getOperation()->walk([&](Operation *op) {
      if (isa<vector::VectorScaleOp>(op)) {
        getLocatedAncestor(op)->emitError()
            << "scalable vectors (vector.vscale) have no " << what
            << " lowering: " << arch << " has fixed-width vectors only";
        return WalkResult::interrupt();
      }
      for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                          op->getResultTypes())) {
        if (auto vector = dyn_cast<VectorType>(type);
            vector && vector.isScalable()) {
          getLocatedAncestor(op)->emitError()
              << "scalable vector type " << type << " has no " << what
              << " lowering: " << arch << " has fixed-width vectors only";
          return WalkResult::interrupt();
        }
      }
      FloatType element;
      if (computesOnNarrowFloat(op, element)) {
        getLocatedAncestor(op)->emitError()
            << "'" << op->getName() << "' on element type " << element
            << " has no " << what
            << " lowering (LLVM has no floats of 8 bits or fewer; only "
               "f4E2M1FN and f8E8M0FNU conversions are expanded): convert "
               "it to f16, bf16 or f32 first";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(result.wasInterrupted());
  }

  bool outParams, cInterface, rejectNarrowFloats;
};

/// Gives a buffer returned twice (`return %0, %0` after bufferization) a copy
/// per later result: each result must be a buffer of its own (a caller may
/// write one without changing the other), and buffer-results-to-out-params
/// of MLIR 22 crashes on a duplicate. Runs right before that pass.
struct CopyDuplicateResultsPass
    : public PassWrapper<CopyDuplicateResultsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CopyDuplicateResultsPass)

  StringRef getArgument() const override {
    return "tuner-copy-duplicate-results";
  }
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<memref::MemRefDialect>();
  }

  void runOnOperation() override {
    getOperation()->walk([](func::ReturnOp ret) {
      OpBuilder b(ret);
      llvm::SmallDenseSet<Value> seen;
      for (OpOperand &operand : ret->getOpOperands()) {
        Value v = operand.get();
        auto type = dyn_cast<MemRefType>(v.getType());
        if (seen.insert(v).second || !type || !type.hasStaticShape())
          continue;
        Value copy = memref::AllocOp::create(b, ret.getLoc(), type);
        memref::CopyOp::create(b, ret.getLoc(), v, copy);
        operand.set(copy);
      }
    });
  }
};

/// Erases the program's own memref.dealloc ops (linalg written on buffers,
/// as upstream's integration tests are, or a program bufferized and
/// deallocated before, which frees the base buffers of call results under
/// `scf.if`): the CPU pipeline's ownership-based deallocation frees every
/// allocation and every memref a call returns itself, and fails on a
/// program that already frees some ("memory free side-effect on MemRef
/// value not supported!"). Runs right before it.
struct DropProgramDeallocsPass
    : public PassWrapper<DropProgramDeallocsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropProgramDeallocsPass)

  StringRef getArgument() const override {
    return "tuner-drop-program-deallocs";
  }

  void runOnOperation() override {
    getOperation()->walk([](memref::DeallocOp dealloc) { dealloc->erase(); });
  }
};

/// Upstream's buffer-results-to-out-params (static allocations hoisted,
/// public functions too) on the functions whose results all have static
/// shapes: a helper returning a buffer of dynamic size (upstream's
/// integration tests allocate their inputs in `@alloc_2d_filled_f32(%s0:
/// index, ...) -> memref<?x?xf32>`) keeps its result, where the upstream
/// pass failed on the whole module ("cannot create out param for
/// dynamically shaped result").
struct ResultsToOutParamsPass
    : public PassWrapper<ResultsToOutParamsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ResultsToOutParamsPass)

  StringRef getArgument() const override {
    return "tuner-results-to-out-params";
  }

  void runOnOperation() override {
    bufferization::BufferResultsToOutParamsOpts options;
    options.hoistStaticAllocs = true;
    options.modifyPublicFunctions = true;
    options.filterFn = [](func::FuncOp *func) {
      return haveStaticShapes(func->getResultTypes());
    };
    if (failed(bufferization::promoteBufferResultsToOutParams(getOperation(),
                                                              options)))
      signalPassFailure();
  }
};
} // namespace

std::unique_ptr<Pass> mlir::tuner::createResultsToOutParamsPass() {
  return std::make_unique<ResultsToOutParamsPass>();
}

std::unique_ptr<Pass> mlir::tuner::createDropProgramDeallocsPass() {
  return std::make_unique<DropProgramDeallocsPass>();
}

std::unique_ptr<Pass> mlir::tuner::createCopyDuplicateResultsPass() {
  return std::make_unique<CopyDuplicateResultsPass>();
}

std::unique_ptr<Pass>
mlir::tuner::createPrepareKernelsPass(bool outParams, bool cInterface,
                                      bool rejectNarrowFloats) {
  return std::make_unique<PrepareKernelsPass>(outParams, cInterface,
                                              rejectNarrowFloats);
}

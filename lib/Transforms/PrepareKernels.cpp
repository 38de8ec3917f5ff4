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

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::tuner;

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

  void runOnOperation() override {
    if (rejectNarrowFloats && failed(checkNoNarrowFloats()))
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
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      if (func.isExternal() || func.isPrivate())
        continue;
      annotateKernelSignature(func);
      setKernelOutParams(func, outParams);
      if (cInterface)
        func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                      UnitAttr::get(&getContext()));
    }
  }

  /// Fails at the first op with a float type of 8 bits or fewer.
  LogicalResult checkNoNarrowFloats() {
    sched::TargetAttr target = sched::getTarget(getOperation());
    StringRef what = target && target.isCUDA() ? "CUDA" : "CPU";
    WalkResult result = getOperation()->walk([&](Operation *op) {
      for (Type type : llvm::concat<Type>(op->getOperandTypes(),
                                          op->getResultTypes())) {
        auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
        if (!element || element.getWidth() > 8)
          continue;
        // The payload of a named op has unknown locations: report at the
        // first ancestor that has one.
        Operation *at = op;
        while (isa<UnknownLoc>(at->getLoc()) && at->getParentOp())
          at = at->getParentOp();
        at->emitError() << "element type " << element << " has no " << what
                        << " lowering (LLVM has no floats of 8 "
                           "bits or fewer): convert it to f16, bf16 or f32 "
                           "first";
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

/// Erases the program's own memref.dealloc ops of its memref.alloc buffers
/// (linalg written on buffers, as upstream's integration tests are): the
/// CPU pipeline's ownership-based deallocation frees every allocation
/// itself and fails on a program that already frees some ("memory free
/// side-effect on MemRef value not supported!"). Runs right before it.
struct DropProgramDeallocsPass
    : public PassWrapper<DropProgramDeallocsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(DropProgramDeallocsPass)

  StringRef getArgument() const override {
    return "tuner-drop-program-deallocs";
  }

  void runOnOperation() override {
    getOperation()->walk([](memref::DeallocOp dealloc) {
      if (dealloc.getMemref().getDefiningOp<memref::AllocOp>())
        dealloc->erase();
    });
  }
};
} // namespace

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

//===- Materialize.cpp - the sched-materialize pass -----------------------===//
//
// Applies every #sched.config of the module; the work is done by
// tuner::materializeConfig (lib/Tuner/Sketch/Materialize.cpp).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_SCHEDMATERIALIZE
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

/// Emits, for every function, a remark counting the linalg ops that are
/// still there (the lowering turns them into scalar loops) and naming them,
/// with a note at the first few of them.
static void reportUnvectorizedOps(ModuleOp module) {
  constexpr unsigned kMaxNotes = 8;
  for (auto func : module.getOps<FunctionOpInterface>()) {
    llvm::StringMap<unsigned> names;
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      ops.push_back(op);
      ++names[op->getName().getStringRef()];
    });
    InFlightDiagnostic remark = func.emitRemark()
                                << "unscheduled ops: " << ops.size();
    for (auto &entry : names)
      remark << " " << entry.getKey() << " x" << entry.getValue();
    for (linalg::LinalgOp op : ArrayRef(ops).take_front(kMaxNotes))
      remark.attachNote(op.getLoc())
          << "unscheduled: " << op->getName() << " with "
          << op.getNumLoops() << " loops ("
          << op.getNumReductionLoops() << " reductions)";
  }
}

namespace {
struct SchedMaterializePass
    : public tuner::impl::SchedMaterializeBase<SchedMaterializePass> {
  using SchedMaterializeBase::SchedMaterializeBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    SchedMaterializeBase::getDependentDialects(registry);
    registerSketchDependencies(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<TargetAttr> target = resolveTarget(this->target, module);
    if (failed(target))
      return signalPassFailure();

    // Record what each function computes before its linalg ops are tiled.
    for (auto func : module.getOps<FunctionOpInterface>())
      if (!func.isExternal() && !func.isPrivate())
        annotateKernelSignature(func);

    // All of a function's configs on one copy of it; where one fails, one
    // copy per config below, which reports it.
    for (auto func : module.getOps<FunctionOpInterface>())
      if (!func.isExternal())
        (void)materializeAllInOneCopy(func, *target);

    // Applying a config replaces its function's body, so look for the next
    // annotated op afresh each time. Ops whose config failed keep it and are
    // skipped by their location in the walk order.
    unsigned skipped = 0;
    bool failedAny = false;
    while (true) {
      Operation *next = nullptr;
      ConfigAttr config;
      unsigned seen = 0;
      module.walk([&](Operation *op) {
        ConfigAttr c = getConfig(op);
        if (!c)
          return WalkResult::advance();
        if (seen++ < skipped)
          return WalkResult::advance();
        next = op;
        config = c;
        return WalkResult::interrupt();
      });
      if (!next)
        break;
      std::optional<ScopedDiagnosticHandler> demote;
      if (allowFailures) {
        // Report the failure as a warning: the op stays as it is.
        demote.emplace(&getContext(), [&](Diagnostic &d) {
          if (d.getSeverity() != DiagnosticSeverity::Error)
            return failure();
          next->emitWarning() << d.str() << "; the op is left unscheduled";
          return success();
        });
      }
      if (failed(materializeConfig(next, config, *target))) {
        failedAny = true;
        ++skipped;
      }
    }
    if (failedAny && !allowFailures)
      return signalPassFailure();
    if (reportUnscheduled)
      reportUnvectorizedOps(module);
  }
};
} // namespace

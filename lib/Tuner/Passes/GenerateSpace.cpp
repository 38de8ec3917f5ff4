//===- GenerateSpace.cpp - the sched-generate-space pass ------------------===//
//
// Emits the search space of every task: one transform.named_sequence per
// (task, applicable sketch), collected in a nested module @sched_space.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Verifier.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_SCHEDGENERATESPACE
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
struct SchedGenerateSpacePass
    : public tuner::impl::SchedGenerateSpaceBase<SchedGenerateSpacePass> {
  using SchedGenerateSpaceBase::SchedGenerateSpaceBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    SchedGenerateSpaceBase::getDependentDialects(registry);
    registerSketchDependencies(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    FailureOr<TargetAttr> target =
        resolveTargetAndPrepare(this->target, module, prepare);
    if (failed(target))
      return signalPassFailure();

    // Replace the space of an earlier run.
    if (auto old = module.lookupSymbol<ModuleOp>("sched_space"))
      old->erase();
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    auto space = ModuleOp::create(b, module.getLoc(), "sched_space");
    space->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                   b.getUnitAttr());

    for (const Task &task : extractTasks(module)) {
      const FusedGroup &group = task.occurrences.front();
      std::string whyNot;
      auto instances = instantiateSketches(group, *target, &whyNot);
      if (instances.empty()) {
        group.anchor->emitWarning() << "no sketch applies to this op:\n"
                                    << whyNot;
        continue;
      }
      for (const auto &instance : instances) {
        std::string sketchName = instance->getName().str();
        std::replace(sketchName.begin(), sketchName.end(), '.', '_');
        std::string symName = task.name + "__" + sketchName;
        OwningOpRef<ModuleOp> script = instance->buildScript(ctx, symName);
        if (!script || failed(mlir::verify(*script))) {
          group.anchor->emitError()
              << "internal error: sketch '" << instance->getName()
              << "' built a script that does not verify";
          return signalPassFailure();
        }
        Operation *seq = &script->getBody()->front();
        seq->remove();
        seq->setAttr(SchedDialect::kTaskAttrName,
                     TaskAttr::get(ctx, task.key, task.weight, task.flops));
        seq->setAttr("tuner.sketch", b.getStringAttr(instance->getName()));
        seq->setAttr("tuner.default",
                     instance->toConfig(ctx, instance->getDefault()));
        space.getBody()->push_back(seq);
        // Two tasks may share a readable name: keep symbols unique.
        SymbolTable(space).insert(seq);
      }
    }
  }
};
} // namespace

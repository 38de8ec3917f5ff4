//===- ExtractTasks.cpp - the sched-extract-tasks pass --------------------===//
//
// Annotates anchor ops with #sched.task and writes the task list as JSON. The
// analysis itself is in lib/Tuner/Task/TaskExtraction.cpp.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_SCHEDEXTRACTTASKS
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedExtractTasksPass
    : public tuner::impl::SchedExtractTasksBase<SchedExtractTasksPass> {
  using SchedExtractTasksBase::SchedExtractTasksBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The module's sched.target, else the host: how to prepare.
    if (failed(tuner::resolveTargetAndPrepare("", module, prepare)))
      return signalPassFailure();
    MLIRContext *ctx = &getContext();

    // Re-extraction replaces earlier annotations (shapes may have changed).
    module.walk(
        [](Operation *op) { op->removeAttr(SchedDialect::kTaskAttrName); });

    tuner::TaskExtractionOptions options;
    options.fuseProducers = fuseProducers;
    options.fuseConsumers = fuseConsumers;
    options.allOps = allOps;
    std::vector<tuner::Task> tasks = tuner::extractTasks(module, options);
    for (const tuner::Task &task : tasks) {
      auto attr = TaskAttr::get(ctx, task.key, task.weight, task.flops);
      for (const tuner::FusedGroup &group : task.occurrences)
        setTask(group.anchor, attr);
    }

    if (taskList.empty())
      return;
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file =
        openOutputFile(taskList, &error);
    if (!file) {
      emitError(module.getLoc())
          << "cannot write task list '" << taskList << "': " << error;
      return signalPassFailure();
    }
    file->os() << llvm::formatv("{0:2}", tuner::tasksToJSON(tasks)) << "\n";
    file->os().flush();
    if (file->os().has_error()) {
      emitError(module.getLoc()) << "cannot write task list '" << taskList
                                 << "': " << file->os().error().message();
      file->os().clear_error();
      return signalPassFailure();
    }
    file->keep();
  }
};
} // namespace

//===- ExportTransform.cpp - the sched-export-transform pass --------------===//
//
// Writes the schedules of a module as an upstream transform library; the
// work is done by tuner::exportSchedules (lib/Tuner/Sketch/Export.cpp).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Passes/Passes.h"
#include "Tuner/Tuner/Sketch/Export.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/ToolOutputFile.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_SCHEDEXPORTTRANSFORM
#include "Tuner/Tuner/Passes/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {
struct SchedExportTransformPass
    : public tuner::impl::SchedExportTransformBase<SchedExportTransformPass> {
  using SchedExportTransformBase::SchedExportTransformBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    SchedExportTransformBase::getDependentDialects(registry);
    registerSketchDependencies(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    FailureOr<TargetAttr> target = resolveTarget(this->target, module);
    if (failed(target))
      return signalPassFailure();
    std::string header;
    FailureOr<OwningOpRef<ModuleOp>> library =
        exportSchedules(module, *target, header);
    if (failed(library))
      return signalPassFailure();
    std::string error;
    std::unique_ptr<llvm::ToolOutputFile> file = openOutputFile(output, &error);
    if (!file) {
      module.emitError() << "cannot write the transform library to '" << output
                         << "': " << error;
      return signalPassFailure();
    }
    file->os() << "// Schedules exported by mlir-tuner "
                  "(--sched-export-transform) for "
               << *target << ".\n"
               << header;
    (*library)->print(file->os());
    file->os() << "\n";
    file->keep();
  }
};
} // namespace

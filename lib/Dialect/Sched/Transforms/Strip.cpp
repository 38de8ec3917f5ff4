//===- Strip.cpp - the sched-strip pass -----------------------------------===//
//
// Removes sched annotations from every op of a module.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Dialect/Sched/Transforms/Passes.h"

namespace mlir::sched {
#define GEN_PASS_DEF_SCHEDSTRIP
#include "Tuner/Dialect/Sched/Transforms/Passes.h.inc"
} // namespace mlir::sched

using namespace mlir;
using namespace mlir::sched;

namespace {
struct SchedStripPass : public sched::impl::SchedStripBase<SchedStripPass> {
  using SchedStripBase::SchedStripBase;

  void runOnOperation() override {
    getOperation()->walk([&](Operation *op) {
      op->removeAttr(SchedDialect::kTaskAttrName);
      op->removeAttr(SchedDialect::kTargetAttrName);
      if (!keepConfigs)
        op->removeAttr(SchedDialect::kConfigAttrName);
    });
  }
};
} // namespace

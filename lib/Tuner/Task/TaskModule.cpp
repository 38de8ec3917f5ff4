//===- TaskModule.cpp - a task as a standalone kernel ---------------------===//

#include "Tuner/Tuner/Task/TaskModule.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::tuner;

/// Whether a value from outside the group is cheaper to clone than to pass:
/// constants and empty tensors (the inits of the group's ops).
static bool isClonable(Value v) {
  Operation *def = v.getDefiningOp();
  return def && def->getNumOperands() == 0 && def->getNumRegions() == 0 &&
         (def->hasTrait<OpTrait::ConstantLike>() || isa<tensor::EmptyOp>(def));
}

OwningOpRef<ModuleOp> mlir::tuner::buildTaskModule(const FusedGroup &group,
                                                   StringRef funcName,
                                                   const Task *task) {
  SmallVector<Operation *> ops = group.getOps();
  llvm::SmallPtrSet<Operation *, 8> inGroup(ops.begin(), ops.end());

  // Values the group uses but does not define, in order of first use.
  llvm::SetVector<Value> inputs, clones;
  for (Operation *op : ops) {
    op->walk([&](Operation *nested) {
      for (Value operand : nested->getOperands()) {
        Operation *def = operand.getDefiningOp();
        Region *region = operand.getParentRegion();
        bool definedInside =
            (def && inGroup.contains(def)) ||
            (region && inGroup.contains(region->getParentOp())) ||
            (def && llvm::any_of(ops, [&](Operation *g) {
               return g->isProperAncestor(def);
             }));
        if (definedInside)
          continue;
        if (isClonable(operand))
          clones.insert(operand);
        else
          inputs.insert(operand);
      }
    });
  }

  Location loc = group.anchor->getLoc();
  MLIRContext *ctx = loc.getContext();
  OwningOpRef<ModuleOp> module = ModuleOp::create(UnknownLoc::get(ctx));
  OpBuilder b(ctx);
  b.setInsertionPointToEnd(module->getBody());
  Operation *root = group.getRoot();
  SmallVector<Type> argTypes;
  for (Value v : inputs)
    argTypes.push_back(v.getType());
  auto func = func::FuncOp::create(
      b, loc, funcName, b.getFunctionType(argTypes, root->getResultTypes()));
  Block *body = func.addEntryBlock();
  b.setInsertionPointToStart(body);

  IRMapping mapping;
  for (auto [input, arg] : llvm::zip(inputs, body->getArguments()))
    mapping.map(input, arg);
  for (Value v : clones)
    b.clone(*v.getDefiningOp(), mapping);
  for (Operation *op : ops) {
    Operation *copy = b.clone(*op, mapping);
    copy->removeAttr(sched::SchedDialect::kConfigAttrName);
    if (op != linalg::LinalgOp(group.anchor).getOperation())
      copy->removeAttr(sched::SchedDialect::kTaskAttrName);
    else if (task)
      sched::setTask(copy, sched::TaskAttr::get(ctx, task->key, task->weight,
                                                task->flops));
  }
  func::ReturnOp::create(b, loc, mapping.lookup(root)->getResults());
  return module;
}

Operation *mlir::tuner::findTaskAnchor(ModuleOp taskModule) {
  Operation *annotated = nullptr, *anchor = nullptr;
  unsigned anchors = 0;
  taskModule.walk([&](Operation *op) {
    if (sched::getTask(op) && !annotated)
      annotated = op;
    if (isAnchorOp(op)) {
      anchor = op;
      ++anchors;
    }
  });
  if (annotated)
    return annotated;
  return anchors == 1 ? anchor : nullptr;
}

std::string mlir::tuner::printForWorker(Operation *op) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, OpPrintingFlags().printGenericOpForm().enableDebugInfo(false));
  return text;
}

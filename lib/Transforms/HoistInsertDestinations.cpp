//===- HoistInsertDestinations.cpp - let producers write in place ---------===//
//
// A decomposed `tensor.pad` is a fill of the padded shape and an insertion
// of the source into its interior. Bufferization makes the source's producer
// write straight into the interior (empty-tensor elimination) only when the
// destination is defined before that producer, and only when no other
// insertion uses the same destination (CSE merges identical fills, and a
// shared destination costs a copy of the whole padded buffer). This pass,
// part of the lowering pipelines, gives each such insertion its own copy of
// its destination's computation, placed before the source's producers.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERHOISTINSERTDESTINATIONS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

/// The ops of `block` that `root` depends on (itself included), in block
/// order, or failure when one of them may not be cloned (an op with
/// effects, or one using a block argument of `block`).
static FailureOr<SmallVector<Operation *>> getCloneableSlice(Operation *root,
                                                             Block *block) {
  SetVector<Operation *> slice;
  SmallVector<Operation *> worklist = {root};
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!slice.insert(op))
      continue;
    if (!isMemoryEffectFree(op))
      return failure();
    SetVector<Value> used;
    getUsedValuesDefinedAbove(op->getRegions(), used);
    for (Value v : llvm::concat<Value>(op->getOperands(), used)) {
      if (auto arg = dyn_cast<BlockArgument>(v); arg && arg.getOwner() == block)
        return failure();
      Operation *def = v.getDefiningOp();
      if (def && def->getBlock() == block)
        worklist.push_back(def);
    }
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *b) {
    return a->isBeforeInBlock(b);
  });
  return ordered;
}

/// The first op of `block` that `value` depends on, if any.
static Operation *getFirstProducer(Value value, Block *block) {
  Operation *first = nullptr;
  SmallVector<Value> worklist = {value};
  llvm::DenseSet<Operation *> seen;
  while (!worklist.empty()) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def || def->getBlock() != block || !seen.insert(def).second)
      continue;
    if (!first || def->isBeforeInBlock(first))
      first = def;
    llvm::append_range(worklist, def->getOperands());
  }
  return first;
}

static void hoistDestination(tensor::InsertSliceOp insert) {
  Block *block = insert->getBlock();
  Operation *dest = insert.getDest().getDefiningOp();
  if (!dest || dest->getBlock() != block)
    return;
  bool shared = !insert.getDest().hasOneUse();
  // Without a producer in the block, a shared destination is still split.
  Operation *producer = getFirstProducer(insert.getSource(), block);
  if (!producer)
    producer = insert;
  if (!shared && dest->isBeforeInBlock(producer))
    return;
  FailureOr<SmallVector<Operation *>> slice = getCloneableSlice(dest, block);
  if (failed(slice))
    return;
  // The originals stay for their other users, or die in canonicalization.
  OpBuilder b(producer);
  IRMapping mapping;
  for (Operation *op : *slice)
    b.clone(*op, mapping);
  insert.getDestMutable().assign(mapping.lookup(insert.getDest()));
}

namespace {
struct TunerHoistInsertDestinationsPass
    : public tuner::impl::TunerHoistInsertDestinationsBase<
          TunerHoistInsertDestinationsPass> {
  void runOnOperation() override {
    // Only insertions at the top level of functions (decomposed pads):
    // those inside the loops of a schedule must keep their loop-carried
    // destinations.
    SmallVector<tensor::InsertSliceOp> inserts;
    getOperation()->walk([&](tensor::InsertSliceOp op) {
      if (isa<FunctionOpInterface>(op->getParentOp()))
        inserts.push_back(op);
    });
    for (tensor::InsertSliceOp insert : inserts)
      hoistDestination(insert);
  }
};
} // namespace

//===- BuffersToTensors.cpp - linalg on buffers to linalg on tensors ------===//
//
// The tuner extracts, schedules and fuses linalg ops on tensors. A program
// written on buffers (a hand-written kernel, upstream's integration tests:
// linalg.fill and linalg.matmul into a memref argument) had none of its ops
// extracted: they ran as naive loops on the CPU and as host loops over
// managed memory on a GPU. tuner-buffers-to-tensors gives such a function
// body the same ops on tensors, in the order the buffers were written:
// each whole buffer (an argument of the function, a memref.alloc or
// alloca, a constant memref.get_global) is read once as a tensor
// (bufferization.to_tensor restrict), every linalg op and memref.copy on it
// or on a memref.subview of it becomes the op on tensors (a subview an
// extract_slice to read and an insert_slice to write), and each argument
// written is stored back once before the return
// (bufferization.materialize_in_destination), which bufferization then
// computes in place. The signature does not change.
//
// A function is left as it is when a buffer its linalg ops use has any
// other user (a memref.load or store, a call, a loop that reads it, a view
// other than one level of subview, a return; memref.dim reads the shape
// only); `restrict` assumes that the
// buffer arguments do not overlap, as the tuner's runners pass them.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERBUFFERSTOTENSORS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

namespace {
/// The buffers of one function body and the tensors holding their contents
/// at the point of the rewrite.
struct BufferState {
  Block *entry;
  llvm::SetVector<Value> roots;
  DenseSet<Value> written;
  DenseMap<Value, Value> current;
};
} // namespace

/// Whether `op` works on buffers and is rewritten on tensors.
static bool isBufferOp(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op))
    return linalgOp.hasPureBufferSemantics();
  return isa<memref::CopyOp>(op);
}

/// The constant tensor a memref.get_global of a constant global with an
/// initial value holds, or null.
static ElementsAttr getConstantGlobalValue(memref::GetGlobalOp get) {
  auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
      get, get.getNameAttr());
  if (!global || !global.getConstant())
    return {};
  return dyn_cast_or_null<ElementsAttr>(global.getConstantInitValue());
}

/// The whole buffer `view` is (itself, or the source of a subview of it) if
/// the rewrite handles it, else null.
static Value getRoot(Value view, Block *entry) {
  auto type = dyn_cast<MemRefType>(view.getType());
  if (!type || type.getMemorySpace())
    return {};
  if (auto sub = view.getDefiningOp<memref::SubViewOp>()) {
    if (sub->getBlock() != entry)
      return {};
    view = sub.getSource();
  }
  if (auto arg = dyn_cast<BlockArgument>(view))
    return arg.getOwner() == entry ? view : Value();
  Operation *def = view.getDefiningOp();
  if (!def || def->getBlock() != entry)
    return {};
  if (isa<memref::AllocOp, memref::AllocaOp>(def))
    return view;
  if (auto get = dyn_cast<memref::GetGlobalOp>(def))
    return getConstantGlobalValue(get) ? view : Value();
  return {};
}

/// The buffers the buffer ops of `entry` use, or failure when one of them
/// (or a subview of it) has a user the rewrite cannot follow.
static FailureOr<BufferState> collectBuffers(Block *entry,
                                             ArrayRef<Operation *> ops) {
  BufferState state;
  state.entry = entry;
  DenseSet<Operation *> rewritten(ops.begin(), ops.end());
  for (Operation *op : ops) {
    for (OpOperand &operand : op->getOpOperands()) {
      if (!isa<MemRefType>(operand.get().getType()))
        continue;
      Value root = getRoot(operand.get(), entry);
      if (!root)
        return failure();
      state.roots.insert(root);
      bool isWrite = isa<memref::CopyOp>(op)
                         ? operand.getOperandNumber() == 1
                         : cast<linalg::LinalgOp>(op).isDpsInit(&operand);
      if (isWrite)
        state.written.insert(root);
    }
  }
  for (Value root : state.roots) {
    if (root.getDefiningOp<memref::GetGlobalOp>() &&
        state.written.contains(root))
      return failure(); // a write to a constant
    for (Operation *user : root.getUsers()) {
      // memref.dim reads the shape only.
      if (rewritten.contains(user) || isa<memref::DimOp>(user) ||
          (isa<memref::DeallocOp>(user) && user->getBlock() == entry))
        continue;
      auto sub = dyn_cast<memref::SubViewOp>(user);
      if (!sub || sub->getBlock() != entry ||
          !llvm::all_of(sub->getUsers(), [&](Operation *subUser) {
            return rewritten.contains(subUser);
          }))
        return failure();
    }
  }
  return state;
}

/// The tensor holding what `view` (a root or a subview of one) holds now.
static Value readView(OpBuilder &b, Location loc, Value view,
                      BufferState &state) {
  auto sub = view.getDefiningOp<memref::SubViewOp>();
  if (!sub)
    return state.current.lookup(view);
  MemRefType type = sub.getType();
  auto tensorType =
      RankedTensorType::get(type.getShape(), type.getElementType());
  return tensor::ExtractSliceOp::create(
      b, loc, tensorType, state.current.lookup(sub.getSource()),
      sub.getMixedOffsets(), sub.getMixedSizes(), sub.getMixedStrides());
}

/// Records that `view` now holds `value`.
static void writeView(OpBuilder &b, Location loc, Value view, Value value,
                      BufferState &state) {
  auto sub = view.getDefiningOp<memref::SubViewOp>();
  if (!sub) {
    state.current[view] = value;
    return;
  }
  Value root = sub.getSource();
  state.current[root] = tensor::InsertSliceOp::create(
      b, loc, value, state.current.lookup(root), sub.getMixedOffsets(),
      sub.getMixedSizes(), sub.getMixedStrides());
}

/// The tensor a root holds before the first op: the argument's contents, an
/// allocation's (undefined) ones, a constant global's value.
static Value initialTensor(OpBuilder &b, Value root, BufferState &state) {
  auto type = cast<MemRefType>(root.getType());
  auto tensorType =
      RankedTensorType::get(type.getShape(), type.getElementType());
  Location loc = root.getLoc();
  if (isa<BlockArgument>(root)) // at the builder's point
    return bufferization::ToTensorOp::create(b, loc, tensorType, root,
                                             /*restrict=*/true,
                                             state.written.contains(root));
  Operation *def = root.getDefiningOp();
  b.setInsertionPointAfter(def);
  if (auto get = dyn_cast<memref::GetGlobalOp>(def)) {
    auto value = cast<TypedAttr>(getConstantGlobalValue(get));
    if (value.getType() != tensorType) // a global of another shape
      value =
          cast<TypedAttr>(cast<DenseElementsAttr>(value).reshape(tensorType));
    return arith::ConstantOp::create(b, loc, value);
  }
  return tensor::EmptyOp::create(
      b, loc, tensorType,
      def->getOperands().take_front(type.getNumDynamicDims()));
}

/// `op` on the tensors of its buffers, at its place.
static void rewriteOnTensors(OpBuilder &b, Operation *op, BufferState &state) {
  b.setInsertionPoint(op);
  Location loc = op->getLoc();
  if (auto copy = dyn_cast<memref::CopyOp>(op)) {
    Value source = readView(b, loc, copy.getSource(), state);
    Value target = readView(b, loc, copy.getTarget(), state);
    auto tensorCopy =
        linalg::CopyOp::create(b, loc, TypeRange{target.getType()},
                               ValueRange{source}, ValueRange{target});
    writeView(b, loc, copy.getTarget(), tensorCopy->getResult(0), state);
    return;
  }
  auto linalgOp = cast<linalg::LinalgOp>(op);
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(isa<MemRefType>(operand.getType())
                           ? readView(b, loc, operand, state)
                           : operand);
  SmallVector<Type> resultTypes;
  for (OpOperand &init : linalgOp.getDpsInitsMutable())
    resultTypes.push_back(operands[init.getOperandNumber()].getType());
  Operation *onTensors = clone(b, op, resultTypes, operands);
  for (auto [i, init] : llvm::enumerate(linalgOp.getDpsInits()))
    writeView(b, loc, init, onTensors->getResult(i), state);
}

/// Rewrites the buffer ops of `entry` (the body of a function) on tensors,
/// if every buffer they use can be followed.
static void rewriteBlock(Block *entry) {
  SmallVector<Operation *> ops;
  for (Operation &op : *entry)
    if (isBufferOp(&op))
      ops.push_back(&op);
  if (ops.empty() || !isa<func::ReturnOp>(entry->getTerminator()))
    return;
  FailureOr<BufferState> state = collectBuffers(entry, ops);
  if (failed(state))
    return;
  // The arguments are read first, in their order.
  // (Arguments have distinct numbers: a plain sort orders them; the other
  // roots keep their order after them.)
  SmallVector<Value> roots = state->roots.takeVector();
  SmallVector<BlockArgument> arguments;
  for (Value root : roots)
    if (auto argument = dyn_cast<BlockArgument>(root))
      arguments.push_back(argument);
  llvm::sort(arguments, [](BlockArgument x, BlockArgument y) {
    return x.getArgNumber() < y.getArgNumber();
  });
  state->roots.insert(arguments.begin(), arguments.end());
  state->roots.insert(roots.begin(), roots.end());
  OpBuilder b(entry->getParentOp()->getContext());
  b.setInsertionPointToStart(entry);
  for (Value root : state->roots)
    state->current[root] = initialTensor(b, root, *state);
  for (Operation *op : ops)
    rewriteOnTensors(b, op, *state);
  b.setInsertionPoint(entry->getTerminator());
  for (Value root : state->roots)
    if (isa<BlockArgument>(root) && state->written.contains(root))
      bufferization::MaterializeInDestinationOp::create(
          b, root.getLoc(), TypeRange{}, state->current[root], root,
          /*restrict=*/true, /*writable=*/true);
  for (Operation *op : llvm::reverse(ops))
    op->erase();
  for (Value root : state->roots) {
    for (Operation *user : llvm::make_early_inc_range(root.getUsers()))
      if (isa<memref::DeallocOp, memref::SubViewOp>(user) && user->use_empty())
        user->erase();
    if (Operation *def = root.getDefiningOp(); def && def->use_empty())
      def->erase();
  }
}

void mlir::tuner::convertBufferOpsToTensors(Operation *root) {
  root->walk([](FunctionOpInterface func) {
    Region &body = func.getFunctionBody();
    if (body.hasOneBlock())
      rewriteBlock(&body.front());
  });
}

namespace {
struct TunerBuffersToTensorsPass
    : public tuner::impl::TunerBuffersToTensorsBase<TunerBuffersToTensorsPass> {
  void runOnOperation() override { convertBufferOpsToTensors(getOperation()); }
};
} // namespace

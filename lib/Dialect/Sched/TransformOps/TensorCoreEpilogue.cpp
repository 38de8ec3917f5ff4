//===- TensorCoreEpilogue.cpp - what a tensor-core kernel absorbs ---------===//
//
// A block of gpu.contraction_mma computes, after bufferization, a fill of
// its accumulator tile, the matmul, and the elementwise consumers (a bias,
// an activation, the truncation to bf16), each a linalg op on a bm x bn
// tile. The kernel computes all of them in registers: the accumulators
// start at the fill's value, each consumer's body is cloned once per
// accumulator element, and only the buffers something else reads are
// stored. A temporary tile (an f32 accumulator of a bf16 result) never
// reaches memory.
//
//===----------------------------------------------------------------------===//

#include "TensorCoreEpilogue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::tuner;

/// Whether the kernel may move past `op`: no memory effects, no regions.
static bool isInert(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op);
}

/// The buffer `v` is a view of (through subviews, casts, reshapes).
static Value getRootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether `buffer` is a memref whose rows can be stored two elements at a
/// time with the pair's alignment: whole bytes per element, unit innermost
/// stride, an even static row stride.
static bool isPairStorable(Value buffer) {
  auto type = dyn_cast<MemRefType>(buffer.getType());
  if (!type || type.getRank() != 2 || !type.getElementType().isIntOrFloat() ||
      type.getElementType().getIntOrFloatBitWidth() % 8)
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides[1] == 1 && !ShapedType::isDynamic(strides[0]) &&
         strides[0] % 2 == 0;
}

/// Whether the kernel can compute `op` on registers: an elementwise op over
/// the tile (`shape`) with scalar bodies, reading at least one buffer of
/// `inRegisters` with the identity map, every other buffer it touches not a
/// view of one of them.
static bool isAbsorbable(linalg::LinalgOp op, ArrayRef<int64_t> shape,
                         ArrayRef<Value> inRegisters) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInits() != 1 ||
      op.getNumLoops() != 2 || op.getNumParallelLoops() != 2 ||
      op.getStaticLoopRanges() != shape || op->getNumResults() != 0)
    return false;
  // The body is cloned outside the op: scalar ops only (no linalg.index).
  for (Operation &inner : op.getBlock()->without_terminator())
    if (!isInert(&inner) || isa<linalg::IndexOp>(inner))
      return false;
  OpOperand *init = op.getDpsInitOperand(0);
  if (!op.getMatchingIndexingMap(init).isIdentity() ||
      cast<MemRefType>(init->get().getType()).getShape() != shape ||
      !isPairStorable(init->get()))
    return false;
  bool readsRegisters = false;
  for (OpOperand &operand : op->getOpOperands()) {
    Value buffer = operand.get();
    if (!isa<MemRefType>(buffer.getType()))
      continue; // a scalar input
    bool isInit = op.isDpsInit(&operand);
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (llvm::is_contained(inRegisters, buffer)) {
      if (!map.isIdentity())
        return false;
      readsRegisters |= !isInit || op.payloadUsesValueFromOperand(&operand);
      continue;
    }
    // Read from memory (or written whole): must not be a view of a buffer
    // whose contents are still in registers.
    Value root = getRootBuffer(buffer);
    if (llvm::any_of(inRegisters,
                     [&](Value r) { return getRootBuffer(r) == root; }))
      return false;
    if (!isInit && !map.isProjectedPermutation())
      return false;
  }
  return readsRegisters;
}

TensorCoreEpilogue
mlir::tuner::analyzeTensorCoreEpilogue(linalg::MatmulOp matmul) {
  TensorCoreEpilogue epilogue;
  epilogue.last = matmul;
  Value c = matmul.getDpsInits()[0];
  Type elementType = cast<MemRefType>(c.getType()).getElementType();
  for (Operation *op = matmul->getPrevNode(); op; op = op->getPrevNode()) {
    if (isInert(op))
      continue;
    auto fill = dyn_cast<linalg::FillOp>(op);
    if (fill && fill.hasPureBufferSemantics() && fill.getDpsInits()[0] == c &&
        fill.value().getType() == elementType)
      epilogue.fill = fill;
    break;
  }
  ArrayRef<int64_t> shape = cast<MemRefType>(c.getType()).getShape();
  SmallVector<Value> inRegisters = {c};
  for (Operation *op = matmul->getNextNode(); op; op = op->getNextNode()) {
    if (isInert(op))
      continue;
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (!linalgOp || !isAbsorbable(linalgOp, shape, inRegisters))
      break;
    epilogue.ops.push_back(linalgOp);
    epilogue.last = op;
    Value out = linalgOp.getDpsInits()[0];
    if (!llvm::is_contained(inRegisters, out))
      inRegisters.push_back(out);
  }
  return epilogue;
}

namespace {
/// Loads of the epilogue's inputs from memory, each (buffer, indices) once.
class InputLoads {
public:
  Value load(OpBuilder &b, Location loc, Value buffer, ValueRange indices) {
    Key key{buffer, indices.size() > 0 ? indices[0] : Value(),
            indices.size() > 1 ? indices[1] : Value()};
    Value &value = loads[key];
    if (!value)
      value = memref::LoadOp::create(b, loc, buffer, indices);
    return value;
  }

private:
  using Key = std::tuple<Value, Value, Value>;
  DenseMap<Key, Value> loads;
};

/// The contents of buffers the kernel holds in registers: one value per
/// accumulator slot, in the order they were first written.
using RegisterTiles = llvm::MapVector<Value, SmallVector<Value>>;
} // namespace

/// The value `op` computes at slot `s` (row `row`, column `col`): its body
/// cloned with the block arguments bound to registers or loaded inputs.
static Value computeElement(OpBuilder &b, Location loc, linalg::LinalgOp op,
                            const RegisterTiles &registers, size_t s, Value row,
                            Value col, InputLoads &loads) {
  IRMapping mapping;
  for (OpOperand &operand : op->getOpOperands()) {
    BlockArgument arg = op.getMatchingBlockArgument(&operand);
    if (arg.use_empty())
      continue;
    Value buffer = operand.get();
    if (!isa<MemRefType>(buffer.getType())) {
      mapping.map(arg, buffer);
      continue;
    }
    if (auto it = registers.find(buffer); it != registers.end()) {
      mapping.map(arg, it->second[s]);
      continue;
    }
    SmallVector<Value> indices;
    for (AffineExpr result : op.getMatchingIndexingMap(&operand).getResults())
      indices.push_back(cast<AffineDimExpr>(result).getPosition() == 0 ? row
                                                                       : col);
    mapping.map(arg, loads.load(b, loc, buffer, indices));
  }
  Block *body = op.getBlock();
  for (Operation &inner : body->without_terminator())
    b.clone(inner, mapping);
  return mapping.lookupOrDefault(body->getTerminator()->getOperand(0));
}

/// Whether `buffer` is a block-level temporary that only the absorbed ops
/// (and deallocations) use.
static bool isAbsorbedTemporary(Value buffer,
                                const TensorCoreEpilogue &epilogue,
                                linalg::MatmulOp matmul) {
  if (!buffer.getDefiningOp<memref::AllocOp>())
    return false;
  return llvm::all_of(buffer.getUsers(), [&](Operation *user) {
    return user == matmul || user == epilogue.fill ||
           isa<memref::DeallocOp>(user) ||
           llvm::is_contained(epilogue.ops, user);
  });
}

std::pair<Value, SmallVector<Value>>
mlir::tuner::foldSubviews(OpBuilder &b, Location loc, Value buffer,
                          ValueRange indices) {
  SmallVector<Value> folded(indices);
  while (auto subview = buffer.getDefiningOp<memref::SubViewOp>()) {
    if (subview.getSourceType().getRank() != subview.getType().getRank() ||
        !llvm::all_of(subview.getMixedStrides(), isOneInteger))
      break;
    for (auto [index, offset] :
         llvm::zip_equal(folded, subview.getMixedOffsets())) {
      if (isZeroInteger(offset))
        continue;
      Value o = getValueOrCreateConstantIndexOp(b, loc, offset);
      index = arith::AddIOp::create(b, loc, index, o);
    }
    buffer = subview.getSource();
  }
  return {buffer, folded};
}

void mlir::tuner::emitTensorCoreEpilogue(OpBuilder &b, Location loc,
                                         const TensorCoreEpilogue &epilogue,
                                         linalg::MatmulOp matmul,
                                         ArrayRef<Value> acc,
                                         const AccumulatorSlots &slots) {
  RegisterTiles registers;
  registers[matmul.getDpsInits()[0]] = llvm::to_vector(acc);
  InputLoads loads;
  for (linalg::LinalgOp op : epilogue.ops) {
    SmallVector<Value> values;
    for (size_t s = 0, e = acc.size(); s < e; ++s)
      values.push_back(computeElement(b, loc, op, registers, s, slots.rows[s],
                                      slots.cols[s], loads));
    registers[op.getDpsInits()[0]] = std::move(values);
  }
  for (auto &[buffer, values] : registers) {
    if (isAbsorbedTemporary(buffer, epilogue, matmul))
      continue;
    Type elementType = cast<MemRefType>(buffer.getType()).getElementType();
    auto pairType = VectorType::get({2}, elementType);
    llvm::MaybeAlign alignment(elementType.getIntOrFloatBitWidth() / 8 * 2);
    for (size_t s = 0, e = values.size(); s + 1 < e; s += 2) {
      Value pair = vector::FromElementsOp::create(
          b, loc, pairType, ValueRange{values[s], values[s + 1]});
      auto [root, indices] = foldSubviews(
          b, loc, buffer, ValueRange{slots.rows[s], slots.cols[s]});
      vector::StoreOp::create(b, loc, pair, root, indices,
                              /*nontemporal=*/false, alignment);
    }
  }
}

void mlir::tuner::eraseAbsorbedOps(RewriterBase &rewriter,
                                   const TensorCoreEpilogue &epilogue,
                                   linalg::MatmulOp matmul) {
  SetVector<Value> buffers;
  buffers.insert(matmul.getDpsInits()[0]);
  for (linalg::LinalgOp op : epilogue.ops)
    buffers.insert(op.getDpsInits()[0]);
  SmallVector<Value> temporaries;
  for (Value buffer : buffers)
    if (isAbsorbedTemporary(buffer, epilogue, matmul))
      temporaries.push_back(buffer);
  for (linalg::LinalgOp op : llvm::reverse(epilogue.ops))
    rewriter.eraseOp(op);
  rewriter.eraseOp(matmul);
  if (epilogue.fill)
    rewriter.eraseOp(epilogue.fill);
  for (Value buffer : temporaries) {
    for (Operation *user : llvm::make_early_inc_range(buffer.getUsers()))
      rewriter.eraseOp(user); // deallocations
    rewriter.eraseOp(buffer.getDefiningOp());
  }
}

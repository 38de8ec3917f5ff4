//===- HoistAMXTiles.cpp - keep AMX tiles in tile registers ---------------===//
//
// Upstream's convert-vector-to-amx turns each contraction into tile loads,
// one tdpbf16ps and a tile store, one contraction at a time: a C tile that
// a K loop accumulates goes through memory every step, and an A tile that
// feeds several products is loaded once per product (amx.tile_load declares
// a write so that CSE keeps each load in its own register). This pass, run
// right after that conversion in tuner-lower-cpu:
//
//   - loads a tile once per block when the same memory is loaded again with
//     no store in between that may touch it;
//   - hoists a (load, store) pair of one loop-invariant tile out of an
//     scf.for, which then carries the tile (LLVM keeps a loop-carried
//     x86_amx value in its tile register);
//
// Memory that two accesses may share is decided conservatively: accesses
// whose buffers trace back (through views) to different allocations or to
// buffers of different element types are independent, and so are sibling
// subviews of one buffer whose static boxes do not overlap; anything else
// is assumed to overlap, and an op with unknown memory effects in a loop
// stops hoisting out of it.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/Passes.h"

#include "mlir/Dialect/AMX/AMXDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERHOISTAMXTILES
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;

namespace {
/// One tile-sized access to memory: a buffer and the indices of the tile's
/// first element.
struct TileAccess {
  Value base;
  ValueRange indices;

  static std::optional<TileAccess> of(Operation *op) {
    if (auto load = dyn_cast<amx::TileLoadOp>(op))
      if (!load.getStride())
        return TileAccess{load.getBase(), load.getIndices()};
    if (auto store = dyn_cast<amx::TileStoreOp>(op))
      if (!store.getStride())
        return TileAccess{store.getBase(), store.getIndices()};
    return std::nullopt;
  }
};
} // namespace

/// `v` followed through view-like ops to the buffer it is a view of.
static Value getRootBuffer(Value v) {
  while (auto view = v.getDefiningOp<ViewLikeOpInterface>())
    v = view.getViewSource();
  return v;
}

/// Whether `a` and `b` are the same value, or results of equivalent
/// effect-free ops on the same operands (two identical subviews).
static bool isSameValue(Value a, Value b) {
  if (a == b)
    return true;
  Operation *defA = a.getDefiningOp(), *defB = b.getDefiningOp();
  return defA && defB && isMemoryEffectFree(defA) &&
         cast<OpResult>(a).getResultNumber() ==
             cast<OpResult>(b).getResultNumber() &&
         OperationEquivalence::isEquivalentTo(
             defA, defB, OperationEquivalence::IgnoreLocations);
}

static bool isSameAccess(const TileAccess &a, const TileAccess &b) {
  return isSameValue(a.base, b.base) && a.indices.size() == b.indices.size() &&
         llvm::all_of(llvm::zip(a.indices, b.indices), [](auto pair) {
           return isSameValue(std::get<0>(pair), std::get<1>(pair));
         });
}

/// Whether two subviews of one buffer, read at the same indices, have
/// static boxes that do not overlap.
static bool areDisjointSubviews(const TileAccess &a, const TileAccess &b) {
  auto viewA = a.base.getDefiningOp<memref::SubViewOp>();
  auto viewB = b.base.getDefiningOp<memref::SubViewOp>();
  if (!viewA || !viewB || viewA.getSource() != viewB.getSource() ||
      !viewA.hasUnitStride() || !viewB.hasUnitStride() ||
      a.indices.size() != b.indices.size() ||
      !llvm::all_of(llvm::zip(a.indices, b.indices), [](auto pair) {
        return isSameValue(std::get<0>(pair), std::get<1>(pair));
      }))
    return false;
  ArrayRef<int64_t> offA = viewA.getStaticOffsets(),
                    offB = viewB.getStaticOffsets();
  ArrayRef<int64_t> sizeA = viewA.getStaticSizes(),
                    sizeB = viewB.getStaticSizes();
  for (auto [oa, ob, sa, sb] : llvm::zip(offA, offB, sizeA, sizeB)) {
    if (ShapedType::isDynamic(oa) || ShapedType::isDynamic(ob) ||
        ShapedType::isDynamic(sa) || ShapedType::isDynamic(sb))
      continue;
    if (oa + sa <= ob || ob + sb <= oa)
      return true;
  }
  return false;
}

/// Whether two tile accesses cannot touch the same memory.
static bool areIndependent(const TileAccess &a, const TileAccess &b) {
  Value rootA = getRootBuffer(a.base), rootB = getRootBuffer(b.base);
  if (rootA != rootB) {
    auto isAllocation = [](Value v) {
      return v.getDefiningOp<memref::AllocOp>() ||
             v.getDefiningOp<memref::AllocaOp>();
    };
    Type elementA = cast<MemRefType>(rootA.getType()).getElementType();
    Type elementB = cast<MemRefType>(rootB.getType()).getElementType();
    return elementA != elementB || (isAllocation(rootA) && isAllocation(rootB));
  }
  return areDisjointSubviews(a, b);
}

/// Within each block, a tile load of memory that an earlier load of the
/// same block read, with no store in between that may touch it, reuses the
/// earlier tile.
static void reuseLoadedTiles(Block &block, RewriterBase &rewriter) {
  SmallVector<amx::TileLoadOp> available;
  for (Operation &op : llvm::make_early_inc_range(block)) {
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        reuseLoadedTiles(nested, rewriter);
    if (auto load = dyn_cast<amx::TileLoadOp>(&op)) {
      std::optional<TileAccess> access = TileAccess::of(load);
      auto earlier = llvm::find_if(available, [&](amx::TileLoadOp other) {
        return other.getType() == load.getType() && access &&
               isSameAccess(*TileAccess::of(other), *access);
      });
      if (earlier != available.end())
        rewriter.replaceOp(load, earlier->getResult());
      else if (access)
        available.push_back(load);
      continue;
    }
    if (isMemoryEffectFree(&op))
      continue;
    std::optional<TileAccess> stored = TileAccess::of(&op);
    if (!stored) {
      available.clear();
      continue;
    }
    llvm::erase_if(available, [&](amx::TileLoadOp load) {
      return !areIndependent(*TileAccess::of(load), *stored);
    });
  }
}

/// The tile accesses of `loop`'s body, at any depth; failure when an op
/// there has memory effects other than tile loads and stores.
static FailureOr<SmallVector<Operation *>> getTileAccesses(scf::ForOp loop) {
  SmallVector<Operation *> accesses;
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (TileAccess::of(op)) {
      accesses.push_back(op);
      return WalkResult::advance();
    }
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() ||
        isMemoryEffectFree(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  if (result.wasInterrupted())
    return failure();
  return accesses;
}

/// Whether the buffer and indices of `access` are defined outside `loop`.
static bool isLoopInvariant(scf::ForOp loop, const TileAccess &access) {
  return loop.isDefinedOutsideOfLoop(access.base) &&
         llvm::all_of(access.indices, [&](Value v) {
           return loop.isDefinedOutsideOfLoop(v);
         });
}

/// The (load, store) pairs of `loop`'s body block that access one
/// loop-invariant tile, the load first, and that no other access in the
/// loop may touch.
static SmallVector<std::pair<amx::TileLoadOp, amx::TileStoreOp>>
findCarriedTiles(scf::ForOp loop) {
  SmallVector<std::pair<amx::TileLoadOp, amx::TileStoreOp>> pairs;
  FailureOr<SmallVector<Operation *>> accesses = getTileAccesses(loop);
  if (failed(accesses))
    return pairs;
  for (auto store : loop.getBody()->getOps<amx::TileStoreOp>()) {
    TileAccess tile = *TileAccess::of(store);
    if (!isLoopInvariant(loop, tile))
      continue;
    amx::TileLoadOp load;
    bool independent = true;
    for (Operation *other : *accesses) {
      if (other == store)
        continue;
      TileAccess access = *TileAccess::of(other);
      auto otherLoad = dyn_cast<amx::TileLoadOp>(other);
      if (otherLoad && !load && otherLoad->getBlock() == store->getBlock() &&
          otherLoad->isBeforeInBlock(store) &&
          otherLoad.getType() == store.getVal().getType() &&
          isSameAccess(access, tile) && isLoopInvariant(loop, access)) {
        load = otherLoad;
        continue;
      }
      independent &= areIndependent(access, tile);
    }
    if (load && independent)
      pairs.emplace_back(load, store);
  }
  return pairs;
}

/// Loads the carried tiles before `loop`, carries them through it and
/// stores them after it.
static void hoistCarriedTiles(
    scf::ForOp loop,
    ArrayRef<std::pair<amx::TileLoadOp, amx::TileStoreOp>> pairs,
    RewriterBase &rewriter) {
  SmallVector<Value> inits;
  for (auto [load, store] : pairs) {
    rewriter.moveOpBefore(load, loop);
    inits.push_back(load.getResult());
  }
  auto yieldCarried = [&](OpBuilder &, Location, ArrayRef<BlockArgument>) {
    SmallVector<Value> yielded;
    for (auto [load, store] : pairs)
      yielded.push_back(store.getVal());
    return yielded;
  };
  auto newLoop = cast<scf::ForOp>(*loop.replaceWithAdditionalYields(
      rewriter, inits, /*replaceInitOperandUsesInLoop=*/true, yieldCarried));
  unsigned first = newLoop.getNumResults() - pairs.size();
  rewriter.setInsertionPointAfter(newLoop);
  for (auto [i, pair] : llvm::enumerate(pairs)) {
    amx::TileStoreOp store = pair.second;
    amx::TileStoreOp::create(rewriter, store.getLoc(), store.getBase(),
                             store.getIndices(),
                             newLoop.getResult(first + i));
    rewriter.eraseOp(store);
  }
}

namespace {
struct TunerHoistAMXTilesPass
    : public tuner::impl::TunerHoistAMXTilesBase<TunerHoistAMXTilesPass> {
  void runOnOperation() override {
    IRRewriter rewriter(&getContext());
    for (Region &region : getOperation()->getRegions())
      for (Block &block : region)
        reuseLoadedTiles(block, rewriter);
    // Innermost loops first: a tile hoisted out of one loop may be hoisted
    // out of the next.
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) { loops.push_back(loop); });
    for (scf::ForOp loop : loops) {
      moveLoopInvariantCode(cast<LoopLikeOpInterface>(loop.getOperation()));
      auto pairs = findCarriedTiles(loop);
      if (!pairs.empty())
        hoistCarriedTiles(loop, pairs, rewriter);
    }
  }
};
} // namespace

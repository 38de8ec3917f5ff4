//===- Features.cpp - features of a scheduled candidate -------------------===//
//
// The analysis behind Features.h. It sees the scheduled IR as loops
// (scf.for, scf.forall, each with a static trip count or an upper bound),
// compute ops (vector FMAs, contractions and outer products, elementwise
// vector arithmetic, and linalg ops left unvectorized, whose work is their
// iteration space) and accesses (vector transfers, and the operands of
// unvectorized linalg ops, tensor.pad results). An access depends on a loop
// when its indices or the offsets of the slices it reads through use the
// loop's induction variables; the bytes a loop level touches are then the
// access sizes multiplied by the trip counts of the loops inside that level
// the access depends on (the loops it does not depend on reuse the data).
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/CostModel/Features.h"

#include "Tuner/Dialect/Sched/TransformOps/BlockRaster.h"
#include "Tuner/Dialect/Sched/TransformOps/SimtMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/TensorCoreMatmul.h"
#include "Tuner/Dialect/Sched/TransformOps/WgmmaMatmul.h"

#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Task/TaskModule.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <cmath>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

namespace {

/// sign(x) * log2(|x| + 1), as Ansor transforms its numeric features.
float log2p(double x) {
  return static_cast<float>(std::copysign(std::log2(std::fabs(x) + 1), x));
}

/// The sketches with a one-hot slot, in a fixed order (saved models depend
/// on it; append only).
constexpr StringLiteral kSketchSlots[] = {
    "cpu.contraction", "cpu.contraction_padded", "cpu.conv2d",
    "cpu.fallback",    "gpu.contraction",        "gpu.conv2d"};

std::vector<std::string> buildFeatureNames() {
  std::vector<std::string> names = {
      // Whole function.
      "total_flops",
      "vector_flops_fraction",
      "scalar_flops",
      "work_over_task_flops",
      "num_ops",
      "num_vector_ops",
      "num_unvectorized_linalg_ops",
      "copy_bytes",
      "total_traffic_bytes",
      "traffic_bytes_per_flop",
      // The hottest computation and its loop nest.
      "hot_flops_share",
      "hot_vector_lanes",
      "hot_flops_per_innermost_iteration",
      "hot_compute_ops_per_innermost_iteration",
      "hot_depth",
      "hot_serial_loops",
      "hot_innermost_trip",
      "parallel_extent",
      "parallel_per_core",
      "parallel_wave_efficiency",
  };
  for (unsigned l = 1; l <= kFeatureLoopLevels; ++l) {
    std::string p = "level" + std::to_string(l) + "_";
    for (const char *f :
         {"trip", "footprint_bytes", "traffic_bytes", "reuse", "intensity",
          "footprint_over_l1", "footprint_over_l2"})
      names.push_back(p + f);
  }
  for (StringRef s : kSketchSlots)
    names.push_back(("sketch_is_" + s).str());
  names.push_back("sketch_is_other");
  for (unsigned k = 0; k < kFeatureKnobSlots; ++k)
    names.push_back("knob" + std::to_string(k));
  names.push_back("target_cores");
  names.push_back("target_vector_bits");
  // GPU launch shape (0 on CPU targets).
  for (const char *f :
       {"gpu_threads_per_block", "gpu_blocks", "gpu_shared_bytes",
        "gpu_occupancy", "gpu_waves", "target_sms"})
    names.push_back(f);
  // GPU kernel resources: estimated, or from ptxas -v once the candidate
  // was built (applyMeasuredResources).
  for (const char *f : {"gpu_registers_per_thread", "gpu_spill_bytes",
                        "gpu_resources_measured"})
    names.push_back(f);
  // The kernel of a tensor-core block (gpu.contraction_mma or
  // gpu.contraction_wgmma; 0 otherwise).
  for (const char *f :
       {"gpu_tc_kernel", "gpu_tc_warp_tile_m", "gpu_tc_warp_tile_n",
        "gpu_tc_k_tile", "gpu_tc_stages", "gpu_tc_ldmatrix_per_mma",
        "gpu_tc_global_bytes_per_flop", "gpu_tc_bytes_in_flight",
        "gpu_tc_barriers", "gpu_tc_wave_panel_bytes"})
    names.push_back(f);
  // Split-K (the split_k knob of the pipelined matmuls; 0 otherwise).
  for (const char *f : {"gpu_split_k", "gpu_split_partial_bytes"})
    names.push_back(f);
  return names;
}

//===----------------------------------------------------------------------===//
// GPU launch shape
//===----------------------------------------------------------------------===//

namespace {
/// The launch of the outermost block-mapped forall of a GPU schedule.
struct GPULaunchShape {
  double threadsPerBlock = 0, blocks = 0, sharedBytes = 0;
  /// Resident threads per SM over the SM's maximum (2048), from the
  /// threads, shared memory and (estimated) registers of a block.
  double occupancy = 0;
  /// Blocks over the blocks resident at once on all SMs.
  double waves = 0;
  /// The estimated registers per thread the occupancy assumed.
  double registersPerThread = 0;
};

/// Blocks of `threads` threads using `regsPerThread` registers and
/// `sharedBytes` of shared memory resident at once on an SM of `target`
/// (sm_70 to sm_90: 2048 threads, 32 blocks, about 4.5x the per-block
/// shared memory limit).
static double getResidentBlocks(sched::TargetAttr target, double threads,
                                double regsPerThread, double sharedBytes) {
  double maxThreads = 2048, maxBlocks = 32;
  double registers = target.getRegistersPerSm() > 0
                         ? double(target.getRegistersPerSm())
                         : 65536.0;
  double sharedPerSm = 4.5 * double(target.getSharedMemoryPerBlock());
  double resident = std::min(
      {maxBlocks, std::floor(maxThreads / threads),
       std::floor(registers / (std::max(1.0, regsPerThread) * threads))});
  if (sharedBytes > 0 && sharedPerSm > 0)
    resident = std::min(resident, std::floor(sharedPerSm / sharedBytes));
  return std::max(resident, 0.0);
}
} // namespace

static int64_t getStaticTripCount(scf::ForallOp forall) {
  int64_t trips = 1;
  for (auto [lb, ub, step] :
       llvm::zip(forall.getMixedLowerBound(), forall.getMixedUpperBound(),
                 forall.getMixedStep())) {
    std::optional<int64_t> l = getConstantIntValue(lb),
                           u = getConstantIntValue(ub),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return 0;
    trips *= llvm::divideCeil(*u - *l, *s);
  }
  return trips;
}

static bool hasMapping(scf::ForallOp forall, bool blocks) {
  std::optional<ArrayAttr> mapping = forall.getMapping();
  if (!mapping || mapping->empty())
    return false;
  StringRef name = (*mapping)[0].getAbstractAttribute().getName();
  return blocks ? name == "gpu.block" : name == "gpu.thread";
}

/// The outermost loop of `func` mapped to GPU blocks, or null.
static scf::ForallOp findBlockLoop(FunctionOpInterface func) {
  scf::ForallOp blockLoop;
  func->walk([&](scf::ForallOp forall) {
    if (!blockLoop && hasMapping(forall, /*blocks=*/true))
      blockLoop = forall;
  });
  return blockLoop;
}

/// The tensor-core kernel a block loop computes: a linalg.matmul marked by
/// gpu.contraction_mma (mma.sync) or gpu.contraction_wgmma (Hopper's
/// wgmma), built after bufferization; what the launch shape and the
/// tensor-core features read.
struct TensorCoreBlock {
  int64_t bm = 0, bn = 0, k = 0, elementBytes = 2;
  bool wgmma = false;
  /// Threads, and the tile of a warp (a warpgroup for wgmma).
  int64_t threads = 0, warpRows = 0, warpCols = 0;
  int64_t tileK = 0, stages = 0, sharedBytes = 0;
  double registers = 0;
  /// ldmatrix.x4 per mma.sync of a warp; 0 for wgmma, which reads its
  /// operands from shared memory.
  double loadsPerMma = 0;
};

/// `block` for an mma.sync kernel: 40 + 1.6 registers per accumulator (what
/// ptxas gave its kernels of 16 to 128).
static void describeMmaSync(TensorCoreBlock &block,
                            const TensorCoreMatmulOptions &o) {
  block.threads = o.warpsM * o.warpsN * 32;
  block.warpRows = block.bm / o.warpsM;
  block.warpCols = block.bn / o.warpsN;
  block.tileK = o.tileK;
  block.stages = o.stages;
  block.sharedBytes =
      getTensorCoreSharedBytes(block.bm, block.bn, o, block.elementBytes);
  block.registers = std::min(
      255.0, 40.0 + 1.6 * getTensorCoreAccumulators(block.bm, block.bn, o));
  double fragmentsM = block.warpRows / 16.0, tilesN = block.warpCols / 8.0;
  block.loadsPerMma = (fragmentsM + tilesN / 2) / (fragmentsM * tilesN);
}

/// `block` for a wgmma kernel: 26 registers besides the accumulators (ptxas
/// gave the default 128 x 256 kernel of 128 accumulators 154).
static void describeWgmma(TensorCoreBlock &block, const WgmmaMatmulOptions &o) {
  block.wgmma = true;
  block.threads = o.groupsM * o.groupsN * 128;
  block.warpRows = block.bm / o.groupsM;
  block.warpCols = block.bn / o.groupsN;
  block.tileK = kWgmmaTileK;
  block.stages = o.stages;
  block.sharedBytes = getWgmmaSharedBytes(block.bm, block.bn, o);
  block.registers =
      std::min(255.0, 26.0 + getWgmmaAccumulators(block.bm, block.bn, o));
}

static std::optional<TensorCoreBlock> getTensorCoreBlock(scf::ForallOp loop) {
  std::optional<TensorCoreBlock> block;
  loop->walk([&](linalg::MatmulOp matmul) {
    auto c = dyn_cast<ShapedType>(matmul.getDpsInits()[0].getType());
    auto a = dyn_cast<ShapedType>(matmul.getDpsInputs()[0].getType());
    if (!c || !a || !c.hasStaticShape() || !a.hasStaticShape())
      return;
    TensorCoreBlock b{c.getDimSize(0), c.getDimSize(1), a.getDimSize(1),
                      a.getElementTypeBitWidth() / 8};
    FailureOr<std::optional<TensorCoreMatmulOptions>> mma =
        getTensorCoreOptions(matmul);
    if (succeeded(mma) && *mma) {
      describeMmaSync(b, **mma);
      block = b;
      return;
    }
    FailureOr<std::optional<WgmmaMatmulOptions>> wgmma =
        getWgmmaOptions(matmul);
    if (succeeded(wgmma) && *wgmma) {
      describeWgmma(b, **wgmma);
      block = b;
    }
  });
  return block;
}

/// The launch shape of the schedule in `func` (zeros on CPU targets, or
/// when nothing is mapped to GPU blocks).
static GPULaunchShape getGPULaunchShape(FunctionOpInterface func,
                                        sched::TargetAttr target) {
  GPULaunchShape shape;
  if (!target.isCUDA())
    return shape;
  scf::ForallOp blockLoop = findBlockLoop(func);
  if (!blockLoop)
    return shape;
  shape.blocks = getStaticTripCount(blockLoop);
  int64_t threads = 1, perThreadOutputs = 1;
  blockLoop->walk([&](scf::ForallOp forall) {
    if (!hasMapping(forall, /*blocks=*/false))
      return;
    threads = std::max(threads, getStaticTripCount(forall));
    // The per-thread tiles the loop writes back (its accumulators).
    for (Operation &op : forall.getTerminator().getYieldingOps())
      if (auto insert = dyn_cast<tensor::ParallelInsertSliceOp>(op))
        if (insert.getSourceType().hasStaticShape())
          perThreadOutputs = std::max(perThreadOutputs,
                                      insert.getSourceType().getNumElements());
  });
  shape.threadsPerBlock = threads;
  blockLoop->walk([&](bufferization::AllocTensorOp alloc) {
    if (alloc.getMemorySpace() && alloc.getType().hasStaticShape())
      shape.sharedBytes +=
          alloc.getType().getNumElements() *
          llvm::divideCeil(
              alloc.getType().getElementType().getIntOrFloatBitWidth(), 8);
  });
  // Residency: the target's registers (32 + 2 per accumulator element per
  // thread, a rough estimate until ptxas says), threads and shared memory.
  double regsPerThread = std::min(255.0, 32.0 + 2.0 * perThreadOutputs);
  // A CUDA-core kernel's (gpu.contraction_simt): 2 registers per
  // accumulator and 4 per row of A, as the sketch estimates.
  blockLoop->walk([&](linalg::MatmulOp matmul) {
    FailureOr<std::optional<SimtMatmulOptions>> options =
        getSimtOptions(matmul);
    auto c = dyn_cast<ShapedType>(matmul.getDpsInits()[0].getType());
    if (failed(options) || !*options || !c || !c.hasStaticShape())
      return;
    int64_t bm = c.getDimSize(0), bn = c.getDimSize(1);
    shape.threadsPerBlock = threads =
        (*options)->threadsM * (*options)->threadsN;
    shape.sharedBytes = getSimtSharedBytes(bm, bn, **options);
    regsPerThread = std::min(
        255.0, 2.0 * getSimtAccumulators(bm, bn, **options) +
                   4.0 * (bm / (*options)->threadsM) + 24);
  });
  // A tensor-core kernel's threads, shared memory and registers.
  if (std::optional<TensorCoreBlock> tc = getTensorCoreBlock(blockLoop)) {
    shape.threadsPerBlock = threads = tc->threads;
    shape.sharedBytes = tc->sharedBytes;
    regsPerThread = tc->registers;
  }
  shape.registersPerThread = regsPerThread;
  double resident =
      getResidentBlocks(target, threads, regsPerThread, shape.sharedBytes);
  shape.occupancy = resident * threads / 2048.0;
  if (resident > 0 && target.getSms() > 0)
    shape.waves = shape.blocks / (resident * double(target.getSms()));
  return shape;
}

//===----------------------------------------------------------------------===//
// Loop nest analysis
//===----------------------------------------------------------------------===//

/// A constant, or the smallest constant among the results of an
/// affine.min: an upper bound of `v`; nullopt when unknown.
std::optional<int64_t> getUpperBound(OpFoldResult ofr) {
  if (std::optional<int64_t> c = getConstantIntValue(ofr))
    return c;
  auto v = dyn_cast<Value>(ofr);
  if (!v)
    return std::nullopt;
  if (auto min = v.getDefiningOp<affine::AffineMinOp>()) {
    std::optional<int64_t> best;
    for (AffineExpr e : min.getAffineMap().getResults())
      if (auto c = dyn_cast<AffineConstantExpr>(e))
        best = best ? std::min(*best, c.getValue()) : c.getValue();
    return best;
  }
  return std::nullopt;
}

int64_t tripCount(OpFoldResult lb, OpFoldResult ub, OpFoldResult step) {
  std::optional<int64_t> l = getConstantIntValue(lb);
  std::optional<int64_t> u = getUpperBound(ub);
  std::optional<int64_t> s = getConstantIntValue(step);
  if (!l || !u || !s || *s <= 0 || *u <= *l)
    return 1;
  return (*u - *l + *s - 1) / *s;
}

/// Trip count of an scf.for or scf.forall (the product over its
/// dimensions); 1 for any other op.
int64_t getTripCount(Operation *loop) {
  if (auto f = dyn_cast<scf::ForOp>(loop))
    return tripCount(f.getLowerBound(), f.getUpperBound(), f.getStep());
  if (auto f = dyn_cast<scf::ForallOp>(loop)) {
    int64_t trip = 1;
    for (auto [lb, ub, step] : llvm::zip(
             f.getMixedLowerBound(), f.getMixedUpperBound(), f.getMixedStep()))
      trip *= tripCount(lb, ub, step);
    return trip;
  }
  return 1;
}

bool isLoop(Operation *op) { return isa<scf::ForOp, scf::ForallOp>(op); }

/// Enclosing loops of `op`, innermost first.
SmallVector<Operation *> getEnclosingLoops(Operation *op) {
  SmallVector<Operation *> loops;
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (isa<FunctionOpInterface>(p))
      break;
    if (isLoop(p))
      loops.push_back(p);
  }
  return loops;
}

/// Collects the loops whose induction variables `v` depends on, following
/// index arithmetic, slices (their offsets and sources) and loop-carried
/// tensors back to where they come from.
void collectLoopDeps(Value v, SmallPtrSetImpl<Operation *> &deps,
                     SmallPtrSetImpl<Value> &visited, unsigned depth = 0) {
  if (!v || depth > 64 || !visited.insert(v).second)
    return;
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (auto f = dyn_cast<scf::ForOp>(owner)) {
      if (arg == f.getInductionVar()) {
        deps.insert(f);
      } else if (OpOperand *init = f.getTiedLoopInit(arg)) {
        collectLoopDeps(init->get(), deps, visited, depth + 1);
      }
    } else if (auto f = dyn_cast<scf::ForallOp>(owner)) {
      if (llvm::is_contained(f.getInductionVars(), arg)) {
        deps.insert(f);
      } else if (OpOperand *out = f.getTiedOpOperand(arg)) {
        collectLoopDeps(out->get(), deps, visited, depth + 1);
      }
    }
    return;
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return;
  if (auto slice = dyn_cast<tensor::ExtractSliceOp>(def)) {
    for (Value o : slice.getOffsets())
      collectLoopDeps(o, deps, visited, depth + 1);
    collectLoopDeps(slice.getSource(), deps, visited, depth + 1);
    return;
  }
  if (auto insert = dyn_cast<tensor::InsertSliceOp>(def)) {
    for (Value o : insert.getOffsets())
      collectLoopDeps(o, deps, visited, depth + 1);
    return;
  }
  // Index arithmetic.
  if (isa<affine::AffineApplyOp, affine::AffineMinOp, affine::AffineMaxOp>(
          def) ||
      (def->getDialect() && isa<arith::ArithDialect>(def->getDialect()) &&
       def->getNumRegions() == 0)) {
    for (Value operand : def->getOperands())
      collectLoopDeps(operand, deps, visited, depth + 1);
  }
  // Anything else (a pad, an empty tensor, a loop result, a function
  // argument) is a buffer of its own: its base does not move with a loop.
}

SmallPtrSet<Operation *, 8> getLoopDeps(ValueRange values) {
  SmallPtrSet<Operation *, 8> deps;
  SmallPtrSet<Value, 16> visited;
  for (Value v : values)
    collectLoopDeps(v, deps, visited);
  return deps;
}

int64_t getElementBytes(Type type) {
  Type elt = getElementTypeOrSelf(type);
  if (elt.isIntOrFloat())
    return std::max<int64_t>(1, elt.getIntOrFloatBitWidth() / 8);
  return 4;
}

/// Bytes of a (possibly dynamically shaped) tensor: dynamic dimensions count
/// as their upper bound when one is known, else 1.
int64_t getTensorBytes(Value v) {
  auto type = dyn_cast<RankedTensorType>(v.getType());
  if (!type)
    return getElementBytes(v.getType());
  int64_t n = 1;
  for (int64_t d : type.getShape())
    n *= ShapedType::isDynamic(d) ? 1 : d;
  if (!type.hasStaticShape()) {
    if (auto slice = v.getDefiningOp<tensor::ExtractSliceOp>()) {
      n = 1;
      for (OpFoldResult s : slice.getMixedSizes())
        n *= getUpperBound(s).value_or(1);
    }
  }
  return n * getElementBytes(type);
}

/// A computation: what it does per execution and where it is.
struct Compute {
  Operation *op;
  double flops = 0;
  bool vector = false;
  int64_t lanes = 1;
  SmallVector<Operation *> loops; // innermost first
  double outerProduct = 1;
};

/// A memory access: bytes per execution and the loops it depends on.
struct Access {
  Operation *op;
  double bytes = 0;
  SmallVector<Operation *> loops; // innermost first
  SmallPtrSet<Operation *, 8> deps;
  bool isCopy = false;
};

double outerProduct(ArrayRef<Operation *> loops) {
  double p = 1;
  for (Operation *l : loops)
    p *= getTripCount(l);
  return p;
}

/// Flops of one execution of a vector op (0 if it computes nothing).
double getVectorOpFlops(Operation *op, int64_t &lanes) {
  auto vecType = [](Type t) { return dyn_cast<VectorType>(t); };
  if (auto fma = dyn_cast<vector::FMAOp>(op)) {
    VectorType t = fma.getVectorType();
    lanes = t.getShape().back();
    return 2.0 * t.getNumElements();
  }
  if (auto contract = dyn_cast<vector::ContractionOp>(op)) {
    SmallVector<int64_t> bounds;
    contract.getIterationBounds(bounds);
    double n = 1;
    for (int64_t b : bounds)
      n *= b;
    if (auto t = vecType(contract.getResultType()))
      lanes = t.getShape().back();
    return 2.0 * n;
  }
  if (auto outer = dyn_cast<vector::OuterProductOp>(op)) {
    VectorType t = outer.getResultVectorType();
    lanes = t.getShape().back();
    return 2.0 * t.getNumElements();
  }
  // The llvmintr lowering of contractions.
  if (op->getName().getStringRef() == "vector.matrix_multiply" ||
      op->getName().getStringRef() == "vector.matmul") {
    auto rows = op->getAttrOfType<IntegerAttr>("lhs_rows");
    auto inner = op->getAttrOfType<IntegerAttr>("lhs_columns");
    auto cols = op->getAttrOfType<IntegerAttr>("rhs_columns");
    if (rows && inner && cols) {
      lanes = cols.getInt();
      return 2.0 * rows.getInt() * inner.getInt() * cols.getInt();
    }
    return 0;
  }
  // Elementwise float arithmetic on vectors.
  if (op->getNumResults() == 1 && op->getDialect() &&
      isa<arith::ArithDialect>(op->getDialect())) {
    auto t = vecType(op->getResult(0).getType());
    if (t && isa<FloatType>(t.getElementType()) &&
        !isa<arith::ConstantOp>(op) && op->getNumOperands() > 0) {
      lanes = t.getShape().back();
      return t.getNumElements();
    }
  }
  return 0;
}

/// Scalar flops of one execution of an unvectorized linalg op: arithmetic
/// ops of its body times its iteration space.
double getLinalgFlops(linalg::LinalgOp op) {
  double iterations = 1;
  for (int64_t r : op.getStaticLoopRanges())
    iterations *= ShapedType::isDynamic(r) ? 1 : r;
  double bodyOps = 0;
  for (Operation &inner : op->getRegion(0).front())
    if (inner.getDialect() && isa<arith::ArithDialect>(inner.getDialect()) &&
        !isa<arith::ConstantOp>(inner))
      bodyOps += 1;
  return iterations * bodyOps;
}

struct Analysis {
  std::vector<Compute> computes;
  std::vector<Access> accesses;
  int64_t numOps = 0, numVectorOps = 0, numLinalgOps = 0;
};

Analysis analyze(FunctionOpInterface func) {
  Analysis a;
  func.getFunctionBody().walk([&](Operation *op) {
    ++a.numOps;
    if (op->getDialect() && isa<vector::VectorDialect>(op->getDialect()))
      ++a.numVectorOps;
    int64_t lanes = 1;
    if (double flops = getVectorOpFlops(op, lanes)) {
      Compute c{op, flops, true, lanes, getEnclosingLoops(op), 1};
      c.outerProduct = outerProduct(c.loops);
      a.computes.push_back(std::move(c));
      return;
    }
    if (auto read = dyn_cast<vector::TransferReadOp>(op)) {
      Access acc{op, 0, getEnclosingLoops(op), {}, false};
      acc.bytes = double(read.getVectorType().getNumElements()) *
                  getElementBytes(read.getVectorType());
      SmallVector<Value> addr(read.getIndices());
      addr.push_back(read.getBase());
      acc.deps = getLoopDeps(addr);
      a.accesses.push_back(std::move(acc));
      return;
    }
    if (auto write = dyn_cast<vector::TransferWriteOp>(op)) {
      Access acc{op, 0, getEnclosingLoops(op), {}, false};
      acc.bytes = double(write.getVectorType().getNumElements()) *
                  getElementBytes(write.getVectorType());
      SmallVector<Value> addr(write.getIndices());
      addr.push_back(write.getBase());
      acc.deps = getLoopDeps(addr);
      // A write of what was just read is a copy (packing, padding).
      acc.isCopy = write.getVector().getDefiningOp<vector::TransferReadOp>();
      a.accesses.push_back(std::move(acc));
      return;
    }
    if (auto pad = dyn_cast<tensor::PadOp>(op)) {
      Access acc{op,
                 double(getTensorBytes(pad.getResult())),
                 getEnclosingLoops(op),
                 {},
                 true};
      acc.deps = getLoopDeps(pad.getSource());
      a.accesses.push_back(std::move(acc));
      return;
    }
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
      ++a.numLinalgOps;
      SmallVector<Operation *> loops = getEnclosingLoops(op);
      if (double flops = getLinalgFlops(linalgOp)) {
        Compute c{op, flops, false, 1, loops, outerProduct(loops)};
        a.computes.push_back(std::move(c));
      }
      bool copy = isa<linalg::CopyOp>(op) ||
                  (isa<linalg::GenericOp>(op) && getLinalgFlops(linalgOp) == 0);
      for (OpOperand &operand : op->getOpOperands()) {
        if (!isa<RankedTensorType>(operand.get().getType()))
          continue;
        // A fill only writes; its init operand is not read.
        if (isa<linalg::FillOp>(op) && linalgOp.isDpsInput(&operand))
          continue;
        Access acc{op, double(getTensorBytes(operand.get())), loops, {}, copy};
        acc.deps = getLoopDeps(operand.get());
        a.accesses.push_back(std::move(acc));
      }
    }
  });
  return a;
}

/// Whether `loop` is `inner` or encloses it.
bool isAncestorOrSelf(Operation *loop, Operation *inner) {
  return loop == inner || loop->isProperAncestor(inner);
}

} // namespace

//===----------------------------------------------------------------------===//
// Features
//===----------------------------------------------------------------------===//

ArrayRef<std::string> mlir::tuner::getFeatureNames() {
  static const std::vector<std::string> names = buildFeatureNames();
  return names;
}

unsigned mlir::tuner::getNumFeatures() { return getFeatureNames().size(); }

/// The bytes of the A and B panels (block rows of A, block columns of B,
/// the whole K) that the first wave of `waveBlocks` blocks of `loop` (a
/// grid of R x C block tiles) reads: in launch order about ceil(W / C) rows
/// and min(W, C) columns; rasterized in groups of G rows (rasterizeBlocks),
/// at least min(G, R) rows and ceil(W / G) columns. What stays in L2 for
/// the blocks after it.
static double getWavePanelBytes(scf::ForallOp loop, const TensorCoreBlock &tc,
                                double waveBlocks) {
  ArrayRef<int64_t> grid = loop.getStaticUpperBound();
  if (grid.size() != 2 || llvm::any_of(grid, ShapedType::isDynamic) ||
      waveBlocks < 1)
    return 0;
  double r = grid[0], c = grid[1];
  auto raster = loop->getAttrOfType<IntegerAttr>(kBlockRasterAttrName);
  double g = std::min(r, raster ? double(raster.getInt()) : 1.0);
  double rows = std::min(r, std::max(g, std::ceil(waveBlocks / c)));
  double columns = std::min(c, std::ceil(waveBlocks / g));
  return (rows * tc.bm + columns * tc.bn) * double(tc.k) * tc.elementBytes;
}

/// The features of a tensor-core kernel (zeros for other schedules): 1 for
/// mma.sync, 2 for wgmma; its warp (warpgroup) tile, K tile and stages;
/// ldmatrix per mma.sync (how often a warp reuses a fragment; 0 for wgmma);
/// bytes copied from global memory per flop (the block tile's reuse); bytes
/// in flight per SM (stages - 1 K tiles of each block resident at once:
/// what hides the memory latency); barriers per block; the panels of A and
/// B the first wave of blocks reads (getWavePanelBytes).
static void pushTensorCoreFeatures(FeatureVector &f, FunctionOpInterface func,
                                   sched::TargetAttr target,
                                   const GPULaunchShape &launch) {
  auto push = [&](double v) { f.push_back(static_cast<float>(v)); };
  scf::ForallOp blockLoop = target.isCUDA() ? findBlockLoop(func) : nullptr;
  std::optional<TensorCoreBlock> tc =
      blockLoop ? getTensorCoreBlock(blockLoop) : std::nullopt;
  if (!tc) {
    for (int i = 0; i < 10; ++i)
      push(0);
    return;
  }
  double resident = launch.threadsPerBlock > 0
                        ? launch.occupancy * 2048 / launch.threadsPerBlock
                        : 0;
  double tileBytes = double(tc->bm + tc->bn) * tc->tileK * tc->elementBytes;
  push(tc->wgmma ? 2 : 1);
  push(log2p(tc->warpRows));
  push(log2p(tc->warpCols));
  push(log2p(tc->tileK));
  push(tc->stages);
  push(tc->loadsPerMma);
  push(double(tc->bm + tc->bn) * tc->elementBytes /
       (2.0 * double(tc->bm) * double(tc->bn)));
  push(log2p((tc->stages - 1) * tileBytes * resident));
  push(log2p(double(tc->k) / tc->tileK));
  push(log2p(getWavePanelBytes(blockLoop, *tc, resident * target.getSms())));
}

/// The split-K features: the slices of K of the block loop marked
/// kSplitKAttrName (log2p), and the bytes of the partial products it
/// writes and the second kernel reads back (log2p); zeros without one.
static void pushSplitKFeatures(FeatureVector &f, FunctionOpInterface func) {
  double slices = 0, partialBytes = 0;
  func->walk([&](scf::ForallOp forall) {
    auto split = forall->getAttrOfType<IntegerAttr>(kSplitKAttrName);
    if (!split || slices > 0)
      return;
    slices = split.getInt();
    for (Value out : forall.getOutputs())
      if (auto type = dyn_cast<ShapedType>(out.getType());
          type && type.hasStaticShape())
        partialBytes += 2.0 * type.getNumElements() *
                        llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  });
  f.push_back(static_cast<float>(log2p(slices)));
  f.push_back(static_cast<float>(log2p(partialBytes)));
}

FeatureVector mlir::tuner::extractFeatures(FunctionOpInterface func,
                                           TargetAttr target,
                                           const SketchInstance &sketch,
                                           ArrayRef<unsigned> choice,
                                           int64_t taskFlops) {
  Analysis a = analyze(func);
  FeatureVector f;
  f.reserve(getNumFeatures());
  auto push = [&](double v) { f.push_back(static_cast<float>(v)); };

  // Whole function.
  double totalFlops = 0, vectorFlops = 0, scalarFlops = 0;
  for (const Compute &c : a.computes) {
    double work = c.flops * c.outerProduct;
    totalFlops += work;
    (c.vector ? vectorFlops : scalarFlops) += work;
  }
  double copyBytes = 0, traffic = 0;
  for (const Access &acc : a.accesses) {
    double moved = acc.bytes * outerProduct(acc.loops);
    traffic += moved;
    if (acc.isCopy)
      copyBytes += moved;
  }
  push(log2p(totalFlops));
  push(totalFlops > 0 ? vectorFlops / totalFlops : 0);
  push(log2p(scalarFlops));
  push(taskFlops > 0 ? totalFlops / double(taskFlops) : 0);
  push(log2p(a.numOps));
  push(log2p(a.numVectorOps));
  push(log2p(a.numLinalgOps));
  push(log2p(copyBytes));
  push(log2p(traffic));
  push(totalFlops > 0 ? traffic / totalFlops : 0);

  // The hottest computation.
  const Compute *hot = nullptr;
  for (const Compute &c : a.computes)
    if (!hot || c.flops * c.outerProduct > hot->flops * hot->outerProduct)
      hot = &c;
  Operation *innermost =
      hot && !hot->loops.empty() ? hot->loops.front() : nullptr;
  double perIteration = 0, opsPerIteration = 0;
  if (hot) {
    // Everything computed in the body of the innermost loop (register tile
    // times unroll factor).
    for (const Compute &c : a.computes) {
      Operation *cInner = c.loops.empty() ? nullptr : c.loops.front();
      if (cInner == innermost && c.vector == hot->vector) {
        perIteration += c.flops;
        opsPerIteration += 1;
      }
    }
  }
  int64_t serial = 0;
  double parallel = 1;
  if (hot)
    for (Operation *l : hot->loops) {
      if (isa<scf::ForallOp>(l))
        parallel *= getTripCount(l);
      else
        ++serial;
    }
  int64_t cores = std::max<int64_t>(1, target.getCores());
  double waves = std::ceil(parallel / cores);
  push(hot && totalFlops > 0 ? hot->flops * hot->outerProduct / totalFlops : 0);
  push(log2p(hot ? hot->lanes : 0));
  push(log2p(perIteration));
  push(log2p(opsPerIteration));
  push(hot ? double(hot->loops.size()) : 0);
  push(double(serial));
  push(log2p(innermost ? getTripCount(innermost) : 0));
  push(log2p(parallel));
  push(log2p(parallel / cores));
  push(waves > 0 ? (parallel / cores) / waves : 0);

  // Memory per loop level around the hottest computation: level 1 is its
  // innermost loop, level 2 the next one out, and so on.
  double l1 = target.getL1() > 0 ? target.getL1() : 32768;
  double l2 = target.getL2() > 0 ? target.getL2() : 1048576;
  for (unsigned level = 1; level <= kFeatureLoopLevels; ++level) {
    Operation *loop =
        hot && level <= hot->loops.size() ? hot->loops[level - 1] : nullptr;
    if (!loop) {
      for (int i = 0; i < 7; ++i)
        push(0);
      continue;
    }
    double footprint = 0, levelTraffic = 0, levelFlops = 0;
    for (const Access &acc : a.accesses) {
      if (!isAncestorOrSelf(loop, acc.op))
        continue;
      double unique = acc.bytes, moved = acc.bytes;
      for (Operation *l : acc.loops) {
        if (!isAncestorOrSelf(loop, l))
          break;
        double trip = getTripCount(l);
        moved *= trip;
        if (acc.deps.contains(l))
          unique *= trip;
      }
      footprint += unique;
      levelTraffic += moved;
    }
    for (const Compute &c : a.computes) {
      if (!isAncestorOrSelf(loop, c.op))
        continue;
      double work = c.flops;
      for (Operation *l : c.loops) {
        if (!isAncestorOrSelf(loop, l))
          break;
        work *= getTripCount(l);
      }
      levelFlops += work;
    }
    push(log2p(getTripCount(loop)));
    push(log2p(footprint));
    push(log2p(levelTraffic));
    push(footprint > 0 ? log2p(levelTraffic / footprint) : 0);
    push(footprint > 0 ? log2p(levelFlops / footprint) : 0);
    push(log2p(footprint / l1));
    push(log2p(footprint / l2));
  }

  // The sketch and its knobs.
  bool known = false;
  for (StringRef s : kSketchSlots) {
    bool is = sketch.getName() == s;
    known |= is;
    push(is ? 1 : 0);
  }
  push(known ? 0 : 1);
  ArrayRef<Knob> knobs = sketch.getKnobs();
  for (unsigned k = 0; k < kFeatureKnobSlots; ++k) {
    if (k >= knobs.size() || k >= choice.size()) {
      push(0);
      continue;
    }
    const Knob &knob = knobs[k];
    if (isa<IntegerAttr>(knob.options[choice[k]]))
      push(log2p(knob.getInt(choice[k])));
    else
      push(choice[k] + 1);
  }
  push(log2p(target.getCores()));
  push(log2p(target.getVectorBits()));

  GPULaunchShape launch = getGPULaunchShape(func, target);
  push(log2p(launch.threadsPerBlock));
  push(log2p(launch.blocks));
  push(log2p(launch.sharedBytes));
  push(launch.occupancy);
  push(launch.waves);
  push(log2p(target.getSms()));
  push(log2p(launch.registersPerThread));
  push(0); // spill bytes: none known before ptxas
  push(0); // estimated
  pushTensorCoreFeatures(f, func, target, launch);
  pushSplitKFeatures(f, func);
  assert(f.size() == getNumFeatures() && "feature count mismatch");
  return f;
}

void mlir::tuner::applyMeasuredResources(FeatureVector &f,
                                         sched::TargetAttr target,
                                         const cuda::KernelResources &r) {
  if (f.size() != getNumFeatures() || !target.isCUDA())
    return;
  auto index = [](StringRef name) {
    return llvm::find(getFeatureNames(), name) - getFeatureNames().begin();
  };
  auto set = [&](StringRef name, double v) {
    f[index(name)] = static_cast<float>(v);
  };
  set("gpu_registers_per_thread", log2p(r.registers));
  set("gpu_spill_bytes", log2p(r.getSpillBytes()));
  set("gpu_resources_measured", 1);
  // The occupancy and waves again, with the real registers, threads and
  // shared memory.
  if (r.threadsPerBlock <= 0)
    return;
  double threads = r.threadsPerBlock;
  // ptxas counts static shared memory only: a tensor-core kernel's dynamic
  // shared memory stays the estimate's.
  double shared = std::max(double(r.sharedBytes),
                           std::exp2(double(f[index("gpu_shared_bytes")])) - 1);
  double resident = getResidentBlocks(target, threads, r.registers, shared);
  set("gpu_shared_bytes", log2p(shared));
  set("gpu_occupancy", resident * threads / 2048.0);
  // gpu_blocks holds log2p(blocks): recover the count.
  double blocks = std::exp2(f[index("gpu_blocks")]) - 1;
  if (resident > 0 && target.getSms() > 0)
    set("gpu_waves", blocks / (resident * double(target.getSms())));
}

FeatureVector mlir::tuner::featurizeConfig(ModuleOp taskModule,
                                           TargetAttr target, ConfigAttr config,
                                           std::string &error) {
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(taskModule->clone()));
  Operation *anchor = findTaskAnchor(*copy);
  auto linalgOp = dyn_cast_or_null<linalg::LinalgOp>(anchor);
  if (!linalgOp) {
    error = "the task module has no anchor op";
    return {};
  }
  int64_t taskFlops = 0;
  if (auto task = anchor->getAttrOfType<TaskAttr>(SchedDialect::kTaskAttrName))
    taskFlops = task.getFlops();
  FusedGroup group = buildFusedGroup(linalgOp);
  FailureOr<std::unique_ptr<SketchInstance>> instance =
      instantiateSketch(config.getSketch(), group, target, error);
  if (failed(instance))
    return {};
  FailureOr<KnobChoice> choice = (*instance)->fromConfig(config, error);
  if (failed(choice))
    return {};
  auto func = anchor->getParentOfType<FunctionOpInterface>();
  if (failed(applySketch(**instance, *choice, anchor, error)))
    return {};
  return extractFeatures(func, target, **instance, *choice, taskFlops);
}

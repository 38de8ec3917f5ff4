//===- GPUDeviceMemory.cpp - the buffers of a CUDA module in device memory ===//
//
// After tuner-gpu-map-forall, host code reaches buffers three ways: the
// entry's arguments (the caller's memory), `memref.alloc` (results and
// temporaries between launches) and `memref.get_global` (constants: weights,
// splats, folded transposes). The first two would be host `malloc` and the
// last a global of the JIT-compiled host module: a kernel reading either
// faults ("Invalid __global__ read", every model with constant weights did on
// an H100). This pass gives every buffer a kernel reads memory the device
// reaches, device memory unless host code touches it too (see the pass
// description), and reports the host ops that touch buffer data.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Transforms/Passes.h"

#include "GPUCopyKernel.h"
#include "GPURuntimeCalls.h"

#include "mlir/Conversion/LLVMCommon/MemRefBuilder.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <array>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERGPUDEVICEMEMORY
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;

/// The alignment of the buffers the runtime allocates (cuMemAlloc: 256).
static constexpr int32_t kRuntimeBufferAlignment = 256;

//===----------------------------------------------------------------------===//
// Who touches a buffer
//===----------------------------------------------------------------------===//

namespace {
/// How a buffer (one allocation, global or argument, through all its views)
/// is used.
struct BufferUses {
  /// Read or written inside a gpu.launch.
  bool inKernel = false;
  /// Its data read or written by host code.
  bool onHost = false;
  /// Returned by its function.
  bool returned = false;
  /// Handed to code this pass cannot follow (a call, a loop or branch that
  /// carries it, a store of the buffer itself, its address as an integer).
  bool escapes = false;

  /// Whether host code may read or write it.
  bool needsHostAccess() const { return onHost || escapes; }
};
} // namespace

/// The buffer `op` takes a view of (ViewLikeOpInterface, and
/// memref.transpose, which does not implement it), or null.
static Value getViewSource(Operation *op) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(op))
    return view.getViewSource();
  if (auto transpose = dyn_cast<memref::TransposeOp>(op))
    return transpose.getIn();
  return Value();
}

/// Whether `op` only looks at a buffer's shape or releases it.
static bool isMetadataOnly(Operation *op) {
  return isa<memref::DimOp, memref::DeallocOp, gpu::DeallocOp,
             memref::ExtractStridedMetadataOp>(op);
}

/// A host copy the device can make (mgpuTunerCopy2D, or mgpuTunerCopy3D
/// with several planes): `planes` planes, `srcPlanePitch` /
/// `dstPlanePitch` bytes apart, of `rows` rows of `rowBytes` contiguous
/// bytes, `srcPitch` / `dstPitch` bytes apart.
struct CopyPlan {
  int64_t rows = 1, rowBytes = 0, srcPitch = 0, dstPitch = 0;
  int64_t planes = 1, srcPlanePitch = 0, dstPlanePitch = 0;
};

/// The count and the element strides of dimensions [begin, end) of
/// `sizes` collapsed into one index, if they collapse in both buffers.
static std::optional<std::array<int64_t, 3>>
collapseDims(ArrayRef<int64_t> sizes, ArrayRef<int64_t> ss,
             ArrayRef<int64_t> ds, int64_t begin, int64_t end) {
  int64_t count = 1;
  for (int64_t i = begin; i + 1 < end; ++i)
    if (ss[i] != ss[i + 1] * sizes[i + 1] || ds[i] != ds[i + 1] * sizes[i + 1])
      return std::nullopt;
  for (int64_t i = begin; i < end; ++i)
    count *= sizes[i];
  return std::array<int64_t, 3>{count, ss[end - 1], ds[end - 1]};
}

/// The bytes an element of `type` takes in memory: also for vector and
/// index elements (a program's `memref<vector<1x2x2x8xf32>>`, as upstream's
/// vector lowering writes them), by the default data layout.
static int64_t getElementBytes(MemRefType type) {
  return DataLayout().getTypeSize(type.getElementType());
}

/// The copy of `src` into `dst` as planes of rows of contiguous bytes, when
/// both have the same static shape and element type and static strides, and
/// their dimensions (those of size 1 aside) are contiguous but for one row
/// stride and one plane stride each: whole buffers, reshaped results, a
/// pad's interior (of a 2-D image, or of several channels).
static std::optional<CopyPlan> getCopyPlan(MemRefType src, MemRefType dst) {
  if (src.getShape() != dst.getShape() || !src.hasStaticShape() ||
      src.getElementType() != dst.getElementType() ||
      !src.getElementType().isIntOrFloat())
    return std::nullopt;
  SmallVector<int64_t> srcStrides, dstStrides, sizes, ss, ds;
  int64_t offset;
  if (failed(src.getStridesAndOffset(srcStrides, offset)) ||
      failed(dst.getStridesAndOffset(dstStrides, offset)))
    return std::nullopt;
  for (auto [size, s, d] : llvm::zip(src.getShape(), srcStrides, dstStrides)) {
    if (size == 1)
      continue;
    if (ShapedType::isDynamic(s) || ShapedType::isDynamic(d))
      return std::nullopt;
    sizes.push_back(size);
    ss.push_back(s);
    ds.push_back(d);
  }
  // The innermost dimensions contiguous in both make a row.
  int64_t rowElements = 1, k = sizes.size();
  while (k > 0 && ss[k - 1] == rowElements && ds[k - 1] == rowElements)
    rowElements *= sizes[--k];
  CopyPlan plan;
  int64_t bytes = getElementBytes(src);
  plan.rowBytes = rowElements * bytes;
  plan.srcPitch = plan.dstPitch = plan.rowBytes;
  if (k == 0)
    return plan;
  // The outer ones: as many as collapse into one row index in both, the
  // others into one plane index.
  int64_t split = k - 1;
  while (split > 0 && collapseDims(sizes, ss, ds, split - 1, k))
    --split;
  std::optional<std::array<int64_t, 3>> rows =
      collapseDims(sizes, ss, ds, split, k);
  plan.rows = (*rows)[0];
  plan.srcPitch = (*rows)[1] * bytes;
  plan.dstPitch = (*rows)[2] * bytes;
  if (plan.srcPitch < plan.rowBytes || plan.dstPitch < plan.rowBytes)
    return std::nullopt;
  // Planes of rows of single elements (a transposition) are not worth it.
  if (split == 0)
    return plan;
  if (k == static_cast<int64_t>(sizes.size()))
    return std::nullopt;
  std::optional<std::array<int64_t, 3>> planes =
      collapseDims(sizes, ss, ds, 0, split);
  if (!planes)
    return std::nullopt;
  plan.planes = (*planes)[0];
  plan.srcPlanePitch = (*planes)[1] * bytes;
  plan.dstPlanePitch = (*planes)[2] * bytes;
  // Planes of the destination must not overlap.
  if (plan.dstPlanePitch < plan.rows * plan.dstPitch)
    return std::nullopt;
  return plan;
}

/// The source and target of a host copy op (memref.copy, linalg.copy on
/// buffers), or nullopt for any other op.
static std::optional<std::pair<Value, Value>> getCopyOperands(Operation *op) {
  if (auto copy = dyn_cast<memref::CopyOp>(op))
    return std::make_pair(copy.getSource(), copy.getTarget());
  auto copy = dyn_cast<linalg::CopyOp>(op);
  if (!copy || !copy.hasPureBufferSemantics())
    return std::nullopt;
  return std::make_pair(copy.getInputs()[0], copy.getOutputs()[0]);
}

/// The plan of `op` when it is a host copy the device can make.
static std::optional<CopyPlan> getDeviceCopyPlan(Operation *op) {
  std::optional<std::pair<Value, Value>> operands = getCopyOperands(op);
  if (!operands)
    return std::nullopt;
  auto src = dyn_cast<MemRefType>(operands->first.getType());
  auto dst = dyn_cast<MemRefType>(operands->second.getType());
  if (!src || !dst || src.getMemorySpace() || dst.getMemorySpace())
    return std::nullopt;
  return getCopyPlan(src, dst);
}

/// Follows `root` through view ops and classifies every use.
static BufferUses analyzeUses(Value root) {
  BufferUses uses;
  SmallVector<Value> worklist = {root};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (OpOperand &operand : value.getUses()) {
      Operation *user = operand.getOwner();
      // Kernels, the copies that become device copies, and the TMA
      // descriptors kernels read the buffer through.
      if (user->getParentOfType<gpu::LaunchOp>() || getDeviceCopyPlan(user) ||
          isa<nvgpu::TmaCreateDescriptorOp>(user)) {
        uses.inKernel = true;
        continue;
      }
      if (getViewSource(user) == value) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
        continue;
      }
      if (isMetadataOnly(user))
        continue;
      if (user->hasTrait<OpTrait::ReturnLike>() &&
          isa<FunctionOpInterface>(user->getParentOp())) {
        uses.returned = true;
        continue;
      }
      // Ops that read or write the data: linalg ops, loads and stores,
      // transfers, copies. Anything that carries the buffer elsewhere
      // (scf.yield, calls, memref.store of the buffer, its address taken)
      // may also lead to host accesses.
      bool carries =
          user->hasTrait<OpTrait::ReturnLike>() ||
          isa<CallOpInterface, memref::ExtractAlignedPointerAsIndexOp>(user) ||
          user->getNumRegions() > 0;
      if (auto store = dyn_cast<memref::StoreOp>(user))
        carries |= store.getValueToStore() == value;
      uses.escapes |= carries;
      uses.onHost = true;
    }
  }
  return uses;
}

/// Whether `op` is host code (not inside a kernel).
static bool isOnHost(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>();
}

/// Whether `type` lives in the host's default memory space.
static bool isInDefaultMemorySpace(MemRefType type) {
  return !type.getMemorySpace();
}

//===----------------------------------------------------------------------===//
// Module buffers
//===----------------------------------------------------------------------===//

namespace {
/// Creates the module-lifetime buffers: one null-initialized pointer global
/// (a slot) per buffer, a call to the runtime where the buffer is needed,
/// and a destructor freeing them all.
class ModuleBufferBuilder {
public:
  explicit ModuleBufferBuilder(ModuleOp module)
      : module(module), symbols(module), converter(module.getContext()) {}

  /// A new slot global named after `hint`.
  LLVM::GlobalOp createSlot(StringRef hint);

  /// At `b`'s insertion point: the buffer of `slot`, of `type` (static
  /// shape, identity layout), allocated on first use in device (or managed)
  /// memory and filled from `init` (a host memref of the same type) when
  /// given.
  Value getBuffer(OpBuilder &b, Location loc, LLVM::GlobalOp slot,
                  MemRefType type, Value init, bool managed);

  /// At `b`'s insertion point: a buffer of `type` (static shape, identity
  /// layout) of managed memory for the current call of `func`, freed when
  /// it returns (releaseCallBuffers).
  Value getCallBuffer(OpBuilder &b, Location loc, MemRefType type,
                      FunctionOpInterface func);

  /// Takes a mark at the start of every function that got call buffers and
  /// releases it before each of its returns.
  void releaseCallBuffers();

  /// The bytes of `type` (static shape) as an i64 constant.
  Value getByteSize(OpBuilder &b, Location loc, MemRefType type);

  /// The runtime's buffer `memory` (an !llvm.ptr) as a memref of `type`,
  /// aligned as the driver's allocations are.
  Value wrapRuntimeBuffer(OpBuilder &b, Location loc, MemRefType type,
                          Value memory);

  /// Adds the destructor freeing every slot created (and the runtime's pool
  /// of call buffers, when a function took some).
  void finalize();

  /// The declaration of the runtime function `name`, added if missing.
  LLVM::LLVMFuncOp getOrCreateFunction(StringRef name, Type result,
                                       ArrayRef<Type> args);

private:
  ModuleOp module;
  SymbolTable symbols;
  LLVMTypeConverter converter;
  SmallVector<LLVM::GlobalOp> slots;
  llvm::SetVector<Operation *> callBufferFuncs;
};
} // namespace

LLVM::LLVMFuncOp ModuleBufferBuilder::getOrCreateFunction(StringRef name,
                                                          Type result,
                                                          ArrayRef<Type> args) {
  if (auto fn = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
    return fn;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  return LLVM::LLVMFuncOp::create(b, module.getLoc(), name,
                                  LLVM::LLVMFunctionType::get(result, args));
}

LLVM::GlobalOp ModuleBufferBuilder::createSlot(StringRef hint) {
  MLIRContext *ctx = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto slot = LLVM::GlobalOp::create(
      b, module.getLoc(), ptr, /*isConstant=*/false, LLVM::Linkage::Internal,
      ("__tuner_buffer_" + hint).str(), /*value=*/Attribute());
  Block *init = b.createBlock(&slot.getInitializerRegion());
  b.setInsertionPointToStart(init);
  Value null = LLVM::ZeroOp::create(b, module.getLoc(), ptr);
  LLVM::ReturnOp::create(b, module.getLoc(), null);
  symbols.insert(slot); // renames it if the name is taken
  slots.push_back(slot);
  return slot;
}

Value ModuleBufferBuilder::getBuffer(OpBuilder &b, Location loc,
                                     LLVM::GlobalOp slot, MemRefType type,
                                     Value init, bool managed) {
  MLIRContext *ctx = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i64 = b.getI64Type(), i32 = b.getI32Type();
  LLVM::LLVMFuncOp fn =
      getOrCreateFunction(kModuleBufferFn, ptr, {ptr, ptr, i64, i32});
  Value slotAddress = LLVM::AddressOfOp::create(b, loc, slot);
  Value initAddress;
  if (init) {
    Value index = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, init);
    Value integer = arith::IndexCastOp::create(b, loc, i64, index);
    initAddress = LLVM::IntToPtrOp::create(b, loc, ptr, integer);
  } else {
    initAddress = LLVM::ZeroOp::create(b, loc, ptr);
  }
  Value bytes = getByteSize(b, loc, type);
  Value isManaged =
      LLVM::ConstantOp::create(b, loc, i32, b.getI32IntegerAttr(managed));
  Value memory =
      LLVM::CallOp::create(
          b, loc, fn, ValueRange{slotAddress, initAddress, bytes, isManaged})
          .getResult();
  return wrapRuntimeBuffer(b, loc, type, memory);
}

Value ModuleBufferBuilder::getByteSize(OpBuilder &b, Location loc,
                                       MemRefType type) {
  return LLVM::ConstantOp::create(
      b, loc, b.getI64Type(),
      b.getI64IntegerAttr(type.getNumElements() * getElementBytes(type)));
}

Value ModuleBufferBuilder::wrapRuntimeBuffer(OpBuilder &b, Location loc,
                                             MemRefType type, Value memory) {
  Value descriptor =
      MemRefDescriptor::fromStaticShape(b, loc, converter, type, memory);
  Value buffer =
      UnrealizedConversionCastOp::create(b, loc, type, descriptor).getResult(0);
  // The runtime's buffers come from cuMemAlloc or cuMemAllocManaged:
  // tuner-gpu-vector-alignment reads this to prove kernels' vector accesses
  // aligned.
  return memref::AssumeAlignmentOp::create(b, loc, buffer,
                                           kRuntimeBufferAlignment);
}

Value ModuleBufferBuilder::getCallBuffer(OpBuilder &b, Location loc,
                                         MemRefType type,
                                         FunctionOpInterface func) {
  auto ptr = LLVM::LLVMPointerType::get(b.getContext());
  auto i64 = b.getI64Type();
  LLVM::LLVMFuncOp fn = getOrCreateFunction(kCallBufferFn, ptr, {i64});
  Value memory =
      LLVM::CallOp::create(b, loc, fn, getByteSize(b, loc, type)).getResult();
  callBufferFuncs.insert(func);
  return wrapRuntimeBuffer(b, loc, type, memory);
}

void ModuleBufferBuilder::releaseCallBuffers() {
  MLIRContext *ctx = module.getContext();
  auto i64 = IntegerType::get(ctx, 64);
  for (Operation *op : callBufferFuncs) {
    auto func = cast<FunctionOpInterface>(op);
    LLVM::LLVMFuncOp markFn = getOrCreateFunction(kCallMarkFn, i64, {});
    LLVM::LLVMFuncOp releaseFn = getOrCreateFunction(
        kCallReleaseFn, LLVM::LLVMVoidType::get(ctx), {i64});
    Region &body = func.getFunctionBody();
    OpBuilder b = OpBuilder::atBlockBegin(&body.front());
    Value mark = LLVM::CallOp::create(b, func.getLoc(), markFn, ValueRange())
                     .getResult();
    for (Block &block : body)
      if (block.mightHaveTerminator() &&
          block.getTerminator()->hasTrait<OpTrait::ReturnLike>()) {
        b.setInsertionPoint(block.getTerminator());
        LLVM::CallOp::create(b, block.getTerminator()->getLoc(), releaseFn,
                             mark);
      }
  }
}

void ModuleBufferBuilder::finalize() {
  if (slots.empty() && callBufferFuncs.empty())
    return;
  MLIRContext *ctx = module.getContext();
  Location loc = module.getLoc();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  LLVM::LLVMFuncOp freeFn = getOrCreateFunction(
      kModuleBufferFreeFn, LLVM::LLVMVoidType::get(ctx), {ptr});
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto dtor = LLVM::LLVMFuncOp::create(
      b, loc, "__tuner_free_buffers",
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx), {}),
      LLVM::Linkage::Internal);
  symbols.insert(dtor);
  b.setInsertionPointToStart(dtor.addEntryBlock(b));
  for (LLVM::GlobalOp slot : slots) {
    Value address = LLVM::AddressOfOp::create(b, loc, slot);
    LLVM::CallOp::create(b, loc, freeFn, ValueRange{address});
  }
  if (!callBufferFuncs.empty())
    LLVM::CallOp::create(b, loc,
                         getOrCreateFunction(kCallBufferPoolFreeFn,
                                             LLVM::LLVMVoidType::get(ctx), {}),
                         ValueRange());
  LLVM::ReturnOp::create(b, loc, ValueRange());

  // One llvm.mlir.global_dtors per module: join an existing one.
  SmallVector<Attribute> dtors, priorities, data;
  for (auto existing :
       llvm::make_early_inc_range(module.getOps<LLVM::GlobalDtorsOp>())) {
    llvm::append_range(dtors, existing.getDtors());
    llvm::append_range(priorities, existing.getPriorities());
    llvm::append_range(data, existing.getData());
    existing.erase();
  }
  dtors.push_back(FlatSymbolRefAttr::get(dtor));
  priorities.push_back(b.getI32IntegerAttr(0));
  data.push_back(LLVM::ZeroAttr::get(ctx));
  b.setInsertionPointToEnd(module.getBody());
  LLVM::GlobalDtorsOp::create(b, loc, b.getArrayAttr(dtors),
                              b.getArrayAttr(priorities), b.getArrayAttr(data));
}

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// Globals read or written by kernels get a device copy (managed where host
/// code reads them too), one per global, uploaded on the first call. Every
/// host access of such a global goes to the copy: a mutable global (the
/// accumulator a program keeps in `memref.global "private" @C`) keeps its
/// value from call to call, there.
static LogicalResult moveGlobalsToDevice(ModuleOp module,
                                         ModuleBufferBuilder &buffers) {
  llvm::MapVector<StringRef, SmallVector<memref::GetGlobalOp>> byGlobal;
  module.walk([&](memref::GetGlobalOp get) {
    if (isOnHost(get) && isInDefaultMemorySpace(get.getType()))
      byGlobal[get.getName()].push_back(get);
  });
  for (auto &[name, gets] : byGlobal) {
    bool inKernel = false, hostAccess = false;
    for (memref::GetGlobalOp get : gets) {
      BufferUses uses = analyzeUses(get.getResult());
      inKernel |= uses.inKernel;
      hostAccess |= uses.needsHostAccess() || uses.returned;
    }
    if (!inKernel)
      continue;
    auto global = module.lookupSymbol<memref::GlobalOp>(name);
    if (!global || global.isExternal() || !global.getType().hasStaticShape()) {
      return gets.front().emitError()
             << "a kernel reads the host global @" << name
             << ", which is external or of dynamic shape: it cannot be "
                "copied to the device";
    }
    LLVM::GlobalOp slot = buffers.createSlot(name);
    for (memref::GetGlobalOp get : gets) {
      llvm::SmallPtrSet<Operation *, 8> users(llvm::from_range,
                                              get->getUsers());
      OpBuilder b(get->getBlock(), std::next(get->getIterator()));
      Value device = buffers.getBuffer(b, get.getLoc(), slot, get.getType(),
                                       get.getResult(), hostAccess);
      // The host global stays the source of the copy only.
      get.getResult().replaceUsesWithIf(device, [&](OpOperand &use) {
        return users.contains(use.getOwner());
      });
    }
  }
  return success();
}

/// Whether the buffers `func` allocates per call may be freed when it
/// returns: none of them can be among its results (it returns no memref).
static bool mayReleaseOnReturn(FunctionOpInterface func) {
  return func &&
         llvm::none_of(func.getResultTypes(), llvm::IsaPred<BaseMemRefType>);
}

/// Host allocations: a static buffer allocated at the top of its function
/// and not returned lives as long as the module (allocated once, reused by
/// every call), in device memory unless host code touches it; any other
/// allocation is managed memory of its own, per call: of static shape in a
/// function that returns no memref (allocations in loops and branches, with
/// out-parameters), freed when the call returns; otherwise never freed

/// Erases the deallocations of `buffer` and of what aliases it (views,
/// casts, the base buffer memref.extract_strided_metadata returns, as a
/// program deallocating a callee's result after inlining writes it): the
/// device buffer that replaces it is freed by the runtime, and a host
/// free() of it is an invalid free.
static void eraseDeallocations(Value buffer) {
  SmallVector<Value> worklist = {buffer};
  DenseSet<Value> seen;
  SetVector<Operation *> deallocs;
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    if (!seen.insert(value).second)
      continue;
    for (Operation *user : value.getUsers()) {
      if (isa<memref::DeallocOp>(user)) {
        deallocs.insert(user);
      } else if (auto metadata =
                     dyn_cast<memref::ExtractStridedMetadataOp>(user)) {
        worklist.push_back(metadata.getBaseBuffer());
      } else if (isa<ViewLikeOpInterface, memref::CastOp>(user)) {
        for (Value result : user->getResults())
          if (isa<BaseMemRefType>(result.getType()))
            worklist.push_back(result);
      }
    }
  }
  for (Operation *dealloc : deallocs)
    dealloc->erase();
}

/// (dynamic shapes, returned buffers).
static LogicalResult moveAllocationsToDevice(ModuleOp module,
                                             ModuleBufferBuilder &buffers) {
  SmallVector<Operation *> allocs;
  module.walk([&](Operation *op) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op) && isOnHost(op) &&
        isInDefaultMemorySpace(cast<MemRefType>(op->getResult(0).getType())))
      allocs.push_back(op);
  });
  unsigned id = 0;
  for (Operation *alloc : allocs) {
    Value buffer = alloc->getResult(0);
    auto type = cast<MemRefType>(buffer.getType());
    BufferUses uses = analyzeUses(buffer);
    bool isAlloca = isa<memref::AllocaOp>(alloc);
    // Stack memory that only the host touches stays on the stack.
    if (isAlloca && !uses.inKernel)
      continue;
    OpBuilder b(alloc);
    bool moduleLifetime = isa<FunctionOpInterface>(alloc->getParentOp()) &&
                          type.hasStaticShape() &&
                          type.getLayout().isIdentity() && !uses.returned;
    if (!moduleLifetime && isAlloca)
      return alloc->emitError()
             << "a kernel reads a host stack buffer of type " << type
             << ", which cannot be moved to the device";
    Value replacement;
    if (moduleLifetime) {
      LLVM::GlobalOp slot = buffers.createSlot("temp" + std::to_string(id++));
      replacement = buffers.getBuffer(b, alloc->getLoc(), slot, type,
                                      /*init=*/Value(), uses.needsHostAccess());
    } else if (auto func = alloc->getParentOfType<FunctionOpInterface>();
               type.hasStaticShape() && type.getLayout().isIdentity() &&
               !uses.returned && mayReleaseOnReturn(func)) {
      replacement = buffers.getCallBuffer(b, alloc->getLoc(), type, func);
    } else {
      auto heap = cast<memref::AllocOp>(alloc);
      auto managed = gpu::AllocOp::create(
          b, alloc->getLoc(), type, /*asyncToken=*/Type(),
          /*asyncDependencies=*/ValueRange(), heap.getDynamicSizes(),
          heap.getSymbolOperands(), /*hostShared=*/true);
      replacement = managed.getMemref();
    }
    // Module buffers are freed with the module, call buffers by the call's
    // release; the other managed ones are not freed by this pipeline (no
    // deallocation runs).
    eraseDeallocations(buffer);
    buffer.replaceAllUsesWith(replacement);
    alloc->erase();
  }
  return success();
}

/// The address of the first element of `buffer` as an !llvm.ptr.
static Value getDataAddress(OpBuilder &b, Location loc, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  SmallVector<int64_t> strides;
  int64_t staticOffset = 0;
  (void)type.getStridesAndOffset(strides, staticOffset);
  Value base = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value offset =
      ShapedType::isDynamic(staticOffset)
          ? memref::ExtractStridedMetadataOp::create(b, loc, buffer).getOffset()
          : arith::ConstantIndexOp::create(b, loc, staticOffset).getResult();
  Value bytes = arith::MulIOp::create(
      b, loc, offset,
      arith::ConstantIndexOp::create(b, loc, getElementBytes(type)));
  Value address = arith::AddIOp::create(b, loc, base, bytes);
  Value integer = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), integer);
}

/// Host copies between buffers the device reaches become device copies
/// (mgpuTunerCopy2D, mgpuTunerCopy3D), so that neither buffer need be host
/// memory.
static void convertCopiesToDevice(ModuleOp module,
                                  ModuleBufferBuilder &buffers) {
  SmallVector<Operation *> copies;
  module.walk([&](Operation *op) {
    if (isOnHost(op) && getDeviceCopyPlan(op))
      copies.push_back(op);
  });
  MLIRContext *ctx = module.getContext();
  auto ptr = LLVM::LLVMPointerType::get(ctx);
  auto i64 = IntegerType::get(ctx, 64);
  for (Operation *copy : copies) {
    CopyPlan plan = *getDeviceCopyPlan(copy);
    auto [src, dst] = *getCopyOperands(copy);
    OpBuilder b(copy);
    Location loc = copy->getLoc();
    auto constant = [&](int64_t v) -> Value {
      return LLVM::ConstantOp::create(b, loc, i64, b.getI64IntegerAttr(v));
    };
    Value dstAddress = getDataAddress(b, loc, dst);
    Value srcAddress = getDataAddress(b, loc, src);
    if (plan.planes == 1) {
      LLVM::LLVMFuncOp fn =
          buffers.getOrCreateFunction(kCopyFn, LLVM::LLVMVoidType::get(ctx),
                                      {ptr, i64, ptr, i64, i64, i64});
      LLVM::CallOp::create(b, loc, fn,
                           ValueRange{dstAddress, constant(plan.dstPitch),
                                      srcAddress, constant(plan.srcPitch),
                                      constant(plan.rowBytes),
                                      constant(plan.rows)});
    } else {
      LLVM::LLVMFuncOp fn = buffers.getOrCreateFunction(
          kCopy3DFn, LLVM::LLVMVoidType::get(ctx),
          {ptr, i64, i64, ptr, i64, i64, i64, i64, i64});
      LLVM::CallOp::create(
          b, loc, fn,
          ValueRange{dstAddress, constant(plan.dstPitch),
                     constant(plan.dstPlanePitch), srcAddress,
                     constant(plan.srcPitch), constant(plan.srcPlanePitch),
                     constant(plan.rowBytes), constant(plan.rows),
                     constant(plan.planes)});
    }
    copy->erase();
  }
}

/// Host copies that no device copy can make (strided views: a strided
/// insertion, bufferization's copy of a strided slice) become copy kernels,
/// so that they run on the device and do not force their buffers into
/// managed memory; before, they were loops on the host.
static void convertCopiesToKernels(ModuleOp module) {
  SmallVector<Operation *> copies;
  module.walk([&](Operation *op) {
    std::optional<std::pair<Value, Value>> operands = getCopyOperands(op);
    if (operands && isOnHost(op) && !getDeviceCopyPlan(op) &&
        canBeCopyKernel(operands->first, operands->second))
      copies.push_back(op);
  });
  for (Operation *copy : copies) {
    auto [src, dst] = *getCopyOperands(copy);
    OpBuilder b(copy);
    buildCopyKernel(b, copy->getLoc(), src, dst);
    copy->erase();
  }
}

/// Host copies of no element (a static extent of 0) are dropped: neither
/// the device nor the host need touch their buffers.
static void eraseEmptyCopies(ModuleOp module) {
  SmallVector<Operation *> copies;
  module.walk([&](Operation *op) {
    std::optional<std::pair<Value, Value>> operands = getCopyOperands(op);
    if (operands && isOnHost(op) &&
        llvm::is_contained(
            cast<MemRefType>(operands->first.getType()).getShape(), 0))
      copies.push_back(op);
  });
  for (Operation *copy : copies)
    copy->erase();
}

/// The buffer a view of it is taken from, through every view op.
static Value getRootBuffer(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    Value source = getViewSource(def);
    if (!source)
      break;
    value = source;
  }
  return value;
}

/// Every buffer a launch reads from the host must now be device-reachable:
/// an error at the launch for a host global or a host allocation.
static LogicalResult verifyLaunchOperands(ModuleOp module) {
  WalkResult result = module.walk([&](gpu::LaunchOp launch) {
    llvm::SetVector<Value> captured;
    launch.getBody().walk([&](Operation *op) {
      for (Value operand : op->getOperands())
        if (isa<BaseMemRefType>(operand.getType()) &&
            !launch.getBody().isAncestor(operand.getParentRegion()))
          captured.insert(operand);
    });
    for (Value value : captured) {
      Operation *def = getRootBuffer(value).getDefiningOp();
      if (!isa_and_nonnull<memref::GetGlobalOp, memref::AllocOp,
                           memref::AllocaOp>(def))
        continue;
      if (!isInDefaultMemorySpace(
              cast<MemRefType>(def->getResult(0).getType())))
        continue;
      InFlightDiagnostic diag = launch.emitError()
                                << "a kernel reads host memory ("
                                << def->getName() << ")";
      diag.attachNote(def->getLoc()) << "allocated here";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Records which arguments of `func` host code touches (`host_args` in its
/// `tuner.kernel` attribute: indices into its arguments, the inputs then the
/// outputs with out-parameters), so that a runner allocates those in
/// memory the host reaches.
static void annotateHostArguments(FunctionOpInterface func) {
  SmallVector<int64_t> hostArgs;
  for (BlockArgument arg : func.getArguments())
    if (isa<BaseMemRefType>(arg.getType()) &&
        analyzeUses(arg).needsHostAccess())
      hostArgs.push_back(arg.getArgNumber());
  setKernelHostArgs(func, hostArgs);
}

/// Host ops of `func` that read or write buffer data (any op outside the
/// launches with a memref operand that is not a view, a metadata query, a
/// deallocation or the return).
static SmallVector<Operation *> getHostDataOps(FunctionOpInterface func) {
  SmallVector<Operation *> ops;
  func.walk([&](Operation *op) {
    if (!isOnHost(op) || isa<gpu::LaunchOp>(op) || getViewSource(op) ||
        isMetadataOnly(op) || op->hasTrait<OpTrait::ReturnLike>() ||
        isa<memref::ExtractAlignedPointerAsIndexOp,
            nvgpu::TmaCreateDescriptorOp>(op))
      return;
    if (llvm::any_of(op->getOperandTypes(), llvm::IsaPred<BaseMemRefType>))
      ops.push_back(op);
  });
  return ops;
}

/// The functions of the program (not the LLVM functions this pass adds).
static SmallVector<FunctionOpInterface> getProgramFunctions(ModuleOp module) {
  SmallVector<FunctionOpInterface> funcs;
  for (auto func : module.getOps<FunctionOpInterface>())
    if (!func.isExternal() && !isa<LLVM::LLVMFuncOp>(func))
      funcs.push_back(func);
  return funcs;
}

/// A remark per function: how many host ops touch buffer data, by name.
static void reportHostOps(ModuleOp module) {
  for (FunctionOpInterface func : getProgramFunctions(module)) {
    SmallVector<Operation *> ops = getHostDataOps(func);
    llvm::StringMap<unsigned> names;
    for (Operation *op : ops)
      ++names[op->getName().getStringRef()];
    InFlightDiagnostic remark =
        func.emitRemark() << "host ops touching tensor data: " << ops.size();
    SmallVector<StringRef> sorted(names.keys());
    llvm::sort(sorted);
    for (StringRef name : sorted)
      remark << " " << name << " x" << names[name];
  }
}

namespace {
struct TunerGPUDeviceMemoryPass
    : public tuner::impl::TunerGPUDeviceMemoryBase<TunerGPUDeviceMemoryPass> {
  using TunerGPUDeviceMemoryBase::TunerGPUDeviceMemoryBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    eraseEmptyCopies(module);
    convertCopiesToKernels(module);
    ModuleBufferBuilder buffers(module);
    if (failed(moveGlobalsToDevice(module, buffers)) ||
        failed(moveAllocationsToDevice(module, buffers)))
      return signalPassFailure();
    buffers.releaseCallBuffers();
    buffers.finalize();
    for (FunctionOpInterface func : getProgramFunctions(module))
      annotateHostArguments(func);
    if (failed(verifyLaunchOperands(module)))
      return signalPassFailure();
    convertCopiesToDevice(module, buffers);
    if (report)
      reportHostOps(module);
  }
};
} // namespace

//===- CPUExecutor.cpp - JIT-compile and run kernels on the CPU -----------===//

#include "Tuner/Tuner/Measure/CPUExecutor.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Runtime/FloatRuntime.h"
#include "Tuner/Tuner/Target/Target.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/DynamicLibrary.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>

using namespace mlir;
using namespace mlir::tuner;

//===----------------------------------------------------------------------===//
// Runtime functions the lowered code may call
//===----------------------------------------------------------------------===//

namespace {
/// The layout of an unranked memref argument (UnrankedMemRefType).
struct UnrankedMemRef {
  int64_t rank;
  int64_t *descriptor; // {allocated, aligned, offset, sizes[rank], strides[rank]}
};
} // namespace

/// memref.copy of non-contiguous memrefs lowers to a call of `memrefCopy`
/// (normally from libmlir_c_runner_utils.so). Providing it here keeps JIT
/// compiled kernels independent of that library.
extern "C" void tunerMemrefCopy(int64_t elementSize, UnrankedMemRef *src,
                                UnrankedMemRef *dst) {
  int64_t rank = src->rank;
  int64_t *s = src->descriptor, *d = dst->descriptor;
  char *srcBase = reinterpret_cast<char *>(s[1]) + s[2] * elementSize;
  char *dstBase = reinterpret_cast<char *>(d[1]) + d[2] * elementSize;
  if (rank == 0) {
    std::memcpy(dstBase, srcBase, elementSize);
    return;
  }
  const int64_t *sizes = s + 3;
  const int64_t *srcStrides = s + 3 + rank, *dstStrides = d + 3 + rank;
  for (int64_t i = 0; i < rank; ++i)
    if (sizes[i] == 0)
      return;
  // Copy whole rows when the innermost dimension is contiguous on both sides.
  int64_t rowElements = 1;
  int64_t outerRank = rank;
  if (srcStrides[rank - 1] == 1 && dstStrides[rank - 1] == 1) {
    rowElements = sizes[rank - 1];
    outerRank = rank - 1;
  }
  SmallVector<int64_t> index(rank, 0);
  while (true) {
    int64_t srcOffset = 0, dstOffset = 0;
    for (int64_t i = 0; i < outerRank; ++i) {
      srcOffset += index[i] * srcStrides[i];
      dstOffset += index[i] * dstStrides[i];
    }
    std::memcpy(dstBase + dstOffset * elementSize,
                srcBase + srcOffset * elementSize, rowElements * elementSize);
    if (outerRank == 0)
      return;
    int64_t dim = outerRank - 1;
    while (dim >= 0 && ++index[dim] == sizes[dim])
      index[dim--] = 0;
    if (dim < 0)
      return;
  }
}

//===----------------------------------------------------------------------===//
// Entry functions and buffers
//===----------------------------------------------------------------------===//

FailureOr<Operation *> mlir::tuner::findEntryFunction(ModuleOp module,
                                                      StringRef requested,
                                                      std::string &error) {
  SmallVector<Operation *> candidates;
  for (Operation &op : module.getBody()->getOperations()) {
    auto fn = dyn_cast<FunctionOpInterface>(&op);
    if (!fn || fn.isExternal())
      continue;
    if (!requested.empty()) {
      if (fn.getName() == requested)
        return &op;
      continue;
    }
    if (auto func = dyn_cast<func::FuncOp>(&op); func && func.isPrivate())
      continue;
    if (auto llvmFunc = dyn_cast<LLVM::LLVMFuncOp>(&op)) {
      if (llvmFunc.getLinkage() != LLVM::Linkage::External ||
          llvmFunc.getName().starts_with("_mlir_ciface_"))
        continue;
    }
    candidates.push_back(&op);
  }
  if (!requested.empty()) {
    error = "no function named '" + requested.str() + "' with a body";
    return failure();
  }
  // Helpers the lowering adds (the buffer deallocation's dealloc_helper)
  // are public in the LLVM dialect: prefer the functions that were kernels.
  if (candidates.size() > 1) {
    SmallVector<Operation *> kernels;
    for (Operation *op : candidates)
      if (op->hasAttr(kKernelAttrName))
        kernels.push_back(op);
    if (!kernels.empty())
      candidates = std::move(kernels);
  }
  if (candidates.size() != 1) {
    error = candidates.empty()
                ? "the module has no public function with a body"
                : "the module has " + std::to_string(candidates.size()) +
                      " public functions: choose one with --entry";
    return failure();
  }
  return candidates.front();
}

LogicalResult mlir::tuner::allocateBuffers(const KernelSignature &signature,
                                           std::vector<HostBuffer> &inputs,
                                           std::vector<HostBuffer> &outputs,
                                           std::string &error, bool managed) {
  inputs.clear();
  outputs.clear();
  for (ShapedType type : signature.inputs) {
    FailureOr<HostBuffer> buffer = HostBuffer::create(type, error, managed);
    if (failed(buffer))
      return failure();
    inputs.push_back(std::move(*buffer));
  }
  for (ShapedType type : signature.outputs) {
    // A result of dynamic shape starts empty; a call that returns it gives
    // it its shape (Kernel::call).
    if (!type.hasStaticShape())
      type = type.clone(llvm::map_to_vector(type.getShape(), [](int64_t d) {
        return ShapedType::isDynamic(d) ? int64_t(0) : d;
      }));
    FailureOr<HostBuffer> buffer = HostBuffer::create(type, error, managed);
    if (failed(buffer))
      return failure();
    outputs.push_back(std::move(*buffer));
  }
  return success();
}

FailureOr<GPUArguments>
mlir::tuner::placeArgumentsOnGPU(const KernelSignature &signature,
                                 ArrayRef<HostBuffer> hostInputs,
                                 ArrayRef<HostBuffer> hostOutputs,
                                 std::string &error) {
  GPUArguments args;
  auto place = [&](const HostBuffer &host, int64_t index,
                   std::vector<HostBuffer> &into) -> LogicalResult {
    BufferMemory memory = BufferMemory::Device;
    if (host.isScalar()) {
      memory = BufferMemory::Host;
    } else if (llvm::is_contained(signature.hostArgs, index)) {
      memory = BufferMemory::Managed;
      ++args.managed;
    }
    FailureOr<HostBuffer> arg =
        HostBuffer::create(host.getType(), error, memory);
    if (failed(arg) || failed(arg->upload(host, error)))
      return failure();
    into.push_back(std::move(*arg));
    return success();
  };
  int64_t index = 0;
  for (const HostBuffer &host : hostInputs)
    if (failed(place(host, index++, args.inputs)))
      return failure();
  for (const HostBuffer &host : hostOutputs)
    if (failed(place(host, index++, args.outputs)))
      return failure();
  return args;
}

Tolerance mlir::tuner::getKernelTolerance(const KernelSignature &signature,
                                          double rtol, double atol) {
  Tolerance t = getDefaultTolerance(signature.precision, signature.accumulator,
                                    signature.reductionSize);
  // Tolerances given replace the default's (and its scaled part).
  if (rtol > 0)
    t.rtol = rtol;
  if (atol > 0)
    t.atol = atol;
  if (rtol > 0 || atol > 0)
    t.perMagnitude = 0;
  return t;
}

/// Adds a guard violation of `buffer` (if any) to `total`.
static void checkGuardsOf(const HostBuffer &buffer, StringRef what,
                          Comparison &total) {
  std::string error;
  if (buffer.checkGuards(error))
    return;
  Comparison c;
  c.match = false;
  c.mismatches = 1;
  c.maxError = std::numeric_limits<double>::infinity();
  c.firstMismatch = error;
  accumulateComparison(total, c, what);
}

Comparison mlir::tuner::compareWithReference(
    const KernelSignature &signature, Tolerance tolerance,
    ArrayRef<HostBuffer> inputs, ArrayRef<HostBuffer> outputs,
    ArrayRef<HostBuffer> referenceInputs,
    ArrayRef<HostBuffer> referenceOutputs) {
  Comparison total;
  for (auto [i, pair] : llvm::enumerate(llvm::zip(outputs, referenceOutputs)))
    accumulateComparison(
        total, compareBuffers(std::get<0>(pair), std::get<1>(pair), tolerance),
        "output " + std::to_string(i));
  for (auto [i, type] : llvm::enumerate(signature.inputs))
    if (isa<MemRefType>(type) && i < inputs.size() &&
        i < referenceInputs.size())
      accumulateComparison(
          total, compareBuffers(inputs[i], referenceInputs[i], tolerance),
          "argument " + std::to_string(i));
  for (auto [i, buffer] : llvm::enumerate(inputs))
    checkGuardsOf(buffer, "argument " + std::to_string(i), total);
  for (auto [i, buffer] : llvm::enumerate(outputs))
    checkGuardsOf(buffer, "output " + std::to_string(i), total);
  return total;
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

static bool usesOpenMP(ModuleOp module) {
  bool found = false;
  module.walk([&](Operation *op) {
    if (isa<omp::OpenMPDialect>(op->getDialect())) {
      found = true;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

LogicalResult mlir::tuner::loadOpenMPRuntime(std::string &error) {
  // The LLVM OpenMP runtime (Debian's libomp5; TUNER_OPENMP_LIB overrides),
  // loaded into the process: the JIT resolves symbols from the process.
  std::string ompLib = "libomp.so.5";
  if (const char *env = std::getenv("TUNER_OPENMP_LIB"))
    ompLib = env;
  std::string loadError;
  if (llvm::sys::DynamicLibrary::LoadLibraryPermanently(ompLib.c_str(),
                                                        &loadError)) {
    error = "cannot load the OpenMP runtime '" + ompLib + "' (" + loadError +
            "): install LLVM's OpenMP runtime (Debian: libomp5), set "
            "TUNER_OPENMP_LIB to its path, or run without OpenMP "
            "(parallel=none)";
    return failure();
  }
  return success();
}

/// What the mgpu* calls of GPU host code resolve to in a module that is only
/// compiled: returns null (every mgpu* function returns a pointer or void).
extern "C" void *inertRuntimeCall() { return nullptr; }

/// Calls `fn` with the name and address of every runtime function lowered
/// code may call that the process need not have: memrefCopy, the narrow
/// float conversions, and the mgpu* entry points of our CUDA runtime (or,
/// when `inertGPU`, a stand-in that does nothing).
static void forEachRuntimeSymbol(bool inertGPU,
                                 function_ref<void(StringRef, void *)> fn) {
  fn("memrefCopy", reinterpret_cast<void *>(&tunerMemrefCopy));
  runtime::forEachFloatConversion(fn);
  cuda::forEachEntryPoint([&](StringRef name, void *address) {
    fn(name, inertGPU ? reinterpret_cast<void *>(&inertRuntimeCall) : address);
  });
}

LogicalResult mlir::tuner::loadSharedLibrary(StringRef path,
                                             std::string &error) {
  std::string loadError;
  if (!llvm::sys::DynamicLibrary::LoadLibraryPermanently(path.str().c_str(),
                                                         &loadError))
    return success();
  error = "cannot load '" + path.str() + "': " + loadError;
  return failure();
}

/// The functions `module` declares (at its top level, in the LLVM dialect)
/// and calls that neither the runtime nor anything loaded into the process
/// provides (a declaration nothing calls, such as a libdevice function left
/// in a GPU module's host part, needs no definition).
static SmallVector<StringRef> getUnresolvedFunctions(ModuleOp module) {
  llvm::StringSet<> runtime;
  forEachRuntimeSymbol(/*inertGPU=*/false,
                       [&](StringRef name, void *) { runtime.insert(name); });
  SmallVector<StringRef> missing;
  for (auto fn : module.getOps<LLVM::LLVMFuncOp>()) {
    StringRef name = fn.getName();
    if (!fn.isExternal() || runtime.contains(name) ||
        name.starts_with("llvm.") ||
        llvm::sys::DynamicLibrary::SearchForAddressOfSymbol(name.str()))
      continue;
    // Only what the process lacks costs a walk of the module for its uses
    // (every candidate's compilation comes through here).
    if (!SymbolTable::symbolKnownUseEmpty(fn, module))
      missing.push_back(name);
  }
  return missing;
}

LogicalResult mlir::tuner::resolveExternalFunctions(ModuleOp module,
                                                    std::string &error) {
  static std::once_flag processSymbols;
  std::call_once(processSymbols, [] {
    llvm::sys::DynamicLibrary::LoadLibraryPermanently(nullptr);
  });
  SmallVector<StringRef> missing = getUnresolvedFunctions(module);
  if (missing.empty())
    return success();
  std::string dir = TUNER_MLIR_LIBRARY_DIR;
  if (const char *env = std::getenv("TUNER_MLIR_RUNNER_UTILS_DIR"))
    dir = env;
  for (StringRef lib :
       {"libmlir_c_runner_utils.so", "libmlir_runner_utils.so"}) {
    SmallString<256> path(dir);
    llvm::sys::path::append(path, lib);
    std::string ignored;
    if (llvm::sys::fs::exists(path))
      (void)loadSharedLibrary(path, ignored);
  }
  missing = getUnresolvedFunctions(module);
  if (missing.empty())
    return success();
  error = "the module calls '" + missing.front().str() +
          "', which no loaded library provides (MLIR's runner utilities "
          "were looked for in '" +
          dir + "'): pass its library with --shared-libs";
  return failure();
}

/// A target machine for the CPU that `module` is for (its sched.target, else
/// the host's, which TUNER_HOST_TARGET may stand in for): the host's model
/// with the ISA extensions the target lacks turned off. Functions lowered
/// for a target carry its features themselves (tuner-lower-cpu), which LLVM
/// prefers. Fails when the target or a function needs an extension this
/// host lacks.
static FailureOr<std::unique_ptr<llvm::TargetMachine>>
createTargetMachine(ModuleOp module, std::string &error) {
  sched::TargetAttr target = sched::getTarget(module);
  if (!target)
    target = getHostCPUTarget(module.getContext());
  FailureOr<HostCodegen> codegen = getHostCodegen(target, error);
  if (failed(codegen))
    return failure();
  WalkResult walk = module.walk([&](LLVM::LLVMFuncOp func) {
    LLVM::TargetFeaturesAttr features = func.getTargetFeaturesAttr();
    if (!features)
      return WalkResult::advance();
    SmallVector<std::string> flags;
    for (StringAttr flag : features.getFeatures())
      flags.push_back(flag.str());
    if (failed(checkHostFeatures(
            flags, ("the code of '" + func.getName() + "'").str(), error)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  auto builder = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!builder) {
    error = llvm::toString(builder.takeError());
    return failure();
  }
  builder->setCPU(codegen->cpu);
  for (const std::string &edit : codegen->features)
    builder->getFeatures().AddFeature(edit);
  builder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  auto targetMachine = builder->createTargetMachine();
  if (!targetMachine) {
    error = llvm::toString(targetMachine.takeError());
    return failure();
  }
  return std::move(*targetMachine);
}

/// Turns off LLVM code generation passes that crash on code the sketches
/// produce: X86AvoidStoreForwardingBlocks of LLVM 22 aborts ("Cannot
/// implicitly convert a scalable size to a fixed-width size") on the masked
/// 128-lane copies of cpu.contraction_padded's packing on AVX2 (a 95 x 97 x
/// 3 matmul with n1 = 112, k1 = 16). It only reorders a few stores for
/// speed. Done once, through the option's command-line name.
static void disableCrashingCodegenPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    auto &options = llvm::cl::getRegisteredOptions();
    auto it = options.find("x86-disable-avoid-SFB");
    if (it != options.end())
      it->second->addOccurrence(0, "x86-disable-avoid-SFB", "true");
  });
}

/// An ExecutionEngine for the module's CPU, its IR optimized at `optLevel`
/// and its code generated at -O3, with the runtime functions of
/// forEachRuntimeSymbol provided.
static FailureOr<std::unique_ptr<ExecutionEngine>>
createEngine(ModuleOp module, bool objectDump, unsigned optLevel,
             std::string &error) {
  static std::once_flag initTargets;
  std::call_once(initTargets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  disableCrashingCodegenPasses();
  MLIRContext *ctx = module.getContext();
  registerBuiltinDialectTranslation(*ctx);
  registerLLVMDialectTranslation(*ctx);
  registerOpenMPDialectTranslation(*ctx);

  FailureOr<std::unique_ptr<llvm::TargetMachine>> targetMachine =
      createTargetMachine(module, error);
  if (failed(targetMachine))
    return failure();
  if (usesOpenMP(module) && failed(loadOpenMPRuntime(error)))
    return failure();
  if (failed(resolveExternalFunctions(module, error)))
    return failure();

  ExecutionEngineOptions options;
  auto transformer = makeOptimizingTransformer(optLevel, 0, targetMachine->get());
  options.transformer = transformer;
  options.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  options.enableObjectDump = objectDump;
  auto engine =
      ExecutionEngine::create(module, options, std::move(*targetMachine));
  if (!engine) {
    error = "JIT compilation failed: " + llvm::toString(engine.takeError());
    return failure();
  }
  // GPU host code: the CUDA runtime when the code is run here, inert
  // stand-ins when it is only compiled (a builder must not touch the GPU, but
  // the engine runs the module's destructor, which unloads the kernels).
  (*engine)->registerSymbols(
      [objectDump](llvm::orc::MangleAndInterner interner) {
        llvm::orc::SymbolMap symbols;
        forEachRuntimeSymbol(objectDump, [&](StringRef name, void *address) {
          symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                                     llvm::JITSymbolFlags::Exported};
        });
        return symbols;
      });
  return std::move(*engine);
}

LogicalResult mlir::tuner::compileToObjectFile(ModuleOp module,
                                               StringRef entry,
                                               StringRef objectPath,
                                               std::string &error) {
  FailureOr<std::unique_ptr<ExecutionEngine>> engine =
      createEngine(module, /*objectDump=*/true, /*optLevel=*/3, error);
  if (failed(engine))
    return failure();
  // Code generation happens on the first lookup.
  auto function = (*engine)->lookupPacked(entry);
  if (!function) {
    error = "cannot compile '" + entry.str() +
            "': " + llvm::toString(function.takeError());
    return failure();
  }
  (*engine)->dumpToObjectFile(objectPath);
  if (!llvm::sys::fs::exists(objectPath)) {
    error = "no object code was written to '" + objectPath.str() + "'";
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel
//===----------------------------------------------------------------------===//

Kernel::Kernel(void (*function)(void **), KernelSignature sig)
    : function(function), signature(std::move(sig)) {
  int64_t resultWords = 0;
  if (!signature.outParams)
    for (ShapedType type : signature.outputs)
      resultWords += 3 + 2 * type.getRank();
  resultStorage.assign(std::max<int64_t>(resultWords, 1), 0);
}

Kernel::~Kernel() = default;

/// Reallocates `out` (a result of dynamic shape) for the `sizes` a call
/// returned it with, unless it has them.
static void resizeToResult(HostBuffer &out, ArrayRef<int64_t> sizes) {
  if (out.getType().getShape() == sizes)
    return;
  std::string error;
  FailureOr<HostBuffer> resized =
      HostBuffer::create(out.getType().clone(sizes), error, out.getMemory());
  if (failed(resized))
    llvm::report_fatal_error(llvm::Twine("cannot hold a result: ") + error);
  out = std::move(*resized);
}

void Kernel::call(MutableArrayRef<HostBuffer> inputs,
                  MutableArrayRef<HostBuffer> outputs, bool copyResults) {
  SmallVector<void *, 32> args;
  for (HostBuffer &b : inputs)
    b.appendPackedArgs(args);
  if (signature.outParams) {
    for (HostBuffer &b : outputs)
      b.appendPackedArgs(args);
    function(args.data());
    return;
  }
  if (!signature.outputs.empty())
    args.push_back(resultStorage.data());
  function(args.data());

  // Results returned by value: copy them all out, then free what the kernel
  // allocated (never one of our own buffers; once, as a value returned
  // twice shares its allocation).
  int64_t offset = 0;
  SmallVector<void *> allocations;
  for (auto [i, type] : llvm::enumerate(signature.outputs)) {
    int64_t rank = type.getRank();
    int64_t *desc = resultStorage.data() + offset;
    offset += 3 + 2 * rank;
    HostBuffer &out = outputs[i];
    if (copyResults && !type.hasStaticShape())
      resizeToResult(out, ArrayRef<int64_t>(desc + 3, rank));
    if (copyResults) {
      UnrankedMemRef src{rank, desc};
      UnrankedMemRef dst{rank, out.getDescriptor()};
      tunerMemrefCopy(out.getElementBytes(), &src, &dst);
    }
    void *allocated = reinterpret_cast<void *>(desc[0]);
    bool owned = llvm::any_of(inputs, [&](HostBuffer &b) {
      return b.data() == allocated;
    });
    if (!owned && !llvm::is_contained(allocations, allocated))
      allocations.push_back(allocated);
  }
  for (void *allocated : allocations)
    std::free(allocated);
}

void Kernel::run(MutableArrayRef<HostBuffer> inputs,
                 MutableArrayRef<HostBuffer> outputs) {
  call(inputs, outputs, /*copyResults=*/true);
}

Timings Kernel::time(MutableArrayRef<HostBuffer> inputs,
                     MutableArrayRef<HostBuffer> outputs,
                     const TimingOptions &options) {
  return timeCalls([&] { call(inputs, outputs, /*copyResults=*/false); },
                   options);
}

//===----------------------------------------------------------------------===//
// CPUKernel
//===----------------------------------------------------------------------===//

CPUKernel::CPUKernel(std::unique_ptr<ExecutionEngine> engine,
                     void (*function)(void **), KernelSignature signature)
    : Kernel(function, std::move(signature)), engine(std::move(engine)) {}

CPUKernel::~CPUKernel() = default;

FailureOr<std::unique_ptr<CPUKernel>>
CPUKernel::compile(ModuleOp module, StringRef entry,
                   const KernelSignature &signature, std::string &error,
                   unsigned optLevel) {
  FailureOr<std::unique_ptr<ExecutionEngine>> engine =
      createEngine(module, /*objectDump=*/false, optLevel, error);
  if (failed(engine))
    return failure();
  auto function = (*engine)->lookupPacked(entry);
  if (!function) {
    error = "cannot link '" + entry.str() +
            "': " + llvm::toString(function.takeError());
    return failure();
  }
  (*engine)->initialize();
  return std::unique_ptr<CPUKernel>(
      new CPUKernel(std::move(*engine), *function, signature));
}

//===----------------------------------------------------------------------===//
// ObjectKernel
//===----------------------------------------------------------------------===//

struct ObjectKernel::JIT {
  std::unique_ptr<llvm::orc::LLJIT> lljit;
};

ObjectKernel::ObjectKernel(std::unique_ptr<JIT> jit, void (*function)(void **),
                           KernelSignature signature)
    : Kernel(function, std::move(signature)), jit(std::move(jit)) {}

ObjectKernel::~ObjectKernel() {
  // The module's destructors, as the ExecutionEngine runs them: lowered GPU
  // code unloads its kernels and frees its module buffers (a runner loads
  // many candidates; without this each one's weights stayed on the device).
  if (jit && jit->lljit)
    llvm::consumeError(
        jit->lljit->deinitialize(jit->lljit->getMainJITDylib()));
}

FailureOr<std::unique_ptr<ObjectKernel>>
ObjectKernel::load(StringRef objectPath, StringRef entry,
                   const KernelSignature &signature, std::string &error) {
  static std::once_flag initTargets;
  std::call_once(initTargets, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
  });
  auto buffer = llvm::MemoryBuffer::getFile(objectPath);
  if (!buffer) {
    error = "cannot read object '" + objectPath.str() +
            "': " + buffer.getError().message();
    return failure();
  }
  auto lljit = llvm::orc::LLJITBuilder().create();
  if (!lljit) {
    error = llvm::toString(lljit.takeError());
    return failure();
  }
  llvm::orc::JITDylib &dylib = (*lljit)->getMainJITDylib();
  auto generator = llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
      (*lljit)->getDataLayout().getGlobalPrefix());
  if (!generator) {
    error = llvm::toString(generator.takeError());
    return failure();
  }
  dylib.addGenerator(std::move(*generator));
  // Lowered GPU code calls the mgpu* functions of our CUDA runtime.
  llvm::orc::SymbolMap symbols;
  forEachRuntimeSymbol(/*inertGPU=*/false, [&](StringRef name, void *address) {
    symbols[(*lljit)->mangleAndIntern(name)] = {
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported};
  });
  if (auto err = dylib.define(llvm::orc::absoluteSymbols(std::move(symbols)))) {
    error = llvm::toString(std::move(err));
    return failure();
  }
  if (auto err = (*lljit)->addObjectFile(std::move(*buffer))) {
    error = "cannot load object: " + llvm::toString(std::move(err));
    return failure();
  }
  auto address = (*lljit)->lookup(("_mlir_" + entry).str());
  if (!address) {
    error = "cannot link '" + entry.str() +
            "': " + llvm::toString(address.takeError());
    return failure();
  }
  if (auto err = (*lljit)->initialize(dylib)) {
    error = "cannot initialize the kernel: " + llvm::toString(std::move(err));
    return failure();
  }
  auto jit = std::make_unique<JIT>();
  jit->lljit = std::move(*lljit);
  auto *function = address->toPtr<void (*)(void **)>();
  return std::unique_ptr<ObjectKernel>(
      new ObjectKernel(std::move(jit), function, signature));
}

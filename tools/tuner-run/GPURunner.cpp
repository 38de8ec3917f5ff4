//===- GPURunner.cpp - run a CUDA module on the GPU, time and check -------===//
//
// tuner-run's device path: a module with kernels (lowered by tuner-lower-gpu,
// or scheduled for a CUDA target and lowered here) runs on CUDA device 0
// through lib/Runtime. Its arguments live in device memory (managed memory
// for the few that host code touches, see tuner-gpu-device-memory), the
// inputs are copied in once and the results out once; whole calls are timed
// with CUDA events, and the outputs are checked against a reference run on
// the CPU.
//
//===----------------------------------------------------------------------===//

#include "ModuleRunner.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Tuner/Passes/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FormatVariadic.h"

#include <chrono>
#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

bool mlir::tuner::isCUDAModule(ModuleOp module) {
  bool kernels = false;
  module.walk([&](Operation *op) {
    kernels = isa<gpu::BinaryOp, gpu::LaunchFuncOp, gpu::LaunchOp>(op);
    return kernels ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (kernels || module->hasAttr(kGPUChipAttrName))
    return true;
  sched::TargetAttr target = sched::getTarget(module);
  return target && target.isCUDA();
}

/// The compute capability of `chip` ("sm_90" -> 90), or nullopt.
static std::optional<int> getComputeCapability(StringRef chip) {
  int sm = 0;
  if (!chip.consume_front("sm_") || chip.consumeInteger(10, sm))
    return std::nullopt;
  return sm;
}

/// Fails when the kernels of `module` are for a newer chip than `device`,
/// or for another chip's architecture-specific features (sm_90a runs on
/// sm_90 only): the driver could not load them.
static LogicalResult checkKernelChips(ModuleOp module,
                                      const cuda::DeviceInfo &device,
                                      std::string &error) {
  int have = device.computeMajor * 10 + device.computeMinor;
  WalkResult result = module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      auto target =
          object ? dyn_cast<NVVM::NVVMTargetAttr>(object.getTarget()) : nullptr;
      if (!target)
        continue;
      std::optional<int> need = getComputeCapability(target.getChip());
      bool archSpecific = target.getChip().ends_with("a");
      if (need && (*need > have || (archSpecific && *need != have))) {
        error = "the kernels of @" + binary.getName().str() + " are for " +
                target.getChip().str() + ", but device 0 (" + device.name +
                ") is " + device.getChip();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(result.wasInterrupted());
}

/// Specializes a module on tensors whose entry takes inputs of dynamic shape
/// to the shapes of its input files (tuner-specialize-shapes with shapes=),
/// then gives the ops that became static the default schedules of the
/// module's target (sched-apply-default: the tuner skipped them). Kernels
/// are compiled for one shape; the CPU compiles dynamic code instead.
static LogicalResult specializeToInputs(ModuleOp module,
                                        const KernelSignature &signature,
                                        const RunOptions &options,
                                        std::string &error) {
  FailureOr<KernelSignature> resolved =
      resolveDynamicInputs(signature, options, error);
  if (failed(resolved)) {
    error += " (kernels are compiled for the shapes of the inputs)";
    return failure();
  }
  TunerSpecializeShapesOptions specialize;
  for (auto [given, shaped] : llvm::zip(signature.inputs, resolved->inputs)) {
    if (given.hasStaticShape())
      continue;
    std::string &shape = specialize.shapes.emplace_back();
    llvm::raw_string_ostream os(shape);
    llvm::interleave(shaped.getShape(), os, "x");
  }
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(createTunerSpecializeShapes(specialize));
  // The module's sched.target.
  pm.addPass(createSchedApplyDefault());
  if (failed(pm.run(module))) {
    error = "failed to specialize the module to its inputs' shapes (see the "
            "errors above)";
    return failure();
  }
  return success();
}

/// Brings a CUDA module to the LLVM dialect: a scheduled module on tensors
/// is specialized to its inputs' shapes where its entry's are dynamic,
/// materialized and lowered with tuner-lower-gpu for its target's chip
/// (else `chip`), with out-parameters. On success `entry` names the function.
static LogicalResult prepareModuleForGPU(ModuleOp module,
                                         const RunOptions &options,
                                         StringRef chip, std::string &entry,
                                         std::string &error) {
  StringRef requestedEntry = options.entry;
  FailureOr<Operation *> func =
      findEntryFunction(module, requestedEntry, error);
  if (failed(func))
    return failure();
  entry = SymbolTable::getSymbolName(*func).str();
  if (isLoweredToLLVM(module))
    return success();
  annotateKernelSignature(*func);
  FailureOr<KernelSignature> signature = getKernelSignature(*func, error);
  if (failed(signature))
    return failure();
  if (hasDynamicInputs(*signature)) {
    if (failed(specializeToInputs(module, *signature, options, error)))
      return failure();
    func = findEntryFunction(module, entry, error);
    if (failed(func))
      return failure();
    (*func)->removeAttr(kKernelAttrName);
    annotateKernelSignature(*func);
    signature = getKernelSignature(*func, error);
    if (failed(signature))
      return failure();
  }
  if (hasDynamicInputs(*signature) || hasDynamicOutputs(*signature)) {
    error = "an argument or a result has a dynamic shape that the inputs do "
            "not determine (a result sized by the data): such programs run "
            "on the CPU only";
    return failure();
  }
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(tuner::createSchedMaterialize());
  TunerLowerGPUOptions lowering;
  sched::TargetAttr target = sched::getTarget(module);
  lowering.chip =
      target && target.isCUDA() ? target.getArch().str() : chip.str();
  lowering.outParams = true;
  lowering.format = options.gpuFormat == GPUBinaryFormat::LLVM ? "llvm" : "isa";
  pm.addPass(createTunerLowerGPU(lowering));
  if (failed(pm.run(module))) {
    error = "failed to materialize and lower the module for the GPU (see the "
            "errors above)";
    return failure();
  }
  return success();
}

namespace {
/// The buffers of one GPU run: the inputs and outputs on the host (the
/// random inputs, the results copied back) and the arguments the kernel
/// gets (device memory; managed where host code touches them; scalars stay
/// on the host, passed by value).
struct GPUBuffers {
  std::vector<HostBuffer> hostInputs, hostOutputs;
  std::vector<HostBuffer> inputs, outputs;
  unsigned managed = 0;
};
} // namespace

static FailureOr<GPUBuffers> allocateGPUBuffers(const KernelSignature &sig,
                                                const RunOptions &options,
                                                std::string &error) {
  GPUBuffers buffers;
  if (failed(
          allocateBuffers(sig, buffers.hostInputs, buffers.hostOutputs, error)))
    return failure();
  if (failed(fillInputs(buffers.hostInputs, sig, options, error)))
    return failure();
  FailureOr<GPUArguments> args = placeArgumentsOnGPU(
      sig, buffers.hostInputs, buffers.hostOutputs, error);
  if (failed(args))
    return failure();
  buffers.inputs = std::move(args->inputs);
  buffers.outputs = std::move(args->outputs);
  buffers.managed = args->managed;
  return buffers;
}

/// The file location in `loc` (itself, or inside a fused or named one).
static std::optional<FileLineColLoc> getFileLocation(Location loc) {
  std::optional<FileLineColLoc> found;
  loc->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      found = file;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return found;
}

/// The kernel launches of `func`'s host code in program order: the kernel
/// module, the launch's location (its anchor op's, through the schedule)
/// and, when `reference` has an op at that location (a module lowered from
/// the reference's file with its locations printed), that op's name.
static SmallVector<KernelLaunchTiming> describeLaunches(Operation *func,
                                                        ModuleOp reference) {
  DenseMap<Location, StringRef> refOps;
  if (reference)
    reference->walk([&](Operation *op) {
      if (std::optional<FileLineColLoc> loc = getFileLocation(op->getLoc()))
        refOps.try_emplace(*loc, op->getName().getStringRef());
    });
  SmallVector<KernelLaunchTiming> launches;
  func->walk([&](gpu::LaunchFuncOp launch) {
    KernelLaunchTiming &info = launches.emplace_back();
    info.kernel = launch.getKernelModuleName().str();
    std::optional<FileLineColLoc> loc = getFileLocation(launch.getLoc());
    if (!loc)
      return;
    info.location = llvm::formatv("{0}:{1}:{2}", loc->getFilename(),
                                  loc->getLine(), loc->getColumn());
    info.op = refOps.lookup(*loc).str();
  });
  return launches;
}

/// The median device time of each launch over `calls` (the launches of each
/// timed call), with `described`'s names when the counts match; empty when
/// the calls launched different numbers of kernels.
static SmallVector<KernelLaunchTiming>
summarizeLaunches(ArrayRef<SmallVector<cuda::KernelLaunch>> calls,
                  ArrayRef<KernelLaunchTiming> described) {
  if (calls.empty() || llvm::any_of(calls, [&](const auto &c) {
        return c.size() != calls.front().size();
      }))
    return {};
  size_t count = calls.front().size();
  SmallVector<KernelLaunchTiming> result;
  for (size_t i = 0; i < count; ++i) {
    KernelLaunchTiming info;
    if (described.size() == count)
      info = described[i];
    info.grid = calls.front()[i].grid;
    info.block = calls.front()[i].block;
    Timings t;
    for (const auto &call : calls)
      t.seconds.push_back(call[i].seconds);
    info.medianSeconds = t.median();
    result.push_back(std::move(info));
  }
  return result;
}

/// Times whole calls of `kernel` with CUDA events (warm-up calls first, as
/// many calls per repeat as min-repeat-ms asks), then the kernels alone.
static LogicalResult timeOnGPU(Kernel &kernel, GPUBuffers &buffers,
                               const TimingOptions &options,
                               ArrayRef<KernelLaunchTiming> described,
                               RunResult &result, std::string &error) {
  auto call = [&] { kernel.run(buffers.inputs, buffers.outputs); };
  for (unsigned i = 0; i < options.warmup; ++i)
    call();
  FailureOr<double> one = cuda::timeWithEvents(call, error);
  if (failed(one))
    return failure();
  unsigned calls = 1;
  double minSeconds = options.minRepeatMs / 1000.0;
  if (minSeconds > 0 && *one > 0)
    calls = static_cast<unsigned>(
        std::clamp<double>(std::ceil(minSeconds / *one), 1, 1 << 20));
  Timings &timings = result.timings;
  timings.callsPerRepeat = calls;
  for (unsigned r = 0; r < std::max(1u, options.repeats); ++r) {
    FailureOr<double> seconds = cuda::timeWithEvents(
        [&] {
          for (unsigned i = 0; i < calls; ++i)
            call();
        },
        error);
    if (failed(seconds))
      return failure();
    timings.seconds.push_back(*seconds / calls);
  }
  // The kernels alone: events around every launch, added up per call.
  Timings kernels;
  SmallVector<SmallVector<cuda::KernelLaunch>> launches;
  cuda::KernelTimer timer;
  for (unsigned r = 0; r < std::max(1u, options.repeats); ++r) {
    timer.reset();
    call();
    kernels.seconds.push_back(timer.getSeconds());
    launches.push_back(llvm::to_vector(timer.getLaunches()));
  }
  result.kernelTimings = std::move(kernels);
  result.kernelLaunches = summarizeLaunches(launches, described);
  return cuda::synchronize(error);
}

FailureOr<RunResult> mlir::tuner::runModuleOnGPU(ModuleOp module,
                                                 ModuleOp reference,
                                                 const RunOptions &options,
                                                 std::string &error) {
  auto start = std::chrono::steady_clock::now();
  // Nothing may touch the device before this succeeds: the runtime ends the
  // process on a driver error inside lowered code.
  std::string why;
  FailureOr<SmallVector<cuda::DeviceInfo>> devices = cuda::getDevices(why);
  if (failed(devices) || devices->empty() ||
      failed(cuda::initialize(/*ordinal=*/0, why))) {
    error = "no GPU to run the module on: " +
            (why.empty() ? std::string("the CUDA driver sees no device") : why);
    return failure();
  }
  const cuda::DeviceInfo &device = devices->front();
  bool widenReference =
      options.skipIntermediateRoundings &&
      (isLoweredToLLVM(module) || !hasNarrowAccumulations(module));
  RunResult result;
  if (failed(prepareModuleForGPU(module, options, device.getChip(),
                                 result.entry, error)) ||
      failed(checkKernelChips(module, device, error)))
    return failure();
  Operation *func = module.lookupSymbol(result.entry);
  // Before the comparison lowers the reference.
  SmallVector<KernelLaunchTiming> described = describeLaunches(func, reference);
  FailureOr<KernelSignature> signature = getKernelSignature(func, error);
  if (failed(signature))
    return failure();
  if (hasDynamicInputs(*signature) || hasDynamicOutputs(*signature)) {
    error = "a module lowered with dynamic shapes does not run on the GPU: "
            "give tuner-run the module on tensors (scheduled, not lowered), "
            "which it specializes to the shapes of its --inputs";
    return failure();
  }
  if (!signature->outParams && !signature->outputs.empty()) {
    error = "the module returns its results (managed memory the runner cannot "
            "free): lower it with --tuner-lower-gpu=\"out-params=true\"";
    return failure();
  }
  FailureOr<std::unique_ptr<CPUKernel>> kernel =
      CPUKernel::compile(module, result.entry, *signature, error);
  if (failed(kernel))
    return failure();
  result.signature = *signature;
  result.device = device.name;
  result.compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();

  FailureOr<GPUBuffers> buffers =
      allocateGPUBuffers(*signature, options, error);
  if (failed(buffers))
    return failure();
  result.managedArgs = buffers->managed;
  if (!options.saveInputsDir.empty() &&
      failed(saveBuffers(buffers->hostInputs, options.saveInputsDir, "input",
                         error)))
    return failure();
  // Run once on the pristine inputs, copy the results back, compare.
  (*kernel)->run(buffers->inputs, buffers->outputs);
  if (failed(cuda::synchronize(error)))
    return failure();
  for (auto [onDevice, host] :
       llvm::zip(buffers->outputs, buffers->hostOutputs))
    if (failed(onDevice.download(host, error)))
      return failure();
  // Memref arguments (a program on buffers writes its results into them)
  // are compared too: their contents after the call.
  for (auto [i, type] : llvm::enumerate(signature->inputs))
    if (isa<MemRefType>(type) &&
        failed(buffers->inputs[i].download(buffers->hostInputs[i], error)))
      return failure();
  if (!options.saveOutputsDir.empty() &&
      failed(saveBuffers(buffers->hostOutputs, options.saveOutputsDir, "output",
                         error)))
    return failure();
  if (reference && failed(checkAgainstReference(
                       reference, widenReference, options,
                       buffers->hostInputs, buffers->hostOutputs, result,
                       error)))
    return failure();
  if (failed(timeOnGPU(**kernel, *buffers, options.timing, described, result,
                       error)))
    return failure();
  return result;
}

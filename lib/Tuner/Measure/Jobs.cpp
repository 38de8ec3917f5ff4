//===- Jobs.cpp - the work of builders and runners ------------------------===//

#include "Tuner/Tuner/Measure/Jobs.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Runtime/CUDARuntime.h"
#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Transforms/Passes.h"
#include "Tuner/Tuner/Sketch/Materialize.h"
#include "Tuner/Tuner/Sketch/Sketch.h"
#include "Tuner/Tuner/Target/Target.h"
#include "Tuner/Tuner/Task/TaskExtraction.h"
#include "Tuner/Tuner/Task/TaskModule.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <cmath>

using namespace mlir;
using namespace mlir::tuner;

namespace {
using Clock = std::chrono::steady_clock;
double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Collects the error diagnostics of a scope into one message.
struct DiagnosticCollector {
  explicit DiagnosticCollector(MLIRContext &ctx)
      : handler(&ctx, [this](Diagnostic &d) {
          if (d.getSeverity() == DiagnosticSeverity::Error) {
            if (!messages.empty())
              messages += "; ";
            messages += d.str();
          }
          return success();
        }) {}
  ScopedDiagnosticHandler handler;
  std::string messages;
};

std::string printType(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}
} // namespace

//===----------------------------------------------------------------------===//
// Build
//===----------------------------------------------------------------------===//

FailureOr<std::optional<cuda::KernelResources>>
mlir::tuner::getKernelResources(ModuleOp module, StringRef chip,
                                std::string &error) {
  std::optional<std::string> ptxas = cuda::findPtxas();
  if (!ptxas)
    return std::optional<cuda::KernelResources>();
  SmallVector<cuda::KernelResources> kernels;
  WalkResult walk = module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (!object || object.getFormat() != gpu::CompilationTarget::Assembly)
        continue;
      FailureOr<SmallVector<cuda::KernelResources>> report =
          cuda::runPtxas(*ptxas, object.getObject().getValue(), chip, error);
      if (failed(report))
        return WalkResult::interrupt();
      llvm::append_range(kernels, *report);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (kernels.empty())
    return std::optional<cuda::KernelResources>();
  return std::optional<cuda::KernelResources>(
      cuda::aggregateResources(kernels));
}

/// The first kernel binary of `module` whose PTX calls `malloc`: a
/// `memref.alloc` left inside a kernel allocates from the device heap in
/// every thread, which runs out and faults the kernel (and the context).
static std::optional<std::string> findDeviceHeapUse(ModuleOp module) {
  std::optional<std::string> found;
  module.walk([&](gpu::BinaryOp binary) {
    for (Attribute attr : binary.getObjects()) {
      auto object = dyn_cast<gpu::ObjectAttr>(attr);
      if (object && object.getFormat() == gpu::CompilationTarget::Assembly &&
          object.getObject().getValue().contains(" malloc")) {
        found = binary.getSymName().str();
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return found;
}

/// The reference of a CUDA task runs on the CPU, under the host's default
/// schedule where one applies: the naive loop nest of a 4096^3 matmul takes
/// many minutes, its default schedule a fraction of a second on a GPU host's
/// cores (the CPU schedules are checked against the naive loops by the CPU
/// tests). Returns the host target if it scheduled `anchor`, else null (the
/// IR is then unchanged and the reference stays naive).
static sched::TargetAttr scheduleReferenceOnHost(Operation *anchor) {
  sched::TargetAttr host = getHostCPUTarget(anchor->getContext());
  FusedGroup group = buildFusedGroup(cast<linalg::LinalgOp>(anchor));
  SmallVector<std::unique_ptr<SketchInstance>> instances =
      instantiateSketches(group, host);
  std::string error;
  if (instances.empty() ||
      failed(applySketch(*instances.front(), instances.front()->getDefault(),
                         anchor, error)))
    return {};
  return host;
}

/// Applies the printed #sched.config `configText` to the task at `anchor`.
static LogicalResult applyConfig(StringRef configText, Operation *anchor,
                                 sched::TargetAttr target, std::string &error) {
  auto config = dyn_cast_or_null<sched::ConfigAttr>(
      parseAttribute(configText, anchor->getContext()));
  if (!config) {
    error = "cannot parse the config";
    return failure();
  }
  FusedGroup group = buildFusedGroup(cast<linalg::LinalgOp>(anchor));
  FailureOr<std::unique_ptr<SketchInstance>> instance =
      instantiateSketch(config.getSketch(), group, target, error);
  if (failed(instance))
    return failure();
  FailureOr<KnobChoice> choice = (*instance)->fromConfig(config, error);
  if (failed(choice))
    return failure();
  return applySketch(**instance, *choice, anchor, error);
}

/// The lowering of a candidate: to PTX kernels and host code for
/// `gpuTarget` when it is set, else to code for `cpuTarget`.
static void buildLowering(PassManager &pm, sched::TargetAttr gpuTarget,
                          sched::TargetAttr cpuTarget) {
  if (gpuTarget) {
    LowerGPUOptions options;
    options.chip = gpuTarget.getArch().str();
    options.outParams = true;
    buildLowerGPUPipeline(pm, options);
    return;
  }
  LowerCPUOptions options;
  options.outParams = true;
  options.amx = lowersToAMX(cpuTarget);
  options.expandBF16 = expandsBF16(cpuTarget);
  options.parallel = cpuTarget.isCPU() && cpuTarget.getCores() > 1
                         ? ParallelRuntime::OpenMP
                         : ParallelRuntime::None;
  buildLowerCPUPipeline(pm, options);
}

/// The kernel signature of a build, as its outcome carries it.
static llvm::json::Object signatureToJSON(const KernelSignature &signature,
                                          bool onGPU) {
  llvm::json::Array inputs, outputs;
  for (ShapedType t : signature.inputs)
    inputs.push_back(printType(t));
  for (ShapedType t : signature.outputs)
    outputs.push_back(printType(t));
  llvm::json::Object json{{"inputs", std::move(inputs)},
                          {"outputs", std::move(outputs)},
                          {"flops", signature.flops},
                          {"out_params", signature.outParams},
                          {"cuda", onGPU}};
  if (signature.precision)
    json["precision"] = printType(signature.precision);
  json["reduction_size"] = signature.reductionSize;
  if (signature.accumulator)
    json["accumulator"] = printType(signature.accumulator);
  // The arguments host code touches: a GPU runner passes them in managed
  // memory, the others in device memory.
  if (!signature.hostArgs.empty())
    json["host_args"] = llvm::json::Array(signature.hostArgs);
  // The bounds of the inputs that hold indices: random inputs in range.
  if (!signature.inputBounds.empty())
    json["input_bounds"] = llvm::json::Array(signature.inputBounds);
  return json;
}

BuildOutcome mlir::tuner::buildCandidate(MLIRContext &ctx,
                                         const BuildRequest &request) {
  auto start = Clock::now();
  BuildOutcome out;
  DiagnosticCollector diagnostics(ctx);
  auto fail = [&](MeasureError error, StringRef message) {
    out.error = error;
    out.message = message.str();
    if (!diagnostics.messages.empty())
      out.message += ": " + diagnostics.messages;
    out.seconds = secondsSince(start);
    return out;
  };

  OwningOpRef<ModuleOp> module =
      parseSourceString<ModuleOp>(request.module, &ctx);
  if (!module)
    return fail(MeasureError::Instantiation, "cannot parse the task module");
  auto target =
      dyn_cast_or_null<sched::TargetAttr>(parseAttribute(request.target, &ctx));
  if (!target)
    return fail(MeasureError::Instantiation, "cannot parse the target");
  Operation *anchor = findTaskAnchor(*module);
  if (!anchor)
    return fail(MeasureError::Instantiation, "the task module has no anchor op");
  auto func = anchor->getParentOfType<func::FuncOp>();
  out.entry = func.getName().str();
  annotateKernelSignature(func);

  if (!request.config.empty()) {
    std::string error;
    if (failed(applyConfig(request.config, anchor, target, error)))
      return fail(MeasureError::Instantiation, error);
  }

  // A candidate for a CUDA target becomes PTX kernels (JIT-compiled by the
  // driver when loaded) and host code calling our CUDA runtime; the
  // reference (no config) always runs on the CPU.
  bool onGPU = target.isCUDA() && !request.config.empty();
  sched::TargetAttr cpuTarget = target;
  if (target.isCUDA() && request.config.empty())
    if (sched::TargetAttr host = scheduleReferenceOnHost(anchor))
      cpuTarget = host;
  PassManager pm(&ctx, ModuleOp::getOperationName());
  buildLowering(pm, onGPU ? target : sched::TargetAttr(), cpuTarget);
  if (failed(pm.run(*module)))
    return fail(onGPU ? MeasureError::CompileDevice : MeasureError::CompileHost,
                "lowering failed");

  std::string error;
  if (onGPU) {
    if (std::optional<std::string> kernel = findDeviceHeapUse(*module))
      return fail(MeasureError::CompileDevice,
                  "kernel " + *kernel +
                      " allocates from the device heap (a "
                      "buffer left inside the kernel)");
    FailureOr<std::optional<cuda::KernelResources>> resources =
        getKernelResources(*module, target.getArch(), error);
    if (failed(resources))
      return fail(MeasureError::CompileDevice, error);
    out.resources = *resources;
    if (out.resources)
      if (std::optional<std::string> why =
              cuda::checkResources(*out.resources, target.getRegistersPerSm(),
                                   target.getSharedMemoryPerBlock()))
        return fail(MeasureError::Resources, *why);
  }

  Operation *lowered = module->lookupSymbol(out.entry);
  if (!lowered)
    return fail(MeasureError::CompileHost, "the entry function disappeared");
  FailureOr<KernelSignature> signature = getKernelSignature(lowered, error);
  if (failed(signature))
    return fail(MeasureError::CompileHost, "no kernel signature: " + error);
  out.signature = signatureToJSON(*signature, onGPU);

  // The JIT compiles host code for this target's ISA (and refuses one this
  // machine cannot run).
  sched::setTarget(*module, cpuTarget);
  if (failed(
          compileToObjectFile(*module, out.entry, request.objectPath, error)))
    return fail(MeasureError::CompileHost, error);
  out.seconds = secondsSince(start);
  return out;
}

//===----------------------------------------------------------------------===//
// Run
//===----------------------------------------------------------------------===//

FailureOr<KernelSignature>
mlir::tuner::parseSignature(MLIRContext &ctx,
                            const llvm::json::Object &signature,
                            std::string &error) {
  KernelSignature sig;
  auto types = [&](StringRef key, SmallVector<ShapedType> &out) {
    const llvm::json::Array *list = signature.getArray(key);
    if (!list)
      return false;
    for (const llvm::json::Value &v : *list) {
      std::optional<StringRef> text = v.getAsString();
      auto type = text ? dyn_cast_or_null<ShapedType>(parseType(*text, &ctx))
                       : ShapedType();
      if (!type)
        return false;
      out.push_back(type);
    }
    return true;
  };
  if (!types("inputs", sig.inputs) || !types("outputs", sig.outputs)) {
    error = "malformed kernel signature";
    return failure();
  }
  sig.flops = signature.getInteger("flops").value_or(0);
  sig.outParams = signature.getBoolean("out_params").value_or(false);
  if (std::optional<StringRef> precision = signature.getString("precision"))
    sig.precision = parseType(*precision, &ctx);
  sig.reductionSize =
      std::max<int64_t>(1, signature.getInteger("reduction_size").value_or(1));
  if (std::optional<StringRef> acc = signature.getString("accumulator"))
    sig.accumulator = parseType(*acc, &ctx);
  if (const llvm::json::Array *hostArgs = signature.getArray("host_args"))
    for (const llvm::json::Value &v : *hostArgs)
      if (std::optional<int64_t> index = v.getAsInteger())
        sig.hostArgs.push_back(*index);
  if (const llvm::json::Array *bounds = signature.getArray("input_bounds")) {
    for (const llvm::json::Value &v : *bounds)
      sig.inputBounds.push_back(v.getAsInteger().value_or(0));
    if (sig.inputBounds.size() != sig.inputs.size())
      sig.inputBounds.clear(); // malformed: no bounds rather than wrong ones
  }
  return sig;
}

ObjectRunner::TaskData *
ObjectRunner::getTaskData(const RunRequest &request,
                          const KernelSignature &signature,
                          std::string &error) {
  // The task's pristine inputs; kernels may write their arguments (an
  // accumulator passed in), so every run starts from a copy.
  std::unique_ptr<TaskData> &data = tasks[request.taskKey];
  if (!data) {
    auto fresh = std::make_unique<TaskData>();
    std::vector<HostBuffer> unusedOutputs;
    if (failed(allocateBuffers(signature, fresh->inputs, unusedOutputs, error)))
      return nullptr;
    for (auto [i, buffer] : llvm::enumerate(fresh->inputs))
      buffer.fillRandom(
          request.seed * 1000003 + i,
          signature.inputBounds.empty() ? 0 : signature.inputBounds[i]);
    data = std::move(fresh);
  }
  return data.get();
}

RunOutcome ObjectRunner::computeReference(const RunRequest &request) {
  auto start = Clock::now();
  RunOutcome out;
  auto fail = [&](MeasureError error, StringRef message) {
    out.error = error;
    out.message = message.str();
    out.wallSeconds = secondsSince(start);
    return out;
  };
  std::string error;
  FailureOr<KernelSignature> signature =
      parseSignature(ctx, request.signature, error);
  if (failed(signature))
    return fail(MeasureError::Unknown, error);
  TaskData *data = getTaskData(request, *signature, error);
  if (!data)
    return fail(MeasureError::Unknown, error);
  if (data->haveReference) {
    out.wallSeconds = secondsSince(start);
    return out;
  }
  // The reference runs on the CPU whatever the target (Jobs.h).
  FailureOr<std::unique_ptr<ObjectKernel>> reference = ObjectKernel::load(
      request.referencePath, request.referenceEntry, *signature, error);
  if (failed(reference))
    return fail(MeasureError::Unknown, "cannot load the reference: " + error);
  std::vector<HostBuffer> refInputs;
  if (failed(allocateBuffers(*signature, refInputs, data->referenceOutputs,
                             error)))
    return fail(MeasureError::Unknown, error);
  for (auto [copy, pristine] : llvm::zip(refInputs, data->inputs))
    copy.copyFrom(pristine);
  for (HostBuffer &output : data->referenceOutputs)
    output.poison();
  auto referenceStart = Clock::now();
  (*reference)->run(refInputs, data->referenceOutputs);
  out.referenceSeconds = secondsSince(referenceStart);
  data->referenceInputs = std::move(refInputs);
  data->haveReference = true;
  out.wallSeconds = secondsSince(start);
  return out;
}

RunOutcome ObjectRunner::run(const RunRequest &request) {
  auto start = Clock::now();
  RunOutcome out;
  auto fail = [&](MeasureError error, StringRef message) {
    out.error = error;
    out.message = message.str();
    out.wallSeconds = secondsSince(start);
    return out;
  };
  std::string error;
  FailureOr<KernelSignature> signature =
      parseSignature(ctx, request.signature, error);
  if (failed(signature))
    return fail(MeasureError::Unknown, error);
  bool onGPU = request.signature.getBoolean("cuda").value_or(false);
  if (onGPU && failed(cuda::initialize(/*ordinal=*/0, error)))
    return fail(MeasureError::RuntimeDevice, error);
  FailureOr<std::unique_ptr<ObjectKernel>> kernel =
      ObjectKernel::load(request.objectPath, request.entry, *signature, error);
  if (failed(kernel))
    return fail(MeasureError::CompileHost, error);
  TaskData *data = getTaskData(request, *signature, error);
  if (!data)
    return fail(MeasureError::Unknown, error);

  // A GPU kernel is timed on arguments in device memory (managed memory
  // where host code between its kernels touches them), with CUDA events
  // around its launches, and checked on arguments in managed memory, whose
  // guard regions catch accesses out of bounds (the runtime dies, and this
  // process with it, if the kernel faults).
  std::vector<HostBuffer> inputs, outputs;
  if (failed(allocateBuffers(*signature, inputs, outputs, error, onGPU)))
    return fail(MeasureError::Unknown, error);
  auto restoreInputs = [&] {
    for (auto [copy, pristine] : llvm::zip(inputs, data->inputs))
      copy.copyFrom(pristine);
  };

  restoreInputs();
  Timings timings;
  if (onGPU) {
    FailureOr<GPUArguments> args =
        placeArgumentsOnGPU(*signature, data->inputs, outputs, error);
    if (failed(args))
      return fail(MeasureError::RuntimeDevice, error);
    cuda::KernelTimer timer;
    for (unsigned i = 0; i < request.timing.warmup; ++i)
      (*kernel)->run(args->inputs, args->outputs);
    for (unsigned i = 0; i < std::max(1u, request.timing.repeats); ++i) {
      timer.reset();
      (*kernel)->run(args->inputs, args->outputs);
      timings.seconds.push_back(timer.getSeconds());
    }
  } else {
    timings = (*kernel)->time(inputs, outputs, request.timing);
  }
  out.seconds = timings.seconds;
  double median = timings.median();

  if (!request.referencePath.empty() && median < request.verifyBelow) {
    // The driver computes the reference outputs in a job of their own
    // (computeReference) before it asks for a check.
    if (!data->haveReference)
      return fail(MeasureError::Unknown,
                  "the runner has no reference outputs for this task");
    restoreInputs();
    // An output element the kernel does not write stays NaN.
    for (HostBuffer &output : outputs)
      output.poison();
    (*kernel)->run(inputs, outputs);
    out.verified = true;
    Comparison c = compareWithReference(
        *signature, getKernelTolerance(*signature, request.tolerance), inputs,
        outputs, data->referenceInputs, data->referenceOutputs);
    out.maxError = c.maxError;
    if (!c.match)
      return fail(MeasureError::WrongAnswer,
                  "the outputs differ from the reference's in " +
                      std::to_string(c.mismatches) + " elements (" +
                      c.firstMismatch + ")");
  } else {
    // Even unchecked, a kernel that wrote outside its buffers is wrong.
    Comparison c =
        compareWithReference(*signature, Tolerance(), inputs, outputs, {}, {});
    if (!c.match)
      return fail(MeasureError::WrongAnswer, c.firstMismatch);
  }
  out.wallSeconds = secondsSince(start);
  return out;
}

//===----------------------------------------------------------------------===//
// JSON
//===----------------------------------------------------------------------===//

llvm::json::Value mlir::tuner::toJSON(const BuildRequest &r) {
  return llvm::json::Object{{"module", r.module},
                            {"target", r.target},
                            {"config", r.config},
                            {"object", r.objectPath}};
}

bool mlir::tuner::fromJSON(const llvm::json::Value &v, BuildRequest &r) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return false;
  auto module = o->getString("module"), target = o->getString("target"),
       config = o->getString("config"), object = o->getString("object");
  if (!module || !target || !config || !object)
    return false;
  r.module = module->str();
  r.target = target->str();
  r.config = config->str();
  r.objectPath = object->str();
  return true;
}

llvm::json::Value mlir::tuner::resourcesToJSON(const std::optional<cuda::KernelResources> &r) {
  if (!r)
    return nullptr;
  return llvm::json::Object{{"kernel", r->kernel},
                            {"registers", r->registers},
                            {"spill_stores", r->spillStores},
                            {"spill_loads", r->spillLoads},
                            {"shared_bytes", r->sharedBytes},
                            {"stack_bytes", r->stackBytes},
                            {"threads", r->threadsPerBlock}};
}

std::optional<cuda::KernelResources>
mlir::tuner::resourcesFromJSON(const llvm::json::Object *o) {
  if (!o)
    return std::nullopt;
  cuda::KernelResources r;
  r.kernel = o->getString("kernel").value_or("").str();
  r.registers = o->getInteger("registers").value_or(0);
  r.spillStores = o->getInteger("spill_stores").value_or(0);
  r.spillLoads = o->getInteger("spill_loads").value_or(0);
  r.sharedBytes = o->getInteger("shared_bytes").value_or(0);
  r.stackBytes = o->getInteger("stack_bytes").value_or(0);
  r.threadsPerBlock = o->getInteger("threads").value_or(0);
  return r;
}

llvm::json::Value mlir::tuner::toJSON(const BuildOutcome &r) {
  return llvm::json::Object{{"error", static_cast<int64_t>(r.error)},
                            {"message", r.message},
                            {"entry", r.entry},
                            {"signature", llvm::json::Object(r.signature)},
                            {"seconds", r.seconds},
                            {"resources", resourcesToJSON(r.resources)}};
}

bool mlir::tuner::fromJSON(const llvm::json::Value &v, BuildOutcome &r) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return false;
  std::optional<int64_t> error = o->getInteger("error");
  if (!error || *error < 0 || *error > kMaxMeasureError)
    return false;
  r.error = static_cast<MeasureError>(*error);
  r.message = o->getString("message").value_or("").str();
  r.entry = o->getString("entry").value_or("").str();
  if (const llvm::json::Object *s = o->getObject("signature"))
    r.signature = *s;
  r.seconds = o->getNumber("seconds").value_or(0);
  r.resources = resourcesFromJSON(o->getObject("resources"));
  return true;
}

llvm::json::Value mlir::tuner::toJSON(const RunRequest &r) {
  double verifyBelow = std::isinf(r.verifyBelow) ? -1.0 : r.verifyBelow;
  return llvm::json::Object{
      {"object", r.objectPath},
      {"entry", r.entry},
      {"signature", llvm::json::Object(r.signature)},
      {"task", r.taskKey},
      {"reference", r.referencePath},
      {"reference_entry", r.referenceEntry},
      {"seed", static_cast<int64_t>(r.seed)},
      {"warmup", static_cast<int64_t>(r.timing.warmup)},
      {"repeats", static_cast<int64_t>(r.timing.repeats)},
      {"min_repeat_ms", r.timing.minRepeatMs},
      // -1 stands for "always" (JSON has no infinity).
      {"verify_below", verifyBelow},
      {"tolerance", r.tolerance}};
}

bool mlir::tuner::fromJSON(const llvm::json::Value &v, RunRequest &r) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return false;
  auto object = o->getString("object"), entry = o->getString("entry"),
       task = o->getString("task");
  const llvm::json::Object *signature = o->getObject("signature");
  if (!object || !entry || !task || !signature)
    return false;
  r.objectPath = object->str();
  r.entry = entry->str();
  r.taskKey = task->str();
  r.signature = *signature;
  r.referencePath = o->getString("reference").value_or("").str();
  r.referenceEntry = o->getString("reference_entry").value_or("").str();
  r.seed = o->getInteger("seed").value_or(0);
  r.timing.warmup = o->getInteger("warmup").value_or(1);
  r.timing.repeats = o->getInteger("repeats").value_or(3);
  r.timing.minRepeatMs = o->getNumber("min_repeat_ms").value_or(0);
  double verifyBelow = o->getNumber("verify_below").value_or(0);
  r.verifyBelow =
      verifyBelow < 0 ? std::numeric_limits<double>::infinity() : verifyBelow;
  r.tolerance = o->getNumber("tolerance").value_or(0);
  return true;
}

llvm::json::Value mlir::tuner::toJSON(const RunOutcome &r) {
  return llvm::json::Object{{"error", static_cast<int64_t>(r.error)},
                            {"message", r.message},
                            {"times_s", llvm::json::Array(r.seconds)},
                            {"verified", r.verified},
                            // JSON has no infinity (a NaN or a write
                            // outside the buffers): null.
                            {"max_error", std::isfinite(r.maxError)
                                              ? llvm::json::Value(r.maxError)
                                              : llvm::json::Value(nullptr)},
                            {"reference_s", r.referenceSeconds},
                            {"wall_s", r.wallSeconds}};
}

bool mlir::tuner::fromJSON(const llvm::json::Value &v, RunOutcome &r) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return false;
  std::optional<int64_t> error = o->getInteger("error");
  const llvm::json::Array *times = o->getArray("times_s");
  if (!error || *error < 0 || *error > kMaxMeasureError || !times)
    return false;
  r.error = static_cast<MeasureError>(*error);
  r.message = o->getString("message").value_or("").str();
  r.seconds.clear();
  for (const llvm::json::Value &t : *times)
    r.seconds.push_back(t.getAsNumber().value_or(0));
  r.verified = o->getBoolean("verified").value_or(false);
  r.maxError = o->getNumber("max_error")
                   .value_or(std::numeric_limits<double>::infinity());
  r.referenceSeconds = o->getNumber("reference_s").value_or(0);
  r.wallSeconds = o->getNumber("wall_s").value_or(0);
  return true;
}

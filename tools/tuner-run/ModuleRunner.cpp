//===- ModuleRunner.cpp - run a module on the CPU, time and check ---------===//

#include "ModuleRunner.h"

#include "Tuner/Dialect/Sched/IR/SchedAttrs.h"
#include "Tuner/Dialect/Sched/IR/SchedDialect.h"
#include "Tuner/Transforms/KernelSignature.h"
#include "Tuner/Transforms/Prepare.h"
#include "Tuner/Tuner/Passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace mlir;
using namespace mlir::tuner;

double RunResult::getGFlops() const {
  double t = timings.median();
  return t > 0 && signature.flops > 0 ? signature.flops / t / 1e9 : 0;
}

bool mlir::tuner::isLoweredToLLVM(ModuleOp module) {
  bool lowered = true;
  module.walk([&](Operation *op) {
    if (op == module.getOperation())
      return WalkResult::advance();
    Dialect *dialect = op->getDialect();
    if (!dialect || !(isa<LLVM::LLVMDialect>(dialect) ||
                      dialect->getNamespace() == "omp")) {
      lowered = false;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return lowered;
}

LogicalResult mlir::tuner::prepareModuleForCPU(ModuleOp module,
                                               StringRef requestedEntry,
                                               ParallelRuntime parallel,
                                               std::string &entry,
                                               std::string &error) {
  FailureOr<Operation *> func =
      findEntryFunction(module, requestedEntry, error);
  if (failed(func))
    return failure();
  entry = SymbolTable::getSymbolName(*func).str();
  if (isLoweredToLLVM(module))
    return success();

  // The FLOP count must be taken before the linalg ops are tiled, and after
  // TOSA ops became linalg ops (their reductions set the tolerance); a
  // signature that cannot be called is reported before lowering.
  if (failed(convertFrontendOps(module))) {
    error = "failed to convert the module's frontend ops (see the errors "
            "above)";
    return failure();
  }
  annotateKernelSignature(*func);
  FailureOr<KernelSignature> signature = getKernelSignature(*func, error);
  if (failed(signature))
    return failure();
  PassManager pm(module.getContext(), ModuleOp::getOperationName());
  pm.addPass(tuner::createSchedMaterialize());
  LowerCPUOptions options;
  options.parallel = parallel;
  // Results of dynamic shape are allocated by the function.
  options.outParams = !hasDynamicOutputs(*signature);
  options.amx = lowersToAMX(sched::getTarget(module));
  options.expandBF16 = expandsBF16(sched::getTarget(module));
  buildLowerCPUPipeline(pm, options);
  if (failed(pm.run(module))) {
    error = "failed to materialize and lower the module (see the errors "
            "above)";
    return failure();
  }
  return success();
}

FailureOr<std::unique_ptr<CPUKernel>>
mlir::tuner::compileModuleForCPU(ModuleOp module, StringRef requestedEntry,
                                 ParallelRuntime parallel, std::string &entry,
                                 std::string &error, unsigned optLevel) {
  if (failed(
          prepareModuleForCPU(module, requestedEntry, parallel, entry, error)))
    return failure();
  Operation *func = module.lookupSymbol(entry);
  FailureOr<KernelSignature> signature = getKernelSignature(func, error);
  if (failed(signature))
    return failure();
  return CPUKernel::compile(module, entry, *signature, error, optLevel);
}

namespace {
/// A compiled module with its buffers.
struct Prepared {
  std::unique_ptr<CPUKernel> kernel;
  std::vector<HostBuffer> inputs, outputs;
  std::string entry;
};
} // namespace

FailureOr<KernelSignature> mlir::tuner::resolveDynamicInputs(
    KernelSignature signature, const RunOptions &options, std::string &error) {
  for (auto [i, type] : llvm::enumerate(signature.inputs)) {
    if (type.hasStaticShape())
      continue;
    llvm::raw_string_ostream os(error);
    if (options.inputsDir.empty()) {
      os << "input #" << i << " has type " << type
         << "; an input of dynamic shape takes the shape of its data: give "
            "it with --inputs=DIR, or give the dynamic dimensions static "
            "sizes (tuner-opt --tuner-specialize-shapes=\"sizes=...\")";
      return failure();
    }
    SmallString<128> path(options.inputsDir);
    llvm::sys::path::append(path, "input_" + std::to_string(i) + ".npy");
    FailureOr<SmallVector<int64_t>> shape = readNpyShape(path, error);
    if (failed(shape)) {
      error = "input " + std::to_string(i) + ": " + error;
      return failure();
    }
    bool fits = shape->size() == size_t(type.getRank()) &&
                llvm::all_of(llvm::zip(*shape, type.getShape()), [](auto p) {
                  auto [size, dim] = p;
                  return ShapedType::isDynamic(dim) || size == dim;
                });
    if (!fits) {
      os << "input " << i << ": '" << path << "': its shape (";
      llvm::interleaveComma(*shape, os);
      os << ") does not fit " << type;
      return failure();
    }
    signature.inputs[i] = type.clone(*shape);
  }
  return signature;
}

/// Compiles `module` and allocates its buffers, the inputs seeded (inputs
/// of dynamic shape get their files' shapes); a reference at LLVM's -O2
/// (CPUKernel::compile).
static FailureOr<Prepared> prepareAndCompile(ModuleOp module,
                                             const RunOptions &options,
                                             bool isReference,
                                             std::string &error) {
  Prepared p;
  FailureOr<std::unique_ptr<CPUKernel>> kernel =
      compileModuleForCPU(module, options.entry, options.parallel, p.entry,
                          error, /*optLevel=*/isReference ? 2 : 3);
  if (failed(kernel))
    return failure();
  p.kernel = std::move(*kernel);
  FailureOr<KernelSignature> shapes =
      resolveDynamicInputs(p.kernel->getSignature(), options, error);
  if (failed(shapes) ||
      failed(allocateBuffers(*shapes, p.inputs, p.outputs, error)))
    return failure();
  if (failed(fillInputs(p.inputs, *shapes, options, error)))
    return failure();
  return p;
}

LogicalResult mlir::tuner::fillInputs(MutableArrayRef<HostBuffer> inputs,
                                      const KernelSignature &signature,
                                      const RunOptions &options,
                                      std::string &error) {
  if (options.inputsDir.empty()) {
    for (auto [i, buffer] : llvm::enumerate(inputs))
      buffer.fillRandom(
          options.seed * 1000003 + i,
          signature.inputBounds.empty() ? 0 : signature.inputBounds[i]);
    return success();
  }
  for (auto [i, buffer] : llvm::enumerate(inputs)) {
    SmallString<128> path(options.inputsDir);
    llvm::sys::path::append(path, "input_" + std::to_string(i) + ".npy");
    if (failed(buffer.readNpy(path, error))) {
      error = "input " + std::to_string(i) + ": " + error;
      return failure();
    }
  }
  // A file past the entry's inputs is a sign of the wrong directory or
  // entry, not something to ignore.
  SmallString<128> extra(options.inputsDir);
  llvm::sys::path::append(extra,
                          "input_" + std::to_string(inputs.size()) + ".npy");
  if (llvm::sys::fs::exists(extra)) {
    error = "'" + extra.str().str() + "' is one input more than the entry's " +
            std::to_string(inputs.size());
    return failure();
  }
  return success();
}

Tolerance mlir::tuner::getTolerance(const RunOptions &options,
                                    const KernelSignature &reference) {
  double atol = options.atol > 0 ? options.atol : options.tolerance;
  return getKernelTolerance(reference, options.tolerance, atol);
}

void mlir::tuner::stripSchedules(ModuleOp reference) {
  reference.walk([](Operation *op) {
    op->removeAttr(sched::SchedDialect::kConfigAttrName);
  });
}

LogicalResult mlir::tuner::saveBuffers(ArrayRef<HostBuffer> buffers,
                                       StringRef dir, StringRef prefix,
                                       std::string &error) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir)) {
    error = "cannot create '" + dir.str() + "': " + ec.message();
    return failure();
  }
  for (auto [i, buffer] : llvm::enumerate(buffers)) {
    SmallString<128> path(dir);
    llvm::sys::path::append(path, prefix + "_" + std::to_string(i) + ".npy");
    if (failed(buffer.writeNpy(path, error)))
      return failure();
  }
  return success();
}

/// Whether each type of `types` is the one of `general` at its position or
/// gives static sizes to its dynamic dimensions (a module specialized to
/// its inputs' shapes, checked against the dynamic program).
static bool isSpecializationOf(ArrayRef<ShapedType> types,
                               ArrayRef<ShapedType> general) {
  if (types.size() != general.size())
    return false;
  return llvm::all_of(llvm::zip(types, general), [](auto pair) {
    ShapedType type = std::get<0>(pair), of = std::get<1>(pair);
    if (type == of)
      return true;
    return type.getTypeID() == of.getTypeID() &&
           type.getElementType() == of.getElementType() && type.hasRank() &&
           of.hasRank() && type.getRank() == of.getRank() &&
           llvm::all_of(llvm::zip(type.getShape(), of.getShape()), [](auto d) {
             auto [size, dim] = d;
             return size == dim || ShapedType::isDynamic(dim);
           });
  });
}

LogicalResult mlir::tuner::checkAgainstReference(
    ModuleOp reference, bool widenReference, const RunOptions &options,
    ArrayRef<HostBuffer> inputs, ArrayRef<HostBuffer> outputs,
    RunResult &result, std::string &error) {
  stripSchedules(reference);
  if (widenReference && !isLoweredToLLVM(reference) &&
      failed(widenAccumulators(reference))) {
    error = "reference: cannot widen its accumulators";
    return failure();
  }
  FailureOr<Prepared> ref = prepareAndCompile(reference, options, /*isReference=*/true, error);
  if (failed(ref)) {
    error = "reference: " + error;
    return failure();
  }
  const KernelSignature &a = result.signature, &b = ref->kernel->getSignature();
  if (!isSpecializationOf(a.inputs, b.inputs) ||
      !isSpecializationOf(a.outputs, b.outputs)) {
    error = "the reference's signature differs from the module's";
    return failure();
  }
  // A lowered module no longer knows its FLOPs (they are counted before
  // tiling); the untransformed reference does.
  if (result.signature.flops == 0)
    result.signature.flops = b.flops;
  // Both input sets come from the same seeds, and neither kernel has run
  // on its own yet (a kernel may write an argument it accumulates into).
  // The bounds are the module's: the reference, its ops not fused, may not
  // see that an input indexes a table, and would draw other indices.
  if (options.inputsDir.empty() &&
      failed(fillInputs(ref->inputs, result.signature, options, error)))
    return failure();
  for (HostBuffer &output : ref->outputs)
    output.poison();
  ref->kernel->run(ref->inputs, ref->outputs);
  if (!options.saveOutputsDir.empty() &&
      failed(saveBuffers(ref->outputs, options.saveOutputsDir, "reference",
                         error)))
    return failure();
  // A kernel that computes in a narrower precision than its reference's
  // types (f32 inputs rounded to tf32 on tensor cores), or accumulates in a
  // narrower type than the widened reference does (an f16 matmul on f16
  // tensor-core accumulators, as the program asks), is checked with it.
  KernelSignature checked = b;
  auto isNarrower = [](Type x, Type y) {
    auto fx = dyn_cast_or_null<FloatType>(x);
    auto fy = dyn_cast_or_null<FloatType>(y);
    return fx && fy && fx.getFPMantissaWidth() < fy.getFPMantissaWidth();
  };
  if (isNarrower(a.precision, b.precision))
    checked.precision = a.precision;
  if (isNarrower(a.accumulator, b.accumulator))
    checked.accumulator = a.accumulator;
  result.tolerance = getTolerance(options, checked);
  result.comparison =
      compareWithReference(b, result.tolerance, inputs, outputs,
                           inputs.empty() ? ArrayRef<HostBuffer>()
                                          : ArrayRef<HostBuffer>(ref->inputs),
                           ref->outputs);
  return success();
}

FailureOr<RunResult> mlir::tuner::runModuleOnCPU(ModuleOp module,
                                                 ModuleOp reference,
                                                 const RunOptions &options,
                                                 std::string &error) {
  auto start = std::chrono::steady_clock::now();
  // The module skips the intermediate roundings of bf16/f16 reductions
  // unless it still has one (a program not prepared by tuner-prepare).
  bool widenReference =
      options.skipIntermediateRoundings &&
      (isLoweredToLLVM(module) || !hasNarrowAccumulations(module));
  FailureOr<Prepared> candidate = prepareAndCompile(module, options, /*isReference=*/false, error);
  if (failed(candidate))
    return failure();
  RunResult result;
  result.entry = candidate->entry;
  result.signature = candidate->kernel->getSignature();
  result.compileSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  // Run once on the pristine inputs for the comparison, before timing.
  if (!options.saveInputsDir.empty() &&
      failed(saveBuffers(candidate->inputs, options.saveInputsDir, "input",
                         error)))
    return failure();
  for (HostBuffer &output : candidate->outputs)
    output.poison();
  candidate->kernel->run(candidate->inputs, candidate->outputs);
  if (!options.saveOutputsDir.empty() &&
      failed(saveBuffers(candidate->outputs, options.saveOutputsDir, "output",
                         error)))
    return failure();

  if (reference && failed(checkAgainstReference(
                       reference, widenReference, options, candidate->inputs,
                       candidate->outputs, result, error)))
    return failure();

  result.timings = candidate->kernel->time(candidate->inputs,
                                           candidate->outputs, options.timing);
  return result;
}

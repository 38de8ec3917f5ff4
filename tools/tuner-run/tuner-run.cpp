//===- tuner-run.cpp - JIT-run a module, time it, check it ----------------===//
//
//   tuner-run FILE [--entry=NAME] [--reference=FILE] [--repeats=N] [--json]
//             [--seed=S] [--warmup=N] [--min-repeat-ms=MS] [--omp-threads=N]
//             [--tolerance=T] [--atol=A] [--parallel=openmp|none]
//             [--inputs=DIR] [--save-inputs=DIR] [--save-outputs=DIR]
//             [--skip-intermediate-roundings=false]
//
// FILE is linalg on tensors (scheduled or not: its #sched.config annotations
// are materialized, then tuner-lower-cpu runs) or a module already in the
// LLVM dialect (lowered by tuner-lower-cpu). The entry function runs on seeded
// random inputs; the tool prints the median time, the spread and GFLOP/s, and
// with --reference runs the reference module on the same inputs and compares
// the outputs. Exit status: 0 on success, 1 on an error, 2 on a mismatch.
//
// A CUDA module (kernels lowered by tuner-lower-gpu with out-params=true, or
// a module scheduled for a CUDA target, which is lowered here) runs on CUDA
// device 0: arguments in device memory, the inputs copied in and the results
// out once, whole calls timed with CUDA events (the kernels alone too); the
// reference still runs on the CPU. Without a GPU or driver that is one
// diagnostic at the module, before anything runs.
//
// --save-inputs and --save-outputs write the inputs (input_<i>.npy), the
// outputs of the first call (output_<i>.npy) and the reference's outputs
// (reference_<i>.npy) as NumPy files, to run another compiler's build of the
// same program on the same inputs and check it against the same outputs.
// bf16 has no NumPy dtype: it is written as raw bits with the '<u2' dtype
// (np.load(f).view(ml_dtypes.bfloat16) reads it back). --inputs=DIR runs
// the module (and the reference) on DIR's input_<i>.npy files instead of
// random values: a user's own data, or the inputs another runtime used.
//
// A thin shell over ModuleRunner.cpp.
//
//===----------------------------------------------------------------------===//

#include "ModuleRunner.h"
#include "Tuner/Config.h"
#include "Tuner/InitAll.h"
#include "Tuner/Support/UpgradeSource.h"
#include "Tuner/Tuner/Measure/CPUExecutor.h"
#include "Tuner/Tuner/Measure/Worker.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/PrettyStackTrace.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace mlir::tuner;
namespace cl = llvm::cl;

static cl::OptionCategory category("tuner-run options");
static cl::opt<std::string> inputFile(cl::Positional, cl::desc("<module.mlir>"),
                                      cl::Required, cl::cat(category));
static cl::opt<std::string> entry("entry",
                                  cl::desc("Function to run (default: the "
                                           "only public function)"),
                                  cl::cat(category));
static cl::opt<std::string>
    referenceFile("reference",
                  cl::desc("Module computing the expected outputs"),
                  cl::value_desc("file"), cl::cat(category));
static cl::opt<unsigned> repeats("repeats", cl::desc("Timed repeats"),
                                 cl::init(10), cl::cat(category));
static cl::opt<unsigned> warmup("warmup", cl::desc("Untimed calls first"),
                                cl::init(1), cl::cat(category));
static cl::opt<double>
    minRepeatMs("min-repeat-ms",
                cl::desc("Make each repeat last at least this long by "
                         "averaging several calls"),
                cl::init(0), cl::cat(category));
static cl::opt<uint64_t> seed("seed", cl::desc("Seed of the random inputs"),
                              cl::init(0), cl::cat(category));
static cl::opt<bool> json("json", cl::desc("Print one JSON object"),
                          cl::cat(category));
static cl::opt<bool> kernelTimes(
    "kernel-times",
    cl::desc("GPU modules: the device time of each kernel launch (median over "
             "the repeats), with its kernel, grid, block and, for a module "
             "printed with --mlir-print-debuginfo from the reference's file, "
             "the reference's op it was scheduled from"),
    cl::cat(category));
static cl::opt<unsigned>
    threads("omp-threads",
            cl::desc("OpenMP threads for parallel loops (default: all)"),
            cl::init(0), cl::cat(category));
static cl::opt<double> tolerance(
    "tolerance",
    cl::desc("Relative tolerance of the comparison with the reference: an "
             "element matches when |x - y| <= atol + rtol * |y| (default 0: "
             "by the types the reference computes with, 1e-5 for f32, 4 "
             "units in the last place for f16 and bf16; see docs/Tuning.md)"),
    cl::init(0), cl::cat(category));
static cl::opt<double> absoluteTolerance(
    "atol",
    cl::desc("Absolute tolerance of the comparison (default 0: "
             "--tolerance when given, else by the types and the longest "
             "reduction of the reference)"),
    cl::init(0), cl::cat(category));
static cl::opt<std::string>
    inputs("inputs",
           cl::desc("Read the inputs from DIR's input_<i>.npy files (as "
                    "--save-inputs writes them) instead of random values"),
           cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string>
    saveInputs("save-inputs",
               cl::desc("Write the inputs to DIR as input_<i>.npy"),
               cl::value_desc("dir"), cl::cat(category));
static cl::opt<std::string> saveOutputs(
    "save-outputs",
    cl::desc("Write the outputs of the first call to DIR as output_<i>.npy "
             "(and the reference's as reference_<i>.npy)"),
    cl::value_desc("dir"), cl::cat(category));
static cl::opt<bool> skipIntermediateRoundings(
    "skip-intermediate-roundings",
    cl::desc("Compute the reference's bf16/f16 reductions with f32 "
             "accumulators, rounded once, as tuner-prepare makes the program "
             "do (tuner-widen-accumulators; default on; not when the module "
             "itself has such a reduction left)"),
    cl::init(true), cl::cat(category));
static cl::list<std::string> sharedLibs(
    "shared-libs",
    cl::desc("Libraries to load, whose functions the module calls (as "
             "mlir-runner's; MLIR's runner utilities are loaded when the "
             "module calls one of theirs)"),
    cl::CommaSeparated, cl::value_desc("path,..."), cl::cat(category));
static cl::opt<std::string> gpuFormat(
    "gpu-format",
    cl::desc("Kernels' format when tuner-run lowers a CUDA module on tensors "
             "(as tuner-lower-gpu's format=): isa (PTX, the driver "
             "compiles it) or llvm (LLVM bitcode, which only the test "
             "tree's fake driver runs, on its emulator)"),
    cl::init("isa"), cl::value_desc("isa|llvm"), cl::cat(category));
static cl::opt<std::string>
    parallel("parallel", cl::desc("How scf.forall runs: openmp or none"),
             cl::init("openmp"), cl::cat(category));

/// Parses `path` into a module; its buffer joins `sourceMgr` so that later
/// diagnostics (from materialization and lowering) can quote the source.
static OwningOpRef<ModuleOp> parseModule(StringRef path,
                                         llvm::SourceMgr &sourceMgr,
                                         MLIRContext *ctx) {
  std::string error;
  auto file = openInputFile(path, &error);
  if (!file) {
    llvm::errs() << "tuner-run: " << error << "\n";
    return nullptr;
  }
  unsigned id = sourceMgr.AddNewSourceBuffer(upgradeSource(std::move(file)),
                                             llvm::SMLoc());
  return parseSourceString<ModuleOp>(
      sourceMgr.getMemoryBuffer(id)->getBuffer(), ParserConfig(ctx), path);
}

static void printVersion(llvm::raw_ostream &os) {
  os << "tuner-run (mlir-tuner " << TUNER_VERSION << ", LLVM/MLIR "
     << LLVM_VERSION_STRING << ")\n";
}

/// --kernel-times in JSON: one object per launch, in launch order.
static llvm::json::Array launchesToJSON(ArrayRef<KernelLaunchTiming> launches) {
  llvm::json::Array array;
  for (const KernelLaunchTiming &l : launches)
    array.push_back(llvm::json::Object{{"kernel", l.kernel},
                                       {"location", l.location},
                                       {"op", l.op},
                                       {"grid", llvm::json::Array(l.grid)},
                                       {"block", llvm::json::Array(l.block)},
                                       {"median_s", l.medianSeconds}});
  return array;
}

/// --kernel-times as text: the launches, longest first, with their share of
/// the kernels' time.
static void printLaunches(ArrayRef<KernelLaunchTiming> launches) {
  if (launches.empty()) {
    llvm::outs() << "  kernels: the calls launched different kernels; no "
                    "per-launch times\n";
    return;
  }
  double total = 0;
  for (const KernelLaunchTiming &l : launches)
    total += l.medianSeconds;
  SmallVector<const KernelLaunchTiming *> order;
  for (const KernelLaunchTiming &l : launches)
    order.push_back(&l);
  // Ties in launch order (the pointers are into `launches`, in order).
  llvm::sort(order, [](auto *a, auto *b) {
    if (a->medianSeconds != b->medianSeconds)
      return a->medianSeconds > b->medianSeconds;
    return a < b;
  });
  llvm::outs() << "  kernels (median per launch, longest first):\n";
  for (const KernelLaunchTiming *l : order) {
    llvm::outs() << llvm::formatv(
        "    {0,9:f1} us {1,5:f1}%  {2}  grid {3}x{4}x{5} block {6}x{7}x{8}",
        l->medianSeconds * 1e6,
        total > 0 ? l->medianSeconds / total * 100 : 0.0,
        l->kernel.empty() ? "?" : l->kernel, l->grid[0], l->grid[1], l->grid[2],
        l->block[0], l->block[1], l->block[2]);
    if (!l->op.empty())
      llvm::outs() << "  " << l->op;
    if (!l->location.empty())
      llvm::outs() << " at " << l->location;
    llvm::outs() << "\n";
  }
}

int main(int argc, char **argv) {
  // A failed cf.assert puts its message on stdout and aborts, maybe on
  // another thread while this one is reporting the crash: a line-buffered
  // stdout has it out before the abort.
  std::setvbuf(stdout, nullptr, _IOLBF, BUFSIZ);
  llvm::InitLLVM init(argc, argv);
  DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  tuner::registerAllDialects(registry);
  // tuner-run can serve as the worker executable of tuner-tune too.
  tuner::registerWorkerJobs();
  if (std::optional<int> exitCode = maybeRunWorker(argc, argv, registry))
    return *exitCode;

  cl::SetVersionPrinter(printVersion);
  cl::HideUnrelatedOptions(category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tuner-run: JIT-compile a module, run it on random inputs, time it and "
      "check it against a reference\n");

  if (threads > 0)
    setenv("OMP_NUM_THREADS", std::to_string(threads).c_str(), 1);
  keepFreedMemoryForReuse();
  requestAMXPermission();

  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();

  llvm::SourceMgr sourceMgr;
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &ctx);
  OwningOpRef<ModuleOp> module = parseModule(inputFile, sourceMgr, &ctx);
  if (!module)
    return 1;
  OwningOpRef<ModuleOp> reference;
  if (!referenceFile.empty()) {
    reference = parseModule(referenceFile, sourceMgr, &ctx);
    if (!reference)
      return 1;
  }

  for (const std::string &lib : sharedLibs) {
    std::string error;
    if (failed(loadSharedLibrary(lib, error))) {
      llvm::errs() << "tuner-run: " << error << "\n";
      return 1;
    }
  }

  RunOptions options;
  options.entry = entry;
  options.seed = seed;
  options.timing.warmup = warmup;
  options.timing.repeats = std::max(1u, unsigned(repeats));
  options.timing.minRepeatMs = minRepeatMs;
  options.tolerance = tolerance;
  options.atol = absoluteTolerance;
  options.skipIntermediateRoundings = skipIntermediateRoundings;
  options.inputsDir = inputs;
  options.saveInputsDir = saveInputs;
  options.saveOutputsDir = saveOutputs;
  std::optional<GPUBinaryFormat> format = parseGPUBinaryFormat(gpuFormat);
  if (!format ||
      (*format != GPUBinaryFormat::PTX && *format != GPUBinaryFormat::LLVM)) {
    llvm::errs() << "tuner-run: unknown --gpu-format '" << gpuFormat
                 << "': expected isa or llvm\n";
    return 1;
  }
  options.gpuFormat = *format;
  if (parallel == "none") {
    options.parallel = ParallelRuntime::None;
  } else if (parallel != "openmp") {
    llvm::errs() << "tuner-run: unknown --parallel '" << parallel
                 << "': expected openmp or none\n";
    return 1;
  }

  // The program runs in this process: a fault in its code (an integer
  // division by zero, a read out of bounds) ends it
  // with a stack dump, which then says so instead of asking for a bug
  // report to LLVM.
  llvm::setBugReportMsg(
      "tuner-run: the process crashed. A fault in the program's own code (an "
      "integer division by zero, an access out of "
      "bounds) ends it this way too, and so does an assertion of the program "
      "(cf.assert) that fails, whose message is then printed above; "
      "--inputs=DIR runs it on inputs of your own.\n");

  std::string inputsText =
      inputs.empty() ? std::string("random inputs") : "the inputs in " + inputs;
  llvm::PrettyStackTraceFormat running(
      "running %s on %s%s%s", inputFile.c_str(), inputsText.c_str(),
      referenceFile.empty() ? "" : ", checked against ",
      referenceFile.empty() ? "" : referenceFile.c_str());

  std::string error;
  bool onGPU = isCUDAModule(*module);
  if (kernelTimes && !onGPU)
    emitWarning(module->getLoc())
        << "tuner-run: --kernel-times times the kernels of a GPU module; "
           "this module runs on the CPU";
  FailureOr<RunResult> result =
      onGPU ? runModuleOnGPU(*module, reference ? *reference : ModuleOp(),
                             options, error)
            : runModuleOnCPU(*module, reference ? *reference : ModuleOp(),
                             options, error);
  if (failed(result)) {
    // A GPU run's errors (no driver, no device, a module lowered without
    // out-parameters) are diagnostics at the module.
    if (onGPU)
      emitError(module->getLoc()) << "tuner-run: " << error;
    else
      llvm::errs() << "tuner-run: " << error << "\n";
    return 1;
  }

  const Timings &t = result->timings;
  bool mismatch = result->comparison && !result->comparison->match;
  if (json) {
    llvm::json::Object obj{
        {"entry", result->entry},
        {"median_s", t.median()},
        {"min_s", t.min()},
        {"max_s", t.max()},
        {"mean_s", t.mean()},
        {"stddev_s", t.stddev()},
        {"repeats", static_cast<int64_t>(t.seconds.size())},
        {"calls_per_repeat", static_cast<int64_t>(t.callsPerRepeat)},
        {"times_s", llvm::json::Array(t.seconds)},
        {"flops", result->signature.flops},
        {"gflops", result->getGFlops()},
        {"compile_s", result->compileSeconds},
    };
    if (onGPU) {
      const Timings &k = *result->kernelTimings;
      obj["device"] = result->device;
      obj["kernel_median_s"] = k.median();
      obj["kernel_min_s"] = k.min();
      obj["kernel_max_s"] = k.max();
      obj["managed_args"] = static_cast<int64_t>(result->managedArgs);
      if (kernelTimes)
        obj["kernels"] = launchesToJSON(result->kernelLaunches);
    } else {
      obj["device"] = "cpu";
    }
    if (result->comparison) {
      obj["match"] = result->comparison->match;
      obj["max_error"] = result->comparison->maxError;
      obj["max_abs_error"] = result->comparison->maxAbsError;
      obj["max_rel_error"] = result->comparison->maxRelError;
      obj["mismatches"] = result->comparison->mismatches;
      obj["tolerance"] = result->tolerance.rtol;
      obj["atol"] = result->tolerance.atol;
      obj["atol_per_magnitude"] = result->tolerance.perMagnitude;
      if (!result->comparison->match)
        obj["first_mismatch"] = result->comparison->firstMismatch;
    } else {
      obj["match"] = nullptr;
    }
    llvm::outs() << llvm::formatv("{0}", llvm::json::Value(std::move(obj)))
                 << "\n";
  } else {
    double median = t.median();
    double spread = median > 0 ? (t.max() - t.min()) / median * 100 : 0;
    llvm::outs() << llvm::formatv(
        "{0}: median {1:f3} ms (min {2:f3}, max {3:f3}, spread {4:f1}%, "
        "{5} repeats x {6} calls)\n",
        result->entry, median * 1e3, t.min() * 1e3, t.max() * 1e3, spread,
        t.seconds.size(), t.callsPerRepeat);
    if (onGPU)
      llvm::outs() << llvm::formatv(
          "  on {0} (CUDA events around each call); kernels alone: median "
          "{1:f3} ms; {2} argument(s) in managed memory\n",
          result->device, result->kernelTimings->median() * 1e3,
          result->managedArgs);
    if (onGPU && kernelTimes)
      printLaunches(result->kernelLaunches);
    if (result->signature.flops > 0)
      llvm::outs() << llvm::formatv("  {0:f2} GFLOP/s ({1:f4} GFLOP per call)\n",
                                    result->getGFlops(),
                                    result->signature.flops / 1e9);
    if (result->comparison) {
      const Comparison &c = *result->comparison;
      if (c.match)
        llvm::outs() << llvm::formatv(
            "  reference: match (max abs error {0:e2}, max rel error {1:e2}; "
            "atol {2:e1} + {3:e1} x magnitude, rtol {4:e1})\n",
            c.maxAbsError, c.maxRelError, result->tolerance.atol,
            result->tolerance.perMagnitude, result->tolerance.rtol);
      else
        llvm::outs() << "  reference: MISMATCH in " << c.mismatches
                     << " elements (" << c.firstMismatch << ")\n";
    }
  }
  return mismatch ? 2 : 0;
}

//===- Target.cpp - tuning targets ----------------------------------------===//
//
// Host CPU detection, CUDA chip tables and the `target=` option syntax.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Tuner/Target/Target.h"

#include "Tuner/Transforms/Passes.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/X86TargetParser.h"

#include <cstdlib>
#include <mutex>
#include <sched.h>
#include <thread>

using namespace mlir;
using namespace mlir::sched;
using namespace mlir::tuner;

/// Number of CPUs in this process's affinity mask.
static int64_t getAvailableCores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) == 0)
    return std::max(1, CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

/// Size in bytes of cpu0's cache of `level` holding data, 0 if unknown.
static int64_t getCacheSize(int level) {
  for (int index = 0; index < 8; ++index) {
    std::string dir =
        "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index);
    auto read = [&](StringRef file) -> std::string {
      // sysfs files report a size of 4096: read them as streams.
      auto buf = llvm::MemoryBuffer::getFileAsStream(dir + "/" + file.str());
      return buf ? (*buf)->getBuffer().trim().str() : std::string();
    };
    std::string lvl = read("level");
    if (lvl.empty())
      break;
    if (std::stoi(lvl) != level || read("type") == "Instruction")
      continue;
    std::string sizeText = read("size");
    StringRef size = sizeText;
    int64_t value = 0;
    int64_t scale = 1;
    if (size.consume_back("K"))
      scale = 1024;
    else if (size.consume_back("M"))
      scale = 1024 * 1024;
    if (size.getAsInteger(10, value))
      return 0;
    return value * scale;
  }
  return 0;
}

/// The ISA features a sketch may depend on, of those LLVM reports for the
/// host (a machine without one keeps the code paths that do not need it).
static std::string getSketchFeatures(const llvm::StringMap<bool> &host) {
  SmallVector<StringRef> present;
  for (StringRef name : getCPUExtensions())
    if (host.lookup(name))
      present.push_back(name);
  return llvm::join(present, ",");
}

/// `features` with `edit` applied: "+name" adds the feature, "-name" removes
/// it; the result is sorted.
static std::string editFeatures(StringRef features, StringRef edit) {
  SmallVector<StringRef> names;
  if (!features.empty())
    features.split(names, ',');
  StringRef name = edit.drop_front();
  llvm::erase(names, name);
  if (edit.front() == '+')
    names.push_back(name);
  llvm::sort(names);
  return llvm::join(names, ",");
}

/// Whether LLVM's x86 target knows the feature `name` (its table of
/// features and what they imply leaves the map empty for others).
static bool isKnownX86Feature(StringRef name) {
  llvm::StringMap<bool> implied;
  llvm::X86::updateImpliedFeatures(name, /*Enabled=*/true, implied);
  return !implied.empty();
}

/// The CPU this process runs on, as detected (TUNER_HOST_TARGET ignored).
static TargetAttr detectHostCPUTarget(MLIRContext *ctx) {
  llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
  int64_t vectorBits = 128;
  if (features.lookup("avx512f"))
    vectorBits = 512;
  else if (features.lookup("avx"))
    vectorBits = 256;
  return TargetAttr::get(ctx, TargetKind::cpu, llvm::sys::getHostCPUName(),
                         getAvailableCores(), vectorBits, getCacheSize(1),
                         getCacheSize(2), getCacheSize(3),
                         getSketchFeatures(features), /*sms=*/0,
                         /*maxThreadsPerBlock=*/0, /*sharedMemoryPerBlock=*/0,
                         /*registersPerSm=*/0, /*warpSize=*/0);
}

static FailureOr<TargetAttr> parseCPUSpec(StringRef option, StringRef spec,
                                          TargetAttr host, Location loc);

TargetAttr mlir::tuner::getHostCPUTarget(MLIRContext *ctx) {
  TargetAttr host = detectHostCPUTarget(ctx);
  const char *env = std::getenv("TUNER_HOST_TARGET");
  if (!env || !*env)
    return host;
  // A CPU spec relative to the detected host, or a whole attribute. An
  // invalid value is reported (once per process) and ignored.
  StringRef spec = StringRef(env).trim();
  FailureOr<TargetAttr> target = failure();
  {
    ScopedDiagnosticHandler silence(ctx,
                                    [](Diagnostic &) { return success(); });
    Location loc = UnknownLoc::get(ctx);
    if (spec.consume_front("cpu:"))
      target = parseCPUSpec(env, spec, host, loc);
    else if (spec == "host" || spec == "cpu")
      target = host;
    else if (auto attr =
                 dyn_cast_or_null<TargetAttr>(parseAttribute(spec, ctx));
             attr && attr.isCPU())
      target = attr;
  }
  if (succeeded(target))
    return *target;
  static std::once_flag warned;
  std::call_once(warned, [&] {
    llvm::errs() << "warning: ignoring TUNER_HOST_TARGET='" << env
                 << "': expected cpu[:sse|avx2|avx512][:<N>t][:l1=<bytes>]"
                    "[:l2=<bytes>][:l3=<bytes>][:+feature|-feature] or a "
                    "#sched.target<kind = cpu, ...> attribute\n";
  });
  return host;
}

LogicalResult mlir::tuner::checkHostFeatures(ArrayRef<std::string> flags,
                                             StringRef what,
                                             std::string &error) {
  llvm::StringMap<bool> host = llvm::sys::getHostCPUFeatures();
  for (StringRef flag : flags) {
    if (!flag.consume_front("+") || host.lookup(flag))
      continue;
    error = (what + " asks for " + flag + "; this host (" +
             llvm::sys::getHostCPUName() + ") lacks it")
                .str();
    return failure();
  }
  return success();
}

FailureOr<HostCodegen> mlir::tuner::getHostCodegen(TargetAttr target,
                                                   std::string &error) {
  HostCodegen codegen;
  codegen.cpu = llvm::sys::getHostCPUName().str();
  codegen.features = getCPUFeatureFlags(target);
  if (failed(checkHostFeatures(codegen.features,
                               "target " + target.getShortName(), error)))
    return failure();
  return codegen;
}

FailureOr<TargetAttr> mlir::tuner::getCUDATarget(MLIRContext *ctx,
                                                 StringRef chip) {
  StringRef digits = chip;
  int64_t sm = 0;
  if (!digits.consume_front("sm_"))
    return failure();
  bool archSpecific = digits.consume_back("a");
  if (digits.getAsInteger(10, sm) || sm < 70 || (archSpecific && sm < 90))
    return failure();
  // SM counts of the flagship part of each generation (V100, T4, A100, A10,
  // L40, H100/H200); the device's count replaces this when a GPU is present.
  int64_t sms = sm >= 90   ? 132
                : sm >= 89 ? 142
                : sm >= 86 ? 72
                : sm >= 80 ? 108
                : sm >= 75 ? 40
                           : 80;
  // Static shared memory (workgroup attributions) is limited to 48 KiB per
  // block on every generation; more needs dynamic shared memory.
  return TargetAttr::get(ctx, TargetKind::cuda, chip, 0, 0, 0, 0, 0, "", sms,
                         /*maxThreadsPerBlock=*/1024,
                         /*sharedMemoryPerBlock=*/48 * 1024,
                         /*registersPerSm=*/64 * 1024, /*warpSize=*/32);
}

TargetAttr mlir::tuner::getCUDATarget(MLIRContext *ctx,
                                      const cuda::DeviceInfo &d,
                                      StringRef chip) {
  std::string name = chip.empty() ? d.getChip() : chip.str();
  return TargetAttr::get(ctx, TargetKind::cuda, name, 0, 0, 0, 0, 0, "", d.sms,
                         d.maxThreadsPerBlock, d.sharedMemoryPerBlock,
                         d.registersPerSm, d.warpSize);
}

TargetAttr mlir::tuner::withCUDAPrecision(TargetAttr target,
                                          StringRef precision) {
  if (precision.empty() || precision == "f32" || target.hasFeature(precision))
    return target;
  return TargetAttr::get(target.getContext(), target.getKind(),
                         target.getArch(), 0, 0, 0, 0, 0, precision,
                         target.getSms(), target.getMaxThreadsPerBlock(),
                         target.getSharedMemoryPerBlock(),
                         target.getRegistersPerSm(), target.getWarpSize());
}

bool mlir::tuner::runsOnChip(StringRef targetChip, StringRef deviceChip) {
  return targetChip == deviceChip ||
         (targetChip.ends_with("a") && targetChip.drop_back() == deviceChip);
}

/// A cache size: bytes, or a number with a `k` or `m` suffix (KiB, MiB).
static std::optional<int64_t> parseCacheSize(StringRef text) {
  int64_t scale = 1;
  if (text.consume_back_insensitive("k"))
    scale = 1024;
  else if (text.consume_back_insensitive("m"))
    scale = 1024 * 1024;
  int64_t value = 0;
  if (text.getAsInteger(10, value) || value < 0 || value > (int64_t(1) << 40))
    return std::nullopt;
  return value * scale;
}

/// The parts of a `cpu:` spec (after `cpu:`), applied left to right to `host`.
static FailureOr<TargetAttr> parseCPUSpec(StringRef option, StringRef spec,
                                          TargetAttr host, Location loc) {
  MLIRContext *ctx = loc.getContext();
  // cpu[:sse|avx2|avx512][:<N>t][:l1=S][:l2=S][:l3=S][:+f|-f]: a generic
  // x86-64 level (no caches known), a thread count, cache sizes; what is
  // not given comes from the host.
  StringRef arch = host.getArch();
  int64_t vectorBits = host.getVectorBits(), cores = host.getCores();
  int64_t l1 = host.getL1(), l2 = host.getL2(), l3 = host.getL3();
  std::string features = host.getFeatures().str();
  SmallVector<StringRef> parts;
  spec.split(parts, ':');
  for (StringRef part : parts) {
    int64_t threads = 0;
    auto [key, value] = part.split('=');
    std::optional<int64_t> bytes =
        value.empty() ? std::nullopt : parseCacheSize(value);
    if (part == "sse" || part == "avx2" || part == "avx512") {
      vectorBits = part == "sse" ? 128 : part == "avx2" ? 256 : 512;
      arch = part == "sse"    ? "x86-64-v2"
             : part == "avx2" ? "x86-64-v3"
                              : "x86-64-v4";
      // What the x86-64 level guarantees, nothing more (no bf16, no AMX).
      features = part == "sse"    ? ""
                 : part == "avx2" ? "avx2,fma"
                                  : "avx2,avx512bw,avx512f,avx512vl,fma";
      l1 = l2 = l3 = 0;
    } else if (bytes && (key == "l1" || key == "l2" || key == "l3")) {
      (key == "l1" ? l1 : key == "l2" ? l2 : l3) = *bytes;
    } else if (part.consume_back("t") && !part.getAsInteger(10, threads) &&
               threads >= 1) {
      cores = threads;
    } else if ((part.starts_with("+") || part.starts_with("-")) &&
               part.size() > 1) {
      if (!isKnownX86Feature(part.drop_front()))
        return emitError(loc)
               << "invalid cpu target '" << option << "': unknown x86 feature '"
               << part.drop_front() << "'";
      features = editFeatures(features, part);
    } else {
      return emitError(loc) << "invalid cpu target '" << option
                            << "': expected cpu[:sse|avx2|avx512][:<N>t]"
                               "[:l1=<bytes>][:l2=<bytes>][:l3=<bytes>]"
                               "[:+feature|-feature] (sizes may end in k or m)";
    }
  }
  return TargetAttr::get(ctx, TargetKind::cpu, arch, cores, vectorBits, l1, l2,
                         l3, features, 0, 0, 0, 0, 0);
}

FailureOr<TargetAttr> mlir::tuner::parseTargetOption(StringRef option,
                                                     Location loc) {
  MLIRContext *ctx = loc.getContext();
  StringRef spec = option.trim();
  if (spec == "host" || spec == "cpu")
    return getHostCPUTarget(ctx);
  if (spec.consume_front("cpu:"))
    return parseCPUSpec(option, spec, getHostCPUTarget(ctx), loc);
  if (spec.consume_front("cuda:")) {
    // cuda:<chip>[:tf32]: tf32 lets f32 matmuls run on tensor cores with
    // their inputs rounded to tf32 (an opt-in precision).
    auto [chip, mode] = spec.split(':');
    FailureOr<TargetAttr> cuda = getCUDATarget(ctx, chip);
    if (failed(cuda))
      return emitError(loc) << "unknown CUDA chip in target '" << option
                            << "': expected 'cuda:sm_XY' with XY >= 70 or "
                               "'cuda:sm_XYa' with XY >= 90";
    if (mode.empty())
      return cuda;
    if (mode != "tf32")
      return emitError(loc) << "invalid cuda target '" << option
                            << "': expected 'cuda:<chip>' or "
                               "'cuda:<chip>:tf32'";
    return withCUDAPrecision(*cuda, mode);
  }
  if (spec.starts_with("#sched.target")) {
    Attribute attr = parseAttribute(spec, ctx);
    if (auto target = dyn_cast_or_null<TargetAttr>(attr))
      return target;
    return emitError(loc) << "invalid target attribute '" << option << "'";
  }
  return emitError(loc) << "unknown target '" << option
                        << "': expected 'host', "
                           "'cpu[:sse|avx2|avx512][:<N>t][:l1=<bytes>]"
                           "[:l2=<bytes>][:l3=<bytes>][:+feature|-feature]', "
                           "'cuda:sm_XY' or a #sched.target attribute";
}

FailureOr<TargetAttr> mlir::tuner::resolveTarget(StringRef option,
                                                 Operation *op) {
  if (!option.empty())
    return parseTargetOption(option, op->getLoc());
  if (TargetAttr target = getTarget(op))
    return target;
  return getHostCPUTarget(op->getContext());
}

PrepareOptions mlir::tuner::getPrepareOptions(TargetAttr target) {
  PrepareOptions options;
  options.widenInputs = !target.isCUDA();
  // On the CPU, bf16/f16 accumulators are widened to f32 (as IREE's llvmcpu
  // backend skips intermediate roundings); a GPU's tensor cores accumulate
  // f16 at full rate (mma.sync ...f16.f16.f16.f16), so CUDA keeps those of
  // contractions and convolutions. Its other reductions (an RMS norm's sum
  // of squares) accumulate in f32: gpu.reduction's warp shuffles move 32
  // bits, and 16-bit partials lose the sum after a few hundred steps.
  options.widenAccumulators = true;
  options.widenContractionAccumulators = !target.isCUDA();
  // cpu.conv2d fuses a convolution's epilogue into its register tiles; on
  // the GPU, gpu.conv2d's fused tile of a batch-1 convolution's result
  // became a per-thread copy (a device malloc), so the epilogue stays a
  // gpu.elementwise task of its own there.
  options.fuseConvEpilogues = !target.isCUDA();
  // A GPU schedule maps result loops to blocks and threads: 0-d results get
  // one (on the CPU they run as they are).
  options.promoteScalars = target.isCUDA();
  // gpu.reduction takes one reduction loop: a group norm's channels and
  // pixels, read contiguously, become one.
  options.collapseReductions = target.isCUDA();
  // A few long rows would leave most SMs idle under a block per row: they
  // are reduced in pieces first.
  options.splitReductionBlocks = target.isCUDA() ? target.getSms() : 0;
  // GPU kernels tile by whole blocks and 16-byte copies: odd matmuls are
  // padded to aligned extents (the CPU sketches mask or pad in the kernel).
  options.padContractions = target.isCUDA();
  // f32 matmuls of extended bf16/f16 tensors (torch-mlir's bf16 addmm)
  // read the 16-bit tensors, so that the tensor-core kernels take them.
  options.narrowInputs = target.isCUDA();
  // bf16/f16 convolutions as matmuls of their input windows, so that the
  // tensor-core kernels take them (gpu.conv2d runs on the CUDA cores).
  options.im2col = target.isCUDA();
  // A target that allows tf32 sends f32 matmuls to the tensor cores: f32
  // convolutions as well.
  options.im2colF32 = target.isCUDA() && target.hasFeature("tf32");
  // TOSA folds a bias into a matmul's constant init: on a GPU it is added in
  // the kernel's epilogue, after a zero fill the kernels start from.
  options.constantInitEpilogues = target.isCUDA();
  // Matrix-vector products with a constant B: K innermost, so that
  // gpu.reduction reads each output's row of B contiguously.
  options.transposeMatvecB = target.isCUDA();
  // The packed form pays on AMX (cpu.contraction_amx: 1477-1700 GFLOP/s on
  // 1024^3 against 252 for f32 on two cores of a Sapphire Rapids-class
  // Xeon), and where bf16 dot products outrun f32 FMAs: on Zen 4 vdpbf16ps
  // gives 234 GFLOP/s per core against 117 for f32 FMA, while on that Xeon
  // it gives 120 against 240 (two FMA ports; its bf16 dot kernels ran at
  // 0.74-0.88x its f32 ones). So: with AMX-BF16, the matmuls AMX tiles take
  // (M, N, K/2 multiples of 16); with AVX512-BF16 and no AMX, all. The
  // others are widened for the f32 sketches (the search does not compare
  // the two forms).
  bool amx = target.isCPU() && target.hasFeature("amx-bf16");
  options.packBF16 = amx || (target.isCPU() && target.hasFeature("avx512bf16"));
  options.packBF16Multiple = amx ? 16 : 1;
  // Dot products read B in panels of 16 columns (one f32 vector of lanes)
  // contiguous along K; AMX tiles read [K/2, N, 2].
  options.packBF16BlockN = amx ? 0 : 16;
  return options;
}

FailureOr<TargetAttr> mlir::tuner::resolveTargetAndPrepare(StringRef option,
                                                           Operation *op,
                                                           bool prepare) {
  FailureOr<TargetAttr> target = resolveTarget(option, op);
  if (failed(target))
    return failure();
  if (prepare && failed(prepareForScheduling(op, getPrepareOptions(*target))))
    return failure();
  return target;
}

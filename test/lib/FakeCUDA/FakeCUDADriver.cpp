//===- FakeCUDADriver.cpp - a libcuda.so.1 that checks, not runs
//-----------===//
//
// A stand-in for the CUDA driver, for testing lowered GPU host code and the
// GPU runner on machines without a GPU (test/Integration/GPU/fake-driver.test):
// put the directory of this library first on LD_LIBRARY_PATH and the CUDA
// runtime of lib/Runtime loads it instead of the real driver. It implements
// the driver functions the runtime uses (CUDADriverFunctions.def) on host
// memory: "device" memory is malloc'ed and remembered, copies are memcpy,
// events read a clock, and kernels are not run. What it checks is what the
// real device would fault on: every 8-byte parameter of a launch that looks
// like an address (>= 2^32; the parameters come from the PTX's .entry
// declaration) and every device side of a copy must lie in memory allocated
// through the driver. Each violation is printed to stderr
// ("fake-cuda: host memory ..."), and at exit a summary line:
// "fake-cuda: N launches, M host pointers, A allocations, F frees" (also
// appended to $TUNER_FAKE_CUDA_LOG when set: a tuner's workers).
//
// Kernels of `tuner-lower-gpu format=llvm` (LLVM bitcode in its wrapper) are
// run: tuner-cuda-emu-compile, found beside this library or at
// $TUNER_CUDA_EMU_COMPILE, compiles them for the host, the compiler ($CC,
// else the one this library was built with) links them against it, and
// Emulator.cpp runs each launch, every CUDA thread a fiber. Then outputs are
// computed, and tuner-run can check them against the CPU reference. PTX is only
// parsed.
//
// Test-only: built in the test tree, never installed.
//
//===----------------------------------------------------------------------===//

#include "Emulator.h"

#include <cuda.h>
#include <dlfcn.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace {
struct Kernel {
  std::string name;
  std::vector<int> paramBytes;
  /// Emulated kernels: the launcher and which parameters are pointers.
  tuner_emu::Launcher launcher = nullptr;
  std::vector<bool> pointers;
};

struct Module {
  std::vector<Kernel *> kernels;
  /// The host library of an emulated module.
  void *library = nullptr;
};

struct State {
  std::mutex mutex;
  /// Device allocations: base -> size.
  std::map<uintptr_t, size_t> allocations;
  unsigned launches = 0, hostPointers = 0, allocs = 0, frees = 0;
  ~State() {
    // Worker processes' stderr may be dropped: $TUNER_FAKE_CUDA_LOG, when
    // set, gets the line too.
    const char *path = std::getenv("TUNER_FAKE_CUDA_LOG");
    FILE *log = path ? std::fopen(path, "a") : nullptr;
    for (FILE *out : {stderr, log})
      if (out)
        std::fprintf(out,
                     "fake-cuda: %u launches, %u host pointers, %u "
                     "allocations, %u frees\n",
                     launches, hostPointers, allocs, frees);
    if (log)
      std::fclose(log);
  }
};

State &state() {
  static State s;
  return s;
}

/// Whether [address, address + bytes) lies in one device allocation.
bool isDeviceMemory(uintptr_t address, size_t bytes) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto &allocations = state().allocations;
  auto it = allocations.upper_bound(address);
  if (it == allocations.begin())
    return false;
  --it;
  return address >= it->first && address + bytes <= it->first + it->second;
}

void reportHost(const char *what, uintptr_t address) {
  std::fprintf(stderr, "fake-cuda: host memory %s: 0x%llx\n", what,
               static_cast<unsigned long long>(address));
  ++state().hostPointers;
}

/// Zeroed memory aligned as cuMemAlloc's (256 bytes, which the lowered code
/// assumes: it may add an offset below 256 with an `or`).
void *allocate(size_t bytes) {
  size_t rounded = (std::max<size_t>(bytes, 1) + 255) / 256 * 256;
  void *p = std::aligned_alloc(256, rounded);
  std::memset(p, 0, rounded);
  std::lock_guard<std::mutex> lock(state().mutex);
  state().allocations[reinterpret_cast<uintptr_t>(p)] = bytes ? bytes : 1;
  ++state().allocs;
  return p;
}

/// The bytes of a PTX parameter type (.u64, .b32, .f32, ...).
int paramBytes(const std::string &type) {
  for (const char *t : {"64", "32", "16", "8"})
    if (type.size() >= std::strlen(t) &&
        type.compare(type.size() - std::strlen(t), std::string::npos, t) == 0)
      return std::atoi(t) / 8;
  return 8;
}

/// The kernels of a PTX text: each `.entry NAME(` with its `.param` types.
Module *parsePTX(const char *ptx) {
  auto *module = new Module;
  std::string text(ptx);
  size_t pos = 0;
  while ((pos = text.find(".entry ", pos)) != std::string::npos) {
    pos += 7;
    size_t open = text.find('(', pos), close = text.find(')', open);
    if (open == std::string::npos || close == std::string::npos)
      break;
    auto *kernel = new Kernel;
    kernel->name = text.substr(pos, open - pos);
    while (!kernel->name.empty() && std::isspace(kernel->name.back()))
      kernel->name.pop_back();
    std::string params = text.substr(open + 1, close - open - 1);
    size_t p = 0;
    while ((p = params.find(".param", p)) != std::string::npos) {
      p += 6;
      size_t start = params.find('.', p);
      size_t end = params.find_first_of(" \t\n", start);
      // `.param .align 8 .b8 name[16]`: an aggregate, 8 bytes a pointer or
      // not; counted as one 8-byte parameter per 8 bytes is not needed here.
      kernel->paramBytes.push_back(
          paramBytes(params.substr(start, end - start)));
    }
    module->kernels.push_back(kernel);
    pos = close;
  }
  return module;
}

/// The directory of this library, with a trailing '/'.
std::string ownDirectory() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&ownDirectory), &info) ||
      !info.dli_fname)
    return "";
  std::string path = info.dli_fname;
  return path.substr(0, path.rfind('/') + 1);
}

int runCommand(const std::string &command) {
  return std::system(command.c_str());
}

/// Compiles wrapped bitcode for the host and loads it; null with a message
/// on stderr when a step fails.
Module *loadEmulated(const unsigned char *image) {
  uint32_t words[5];
  std::memcpy(words, image, sizeof(words));
  size_t bytes = words[2] + words[3];
  char dir[] = "/tmp/tuner-emu-XXXXXX";
  if (!mkdtemp(dir))
    return nullptr;
  std::string base = std::string(dir) + "/kernels";
  if (FILE *out = std::fopen((base + ".bc").c_str(), "wb")) {
    std::fwrite(image, 1, bytes, out);
    std::fclose(out);
  }
  const char *tool = std::getenv("TUNER_CUDA_EMU_COMPILE");
  std::string compile = tool ? tool : ownDirectory() + "tuner-cuda-emu-compile";
  const char *cc = std::getenv("CC");
  if (!cc)
    cc = TUNER_EMU_LINKER;
  std::string self = ownDirectory() + "libcuda.so.1";
  Module *module = nullptr;
  if (runCommand("'" + compile + "' " + base + ".bc " + base + ".o") == 0 &&
      runCommand("'" + std::string(cc) + "' -shared -o " + base + ".so " +
                 base + ".o '" + self + "' -lm") == 0) {
    if (void *library = dlopen((base + ".so").c_str(), RTLD_NOW | RTLD_LOCAL)) {
      module = new Module;
      module->library = library;
    } else {
      std::fprintf(stderr, "fake-cuda: %s\n", dlerror());
    }
  } else {
    std::fprintf(stderr, "fake-cuda: the kernels could not be compiled for "
                         "the emulator\n");
  }
  if (!std::getenv("TUNER_CUDA_EMU_KEEP"))
    for (const char *suffix : {".bc", ".o", ".so"})
      std::remove((base + suffix).c_str());
  if (!std::getenv("TUNER_CUDA_EMU_KEEP"))
    rmdir(dir);
  return module;
}

/// The emulated kernel `name` of `module`, or null.
Kernel *findEmulated(Module *module, const char *name) {
  for (Kernel *kernel : module->kernels)
    if (kernel->name == name)
      return kernel;
  auto launcher = reinterpret_cast<tuner_emu::Launcher>(
      dlsym(module->library, ("__emu_kernel_" + std::string(name)).c_str()));
  auto *kinds = static_cast<const int32_t *>(
      dlsym(module->library, ("__emu_params_" + std::string(name)).c_str()));
  if (!launcher || !kinds)
    return nullptr;
  auto *kernel = new Kernel;
  kernel->name = name;
  kernel->launcher = launcher;
  for (int32_t i = 0; i < kinds[0]; ++i)
    kernel->pointers.push_back(kinds[1 + i]);
  module->kernels.push_back(kernel);
  return kernel;
}
} // namespace

extern "C" {

CUresult cuInit(unsigned int) { return CUDA_SUCCESS; }

CUresult cuGetErrorName(CUresult, const char **name) {
  *name = "FAKE_ERROR";
  return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult, const char **text) {
  *text = "an error of the fake CUDA driver";
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_DEVICE;
}

CUresult cuDeviceGetName(char *name, int length, CUdevice) {
  std::snprintf(name, length, "Fake CUDA device (sm_90)");
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute,
                              CUdevice) {
  switch (attribute) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    *value = 9;
    break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    *value = 0;
    break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    *value = 132;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    *value = 1024;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK:
    *value = 49152;
    break;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
    *value = 65536;
    break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    *value = 32;
    break;
  default:
    *value = 0;
  }
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(size_t *bytes, CUdevice) {
  *bytes = size_t(80) << 30;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext *context, CUdevice) {
  static int dummy;
  *context = reinterpret_cast<CUcontext>(&dummy);
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult cuCtxSynchronize() { return CUDA_SUCCESS; }

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  static const unsigned char wrapper[] = {0xDE, 0xC0, 0x17, 0x0B};
  if (std::memcmp(image, wrapper, 4) == 0) {
    Module *emulated = loadEmulated(static_cast<const unsigned char *>(image));
    *module = reinterpret_cast<CUmodule>(emulated);
    return emulated ? CUDA_SUCCESS : CUDA_ERROR_INVALID_IMAGE;
  }
  *module =
      reinterpret_cast<CUmodule>(parsePTX(static_cast<const char *>(image)));
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image, unsigned int,
                            CUjit_option *, void **) {
  return cuModuleLoadData(module, image);
}

CUresult cuModuleUnload(CUmodule) {
  // Workers are killed, not ended: their unloads are logged as they happen.
  if (const char *path = std::getenv("TUNER_FAKE_CUDA_LOG"))
    if (FILE *log = std::fopen(path, "a")) {
      std::fprintf(log,
                   "fake-cuda: module unloaded (%u allocations, %u frees so "
                   "far)\n",
                   state().allocs, state().frees);
      std::fclose(log);
    }
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module,
                             const char *name) {
  if (reinterpret_cast<Module *>(module)->library) {
    Kernel *kernel = findEmulated(reinterpret_cast<Module *>(module), name);
    *function = reinterpret_cast<CUfunction>(kernel);
    return kernel ? CUDA_SUCCESS : CUDA_ERROR_NOT_FOUND;
  }
  for (Kernel *kernel : reinterpret_cast<Module *>(module)->kernels)
    if (kernel->name == name) {
      *function = reinterpret_cast<CUfunction>(kernel);
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_NOT_FOUND;
}

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute, CUfunction) {
  *value = 0;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) {
  return CUDA_SUCCESS;
}

/// Runs an emulated kernel after checking its pointer parameters.
CUresult launchEmulated(Kernel *kernel, tuner_emu::Dim3 grid,
                        tuner_emu::Dim3 block, unsigned sharedBytes,
                        void **params) {
  for (size_t i = 0; i < kernel->pointers.size(); ++i) {
    if (!kernel->pointers[i])
      continue;
    uintptr_t value;
    std::memcpy(&value, params[i], sizeof(value));
    if (value >= (uint64_t(1) << 32) && !isDeviceMemory(value, 1)) {
      std::string what =
          "in launch of " + kernel->name + ", parameter " + std::to_string(i);
      reportHost(what.c_str(), value);
    }
  }
  static std::mutex launches;
  std::lock_guard<std::mutex> lock(launches);
  std::string error;
  if (!tuner_emu::launch(kernel->launcher, grid, block, sharedBytes, params,
                         error)) {
    std::fprintf(stderr, "fake-cuda: launch of %s: %s\n", kernel->name.c_str(),
                 error.c_str());
    return CUDA_ERROR_LAUNCH_FAILED;
  }
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction function, unsigned int gridX,
                        unsigned int gridY, unsigned int gridZ,
                        unsigned int blockX, unsigned int blockY,
                        unsigned int blockZ, unsigned int sharedBytes, CUstream,
                        void **params, void **) {
  auto *kernel = reinterpret_cast<Kernel *>(function);
  ++state().launches;
  if (kernel->launcher)
    return launchEmulated(kernel, {gridX, gridY, gridZ},
                          {blockX, blockY, blockZ}, sharedBytes, params);
  for (size_t i = 0; i < kernel->paramBytes.size(); ++i) {
    if (kernel->paramBytes[i] != 8)
      continue;
    uint64_t value;
    std::memcpy(&value, params[i], 8);
    if (value >= (uint64_t(1) << 32) && !isDeviceMemory(value, 1)) {
      std::string what =
          "in launch of " + kernel->name + ", parameter " + std::to_string(i);
      reportHost(what.c_str(), value);
    }
  }
  return CUDA_SUCCESS;
}

CUresult cuStreamCreate(CUstream *stream, unsigned int) {
  *stream = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}
CUresult cuStreamDestroy(CUstream stream) {
  delete reinterpret_cast<int *>(stream);
  return CUDA_SUCCESS;
}
CUresult cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }
CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned int) {
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *event, unsigned int) {
  *event = reinterpret_cast<CUevent>(new double(0));
  return CUDA_SUCCESS;
}
CUresult cuEventDestroy(CUevent event) {
  delete reinterpret_cast<double *>(event);
  return CUDA_SUCCESS;
}
CUresult cuEventRecord(CUevent event, CUstream) {
  *reinterpret_cast<double *>(event) =
      std::chrono::duration<double, std::milli>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count();
  return CUDA_SUCCESS;
}
CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *ms, CUevent start, CUevent stop) {
  *ms = static_cast<float>(*reinterpret_cast<double *>(stop) -
                           *reinterpret_cast<double *>(start));
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr *ptr, size_t bytes) {
  *ptr = reinterpret_cast<CUdeviceptr>(allocate(bytes));
  return CUDA_SUCCESS;
}
CUresult cuMemAllocManaged(CUdeviceptr *ptr, size_t bytes, unsigned int) {
  return cuMemAlloc(ptr, bytes);
}
CUresult cuMemFree(CUdeviceptr ptr) {
  std::lock_guard<std::mutex> lock(state().mutex);
  auto it = state().allocations.find(ptr);
  if (it == state().allocations.end())
    return CUDA_ERROR_INVALID_VALUE;
  state().allocations.erase(it);
  ++state().frees;
  std::free(reinterpret_cast<void *>(ptr));
  return CUDA_SUCCESS;
}

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void *src, size_t bytes) {
  if (!isDeviceMemory(dst, bytes))
    reportHost("as the target of a copy to the device", dst);
  std::memcpy(reinterpret_cast<void *>(dst), src, bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyDtoH(void *dst, CUdeviceptr src, size_t bytes) {
  if (!isDeviceMemory(src, bytes))
    reportHost("as the source of a copy from the device", src);
  std::memcpy(dst, reinterpret_cast<void *>(src), bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpyAsync(CUdeviceptr dst, CUdeviceptr src, size_t bytes,
                       CUstream) {
  if (!isDeviceMemory(dst, bytes))
    reportHost("as the target of a device copy", dst);
  if (!isDeviceMemory(src, bytes))
    reportHost("as the source of a device copy", src);
  std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
               bytes);
  return CUDA_SUCCESS;
}
CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D *copy, CUstream) {
  for (size_t row = 0; row < copy->Height; ++row) {
    uintptr_t dst = copy->dstDevice + row * copy->dstPitch;
    uintptr_t src = copy->srcDevice + row * copy->srcPitch;
    if (!isDeviceMemory(dst, copy->WidthInBytes))
      reportHost("as the target of a 2-D device copy", dst);
    if (!isDeviceMemory(src, copy->WidthInBytes))
      reportHost("as the source of a 2-D device copy", src);
    std::memmove(reinterpret_cast<void *>(dst), reinterpret_cast<void *>(src),
                 copy->WidthInBytes);
  }
  return CUDA_SUCCESS;
}
CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, size_t count) {
  std::memset(reinterpret_cast<void *>(dst), value, count);
  return CUDA_SUCCESS;
}
CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, size_t count,
                          CUstream) {
  auto *p = reinterpret_cast<unsigned int *>(dst);
  for (size_t i = 0; i < count; ++i)
    p[i] = value;
  return CUDA_SUCCESS;
}

/// A TMA descriptor: its tensor (globalDim[0] x ... elements, the last
/// dimension's extent times its stride in bytes from `address`) must lie in
/// device memory. Prints one line per descriptor, innermost first.
CUresult cuTensorMapEncodeTiled(
    CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank, void *address,
    const cuuint64_t *globalDim, const cuuint64_t *globalStrides,
    const cuuint32_t *boxDim, const cuuint32_t *, CUtensorMapInterleave,
    CUtensorMapSwizzle swizzle, CUtensorMapL2promotion,
    CUtensorMapFloatOOBfill) {
  std::memset(map, 0, sizeof(*map));
  if (rank < 1 || rank > 5)
    return CUDA_ERROR_INVALID_VALUE;
  // What the emulator's TMA loads read.
  tuner_emu::TensorMap encoded = {};
  encoded.magic = tuner_emu::TensorMap::kMagic;
  encoded.address = static_cast<const char *>(address);
  encoded.rank = rank;
  encoded.elementBytes = type == CU_TENSOR_MAP_DATA_TYPE_UINT8 ? 1
                         : type == CU_TENSOR_MAP_DATA_TYPE_FLOAT16 ||
                                 type == CU_TENSOR_MAP_DATA_TYPE_BFLOAT16 ||
                                 type == CU_TENSOR_MAP_DATA_TYPE_UINT16
                             ? 2
                         : type == CU_TENSOR_MAP_DATA_TYPE_FLOAT64 ||
                                 type == CU_TENSOR_MAP_DATA_TYPE_INT64 ||
                                 type == CU_TENSOR_MAP_DATA_TYPE_UINT64
                             ? 8
                             : 4;
  encoded.swizzleBytes = swizzle == CU_TENSOR_MAP_SWIZZLE_128B  ? 128
                         : swizzle == CU_TENSOR_MAP_SWIZZLE_64B ? 64
                         : swizzle == CU_TENSOR_MAP_SWIZZLE_32B ? 32
                                                                : 0;
  for (cuuint32_t i = 0; i < rank; ++i) {
    encoded.dims[i] = globalDim[i];
    encoded.box[i] = boxDim[i];
    if (i + 1 < rank)
      encoded.strides[i] = globalStrides[i];
  }
  std::memcpy(map, &encoded, sizeof(encoded));
  size_t bytes = globalDim[0] * 2;
  if (rank > 1)
    bytes = globalDim[rank - 1] * globalStrides[rank - 2];
  std::string dims, strides, box;
  for (cuuint32_t i = 0; i < rank; ++i) {
    dims += (i ? "x" : "") + std::to_string(globalDim[i]);
    box += (i ? "x" : "") + std::to_string(boxDim[i]);
    if (i + 1 < rank)
      strides += (i ? "x" : "") + std::to_string(globalStrides[i]);
  }
  std::fprintf(stderr,
               "fake-cuda: tensor map type %d dims %s strides %s box %s "
               "swizzle %d\n",
               static_cast<int>(type), dims.c_str(), strides.c_str(),
               box.c_str(), static_cast<int>(swizzle));
  auto start = reinterpret_cast<uintptr_t>(address);
  if (!isDeviceMemory(start, bytes))
    reportHost("tensor map", start);
  return CUDA_SUCCESS;
}

} // extern "C"

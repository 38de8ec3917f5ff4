//===- CUDARuntime.cpp - mgpu* over the CUDA driver API, loaded at run time
//===//
//
// The driver API functions are looked up with dlsym in `libcuda.so.1`; their
// types come from the toolkit's cuda.h (which also maps the versioned names,
// e.g. cuMemAlloc to cuMemAlloc_v2, hence the two-level stringification).
// A driver error in a launch or a synchronization means the kernel faulted
// and the context is gone: the process reports it on stderr and exits with
// status 86, which the tuner's runner pool records as a crash of that
// candidate alone.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Runtime/CUDARuntime.h"

#include "Tuner/Config.h"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

#if TUNER_HAS_CUDA
#include <cuda.h>
#include <dlfcn.h>
#endif

using namespace mlir;
using namespace mlir::tuner;

std::string cuda::DeviceInfo::getChip() const {
  return "sm_" + std::to_string(computeMajor) + std::to_string(computeMinor);
}

#if !TUNER_HAS_CUDA

static constexpr const char *kNotBuilt =
    "this build has no CUDA runtime (the CUDA toolkit headers were not found "
    "when it was configured)";

bool cuda::isBuilt() { return false; }
LogicalResult cuda::initialize(int, std::string &error) {
  error = kNotBuilt;
  return failure();
}
FailureOr<SmallVector<cuda::DeviceInfo>> cuda::getDevices(std::string &error) {
  error = kNotBuilt;
  return failure();
}
void *cuda::allocateManaged(size_t) { return nullptr; }
void cuda::freeManaged(void *) {}
void *cuda::allocateDevice(size_t) { return nullptr; }
void cuda::freeDevice(void *) {}
LogicalResult cuda::copyToDevice(void *, const void *, size_t,
                                 std::string &error) {
  error = kNotBuilt;
  return failure();
}
LogicalResult cuda::copyToHost(void *, const void *, size_t,
                               std::string &error) {
  error = kNotBuilt;
  return failure();
}
FailureOr<double> cuda::timeWithEvents(llvm::function_ref<void()>,
                                       std::string &error) {
  error = kNotBuilt;
  return failure();
}
LogicalResult cuda::synchronize(std::string &error) {
  error = kNotBuilt;
  return failure();
}
cuda::KernelTimer::KernelTimer() = default;
cuda::KernelTimer::~KernelTimer() = default;
double cuda::KernelTimer::getSeconds() const { return 0; }
ArrayRef<cuda::KernelLaunch> cuda::KernelTimer::getLaunches() const {
  return {};
}
void cuda::KernelTimer::reset() {}
void cuda::forEachEntryPoint(llvm::function_ref<void(StringRef, void *)>) {}

#else

#define TUNER_STR(x) #x
#define TUNER_XSTR(x) TUNER_STR(x)

namespace {
/// The driver functions used, resolved once.
struct Driver {
#define TUNER_CU_FN(fn) decltype(&::fn) fn = nullptr;
#include "CUDADriverFunctions.def"
  std::string error;
  bool loaded = false;
};
} // namespace

static Driver &getDriver() {
  static Driver driver;
  static std::once_flag once;
  std::call_once(once, [] {
    void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      const char *why = dlerror();
      driver.error = std::string("no CUDA driver: ") +
                     (why ? why : "cannot load libcuda.so.1");
      return;
    }
#define TUNER_CU_FN(fn)                                                        \
  driver.fn = reinterpret_cast<decltype(&::fn)>(dlsym(lib, TUNER_XSTR(fn)));   \
  if (!driver.fn) {                                                            \
    driver.error = "the CUDA driver lacks " TUNER_XSTR(fn);                    \
    return;                                                                    \
  }
#include "CUDADriverFunctions.def"
    driver.loaded = true;
  });
  return driver;
}

/// The driver's name and description of `result`.
static std::string describe(CUresult result) {
  Driver &d = getDriver();
  const char *name = nullptr, *text = nullptr;
  if (d.loaded) {
    d.cuGetErrorName(result, &name);
    d.cuGetErrorString(result, &text);
  }
  return std::string(name ? name : "CUDA error") + " (" +
         std::to_string(static_cast<int>(result)) + ")" +
         (text ? std::string(": ") + text : std::string());
}

/// A failed driver call inside lowered code: the context may be poisoned, so
/// end the process (the runner pool replaces it).
[[noreturn]] static void die(const char *call, CUresult result) {
  std::fprintf(stderr, "mlir-tuner CUDA runtime: %s failed: %s\n", call,
               describe(result).c_str());
  std::fflush(stderr);
  std::_Exit(86);
}

#define TUNER_CU_CHECK(expr)                                                   \
  do {                                                                         \
    CUresult result_ = (expr);                                                 \
    if (result_ != CUDA_SUCCESS)                                               \
      die(#expr, result_);                                                     \
  } while (0)

namespace {
struct Context {
  CUcontext context = nullptr;
  int ordinal = -1;
  std::string error;
};
} // namespace

static Context &getContextState() {
  static Context state;
  return state;
}

bool cuda::isBuilt() { return true; }

LogicalResult cuda::initialize(int ordinal, std::string &error) {
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  Context &state = getContextState();
  Driver &d = getDriver();
  if (!d.loaded) {
    error = d.error;
    return failure();
  }
  if (state.context) {
    if (state.ordinal != ordinal) {
      error = "the CUDA runtime already uses device " +
              std::to_string(state.ordinal);
      return failure();
    }
    d.cuCtxSetCurrent(state.context);
    return success();
  }
  CUresult r = d.cuInit(0);
  if (r != CUDA_SUCCESS) {
    error = "cuInit failed: " + describe(r);
    return failure();
  }
  int count = 0;
  if ((r = d.cuDeviceGetCount(&count)) != CUDA_SUCCESS || count == 0) {
    error = r != CUDA_SUCCESS ? "cuDeviceGetCount failed: " + describe(r)
                              : std::string("the CUDA driver sees no device");
    return failure();
  }
  if (ordinal < 0 || ordinal >= count) {
    error = "no CUDA device " + std::to_string(ordinal) + " (there are " +
            std::to_string(count) + ")";
    return failure();
  }
  CUdevice device;
  if ((r = d.cuDeviceGet(&device, ordinal)) != CUDA_SUCCESS ||
      (r = d.cuDevicePrimaryCtxRetain(&state.context, device)) !=
          CUDA_SUCCESS ||
      (r = d.cuCtxSetCurrent(state.context)) != CUDA_SUCCESS) {
    error = "cannot create a context on CUDA device " +
            std::to_string(ordinal) + ": " + describe(r);
    state.context = nullptr;
    return failure();
  }
  state.ordinal = ordinal;
  return success();
}

FailureOr<SmallVector<cuda::DeviceInfo>> cuda::getDevices(std::string &error) {
  Driver &d = getDriver();
  if (!d.loaded) {
    error = d.error;
    return failure();
  }
  CUresult r = d.cuInit(0);
  if (r != CUDA_SUCCESS) {
    error = "cuInit failed: " + describe(r);
    return failure();
  }
  int count = 0;
  if ((r = d.cuDeviceGetCount(&count)) != CUDA_SUCCESS) {
    error = "cuDeviceGetCount failed: " + describe(r);
    return failure();
  }
  SmallVector<DeviceInfo> devices;
  for (int i = 0; i < count; ++i) {
    CUdevice device;
    if ((r = d.cuDeviceGet(&device, i)) != CUDA_SUCCESS) {
      error = "cuDeviceGet failed: " + describe(r);
      return failure();
    }
    DeviceInfo info;
    char name[256] = {0};
    d.cuDeviceGetName(name, sizeof(name) - 1, device);
    info.name = name;
    auto attr = [&](CUdevice_attribute a) {
      int value = 0;
      d.cuDeviceGetAttribute(&value, a, device);
      return value;
    };
    info.computeMajor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    info.computeMinor = attr(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    info.sms = attr(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    info.maxThreadsPerBlock = attr(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    info.sharedMemoryPerBlock =
        attr(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    info.registersPerSm =
        attr(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR);
    info.warpSize = attr(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
    size_t bytes = 0;
    d.cuDeviceTotalMem(&bytes, device);
    info.totalMemory = bytes;
    devices.push_back(std::move(info));
  }
  return devices;
}

void *cuda::allocateManaged(size_t bytes) {
  Driver &d = getDriver();
  if (!d.loaded || !getContextState().context)
    return nullptr;
  CUdeviceptr ptr = 0;
  size_t rounded = std::max<size_t>(256, (bytes + 255) / 256 * 256);
  if (d.cuMemAllocManaged(&ptr, rounded, CU_MEM_ATTACH_GLOBAL) != CUDA_SUCCESS)
    return nullptr;
  return reinterpret_cast<void *>(ptr);
}

void cuda::freeManaged(void *ptr) {
  Driver &d = getDriver();
  if (ptr && d.loaded)
    d.cuMemFree(reinterpret_cast<CUdeviceptr>(ptr));
}

void *cuda::allocateDevice(size_t bytes) {
  Driver &d = getDriver();
  if (!d.loaded || !getContextState().context)
    return nullptr;
  CUdeviceptr ptr = 0;
  size_t rounded = std::max<size_t>(256, (bytes + 255) / 256 * 256);
  if (d.cuMemAlloc(&ptr, rounded) != CUDA_SUCCESS)
    return nullptr;
  if (d.cuMemsetD8(ptr, 0, rounded) != CUDA_SUCCESS) {
    d.cuMemFree(ptr);
    return nullptr;
  }
  return reinterpret_cast<void *>(ptr);
}

void cuda::freeDevice(void *ptr) {
  Driver &d = getDriver();
  if (ptr && d.loaded)
    d.cuMemFree(reinterpret_cast<CUdeviceptr>(ptr));
}

LogicalResult cuda::copyToDevice(void *device, const void *host, size_t bytes,
                                 std::string &error) {
  Driver &d = getDriver();
  if (!d.loaded) {
    error = d.error;
    return failure();
  }
  // From pageable memory the copy may still be in flight when cuMemcpyHtoD
  // returns; kernels run on non-blocking streams: wait for it.
  CUresult r =
      d.cuMemcpyHtoD(reinterpret_cast<CUdeviceptr>(device), host, bytes);
  if (r == CUDA_SUCCESS)
    r = d.cuCtxSynchronize();
  if (r != CUDA_SUCCESS) {
    error = "copying " + std::to_string(bytes) +
            " bytes to the device failed: " + describe(r);
    return failure();
  }
  return success();
}

LogicalResult cuda::copyToHost(void *host, const void *device, size_t bytes,
                               std::string &error) {
  Driver &d = getDriver();
  if (!d.loaded) {
    error = d.error;
    return failure();
  }
  CUresult r =
      d.cuMemcpyDtoH(host, reinterpret_cast<CUdeviceptr>(device), bytes);
  if (r != CUDA_SUCCESS) {
    error = "copying " + std::to_string(bytes) +
            " bytes from the device failed: " + describe(r);
    return failure();
  }
  return success();
}

FailureOr<double> cuda::timeWithEvents(llvm::function_ref<void()> fn,
                                       std::string &error) {
  Driver &d = getDriver();
  if (!d.loaded) {
    error = d.error;
    return failure();
  }
  CUevent start = nullptr, stop = nullptr;
  CUresult r = d.cuEventCreate(&start, CU_EVENT_DEFAULT);
  if (r == CUDA_SUCCESS)
    r = d.cuEventCreate(&stop, CU_EVENT_DEFAULT);
  if (r == CUDA_SUCCESS)
    r = d.cuEventRecord(start, nullptr);
  if (r == CUDA_SUCCESS) {
    fn();
    r = d.cuEventRecord(stop, nullptr);
  }
  if (r == CUDA_SUCCESS)
    r = d.cuEventSynchronize(stop);
  float ms = 0;
  if (r == CUDA_SUCCESS)
    r = d.cuEventElapsedTime(&ms, start, stop);
  if (start)
    d.cuEventDestroy(start);
  if (stop)
    d.cuEventDestroy(stop);
  if (r != CUDA_SUCCESS) {
    error = "timing with CUDA events failed: " + describe(r);
    return failure();
  }
  return ms * 1e-3;
}

LogicalResult cuda::synchronize(std::string &error) {
  Driver &d = getDriver();
  if (!d.loaded) {
    error = d.error;
    return failure();
  }
  CUresult r = d.cuCtxSynchronize();
  if (r != CUDA_SUCCESS) {
    error = "the device failed: " + describe(r);
    return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Kernel timing
//===----------------------------------------------------------------------===//

namespace {
/// Events recorded around the launches of the current timer, per stream,
/// read when the stream is synchronized.
struct TimerState {
  bool active = false;
  double seconds = 0;
  struct Pending {
    CUstream stream;
    CUevent start, stop;
    cuda::KernelLaunch launch;
  };
  SmallVector<Pending> pending;
  SmallVector<cuda::KernelLaunch> launches;
};
} // namespace

static thread_local TimerState timer;

cuda::KernelTimer::KernelTimer() {
  timer.active = true;
  reset();
}
cuda::KernelTimer::~KernelTimer() { timer.active = false; }
double cuda::KernelTimer::getSeconds() const { return timer.seconds; }
ArrayRef<cuda::KernelLaunch> cuda::KernelTimer::getLaunches() const {
  return timer.launches;
}
void cuda::KernelTimer::reset() {
  timer.seconds = 0;
  timer.launches.clear();
}

/// Adds up the pending events of `stream` (all streams when null); the
/// stream has been synchronized.
static void collectTimings(CUstream stream) {
  Driver &d = getDriver();
  auto &pending = timer.pending;
  for (size_t i = 0; i < pending.size();) {
    if (stream && pending[i].stream != stream) {
      ++i;
      continue;
    }
    float ms = 0;
    TUNER_CU_CHECK(d.cuEventSynchronize(pending[i].stop));
    TUNER_CU_CHECK(
        d.cuEventElapsedTime(&ms, pending[i].start, pending[i].stop));
    timer.seconds += ms * 1e-3;
    pending[i].launch.seconds = ms * 1e-3;
    timer.launches.push_back(pending[i].launch);
    d.cuEventDestroy(pending[i].start);
    d.cuEventDestroy(pending[i].stop);
    pending.erase(pending.begin() + i);
  }
}

//===----------------------------------------------------------------------===//
// mgpu* entry points
//===----------------------------------------------------------------------===//

/// The driver, for lowered code: without one the process ends.
static Driver &loadedDriver() {
  Driver &d = getDriver();
  if (!d.loaded) {
    std::fprintf(stderr, "mlir-tuner CUDA runtime: %s\n", d.error.c_str());
    std::_Exit(86);
  }
  return d;
}

/// The context of the process; lowered code only runs after initialize().
static void makeCurrent() {
  Context &state = getContextState();
  if (!state.context) {
    std::string error;
    if (failed(cuda::initialize(0, error))) {
      std::fprintf(stderr, "mlir-tuner CUDA runtime: %s\n", error.c_str());
      std::_Exit(86);
    }
    return;
  }
  getDriver().cuCtxSetCurrent(state.context);
}

namespace {
/// Streams given back by lowered code. Synchronous launches create a stream,
/// launch, synchronize and destroy it, every time: creating and destroying
/// streams costs more than a small kernel runs, so they are kept and reused
/// (all belong to the one context of the process).
struct StreamPool {
  std::mutex mutex;
  SmallVector<CUstream> idle;
};
} // namespace

static StreamPool &getStreamPool() {
  static StreamPool pool;
  return pool;
}

extern "C" {

CUmodule mgpuModuleLoad(void *data, size_t /*size*/) {
  makeCurrent();
  CUmodule module = nullptr;
  TUNER_CU_CHECK(loadedDriver().cuModuleLoadData(&module, data));
  return module;
}

CUmodule mgpuModuleLoadJIT(void *data, int optLevel) {
  makeCurrent();
  CUmodule module = nullptr;
  CUjit_option options[] = {CU_JIT_OPTIMIZATION_LEVEL};
  void *values[] = {reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  TUNER_CU_CHECK(
      loadedDriver().cuModuleLoadDataEx(&module, data, 1, options, values));
  return module;
}

void mgpuModuleUnload(CUmodule module) {
  TUNER_CU_CHECK(loadedDriver().cuModuleUnload(module));
}

CUfunction mgpuModuleGetFunction(CUmodule module, const char *name) {
  CUfunction function = nullptr;
  TUNER_CU_CHECK(loadedDriver().cuModuleGetFunction(&function, module, name));
  return function;
}

void mgpuLaunchKernel(CUfunction function, intptr_t gridX, intptr_t gridY,
                      intptr_t gridZ, intptr_t blockX, intptr_t blockY,
                      intptr_t blockZ, int32_t sharedBytes, CUstream stream,
                      void **params, void **extra, size_t /*paramsCount*/) {
  Driver &d = loadedDriver();
  makeCurrent();
  // A block may use more than 48 KiB of shared memory, static and dynamic
  // together, only once the function opts in to its dynamic part (a kernel
  // with 48 KiB of stages and one static byte failed to launch).
  if (sharedBytes > 0) {
    int staticBytes = 0;
    TUNER_CU_CHECK(d.cuFuncGetAttribute(
        &staticBytes, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function));
    if (staticBytes + static_cast<int64_t>(sharedBytes) > 48 * 1024)
      TUNER_CU_CHECK(d.cuFuncSetAttribute(
          function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          sharedBytes));
  }
  TimerState::Pending events{
      stream, nullptr, nullptr,
      cuda::KernelLaunch{{gridX, gridY, gridZ}, {blockX, blockY, blockZ}, 0}};
  if (timer.active) {
    TUNER_CU_CHECK(d.cuEventCreate(&events.start, CU_EVENT_DEFAULT));
    TUNER_CU_CHECK(d.cuEventCreate(&events.stop, CU_EVENT_DEFAULT));
    TUNER_CU_CHECK(d.cuEventRecord(events.start, stream));
  }
  TUNER_CU_CHECK(d.cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY,
                                  blockZ, sharedBytes, stream, params, extra));
  if (timer.active) {
    TUNER_CU_CHECK(d.cuEventRecord(events.stop, stream));
    timer.pending.push_back(events);
  }
}

CUstream mgpuStreamCreate() {
  makeCurrent();
  {
    std::lock_guard<std::mutex> lock(getStreamPool().mutex);
    SmallVector<CUstream> &idle = getStreamPool().idle;
    if (!idle.empty())
      return idle.pop_back_val();
  }
  CUstream stream = nullptr;
  TUNER_CU_CHECK(
      loadedDriver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  return stream;
}

/// The stream goes back to the pool, not to the driver (see StreamPool).
void mgpuStreamDestroy(CUstream stream) {
  collectTimings(stream);
  std::lock_guard<std::mutex> lock(getStreamPool().mutex);
  getStreamPool().idle.push_back(stream);
}

void mgpuStreamSynchronize(CUstream stream) {
  TUNER_CU_CHECK(loadedDriver().cuStreamSynchronize(stream));
  collectTimings(stream);
}

void mgpuStreamWaitEvent(CUstream stream, CUevent event) {
  TUNER_CU_CHECK(loadedDriver().cuStreamWaitEvent(stream, event, 0));
}

CUevent mgpuEventCreate() {
  makeCurrent();
  CUevent event = nullptr;
  TUNER_CU_CHECK(loadedDriver().cuEventCreate(&event, CU_EVENT_DISABLE_TIMING));
  return event;
}

void mgpuEventDestroy(CUevent event) {
  TUNER_CU_CHECK(loadedDriver().cuEventDestroy(event));
}

void mgpuEventSynchronize(CUevent event) {
  TUNER_CU_CHECK(loadedDriver().cuEventSynchronize(event));
}

void mgpuEventRecord(CUevent event, CUstream stream) {
  TUNER_CU_CHECK(loadedDriver().cuEventRecord(event, stream));
}

void *mgpuMemAlloc(uint64_t bytes, CUstream /*stream*/, bool hostShared) {
  makeCurrent();
  if (bytes == 0)
    return nullptr;
  CUdeviceptr ptr = 0;
  if (hostShared)
    TUNER_CU_CHECK(
        loadedDriver().cuMemAllocManaged(&ptr, bytes, CU_MEM_ATTACH_GLOBAL));
  else
    TUNER_CU_CHECK(loadedDriver().cuMemAlloc(&ptr, bytes));
  return reinterpret_cast<void *>(ptr);
}

void mgpuMemFree(void *ptr, CUstream /*stream*/) {
  TUNER_CU_CHECK(loadedDriver().cuMemFree(reinterpret_cast<CUdeviceptr>(ptr)));
}

void mgpuMemcpy(void *dst, void *src, size_t bytes, CUstream stream) {
  TUNER_CU_CHECK(loadedDriver().cuMemcpyAsync(
      reinterpret_cast<CUdeviceptr>(dst), reinterpret_cast<CUdeviceptr>(src),
      bytes, stream));
}

void mgpuMemset32(void *dst, unsigned value, size_t count, CUstream stream) {
  TUNER_CU_CHECK(loadedDriver().cuMemsetD32Async(
      reinterpret_cast<CUdeviceptr>(dst), value, count, stream));
}

/// A buffer of the lowered module that lives as long as the module: `*slot`
/// (a null-initialized global of the module) holds it once allocated. The
/// first call allocates `bytes` of device memory (managed memory when
/// `managed` is not 0) and, when `init` is not null, copies `bytes` from the
/// host memory at `init` into it (a constant weight); later calls return it.
/// tuner-gpu-device-memory emits the calls.
void *mgpuTunerModuleBuffer(void **slot, const void *init, uint64_t bytes,
                            int32_t managed) {
  if (*slot)
    return *slot;
  makeCurrent();
  Driver &d = loadedDriver();
  CUdeviceptr ptr = 0;
  size_t size = std::max<uint64_t>(bytes, 1);
  if (managed)
    TUNER_CU_CHECK(d.cuMemAllocManaged(&ptr, size, CU_MEM_ATTACH_GLOBAL));
  else
    TUNER_CU_CHECK(d.cuMemAlloc(&ptr, size));
  if (init && bytes) {
    TUNER_CU_CHECK(d.cuMemcpyHtoD(ptr, init, bytes));
    // From pageable memory the copy may still be in flight when it returns,
    // and the kernels that read the buffer run on non-blocking streams,
    // launched without a host synchronization in between
    // (tuner-gpu-async-launches): the first use waits for it.
    TUNER_CU_CHECK(d.cuCtxSynchronize());
  }
  *slot = reinterpret_cast<void *>(ptr);
  return *slot;
}

/// Frees the buffer in `*slot`, if any (the module's destructor). Errors
/// are ignored: at the end of the process the context may be gone.
void mgpuTunerModuleBufferFree(void **slot) {
  if (!*slot)
    return;
  Driver &d = getDriver();
  if (d.loaded)
    d.cuMemFree(reinterpret_cast<CUdeviceptr>(*slot));
  *slot = nullptr;
}

/// A buffer of managed memory of some call: its address and size.
struct CallBuffer {
  CUdeviceptr ptr;
  uint64_t bytes;
};

/// The buffers of the calls in progress on this thread, oldest first
/// (mgpuTunerCallBuffer), given back to the pool down to a call's mark when
/// it returns.
static thread_local std::vector<CallBuffer> callBuffers;

/// Buffers of calls that have returned, by size, for the next calls: a loop
/// allocating per step would otherwise pay cuMemAllocManaged and cuMemFree
/// per step and call. Freed by mgpuTunerCallBufferPoolFree (the module's
/// destructor).
static std::mutex callBufferPoolMutex;
static std::multimap<uint64_t, CUdeviceptr> &callBufferPool() {
  static auto *pool = new std::multimap<uint64_t, CUdeviceptr>();
  return *pool;
}

/// A buffer of `bytes` of managed memory for the current call (one
/// allocated in a loop or a branch of a lowered function), from the pool
/// when it has one of that size: the mgpuTunerCallRelease of the mark the
/// call took first gives it back.
void *mgpuTunerCallBuffer(uint64_t bytes) {
  bytes = std::max<uint64_t>(bytes, 1);
  CUdeviceptr ptr = 0;
  {
    std::lock_guard<std::mutex> lock(callBufferPoolMutex);
    auto &pool = callBufferPool();
    if (auto it = pool.find(bytes); it != pool.end()) {
      ptr = it->second;
      pool.erase(it);
    }
  }
  if (!ptr) {
    makeCurrent();
    TUNER_CU_CHECK(
        loadedDriver().cuMemAllocManaged(&ptr, bytes, CU_MEM_ATTACH_GLOBAL));
  }
  callBuffers.push_back({ptr, bytes});
  return reinterpret_cast<void *>(ptr);
}

/// The mark of a call's start: the number of call buffers in use.
uint64_t mgpuTunerCallMark() { return callBuffers.size(); }

/// Gives the call buffers taken since `mark` back to the pool (the call
/// returns; the launches that used them have finished:
/// tuner-gpu-async-launches waits before this call).
void mgpuTunerCallRelease(uint64_t mark) {
  std::lock_guard<std::mutex> lock(callBufferPoolMutex);
  while (callBuffers.size() > mark) {
    callBufferPool().emplace(callBuffers.back().bytes, callBuffers.back().ptr);
    callBuffers.pop_back();
  }
}

/// Frees the pool's buffers (a lowered module's destructor). Errors are
/// ignored: at the end of the process the context may be gone.
void mgpuTunerCallBufferPoolFree() {
  std::lock_guard<std::mutex> lock(callBufferPoolMutex);
  Driver &d = getDriver();
  for (auto [bytes, ptr] : callBufferPool())
    if (d.loaded)
      d.cuMemFree(ptr);
  callBufferPool().clear();
}

/// Enqueues on `stream` the copy of `rows` rows of `rowBytes` bytes,
/// `dstPitch` and `srcPitch` bytes apart.
static void enqueueCopy2D(Driver &d, CUstream stream, void *dst,
                          int64_t dstPitch, const void *src, int64_t srcPitch,
                          int64_t rowBytes, int64_t rows) {
  if (rows == 1) { // no pitch limit (2D copies take pitches below 2^31)
    TUNER_CU_CHECK(d.cuMemcpyAsync(reinterpret_cast<CUdeviceptr>(dst),
                                   reinterpret_cast<CUdeviceptr>(src), rowBytes,
                                   stream));
    return;
  }
  CUDA_MEMCPY2D copy = {};
  copy.srcMemoryType = CU_MEMORYTYPE_UNIFIED;
  copy.srcDevice = reinterpret_cast<CUdeviceptr>(src);
  copy.srcPitch = srcPitch;
  copy.dstMemoryType = CU_MEMORYTYPE_UNIFIED;
  copy.dstDevice = reinterpret_cast<CUdeviceptr>(dst);
  copy.dstPitch = dstPitch;
  copy.WidthInBytes = rowBytes;
  copy.Height = rows;
  TUNER_CU_CHECK(d.cuMemcpy2DAsync(&copy, stream));
}

/// `planes` copies of `rows` rows of `rowBytes` bytes (see mgpuTunerCopy2D),
/// `dstPlanePitch` and `srcPlanePitch` bytes apart (a pad's interior over
/// several channels), on one stream.
void mgpuTunerCopy3D(void *dst, int64_t dstPitch, int64_t dstPlanePitch,
                     const void *src, int64_t srcPitch, int64_t srcPlanePitch,
                     int64_t rowBytes, int64_t rows, int64_t planes) {
  if (rows <= 0 || rowBytes <= 0 || planes <= 0)
    return;
  Driver &d = loadedDriver();
  CUstream stream = mgpuStreamCreate();
  for (int64_t p = 0; p < planes; ++p)
    enqueueCopy2D(d, stream, static_cast<char *>(dst) + p * dstPlanePitch,
                  dstPitch, static_cast<const char *>(src) + p * srcPlanePitch,
                  srcPitch, rowBytes, rows);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
}

/// A copy between buffers the device reaches (device or managed memory):
/// `rows` rows of `rowBytes` bytes, `dstPitch` and `srcPitch` bytes apart,
/// finished when the call returns (the kernels before and after it run on
/// other streams, synchronized by the host). tuner-gpu-device-memory turns
/// the host's copies between such buffers (an out-parameter filled from a
/// reshaped result, a pad's interior) into these calls.
void mgpuTunerCopy2D(void *dst, int64_t dstPitch, const void *src,
                     int64_t srcPitch, int64_t rowBytes, int64_t rows) {
  mgpuTunerCopy3D(dst, dstPitch, 0, src, srcPitch, 0, rowBytes, rows, 1);
}

namespace {
/// The TMA descriptors made so far, in device memory, by what they encode.
/// Launches are synchronous, so no kernel reads one when the cache is
/// emptied.
struct TensorMapCache {
  static constexpr size_t kMaxEntries = 64;
  std::mutex mutex;
  std::map<std::array<uint64_t, 22>, CUdeviceptr> maps;

  void clear() {
    Driver &d = getDriver();
    if (d.loaded)
      for (auto &entry : maps)
        d.cuMemFree(entry.second);
    maps.clear();
  }
  ~TensorMapCache() { clear(); }
};
} // namespace

/// Prints why a TMA descriptor cannot be made and ends the process like a
/// failed driver call.
[[noreturn]] static void dieTensorMap(const std::string &why) {
  std::fprintf(stderr, "mlir-tuner CUDA runtime: TMA descriptor: %s\n",
               why.c_str());
  std::_Exit(86);
}

/// The TMA descriptor (in device memory, for kernels to read) of the memref
/// whose ranked descriptor is at `ranked` (rank `rank`), in boxes of
/// `boxDims` (outermost first), with the driver's data type, interleave,
/// swizzle, L2 promotion and out-of-bounds fill: upstream's ABI, which
/// MLIR's nvgpu.tma.create.descriptor lowers to. Unlike upstream, the
/// memref's offset counts, the address and strides are checked, and a
/// descriptor is made once per buffer and shape, freed at exit.
void *mgpuTensorMapEncodeTiledMemref(int64_t rank, void *ranked,
                                     int64_t dataType, int64_t interleave,
                                     int64_t swizzle, int64_t l2Promotion,
                                     int64_t oobFill, int64_t *boxDims) {
  static constexpr int64_t kElementBytes[] = {1, 2, 4, 4, 8, 8, 2,
                                              4, 8, 2, 4, 4, 4};
  if (rank < 1 || rank > 5 || dataType < 0 || dataType > 12)
    dieTensorMap("rank " + std::to_string(rank) + ", data type " +
                 std::to_string(dataType));
  int64_t bytes = kElementBytes[dataType];
  // {allocated, aligned, offset, sizes[rank], strides[rank]}.
  auto *header = static_cast<char **>(ranked);
  auto *fields = reinterpret_cast<int64_t *>(header + 2);
  const int64_t *sizes = fields + 1, *strides = fields + 1 + rank;
  char *address = header[1] + fields[0] * bytes;
  std::array<uint64_t, 22> key = {};
  cuuint64_t globalDim[5] = {1, 1, 1, 1, 1}, globalStrides[5] = {0};
  cuuint32_t boxDim[5] = {1, 1, 1, 1, 1}, elementStrides[5] = {1, 1, 1, 1, 1};
  for (int64_t i = 0; i < rank; ++i) {
    globalDim[i] = sizes[rank - 1 - i];
    boxDim[i] = boxDims[rank - 1 - i];
    if (i + 1 < rank)
      globalStrides[i] = strides[rank - 2 - i] * bytes;
    key[7 + i] = globalDim[i];
    key[12 + i] = globalStrides[i];
    key[17 + i] = boxDim[i];
  }
  if (reinterpret_cast<uintptr_t>(address) % 16 || strides[rank - 1] != 1)
    dieTensorMap("the buffer must start at a multiple of 16 bytes and have "
                 "a unit innermost stride");
  for (int64_t i = 0; i + 1 < rank; ++i)
    if (globalStrides[i] % 16)
      dieTensorMap("strides must be multiples of 16 bytes");
  key[0] = rank;
  key[1] = dataType;
  key[2] = interleave;
  key[3] = swizzle;
  key[4] = l2Promotion;
  key[5] = oobFill;
  key[6] = reinterpret_cast<uintptr_t>(address);
  getDriver(); // constructed before the cache, so destroyed after it
  static TensorMapCache cache;
  std::lock_guard<std::mutex> lock(cache.mutex);
  auto it = cache.maps.find(key);
  if (it != cache.maps.end())
    return reinterpret_cast<void *>(it->second);
  if (cache.maps.size() >= TensorMapCache::kMaxEntries)
    cache.clear();
  makeCurrent();
  Driver &d = loadedDriver();
  CUtensorMap map;
  TUNER_CU_CHECK(d.cuTensorMapEncodeTiled(
      &map, static_cast<CUtensorMapDataType>(dataType),
      static_cast<cuuint32_t>(rank), address, globalDim, globalStrides, boxDim,
      elementStrides, static_cast<CUtensorMapInterleave>(interleave),
      static_cast<CUtensorMapSwizzle>(swizzle),
      static_cast<CUtensorMapL2promotion>(l2Promotion),
      static_cast<CUtensorMapFloatOOBfill>(oobFill)));
  CUdeviceptr device = 0;
  TUNER_CU_CHECK(d.cuMemAlloc(&device, sizeof(CUtensorMap)));
  TUNER_CU_CHECK(d.cuMemcpyHtoD(device, &map, sizeof(CUtensorMap)));
  TUNER_CU_CHECK(d.cuCtxSynchronize());
  cache.maps.emplace(key, device);
  return reinterpret_cast<void *>(device);
}

void mgpuSetDefaultDevice(int32_t ordinal) {
  std::string error;
  if (failed(cuda::initialize(ordinal, error))) {
    std::fprintf(stderr, "mlir-tuner CUDA runtime: %s\n", error.c_str());
    std::_Exit(86);
  }
}

} // extern "C"

void cuda::forEachEntryPoint(llvm::function_ref<void(StringRef, void *)> fn) {
#define TUNER_ENTRY(name) fn(#name, reinterpret_cast<void *>(&name))
  TUNER_ENTRY(mgpuModuleLoad);
  TUNER_ENTRY(mgpuModuleLoadJIT);
  TUNER_ENTRY(mgpuModuleUnload);
  TUNER_ENTRY(mgpuModuleGetFunction);
  TUNER_ENTRY(mgpuLaunchKernel);
  TUNER_ENTRY(mgpuStreamCreate);
  TUNER_ENTRY(mgpuStreamDestroy);
  TUNER_ENTRY(mgpuStreamSynchronize);
  TUNER_ENTRY(mgpuStreamWaitEvent);
  TUNER_ENTRY(mgpuEventCreate);
  TUNER_ENTRY(mgpuEventDestroy);
  TUNER_ENTRY(mgpuEventSynchronize);
  TUNER_ENTRY(mgpuEventRecord);
  TUNER_ENTRY(mgpuMemAlloc);
  TUNER_ENTRY(mgpuMemFree);
  TUNER_ENTRY(mgpuMemcpy);
  TUNER_ENTRY(mgpuMemset32);
  TUNER_ENTRY(mgpuSetDefaultDevice);
  TUNER_ENTRY(mgpuTunerModuleBuffer);
  TUNER_ENTRY(mgpuTunerModuleBufferFree);
  TUNER_ENTRY(mgpuTunerCallBuffer);
  TUNER_ENTRY(mgpuTunerCallMark);
  TUNER_ENTRY(mgpuTunerCallRelease);
  TUNER_ENTRY(mgpuTunerCallBufferPoolFree);
  TUNER_ENTRY(mgpuTunerCopy2D);
  TUNER_ENTRY(mgpuTunerCopy3D);
  TUNER_ENTRY(mgpuTensorMapEncodeTiledMemref);
#undef TUNER_ENTRY
}

#endif // TUNER_HAS_CUDA

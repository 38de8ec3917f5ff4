//===- Executable.cpp - Python bindings of a JIT-compiled module ----------===//
//
// mlir_tuner._native.Executable: a module lowered (its schedules
// materialized) and JIT-compiled once for the host CPU with tuner-run's
// compileModuleForCPU, then called any number of times on the caller's
// data. Inputs and outputs are Python buffers (NumPy arrays, memoryviews, a
// torch tensor's .numpy() view), C-contiguous, of the entry's shapes and
// element sizes; the kernel runs on them in place (it assumes no alignment),
// or through its own buffers when a result overlaps an argument. This is
// what returns results to Python (Module.run only times seeded random
// inputs), and what the torch.compile backend calls: there through
// `call_addresses`, on the raw addresses of tensors whose shapes, element
// types and contiguity the caller vouches for (a Python buffer costs a few
// microseconds per tensor, which a small model notices).
//
//===----------------------------------------------------------------------===//

#include "Native.h"

#include "ModuleRunner.h"

#include "Tuner/Tuner/Measure/Timing.h"

#include "llvm/Support/raw_ostream.h"

#include <pybind11/stl.h>

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::python;

namespace {
/// A compiled entry with its argument buffers. The context outlives the
/// kernel: the signature's types live in it.
class PyExecutable {
public:
  PyExecutable(std::shared_ptr<MLIRContext> ctx,
               std::unique_ptr<CPUKernel> kernel, std::string entry,
               std::vector<HostBuffer> inputs, std::vector<HostBuffer> outputs)
      : ctx(std::move(ctx)), kernel(std::move(kernel)), entry(std::move(entry)),
        inputs(std::move(inputs)), outputs(std::move(outputs)) {}

  const std::string &getEntry() const { return entry; }
  py::list getInputs() const { return describe(inputs); }
  py::list getOutputs() const { return describe(outputs); }

  /// Calls the kernel on `args`, writing `results`: in place, the
  /// kernel's descriptors pointing at the callers' buffers (the kernel
  /// writes its results through out-parameters and assumes no alignment),
  /// unless a result overlaps an argument or one is a scalar, which go
  /// through the kernel's own buffers. TypeError or ValueError naming the
  /// argument that does not fit.
  void call(const py::sequence &args, const py::sequence &results) {
    std::vector<py::buffer_info> in = getBuffers(args, inputs, "input", false);
    std::vector<py::buffer_info> out =
        getBuffers(results, outputs, "output", true);
    auto pointer = [](const py::buffer_info &info) { return info.ptr; };
    run(llvm::map_to_vector(in, pointer), llvm::map_to_vector(out, pointer));
  }

  /// Calls the kernel on the memory at the addresses `args` and `results`
  /// (integers, as `torch.Tensor.data_ptr()` gives them): C-contiguous
  /// buffers of the entry's shapes and element types, which the caller
  /// vouches for; only their number and null addresses are checked.
  void callAddresses(const py::sequence &args, const py::sequence &results) {
    run(getAddresses(args, inputs, "input"),
        getAddresses(results, outputs, "output"));
  }

private:
  /// Runs the kernel on the callers' memory: in place, the kernel's
  /// descriptors pointing at it, unless a result overlaps an argument or
  /// one is a scalar, which go through the kernel's own buffers.
  void run(ArrayRef<void *> in, ArrayRef<void *> out) {
    py::gil_scoped_release release;
    // One call at a time: the kernel's buffers are shared.
    std::lock_guard<std::mutex> lock(mutex);
    if (canCallInPlace(in, out)) {
      SmallVector<std::pair<int64_t, int64_t>> saved;
      for (auto [ptr, buffer] : llvm::zip(in, inputs))
        saved.push_back(bind(buffer, ptr));
      for (auto [ptr, buffer] : llvm::zip(out, outputs))
        saved.push_back(bind(buffer, ptr));
      kernel->run(inputs, outputs);
      for (auto [buffer, pointers] :
           llvm::zip(llvm::concat<HostBuffer>(inputs, outputs), saved)) {
        buffer.getDescriptor()[0] = pointers.first;
        buffer.getDescriptor()[1] = pointers.second;
      }
      return;
    }
    for (auto [ptr, buffer] : llvm::zip(in, inputs))
      std::memcpy(buffer.data(), ptr, getBytes(buffer));
    kernel->run(inputs, outputs);
    for (auto [ptr, buffer] : llvm::zip(out, outputs))
      std::memcpy(ptr, buffer.data(), getBytes(buffer));
  }

  /// Points `buffer`'s descriptor at `data`; returns the pointers it had.
  static std::pair<int64_t, int64_t> bind(HostBuffer &buffer, void *data) {
    int64_t *descriptor = buffer.getDescriptor();
    std::pair<int64_t, int64_t> old = {descriptor[0], descriptor[1]};
    descriptor[0] = descriptor[1] = reinterpret_cast<int64_t>(data);
    return old;
  }

  /// Whether the kernel may run on the callers' buffers: no scalar, and no
  /// result sharing memory with an argument or another result.
  bool canCallInPlace(ArrayRef<void *> in, ArrayRef<void *> out) const {
    auto isScalar = [](const HostBuffer &b) { return b.isScalar(); };
    if (llvm::any_of(inputs, isScalar) || llvm::any_of(outputs, isScalar))
      return false;
    auto range = [&](size_t j) {
      bool isInput = j < in.size();
      const HostBuffer &buffer = isInput ? inputs[j] : outputs[j - in.size()];
      auto *begin =
          static_cast<const char *>(isInput ? in[j] : out[j - in.size()]);
      return std::make_pair(begin, begin + getBytes(buffer));
    };
    for (size_t i = 0; i < out.size(); ++i) {
      auto [begin, end] = range(in.size() + i);
      for (size_t j = 0; j < in.size() + out.size(); ++j) {
        if (j == in.size() + i)
          continue;
        auto [b, e] = range(j);
        if (begin < e && b < end)
          return false;
      }
    }
    return true;
  }

  static int64_t getBytes(const HostBuffer &buffer) {
    return buffer.getNumElements() * buffer.getElementBytes();
  }

  /// (shape, element type) of each buffer, the element type as MLIR prints
  /// it (f32, bf16, i64, i1).
  static py::list describe(const std::vector<HostBuffer> &buffers) {
    py::list list;
    for (const HostBuffer &buffer : buffers) {
      ShapedType type = buffer.getType();
      std::string element;
      llvm::raw_string_ostream os(element);
      type.getElementType().print(os);
      py::tuple shape(type.getRank());
      for (auto [i, d] : llvm::enumerate(type.getShape()))
        shape[i] = d;
      list.append(py::make_tuple(shape, element));
    }
    return list;
  }

  static std::vector<py::buffer_info>
  getBuffers(const py::sequence &values, const std::vector<HostBuffer> &into,
             const char *what, bool writable) {
    if (values.size() != into.size())
      throw py::type_error(std::string("the entry takes ") +
                           std::to_string(into.size()) + " " + what +
                           "s, got " + std::to_string(values.size()));
    std::vector<py::buffer_info> infos;
    for (size_t i = 0, e = into.size(); i < e; ++i) {
      py::object value = values[i];
      std::string name = std::string(what) + " " + std::to_string(i);
      if (!PyObject_CheckBuffer(value.ptr()))
        throw py::type_error(name + " is not a buffer (a NumPy array or a " +
                             "memoryview), but " +
                             std::string(py::str(value.get_type())));
      py::buffer_info info = value.cast<py::buffer>().request(writable);
      const HostBuffer &buffer = into[i];
      if (info.size != buffer.getNumElements() ||
          info.itemsize != buffer.getElementBytes())
        throw py::value_error(name + " has " + std::to_string(info.size) +
                              " elements of " + std::to_string(info.itemsize) +
                              " bytes; the entry takes " +
                              std::to_string(buffer.getNumElements()) + " of " +
                              std::to_string(buffer.getElementBytes()));
      // C order: each stride is the product of the extents after it.
      int64_t expected = info.itemsize;
      for (int64_t d = info.ndim - 1; d >= 0; --d) {
        if (info.shape[d] != 1 && info.strides[d] != expected)
          throw py::value_error(name + " is not C-contiguous");
        expected *= info.shape[d];
      }
      infos.push_back(std::move(info));
    }
    return infos;
  }

  static std::vector<void *> getAddresses(const py::sequence &values,
                                          const std::vector<HostBuffer> &into,
                                          const char *what) {
    if (values.size() != into.size())
      throw py::type_error(std::string("the entry takes ") +
                           std::to_string(into.size()) + " " + what +
                           "s, got " + std::to_string(values.size()));
    std::vector<void *> addresses;
    for (size_t i = 0, e = into.size(); i < e; ++i) {
      auto address = values[i].cast<uintptr_t>();
      if (!address && getBytes(into[i]))
        throw py::value_error(std::string(what) + " " + std::to_string(i) +
                              " is a null address");
      addresses.push_back(reinterpret_cast<void *>(address));
    }
    return addresses;
  }

  std::shared_ptr<MLIRContext> ctx;
  std::unique_ptr<CPUKernel> kernel;
  std::string entry;
  std::vector<HostBuffer> inputs, outputs;
  std::mutex mutex;
};
} // namespace

/// Lowers and JIT-compiles a copy of `module`; MLIRError with the
/// diagnostics when it cannot.
static std::unique_ptr<PyExecutable>
compileModule(PyModule &module, const std::string &entry,
              const std::string &parallel) {
  module.checkNotBusy("compile");
  ParallelRuntime runtime = ParallelRuntime::OpenMP;
  if (parallel == "none")
    runtime = ParallelRuntime::None;
  else if (parallel != "openmp")
    throw py::value_error("unknown parallel '" + parallel +
                          "': expected 'openmp' or 'none'");
  // The kernels allocate their temporaries on every call: as in tuner-run
  // and the tuner's workers (where they were timed), freed blocks stay in
  // the heap for the next call instead of going back to the system (a
  // ResNet block ran 1.9x slower without it). MLIR_TUNER_KEEP_FREED_MEMORY=0
  // leaves the process's allocator as it is.
  static std::once_flag keepMemory;
  std::call_once(keepMemory, [] {
    const char *keep = std::getenv("MLIR_TUNER_KEEP_FREED_MEMORY");
    if (!keep || std::string(keep) != "0")
      keepFreedMemoryForReuse();
  });
  DiagnosticCapture capture(module.getContext());
  OwningOpRef<ModuleOp> copy(module.get().clone());
  std::string error, name;
  FailureOr<std::unique_ptr<CPUKernel>> kernel = failure();
  std::vector<HostBuffer> inputs, outputs;
  {
    py::gil_scoped_release release;
    kernel = compileModuleForCPU(*copy, entry, runtime, name, error);
    // The callers' arrays are bound in place of the kernel's buffers: their
    // shapes are the signature's (tuner-run takes dynamic ones).
    if (succeeded(kernel) && (hasDynamicInputs((*kernel)->getSignature()) ||
                              hasDynamicOutputs((*kernel)->getSignature()))) {
      error = "an argument or a result of '" + name +
              "' has a dynamic shape: give its dimensions static sizes "
              "(tuner-opt --tuner-specialize-shapes)";
      kernel = failure();
    }
    if (succeeded(kernel) && failed(allocateBuffers((*kernel)->getSignature(),
                                                    inputs, outputs, error)))
      kernel = failure();
  }
  if (failed(kernel))
    capture.raise("cannot compile the module: " + error);
  capture.flushWarnings();
  return std::make_unique<PyExecutable>(module.getContextPtr(),
                                        std::move(*kernel), std::move(name),
                                        std::move(inputs), std::move(outputs));
}

void tuner::python::bindExecutable(py::module_ &m) {
  py::class_<PyExecutable>(m, "Executable")
      .def_property_readonly("entry", &PyExecutable::getEntry)
      .def_property_readonly("inputs", &PyExecutable::getInputs)
      .def_property_readonly("outputs", &PyExecutable::getOutputs)
      .def("call", &PyExecutable::call, py::arg("inputs"), py::arg("outputs"))
      .def("call_addresses", &PyExecutable::callAddresses, py::arg("inputs"),
           py::arg("outputs"));
  m.def("compile", &compileModule, py::arg("module"), py::arg("entry"),
        py::arg("parallel"));
}

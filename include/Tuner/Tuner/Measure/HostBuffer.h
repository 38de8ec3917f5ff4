//===- HostBuffer.h - kernel arguments in host memory -----------*- C++ -*-===//
//
// Buffers for the arguments of a kernel: allocated for a shaped type, filled
// with seeded random data, passed to JIT-compiled code as memref descriptors,
// and compared against a reference with a tolerance.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_MEASURE_HOSTBUFFER_H
#define TUNER_TUNER_MEASURE_HOSTBUFFER_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Support/LLVM.h"

#include <cstdint>
#include <memory>
#include <string>

namespace mlir::tuner {

/// The largest buffer a kernel's argument may need (bytes); a larger or
/// overflowing shape is an error, not an allocation.
constexpr int64_t kMaxBufferBytes = int64_t(1) << 40;

/// Where a buffer's memory is.
enum class BufferMemory {
  /// Host memory (aligned_alloc).
  Host,
  /// CUDA managed memory: reachable from GPU kernels and the host.
  Managed,
  /// CUDA device memory: reachable from GPU kernels only. The host reaches
  /// its contents through upload() and download() alone.
  Device,
};

/// A dense, 64-byte aligned buffer with a memref descriptor.
class HostBuffer {
public:
  /// Allocates a buffer for `type` (static shape; element type f16, bf16,
  /// f32, f64 or an integer of 1 to 64 bits) in `memory`. Zero-filled. CUDA
  /// memory needs the CUDA runtime initialized (cuda::initialize).
  static FailureOr<HostBuffer> create(ShapedType type, std::string &error,
                                      BufferMemory memory);
  /// As above, in managed memory with `managed`, else in host memory.
  static FailureOr<HostBuffer> create(ShapedType type, std::string &error,
                                      bool managed = false) {
    return create(type, error,
                  managed ? BufferMemory::Managed : BufferMemory::Host);
  }

  HostBuffer(HostBuffer &&) = default;
  HostBuffer &operator=(HostBuffer &&) = default;

  ShapedType getType() const { return type; }
  int64_t getNumElements() const { return numElements; }
  int64_t getElementBytes() const { return elementBytes; }
  void *data() { return storage.get(); }
  const void *data() const { return storage.get(); }

  /// Fills with reproducible random values: floats uniform in [-1, 1],
  /// integers uniform in [-8, 8] below 32 bits, in [0, 8] from 32 bits on
  /// (they may index a table), booleans 0/1.
  void fillRandom(uint64_t seed);
  /// Copies the contents of a buffer of the same type (neither in device
  /// memory).
  void copyFrom(const HostBuffer &other);

  BufferMemory getMemory() const { return memory; }

  /// Copies the contents of `host` (same type, not in device memory) into
  /// this buffer, wherever it lives; fails with the driver's message.
  LogicalResult upload(const HostBuffer &host, std::string &error);
  /// Copies this buffer's contents into `host` (same type, not in device
  /// memory); fails with the driver's message.
  LogicalResult download(HostBuffer &host, std::string &error) const;

  /// The descriptor {allocated, aligned, offset, sizes[rank], strides[rank]}
  /// as 8-byte fields, the layout of StridedMemRefType.
  int64_t *getDescriptor() { return descriptor.data(); }
  /// Appends to `args` a pointer to each field of the descriptor, the
  /// expanded form of a memref argument in a packed call; for a scalar (a
  /// 0-d vector type, see KernelSignature), a pointer to the value.
  void appendPackedArgs(SmallVectorImpl<void *> &args);
  /// Whether the buffer holds a scalar argument passed by value.
  bool isScalar() const { return isa<VectorType>(type); }

  /// Element `i` converted to double.
  double getAsDouble(int64_t i) const;

  /// Writes the contents as a NumPy .npy file (format 1.0, C order, little
  /// endian), so that other runtimes can be fed the same inputs and checked
  /// against the same outputs. The dtype is the element type's: f16 '<f2',
  /// f32 '<f4', f64 '<f8', i1 '|b1', i8 '|i1', i16 '<i2', i32 '<i4', i64
  /// '<i8'. NumPy has no bf16: bf16 is written as its raw bits with the
  /// '<u2' descr (`ml_dtypes`: `np.load(f).view(ml_dtypes.bfloat16)`).
  /// Other integer widths are an error.
  LogicalResult writeNpy(StringRef path, std::string &error) const;

private:
  HostBuffer() = default;

  ShapedType type;
  BufferMemory memory = BufferMemory::Host;
  int64_t numElements = 0;
  int64_t elementBytes = 0;
  std::unique_ptr<uint8_t, void (*)(void *)> storage{nullptr, nullptr};
  SmallVector<int64_t> descriptor;
};

/// Result of comparing a buffer against a reference.
struct Comparison {
  bool match = true;
  /// Largest |actual - expected|.
  double maxAbsError = 0;
  /// Largest |actual - expected| / (max(1, |expected|) + rms(expected)).
  double maxError = 0;
  int64_t mismatches = 0;
  /// Describes the first mismatching element, if any.
  std::string firstMismatch;
};

/// Compares element-wise; floats match when |a - e| <= tolerance *
/// (max(1, |e|) + rms(expected)): relative to the element, and to the scale
/// of the whole result, so that a sum that cancels to a small value is
/// judged by the size of its terms. Integers must be equal; NaNs match NaNs.
Comparison compareBuffers(const HostBuffer &actual, const HostBuffer &expected,
                          double tolerance);

/// The relative tolerance a result computed in `precision` (a float type:
/// the least precise one of the program, see KernelSignature::precision) is
/// checked with: about 2^-10 for f32 (sums in another order), a few units in
/// the last place for f16 (2^-10) and bf16 (2^-7), whose roundings a
/// reordered f32 accumulation may flip, 1e-5 for f64. Without a type, f32's.
double getDefaultTolerance(Type precision);

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_HOSTBUFFER_H

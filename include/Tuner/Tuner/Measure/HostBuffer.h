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

/// Bytes of the guard regions around a buffer in host or managed memory.
constexpr int64_t kGuardBytes = 4096;

/// A dense, 64-byte aligned buffer with a memref descriptor. In host and
/// managed memory it sits between two guard regions of kGuardBytes (the one
/// after it also covers the padding to 64 bytes) filled with 0xff bytes,
/// a NaN in every float type: a kernel that reads past its operand computes
/// with NaN, and one that writes there is caught by checkGuards().
class HostBuffer {
public:
  /// Allocates a buffer for `type` (static shape; element type f16, bf16,
  /// f32, f64, an integer of 1 to 64 bits, complex<f32> or complex<f64>) in
  /// `memory`. Zero-filled. CUDA memory needs the CUDA runtime initialized
  /// (cuda::initialize).
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
  /// The type of the scalars an element is made of: the element type, or a
  /// complex type's part type.
  Type getPartType() const { return partType; }
  /// The scalars of the buffer: its elements, twice as many for complex
  /// numbers (real and imaginary parts, side by side).
  int64_t getNumScalars() const { return numElements * parts; }
  int64_t getElementBytes() const { return elementBytes; }
  void *data() { return storage.get() + guardBytes; }
  const void *data() const { return storage.get() + guardBytes; }
  /// Whether the guard regions around the buffer still hold what create()
  /// put there; otherwise `error` says where the first changed byte is.
  /// Always true in device memory (which has no guards).
  bool checkGuards(std::string &error) const;

  /// Fills with reproducible random values: floats uniform in [-1, 1],
  /// integers uniform in [-8, -1] and [1, 8] below 32 bits, in [1, 8] from
  /// 32 bits on (they may index a table), never 0 (a divisor), booleans
  /// 0/1. With a positive `bound` (indices, KernelSignature::inputBounds),
  /// integers are uniform in [0, bound).
  void fillRandom(uint64_t seed, int64_t bound = 0);
  /// Fills the data with what the guards hold (NaN in every float type),
  /// so that an element a kernel does not write is seen (not in device
  /// memory).
  void poison();
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

  /// Scalar `i` (an element, or a part of a complex element; see
  /// getNumScalars) converted to double.
  double getAsDouble(int64_t i) const;

  /// Writes the contents as a NumPy .npy file (format 1.0, C order, little
  /// endian), so that other runtimes can be fed the same inputs and checked
  /// against the same outputs. The dtype is the element type's: f16 '<f2',
  /// f32 '<f4', f64 '<f8', i1 '|b1', i8 '|i1', i16 '<i2', i32 '<i4', i64
  /// '<i8', complex<f32> '<c8', complex<f64> '<c16'. NumPy has no bf16:
  /// bf16 is written as its raw bits with the '<u2' descr (`ml_dtypes`:
  /// `np.load(f).view(ml_dtypes.bfloat16)`).
  /// Other integer widths are an error.
  LogicalResult writeNpy(StringRef path, std::string &error) const;
  /// Fills the buffer (not in device memory) from a NumPy .npy file (format
  /// 1.0 to 3.0, C order, little endian) of its shape and of the dtype
  /// writeNpy writes for its element type; integers may be signed or
  /// unsigned of the same width. Anything else (another shape or dtype, a
  /// truncated file) is an error that names the file and what differs.
  LogicalResult readNpy(StringRef path, std::string &error);

private:
  HostBuffer() = default;

  ShapedType type;
  Type partType;
  int64_t parts = 1;
  BufferMemory memory = BufferMemory::Host;
  int64_t numElements = 0;
  int64_t elementBytes = 0;
  /// Bytes of the guard before the data, and of the data, the padding and
  /// the guard after it.
  int64_t guardBytes = 0, tailBytes = 0;
  std::unique_ptr<uint8_t, void (*)(void *)> storage{nullptr, nullptr};
  SmallVector<int64_t> descriptor;
};

/// The shape in the header of the .npy file `path` (a program's input of
/// dynamic shape is allocated for the file it is read from); `error` names
/// the file and says why it cannot be read.
FailureOr<SmallVector<int64_t>> readNpyShape(StringRef path,
                                             std::string &error);

/// How far a result may be from the reference's: element by element,
/// |actual - expected| <= atol' + rtol * |expected| (numpy.allclose), where
/// atol' = atol + perMagnitude * max(1, m) and m, the output's typical
/// magnitude, is the median of |expected| over the elements that differ
/// from the reference's at all. Reordering a sum moves it by roundings of
/// the size of its terms, not of its value: an element that cancels to
/// almost nothing keeps the error of its large terms, which m (about the
/// size of the sums) stands for. The median is moved only by half of the
/// elements, and elements both computed alike (a mask value, a copy) do not
/// count: one -1e9 does not loosen the others.
struct Tolerance {
  double atol = 0;
  double rtol = 0;
  double perMagnitude = 0;
};

/// Result of comparing a buffer against a reference. The figures summarize;
/// `match` is decided element by element.
struct Comparison {
  bool match = true;
  /// Largest |actual - expected| over the finite elements.
  double maxAbsError = 0;
  /// Largest |actual - expected| / |expected| over the finite, non-zero
  /// expected elements.
  double maxRelError = 0;
  /// Largest |actual - expected| / (atol + rtol * |expected|): at most 1
  /// when every element matches (an element that mismatches by being NaN or
  /// infinite where the other is not counts as infinity).
  double maxError = 0;
  int64_t mismatches = 0;
  /// Describes the first mismatching element, if any.
  std::string firstMismatch;
};

/// Compares element by element, as numpy.allclose with `tolerance`: a float
/// element matches when |a - e| <= atol + rtol * |e|; NaN matches only NaN,
/// an infinity only the same infinity; integers must be equal. Buffers of
/// different types do not match.
Comparison compareBuffers(const HostBuffer &actual, const HostBuffer &expected,
                          Tolerance tolerance);

/// Merges the comparison of output `index` into `total`.
void accumulateComparison(Comparison &total, const Comparison &c,
                          StringRef what);

/// The tolerance of a result computed in `precision` (the least precise
/// float type of the program, see KernelSignature::precision) whose longest
/// reduction sums `reductionSize` terms in `accumulator`:
///   rtol = atol = max(4 eps(precision), 1e-5): the last bits of a result
///          (and the roundings a reordered accumulation may flip), an
///          absolute amount for values of about one (the inputs of a run
///          are in [-1, 1]);
///   perMagnitude = 4 eps(accumulator) sqrt(reductionSize): the roundings
///          of a sum of that many terms in another order, per unit of the
///          output's magnitude.
/// With a tf32 precision (f32 inputs a kernel rounds to tf32), perMagnitude
/// is at least 4 eps(tf32): the inputs' roundings move a sum by about
/// eps(tf32) of its magnitude.
/// eps is 2^-23 for f32, 2^-10 for f16 and tf32, 2^-7 for bf16, 2^-52 for f64.
/// An elementwise f32 result is checked to about 1e-5, a 4096-term f32 sum of
/// typical magnitude 14 (random inputs) to about 4e-4. Without a precision,
/// f32's; integers are always exact.
Tolerance getDefaultTolerance(Type precision, Type accumulator = {},
                              int64_t reductionSize = 1);

} // namespace mlir::tuner

#endif // TUNER_TUNER_MEASURE_HOSTBUFFER_H

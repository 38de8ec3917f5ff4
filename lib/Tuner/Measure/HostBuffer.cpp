//===- HostBuffer.cpp - kernel arguments in host memory -------------------===//

#include "Tuner/Tuner/Measure/HostBuffer.h"

#include "Tuner/Runtime/CUDARuntime.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>
#include <random>
#include <vector>

using namespace mlir;
using namespace mlir::tuner;

/// What the guard regions hold: 0xff bytes are a NaN in every float type.
static constexpr uint8_t kGuardByte = 0xff;

static std::string printType(Type type) {
  std::string s;
  llvm::raw_string_ostream(s) << type;
  return s;
}

FailureOr<HostBuffer> HostBuffer::create(ShapedType type, std::string &error,
                                          BufferMemory memory) {
  Type elt = type.getElementType();
  // A complex number is its real and imaginary parts, side by side.
  auto complex = dyn_cast<ComplexType>(elt);
  Type part = complex ? complex.getElementType() : elt;
  auto floatElt = dyn_cast<FloatType>(part);
  if (!type.hasStaticShape() || !part.isIntOrFloat() ||
      (complex && !(part.isF32() || part.isF64())) ||
      !(part.isInteger() || (floatElt && (floatElt.getWidth() <= 16 ||
                                          part.isF32() || part.isF64())))) {
    llvm::raw_string_ostream(error)
        << "unsupported buffer type " << type
        << " (static shapes of floats of up to 16 bits, f32, f64, "
           "integers, complex<f32> or complex<f64> only)";
    return failure();
  }
  HostBuffer buffer;
  buffer.type = type;
  buffer.partType = part;
  buffer.parts = complex ? 2 : 1;
  unsigned bits = part.getIntOrFloatBitWidth();
  buffer.elementBytes = (bits <= 8 ? 1 : bits / 8) * buffer.parts;
  // Shapes near INT64_MAX overflow the element count: check every product.
  std::optional<int64_t> elements = int64_t(1);
  for (int64_t d : type.getShape())
    elements = elements ? llvm::checkedMul(*elements, d) : std::nullopt;
  std::optional<int64_t> total =
      elements ? llvm::checkedMul(*elements, int64_t(buffer.elementBytes))
               : std::nullopt;
  if (!total || *total > kMaxBufferBytes) {
    llvm::raw_string_ostream(error)
        << "a buffer of type " << type << " is too large to allocate (more "
        << "than " << (kMaxBufferBytes >> 30) << " GiB)";
    return failure();
  }
  buffer.numElements = *elements;
  size_t bytes = std::max<size_t>(64, *total);
  bytes = (bytes + 63) / 64 * 64;
  buffer.memory = memory;
  // Guards around host-reachable buffers (device memory has none: the host
  // cannot fill or check it cheaply).
  size_t guard = memory == BufferMemory::Device ? 0 : kGuardBytes;
  size_t allocated = bytes + 2 * guard;
  void *mem = nullptr;
  void (*release)(void *) = std::free;
  switch (memory) {
  case BufferMemory::Host:
    mem = std::aligned_alloc(64, allocated);
    break;
  case BufferMemory::Managed:
    mem = cuda::allocateManaged(allocated);
    release = cuda::freeManaged;
    break;
  case BufferMemory::Device:
    mem = cuda::allocateDevice(allocated); // zero-filled by the runtime
    release = cuda::freeDevice;
    break;
  }
  if (!mem) {
    error = std::string("out of ") +
            (memory == BufferMemory::Device ? "device " : "") +
            "memory allocating " + std::to_string(bytes) + " bytes";
    return failure();
  }
  buffer.guardBytes = guard;
  buffer.tailBytes = allocated - guard - *total;
  if (memory != BufferMemory::Device) {
    auto *base = static_cast<uint8_t *>(mem);
    std::memset(base, kGuardByte, guard);
    std::memset(base + guard, 0, *total);
    std::memset(base + guard + *total, kGuardByte, buffer.tailBytes);
  }
  buffer.storage = std::unique_ptr<uint8_t, void (*)(void *)>(
      static_cast<uint8_t *>(mem), release);
  mem = buffer.data();

  int64_t rank = type.getRank();
  buffer.descriptor.assign(3 + 2 * rank, 0);
  buffer.descriptor[0] = reinterpret_cast<int64_t>(mem);
  buffer.descriptor[1] = reinterpret_cast<int64_t>(mem);
  int64_t stride = 1;
  for (int64_t d = rank - 1; d >= 0; --d) {
    buffer.descriptor[3 + d] = type.getDimSize(d);
    buffer.descriptor[3 + rank + d] = stride;
    stride *= type.getDimSize(d);
  }
  return buffer;
}

bool HostBuffer::checkGuards(std::string &error) const {
  if (memory == BufferMemory::Device)
    return true;
  const uint8_t *base = storage.get();
  const uint8_t *end = base + guardBytes;
  const uint8_t *p =
      std::find_if(base, end, [](uint8_t b) { return b != kGuardByte; });
  if (p != end) {
    error = "the kernel wrote up to " + std::to_string(end - p) +
            " bytes before the start of a buffer of type " + printType(type);
    return false;
  }
  const uint8_t *tail = base + guardBytes + numElements * elementBytes;
  end = tail + tailBytes;
  // The farthest byte written past the end says how far the kernel went.
  auto last = std::find_if(std::make_reverse_iterator(end),
                           std::make_reverse_iterator(tail),
                           [](uint8_t b) { return b != kGuardByte; });
  if (last.base() != tail) {
    error = "the kernel wrote up to " + std::to_string(last.base() - tail) +
            " bytes after the end of a buffer of type " + printType(type);
    return false;
  }
  return true;
}

void HostBuffer::appendPackedArgs(SmallVectorImpl<void *> &args) {
  if (isScalar()) {
    args.push_back(data());
    return;
  }
  for (int64_t &field : descriptor)
    args.push_back(&field);
}

void HostBuffer::poison() {
  assert(memory != BufferMemory::Device && "poison a host buffer");
  std::memset(data(), kGuardByte, numElements * elementBytes);
}

void HostBuffer::copyFrom(const HostBuffer &other) {
  assert(memory != BufferMemory::Device &&
         other.memory != BufferMemory::Device && "use upload/download");
  std::memcpy(data(), other.data(), numElements * elementBytes);
}

LogicalResult HostBuffer::upload(const HostBuffer &host, std::string &error) {
  assert(host.memory != BufferMemory::Device && "the source is not host data");
  if (memory != BufferMemory::Device) {
    copyFrom(host);
    return success();
  }
  return cuda::copyToDevice(data(), host.data(), numElements * elementBytes,
                            error);
}

LogicalResult HostBuffer::download(HostBuffer &host,
                                   std::string &error) const {
  assert(host.memory != BufferMemory::Device && "the target is not host data");
  if (memory != BufferMemory::Device) {
    host.copyFrom(*this);
    return success();
  }
  return cuda::copyToHost(host.data(), data(), numElements * elementBytes,
                          error);
}

/// The bits of `f` rounded to a float type of 16 bits or fewer (`sem`),
/// as stored: the low bits of 2 bytes, or of 1 for 8 bits or fewer (LLVM
/// stores an f4E2M1FN, an i4, in a byte).
static uint16_t toNarrow(float f, const llvm::fltSemantics &sem) {
  llvm::APFloat v(f);
  bool lost;
  v.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  return static_cast<uint16_t>(v.bitcastToAPInt().getZExtValue());
}

static float fromNarrow(uint16_t bits, const llvm::fltSemantics &sem) {
  unsigned width = llvm::APFloat::getSizeInBits(sem);
  llvm::APFloat v(sem, llvm::APInt(width, bits & ((1u << width) - 1)));
  bool lost;
  v.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return v.convertToFloat();
}

void HostBuffer::fillRandom(uint64_t seed, int64_t bound) {
  assert(memory != BufferMemory::Device && "fill a host buffer and upload it");
  std::mt19937_64 rng(seed);
  Type elt = partType;
  int64_t partBytes = elementBytes / parts;
  uint8_t *p = static_cast<uint8_t *>(data());
  if (isa<FloatType>(elt)) {
    std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
    for (int64_t i = 0, e = getNumScalars(); i < e; ++i) {
      float v = dist(rng);
      if (elt.isF32()) {
        std::memcpy(p + 4 * i, &v, 4);
      } else if (elt.isF64()) {
        double d = v;
        std::memcpy(p + 8 * i, &d, 8);
      } else {
        // Unsigned formats (f8E8M0FNU, the scales of microscaling formats)
        // get magnitudes.
        const llvm::fltSemantics &sem =
            cast<FloatType>(elt).getFloatSemantics();
        if (!llvm::APFloat::semanticsHasSignedRepr(sem))
          v = std::fabs(v);
        uint16_t h = toNarrow(v, sem);
        std::memcpy(p + partBytes * i, &h, partBytes);
      }
    }
    return;
  }
  // Integers of 32 bits or more are often indices (token ids of an
  // embedding lookup, gather positions): they stay in [1, 8] so that a
  // program indexing a table with them reads inside it. Other integers
  // (not booleans) are never 0 either: an integer division by a random 0
  // faults (x86-64's idiv), and programs assert nonzero divisors
  // (torch-mlir's reciprocal of an integer tensor).
  unsigned bits = elt.getIntOrFloatBitWidth();
  int64_t low = bits == 1 ? 0 : bits >= 32 ? 1 : -8, high = bits == 1 ? 1 : 8;
  // Indices: anywhere in the extent they index (bits > 1: a boolean holds
  // no index; a narrow integer's own range bounds it too).
  if (bound > 0 && bits > 1) {
    low = 0;
    high = std::min<int64_t>(bound,
                             bits >= 63 ? bound : int64_t(1) << (bits - 1)) -
           1;
  }
  std::uniform_int_distribution<int64_t> dist(low, low < 0 ? high - 1 : high);
  for (int64_t i = 0; i < numElements; ++i) {
    int64_t v = dist(rng);
    if (low < 0 && v >= 0) // [-8, -1] and [1, 8]
      ++v;
    std::memcpy(p + partBytes * i, &v, partBytes); // little endian
  }
}

double HostBuffer::getAsDouble(int64_t i) const {
  Type elt = partType;
  int64_t partBytes = elementBytes / parts;
  const uint8_t *p = static_cast<const uint8_t *>(data()) + partBytes * i;
  if (elt.isF32()) {
    float v;
    std::memcpy(&v, p, 4);
    return v;
  }
  if (elt.isF64()) {
    double v;
    std::memcpy(&v, p, 8);
    return v;
  }
  if (auto f = dyn_cast<FloatType>(elt)) {
    uint16_t h = 0;
    std::memcpy(&h, p, partBytes);
    return fromNarrow(h, f.getFloatSemantics());
  }
  int64_t v = 0;
  std::memcpy(&v, p, partBytes);
  int64_t storedBits = 8 * partBytes;
  if (storedBits < 64) // sign-extend
    v = static_cast<int64_t>(static_cast<uint64_t>(v) << (64 - storedBits)) >>
        (64 - storedBits);
  return static_cast<double>(v);
}

/// The distance from 1 to the next float of `type` (f32: 2^-23); f32's for
/// a null or non-float type.
static double getEpsilon(Type type) {
  auto f = dyn_cast_or_null<FloatType>(type);
  return std::ldexp(1.0, 1 - int(f ? f.getFPMantissaWidth() : 24));
}

Tolerance mlir::tuner::getDefaultTolerance(Type precision, Type accumulator,
                                           int64_t reductionSize) {
  Tolerance t;
  t.rtol = std::max(4 * getEpsilon(precision), 1e-5);
  t.atol = t.rtol;
  double terms = std::max<double>(1, reductionSize);
  t.perMagnitude =
      4 * getEpsilon(accumulator ? accumulator : precision) * std::sqrt(terms);
  // Inputs rounded to tf32 inside the kernel (the reference's are not): each
  // term is off by about eps(tf32), their sum by about eps(tf32) times the
  // results' magnitude, however small one result is.
  if (precision && precision.isTF32())
    t.perMagnitude = std::max(t.perMagnitude, 4 * getEpsilon(precision));
  return t;
}

/// The .npy dtype of an element type (bf16: its raw bits as "<u2", floats
/// of 8 bits or fewer as "|u1"), or
/// nullopt when NumPy has none of its width.
static std::optional<StringRef> getNpyDescr(Type elt) {
  if (auto complex = dyn_cast<ComplexType>(elt)) {
    if (complex.getElementType().isF32())
      return StringRef("<c8");
    if (complex.getElementType().isF64())
      return StringRef("<c16");
    return std::nullopt;
  }
  if (elt.isF16())
    return StringRef("<f2");
  if (elt.isBF16())
    return StringRef("<u2");
  if (elt.isF32())
    return StringRef("<f4");
  if (elt.isF64())
    return StringRef("<f8");
  // Floats of 8 bits or fewer: their raw bits, as bf16's.
  if (auto f = dyn_cast<FloatType>(elt); f && f.getWidth() <= 8)
    return StringRef("|u1");
  if (!elt.isInteger())
    return std::nullopt;
  switch (elt.getIntOrFloatBitWidth()) {
  case 1:
    return StringRef("|b1");
  case 8:
    return StringRef("|i1");
  case 16:
    return StringRef("<i2");
  case 32:
    return StringRef("<i4");
  case 64:
    return StringRef("<i8");
  default:
    return std::nullopt;
  }
}

LogicalResult HostBuffer::writeNpy(StringRef path, std::string &error) const {
  std::optional<StringRef> descr = getNpyDescr(type.getElementType());
  if (!descr) {
    llvm::raw_string_ostream(error)
        << "cannot write " << type << " as .npy: no NumPy dtype for "
        << type.getElementType();
    return failure();
  }
  // The header: a Python dict literal, padded with spaces so that the data
  // starts at a multiple of 64 bytes, ended by a newline.
  std::string header;
  llvm::raw_string_ostream os(header);
  os << "{'descr': '" << *descr << "', 'fortran_order': False, 'shape': (";
  llvm::interleave(type.getShape(), os, ", ");
  os << (type.getRank() == 1 ? ",), }" : "), }");
  const size_t preamble = 10; // magic, version, header length
  header.append((64 - (preamble + header.size() + 1) % 64) % 64, ' ');
  header.push_back('\n');

  std::error_code ec;
  llvm::raw_fd_ostream file(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    error = "cannot write '" + path.str() + "': " + ec.message();
    return failure();
  }
  uint16_t length = header.size();
  file << "\x93NUMPY" << char(1) << char(0) << char(length & 0xff)
       << char(length >> 8) << header;
  file.write(reinterpret_cast<const char *>(data()),
             numElements * elementBytes); // little endian
  file.close();
  if (file.has_error()) {
    error = "cannot write '" + path.str() + "': " + file.error().message();
    file.clear_error();
    return failure();
  }
  return success();
}

/// The value of `key` in the header dict of a .npy file ("'descr': '<f4',
/// 'fortran_order': False, 'shape': (2, 3), "): the text after its colon up
/// to the next top-level comma or the closing brace, trimmed; empty when
/// the key is missing.
static StringRef getNpyHeaderField(StringRef header, StringRef key) {
  size_t at = header.find(("'" + key + "'").str());
  if (at == StringRef::npos)
    return {};
  StringRef rest = header.drop_front(at + key.size() + 2).ltrim();
  if (!rest.consume_front(":"))
    return {};
  rest = rest.ltrim();
  size_t end =
      rest.starts_with("(") ? rest.find(')') + 1 : rest.find_first_of(",}");
  return rest.take_front(end).trim();
}

/// Whether a .npy dtype `descr` holds the elements a buffer of `elt` does:
/// writeNpy's own, or an integer of the same width of either signedness.
static bool isCompatibleNpyDescr(Type elt, StringRef descr) {
  std::optional<StringRef> expected = getNpyDescr(elt);
  if (!expected)
    return false;
  if (descr.size() > 1 && descr[0] == '=')
    descr = descr.drop_front();
  StringRef want = expected->drop_front(), got = descr.drop_front();
  if (!descr.empty() && descr[0] == '>' && want.back() != '1')
    return false; // big endian
  if (want == got)
    return true;
  return elt.isInteger() && elt.getIntOrFloatBitWidth() > 1 &&
         want.size() == 2 && got.size() == 2 && want[1] == got[1] &&
         (got[0] == 'i' || got[0] == 'u');
}

/// Parses the shape tuple of a .npy header ("(2, 3)", "(4,)", "()").
static std::optional<SmallVector<int64_t>> parseNpyShape(StringRef text) {
  if (!text.consume_front("(") || !text.consume_back(")"))
    return std::nullopt;
  SmallVector<int64_t> shape;
  SmallVector<StringRef> parts;
  text.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef part : parts) {
    int64_t dim;
    if (part.trim().empty())
      continue;
    if (part.trim().getAsInteger(10, dim) || dim < 0)
      return std::nullopt;
    shape.push_back(dim);
  }
  return shape;
}

namespace {
/// A .npy file read whole: its header dict and its data.
struct NpyFile {
  std::unique_ptr<llvm::MemoryBuffer> file;
  StringRef header, data;
};
} // namespace

/// Reads `path` and splits it into header and data (format 1.0 to 3.0);
/// `error` says why it cannot.
static FailureOr<NpyFile> openNpy(StringRef path, std::string &error) {
  auto fail = [&](const Twine &why) {
    error = ("'" + path + "': " + why).str();
    return failure();
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return fail("cannot read: " + file.getError().message());
  StringRef bytes = (*file)->getBuffer();
  if (!bytes.consume_front("\x93NUMPY") || bytes.size() < 4)
    return fail("not a .npy file");
  unsigned major = uint8_t(bytes[0]);
  size_t lengthBytes = major == 1 ? 2 : 4;
  if (major < 1 || major > 3 || bytes.size() < 2 + lengthBytes)
    return fail("unknown .npy format version " + Twine(major));
  size_t length = 0;
  for (size_t i = 0; i < lengthBytes; ++i)
    length |= size_t(uint8_t(bytes[2 + i])) << (8 * i);
  bytes = bytes.drop_front(2 + lengthBytes);
  if (bytes.size() < length)
    return fail("truncated header");
  NpyFile npy;
  npy.header = bytes.take_front(length);
  npy.data = bytes.drop_front(length);
  npy.file = std::move(*file);
  return npy;
}

FailureOr<SmallVector<int64_t>> mlir::tuner::readNpyShape(StringRef path,
                                                          std::string &error) {
  FailureOr<NpyFile> npy = openNpy(path, error);
  if (failed(npy))
    return failure();
  StringRef text = getNpyHeaderField(npy->header, "shape");
  std::optional<SmallVector<int64_t>> shape = parseNpyShape(text);
  if (!shape) {
    error = ("'" + path + "': cannot read the shape " + text).str();
    return failure();
  }
  return *shape;
}

LogicalResult HostBuffer::readNpy(StringRef path, std::string &error) {
  auto fail = [&](const Twine &why) {
    error = ("'" + path + "': " + why).str();
    return failure();
  };
  if (memory == BufferMemory::Device)
    return fail("cannot read into device memory");
  FailureOr<NpyFile> npy = openNpy(path, error);
  if (failed(npy))
    return failure();
  StringRef header = npy->header, data = npy->data;

  StringRef descr = getNpyHeaderField(header, "descr").trim("'\"");
  Type elt = type.getElementType();
  if (!isCompatibleNpyDescr(elt, descr))
    return fail("dtype '" + descr + "', expected '" +
                getNpyDescr(elt).value_or("?") + "' for " + printType(elt));
  if (getNpyHeaderField(header, "fortran_order") != "False")
    return fail("Fortran order; save it in C order "
                "(numpy.ascontiguousarray)");
  std::optional<SmallVector<int64_t>> shape =
      parseNpyShape(getNpyHeaderField(header, "shape"));
  ArrayRef<int64_t> expected = type.getShape();
  if (!shape || ArrayRef<int64_t>(*shape) != expected) {
    std::string want;
    llvm::raw_string_ostream os(want);
    os << "(";
    llvm::interleaveComma(expected, os);
    os << (expected.size() == 1 ? ",)" : ")");
    return fail("shape " + getNpyHeaderField(header, "shape") + ", expected " +
                want + " for " + printType(type));
  }
  size_t size = size_t(numElements) * elementBytes;
  if (data.size() != size)
    return fail("holds " + Twine(data.size()) + " bytes of data, expected " +
                Twine(size));
  std::memcpy(this->data(), data.data(), size);
  return success();
}

/// The median of |expected| over the finite elements where `actual` differs
/// from it (0 when there is none): Tolerance::perMagnitude's scale.
static double getTypicalMagnitude(const HostBuffer &actual,
                                  const HostBuffer &expected) {
  std::vector<double> magnitudes;
  for (int64_t i = 0, e = expected.getNumScalars(); i < e; ++i) {
    double x = expected.getAsDouble(i);
    if (std::isfinite(x) && actual.getAsDouble(i) != x)
      magnitudes.push_back(std::fabs(x));
  }
  if (magnitudes.empty())
    return 0;
  auto middle = magnitudes.begin() + magnitudes.size() / 2;
  std::nth_element(magnitudes.begin(), middle, magnitudes.end());
  return *middle;
}

/// Describes a mismatching scalar `i` of a buffer whose elements have
/// `parts` scalars each (2: complex numbers).
static std::string describeMismatch(int64_t i, int64_t parts, double a,
                                    double x) {
  std::string str;
  llvm::raw_string_ostream os(str);
  os << "element " << i / parts;
  if (parts == 2)
    os << (i % 2 ? " (imaginary part)" : " (real part)");
  os << ": got " << llvm::format("%.9g", a) << ", expected "
     << llvm::format("%.9g", x);
  return str;
}

/// Whether float element `a` matches `x`, and its error in units of the
/// tolerance (`excess`: infinite for a NaN or infinity mismatch).
static bool matchFloat(double a, double x, Tolerance tol, double &excess) {
  excess = 0;
  if (std::isnan(x) || std::isinf(x) || !std::isfinite(a)) {
    bool same = std::isnan(x) ? std::isnan(a) : a == x;
    excess = same ? 0 : std::numeric_limits<double>::infinity();
    return same;
  }
  double bound = tol.atol + tol.rtol * std::fabs(x);
  double error = std::fabs(a - x);
  excess = bound > 0
               ? error / bound
               : (error == 0 ? 0 : std::numeric_limits<double>::infinity());
  return error <= bound;
}

Comparison mlir::tuner::compareBuffers(const HostBuffer &actual,
                                       const HostBuffer &expected,
                                       Tolerance tolerance) {
  Comparison result;
  if (actual.getType() != expected.getType()) {
    result.match = false;
    result.maxError = std::numeric_limits<double>::infinity();
    result.firstMismatch = "type " + printType(actual.getType()) +
                           " differs from the reference's " +
                           printType(expected.getType());
    return result;
  }
  bool isFloat = isa<FloatType>(actual.getPartType());
  if (isFloat && tolerance.perMagnitude > 0)
    tolerance.atol += tolerance.perMagnitude *
                      std::max(1.0, getTypicalMagnitude(actual, expected));
  int64_t parts =
      actual.getNumScalars() / std::max<int64_t>(1, actual.getNumElements());
  int64_t bytes = actual.getElementBytes() / std::max<int64_t>(1, parts);
  const auto *pa = static_cast<const uint8_t *>(actual.data());
  const auto *px = static_cast<const uint8_t *>(expected.data());
  for (int64_t i = 0, e = actual.getNumScalars(); i < e; ++i) {
    double a = actual.getAsDouble(i), x = expected.getAsDouble(i);
    double excess = 0;
    bool ok;
    if (isFloat) {
      ok = matchFloat(a, x, tolerance, excess);
    } else {
      // Integers bit for bit (64-bit values do not all fit a double).
      ok = std::memcmp(pa + i * bytes, px + i * bytes, bytes) == 0;
      excess = ok ? 0 : std::numeric_limits<double>::infinity();
    }
    double abs = std::fabs(a - x);
    if (std::isfinite(abs)) {
      result.maxAbsError = std::max(result.maxAbsError, abs);
      if (x != 0)
        result.maxRelError = std::max(result.maxRelError, abs / std::fabs(x));
    }
    result.maxError = std::max(result.maxError, excess);
    if (!ok) {
      if (result.mismatches++ == 0)
        result.firstMismatch = describeMismatch(i, parts, a, x);
      result.match = false;
    }
  }
  return result;
}

void mlir::tuner::accumulateComparison(Comparison &total, const Comparison &c,
                                       StringRef what) {
  total.maxAbsError = std::max(total.maxAbsError, c.maxAbsError);
  total.maxRelError = std::max(total.maxRelError, c.maxRelError);
  total.maxError = std::max(total.maxError, c.maxError);
  total.mismatches += c.mismatches;
  if (!c.match && total.match) {
    total.match = false;
    total.firstMismatch = what.str() + ", " + c.firstMismatch;
  }
}

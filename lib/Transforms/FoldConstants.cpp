//===- FoldConstants.cpp - compile-time evaluation of linalg ops ----------===//
//
// Implements foldConstantLinalgOps and the tuner-fold-constants pass: linalg
// ops whose inputs are all constants (weight transposes, casts, small
// precomputations emitted by frontends) are evaluated at compile time and
// their results become `arith.constant` ops; so do static `tensor.pad`s of
// constants (weights padded to whole blocks by tuner-pack-bf16-dot).
//
// Evaluation takes one of three paths:
//  - copy: the payload yields an input block argument (transpose, broadcast,
//    copy): raw element bytes are moved with index arithmetic, in tiles when
//    the input and output are contiguous along different dimensions;
//  - cast: the payload is one cast of an input block argument: the same
//    iteration, converting each element;
//  - interpret: the payload is compiled to a register program of arith and
//    math ops (and linalg.index) run over the whole iteration space in loop
//    order, so reductions accumulate into the init value as the loops would.
// Floats are computed in double precision and rounded to their type after
// every op, which gives correctly rounded results for +, -, *, /, sqrt and
// fma on types of at most 24 bits of precision (f32 and smaller) and exact
// results for f64; other math functions are as accurate as the host's libm.
//
// The parts live one file each: FoldConstantsScalars (element codecs),
// FoldConstantsReader (constant operands), FoldConstantsPayload (the payload
// compiler and interpreter), FoldConstantsIndexing (accesses and the copy
// walk); this file decides the path per op and holds the pass.
//
// Upstream's linalg::populateConstantFoldLinalgOperations covers one case of
// the copy path (a linalg.generic transpose of dense int or float constants)
// and is not used: it reads only DenseElementsAttr operands (not
// dense_resource, fills or reshaped constants), always builds a dense
// attribute element by element through APInt/APFloat (our results above
// resource-threshold are dense_resource blobs, written in tiles), knows
// neither linalg.transpose nor the max-elements/max-growth limits, and
// reports no remark on what it leaves. Using it for its case would change
// the output for exactly the large weights this pass exists for.
//
//===----------------------------------------------------------------------===//

#include "Tuner/Transforms/FoldConstants.h"
#include "Tuner/Transforms/Passes.h"

#include "FoldConstantsIndexing.h"
#include "FoldConstantsPayload.h"
#include "FoldConstantsReader.h"
#include "FoldConstantsScalars.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace mlir::tuner {
#define GEN_PASS_DEF_TUNERFOLDCONSTANTS
#include "Tuner/Transforms/Passes.h.inc"
} // namespace mlir::tuner

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::fold;

/// The blob name hint of folded results stored as dense_resource (the blob
/// manager makes it unique).
static constexpr StringLiteral kBlobName = "tuner_folded";

/// Alignment of the blobs of folded results (a cache line).
static constexpr size_t kBlobAlignment = 64;

//===----------------------------------------------------------------------===//
// Folding one op
//===----------------------------------------------------------------------===//

namespace {
/// The elements of one result under construction.
struct ResultBuffer {
  RankedTensorType type;
  ScalarKind kind;
  unsigned bytes = 0;
  int64_t numElements = 0;
  /// A blob (dense_resource results) or a vector (dense results).
  std::optional<AsmResourceBlob> blob;
  std::vector<char> vector;

  char *data() { return blob ? blob->getMutableData().data() : vector.data(); }
};

/// An input or init of the op being folded.
struct Operand {
  OpOperand *opOperand = nullptr;
  /// The block argument, or -1 (an init of an op whose payload has none).
  int64_t blockArg = -1;
  bool isInit = false;
  bool usedByPayload = false;
  /// Tensor operands: the constant, if any.
  std::optional<ConstTensor> tensor;
  /// Scalar operands: the value.
  std::optional<Scalar> scalar;
  /// Why a constant operand could not be read.
  std::string unreadable;
};

class Folder {
public:
  Folder(const FoldConstantsOptions &options) : options(options) {}

  /// Folds `op` if it can; returns whether it did. When not, `why` may say
  /// why.
  bool tryFold(linalg::LinalgOp op, std::string &why);

  /// Whether the op of the last tryFold has a constant tensor input (a
  /// candidate worth a remark when left alone).
  bool wasCandidate() const { return candidate; }

private:
  LogicalResult collectOperands(linalg::LinalgOp op, std::string &why);
  /// Checks the result and operand types and the static iteration space;
  /// sets `maps` and `ranges`.
  LogicalResult checkShapes(linalg::LinalgOp op, SmallVector<int64_t> &ranges,
                            std::string &why);
  /// One buffer per init; marks the inits whose values are needed.
  LogicalResult collectResults(std::optional<int64_t> iterations,
                               SmallVector<ResultBuffer> &results,
                               std::optional<SmallVector<unsigned>> &outputDims,
                               bool &sameOutputDims, std::string &why);
  LogicalResult checkSizeLimits(ArrayRef<ResultBuffer> results,
                                std::string &why);
  void allocateResults(MutableArrayRef<ResultBuffer> results, bool overwritten);
  const Operand *matchCopy(const Program &program, const Instr *&cast);
  bool copyPath(const Operand &input, const Instr *cast, ResultBuffer &result,
                ArrayRef<int64_t> ranges, std::string &why);
  struct Stream;
  LogicalResult
  buildStreams(MutableArrayRef<ResultBuffer> results, ArrayRef<int64_t> ranges,
               SmallVectorImpl<Scalar> &regs, SmallVectorImpl<Stream> &streams,
               SmallVectorImpl<unsigned> &resultStreams, std::string &why);
  bool interpret(const Program &program, MutableArrayRef<ResultBuffer> results,
                 ArrayRef<int64_t> ranges, std::string &why);
  void replace(linalg::LinalgOp op, MutableArrayRef<ResultBuffer> results);

  const FoldConstantsOptions &options;
  SmallVector<Operand> operands;
  SmallVector<AffineMap> maps;
  bool candidate = false;
  /// Whether the results are splats, computed as one element each.
  bool splatResults = false;
};
} // namespace

LogicalResult Folder::collectOperands(linalg::LinalgOp linalgOp,
                                      std::string &why) {
  operands.clear();
  candidate = false;
  Block *body = linalgOp.getBlock();
  unsigned numInputs = linalgOp.getNumDpsInputs();
  unsigned numInits = linalgOp.getNumDpsInits();
  // Payloads have a block argument per operand, or none for the inits (the
  // linalg.map of older releases).
  bool initArgs = body->getNumArguments() == numInputs + numInits;
  if (!initArgs && body->getNumArguments() != numInputs) {
    why = "the payload's arguments do not match the operands";
    return failure();
  }
  std::string inputWhy;
  bool allInputsConstant = true;
  for (OpOperand &opOperand : linalgOp->getOpOperands()) {
    Operand operand;
    operand.opOperand = &opOperand;
    operand.isInit = linalgOp.isDpsInit(&opOperand);
    unsigned number = opOperand.getOperandNumber();
    if (!operand.isInit || initArgs)
      operand.blockArg = number;
    operand.usedByPayload =
        operand.blockArg >= 0 && !body->getArgument(number).use_empty();
    Value value = opOperand.get();
    if (!isa<ShapedType>(value.getType())) {
      // A scalar input: a constant or nothing.
      auto constOp = value.getDefiningOp<arith::ConstantOp>();
      if (constOp)
        operand.scalar = scalarFromAttr(constOp.getValue());
      if (!operand.scalar && inputWhy.empty())
        inputWhy = llvm::formatv("input #{0} is not a constant", number).str();
      allInputsConstant &= operand.scalar.has_value();
      operands.push_back(std::move(operand));
      continue;
    }
    std::string readWhy;
    FailureOr<std::optional<ConstTensor>> tensor =
        readConstTensor(value, /*allowFill=*/operand.isInit, readWhy);
    if (failed(tensor)) {
      // A constant that cannot be read: as good as no constant, but worth
      // telling (an init's only matters if it is read).
      operand.unreadable = readWhy;
      if (!operand.isInit) {
        if (inputWhy.empty())
          inputWhy = llvm::formatv("input #{0}: {1}", number, readWhy).str();
        candidate = true;
        allInputsConstant = false;
      }
      operands.push_back(std::move(operand));
      continue;
    }
    operand.tensor = std::move(*tensor);
    if (!operand.isInit) {
      if (operand.tensor)
        candidate = true;
      else {
        allInputsConstant = false;
        if (inputWhy.empty())
          inputWhy =
              llvm::formatv("input #{0} is not a constant", number).str();
      }
    }
    operands.push_back(std::move(operand));
  }
  if (!allInputsConstant) {
    why = inputWhy;
    return failure();
  }
  // An op without tensor inputs is a candidate when its results are single
  // elements (the 0-d ops StableHLO importers emit for scalar constants:
  // `linalg.generic outs(tensor<i1>) { linalg.yield %true }`, whose
  // tensor.extract then folds); larger ones are fills and iotas, computed
  // where they are used.
  if (!candidate && linalgOp.getNumDpsInputs() == 0 &&
      llvm::all_of(linalgOp->getResultTypes(), [](Type type) {
        auto shaped = dyn_cast<RankedTensorType>(type);
        return shaped && shaped.hasStaticShape() &&
               shaped.getNumElements() == 1;
      }))
    candidate = true;
  if (!candidate) {
    why = "no input is a constant tensor";
    return failure();
  }
  return success();
}

LogicalResult Folder::checkShapes(linalg::LinalgOp linalgOp,
                                  SmallVector<int64_t> &ranges,
                                  std::string &why) {
  // Types.
  for (Value result : linalgOp->getResults())
    if (failed(checkTensorType(result.getType(), why)))
      return failure();
  for (Operand &operand : operands)
    if (!operand.scalar &&
        failed(checkTensorType(operand.opOperand->get().getType(), why)))
      return failure();

  // Iteration space and maps.
  ranges = linalgOp.getStaticLoopRanges();
  if (ranges.size() != linalgOp.getNumLoops() ||
      llvm::any_of(ranges, [](int64_t r) { return r < 0; })) {
    why = "the iteration space is not static";
    return failure();
  }
  maps = linalgOp.getIndexingMapsArray();
  if (maps.size() != operands.size()) {
    why = "the indexing maps do not match the operands";
    return failure();
  }
  return success();
}

LogicalResult
Folder::collectResults(std::optional<int64_t> iterations,
                       SmallVector<ResultBuffer> &results,
                       std::optional<SmallVector<unsigned>> &outputDims,
                       bool &sameOutputDims, std::string &why) {
  // The results, one per init. An init's value is needed when the payload
  // reads it, or when the loops do not write every element (a zero-sized
  // reduction dimension); a needed init must be a constant.
  for (Operand &operand : operands) {
    if (!operand.isInit)
      continue;
    AffineMap map = maps[operand.opOperand->getOperandNumber()];
    auto type = cast<RankedTensorType>(operand.opOperand->get().getType());
    if (!map.isProjectedPermutation()) {
      why = llvm::formatv("output map {0} is not a projected permutation", map)
                .str();
      return failure();
    }
    SmallVector<unsigned> dims;
    for (unsigned k = 0; k < map.getNumResults(); ++k)
      dims.push_back(map.getDimPosition(k));
    llvm::sort(dims);
    if (!outputDims)
      outputDims = dims;
    else
      sameOutputDims &= *outputDims == dims;

    ResultBuffer result;
    result.type = type;
    result.kind = *getScalarKind(type.getElementType());
    result.bytes = getStorageBytes(type.getElementType());
    result.numElements = *checkedProduct(type.getShape());
    bool covered = result.numElements == 0 || (iterations && *iterations > 0);
    operand.usedByPayload |= !covered;
    if (operand.usedByPayload && !operand.tensor) {
      unsigned number = operand.opOperand->getOperandNumber();
      why =
          operand.unreadable.empty()
              ? llvm::formatv("init #{0} is read but is not a constant", number)
                    .str()
              : llvm::formatv("init #{0}: {1}", number, operand.unreadable)
                    .str();
      return failure();
    }
    results.push_back(std::move(result));
  }

  return success();
}

/// The limits of a non-splat fold: max-elements, and max-growth times the
/// largest non-splat constant read.
LogicalResult Folder::checkSizeLimits(ArrayRef<ResultBuffer> results,
                                      std::string &why) {
  int64_t largestInput = 0;
  for (const Operand &operand : operands)
    if (operand.tensor && operand.usedByPayload && !operand.tensor->splat)
      largestInput = std::max(largestInput, operand.tensor->numElements);
  for (const ResultBuffer &result : results) {
    if (result.numElements > options.maxElements) {
      why = llvm::formatv("the result has {0} elements, more than "
                          "max-elements ({1})",
                          result.numElements, options.maxElements)
                .str();
      return failure();
    }
    if (result.numElements > saturatingMul(options.maxGrowth, largestInput)) {
      why = llvm::formatv(
                "the result has {0} elements, more than max-growth ({1}) "
                "times the {2} of the largest non-splat constant operand",
                result.numElements, options.maxGrowth, largestInput)
                .str();
      return failure();
    }
  }
  return success();
}

/// Allocates the results and copies the constant inits in, unless the path
/// `overwritten` writes every element (copy and cast).
void Folder::allocateResults(MutableArrayRef<ResultBuffer> results,
                             bool overwritten) {
  unsigned resultIndex = 0;
  for (Operand &operand : operands) {
    if (!operand.isInit)
      continue;
    ResultBuffer &result = results[resultIndex++];
    int64_t count = splatResults ? 1 : result.numElements;
    auto size = size_t(count) * result.bytes;
    bool asBlob = !splatResults && result.kind.width != 1 &&
                  result.numElements > options.resourceThreshold;
    if (asBlob)
      result.blob = HeapAsmResourceBlob::allocate(size, kBlobAlignment);
    else
      result.vector.resize(size);
    if (!operand.tensor || count == 0 || overwritten)
      continue;
    const ConstTensor &init = *operand.tensor;
    char *out = result.data();
    if (splatResults || !init.splat) {
      std::memcpy(out, init.data(), size);
      continue;
    }
    for (int64_t i = 0; i < count; ++i)
      std::memcpy(out + i * result.bytes, init.data(), result.bytes);
  }
}

bool Folder::tryFold(linalg::LinalgOp linalgOp, std::string &why) {
  candidate = false;
  splatResults = false;
  Operation *operation = linalgOp.getOperation();
  if (!linalgOp.hasPureTensorSemantics() || operation->getNumRegions() != 1 ||
      operation->getRegion(0).empty())
    return false;
  if (failed(collectOperands(linalgOp, why)))
    return false;
  SmallVector<int64_t> ranges;
  if (failed(checkShapes(linalgOp, ranges, why)))
    return false;
  std::optional<int64_t> iterations = checkedProduct(ranges);
  SmallVector<ResultBuffer> results;
  std::optional<SmallVector<unsigned>> outputDims;
  bool sameOutputDims = true;
  if (failed(
          collectResults(iterations, results, outputDims, sameOutputDims, why)))
    return false;

  // Compile the payload.
  Program program;
  if (failed(compileBody(*linalgOp.getBlock(), program, why)))
    return false;
  if (program.yields.size() != results.size()) {
    why = "the payload does not yield a value per result";
    return false;
  }

  // Splat results: every read operand is a splat and the payload does not
  // look at the indices, so all elements of a result are the same. One is
  // computed, with the output dimensions collapsed (the reduction dimensions
  // stay, so that accumulations see as many terms).
  bool allSplat = llvm::all_of(operands, [](const Operand &operand) {
    return !operand.tensor || !operand.usedByPayload || operand.tensor->splat;
  });
  splatResults = allSplat && !program.usesIndex && sameOutputDims &&
                 llvm::none_of(results, [](const ResultBuffer &r) {
                   return r.numElements == 0;
                 });
  if (!splatResults && failed(checkSizeLimits(results, why)))
    return false;

  // The path: copy or cast, else the interpreter within its work limit.
  const Operand *copyInput = nullptr;
  const Instr *cast = nullptr;
  bool allParallel =
      llvm::all_of(linalgOp.getIteratorTypesArray(), [](auto iterator) {
        return iterator == utils::IteratorType::parallel;
      });
  if (!splatResults && results.size() == 1 && allParallel &&
      maps.back().isPermutation())
    copyInput = matchCopy(program, cast);
  SmallVector<int64_t> loopRanges(ranges);
  if (splatResults && outputDims)
    for (unsigned d : *outputDims)
      loopRanges[d] = 1;
  if (!copyInput) {
    std::optional<int64_t> points = checkedProduct(loopRanges);
    auto perPoint = int64_t(program.instrs.size() + operands.size() + 1);
    if (!points || saturatingMul(*points, perPoint) > options.maxWork) {
      why = llvm::formatv("evaluating it takes more than max-work ({0}) steps",
                          options.maxWork)
                .str();
      return false;
    }
  }

  allocateResults(results, /*overwritten=*/copyInput != nullptr);
  if (copyInput ? !copyPath(*copyInput, cast, results.front(), ranges, why)
                : !interpret(program, results, loopRanges, why))
    return false;
  replace(linalgOp, results);
  return true;
}

/// The input of the copy and cast paths, when the payload yields an input
/// tensor's argument, or one cast of one (then `cast` is set).
const Operand *Folder::matchCopy(const Program &program, const Instr *&cast) {
  unsigned source = program.yields.front();
  cast = nullptr;
  if (program.instrs.size() == 1 && isCast(program.instrs.front().opcode) &&
      program.instrs.front().dst == source) {
    cast = &program.instrs.front();
    source = cast->a;
  } else if (!program.instrs.empty()) {
    return nullptr;
  }
  for (const Operand &operand : operands)
    if (!operand.isInit && operand.tensor && operand.blockArg >= 0 &&
        unsigned(operand.blockArg) == source)
      return &operand;
  return nullptr;
}

/// The copy and cast paths: the single result of an all-parallel op whose
/// output map is a permutation, written once per element from `input`.
bool Folder::copyPath(const Operand &input, const Instr *cast,
                      ResultBuffer &result, ArrayRef<int64_t> ranges,
                      std::string &why) {
  const ConstTensor &tensor = *input.tensor;
  AffineMap inMap = maps[input.opOperand->getOperandNumber()];
  AffineMap outMap = maps.back();
  FailureOr<Access> access =
      getAccess(inMap, tensor.type.getShape(), tensor.splat, ranges, why);
  if (failed(access))
    return false;
  // The input stride along each output dimension (the output map is a
  // permutation of the loops).
  ArrayRef<int64_t> outShape = result.type.getShape();
  SmallVector<int64_t> inStrides;
  for (unsigned j = 0; j < outMap.getNumResults(); ++j)
    inStrides.push_back(access->strides[outMap.getDimPosition(j)]);

  const char *in = tensor.data();
  char *out = result.data();
  unsigned inBytes = tensor.bytes, outBytes = result.bytes;
  if (!cast) {
    auto copy = [&](auto element) {
      using T = decltype(element);
      forEachElement(
          outShape, inStrides, access->base, [&](int64_t o, int64_t i) {
            std::memcpy(out + o * sizeof(T), in + i * sizeof(T), sizeof(T));
            return true;
          });
    };
    switch (inBytes) {
    case 1:
      copy(uint8_t());
      break;
    case 2:
      copy(uint16_t());
      break;
    case 4:
      copy(uint32_t());
      break;
    default:
      copy(uint64_t());
      break;
    }
    return true;
  }

  const ScalarKind &from = tensor.kind, &to = result.kind;
  bool ok;
  if (cast->opcode == Opcode::ExtF && from.kind == ScalarKind::BF16 &&
      to.kind == ScalarKind::F32) {
    ok = forEachElement(outShape, inStrides, access->base,
                        [&](int64_t o, int64_t i) {
                          uint16_t bits;
                          std::memcpy(&bits, in + i * 2, 2);
                          uint32_t wide = uint32_t(bits) << 16;
                          std::memcpy(out + o * 4, &wide, 4);
                          return true;
                        });
  } else if (cast->opcode == Opcode::TruncF && from.kind == ScalarKind::F32 &&
             to.kind == ScalarKind::BF16) {
    ok = forEachElement(outShape, inStrides, access->base,
                        [&](int64_t o, int64_t i) {
                          float value;
                          std::memcpy(&value, in + i * 4, 4);
                          uint16_t bits = roundF32ToBF16(value);
                          std::memcpy(out + o * 2, &bits, 2);
                          return true;
                        });
  } else {
    Instr instr = *cast;
    instr.a = 0;
    instr.dst = 1;
    Scalar regs[2];
    ok = forEachElement(
        outShape, inStrides, access->base, [&](int64_t o, int64_t i) {
          regs[0] = decode(from, loadBits(in + i * inBytes, inBytes));
          if (!evaluate(instr, regs, nullptr))
            return false;
          storeBits(out + o * outBytes, outBytes, encode(to, regs[1]));
          return true;
        });
  }
  if (!ok)
    why = "a conversion is out of range (poison)";
  return ok;
}

/// Where an operand the payload reads, or a result it writes, lives and how
/// its offset moves with the loops (the interpreter's view of an operand).
struct Folder::Stream {
  const char *in = nullptr;
  char *out = nullptr;
  unsigned bytes = 0;
  unsigned reg = 0;
  ScalarKind kind;
  Access access;
  int64_t offset = 0;
  bool load = false;
};

/// The streams of the interpreter: one per tensor input the payload reads
/// and one per result (listed in `resultStreams` too); scalar operands go
/// straight to their registers in `regs`.
LogicalResult Folder::buildStreams(MutableArrayRef<ResultBuffer> results,
                                   ArrayRef<int64_t> ranges,
                                   SmallVectorImpl<Scalar> &regs,
                                   SmallVectorImpl<Stream> &streams,
                                   SmallVectorImpl<unsigned> &resultStreams,
                                   std::string &why) {
  unsigned resultIndex = 0;
  for (const Operand &operand : operands) {
    unsigned number = operand.opOperand->getOperandNumber();
    if (operand.scalar) {
      if (operand.blockArg >= 0)
        regs[operand.blockArg] = *operand.scalar;
      continue;
    }
    Stream stream;
    bool splat = false;
    ArrayRef<int64_t> shape;
    if (operand.isInit) {
      ResultBuffer &result = results[resultIndex++];
      stream.out = result.data();
      stream.bytes = result.bytes;
      stream.kind = result.kind;
      // A splat result is computed as its one element.
      splat = splatResults;
      shape = result.type.getShape();
      stream.load = operand.usedByPayload;
    } else {
      if (operand.blockArg < 0 || !operand.usedByPayload)
        continue;
      stream.in = operand.tensor->data();
      stream.bytes = operand.tensor->bytes;
      stream.kind = operand.tensor->kind;
      splat = operand.tensor->splat;
      shape = operand.tensor->type.getShape();
      stream.load = true;
    }
    stream.reg = operand.blockArg >= 0 ? operand.blockArg : 0;
    FailureOr<Access> access =
        getAccess(maps[number], shape, splat, ranges, why);
    if (failed(access))
      return failure();
    stream.access = std::move(*access);
    stream.offset = stream.access.base;
    if (operand.isInit)
      resultStreams.push_back(streams.size());
    streams.push_back(std::move(stream));
  }
  return success();
}

/// The general path: runs the payload program at every point of the
/// iteration space `ranges`, in loop order.
bool Folder::interpret(const Program &program,
                       MutableArrayRef<ResultBuffer> results,
                       ArrayRef<int64_t> ranges, std::string &why) {
  // Within max-work (checked by the caller), so the product fits.
  if (*checkedProduct(ranges) == 0)
    return true;

  SmallVector<Stream> streams;
  SmallVector<Scalar> regs(program.initialRegs);
  SmallVector<unsigned> resultStreams;
  if (failed(buildStreams(results, ranges, regs, streams, resultStreams, why)))
    return false;

  unsigned numLoops = ranges.size();
  SmallVector<int64_t> index(numLoops, 0);
  while (true) {
    for (Stream &stream : streams) {
      if (!stream.load)
        continue;
      const char *base = stream.in ? stream.in : stream.out;
      regs[stream.reg] =
          decode(stream.kind,
                 loadBits(base + stream.offset * stream.bytes, stream.bytes));
    }
    for (const Instr &instr : program.instrs) {
      if (!evaluate(instr, regs.data(), index.data())) {
        why = llvm::formatv("evaluating it hits undefined behaviour or "
                            "poison at iteration ({0})",
                            llvm::make_range(index.begin(), index.end()))
                  .str();
        return false;
      }
    }
    for (auto [r, s] : llvm::enumerate(resultStreams)) {
      Stream &stream = streams[s];
      storeBits(stream.out + stream.offset * stream.bytes, stream.bytes,
                encode(stream.kind, regs[program.yields[r]]));
    }
    int64_t d = int64_t(numLoops) - 1;
    for (; d >= 0; --d) {
      ++index[d];
      for (Stream &stream : streams)
        stream.offset += stream.access.strides[d];
      if (index[d] < ranges[d])
        break;
      for (Stream &stream : streams)
        stream.offset -= stream.access.strides[d] * ranges[d];
      index[d] = 0;
    }
    if (d < 0)
      return true;
  }
}

/// The attribute holding `result`'s elements (one element when `splat`).
static Attribute getResultAttr(ResultBuffer &result, bool splat) {
  if (result.blob)
    return DenseResourceElementsAttr::get(result.type, kBlobName,
                                          std::move(*result.blob));
  if (result.numElements == 0)
    return DenseElementsAttr::get(result.type, ArrayRef<Attribute>());
  if (result.kind.width == 1) {
    SmallVector<bool> bits;
    for (char byte : result.vector)
      bits.push_back(byte & 1);
    return splat ? DenseElementsAttr::get(result.type, bits.front())
                 : DenseElementsAttr::get(result.type, bits);
  }
  return DenseElementsAttr::getFromRawBuffer(result.type, result.vector);
}

void Folder::replace(linalg::LinalgOp linalgOp,
                     MutableArrayRef<ResultBuffer> results) {
  OpBuilder builder(linalgOp);
  for (auto [result, value] :
       llvm::zip_equal(results, linalgOp->getResults())) {
    auto constant = arith::ConstantOp::create(
        builder, linalgOp.getLoc(),
        cast<TypedAttr>(getResultAttr(result, splatResults)));
    value.replaceAllUsesWith(constant);
  }
}

//===----------------------------------------------------------------------===//
// Padding
//===----------------------------------------------------------------------===//

/// Replaces the uses of `pad` by a constant where it pads a constant with a
/// constant scalar by static amounts (tuner-pack-bf16-dot pads constant
/// weights to whole column blocks before transposing them). Returns whether
/// it did; the caller erases `pad`.
static bool foldConstantPad(tensor::PadOp pad,
                            const FoldConstantsOptions &options) {
  auto type = dyn_cast<RankedTensorType>(pad.getResultType());
  std::string why;
  Value paddingValue = pad.getConstantPaddingValue();
  Attribute paddingAttr;
  if (!type || failed(checkTensorType(type, why)) || !paddingValue ||
      !matchPattern(paddingValue, m_Constant(&paddingAttr)) ||
      ShapedType::isDynamicShape(pad.getStaticLow()) ||
      ShapedType::isDynamicShape(pad.getStaticHigh()) ||
      llvm::any_of(pad.getStaticLow(), [](int64_t v) { return v < 0; }) ||
      llvm::any_of(pad.getStaticHigh(), [](int64_t v) { return v < 0; }))
    return false;
  std::optional<Scalar> scalar = scalarFromAttr(paddingAttr);
  FailureOr<std::optional<ConstTensor>> source =
      readConstTensor(pad.getSource(), /*allowFill=*/false, why);
  if (!scalar || failed(source) || !*source || (*source)->kind.width == 1)
    return false;
  const ConstTensor &in = **source;
  int64_t numElements = *checkedProduct(type.getShape());
  if (numElements > options.maxElements || in.numElements == 0)
    return false;

  // The padded elements, then the source's rows at their offsets.
  ResultBuffer result;
  result.type = type;
  result.kind = in.kind;
  result.bytes = in.bytes;
  result.numElements = numElements;
  unsigned bytes = in.bytes;
  auto size = size_t(numElements) * bytes;
  if (numElements > options.resourceThreshold)
    result.blob = HeapAsmResourceBlob::allocate(size, kBlobAlignment);
  else
    result.vector.resize(size);
  char *out = result.data();
  uint64_t padBits = encode(in.kind, *scalar);
  for (int64_t i = 0; i < numElements; ++i)
    storeBits(out + i * bytes, bytes, padBits);
  ArrayRef<int64_t> inShape = in.type.getShape();
  ArrayRef<int64_t> low = pad.getStaticLow();
  int64_t rank = inShape.size(), rowLength = rank ? inShape.back() : 1;
  SmallVector<int64_t> strides(rank, 1);
  for (int64_t d = rank - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * type.getDimSize(d + 1);
  SmallVector<int64_t> index(rank, 0);
  for (int64_t row = 0; row < in.numElements / rowLength; ++row) {
    int64_t offset = 0;
    for (int64_t d = 0; d < rank; ++d)
      offset += (index[d] + low[d]) * strides[d];
    char *dst = out + offset * bytes;
    if (in.splat)
      for (int64_t i = 0; i < rowLength; ++i)
        std::memcpy(dst + i * bytes, in.data(), bytes);
    else
      std::memcpy(dst, in.data() + row * rowLength * bytes, rowLength * bytes);
    // The next row: the index over all but the last dimension.
    for (int64_t d = rank - 2; d >= 0; --d) {
      if (++index[d] < inShape[d])
        break;
      index[d] = 0;
    }
  }
  OpBuilder builder(pad);
  pad.replaceAllUsesWith(
      arith::ConstantOp::create(builder, pad.getLoc(),
                                cast<TypedAttr>(getResultAttr(result, false)))
          .getResult());
  return true;
}

//===----------------------------------------------------------------------===//
// Entry points
//===----------------------------------------------------------------------===//

FailureOr<unsigned>
mlir::tuner::foldConstantLinalgOps(Operation *root,
                                   const FoldConstantsOptions &options) {
  auto check = [&](int64_t value, StringRef name) -> LogicalResult {
    if (value >= 0)
      return success();
    return root->emitError() << "invalid fold-constants option: " << name
                             << " must be non-negative, got " << value;
  };
  if (failed(check(options.maxElements, "max-elements")) ||
      failed(check(options.maxGrowth, "max-growth")) ||
      failed(check(options.maxWork, "max-work")) ||
      failed(check(options.resourceThreshold, "resource-threshold")))
    return failure();

  // Linalg ops and pads in program order: a pad of a folded transpose folds.
  SmallVector<Operation *> candidates;
  root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<linalg::LinalgOp, tensor::PadOp>(op))
      candidates.push_back(op);
  });

  Folder folder(options);
  unsigned folded = 0;
  // Erased ops all dominate the op being folded, so they were visited
  // already; the set only guards against surprises (graph regions). It is
  // not consulted for other ops: new constants may reuse erased addresses.
  DenseSet<Operation *> erasedCandidates;
  for (Operation *candidate : candidates) {
    if (erasedCandidates.contains(candidate))
      continue;
    Operation *op = candidate;
    if (auto pad = dyn_cast<tensor::PadOp>(candidate)) {
      if (!foldConstantPad(pad, options))
        continue;
    } else if (std::string why;
               !folder.tryFold(cast<linalg::LinalgOp>(candidate), why)) {
      if (options.emitRemarks && folder.wasCandidate() && !why.empty())
        op->emitRemark() << "not folded: " << why;
      continue;
    }
    ++folded;
    // Erase the op, then what fed only it (constants, fills, empty tensors),
    // including the constants its payload captured, within `root`.
    SetVector<Value> used(llvm::from_range, op->getOperands());
    getUsedValuesDefinedAbove(op->getRegions(), used);
    SmallVector<Operation *> worklist;
    for (Value value : used)
      if (Operation *def = value.getDefiningOp())
        worklist.push_back(def);
    erasedCandidates.insert(op);
    op->erase();
    SmallPtrSet<Operation *, 8> erased;
    while (!worklist.empty()) {
      Operation *def = worklist.pop_back_val();
      if (erased.contains(def) || !root->isProperAncestor(def) ||
          !isOpTriviallyDead(def))
        continue;
      for (Value operand : def->getOperands())
        if (Operation *producer = operand.getDefiningOp())
          worklist.push_back(producer);
      erased.insert(def);
      if (isa<linalg::LinalgOp, tensor::PadOp>(def))
        erasedCandidates.insert(def);
      def->erase();
    }
  }
  return folded;
}

namespace {
struct FoldConstantsPass
    : public tuner::impl::TunerFoldConstantsBase<FoldConstantsPass> {
  using Base::Base;

  void runOnOperation() override {
    FoldConstantsOptions options;
    options.maxElements = maxElements;
    options.maxGrowth = maxGrowth;
    options.maxWork = maxWork;
    options.resourceThreshold = resourceThreshold;
    options.emitRemarks = remarks;
    if (failed(foldConstantLinalgOps(getOperation(), options)))
      return signalPassFailure();
  }
};
} // namespace

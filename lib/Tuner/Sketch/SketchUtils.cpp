//===- SketchUtils.cpp - scaffolding shared by the sketches ---------------===//

#include "SketchUtils.h"

#include "Tuner/Transforms/Prepare.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::tuner;
using namespace mlir::tuner::detail;

const char *const mlir::tuner::detail::kContractLowerings[] = {"outerproduct",
                                                               "llvmintr"};
const unsigned mlir::tuner::detail::kNumContractLowerings = 2;

AffineMap mlir::tuner::detail::getIterationMap(linalg::LinalgOp anchor) {
  if (anchor->getNumResults() > 0)
    return anchor.getIndexingMapMatchingResult(anchor->getResult(0));
  return AffineMap::getMultiDimIdentityMap(anchor.getNumLoops(),
                                           anchor->getContext());
}

SmallVector<unsigned>
mlir::tuner::detail::getResultLoopPositions(linalg::LinalgOp anchor) {
  AffineMap map = getIterationMap(anchor);
  SmallVector<unsigned> positions;
  for (AffineExpr expr : map.getResults())
    positions.push_back(cast<AffineDimExpr>(expr).getPosition());
  return positions;
}

SmallVector<Size>
mlir::tuner::detail::projectToResultLoops(linalg::LinalgOp anchor,
                                          ArrayRef<Size> anchorSizes) {
  SmallVector<Size> sizes;
  for (unsigned pos : getResultLoopPositions(anchor))
    sizes.push_back(anchorSizes[pos]);
  return sizes;
}

SmallVector<Attribute>
mlir::tuner::detail::getMapping(ArrayRef<Size> sizes,
                                ArrayRef<Attribute> loopMapping) {
  SmallVector<Attribute> entries;
  if (loopMapping.empty())
    return entries;
  for (auto [size, mapping] : llvm::zip_equal(sizes, loopMapping))
    if (!size.isZero())
      entries.push_back(mapping);
  return entries;
}

Attribute mlir::tuner::detail::blockDim(MLIRContext *ctx, gpu::MappingId id) {
  return gpu::GPUBlockMappingAttr::get(ctx, id);
}

Attribute mlir::tuner::detail::threadDim(MLIRContext *ctx, gpu::MappingId id) {
  return gpu::GPUThreadMappingAttr::get(ctx, id);
}

TiledGroup mlir::tuner::detail::getGroupHandles(ScriptBuilder &b,
                                                const FusedGroup &group) {
  linalg::LinalgOp anchor = group.anchor;
  TiledGroup handles;
  handles.anchor = b.getAnchor();
  for (linalg::LinalgOp producer : group.producers)
    for (OpOperand &init : anchor.getDpsInitsMutable())
      if (init.get().getDefiningOp() == producer.getOperation()) {
        handles.producers.push_back(
            b.getProducerOfOperand(handles.anchor, init.getOperandNumber()));
        break;
      }
  handles.consumers = getConsumerHandles(b, group);
  return handles;
}

SmallVector<Handle>
mlir::tuner::detail::getConsumerHandles(ScriptBuilder &b,
                                        const FusedGroup &group) {
  SmallVector<Handle> consumers;
  Handle last = b.getAnchor();
  for (size_t i = 0, e = group.consumers.size(); i < e; ++i) {
    last = b.getConsumerOfResult(last, 0);
    consumers.push_back(last);
  }
  return consumers;
}

TiledGroup
mlir::tuner::detail::tileAndFuseGroup(ScriptBuilder &b, const FusedGroup &group,
                                      ArrayRef<Size> outerSizes,
                                      ArrayRef<Attribute> loopMapping) {
  linalg::LinalgOp anchor = group.anchor;
  // Take handles on the neighbours before the anchor handle is consumed.
  TiledGroup handles = getGroupHandles(b, group);
  Handle anchorHandle = handles.anchor;
  SmallVector<Handle> producers = std::move(handles.producers);
  SmallVector<Handle> consumers = std::move(handles.consumers);

  TiledGroup tiled;
  if (consumers.empty()) {
    auto [t, forall] = b.tileUsingForall(anchorHandle, outerSizes,
                                         getMapping(outerSizes, loopMapping));
    tiled.anchor = t;
    tiled.forall = forall;
  } else {
    SmallVector<Attribute> resultMapping;
    if (!loopMapping.empty())
      for (unsigned pos : getResultLoopPositions(anchor))
        resultMapping.push_back(loopMapping[pos]);
    SmallVector<Size> resultSizes = projectToResultLoops(anchor, outerSizes);
    auto [t, forall] = b.tileUsingForall(
        consumers.back(), resultSizes, getMapping(resultSizes, resultMapping));
    tiled.forall = forall;
    consumers.back() = t;
    for (size_t i = consumers.size() - 1; i-- > 0;) {
      auto [fused, containing] =
          b.fuseIntoContainingOp(consumers[i], tiled.forall);
      consumers[i] = fused;
      tiled.forall = containing;
    }
    auto [fused, containing] =
        b.fuseIntoContainingOp(anchorHandle, tiled.forall);
    tiled.anchor = fused;
    tiled.forall = containing;
  }
  for (Handle &producer : producers) {
    auto [fused, containing] = b.fuseIntoContainingOp(producer, tiled.forall);
    producer = fused;
    tiled.forall = containing;
  }
  tiled.producers = std::move(producers);
  tiled.consumers = std::move(consumers);
  return tiled;
}

TiledGroup mlir::tuner::detail::tileAndFuseApartFromConsumers(
    ScriptBuilder &b, const FusedGroup &group, ArrayRef<Size> outerSizes,
    ArrayRef<Attribute> loopMapping, SmallVector<Handle> &consumers) {
  FusedGroup alone = group;
  // Handles on the consumers before the anchor's is consumed.
  consumers = getConsumerHandles(b, group);
  alone.consumers.clear();
  return tileAndFuseGroup(b, alone, outerSizes, loopMapping);
}

void mlir::tuner::detail::vectorizeElementwise(ScriptBuilder &b,
                                               TiledGroup &tiled,
                                               const FusedGroup &group,
                                               ArrayRef<Size> innerSizes,
                                               PartialTiles partial) {
  SmallVector<Size> sizes = projectToResultLoops(group.anchor, innerSizes);
  bool masked = partial == PartialTiles::Masked;
  auto tileAndVectorize = [&](Handle &op) {
    // Masked vectorization of a named op (a fill) puts several ops under
    // one vector.mask, which MLIR 22 rejects; the generic form is fine.
    if (masked)
      op = b.generalize(op);
    auto [t, loops] = b.tileUsingFor(op, sizes);
    op = t;
    if (partial == PartialTiles::Peeled && !loops.empty())
      op = b.merge(op, peelPartialTiles(b, loops));
    b.vectorize(op, /*namedContraction=*/false,
                masked ? ArrayRef<Size>(sizes) : ArrayRef<Size>());
  };
  for (Handle &producer : tiled.producers)
    tileAndVectorize(producer);
  for (Handle &consumer : tiled.consumers)
    tileAndVectorize(consumer);
}

Handle mlir::tuner::detail::peelPartialTiles(ScriptBuilder &b,
                                             ArrayRef<Handle> loops) {
  assert(!loops.empty() && "no loops to peel");
  // Peel innermost first, so that an outer loop's partial iteration copies
  // the inner loops already peeled; then canonicalize, innermost first:
  // canonicalization folds loops of one iteration away, which a live handle
  // to one forbids.
  SmallVector<std::pair<Handle, Handle>> peeled;
  for (Handle loop : llvm::reverse(loops))
    peeled.push_back(b.peelPartial(loop));
  std::optional<Handle> partialOps;
  for (auto [full, partial] : peeled) {
    b.applyPatterns(full, {"canonicalization"});
    b.applyPatterns(partial, {"canonicalization"});
    Handle ops = b.matchLinalgIn(partial);
    partialOps = partialOps ? b.merge(*partialOps, ops) : ops;
  }
  return *partialOps;
}

SmallVector<Attribute>
mlir::tuner::detail::getZeroPaddingValues(linalg::LinalgOp op) {
  Builder b(op->getContext());
  SmallVector<Attribute> zeros;
  for (Type type : op->getOperandTypes()) {
    // Sketches pad integer and float tensors only; another element type
    // gets a zero the pad op's verifier refuses (an internal error of the
    // sketch, not a crash).
    Attribute zero = b.getZeroAttr(getElementTypeOrSelf(type));
    zeros.push_back(zero ? zero : b.getI64IntegerAttr(0));
  }
  return zeros;
}

int64_t mlir::tuner::detail::getResultElementBits(linalg::LinalgOp anchor) {
  auto type = cast<ShapedType>(anchor->getResult(0).getType());
  return type.getElementType().getIntOrFloatBitWidth();
}

bool mlir::tuner::detail::hasStaticTensorOperands(const FusedGroup &group,
                                                  bool anyElementType,
                                                  bool complexElements) {
  auto isElement = [&](Type type) {
    auto complex = dyn_cast<ComplexType>(type);
    return type.isIntOrFloat() || (anyElementType && type.isIndex()) ||
           (complexElements && complex &&
            complex.getElementType().isIntOrFloat());
  };
  for (Operation *op : group.getOps()) {
    for (Type type :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      if (isElement(type))
        continue;
      auto tensor = dyn_cast<RankedTensorType>(type);
      if (!tensor || !tensor.hasStaticShape() ||
          !isElement(tensor.getElementType()))
        return false;
    }
  }
  return true;
}

SmallVector<int64_t> mlir::tuner::detail::getDivisorsIn(int64_t n, int64_t lo,
                                                        int64_t hi) {
  SmallVector<int64_t> result;
  for (int64_t d : getDivisors(n))
    if (d >= lo && d <= hi)
      result.push_back(d);
  return result;
}

int64_t mlir::tuner::detail::largestAtMost(ArrayRef<int64_t> options,
                                           int64_t bound) {
  int64_t best = options.front();
  for (int64_t v : options)
    if (v <= bound)
      best = std::max(best, v);
  return best;
}

void mlir::tuner::detail::setNearest(ArrayRef<Knob> knobs, KnobChoice &choice,
                                     StringRef name, int64_t value) {
  for (auto [i, knob] : llvm::enumerate(knobs))
    if (knob.name == name)
      choice[i] = knob.findNearest(value);
}

void mlir::tuner::detail::setChoice(ArrayRef<Knob> knobs, KnobChoice &choice,
                                    StringRef name, StringRef value) {
  for (auto [i, knob] : llvm::enumerate(knobs)) {
    if (knob.name != name)
      continue;
    for (auto [j, option] : llvm::enumerate(knob.options))
      if (auto s = dyn_cast<StringAttr>(option); s && s.getValue() == value)
        choice[i] = j;
  }
}

FailureOr<ContractionLoops>
mlir::tuner::detail::analyzeContraction(linalg::LinalgOp op,
                                        std::string &whyNot) {
  if (!linalg::isaContractionOpInterface(op)) {
    whyNot = "not a contraction";
    return failure();
  }
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->m.empty() || dims->n.empty() || dims->k.empty()) {
    whyNot = "contraction without M, N and K loops";
    return failure();
  }
  ContractionLoops loops;
  loops.extents = op.getStaticLoopRanges();
  loops.m = dims->m.back();
  loops.n = dims->n.back();
  loops.k = dims->k.back();
  for (unsigned i = 0, e = op.getNumLoops(); i < e; ++i) {
    if (i == loops.m || i == loops.n || i == loops.k)
      continue;
    if (llvm::is_contained(dims->k, i))
      loops.otherReduction.push_back(i);
    else
      loops.otherParallel.push_back(i);
  }
  return loops;
}

/// The loops of `op` whose iterator type is `first`, then the others, each
/// in order.
static SmallVector<int64_t> loopsOfTypeFirst(linalg::LinalgOp op,
                                             utils::IteratorType first) {
  SmallVector<int64_t> order;
  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  for (auto [i, it] : llvm::enumerate(iterators))
    if (it == first)
      order.push_back(i);
  for (auto [i, it] : llvm::enumerate(iterators))
    if (it != first)
      order.push_back(i);
  return order;
}

SmallVector<int64_t>
mlir::tuner::detail::parallelFirstInterchange(linalg::LinalgOp op) {
  return loopsOfTypeFirst(op, utils::IteratorType::parallel);
}

SmallVector<int64_t>
mlir::tuner::detail::reductionFirstInterchange(linalg::LinalgOp op) {
  return loopsOfTypeFirst(op, utils::IteratorType::reduction);
}

std::pair<Handle, SmallVector<Handle>>
mlir::tuner::detail::padInputsForStaging(ScriptBuilder &b,
                                         linalg::LinalgOp anchor, Handle op) {
  SmallVector<Attribute> zeros = getZeroPaddingValues(anchor);
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(anchor.getNumLoops()));
  SmallVector<int64_t> nofold(anchor->getNumOperands(), 0);
  for (OpOperand *input : anchor.getDpsInputOperands())
    nofold[input->getOperandNumber()] = 1;
  Handle padded = b.pad(op, zeros, dims, nofold, "none").padded;
  SmallVector<Handle> pads;
  for (OpOperand *input : anchor.getDpsInputOperands())
    pads.push_back(b.getProducerOfOperand(padded, input->getOperandNumber()));
  return {padded, pads};
}

void mlir::tuner::detail::stageInWorkgroupMemory(ScriptBuilder &b,
                                                 ArrayRef<Handle> pads,
                                                 int64_t threads) {
  for (Handle pad : pads) {
    auto [copyLoop, copy] =
        b.mapCopyToThreads(pad, threads, /*bitAlignment=*/128);
    b.promoteToWorkgroup(b.getProducerOfOperand(copyLoop, 0));
    b.vectorizeStatic(copy);
  }
}

void mlir::tuner::detail::distributeElementwise(
    ScriptBuilder &b, TiledGroup &tiled, linalg::LinalgOp anchor,
    ArrayRef<Size> numThreads, ArrayRef<Attribute> threadMapping,
    bool vectorize) {
  SmallVector<Size> sizes = projectToResultLoops(anchor, numThreads);
  SmallVector<Attribute> mapping;
  for (unsigned pos : getResultLoopPositions(anchor))
    mapping.push_back(threadMapping[pos]);
  SmallVector<Attribute> forallMapping = getMapping(sizes, mapping);
  for (Handle &op : llvm::concat<Handle>(tiled.producers, tiled.consumers)) {
    op = b.tileUsingForall(op, sizes, forallMapping, /*numThreads=*/true).first;
    if (vectorize)
      b.vectorize(op);
  }
}

void mlir::tuner::detail::buildConsumerKernel(ScriptBuilder &b,
                                              SmallVector<Handle> consumers,
                                              linalg::LinalgOp anchor,
                                              ArrayRef<Attribute> blocks,
                                              ArrayRef<Handle> producers) {
  constexpr int64_t kMaxThreads = 256;
  SmallVector<int64_t> extents = anchor.getStaticLoopRanges();
  SmallVector<unsigned> resultLoops = getResultLoopPositions(anchor);
  unsigned inner = resultLoops.back();
  int64_t tile = getDivisorsIn(extents[inner], 1, kMaxThreads).back();
  SmallVector<Size> tiles(extents.size(), Size::of(0));
  for (unsigned loop : resultLoops)
    tiles[loop] = Size::of(1);
  tiles[inner] = Size::of(tile);
  SmallVector<Attribute> resultBlocks;
  for (unsigned loop : resultLoops)
    resultBlocks.push_back(blocks[loop]);
  SmallVector<Size> resultTiles = projectToResultLoops(anchor, tiles);
  TiledGroup epilogue;
  std::tie(consumers.back(), epilogue.forall) = b.tileUsingForall(
      consumers.back(), resultTiles, getMapping(resultTiles, resultBlocks));
  for (size_t i = consumers.size() - 1; i-- > 0;)
    std::tie(consumers[i], epilogue.forall) =
        b.fuseIntoContainingOp(consumers[i], epilogue.forall);
  epilogue.consumers = std::move(consumers);
  for (Handle producer : producers) {
    std::tie(producer, epilogue.forall) =
        b.fuseIntoContainingOp(producer, epilogue.forall);
    epilogue.producers.push_back(producer);
  }
  SmallVector<Size> numThreads(extents.size(), Size::of(0));
  SmallVector<Attribute> threads(extents.size());
  numThreads[inner] = Size::of(tile);
  threads[inner] = threadDim(b.getContext(), gpu::MappingId::DimX);
  distributeElementwise(b, epilogue, anchor, numThreads, threads,
                        /*vectorize=*/false);
}

FailureOr<ConvLoops>
mlir::tuner::detail::analyzeConvolution(const FusedGroup &group,
                                        std::string &whyNot) {
  Operation *op = group.anchor;
  // Poolings have the loops of a depthwise convolution (a window per
  // channel, no input-channel loop) and decompose to 1-D the same way.
  bool depthwise =
      isa<linalg::DepthwiseConv2DNhwcHwcOp, linalg::PoolingNhwcMaxOp,
          linalg::PoolingNhwcSumOp, linalg::PoolingNhwcMinOp>(op);
  if (!depthwise && !isa<linalg::Conv2DNhwcHwcfOp>(op)) {
    whyNot = "not a conv_2d_nhwc_hwcf, depthwise_conv_2d_nhwc_hwc or "
             "pooling_nhwc_{max,min,sum}";
    return failure();
  }
  if (!hasStaticTensorOperands(group)) {
    whyNot = "needs static tensors of int or float elements";
    return failure();
  }
  ConvLoops loops;
  linalg::LinalgOp anchor = group.anchor;
  loops.extents = anchor.getStaticLoopRanges();
  if (!depthwise)
    loops.ic = 6;
  return loops;
}

std::pair<int64_t, int64_t>
mlir::tuner::detail::parseShapeOption(StringRef option) {
  auto [a, b] = option.split('x');
  int64_t first = 1, second = 1;
  (void)a.getAsInteger(10, first);
  (void)b.getAsInteger(10, second);
  return {first, second};
}

FailureOr<SmallVector<int64_t>> mlir::tuner::detail::getPackedBF16DotExtents(
    const FusedGroup &group, sched::TargetAttr target, StringRef feature,
    std::string &whyNot) {
  if (!target.hasFeature(feature)) {
    whyNot = ("the target has no " + feature + " feature").str();
    return failure();
  }
  if (!isPackedBF16Dot(group.anchor) || !hasStaticTensorOperands(group)) {
    whyNot = "needs a bf16 matmul in the packed form of tuner-pack-bf16-dot";
    return failure();
  }
  linalg::LinalgOp anchor = group.anchor;
  return anchor.getStaticLoopRanges();
}

/// Whether `op` has a tensor of elements narrower than a byte.
static bool hasSubByteTensor(Operation *op) {
  return llvm::any_of(
      llvm::concat<Value>(op->getOperands(), op->getResults()), [](Value v) {
        Type element = getElementTypeOrSelf(v.getType());
        return isa<ShapedType>(v.getType()) && element.isIntOrFloat() &&
               element.getIntOrFloatBitWidth() < 8;
      });
}

static constexpr const char *kSubByteWhyNot =
    "tensors of elements narrower than a byte do not vectorize (vectors of "
    "them are packed, buffers are not)";

/// Whether `map` has a mod, floordiv or ceildiv of an expression that
/// `dim` appears in (any dimension when `dim` is none).
static bool hasNonLinearUse(AffineMap map, std::optional<unsigned> dim) {
  bool found = false;
  for (AffineExpr result : map.getResults())
    result.walk([&](AffineExpr expr) {
      auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
      if (!binary || (expr.getKind() != AffineExprKind::Mod &&
                      expr.getKind() != AffineExprKind::FloorDiv &&
                      expr.getKind() != AffineExprKind::CeilDiv))
        return;
      if (!dim || binary.getLHS().isFunctionOfDim(*dim) ||
          binary.getRHS().isFunctionOfDim(*dim))
        found = true;
    });
  return found;
}

bool mlir::tuner::detail::isTileableLoop(const FusedGroup &group,
                                         unsigned dim) {
  linalg::LinalgOp anchor = group.anchor;
  if (anchor.getIteratorTypesArray()[dim] != utils::IteratorType::parallel)
    return false;
  for (Operation *op : group.getOps()) {
    auto linalgOp = cast<linalg::LinalgOp>(op);
    std::optional<unsigned> loop;
    if (op == static_cast<Operation *>(group.anchor))
      loop = dim;
    for (AffineMap map : linalgOp.getIndexingMapsArray())
      if (hasNonLinearUse(map, loop))
        return false;
  }
  return true;
}

bool mlir::tuner::detail::hasSubByteTensors(const FusedGroup &group,
                                            std::string &whyNot) {
  if (!llvm::any_of(group.getOps(), hasSubByteTensor))
    return false;
  whyNot = kSubByteWhyNot;
  return true;
}

bool mlir::tuner::detail::isVectorizable(linalg::LinalgOp op,
                                         std::string &whyNot) {
  // LLVM stores a vector of i1 as packed bits, a memref of i1 as bytes: a
  // vector transfer of booleans would read and write the wrong memory.
  if (hasSubByteTensor(op)) {
    whyNot = kSubByteWhyNot;
    return false;
  }
  if (succeeded(linalg::vectorizeOpPrecondition(
          op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
          /*vectorizeNDExtract=*/true)))
    return true;
  whyNot = "the vectorizer does not accept the op (its body or maps)";
  return false;
}

int64_t mlir::tuner::detail::getWidestElementBits(linalg::LinalgOp op) {
  int64_t bits = 8;
  for (Value v : op->getOperands()) {
    Type element = getElementTypeOrSelf(v.getType());
    if (element.isIntOrFloat())
      bits = std::max<int64_t>(bits, element.getIntOrFloatBitWidth());
    else if (element.isIndex())
      bits = std::max<int64_t>(bits, 64);
  }
  return bits;
}

SmallVector<PatternSpec>
mlir::tuner::detail::getContractionLowering(linalg::LinalgOp anchor,
                                            StringRef strategy) {
  SmallVector<PatternSpec> patterns = {
      PatternSpec("vector.lower_contraction", strategy.str()),
      "vector.lower_outerproduct"};
  if (isa<IntegerType>(getElementTypeOrSelf(anchor->getResult(0).getType())))
    patterns.push_back("vector.cast_away_vector_leading_one_dim");
  return patterns;
}

Handle mlir::tuner::detail::packContractionPanels(
    ScriptBuilder &b, linalg::LinalgOp anchor, const ContractionLoops &loops,
    unsigned operand, Handle reg, int64_t numLoops, Size n2, Size k2) {
  // The copy is of one register tile's slice of B: k2 x n2 (in B's order
  // of dimensions), 1 along any other.
  SmallVector<Size> sliceSizes;
  for (AffineExpr e :
       anchor.getMatchingIndexingMap(anchor.getDpsInputOperand(operand))
           .getResults()) {
    auto dim = dyn_cast<AffineDimExpr>(e);
    unsigned pos = dim ? dim.getPosition() : ~0u;
    sliceSizes.push_back(pos == loops.n   ? n2
                         : pos == loops.k ? k2
                                          : Size::of(1));
  }
  return packOperandPanels(b, anchor, operand, reg, {loops.n, loops.k},
                           numLoops, sliceSizes);
}

bool mlir::tuner::detail::isSplatConstant(Value value) {
  Attribute attr;
  return matchPattern(value, m_Constant(&attr)) && isa<SplatElementsAttr>(attr);
}

Knob mlir::tuner::detail::makePackKnob(linalg::LinalgOp anchor,
                                       unsigned operand,
                                       ArrayRef<StringRef> options,
                                       StringRef doc) {
  assert(!options.empty() && options.front() == "none" &&
         "a pack knob starts with none");
  bool splat = isSplatConstant(anchor.getDpsInputOperand(operand)->get());
  Knob knob = makeChoiceKnob(anchor->getContext(), "pack",
                             splat ? options.take_front() : options, doc);
  knob.absentOption = 0;
  return knob;
}

Handle mlir::tuner::detail::packOperandPanels(
    ScriptBuilder &b, linalg::LinalgOp anchor, unsigned operand, Handle reg,
    ArrayRef<int64_t> padDims, int64_t numLoops, ArrayRef<Size> sliceSizes) {
  SmallVector<Attribute> zeros = getZeroPaddingValues(anchor);
  SmallVector<int64_t> nofold(anchor->getNumOperands(), 0);
  nofold[operand] = 1;
  Handle padded = b.pad(reg, zeros, padDims, nofold, "none").padded;
  Handle copy = b.hoistPad(b.getProducerOfOperand(padded, operand), numLoops);
  b.vectorize(copy, /*namedContraction=*/false, sliceSizes);
  return padded;
}

int64_t mlir::tuner::detail::getMaxDynamicSharedMemory(StringRef chip) {
  // CUDA programming guide, "Technical Specifications per Compute
  // Capability".
  int64_t sm = 0;
  if (!chip.consume_front("sm_") ||
      chip.take_while(llvm::isDigit).getAsInteger(10, sm))
    return 0;
  if (sm < 80)
    return 0;
  if (sm == 80 || sm == 87)
    return 163 * 1024;
  if (sm == 90 || sm == 100 || sm == 103)
    return 227 * 1024;
  return 99 * 1024;
}

/// Whether the kernels compute `op`, a consumer reading `previous` (the
/// anchor's or an earlier consumer's result), in registers: elementwise over
/// the tile (2-D, or 3-D for a batch matmul's, whose unit batch the script
/// drops), a scalar body, a result of whole bytes.
static bool isAbsorbableConsumer(linalg::LinalgOp op, Value previous) {
  int64_t rank = cast<ShapedType>(previous.getType()).getRank();
  if (op.getNumLoops() != rank || op.getNumParallelLoops() != rank ||
      op.getNumDpsInits() != 1 ||
      !op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isIdentity())
    return false;
  Type result = getElementTypeOrSelf(op->getResult(0).getType());
  if (!result.isIntOrFloat() || result.getIntOrFloatBitWidth() % 8)
    return false;
  for (Operation &inner : op.getBlock()->without_terminator())
    if (inner.getNumRegions() || !isMemoryEffectFree(&inner) ||
        isa<linalg::IndexOp>(inner))
      return false;
  for (OpOperand *input : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(input);
    if (input->get() == previous ? !map.isIdentity()
                                 : !map.isProjectedPermutation())
      return false;
  }
  return true;
}

LogicalResult
mlir::tuner::detail::checkKernelEpilogueGroup(const FusedGroup &group,
                                              std::string &whyNot) {
  for (linalg::LinalgOp producer : group.producers)
    if (!isa<linalg::FillOp>(producer)) {
      whyNot = "the accumulator must come from a linalg.fill";
      return failure();
    }
  Value previous = group.anchor->getResult(0);
  for (linalg::LinalgOp consumer : group.consumers) {
    if (!isAbsorbableConsumer(consumer, previous)) {
      whyNot = "a consumer is not elementwise over the result";
      return failure();
    }
    previous = consumer->getResult(0);
  }
  return success();
}

LogicalResult
mlir::tuner::detail::checkParallelPermutation(linalg::LinalgOp op,
                                              std::string &whyNot) {
  if (op.getNumReductionLoops() != 0 || op.getNumDpsInits() == 0 ||
      op.getNumLoops() == 0) {
    whyNot = "not an op with parallel loops only";
    return failure();
  }
  if (!op.getMatchingIndexingMap(op.getDpsInitOperand(0)).isPermutation()) {
    whyNot = "the result is not written through a permutation of the loops";
    return failure();
  }
  return success();
}

LogicalResult mlir::tuner::detail::checkThreadsPerBlock(
    sched::TargetAttr target, int64_t threads, std::string &whyNot) {
  if (threads <= std::min<int64_t>(1024, target.getMaxThreadsPerBlock()))
    return success();
  whyNot = std::to_string(threads) + " threads per block are too many";
  return failure();
}

int64_t mlir::tuner::detail::getL1Bytes(sched::TargetAttr target) {
  return target.getL1() > 0 ? target.getL1() : 32 * 1024;
}

int64_t mlir::tuner::detail::getL2Bytes(sched::TargetAttr target) {
  return target.getL2() > 0 ? target.getL2() : 1024 * 1024;
}

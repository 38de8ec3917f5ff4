//===- ScriptBuilder.cpp - build transform scripts as IR ------------------===//

#include "Tuner/Tuner/Sketch/ScriptBuilder.h"

#include "Tuner/Dialect/Sched/TransformOps/SchedTransformOps.h"

#include "mlir/Dialect/Bufferization/TransformOps/BufferizationTransformOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/TransformOps/LinalgTransformOps.h"
#include "mlir/Dialect/SCF/TransformOps/SCFTransformOps.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/LoopExtension/LoopExtensionOps.h"
#include "mlir/Dialect/Transform/TuneExtension/TuneExtensionOps.h"
#include "mlir/Dialect/Vector/TransformOps/VectorTransformOps.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace mlir::tuner;

ScriptBuilder::ScriptBuilder(MLIRContext *ctx, StringRef symName)
    : builder(ctx), loc(NameLoc::get(StringAttr::get(ctx, symName))) {
  ctx->getOrLoadDialect<transform::TransformDialect>();
  module = ModuleOp::create(loc);
  (*module)->setAttr(transform::TransformDialect::kWithNamedSequenceAttrName,
                     builder.getUnitAttr());
  builder.setInsertionPointToEnd(module->getBody());
  Type any = anyOp();
  auto sequence = transform::NamedSequenceOp::create(
      builder, loc, symName,
      TypeAttr::get(builder.getFunctionType({any, any}, {})),
      /*sym_visibility=*/StringAttr(),
      builder.getArrayAttr(
          {builder.getDictionaryAttr(builder.getNamedAttr(
               transform::TransformDialect::kArgReadOnlyAttrName,
               builder.getUnitAttr())),
           builder.getDictionaryAttr(builder.getNamedAttr(
               transform::TransformDialect::kArgConsumedAttrName,
               builder.getUnitAttr()))}),
      /*res_attrs=*/ArrayAttr());
  Block *body =
      builder.createBlock(&sequence.getBody(), {}, {any, any}, {loc, loc});
  builder.setInsertionPointToEnd(body);
  scope = body->getArgument(0);
  anchor = body->getArgument(1);
}

Type ScriptBuilder::anyOp() const {
  return transform::AnyOpType::get(builder.getContext());
}

Type ScriptBuilder::param() const {
  return transform::ParamType::get(builder.getContext(),
                                   IntegerType::get(builder.getContext(), 64));
}

std::pair<SmallVector<int64_t>, SmallVector<Value>>
ScriptBuilder::splitSizes(ArrayRef<Size> sizes) const {
  SmallVector<int64_t> statics;
  SmallVector<Value> params;
  for (const Size &s : sizes) {
    statics.push_back(s.param ? ShapedType::kDynamic : s.value);
    if (s.param)
      params.push_back(s.param);
  }
  return {statics, params};
}

void ScriptBuilder::buildRegion(
    Region &region, const std::function<SmallVector<Value>()> &body) {
  OpBuilder::InsertionGuard guard(builder);
  builder.createBlock(&region);
  SmallVector<Value> yielded = body();
  transform::YieldOp::create(builder, loc, yielded);
}

Size ScriptBuilder::knob(const Knob &knob) {
  SmallVector<Attribute> options;
  for (unsigned i = 0, e = knob.options.size(); i < e; ++i)
    options.push_back(builder.getI64IntegerAttr(knob.getInt(i)));
  auto op = transform::tune::KnobOp::create(
      builder, loc, param(), builder.getStringAttr(knob.name),
      builder.getArrayAttr(options), /*selected=*/Attribute());
  return Size{0, op.getResult()};
}

Size ScriptBuilder::exactDivide(Size size, int64_t divisor) {
  assert(divisor > 0 && "divisor must be positive");
  if (!size.param) {
    assert(size.value % divisor == 0 && "divisor must divide the size");
    return Size::of(size.value / divisor);
  }
  auto op = transform::sched::ExactDivideOp::create(builder, loc, param(),
                                                    size.param, divisor);
  return Size{0, op.getResult()};
}

void ScriptBuilder::alternatives(const Knob &knob,
                                 const std::function<void(unsigned)> &body) {
  auto op = transform::tune::AlternativesOp::create(
      builder, loc, TypeRange(), builder.getStringAttr(knob.name),
      /*selected_region_attr=*/IntegerAttr(),
      /*selected_region_param=*/Value(), knob.options.size());
  for (auto [i, region] : llvm::enumerate(op->getRegions())) {
    unsigned index = i;
    buildRegion(region, [&] {
      body(index);
      return SmallVector<Value>();
    });
  }
}

Handle ScriptBuilder::alternativesYielding(
    const Knob &knob, const std::function<Handle(unsigned)> &body) {
  auto op = transform::tune::AlternativesOp::create(
      builder, loc, TypeRange{anyOp()}, builder.getStringAttr(knob.name),
      /*selected_region_attr=*/IntegerAttr(),
      /*selected_region_param=*/Value(), knob.options.size());
  for (auto [i, region] : llvm::enumerate(op->getRegions())) {
    unsigned index = i;
    buildRegion(region, [&] { return SmallVector<Value>{body(index).value}; });
  }
  return {op->getResult(0)};
}

Handle ScriptBuilder::getProducerOfOperand(Handle op, unsigned operand) {
  return {transform::GetProducerOfOperand::create(builder, loc, anyOp(),
                                                  op.value, operand)};
}

Handle ScriptBuilder::getConsumerOfResult(Handle op, unsigned result) {
  return {transform::GetConsumersOfResult::create(builder, loc, anyOp(),
                                                  op.value, result)};
}

Handle ScriptBuilder::getParentOp(Handle op, StringRef opName) {
  return {transform::GetParentOp::create(
      builder, loc, anyOp(), op.value, /*isolated_from_above=*/false,
      /*allow_empty_results=*/false, builder.getStringAttr(opName))};
}

std::pair<Handle, Handle>
ScriptBuilder::tileUsingForall(Handle target, ArrayRef<Size> sizes,
                               ArrayRef<Attribute> mapping, bool numThreads) {
  auto [statics, params] = splitSizes(sizes);
  DenseI64ArrayAttr given = builder.getDenseI64ArrayAttr(statics);
  DenseI64ArrayAttr none = builder.getDenseI64ArrayAttr({});
  auto op = transform::TileUsingForallOp::create(
      builder, loc, TypeRange{anyOp(), anyOp()}, target.value,
      numThreads ? ValueRange(params) : ValueRange(),
      numThreads ? ValueRange() : ValueRange(params),
      /*packed_num_threads=*/Value(), /*packed_tile_sizes=*/Value(),
      numThreads ? given : none, numThreads ? none : given,
      mapping.empty() ? ArrayAttr() : builder.getArrayAttr(mapping));
  return {{op.getTiledOp()}, {op.getForallOp()}};
}

std::pair<Handle, SmallVector<Handle>>
ScriptBuilder::tileUsingFor(Handle target, ArrayRef<Size> sizes,
                            ArrayRef<int64_t> interchange) {
  auto [statics, params] = splitSizes(sizes);
  // One loop result per size that is not a literal zero (a param may be zero
  // at run time; its loop handle is then empty).
  SmallVector<Type> results(
      1 + llvm::count_if(sizes, [](const Size &s) { return !s.isZero(); }),
      anyOp());
  SmallVector<bool> scalable(sizes.size(), false);
  auto op = transform::TileUsingForOp::create(
      builder, loc, results, target.value, params,
      builder.getDenseI64ArrayAttr(statics),
      builder.getDenseI64ArrayAttr(interchange),
      builder.getDenseBoolArrayAttr(scalable));
  SmallVector<Handle> loops;
  for (Value loop : op.getLoops())
    loops.push_back({loop});
  return {{op.getTiledLinalgOp()}, loops};
}

std::pair<Handle, SmallVector<Handle>>
ScriptBuilder::tileEachUsingFor(Handle targets, ArrayRef<Size> sizes) {
  // tile_using_for takes one param value per target op: a knob's param has
  // one, so each op is tiled on its own.
  SmallVector<Type> results(
      1 + llvm::count_if(sizes, [](const Size &s) { return !s.isZero(); }),
      anyOp());
  auto foreach = transform::ForeachOp::create(builder, loc, results,
                                              ValueRange{targets.value},
                                              /*with_zip_shortest=*/false);
  {
    OpBuilder::InsertionGuard guard(builder);
    Block *body = builder.createBlock(&foreach.getBody(), {}, {anyOp()}, {loc});
    auto [tiled, loops] = tileUsingFor({body->getArgument(0)}, sizes);
    SmallVector<Value> yielded{tiled.value};
    for (Handle loop : loops)
      yielded.push_back(loop.value);
    transform::YieldOp::create(builder, loc, yielded);
  }
  SmallVector<Handle> loops;
  for (Value loop : foreach.getResults().drop_front())
    loops.push_back({loop});
  return {{foreach.getResult(0)}, loops};
}

ScriptBuilder::ReductionTiling
ScriptBuilder::tileReductionUsingFor(Handle target, ArrayRef<int64_t> sizes) {
  Type any = anyOp();
  auto op = transform::TileReductionUsingForOp::create(
      builder, loc, TypeRange{any}, any, any, any, target.value,
      /*reduction_dims=*/ArrayAttr(), builder.getI64ArrayAttr(sizes));
  return {{op.getFillOp().front()},
          {op.getSplitOp()},
          {op.getCombiningOp()},
          {op.getForOp()}};
}

ScriptBuilder::SplitReduction ScriptBuilder::splitReduction(Handle target,
                                                            int64_t factor,
                                                            int64_t insertDim) {
  Type any = anyOp();
  auto op = transform::SplitReductionOp::create(
      builder, loc, any, any, any, any, target.value,
      static_cast<uint64_t>(factor), static_cast<uint64_t>(insertDim));
  return {{op.getInitOrAllocOp()},
          {op.getFillOp()},
          {op.getSplitLinalgOp()},
          {op.getCombiningLinalgOp()}};
}

std::pair<Handle, Handle>
ScriptBuilder::fuseIntoContainingOp(Handle producer, Handle containing) {
  auto op = transform::FuseIntoContainingOp::create(
      builder, loc, anyOp(), anyOp(), producer.value, containing.value);
  return {{op.getFusedOp()}, {op.getNewContainingOp()}};
}

ScriptBuilder::Padding ScriptBuilder::pad(Handle target,
                                          ArrayRef<Attribute> paddingValues,
                                          ArrayRef<int64_t> dims,
                                          ArrayRef<int64_t> nofold,
                                          StringRef copyBack) {
  Type any = anyOp();
  auto op = transform::PadOp::create(
      builder, loc, TypeRange{any, any, any}, target.value,
      builder.getArrayAttr(paddingValues), builder.getI64ArrayAttr(dims),
      /*pad_to_multiple_of=*/ValueRange(),
      /*static_pad_to_multiple_of=*/DenseI64ArrayAttr(),
      builder.getI64ArrayAttr(nofold), /*transpose_paddings=*/ArrayAttr(),
      builder.getStringAttr(copyBack));
  return {{op.getPadded()}, {op.getPad()}, {op.getCopy()}};
}

Handle ScriptBuilder::foldFillIntoPad(Handle padded) {
  return {transform::sched::FoldFillIntoPadOp::create(builder, loc, anyOp(),
                                                      padded.value)};
}

Handle ScriptBuilder::vectorizePadRows(Handle pad, int64_t rows) {
  return {transform::sched::VectorizePadRowsOp::create(builder, loc, anyOp(),
                                                       pad.value, rows)};
}

Handle ScriptBuilder::hoistPad(Handle pad, int64_t numLoops) {
  return {transform::HoistPadOp::create(builder, loc, anyOp(), pad.value,
                                        numLoops)};
}

std::pair<Handle, Handle>
ScriptBuilder::mapCopyToThreads(Handle target, int64_t totalThreads,
                                int64_t bitAlignment) {
  auto op = transform::MapCopyToThreadsOp::create(
      builder, loc, anyOp(), anyOp(), target.value, totalThreads, bitAlignment);
  return {{op.getForallOp()}, {op.getTiledOp()}};
}

void ScriptBuilder::promoteToWorkgroup(Handle emptyOp) {
  MLIRContext *ctx = getContext();
  auto emptyType = transform::OperationType::get(ctx, "tensor.empty");
  auto allocType =
      transform::OperationType::get(ctx, "bufferization.alloc_tensor");
  Value typed =
      transform::CastOp::create(builder, loc, emptyType, emptyOp.value);
  Value alloc = transform::EmptyTensorToAllocTensorOp::create(builder, loc,
                                                              allocType, typed);
  Value space = transform::ParamConstantOp::create(
      builder, loc, transform::AnyParamType::get(ctx),
      gpu::AddressSpaceAttr::get(ctx, gpu::AddressSpace::Workgroup));
  transform::AnnotateOp::create(builder, loc, alloc, "memory_space", space);
}

void ScriptBuilder::vectorizeStatic(Handle target) {
  transform::sched::VectorizeStaticOp::create(builder, loc, target.value);
}

void ScriptBuilder::dropContractionUnitDims(Handle target) {
  transform::sched::DropContractionUnitDimsOp::create(builder, loc,
                                                      target.value);
}

std::pair<Handle, Handle> ScriptBuilder::peelPartial(Handle loops) {
  auto op = transform::sched::PeelPartialOp::create(builder, loc, anyOp(),
                                                    anyOp(), loops.value);
  return {{op->getResult(0)}, {op->getResult(1)}};
}

Handle ScriptBuilder::rankReduceToMatmul(Handle target) {
  return {transform::sched::RankReduceToMatmulOp::create(builder, loc, anyOp(),
                                                         target.value)};
}

void ScriptBuilder::rasterizeBlocks(Handle loops, int64_t groupRows) {
  transform::sched::RasterizeBlocksOp::create(
      builder, loc, loops.value, builder.getI64IntegerAttr(groupRows));
}

Handle
ScriptBuilder::matchIn(Handle scope,
                       const std::function<Value(OpBuilder &, Value)> &match) {
  // structured.match takes exactly one scope: one match per op of `scope`
  // (none for an empty handle).
  auto foreach = transform::ForeachOp::create(builder, loc, TypeRange{anyOp()},
                                              ValueRange{scope.value},
                                              /*with_zip_shortest=*/false);
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&foreach.getBody(), {}, {anyOp()}, {loc});
  Value matched = match(builder, body->getArgument(0));
  transform::YieldOp::create(builder, loc, matched);
  return {foreach.getResult(0)};
}

Handle ScriptBuilder::matchLinalgIn(Handle scope) {
  return matchIn(scope, [&](OpBuilder &b, Value each) -> Value {
    return transform::MatchOp::create(
        b, loc, anyOp(), each, /*ops=*/ArrayAttr(),
        transform::MatchInterfaceEnumAttr::get(
            b.getContext(), transform::MatchInterfaceEnum::LinalgOp),
        /*op_attrs=*/DictionaryAttr(), /*filter_result_type=*/TypeAttr(),
        /*filter_operand_types=*/ArrayAttr());
  });
}

Handle ScriptBuilder::matchOpsIn(Handle scope, StringRef opName) {
  return matchIn(scope, [&](OpBuilder &b, Value each) -> Value {
    return transform::MatchOp::create(b, loc, anyOp(), each,
                                      ArrayRef<StringRef>{opName});
  });
}

Handle ScriptBuilder::merge(Handle a, Handle b) {
  return {transform::MergeHandlesOp::create(builder, loc, anyOp(),
                                            ValueRange{a.value, b.value})};
}

Handle ScriptBuilder::decompose(Handle target) {
  return {transform::DecomposeOp::create(builder, loc, anyOp(), target.value)};
}

Handle ScriptBuilder::generalize(Handle target) {
  return {transform::GeneralizeOp::create(builder, loc, anyOp(), target.value)};
}

Handle ScriptBuilder::interchange(Handle target,
                                  ArrayRef<int64_t> permutation) {
  return {transform::InterchangeOp::create(builder, loc, anyOp(), target.value,
                                           permutation)};
}

void ScriptBuilder::vectorize(Handle target, bool namedContraction,
                              ArrayRef<Size> vectorSizes) {
  auto [statics, params] = splitSizes(vectorSizes);
  SmallVector<bool> scalable(vectorSizes.size(), false);
  transform::VectorizeOp::create(
      builder, loc, TypeRange(), target.value, params,
      builder.getDenseI64ArrayAttr(statics),
      // Gathers (tensor.extract at computed indices: resizes, embeddings)
      // become vector.gather, or vector loads where contiguous.
      /*vectorize_nd_extract=*/namedContraction ? UnitAttr()
                                                : builder.getUnitAttr(),
      /*assume_dynamic_dims_match_vec_sizes=*/UnitAttr(),
      namedContraction ? builder.getUnitAttr() : UnitAttr(),
      builder.getDenseBoolArrayAttr(scalable));
}

/// The `lowering_strategy` attribute of pattern op `name` for the keyword
/// `strategy`.
static Attribute getLoweringStrategy(MLIRContext *ctx, StringRef name,
                                     StringRef strategy) {
  if (name == "vector.lower_contraction")
    if (auto s = vector::symbolizeVectorContractLowering(strategy))
      return vector::VectorContractLoweringAttr::get(ctx, *s);
  if (name == "vector.lower_transpose")
    if (auto s = vector::symbolizeVectorTransposeLowering(strategy))
      return vector::VectorTransposeLoweringAttr::get(ctx, *s);
  if (name == "vector.lower_multi_reduction")
    if (auto s = vector::symbolizeVectorMultiReductionLowering(strategy))
      return vector::VectorMultiReductionLoweringAttr::get(ctx, *s);
  return {};
}

void ScriptBuilder::applyPatterns(Handle target,
                                  ArrayRef<PatternSpec> patterns) {
  transform::ApplyPatternsOp::create(
      builder, loc, target.value, [&](OpBuilder &b, Location l) {
        for (const PatternSpec &p : patterns) {
          OperationState state(l, "transform.apply_patterns." + p.name);
          assert(state.name.isRegistered() && "unknown pattern op");
          Operation *op = b.create(state);
          if (p.strategy.empty())
            continue;
          Attribute strategy =
              getLoweringStrategy(b.getContext(), p.name, p.strategy);
          assert(strategy && "unknown lowering strategy");
          op->setAttr("lowering_strategy", strategy);
        }
      });
}

void ScriptBuilder::applyCSE(Handle target) {
  transform::ApplyCommonSubexpressionEliminationOp::create(builder, loc,
                                                           target.value);
}

void ScriptBuilder::applyLICM(Handle loop) {
  transform::ApplyLoopInvariantCodeMotionOp::create(builder, loc, loop.value);
}

void ScriptBuilder::hoistLoopInvariantSubsets(Handle loop) {
  transform::HoistLoopInvariantSubsetsOp::create(builder, loc, loop.value);
}

void ScriptBuilder::unrollLoop(Handle loop, int64_t factor) {
  transform::LoopUnrollOp::create(builder, loc, loop.value, factor);
}

void ScriptBuilder::annotate(Handle op, StringRef name, Size value) {
  Value p = value.param;
  if (!p)
    p = transform::ParamConstantOp::create(
        builder, loc, param(), builder.getI64IntegerAttr(value.value));
  transform::AnnotateOp::create(builder, loc, op.value, name, p);
}

OwningOpRef<ModuleOp> ScriptBuilder::finish() {
  transform::YieldOp::create(builder, loc);
  return std::move(module);
}

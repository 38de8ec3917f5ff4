//===- ScriptBuilder.h - build transform scripts as IR ----------*- C++ -*-===//
//
// Sketches build their transform scripts through this builder: it creates
// the transform ops with OpBuilder in one `transform.named_sequence`, turns
// knobs into `transform.tune.knob` params or `transform.tune.alternatives`
// regions, and hands back the module holding the sequence. A candidate is
// the script with the knobs' `selected` values set (selectKnobs,
// Materialize.h); `--sched-generate-space` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TUNER_SKETCH_SCRIPTBUILDER_H
#define TUNER_TUNER_SKETCH_SCRIPTBUILDER_H

#include "Tuner/Tuner/Sketch/Knob.h"

#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <functional>
#include <string>
#include <utility>

namespace mlir::tuner {

/// A `!transform.any_op` handle.
struct Handle {
  Value value;
};

/// A size operand of a transform op: a literal, or a param from a knob.
struct Size {
  int64_t value = 0;
  /// A `!transform.param<i64>`; null for a literal.
  Value param;

  static Size of(int64_t v) { return Size{v, Value()}; }
  bool isZero() const { return !param && value == 0; }
};

/// A pattern op of `transform.apply_patterns`: `transform.apply_patterns.`
/// followed by `name`, and the `lowering_strategy` (its keyword) of the
/// vector lowerings that take one (vector.lower_contraction,
/// vector.lower_transpose, vector.lower_multi_reduction).
struct PatternSpec {
  PatternSpec(const char *name) : name(name) {}
  PatternSpec(std::string name, std::string strategy = "")
      : name(std::move(name)), strategy(std::move(strategy)) {}
  std::string name;
  std::string strategy;
};

class ScriptBuilder {
public:
  /// Starts `transform.named_sequence @symName(%scope, %anchor)` in a new
  /// module; the anchor handle is consumed by the sequence.
  ScriptBuilder(MLIRContext *ctx, StringRef symName);

  Handle getScope() const { return {scope}; }
  Handle getAnchor() const { return {anchor}; }
  /// The builder, at the end of the current region, for transform ops this
  /// class has no method for.
  OpBuilder &getBuilder() { return builder; }
  Location getLoc() const { return loc; }
  MLIRContext *getContext() const { return builder.getContext(); }

  /// Emits `transform.tune.knob` for an integer knob; returns its param.
  Size knob(const Knob &knob);
  /// `size` / `divisor`, which divides it (a literal stays a literal; a
  /// param goes through `transform.sched.exact_divide`).
  Size exactDivide(Size size, int64_t divisor);
  /// Emits `transform.tune.alternatives` with one region per option of
  /// `knob`; `body(i)` builds the ops of region i through this builder.
  void alternatives(const Knob &knob,
                    const std::function<void(unsigned)> &body);
  /// The same, each region yielding the handle `body(i)` returns: the
  /// result is the selected region's handle.
  Handle alternativesYielding(const Knob &knob,
                              const std::function<Handle(unsigned)> &body);

  Handle getProducerOfOperand(Handle op, unsigned operand);
  Handle getConsumerOfResult(Handle op, unsigned result);
  /// The closest op named `opName` (e.g. "scf.for") enclosing `op`.
  Handle getParentOp(Handle op, StringRef opName);

  /// tile_using_forall; returns (tiled op, forall). `mapping` has one GPU
  /// mapping attribute per size that is not a literal zero (none if empty).
  /// With `numThreads`, the sizes are numbers of tiles (`num_threads`)
  /// instead of tile sizes.
  std::pair<Handle, Handle> tileUsingForall(Handle target, ArrayRef<Size> sizes,
                                            ArrayRef<Attribute> mapping = {},
                                            bool numThreads = false);
  /// tile_using_for; returns the tiled op and one loop per non-zero size, in
  /// nesting order (outermost first). `interchange` reorders the loops.
  std::pair<Handle, SmallVector<Handle>>
  tileUsingFor(Handle target, ArrayRef<Size> sizes,
               ArrayRef<int64_t> interchange = {});
  /// tileUsingFor of each op of `targets` on its own (transform.foreach),
  /// for a handle of several ops tiled by knob params; returns the tiled
  /// ops and, per non-zero size, the loops of all of them.
  std::pair<Handle, SmallVector<Handle>> tileEachUsingFor(Handle targets,
                                                          ArrayRef<Size> sizes);
  /// The handles tile_reduction_using_for returns.
  struct ReductionTiling {
    Handle fill, split, combine, loop;
  };
  /// tile_reduction_using_for: the reduction loops of `target` with a
  /// non-zero (static) size are tiled, partial results accumulate
  /// elementwise in a tensor of the tile's shape, combined after the loop.
  ReductionTiling tileReductionUsingFor(Handle target, ArrayRef<int64_t> sizes);
  /// The handles structured.split_reduction returns.
  struct SplitReduction {
    Handle init, fill, split, combine;
  };
  /// structured.split_reduction: the reduction loop of `target` cut into
  /// `factor` slices computed as a parallel loop, their partial results in
  /// a tensor with the new dimension at `insertDim` (filled with the
  /// reduction's identity), summed by a combining reduction after.
  SplitReduction splitReduction(Handle target, int64_t factor,
                                int64_t insertDim);
  /// fuse_into_containing_op; returns (fused op, new containing op).
  std::pair<Handle, Handle> fuseIntoContainingOp(Handle producer,
                                                 Handle containing);
  /// The handles structured.pad returns.
  struct Padding {
    Handle padded, pads, copyBack;
  };
  /// structured.pad of the given iteration dimensions to the static bounding
  /// box, copying (packing) the operands whose nofold flag is set; returns
  /// the padded op, the tensor.pad ops and the op copying the result back
  /// (`copyBack`, or none). `paddingValues` has one attribute per operand.
  Padding pad(Handle target, ArrayRef<Attribute> paddingValues,
              ArrayRef<int64_t> dims, ArrayRef<int64_t> nofold,
              StringRef copyBack = "linalg.copy");
  /// sched.fold_fill_into_pad: the inits of `padded` that are padded fills
  /// become fills of the padded shape; returns the new fills.
  Handle foldFillIntoPad(Handle padded);
  /// sched.vectorize_pad_rows: each tensor.pad of `pad` (other ops are
  /// ignored) built `rows` rows at a time with vector transfers; returns
  /// the loops.
  Handle vectorizePadRows(Handle pad, int64_t rows);
  /// structured.hoist_pad: hoists the tensor.pad `pad` out of its
  /// `numLoops` innermost enclosing loops, into a packed tensor with a
  /// dimension per hoisted loop the padded slice depends on.
  Handle hoistPad(Handle pad, int64_t numLoops);
  /// structured.gpu.map_copy_to_threads (a copy or pad distributed over the
  /// threads of a block); returns (forall, per-thread copy).
  std::pair<Handle, Handle>
  mapCopyToThreads(Handle target, int64_t totalThreads, int64_t bitAlignment);
  /// Turns the `tensor.empty` ops of `emptyOp` into
  /// `bufferization.alloc_tensor` in GPU workgroup (shared) memory.
  void promoteToWorkgroup(Handle emptyOp);
  /// sched.vectorize_static (vectorize, static pads included).
  void vectorizeStatic(Handle target);
  /// sched.drop_contraction_unit_dims: the unit reduction dimensions of the
  /// vector.contract ops under `target` dropped (one reduction kept).
  void dropContractionUnitDims(Handle target);
  /// sched.peel_partial: the loops of `loops` with their partial last
  /// iterations peeled off; returns (loops, the partial iterations' loops,
  /// empty where a loop's step divides its range).
  std::pair<Handle, Handle> peelPartial(Handle loops);
  /// sched.rank_reduce_to_matmul: the contractions of `target` with unit
  /// batch loops (a block of a batch matmul, a slice of split-K) as 2-D
  /// linalg.matmul ops, their fills with them; returns the matmuls.
  Handle rankReduceToMatmul(Handle target);
  /// sched.rasterize_blocks: the tiles of the 2-D block loops of `loops`
  /// renumbered in groups of `groupRows` block rows.
  void rasterizeBlocks(Handle loops, int64_t groupRows);
  /// The linalg ops nested in the ops of `scope`.
  Handle matchLinalgIn(Handle scope);
  /// The ops named `opName` among the ops of `scope` and those nested in
  /// them.
  Handle matchOpsIn(Handle scope, StringRef opName);
  /// One handle to the ops of `a` and of `b`.
  Handle merge(Handle a, Handle b);
  /// structured.decompose (a 2-D convolution with unit window rows to 1-D).
  Handle decompose(Handle target);
  /// structured.generalize.
  Handle generalize(Handle target);
  /// structured.interchange of a linalg.generic: loop i of the result is
  /// loop `permutation[i]` of `target`.
  Handle interchange(Handle target, ArrayRef<int64_t> permutation);
  /// structured.vectorize, with vector sizes when some are given (masking).
  void vectorize(Handle target, bool namedContraction = false,
                 ArrayRef<Size> vectorSizes = {});
  /// apply_patterns with the given pattern ops.
  void applyPatterns(Handle target, ArrayRef<PatternSpec> patterns);
  void applyCSE(Handle target);
  void applyLICM(Handle loop);
  void hoistLoopInvariantSubsets(Handle loop);
  void unrollLoop(Handle loop, int64_t factor);
  /// Puts the integer attribute `name` = `value` (a literal or a knob's
  /// param) on the ops of `op` (`transform.annotate`).
  void annotate(Handle op, StringRef name, Size value);

  /// Closes the sequence and returns the module holding it (with
  /// `transform.with_named_sequence`).
  OwningOpRef<ModuleOp> finish();

private:
  Type anyOp() const;
  Type param() const;
  /// The static sizes (ShapedType::kDynamic for params) and the params of
  /// `sizes`.
  std::pair<SmallVector<int64_t>, SmallVector<Value>>
  splitSizes(ArrayRef<Size> sizes) const;
  /// structured.match `match` (built by the callback on the scope of one op)
  /// in each op of `scope`.
  Handle matchIn(Handle scope,
                 const std::function<Value(OpBuilder &, Value)> &match);
  /// Fills `region` with one block built by `body` and a transform.yield of
  /// what it returns.
  void buildRegion(Region &region,
                   const std::function<SmallVector<Value>()> &body);

  OwningOpRef<ModuleOp> module;
  OpBuilder builder;
  Location loc;
  /// The sequence's arguments.
  Value scope, anchor;
};

} // namespace mlir::tuner

#endif // TUNER_TUNER_SKETCH_SCRIPTBUILDER_H

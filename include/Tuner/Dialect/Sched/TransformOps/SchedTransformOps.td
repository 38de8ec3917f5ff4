//===- SchedTransformOps.td - transform ops of mlir-tuner --*- tablegen -*-===//
//
// Transform-dialect ops where upstream has none for a step mlir-tuner needs.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_TD
#define TUNER_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_TD

include "mlir/Dialect/Transform/IR/TransformDialect.td"
include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/OpBase.td"

def NextPowerOfTwoOp : Op<Transform_Dialect, "sched.next_power_of_two", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    ParamProducerTransformOpTrait, AllTypesMatch<["param", "result"]>]> {
  let summary = "Round integer params up to a power of two";
  let description = [{
    Produces a param holding, for each integer of `param`, the smallest power
    of two not below it (values below 1 become 1). Sketches use it where a
    size derived from a knob must be a power of two, e.g. the vector sizes
    of a masked copy: LLVM's x86 backend only keeps masked loads and stores
    of power-of-two lengths as vector instructions and scalarizes the others
    into a branch per element, which makes compile times explode.

    ```mlir
    %k1 = transform.tune.knob<"k1"> options = [8, 24, 48] -> !transform.param<i64>
    %v = transform.sched.next_power_of_two %k1 : !transform.param<i64>
    transform.structured.vectorize %pad vector_sizes [8, %v]
        : !transform.any_op, !transform.param<i64>
    ```

    #### Return modes

    Fails silenceably when a value of `param` is not an integer. Only reads
    its operand.
  }];
  let arguments = (ins TransformParamTypeInterface:$param);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = "$param attr-dict `:` type($param)";
  let cppNamespace = "::mlir::transform::sched";
}

def ExactDivideOp : Op<Transform_Dialect, "sched.exact_divide", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>,
    ParamProducerTransformOpTrait, AllTypesMatch<["param", "result"]>]> {
  let summary = "Divide integer params by a constant that divides them";
  let description = [{
    Produces a param holding each integer of `param` divided by `divisor`.
    Sketches use it where a knob counts elements of a dimension that the op
    holds in blocks: cpu.contraction_bf16_dot's `n1` counts columns of N,
    and the blocked bf16 form tiles N's blocks, `n1 / 16` of them.

    ```mlir
    %n1 = transform.tune.knob<"n1"> options = [64, 128, 256] -> !transform.param<i64>
    %blocks = transform.sched.exact_divide %n1 by 16 : !transform.param<i64>
    ```

    #### Return modes

    Fails silenceably when a value of `param` is not an integer or not a
    multiple of `divisor`. Only reads its operand. The divisor must be
    positive.
  }];
  let arguments = (ins TransformParamTypeInterface:$param,
                       ConfinedAttr<I64Attr, [IntPositive]>:$divisor);
  let results = (outs TransformParamTypeInterface:$result);
  let assemblyFormat = "$param `by` $divisor attr-dict `:` type($param)";
  let cppNamespace = "::mlir::transform::sched";
}

def VectorizeStaticOp : Op<Transform_Dialect, "sched.vectorize_static", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Vectorize ops and static tensor.pad ops without vector sizes";
  let description = [{
    Vectorizes each payload op like `transform.structured.vectorize` without
    vector sizes, except that a `tensor.pad` with a static result shape is
    vectorized with vector sizes equal to that shape (upstream's op accepts a
    pad only with explicit sizes, which a script cannot know when the pad
    comes out of a transform that chose its shape, such as
    `transform.structured.gpu.map_copy_to_threads`). The GPU sketches use it
    on the per-thread copies that stage tiles in shared memory.
    ```mlir
    %forall, %copy = transform.structured.gpu.map_copy_to_threads %pad
        total_num_threads = 256 desired_bit_alignment = 128
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.sched.vectorize_static %copy : !transform.any_op
    ```

    #### Return modes
    Fails silenceably for a payload op that cannot be vectorized (a pad with
    a dynamic shape, an op the vectorizer rejects). Consumes its operand.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let cppNamespace = "::mlir::transform::sched";
}

def DropContractionUnitDimsOp
    : Op<Transform_Dialect, "sched.drop_contraction_unit_dims", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Drop the unit reduction dimensions of vector.contract ops";
  let description = [{
    Rewrites each `vector.contract` under the payload ops that has more than
    one reduction dimension, and some of them of extent 1, into one without
    those unit dimensions (its operands shape-cast, its maps and iterators
    shortened), keeping at least one reduction dimension. The register tile
    of a contraction with several reduction loops (`linalg.batch_reduce_matmul`:
    the batch and K) keeps the batch as a unit reduction dimension, which
    upstream's outer-product lowering does not take: the contraction became
    scalar code. Masked contractions are left as they are.

    ```mlir
    %r = vector.contract {indexing_maps = [(b, m, n, k) -> (b, m, k),
        (b, m, n, k) -> (b, k, n), (b, m, n, k) -> (m, n)],
        iterator_types = ["reduction", "parallel", "parallel", "reduction"]}
        %a, %b, %acc : vector<1x6x1xf32>, vector<1x1x64xf32> into vector<6x64xf32>
    // becomes a contract of vector<6x1xf32> and vector<1x64xf32> over
    // (m, n, k).
    transform.sched.drop_contraction_unit_dims %func : !transform.any_op
    ```

    #### Return modes
    Never fails. Only reads its operand handle.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs);
  let assemblyFormat = "$target attr-dict `:` type($target)";
  let cppNamespace = "::mlir::transform::sched";
}

def PeelPartialOp : Op<Transform_Dialect, "sched.peel_partial", [
    FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
    DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let summary = "Peel the partial last iteration of loops that have one";
  let description = [{
    For each `scf.for` of `target`: when its step does not divide its
    (static) range, peels the last, partial iteration into a loop of its
    own (`scf::peelForLoopAndSimplifyBounds`, which also folds the
    `affine.min` of the tile sizes in both loops to constants); the loop
    then runs full steps only. `main` holds the loops, `remainder` the
    partial iterations: none for a loop whose step divides its range, which
    is left as it is. Upstream's `transform.loop.peel` fails on such a loop,
    which a script whose tile sizes are knobs cannot rule out.

    ```mlir
    %tiled, %loop = transform.structured.tile_using_for %op tile_sizes [%m2, 0]
        : (!transform.any_op, !transform.param<i64>)
        -> (!transform.any_op, !transform.any_op)
    %main, %rest = transform.sched.peel_partial %loop
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    %rest_ops = transform.structured.match interface{LinalgOp} in %rest
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Fails silenceably on a payload op that is not an `scf.for`. Consumes
    `target`.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$main,
                      TransformHandleTypeInterface:$remainder);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let cppNamespace = "::mlir::transform::sched";
}

def FoldFillIntoPadOp : Op<Transform_Dialect, "sched.fold_fill_into_pad", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Fill padded accumulators directly instead of padding a fill";
  let description = [{
    For each init operand of each payload op of `target` (destination-style
    ops, typically a contraction that `transform.structured.pad` padded)
    that is a `tensor.pad` of a `linalg.fill`, with a constant padding value
    equal to the fill's: the op's init becomes a `linalg.fill` of a
    `tensor.empty` of the padded shape. The pad is erased when nothing else
    uses it, and so is the old fill, once the linalg ops that overwrite its
    result without reading it (the copy of the padded result back into the
    tile) take the fill's destination instead. `fill` holds the new fills.

    Upstream's canonicalization has the same fold (`FoldFillWithPad`) but
    compares the two values as SSA values, and the fill's constant and the
    pad's (in the pad's region) are different ops: it does not fire on what
    `transform.structured.pad` makes. Without the fold, a padded
    accumulator is zeroed twice and copied once (bufferized, the copy of a
    strided tile is a runtime call: 20% of a 500^3 matmul on one core).

    ```mlir
    %padded, %pad, %copy = transform.structured.pad %matmul {...}
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op)
    %fill = transform.sched.fold_fill_into_pad %padded
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Never fails: inits that are not padded fills are left as they are (then
    `fill` holds fewer ops, or none). Only reads `target`; modifies the
    payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$fill);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let cppNamespace = "::mlir::transform::sched";
}

def VectorizePadRowsOp : Op<Transform_Dialect, "sched.vectorize_pad_rows", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Copy static tensor.pad ops into their padded shape, rows at a time";
  let description = [{
    Rewrites each `tensor.pad` of `target` whose result shape is static and
    whose padding value is a constant into a loop nest that builds the
    padded tensor `rows` rows at a time (rows: the second-to-last
    dimension; the leading dimensions one at a time): each chunk is a
    masked `vector.transfer_read` of the source, the padding value outside
    it, of `rows` x P elements, where P is the next power of two of the
    padded last extent, and one `vector.transfer_write` of the chunk into
    the padded tensor, masked where P or the rows exceed it. The padding is
    written with the data, so nothing is filled first; the rows stay 1-D
    transfers of a power-of-two length, which x86 keeps as (masked) vector
    loads and stores, and the code does not grow with the padded shape.
    Sketches use it to pack the blocks of a contraction's inputs.

    Ops of `target` that are not `tensor.pad` are ignored (a producer that
    folded away needs no copy). A pad that pads nothing and is not `nofold`
    is replaced by its source. `loops` holds the outermost loop of each
    rewritten pad.

    ```mlir
    %a = transform.get_producer_of_operand %padded[0]
        : (!transform.any_op) -> !transform.any_op
    %loops = transform.sched.vectorize_pad_rows %a {rows = 4}
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Fails silenceably on a pad with a dynamic or empty result shape, one
    whose chunks would have more than 2^20 elements, or a padding value that
    is not a constant. Consumes `target`.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       ConfinedAttr<I64Attr, [IntPositive]>:$rows);
  let results = (outs TransformHandleTypeInterface:$loops);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let cppNamespace = "::mlir::transform::sched";
}

def RankReduceToMatmulOp : Op<Transform_Dialect, "sched.rank_reduce_to_matmul", [
    FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
    DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let summary = "Make a contraction with unit batch loops a 2-D linalg.matmul";
  let description = [{
    Rewrites each payload op, a contraction on float tensors with one m, one
    n and one k loop and batch loops of extent 1 (the block tile of one
    batch of a `linalg.batch_matmul`, or of one slice of K that
    `transform.structured.split_reduction` made), into a `linalg.matmul`
    on rank-reducing `tensor.extract_slice` ops of its operands, its result
    inserted back where the init was (library function
    `rankReduceToMatmul`, `Tuner/Dialect/Sched/TransformOps/BlockMatmul.h`).
    A `linalg.fill` producing the init for that op alone becomes a fill of
    the rank-reduced slice. The GPU matmul kernels
    (`transform.sched.tensor_core_matmul`, `transform.sched.simt_matmul`)
    take such a matmul, and absorb the fill.

    ```mlir
    // %a: tensor<1x32x512xbf16>, %b: tensor<1x512x64xbf16>
    %r = linalg.batch_matmul ins(%a, %b : ...) outs(%fill : tensor<1x32x64xf32>)
    // becomes
    %a2 = tensor.extract_slice %a[0, 0, 0] [1, 32, 512] [1, 1, 1]
        : tensor<1x32x512xbf16> to tensor<32x512xbf16>
    ...
    %f2 = linalg.fill ins(%zero : f32) outs(%c2 : tensor<32x64xf32>)
    %m = linalg.matmul ins(%a2, %b2 : ...) outs(%f2 : tensor<32x64xf32>)
    %r = tensor.insert_slice %m into %empty[0, 0, 0] [1, 32, 64] [1, 1, 1]
    ```

    #### Return modes

    Fails silenceably, leaving the payload as it was, on a payload op that
    is not such a contraction (checked for every payload op before any is
    rewritten). Consumes `target`; `matmul` holds the new matmuls.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target);
  let results = (outs TransformHandleTypeInterface:$matmul);
  let assemblyFormat =
      "$target attr-dict `:` functional-type(operands, results)";
  let cppNamespace = "::mlir::transform::sched";
}

def RasterizeBlocksOp : Op<Transform_Dialect, "sched.rasterize_blocks", [
    DeclareOpInterfaceMethods<TransformOpInterface>,
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "Renumber the tiles of a 2-D block loop in groups of block rows";
  let description = [{
    Grouped rasterization of each payload op, a normalized 2-D `scf.forall`
    over (rows, columns) of block tiles with static trip counts (R, C), as
    `tile_using_forall` makes it for GPU blocks (library function
    `rasterizeBlocks`, `Tuner/Dialect/Sched/TransformOps/BlockRaster.h`).
    Blocks start in the order of their linear index `p = i C + j`, columns
    fastest; after the rewrite iteration `p` computes the tile that walks
    down `group_rows` block rows before the next column:

    ```
    g = p / (G C), first = g G, rows = min(R - first, G), q = p % (G C)
    row = first + q % rows, column = q / rows
    ```

    so that the blocks resident at once share rows of A and columns of B
    in L2 (Triton's `GROUP_SIZE_M`). It is a permutation of the tiles: the
    result does not change. The loop gets `tuner.block_raster = group_rows`
    (the cost model reads it); `group_rows = 1` changes nothing else.

    ```mlir
    %tiled, %blocks = transform.structured.tile_using_forall %mm
        tile_sizes [128, 128] (mapping = [#gpu.block<y>, #gpu.block<x>])
        : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.sched.rasterize_blocks %blocks group_rows = 8
        : !transform.any_op
    ```

    #### Return modes

    Fails silenceably, leaving the payload as it was, on a payload op that
    is not such a loop. Reads `target`; modifies the payload.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       ConfinedAttr<I64Attr, [IntPositive]>:$group_rows);
  let assemblyFormat = [{
    $target `group_rows` `=` $group_rows attr-dict `:` type($target)
  }];
  let cppNamespace = "::mlir::transform::sched";
}

def TensorCoreMatmulOp : Op<Transform_Dialect, "sched.tensor_core_matmul", [
    FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
    DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let summary = "Rewrite a block-level matmul on memrefs into a pipelined tensor-core kernel";
  let description = [{
    Rewrites each payload op, a `linalg.matmul` on memrefs computed once per
    GPU block (in an `scf.forall` mapped to blocks), A `bm x K`, B `K x bn`,
    C `bm x bn`, bf16 x bf16 -> f32, f16 x f16 -> f32 or f16 x f16 -> f16,
    into the kernel of `gpu.contraction_mma` (library function
    `rewriteMatmulAsTensorCoreKernel`, `Tuner/Transforms/TensorCoreMatmul.h`;
    pass `tuner-gpu-tensor-core-matmul`): an `scf.forall` over the block's
    `32 * warps_m * warps_n` threads that copies `tile_k`-deep tiles of A
    and B with 16-byte `cp.async` into `stages` swizzled slots of dynamic
    shared memory, loads `mma.sync.m16n8k16` fragments with `ldmatrix.x4`
    (`.trans` for B) and accumulates in registers across K; warp `w` owns
    the `(bm / warps_m) x (bn / warps_n)` tile at `(w / warps_n, w %
    warps_n)`. The `linalg.fill` of C just before the matmul and the
    elementwise linalg ops after it that read C become the kernel's
    initialization and epilogue, in registers. `kernel` holds the thread
    loops; `tuner-gpu-map-forall` then maps them.

    ```mlir
    %mm = transform.structured.match ops{["linalg.matmul"]} in %root
        : (!transform.any_op) -> !transform.any_op
    %kernel = transform.sched.tensor_core_matmul %mm
        warps = [2, 2] tile_k = 32 stages = 3
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Fails silenceably, leaving the payload as it was, when a payload op is
    not a `linalg.matmul` or the kernel cannot compute it (types, shapes the
    warps and `tile_k` do not split, dynamic strides, not at block level:
    the reason is attached to the op). Consumes `target`; erases the matmul
    and the ops the kernel absorbs.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       ConfinedAttr<I64Attr, [IntPositive]>:$warps_m,
                       ConfinedAttr<I64Attr, [IntPositive]>:$warps_n,
                       ConfinedAttr<I64Attr, [IntPositive]>:$tile_k,
                       ConfinedAttr<I64Attr, [IntPositive]>:$stages);
  let results = (outs TransformHandleTypeInterface:$kernel);
  let assemblyFormat = [{
    $target `warps` `=` `[` $warps_m `,` $warps_n `]` `tile_k` `=` $tile_k
    `stages` `=` $stages attr-dict `:` functional-type(operands, results)
  }];
  let cppNamespace = "::mlir::transform::sched";
}

def SimtMatmulOp : Op<Transform_Dialect, "sched.simt_matmul", [
    FunctionalStyleTransformOpTrait, MemoryEffectsOpInterface,
    DeclareOpInterfaceMethods<TransformOpInterface>]> {
  let summary = "Rewrite a block-level f32 matmul on memrefs into a pipelined CUDA-core kernel";
  let description = [{
    Rewrites each payload op, an f32 `linalg.matmul` on memrefs computed once
    per GPU block (in an `scf.forall` mapped to blocks), A `bm x K`, B
    `K x bn`, C `bm x bn`, into the kernel of `gpu.contraction_simt`
    (library function `rewriteMatmulAsSimtKernel`,
    `Tuner/Dialect/Sched/TransformOps/SimtMatmul.h`; pass
    `tuner-gpu-simt-matmul`): an `scf.forall` over `threads_m * threads_n`
    threads that copies `tile_k`-deep tiles of A and B with 16-byte
    `cp.async` into `stages` swizzled slots of dynamic shared memory and
    accumulates each thread's register tile (`bm / threads_m` rows
    `threads_m` apart, `bn / threads_n` columns in groups of 4, `4 *
    threads_n` apart) with FMAs fed by 16-byte shared-memory loads. The fill
    of C before the matmul and the elementwise ops after it become the
    kernel's initialization and epilogue, as with
    `transform.sched.tensor_core_matmul`. `kernel` holds the thread loops.

    ```mlir
    %kernel = transform.sched.simt_matmul %mm
        threads = [16, 16] tile_k = 16 stages = 3
        : (!transform.any_op) -> !transform.any_op
    ```

    #### Return modes

    Fails silenceably, leaving the payload as it was, when a payload op is
    not a `linalg.matmul` or the kernel cannot compute it (types, shapes the
    threads and `tile_k` do not split, dynamic strides, not at block level:
    the reason is attached to the op). Consumes `target`; erases the matmul
    and the ops the kernel absorbs.
  }];
  let arguments = (ins TransformHandleTypeInterface:$target,
                       ConfinedAttr<I64Attr, [IntPositive]>:$threads_m,
                       ConfinedAttr<I64Attr, [IntPositive]>:$threads_n,
                       ConfinedAttr<I64Attr, [IntPositive]>:$tile_k,
                       ConfinedAttr<I64Attr, [IntPositive]>:$stages);
  let results = (outs TransformHandleTypeInterface:$kernel);
  let assemblyFormat = [{
    $target `threads` `=` `[` $threads_m `,` $threads_n `]` `tile_k` `=`
    $tile_k `stages` `=` $stages attr-dict `:` functional-type(operands, results)
  }];
  let cppNamespace = "::mlir::transform::sched";
}

#endif // TUNER_DIALECT_SCHED_TRANSFORMOPS_SCHEDTRANSFORMOPS_TD

//===- Passes.td - mlir-tuner pipelines and driver passes --*- tablegen -*-===//
//
// The lowering pipelines from scheduled linalg to the LLVM and NVVM dialects,
// the GPU mapping steps they use, and graph preparation (constant folding).
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_TRANSFORMS_PASSES_TD
#define TUNER_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TunerConvertToChannelsLast : Pass<"tuner-convert-to-channels-last"> {
  let summary = "Rewrite channels-first convolutions and poolings to channels "
                "last (and 1-D, 3-D, grouped convolutions to 2-D ones)";
  let description = [{
    PyTorch exports convolutions channels first; the CPU sketches vectorize
    along the channels, which must be the contiguous dimension. Every
    `linalg.conv_2d_nchw_fchw`, `linalg.depthwise_conv_2d_nchw_chw` and
    `linalg.pooling_nchw_{max,sum}` on static tensors becomes its NHWC form
    (`conv_2d_nhwc_hwcf`, `depthwise_conv_2d_nhwc_hwc`, `pooling_nhwc_*`)
    between transposes: the input (a constant `tensor.pad` of it is redone
    on the transposed source, with the padding permuted), the filter (which
    `tuner-fold-constants` folds when it is a constant), the init (a fill is
    rebuilt in the new layout) and the result, transposed back to NCHW.
    `tuner-fuse-elementwise` then fuses the transposes with their
    elementwise neighbours, so that a chain of convolutions stays NHWC.

    So that the 2-D sketches schedule them too (they had scalar loops), 1-D
    convolutions (`conv_1d_nwc_wcf`, `conv_1d_ncw_fcw`,
    `depthwise_conv_1d_nwc_wc`, `depthwise_conv_1d_ncw_cw`) become 2-D ones
    of height 1 between reshapes (the NCW ones then channels last as
    above), a `conv_3d_ncdhw_fcdhw` becomes `conv_3d_ndhwc_dhwcf` between
    transposes, and a `conv_3d_ndhwc_dhwcf` becomes one `conv_2d_nhwc_hwcf` per
    filter depth, accumulating into the output with the batch and the output
    depth folded together (the input's depth slice and the filter's slice of
    that depth as operands). A `conv_2d_nhwc_fhwc` gets its filter
    transposed to HWCF (`conv_2d_nhwc_hwcf`); grouped convolutions
    (`conv_2d_ngchw_gfchw`, `conv_2d_ngchw_fgchw`, `conv_2d_nhwgc_gfhwc`)
    become an `scf.for` over the groups holding one `conv_2d_nhwc_hwcf` on
    the group's slices, inserted into the loop's result; the input, filter
    and init are transposed to channels last (NHWGC, GHWCF, NHWGF) once,
    before the loop (one op whatever the number of groups: one task). Quantized convolutions (`conv_2d_nhwc_hwcf_q`,
    `conv_2d_nhwc_fhwc_q`, `conv_2d_nchw_fchw_q`) become the plain ones on
    the input and the filter minus their zero points, in the accumulator's
    integer type.

    ```mlir
    %r = linalg.conv_2d_nchw_fchw {strides = dense<1> : tensor<2xi64>, ...}
           ins(%x, %w : tensor<1x64x58x58xf32>, tensor<64x64x3x3xf32>)
           outs(%acc : tensor<1x64x56x56xf32>) -> tensor<1x64x56x56xf32>
    // becomes
    %xt = linalg.transpose ins(%x : ...) outs(...) permutation = [0, 2, 3, 1]
    %wt = linalg.transpose ins(%w : ...) outs(...) permutation = [2, 3, 1, 0]
    %c = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : tensor<2xi64>, ...}
           ins(%xt, %wt : tensor<1x58x58x64xf32>, tensor<3x3x64x64xf32>)
           outs(%acct : tensor<1x56x56x64xf32>) -> tensor<1x56x56x64xf32>
    %r = linalg.transpose ins(%c : ...) outs(...) permutation = [0, 3, 1, 2]
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerFuseElementwise : Pass<"tuner-fuse-elementwise"> {
  let summary = "Fuse elementwise ops, layout changes and reshapes across a model";
  let description = [{
    Frontends write a bias add as a broadcast and an add, a softmax as five
    ops that each write a tensor, and put transposes and reshapes between
    them. This pass fuses them with upstream's elementwise fusion and
    reshape propagation, under the policy the sketches want:

    - named all-parallel ops (`linalg.add`, `linalg.transpose`,
      `linalg.broadcast`, ...) are generalized first; `linalg.fill` stays (an
      anchor takes it as the producer of its accumulator);
    - a producer fuses into an elementwise consumer, or into a reduction
      that is neither a contraction nor a convolution (their operands stay
      in the layout the sketches tile); a producer with several users fuses
      into each only when it is cheap to recompute (it only moves data, or
      computes at most 4 ops per element);
    - `tensor.expand_shape`/`collapse_shape` move across elementwise ops so
      they do not stand between two fusible ops;
    - unit dimensions of elementwise ops and reductions are dropped last.

    ```mlir
    %b = linalg.broadcast ins(%bias : tensor<512xf32>) outs(%e : tensor<64x512xf32>) dimensions = [0]
    %s = linalg.add ins(%mm, %b : ...) outs(%e : tensor<64x512xf32>) -> tensor<64x512xf32>
    // becomes one linalg.generic reading %bias through (d0, d1) -> (d1)
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect"];
}

def TunerBuffersToTensors : Pass<"tuner-buffers-to-tensors"> {
  let summary = "Rewrite linalg ops on buffers into linalg ops on tensors";
  let description = [{
    The tuner extracts, schedules and fuses linalg ops on tensors. A program
    written on buffers (a hand-written kernel that fills and multiplies into
    a memref argument, as upstream's integration tests do) had none of its
    ops extracted: naive loops on the CPU, host loops on a GPU. In each
    function whose body is one block, this pass gives the linalg ops and
    `memref.copy` ops that work on buffers the same ops on tensors, in
    order: every whole buffer they use (an argument, a `memref.alloc` or
    `alloca`, a `memref.get_global` of a constant global) is read once as a
    tensor (`bufferization.to_tensor restrict`, a `tensor.empty` for an
    allocation, an `arith.constant` for a global), an op on a
    `memref.subview` of one reads an `extract_slice` and writes an
    `insert_slice`, and each argument written is stored back once, before
    the return (`bufferization.materialize_in_destination`), which
    bufferization computes in place. The function's signature does not
    change, so the rewritten program and its original compute the same
    outputs from the same arguments.

    A function is left as it is when one of its buffers has a user the pass
    cannot follow (`memref.load`, `memref.store`, a call, an op in a loop,
    a view of a view, a return); task extraction then warns about its ops
    on buffers. `restrict` assumes that buffer arguments do not overlap, as
    the tuner's runners and `tuner-run` pass them. A step of
    `tuner-prepare`, after `tuner-convert-frontend-ops`.

    ```mlir
    func.func @mm(%a: memref<45x33xf32>, %b: memref<33x70xf32>,
                  %c: memref<45x70xf32>) {
      linalg.fill ins(%zero : f32) outs(%c : memref<45x70xf32>)
      linalg.matmul ins(%a, %b : memref<45x33xf32>, memref<33x70xf32>)
                    outs(%c : memref<45x70xf32>)
      return
    }
    // becomes
    %ta = bufferization.to_tensor %a restrict : ...
    %tc = bufferization.to_tensor %c restrict writable : ...
    %f = linalg.fill ins(%zero : f32) outs(%tc : tensor<45x70xf32>) -> ...
    %m = linalg.matmul ins(%ta, %tb : ...) outs(%f : tensor<45x70xf32>) -> ...
    bufferization.materialize_in_destination %m in restrict writable %c
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerDecomposeAggregates : Pass<"tuner-decompose-aggregates"> {
  let summary = "Decompose aggregate linalg ops (linalg.softmax, "
                "linalg.pack, quantized matmuls, Winograd transforms) and "
                "elementwise ops on tensors into linalg ops";
  let description = [{
    `linalg.softmax` (an op of `AggregatedOpInterface`) has no schedule of
    its own and no lowering to loops: it becomes the ops it stands for (a
    row maximum, an exponential of the difference, a row sum, a division),
    which the sketches schedule and `tuner-fuse-elementwise` fuses.
    `linalg.pack` and `linalg.unpack` (data-tiled layouts, as IREE exports
    them), which do not bufferize, become a `tensor.pad`, a
    `tensor.expand_shape` and a `linalg.transpose` (upstream's
    `linalg::lowerPack`), and the reverse (`linalg::lowerUnPack`); one of
    no elements is its destination. `linalg.quantized_matmul` and
    `linalg.quantized_batch_matmul`, C += (A - za)(B - zb), become the
    integer (batch) matmul of A and B, which the contraction sketches
    schedule, and an elementwise correction, C + AB - zb * rowsum(A) -
    za * colsum(B) + K * za * zb (exact in modular integer arithmetic, like
    the op).
    The Winograd transforms (`linalg.winograd_filter_transform`,
    `winograd_input_transform`, `winograd_output_transform`, as IREE's
    Winograd path writes them), which do not bufferize, become loops of
    small matmuls by the transform matrices (upstream's decompositions).
    Elementwise `arith` and `math` ops on whole tensors (`arith.addf` or
    `arith.select` of `tensor<4x6xf32>`, as some converters emit) become
    `linalg.generic` ops (upstream's `convert-elementwise-to-linalg`). The
    first step of `tuner-prepare`, and of `tuner-lower-cpu` and
    `tuner-lower-gpu` (a program that was never prepared, such as the
    reference of a check, still lowers).

    ```mlir
    %r = linalg.softmax dimension(1) ins(%x : tensor<4x32xf32>)
           outs(%e : tensor<4x32xf32>) -> tensor<4x32xf32>
    // becomes linalg.fill, linalg.generic (max), linalg.generic (sub, exp),
    // linalg.fill, linalg.generic (sum), linalg.generic (div)
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerWidenAccumulators : Pass<"tuner-widen-accumulators"> {
  let summary = "Accumulate bf16/f16 reductions in f32, rounding once at the end";
  let description = [{
    A contraction, convolution or other reduction whose accumulator is bf16
    or f16 (what torch-mlir emits for a half-precision `nn.Linear`: the
    result's type is the accumulator's) rounds the accumulator after every
    step; without AVX512-FP16 each step is a conversion to f32 and back as
    well (an f16 matmul: 31 GFLOP/s on a Zen 5 core). This pass accumulates
    in f32 and rounds once: the accumulator is a fill of an f32 tensor (a
    fill of the narrow one) or the narrow init extended; the body computes in
    f32 (its truncations to a narrow float and extensions from one are
    skipped); an elementwise `arith.truncf` rounds the result to the original
    type. IREE's CPU backend skips these intermediate roundings by default
    (`--iree-llvmcpu-skip-intermediate-roundings`), as PyTorch's CPU kernels
    do. The result is at least as close to the exact one; it is not the
    step-by-step rounding's, so `tuner-run --reference` computes the
    reference the same way (`--skip-intermediate-roundings`, on by default)
    unless the program it checks still rounds every step (not prepared).

    Ops with one result, a narrow float accumulator, at least one reduction
    loop, no `linalg.index`, and a body of float arithmetic only (`arith`
    add, sub, mul, div, max/min, neg, extf, truncf; `math` fpowi, powf, absf,
    sqrt, exp) are rewritten, into generics; the function signatures do not
    change. With `contractions=false` (CUDA preparation), contractions and
    convolutions keep their accumulators.

    ```mlir
    %f = linalg.fill ins(%zero : f16) outs(%e : tensor<128x768xf16>)
    %r = linalg.matmul ins(%a, %b : tensor<128x768xf16>, tensor<768x768xf16>)
                       outs(%f : tensor<128x768xf16>) -> tensor<128x768xf16>
    // becomes
    %f32 = linalg.fill ins(%zero32 : f32) outs(%e32 : tensor<128x768xf32>)
    %w = linalg.generic ... ins(%a, %b) outs(%f32)
           { arith.extf; arith.extf; arith.mulf; arith.addf }  // in f32
    %r = linalg.generic ... ins(%w) outs(%e) { arith.truncf }
    ```
  }];
  let options = [
    Option<"contractions", "contractions", "bool", /*default=*/"true",
           "Widen contractions and convolutions too">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerConvertFrontendOps : Pass<"tuner-convert-frontend-ops"> {
  let summary = "Convert TOSA ops, torch-mlir's tm_tensor ops, IREE's "
                "iree_linalg_ext ops and ml_program constants to linalg, "
                "tensor, scf and arith";
  let description = [{
    Importers other than torch-mlir's linalg path hand over ops the
    scheduling and lowering pipelines do not know: TOSA (TFLite and ONNX
    importers) and the constant globals of `ml_program` (weights). This pass
    replaces each `ml_program.global_load_const` of a global with a tensor
    value by an `arith.constant` of that value (dropping the private global
    once unused), and, where the module holds TOSA ops, runs upstream's TOSA
    to linalg pipeline (`tosa-to-linalg-named`, `tosa-to-linalg`) followed by
    `tosa-to-tensor` and `tosa-to-arith`. A TOSA op none of them converts is
    an error at that op. torch-mlir's `tm_tensor` ops (its linalg-on-tensors
    output keeps `torch.cumsum`, scatters and `index_put`, `sort`, `topk`
    and fused attention in that dialect) are replaced too:
    `tm_tensor.attention` by linalg ops (Q K^T, a scale and mask, a
    `linalg.softmax`, P V, which the sketches schedule), `scan`, `scatter`,
    `sort` and `topk` by loops on tensors (`scf.for` carrying
    `tensor.extract`/`tensor.insert`) with their regions inlined: the lines
    of a scan, a sort (a stable merge sort of a permutation, then a gather
    of each output) and a top-k in an `scf.forall` over the lines, a
    scatter's updates in order in an `scf.forall` over the slice dimensions
    no index moves; so are
    IREE's `iree_linalg_ext` ops of the same meaning (`scan`, `scatter`,
    `sort`, `topk`: JAX's `cumsum`, `.at[].add` and `top_k`, ONNX's
    scatters, through IREE's input conversions). The first step of `tuner-prepare`, `tuner-lower-cpu`
    and `tuner-lower-gpu`, so such a module is tuned, lowered and used as a
    reference like any other.

    ```mlir
    %w = ml_program.global_load_const @w : tensor<3x2xf32>
    %r = tosa.add %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    // becomes
    %w = arith.constant dense<...> : tensor<3x2xf32>
    %r = linalg.generic {...} ins(%a, %b : ...) { arith.addf ... }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect"];
}

def TunerPadContractions : Pass<"tuner-pad-contractions"> {
  let summary = "Pad odd matmuls to extents GPU kernels tile";
  let description = [{
    A GPU matmul kernel tiles M, N and K by whole blocks, warp tiles and
    16-byte copies; a `linalg.matmul` of 257 x 383 x 509 fits none of them
    and took the naive `gpu.fallback` kernel. This pass gives every static
    matmul on tensors whose extents are all at least 16 but not aligned
    (f16/bf16 inputs: multiples of 16, for `mma.sync` fragments; f32:
    multiples of 4) padded extents: each misaligned extent goes to the next
    multiple of 64 above 128, else of 16. Batch matmuls with f16/bf16
    inputs are padded the same way in M, N and K, the batch kept (ViT's
    12 x 197 x 197 x 64 attention scores: 12 x 256 x 256 x 64 on tensor
    cores); f32 batch matmuls are left to `gpu.contraction`, against which
    their padding has not been measured. A and B are written into
    zero-filled tensors (K's padding adds zeros; a constant is padded at
    compile time), the init is a fill of the padded shape (or the original
    padded),
    the chain of elementwise consumers of the result (one use each, parallel
    loops over the result, identity maps on the chain) runs on the padded
    result with its other operands zero-padded, and the original extents are
    extracted at the end of the chain, so the consumers stay in the kernel's
    epilogue. Part of `tuner-prepare` for CUDA targets, after fusion.

    ```mlir
    %r = linalg.matmul ins(%a, %b : tensor<257x509xbf16>, tensor<509x383xbf16>)
                       outs(%f : tensor<257x383xf32>) -> tensor<257x383xf32>
    // becomes
    %a0 = tensor.insert_slice %a into %za[0, 0] [257, 509] [1, 1]
        : tensor<257x509xbf16> into tensor<320x512xbf16>
    %b0 = tensor.insert_slice %b into %zb[0, 0] [509, 383] [1, 1]
        : tensor<509x383xbf16> into tensor<512x384xbf16>
    %p = linalg.matmul ins(%a0, %b0 : tensor<320x512xbf16>, tensor<512x384xbf16>)
                       outs(%f0 : tensor<320x384xf32>) -> tensor<320x384xf32>
    %r = tensor.extract_slice %p[0, 0] [257, 383] [1, 1]
        : tensor<320x384xf32> to tensor<257x383xf32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def TunerPromoteScalarResults : Pass<"tuner-promote-scalar-results"> {
  let summary = "Give linalg ops with 0-d results a loop of one iteration";
  let description = [{
    A linalg op whose results are all 0-d (a full reduction such as
    `x.sum()` or `x.norm()`, the arithmetic on such a value) has no result
    loop a GPU schedule could map to blocks and threads, so on a CUDA target
    it stayed on the host, on managed memory. This pass gives each such op a
    leading parallel loop of one iteration: its inits are expanded to
    `tensor<1xT>` and its results collapsed back to 0-d, so the program's
    types do not change, and canonicalization folds the reshapes between
    such ops. Named ops are generalized; `linalg.index` dimensions move one
    place in. Part of `tuner-prepare` for CUDA targets (the preparation the
    scheduling passes run with `target=cuda:...`); `gpu.fallback` then runs
    the op in one thread of one block.

    ```mlir
    %s = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>,
                                          affine_map<(d0) -> ()>],
                         iterator_types = ["reduction"]}
        ins(%x : tensor<13xf32>) outs(%init : tensor<f32>) {...}
    // becomes
    %i = tensor.expand_shape %init [] output_shape [1]
        : tensor<f32> into tensor<1xf32>
    %p = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>,
                                          affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<13xf32>) outs(%i : tensor<1xf32>) {...}
    %s = tensor.collapse_shape %p [] : tensor<1xf32> into tensor<f32>
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerWidenBooleans : Pass<"tuner-widen-booleans"> {
  let summary = "Store the boolean tensors passed between linalg ops as i8";
  let description = [{
    LLVM stores a vector of `i1` as packed bits and a buffer of `i1` as
    bytes, so no schedule vectorizes an op that reads or writes a tensor of
    `i1`; such ops get `cpu.fallback` / `gpu.fallback` (scalar loops). Models
    pass masks between ops: torch-mlir's BERT compares a position once into
    a `tensor<64xi1>` that each softmax of the attention reads, so every
    softmax was left scalar.

    This pass stores each boolean result of a `linalg.generic` whose init is
    a `tensor.empty` (not read by the body) and whose every use is an input
    of a `linalg.generic` on tensors as `i8`: the producer yields
    `arith.extui` of its boolean, and each consumer truncates the byte back
    to `i1` at the top of its body. Booleans that a function takes or
    returns, or that other ops use, keep their type. Part of `tuner-prepare`,
    after fusion.

    ```mlir
    %m = linalg.generic ... outs(%e : tensor<64xi1>) {
      ^bb0(%o: i1): ... linalg.yield %c : i1 }
    %s = linalg.generic ... ins(%x, %m : tensor<12x64x64xf32>, tensor<64xi1>) ...
      ^bb0(%in: f32, %mask: i1, %out: f32): ... arith.select %mask, ...
    // becomes
    %e8 = tensor.empty() : tensor<64xi8>
    %m = linalg.generic ... outs(%e8 : tensor<64xi8>) {
      ^bb0(%o: i8): ... %b = arith.extui %c : i1 to i8  linalg.yield %b : i8 }
    %s = linalg.generic ... ins(%x, %m : tensor<12x64x64xf32>, tensor<64xi8>) ...
      ^bb0(%in: f32, %byte: i8, %out: f32):
        %mask = arith.trunci %byte : i8 to i1 ... arith.select %mask, ...
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerCollapseReductionLoops : Pass<"tuner-collapse-reduction-loops"> {
  let summary = "Collapse adjacent reduction loops that every operand reads contiguously";
  let description = [{
    A reduction over several loops (a group norm's statistics over the
    channels of a group and the pixels; the full reduction of a matrix,
    after `tuner-promote-scalar-results`) is a reduction over one loop
    whenever every operand reads those loops as one contiguous run of
    dimensions, in the loops' order. This pass collapses each maximal such
    run of adjacent reduction loops of a static `linalg.generic` on tensors
    (whose maps are projected permutations) into one loop, with upstream's
    `linalg::collapseOpIterationDims`: the operands are reshaped by
    `tensor.collapse_shape`, which bufferizes to views. The GPU row-reduction
    schedule (`gpu.reduction`), which takes one reduction loop, then applies:
    without it, such ops ran one thread per result. Runs where an operand
    reads the loops in another order, or apart, are left alone. Part of
    `tuner-prepare` for CUDA targets.

    ```mlir
    // A group norm's sum: 4 groups of 16 channels x 81 pixels.
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                          affine_map<(d0, d1, d2) -> (d0)>],
                         iterator_types = ["parallel", "reduction", "reduction"]}
        ins(%x : tensor<4x16x81xf32>) outs(%init : tensor<4xf32>) {...}
    // becomes
    %c = tensor.collapse_shape %x [[0], [1, 2]]
        : tensor<4x16x81xf32> into tensor<4x1296xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>,
                                          affine_map<(d0, d1) -> (d0)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%c : tensor<4x1296xf32>) outs(%init : tensor<4xf32>) {...}
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect"];
}

def TunerSplitReductions : Pass<"tuner-split-reductions"> {
  let summary = "Reduce long rows in pieces when there are few of them";
  let description = [{
    A GPU row reduction takes a block per row (`gpu.reduction`, up to 8
    warps per row). With fewer rows than the device has SMs and long rows
    (a full sum of a large tensor, the statistics of a group norm on a
    large image), most SMs idle while a few blocks stream the data. This
    pass splits each static `linalg.generic` on tensors with one init and
    one reduction loop, innermost, fewer rows (the product of its parallel
    extents) than `min-blocks` and rows of at least 8192 elements (shorter
    ones take one block of up to 8 warps, where a second launch would cost
    more than it saves), with
    upstream's `linalg::splitReduction`: each row is read as P consecutive
    pieces of at least 1024 elements, reduced into a `[rows, P]` tensor of
    partials, which a second reduction combines into the result. P is the
    fewest pieces (dividing the row) that make `min-blocks` rows x pieces,
    else the most. Only the order of the combinations changes (exact for
    max, min and integers; within the result check's tolerance for float
    sums). Ops whose combiner has no neutral element, or with `linalg.index`,
    are left alone. Part of `tuner-prepare` for CUDA targets, after
    `tuner-collapse-reduction-loops`, with the target's SM count.

    ```mlir
    %s = linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<4x65536xf32>) outs(%init : tensor<4xf32>) {...}
    // with min-blocks=132 becomes
    %e = tensor.expand_shape %x [[0], [1, 2]] output_shape [4, 33, ...]
    ...
    ```
  }];
  let options = [
    Option<"minBlocks", "min-blocks", "int64_t", /*default=*/"132",
           "Split the row reductions with fewer rows than this (an H100's "
           "SM count by default)">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect"];
}

def TunerWidenContractionInputs : Pass<"tuner-widen-contraction-inputs"> {
  let summary = "Extend the bf16/f16 inputs of f32-accumulating contractions once";
  let description = [{
    A contraction with bf16 or f16 inputs that accumulates in f32 (what
    torch-mlir emits for a bf16 `nn.Linear`) extends each input element in
    its innermost loop, M*N*K times. This pass extends each such input once,
    by an elementwise op of its own (M*K and K*N conversions; a constant
    weight's extension folds at compile time with `tuner-fold-constants`),
    and leaves an f32 contraction (named ops are generalized; an input is
    widened only when its payload argument is used by nothing but an
    `arith.extf` to the accumulator type). The results are the same:
    extension to f32 is exact.

    ```mlir
    %r = linalg.matmul ins(%a, %w : tensor<32x256xbf16>, tensor<256x688xbf16>)
                       outs(%acc : tensor<32x688xf32>) -> tensor<32x688xf32>
    // becomes
    %a32 = linalg.generic ... ins(%a : tensor<32x256xbf16>) { arith.extf }
    %w32 = linalg.generic ... ins(%w : tensor<256x688xbf16>) { arith.extf }
    %r = linalg.generic ... ins(%a32, %w32 : tensor<32x256xf32>, tensor<256x688xf32>)
                            { arith.mulf; arith.addf }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerNarrowContractionInputs : Pass<"tuner-narrow-contraction-inputs"> {
  let summary = "Let f32 matmuls of extended bf16/f16 tensors read those tensors";
  let description = [{
    torch-mlir exports a bf16 `nn.Linear` with a bias (`aten.addmm`) and
    other mixed-precision products as an f32 matmul of f32 copies of bf16
    tensors. On a GPU that is a CUDA-core kernel reading 4-byte operands,
    after the kernels that wrote the copies. This pass gives a static
    `linalg.matmul` or `linalg.batch_matmul` with the default maps, f32
    inputs and result and M, N and K of at least 16, whose inputs are both
    exact extensions of tensors of the same 16-bit float type (an
    elementwise `linalg.generic` whose payload is only an `arith.extf` of its
    input, possibly through `tensor.collapse_shape` and
    `tensor.expand_shape`), those tensors as inputs. It accumulates in f32
    as before, and the tensor-core kernels take it. The results are the
    same: the matmul extends its inputs to the accumulator's type, and the
    extension is exact. An extension with other users stays for them.

    ```mlir
    %a32 = linalg.generic ... ins(%a : tensor<32x64xbf16>) { arith.extf }
    %w32 = linalg.generic ... ins(%w : tensor<64x192xbf16>) { arith.extf }
    %r = linalg.matmul ins(%a32, %w32 : tensor<32x64xf32>, tensor<64x192xf32>)
                       outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
    // becomes
    %r = linalg.matmul ins(%a, %w : tensor<32x64xbf16>, tensor<64x192xbf16>)
                       outs(%acc : tensor<32x192xf32>) -> tensor<32x192xf32>
    ```

    The inverse of `tuner-widen-contraction-inputs` (CPU targets);
    `tuner-prepare` runs it for CUDA targets.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerIm2colConvolutions : Pass<"tuner-im2col-convolutions"> {
  let summary = "Rewrite 16-bit convolutions as matmuls of their input windows";
  let description = [{
    A GPU's tensor cores take matmuls (`gpu.contraction_mma`); a convolution
    scheduled by `gpu.conv2d` runs on the CUDA cores. This pass rewrites a
    static `linalg.conv_2d_nhwc_hwcf` on tensors whose inputs have one
    16-bit float type and whose result is f32 (or f16, with f16 inputs: the
    accumulator types of `mma.sync`) into a `linalg.matmul` of its input
    windows by its filter, when that matmul's M (N * OH * OW), N (F) and K
    (KH * KW * C) are all at least 16 and the windows take at most 1 GiB.
    The windows are an all-parallel `linalg.generic` (im2col) that reads the
    input with `tensor.extract` at `[n, oh * sh + kh * dh, ow * sw + kw * dw,
    c]` (as upstream's `linalg::rewriteInIm2Col`: the vectorizer takes that
    form, and the reads along `c` are contiguous); a 1x1 filter with
    unit strides reads the input itself. The reshapes are free (each
    collapsed group is contiguous) and the matmul computes the same sums in
    the same accumulator type.

    ```mlir
    %r = linalg.conv_2d_nhwc_hwcf {strides = dense<1> : vector<2xi64>, ...}
           ins(%in, %f : tensor<1x18x18x32xbf16>, tensor<3x3x32x64xbf16>)
           outs(%acc : tensor<1x16x16x64xf32>) -> tensor<1x16x16x64xf32>
    // becomes
    %w = linalg.generic ... outs(%e : tensor<1x16x16x3x3x32xbf16>) {
      ... tensor.extract %in[%n, %h, %w, %c] : tensor<1x18x18x32xbf16> ...
    }
    %a = tensor.collapse_shape %w [[0, 1, 2], [3, 4, 5]] : ... to tensor<256x288xbf16>
    %b = tensor.collapse_shape %f [[0, 1, 2], [3]] : ... to tensor<288x64xbf16>
    %c = tensor.collapse_shape %acc [[0, 1, 2], [3]] : ... to tensor<256x64xf32>
    %m = linalg.matmul ins(%a, %b : ...) outs(%c : tensor<256x64xf32>)
    %r = tensor.expand_shape %m [[0, 1, 2], [3]] ... : tensor<256x64xf32> into tensor<1x16x16x64xf32>
    ```

    With `f32=true` it also takes convolutions with f32 inputs and result,
    for tf32 tensor cores. `tuner-prepare` runs it for CUDA targets (with
    `f32` where the target allows tf32, `cuda:<chip>:tf32`), after the
    channels-last rewrite.
  }];
  let options = [
    Option<"f32", "f32", "bool", /*default=*/"false",
           "Take convolutions with f32 inputs and result too (for tf32 "
           "tensor cores)">,
  ];
  let dependentDialects = ["::mlir::affine::AffineDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerPackBF16Dot : Pass<"tuner-pack-bf16-dot"> {
  let summary = "Put bf16 matmuls in the operand layout of bf16 dot products";
  let description = [{
    AVX512-BF16's `vdpbf16ps` multiplies adjacent pairs of bf16 values and
    adds both products to one f32 lane. This pass rewrites every matmul with
    static bf16 inputs, an f32 accumulator and an even K (`linalg.matmul`,
    or its generic form with B as [K, N] or [N, K]) so that both operands
    hold K in pairs, innermost: A is reshaped to [M, K/2, 2] (free), B is
    reshaped and transposed to [K/2, N, 2] (a copy; none at run time for a
    constant weight, which `tuner-fold-constants` folds), and the
    contraction becomes a generic over (m, n, k, p). The results are those
    of the original (the same products, summed in another order).
    `tuner-prepare` runs it, before `tuner-widen-contraction-inputs`, for
    targets whose `features` list `avx512bf16`; the
    `cpu.contraction_bf16_dot` sketch schedules the packed form onto dot
    products.

    ```mlir
    %r = linalg.matmul ins(%a, %w : tensor<32x256xbf16>, tensor<256x688xbf16>)
                       outs(%acc : tensor<32x688xf32>) -> tensor<32x688xf32>
    // becomes
    %a2 = tensor.expand_shape %a [[0], [1, 2]] output_shape [32, 128, 2]
    %w2 = tensor.expand_shape %w [[0, 1], [2]] output_shape [128, 2, 688]
    %wp = linalg.transpose ins(%w2 : tensor<128x2x688xbf16>)
                           outs(%e : tensor<128x688x2xbf16>) permutation = [0, 2, 1]
    %r = linalg.generic {indexing_maps = [(m, n, k, p) -> (m, k, p),
                                          (m, n, k, p) -> (k, n, p),
                                          (m, n, k, p) -> (m, n)], ...}
           ins(%a2, %wp : ...) outs(%acc : tensor<32x688xf32>)
           { arith.extf; arith.extf; arith.mulf; arith.addf }
    ```

    With `multiple=16` only matmuls whose M, N and K/2 are multiples of 16
    (AMX tiles) are rewritten: `tuner-prepare` does that for targets with
    AMX-BF16, where the other shapes run faster widened to f32 than on
    AVX512-BF16 dot products.

    With `block-n=b` (b dividing N), B is laid out in blocks of b columns,
    `[N/b, K/2, b, 2]`, and the contraction runs over (m, nb, n, k, p) into
    C viewed as `[M, N/b, b]` (`tensor.expand_shape`, its result collapsed
    back to `[M, N]`; `tuner-prepare` moves the reshape past elementwise
    consumers). A register tile of b columns then reads its column of B
    as one contiguous stream: in `[K/2, N, 2]` each pair of rows is N x 4
    bytes from the next, a new page per step for a large N, and streaming
    a 4096 x 11008 weight ran at 8-10 GB/s, latency-bound (a C kernel of
    the same loops on a Zen 5 core: 239 GFLOP/s in pairs, 402 blocked by
    16). `tuner-prepare` uses b = 16 (one vector of f32 lanes) for targets
    with AVX512-BF16 and no AMX.

    Register tiles span one to four blocks and must divide their count. N
    is therefore padded with zero columns of B (a `tensor.pad`, folded for a
    constant weight) and of C (a zero fill is made at the padded size) to
    whole blocks, and a count of five or more blocks with no divisor among
    2, 3 and 4 gets one block more; the result is sliced back to N columns.
    N = 688 (43 blocks) becomes 704: 32 x 688 x 256 ran at 167 GFLOP/s in
    tiles of one block against 228 padded, on one Zen 4 core. An N under
    four blocks that is not a whole number of them keeps the pairs form.

    ```mlir
    %wpad = tensor.pad %w low[0, 0] high[0, 16] { ... }
              : tensor<256x688xbf16> to tensor<256x704xbf16>
    %w2 = tensor.expand_shape %wpad [[0, 1], [2, 3]] output_shape [128, 2, 44, 16]
    %wp = linalg.transpose ins(%w2 : tensor<128x2x44x16xbf16>)
                           outs(%e : tensor<44x128x16x2xbf16>) permutation = [2, 0, 3, 1]
    %c3 = tensor.expand_shape %acc704 [[0], [1, 2]] output_shape [32, 44, 16]
    %r3 = linalg.generic {indexing_maps = [(m, nb, n, k, p) -> (m, k, p),
                                           (m, nb, n, k, p) -> (nb, k, n, p),
                                           (m, nb, n, k, p) -> (m, nb, n)], ...}
            ins(%a2, %wp : ...) outs(%c3 : tensor<32x44x16xf32>) { ... }
    %r4 = tensor.collapse_shape %r3 [[0], [1, 2]] : tensor<32x44x16xf32> into tensor<32x704xf32>
    %r = tensor.extract_slice %r4[0, 0] [32, 688] [1, 1] : tensor<32x704xf32> to tensor<32x688xf32>
    ```
  }];
  let options = [
    Option<"multiple", "multiple", "int64_t", /*default=*/"1",
           "Rewrite only matmuls whose M, N and K/2 are multiples of this">,
    Option<"blockN", "block-n", "int64_t", /*default=*/"0",
           "Lay B out in blocks of this many columns, [N/b, K/2, b, 2], "
           "where it divides N (0: B as [K/2, N, 2])">
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerTransposeContractionB : Pass<"tuner-transpose-contraction-b"> {
  let summary = "Transpose a contraction's [N, K] operand to [K, N] once";
  let description = [{
    The CPU contraction sketches vectorize N, the output's innermost
    dimension, and read a row of B per K step. A contraction whose B has K
    innermost (`[N, K]`: a PyTorch Linear's weight, ONNX Gemm with
    `transB`, an attention's `K^T`) would read B a column at a time (a
    128 x 768 x 768 f32 matmul of that form: 8.6 GFLOP/s on a Xeon core).
    This pass transposes such an operand once, with a `linalg.transpose`
    (folded at compile time for a constant weight by
    `tuner-fold-constants`), and gives the contraction (generalized if it
    was a named op) the `[K, N]` operand. Batch dimensions keep their place.

    Applies to contractions with one M, one N and one K dimension whose
    output has N innermost, and at least 8 rows (M); a matrix-vector
    product reads B once, and the transpose would cost as much as it.
    Part of `tuner-prepare`, after `tuner-pack-bf16-dot` (which lays out
    bf16 operands its own way) and before the widening of inputs.

    ```mlir
    %r = linalg.generic {indexing_maps = [(m, n, k) -> (m, k),
                                          (m, n, k) -> (n, k),
                                          (m, n, k) -> (m, n)], ...}
           ins(%a, %w : tensor<128x768xf32>, tensor<512x768xf32>) ...
    // becomes
    %wt = linalg.transpose ins(%w : tensor<512x768xf32>)
                           outs(%e : tensor<768x512xf32>) permutation = [1, 0]
    %r = linalg.generic {indexing_maps = [(m, n, k) -> (m, k),
                                          (m, n, k) -> (k, n),
                                          (m, n, k) -> (m, n)], ...}
           ins(%a, %wt : tensor<128x768xf32>, tensor<768x512xf32>) ...
    ```
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerSpecializeShapes
    : Pass<"tuner-specialize-shapes", "::mlir::ModuleOp"> {
  let summary = "Give the dynamic dimensions of public functions static sizes";
  let description = [{
    The tuner schedules ops of static shapes only (it measures them): a
    model exported with dynamic dimensions (torch-mlir's batch and sequence
    length, `tensor<?x?xi64>`) runs untuned. This pass specializes it: in
    every public function with a body, the dynamic dimensions of each tensor
    (or identity-layout memref) argument take the sizes of `sizes` in order
    (restarting for each argument, the last size repeated: `sizes=1,128`
    makes `tensor<?x?xi64>` `tensor<1x128xi64>` and `tensor<?x?x768xf32>`
    `tensor<1x128x768xf32>`). Without `sizes`, a function that other
    functions of the module call takes the sizes all its calls agree on
    (buddy-mlir's kernels on `memref<?x?xf32>`, called from a `main` that
    allocates the buffers with constant sizes). The static types reach the
    ops through a `tensor.cast` (`memref.cast`) at the entry and
    canonicalization; results that become static are returned as such; the
    module's calls pass their operands cast to the new types. The
    specialized function only accepts inputs of those sizes.

    ```mlir
    func.func @f(%x: tensor<?x768xf32>) -> tensor<?x768xf32>
    // with sizes=8 becomes
    func.func @f(%x: tensor<8x768xf32>) -> tensor<8x768xf32>
    ```

    Arguments whose dynamic dimensions differ take `shapes` instead: the
    whole shape of each argument with a dynamic dimension, in order of the
    arguments (`shapes=2x7,7x3` makes `(tensor<?x?xf32>, tensor<?x3xf32>)`
    `(tensor<2x7xf32>, tensor<7x3xf32>)`). This is how `tuner-run` runs a
    dynamic program on a GPU: it specializes it to its input files' shapes.

    Fails with an error at the first public function with a dynamic
    dimension when `sizes` and `shapes` are empty and its calls do not give
    the sizes, or has a size below 1, or when both are given; at an argument
    whose entry of `shapes` is missing, malformed, of another rank or
    disagrees with its static dimensions; and at a call that passes an
    operand of other static (or constant allocated) sizes than the
    specialized ones.
  }];
  let options = [
    ListOption<"sizes", "sizes", "int64_t",
               "Sizes of each argument's dynamic dimensions, in order (the "
               "last one repeated)">,
    ListOption<"shapes", "shapes", "std::string",
               "The whole shape of each argument with a dynamic dimension, "
               "in order (shapes=1x128,1x128x768); instead of sizes">,
  ];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TunerPrepare : Pass<"tuner-prepare"> {
  let summary = "Prepare a model for scheduling (decompose, relayout, fold, fuse)";
  let description = [{
    The graph rewrites a model from a frontend needs before its ops are
    scheduled one by one, in this order:

    0. TOSA ops and `ml_program` constants converted
       (`tuner-convert-frontend-ops`), linalg ops on buffers rewritten on
       tensors (`tuner-buffers-to-tensors`), and calls to the module's own
       functions inlined (their ops become the callers' tasks, and no host
       code calls between GPU kernels);
    1. aggregate ops (`linalg.softmax`) decomposed into linalg ops;
    2. channels-first convolutions and poolings to channels last
       (`tuner-convert-to-channels-last`), and for CUDA targets bf16/f16
       convolutions rewritten as matmuls of their input windows
       (`tuner-im2col-convolutions`); bf16/f16 accumulators widened to
       f32 (`tuner-widen-accumulators`; for CUDA targets, those of
       reductions other than contractions and convolutions); for a target with AMX-BF16 or
       AVX512-BF16 (the driver's passes, which know the target), bf16
       matmuls packed in K pairs (`tuner-pack-bf16-dot`); `[N, K]` operands
       of contractions transposed to `[K, N]`
       (`tuner-transpose-contraction-b`), and for CUDA targets the constant
       `[K, N]` operands of matrix-vector products (fewer than 8 rows) to
       `[N, K]`, so that `gpu.reduction` reads each output's row
       contiguously; and the bf16/f16 inputs of
       contractions accumulating in f32 extended once, before them
       (`tuner-widen-contraction-inputs`; for CUDA targets the inverse:
       f32 matmuls of extended bf16/f16 tensors read those tensors,
       `tuner-narrow-contraction-inputs`);
    3. linalg ops on constants evaluated at compile time
       (`tuner-fold-constants`: torch-mlir's weight transposes and casts);
    4. elementwise ops, layout changes and reshapes fused
       (`tuner-fuse-elementwise`);
    5. for CUDA targets, odd matmuls padded to aligned extents with their
       elementwise consumers (`tuner-pad-contractions`);
    6. constants folded again (fusion can leave ops on constants only);
       for CUDA targets, ops with 0-d results given a loop of one iteration
       (`tuner-promote-scalar-results`), adjacent reduction loops that
       every operand reads contiguously collapsed into one
       (`tuner-collapse-reduction-loops`) and long rows, where there are
       fewer rows than SMs, reduced in pieces first
       (`tuner-split-reductions`); canonicalization and CSE; constant
       inits materialized (a fill of a splat, a copy of other constants; for
       CUDA targets a matmul's non-splat constant init becomes a zero fill
       and an addition after it, which the GPU kernels fuse); then each user of a shared `linalg.fill`
       gets a fill of its own (so that a schedule fuses it: a matmul's zero
       accumulator merged by CSE with the zero padding of another operand
       made bufferization copy the accumulator, inside a GPU kernel a
       device `malloc`).

    `sched-extract-tasks`, `sched-apply-default`, `sched-apply-best` and
    `tuner-tune` run it first (their option `prepare=false` turns it off), so
    that the tasks they extract, tune and annotate are those of the prepared
    program; running it twice changes nothing. The function signatures do not
    change: the prepared program is checked against the original with
    `tuner-run --reference`.

    ```
    tuner-opt model.mlir --tuner-prepare -o prepared.mlir
    ```
  }];
  let options = [
    Option<"foldConstants", "fold-constants", "bool", /*default=*/"true",
           "Evaluate linalg ops on constants at compile time">,
    Option<"maxConstantElements", "max-constant-elements", "int64_t",
           /*default=*/"int64_t(1) << 26",
           "Largest constant, in elements, that folding creates">,
    Option<"channelsLast", "channels-last", "bool", /*default=*/"true",
           "Rewrite channels-first convolutions and poolings to NHWC">,
    Option<"fuse", "fuse", "bool", /*default=*/"true",
           "Fuse elementwise ops, layout changes and reshapes">,
    Option<"fuseConvEpilogues", "fuse-conv-epilogues", "bool",
           /*default=*/"true",
           "With fuse, keep the unit dimensions of a convolution's "
           "elementwise consumers (bias, batch norm, ReLU at batch 1) so "
           "that they join its fused group (off for CUDA targets where "
           "preparation follows the target: gpu.conv2d runs them apart)">,
    Option<"transposeB", "transpose-b", "bool", /*default=*/"true",
           "Transpose the [N, K] operands of contractions to [K, N] once "
           "(tuner-transpose-contraction-b)">,
    Option<"widenAccumulators", "widen-accumulators", "bool",
           /*default=*/"true",
           "Accumulate bf16/f16 reductions in f32, rounding once at the end "
           "(tuner-widen-accumulators)">,
    Option<"widenContractionAccumulators", "widen-contraction-accumulators",
           "bool", /*default=*/"true",
           "With widen-accumulators, widen contractions and convolutions "
           "too (off for CUDA targets where preparation follows the "
           "target: tensor cores accumulate f16 at full rate)">,
    Option<"widenInputs", "widen-inputs", "bool", /*default=*/"true",
           "Extend the bf16/f16 inputs of f32-accumulating contractions "
           "once, before them (tuner-widen-contraction-inputs)">,
    Option<"promoteScalars", "promote-scalars", "bool", /*default=*/"false",
           "Give ops with 0-d results a loop of one iteration "
           "(tuner-promote-scalar-results; on for CUDA targets where "
           "preparation follows the target)">,
    Option<"splitReductionBlocks", "split-reduction-blocks", "int64_t",
           /*default=*/"0",
           "Reduce long rows in pieces where there are fewer rows than this "
           "(tuner-split-reductions; 0: never; the SM count for CUDA "
           "targets where preparation follows the target)">,
    Option<"collapseReductions", "collapse-reductions", "bool",
           /*default=*/"false",
           "Collapse adjacent reduction loops every operand reads "
           "contiguously (tuner-collapse-reduction-loops; on for CUDA "
           "targets where preparation follows the target)">,
    Option<"padContractions", "pad-contractions", "bool", /*default=*/"false",
           "Pad odd matmuls to aligned extents (tuner-pad-contractions; on "
           "for CUDA targets where preparation follows the target)">,
    Option<"narrowInputs", "narrow-inputs", "bool", /*default=*/"false",
           "Let f32 matmuls of extended bf16/f16 tensors read those tensors "
           "(tuner-narrow-contraction-inputs; on for CUDA targets where "
           "preparation follows the target)">,
    Option<"im2col", "im2col", "bool", /*default=*/"false",
           "Rewrite bf16/f16 convolutions as matmuls of their input windows "
           "(tuner-im2col-convolutions; on for CUDA targets where "
           "preparation follows the target)">,
    Option<"im2colF32", "im2col-f32", "bool", /*default=*/"false",
           "With im2col, f32 convolutions too (on for CUDA targets with tf32 "
           "where preparation follows the target)">,
    Option<"constantInitEpilogues", "constant-init-epilogues", "bool",
           /*default=*/"false",
           "Give matmuls whose init is a non-splat float constant (TOSA's "
           "folded bias) a zero fill and add the constant after them (on "
           "for CUDA targets where preparation follows the target)">,
    Option<"transposeMatvecB", "transpose-matvec-b", "bool",
           /*default=*/"false",
           "Generalize the named matrix-vector products (linalg.matvec, "
           "vecmat, batch_matvec, batch_vecmat, dot) and transpose the "
           "constant [K, N] operands of matrix-vector products to [N, K] (on "
           "for CUDA targets where preparation follows the target)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::bufferization::BufferizationDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect"];
}

def TunerHoistInsertDestinations : Pass<"tuner-hoist-insert-destinations"> {
  let summary = "Let the producers of inserted slices write into the destination";
  let description = [{
    A decomposed `tensor.pad` is a fill of the padded shape and a
    `tensor.insert_slice` of the source into its interior. Bufferization
    makes the source's producer write straight into the interior
    (empty-tensor elimination) only when the destination is computed before
    that producer, and when no other insertion writes into the same
    destination (CSE merges identical fills; a shared destination costs a
    copy of the whole padded buffer). For every insertion at the top level
    of a function whose destination is computed by effect-free ops of the
    function's block, this pass clones that
    computation before the first producer of the source, one clone per
    insertion. Part of `tuner-lower-cpu` and `tuner-lower-gpu`, before
    bufferization.

    ```mlir
    %y = linalg.generic ... outs(%empty : tensor<56x56x64xf32>)
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x58x58x64xf32>)
    %p = tensor.insert_slice %y into %f[0, 1, 1, 0] [1, 56, 56, 64] [1, 1, 1, 1]
    // becomes
    %f = linalg.fill ins(%zero : f32) outs(%e : tensor<1x58x58x64xf32>)
    %y = linalg.generic ... outs(%empty : tensor<56x56x64xf32>)
    %p = tensor.insert_slice %y into %f[0, 1, 1, 0] [1, 56, 56, 64] [1, 1, 1, 1]
    ```
  }];
}

def TunerExpandMath : Pass<"tuner-expand-math"> {
  let summary = "Rewrite math functions into arithmetic the vector units run";
  let description = [{
    LLVM has no vector instruction for `exp`, `tanh`, `erf` or `log`: a
    `math.exp` on a `vector<16xf32>` becomes sixteen calls to libm. This pass,
    part of `tuner-lower-cpu`, replaces them before they reach LLVM:

    1. algebraic simplifications (`math.powf %x, 2.0` and `math.fpowi %x, 2`
       become multiplications, `rsqrt` of a square root, ...);
    2. the math ops MLIR can expand (`math.fpowi` with a variable exponent,
       hyperbolic functions, `math.ctlz`, ...) into more basic ones;
       `math.powf` with a variable exponent becomes exp(b * log|a|) with
       C pow's signs (negated for a negative base and an odd integer
       exponent, NaN for a fractional one, 1 for a zero exponent), not
       upstream's exp(b * log(a)), NaN for every negative base; and the ops
       LLVM's conversion does not lower (`math.isinf`, `math.isnormal`,
       `math.ipowi`; `math.absi` and `math.cttz` on vectors) become
       integer and float arithmetic (`MathExpansions.h`, shared with
       `tuner-gpu-legalize-math`);
    3. upstream's polynomial approximations of `exp`, `expm1`, `log`,
       `log1p`, `tanh`, `erf`, `sin`, `cos`, `atan`, `rsqrt` and friends,
       computed in f32 for bf16 and f16 operands (extended and truncated
       around them), on scalars and vectors alike so that a program and its
       reference agree;
    4. with `expand-bf16`, conversions between f32 and bf16 (upstream's arith
       bf16 expansion: integer shifts, adds and masks, rounding to nearest
       even): without AVX512-BF16 LLVM has no instruction for
       `arith.truncf ... to bf16` and calls `__truncsfbf2` once per element,
       a function older compiler runtimes (GCC 12's libgcc) do not have.
       `tuner-lower-cpu` sets it for every target without `avx512bf16`.

    ```mlir
    %y = math.fpowi %x, %c2 : vector<16xf32>, vector<16xi64>
    // becomes
    %y = arith.mulf %x, %x : vector<16xf32>
    ```
  }];
  let options = [
    Option<"expandBF16", "expand-bf16", "bool", /*default=*/"false",
           "Also expand f32 <-> bf16 conversions into integer arithmetic">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerFlattenVectorTransfers : Pass<"tuner-flatten-vector-transfers"> {
  let summary = "Flatten vector transfers of contiguous memory into 1-D ones";
  let description = [{
    A `vector.transfer_read` of `vector<1x16x2xbf16>` from a row of 32
    contiguous elements would be unrolled by `convert-vector-to-scf` into
    sixteen loads of two elements; this pass (upstream's flattening
    patterns, after bufferization in `tuner-lower-cpu`) reads it as one
    `vector<32xbf16>` and shape-casts it back. Transfers of memory that is
    not contiguous are left as they are.

    ```mlir
    %v = vector.transfer_read %m[%i, %j, %c0], %pad {in_bounds = [true, true, true]}
           : memref<1x16x2xbf16, strided<[1536, 2, 1], offset: ?>>, vector<1x16x2xbf16>
    // becomes a collapse_shape of %m, a vector<32xbf16> read, a shape_cast
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerByteBoolVectors : Pass<"tuner-byte-bool-vectors"> {
  let summary = "Store and load boolean vectors one byte per element";
  let description = [{
    A memref of `i1` holds one byte per element (LLVM's store size of
    `i1`), and scalar loads and stores agree. A vector of booleans is
    another matter: LLVM stores `<2 x i1>` as two bits of one byte, so a
    vectorized write of a boolean result (torch-mlir's `all()` through its
    ONNX importer: `vector<2xi1>` into `memref<2xi1>`) wrote the bits
    `0b10` into the first element and nothing into the second (tuner-run
    saw 18 where the reference had 0).

    This pass, the last step of `tuner-lower-cpu`, rewrites every
    `llvm.load`, `llvm.store`, `llvm.intr.masked.load` and
    `llvm.intr.masked.store` of a vector of `i1` in memory into the same
    access of a vector of `i8`, zero-extended before a store and truncated
    after a load. Masks (the `i1` vector operands of masked accesses) are
    left alone: they are not in memory.

    ```mlir
    llvm.store %v, %p : vector<2xi1>, !llvm.ptr
    // becomes
    %b = llvm.zext %v : vector<2xi1> to vector<2xi8>
    llvm.store %b, %p : vector<2xi8>, !llvm.ptr
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TunerStridedCopies : Pass<"tuner-strided-copies"> {
  let summary = "Copies between strided views as loops of row copies";
  let description = [{
    A `memref.copy` between views that are not contiguous becomes a call of
    MLIR's runtime function `memrefCopy`, which walks the elements one at a
    time through the views' descriptors. After bufferization such copies
    come from `insert_slice`s of `extract_slice`s that a schedule's vector
    copies folded into, e.g. `cpu.conv2d`'s packed filter panels with all
    the taps of a filter row (`kw2 = 3`): a 1 x 3 x 1 x 16 slice of a
    3x3x512x512 filter, rows 1 MiB apart. On a 7 x 7 convolution with 512
    channels those calls took more time than the FMAs.

    This pass, run in `tuner-lower-cpu` after bufferization, rewrites each
    `memref.copy` whose views have static shapes and static strides, the
    innermost stride 1 and more than one element a row, and one of which is
    not contiguous, into `scf.for` loops over the outer dimensions (not
    over unit ones) that copy a row at a time: each row copy is between
    contiguous 1-D views, which the LLVM lowering turns into `llvm.memcpy`
    (inlined as vector moves for short rows). Other copies are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def TunerStridedGathers : Pass<"tuner-strided-gathers"> {
  let summary = "Gathers from strided buffers with offsets by their strides";
  let description = [{
    Upstream's vectorizer turns a `tensor.extract` at computed indices into
    a `vector.gather` whose index vector is the position linearized over
    the source tensor's shape, as if the tensor were contiguous. After
    bufferization the source may be a strided view: torch-mlir's reflection
    pads (through its ONNX importer) read a 10x10 slice of a 20x20 input,
    rows 20 elements apart, with offsets that assumed 10, and read the
    wrong rows.

    This pass, run in `tuner-lower-cpu` and `tuner-lower-gpu` after
    bufferization, rewrites each `vector.gather` from a memref with static
    shape and strides that are not those of a contiguous buffer of its
    shape: the position (base indices linearized over the shape, plus the
    index vector) is split into coordinates by the shape and recombined with
    the memref's strides, and the gather reads a 1-D view of the source with
    unit stride (`memref.reinterpret_cast` from its first element to its
    last), as upstream's gather lowering takes only sources whose innermost
    stride is 1 (a reflection pad's column of width 1 is a view with strides
    `[.., 8, 8]`). Gathers from contiguous memrefs are left alone.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerGuardShifts : Pass<"tuner-guard-shifts"> {
  let summary = "Give shifts by the bit width or more one result";
  let description = [{
    An `arith` shift by an amount of the bit width or more (a negative
    amount reads as one) is poison, and the hardware disagrees with itself:
    x86's scalar shifts take the amount modulo the width, its vector shifts
    (`vpsllvd`, `vpsrlvd`, `vpsravd`) give 0 or the sign. A vectorized
    schedule and the unscheduled reference it is checked against then gave
    different results (ONNX's `BitShift` tests by 32, 33, 100 and negative
    amounts: `-8 << 32` was 0 vectorized and -8 in scalar loops), and tuning
    such a program rejected correct candidates.

    This pass, run in `tuner-lower-cpu` (for the program and for the
    reference it is checked against) and `tuner-lower-gpu`, gives those
    shifts the result of x86's vector shifts, which PTX's `shl`/`shr` also
    have and PyTorch computes: `shli` and `shrui` by an amount `a` become
    `select(a <u w, shift, 0)`, `shrsi` shifts by `minui(a, w - 1)` (the
    sign fills the result). LLVM folds both forms back into one `vpsllvd`,
    `vpsrlvd` or `vpsravd` on AVX2. Shifts by constants below the width and
    shifts of `index` values are left alone.

    ```mlir
    %r = arith.shli %x, %a : vector<8xi32>
    // becomes
    %r0 = arith.shli %x, %a : vector<8xi32>
    %in = arith.cmpi ult, %a, %c32 : vector<8xi32>
    %r = arith.select %in, %r0, %c0 : vector<8xi1>, vector<8xi32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TunerGuardVectorDivisions : Pass<"tuner-guard-vector-divisions"> {
  let summary = "Keep zero out of the divisors of integer vector divisions";
  let description = [{
    A partial tile is vectorized with masks: the lanes past the tile's end
    are read as the padding value, 0. For an elementwise `a / b` on integers
    those lanes divide by zero. x86-64 has no vector integer division; LLVM
    divides lane by lane with `idiv`, which faults on a zero divisor, so a
    program whose every real divisor is nonzero crashed the process
    (torch-mlir's `fmod` test of 100 i32 elements with a 32-lane vector: 36
    lanes of the second vector were padding).

    This pass, run in `tuner-lower-cpu` after the vector ops are formed,
    replaces the divisor `b` of every `arith.divsi`, `divui`, `remsi`,
    `remui`, `ceildivsi`, `ceildivui` and `floordivsi` on vectors with
    `select(b == 0, 1, b)`. A division by zero is undefined behaviour in
    `arith`, so the real lanes keep their meaning; constant divisors without
    zeros and scalar divisions are left alone.

    ```mlir
    %q = arith.remsi %a, %b : vector<32xi32>
    // becomes
    %z = arith.cmpi eq, %b, %zeros : vector<32xi32>
    %s = arith.select %z, %ones, %b : vector<32xi1>, vector<32xi32>
    %q = arith.remsi %a, %s : vector<32xi32>
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def TunerGuardMaskedRows : Pass<"tuner-guard-masked-rows"> {
  let summary = "Store the rows of masked partial tiles behind branches";
  let description = [{
    Partial tiles are vectorized with masks (`vector.create_mask` of the
    tile's dynamic extents). A store of a tile of 8 rows of which 4 exist
    issues AVX-512 masked stores for the 4 missing rows too, with all-false
    masks, and those are slow: on a Zen 5 a transpose whose every tile had
    4 missing rows ran 20x slower than with 4-row tiles (116 against 16 us;
    the samples pile up after the masked stores of the missing rows).

    This pass, run in `tuner-lower-cpu` after bufferization, rewrites a
    masked `vector.transfer_write` of several rows into a memref (a
    minor-identity write whose mask is a `vector.create_mask` with a leading
    bound that may be smaller than the rows) into one write per row, each
    under `scf.if row < bound`, masked by the rest of the mask. Writes whose
    leading bound is a constant covering every row are left alone.

    ```mlir
    %m = vector.create_mask %rows, %cols : vector<8x32xi1>
    vector.transfer_write %v, %mem[%i, %j], %m {in_bounds = [true, true]}
      : vector<8x32xf32>, memref<?x?xf32, strided<[56, 1], offset: ?>>
    // becomes, for r = 0 .. 7:
    scf.if (r < %rows) {
      vector.transfer_write %v[r], %mem[%i + r, %j], create_mask(%cols)
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerSplitCarriedVectors : Pass<"tuner-split-carried-vectors"> {
  let summary = "Carry loop vectors of non-power-of-two widths as power-of-two parts";
  let description = [{
    LLVM's x86 backend legalizes a loop-carried `<48 x float>` (a phi of a
    vector type whose length is not a power of two and that is wider than a
    register) element by element: a register tile of 8 rows of three AVX-512
    vectors, carried through the K loop as `vector<8x48xf32>`, ran its loop
    with 114 instructions instead of 9 (inserts, spills), 25x slower. The
    same operations on values that are not carried are split cleanly at the
    register boundary.

    This pass, run in `tuner-lower-cpu` after the vector transfers are
    lowered, converts the `scf.for`, `scf.if` and `scf.while` values of such
    types into several vectors whose innermost widths are powers of two (48
    = 32 + 16, 24 = 16 + 8): the body reassembles the whole vector with
    `vector.insert_strided_slice` and splits what it yields with
    `vector.extract_strided_slice`, which fold away in LLVM. Vectors whose
    innermost width is a power of two, or that fit in `vector-bits`, are
    left alone.

    ```mlir
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (vector<8x48xf32>)
    // becomes
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %i0, %b = %i1)
             -> (vector<8x32xf32>, vector<8x16xf32>)
    ```
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"0",
           "Width of a vector register in bits: wider vectors are split "
           "(0: the module's #sched.target, else 128)">,
  ];
  let dependentDialects = ["::mlir::ub::UBDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerHoistAMXTiles : Pass<"tuner-hoist-amx-tiles"> {
  let summary = "Keep AMX tiles in tile registers: load once, carry C through loops";
  let description = [{
    Upstream's `convert-vector-to-amx` converts one contraction at a time:
    a C tile that a K loop accumulates is loaded and stored around every
    `tdpbf16ps`, and an A tile that feeds several products is loaded once
    per product (`amx.tile_load` declares a write, so CSE keeps the copies).
    This pass, run after that conversion in `tuner-lower-cpu`:

    - replaces a tile load of memory that an earlier load of the same block
      read, with no store in between that may touch it, by the earlier
      tile;
    - hoists a load and a store of one loop-invariant tile out of an
      `scf.for` (after moving loop-invariant views out of it): the loop
      then carries the `!amx.tile`, which LLVM keeps in a tile register.

    Accesses are independent when their buffers trace back through views to
    different allocations or to buffers of different element types (a
    kernel's bf16 inputs and f32 output), or when they are sibling subviews
    of one buffer with static boxes that do not overlap; anything else is
    assumed to overlap. A loop with any other op that has memory effects is
    left alone.

    ```mlir
    scf.for %k = %c0 to %c256 step %c16 {
      %a = amx.tile_load %A[...] : ... into !amx.tile<16x32xbf16>
      %b = amx.tile_load %B[...] : ... into !amx.tile<16x32xbf16>
      %c = amx.tile_load %C[%c0, %c0] : ... into !amx.tile<16x16xf32>
      %d = amx.tile_mulf %a, %b, %c : ...
      amx.tile_store %C[%c0, %c0], %d : ...
    }
    // becomes
    %c0t = amx.tile_load %C[%c0, %c0] : ... into !amx.tile<16x16xf32>
    %r = scf.for %k = %c0 to %c256 step %c16 iter_args(%c = %c0t) -> (!amx.tile<16x16xf32>) {
      ...
      %d = amx.tile_mulf %a, %b, %c : ...
      scf.yield %d : !amx.tile<16x16xf32>
    }
    amx.tile_store %C[%c0, %c0], %r : ...
    ```
  }];
}

def TunerConvertAMXControlFlow : Pass<"tuner-convert-amx-control-flow"> {
  let summary = "Convert cf branches and AMX ops to LLVM, blocks carrying tiles included";
  let description = [{
    A loop that carries AMX tiles (`tuner-hoist-amx-tiles`) becomes, after
    `convert-scf-to-cf`, blocks with `!amx.tile` arguments. Upstream's
    `convert-cf-to-llvm` has no conversion for that type, and
    `convert-openmp-to-llvm` refuses regions whose blocks still have it.
    This pass converts `cf` branches and AMX ops in one conversion whose
    type converter maps `!amx.tile<...>` to `!llvm.x86_amx`. Part of
    `tuner-lower-cpu` when it lowers to AMX, before the OpenMP conversion.

    ```mlir
    cf.br ^bb1(%c0, %t : index, !amx.tile<16x16xf32>)
    // becomes
    llvm.br ^bb1(%c0, %t : i64, !llvm.x86_amx)
    ```
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def TunerLowerCPU : Pass<"tuner-lower-cpu", "::mlir::ModuleOp"> {
  let summary = "Lower scheduled linalg on tensors to the LLVM dialect (CPU)";
  let description = [{
    A fixed pipeline from the output of `sched-materialize` (scf, vector and
    remaining linalg ops on tensors) to the LLVM dialect, accepted by
    `mlir-translate --mlir-to-llvmir`, `mlir-runner` and `tuner-run`:

    1. canonicalize, CSE, empty-tensor elimination;
    2. one-shot bufferization across function boundaries with identity
       layouts (strided layouts would keep transfers from becoming vector
       loads), then canonicalize and CSE (they remove the self-copies of
       tiles), optionally results turned into out-parameters, buffers of
       loop-invariant size hoisted out of loops (a packed panel is
       allocated once, not per K block), buffer deallocation;
    3. unscheduled linalg ops to loops, `vector.multi_reduction` ops a
       schedule left lowered (they have no conversion to LLVM), math
       functions expanded
       (`tuner-expand-math`), contiguous vector transfers flattened into
       single 1-D ones (`tuner-flatten-vector-transfers`), the other
       transfers unrolled to 1-D;
    4. `scf.forall` to OpenMP parallel loops (`parallel=openmp`, using the
       LLVM OpenMP runtime, Debian's libomp), to sequential loops
       (`parallel=none`);
    5. affine, memref, scf, vector (with x86vector ops: AVX512-BF16 dot
       products), math, arith, index, OpenMP, ub, func and cf to LLVM, in
       the order the OpenMP lowering needs (memref before
       scf-to-cf: `memref.alloca_scope` must be lowered first).

    Every public function also gets a `tuner.kernel` attribute recording its
    tensor-level signature and FLOP count, which `tuner-run` uses to call an
    already-lowered module. The `sched.*` annotations are dropped, so that
    tools without the sched dialect (mlir-translate, mlir-runner) read the
    result.

    ```
    tuner-opt model.mlir --sched-apply-default --sched-materialize \
        --tuner-lower-cpu | mlir-translate --mlir-to-llvmir
    ```
  }];
  let options = [
    Option<"parallel", "parallel", "std::string", /*default=*/"\"openmp\"",
           "How scf.forall runs: 'openmp' or 'none' (sequential)">,
    Option<"outParams", "out-params", "bool", /*default=*/"false",
           "Turn memref results of public functions into out-parameters "
           "(the caller provides the output buffers)">,
    Option<"cInterface", "c-interface", "bool", /*default=*/"false",
           "Emit _mlir_ciface_ wrappers for public functions">,
    Option<"amx", "amx", "bool", /*default=*/"false",
           "Lower packed bf16 contractions of AMX tile shapes to AMX tile "
           "operations (convert-vector-to-amx; CPUs with AMX-BF16 only)">,
  ];
}

def TunerGPUMapForall : Pass<"tuner-gpu-map-forall", "::mlir::ModuleOp"> {
  let summary = "Map bufferized scf.forall loops to gpu.launch blocks and threads";
  let description = [{
    Every outermost `scf.forall` whose mapping is `#gpu.block<...>` becomes a
    `gpu.launch` (`transform.gpu.map_forall_to_blocks generate_gpu_launch`),
    and the `scf.forall` loops nested in it with `#gpu.thread<...>` or
    `#gpu.warp<...>` mappings become thread-id computations
    (`transform.gpu.map_nested_forall_to_threads`, which adds the barriers
    between them). The block size of each launch is the largest trip count
    of its nested thread loops along x, y and z (32 threads per warp along
    x); a launch whose linear thread loops need more threads than that gets
    a larger x.

    Every `linalg.matmul` marked with the unit attribute `tuner.mma_sync`
    (by the `gpu.contraction_mma` sketch: a 16x8x16 matmul in a warp) is
    rewritten to lane-distributed loads, one tensor-core instruction and
    stores, which needs memrefs, hence here: f16 x f16 -> f16 ones by
    upstream's `transform.nvgpu.rewrite_matmul_as_mma_sync` (after the
    mapping), f16 x f16 -> f32 and bf16 x bf16 -> f32 ones, which it rejects,
    by the pass itself before the mapping, with the PTX m16n8k16 fragment
    layout (`nvgpu.mma.sync` for f16, `nvvm.mma.sync` for bf16, which
    nvgpu's NVVM lowering cannot type). A marked f32-accumulating matmul of
    another shape is an error.

    The pass runs the upstream transform ops through the transform
    interpreter on a script it builds for the module; the loops must already
    be bufferized (the GPU sketches produce them on tensors, and
    `tuner-lower-gpu` bufferizes first).
  }];
}

def TunerGPUWgmmaMatmul
    : Pass<"tuner-gpu-wgmma-matmul", "::mlir::ModuleOp"> {
  let summary = "Rewrite marked block-level matmuls into Hopper TMA + wgmma kernels";
  let description = [{
    Every `linalg.matmul` on memrefs carrying the integer attributes
    `tuner.wgmma.warpgroups_m`, `warpgroups_n`, `tile_k` (64) and `stages`
    (put on by the `gpu.contraction_wgmma` sketch on its block tile, before
    bufferization) becomes the kernel of `rewriteMatmulAsWgmmaKernel`
    (`Tuner/Dialect/Sched/TransformOps/WgmmaMatmul.h`):

    - before the block loop (host code), an `nvgpu.tma.create.descriptor` of
      A's buffer (bm x 64 boxes) and of B's (64 x 64 boxes), 128-byte
      swizzle (the runtime's `mgpuTensorMapEncodeTiledMemref` encodes them
      once per buffer);
    - in the block, `stages` K tiles of 64 in dynamic shared memory aligned
      to 1024 bytes, one `nvgpu.mbarrier` per stage, thread 0 issuing the
      `nvgpu.tma.async.load`s; an `scf.forall` over the block's warpgroups'
      threads (`#gpu.thread<x>`) that waits for each stage and accumulates
      with `nvvm.wgmma.mma_async` m64nNk16 (both operands from shared
      memory, f32 accumulators in registers across K, one group in flight);
    - the epilogue of `tuner-gpu-tensor-core-matmul`: the fill and the
      elementwise consumers on the accumulators, one store.

    ```mlir
    scf.forall (%i, %j) in (32, 32) {
      ...
      linalg.matmul {tuner.wgmma.warpgroups_m = 1 : i64,
                     tuner.wgmma.warpgroups_n = 1 : i64,
                     tuner.wgmma.stages = 4 : i64}
          ins(%a, %b : memref<128x4096xbf16, ...>, memref<4096x128xbf16, ...>)
          outs(%c : memref<128x128xf32, ...>)
    } {mapping = [#gpu.block<y>, #gpu.block<x>]}
    // becomes
    %da = nvgpu.tma.create.descriptor %a0 box[%c128, %c64] ...
    %db = nvgpu.tma.create.descriptor %b0 box[%c64, %c64] ...
    scf.forall (%i, %j) in (32, 32) {
      %smem = gpu.dynamic_shared_memory {tuner.shared_bytes = 132096 : i64} ...
      %bar = nvgpu.mbarrier.create -> ...
      scf.forall (%tid) in (128) {
        ... nvgpu.mbarrier.init, nvgpu.tma.async.load ...
        scf.for %kt = ... iter_args(...) {
          nvgpu.mbarrier.try_wait.parity ...
          ... nvvm.wgmma.mma_async ...
          gpu.barrier
          ... nvgpu.tma.async.load (thread 0) ...
        }
        ... vector.store ...
      } {mapping = [#gpu.thread<x>]}
    } {mapping = [#gpu.block<y>, #gpu.block<x>]}
    ```

    wgmma exists on `sm_90a` only: with another `chip`, a marked matmul is
    an error, as is one the kernel cannot compute (other types, shapes the
    options do not split, operands that are not views of 2-D buffers made
    before the block loop, not at block level). Runs in `tuner-lower-gpu`
    after bufferization, before `tuner-gpu-map-forall`.
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"sm_90a\"",
           "The CUDA chip the module is lowered for">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerGPUTensorCoreMatmul
    : Pass<"tuner-gpu-tensor-core-matmul", "::mlir::ModuleOp"> {
  let summary = "Rewrite marked block-level matmuls into pipelined tensor-core kernels";
  let description = [{
    Every `linalg.matmul` on memrefs carrying the integer attributes
    `tuner.tensor_core.warps_m`, `warps_n`, `tile_k` and `stages` (put on by
    the `gpu.contraction_mma` sketch on its block tile, before
    bufferization) becomes the kernel of `rewriteMatmulAsTensorCoreKernel`
    (`Tuner/Transforms/TensorCoreMatmul.h`): an `scf.forall` over the
    block's 32 x warps_m x warps_n threads (`#gpu.thread<x>`) that copies
    the operand tiles with 16-byte `cp.async` (`nvgpu.device_async_copy`)
    into `stages` swizzled shared-memory slots (`gpu.dynamic_shared_memory`,
    viewed as A's and B's tiles), loads fragments with `ldmatrix.x4`
    (`.trans` for B) and accumulates with `mma.sync.m16n8k16` in registers
    across K (`nvvm.mma.sync`: MLIR 22's nvgpu cannot type bf16). The fill
    of the accumulator before the matmul and the elementwise linalg ops
    after it (bias, activation, truncation) run on the accumulators in
    registers; only buffers something else reads are stored.

    ```mlir
    scf.forall (%i, %j) in (32, 32) {
      ...
      linalg.fill ins(%zero : f32) outs(%c : memref<128x128xf32, strided<...>>)
      linalg.matmul {tuner.tensor_core.warps_m = 2 : i64,
                     tuner.tensor_core.warps_n = 2 : i64,
                     tuner.tensor_core.tile_k = 32 : i64,
                     tuner.tensor_core.stages = 3 : i64}
          ins(%a, %b : memref<128x4096xbf16, ...>, memref<4096x128xbf16, ...>)
          outs(%c : memref<128x128xf32, ...>)
    } {mapping = [#gpu.block<y>, #gpu.block<x>]}
    // becomes
    scf.forall (%i, %j) in (32, 32) {
      %smem = gpu.dynamic_shared_memory {tuner.shared_bytes = 49152 : i64} ...
      scf.forall (%tid) in (128) {
        ... nvgpu.device_async_copy, nvvm.cp.async.commit.group ...
        scf.for %kt = ... iter_args(...) {
          nvvm.cp.async.wait.group 1
          gpu.barrier
          ... nvgpu.ldmatrix, nvvm.mma.sync ...
        }
        ... vector.store ...
      } {mapping = [#gpu.thread<x>]}
    } {mapping = [#gpu.block<y>, #gpu.block<x>]}
    ```

    A marked matmul the kernel cannot compute (other types, shapes the
    options do not split, dynamic strides, not at block level) is an error.
    Runs in `tuner-lower-gpu` after bufferization, before
    `tuner-gpu-map-forall`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerGPUSimtMatmul : Pass<"tuner-gpu-simt-matmul", "::mlir::ModuleOp"> {
  let summary = "Rewrite marked block-level f32 matmuls into pipelined CUDA-core kernels";
  let description = [{
    Every f32 `linalg.matmul` on memrefs carrying the integer attributes
    `tuner.simt.threads_m`, `threads_n`, `tile_k` and `stages` (put on by the
    `gpu.contraction_simt` sketch on its block tile, before bufferization)
    becomes the kernel of `rewriteMatmulAsSimtKernel`
    (`Tuner/Dialect/Sched/TransformOps/SimtMatmul.h`): an `scf.forall` over
    the block's threads_m x threads_n threads (`#gpu.thread<x>`) with the
    copy pipeline of `tuner-gpu-tensor-core-matmul` (16-byte `cp.async` of 4
    floats into `stages` swizzled slots of dynamic shared memory) and, per
    thread, a register tile of (bm / threads_m) rows threads_m apart and
    groups of 4 columns, updated with `math.fma` from 16-byte shared-memory
    loads (`vector.load` of 4 floats). The fill and the elementwise
    consumers become part of the kernel as with tensor cores.

    ```mlir
    linalg.matmul {tuner.simt.threads_m = 16 : i64, tuner.simt.threads_n = 16 : i64,
                   tuner.simt.tile_k = 16 : i64, tuner.simt.stages = 3 : i64}
        ins(%a, %b : memref<128x4096xf32, ...>, memref<4096x128xf32, ...>)
        outs(%c : memref<128x128xf32, ...>)
    // becomes
    %smem = gpu.dynamic_shared_memory {tuner.shared_bytes = 49152 : i64} ...
    scf.forall (%tid) in (256) {
      ... nvgpu.device_async_copy ... scf.for ... {
        ... vector.load %viewA[...] : ..., vector<4xf32>
        ... math.fma ...
      }
      ... vector.store ...
    } {mapping = [#gpu.thread<x>]}
    ```

    A marked matmul the kernel cannot compute is an error. Runs in
    `tuner-lower-gpu` after bufferization, before `tuner-gpu-map-forall`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::NVVM::NVVMDialect",
                           "::mlir::nvgpu::NVGPUDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerGPURowReduction : Pass<"tuner-gpu-row-reduction", "::mlir::ModuleOp"> {
  let summary = "Rewrite marked block-level row reductions into warp reductions";
  let description = [{
    Every `linalg.generic` on memrefs carrying the integer attributes
    `tuner.row_reduction.warps` and `tuner.row_reduction.vector` (put on by
    the `gpu.reduction` sketch on its block tile, before bufferization)
    becomes the kernel of `rewriteRowReduction`
    (`Tuner/Dialect/Sched/TransformOps/RowReduction.h`): an `scf.forall`
    over the block's rows x (32 x warps) threads (`#gpu.thread<y, x>`) in
    which the lanes of a row stride over it, `vector` consecutive elements
    per step (a `vector.load` for inputs read with unit stride), each folding
    the op's body into a partial that starts at the combiner's neutral
    element; a butterfly of `gpu.shuffle xor` (offsets 16 to 1) gives each
    warp its result, 64-bit values in two 32-bit halves. With one warp per
    row, lane 0 combines the init with it and stores it; with several, lane
    0 of each warp stores its partial in a workgroup buffer and a second
    `scf.forall` over the rows (`#gpu.thread<y>`) combines the init with the
    partials in warp order, after the barrier the thread mapping puts
    between the loops.

    ```mlir
    linalg.generic {iterator_types = ["parallel", "reduction"], ...,
                    tuner.row_reduction.warps = 1 : i64,
                    tuner.row_reduction.vector = 4 : i64}
        ins(%x : memref<2x128xf32, ...>) outs(%m : memref<2xf32, ...>) {
      ^bb0(%in: f32, %out: f32):
        %0 = arith.maximumf %in, %out : f32
        linalg.yield %0 : f32
    }
    // becomes
    scf.forall (%r, %t) in (2, 32) {
      %acc = scf.for %j = %start to %c128 step %c128 iter_args(%a = %neg_inf) {
        %v = vector.load %x[%r, %j] : memref<2x128xf32, ...>, vector<4xf32>
        ...  arith.maximumf ...
      }
      %s = gpu.shuffle xor %acc, %c16, %c32 : f32
      ...
      scf.if %lane0 { ... memref.store ... }
    } {mapping = [#gpu.thread<y>, #gpu.thread<x>]}
    ```

    A marked op the kernel cannot compute is an error. Runs in
    `tuner-lower-gpu` after bufferization, before `tuner-gpu-map-forall`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerGPUDynamicSharedMemory
    : Pass<"tuner-gpu-dynamic-shared-memory", "::mlir::ModuleOp"> {
  let summary = "Size the dynamic shared memory of gpu.launch ops";
  let description = [{
    Sets the `dynamic_shared_memory_size` of every `gpu.launch` without one
    to the largest `tuner.shared_bytes` of the `gpu.dynamic_shared_memory`
    ops in its body (the tensor-core kernels of
    `tuner-gpu-tensor-core-matmul` put it there; the launch is made later,
    by `tuner-gpu-map-forall`). Beyond 48 KiB the runtime raises the
    kernel's limit (`CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES`)
    before launching. A `gpu.dynamic_shared_memory` without the attribute
    in a launch without a size is an error.

    ```mlir
    gpu.launch blocks(...) threads(...) {
      %smem = gpu.dynamic_shared_memory {tuner.shared_bytes = 65536 : i64}
          : memref<?xi8, #gpu.address_space<workgroup>>
      ...
    }
    // becomes
    %size = arith.constant 65536 : i32
    gpu.launch blocks(...) threads(...) dynamic_shared_memory_size %size {
      ...
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect"];
}

def TunerGPULegalizeMath : Pass<"tuner-gpu-legalize-math"> {
  let summary = "Rewrite math ops into the forms libdevice implements";
  let description = [{
    The NVVM conversion lowers math ops to calls of libdevice functions
    (`__nv_expf`, `__nv_powif`, ...) whatever their operand types, but
    libdevice's integer powers take a 32-bit exponent: torch-mlir's
    `math.fpowi %x, %c2_i64 : bf16, i64` (RMSNorm's square) became a call of
    `__nv_powif(float, int)` with a 64-bit argument, whose prototype does not
    match the function's: the kernel read a garbage exponent and the whole
    LLaMA MLP block came out wrong on an H100. This pass, part of
    `tuner-lower-gpu`, runs before that conversion:

    1. upstream's algebraic simplifications: powers by small constants
       become multiplications (`x^2` is `x * x`, `x^-1` is `1 / x`);
    2. the exponent of any other `math.fpowi` becomes an i32: clamped to the
       i32 range with its parity kept (so that a power of -1 keeps its
       sign), which changes no result (|x|^n for |n| >= 2^31 is 0, 1 or
       infinity either way);
    3. `arith.remf` in a kernel (torch's `fmod` and `remainder` on
       floats) becomes a call of libdevice's `__nv_fmodf` (`__nv_fmod`;
       f16 and bf16 through f32, exactly), a vector one a call per element:
       the NVVM conversion has no pattern for it and rejected the
       `llvm.frem` the arith conversion made; `math.ipowi` and
       `math.isnormal`, which reached LLVM IR unconverted, become integer
       and float arithmetic (`MathExpansions.h`, shared with
       `tuner-expand-math`).

    ```mlir
    %y = math.fpowi %x, %n : f32, i64
    // becomes
    %lo = arith.constant -2147483648 : i64
    %hi = arith.constant 2147483647 : i64
    %c = arith.minsi (arith.maxsi %n, %lo), %hi
    %p = arith.ori (arith.andi %c, ~1), (arith.andi %n, 1)
    %y = math.fpowi %x, (arith.trunci %p : i64 to i32) : f32, i32
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::vector::VectorDialect"];
}

def TunerGPUVectorAlignment : Pass<"tuner-gpu-vector-alignment"> {
  let summary =
      "Prove the alignment of the vector loads and stores of GPU kernels";
  let description = [{
    A `vector.load` or `vector.store` carries the alignment of its element
    type unless told more, and NVPTX splits a 16-byte vector access it cannot
    prove 16-byte aligned into four 4-byte ones: the 4-float vectors of
    `gpu.elementwise` and the staged tiles of `gpu.contraction` became
    `ld.global.b32` x 4. This pass, part of `tuner-lower-gpu` after the vector
    lowering, sets the `alignment` of each 1-D `vector.load` and
    `vector.store` inside a `gpu.launch` to what it proves, at most the
    vector's size:

    - the buffer's base: a function argument is 16-byte aligned (the
      contract of a CUDA-lowered function: `cuMemAlloc` and
      `cuMemAllocManaged` give 256), a `gpu.alloc` or a module buffer of
      `tuner-gpu-device-memory` 256, `gpu.dynamic_shared_memory` 16, a
      `memref.alloc` its `alignment`; views (subview, cast, expand and
      collapse shape, reinterpret cast) keep their source's base; anything
      else is unknown and left alone;
    - the element offset from that base: the static offset of the memref's
      layout, else the subviews' offsets times their source's strides;
    - the indices times the strides, with a divisor known for each index:
      constants, sums, products, `affine.apply` of such (no floordiv or
      mod), `scf.for` induction variables (their lower bound and step),
      index casts; thread and block ids know none. Indices that are the
      results of one `affine.delinearize_index`, in order, over dimensions
      whose strides are its basis' (a `collapse_shape` folded into the
      access) count as its linear index times the last one's stride.

    ```mlir
    %i = affine.apply affine_map<()[s0, s1] -> (s0 * 1024 + s1 * 4)>()[%bx, %tx]
    %v = vector.load %arg0[%by, %i] : memref<1024x4096xf32>, vector<4xf32>
    // becomes
    %v = vector.load %arg0[%by, %i] {alignment = 16 : i64}
        : memref<1024x4096xf32>, vector<4xf32>
    ```
  }];
}

def TunerExpandDynamicReshapes : Pass<"tuner-expand-dynamic-reshapes"> {
  let summary = "Lower reshapes into several dynamic sizes to memref.reinterpret_cast";
  let description = [{
    MLIR 22's `expand-strided-metadata` crashes on a `memref.expand_shape`
    that splits one dimension into two or more dynamic sizes (the form a
    torch-mlir program with a dynamic batch and sequence length returns:
    `[?, N]` into `[?, ?, N]`). This pass, part of `tuner-lower-cpu` and
    `tuner-lower-gpu` before that pass, rewrites each such reshape into the
    view it denotes: `memref.extract_strided_metadata` of the source, then a
    `memref.reinterpret_cast` of its base buffer with the source's offset,
    the output sizes, and per group the source dimension's stride times the
    sizes inside the group. Other reshapes are left to
    `expand-strided-metadata`.

    ```mlir
    %e = memref.expand_shape %m [[0, 1], [2]] output_shape [%a, %b, 3072]
        : memref<?x3072xf32> into memref<?x?x3072xf32>
    // becomes
    %base, %offset, %sizes:2, %strides:2 = memref.extract_strided_metadata %m
    %s0 = arith.muli %strides#0, %b : index
    %e = memref.reinterpret_cast %base to offset: [0], sizes: [%a, %b, 3072],
        strides: [%s0, 3072, 1] : memref<f32> to memref<?x?x3072xf32>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

def TunerGPUAsyncLaunches
    : Pass<"tuner-gpu-async-launches", "::mlir::func::FuncOp"> {
  let summary = "Launch a host block's kernels back to back on one stream";
  let description = [{
    A `gpu.launch_func` without an async token becomes, in `gpu-to-llvm`, a
    stream taken from the runtime's pool, the launch, a host
    synchronization and the stream given back: the host waits for each
    kernel before it launches the next, and the device idles between them.
    This pass, part of `tuner-lower-gpu` after kernel outlining, chains the
    synchronous launches of each block of host code on one stream (a
    `gpu.wait async` first, each launch async on the previous token) and
    synchronizes the host (`gpu.wait [%token]`) before the first op that
    may touch memory, before an op with regions and before the block's
    terminator. Like upstream's `gpu-async-region`, but the runtime's
    `mgpuTunerModuleBuffer` lookups between launches do not synchronize: a
    buffer it allocates is filled before any kernel is launched on it.

    ```mlir
    %b = func.call @mgpuTunerModuleBuffer(...)
    gpu.launch_func @k0::@k0 blocks in (...) threads in (...) args(...)
    gpu.launch_func @k1::@k1 blocks in (...) threads in (...) args(...)
    return
    // becomes
    %b = func.call @mgpuTunerModuleBuffer(...)
    %t0 = gpu.wait async
    %t1 = gpu.launch_func async [%t0] @k0::@k0 ...
    %t2 = gpu.launch_func async [%t1] @k1::@k1 ...
    gpu.wait [%t2]
    return
    ```
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TunerGPUKernelNames : Pass<"tuner-gpu-kernel-names", "::mlir::ModuleOp"> {
  let summary = "Give kernels, their modules and device symbols PTX names";
  let description = [{
    Kernel outlining names a kernel and its `gpu.module` after the function
    it comes from, and programs from ONNX importers name their function
    after the graph: `@"torch-jit-export"` gives a kernel
    `torch-jit-export_kernel`, which PTX cannot spell, and the NVPTX
    backend stops the process with "Symbol name with unsupported
    characters". This pass, part of `tuner-lower-gpu` right after kernel
    outlining, renames every `gpu.module` and every symbol inside one whose
    name is not a PTX identifier (`[a-zA-Z][a-zA-Z0-9_$]*` or
    `[_$][a-zA-Z0-9_$]+`): each other character becomes `_`, a leading
    digit gets a `_` before it, and a suffix `_<n>` keeps the name unique.
    Every reference is updated, `gpu.launch_func`'s nested ones included.
    The host functions keep their names.

    ```mlir
    gpu.launch_func @"f-g_kernel"::@"f-g_kernel" ...
    gpu.module @"f-g_kernel" { gpu.func @"f-g_kernel"(...) kernel {...} }
    // becomes
    gpu.launch_func @f_g_kernel::@f_g_kernel ...
    gpu.module @f_g_kernel { gpu.func @f_g_kernel(...) kernel {...} }
    ```
  }];
}

def TunerGPURegisterAccumulators : Pass<"tuner-gpu-register-accumulators"> {
  let summary = "Keep the accumulators of reductions in kernels in registers";
  let description = [{
    A reduction that a GPU schedule leaves whole to each thread
    (`gpu.fallback`'s short softmax and norm rows, column sums, poolings)
    became, through `convert-linalg-to-loops`, a loop that loads and stores
    its accumulator in global memory at every step: NVPTX keeps it there, as
    it cannot prove the store does not alias the inputs' loads. This pass,
    part of `tuner-lower-gpu` before that conversion, rewrites each linalg
    op on memrefs inside a `gpu.launch` that has reduction loops and inits
    the body reads (indexed by parallel loops only; the extents may be
    dynamic, as a partial tile's are) into
    `scf.for` loops over the parallel dimensions, a load of each
    accumulator, `scf.for` loops over the reduction dimensions that carry
    the accumulators as `iter_args`, and one store of each. A reduction's
    init does not alias the inputs it reads (bufferization copies it
    otherwise), so the rewrite keeps the op's semantics; the order of the
    steps per result is the op's.

    ```mlir
    linalg.generic {iterator_types = ["parallel", "reduction"]}
        ins(%x : memref<1x96xf32, strided<[96, 1], offset: ?>>)
        outs(%s : memref<1xf32, strided<[1], offset: ?>>) {...}
    // becomes
    scf.for %i = %c0 to %c1 step %c1 {
      %init = memref.load %s[%i]
      %sum = scf.for %k = %c0 to %c96 step %c1 iter_args(%acc = %init) {
        %v = memref.load %x[%i, %k]
        %a = arith.addf %v, %acc : f32
        scf.yield %a : f32
      }
      memref.store %sum, %s[%i]
    }
    ```
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect"];
}

def TunerGPUBlockTemporaries
    : Pass<"tuner-gpu-block-temporaries", "::mlir::ModuleOp"> {
  let summary = "Keep the per-block temporaries of GPU kernels off the device heap";
  let description = [{
    A contraction tiled on GPU blocks, with its fill and elementwise
    consumers fused and distributed over the threads, leaves per block a
    tile of the contraction's result that the consumers read. Bufferized as
    it is, that tile becomes a `memref.alloc` inside the kernel, which the
    NVVM conversion lowers to a device `malloc` in every thread: the device
    heap runs out and the kernel faults (every fused matmul + bias + ReLU
    did on an H100). Runs on tensors, before bufferization, after
    empty-tensor elimination:

    1. A thread loop (`scf.forall` mapped to threads, warps or lanes) at
       block level whose threads each read exactly the slice of a
       block-level tensor `P` that they write into the loop's shared output,
       and never read what the shared output held, updates `P` in place:
       `P` becomes the shared output and its slice a slice of the shared
       output (`P` may otherwise only be asked for its sizes). The matmul's
       accumulator and the consumers then share the output's buffer.

       ```mlir
       %acc = scf.for ... -> tensor<64x64xf32>      // the block's matmul
       %r = scf.forall (%i, %j) in (16, 16) shared_outs(%o = %out_slice) {
         %a = tensor.extract_slice %acc[%i4, %j4] [4, 4] [1, 1]
         %d = tensor.extract_slice %o[%i4, %j4] [4, 4] [1, 1]
         ... vector.transfer_write %v, %d ...
       // becomes
       %r = scf.forall (%i, %j) in (16, 16) shared_outs(%o = %acc) {
         %a = tensor.extract_slice %o[%i4, %j4] [4, 4] [1, 1]
       ```
    2. A static `tensor.empty` left at block level (outside every thread
       loop: an accumulator of another element type than the result, f32
       for a bf16 output) becomes a `bufferization.alloc_tensor` in
       workgroup memory, like the sketches' staging buffers (one copy per
       block, shared by its threads, which each touch their own tile). One
       of dynamic shape whose sizes are bounded by constants (the temporary
       of a partial tile: `affine.min(256, 1875 - 256 * block)`), up to
       16 KiB, becomes the slice of such a buffer of the bound's shape (a
       TOSA bilinear resize and an odd adaptive pooling had device mallocs).
    3. A thread loop at block level whose shared output is constant data (a
       bias folded into a reduction's init, as a 1x1 convolution on a 1x1
       image has it), and whose threads each read only the slice they
       write, gets a block-level `tensor.empty` as its shared output (rule 2
       puts it in workgroup memory); each thread first copies its slice of
       the constant into it (`linalg.copy`). Bufferized as it was, every
       block copied the constant into a kernel allocation.
    4. A loop at block level (a matmul's K loop) whose carried tile starts
       from a slice of a function argument (a batch matmul accumulating
       into its argument) and is updated by a thread loop per iteration
       starts instead from a block-level `tensor.empty` (rule 2: workgroup
       memory), which a copy of that thread loop fills first, each thread
       inserting the argument's slice where it inserts its update. With a
       fused consumer reading the loop's result, bufferization copied the
       argument's tile into a kernel allocation (a quantized batch matmul's
       zero-point epilogue did).

    CSE and the folding of slices of empty tensors run first, so that equal
    offsets are the same values.
  }];
  let dependentDialects = ["::mlir::bufferization::BufferizationDialect",
                           "::mlir::gpu::GPUDialect"];
}

def TunerGPUAllocToWorkgroup
    : Pass<"tuner-gpu-alloc-to-workgroup", "::mlir::ModuleOp"> {
  let summary = "Turn workgroup-memory allocations in gpu.launch into attributions";
  let description = [{
    Bufferization turns the shared-memory staging buffers of the GPU sketches
    (`bufferization.alloc_tensor` with `memory_space =
    #gpu.address_space<workgroup>`) into `memref.alloc` ops inside
    `gpu.launch` bodies, which the NVVM lowering cannot handle (it would call
    `malloc`). This pass replaces each static-shaped such allocation by a
    workgroup attribution of its launch (an `addrspace(3)` global after
    outlining) and erases its deallocations.

    ```mlir
    gpu.launch ... {
      %a = memref.alloc() : memref<64x16xf32, #gpu.address_space<workgroup>>
    // becomes
    gpu.launch ... workgroup(%a : memref<64x16xf32, #gpu.address_space<workgroup>>) {
    ```

    A dynamic-shaped workgroup allocation is an error at its location.
  }];
  let dependentDialects = ["::mlir::gpu::GPUDialect"];
}

def TunerGPUHostLoops : Pass<"tuner-gpu-host-loops", "::mlir::ModuleOp"> {
  let summary = "Run the host loops on buffers in kernels of one thread";
  let description = [{
    After bufferization, the loops of frontend ops that have no linalg form
    (torch-mlir's and IREE's scans, scatters, sorts and top-k, converted to
    loops by `tuner-convert-frontend-ops`) are host code: on a CUDA target
    they read and wrote their buffers from the host, which put the buffers
    in managed memory and stopped the chain of kernels around them
    (`report-host-ops` counted their loads and stores). This pass moves each
    outermost host `scf.for` without results whose body only computes
    scalars and loads and stores buffers (arith, math, memref loads, stores
    and views, vector transfers, structured control flow; no allocation,
    global or call) into a `gpu.launch` of one block of one thread, in its
    place: the same computation in the same order, on the device; an
    `scf.forall` without mapping in such a nest becomes a loop in order.
    Then each host `scf.forall` without mapping or results whose body is
    kernel-safe (the lines of a scan, a sort or a top-k: the conversion
    makes them independent) becomes a `gpu.launch` of a thread per
    iteration, 128 threads a block, thread `id` taking iteration `id` (the
    last induction variable fastest) when there is one; one that is not
    kernel-safe becomes host loops. Last, in each function's body, the
    kernel-safe ops from a buffer access to the last one with only
    kernel-safe ops between (what is left of a scan or a sort of a single
    line once canonicalization folded its loop of one iteration) move into a
    kernel of one thread; an op whose value is used after them stays on the
    host and splits them (a loaded scalar the host branches on), unless it
    is pure and can be hoisted above the kernel (a view). Runs in
    `tuner-lower-gpu` before `tuner-gpu-device-memory`, which then gives
    the buffers device memory.

    ```mlir
    scf.for %i = %c0 to %c4 step %c1 {
      %x = memref.load %in[%i, %c0] : memref<4x37xf32>
      memref.store %x, %out[%i, %c0] : memref<4x37xf32>
      ...
    }
    // becomes
    gpu.launch blocks(...) in (%gx = %c1, ...) threads(...) in (%tx = %c1, ...) {
      scf.for %i = %c0 to %c4 step %c1 { ... }
      gpu.terminator
    }
    ```
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect"];
}

def TunerGPUDeviceMemory
    : Pass<"tuner-gpu-device-memory", "::mlir::ModuleOp"> {
  let summary = "Give every buffer a kernel reads memory the device reaches";
  let description = [{
    Runs on bufferized host code whose kernels are `gpu.launch` ops (after
    `tuner-gpu-map-forall`). A kernel that reads a host `malloc` or a global
    of the host module faults on the device ("Invalid __global__ read"):
    every model with constant weights did. For each buffer a launch reads
    (through any views), by where it comes from:

    - `memref.get_global` of a constant (weights, splats and folded
      constants, `dense` or `dense_resource`): a device copy, one per
      global, allocated and uploaded on the first call and kept as long as
      the module (managed memory where host code also reads it);
    - `memref.alloc` at the top of a function, of static shape and not
      returned (temporaries between kernels; results with out-parameters
      are arguments): a buffer kept as long as the module, allocated on the
      first call and reused by every later one, in device memory unless
      host code touches it (then managed memory);
    - allocations in loops and branches, of static shape, in a function
      that returns no memref (out-parameters): managed memory per call from
      the runtime's `mgpuTunerCallBuffer`, freed when the call returns
      (`mgpuTunerCallRelease` of the mark `mgpuTunerCallMark` took at its
      start; a lax.scan's per-step buffers were never freed before);
    - any other host allocation (returned results, dynamic shapes):
      `gpu.alloc host_shared` (managed memory) per call, not freed.

    A module buffer is a null-initialized pointer global and a call of the
    runtime's `mgpuTunerModuleBuffer(slot, init, bytes, managed)`, whose
    result is marked `memref.assume_alignment ..., 256` (the driver's
    allocations are; `tuner-gpu-vector-alignment` reads it); a module
    destructor frees them (`mgpuTunerModuleBufferFree`). Host code "touches"
    a buffer when an op outside the launches reads or writes its data
    (linalg ops left on the host, loads, stores, copies) or carries it where
    this pass cannot follow (calls, loops, stores of the buffer).

    ```mlir
    memref.global "private" constant @w : memref<1024x1024xf32> = dense<5.0e-01>
    func.func @f(...) {
      %w = memref.get_global @w : memref<1024x1024xf32>
      gpu.launch ... { ... memref.load %w[...] ... }
    // becomes
    llvm.mlir.global internal @__tuner_buffer_w() : !llvm.ptr
    func.func @f(...) {
      %w = memref.get_global @w : memref<1024x1024xf32>
      %p = llvm.call @mgpuTunerModuleBuffer(%slot, %host, %bytes, %managed)
      %c = builtin.unrealized_conversion_cast %descriptor
          : !llvm.struct<(...)> to memref<1024x1024xf32>
      %d = memref.assume_alignment %c, 256 : memref<1024x1024xf32>
      gpu.launch ... { ... memref.load %d[...] ... }
    ```

    Host copies between buffers (`memref.copy`, `linalg.copy`: an
    out-parameter filled from a reshaped result, a pad's interior) whose
    dimensions collapse into rows of contiguous bytes, or planes of them,
    become device copies (`mgpuTunerCopy2D`, `mgpuTunerCopy3D`); any other
    copy of static shape (a transposed or strided view: a strided
    `tensor.insert_slice`, bufferization's copy of a strided slice) becomes
    a copy kernel, a `gpu.launch` of blocks of 256 threads with one element
    each in row-major order (before, a loop on the host over managed
    memory). Neither forces its buffers into managed memory.

    The function arguments host code touches are recorded in its
    `tuner.kernel` attribute (`host_args`), so that a runner passes those in
    managed memory and the others in device memory. A launch still reading
    a host global, allocation or stack buffer afterwards is an error at the
    launch (a mutable global, a dynamic stack buffer). With `report`, a
    remark per function counts the host ops that touch buffer data, by name
    (0 means the whole function runs in kernels).
  }];
  let options = [
    Option<"report", "report", "bool", /*default=*/"false",
           "Emit a remark per function counting the host ops that touch "
           "buffer data">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::gpu::GPUDialect",
                           "::mlir::LLVM::LLVMDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::scf::SCFDialect"];
}

def TunerLowerGPU : Pass<"tuner-lower-gpu", "::mlir::ModuleOp"> {
  let summary = "Lower scheduled linalg on tensors to NVVM kernels and LLVM host code (CUDA)";
  let description = [{
    A fixed pipeline from the output of `sched-materialize` with a GPU sketch
    (`scf.forall` loops mapped to `#gpu.block`/`#gpu.thread`, staging copies
    into workgroup memory, vector ops on tensors) to a module of LLVM-dialect
    host code and a `gpu.binary` holding the kernels:

    1. kernel signatures recorded (as in `tuner-lower-cpu`), canonicalize,
       CSE, empty-tensor elimination, `tuner-gpu-block-temporaries`;
    2. one-shot bufferization across function boundaries with identity
       layouts, copies as `linalg.copy` (a `memref.copy` would become a call
       to the host runtime inside a kernel), canonicalize and CSE;
       optionally results turned into out-parameters;
    3. `tuner-gpu-map-forall` (blocks and threads, barriers),
       `tuner-gpu-alloc-to-workgroup`, `tuner-gpu-device-memory` (constants
       and temporaries the kernels read in device memory, uploaded or
       allocated once per module), vector lowering to the 1-D loads,
       stores and FMAs the NVVM conversion handles;
    4. remaining linalg ops to loops, constants and index computations sunk
       into the launches;
    5. upstream `gpu-lower-to-nvvm-pipeline` with an `#nvvm.target` of the
       chosen chip and PTX features: kernel outlining, NVVM conversion, and
       serialization by the NVPTX backend (`format=isa`: PTX text, no CUDA
       toolkit needed) or by `ptxas`/`fatbinary` of the CUDA toolkit
       (`format=bin`, `fatbin`), or the kernels' LLVM bitcode before the
       NVPTX backend (`format=llvm`, in LLVM's bitcode wrapper, which
       records its size: what a CUDA emulator reads, not a device); host
       code to LLVM, where `gpu.launch_func`
       becomes calls to the `mgpu*` runtime functions when translated to
       LLVM IR.

    PTX 6.0, LLVM's default, does not support sm_90 (LLVM aborts), hence the
    default `features=+ptx80`; for an architecture-specific chip (sm_90a)
    the default becomes `+ptx83`, which the wgmma kernels' tensormap fences
    need.

    ```
    tuner-opt mm.mlir --sched-apply-default --sched-materialize \
        --tuner-lower-gpu="chip=sm_90 format=isa"
    ```
  }];
  let options = [
    Option<"chip", "chip", "std::string", /*default=*/"\"\"",
           "The CUDA architecture of the kernels (default: the chip of the "
           "module's CUDA sched.target, else sm_90); not older than that "
           "target">,
    Option<"features", "features", "std::string", /*default=*/"\"+ptx80\"",
           "PTX features of the NVPTX backend (the PTX ISA version)">,
    Option<"format", "format", "std::string", /*default=*/"\"isa\"",
           "Kernel binary format: 'isa' (PTX), 'bin' (cubin, needs ptxas), "
           "'fatbin' or 'llvm' (wrapped LLVM bitcode, for an emulator)">,
    Option<"optLevel", "opt-level", "int", /*default=*/"3",
           "Optimization level of the NVPTX backend">,
    Option<"outParams", "out-params", "bool", /*default=*/"false",
           "Turn memref results of public functions into out-parameters">,
    Option<"cInterface", "c-interface", "bool", /*default=*/"false",
           "Emit _mlir_ciface_ wrappers for public functions">,
    Option<"reportHostOps", "report-host-ops", "bool", /*default=*/"false",
           "Emit a remark per function counting the host ops that touch "
           "tensor data (tuner-gpu-device-memory's report)">,
  ];
}

def TunerFoldConstants : Pass<"tuner-fold-constants"> {
  let summary = "Evaluate linalg ops on constants at compile time";
  let description = [{
    Frontends emit weight transposes, casts and other computations on
    constants as linalg ops (torch-mlir's `nn.Linear` transposes its weight
    with `linalg.transpose`), which the compiled program would redo on every
    call. This pass evaluates every linalg op on static tensors whose DPS
    inputs are all constants (`arith.constant` of a scalar, of a `dense`
    attribute, splats included, or of a `dense_resource` blob; elements
    of i1, i8, i16, i32, i64, bf16, f16, f32, f64 or 8-bit floats), at least
    one of them a tensor (or none at all when every result has one element:
    the 0-d ops StableHLO importers emit for scalars), and whose inits are
    unused by the payload or constants too (a `linalg.fill` of a constant
    scalar counts, for reductions). Its results become `arith.constant` ops; the op and the
    constants, fills and empty tensors left without users are erased.

    ```mlir
    %w = arith.constant dense_resource<weight> : tensor<512x256xf32>
    %e = tensor.empty() : tensor<256x512xf32>
    %t = linalg.transpose ins(%w : tensor<512x256xf32>)
           outs(%e : tensor<256x512xf32>) permutation = [1, 0]
    %r = linalg.matmul ins(%x, %t : tensor<64x256xf32>, tensor<256x512xf32>)
           outs(%f : tensor<64x512xf32>) -> tensor<64x512xf32>
    // becomes
    %t = arith.constant dense_resource<tuner_folded> : tensor<256x512xf32>
    %r = linalg.matmul ins(%x, %t : tensor<64x256xf32>, tensor<256x512xf32>)
           outs(%f : tensor<64x512xf32>) -> tensor<64x512xf32>
    ```

    Payloads that only yield an input (transpose, broadcast, copy) are copied
    element by element, and a single cast (`arith.extf`, `arith.truncf`,
    `arith.sitofp`, ...) is converted the same way, both bounded by
    `max-elements` only. Other payloads of arith and math ops and
    `linalg.index` are interpreted over the iteration space in loop order
    (reductions accumulate into the init), when the work (iterations times
    payload ops) is at most `max-work`. Floats are computed in double
    precision and rounded to their type after every op.

    A `tensor.pad` of a constant (through reshapes, or the result of an op
    folded before it) by static amounts with a constant padding value
    becomes a constant too (`tuner-pack-bf16-dot` pads weights to whole
    column blocks), bounded by `max-elements`.

    Results with more than `resource-threshold` elements become
    `dense_resource` blobs, smaller ones `dense` attributes; results whose
    elements are all the same (splat operands) become splats.

    Left alone, without error: ops with a non-constant input or a read
    non-constant init; ops with no constant tensor input (a `linalg.fill`
    stays: the tuner fuses it into its consumer); results with more than
    `max-elements` elements, or with more than `max-growth` times the
    elements of the largest non-splat constant operand (by default a
    broadcast of a bias is not folded: fusion serves it better; a transpose
    or a cast is); payload ops the evaluator does not know; unreadable or
    elided blobs; element types other than the above (index, complex);
    evaluations that hit undefined behaviour or poison (division by zero,
    out-of-range `arith.fptosi`). With `remarks=true` each such op that has a
    constant tensor input gets a remark saying why.

    A negative limit is an error. The same is available to other passes as
    `foldConstantLinalgOps` (`Tuner/Transforms/FoldConstants.h`).

    ```
    tuner-opt model.mlir --tuner-fold-constants="remarks=true"
    ```
  }];
  let options = [
    Option<"maxElements", "max-elements", "int64_t",
           /*default=*/"int64_t(1) << 26",
           "Largest folded result, in elements (splats are not limited)">,
    Option<"maxGrowth", "max-growth", "int64_t", /*default=*/"1",
           "Largest ratio of result elements to the elements of the largest "
           "non-splat constant operand">,
    Option<"maxWork", "max-work", "int64_t", /*default=*/"int64_t(1) << 26",
           "Most iterations times payload ops the interpreter spends on one "
           "op">,
    Option<"resourceThreshold", "resource-threshold", "int64_t",
           /*default=*/"1024",
           "Results with more elements become dense_resource blobs">,
    Option<"remarks", "remarks", "bool", /*default=*/"false",
           "Emit a remark on each op with a constant input left alone">,
  ];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

#endif // TUNER_TRANSFORMS_PASSES_TD

//===- IREELinalgExtOps.td - IREE's iree_linalg_ext ops, to read -*- tablegen -*-===//
//
// IREE's input conversions (StableHLO from JAX, torch from ONNX) keep the
// ops linalg has no form for in IREE's `iree_linalg_ext` dialect. mlir-tuner
// reads the ones exports carry (scan, scatter, sort, topk) with the same
// textual forms and turns them into loops (tuner-convert-frontend-ops), as
// it does torch-mlir's tm_tensor ops of the same meaning.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_IREELINALGEXT_IR_IREELINALGEXTOPS_TD
#define TUNER_DIALECT_IREELINALGEXT_IR_IREELINALGEXTOPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def IREELinalgExt_Dialect : Dialect {
  let name = "iree_linalg_ext";
  let cppNamespace = "::mlir::tuner::iree_linalg_ext";
  let summary = "IREE's iree_linalg_ext ops, as mlir-tuner reads them";
  let description = [{
    The ops IREE's input conversions keep outside linalg and that models
    exported through them carry: `scan` (`jnp.cumsum`), `scatter`
    (`.at[].add`, ONNX ScatterND), `sort` and `topk` (`lax.top_k`),
    `arg_compare` (ONNX ArgMax and ArgMin), with IREE's textual forms.
    `tuner-convert-frontend-ops` replaces `arg_compare` by a reduction (a
    `linalg.generic` with the value and the index as results, which the
    sketches schedule) and the others by loops on tensors, with the meaning
    of torch-mlir's `tm_tensor` ops of the same names (see that dialect). Only their tensor forms are read.
  }];
}

class IREELinalgExt_Op<string mnemonic, list<Trait> traits = []>
    : Op<IREELinalgExt_Dialect, mnemonic, !listconcat(traits,
        [AttrSizedOperandSegments, SingleBlock])> {
  let hasVerifier = 1;
}

def IREELinalgExt_ScanOp : IREELinalgExt_Op<"scan"> {
  let summary = "Inclusive or exclusive scan along a dimension";
  let description = [{
    As `tm_tensor.scan`: `outs(%output, %accumulator)`, the region combining
    the previous output (its first argument) with the input.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       I64Attr:$dimension,
                       BoolAttr:$inclusive);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `inclusive` `(` $inclusive `)`
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def IREELinalgExt_ScatterOp : IREELinalgExt_Op<"scatter"> {
  let summary = "Scatter of updates at indices into an original tensor";
  let description = [{
    As `tm_tensor.scatter`: `ins(%updates, %indices)` `outs(%original)`,
    the indices' depth mapped to the original's dimensions by
    `dimension_map`, the region combining the update (its first argument)
    with the original.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       DenseI64ArrayAttr:$dimension_map,
                       DefaultValuedAttr<BoolAttr, "true">:$unique_indices);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict `dimension_map` `=` $dimension_map
              `unique_indices` `(` $unique_indices `)`
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def IREELinalgExt_SortOp : IREELinalgExt_Op<"sort"> {
  let summary = "Sort of tensors along a dimension by a comparator";
  let description = [{
    As `tm_tensor.sort`: the `outs` sorted together, stably, the region
    yielding true when its first element belongs before its second.
  }];
  let arguments = (ins Variadic<AnyType>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       I64Attr:$dimension);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def IREELinalgExt_TopkOp : IREELinalgExt_Op<"topk"> {
  let summary = "The first k elements along a dimension by a comparator";
  let description = [{
    As `tm_tensor.topk`: `ins(%values [, %indices])`
    `outs(%out_values, %out_indices)`.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       I64Attr:$dimension);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def IREELinalgExt_ArgCompareOp : IREELinalgExt_Op<"arg_compare"> {
  let summary = "The best element along a dimension and its index";
  let description = [{
    `ins(%input)` `outs(%values, %indices)`: along `dimension`, the element
    the region prefers (it takes a candidate and the best so far and yields
    true to take the candidate: `arith.cmpf ogt` for an argmax) and its
    position, starting from the outputs' values (IREE's ONNX import of
    ArgMax and ArgMin). Of equal elements the first is kept under a strict
    comparison.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       I64Attr:$dimension);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict
    `dimension` `(` $dimension `)`
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def IREELinalgExt_YieldOp : Op<IREELinalgExt_Dialect, "yield",
                               [Pure, ReturnLike, Terminator]> {
  let summary = "The terminator of an iree_linalg_ext op's region";
  let description = [{
    Yields the combined value (scan, scatter) or the comparison (sort,
    topk) of the enclosing op's region.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

#endif // TUNER_DIALECT_IREELINALGEXT_IR_IREELINALGEXTOPS_TD

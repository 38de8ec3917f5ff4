//===- TMTensorOps.td - torch-mlir's tm_tensor ops, to read ---*- tablegen -*-===//
//
// torch-mlir's linalg-on-tensors output keeps the ops linalg has no form for
// in its own `tm_tensor` dialect: cumulative sums (`tm_tensor.scan`),
// scatters and index_put (`tm_tensor.scatter`), sorts, top-k and fused
// attention. mlir-tuner reads them with the same textual forms and turns
// them into linalg ops or loops (tuner-convert-frontend-ops); it does not
// transform them otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TUNER_DIALECT_TMTENSOR_IR_TMTENSOROPS_TD
#define TUNER_DIALECT_TMTENSOR_IR_TMTENSOROPS_TD

include "mlir/IR/OpBase.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

def TMTensor_Dialect : Dialect {
  let name = "tm_tensor";
  let cppNamespace = "::mlir::tuner::tm_tensor";
  let summary = "torch-mlir's tm_tensor ops, as mlir-tuner reads them";
  let description = [{
    The ops torch-mlir's linalg-on-tensors output keeps outside linalg
    (`torch.cumsum`, `scatter`, `index_put`, `sort`, `topk`,
    `scaled_dot_product_attention`), with the textual forms torch-mlir
    prints, so that a model exported with them parses.
    `tuner-convert-frontend-ops` (the first step of the preparation and of
    the lowering pipelines) replaces each: `attention` by linalg ops
    (matmuls, a scaled and masked softmax), the others by loops on tensors.
    Only their tensor forms are read.
  }];
}

class TMTensor_Op<string mnemonic, list<Trait> traits = []>
    : Op<TMTensor_Dialect, mnemonic, !listconcat(traits,
        [AttrSizedOperandSegments, SingleBlock])> {
  let hasVerifier = 1;
}

def TMTensor_ScanOp : TMTensor_Op<"scan"> {
  let summary = "Inclusive or exclusive scan along a dimension";
  let description = [{
    `outs(%output, %accumulator)`: along `dimension`, output[0] is input[0]
    (inclusive) or the accumulator (exclusive), and output[i] is the
    region's combination of output[i - 1] (its first argument) with
    input[i] (inclusive) or input[i - 1] (exclusive); the accumulator ends
    with the last combined value. The results are the output and the
    accumulator (`torch.cumsum` is an inclusive scan with `arith.addf`).
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       I64Attr:$dimension,
                       BoolAttr:$inclusive);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    `dimension` `(` $dimension `)`
    `inclusive` `(` $inclusive `)`
    attr-dict
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def TMTensor_ScatterOp : TMTensor_Op<"scatter"> {
  let summary = "Scatter of updates at indices into an original tensor";
  let description = [{
    `ins(%updates, %indices)` `outs(%original)`: for update u (the first
    dimension of `updates` and `indices`), the `indices[u, 0..depth)` give
    the positions of the original's dimensions `dimension_map` (added to
    the update's own position where the update slice spans that dimension
    too); the update slice's other dimensions are the original's last
    ones. Each element becomes the region's combination of the update (its
    first argument) with the original (its second): `scatter_`,
    `index_put` (replace) and `index_put(accumulate=True)` (add). Updates
    are applied in order, so repeated indices combine in order.
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs,
                       DenseI64ArrayAttr:$dimension_map,
                       DefaultValuedAttr<BoolAttr, "true">:$unique_indices);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let regions = (region SizedRegion<1>:$region);
  let assemblyFormat = [{
    attr-dict `unique_indices` `(` $unique_indices `)`
    (`ins` `(` $inputs^ `:` type($inputs) `)`)?
    `outs` `(` $outputs `:` type($outputs) `)`
    $region (`->` type($results)^)?
  }];
}

def TMTensor_SortOp : TMTensor_Op<"sort"> {
  let summary = "Sort of tensors along a dimension by a comparator";
  let description = [{
    Sorts its `outs` tensors together along `dimension`: the region takes
    two elements of each (the earlier, then the later) and yields an `i1`,
    true when the first belongs before the second (`arith.cmpf olt`: an
    ascending sort). Stable: equal elements keep their order.
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

def TMTensor_TopkOp : TMTensor_Op<"topk"> {
  let summary = "The first k elements along a dimension by a comparator";
  let description = [{
    `ins(%values [, %indices])` `outs(%out_values, %out_indices)`: along
    `dimension`, the k (the outputs' extent there) elements that come first
    under the region's order (it takes a candidate and an element kept so
    far and yields true when the candidate goes before it: `arith.cmpf ogt`
    for the largest), in that order, with their indices (the given ones, or
    the positions); of equal elements the first one is taken first.
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

def TMTensor_AttentionOp : TMTensor_Op<"attention"> {
  let summary = "Scaled dot-product attention";
  let description = [{
    `ins(%query, %key, %value [, %mask])` `outs(%output)`: softmax(Q K^T /
    sqrt(d) [+ mask]) V over the last two dimensions, the leading ones
    batch dimensions (`d`, the head size, is Q's last extent; the mask is
    added to the scaled scores, broadcast over their leading dimensions).
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$inputs,
                       Variadic<AnyRankedTensor>:$outputs);
  let results = (outs Variadic<AnyRankedTensor>:$result);
  let assemblyFormat = [{
    attr-dict
    `ins` `(` $inputs `:` type($inputs) `)`
    `outs` `(` $outputs `:` type($outputs) `)`
    (`->` type($result)^)?
  }];
}

def TMTensor_YieldOp : Op<TMTensor_Dialect, "yield",
                          [Pure, ReturnLike, Terminator]> {
  let summary = "The terminator of a tm_tensor op's region";
  let description = [{
    Yields the combined value (scan, scatter) or the comparison (sort,
    topk) of the enclosing op's region.
  }];
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

#endif // TUNER_DIALECT_TMTENSOR_IR_TMTENSOROPS_TD

// RUN: tuner-opt %s --transform-interpreter --split-input-file | FileCheck %s

// The register tile of a batch_reduce_matmul: the batch is a reduction of
// extent 1 beside K (also 1). The batch goes (the first unit reduction),
// K stays (one reduction is kept), and the operands are shape-cast.
// CHECK-DAG:   #[[A:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG:   #[[B:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-DAG:   #[[C:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @batch_reduce
// CHECK:       %[[X:.*]] = vector.shape_cast %{{.*}} : vector<1x6x1xf32> to vector<6x1xf32>
// CHECK:       %[[Y:.*]] = vector.shape_cast %{{.*}} : vector<1x1x64xf32> to vector<1x64xf32>
// CHECK:       vector.contract {indexing_maps = [#[[A]], #[[B]], #[[C]]], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %[[X]], %[[Y]], %{{.*}} : vector<6x1xf32>, vector<1x64xf32> into vector<6x64xf32>
#a = affine_map<(b, m, n, k) -> (b, m, k)>
#bm = affine_map<(b, m, n, k) -> (b, k, n)>
#c = affine_map<(b, m, n, k) -> (m, n)>
func.func @batch_reduce(%x: vector<1x6x1xf32>, %y: vector<1x1x64xf32>, %acc: vector<6x64xf32>) -> vector<6x64xf32> {
  %r = vector.contract {indexing_maps = [#a, #bm, #c], iterator_types = ["reduction", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %acc : vector<1x6x1xf32>, vector<1x1x64xf32> into vector<6x64xf32>
  return %r : vector<6x64xf32>
}

// A contraction with one reduction (a matmul's register tile, K of 1) is
// left as it is; with a batch of 2 and a K of 1, K goes and the batch is
// the one reduction left.
// CHECK-LABEL: func.func @kept
// CHECK:       vector.contract {{.*}} : vector<6x1xf32>, vector<1x64xf32> into vector<6x64xf32>
// CHECK:       vector.shape_cast %{{.*}} : vector<2x6x1xf32> to vector<2x6xf32>
// CHECK:       vector.shape_cast %{{.*}} : vector<2x1x64xf32> to vector<2x64xf32>
// CHECK:       vector.contract {{.*}}iterator_types = ["reduction", "parallel", "parallel"]{{.*}} : vector<2x6xf32>, vector<2x64xf32> into vector<6x64xf32>
func.func @kept(%x: vector<6x1xf32>, %y: vector<1x64xf32>, %x2: vector<2x6x1xf32>, %y2: vector<2x1x64xf32>, %acc: vector<6x64xf32>) -> (vector<6x64xf32>, vector<6x64xf32>) {
  %r = vector.contract {indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x, %y, %acc : vector<6x1xf32>, vector<1x64xf32> into vector<6x64xf32>
  %s = vector.contract {indexing_maps = [#a, #bm, #c], iterator_types = ["reduction", "parallel", "parallel", "reduction"], kind = #vector.kind<add>} %x2, %y2, %acc : vector<2x6x1xf32>, vector<2x1x64xf32> into vector<6x64xf32>
  return %r, %s : vector<6x64xf32>, vector<6x64xf32>
}

module attributes {transform.with_named_sequence} {
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.sched.drop_contraction_unit_dims %f : !transform.any_op
    transform.yield
  }
}

// RUN: tuner-opt %s --tuner-gpu-block-temporaries --split-input-file | FileCheck %s

// The block's accumulator (a fill, then a loop updating it) and the fused
// epilogue shared one slice of the output: the epilogue now updates the
// accumulator in place (its shared output), so that bufferization needs no
// buffer inside the kernel.

// CHECK-LABEL: func.func @epilogue_in_place
// CHECK:       scf.forall ({{.*}}) in (2) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK:         %[[SLICE:.*]] = tensor.extract_slice %[[OUT]]
// CHECK:         %[[FILL:.*]] = scf.forall {{.*}} shared_outs(%{{.*}} = %[[SLICE]])
// CHECK:         %[[ACC:.*]] = scf.for {{.*}} iter_args(%{{.*}} = %[[FILL]])
// CHECK:         scf.forall (%[[T:.*]]) in (4) shared_outs(%[[E:.*]] = %[[ACC]])
// CHECK:           %[[R:.*]] = tensor.extract_slice %[[E]][%{{.*}}] [4] [1]
// CHECK-NOT:       tensor.extract_slice %[[E]]
// CHECK:           vector.transfer_read %[[R]]
// CHECK:           vector.transfer_write %{{.*}}, %[[R]]
// CHECK-NOT:   bufferization.alloc_tensor
func.func @epilogue_in_place(%in: tensor<32xf32>) -> tensor<32xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<32xf32>
  %r = scf.forall (%b) in (2) shared_outs(%out = %init) -> (tensor<32xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 16)>(%b)
    %slice = tensor.extract_slice %out[%off] [16] [1] : tensor<32xf32> to tensor<16xf32>
    %filled = scf.forall (%t) in (4) shared_outs(%o = %slice) -> (tensor<16xf32>) {
      %toff = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
      %d = tensor.extract_slice %o[%toff] [4] [1] : tensor<16xf32> to tensor<4xf32>
      %z = vector.broadcast %zero : f32 to vector<4xf32>
      %w = vector.transfer_write %z, %d[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %w into %o[%toff] [4] [1] : tensor<4xf32> into tensor<16xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    %acc = scf.for %k = %c0 to %c8 step %c1 iter_args(%a = %filled) -> (tensor<16xf32>) {
      scf.yield %a : tensor<16xf32>
    }
    %epi = scf.forall (%t) in (4) shared_outs(%o = %slice) -> (tensor<16xf32>) {
      %toff = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
      %src = tensor.extract_slice %acc[%toff] [4] [1] : tensor<16xf32> to tensor<4xf32>
      %d = tensor.extract_slice %o[%toff] [4] [1] : tensor<16xf32> to tensor<4xf32>
      %v = vector.transfer_read %src[%c0], %zero {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
      %z = vector.broadcast %zero : f32 to vector<4xf32>
      %m = arith.maximumf %v, %z : vector<4xf32>
      %w = vector.transfer_write %m, %d[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %w into %o[%toff] [4] [1] : tensor<4xf32> into tensor<16xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %epi into %out[%off] [16] [1] : tensor<16xf32> into tensor<32xf32>
    }
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<32xf32>
}

// -----

// An accumulator of another element type than the result (f32 for a bf16
// output) stays a temporary: at block level it becomes a workgroup buffer;
// the output's empty tensor, outside the block loop, is left alone.

// CHECK-LABEL: func.func @accumulator_in_workgroup_memory
// CHECK:       tensor.empty() : tensor<32xbf16>
// CHECK:       scf.forall
// CHECK:         bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<16xf32>
// CHECK-NOT:     tensor.empty
func.func @accumulator_in_workgroup_memory(%in: tensor<32xf32>) -> tensor<32xbf16> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %acc_init = tensor.empty() : tensor<32xf32>
  %init = tensor.empty() : tensor<32xbf16>
  %r = scf.forall (%b) in (2) shared_outs(%out = %init) -> (tensor<32xbf16>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 16)>(%b)
    %acc_slice = tensor.extract_slice %acc_init[%off] [16] [1] : tensor<32xf32> to tensor<16xf32>
    %slice = tensor.extract_slice %out[%off] [16] [1] : tensor<32xbf16> to tensor<16xbf16>
    %filled = scf.forall (%t) in (4) shared_outs(%o = %acc_slice) -> (tensor<16xf32>) {
      %toff = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
      %d = tensor.extract_slice %o[%toff] [4] [1] : tensor<16xf32> to tensor<4xf32>
      %z = vector.broadcast %zero : f32 to vector<4xf32>
      %w = vector.transfer_write %z, %d[%c0] {in_bounds = [true]} : vector<4xf32>, tensor<4xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %w into %o[%toff] [4] [1] : tensor<4xf32> into tensor<16xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    %epi = scf.forall (%t) in (4) shared_outs(%o = %slice) -> (tensor<16xbf16>) {
      %toff = affine.apply affine_map<(d0) -> (d0 * 4)>(%t)
      %src = tensor.extract_slice %filled[%toff] [4] [1] : tensor<16xf32> to tensor<4xf32>
      %d = tensor.extract_slice %o[%toff] [4] [1] : tensor<16xbf16> to tensor<4xbf16>
      %v = vector.transfer_read %src[%c0], %zero {in_bounds = [true]} : tensor<4xf32>, vector<4xf32>
      %t16 = arith.truncf %v : vector<4xf32> to vector<4xbf16>
      %w = vector.transfer_write %t16, %d[%c0] {in_bounds = [true]} : vector<4xbf16>, tensor<4xbf16>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %w into %o[%toff] [4] [1] : tensor<4xbf16> into tensor<16xbf16>
      }
    } {mapping = [#gpu.thread<x>]}
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %epi into %out[%off] [16] [1] : tensor<16xbf16> into tensor<32xbf16>
    }
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<32xbf16>
}

// -----

// A reduction whose init is constant data (a bias folded into the init, as
// a 1x1 convolution on a 1x1 image gets it): bufferized as it is, each block
// would copy the constant into a kernel allocation (a device malloc). The
// thread loop now writes a workgroup-memory tile instead, each thread
// copying its element of the constant first; the second thread loop updates
// that tile in place.

// CHECK-LABEL: func.func @constant_init
// CHECK-SAME:    %[[IN:.*]]: tensor<32xf32>, %[[W:.*]]: tensor<32x8xf32>
// CHECK:       %[[CST:.*]] = arith.constant dense<
// CHECK:       scf.forall (%{{.*}}) in (1) shared_outs(%[[OUT:.*]] = %{{.*}})
// CHECK:         %[[TILE:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<8xf32>
// CHECK:         %[[R:.*]] = scf.forall (%[[T:.*]]) in (8) shared_outs(%[[A:.*]] = %[[TILE]])
// CHECK:           %[[S:.*]] = tensor.extract_slice %[[A]][%[[T]]] [1] [1]
// CHECK:           %[[C:.*]] = tensor.extract_slice %[[CST]][%[[T]]] [1] [1]
// CHECK:           %[[INIT:.*]] = linalg.copy ins(%[[C]] : tensor<1xf32>) outs(%[[S]] : tensor<1xf32>)
// CHECK:           linalg.generic {{.*}} outs(%[[INIT]] : tensor<1xf32>)
// CHECK:         scf.forall (%{{.*}}) in (8) shared_outs(%{{.*}} = %[[R]])
func.func @constant_init(%in: tensor<32xf32>, %w: tensor<32x8xf32>) -> tensor<8xf32> {
  %bias = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %r = scf.forall (%b) in (1) shared_outs(%out = %e) -> (tensor<8xf32>) {
    %dot = scf.forall (%t) in (8) shared_outs(%acc = %bias) -> (tensor<8xf32>) {
      %wt = tensor.extract_slice %w[0, %t] [32, 1] [1, 1] : tensor<32x8xf32> to tensor<32x1xf32>
      %a = tensor.extract_slice %acc[%t] [1] [1] : tensor<8xf32> to tensor<1xf32>
      %d = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1, d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%in, %wt : tensor<32xf32>, tensor<32x1xf32>) outs(%a : tensor<1xf32>) {
      ^bb0(%x: f32, %y: f32, %o: f32):
        %m = arith.mulf %x, %y : f32
        %s = arith.addf %o, %m : f32
        linalg.yield %s : f32
      } -> tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %d into %acc[%t] [1] [1] : tensor<1xf32> into tensor<8xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    %act = scf.forall (%t) in (8) shared_outs(%o = %dot) -> (tensor<8xf32>) {
      %x = tensor.extract_slice %o[%t] [1] [1] : tensor<8xf32> to tensor<1xf32>
      %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1xf32>) outs(%x : tensor<1xf32>) {
      ^bb0(%v: f32, %u: f32):
        %n = arith.negf %v : f32
        linalg.yield %n : f32
      } -> tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %y into %o[%t] [1] [1] : tensor<1xf32> into tensor<8xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %act into %out[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
    }
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<8xf32>
}

// -----

// A K loop whose accumulator tile starts from the function's argument (a
// batch matmul accumulating into it) and whose result a fused consumer
// reads: bufferized as it is, each block would copy the argument's tile
// into a kernel allocation. The loop now starts from a workgroup-memory
// tile, which a copy of the thread loop fills first (each thread its slice
// of the argument; the K step's computation gone from the copy).

// CHECK-LABEL: func.func @argument_iter_arg
// CHECK-SAME:    %[[A:.*]]: tensor<4x8xf32>, %[[C:.*]]: tensor<8xf32>
// CHECK:       scf.forall (%{{.*}}) in (1) shared_outs
// CHECK:         %[[TILE:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<8xf32>
// CHECK:         %[[COPY:.*]] = scf.forall (%[[T:.*]]) in (8) shared_outs(%[[S:.*]] = %[[TILE]])
// CHECK-NOT:       arith.addf
// CHECK:           %[[PART:.*]] = tensor.extract_slice %[[C]][%[[T]]] [1] [1]
// CHECK:           tensor.parallel_insert_slice %[[PART]] into %[[S]][%[[T]]] [1] [1]
// CHECK:         scf.for {{.*}} iter_args(%{{.*}} = %[[COPY]])
// CHECK:           arith.addf
func.func @argument_iter_arg(%a: tensor<4x8xf32>, %c: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %e = tensor.empty() : tensor<8xf32>
  %r = scf.forall (%b) in (1) shared_outs(%out = %e) -> (tensor<8xf32>) {
    %acc = scf.for %k = %c0 to %c4 step %c1 iter_args(%it = %c) -> (tensor<8xf32>) {
      %step = scf.forall (%t) in (8) shared_outs(%o = %it) -> (tensor<8xf32>) {
        %x = tensor.extract_slice %a[%k, %t] [1, 1] [1, 1] : tensor<4x8xf32> to tensor<1xf32>
        %y = tensor.extract_slice %o[%t] [1] [1] : tensor<8xf32> to tensor<1xf32>
        %z = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1xf32>) outs(%y : tensor<1xf32>) {
        ^bb0(%v: f32, %w: f32):
          %s = arith.addf %v, %w : f32
          linalg.yield %s : f32
        } -> tensor<1xf32>
        scf.forall.in_parallel {
          tensor.parallel_insert_slice %z into %o[%t] [1] [1] : tensor<1xf32> into tensor<8xf32>
        }
      } {mapping = [#gpu.thread<x>]}
      scf.yield %step : tensor<8xf32>
    }
    %act = scf.forall (%t) in (8) shared_outs(%o = %out) -> (tensor<8xf32>) {
      %x = tensor.extract_slice %acc[%t] [1] [1] : tensor<8xf32> to tensor<1xf32>
      %d = tensor.extract_slice %o[%t] [1] [1] : tensor<8xf32> to tensor<1xf32>
      %y = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%x : tensor<1xf32>) outs(%d : tensor<1xf32>) {
      ^bb0(%v: f32, %u: f32):
        %n = arith.negf %v : f32
        linalg.yield %n : f32
      } -> tensor<1xf32>
      scf.forall.in_parallel {
        tensor.parallel_insert_slice %y into %o[%t] [1] [1] : tensor<1xf32> into tensor<8xf32>
      }
    } {mapping = [#gpu.thread<x>]}
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %act into %out[0] [8] [1] : tensor<8xf32> into tensor<8xf32>
    }
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<8xf32>
}

// -----

// A temporary of a partial tile (gpu.fallback over 1875 elements in blocks
// of 256: the last block's tile has 83) has a dynamic size bounded by the
// tile: the slice of a workgroup buffer of the bound's shape, not a device
// malloc per thread.

// CHECK-LABEL: func.func @partial_tile_temporary
// CHECK:         scf.forall
// CHECK:           %[[SIZE:.*]] = affine.min
// CHECK:           %[[BUF:.*]] = bufferization.alloc_tensor() {memory_space = #gpu.address_space<workgroup>} : tensor<256xf32>
// CHECK:           tensor.extract_slice %[[BUF]][0] [%[[SIZE]]] [1] : tensor<256xf32> to tensor<?xf32>
// CHECK-NOT:       tensor.empty
func.func @partial_tile_temporary(%in: tensor<1875xf32>) -> tensor<1875xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<1875xf32>
  %r = scf.forall (%b) in (8) shared_outs(%out = %init) -> (tensor<1875xf32>) {
    %off = affine.apply affine_map<(d0) -> (d0 * 256)>(%b)
    %size = affine.min affine_map<(d0) -> (256, d0 * -256 + 1875)>(%b)
    %tmp = tensor.empty(%size) : tensor<?xf32>
    %src = tensor.extract_slice %in[%off] [%size] [1] : tensor<1875xf32> to tensor<?xf32>
    %dst = tensor.extract_slice %out[%off] [%size] [1] : tensor<1875xf32> to tensor<?xf32>
    %filled = linalg.fill ins(%zero : f32) outs(%tmp : tensor<?xf32>) -> tensor<?xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%src, %filled : tensor<?xf32>, tensor<?xf32>) outs(%dst : tensor<?xf32>) {
    ^bb0(%a: f32, %t: f32, %o: f32):
      %s = arith.addf %a, %t : f32
      linalg.yield %s : f32
    } -> tensor<?xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %out[%off] [%size] [1] : tensor<?xf32> into tensor<1875xf32>
    }
  } {mapping = [#gpu.block<x>]}
  return %r : tensor<1875xf32>
}

// RUN: tuner-opt %s --split-input-file --tuner-split-carried-vectors=vector-bits=512 | FileCheck %s
// RUN: tuner-opt %s --split-input-file --tuner-split-carried-vectors=vector-bits=256 | FileCheck %s --check-prefix=AVX2
// RUN: tuner-opt %s --split-input-file --tuner-split-carried-vectors | FileCheck %s --check-prefix=TARGET

// A register tile of 8 rows of three 16-lane vectors, carried through a K
// loop: carried as 8x32 and 8x16, reassembled in the body, split at the yield.
// CHECK-LABEL: func.func @tile_8x48
// CHECK-DAG: %[[A0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 0], sizes = [8, 32], strides = [1, 1]} : vector<8x48xf32> to vector<8x32xf32>
// CHECK-DAG: %[[B0:.*]] = vector.extract_strided_slice %{{.*}} {offsets = [0, 32], sizes = [8, 16], strides = [1, 1]} : vector<8x48xf32> to vector<8x16xf32>
// CHECK: %[[R:.*]]:2 = scf.for {{.*}} iter_args(%[[A:.*]] = %[[A0]], %[[B:.*]] = %[[B0]]) -> (vector<8x32xf32>, vector<8x16xf32>)
// CHECK: %[[P:.*]] = ub.poison : vector<8x48xf32>
// CHECK: %[[J0:.*]] = vector.insert_strided_slice %[[A]], %[[P]] {offsets = [0, 0], strides = [1, 1]} : vector<8x32xf32> into vector<8x48xf32>
// CHECK: %[[J:.*]] = vector.insert_strided_slice %[[B]], %[[J0]] {offsets = [0, 32], strides = [1, 1]} : vector<8x16xf32> into vector<8x48xf32>
// CHECK: %[[F:.*]] = vector.fma %{{.*}}, %{{.*}}, %[[J]] : vector<8x48xf32>
// CHECK: %[[Y0:.*]] = vector.extract_strided_slice %[[F]] {offsets = [0, 0]
// CHECK: %[[Y1:.*]] = vector.extract_strided_slice %[[F]] {offsets = [0, 32]
// CHECK: scf.yield %[[Y0]], %[[Y1]] : vector<8x32xf32>, vector<8x16xf32>
// CHECK: vector.insert_strided_slice %[[R]]#1
// CHECK: return
func.func @tile_8x48(%init: vector<8x48xf32>, %x: vector<8x48xf32>, %n: index) -> vector<8x48xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (vector<8x48xf32>) {
    %f = vector.fma %x, %x, %acc : vector<8x48xf32>
    scf.yield %f : vector<8x48xf32>
  }
  return %r : vector<8x48xf32>
}

// -----

// Powers of two are carried whole, whatever their width; so are widths that
// fit in a register (12 x f32 in 512 bits), but not in 256 bits (8 + 4).
// CHECK-LABEL: func.func @legal
// CHECK: scf.for {{.*}} -> (vector<64xf32>, vector<12xf32>, vector<4x6xi8>)
// CHECK-NOT: strided_slice
// AVX2-LABEL: func.func @legal
// AVX2: scf.for {{.*}} -> (vector<64xf32>, vector<8xf32>, vector<4xf32>, vector<4x6xi8>)
func.func @legal(%a: vector<64xf32>, %b: vector<12xf32>, %c: vector<4x6xi8>, %n: index) -> (vector<64xf32>, vector<12xf32>, vector<4x6xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %y = %b, %z = %c) -> (vector<64xf32>, vector<12xf32>, vector<4x6xi8>) {
    %x2 = arith.addf %x, %x : vector<64xf32>
    %y2 = arith.addf %y, %y : vector<12xf32>
    scf.yield %x2, %y2, %z : vector<64xf32>, vector<12xf32>, vector<4x6xi8>
  }
  return %r#0, %r#1, %r#2 : vector<64xf32>, vector<12xf32>, vector<4x6xi8>
}

// -----

// scf.if results too: 80 = 64 + 16.
// CHECK-LABEL: func.func @if_result
// CHECK: scf.if {{.*}} -> (vector<64xf32>, vector<16xf32>)
func.func @if_result(%c: i1, %a: vector<80xf32>, %b: vector<80xf32>) -> vector<80xf32> {
  %r = scf.if %c -> (vector<80xf32>) {
    scf.yield %a : vector<80xf32>
  } else {
    %s = arith.addf %a, %b : vector<80xf32>
    scf.yield %s : vector<80xf32>
  }
  return %r : vector<80xf32>
}

// -----

// Without vector-bits, the width of the module's target's registers (256).
// TARGET-LABEL: func.func @from_target
// TARGET: scf.for {{.*}} -> (vector<8xf32>, vector<4xf32>)
module attributes {sched.target = #sched.target<kind = cpu, arch = "haswell", cores = 2, vector_bits = 256, features = "avx2,fma">} {
  func.func @from_target(%a: vector<12xf32>, %n: index) -> vector<12xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (vector<12xf32>) {
      %x2 = arith.addf %x, %x : vector<12xf32>
      scf.yield %x2 : vector<12xf32>
    }
    return %r : vector<12xf32>
  }
}

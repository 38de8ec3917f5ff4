// RUN: tuner-opt %s --tuner-convert-amx-control-flow | FileCheck %s

// A loop carrying an AMX tile, after scf-to-cf: the branches, the blocks and
// the AMX ops are converted together, the tile becoming !llvm.x86_amx.

// CHECK-LABEL: func.func @carried
// CHECK:         %[[T:.+]] = llvm.call_intrinsic "llvm.x86.tilezero.internal"
// CHECK:         llvm.br ^bb1(%{{.+}}, %[[T]] : i64, !llvm.x86_amx)
// CHECK:       ^bb1(%{{.+}}: i64, %[[X:.+]]: !llvm.x86_amx):
// CHECK:         llvm.cond_br
// CHECK:         llvm.call_intrinsic "llvm.x86.tdpbf16ps.internal"({{.+}}, %[[X]], {{.+}})
// CHECK:         llvm.br ^bb1
// CHECK:         llvm.call_intrinsic "llvm.x86.tilestored64.internal"
// CHECK-NOT:     cf.br
// CHECK-NOT:     cf.cond_br
func.func @carried(%a: memref<16x32xbf16>, %c: memref<16x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = amx.tile_zero : !amx.tile<16x16xf32>
  %i0 = builtin.unrealized_conversion_cast %c0 : index to i64
  cf.br ^loop(%i0, %zero : i64, !amx.tile<16x16xf32>)
^loop(%i: i64, %acc: !amx.tile<16x16xf32>):
  %ii = builtin.unrealized_conversion_cast %i : i64 to index
  %cond = arith.cmpi slt, %ii, %c4 : index
  cf.cond_br %cond, ^body, ^exit
^body:
  %t = amx.tile_load %a[%c0, %c0] : memref<16x32xbf16> into !amx.tile<16x32xbf16>
  %next = amx.tile_mulf %t, %t, %acc : !amx.tile<16x32xbf16>, !amx.tile<16x32xbf16>, !amx.tile<16x16xf32>
  %in = arith.addi %ii, %c1 : index
  %inext = builtin.unrealized_conversion_cast %in : index to i64
  cf.br ^loop(%inext, %next : i64, !amx.tile<16x16xf32>)
^exit:
  amx.tile_store %c[%c0, %c0], %acc : memref<16x16xf32>, !amx.tile<16x16xf32>
  return
}

// An assertion carries no tile: it stays for convert-cf-to-llvm (it failed
// the whole lowering on AMX hosts, e.g. torch-mlir's embedding index checks).

// CHECK-LABEL: func.func @assertion
// CHECK:         cf.assert %{{.+}}, "index must be smaller than dim size"
// CHECK:         llvm.cond_br
func.func @assertion(%i: index, %n: index) {
  %ok = arith.cmpi slt, %i, %n : index
  cf.assert %ok, "index must be smaller than dim size"
  cf.cond_br %ok, ^a, ^b
^a:
  return
^b:
  return
}

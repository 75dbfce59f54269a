// RUN: ktc-split | ktc-path-expand
// PARSE: --device=sample
// generic_form.mlir - C = (A - B) * A on 2x64 f16 tiles with every op in
// MLIR's generic form ("dialect.op"(operands) {attributes} : type), as a
// printer with --mlir-print-op-generic writes it.
#set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 1 >= 0, d1 >= 0, -d1 + 63 >= 0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() ({
  ^bb0(%a: index, %b: index, %c: index):
    %c0 = "arith.constant"() {value = 0 : index} : () -> index
    %A = "ktdp.construct_memory_view"(%a) {coordinate_set = #set, memory_space = #ktdp.memory_space<global>, operandSegmentSizes = array<i32: 1, 0, 0>, static_sizes = array<i64: 2, 64>, static_strides = array<i64: 64, 1>} : (index) -> memref<2x64xf16>
    %B = "ktdp.construct_memory_view"(%b) {coordinate_set = #set, memory_space = #ktdp.memory_space<global>, operandSegmentSizes = array<i32: 1, 0, 0>, static_sizes = array<i64: 2, 64>, static_strides = array<i64: 64, 1>} : (index) -> memref<2x64xf16>
    %C = "ktdp.construct_memory_view"(%c) {coordinate_set = #set, memory_space = #ktdp.memory_space<global>, operandSegmentSizes = array<i32: 1, 0, 0>, static_sizes = array<i64: 2, 64>, static_strides = array<i64: 64, 1>} : (index) -> memref<2x64xf16>
    %ta = "ktdp.construct_access_tile"(%A, %c0, %c0) {access_tile_set = #set, access_tile_order = #id, base_map = #id, operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<2x64xf16>, index, index) -> !ktdp.access_tile<2x64xindex>
    %tb = "ktdp.construct_access_tile"(%B, %c0, %c0) {access_tile_set = #set, access_tile_order = #id, base_map = #id, operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<2x64xf16>, index, index) -> !ktdp.access_tile<2x64xindex>
    %tc = "ktdp.construct_access_tile"(%C, %c0, %c0) {access_tile_set = #set, access_tile_order = #id, base_map = #id, operandSegmentSizes = array<i32: 1, 2, 0>} : (memref<2x64xf16>, index, index) -> !ktdp.access_tile<2x64xindex>
    %x = "ktdp.load"(%ta) : (!ktdp.access_tile<2x64xindex>) -> tensor<2x64xf16>
    %y = "ktdp.load"(%tb) : (!ktdp.access_tile<2x64xindex>) -> tensor<2x64xf16>
    %d = "arith.subf"(%x, %y) : (tensor<2x64xf16>, tensor<2x64xf16>) -> tensor<2x64xf16>
    %p = "arith.mulf"(%d, %x) : (tensor<2x64xf16>, tensor<2x64xf16>) -> tensor<2x64xf16>
    "ktdp.store"(%p, %tc) : (tensor<2x64xf16>, !ktdp.access_tile<2x64xindex>) -> ()
    "func.return"() : () -> ()
  }) {function_type = (index, index, index) -> (), sym_name = "generic_form", grid = [1]} : () -> ()
}) : () -> ()

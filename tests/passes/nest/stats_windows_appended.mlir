// RUN: ktc-nest --disable=sink --disable=normalize --disable=tiling --disable=tile-size-selection --disable=coarsening --disable=double-buffering --disable=corelets --disable=broadcast --stats 2>&1 >/dev/null
// PARSE: --device=sample --stage=sched.routed
// PRINT: none
// A sum of squares over 426368 f16: 6662 chunks = 2 x 3331. One level
// pairs whole chunks; the rest of ktc-interp's tree is misaligned: window
// levels halve its 3331 x 64 partials, three levels at a time while the
// lengths are even, down to the odd 3331, whose level
// runs alone, its last partial appended after it, leaving 1666 partials
// for ktc-codegen's registers. --stats says so.
module {
  ktdf_arch.device @sample_device import("ktc:sample")
  module {
    func.func @err_reductions_windows(%x: index, %y: index) attributes {grid = [1]} {
      call @local_schedule_0(%x, %y) : (index, index) -> ()
      return
    }
    func.func private @local_schedule_0(index, index)
  }
  module @local_schedule_0 {
    func.func @local_schedule_0(%x: index, %y: index) attributes {grid = [1]} {
      %X = ktdp.construct_memory_view %x, sizes: [1, 426368], strides: [426368, 1] {coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 426367 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1x426368xf16>
      %Y = ktdp.construct_memory_view %y, sizes: [1], strides: [1] {coordinate_set = affine_set<(d0) : (d0 >= 0, -d0 >= 0)>, memory_space = #ktdp.memory_space<global>} : memref<1xf16>
      %X_DDR = memref.memory_space_cast %X : memref<1x426368xf16> to memref<1x426368xf16, "DDR">
      %tx = memref.reinterpret_cast %X_DDR to offset: [0], sizes: [1, 426368], strides: [426368, 1] : memref<1x426368xf16, "DDR"> to memref<1x426368xf16, strided<[426368, 1]>, "DDR">
      %Y_DDR = memref.memory_space_cast %Y : memref<1xf16> to memref<1xf16, "DDR">
      %ty = memref.reinterpret_cast %Y_DDR to offset: [0], sizes: [1], strides: [1] : memref<1xf16, "DDR"> to memref<1xf16, strided<[1]>, "DDR">
      ktdf.pipeline {
        %p:10 = ktdf.private -> (!ktdf.fifo.slot<"L1LU" -> "SFU", 426368xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x426368xf16, "L1">, !ktdf.token, memref<32xf16, "L1">, !ktdf.token, !ktdf.token) {
          %fifo = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"L1LU" -> "SFU", 426368xf16>
          %fifo_1 = ktdf.fifo.allocate() -> !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>
          %tok = ktdf.create_token : !ktdf.token
          %tok_1 = ktdf.create_token : !ktdf.token
          %tok_2 = ktdf.create_token : !ktdf.token
          %buf = memref.alloc() : memref<1x426368xf16, "L1">
          %tok_3 = ktdf.create_token : !ktdf.token
          %buf_1 = memref.alloc() : memref<32xf16, "L1">
          %tok_4 = ktdf.create_token : !ktdf.token
          %tok_5 = ktdf.create_token : !ktdf.token
          ktdf.private_yield %fifo, %fifo_1, %tok, %tok_1, %tok_2, %buf, %tok_3, %buf_1, %tok_4, %tok_5 : !ktdf.fifo.slot<"L1LU" -> "SFU", 426368xf16>, !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, !ktdf.token, !ktdf.token, !ktdf.token, memref<1x426368xf16, "L1">, !ktdf.token, memref<32xf16, "L1">, !ktdf.token, !ktdf.token
        }
        ktdf.stage depends_in(none) depends_out(%p#6) {
          ktdf.data_transfer from %tx[0, 0] size [1, 426368] to %p#5[0, 0] size [1, 426368] : memref<1x426368xf16, strided<[426368, 1]>, "DDR">, memref<1x426368xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#6) depends_out(%p#2) {
          ktdf.data_transfer from %p#5[0, 0] size [1, 426368] to %p size [1, 426368] : memref<1x426368xf16, "L1">, !ktdf.fifo.slot<"L1LU" -> "SFU", 426368xf16>
        } {applicable_units = ["L1LU"]}
        ktdf.stage depends_in(%p#2) depends_out(%p#3) {
          %v = ktdf.read_from_fifo %p : <"L1LU" -> "SFU", 426368xf16> -> tensor<1x426368xf16>
          %zero = arith.constant 0.0 : f16
          %init = tensor.splat %zero : tensor<1xf16>
          %s = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%v : tensor<1x426368xf16>) outs(%init : tensor<1xf16>) {
          ^bb0(%in: f16, %out: f16):
            %0 = arith.mulf %in, %in : f16
            %1 = arith.addf %out, %0 : f16
            linalg.yield %1 : f16
          } -> tensor<1xf16>
          ktdf.write_to_fifo %s, %p#1 : tensor<1xf16>, <"SFU" -> "L1SU", 1xf16>
        } {applicable_units = ["SFU"]}
        ktdf.stage depends_in(%p#3) depends_out(%p#9) {
          ktdf.data_transfer from %ty[0] size [32] to %p#7[0] size [32] : memref<1xf16, strided<[1]>, "DDR">, memref<32xf16, "L1">
        } {applicable_units = ["MNILU"]}
        ktdf.stage depends_in(%p#9) depends_out(%p#8) {
          ktdf.data_transfer from %p#1 size [1] to %p#7[0] size [1] : !ktdf.fifo.slot<"SFU" -> "L1SU", 1xf16>, memref<32xf16, "L1">
        } {applicable_units = ["L1SU"]}
        ktdf.stage depends_in(%p#8) depends_out(%p#4) {
          ktdf.data_transfer from %p#7[0] size [32] to %ty[0] size [32] : memref<32xf16, "L1">, memref<1xf16, strided<[1]>, "DDR">
        } {applicable_units = ["MNISU"]}
      }
      return
    }
  }
}

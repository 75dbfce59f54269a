# add.sc - examples/add.mlir compiled by hand: C = A + B on 128x64 f16, rows
# split over 2 cores (64 each). Per core the DMA units move 8 KiB blocks
# (a whole core's share) and the corelet streams it row by row through the
# 5-unit pipeline. Carries the KTIR so `ktc-launch --check` can run
# ktc-interp on the same inputs.
spyrecode 1
kernel "add"
device "two_core"
grid 2, 1, 1
arg a : tensor f16 [128, 64] in "DDR"
arg b : tensor f16 [128, 64] in "DDR"
arg c : tensor f16 [128, 64] in "DDR"
sym a = addr(a)
sym b = addr(b)
sym c = addr(c)

channel ready0 : signal "C0-MNILU" -> "C0-L1LU-CL0"
channel ab0 : fifo "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel sum0 : fifo "C0-SFU-CL0" -> "C0-L1SU-CL0"
channel done0 : signal "C0-L1SU-CL0" -> "C0-MNISU"
channel ready1 : signal "C1-MNILU" -> "C1-L1LU-CL0"
channel ab1 : fifo "C1-L1LU-CL0" -> "C1-SFU-CL0"
channel sum1 : fifo "C1-SFU-CL0" -> "C1-L1SU-CL0"
channel done1 : signal "C1-L1SU-CL0" -> "C1-MNISU"

# r0 = the core's first byte: 64 rows of 128 bytes per core
program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[$a + r0 * 1], 8192
    dma l1[8192], ddr[$b + r0 * 1], 8192
    sig.wait ready
}

program l1lu (l1 : mem, ready : sigin, out : out) {
    wait ready
    for r1 = 0 to 64
        vld.f16 v0, l1[r1 * 128], 64
        send out, v0
        vld.f16 v1, l1[8192 + r1 * 128], 64
        send out, v1
    end
}

program sfu (in : in, out : out) {
    for r1 = 0 to 64
        recv.f16 v0, in, 64
        recv.f16 v1, in, 64
        vbin.add.f16 v2, v0, v1
        send out, v2
    end
}

program l1su (in : in, l1 : mem, done : sigout) {
    for r1 = 0 to 64
        recv.f16 v0, in, 64
        vst.f16 v0, l1[16384 + r1 * 128]
    end
    sig done
}

program mnisu (l1 : mem, ddr : mem, done : sigin) {
    wait done
    dma ddr[$c + r0 * 1], l1[16384], 8192
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready0) {r0 = 0}
unit "C0-L1LU-CL0" : "L1LU" core 0 corelet 0 = l1lu(l1 = "C0-L1", ready = ready0, out = ab0)
unit "C0-SFU-CL0" : "SFU" core 0 corelet 0 = sfu(in = ab0, out = sum0)
unit "C0-L1SU-CL0" : "L1SU" core 0 corelet 0 = l1su(in = sum0, l1 = "C0-L1", done = done0)
unit "C0-MNISU" : "MNISU" core 0 = mnisu(l1 = "C0-L1", ddr = "DDR", done = done0) {r0 = 0}
unit "C1-MNILU" : "MNILU" core 1 = mnilu(ddr = "DDR", l1 = "C1-L1", ready = ready1) {r0 = 8192}
unit "C1-L1LU-CL0" : "L1LU" core 1 corelet 0 = l1lu(l1 = "C1-L1", ready = ready1, out = ab1)
unit "C1-SFU-CL0" : "SFU" core 1 corelet 0 = sfu(in = ab1, out = sum1)
unit "C1-L1SU-CL0" : "L1SU" core 1 corelet 0 = l1su(in = sum1, l1 = "C1-L1", done = done1)
unit "C1-MNISU" : "MNISU" core 1 = mnisu(l1 = "C1-L1", ddr = "DDR", done = done1) {r0 = 8192}

ktir <<<
module {
  func.func @add(%a: index, %b: index, %c: index) attributes {grid = [2]} {
    %tile = ktdp.get_compute_tile_id : index
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %rows = arith.muli %tile, %c64 : index
    %end = arith.addi %rows, %c64 : index

    %A = ktdp.construct_memory_view %a, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %B = ktdp.construct_memory_view %b, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [128, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 127 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<128x64xf16>

    scf.for %row = %rows to %end step %c1 {
      %ta = ktdp.construct_access_tile %A[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<128x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tb = ktdp.construct_access_tile %B[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<128x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tc = ktdp.construct_access_tile %C[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<128x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %y = ktdp.load %tb : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      %sum = arith.addf %x, %y : tensor<1x64xf16>
      ktdp.store %sum, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
>>>

# vldz.sc - the L1LU's zero-padded load (vldz, its zero_pad feature): c is
# a 4x64 f16 matrix whose row r holds a's first 20 r - 10 elements (none,
# 10, 30, 50) and zeros after them. Each row is one vldz of a count the
# unit computes (-10 for row 0: nothing loaded), padded to 64 lanes. The
# KTIR reads a through a view whose coordinate set stops there (a load
# past it reads 0), so --check compares with ktc-interp.
spyrecode 1
kernel "vldz"
device "two_core"
grid 1, 1, 1
arg a : tensor f16 [4, 64] in "DDR"
arg c : tensor f16 [4, 64] in "DDR"
sym a = addr(a)
sym c = addr(c)

channel ready : signal "C0-MNILU" -> "C0-L1LU-CL0"
channel rows : fifo "C0-L1LU-CL0" -> "C0-SFU-CL0"
channel out : fifo "C0-SFU-CL0" -> "C0-L1SU-CL0"
channel done : signal "C0-L1SU-CL0" -> "C0-MNISU"

program mnilu (ddr : mem, l1 : mem, ready : sigout) {
    dma l1[0], ddr[$a], 512
    sig.wait ready
}

program l1lu (l1 : mem, ready : sigin, out : out) {
    wait ready
    for r1 = 0 to 4
        mul r2, r1, 20
        sub r2, r2, 10
        vldz.f16 v0, l1[r1 * 128], r2, 64
        send out, v0
    end
}

program sfu (in : in, out : out) {
    for r1 = 0 to 4
        recv.f16 v0, in, 64
        send out, v0
    end
}

program l1su (in : in, l1 : mem, done : sigout) {
    for r1 = 0 to 4
        recv.f16 v0, in, 64
        vst.f16 v0, l1[512 + r1 * 128]
    end
    sig done
}

program mnisu (l1 : mem, ddr : mem, done : sigin) {
    wait done
    dma ddr[$c], l1[512], 512
    fence
}

unit "C0-MNILU" : "MNILU" core 0 = mnilu(ddr = "DDR", l1 = "C0-L1", ready = ready)
unit "C0-L1LU-CL0" : "L1LU" core 0 corelet 0 = l1lu(l1 = "C0-L1", ready = ready, out = rows)
unit "C0-SFU-CL0" : "SFU" core 0 corelet 0 = sfu(in = rows, out = out)
unit "C0-L1SU-CL0" : "L1SU" core 0 corelet 0 = l1su(in = out, l1 = "C0-L1", done = done)
unit "C0-MNISU" : "MNISU" core 0 = mnisu(l1 = "C0-L1", ddr = "DDR", done = done)

ktir <<<
module {
  func.func @vldz(%a: index, %c: index) attributes {grid = [1]} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %A = ktdp.construct_memory_view %a, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + d0 * 20 - 11 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    %C = ktdp.construct_memory_view %c, sizes: [4, 64], strides: [64, 1] {
      coordinate_set = affine_set<(d0, d1) : (d0 >= 0, -d0 + 3 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
      memory_space = #ktdp.memory_space<global>
    } : memref<4x64xf16>
    scf.for %row = %c0 to %c4 step %c1 {
      %ta = ktdp.construct_access_tile %A[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %tc = ktdp.construct_access_tile %C[%row, %c0] {
        access_tile_set = affine_set<(d0, d1) : (d0 >= 0, -d0 >= 0, d1 >= 0, -d1 + 63 >= 0)>,
        access_tile_order = affine_map<(d0, d1) -> (d0, d1)>
      } : memref<4x64xf16> -> !ktdp.access_tile<1x64xindex>
      %x = ktdp.load %ta : !ktdp.access_tile<1x64xindex> -> tensor<1x64xf16>
      ktdp.store %x, %tc : tensor<1x64xf16>, !ktdp.access_tile<1x64xindex>
    }
    return
  }
}
>>>

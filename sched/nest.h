/* nest.h - ktc-nest: make the first path's schedule fast (the pass between
 * ktc-path-expand and ktc-allocate).
 *
 * Input stage "sched.routed", output stage "sched.nested". ktc-split and
 * ktc-path-expand leave every program as loops around flat pipelines that
 * move one vector per iteration through every hop, each DMA paying the full
 * device-memory latency before the next may start. ktc-nest restructures
 * each program so that device-memory traffic moves in tiles, in bulk, ahead
 * of the compute that drains the previous tile. It is a list of separate
 * transformations, run in this order, each one a function of its own, with
 * its own golden cases, and each can be turned off by name
 * (`ktc-nest --disable=NAME`, repeatable; `ktc compile --disable=NAME`
 * passes it on, and `--disable=nest` skips the whole stage):
 *
 *  fold-grid          Runs first (listed last, to keep the other flags'
 *                     bits; needs sink): a kernel whose grid has more
 *                     tiles G than the device has cores C (Triton's grid of
 *                     a program a row or a block: 4096 rows on 32 cores)
 *                     runs its tiles as a loop on C cores,
 *                       %pid = ktdp.get_compute_tile_id
 *                       scf.for %tile = %pid to G step C { the body }
 *                     (tile ids of several results made one first, as
 *                     ktc-allocate would: sched/grid.h), the kernel's
 *                     tile ids %tile, each program it calls taking %tile
 *                     as a parameter for its own tile ids, grids [C]. Core
 *                     c runs tiles c, c + C, ..., as ktc-codegen's hosted
 *                     tiles did, one after another; sink then moves the
 *                     loop into the program, where the transformations
 *                     below stream across the tiles (tiles of rows, DMAs
 *                     ahead) instead of each tile filling and draining the
 *                     device alone behind a barrier. Only tiles whose
 *                     loops have the same bounds on every tile (a row's
 *                     columns, constants or launch-time values), but for
 *                     a block the tile masks (a constant lower bound and
 *                     step, an upper bound a constant bounds above:
 *                     Triton's block masked at n - pid * BLOCK) when
 *                     every core hosts 2 tiles or more (a core of one
 *                     streams nothing: grids of 33 and 40 blocks on
 *                     spyre's 32 cores ran 1.02-1.05x the cycles folded),
 *                     whose empty tiles' trips load the old lanes of the
 *                     block's last vector a tile ahead (copies by the
 *                     folded loop's runs, nest_row_loop): a vector add over 977
 *                     blocks of 1024 runs at n = 5000 in 1497 cycles on
 *                     spyre, not 3105 hosted (at n = 1000448 30309,
 *                     hosted 30314), and compiles in 24 ms to 100 KB of
 *                     SpyreCode, not in 900 ms to 1.8 MB (a copy of the
 *                     tile's code and symbols per hosted tile). Left
 *                     alone: another loop whose bounds depend on the tile
 *                     id (rows t, t + 2, ... on a grid of 2; its phases
 *                     are right folded too, ktc-lower counting them as
 *                     the loops run, but not always faster: rows t, t + 4
 *                     of a LayerNorm on sample 395 -> 758, no longer a
 *                     tile's points, while 150 rows over a grid of 64 on
 *                     spyre ran 625 -> 533, roofline 528: the choice
 *                     wants pricing, as row-jam's has); a
 *                     tile id scaled by a launch-time value (blocks at
 *                     pid * BLOCK_SIZE stay a DMA a tile: a vector add of
 *                     128 blocks on spyre, 1125 -> 1585 cycles folded,
 *                     1125 -> 652 with a constant block); a kernel moving
 *                     another tile's data (ktc-split's ring transfers,
 *                     `source_tiles`: the tiles must run at once); one
 *                     calling a program also called elsewhere or with
 *                     results; one whose programs' grids are not its own;
 *                     a grid of more than one dimension (its coordinates
 *                     come back from the linear id by divisions, which
 *                     tiling does not see through: grids of [R / 2, 2]
 *                     rows ran 1.9-3.3x slower folded).
 *                     ktc-launch --check runs ktc-interp on the KTIR's own
 *                     grid. A row softmax as Triton launches it, 4096
 *                     programs of a row of 256 f16 on spyre: 32537 ->
 *                     20732 cycles (the persistent form's, a loop over
 *                     rows pid, pid + 32, ...: 20732), compiled in 0.08 s,
 *                     not 0.82 (tests/kernels/softmax_rows_grid.mlir). A
 *                     fuzz of 60 row kernels (softmax, scaling, row sums;
 *                     33 to 257 rows of 64 to 320 f16, a program a row,
 *                     grids of one and two dimensions) on spyre and
 *                     sample: 240 of 240 launches match ktc-interp; the
 *                     48 folded on each device ran 0.599 of the cycles on
 *                     spyre, 0.259 on sample (geomean), none slower.
 *  sink               An orchestrator scf.for (no iter_args) whose body is
 *                     index arithmetic and one call of a program that is
 *                     called nowhere else moves into that program: the
 *                     program gains the loop's bounds and the values the
 *                     arithmetic uses as parameters, the call its operands.
 *                     Repeated outward (a nest of such loops sinks whole).
 *                     Without it a per-row kernel calls its program per row
 *                     and nothing can overlap across rows. A body of index
 *                     arithmetic and two or more calls, of programs each
 *                     called nowhere else and returning nothing, calls one
 *                     first: the later program joins the earlier (its ops
 *                     after the earlier's, one parameter for each operand
 *                     the calls share; ktc-lower's signals order what the
 *                     two touch, as they order the passes of one program),
 *                     so the loop sinks (a row's whole blocks and its
 *                     masked tail, ktc-split's peel: dist_rows_dynamic at
 *                     n = 128 1374 -> 411 cycles on spyre).
 *  reductions         A pipeline reducing a row wider than the compute
 *                     unit's lanes (ktc-split keeps reduction dims whole)
 *                     becomes levels of loops over lane-wide chunks (C of
 *                     them): each level reads K <= 8 chunks per iteration
 *                     (the first up to 16: wide-first-level, below)
 *                     (chunk c + i * C/K), folds them with one elementwise
 *                     generic and writes the partial vector, lanes wide, to
 *                     chunk c of an accumulator buffer in the scratchpad
 *                     (`partials`, C/K x lanes); the next level folds that
 *                     buffer, until one vector is left, which the original
 *                     pipeline (reading it instead of the row) reduces as a
 *                     vector with its init. That is ktc-interp's pairwise
 *                     tree (chunk c with chunk c + C/2 first), so the result
 *                     is bit-exact. The sequential dependence is between
 *                     levels: a level's iterations are independent (each
 *                     writes its own partial), so its loop is a
 *                     parallel_loop that tiling, coarsening and double
 *                     buffering stream like any other; the row itself is
 *                     never held whole in the scratchpad (a row in device
 *                     memory is read through one staging buffer per chunk;
 *                     when a later pass of the point reads the row whole,
 *                     coarsening reads the chunks from that pass's buffer).
 *                     An elementwise producer fused into the reduction's
 *                     body (x * x) runs on the first level's inputs. Needs
 *                     C a power of two above 32 (above 1 with a fused
 *                     producer) and a one-op commutative float combiner
 *                     (add, mul, max, min). C = 2^a b with b > 1 odd
 *                     (hidden sizes: 768 f16 is 4 x 3 chunks, 5120 is 16 x
 *                     5): the levels fold the 2^a part only, down to one
 *                     row of b x lanes partials (the last accumulator
 *                     1 x b lanes), which the original pipeline reads as
 *                     one slot; ktc-codegen folds that misaligned rest of
 *                     the tree in registers (codegen/README.md) when it
 *                     holds half of it ((b + 1) / 2 + 6 <= max_vregs).
 *                     Beyond, for a sum or product (a vocabulary row of
 *                     32000 f16: b = 125; 50304: b = 393), window levels
 *                     take the tree's next levels, each halving the L
 *                     partials, until half of them fits: output vector c
 *                     folds, up to 3 levels at once while L is even, the
 *                     2^k windows of W partials at c W + S (S a sum of
 *                     the levels' halves L/2, L/4, ..), each read as the
 *                     one or two chunks holding it and taken from its lane
 *                     S mod W on by the generic's map (d0, d1 + S mod W),
 *                     folded as those levels fold them (bit-exact; the
 *                     accumulators two chunks longer, where the last
 *                     windows run past). C odd (Phi-3's vocabulary, 32064
 *                     f16 = 501 chunks): the first window level reads the
 *                     row itself, when it is a scratchpad buffer of its
 *                     own (made two chunks longer) read as it is (no fused
 *                     producer, no conversion); the same for a row that is
 *                     not whole chunks (GPT-2's vocabulary, 50257 f16). An
 *                     odd L = 2h + 1 takes a level of its own, ktc-interp
 *                     appending element 2h as partial h: a one-element
 *                     pipeline after the level moves it there. `--stats`
 *                     says how many window levels a sum took, how many
 *                     of odd length, and the partials left.
 *                     Such a row stays whole when ktc-codegen holds its
 *                     half (C <= 2 (max_vregs - 6); with a fused producer
 *                     of p <= 4 ops, (C + 1) / 2 + 6 + 2p <= max_vregs:
 *                     ktc-codegen runs the producer on each piece as
 *                     received, the row read once with the kernel's other
 *                     passes), or no whole chunks pair (C odd, or N not
 *                     whole chunks) and windows cannot read the
 *                     row (or a max or min, which ktc-codegen streams in
 *                     any order). Other reductions are left as they are
 *                     (up to 32 chunks ktc-codegen folds the row in
 *                     registers as it streams, faster; beyond what it
 *                     holds it rejects the vector wider than the lanes,
 *                     naming this transformation).
 *  wide-first-level  Part of reductions (listed last, to keep the other
 *                     flags' bits): in a loop whose row does not fit the
 *                     scratchpad (none of the loops around the reduction
 *                     a point: each pass a nest of its own), the first
 *                     level folds up to 16 chunks (c + i * C/16), not 8:
 *                     the same pairwise tree (chunk i with i + 8 first),
 *                     so still bit-exact. The second level, a nest of its
 *                     own between the passes, bound by the load unit
 *                     loading and sending every partial, reads half as
 *                     many (softmax_wide: levels 256 -> 32 -> 4 -> 1
 *                     instead of 512 -> 64 -> 8 -> 1, the exponentials'
 *                     fused level 16 chunks a point: 34691 -> 33504
 *                     cycles; softmax_4x262144 37258 -> 36114). Where the
 *                     row fits, a level runs inside a point and fuses
 *                     with its passes: 16 chunks there would exceed what
 *                     fuse-pipelines keeps in registers (softmax_8x16384
 *                     3633 -> 172480 cycles, its pipelines left apart).
 *  reduction-producer A reduction's first level reading a scratchpad row
 *                     (not device memory) that the parallel loop just
 *                     before it fills, one lane-wide chunk per iteration
 *                     (scf.for 0 to N step W, one transfer writing the row
 *                     at [.., %iv], none reading it: a wide row's
 *                     exponentials), runs that loop's iterations itself:
 *                     iteration c first runs the loop's body for each of
 *                     the K chunks c + i * C/K it folds, then folds them,
 *                     and the loop goes. The row is still stored whole
 *                     (later passes read it); fuse-pipelines then keeps the
 *                     chunks in registers for the fold, so the row is read
 *                     once for both (a softmax's exp and sum in one pass).
 *                     Each chunk is computed by the same ops as before, so
 *                     the result is bit-exact. Taken when the cost model
 *                     finds the level so (its point as fuse-pipelines will
 *                     leave it) faster than the loop and the level apart,
 *                     each a point loop alone; inside a loop whose point
 *                     fits the scratchpad (rows tiled whole) only with
 *                     chunk-loads (the fused level reads the row by K
 *                     chunks, c + i * C/K: one DMA for the row, not K:
 *                     softmax_8x16384 4059 -> 3781 cycles; without it
 *                     4117, so then not taken), nor for a level of one
 *                     fold (a row of at most K chunks: nothing streams; layernorm_2pass
 *                     ran 555 cycles apart, 719 fused). Tiling's model then
 *                     counts the row once, not per point (coarsening's
 *                     fission leaves the point loop whole: the row is used
 *                     after it).
 *  normalize          Every scf.for above a pipeline in a program gets lower
 *                     bound 0 and step 1; the original IV is rebuilt
 *                     (lb + iv * step) where it was used. A step known at
 *                     launch only (a kernel argument, e.g. a block size)
 *                     gives the trip count (ub - lb + s - 1) / s and the IV
 *                     lb + iv * s as index arithmetic on it. A trip count
 *                     that is the same on every tile id of the grid becomes
 *                     that constant (evaluated through index arithmetic,
 *                     compares and selects, and a program's parameters to
 *                     what its one call passes: a clamped row range). A
 *                     transfer's subscript that is an affine expression
 *                     (not a dim nor a constant) of values a loop around
 *                     the transfer does not change becomes an index value
 *                     (index arithmetic, or an affine.apply of the dims it
 *                     reads) made outside that loop, as far out as its
 *                     operands allow: path-expand's word offsets `-(o mod
 *                     w)` and `o mod w` for a block at a column known at
 *                     launch, whose rows' offsets differ by whole words
 *                     (`(o + i * 64) mod 64` folds to `o mod 64`), which
 *                     coarsening can then read (matmul_8x32_k64's blocks of
 *                     A and B, a row a pipeline: 15446 -> 3167 cycles).
 *  tiling             The innermost parallel loop above a sequence of
 *                     pipelines (the "point" loop) is split into a tile loop
 *                     and a point loop of T iterations (the outermost loop
 *                     of a nest whose inner loops have constant trip counts
 *                     and hold only pipelines, when every DDR transfer
 *                     moves with its IV, or is a load shared-loads lets in:
 *                     the inner loops stay inside the point loop and
 *                     coarsening expands buffers by their trip counts too;
 *                     no loop under a point loop, at any depth, is one;
 *                     not a loop ktc-split marked `carried` around inner
 *                     loops of different trip counts, passes that cannot
 *                     run point by point in lockstep (a matmul's K loop:
 *                     8 rows of A, 32 of B, then their products; as the
 *                     point loop each pass waits for the whole pass before,
 *                     matmul_kloop 28431 cycles, 3762 with its passes
 *                     tiled);
 *                     not a loop holding one pass, one inner loop of
 *                     pipelines, when the cost model finds that inner loop
 *                     tiled on its own, run per iteration, faster: a wide
 *                     row's elementwise pass streams each row):
 *                       %T = ktdf.tiling.reserve_size {min_value = 1, divisibility = 1}
 *                       scf.for %t = 0 to ceildiv(n, %T) { scf.for %i = 0 to
 *                       ktdf.tiling.derive_size [%t : %T], total_size = n { .. } }
 *                     with the original IV rebuilt as t * T + i.
 *  shared-loads       Lets tiling take as the point loop a loop whose nest
 *                     also loads from device memory elements that are the
 *                     same at every point (a weight row every row reads,
 *                     its source moving with neither the point nor the tile
 *                     IV): coarsening loads such a load once a tile, into a
 *                     buffer of one point (leading extent 1, the DDR side a
 *                     view of stride 0 in that dim) that every point of the
 *                     tile reads (subscript 0), and the cost model charges
 *                     it once a tile (nest_cost_xfer.bytes_per_tile).
 *                     Without it such a nest is tiled at its inner loops
 *                     (each pass of a multi-pass row on its own, the row's
 *                     data read again by each). Stores must still move with
 *                     the point IV.
 *  tile-size-selection Every reserve_size becomes a constant chosen by the
 *                     device cost model (nest_cost.h): for each program, the
 *                     tile size (and buffering depth, up to 16, and corelet split) with
 *                     the least modeled time whose buffers fit the
 *                     scratchpad (what the program's nests before it left,
 *                     halved when nests follow it in the program: rows of
 *                     896 KiB, 2 a core, 125205 -> 62776 cycles; the
 *                     program-level buffers its points write in the same
 *                     place counted once per corelet instance, as the
 *                     corelets split copies them) and whose loads the DMA
 *                     unit can move (a load whose innermost run a point is
 *                     shorter than the unit's least access takes tiles of
 *                     whole accesses: 16 f32 lanes over an f16 row, chunks
 *                     of 32 bytes, DMAs of 128: tiles of 4 chunks);
 *                     `--tile-sizes=T,...` overrides the
 *                     tiles (one per reserve_size, program order; each
 *                     T:PHASES:INSTANCES fixes the depth and split too,
 *                     else the model chooses them for T, as it would for
 *                     its own tile; more instances than the device's
 *                     corelets is an error); `--stats` prints each
 *                     program's choice and modeled cycles. A nest in loops
 *                     whose phases row-phases counts across them may take a
 *                     phase more than its tiles, ranked knowing the load unit
 *                     waits after its last tile for a credit before the loads
 *                     that follow (nest_cost.h, phases_across_runs). derive_size with
 *                     constant operands folds; a size that does not
 *                     divide a constant trip count leaves its rest as a
 *                     tile of its own (rest-tiles; without it, min(T, n -
 *                     t * T) as arithmetic). A dynamic trip count
 *                     n (normalize first folds one that is the same on every
 *                     tile id of the grid) is tiled into n / T whole tiles
 *                     (the loop coarsening sees) and, after it, the point
 *                     loop as it was over the n mod T points left
 *                     (loop_type remainder_loop); the cost model then takes
 *                     as points the bound the DDR transfers' offsets give
 *                     (every access inside its buffer; inside the cast, for
 *                     a view of launch-time size); for a loop stepping
 *                     by a launch-time s over (ub - lb) = D, views w wide in
 *                     the direction it steps bound it by ceil(D / w) (taking
 *                     s >= w: blocks that do not overlap). The tile loop is
 *                     marked loop_type tile_loop. For such a count (no
 *                     --assume) a larger tile is taken over a smaller one
 *                     only when modeled faster by more than 0.5%: at
 *                     other counts it leaves more points to remainder
 *                     nests (center_rows, N = 768: 1409 cycles with tiles
 *                     of 2 blocks, 1121 with 1). A point loop carrying an
 *                     accumulator through the scratchpad (ktc-split's
 *                     `carried`: a Triton row's block sum) is priced, in a
 *                     tile of one point, with the wait for the tile
 *                     before's store of it, on one corelet as on two
 *                     (layernorm_triton_packed, 4096 rows of 1000 f16: a
 *                     block a tile on one corelet, 501648 cycles, now on
 *                     two, 441253). A point loop that
 *                     reduction-producer fused (and overlap-rows' copy of
 *                     it) is priced as fuse-pipelines leaves it, as
 *                     reduction-producer priced it: one pipeline a point
 *                     (not its K chunks' pipelines each a round trip
 *                     through the chain a tile; nothing computes while a
 *                     later load of the point lands). In a program
 *                     overlap-rows took (its buffers allocated at its
 *                     start), a nest's loads run ahead while the nests
 *                     before it still compute: the last nest that loads
 *                     computes K - 1 tiles after its last DMA, and the
 *                     nests after it load nothing (a reduction's levels, a
 *                     division that only stores); the choice is ranked
 *                     with its first K tiles' loads hidden in that window
 *                     (nest_cost.h, prefetch_window): softmax_wide's
 *                     exponentials take tiles of 4 and 32 with 12 and 16
 *                     phases, not 64 and 2 (the first tile's 128 KiB
 *                     landing 500 cycles after the max pass ended; tiles
 *                     of 2 prefetch 24 KiB), 35087 -> 34691 cycles with
 *                     the division's blocks of 16 (splat-hoist).
 *  remainder-nests    A remainder loop is the point loop as it was: every
 *                     inner pipeline moves one vector per DMA (a 1151x8192
 *                     layernorm, rows pid + 32 k, tiles of 9 rows: the 8
 *                     remainder rows of the last core took 530k of its
 *                     715k cycles, 27 tiled rows the rest). Tiling runs
 *                     again inside the remainder loops, so their inner
 *                     loops become nests of their own, and tile-size
 *                     selection chooses their tiles (the cost model's
 *                     choice: --tile-sizes names the first round's
 *                     reserve_size ops only); the transformations after it
 *                     treat them like any nest.
 *  remainder-pieces   A remainder loop whose point is one pipeline (a
 *                     dynamic vector add's last tile), or of tiles of 2
 *                     whose point is pipelines and parallel loops none of
 *                     which touches a scratchpad buffer another writes (a
 *                     remainder of one point at most: the two halves of
 *                     a distributed view's rows, not a row's passes,
 *                     which remainder-nests
 *                     would tile one after the other, dist_rows_dynamic
 *                     n = 64 1023 -> 462 cycles), becomes the binary
 *                     digits of its trip count r < T: for each 2^b < T,
 *                     from the highest, a loop of (r >> b) & 1 trips
 *                     (loop_type remainder_loop) around a parallel loop of
 *                     2^b points at r - r mod 2^(b+1), which
 *                     remainder-nests tiles as a nest of its own. At most
 *                     log2(T) pipelines run where r did, each paying the
 *                     device's latencies once (f32 x + z over n = 130000,
 *                     tiles of 4096 on 32 cores: the last core's 31
 *                     remainder points took 10000 of its 17582 cycles).
 *                     Given the launch (--assume), tile-size selection
 *                     prices the pieces of the tile ids with fewer trips,
 *                     one after another, each DMA behind a round of the
 *                     other cores' (nest_cost_pieces), and takes a smaller
 *                     power-of-two tile where that is modeled faster (the
 *                     same vector add: tiles of 32 points 9388 cycles, of
 *                     8 8288, its roofline 7826). A trip count the
 *                     tile id alone sets (rows t, t + G, ...), whose point
 *                     holds no inner loop: a tile chosen for the largest
 *                     count but larger than some id's would leave that id
 *                     every point in the remainder loop; the tile is then
 *                     at most the smallest count, the one whose slowest id
 *                     is modeled fastest (tests/kernels/rows_uneven: 11
 *                     and 10 rows, tiles of 11 1947 cycles on spyre, of
 *                     10 448). A point holding inner loops (a row's passes
 *                     over its chunks) takes the tile, of at least the
 *                     choice's corelets, up to the chosen tile, whose
 *                     slowest id is modeled fastest, its points left over
 *                     each priced as remainder-nests makes it (its passes
 *                     nests of their own): row softmaxes of 5 to 33 rows of
 *                     96 to 1024 f16 over 2 to 4 cores, 24 launches, 0.81
 *                     of the cycles (geomean; 17x192 on 2 spyre cores 1629
 *                     -> 661), though 7x512 on 2 spyre cores takes tiles
 *                     of 2, 849 -> 1167 (the model prices each leftover
 *                     row's passes about twice what they take).
 *  coarsening         A tile loop whose point loop holds a sequence of
 *                     pipelines becomes one outer pipeline per tile:
 *                       stage [MNILU]  every DDR -> scratchpad transfer of
 *                                      the point loop, as ONE bulk transfer
 *                                      of the whole tile (the DDR side a
 *                                      reinterpret_cast view of the rows
 *                                      the tile loop visits, NT * T: a
 *                                      launch-time size from its trip
 *                                      count when that has no bound, a
 *                                      loop to a kernel argument; the
 *                                      scratchpad buffer expanded by a
 *                                      leading dim of T); identical loads
 *                                      (same source, or views of one base
 *                                      made alike; same indices; the
 *                                      inner loops of fissioned pipelines
 *                                      matched by depth) merge, and a load
 *                                      of elements another one reads (its
 *                                      inner loop a window of the other's:
 *                                      a reduction's chunks of a row a
 *                                      later pass reads whole) reads that
 *                                      one's buffer, shifted; a load of
 *                                      bytes a load in no inner loop reads
 *                                      (same base and offset, contiguous
 *                                      runs), into a buffer of another
 *                                      shape (a pass's chunks of the row a
 *                                      reduction loads whole), reads that
 *                                      one's buffer when it is one row, at
 *                                      each read's linear offset (every
 *                                      read of either a contiguous run,
 *                                      neither written); an inner loop
 *                                      that leaves a load's source where
 *                                      it is (the words of a block a
 *                                      transposing read takes a column at
 *                                      a time) adds no copy: its dim is 1
 *                                      and read at 0, when no transfer
 *                                      but their DMAs writes the loads'
 *                                      buffers (transpose_store: 29098 ->
 *                                      657 cycles on spyre); when the
 *                                      point loop steps by a launch-time s
 *                                      (the points' blocks s apart, no
 *                                      static stride), one transfer per
 *                                      point of the tile (T <= 16), each
 *                                      from a view built in the tile loop
 *                       stage [L1LU, SFU, L1SU, ...]  the point loop, its
 *                                      pipelines without their DMA stages,
 *                                      reading/writing row %i of the
 *                                      expanded buffers (inner pipelines at
 *                                      vector granularity); a point of
 *                                      several passes (pipelines, inner
 *                                      loops of them: a row's chunks) as
 *                                      one loop over the tile per pass
 *                                      (fission: each streams the points,
 *                                      the per-point values between passes
 *                                      in buffers expanded by T; with inner
 *                                      loops, only when corelets split the
 *                                      tile, 2 points or more an instance,
 *                                      and no pass is a ring exchange; a
 *                                      256-f16 row softmax on one core
 *                                      92320 -> 23936 cycles, a point's
 *                                      passes no longer draining the chain
 *                                      point by point)
 *                       stage [MNISU]  every scratchpad -> DDR transfer, as
 *                                      one bulk transfer of the tile; a
 *                                      masked store of part of its staging
 *                                      buffer (path-expand's part of a
 *                                      word, at `o mod w` there, o not
 *                                      moving with the tile) stores that
 *                                      box of every point's row (8 rows of
 *                                      32 f16 at a launch-time column:
 *                                      1457 -> 342 cycles on spyre), and
 *                                      of every inner iteration's (a
 *                                      row's 64-f16 chunks at a
 *                                      launch-time offset in the word:
 *                                      blocks of 256 of rows of 1000 f16
 *                                      4134 -> 628 cycles)
 *                     chained by tokens; the expanded buffers are allocated
 *                     at program level, before the tile loop.
 *  double-buffering   A buffer written by one stage of an outer pipeline and
 *                     read by another gets a leading phase dim of K (K = 2
 *                     unless the cost model chose more), indexed by
 *                       %ph = ktdf.buffer_phase(%t) {num_phases = K}
 *                     and the outer pipeline gets `modulo(size: K)`: the DMA
 *                     stage fills phase (t+1) mod K while compute drains
 *                     phase t mod K. One alloc with a phase dim instead of
 *                     the reference's K allocs + ktdf.select_memref: same
 *                     meaning, addresses are plain index arithmetic.
 *                     buffer_phase(ivs) is the number of iterations of
 *                     its last IV's loop run before this one since the
 *                     first IV's loop started (mod num_phases): the copies
 *                     are taken in turn. When every loop of those IVs runs
 *                     as many iterations in each run of the loops around
 *                     it, that is their row-major linear iteration number;
 *                     else (a row of r blocks in row r) ktc-lower counts
 *                     them as they run (lower.h).
 *  row-phases         A tile loop inside other loops of its program (a row
 *                     loop around a pass's tiles) counts its phases over
 *                     them too: buffer_phase(%row, ..., %t), K = 2 at least
 *                     (a nest of one tile a row gets 2), the phased buffers
 *                     allocated before the outermost of those loops; so the
 *                     DMA fills the next row's tiles while this row computes
 *                     (ktc-lower primes the credits before that loop). Only
 *                     when the extra phases fit the scratchpad beside every
 *                     other buffer of the program, the copies that the
 *                     phases chosen for the tile loops phased after it
 *                     will take included (else double buffering as
 *                     above, or none for a nest of one tile; before, a
 *                     row of 21 nests overflowed a scratchpad of 128 KiB:
 *                     tests/kernels/ragged_small_l1.mlir). Phases
 *                     enough for the DMAs to run ahead by their latencies
 *                     (nest_cost_run_ahead_phases: a load issues on the
 *                     credit of the compute K tiles back, so K - 1 tiles
 *                     of the row's period must cover the read latency)
 *                     are taken when they fit in half the scratchpad, the
 *                     row's period being its nests' on-core cycles (their
 *                     least when a trip count is known only at launch);
 *                     not when --tile-sizes gives the phases (sum_blocks_n
 *                     at 256 rows a core, its sum's phases 3 -> 5 and its
 *                     store's 2 -> 4: 40972 -> 21770 cycles). When the
 *                     loops run a different number of iterations from row
 *                     to row (a row of r blocks in row r), ktc-lower counts
 *                     the phases as they run, in registers: at most
 *                     SCHED_MAX_COUNTED_PHASES such nests count across a
 *                     row loop (sched/lin.h), the rest by row only (their
 *                     DMAs then wait for the row; --stats names them).
 *                     A pipeline
 *                     that is no tile's but runs at most once a row (in
 *                     loops whose counts are at most 1: a tile loop's
 *                     remainder, n mod 2 points; a row's masked block)
 *                     keeps its DMA staging buffers (its private's, at
 *                     most 4 KiB each) in copies by the row loop's runs
 *                     (nest_copies_by_runs, as broadcast's hoisted
 *                     buffers: up to 4, as many as half the scratchpad
 *                     holds beside the program's buffers; only a row loop
 *                     of a count the tile id alone sets, at least 2 on
 *                     every tile id (a constant, or fold-grid's loop over
 *                     the tiles a core hosts): a launch-time one may run
 *                     once a call, its credits paid every call), so the
 *                     next rows' runs load while this row's
 *                     drains (scale_rows_masked compiled without --assume,
 *                     n = 200: 513 -> 369 cycles); likewise by its own
 *                     runs a pipeline in a tile loop's remainder loop of
 *                     up to T - 1 points (peel_carried at n = 200: 721 ->
 *                     409). ktc-lower signals the copies inside the loops
 *                     of at most one trip when their bounds are alike in
 *                     every row (n's alone), so a row that runs no masked
 *                     block waits for nothing; else every row waits for
 *                     its copy's credit, the DMA at most as many rows
 *                     ahead of the compute as there are copies: 4 rather
 *                     than 2.
 *  corelets           The point loop of a compute stage whose units exist
 *                     once per corelet (each loop, after coarsening's
 *                     fission) becomes
 *                       ktdf.parallel (%i, %inst) = (0) to (T) step (1)
 *                         distribute(num_instances = N) { ... }
 *                     N = the cost model's split, at most the device's
 *                     corelets per core (no rewrite when 1); a scratchpad
 *                     buffer the loop writes in the same place at every
 *                     point gets a copy per instance. Every such loop of
 *                     every such stage is split (in a tile loop's
 *                     pipeline); a point loop whose points share a buffer
 *                     used beyond it (an accumulator carried from block to
 *                     block) is not, but its inner parallel_loop (the one
 *                     scf.for of its body, each point writing its own place:
 *                     a subscript linear in the IV) is, when it has one:
 *                     swapped outside the point loop first when each of its
 *                     iterations carries an accumulator of its own over the
 *                     points (nest_carry_swap_out, unless register-carry is
 *                     off), so that an instance runs its vectors over the
 *                     tile's blocks and register-carry keeps each in a
 *                     register, not stored and loaded back at every block
 *                     (Triton's LayerNorm, 4096 rows of 1000 f16 on 4 cores:
 *                     404287 -> 334615 cycles). A body of several such
 *                     parallel_loops (row-jam's rows side by side, a row's
 *                     two sums) is first split into a copy of the point
 *                     loop per parallel_loop, each swapped so, when no copy
 *                     touches another's accumulators (that LayerNorm, 8
 *                     rows a run: 256783 -> 250898; tests/kernels/
 *                     sum_blocks_n at n = 1000 498 -> 471).
 *                     So is a point loop (parallel_loop) of pipelines left
 *                     directly in a tile loop, all of corelet-level units
 *                     (no DMA to coarsen: a level of a reduction tree, an
 *                     accumulator's zeroing). The splits using a unit kind take the fewest
 *                     instances any of them takes (ktc-lower runs a kind's
 *                     split stages on the same corelets); the stages left
 *                     whole (a sum between passes, a splat, a remainder
 *                     loop) run on corelet 0 (sched/lower.h). A split
 *                     whose kinds would then meet a kind left on corelet 0
 *                     through a FIFO (ktc-lower cannot place that) is not
 *                     made: every split of the program using the split
 *                     end's kind is dropped, until no such FIFO is left.
 *                     A point loop holding, among pipelines of corelet-level
 *                     units, a pipeline of core-level units only (a per-row
 *                     ring exchange) is first split into one loop per run
 *                     of either (sched/nest_whole.c): the corelet loops are
 *                     split as above, the core-level ones stay whole; the
 *                     scratchpad buffers two of them use get a leading dim
 *                     of the point count, indexed by the point (left as it
 *                     is when such a buffer is used outside the loop and
 *                     not per point, or the loop touches device memory);
 *                     a core-level loop whose transfers each move the
 *                     point's element of such buffers (%part_buf[%i, 0] ->
 *                     %buf[%i, 0]) becomes one transfer of the T points.
 *                     A point loop of one point (a tile of one wide row)
 *                     is not split: its parts run in order as they are,
 *                     corelet-blocks splits its corelet-level loops and the
 *                     ring pipelines between them stay whole
 *                     (tests/passes/nest/corelets_ring_one_point).
 *  splat-hoist        A scalar a loop splats to a vector at every iteration
 *                     (transfer_mode "splat" from a scratchpad scalar: the
 *                     row's max or rstd read by each vector of the next
 *                     pass) is splatted once before the outermost loop
 *                     around it (outside pipelines) that does not write the
 *                     scalar, by a pipeline of the splatting pipeline's
 *                     units (L1LU splats into a FIFO, the compute unit
 *                     forwards it, L1SU stores it into a program-level
 *                     vector, [0, 0] size [1, N]); the loop reads that
 *                     vector as a plain load (no shuffle waiting on the
 *                     scalar's load every vector). When the one generic
 *                     reading the splat computes a part of its body from
 *                     it and constants alone (rsqrt(sum / n + eps) of a
 *                     row's sum), that part moves into the splat's
 *                     pipeline (a generic over the vector in its compute
 *                     stage, run once) and the loop's body reads the
 *                     result: the vector is then that splat's own. A loop
 *                     of constant trip count a multiple of 4 holding index
 *                     arithmetic and one pipeline reading such vectors (at
 *                     most 4) besides one other vector, computing one (an
 *                     elementwise pass: y = x * rstd), not writing them nor
 *                     a buffer it reads, is
 *                     unrolled by 4 (NEST_SPLAT_SHARE): its pipeline moves
 *                     4 iterations and loads the splats once; so is a
 *                     corelet split (ktdf.parallel) of such a pipeline whose
 *                     points make a multiple of 4 per instance (each
 *                     instance keeps its points, in blocks of 4; in one
 *                     block of 8 when it has 8: a wide row's division pass
 *                     in tiles of 16 on 2 corelets, softmax_wide 36599 ->
 *                     36076 cycles, with ktc-lower's loads of the 9 in
 *                     groups of 5 and 4; in blocks of 16 when they are a
 *                     multiple of 16 and it reads one splat vector: the
 *                     16 inputs, their results and the splat stay within
 *                     the compute unit's registers, and the cost model
 *                     prices the block (nest_cost_splat_block), so the
 *                     division pass takes tiles of 32: its load unit loads
 *                     the splat once for 16 vectors, the store unit
 *                     signals once for 32; softmax_wide's two divisions
 *                     ~4900 -> ~4400 cycles each; halved while a block's
 *                     inputs, one more point's and the splats would take
 *                     more than max_vregs, as when each input is two
 *                     registers: 64 f32 on 32 f32 lanes, blocks of 8);
 *                     by 2 when 4 does not
 *                     divide the trips (or the points evenly over the
 *                     instances) and 2 does: a row of 32000 f16 in tiles
 *                     of 20 chunks on 2 corelets, softmax_vocab 4309 ->
 *                     4185 cycles. Every splat of the program is
 *                     considered (once only the first 64 were, and 64
 *                     reading pipelines: softmax over 2 rows of 384000 f16
 *                     a core, its passes in more nests with rest-tiles and
 *                     overlap-division, left its last division loading the
 *                     row's sum with every vector, 58990 -> 53755 cycles),
 *                     at most 16 vectors a program; in a corelet split,
 *                     where each instance makes its own, only for loops of
 *                     4 trips or more (sdpa_2d: 16 vectors, one per k of a
 *                     one-row matmul, for loops of 2 trips cost 12624 ->
 *                     13416). One
 *                     splat serves the later splats of the same element
 *                     (same buffer and
 *                     subscripts: A[0, k] of a one-row matmul is a vector
 *                     per k) in loops of the same block while nothing
 *                     writes the buffer between. Runs after corelets:
 *                     inside a corelet split the pipeline stays in the
 *                     split's body and the vector has a row per instance
 *                     ([%inst, 0]); when no loop inside the split qualifies
 *                     (its body is the splatting pipeline: a tile's points,
 *                     a row's exp or division pass), the pipeline goes
 *                     before a loop around the pipeline holding the split,
 *                     once for every instance (one row, [0, 0]); the
 *                     scalar's subscripts must be known before the loop
 *                     (constants, the instance).
 *  broadcast          A device-memory load of the point loop that reads the
 *                     same elements at every point (a row-broadcast operand)
 *                     is hoisted into a one-stage sibling pipeline before the
 *                     tile loop filling a program-level buffer once; it runs
 *                     before coarsening, which then sees only per-point
 *                     loads (sched/nest_broadcast.c). A stage it leaves
 *                     empty goes (another stage must be left); only the
 *                     subscripts the source map reads count (a DMA word's
 *                     start that path-expand fixed may still name the
 *                     loop's variable: 0 in its place in the sibling). Not a load of memory
 *                     the tile loop writes (x[r] += x[0] in place), but for
 *                     a masked store's old lanes (ktc-split's old_lanes
 *                     transfer: lanes no store writes but with their own
 *                     values). A load into a copy of a ring (path-expand's
 *                     DMA words of a row starting inside a word, a copy an
 *                     iteration of a modulo pipeline) is hoisted into one
 *                     copy, when every access of the ring names the load's
 *                     copy; it and a load from a DMA word's start (a source
 *                     map computing it) only when the loops run it a known
 *                     number of times, at least twice: the last block of a row of 1000 f16 in
 *                     blocks of 256 no longer reads its old lanes at each
 *                     vector, after the previous vector's store
 *                     (exp_blocks_1000 4088 -> 1987 cycles). A buffer so
 *                     hoisted inside a loop that may run more than once (a
 *                     row loop; the loops between running at most once: a
 *                     row's masked block) takes copies by that loop's runs
 *                     (a ktdf.buffer_phase of its IV, the buffer allocated
 *                     before it; up to 4 while their bytes past the one
 *                     stay within 1/256 of the scratchpad: the tiles'
 *                     buffers are not made yet), so the
 *                     next row's fill does not wait for this row's last
 *                     read of it (ktc-lower passes over a loop of at most
 *                     one trip for the copies of the loop around it): a
 *                     masked row's old lanes
 *                     load a row ahead (compiled with --assume n=200, 2
 *                     rows a core, at n = 200: scale_rows_masked 517 ->
 *                     380 cycles, rmsnorm_masked 606 -> 560). After
 *                     coarsening, a
 *                     bulk load of a tile loop (constant trip count NT, at
 *                     most 16) that reads the same elements at every
 *                     iteration of a loop around it (a weight row read per
 *                     row of a row loop: source invariant in that loop,
 *                     leading subscript T * %t + c) moves before the
 *                     outermost such loop into a one-stage sibling pipeline
 *                     of NT transfers filling a program-level buffer with
 *                     the tile id in front once; the compute stage reads
 *                     %bcast[%t, ...]. Not when the program writes device
 *                     memory made from the same base (in place), nor when
 *                     the hoisted buffers would take more than a quarter of
 *                     the scratchpad. A bulk load of a tile loop of more
 *                     than one tile (or of a launch-time count) reading the
 *                     same elements at every tile (shared-loads' load once
 *                     a tile: a layernorm's W and B) moves before it (and
 *                     before the loops around it it is invariant in) into
 *                     such a pipeline filling its buffer once, kept for the
 *                     whole loop and not phased (no larger than before:
 *                     the cost model charges it once a run, its buffer
 *                     once, nest_cost_xfer.kept); a later outer hoist of
 *                     elements a kept buffer holds in the same order (a
 *                     remainder nest's column tiles of that row) reads it
 *                     at [T * %t + i, ..] instead of filling its own.
 *  register-carry     A loop (no iter_args) whose pipelines each load an
 *                     accumulator from the scratchpad, fold a block into it
 *                     on the compute unit and store it back (a row's running
 *                     sum of squares), every accumulator set by a two-stage
 *                     pipeline just before the loop, becomes one pipeline
 *                     per accumulator whose load stage holds the loop (the
 *                     blocks stream) and whose compute stage holds it as an
 *                     scf.for carrying the accumulator (ktc-lower and
 *                     ktc-codegen keep it in a vector register), stored
 *                     once after the loop: no store-to-load round trip per
 *                     block. A loop whose body is inner loops of such round
 *                     trips at the inner IV's place (a row's sum of squares
 *                     in 4 chunks over its 256-wide column blocks) is first
 *                     split into a loop per inner loop, each swapped with
 *                     it (only different accumulators change order), when
 *                     register-carry then takes every inner loop and the
 *                     blocks are at least half as many as the inner
 *                     iterations (each of those is a pipeline once swapped)
 *                     (rmsnorm 1024x1024 on 4 cores 32608 -> 24640 cycles,
 *                     layernorm 53207 -> 41992; a blocked softmax's 8
 *                     blocks of 16 chunks 11249 -> 7920) (sched/nest_carry.c). Loops
 *                     zeroing those accumulators chunk by chunk before the
 *                     blocks (over the inner loop's bounds; passes of
 *                     their own that fuse-points' test lets join the
 *                     blocks' pass) run their iteration in the swapped
 *                     loop, just before the loop register-carry takes,
 *                     which starts from them in registers (no zeros
 *                     stored, loaded back and sent: layernorm 8x1024 on
 *                     sample 1728 -> 1523 cycles). Several accumulators
 *                     of one loop: carry-merge, below.
 *  fuse-points        Two ktdf.parallel in a row (the loops coarsening's
 *                     fission gave each pass of a point, split by corelets)
 *                     with the same bounds and instances become one, the
 *                     second's body after the first's (its IV and instance
 *                     the first's), when every scratchpad buffer one of them
 *                     writes and the other touches is accessed, by every
 *                     transfer of both, in the point's own slice: along
 *                     one dim, at the same subscript (the second's IV for
 *                     the first's) moving with the IV by at least the
 *                     transfer's size there, no term of a loop inside (the
 *                     other dims anything: an accumulator's chunks in an
 *                     inner loop). A point then
 *                     runs on the corelet it ran on, and no point touches
 *                     what another writes, so the order is kept where it
 *                     matters; fuse-pipelines then makes a point's passes
 *                     one pipeline (a row's max and sum in registers, not
 *                     a store, a signal and a load between passes). A join
 *                     whose passes fuse-pipelines leaves apart (a pass
 *                     moving vectors wider than the lanes, a loop of a
 *                     row's chunks) is split again after it, each pass
 *                     streaming its points as fission left them: joined,
 *                     every point would pay the round trip between them
 *                     (a 256-f16 row softmax over 4 cores 11511 -> 6834
 *                     cycles) (sched/nest_points.c).
 *  fuse-pipelines     Two pipelines in a row on the same load, compute and
 *                     store units become one: the second's stages' ops
 *                     follow the first's, and a scratchpad value the first
 *                     stores and the second loads back (the same elements:
 *                     a row's sum, then its rstd, then that splatted) stays
 *                     in registers (a splat load becomes a broadcast
 *                     generic); its store goes when nothing loads the
 *                     buffer any more. A load of the second that the first makes
 *                     too (the same elements and transfer mode, the first
 *                     storing none of them, at constant subscripts or a
 *                     corelet split's instance: reduction-producer's K
 *                     chunks each splatting the row's max, or loading the
 *                     hoisted splat vector [%inst, 0]) takes the first's
 *                     value; a store of the first disjoint from what the
 *                     second loads (another chunk of the row: subscripts
 *                     values a constant apart, at least the size) does not
 *                     stop it. Only when the second loads nothing else the
 *                     first stores, neither is double buffered, neither
 *                     moves a vector wider than its unit's lanes but the
 *                     first's receives each reduced to one element (a
 *                     row's sum from its 256-wide accumulator, 4 pieces of
 *                     64: ktc-codegen keeps the scalar in a register; the
 *                     row's mean then joins it: layernorm_triton_4096x1000
 *                     334615 -> 320095 cycles), and the
 *                     fused compute stage would hold at most max_vregs
 *                     vectors at once (the values of its top-level ops
 *                     from definition to last use, plus one); along a
 *                     block a chain of them becomes one pipeline. A loop
 *                     of one such pipeline per iteration (the scaling pass
 *                     reading the splatted rstd), or a nest of such loops
 *                     (a row's blocks, then each block's chunks), that
 *                     takes a value of the pipeline before it is streamed
 *                     first: its stages get the nest (nothing an iteration
 *                     stores is loaded by another), then it joins;
 *                     ktc-lower then waits for a second DMA's buffer only
 *                     before the loop loading it (layernorm 1024x1024 on 4
 *                     cores, its mean and rstd in registers, not splatted,
 *                     stored and loaded with every block: 30148 -> 25801
 *                     cycles) (sched/nest_fuse.c). Two pipelines of jammed
 *                     rows that row-corelets places on different corelets
 *                     stay apart (as carry-merge leaves them), and a
 *                     pipeline joins the next one of its own row past
 *                     the other rows' (row-jam's order: row 0's sum, row
 *                     1's, row 0's rstd ...; row 0's stores, then row
 *                     1's splat: loops too, when not split over the
 *                     corelets), which touch nothing either touches and
 *                     move before it (rmsnorm_masked at n = 200 on spyre:
 *                     456 -> 441 cycles).
 *  stream-loops       A parallel_loop of at least 2 iterations inside a
 *                     compute stage (in a ktdf.parallel or not: a tile
 *                     of one point has none) whose body is one pipeline
 *                     of loads, a compute stage without transfers and
 *                     stores (or no loads: an accumulator's zeroing; the
 *                     load and store stages may hold loops of them: a
 *                     chunk's blocks, as register-carry leaves them)
 *                     becomes that pipeline with the loop in each stage,
 *                     when no iteration loads what another stores (loads
 *                     of the very elements the same iteration stores,
 *                     moving with the IV by at least their size, are
 *                     taken: a per-vector accumulator); not a level of a
 *                     reduction tree (two loads of one buffer). The
 *                     vectors then stream instead of filling and draining
 *                     a pipeline each (sched/nest_stream.c). Runs after
 *                     fuse-pipelines.
 *                     (A blocked softmax, 8192 columns in blocks of 1024,
 *                     16 rows on 4 cores, tiles of one row: 7920 -> 6549
 *                     cycles on spyre streamed outside corelet splits;
 *                     tests/passes/nest/stream_loops_one_point.mlir.)
 *  lane-transfers     A bulk DMA of an outer pipeline moving the T points of
 *                     a tile to or from a buffer that the pipeline's compute
 *                     stage touches only inside corelet splits of those T
 *                     points (ktdf.parallel 0 to T, N instances), each point
 *                     at its own place, becomes one transfer per instance,
 *                     its block of ceil(T / N) points, in instance order:
 *                     ktc-lower signals per transfer and per corelet, so a
 *                     corelet computes its rows as soon as they have landed
 *                     (the next one's still streaming in) and its rows go
 *                     out as soon as it is done (sched/nest_parallel.c). Not
 *                     in a double-buffered pipeline (modulo), whose DMAs
 *                     already overlap the previous tile's compute: split,
 *                     they would only add a DMA and a signal a lane and tile
 *                     (examples/add.mlir: 507 -> 517 cycles). The cost model
 *                     charges it (nest_cost.h, lane_xfers).
 *  resident-rows      Tile loops of one block (a row loop's passes) that each
 *                     bulk-load the same chunks of a row from device memory
 *                     into a phased buffer (views alike but for their
 *                     leading bound, which may be known at launch only,
 *                     the buffer's chunk the views' but for unit dims: a
 *                     Triton row's 4x64 blocks into 2x4x1x64 tiles; or,
 *                     a column loop stepping by a
 *                     launch-time BS, one transfer a chunk from views of
 *                     their own at (t * T + k) * BS past the same base; the
 *                     row's memory written by nothing between them), N
 *                     known only at launch so no point holds the row: a row
 *                     buffer of K chunks (what the scratchpad holds beside
 *                     every other buffer, at most the later views' bound,
 *                     or the row's stride when their bound is known at
 *                     launch only: a wider row, which rows that do not
 *                     overlap cannot be, is still right, its chunks past
 *                     K loaded as before)
 *                     keeps it, in two copies when a row loop holds the
 *                     passes (row r in copy r mod 2, a ktdf.buffer_phase of
 *                     the row IV: the next row's first pass loads while this
 *                     row's later passes read; one when two do not fit).
 *                     Views the first pass loads side by side (a bulk load
 *                     each, views alike at other places of the same
 *                     memory: the rows of a row-jam run, the windows of a
 *                     wide reduction) get a row buffer each; a later pass
 *                     reads one (a row's own pass after the jammed ones)
 *                     or several (a jammed pass).
 *                     The first pass's loop is split at m = min(n, K / T):
 *                     its tiles below m load into the row buffer (chunk
 *                     t * T on), their compute reads there; each later
 *                     pass's loop is split at min(n', m * T / T'): below,
 *                     its compute reads chunk t * T' + i of the row buffer
 *                     and the row's load leaves its DMA stage (the stage
 *                     goes when empty); above (no iteration when the row
 *                     fits), loads as before. The halves below get their
 *                     own copies of the phased staging buffers they share
 *                     with the halves above (a tile's copy, nothing
 *                     carried), so the next row's loads of a half below do
 *                     not wait for this row's half above. A later pass's
 *                     bulk load of a view invariant in the row loop (a
 *                     weight row, memory the row loop does not write) keeps
 *                     K chunks in a buffer of its own, filled once before
 *                     the row loop by a copy of the pass's tiles below
 *                     holding only those loads; the tiles below read it
 *                     there, and so do those of the other passes loading
 *                     the same chunks over the same tiles (each row of a
 *                     jammed run loads W in its own pass) (when the row
 *                     loop's rows, all of them if its trip count is a
 *                     constant, gain more without those loads than the
 *                     prologue's latency costs the first row: 2 rows of
 *                     1000 f16 a core, 1182 -> 1128 cycles). Bounds are
 *                     launch-time index arithmetic (ktc-lower's derived
 *                     symbols); ktc-lower orders the passes' row buffer
 *                     accesses (the next row's loads wait for the last
 *                     pass reading the row's copy, a row ahead with two
 *                     copies). Taken when the cost model finds the
 *                     program faster (its "program modeled" line, reading
 *                     what the passes no longer load less; when it has
 *                     none, a row's passes on every core, a jammed run's
 *                     together), by more than the first pass's DMA
 *                     latency with one copy, whose wait exposes it. The
 *                     program is priced when the first pass runs the same
 *                     tiles in every row (ragged rows save only their own
 *                     tiles' loads): Triton's LayerNorm at 4096 rows of
 *                     1000 on 4 cores, 8 rows a jammed run, modeled
 *                     249448 -> 210691, 250618 -> 177882 cycles (its runs
 *                     were priced 2494 -> 2494 a run: the passes' nests
 *                     as a sum overstate the run's, which row-corelets
 *                     spreads over the corelets). Device memory shared by
 *                     many cores,
 *                     layernorm_fwd_ktir 556397 -> 193861 cycles (W and B
 *                     once a core), center_rows (N = 256) 660 -> 584; on one
 *                     core bound by its own units it would lose; Triton's
 *                     LayerNorm (three `range(0, N, BLOCK)` passes) on rows
 *                     of 8000 f16, 8192 apart on 32 cores: 122115 -> 49379
 *                     cycles. `--stats` says whether it is taken, with the
 *                     modeled cycles without and with it (the program's,
 *                     or a row's). Runs last.
 *                     Tile-size selection, before it, prices a later pass
 *                     (a tile loop of the block after one chosen before,
 *                     a load of the same row chunks: a reinterpret_cast of
 *                     the same memref, sizes and strides, its offset the
 *                     same but for the terms of its own tile loop's IVs)
 *                     also without those loads, at no fewer phases, and
 *                     takes that choice when it is faster there and no
 *                     slower with them (the row may not fit, or not pay):
 *                     center_rows --assume N=4096, 5479 -> 5301 cycles.
 *
 *  corelet-blocks     Runs within corelets (listed last, to keep the other
 *                     flags' bits): a point loop of one iteration (the
 *                     cost model's tile of one point split over N
 *                     instances, nest_cost.h point_passes: a wide row a
 *                     tile) whose body holds several parallel loops (the
 *                     row's passes and the levels of its reductions) has
 *                     each of them split instead, in blocks: scf.for %i = 0
 *                     to n becomes
 *                       ktdf.parallel (%b, %inst) = (0) to (N) step (1)
 *                         distribute(num_instances = N) {
 *                         scf.for %j = 0 to n / N { .. %b * n / N + %j .. } }
 *                     (ktc-lower gives an instance the same points either
 *                     way; as a loop of its own, stream-loops streams an
 *                     instance's block and the splat it reads is loaded
 *                     once). Both corelets work on a row as soon as it has
 *                     landed, the next one landing meanwhile; a level's
 *                     halves feed the next level, which reads both
 *                     (ktc-lower signals across the corelets); the rest
 *                     of the body (a reduction's last vector, a splat)
 *                     stays whole, on corelet 0. A kernel's own loop (a
 *                     Triton kernel's over a row's blocks) whose body is a
 *                     parallel loop has that inner loop split, every
 *                     block (a scaling pass; tests/passes/nest/
 *                     corelet_blocks_block_loop.mlir, 1006 -> 885 cycles
 *                     on sample); one whose inner iterations each carry
 *                     an accumulator of their own over the blocks (a
 *                     blocked max or sum, vector by vector) has the two
 *                     loops swapped first when register-carry then takes
 *                     the block loop (nest_carry_swap_out): the parallel
 *                     loop is split around the block loop, an instance
 *                     folding its vectors over every block in registers,
 *                     one fork and join a pass, not one a block
 *                     (tests/passes/nest/corelet_blocks_swap.mlir: 819
 *                     -> 617 cycles on sample; a blocked softmax's rest
 *                     tile of one row, 12 rows of 8192 in blocks of 1024
 *                     on 4 cores: spyre 3702 -> 3331). The cost model
 *                     counts the loads of every such loop as whole
 *                     (point_whole; pessimistic for a split pass; counted
 *                     split, that softmax takes tiles of one row, 3-6%
 *                     slower on spyre, 10-17% on sample), but split in a
 *                     rest tile of one row (point_blocks: 3 rows of 4096
 *                     a core, tiles of 2 and a rest tile, not one tile
 *                     of 3: spyre 2781 -> 2086; tests/passes/nest/
 *                     stats_rest_blocks.mlir): a blocked
 *                     softmax, 8192 columns in blocks of 1024, 4 rows a
 *                     core on spyre, takes tiles of 2 rows, a row a
 *                     corelet: 6021 -> 3984 cycles. A body of one
 *                     parallel loop is corelets' own inner split,
 *                     unchanged. A point loop of several points that
 *                     corelets cannot split (its points add into one
 *                     accumulator: a masked variance's blocks, each two
 *                     pipelines, the block's `where` in i32 lanes and its
 *                     square in f16's) and whose body is index arithmetic
 *                     and two or more parallel loops has each of them
 *                     split the same way, point by point (tests/passes/
 *                     nest/corelet_blocks_points.mlir; tests/kernels/
 *                     var_blocks_masked 657 -> 557 cycles on spyre,
 *                     layernorm_masked 1663 -> 1418); before, both ran on
 *                     corelet 0 though the cost model priced the tile
 *                     split.
 *  chunk-loads        Part of coarsening (listed after the others, to keep
 *                     their flags' bits): loads of a tile, none within
 *                     another, that differ only in a constant offset, each
 *                     a window of one inner loop lying end to end with the
 *                     next (the K chunk loads c + i * C/K, i < K, of a
 *                     reduction level no pass of the point reads the row
 *                     whole for: reduction-producer's fused exponentials)
 *                     become one bulk DMA into one buffer, the first
 *                     window grown over all of them, the others reading it
 *                     shifted (as loads within another's elements do).
 *                     Split, each was a DMA of its own, interleaved in
 *                     device memory with the other cores' DMAs, so the row
 *                     landed only with its last one (softmax_8x16384, rows
 *                     tiled whole: every core started 750-830 cycles in,
 *                     core 0 at 411 with one DMA).
 *  unit-loops         Runs before fuse-pipelines (listed last, for the same
 *                     reason): an scf.for of one iteration (0 to 1 step 1,
 *                     no results) whose body is index arithmetic and one
 *                     pipeline (a reduction level of one output: the fold
 *                     of a row's last K partials) becomes its body, the IV
 *                     0; fuse-pipelines then joins that pipeline with the
 *                     reduction's last vector's, which takes the folded
 *                     vector in registers instead of a store, a signal and
 *                     a load back (fuse-pipelines takes a constant
 *                     subscript by its value: each pipeline builds its
 *                     own 0). softmax_8x16384 3781 -> 3737 cycles,
 *                     softmax_wide 38222 -> 38178.
 *  store-blocks       Runs last (listed last, for the same reason): an
 *                     outer pipeline run a constant number of times (the
 *                     product of the trip counts of the loops around it:
 *                     the tiles a core runs) whose store stage moves a buffer
 *                     in one bulk DMA that the compute stage just before
 *                     it writes only in its last pass, a corelet-blocks
 *                     split (a one-point loop; N instances, the IV used
 *                     only as %i * P, one pipeline whose stages each loop
 *                     J times over u points of the block, the loop's IV
 *                     used only as %j * u, u * J = P), splits the pass
 *                     and the store in B = 4 blocks (fewer when they do
 *                     not divide J and P): block q's pass has instance %i
 *                     do the points q * N * P / B + %i * P / B on (its
 *                     loops J / B iterations), block 0 in the compute
 *                     stage, each other block in a compute stage of its
 *                     own after it (a copy of the stage with that pass
 *                     alone), and the store is B DMAs of N * P / B points
 *                     in order. ktc-lower signals each DMA after its
 *                     block's stage (a loop in a stage counts with its
 *                     bounds, sched/lower_sync.c), so the row's first
 *                     blocks go out while the last is computed and only
 *                     the last block's store is left after the pass
 *                     (softmax_8x16384: 3737 -> 3639 cycles). Each block
 *                     fills and drains its own pipeline and reloads its
 *                     splat, every run, while the store it hides is the
 *                     last run's: the split is taken only when the cost
 *                     model says it saves (nest_cost_store_blocks: (B - 1)
 *                     / B of the last store over the write path, against
 *                     B - 1 trips through the on-core chain and two
 *                     signals every run): softmax_4x4096 (2 rows of 8 KiB
 *                     a core) modeled -24, stays whole (1237 split, 1227
 *                     whole); 16 rows of 16384 on 4 cores, 4 a core: 6158
 *                     -> 6127; softmax_4096x1024, many tiles: 82433 ->
 *                     82446 split, whole.
 *  overlap-rows       Runs after normalize, before tiling (listed last, for
 *                     the same reason; sched/nest_overlap.c): a row loop
 *                     (0 to a constant N >= 2, its body index arithmetic,
 *                     loops and pipelines) whose row does not fit the
 *                     scratchpad (nest_point_fits: each pass a nest of its
 *                     own) is software-pipelined: G, its first parallel
 *                     loop L (a max's first level) and what follows up to
 *                     E, the next parallel loop of the same trip count (the
 *                     exponentials with the sum's first level), runs for
 *                     row r + 1 during row r:
 *                       G(0)
 *                       for r < N - 1 { E(r) + L(r + 1); rest(r); G'(r + 1) }
 *                       E(N - 1); rest(N - 1)
 *                     (E + L one loop whose iteration runs E's body, then
 *                     L's for the next row; G' is G without L). On a core
 *                     the units then share two passes that each leave some
 *                     idle (the max pass loads two vectors for one max,
 *                     the exponentials compute four for two loads). Every
 *                     op computes what it did, so the result is bit-exact.
 *                     Only when nothing sees the move: no buffer L writes
 *                     is touched by E or the rest, none G' writes is
 *                     written by them (the row's max, which E reads, is
 *                     written after rest(r)), G writes no device memory and
 *                     reads none made from a base they write (refused in
 *                     place), touches no buffer they write. `--stats` says
 *                     whether it is taken, and why not. The prologue, the
 *                     loop and the epilogue hold nests of their own; once
 *                     every transformation has run, the program's
 *                     scratchpad buffers are allocated at its start when
 *                     they fit there together, or ktc-allocate lets a nest
 *                     share bytes with the one before and its first DMA
 *                     waits for that one (softmax_wide: 38178 -> 37880
 *                     cycles with the bytes shared, 36599 allocated at the
 *                     start; softmax_4x262144, 2 cores: 40266 -> 38108).
 *                     A row that fits is a tile loop's point (its passes in
 *                     one compute stage, the next row streaming in): not
 *                     taken (softmax_8x16384).
 *  overlap-division   Part of overlap-rows (listed last, for the same
 *                     reason; sched/nest_overlap.c): with 2 rows, row 0's
 *                     division D(0) (the body's last pass, k <= 16 times
 *                     E's points) leaves the loop for row 1's
 *                     exponentials, k of its points after each of E(1)'s:
 *                       G(0); E(0) + L(1); S(0); G'(1); E(1) + D(0);
 *                       S(1); D(1)
 *                     The exponentials keep the compute unit busy (a
 *                     subtraction, an exponential, an add and a send a
 *                     vector) while the division keeps device memory busy
 *                     with its stores; apart, the last row's exponentials
 *                     ran 3800 cycles with device memory idle. E(1), S(1)
 *                     and D(1) use a copy of each buffer E writes and D
 *                     reads (the row's exponentials), only when the
 *                     scratchpad holds it beside the program's other
 *                     buffers with an eighth of it left for the nests'
 *                     tiles; only when D writes nothing G' and E touch,
 *                     reads nothing G' writes and writes no device memory
 *                     from a base they use. `--stats` says whether it is
 *                     taken, and why not. softmax_4x262144 (2 cores): 36114 -> 35232
 *                     cycles (roofline 31028: 1.16 -> 1.14), softmax_wide
 *                     33504 -> 33270, softmax_2x131072 (sample) 29482 ->
 *                     28059; bit-exact.
 *  balance-rows       Part of tile-size selection (listed last, for the
 *                     same reason): when the cost model's best choice
 *                     splits a tile's points unevenly over the corelets (25
 *                     rows a core in tiles of 5 on 2 corelets: 15 rows on
 *                     one, 10 on the other, every tile), it prices the
 *                     points less r (r < the instances) in tiles its model
 *                     chooses that split evenly, plus the r points left as
 *                     a program of their own, and takes that when it is
 *                     faster: the tile loop runs the whole tiles, and a
 *                     copy of it after runs one tile of the r points
 *                     (point IV whole * T + t * r + i), with its own
 *                     scratchpad buffers (those of the nest alone, counted
 *                     beside the whole tiles' when their tile is chosen:
 *                     3 rows of 2048 in f32 on 128 KiB took tiles of 2 and
 *                     a rest of 1 in 152352 bytes, now tiles of 1); a nest
 *                     coarsening, double buffering and corelets take like
 *                     any other (a row of one point: corelet-blocks). Only
 *                     a constant trip count, a tile loop at the program's
 *                     top level, not with row-phases. The program's
 *                     scratchpad buffers are then allocated at its start
 *                     when they fit (as after overlap-rows). `--stats` says
 *                     when it is taken. softmax_100x1024 on 4 cores (25
 *                     rows each): tiles of 2 over 24 rows and 1 left, 4011
 *                     -> 3530 cycles; rmsnorm 2906 -> 2675.
 *  rest-tiles         Part of tile-size selection (listed last, for the
 *                     same reason): a constant trip count n may take a tile
 *                     T that does not divide it. The tile loop runs the
 *                     n / T whole tiles and a copy of it after runs one
 *                     tile of the n mod T points left (as balance-rows
 *                     peels: a nest of its own, one phase, its own
 *                     buffers); the cost model prices the two (nest_cost.h,
 *                     rest_tiles) and tries such tiles up to 64 points and
 *                     at powers of two past it. A --tile-sizes that does
 *                     not divide takes the same form. Off, the model takes
 *                     divisors only and such an override a last tile of
 *                     min(T, n - t T) points, its point loop of run-time
 *                     trips moving a vector a DMA (softmax_vocab's division,
 *                     500 points in tiles of 16: 81897 cycles that way,
 *                     3693 with its rest). Not in resident-rows' choice.
 *                     `--stats` says when it is taken. The division over a
 *                     row of 32000 f16 (500 chunks: divisors 4, 20, 100 on
 *                     2 corelets) takes tiles of 16 and a tile of the 4
 *                     left, its splat loaded once a block of 8:
 *                     softmax_vocab (spyre) 4062 -> 3500 cycles,
 *                     softmax_vocab_odd 7685 -> 5217. Softmax over 2 rows
 *                     of 384000 f16 a core, 375 points of exponentials:
 *                     tiles of 2 and a rest of 1, 54748 cycles against
 *                     56339 in tiles of 15 (overlap-division off; its
 *                     extra nests had pushed a splat past splat-hoist's
 *                     old limit of 64, 59982 that way).
 *  single-row         Part of tiling (listed last, for the same reason):
 *                     a loop of one trip (a core's one row) around inner
 *                     loops of pipelines (a multi-pass row) is taken as the
 *                     point loop, a tile of that one point, when the cost
 *                     model finds it faster than its passes each a nest of
 *                     their own (each inner loop modeled alone, and the
 *                     pipelines of its body that move device memory, a
 *                     max folded in registers as the row loads, as a
 *                     program of one point): the row then moves in one DMA
 *                     and its passes share one compute stage, split over
 *                     the corelets (corelet-blocks), instead of each pass
 *                     loading it again after the one before has run
 *                     (softmax_7x1024 on 7 cores 791 -> 600 cycles,
 *                     softmax_16x4096 on 16 cores 2326 -> 1447; rows of
 *                     32768 or of 4096 on one core stay passes apart, their
 *                     tiles streaming).
 *  shared-words       Runs after resident-rows (listed last, for the same
 *                     reason), on the loads the other transformations do
 *                     not take: ktc-path-expand's loads of a row that
 *                     starts inside a word (a vocabulary row of 50257
 *                     f16), widened to the words around it, at `mod`
 *                     subscripts. When a pipeline loads such a row's
 *                     words whole into its staging buffer (a max over the
 *                     row) and later pipelines after it load blocks of the
 *                     same row again (the exponentials, 512 at a time),
 *                     that staging buffer becomes the program's
 *                     %row_words, and the later blocks read their elements
 *                     there instead of loading them: their DMA stage and
 *                     staging buffer go (sched/nest_words.c).
 *  misaligned-rows    Part of tiling (listed last, for the same reason): a
 *                     loop around several passes (inner loops and
 *                     pipelines), one of them a loop of more than one
 *                     iteration, is not the point loop when a DMA under it
 *                     has a side nest_read_side cannot read (rows starting
 *                     inside a word, widened at `mod` subscripts):
 *                     coarsening could not take the point's DMAs, so its
 *                     rows would run one after the other, each pass
 *                     uncoarsened, on one corelet. The passes inside are
 *                     tiled instead. Softmax over 2 rows of 4001 f16 on
 *                     one spyre core 3289 -> 3140 cycles, of 9999 6607 ->
 *                     5463; softmax_vocab_64x50257 77907 -> 73657;
 *                     matmul_kloop (A's rows half a word) 29084 -> 6366.
 *                     Rows of 1500 to 3143 lose 2 to 8 cycles in 1700 to
 *                     10200.
 *  invariant-sends    Runs after store-blocks (listed last, for the same
 *                     reason; sched/nest_sends.c): a transfer at the top
 *                     of a load stage's loop sending the same scratchpad
 *                     elements at every iteration (a buffer the pipeline
 *                     does not write, at subscripts the loop does not
 *                     move: the row's splatted rstd sent with each vector
 *                     of a scaling pass) into a FIFO slot that one read
 *                     at the top of the compute stage's loop of the same
 *                     trips takes, is sent once just before the loop, and
 *                     read once just before the other, the vector kept in
 *                     a register (the slot gets a fifo allocation of its
 *                     own; on the datapath both ends keep their order).
 *                     Out of a nest of such loops (a block's chunks, each
 *                     folding the blocks: register-carry's interchange)
 *                     as far as the subscripts do not move, the two nests
 *                     of the same trips level by level (stream-loops'
 *                     blocked softmax 6549 -> 6021 cycles; tests/passes/
 *                     nest/invariant_sends_nest.mlir).
 *                     Only when the compute loop's peak of live vectors
 *                     plus two fits max_vregs. rmsnorm_1024x1024 24376 ->
 *                     22832 cycles on spyre (the load unit, busiest, sent
 *                     three vectors for each it computed),
 *                     layernorm_1024x1024 (mean and rstd) 41025 -> 34612,
 *                     layernorm_fwd_rows 2323 -> 2230.
 *  carry-merge        Runs inside register-carry (listed last, for the
 *                     same reason; sched/nest_carry.c). The pipelines
 *                     register-carry makes of one loop's accumulators (a
 *                     row's sum and sum of squares), in a row, become one:
 *                     its load stage streams every accumulator's blocks in
 *                     one loop, a block two of them load alike (the same
 *                     elements, mode and slot type) loaded once, its read
 *                     taking the first's value; its compute stage's loop
 *                     carries all the accumulators; its store stage stores
 *                     them after it. Only when the stages run on the same
 *                     units, the loops have the same bounds and the
 *                     compute loops' vectors (what they carry and make)
 *                     fit max_vregs. And the interchange's inner loops,
 *                     when they have the same bounds (a row's two sums
 *                     over the same chunks of each column block), are
 *                     joined into one loop swapped once with the block
 *                     loop, not split into one loop each, when
 *                     register-carry takes the joined loop. Layernorm
 *                     (sums of x and x^2 over 4 blocks of 256) on 1024x1024
 *                     f16, 4 spyre cores: 33092 -> 30148 cycles (the load
 *                     unit moved each block twice); tests/kernels/layernorm
 *                     on sample 447 -> 395.
 *  peel-carries       Runs last (listed last too; sched/nest_peel.c): an
 *                     scf.for carrying vectors (a compute stage's loop with
 *                     iter_args of tensors), of constant bounds and a trip or
 *                     more, one of whose initial values ktc-codegen cannot
 *                     make the loop's register (a constant vector: an
 *                     arith.constant, a tensor.splat, a generic with no
 *                     inputs; a value made outside the loop's block, or read
 *                     by anything else), runs its first iteration just before
 *                     the loop, on the initial values, and the loop starts at
 *                     its second, carrying what the first made (a loop of one
 *                     trip goes, its results the iteration's). ktc-codegen
 *                     copied each such value into the loop's register at
 *                     every entry (a vshuf); the first iteration's results
 *                     are made in place. The same ops on the same values in
 *                     the same order: bit-exact. Inner loops first, so an
 *                     outer loop's peeled iteration holds them peeled.
 *                     layernorm_1024x1024 on spyre 25645 -> 24617 cycles (8
 *                     copies a row).
 *  register-folds     Runs after fuse-points, before fuse-pipelines
 *                     (listed last, for the same reason;
 *                     sched/nest_folds.c): a pipeline reducing a row of C
 *                     lane-wide chunks (2 <= C <= 8, a power of two; its
 *                     load stage loading the row whole from the
 *                     scratchpad, its compute stage reducing it with a
 *                     one-op combiner, no producer) joins the pass before
 *                     it when that pass's compute stage makes the row's
 *                     chunks and its store stage stores them (a row's sums
 *                     as register-carry leaves them: per chunk, an
 *                     accumulator carried over the column blocks). The
 *                     chunk loops of that pass's compute and store stages
 *                     are unrolled (a loop nest of one pipeline around it
 *                     streamed first, or unwrapped when of one trip); the
 *                     chunks are folded in registers as ktc-interp folds
 *                     the row (chunk c with chunk c + C/2, each combine an
 *                     elementwise generic after its later chunk), then the
 *                     reduction runs on the lane-wide vector left, with its
 *                     init, its result stored as before: bit-exact. The
 *                     row's stores go when nothing else loads it. Not
 *                     taken when the reduction's stores touch what the
 *                     pass loads or stores. fuse-pipelines then joins
 *                     what reads the result (a row's mean and rstd):
 *                     layernorm_1024x1024 on spyre 24617 -> 22261 cycles,
 *                     one pipeline a row; softmax_1024x256 5979 -> 5571
 *                     (the sum folded into the exponentials, the division
 *                     joined, the row no longer stored).
 *  re-tiling          Part of tile-size-selection (listed last, for the
 *                     same reason; sched_nest in nest.c): tile-size
 *                     selection prices a point's passes as they are before
 *                     register-carry, register-folds and fuse-pipelines
 *                     merge them, each waiting for the one before once a
 *                     tile, which favours large tiles. A program that is
 *                     one nest of 8 tiles or more (no --tile-sizes), whose
 *                     pipelines merged, is run again from ktc-nest's
 *                     input with that tile size a quarter, half and twice
 *                     (the phases and instances the model's), each run
 *                     priced by the merged model (nest_program_merged, the
 *                     --stats "program modeled" line); the fastest by 0.5%
 *                     at least is kept, --stats giving that run's lines
 *                     and "re-tiling: tile T, not T0 (..)". Candidate runs
 *                     that fail are dropped. layernorm_1024x1024 on spyre
 *                     tiles of 16 rows -> 4: 22261 -> 21519 cycles;
 *                     softmax_1024x256 32 -> 16: 5571 -> 5319;
 *                     rmsnorm_2x2 stays at 2 (31193; it took 4, 31260,
 *                     while the merged model charged a streamed pass's
 *                     whole compute to the round trip between passes).
 *                     On fewer tiles its error on the first and last ones
 *                     outweighs (norm kernels of 16 rows: 3-11% slower).
 *  row-jam            Runs after overlap-rows, before tiling (listed last,
 *                     for the same reason; sched/nest_jam.c): a row loop
 *                     (0 to a constant N >= 2, after normalize; carrying
 *                     nothing; its body index arithmetic, loops and
 *                     pipelines, two passes or more) that tiling does not
 *                     take as a point loop (nest_is_point_loop: its passes
 *                     loop to a count known only at launch, or the row
 *                     does not fit) runs K = min(4 or 8, N) rows a run,
 *                     pass by pass:
 *                       for j < N / K { P1(jK) .. P1(jK + K - 1); ..;
 *                                       S(jK); ..; S(jK + K - 1) }
 *                       for i < N mod K { the row N - N mod K + i }
 *                     P1..Pm are the passes before the first that writes
 *                     device memory; S, the rest of the body, runs row by
 *                     row as before (the rows' stores keep their order). A
 *                     pass that is a loop whose bounds are made outside
 *                     the row loop runs once for the K rows, its iteration
 *                     running each row's body in turn (their loops fused:
 *                     a tile then moves the K rows' blocks). On a core's
 *                     in-order units a row's passes wait on one another (a
 *                     block's accumulator read back, the sum reduced
 *                     before the next pass reads the mean); the other
 *                     rows' work of the same pass fills those waits.
 *                     Every scratchpad buffer the rows write gets K
 *                     copies; what they only read stays one; index
 *                     arithmetic not depending on the row moves before the
 *                     loop. Bit-exact. Taken only when nothing sees the
 *                     move: every buffer the rows write is used in the
 *                     loop only and written in a row before it is read;
 *                     the passes P read no device memory made from a base
 *                     S writes; the copies take at most 1/16 of the
 *                     scratchpad. `--stats` says whether it is taken, and
 *                     why not. The cost model decides whether it stays,
 *                     and K (sched_nest in nest.c, as re-tiling): the
 *                     transformations run again from ktc-nest's input
 *                     with 8 rows a run (when N > 4) and without row-jam;
 *                     the jammed run the model prices fastest stays when
 *                     it is modeled faster than the one without (the
 *                     "program modeled" line, trip counts the model
 *                     knows; 2% faster at least before the model priced a
 *                     program's first nest of all-at-once loads like the
 *                     jammed passes after it, then 1%: rmsnorm_masked at
 *                     n = 200 on spyre 560 -> 522 cycles, layernorm_rows_n
 *                     on sample 27584 -> 23401, layernorm_triton_4096x1000
 *                     on sample 1761895 -> 1472995; then none, the model
 *                     pricing the row-by-row program of a row's chain of
 *                     passes low: layernorm_masked at n = 1000 on spyre
 *                     modeled 951 jammed, 955 not, ran 946 and 998;
 *                     layernorm_masked_loop_n 955 -> 906, of the 560 sweep
 *                     launches 3 faster by 6-8% and no other moving, 1 of
 *                     512 dag-fuzz launches faster by 11%; or, priced at
 *                     the nominal values, no slower within JAM_TIE: a
 *                     bandwidth bound both runs meet at that size hides
 *                     the waits jamming takes away at others, as once
 *                     resident-rows keeps the rows of jammed runs:
 *                     layernorm_rows_n at n = 256, all three runs modeled
 *                     16940 at the nominal n, ran 1456 jammed and 2925
 *                     not; a tie at the values --assume gives stays
 *                     unjammed:
 *                     layernorm_triton_256x8000, 46415 either way, ran
 *                     47175 unjammed and 49719 jammed); of jammed
 *                     runs priced within half a percent of each other,
 *                     the one of more rows a run (JAM_TIE: the model does
 *                     not tell them apart; layernorm_rows_n on sample,
 *                     rows on their corelets, 4 and 8 rows a run modeled
 *                     72183 and 72231 cycles, simulated 21350 and 19625),
 *                     --stats saying "row-jam: kept, K rows
 *                     a run (..)" or "dropped (..)" with every run's
 *                     modeled cycles. Without a model (launch-time trip
 *                     counts, no --assume), every run is priced at the
 *                     same nominal values of the kernel arguments: each
 *                     the largest that makes a trip count tile-size
 *                     selection priced at its nominal count (16 points)
 *                     that count, in the first run (nest_note_nominal;
 *                     "modeled at the nominal n = 4096: .."); without
 *                     those either, row-jam goes. Triton's LayerNorm
 *                     compiled without --assume: 336559 -> 256783 cycles
 *                     at n = 1000; of 80 LayerNorm-like kernels, row-jam
 *                     kept in 87 of 160 kernel-device pairs, their 257
 *                     launches 0.814 the cycles (geomean; 4 slower, by
 *                     4% at most). With tile-size selection off (nothing
 *                     priced) it stays;
 *                     with --tile-sizes (which names the reserve_size ops
 *                     of the program as it comes) it is not made. The
 *                     model charges no round trip between two pipelines
 *                     of a point that are different rows of a run
 *                     (row-jam marks them `jam_row`) and share no buffer:
 *                     the K rows' pipelines of a pass issue back to back
 *                     (between any others, one, as before). Triton's
 *                     LayerNorm, 4096 rows of 1000 f16 on 4 cores,
 *                     --assume n=1000 (10 passes, 1024 rows a core, 8 a
 *                     run): 320099 -> 256783 cycles on spyre, 1.28 -> 1.03
 *                     of the roofline, device memory then 97% busy
 *                     (modeled 322885 -> 299761; 4 rows a run, 301445,
 *                     ran 273440); 64 rows of it
 *                     (tests/kernels/layernorm_rows_n.mlir): 5327 -> 4462.
 *                     On kernels of 2 rows a core the model prices the
 *                     jammed program slower, and drops it.
 *  word-spans         Part of coarsening (listed last, for the same
 *                     reason): a tile's DMA whose per-point windows
 *                     overlap in device memory (ktc-path-expand's loads of
 *                     a row that starts inside a word: two words a vector,
 *                     the next vector's one word on), or a masked store's
 *                     part words that touch (a vector astride two words),
 *                     moves the one run they cover, once: the points and
 *                     the inner loops around the pipeline each step no
 *                     further than the window and the dims of smaller step
 *                     cover, the window one dim of stride 1, its buffer
 *                     its own. The DDR side is a view of the tiles' runs
 *                     ([tiles, span], T * step apart), the scratchpad side
 *                     a flat buffer (a masked store's box at its offset in
 *                     the word there, so both ends keep the byte's place in
 *                     its word), rounded up to whole staging buffers; each
 *                     transfer reading or writing the old staging buffer
 *                     reaches the element at its place in the run. Before,
 *                     every vector moved two words and every stored vector
 *                     wrote two. The cost model prices the run (a point's
 *                     step, the window's end once a tile: nest_span_bytes).
 *                     Triton's LayerNorm on packed rows (4096 x 1000 f16,
 *                     a row every 4 on 4 cores, --assume n=1000): 428630
 *                     -> 356616 cycles on spyre, device memory read 17.8
 *                     -> 13.0 MB a core; tests/kernels/layernorm_packed
 *                     0.96-0.97x, rows_stride_words 0.97x.
 *  forward-copies     Runs last, on the program the cost model priced
 *                     (sched/nest_forward.c): a tile loop's pipeline whose
 *                     compute stage only copies (its points each a pipeline
 *                     loading elements of a scratchpad buffer A, passing
 *                     them through the compute unit unchanged: no op or an
 *                     identity linalg.generic of the same element type, and
 *                     storing them at the point's place of the staging
 *                     buffer B) and whose next stage is the DMA storing B
 *                     to device memory: the DMA reads A directly, and the
 *                     copy stage and B go (a row's sum that a loop carried
 *                     in the scratchpad, stored as it is). Only when the
 *                     points' places in A are adjacent runs (the point IV
 *                     moves one subscript by the size loaded there; the
 *                     dims after it whole, those before it of size 1; not
 *                     made from a corelet instance), the DMA reads every
 *                     point of B in order and nothing else touches B, the
 *                     run starts as aligned as the DMA unit reads the
 *                     scratchpad, and its shape is the destination's (or
 *                     one run of A's last dim into a destination whose
 *                     view is contiguous: the view becomes [1, N]), and
 *                     when nothing writes A after the DMA (no op after it,
 *                     no later iteration of a loop around it, no later
 *                     call of the program): such a writer would wait for
 *                     the DMA's data to land in device memory, where the
 *                     copy let it go once copied (sum_blocks_n a row at a
 *                     time, its sum rewritten for the next row: 498 ->
 *                     624 cycles forwarded, so not). tests/kernels/
 *                     sum_blocks_n on spyre at n = 1000, 2 rows a run:
 *                     471 -> 449 cycles.
 *  row-corelets       Runs last, after forward-copies (sched/nest_jam.c):
 *                     in a program row-jam ran K rows at a time, every
 *                     pipeline of jammed row r (`jam_row = r`; splat-hoist
 *                     gives the pipelines it makes their row's) outside
 *                     every ktdf.parallel, with r mod C > 0, gets
 *                     `corelet = r mod C` (C the corelets of a core), so
 *                     that the stages corelets left whole (a row's pass
 *                     over a count known only at launch, its reduction's
 *                     tail, its splat) run on the row's own corelet: the
 *                     run's rows side by side on as many corelets, where
 *                     before all of them ran on corelet 0 one after the
 *                     other. ktc-lower runs every corelet-level unit kind
 *                     on C corelets then, and signals between stages left
 *                     whole on different corelets from every lane of one
 *                     kind to every lane of the other (sched/lower.h).
 *                     What the rows share they only read (row-jam gives
 *                     every buffer a row writes a copy a row); the
 *                     program's scratchpad buffers move to its start when
 *                     they fit there together (nest_overlap_allocs), so
 *                     that no row waits for another to be done with bytes
 *                     the allocator let them share. fuse-pipelines and
 *                     carry-merge keep the rows' pipelines apart (above),
 *                     and the program model prices the nests and
 *                     pipelines of rows on corelets 1 to C - 1 beside
 *                     corelet 0's (the largest sum), a nest holding
 *                     several rows' pipelines as a split over C. Not
 *                     taken when a ktdf.parallel of the program has other
 *                     than C instances (ktc-lower runs a kind on one count
 *                     of corelets), or the device has one corelet a core.
 *                     rmsnorm_masked at n = 200 on spyre: 517 -> 456
 *                     cycles (441 with fuse-pipelines' joins past the
 *                     other row), layernorm_masked at n = 1000: 935 ->
 *                     907 (882); of the 560 sweep launches, 31 faster (to
 *                     0.71x), none slower (tests/passes/nest/
 *                     row_corelets.mlir, fuse_rows_apart.mlir;
 *                     tests/passes/lower/row_corelets.mlir).
 *  reuse-results      Runs after the cost model priced the program, before
 *                     forward-copies (sched/nest_reuse.c): of two
 *                     passes of one block, A before B (each a pipeline,
 *                     or a nest of loops around one), each computing
 *                     the same part E of a linalg.generic's body from an
 *                     element of scratchpad buffer X (loaded into a FIFO)
 *                     and from vectors each reads once before its loops
 *                     from the same place (a row's max splat): Triton's
 *                     softmax over column blocks, whose sum pass and
 *                     output pass both compute exp(x - max) of every
 *                     block. A's compute stage computes E in a generic of
 *                     its own and sends it to A's store stage, which
 *                     stores it into a new buffer R of X's shape (its
 *                     buffer-phase dims dropped) where A loaded the
 *                     element; B loads R there instead of X, E leaves its
 *                     generic, and a once-read vector it no longer reads
 *                     is no longer loaded. B's compute unit saves E's ops
 *                     a vector; A's sends one vector more, its store unit
 *                     stores it. Bit-exact: B reads the values A computed
 *                     from the same elements. Only when E has two ops or
 *                     more, computes X's element type and only its last
 *                     op is used outside it (B's element by E alone);
 *                     nothing between A and B, nor either, writes X or
 *                     the once-read vectors' places; A's load of X is in
 *                     loops of constant bounds matching those of its
 *                     compute stage, at dense places over those and the
 *                     pass's loops (a subscript one loop's IV times the
 *                     step moving it by its size),
 *                     apart across a corelet split around A, and B reads
 *                     none outside them; A's store stage holds A's compute
 *                     loops down to the level whose body it stores in, at
 *                     most the first, the levels below unrolled there (at
 *                     most MAX_UNROLL stores; ktc-lower pairs a store
 *                     stage's loop with its load stage's by a body
 *                     holding no loop that moves FIFO data), and what
 *                     that body receives a run fits its FIFOs (ktc-lower
 *                     may hold its stores until the load stage sent the
 *                     run's loads: softmax_2x8192_blocks on sample, whose
 *                     FIFO entries are 64 bytes, deadlocked so: not
 *                     taken there); R fits the scratchpad beside the
 *                     program's buffers. `--stats` says when it is taken,
 *                     and why not once E matched. softmax_blocks_16x8192
 *                     on spyre 3912 -> 3689 cycles (SFU busy 2231 -> 1975
 *                     a corelet), softmax_2x8192_blocks 2021 -> 1898,
 *                     softmax_8x2048_blocks (its sum pass a loop over the
 *                     blocks around a pipeline) 1612 -> 1540,
 *                     tests/kernels/softmax_blocks_kept 815 -> 788 (tests/
 *                     passes/nest/reuse_results.mlir). Passes that are
 *                     nests of their own (a row a core: each pass DMAs
 *                     the row again) are not taken: R would have to span
 *                     the tiles of two nests.
 *  late-prologue      Runs last (sched/nest_prologue.c): a pipeline at the
 *                     program's top of one stage of loads alone (device
 *                     memory into the scratchpad: a weight that broadcast
 *                     hoisted) right before a tile
 *                     loop (pure ops between; its bounds known before
 *                     launch on every core, at most 8 trips: on many, the
 *                     first tile's latency is worth little and the moved
 *                     prologue cost rmsnorm_1024x1024 0.8%, 20830 ->
 *                     20999 cycles) becomes a stage of the
 *                     loop's first pipeline (the first op of its body with
 *                     an effect), right after that pipeline's first stage
 *                     when that stage only loads too, on the same unit,
 *                     and touches none of the prologue's buffers, which
 *                     nothing outside the loop uses. The stage's body goes
 *                     into `scf.for %first = %iv to lb + 1`: one trip in
 *                     the loop's first iteration, none after (a loop of
 *                     no trip loads nothing, and nothing reads it). So
 *                     the DMA unit issues the first tile's loads before
 *                     the weight's, and the first pass starts as its tile
 *                     lands, where it waited for every core's weight
 *                     first; only the pass that reads the weight waits for
 *                     it (ktc-lower: the stage runs in the first iteration
 *                     alone, so it has no next one to hold the loop's
 *                     loads back for; a wait goes inside a point loop of
 *                     one trip). A prologue inside a row loop (a copy a
 *                     row, ordered by the row loop's credits) is left.
 *                     An rmsnorm of 8 rows of 4096 f16 times a weight on
 *                     4 cores, spyre: 1219 -> 1133 cycles; of the 642
 *                     sweep launches, layernorm_8x1024 769 -> 729,
 *                     layernorm_8x2048 1710 -> 1637 and 7 more faster,
 *                     one slower by a cycle (tests/kernels/
 *                     rmsnorm_weight_8x2048.mlir: 800 -> 742).
 *  early-splats       Runs before the program model prices the program
 *                     (so before reuse-results, forward-copies,
 *                     row-corelets and late-prologue), which then prices
 *                     the splats where they go (sched/nest_early.c;
 *                     Triton's LayerNorm below: modeled 139511 -> 128759
 *                     cycles, simulated 125934). In a program row-jam
 *                     ran K rows at a time, a jammed row's splat pipeline
 *                     (splat-hoist's, its first stage splats alone, no
 *                     device memory) moves before the loop right before
 *                     it (index arithmetic it does not read between) when
 *                     that loop is a pass of other rows only, touching
 *                     nothing the pipeline touches: row r's mean or rstd
 *                     vector is made while row r - 1's stores run, where
 *                     row r's pass began with its units waiting on the
 *                     splat's chain (load unit, compute unit, store unit
 *                     behind row r - 1's stores, then the vector's load).
 *                     One step only, and past loops only: moved as far as
 *                     nothing orders them (each row's splat then waits for
 *                     its scalar before row 0's pass) or past a reduction's
 *                     pipeline, small runs got slower (a softmax of 2 rows
 *                     of 1000: 747 -> 765 cycles). Triton's LayerNorm,
 *                     4096 rows of 1000 f16 on 4 cores, spyre: 136158 ->
 *                     125934 cycles; of the 675 sweep launches, 3 faster
 *                     (to 0.976x), one slower by 3 cycles (tests/passes/
 *                     nest/early_splats.mlir).
 *
 * ktc-allocate then places the expanded buffers; ktc-lower turns modulo K
 * into K-credit signals (the consumer primes K-1 credits before the loop,
 * the producer drains them after it) and buffer_phase into index arithmetic.
 *
 * linalg.index in a compute stage's generic is the chunk's own coordinate
 * (ktc-split adds the chunk's origin, from loop IVs the body captures):
 * every transformation that rebuilds a loop's IV (normalize, tiling,
 * coarsening, corelets, corelet-blocks, store-blocks, fuse-points,
 * splat-hoist's unrolling, register-carry, stream-loops, resident-rows)
 * replaces it in generic bodies too, and none changes a compute generic's
 * iteration space; splat-hoist leaves linalg.index (the chunk's lanes)
 * out of the part of a body it moves into a splat's pipeline. A
 * transformation that merges chunks into a wider generic must carry the
 * index (origin + its own) or leave such generics alone.
 *
 * A program nothing applies to is left as it is (the pass is idempotent: a
 * pipeline with modulo, or under a tile loop, is not transformed again).
 * Launch-time trip counts (a loop to a kernel argument N) are priced by the
 * cost model at the bound the views give (`--stats` says so on the nest's
 * line, "a launch-time trip count of N: priced at its bound", and on the
 * program's), or, given `--assume N=VALUE` (an index or i32 argument;
 * repeatable; ktc compile passes it on), at what that value makes them on
 * the slowest tile id of the grid, within the bound (a count the views
 * give no bound for, a loop to a kernel argument over a view of that
 * many columns: at that value; without --assume, at a nominal 16 points,
 * or, bounded through remainders by constants and nothing else, at that
 * bound: the pieces of a contiguous row's offset in its word, (r mod 64)
 * / 32, at most 1, layernorm_triton_packed predicted +394% -> +32%)
 * (sched/nest_assume.c);
 * `--stats` then names the values taken and says of each assumption
 * whether it was used. Only the model's choices depend on them (tile
 * sizes, phases, whether resident-rows pays): the IR keeps the bounds and
 * the launch-time arithmetic, correct for every value. The program's
 * `--stats` line evaluates the trip counts of its loops for every tile id
 * (rows pid, pid + 32, ... of 1151: 36 on most cores, 35 and a remainder
 * on the last) and reports the slowest.
 *
 * Scratchpad room: each nest's tiles, phases and copies are chosen in
 * program order, each leaving half the room it finds to the nests after
 * it. When the program's buffers still exceed its scratchpad side by side
 * (summed as ktc-allocate would place them with no two sharing bytes), or
 * a nest was left no room for a tile, the transformations run again from
 * ktc-nest's input without row-phases, then also without row-jam, then
 * also without double buffering, until they fit; `--stats` says
 * "scratchpad: ... without NAME". A program on a scratchpad of 32 KiB
 * (tests/passes/codegen/devices/tiny_l1.mlir) overflowed it or had no
 * tile (tests/kernels/ragged_tiny_l1*.mlir); on spyre and sample no
 * kernel exceeds it (the fullest takes 99% of 2 MiB).
 *
 * Rejected with a located error: an --assume naming no index or i32
 * argument of the kernel, a --tile-sizes list whose length is not
 * the number of reserve_size ops, a non-positive tile size, a chosen tile
 * whose buffers exceed the scratchpad (naming the buffer, its size and the
 * capacity), a nest with no room for one point even without the
 * transformations above ("no tile fits", naming the room left beside the
 * program's other buffers).
 */
#ifndef SCHED_NEST_H
#define SCHED_NEST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

/* The transformations, in the order they run; the names are the --disable
 * spellings. */
#define SCHED_NEST_TRANSFORMS(X)                                                              \
    X(SINK, "sink")                                                                           \
    X(REDUCTIONS, "reductions")                                                               \
    X(REDUCTION_PRODUCER, "reduction-producer")                                               \
    X(NORMALIZE, "normalize")                                                                 \
    X(TILING, "tiling")                                                                       \
    X(SHARED_LOADS, "shared-loads")                                                           \
    X(TILE_SIZES, "tile-size-selection")                                                      \
    X(REMAINDER_NESTS, "remainder-nests")                                                     \
    X(REMAINDER_PIECES, "remainder-pieces")                                                   \
    X(COARSENING, "coarsening")                                                               \
    X(DOUBLE_BUFFERING, "double-buffering")                                                   \
    X(ROW_PHASES, "row-phases")                                                               \
    X(CORELETS, "corelets")                                                                   \
    X(SPLAT_HOIST, "splat-hoist")                                                             \
    X(BROADCAST, "broadcast")                                                                 \
    X(REGISTER_CARRY, "register-carry")                                                       \
    X(FUSE_POINTS, "fuse-points")                                                             \
    X(FUSE_PIPELINES, "fuse-pipelines")                                                       \
    X(STREAM_LOOPS, "stream-loops")                                                           \
    X(LANE_TRANSFERS, "lane-transfers")                                                       \
    X(CORELET_BLOCKS, "corelet-blocks")                                                       \
    X(RESIDENT_ROWS, "resident-rows")                                                         \
    X(CHUNK_LOADS, "chunk-loads")                                                             \
    X(UNIT_LOOPS, "unit-loops")                                                               \
    X(STORE_BLOCKS, "store-blocks")                                                           \
    X(OVERLAP_ROWS, "overlap-rows")                                                           \
    X(WIDE_FIRST_LEVEL, "wide-first-level")                                                   \
    X(BALANCE_ROWS, "balance-rows")                                                           \
    X(REST_TILES, "rest-tiles")                                                               \
    X(OVERLAP_DIVISION, "overlap-division")                                                   \
    X(SINGLE_ROW, "single-row")                                                               \
    X(SHARED_WORDS, "shared-words")                                                           \
    X(MISALIGNED_ROWS, "misaligned-rows")                                                     \
    X(INVARIANT_SENDS, "invariant-sends")                                                     \
    X(CARRY_MERGE, "carry-merge")                                                             \
    X(PEEL_CARRIES, "peel-carries")                                                           \
    X(REGISTER_FOLDS, "register-folds")                                                       \
    X(RETILE, "re-tiling")                                                                    \
    X(ROW_JAM, "row-jam")                                                                     \
    X(FOLD_GRID, "fold-grid")                                                                 \
    X(WORD_SPANS, "word-spans")                                                               \
    X(FORWARD_COPIES, "forward-copies")                                                       \
    X(ROW_CORELETS, "row-corelets")                                                           \
    X(REUSE_RESULTS, "reuse-results")                                                         \
    X(LATE_PROLOGUE, "late-prologue")                                                         \
    X(EARLY_SPLATS, "early-splats")

enum sched_nest_transform {
#define X(e, s) SCHED_NEST_##e,
    SCHED_NEST_TRANSFORMS(X)
#undef X
        SCHED_NEST_NTRANSFORMS
};
_Static_assert(SCHED_NEST_NTRANSFORMS <= 64, "sched_nest_options.disabled holds 64 flags");

/* A launch-time value the user expects (--assume NAME=VALUE): the kernel
 * argument NAME (index or i32) is taken to be VALUE by the cost model only
 * (nest_assume.c), so every choice it makes is priced for that launch; the
 * program stays correct for every value. */
struct sched_nest_assume {
    const char *name;
    int64_t value;
};

/* A --tile-sizes entry: the tile of one reserve_size, and the buffering
 * phases and corelet instances to run it with (0: the cost model's choice
 * for that tile). */
struct sched_nest_tile {
    int64_t size;
    uint32_t phases, instances;
};

struct sched_nest_options {
    uint64_t disabled;                      /* bit (UINT64_C(1) << SCHED_NEST_x) turns x off */
    const struct sched_nest_assume *assume; /* --assume, or NULL */
    uint32_t nassume;
    const struct sched_nest_tile *tile_sizes; /* --tile-sizes override, or NULL */
    uint32_t ntile_sizes;
    FILE *stats;                /* --stats: choices and modeled cycles, or NULL */
    uint32_t max_vregs;         /* vector registers of a compute unit in the target
                                   code (fuse-pipelines stays under it); 0: unchecked */
    uint32_t jam_rows;          /* row-jam's rows a run (sched_nest tries the ones
                                   the model may take); 0: the first of them */
};

/* The transformation named s (a --disable spelling), or
 * SCHED_NEST_NTRANSFORMS when there is none. */
enum sched_nest_transform sched_nest_transform_named(const char *s);

/* Restructures every program of m for dev (see above), in place. Returns
 * false after reporting located errors to diag (m is then unspecified). */
bool sched_nest(struct ir_module *m, const struct arch_device *dev,
                const struct sched_nest_options *o, struct ir_diag *diag);

#endif

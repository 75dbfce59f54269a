/* split.h - ktc-split, the first scheduler pass: KTIR → ScheduleIR.
 *
 * Input stage "ktir" (a verified KTIR module carrying its device, as
 * ktc-parse writes it); output stage "sched.split". Rewrites the module in
 * place into
 *
 *   module {
 *     ktdf_arch.device @dev ...            the device, untouched
 *     module { kernels }                   the orchestrator: the KTIR functions
 *                                          with their control flow, each compute
 *                                          group replaced by a func.call, plus a
 *                                          private declaration per program
 *     module @local_schedule_N {           one program per compute group
 *       func.func @local_schedule_N(params) attributes {grid = ...} { ... }
 *     } ...
 *   }
 *
 * A compute group is every ktdp.load, computation and ktdp.store linked by
 * data flow inside one block (the stores of a group share loads or
 * computed tensors), joined with the groups its span (first tensor op to
 * last store) overlaps when neither stores to memory the other loads or
 * stores (split_tiles_may_meet: views of different kernel arguments are
 * different memory): one program keeps each chain's order, not the order
 * between them. Groups are numbered post-order (groups in loop bodies
 * before the block holding the loop), and in a block by their last store;
 * the call replaces that store. The block arguments a group reaches (the
 * kernel's arguments, loop variables) and results of ops with regions become
 * the program's parameters, in order of first use; everything else the group
 * needs (constants, views, tile-id math) is cloned into the program.
 *
 * In a program: a linalg.generic of several results, all loops parallel,
 * each result computed from the inputs and its own output alone, becomes
 * one generic a result (its body cloned, each yielding its own value);
 * elementwise arith/math ops on
 * tensors (an arith.select's scalar condition captured by its generic),
 * the named linalg
 * ops (elementwise, map, reduce, broadcast, transpose; spyreop intrinsics
 * come in their bodies, being scalar ops), reshapes
 * that only add or drop unit dims and static unit-stride slices become
 * linalg.generic; a store of a tensor no computation made (loaded, a splat,
 * a fill) gets a copy generic; tensor.splat and linalg.fill (of a scalar,
 * or of tensor.extract at constant indices) fold into their
 * consumers, an arith.select of a constant condition into the value it
 * picks, one on masks combined by andi, ori or xori into nested selects on
 * the masks, a mask's uitofp / extui into a select of 1 and 0
 * (split_index.c); a producer is fused into its single consumer
 * when all its loops are parallel (not into a reduction over rows wider
 * than the lanes when it reads an input broadcast along them, exp(x -
 * max): the reduction would read a splat as wide as the row; not, when
 * it does work, into a consumer that reads it broadcast over more than
 * 64 of its vectors an element (an all-reduce's fold, a row's mean): each
 * vector would compute it again, where kept apart it runs once, a
 * pipeline of its own; a mask, an i1 tensor, whatever the lanes: it has
 * none of its own). Each remaining
 * linalg.generic is tiled to the SIMD width of the device's compute unit
 * for its element type (parallel dims from the innermost out, reduction
 * dims whole and, when they fit the lanes, counted in; an elementwise
 * generic reading or writing device memory in a float type of more lanes
 * than it computes in, f16 computed in f32, moves as many elements as
 * that type's lanes, a whole stick of f16 on spyre, that ktc-lower runs in
 * lane-wide pieces (lower.h), while its inputs' pieces fit all but 8 of
 * max_vregs vector registers, 24 of SpyreCode's 32), under
 * `scf.for` tile loops
 * marked `loop_type = #ktdf.loop_type<parallel_loop>` (single-trip loops are
 * not emitted), around one three-stage `ktdf.pipeline`: a load stage moving
 * each input tile into a `!ktdf.fifo.slot<SRC -> COMPUTE, NxT>`, a compute
 * stage (`applicable_units = [COMPUTE]`: read_from_fifo, the generic on
 * tiles, write_to_fifo), a store stage moving each result slot out, chained
 * by three tokens (two, and no load stage, for a generic without inputs);
 * one ktdf.fifo.allocate per (source, destination) pair; slots then tokens
 * come from the pipeline's ktdf.private. A transfer's subscripts are the
 * tile loop variables (0 where a dim is not looped) plus the indexing map's
 * constant offsets (a loop variable plus a nonzero offset as an index
 * value, `arith.addi`, made before the pipeline); its sizes the tile (1
 * for a constant map result).
 * Views stay (`ktdp.construct_memory_view`), each cast once to its device
 * memory (`memref.memory_space_cast` to the kind the device's
 * mem_space_mapping gives, e.g. "DDR"); each access tile becomes a
 * `memref.reinterpret_cast` of it at the tile's base offset, all hoisted
 * before the first loop.
 *
 * Several generics that cannot fuse (a reduction feeding elementwise work,
 * as in a softmax row) become a chain of such pipelines, one after the
 * other in program order; a tensor one of them produces and a later one
 * reads lives in a scratchpad buffer, `memref.alloc() : memref<...,
 * "L1">` at the top of the program (the memory kind ct_local maps to), and
 * never goes through device memory. The pipelines of a program run in
 * program order, each finishing before the next starts; an input in device
 * memory read by several of them is read by each.
 *
 * Spread. Before anything else, a kernel of T tiles (grid [T, 1, ..] or
 * none; 2 T at most the device's cores) working on rows of W elements
 * (every access tile a row [1, W] at column 0 of a view [R, W]; every
 * tensor of that shape loaded, splatted, filled, elementwise (arith, math,
 * the named linalg ops, a linalg.generic of identity maps), stored or
 * reduced along its row by a float combiner with an exact identity) may
 * run each tile on K cores of a device with a ring instead: grid [T K],
 * tile t the kernel's tile t / K, taking the B elements from B c on (c =
 * t mod K) of every K B of a row (the view [R, n, K B], the tile [1, n, B]
 * at column B c); each row reduction folds over the tile's [n, B] block,
 * then with tile t xor K/2's, ..., t xor 1's over the ring
 * (`ktdf.ring_shift`s, as the inter-tile phase makes), then over its B
 * lanes with the kernel's init: ktc-interp's pairwise tree, so the results
 * are the kernel's bit for bit (sched/split_spread.c has the argument and
 * the choice of K and B; tests/kernels/spread_center). Taken when that
 * models a row faster than one core does; the kernel is otherwise left as
 * it is, with no diagnostic. `ktc-split --stats` says for each kernel of
 * few tiles with rows of 8192 or more whether it is spread, over how many
 * cores, or why not (tests/passes/split/spread_stats); `--disable=spread`
 * keeps every kernel on its tiles.
 *
 * Loops that run once. Then, an scf.for of constant bounds that a
 * tensor crosses (below) and that runs once is replaced by its body at its
 * lower bound (its iter_args by their initial values, its results by what
 * it yields), one that runs not at all by nothing (its results by their
 * initial values), as MLIR's canonicalizer folds them: a Triton kernel
 * whose BLOCK_SIZE is the row's length loops once over its blocks, and its
 * sums need no carried buffer. Other loops stay (orchestrator control flow,
 * a ScheduleIR program's loops).
 *
 * Loops that carry tensors. An scf.for across whose boundary a tensor
 * flows (a tensor iter_arg, or a tensor its body uses from outside, or a
 * scalar computed outside from one: a row's mean splat inside the loop) is not
 * orchestrator control flow: it belongs, whole, to the compute group of
 * the block holding it (its stores are that group's stores), and the
 * program keeps the loop around the pipelines of its body. A carried
 * tensor becomes a scratchpad buffer (`memref.alloc`, ct_local's memory,
 * never device memory) allocated at the top of the program, like an
 * intermediate: before the loop a pipeline writes its initial value into
 * it (a copy generic of a splat, fill or dense splat constant, or of a
 * loaded tensor; a tensor computed in the program is written there
 * directly); in the body the carried value is read from the buffer and
 * the value the body yields is written back into it (in place, tile by
 * tile: ktc-lower orders the scratchpad load and store units by the
 * buffer's bytes); after the loop its result is that buffer. The loop
 * then has no iter_args, and the unit attribute `carried` (its iterations
 * depend on each other through those buffers: ktc-nest's tiling does not
 * take it as a point loop around passes it cannot run in lockstep). Where
 * the body reads the carried tensor after the
 * op computing its next value (an online softmax rescales its running sum
 * by exp(m_old - m_new)), a copy generic at the top of the body keeps the
 * old value, and those later reads read the copy. A float scalar an
 * scf.for carries (the running max and sum of an online softmax) is first
 * carried as a tensor<1xT>: its initial value and the value yielded are
 * splat to one, and the body and the code after the loop read its element
 * 0 (tensor.extract), so the scalar arithmetic on it is a chain as below.
 * Scalar f16/f32 arithmetic on `tensor.extract`
 * results (at constant indices) that ends in a tensor.splat or a
 * linalg.fill runs on the compute unit: the scalar ops become the body of
 * a one-element linalg.generic (tensor<1xT>) whose inputs are the
 * extracted tensors, read at the extract's indices, and the splat (fill)
 * reads element 0 of its result, so it folds into its consumers like any
 * splat of an extract.
 * Scalars that do not come from an extract (constants, arguments, index
 * math such as `arith.sitofp` of an `arith.index_cast`) stay captured by
 * that body; float arithmetic on such scalars alone that feeds a splat is
 * cloned into the body of the generic the splat folds into (the compute
 * unit computes it; ktc-lower splats the captured leaves).
 *
 * Reductions over the outermost dimensions. A linalg.reduce whose reduced
 * dims are the q outermost of its input (column sums of a matrix; a bias
 * gradient's sums over batch and sequence) is folded as ktc-interp folds
 * it: one pairwise tree over the rows (their flat row-major index over the
 * reduced dims; row i with row i + h, h = L / 2, an odd last row carried;
 * every combine rounded; then the tree with the init), by elementwise
 * generics over the kept dims, each combine a clone of the reduce's body
 * (input argument the lower row). While more than 30 rows are left (L), a
 * generic folds rows j + m L/K (m < K, K = 8, 4 or 2, the largest dividing
 * L for which L/K is c times the product of the reduced dims from some a
 * on, c dividing dim a - 1) as the tree's next log2(K) levels do, over
 * (c, those dims, kept dims): each input read at constants along the
 * reduced dims before a - 1, at loop 0 plus a constant along a - 1, at the
 * loops after; then one generic over the kept dims reads each row left at
 * constant indices, and the init, and runs the rest of the tree and the
 * init's combine. An all-parallel generic making the input that only the
 * reduce reads runs in the first of them, its body cloned per row read
 * (its inputs at the composed maps; when they fit, 31 inputs). Those fuse
 * and schedule as any elementwise work (a level's result is a scratchpad
 * buffer when it does not fuse).
 *
 * A linalg.generic whose reduction loops are all outside its parallel ones
 * (its output read at the parallel loops in order) folds its rows in
 * iteration order (row-major over the reduction loops), acc = body(inputs
 * at the row, acc) from the init, as ktc-interp runs it: a chain of
 * elementwise generics over the parallel loops, each running a clone of
 * the body per row on up to 30 / (inputs) rows (each input read at the
 * row's constant indices), after the previous one's result.
 *
 * Contractions. linalg.matmul ins(A: MxK, B: KxN) outs(C: MxN), which is
 * C + A B, is computed as ktc-interp computes it (f32 accumulation in
 * order of k from 0, each product and sum rounded to f32; the sum rounded
 * once to the element type; C added in f32 and rounded), with elementwise
 * ops only, one output element per lane: a zero f32 accumulator, then a
 * chain of elementwise generics over (i, j), each adding up to 15 steps
 * acc + f32(A[i,k]) * f32(B[k,j]) (A read at (i, k): one element,
 * broadcast along the row; B at (k, j): a row), then an elementwise
 * epilogue (round, add C in f32, round). A loaded operand is first copied
 * into the scratchpad (a copy generic that never fuses into a consumer
 * reading it at constant indices). A producer does not fuse into a
 * consumer that would then fill fewer lanes (the f32 epilogue into f16
 * work: kept apart, the consumer runs on full vectors and stores whole
 * rows), and a product stored as it is gets a copy in its own type for
 * the same reason. Generics
 * fuse up to 31 inputs (ktc-lower's limit); one tensor read through
 * several maps gets a slot per map. A generic whose body computes in a
 * wider type than its result (f32 in an f16 computation) is tiled to the
 * lanes of the widest. A view placed at launch (an access tile at a
 * computed offset) whose rows are not contiguous is tiled one row per
 * tile (ktc-path-expand may widen each row's read to its words).
 *
 * Tails (split_pipeline.c). A parallel extent wider than what is left of
 * the lanes and no multiple of it (the first such loop, no mask on the
 * generic) is not tiled by a divisor (1000 f16: 8s): it is one tile when
 * ktc-lower can run it whole in k <= 8 pieces of the compute lanes, k
 * dividing it, the inputs' pieces within the registers (96 f16: two
 * pieces of 48); else in lane-wide tiles and one tail of ext mod lanes,
 * each part a sibling nest of the tile loops from where the previous
 * part ends (the tail's pipeline at ext - r, in no loop of its own: a loop
 * of one trip is never emitted). When a transfer of
 * those tiles may start inside a word of device memory (a computed
 * offset sched_value_gcd does not know whole words, launch-time strides,
 * a constant offset or row stride off the word), each moves a word more
 * than it holds and ktc-nest does not coarsen it: the tiles are widened
 * to k lane-wide pieces (k <= 8, within the registers, the k leaving the
 * fewest tiles), then the rest is one tile when ktc-lower runs it in
 * pieces (1000 f16: 512, then 488 in 8 pieces of 61), else lane-wide tiles
 * and the tail: up to three nests (tests/passes/split/tail*.mlir).
 *
 * Rows in flight. ktc-nest cannot gather the rows of a tile whose
 * transfers ktc-path-expand moves by their words at offsets known only at
 * launch (a tile of launch-time strides, read through row casts; a tile
 * split_dist.c moved by a launch-time amount, cast `unaligned`), nor those
 * of a masked tile (below) of rows apart, into one transfer a tile, so
 * each row would be a pipeline of its own, run to its end (a
 * device-memory latency) before the next. When no transfer is an
 * indirect tile's (each of its transfers' units reads its own index) and
 * every destination is stored by a unit with masked writes (rows' stores of shared words need
 * no read-modify-write), the innermost tile loop of one row a tile
 * (parallel, not the masked loop) steps by n rows instead, n the largest
 * divisor of its trip count up to 16 for which n times the generic's
 * transfers (inputs, the old read of a masked tail, outputs) is at most
 * 32, and its pipeline moves the n rows: each row's transfers (row r at r
 * more along the dims that loop indexes, its own row cast), slots and
 * computation (a clone of the generic, and of the masked tail's select)
 * are a copy in the same three stages, so the DMA unit issues the n rows'
 * reads before it waits. That loop is opened innermost when it has more
 * than one iteration, and the pipeline is `modulo(size: 4)`:
 * ktc-path-expand gives its staging buffers four copies by the innermost
 * loop's iteration (path_expand.h; no more than its trips), so the next
 * rows are read while the last drain (same-run cycles on spyre, against
 * one row a pipeline: rows_stride_masked at s0 = 31 26954 -> 1504, corpus
 * distributed-view-copy-dynamic 22721 -> 1247, dist_rows_dynamic n = 64
 * 7793 -> 788, with two copies; four, a device-memory latency of reads in
 * flight: distributed-view-copy-dynamic 1052 -> 782, its rowmerge 1527 ->
 * 1264, dist_copy_4way 1937 -> 1397; six gain nothing more). A row of whole words of
 * the first kind, which ktc-path-expand would store by
 * read-modify-write, is tiled along the destination's last dim by halves
 * until it is not (masked stores). Without masked writes rows stay one a
 * pipeline.
 *
 * Iteration indices. `linalg.index d` in the body of an all-parallel
 * linalg.generic or of a linalg.map (a causal mask j <= i + q0, a tail base + j < n, a
 * position-dependent value sitofp(j)) is the point's coordinate along d. In
 * a tile's generic (the chunk, a clone of the generic) it becomes the
 * chunk's origin along d plus the chunk's own index: `arith.addi %iv,
 * linalg.index d` (the body captures %iv, d's tile loop variable, in
 * masked tails and row pieces too), the origin alone when the chunk is one
 * element along d, the index as it is when d is not looped (origin 0).
 * Index arithmetic runs in i32 lanes (ktc-lower), so it must fit: the body's
 * index values (linalg.index in [0, extent), constants, captured scalars
 * of known bounds: tile ids, loop IVs, a program's parameter by what its
 * calls pass, arithmetic on them; addi, subi, muli, minsi, maxsi, select,
 * index_cast to i32) are checked by intervals to stay in i32. A captured
 * index of unknown bounds (a kernel argument) is clamped to [-2^30, 2^30]
 * before the pipeline; it may only be added to or subtract values below
 * 2^28 and that compared (cmpi) with values below 2^28, which then compares
 * as the unclamped value does. A signed comparison or an equality of x + j
 * with n, x and n captured (Triton's `cols < N`, cols = off + arange, off
 * a loop's IV to N; or its i32 form, index_cast(x + j) to i32 against a
 * captured i32 n, whose x + j fits i32 as the bounds below take it: n
 * sign-extended), before fusion weighs the generics' lanes, compares j
 * with n - x instead, made before the generic in index arithmetic (exact
 * there; tests/kernels/var_blocks_masked.mlir, n = 1000 on spyre: 468 ->
 * 366 cycles, and sample runs it), which the lanes compare with
 * j as above (not an unsigned one as it stands: n - x < 0 would compare as
 * a large value; see below for the unsigned ones). The group's lanes are
 * the narrowest of its types and i32 (f16 data with index math: 32 lanes on
 * spyre, half an f16 stick), but for lane compares: when every index value
 * of a generic whose result is f16 or f32 is a linalg.index d (d parallel,
 * at most 2048 long) compared, signed or for equality, with a captured
 * index alone (after the rebase above: Triton's `cols < N`, `j <= q0`;
 * one column may be compared with several, a window's `lo <= cols` and
 * `cols < hi`: tests/kernels/mask_window.mlir, 523 -> 385 cycles on spyre
 * and compiled on sample, which refused its i32 lanes),
 * each tile compares instead the lanes' places along d in the tile (a float
 * constant, one more input: 0, 1, .. along d) with that index less the
 * tile's origin along d, clamped to [-1, the tile's extent along d] and
 * converted to the float type before the tile's generic (exact: the places
 * and the bound are small integers), so nothing in the lanes is an index
 * and the lanes are the data's (64 f16 on spyre; and a compute unit without
 * i32 lanes runs them: the sample device). The var pass of a
 * masked LayerNorm over 1024 columns (tests/kernels/
 * layernorm_masked_loop_n, spyre): 2363 -> 2188 cycles. An unsigned
 * comparison of a lane's index L (j, or x + j with x captured and never
 * negative: an IV of a loop from 0 by a positive step, a tile id, sums and
 * multiples of those, a program's parameter every call passes so;
 * split_index_lower) with a captured index n is first made the signed one
 * with n' = minui(n, 2^63 - 1) (n, or 2^63 - 1 where n < 0), made before
 * the generic before its lanes are chosen (split_index_unsigned): L is
 * never negative, so L <u n is L <s n' (an n negative as a signed value
 * is past every L unsigned, as 2^63 - 1 is signed; an L of 2^63 - 1 is
 * taken not to occur, as x + j's overflow is for the rebase), and it
 * rebases and compares in the lanes as a signed one does: tests/kernels/
 * layernorm_masked (`cols <u N`, spyre, n = 1000) 1372 -> 1173 cycles,
 * and the sample device runs it.
 * A comparison of i32 values stays in i32 lanes. A producer using
 * linalg.index fuses into an all-parallel
 * consumer that reads it at loop dims or constants (its index d becomes
 * that dim, or that constant); not into a reduction, nor into the rows of
 * an outer reduction (clones of the body would read other coordinates).
 *
 * Masked tiles (ref §6.6: a load outside the view's coordinate_set reads
 * 0, a store outside it is dropped). A view's set may bound a dim k above
 * by a symbol, `-d_k + s_j + c >= 0` (s_j its j-th dynamic size, S_j;
 * lower bounds constant), as Triton writes masked kernels; or by a
 * constant, `-d_k + c >= 0`, that the tile's box passes at a position its
 * subscripts' ranges allow (blocks of 256 over a row of 1000: the last
 * block's columns 1000..1023), masked the same way with S_j = 0 (a tile
 * whose position has no known range is taken to stay in the set). An access tile
 * on it starting at b_k along k (its subscript plus its box's low end),
 * z_k long, has e = clamp(S_j + c + 1 - b_k, 0, z_k) elements in the set
 * along k: an index value known at launch, made before the first loop
 * (one element at the IV of a loop whose bound is S_j, c = -1: always in
 * the set, no mask). A generic masked so along one parallel loop d (every
 * masked operand of the same e along d, every store masked, loads masked
 * or not) moves and computes only the part of d below e: d's tile loop
 * (made even when one tile covers d) runs `scf.for %i = 0 to e step ts`
 * (outside the other tile loops when one tile covers d: ktc-nest tiles
 * the innermost).
 * When a tile holds one element of d (a row loop) that is all. When it
 * holds ts > 1 (a vector of d, each element `per` lanes: the loops after
 * d in the result packed whole or in part, loops before it not packed,
 * reduction loops whole), the last vector may pass e: the pipeline also
 * reads the store's destination where the last vector goes, at last =
 * max(e - 1 - (e - 1) mod ts, 0) (old: one load before the loop, once
 * ktc-nest hoists it; the transfer is marked old_lanes, a unit attribute
 * every later hop of it keeps, so that ktc-nest may hoist it above the
 * stores to the same memory; and unwritten too when no store of the
 * kernel can write those lanes' addresses before the read: every store
 * to the argument's memory goes through views of one rank and strides,
 * and its tiles' indices, over their ranges, map to addresses one to one,
 * (hi_d + 1) s_d <= s_{d-1} in every dim after the first, so a lane
 * outside the set is no address another store writes; or, a row's
 * columns of launch-time extent (Triton's blocks to N, no range), every
 * store writes one row of one view (rank 2), masked along the columns
 * only, at the variable of one loop of positive step around them all:
 * each store before the read writes that row or one before it, below n,
 * under the row's lanes from n on, and one after it (a later row where
 * rows overlap) after the row's own store, the store unit storing in
 * program order (split_mask.c, rows_ascending): ktc-lower orders that
 * read with no store; layernorm_masked_loop_n 2188 -> 1189 cycles on
 * spyre, its load unit no longer waiting for each row's stores before
 * the next row's loads), and a second elementwise generic stores
 * `select(lane < min(e - %i, ts) * per, value, old)` (lane: an
 * `arith.constant dense<[0, 1, ...]>` input in the element type, the
 * bound an `arith.sitofp` of an index), so lanes at e and past get back
 * the values they had; no store of the group writes there before old is
 * read (only the last vector's goes there). So no element outside the set
 * is written other than with its own value, and no out-of-set element
 * reaches a value that is stored; the last vector's loads read its
 * elements past e (within the tile's box) and its store rewrites them
 * (as a partial DMA word is). Caveat: those elements may be another
 * tile's (rows of 1000 f16 in blocks of 256: a row's last vector, columns
 * 960..1023, rewrites the next row's first 24 columns, which another core
 * may store; tests/kernels/exp_blocks_1000): nothing orders the two cores,
 * so a store of the other's landing between the read and the rewrite
 * would be lost. No launch has shown it (the other core stores its first
 * block long before); a store of the e lanes alone (spyre's masked DMA
 * writes) would need no read.
 * A generic none of whose destinations is masked (a sum of squares
 * carried across a row's blocks of 256 over 1000 columns, a reduction
 * over the masked dim, an intermediate kept in the scratchpad) zero-fills
 * instead: its loops run the whole tile (tiled as if unmasked), every
 * vector is loaded whole (within the tile's box), and each masked input's
 * read goes through `select(place < min(max(e - start, 0), ts), x, 0)`
 * (start: the tile's place along the masked loop; place: a constant of
 * each lane's place along the input's masked dim in the tile, (lane /
 * per) mod its size there, per the elements of the dims after it), so
 * what lies past e reads 0, as ref 6.6 has it (float inputs only; a tile
 * wider than the lanes feeding a reduction is refused by ktc-codegen,
 * located). Not where the body drops those lanes itself: an input that
 * reaches the body's yield only through float ops and the kept side of
 * selects on `linalg.index d < S_j - x` (after the rebase above; d the
 * masked loop, x the value placing the tile along k, the set's bound
 * -d_k + S_j - 1 >= 0: Triton's where(cols < N, x - mean, 0) on a view
 * masked at N) is read as it is: on the lanes the fill would zero the
 * select takes its other side (split_pipeline.c, where_dropped; tests/
 * kernels/where_blocks). A LayerNorm's variance pass over rows of 1000
 * (tests/kernels/layernorm_masked_loop_n, spyre): 1185 -> 1137 cycles.
 * A tile is in the set, unmasked, when its place along k is iv + k0 (iv
 * an scf.for's variable) and the loop's upper bound (or a term of an
 * arith.minsi there) is S_j + u with the box's end at iv = S_j + u - 1
 * still in. The peel (split_mask.c, before extraction) makes such loops:
 * an scf.for of constant step holding a tile stored through that is
 * masked along its variable alone (Triton's `for off in range(0, N,
 * BLOCK)` storing `off + arange(BLOCK)` under `< N`; a constant bound
 * when the loop's bounds are constants) runs its first iterations, up to
 * min(ub, S_j + u), as a loop whose tiles are all unmasked, then a clone
 * from the first iteration left; the clone runs one iteration at most when
 * nothing else in it has an effect or is carried and the blocks do not
 * overlap (at constant bounds, its body in its place). A loop whose masked
 * tiles are only read (zero-fill) is left whole: one nest, not two.
 *
 * Indirect access tiles (split_indirect.c, after the distributed views;
 * ref §2.7, §6.4). The set must be a constant box, the order identity, one
 * variable per base dim, the base a view of static strides (sizes and
 * strides that index arithmetic makes constants count: split_index.c);
 * every direct subscript k a captured expression plus variable k (or of
 * captured values only when variable k has one value), or, when variable
 * k also feeds an index expression (its dim moved a row at a time), any
 * affine function of it and the captured values whose rows are whole
 * words apart (a paged context position's row in its page, `tkv mod 64`:
 * each row's cast adds it, evaluated at the row's variables). Block form: no index
 * expression uses a variable of more than one value (one lookup per
 * index view for the whole tile). It becomes, before it,
 *   %index = memref.load %IDX[e...] : memref<...xi64>   (the KTIR view)
 *   %i = arith.index_cast %index : i64 to index
 *   %t = ktdp.construct_access_tile %X[caps..., %i] {base_map: the direct
 *        subscripts at variable 0, the loaded values along the ind dims}
 * a direct tile whose offset is read from memory. Rows form (paged
 * blocks: `cache[bt[g, s + %p], %t, %d]`): the tile stays; each transfer
 * moves one element along every dim whose variable an index expression
 * uses and reads its indices for it: a cast of the base view at the
 * tile's direct offset plus index x stride per indirect dim, made (with
 * its memref.loads) at the top of the innermost tile loop along those
 * dims, so the loops inside move whole blocks from one cast. ktc-lower
 * reads each index in the program of the unit that moves the tile
 * (lower.h). Pages: a variable v whose direct subscript is `v mod P` (P
 * a constant) and which every index expression reads as `v floordiv P`
 * alone, from a multiple of P (a paged KV cache's context position, `tkv
 * mod 64` in the page `bt[b, tkv floordiv 64]`), picks one index a page:
 * its tile loop runs as a loop over the pages around one over a page's
 * rows (the last page's up to the tile's end, min(P, end - page * P) of
 * them), the cast made in the first (at the page's first row, P rows long
 * along that dim, its stride the view's; its reads of `v floordiv P` fold
 * to the page, ir_aff_bin) and the transfers moving row `row` of it;
 * ktc-nest then moves a page's rows in bulk (tests/kernels/paged_copy.mlir
 * on spyre: 321725 -> 2253 cycles; paged_copy_tail.mlir, 2.5 pages a
 * batch, 201138 -> 1545). A read tile's page loop goes right inside the
 * loops of the dims its indices read a row at a time and outside the
 * others, its index read once for them (and the next page's read while
 * this one moves: ktc-codegen prefetches it); a written one's stays at
 * its place, so that writes to a page two entries name keep their order
 * (paged_write.mlir).
 * Scatters (a store to an indirect tile): the DMA store unit reads the
 * index, and store units may read only the scratchpad, so each index view
 * read for a store address is staged first: a one-stage pipeline, before
 * the op of the program holding the first such read, copies the view's
 * span in whole words (up to the word past its end)
 * into a 1-D scratchpad buffer (%index_buf), and those reads read it at
 * the element's linear offset (ktc-lower signals the copy's end to the
 * reader; ktc-allocate keeps the buffer to the program's end, and refuses
 * a view that does not fit the scratchpad). Every address must be whole
 * words of every unit's access to the base's memory (the units that pick
 * elements out of words cannot read an index): index strides, strides of
 * captured values and the constant start times the element size, and in the
 * rows form the innermost dim moved directly, whole words of it. Refused,
 * located at the indirect tile ("indirect access tiles ... are not
 * supported yet"): symbols, a set that is not a constant box, a
 * non-identity order, variables not one per base dim, launch-time strides,
 * other direct subscripts, an index view whose memory the kernel also
 * stores to (an index is read once and kept), and what is not whole words
 * (element gathers and scatters:
 * "... with an index per element along the innermost dim ...").
 *
 * Distributed views (split_dist.c, first). An access tile on a
 * ktdp.construct_distributed_memory_view (ref §2.5, §6.5) is served, on each
 * tile t of the grid and each iteration of the scf.for loops its subscripts
 * depend on, by the first partition its box (its subscripts evaluated
 * there, a tile id's result k being t's coordinate along grid dimension k,
 * plus its set) meets, q(t). Partition i (origin p_i, the
 * corner of its set; offset o_i = root + c_i; strides s) holds global
 * coordinate g at o_i + (g - p_i).s, that is E_i + g.s with E_i = o_i -
 * p_i.s. q(t) holds the box whole, or the box straddles partitions that
 * are parts of one matrix (the same root, memory, strides and E_i) and together
 * cover it; all iterations on one tile read at the same E_q(t). So the
 * tile reads, at its own subscripts, the plain view of offset E_q(t): the
 * access tile is moved onto `ktdp.construct_memory_view root + b + sum_k
 * a_k * c_k` (c_k result k of a ktdp.get_compute_tile_id with results up
 * to the last k with a_k != 0, none when all are 0), of the distributed
 * view's shape, the partitions' strides and the partitions' bounding box
 * for its set, placed after the distributed view, where E_q(t) = root + b
 * + sum_k a_k c_k(t) on every tile, c_k(t) its coordinates (one partition
 * for all tiles: a = 0; column or row shards of one matrix indexed by the
 * tile id: a = 0 too, the view is the matrix; partitions each tile reads
 * in its own core's scratchpad by ct_id = t: the view is in ct_local,
 * each tile's own). A distributed view without
 * other uses is removed. Before that, an access tile some of whose loops'
 * iterations read partitions that are not parts of one matrix has the
 * innermost such loop (constant bounds, no results, at most 64 trips)
 * unrolled, and one that starts a plain copy (one ktdp.load whose tensor
 * one ktdp.store stores, as it is, to an access tile of its shape used by
 * it alone on a plain view outside the partitions' buffers) whose box
 * straddles such partitions is sliced into one copy per partition (the
 * parts of its box, which must not overlap), each load of a part stored
 * before the next is loaded.
 *
 * Distributed views of launch-time shape. A partition's set may bound a
 * dim by a S + c (S one of its dynamic sizes). A dim every partition
 * bounds alike, from a constant up to S + c, does not route: the plain
 * view an access tile is moved onto is bounded there by the same S (a
 * masked tile). Partitions bounded along one other dim k by such values
 * (apart for every S >= 0, alike along the other dims, in global memory)
 * are routed at launch: an access tile starting a plain copy, at b along
 * k and z long, becomes one copy per partition p, a masked tile moved by
 * start_p = clamp(lo_p - b, 0, z) on p's view in global coordinates
 * (offset E_p = o_p - p_p.s, computed at launch) bounded at b + end_p,
 * end_p = min(clamp(hi_p + 1 - b, 0, z), the extent the destination's set
 * leaves from b), stored alike by a tile of a copy of the destination's
 * view bounded there (so a partition the tile misses moves nothing). Views
 * may have strides known only at launch: a tile of one is not cast once;
 * each transfer reads a `memref.reinterpret_cast {unaligned}` of the view at
 * its offset (its subscripts times the strides: iv * s + c * s along such
 * a dim, c * s known at launch), made in the tile loops, one element
 * along each dim of such a stride (its rows one per tile, several per
 * pipeline as rows in flight above). A
 * tile moved by a launch-time amount is cast `{unaligned}` too, from a
 * copy of its view at the argument its offset adds an index to; ktc-path-
 * expand then moves the words around such a transfer.
 *
 * Inter-tile exchanges (split_ring.c, before extraction). An
 * inter_tile_produce / inter_tile_reduce pair becomes what ktc-interp
 * computes on every tile: the fold, from the identity (from the tile's own
 * partial when there is none), of its group's partials in descending
 * linear tile id from its own, wrapping around. The k-th partial tile t
 * folds is that of its group's member k places below it: n - 1 ring
 * shifts for groups of n, each a scratchpad-to-scratchpad
 * `ktdf.data_transfer {source_tiles = array<i64: ...>}` in a one-stage
 * pipeline reading the buffer of tile source_tiles[t] (a loaded partial is
 * first copied into a buffer once, and so is, after the loop, a partial
 * an scf.for carried). Small partials are read from their
 * tiles directly (the n - 1 transfers overlap); large ones pass from
 * neighbour to neighbour, each shift of the previous one's result (less
 * ring traffic), by a cost estimate from the device's ring latency and
 * bandwidth (split_ring.c). Then n clones of the combiner
 * region, which fuse like any elementwise generics. A rank-reduced result
 * (ref C3) read back through tensor.expand_shape reads the fold. A partial
 * that is a tensor.collapse_shape (of a tensor of static shape) is
 * exchanged and folded uncollapsed (collapse and expand keep the elements'
 * row-major order): the combiner clones compute on that shape and the
 * identity is rebuilt in it; the result must then only be expanded back to
 * that shape. In a loop,
 * a partial from before the loop has its shifts hoisted before it (they
 * run once); the fold stays in the body; a partial computed in the loop is
 * exchanged in it (ktc-lower signals each ring transfer back to the core
 * it read). An `scf.if` (no results, no else) whose body uses a tensor
 * from outside it and whose condition is a function of the tile id alone
 * (its coordinates on an N-D grid) holding on one contiguous range lo..hi
 * of linear tile ids becomes `scf.for 0 to trips`, trips = max(min(tile -
 * lo + 1, hi - tile + 1, 1), 0), tile the linear id (c0 + n0 (c1 + n1 c2)
 * from the coordinates on an N-D grid), so the compute group keeps it like
 * any loop; a store in it of a tensor computed outside stores a
 * linalg.copy.
 *
 * Transposed layouts (split_layouts, split_index.c, after the indirect
 * tiles). A ktdp.load or ktdp.store of a direct access tile of identity
 * order on a view of static strides (all of them) whose last dim's stride
 * is not 1 while
 * dim j's is (a column-major view: PyTorch's w.t(), a partition stored
 * transposed), the tile more than one element along j, moves the tile in
 * storage order: a copy of the access tile whose access_tile_order swaps j
 * and the last dim (its shape swapped alike: the transfer's innermost dim
 * contiguous again), and a linalg.generic swapping them back (after a
 * load: its users read it) or into storage order (before a store), which
 * the compute unit runs as any transposing read (columns of the tile, a
 * vector each). Such tiles were refused by ktc-lower ("a transfer whose
 * innermost dimension is not contiguous"), as a tile whose contiguous dim
 * has one element still is. A masked one (its box past the view's set) is
 * refused at the tile ("masked access tiles of a view whose innermost dim
 * is not contiguous ..."). The columns are read through the rows' words
 * (path_expand_word.c), or, for rows of part of a word, through the whole
 * block when it is one contiguous run; other such rows are refused there
 * ("... at offsets in their 128-byte words that differ from row to row").
 *
 * The byte ranges of the views at constant addresses in the scratchpad
 * (ct_local: the kernel's own data there, read or not) are recorded first
 * on the module, `ktc.scratch_reserved = array<i64: lo, hi, ...>`, for
 * ktc-allocate to keep its buffers off them (an unread view is removed,
 * and its data was overwritten).
 *
 * Another core's scratchpad (split_ring.c, with the inter-tile phase). A
 * view `#ktdp.memory_space<ct_local, ct_id = k>` is core k's scratchpad
 * on every tile (ref §6.1; without ct_id, each tile's own). A ktdp.load
 * of an access tile on it becomes the load as the tile's own (the later
 * phases read a ct_local view as the running core's scratchpad) and a
 * ring shift from tile k on every tile, which its users read; the
 * pipeline phase moves the tile from k's scratchpad into a buffer over
 * the ring (a ring transfer reading the view where it is, tile k's own
 * included). A grid of one tile reads its own (k = 0). Rejected: k
 * outside the grid ("... where no tile of the grid runs"), a device
 * without a ring, a view of another core's scratchpad used other than by
 * direct access tiles, and stores or other uses of their tiles ("a tile
 * writes its own scratchpad: ct_local without ct_id").
 *
 * A module without a kernel (no func.func with a body) is rejected at the
 * module: "no kernel: this module defines no func.func with a body".
 *
 * Rejected with a located "... is not supported yet" error (the later
 * stages cannot handle these yet): scf.while; scf.for with iter_args that
 * are neither tensors nor floats, or whose body does not compute the
 * carried tensor in one elementwise generic reading it at the same
 * indices; tensor.extract at
 * non-constant indices; indirect access tiles other than of the block
 * and rows forms (above); distributed views
 * used other than by access tiles, or with partitions that are not
 * construct_memory_views whose set is a box (each bound a constant or
 * a S + c), with partitions differing along two dims bounded so, or along
 * such a dim and another, that may overlap there, or not in global memory,
 * or of a dynamic dim their sets do not bound alike by one size; access
 * tiles routed at launch that do not start a plain copy, with subscripts
 * along k not linear, or whose destination's set has other launch-time
 * bounds; access tiles on a partition of launch-time strides read on
 * different tiles from different partitions; transfers of more than one
 * element along a dim of launch-time stride; and access
 * tiles on them whose set is not a constant box, whose subscripts are not
 * functions of the tile id and of enclosing loop variables (loops with such
 * bounds and a positive step; at most 2^16 (tile, iteration) points), that
 * read on one tile, in different iterations, partitions that are not parts
 * of one matrix (loops that cannot be unrolled), whose box straddles
 * partitions that are not parts of one matrix on some tile unless sliced
 * as a copy (or more than 2^20 cells of them;
 * a box partly outside the partitions is an error), or that read, across
 * the tiles,
 * partitions in different memories (global, a scratchpad), of different strides,
 * whose offsets differ by other than constants, or at offsets E_q(t) not
 * affine in the tile's coordinates; an inter_tile_reduce of a
 * tensor.collapse_shape whose combiner is not elementwise or whose identity is not one value
 * repeated (a fill, splat or splat constant);
 * inter_tile_consume; inter_tile_reduce with
 * producer_dependency_per_consumer, of several partials, over groups of
 * different sizes, with a consumer outside its group's producers, or on a
 * device without a unit linking two cores' scratchpads (a ring); such an
 * scf.if on other conditions or tile sets; contractions other than
 * linalg.matmul, and linalg.matmul with indexing_maps, mixed element
 * types or elements other than f16, bf16 and f32; linalg.index other
 * than in an all-parallel linalg.generic or a linalg.map (a reduction
 * generic, a linalg.reduce body), index arithmetic that may not fit in i32 or uses a
 * launch-time index otherwise than above, arith.index_cast in a body to
 * other than i32, index math on a device whose compute unit has no i32
 * lanes; a
 * linalg.reduce over reduced dims other than the innermost or the
 * outermost ones, or over the outermost ones with more than 30 rows at a
 * level of its tree that are odd or split along no dim (above); a
 * linalg.generic with a reduction loop between parallel ones, or whose
 * outer reduction loops are read through indexing map results other than
 * a loop dim plus a constant; a linalg.generic reduction over inner loops
 * folded by an op whose result depends on the order (float add, mul, ...:
 * the generic folds in iteration order, the device pairwise; integer ring
 * and bit ops, min and max are taken); ops in a computation outside the
 * compute set (split_compute_op_ok); other tensor ops in a compute group
 * (e.g. a reshape merging dims); tensors crossing a compute group's
 * boundary (arguments, results of loops no group took, loads outside the
 * group's block); compute groups interleaved with each other where one
 * stores to memory the other loads or stores, or with loops; access tiles
 * with an order
 * that is not a permutation of their dims, a permutation over a view of
 * launch-time strides or under a mask (a permuting order, ref 6.3: the
 * tile's dim i is the set's dim order[i], a cast of the view with the
 * strides permuted; one moving the innermost dim is refused further on:
 * "a transfer whose innermost dimension is not contiguous"), or a
 * non-constant box; a tensor larger than a core's scratchpad (every KTIR
 * data tile lives in one: "scratchpad overflow: a tensor of N bytes does
 * not fit in the M-byte scratchpad", at the op making it, as ktc-interp
 * refuses it); a store whose value a load of the same memory feeds, at
 * other elements that may overlap (an in-place shift or transpose: KTIR
 * reads the whole tile first, ktc streams it), unless the load is one
 * vector, the tiles are alike, they never name one element at different
 * positions (rows a constant apart, or subscripts moving by whole boxes),
 * the load is on the store's rows starting at or after it (each element
 * read before its store) or their bytes are provably apart (views of different arguments count
 * as different memory; split_legal.c check_in_place);
 * view sets with symbols other than as upper bounds above (a symbolic
 * lower bound, an equality, two symbols or dims in one constraint, masks
 * along two dims of one tile); masks along two loops of one generic, of
 * different extents along one loop, along a loop through a constant
 * offset, along a reduction loop or with a destination not masked alike
 * when another destination is masked; a masked vector when the tile
 * packs a loop outside the masked one into it, of integer elements, or
 * of a result with several destinations;
 * indexing map results other than a dim plus a constant; element types the
 * compute unit has no SIMD lanes for.
 */
#ifndef SCHED_SPLIT_H
#define SCHED_SPLIT_H

#include <stdbool.h>
#include <stdio.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

/* What ktc-split is asked besides its input. */
struct sched_split_options {
    /* The vector registers of a compute unit (the target's: SpyreCode's
     * SC_MAX_VREGS; a widened tile's input pieces take at most all but 8
     * of them). */
    uint32_t max_vregs;
    bool no_spread; /* --disable=spread: a kernel of one tile stays on one core */
    FILE *stats;    /* --stats: the spread's choice for each kernel it looks at */
};

/* Runs ktc-split on m (see above) for device dev. Returns false after
 * reporting located errors to diag; m is then unspecified. */
bool sched_split(struct ir_module *m, const struct arch_device *dev,
                 const struct sched_split_options *o, struct ir_diag *diag);

#endif

/* lower.h - ktc-lower, the last scheduler pass: ScheduleIR → DataflowIR,
 * the per-unit programs ktc-codegen translates one to one into SpyreCode.
 *
 * Input stage "sched.allocated" (every transfer routed, every stage tagged
 * with its one unit kind, scratchpad buffers at constant addresses, grid
 * 1-D); output stage "dfir". Every kernel (a func.func nothing calls) is
 * rewritten in place, its programs (the funcs it calls, module
 * @local_schedule_N) inlined at their calls, and the module becomes
 *
 *   module {
 *     ktdf_arch.device ...                       untouched
 *     func.func @kernel(args) attributes {grid = [N]} {
 *       constants                                 (shared by the programs)
 *       symbol.create_id %arg_k {symbol_id = -k}  one per argument, in order
 *       derived symbols: index arithmetic over the arguments, each value
 *         declared by symbol.create_id with the next free negative id
 *       dataflow.get_unit ...                     units, then memories
 *       dataflow.program_unit iter_arg : %u -> (%K_c0, %K_c1, ...) : {...}
 *         ... one per unit kind, in the order the kernel first uses them
 *       return
 *     }
 *   }
 *
 * Units: a kernel on a grid of N tiles uses cores 0..N-1; a unit kind K the
 * device places at core level is `C<c>-K` on core c, one placed at corelet
 * level `C<c>-K-CL<l>`; each gets a `dataflow.get_unit {core, [corelet,]
 * name, type = "K"}`. A kind runs on corelet 0 only, unless some of its
 * stages are in a `ktdf.parallel` of M instances: then on corelets 0..M-1
 * of every core, its program listing the units corelet by corelet (CL0 of
 * every core, then CL1, ...); its stages outside every ktdf.parallel run
 * on corelet 0, each in a loop of one iteration there and none on the
 * others (`scf.for %lane0 = 0 to query(1 on CL0, 0 else)`), their signals
 * on every corelet. A pipeline may name the corelet its stages left whole
 * run on, `corelet = h` (ktc-nest's row-corelets: a jammed row's), kept by
 * the pipelines, stages and loops inside it: those stages run on corelet h
 * instead (the loop of one iteration there); every unit kind at corelet
 * level then runs on H corelets, H one more than the largest such h of
 * the module (its ktdf.parallels must be of H instances; h below the
 * device's corelets). Memories are units too: `DDR` (device level, one)
 * and `C<c>-L1` (one per core). The names are arch/'s instance names; on a
 * grid larger than the device's cores, the names of the missing cores
 * follow the same rule (ktc-codegen folds those tiles onto the cores).
 *
 * Programs: the body of each program_unit is the one program every unit
 * of that kind runs; %u is the running unit. It holds the kernel's control
 * flow (scf.for loops, cloned with their bounds) down to every stage of
 * that unit kind, the stage lowered, stages of other units left out (a
 * loop holding nothing for the unit is left out too). A ktdf.parallel (one
 * dimension, bounds known before launch) becomes the running unit's share
 * of its iterations, in blocks of ceil(T / M) (the last gets the rest): an
 * scf.for whose bounds are a per-unit map; its instance id is the unit's
 * corelet. A value that differs
 * between cores is `uniform.query_map(map: def_immutable_mapping([%u_c ->
 * v_c], ...), key: %u)`; this is how the core id (ktdp.get_compute_tile_id),
 * the core's scratchpad, the peer unit of a FIFO or a signal, and per-core
 * constants reach the program. Everything a program needs before its first
 * loop (constants, queries, symbols, invariant views) is at its top.
 *
 * `ktdf.buffer_phase(%iv_0, ..., %iv_k) {num_phases = K}` (sched/nest.h)
 * is index arithmetic: the row-major linear iteration number of the loops
 * of those IVs ((iv - lb) / step, trip counts ceildiv(ub - lb, step); a
 * loop from 0 by 1 uses its IV and bound as they are), remui K. That
 * number counts the iterations run only when each of those loops runs as
 * many in every run of the ones around it (its bounds, or their difference
 * as a linear form, made outside them: sched_lin_trips_alike). When one
 * may not (a row of r blocks in row r: numbered row * blocks + block, the
 * copies were taken out of turn while the credits let the producer K uses
 * ahead), each program running the last loop counts its iterations as
 * they run: the loops from the first IV's to the last carry the count
 * (`iter_args`, 0 before the first), the last adds one a trip, and the
 * phase is the count remui K (tests/kernels/tri_blocks.mlir). Phases
 * whose loops are the same (sched_lin_loops_same: passes over one row's
 * blocks) count alike: the first loop carries one count for them, each
 * starting its loops from it, and yields the count after one of them
 * (tests/kernels/ragged_passes.mlir); at most SCHED_MAX_COUNTED_PHASES
 * counts a loop, more refused (ktc-nest makes no more).
 *
 * Values known only at launch: argument k (an index, an integer as an
 * index, or a runtime_arg's value; a float argument as its bit pattern)
 * is symbol -k. A
 * loop-invariant index value computed from arguments (and the core id,
 * and constants) is a derived symbol, defined at kernel level by the
 * arithmetic that computes it and used in the program as
 * `symbol.create_symbol {SymbolId = -n}`; when it differs between cores
 * there is one symbol per core, chosen by a query on %u. Values that change
 * inside a loop are plain index arithmetic in the program (arith ops on
 * index: addi, subi, muli, divui/divsi, remui/remsi, ...), each in the
 * innermost loop whose values it uses (a buffer phase of the tile loop is
 * computed once per tile, not once per point).
 *
 * An index read from memory (an indirect tile's, ktc-split's
 * `memref.load %IDX[e...]` of a KTIR view) is a value that changes in the
 * program: `memref.load %view[idx...]` of the index view's
 * dataflow.get_logical_memory_view, in the program of the unit whose
 * transfer's address uses it, as far out of its loops as its operands
 * allow (the index views are inputs the kernel only reads), or, for a
 * scratchpad copy of the index (a scatter's), where the address is used;
 * the address arithmetic over it follows as above. ktc-codegen makes it
 * `ld`. For the signals below, a transfer whose address is computed from
 * a memref.load also reads that memref (a scatter's store stage reads the
 * staged index: the copy's stage signals it).
 *
 * Addresses are in elements of the view's element type (as KTIR pointers
 * are): `dataflow.get_logical_memory_view %mem, %start {layout_map}` is the
 * memory unit %mem seen from element %start, element (i, j, ...) at %start +
 * layout_map(i, j, ...); byte address = element address x element size. A
 * DDR view starts at the KTIR view's base plus the access tile's offset, a
 * scratchpad buffer at its allocated byte address over the element size,
 * both with the strides of the ScheduleIR memref as layout.
 *
 * Stages: a transfer between two memories (a DMA unit's stage) becomes
 *   agen.composite_load_and_store src:%view[idx] dst:%view[idx]
 *     time_symbols(), load_iv(%x : vector<W x T>) {...} { agen.yield }
 * moving W contiguous elements (the transfer's innermost size) per time
 * step; the outer dims of size > 1 are the time dims, the same sizes in
 * the same order on both sides (which may differ in dims of size 1, as an
 * expanded buffer does) (time_set is their
 * box, *_time_addr_map puts time dim j on its view dim; one step: the
 * one-point set (d0 == 0)); load_set/store_set are the W elements along the
 * last view dim from the indices, the orders identity maps. A store of
 * part of a word on a unit with masked writes (transfer_mode = "masked",
 * ktc-path-expand) lowers the same way: its store_set is the elements it
 * writes, and ktc-codegen makes it a byte-masked dma. A transfer from
 * memory into a FIFO becomes `agen.vector_load %view[idx] {load_set = box
 * of the transfer's sizes, load_order = identity}` then `dataflow.send %peer,
 * %v`, preceded by `vectorchain.shuffle` when transfer_mode = "splat" (up
 * to 8 consecutive such transfers of a stage load first and shuffle and
 * send after, in order, so their load latencies overlap; a loop holding,
 * for a unit, only such stages (no signal, no inner loop) with a constant
 * trip count is unrolled in that unit's program, by 2 or 4 as the group
 * and the trip count allow, so the group spans iterations; a loop of such
 * transfers inside a stage, the same: up to 16 trips one after the other,
 * more in a loop of 2 or 4 copies a step, its trips % 4 left after it one
 * after the other (tests/passes/lower/stage_loops*.mlir); a stage's loop
 * of up to 16 trips counts in the loop around as its loads times its
 * trips, so a point of a row of two vectors unrolls by 4 into a group of
 * 8: tests/bench/kernels/paged_copy_4x8x128x128.mlir, 15147 -> 11594
 * cycles; tests/kernels/paged_copy_heads.mlir, 2850 -> 2071; not where
 * the unrolled loop would run once: its bigger group only delays the first
 * sends); a loop of such loops (a page's rows of two vectors) is emitted
 * whole too, each copy holding the inner loop's copies, when it streams
 * two groups at least (paged_copy_p16.mlir, 1498 -> 1257); one
 * out of a FIFO `dataflow.receive %peer` then `agen.vector_store`. A bulk
 * transfer of several rows between a strided device-memory view (a
 * reinterpret_cast of T rows whose row stride may exceed the row) and a
 * phase-expanded scratchpad buffer is one composite_load_and_store with
 * one time dim per row dim. A FIFO's
 * vector is one slot (vector<N x T> of a `!ktdf.fifo.slot<A -> B, NxT>`),
 * however wide: fitting vectors to the SIMD lanes is the schedule's
 * business (ktc-split's tiles, ktc-nest's reduction loops), but for the
 * pieces below;
 * the peer is the same core's (and corelet's) unit of the other end; each
 * send and receive carries `fifo_depth`, the depth of that datapath. Compute
 * stages: ktdf.read_from_fifo / write_to_fifo are receive / send; a
 * linalg.generic over vectors becomes, op by op, `vectorchain.binary`
 * (add, sub, mul, div, max, min, maxnum, minnum, ...), `vectorchain.unary`
 * (exp, ...), `vectorchain.compare` (arith.cmpf / cmpi: an i1 mask, the
 * predicate by name) and `vectorchain.select` (arith.select on a mask;
 * spyreop.compare, a float 1.0 / 0.0, is a compare then a select of
 * splats, spyreop.select one on the mask condition != 0.0: une); an
 * input read through a non-identity indexing map (a broadcast) is first
 * shuffled to the iteration space; scalar constants are
 * `vectorchain.constant_bitstream` splatted by a shuffle, a dense
 * constant of one value per lane one constant_bitstream; a scalar the body
 * captures that is known only when the program runs is splatted to the
 * body's width by `vectorchain.splat`: a float argument from its symbol
 * (`{bits}`), `arith.sitofp`/`uitofp` of an index value (through an
 * index_cast) from that value. Index values in a body (linalg.index and
 * the index arithmetic on it, ktc-split's split.h) are i32 vectors: ktc-split
 * proved they fit. `linalg.index d` of an elementwise generic is the lanes'
 * coordinates along d in its iteration space (row-major, one lane a point),
 * one `vectorchain.constant_bitstream` of i32 made once a program; an index
 * or i32 scalar the body captures (a loop's IV, the clamped launch-time
 * index, an i32 argument) is `vectorchain.splat` of its value into i32
 * lanes; index arithmetic on such scalars alone (addi, subi, muli,
 * minsi, maxsi, index_cast, and sitofp of an index_cast) is computed as
 * scalars and splatted where a lane op reads it (sitofp: splatted
 * converted). A condition the body captures, arith.cmpi / cmpf of such
 * scalars (`tl.where(a < b, x, y)`), is the vectorchain.compare of their
 * splats; a body yielding a scalar it captures (a fill) yields its splat.
 * A captured scalar that changes in an outer loop (a row's
 * bound) is splatted in that loop, once an iteration of it. Addi,
 * subi, muli, cmpi and select on the vectors are vectorchain ops on i32,
 * index_cast between index and i32 is the same vector, sitofp of i32 a
 * vectorchain.convert. A reduction over the trailing dims whose
 * body is one binary op of the output and a value of the inputs is
 * `vectorchain.reduce` from the output's initial value. Any other
 * reduction body (a combiner of several ops, like cmpf + select) of one
 * input is unrolled as ktc-interp runs linalg.reduce: per level of the
 * pairwise tree, shuffles take the group's halves (lanes [0, h) and
 * [h, 2h), h = L / 2, the odd last lane in both) as the body's input and
 * output arguments, the body runs on them, and an odd level's last lane is
 * put back by a select on a constant mask; last, the body runs on the
 * tree's result and the initial value.
 *
 * Zero-padded loads (lower_pad.c), before any stage is lowered: a
 * compute stage's generic `select(lane < count, v, 0)` over 1 x L tensors
 * (arith.cmpf olt or ult of the lanes' index constant 0..L-1 and a scalar
 * sitofp(index_cast(k)), k an index clamped into i32 by arith.minsi and
 * arith.maxsi with constants; the zeros +0.0), the only use of v, the only
 * read of its FIFO slot, whose only transfer in, a plain load from a
 * scratchpad memref, runs on a unit with the device's zero_pad feature (the
 * L1LU): ktc-split's zero fill of a row read past its view's set. The
 * generic leaves its stage (its users read v) and k's index arithmetic is
 * cloned before the load, the compute stage's loops' variables replaced by
 * the load stage's (the loops around the two, innermost first, of the same
 * bounds pairwise: the FIFO pairs their iterations in order); the load
 * becomes `agen.vector_load ... zero_pad(%k)` (SpyreCode's vldz: the first
 * clamp(k, 0, L) elements loaded, the rest zero). The compute unit saves a
 * splat, a compare and a select a vector: layernorm_masked (n = 1000,
 * spyre) 837 -> 775 cycles, rmsnorm_masked (n = 200) 439 -> 429. Anything
 * else (another count, a unit without zero_pad, loops not paired, a count
 * needing a loop-carried value) keeps the select.
 *
 * Signals: for two stages of different units that touch the same memory
 * bytes (scratchpad buffers by address range, device memory by view base:
 * one argument, or a constant range; a transfer ktc-split marks unwritten,
 * a masked store's old lanes no store writes, touches no device memory),
 * one of them writing, in program order
 * A then B: let R be the innermost block holding both, a and b the ops of R
 * holding A and B. A sends after a (`dataflow.sync_send %peer {channel = c,
 * wait_immediately_for_async_transfers = true}`, after A's DMAs complete), B
 * receives before b (`dataflow.sync_recv %peer {channel = c}`), or later,
 * inside b: before the op on the way down to B that is a loop, or B itself,
 * as long as what it passes runs once per run of b (blocks, pipelines,
 * stages, scf.for loops of one trip on every core, a ktdf.parallel of T
 * iterations known before launch on T instances, B's kind on T corelets),
 * so B's unit does the work of b that does not need A meanwhile (inside a
 * tile's point loop of one trip, before the pass that needs A:
 * layernorm_rows_n, n = 256 on spyre, 1801 -> 1740 cycles); when R runs
 * more than once (it sits in a loop) B also sends after b and A receives at
 * the end of R, so A's next run of a cannot overwrite what B still reads;
 * when A has work in R before its first such a (and R is no modulo
 * pipeline, or keeps one credit), A receives before that a instead, in the
 * next run of R, B giving one credit before the loop around R and A
 * draining it after (A's work before a goes on: the next row's first
 * pass). A stage whose body is one scf.for from the variable of a loop
 * around R to at most that loop's lower bound plus its step (ktc-nest's
 * late-prologue: a weight loaded in the first tile's pipeline) runs in that
 * loop's first iteration alone: B does not signal it back for that loop
 * (first_only), so the loads A's unit issues in the next iteration wait
 * for no credit of it (tests/kernels/rmsnorm_weight_8x2048.mlir). When what B
 * read is one copy, A so waits also when it has work beside R, in R's loop's
 * body or beside that loop in loops around it (through loops and blocks only),
 * not only before a, and the credit goes out to the outermost of those loops: A
 * goes on past R to its work after it (a block's tail after its lane-wide
 * vectors: tests/kernels/block_once, spyre, 610 -> 434 cycles) and in the next
 * run of an outer loop (a masked row's tail, then the next row's loads:
 * rmsnorm_masked, n = 200 on spyre, 1015 -> 600 cycles). That credit is given
 * at the start of the outermost block holding the loop that runs as often
 * (through blocks, inlined calls and scf.for loops of one trip on every core)
 * and drained at its end: B gives it before whatever it waits for ahead of the
 * loop, and a loop that runs no trip holds A at no wait. Every credit (here and
 * below) is sent without waiting for the unit's DMAs (`dataflow.sync_send %peer
 * {channel = c}`); one at the start of the program itself is marked `credit`,
 * its drain at the program's end `drain`: ktc-codegen makes them the channel's
 * credits at launch, no instruction (dist_rows_dynamic, n = 64 on sample: 191
 * -> 156 cycles, 32 credit signals a launch gone from its MNISU).
 * Sibling loops in lockstep: when a and b are scf.for loops with the same
 * bounds on every core, and the boxes (below) show that A in iteration I meets
 * B only in iterations J >= I, A sends after the op of a's body holding it and
 * B receives before (as deep as above) the op of b's body holding it, every
 * iteration: the signals pair up in order, so row j of
 * one phase of a row kernel waits only for row j of the phase before.
 * Likewise when a and b are ktdf.parallel loops of the same bounds and
 * instances (each lane runs the same block of iterations of both) and the
 * boxes meet only in the same iteration: the signal goes lane to lane, B
 * on lane l waiting for A on lane l alone (ktc-nest's passes over a tile's
 * rows split over the corelets: softmax_1024x256 on spyre, 6496 -> 5979
 * cycles; tests/passes/nest/lower_parallel_lockstep.mlir). Such a signal
 * stands for no earlier a of another stage that B waits for at the same
 * place: lane l's A did not run it (tests/kernels/softmax_rest_corelets:
 * a max reduced on corelet 0, read on both).
 * Stages of loops in lockstep: when A and B are stages of two pipelines
 * that run once per run of a and b, each holding one scf.for (the stage
 * of a pass ktc-nest's stream-loops streams: its transfers directly in the
 * loop's body, FIFO ops of other slots before it), the loops of the same
 * bounds on every core, every access of one that meets the other's
 * directly in its loop's body, and A in iteration I meets B only in
 * iterations J >= I, A sends after its last such access and B receives
 * before its first, every iteration: one pass's stores hand each vector to
 * the next pass's loads as they land (layernorm_masked, n = 1024 on
 * spyre: 1670 -> 1573 cycles; tests/passes/lower/signals_lockstep.mlir).
 * Such a signal is left out when B's unit also waits, before B's stage or
 * before the op of its body holding the loop, for a later a of A's unit.
 * Stages of one unit kind on different corelets (one in a ktdf.parallel,
 * the other in none: a stage left whole runs on its pipeline's corelet, 0
 * unless it names one; or both left whole on different corelets) are
 * units of their own that the kind's program does not order, and a unit
 * does not signal itself: when A and B are such stages, the stage before
 * B in its pipeline (another kind's, feeding B through its FIFOs) receives
 * A's signal instead (a remainder row's accumulator zeroed on both
 * corelets after the last tile's stores of it on corelet 0:
 * tests/kernels/rows_remainder_lanes.mlir); the way back (B before A in a
 * later iteration), the stage before A in its pipeline receives B's. Two
 * stages left whole on different corelets that touch the same bytes with
 * no such stage to order them are refused ("two stages of K on different
 * corelets touch the same memory, and nothing orders them"). Not yet two
 * ktdf.parallel.
 * A stage of several transfers between memories (a DMA unit's, nothing
 * else in it) counts as one stage per transfer, in order, so a stage B
 * that needs only the first hears from it before the second is done (a
 * signal after a transfer is delivered once that and every earlier DMA of
 * the unit completed).
 *
 * Per iteration: when both are transfers on the same scratchpad buffer
 * (the memref the allocation made, no cast in between) whose indices are
 * affine in loop IVs (constants, addi, subi, muli by a constant,
 * affine.apply, divisions, remainders, min and max of constants; kernel
 * arguments and the core id as terms that are the same in every
 * iteration), or both on the memory of one kernel argument through views
 * of one element type (one dimension of elements from the argument's
 * start: the outermost reinterpret_cast's offset plus each index times its
 * stride, as long as the strides span the transfer's sizes: a hull; an
 * index's remainder by a constant K, such as a DMA word's start x - x mod
 * 64, widens it by K - 1), and R has scf.for loops around it (or a
 * ktdf.parallel of bounds known before launch, when the boxes meet in no
 * two of its iterations, whatever the other loops: its iterations, on
 * different corelets or not, then count as the same one), the two boxes
 * are compared per iteration of those
 * common loops, dimension by dimension over the loops' ranges (other
 * loops' IVs over their whole range, a loop inside a stage included when
 * its bounds are known before launch: two blocks of a row stored from
 * loops of their own, tests/passes/lower/signals_blocks.mlir): A in iteration I and B in iteration
 * J meet only if their boxes overlap. The forward signal is kept when they
 * meet with J = I or J after I; the signal back only when B in an earlier
 * iteration meets A in a later one, and it goes where that dependence is
 * carried: by the innermost common loop, at R as above (never with
 * credits, below); by an outer loop L only, B sends after the op of L's
 * body holding R and A receives at the end of L's body (one signal per
 * iteration of L, not per run of R), or, when A has work in L's body
 * before that op (or beside L in loops around it), before that op in L's
 * next iteration, with credits as at R (the op of a row holding a masked
 * tail waits for the row before's stores, the row's first passes do not;
 * also when R's own dependences take their wait away from R's end, which
 * covered L's); never, none. So a row or tile
 * expanded per iteration needs no signal back, and a carried accumulator
 * read and written tile by tile gets one per iteration of the loop that
 * carries it. A subscript ktdf.buffer_phase(%iv) {num_phases = K} of one
 * loop's IV (the copy of a buffer in K copies, ktc-nest's resident-rows:
 * row r in copy r mod K) counts as one copy in a run of that loop; a
 * signal back needed only across runs of it (every pair of the block and
 * unit pair so) meets K runs apart: B sends K - 1 times before the loop
 * and A receives as many after it (A runs K - 1 runs ahead); a modulo
 * pipeline whose loads that frees still waits, per run, for its compute
 * K' - 1 runs behind (its modulo), across the loop, so the loads do not
 * run a whole row ahead (tests/passes/lower/signals_copies.mlir). A
 * common loop of at most one trip a run (bounds known before launch, or a
 * constant lower bound and step and an upper bound at most a step above:
 * sched_value_upper, a row's masked block ceil((min(k, s + 64) - s) / 64))
 * has no next iteration: inside a loop whose runs the copy counts, it is
 * passed over, so the two meet K runs apart of that loop, with its credits
 * before it; otherwise the dependence stays with it, its wait before the
 * transfer that needs it. When such loops' bounds are the same in every
 * run of the outer loop (made outside it, or from such values and the IVs
 * of loops of at most one trip: a row's masked block, its count of n
 * alone), they run in every run or in none, so the signals go inside them
 * as at R, counting their runs, and a run without them waits for nothing
 * (tests/passes/lower/signals_copies_once.mlir); else they go in the outer
 * loop's body, counting its runs. Other
 * indices that are not affine (a buffer_phase of several IVs, remui, a
 * value loaded at run time), another cast or layout, two different
 * buffers, device memory: the whole ranges, as above.
 *
 * Through FIFOs (a unit runs its program in order, a receive waits for
 * its value and a send for the value it sends): when A reads the memory
 * into a FIFO slot and B writes it, both stages of the pipeline R, and a
 * chain of R's FIFO slots leads from A's slot to B's write (each stage on
 * it receives from the chain before it sends the next slot, B before its
 * write), B's write follows A's read in every run: no forward signal.
 * Likewise when each stage on the chain holds one scf.for of the same
 * bounds with its FIFO ops directly in the loop's body (ktc-nest's
 * stream-loops; transfers of other slots may come before the loop, a
 * splat read once), A's read and B's write in those loops: the chain
 * leads from A's iteration k to B's iteration k, so no forward signal
 * when the two meet in no iteration of B before A's (a per-chunk
 * accumulator's load and store of chunk k). One after A's whole loop
 * would hold B's writes until all of A's reads are sent, a deadlock once
 * they outnumber what the FIFOs hold.
 * When a stage's loop holds a loop of its own (register-carry's chunks,
 * each folding a row's blocks as the L1LU sends them), the chain is not
 * followed; if what B's loop receives in all is more than its FIFOs hold
 * (sized as the simulator sizes them) and one iteration's is not, A and B
 * are stages of loops in lockstep as above, A sending every iteration
 * after its access and B receiving before its own (a blocked softmax and
 * a blocked norm deadlocked without: tests/kernels/softmax_2x8192_blocks,
 * rmsnorm_6x8192_blocks; tests/passes/lower/signals_lockstep_blocks).
 * When B reads into a slot and A writes from one, each a stage of a
 * pipeline, and some unit has a stage receiving from B's chain in B's
 * pipeline and one sending into A's chain in A's (or is A's unit), that
 * unit orders B's read of an iteration before A's write of every later
 * one: no signal back (a per-row value reused by every row, whose reader
 * and writer both talk to the compute unit). That unit is one per lane:
 * when A and B are in ktdf.parallels of their own, their boxes must meet
 * only in iterations the same lane runs (tests/kernels/ragged_zero_lanes:
 * a row's accumulator zeroed two vectors a corelet, read back every other
 * vector a corelet, lost its signal back and came out zero).
 *
 * Per block and unit pair the signals are thinned: one from the latest a
 * before each b not already covered, one back (the innermost loop's that
 * any pair needs). When R is a `ktdf.pipeline
 * modulo(size: K)` (ktc-nest's double buffering: the buffers have K
 * phases, buffer_phase picks one per iteration), the back signal becomes a
 * credit count of K: B also sends K-1 times on that channel before the
 * loop R's iterations run in (the nearest enclosing scf.for or
 * ktdf.parallel; further out while the next loop's IV is an operand of the
 * ktdf.buffer_phase before R: phases counted across a row loop), and A
 * receives K-1 more times after that loop (the
 * drain), so A runs up to K-1 iterations ahead of B, never onto a phase B
 * still reads. These credits too, and those of the signals carried by an
 * outer loop (above), go to the start and end of the outermost block
 * holding that loop that runs as often (vadd_dynamic_grid, n = 700 on
 * spyre: 499 -> 343 cycles; matmul_f32 613 -> 463). The signals stay as coarse as the byte ranges
 * (the whole expanded buffer, every phase): that is enough because these credits order the phases.
 * Two stages that (also) meet in device memory, which has no phases (a kernel writing the tensor it
 * reads), keep one credit, as do two whose boxes are proven to meet from one iteration of R's loop
 * to the next (phases do not separate them).
 * Where a unit both sends and receives before the same op, its sends
 * come first (a credit it owes never waits behind a signal it awaits).
 * Every signal has its own channel number, so codegen can give each its
 * own signal line; sends and receives of one channel pair up in order. A
 * unit on one corelet signals (and hears from) each corelet of a kind that
 * runs on several; so does every corelet of both sides when one stage is in
 * a ktdf.parallel and the other is not (R outside it): its corelets do
 * different parts of the work (units of a stage left whole that do not run
 * it signal all the same). So does every corelet of both sides when the two
 * are left whole on different corelets (row-corelets' rows), with no wait
 * inside a stage's loop (only its corelet runs the stage): such pairs are
 * signalled apart from the pairs of the same units whose stages run on the
 * same corelets, whose signals go lane to lane, so that a row's wait for
 * its own row's stage on its corelet does not also wait for the other
 * corelet to get past its own row's work in its program
 * (tests/passes/lower/row_corelets.mlir; rmsnorm_masked at n = 200 on
 * spyre: 514 -> 482 cycles). In such a kernel no signal of a stage left
 * whole goes inside it (a wait at its first op needing it, or sends and
 * waits every iteration of stages in lockstep): its corelet alone runs
 * its body, yet every lane of its kind counts on its waits for the
 * earlier transfers the next stages need (odd rows loaded before they
 * landed: tests/kernels/center_rows_packed.mlir). Per lane, when the
 * stage outside is a unit's on
 * one corelet (a DMA unit) and the boxes (above) tell which lanes' blocks of
 * the ktdf.parallel's iterations (bounds known before launch) meet it:
 * when that unit's stages come first, it signals each lane on one channel
 * after the latest of its stages that lane meets (its rows' DMA; each lane
 * receives once, where it waits), so a lane starts once its own rows have
 * landed; when they come after (the parallel's stage one a, awaited by
 * the same unit kind), every lane sends once after a and the unit
 * receives from each lane before the first of its stages that lane meets
 * (its rows' store), so a lane's rows go out once it is done. The signals
 * back stay for every lane. Signals join the units of one core: tiles are taken not
 * to share device-memory bytes (KTIR tiles meet only through inter-tile
 * ops). The exception is a ring transfer (ktc-split's `source_tiles`):
 * its source view is the scratchpad of core source_tiles[c] (the memory
 * unit queried per unit), and per unit kind the last earlier stage writing
 * its source bytes signals, from each core c', the transfer's unit on the
 * core reading c' (sync_send to it; that unit receives from the writer on
 * source_tiles[c]); when the innermost block holding both runs more than
 * once, the transfer's unit also signals back after it, to the writer on
 * source_tiles[c], which waits for it at that block's end.
 *
 * Invariant loads (lower_sync.c plans them, lower_ops.c emits them): a
 * memory -> FIFO transfer at the top of a leaf stage that runs on every
 * lane of its kind, inside a loop L of its own instance, reading
 * scratchpad bytes at subscripts made outside L (a row's mean or rstd
 * splat, loaded with every vector of the scaling pass), runs once before
 * L instead, and the one read of its slot (at the top of a leaf stage of
 * the same pipeline) receives it there, the vector kept in a register for
 * the whole loop, when: no leaf stage inside L writes those bytes; no unit
 * reading them also writes them; and no wait of the loading unit inside L
 * is on a unit that writes them anywhere (so the wait that orders the load
 * after their writer is before L; the signals back, after the reads, still
 * are), or, when one is (the L1SU storing an accumulator L reads back),
 * each stage writing them before L signals the loading unit after it, and
 * the loading unit waits for that signal before L, in the same iteration
 * of the loops around both, on a channel without credits: a signal comes
 * once every earlier operation of its sender is done, so the load follows
 * those writes (Triton's LayerNorm's variance pass: a row's mean stored by
 * the L1SU, the pass's partial sums stored by it in the pass's tile loop;
 * layernorm_triton_4096x1000 on spyre 140243 -> 136158 cycles;
 * tests/passes/lower/invariant_loads_waits.mlir). The outermost such L is taken, but for a loop of
 * fewer than 2 trips known before launch. A later loop of the same block (the next pass over the
 * row's blocks, the masked block) loading the same elements for the same units takes the vector
 * received for the earlier one, when nothing between the two loops writes them or waits for a unit
 * that does, and its bounds can be computed before the earlier loop. Unless the loops keeping a
 * vector run on every core (bounds known before launch), its load and receive run in a loop of one
 * trip when one of them runs, none else (`scf.for %hoist = 0 to min(max(ub - lb over those loops),
 * 1)`, the receiving unit's carrying the vector out, a zero vector else): a row with no block to
 * scale does not wait for the load. Such a guarded load goes only with another load before its loop
 * or a later loop taking its vector (a load before the loop exposes its latency, and the guard
 * costs a few cycles: one rstd hoisted from rmsnorm_masked's scaling, n = 256, took it 509 -> 517
 * cycles). The loads before one loop issue as one group. A receiving unit keeps at most 4 such
 * vectors at once, and only while no stage of its in their loops makes more than 12 vectors with
 * them (a matmul's stages keep their loads in place: they ran out of vector registers). The loads
 * the stages keep group as before: layernorm_masked's scaling pass, 4 points over 2 corelets, loads
 * x, w and b of two points in one group, not x, w, b, mean and rstd of each;
 * layernorm_masked_loop_n (n = 1000, spyre) 841 -> 796 cycles, layernorm_masked 882 -> 837
 * (tests/passes/lower/ invariant_loads.mlir).
 *
 * Masks (lower_masks.c), before the pieces: in the program of a unit that
 * computes, a lane mask `vectorchain.compare` of a constant vector C (the
 * lanes' positions) and a splat of an index s (Triton's `cols < N` lowered:
 * C < splat(min(max(N - col, -1), W))), read only as the condition of
 * vectorchain.selects, is all-true exactly where s >= T (or s <= T) for a
 * constant T from C's smallest or largest lane (the splat's conversion is
 * monotone and exact near T). When s, past min/max with constants that do
 * not change that, is affine in the IV of an scf.for around the compare
 * (addi, subi, muli by a constant; values made outside the loop as
 * terms) with a constant step, the all-true iterations are a prefix or a
 * suffix of the loop: it splits there, at lb + clamp(k) * step computed
 * before it from s at lb (floordivsi by a constant), into two loops run
 * one after the other (the first's results the second's iter_args, so a
 * sum accumulates in the same order), and in the all-true one the selects
 * pick their true value: the compare, the splat and the clamp go. Only
 * the vectors a mask cuts pay its ops (layernorm_triton_4096x1000 on
 * spyre: its variance pass's where(cols < N, x - mean, 0) cost 3 of 6 SFU
 * ops a vector on every vector of a row; 15 of its 16 are whole). Each
 * mask splits its loop once; a loop split by one mask is split by the
 * next in both halves.
 *
 * Pieces (lower_pieces.c): in the program of a unit that computes, a vector
 * wider than its lanes for its element type (ktc-split's tiles of f16 in
 * device memory computed in f32: 64 elements, 32 f32 lanes on spyre) runs
 * in k lane-wide pieces: the vectors an elementwise op (binary, unary,
 * convert, compare, select) joins take the most pieces any of them needs,
 * ceil(N / lanes), N a multiple of k, k at most 8 (a wider row is left
 * whole: the schedule should have streamed it). A receive becomes k receives of N/k
 * and a send k sends, in order (a FIFO carries bytes: the stream is the
 * same); an elementwise op runs once per piece; a splat (vectorchain.splat,
 * a shuffle repeating a block that divides a piece) is made once, of N/k,
 * for every piece; a shuffle picking each element (no repetition) from a
 * vector in one piece runs once per piece on its share of the indices, and
 * one picking from a vector in pieces, each piece of its result from at
 * most two of them (a reversed row; ktc-nest's reduction windows, W lanes
 * astride two chunks), is per result piece a shuffle of each such input
 * piece and, for two, a select between them on a constant mask; a
 * reduction of one group folds its pieces by its own op, then reduces one
 * piece. A wide receive that only a reduction reads stays whole (ktc-codegen
 * streams it), and so do a sum or product whose input runs in a number of
 * pieces not a power of two (ktc-interp's tree pairs elements across
 * pieces) and the vectors joined to its input (ktc-codegen runs those
 * elementwise ops on each piece as it streams it in). Anything else reading or making a vector in
 * pieces (a shuffle repeating lanes of one, a dense constant, a loop-carried or stored one) is
 * refused at its op, with the widths (tests/passes/lower/pieces*.mlir, err_pieces.mlir).
 *
 * A kernel without any stage is left as it is (nothing runs on the device).
 *
 * Rejected with a located error (at the stage, transfer or op): a stage
 * whose applicable_units is not one unit kind of the device; an op this
 * pass cannot lower ("... is not supported yet"): a transfer between two
 * FIFOs, with dynamic sizes, between memrefs of different shapes or whose
 * innermost dim is not contiguous; a FIFO transfer that is not exactly one
 * slot; a memref not built from a KTIR view or an allocated buffer, or
 * whose strides are neither given (its strided layout, its view's static
 * strides) nor implied by static sizes (a leading size known only at
 * launch is taken with given strides: ktc-nest's bulk view of the rows of
 * an unbounded tile loop); a
 * linalg.generic body op without a vectorchain counterpart; a grid of more
 * than one dimension; a kernel argument used as an index that is neither
 * an index nor a runtime_arg; a ktdf.buffer_phase of anything but scf.for
 * induction variables; a tile size left a ktdf.tiling.reserve_size (the
 * error names it, wherever the index using it is); a buffer chosen by
 * ktdf.select_memref (ktc-nest expands by a phase dim instead); work under
 * scf.if or in a loop with loop-carried values; a ktdf.parallel of several
 * dimensions, with bounds known only at launch,
 * nested in another, or over a unit kind that is not one per corelet; a
 * unit kind in ktdf.parallels of different instance counts; a
 * FIFO between a unit on every corelet and one on a single corelet; FIFO
 * slots used out of their order; a reduction whose body is not one binary
 * op and that has several inputs or an input of another element type than
 * its output.
 */
#ifndef SCHED_LOWER_H
#define SCHED_LOWER_H

#include <stdbool.h>

#include "arch/arch.h"
#include "ktir/diag.h"
#include "ktir/ir.h"

/* The transformations of this pass a user may turn off (ktc-lower
 * --disable=NAME, `ktc compile --disable=NAME`) to see what each buys:
 * the split of loops at their masks ("Masks") and the hoisting of
 * invariant loads ("Invariant loads"). */
#define SCHED_LOWER_TRANSFORMS(X)                                                                  \
    X(MASK_SPLIT, "mask-split")                                                                    \
    X(INVARIANT_LOADS, "invariant-loads")

enum sched_lower_transform {
#define X(e, s) SCHED_LOWER_##e,
    SCHED_LOWER_TRANSFORMS(X)
#undef X
        SCHED_LOWER_NTRANSFORMS
};

/* The transformation named s, or SCHED_LOWER_NTRANSFORMS. */
enum sched_lower_transform sched_lower_transform_named(const char *s);

struct sched_lower_options {
    uint32_t disabled; /* bit t: transformation t off */
};

/* Lowers every kernel of m to DataflowIR for dev (see above), in place,
 * with opts' transformations off (NULL: none). Returns false after
 * reporting located errors to diag (m is then unspecified). */
bool sched_lower(struct ir_module *m, const struct arch_device *dev,
                 const struct sched_lower_options *opts, struct ir_diag *diag);

#endif

/* lin.h - index values as linear forms c + sum k[i] * v[i] over opaque
 * index values v, as ktc-split and ktc-nest compare subscripts, bounds and
 * addresses with them (two tiles a constant apart, a subscript that moves
 * with a loop's IV by a constant stride). */
#ifndef SCHED_LIN_H
#define SCHED_LIN_H

#include <stdbool.h>
#include <stdint.h>

#include "ktir/ir.h"

enum { SCHED_LIN_TERMS = 8 };
struct sched_lin {
    int64_t c;
    uint32_t n;
    ir_value v[SCHED_LIN_TERMS];
    int64_t k[SCHED_LIN_TERMS]; /* never 0 */
};

/* Index value v as a linear form: constants folded, arith.addi, subi and
 * muli by a constant of index type expanded, the terms that cancel
 * dropped; any other value (or one whose form would need more than
 * SCHED_LIN_TERMS terms) is a term of its own. Each op is looked at once,
 * the first SCHED_MEMO_VALUES of them (oplist.h; those further are terms
 * of their own), so a chain of ops reading the one before twice (a = (a +
 * a) - a, again and again) takes n steps, not 3^n. */
void sched_lin_of(const struct ir_module *m, ir_value v, struct sched_lin *out);
/* a += k * b; false (a then unspecified) when a would need more than
 * SCHED_LIN_TERMS terms. */
bool sched_lin_add(struct sched_lin *a, const struct sched_lin *b, int64_t k);

/* Whether scf.for x runs as many iterations in every run of the body of
 * scf.for loop (around it): its step is the same in each, and its bounds
 * or their difference as a linear form (from r * 64 to r * 64 + 256) are
 * made of values that are (made outside loop, or by pure ops from such
 * values). False when that is not shown (bounds through a min, or an IV
 * of a loop inside loop). */
bool sched_lin_trips_alike(const struct ir_module *m, ir_op x, ir_op loop);
/* Whether each of the scf.for loops[0..n) (each inside the one before)
 * runs as many iterations in every run of each loop before it
 * (sched_lin_trips_alike): their row-major iteration number then counts
 * the last one's iterations run. */
bool sched_lin_nest_alike(const struct ir_module *m, const ir_op *loops, uint32_t n);
/* Whether scf.for loops la[0..n) and lb[0..n) (each inside the one before,
 * la[0] == lb[0]) run the same iterations in every run of la[0]: the
 * bounds and steps of la[i] and lb[i] made alike (the same values, or the
 * same pure ops of alike values, la[j]'s IV taken as lb[j]'s): two passes
 * over the blocks of one row. Their buffer phases then count alike. */
bool sched_lin_loops_same(const struct ir_module *m, const ir_op *la, const ir_op *lb, uint32_t n);
/* The most counts of buffer phases whose loops do not run alike
 * (ktc-lower counts them as they run, in registers the loops carry; one
 * for the phases whose loops are the same, sched_lin_loops_same) one loop
 * may carry: ktc-nest's row-phases counts no more across a row loop
 * (sched/nest.h), ktc-lower refuses more (ktc-codegen's CG_MAX_CARRY
 * holds them). With 8, a count a phase, five ragged passes of 8 rows ran
 * 757 -> 3107 cycles on spyre, 7 of their 15 nests numbered by row only. */
enum { SCHED_MAX_COUNTED_PHASES = 16 };

#endif

/* numeric.h - the element types' bit-level conversions shared by the parser
 * (hex float literals), the printer, ktc-interp and the simulator: IEEE f16
 * through _Float16 (round to nearest even), bf16, and DLFloat16 (df16).
 */
#ifndef KTIR_NUMERIC_H
#define KTIR_NUMERIC_H

#include <stdint.h>

#include "ktir/ir.h"

/* The value of a bit pattern of float kind k (enum ir_float_kind). */
double num_bits_to_double(unsigned k, uint64_t bits);
/* The bit pattern of v rounded to float kind k (nearest even). */
uint64_t num_double_to_bits(unsigned k, double v);

uint16_t num_f32_to_f16(float v);
float num_f16_to_f32(uint16_t h);
uint16_t num_f32_to_bf16(float v);
float num_bf16_to_f32(uint16_t h);
/* DLFloat16: 1 sign, 6 exponent (bias 31), 9 fraction bits; no infinities or
 * NaNs besides the all-ones pattern, which saturating conversions avoid. */
uint16_t num_f32_to_df16(float v);
float num_df16_to_f32(uint16_t h);

#endif

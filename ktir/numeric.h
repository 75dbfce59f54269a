/* numeric.h - the element types' bit-level conversions shared by the parser
 * (hex float literals), the printer, ktc-interp and the simulator: IEEE f16
 * through _Float16 (round to nearest even), bf16, and DLFloat16 (df16).
 */
#ifndef KTIR_NUMERIC_H
#define KTIR_NUMERIC_H

#include <stdint.h>
#include <string.h>

#include "ktir/ir.h"

/* The value of a bit pattern of float kind k (enum ir_float_kind). */
double num_bits_to_double(unsigned k, uint64_t bits);
/* The bit pattern of v rounded to float kind k (nearest even). */
uint64_t num_double_to_bits(unsigned k, double v);

/* f32 to f16, nearest even. Inline bit arithmetic: a _Float16 conversion is
 * a soft-float library call on x86-64 without F16C and dominates f16 loops. */
static inline uint16_t num_f32_to_f16(float v)
{
    uint32_t x, sign;
    memcpy(&x, &v, sizeof x);
    sign = (x >> 16) & 0x8000;
    x &= 0x7FFFFFFF;
    if (x >= 0x47800000) /* 65536 and up: inf, or a quiet NaN */
        return (uint16_t)(sign | (x > 0x7F800000 ? 0x7E00 : 0x7C00));
    if (x < 0x38800000) { /* subnormal f16 or zero: adding 0.5 aligns the 10 bits */
        float a;
        memcpy(&a, &x, sizeof a);
        a += 0.5f;
        memcpy(&x, &a, sizeof x);
        return (uint16_t)(sign | (x - 0x3F000000));
    }
    uint32_t odd = (x >> 13) & 1;
    x += ((uint32_t)(15 - 127) << 23) + 0xFFF + odd; /* rebias, round to nearest even */
    return (uint16_t)(sign | (x >> 13));
}
float num_f16_to_f32(uint16_t h);
uint16_t num_f32_to_bf16(float v);
float num_bf16_to_f32(uint16_t h);
/* DLFloat16: 1 sign, 6 exponent (bias 31), 9 fraction bits; no infinities or
 * NaNs besides the all-ones pattern, which saturating conversions avoid. */
uint16_t num_f32_to_df16(float v);
float num_df16_to_f32(uint16_t h);

#endif

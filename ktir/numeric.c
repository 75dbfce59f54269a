/* numeric.c - element type conversions (see numeric.h). */
#include "ktir/numeric.h"

#include <math.h>
#include <string.h>

/* The compiler's IEEE half type (an extension in ISO C11). clang before 15
 * has no _Float16 on x86; its __fp16 converts from double the same way (one
 * rounding), which is all this file does with it (tools/fuzz.sh builds
 * with Debian 12's clang 14). */
#if defined(__clang__) && __clang_major__ < 15
typedef __fp16 half;
#else
__extension__ typedef _Float16 half;
#endif

float num_f16_to_f32(uint16_t b)
{
    uint32_t sign = (uint32_t)(b & 0x8000) << 16, e = (b >> 10) & 0x1F, m = b & 0x3FF, x;
    if (e == 0) { /* zero or subnormal: m * 2^-24, exact in f32 */
        float f = (float)m * 0x1p-24f;
        return sign ? -f : f;
    }
    x = sign | (e == 31 ? 0x7F800000 | m << 13 : (e + 112) << 23 | m << 13);
    float f;
    memcpy(&f, &x, sizeof f);
    return f;
}

uint16_t num_f32_to_bf16(float v)
{
    uint32_t u;
    memcpy(&u, &v, sizeof u);
    if (isnan(v))
        return (uint16_t)((u >> 16) | 0x40);
    u += 0x7FFF + ((u >> 16) & 1); /* round to nearest even */
    return (uint16_t)(u >> 16);
}

float num_bf16_to_f32(uint16_t b)
{
    uint32_t u = (uint32_t)b << 16;
    float v;
    memcpy(&v, &u, sizeof v);
    return v;
}

/* DLFloat16: value = (-1)^s * 2^(e-31) * (1 + f/512) for e > 0, and
 * 2^(-30) * (f/512) for e == 0. The all-ones pattern (e=63, f=511) is NaN;
 * every other pattern is finite, so overflow saturates to the largest one. */
uint16_t num_f32_to_df16(float v)
{
    if (isnan(v))
        return 0x7FFF;
    uint16_t sign = signbit(v) ? 0x8000 : 0;
    double a = fabs((double)v);
    if (a == 0)
        return sign;
    if (isinf(a))
        return (uint16_t)(sign | (63u << 9) | 510u); /* saturate below NaN */
    int e;
    double fr = frexp(a, &e); /* a = fr * 2^e, fr in [0.5, 1) */
    int be = e - 1 + 31;      /* biased exponent for 1.f form */
    double mant;
    if (be <= 0) {
        mant = a / ldexp(1.0, -30) * 512.0; /* subnormal */
        be = 0;
    } else {
        mant = (fr * 2.0 - 1.0) * 512.0;
    }
    double r = nearbyint(mant);
    if (r >= 512.0 && be > 0) {
        r = 0;
        be++;
    } else if (be == 0 && r >= 512.0) {
        be = 1;
        r = 0;
    }
    if (be > 63 || (be == 63 && r >= 511))
        return (uint16_t)(sign | (63u << 9) | 510u); /* saturate below NaN */
    return (uint16_t)(sign | ((unsigned)be << 9) | (unsigned)r);
}

float num_df16_to_f32(uint16_t b)
{
    unsigned e = (b >> 9) & 63, f = b & 511;
    if (e == 63 && f == 511)
        return NAN;
    double v = e ? ldexp(1.0 + f / 512.0, (int)e - 31) : ldexp(f / 512.0, -30);
    return (float)((b & 0x8000) ? -v : v);
}

double num_bits_to_double(unsigned k, uint64_t bits)
{
    switch (k) {
    case IR_F16: return num_f16_to_f32((uint16_t)bits);
    case IR_BF16: return num_bf16_to_f32((uint16_t)bits);
    case IR_DF16: return num_df16_to_f32((uint16_t)bits);
    case IR_F32: {
        uint32_t u = (uint32_t)bits;
        float f;
        memcpy(&f, &u, sizeof f);
        return f;
    }
    default: {
        double d;
        memcpy(&d, &bits, sizeof d);
        return d;
    }
    }
}

uint64_t num_double_to_bits(unsigned k, double v)
{
    switch (k) {
    case IR_F16: {
        half h = (half)v; /* one rounding, from double */
        uint16_t b;
        memcpy(&b, &h, sizeof b);
        return b;
    }
    case IR_BF16: return num_f32_to_bf16((float)v);
    case IR_DF16: return num_f32_to_df16((float)v);
    case IR_F32: {
        float f = (float)v;
        uint32_t u;
        memcpy(&u, &f, sizeof u);
        return u;
    }
    default: {
        uint64_t u;
        memcpy(&u, &v, sizeof u);
        return u;
    }
    }
}

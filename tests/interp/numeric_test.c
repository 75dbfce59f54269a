/* numeric_test.c - unit tests of ktir/numeric.c, the element conversions the
 * interpreter computes with: f16 both ways against the compiler's _Float16
 * (every f16 pattern; f32 inputs covering every exponent, sign and rounding
 * case), bf16 nearest-even, and DLFloat16 (1-6-9, bias 31) values, round
 * trips and saturation.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ktir/numeric.h"

__extension__ typedef _Float16 half;

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static void f16_to_f32_every_pattern(void **state)
{
    (void)state;
    for (uint32_t b = 0; b < 65536; b++) {
        half h;
        uint16_t x = (uint16_t)b;
        memcpy(&h, &x, sizeof h);
        float want = (float)h, got = num_f16_to_f32(x);
        if (isnan(want))
            assert_true(isnan(got));
        else
            assert_int_equal(f32_bits(got), f32_bits(want));
    }
}

/* Every sign, exponent and top-10 mantissa pattern, with low-13-bit tails
 * around the rounding point (ties, just below, just above). */
static void f32_to_f16_rounding(void **state)
{
    (void)state;
    static const uint32_t tails[] = {0,     1,      0x0FFF, 0x1000, 0x1001, 0x17FF,
                                     0x1800, 0x1FFF, 0x0800, 0x0001, 0x1555, 0x0AAA};
    unsigned long checked = 0;
    for (uint32_t hi = 0; hi < (1u << 19); hi++)
        for (size_t t = 0; t < sizeof tails / sizeof *tails; t++) {
            float f = bits_f32(hi << 13 | tails[t]);
            half h = (half)f;
            uint16_t want, got = num_f32_to_f16(f);
            memcpy(&want, &h, sizeof want);
            if (isnan(f))
                assert_true((got & 0x7C00) == 0x7C00 && (got & 0x3FF));
            else
                assert_int_equal(got, want);
            checked++;
        }
    assert_true(checked > 6000000);
}

static void f16_specials(void **state)
{
    (void)state;
    assert_int_equal(num_f32_to_f16(65504.0f), 0x7BFF);
    assert_int_equal(num_f32_to_f16(65519.99f), 0x7BFF); /* below the halfway point */
    assert_int_equal(num_f32_to_f16(65520.0f), 0x7C00);  /* ties to even: overflow */
    assert_int_equal(num_f32_to_f16(-INFINITY), 0xFC00);
    assert_int_equal(num_f32_to_f16(0x1p-24f), 0x0001);  /* smallest subnormal */
    assert_int_equal(num_f32_to_f16(0x1p-25f), 0x0000);  /* tie to even: zero */
    assert_int_equal(num_f32_to_f16(-0.0f), 0x8000);
    assert_true(num_f16_to_f32(0xFC00) == -INFINITY);
}

static void bf16_nearest_even(void **state)
{
    (void)state;
    assert_int_equal(num_f32_to_bf16(1.0f), 0x3F80);
    assert_int_equal(num_f32_to_bf16(bits_f32(0x3F808000)), 0x3F80); /* tie, even stays */
    assert_int_equal(num_f32_to_bf16(bits_f32(0x3F818000)), 0x3F82); /* tie, odd rounds up */
    assert_int_equal(num_f32_to_bf16(bits_f32(0x3F808001)), 0x3F81);
    assert_true(isnan(num_bf16_to_f32(num_f32_to_bf16(NAN))));
    for (uint32_t b = 0; b < 65536; b++) {
        float f = num_bf16_to_f32((uint16_t)b);
        if (!isnan(f))
            assert_int_equal(num_f32_to_bf16(f), b);
    }
}

static void df16_values(void **state)
{
    (void)state;
    /* value = 2^(e-31) * (1 + f/512), e > 0; 2^-30 * f/512 for e == 0 */
    assert_int_equal(num_f32_to_df16(1.0f), 31u << 9);
    assert_int_equal(num_f32_to_df16(-2.0f), 0x8000 | 32u << 9);
    assert_int_equal(num_f32_to_df16(1.5f), 31u << 9 | 256);
    assert_true(num_df16_to_f32(31u << 9 | 1) == 1.0f + 1.0f / 512);
    assert_true(num_df16_to_f32(0x0001) == 0x1p-39f); /* smallest subnormal */
    assert_true(num_df16_to_f32(0x7FFE) == (2.0f - 2.0f / 512) * 0x1p32f);
    assert_true(isnan(num_df16_to_f32(0x7FFF)));
    /* No infinities: out-of-range values saturate below the NaN pattern. */
    assert_int_equal(num_f32_to_df16(1e30f), 0x7FFE);
    assert_int_equal(num_f32_to_df16(-INFINITY), 0xFFFE);
    /* Nearest even on the 9-bit fraction. */
    assert_int_equal(num_f32_to_df16(1.0f + 1.0f / 1024), 31u << 9);
    assert_int_equal(num_f32_to_df16(1.0f + 3.0f / 1024), 31u << 9 | 2);
}

static void df16_round_trip(void **state)
{
    (void)state;
    for (uint32_t b = 0; b < 65536; b++) {
        if ((b & 0x7FFF) == 0x7FFF)
            continue; /* NaN */
        float f = num_df16_to_f32((uint16_t)b);
        uint16_t back = num_f32_to_df16(f);
        if (b == 0x8000)
            assert_true(back == 0x8000 || back == 0);
        else
            assert_int_equal(back, b);
    }
}

static void through_double(void **state)
{
    (void)state;
    assert_int_equal(num_double_to_bits(IR_F16, 1.0), 0x3C00);
    assert_true(num_bits_to_double(IR_F16, 0xFC00) == -INFINITY);
    assert_int_equal(num_double_to_bits(IR_DF16, 1.0), 31u << 9);
    assert_true(num_bits_to_double(IR_DF16, 32u << 9) == 2.0);
    assert_true(num_bits_to_double(IR_F32, 0x3F800000) == 1.0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(f16_to_f32_every_pattern), cmocka_unit_test(f32_to_f16_rounding),
        cmocka_unit_test(f16_specials),             cmocka_unit_test(bf16_nearest_even),
        cmocka_unit_test(df16_values),              cmocka_unit_test(df16_round_trip),
        cmocka_unit_test(through_double),
    };
    return cmocka_run_group_tests_name("numeric", tests, NULL, NULL);
}

/* npy.h - NumPy .npy files (format versions 1 to 3) for ktc-interp's
 * arguments and results.
 *
 *   "\x93NUMPY" major minor hlen (u16 LE; u32 LE for 2.x/3.x) header data
 *   header: {'descr': '<f2', 'fortran_order': False, 'shape': (2, 3), }
 *           padded with spaces and '\n' so data starts 64-byte aligned
 *
 * Little-endian C-order arrays of bool, int8/16/32/64, uint8/16/32/64 (read
 * as the same-width signed type) and float16/32/64. bf16 and df16 arrays
 * are written as their bit patterns ('<u2').
 */
#ifndef KTIR_INTERP_NPY_H
#define KTIR_INTERP_NPY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ktir/interp/interp.h"

/* Parses a whole .npy image into a (data malloc'd). False with a reason in
 * err on malformed or unsupported input. */
bool npy_parse(const uint8_t *buf, size_t len, struct interp_array *a, char *err, size_t errlen);
/* Reads path into a. */
bool npy_read(const char *path, struct interp_array *a, char *err, size_t errlen);
/* The .npy image of a in a malloc'd buffer. */
void npy_format(const struct interp_array *a, uint8_t **buf, size_t *len);
/* Writes a to path atomically (temp file and rename). */
bool npy_write(const char *path, const struct interp_array *a, char *err, size_t errlen);

#endif

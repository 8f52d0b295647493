/* from_c.c, for the C++ test that runs it. */
#ifndef BALLPARK_FROM_C_H
#define BALLPARK_FROM_C_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* GPUHOURS(70E9; 2E12; "A100"; {0.35, 0.55}) into *hours; returns the result's kind. */
int32_t gpu_hours_from_c(double* hours);

/* QTYVALUE(the same hours; ; "low high"; "u"; {0.35, 0.55}) into bounds[0] and bounds[1]; returns the result's kind. */
int32_t gpu_hours_low_high_from_c(double bounds[2]);

#ifdef __cplusplus
}
#endif

#endif

/* from_c.c, for the C++ test that runs it. */
#ifndef BALLPARK_FROM_C_H
#define BALLPARK_FROM_C_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* GPUHOURS(70E9; 2E12; "A100"; {0.35, 0.55}) into *hours; returns the result's kind. */
int32_t gpu_hours_from_c(double* hours);

#ifdef __cplusplus
}
#endif

#endif

/* The C interface called from C, so the header is checked to be C as well as C++: GPUHOURS with a range of two
 * utilizations, as a C program would build it. */
#include "ballpark_c.h"

#include "from_c.h"

int32_t gpu_hours_from_c(double* hours) {
    const char peak[] = "A100";
    ballpark_value utilization[2];
    ballpark_value args[4];
    ballpark_result result;
    int32_t kind;
    int i;
    for (i = 0; i < 2; ++i) {
        utilization[i].kind = BALLPARK_NUMBER;
        utilization[i].number = i == 0 ? 0.35 : 0.55;
    }
    args[0].kind = BALLPARK_NUMBER;
    args[0].number = 70e9;
    args[1].kind = BALLPARK_NUMBER;
    args[1].number = 2e12;
    args[2].kind = BALLPARK_TEXT;
    args[2].text = peak;
    args[2].text_size = sizeof peak - 1;
    args[3].kind = BALLPARK_RANGE;
    args[3].cells = utilization;
    args[3].rows = 1;
    args[3].columns = 2;
    kind = ballpark_call("GPUHOURS", args, 4, &result);
    *hours = result.number;
    ballpark_result_free(&result);
    return kind;
}

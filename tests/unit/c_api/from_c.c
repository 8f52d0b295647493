/* The C interface called from C, so the header is checked to be C as well as C++: GPUHOURS with a range of two
 * utilizations, as a C program would build it, and the same hours' low and high end read from an array. */
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

int32_t gpu_hours_low_high_from_c(double bounds[2]) {
    const char expression[] = "6 FLOP * 70 billion * 2 trillion / (312 TFLOP/s * u) as hour";
    const char parts[] = "low high";
    const char name[] = "u";
    ballpark_value utilization[2];
    ballpark_value args[5];
    ballpark_result result;
    int32_t kind;
    size_t j;
    for (j = 0; j < 2; ++j) {
        utilization[j].kind = BALLPARK_NUMBER;
        utilization[j].number = j == 0 ? 0.35 : 0.55;
    }
    args[0].kind = BALLPARK_TEXT;
    args[0].text = expression;
    args[0].text_size = sizeof expression - 1;
    args[1].kind = BALLPARK_EMPTY;
    args[2].kind = BALLPARK_TEXT;
    args[2].text = parts;
    args[2].text_size = sizeof parts - 1;
    args[3].kind = BALLPARK_TEXT;
    args[3].text = name;
    args[3].text_size = sizeof name - 1;
    args[4].kind = BALLPARK_RANGE;
    args[4].cells = utilization;
    args[4].rows = 1;
    args[4].columns = 2;
    kind = ballpark_call("QTYVALUE", args, 5, &result);
    if (kind == BALLPARK_RESULT_ARRAY && result.rows == 1 && result.columns == 2) {
        for (j = 0; j < 2; ++j) {
            bounds[j] = result.cells[j].kind == BALLPARK_CELL_NUMBER ? result.cells[j].number : -1;
        }
    }
    ballpark_result_free(&result);
    return kind;
}

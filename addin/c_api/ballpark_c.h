/* Ballpark's sheet functions behind a C interface: the functions of the Calc add-in (GPUHOURS, QTY, QTYVALUE, …),
 * for callers that cannot use C++ types, such as the Python UNO adapter through ctypes, or a program built with
 * another compiler. The library is libballpark_c.so on Linux and ballpark.dll on Windows; it calls the same table
 * of sheet functions as the C++ UNO component, so a formula gives the same number, text, array or sentence through
 * both.
 *
 * Values in:  ballpark_value, tagged: empty, a number, a UTF-8 text, or a range of cells (each empty, a number or
 *             a text). The caller owns every buffer it passes; the library only reads them during the call and
 *             keeps no pointer into them afterwards.
 * Values out: ballpark_result: a number, a UTF-8 text, an error with its sentence, or an array of cells (each empty,
 *             a number, a text or an error with its sentence). The text and the cells of a result are allocated by
 *             the library and belong to the caller, who frees them with ballpark_result_free (never with free():
 *             the library may use another C runtime than the caller).
 * Strings describing the functions (ballpark_function_at) are static: never free them.
 *
 * Every function may be called from any thread, also at the same time from several. None of them throws or
 * aborts on bad input: a wrong argument is an error result with a sentence.
 */
#ifndef BALLPARK_C_H
#define BALLPARK_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef _WIN32
#ifdef BALLPARK_C_BUILDING
#define BALLPARK_C_API __declspec(dllexport)
#else
#define BALLPARK_C_API __declspec(dllimport)
#endif
#else
#define BALLPARK_C_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* The version of this interface, raised whenever a declaration below changes in a way that a caller built for an
 * older one could notice. A caller compares ballpark_c_version() with the BALLPARK_C_VERSION it was written for
 * and refuses a library of another version.
 *
 * Version 3: an array result (BALLPARK_RESULT_ARRAY, ballpark_cell), for QTY, QTYDIST and QTYVALUE over a column
 * of models and QTYVALUE with several parts. It replaces version 2's row of numbers (kind 4, `numbers` and `count`,
 * gone from ballpark_result): several parts are an array of one row. ballpark_result is larger, so a caller written
 * for version 2 must not pass its own struct to this library, and refuses it by the rule above. */
#define BALLPARK_C_VERSION 3

/* The version of the library that was loaded, BALLPARK_C_VERSION as the library was built. */
BALLPARK_C_API int32_t ballpark_c_version(void);

/* What a ballpark_value holds. */
enum {
    BALLPARK_EMPTY = 0,  /* an omitted argument, an empty cell, or (inside a range) a cell Calc passes as empty */
    BALLPARK_NUMBER = 1, /* `number` */
    BALLPARK_TEXT = 2,   /* `text`, `text_size` bytes of UTF-8; need not end with a NUL */
    BALLPARK_RANGE = 3   /* `cells`, `rows` × `columns` values row by row, each EMPTY, NUMBER or TEXT */
};

/* One argument of a sheet function, or one cell of a range. A range of one cell counts as that cell, a range of no
 * cell as empty. Only the fields of its kind are read. */
typedef struct ballpark_value {
    int32_t kind;
    double number;
    const char* text;
    size_t text_size;
    const struct ballpark_value* cells;
    size_t rows;
    size_t columns;
} ballpark_value;

/* What a call gave. */
enum {
    BALLPARK_RESULT_NUMBER = 1, /* `number`; `text` is NULL */
    BALLPARK_RESULT_TEXT = 2,   /* `text`: the function's text; a QTY, QTYDIST or QTYSUM result ends with the key
                                 * of its recipe (U+2063 and twenty-four of U+FE00…U+FE0F, printing as
                                 * nothing; valid only after exactly the text it was made for), which a
                                 * later call given the text reads the result by */
    BALLPARK_RESULT_ERROR = 3,  /* `text`: the sentence that says what is wrong, as Calc's QTYERROR shows it */
    /* 4 was version 2's row of numbers. */
    BALLPARK_RESULT_ARRAY = 5   /* `cells`: `rows` × `columns` cells, row by row, as an array formula over as many
                                 * cells shows them: QTY, QTYDIST or QTYVALUE over a column of models (one row per row
                                 * of the columns), QTYVALUE with several parts (one column per part); since 3 */
};

/* What a cell of an array holds; since 3. */
enum {
    BALLPARK_CELL_EMPTY = 0,  /* nothing: the place of a row of the columns left out because it is blank in every
                               * column, so each result stays beside its row */
    BALLPARK_CELL_NUMBER = 1, /* `number` */
    BALLPARK_CELL_TEXT = 2,   /* `text`, as BALLPARK_RESULT_TEXT: a row's QTY or QTYDIST result ends with the key of
                               * its own recipe, so a later call given the text reads that row's result */
    BALLPARK_CELL_ERROR = 3   /* `text`: the sentence about this cell alone. No function of version 3 gives one: a
                               * row that fails fails the whole call, whose error names the row ("Row 2 of the
                               * columns: …"), as in the C++ component */
};

/* One cell of an array result. `text`, when not NULL, is `text_size` bytes of UTF-8 followed by a NUL; it lies in
 * the memory of the array's `cells` and is freed with them by ballpark_result_free. */
typedef struct ballpark_cell {
    int32_t kind;
    double number;
    const char* text;
    size_t text_size;
} ballpark_cell;

/* The result of ballpark_call. `text`, when not NULL, is `text_size` bytes of UTF-8 followed by a NUL, allocated by
 * the library: pass the result to ballpark_result_free once read. `text` is NULL for a number and an array, and for
 * an error only when memory ran out while making its sentence. `cells` is NULL for every kind but an array. */
typedef struct ballpark_result {
    int32_t kind;
    double number;
    char* text;
    size_t text_size;
    ballpark_cell* cells; /* an array's rows × columns cells with their texts, one allocation of the library */
    size_t rows;          /* at least 1 in an array */
    size_t columns;       /* at least 1 in an array */
} ballpark_result;

/* Frees the text and the cells of a result (with the cells' texts) and sets them to NULL and the sizes to 0; the
 * struct itself is the caller's. Harmless on a result already freed, so calling it twice is safe. */
BALLPARK_C_API void ballpark_result_free(ballpark_result* result);

/* One sheet function, as the function wizard and the UNO interface know it. */
typedef struct ballpark_function {
    const char* name;         /* as Calc shows it: "GPUHOURS" */
    const char* method;       /* the method of org.ballpark.XBallparkFunctions: "gpuHours" */
    int32_t result_kind;      /* BALLPARK_RESULT_NUMBER or BALLPARK_RESULT_TEXT: what one call of it gives; QTY
                               * (texts), QTYDIST (texts) and QTYVALUE (numbers) may give an array of them too */
    size_t parameters;        /* the parameters before the value pairs (all of them when it takes none) */
    int32_t takes_pairs;      /* 1 when name; value pairs follow the parameters (Calc's trailing argument list) */
} ballpark_function;

/* How many sheet functions there are; they are numbered from 0 in the order of the UNO interface. */
BALLPARK_C_API size_t ballpark_function_count(void);

/* Fills `out` with function `index` and returns 1; returns 0 and leaves `out` alone when there is no such
 * function. The strings are static. */
BALLPARK_C_API int32_t ballpark_function_at(size_t index, ballpark_function* out);

/* Calls the sheet function named `name` (as Calc shows it, in any case: "QTYVALUE", "qtyvalue"), a NUL-terminated
 * text, with `count` arguments: its parameters in order, then its name; value pairs flattened (name, value, name,
 * value, …). Fewer arguments than parameters are completed with empty ones, as Calc passes an omitted argument;
 * more than a function without pairs takes is an error. Writes the result into `*result` (whatever it held
 * before is overwritten, not freed), which the caller frees with ballpark_result_free, and returns its kind.
 * `args` may be NULL when `count` is 0. */
BALLPARK_C_API int32_t ballpark_call(const char* name, const ballpark_value* args, size_t count,
                                     ballpark_result* result);

/* As ballpark_call, and for an error result also what kind of error it is, for a caller that acts on the kind
 * rather than the words: `*error_kind` is set to a static NUL-terminated name, one of "other", "syntax",
 * "ambiguous", "unknown_name", "unknown_unit", "dimension", "name_taken", "argument", "range_order", "domain",
 * "overflow", "limit", "needs_distribution", "recursion", "other_precision", "declared_units_unread",
 * "mixed_readings", "temperature", "forgotten_result" or "internal" (never free it), and to NULL for a result that
 * is not an error. `error_kind` may be NULL. The result, its kind and its sentence are ballpark_call's. A library
 * of version 3 that lacks this function is an older build; ballpark_call is the same in both. */
BALLPARK_C_API int32_t ballpark_call_with_kind(const char* name, const ballpark_value* args, size_t count,
                                               ballpark_result* result, const char** error_kind);

#ifdef __cplusplus
}
#endif

#endif /* BALLPARK_C_H */

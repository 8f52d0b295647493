// A table of numbers as the sequence<sequence<double>> that Calc shows as an array: one sequence a row.
//
// Why by hand: a column of models returns thousands of one-number rows, and Sequence<double>'s constructor asks
// UNO's type library for the element type and its size at every row (uno_type_sequence_construct), while the
// outer Sequence(n) first fills every row with an empty sequence that each assignment then releases. Together
// that was about 430 instructions a row of Calc's array, the cost of a whole row of Calc's own arithmetic
// (docs/performance.md, "what a column costs Calc by parameter type"). A sequence of doubles, and one of sequences,
// is laid out as LibreOffice's C interface defines it for every binding (sal_Sequence in sal/types.h: a reference
// count, the number of elements, then the elements), and cppu frees it as it frees the ones it made itself.
#pragma once

#include <cstddef>
#include <cstring>
#include <new>

#include <com/sun/star/uno/Sequence.hxx>
#include <rtl/alloc.h>
#include <sal/types.h>

namespace ballpark::uno_rows {

// A sal_Sequence of `count` elements of `size` bytes each, with its reference count at 1.
inline sal_Sequence* allocate(std::size_t count, std::size_t size) {
    auto* made = static_cast<sal_Sequence*>(rtl_allocateMemory(SAL_SEQUENCE_HEADER_SIZE + count * size));
    if (made == nullptr) throw std::bad_alloc();
    made->nRefCount = 1;
    made->nElements = static_cast<sal_Int32>(count);
    return made;
}

// `rows` rows of `columns` numbers, number(k, j) the one in row k and column j.
template <class Number>
css::uno::Sequence<css::uno::Sequence<double>> number_rows(std::size_t rows, std::size_t columns, Number&& number) {
    sal_Sequence* outer = allocate(rows, sizeof(sal_Sequence*));
    auto** row = reinterpret_cast<sal_Sequence**>(outer->elements);
    // Held by the result from here on, so that a failed allocation frees what was made (the unmade rows empty).
    for (std::size_t k = 0; k < rows; ++k) row[k] = nullptr;
    try {
        for (std::size_t k = 0; k < rows; ++k) {
            row[k] = allocate(columns, sizeof(double));
            auto* cells = reinterpret_cast<double*>(row[k]->elements);
            for (std::size_t j = 0; j < columns; ++j) cells[j] = number(k, j);
        }
    } catch (...) {
        for (std::size_t k = 0; k < rows && row[k] != nullptr; ++k) rtl_freeMemory(row[k]);
        rtl_freeMemory(outer);
        throw;
    }
    return css::uno::Sequence<css::uno::Sequence<double>>(outer, SAL_NO_ACQUIRE);
}

}  // namespace ballpark::uno_rows

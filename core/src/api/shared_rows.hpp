// The rows of a column in a reading that has no compiled program (the 90% reading, whose values refer to their
// inputs): the bindings every row shares are read once, into a context that each row starts from a copy of, so
// that a shared "35% to 55%" is not parsed and made into an input again for each of 10,000 rows. A row then reads
// only its own bindings, after the shared ones as before, so its inputs have the same numbers in the same order
// and its result is the one evaluate() gives for the row's whole bindings, to the bit. Internal to core/src/api.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/mode.hpp"

namespace ballpark::detail {

struct SharedRowsState;

class SharedRows {
public:
    // For `text` over rows whose first bindings are `shared`; nothing where a row must go evaluate()'s way: a text
    // that declares units or is no expression, a mode that picks another value type by the text, shared bindings
    // that read earlier results or cannot be read (evaluate() gives the error, with its row). Never throws.
    static std::optional<SharedRows> prepare(std::string_view text, std::span<const Binding> shared, Mode mode) noexcept;

    // The row whose own bindings (after the shared ones) are `own`; nothing where evaluate() must give it: a name
    // also shared or given twice, an earlier result, and every error. Never throws.
    std::optional<Quantity> row(std::span<const Binding> own) const noexcept;

private:
    std::shared_ptr<const SharedRowsState> state_;
};

}  // namespace ballpark::detail

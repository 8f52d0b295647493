// A text evaluated with bindings through its compiled tree (eval/compiled.hpp), kept per thread under the text,
// the names bound and the mode: a QTYVALUE with name; value pairs recalculated, or each row of a column, only
// reads its values and runs the program. Internal to core/src/api.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string_view>

#include "ballpark/api.hpp"
#include "ballpark/mode.hpp"

namespace ballpark::detail {

// evaluate()'s result for a text with bindings, or nothing where the evaluation must go the usual way: a text
// that declares units or reads earlier results, a value type whose values refer to their inputs, anything the
// compiled tree does not know, and every error (the usual way gives it, with all its fields). Never throws.
std::optional<Quantity> evaluate_compiled(std::string_view text, std::span<const Binding> bindings, Mode mode) noexcept;

struct CompiledEntry;

// A text's program for one list of names, found once for many evaluations whose bindings have those names in that
// order (the rows of a column), which then skip comparing the text and the names.
class CompiledText {
public:
    static CompiledText find(std::string_view text, std::span<const Binding> bindings, Mode mode) noexcept;
    // evaluate_compiled() of the text for `bindings`, which must have the names find() was given, in that order.
    std::optional<Quantity> evaluate(std::span<const Binding> bindings) const noexcept;
    // This text's program for the rows of a column, whose first `fixed` bindings (the shared names) are these in
    // every row: what reads only them is computed once, here (CompiledTree::with_fixed), where a part of the text
    // does; otherwise this. `bindings` as for evaluate().
    CompiledText for_rows(std::span<const Binding> bindings, std::size_t fixed) const noexcept;

private:
    std::shared_ptr<const CompiledEntry> entry_;
};

}  // namespace ballpark::detail

// Per-thread caches of parsed text. A spreadsheet column repeats the same expression and unit strings in every
// row, so parsing each distinct text once per thread turns most of a recalculation into lookups. Thread-local
// storage needs no lock and cannot race; the registry they read is immutable.
#pragma once

#include <memory>
#include <string_view>

#include "ballpark/quantity.hpp"
#include "ballpark/text_cache.hpp"
#include "language/syntax_tree.hpp"

namespace ballpark {

// The syntax tree of a statement; throws ErrorException on a syntax error (errors are not cached).
std::shared_ptr<const SyntaxTree> cached_statement(std::string_view text);

using UnitCache = TextCache<std::shared_ptr<const DisplayUnit>>;

// This thread's cache of unit strings, for a caller that reads several units in one call: finding the thread's
// cache is a call into the thread library (per_thread.hpp), about 4% of convert() each time in callgrind.
UnitCache& unit_cache();

// A unit string as a display unit (its text, size and dimension, which carries what the unit counts: cycles or an
// angle); throws ErrorException for an unknown unit. The reference is valid until the cache's next insert.
const std::shared_ptr<const DisplayUnit>& cached_unit(UnitCache& cache, std::string_view text);
inline const std::shared_ptr<const DisplayUnit>& cached_unit(std::string_view text) { return cached_unit(unit_cache(), text); }

}  // namespace ballpark

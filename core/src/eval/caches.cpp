#include "eval/caches.hpp"

#include "ballpark/per_thread.hpp"
#include "ballpark/text_cache.hpp"
#include "language/parser.hpp"
#include "units/unit_registry.hpp"

namespace ballpark {

std::shared_ptr<const SyntaxTree> cached_statement(std::string_view text) {
    static PerThread<TextCache<std::shared_ptr<const SyntaxTree>>> caches;
    return caches.get().get(text, [&] { return parse_statement(text, UnitRegistry::instance()); });
}

UnitCache& unit_cache() {
    static PerThread<UnitCache> caches;
    return caches.get();
}

const std::shared_ptr<const DisplayUnit>& cached_unit(UnitCache& cache, std::string_view text) {
    return cache.get(text, [&] {
        const UnitValue unit = parse_unit(text, UnitRegistry::instance());
        return std::make_shared<const DisplayUnit>(DisplayUnit{std::string(text), unit.factor, unit.dimension, unit.offset});
    });
}

}  // namespace ballpark

#include "caches.hpp"

#include "parser.hpp"
#include "unit_registry.hpp"
#include "value.hpp"

namespace ballpark {
namespace {

// Distinct texts kept per thread before a cache starts over; a sheet rarely has this many distinct formulas,
// and starting over bounds memory on a sheet that makes every text unique.
constexpr std::size_t max_entries = 4096;

template <class T, class Make>
const T& remember(StringMap<T>& cache, std::string_view key, Make make) {
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    T value = make();  // may throw; nothing is inserted then
    if (cache.size() >= max_entries) cache.clear();
    return cache.emplace(std::string(key), std::move(value)).first->second;
}

}  // namespace

std::shared_ptr<const SyntaxTree> cached_statement(std::string_view text) {
    thread_local StringMap<std::shared_ptr<const SyntaxTree>> cache;
    return remember(cache, text, [&] { return parse_statement(text, UnitRegistry::instance()); });
}

const std::shared_ptr<const DisplayUnit>& cached_unit(std::string_view text) {
    thread_local StringMap<std::shared_ptr<const DisplayUnit>> cache;
    return remember(cache, text, [&] {
        const UnitValue unit = parse_unit(text, UnitRegistry::instance());
        return std::make_shared<const DisplayUnit>(DisplayUnit{std::string(text), unit.factor, unit.dimension});
    });
}

}  // namespace ballpark

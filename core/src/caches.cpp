#include "caches.hpp"

#include "parser.hpp"
#include "unit_registry.hpp"
#include "value.hpp"

namespace ballpark {
namespace {

// Distinct texts kept per thread before a cache starts over; a sheet rarely has this many distinct formulas,
// and starting over bounds memory on a sheet that makes every text unique.
constexpr std::size_t max_entries = 4096;
// Bytes of text kept per thread before a cache starts over. A syntax tree can take 200 times the memory of its text
// (nodes are reserved for twice the tokens), so 4,096 distinct formulas of 32,767 characters would hold 25 GB per
// thread; this bounds a cache to about 100 MB, while 4,096 ordinary formulas of up to 128 bytes still fit.
constexpr std::size_t max_bytes = std::size_t{512} << 10;

template <class T, class Make>
const T& remember(StringMap<T>& cache, std::size_t& bytes, std::string_view key, Make make) {
    if (auto it = cache.find(key); it != cache.end()) return it->second;
    T value = make();  // may throw; nothing is inserted then
    if (cache.size() >= max_entries || bytes + key.size() > max_bytes) {
        cache.clear();
        bytes = 0;
    }
    bytes += key.size();
    return cache.emplace(std::string(key), std::move(value)).first->second;
}

}  // namespace

std::shared_ptr<const SyntaxTree> cached_statement(std::string_view text) {
    thread_local StringMap<std::shared_ptr<const SyntaxTree>> cache;
    thread_local std::size_t bytes = 0;
    return remember(cache, bytes, text, [&] { return parse_statement(text, UnitRegistry::instance()); });
}

const std::shared_ptr<const DisplayUnit>& cached_unit(std::string_view text) {
    thread_local StringMap<std::shared_ptr<const DisplayUnit>> cache;
    thread_local std::size_t bytes = 0;
    return remember(cache, bytes, text, [&] {
        const UnitValue unit = parse_unit(text, UnitRegistry::instance());
        return std::make_shared<const DisplayUnit>(DisplayUnit{std::string(text), unit.factor, unit.dimension});
    });
}

}  // namespace ballpark

// The store that keeps recipes by key, most recently used first, within a byte limit (linked.hpp).
#include <list>
#include <mutex>
#include <unordered_map>

#include "api/recipe.hpp"

namespace ballpark {
namespace {

// What a recipe costs to keep, roughly: its content twice (the copies of its texts, and `content`) and its parts.
std::size_t bytes_of(const Recipe& r) {
    return sizeof(Recipe) + 2 * r.content.size() + r.bindings.size() * sizeof(Binding) + r.texts.size() * sizeof(std::string) +
           r.quantities.size() * sizeof(Quantity) + r.sources.size() * sizeof(RecipeRef) +
           r.own_unknowns.size() * sizeof(std::uint64_t);
}

}  // namespace

struct RecipeStore::State {
    mutable std::mutex mutex;
    // Most recently used first; the map points into the list.
    std::list<RecipeRef> order;
    std::unordered_map<std::uint64_t, std::list<RecipeRef>::iterator> by_key;
    std::size_t bytes = 0;
    // Enough for a sheet of 500,000 result cells and a few more documents: a result of a four-input plan step is
    // about 1.8 KB of recipe (SheetResults.AResultOfAPlanStepKeepsUnderTwoKilobytesOfRecipe), so 500,000 take
    // under 1 GB. A
    // result forgotten past the limit is refused when read, never read as printed (addin/sheet/text_inputs.cpp).
    std::size_t byte_limit = std::size_t{2} << 30;

    // The recipe of `content`, made the most recently used; null if there is none, and then `key` is the first free
    // key from the content's hash on. Two contents with one hash (a collision) must not be confused: the later
    // recipe takes the next free key. Its own content is unchanged, so a recipe reading it still differs from one
    // reading the other.
    RecipeRef find(std::string_view content, std::uint64_t& key) {
        for (auto found = by_key.find(key); found != by_key.end(); found = by_key.find(++key)) {
            if ((*found->second)->content == content) {
                order.splice(order.begin(), order, found->second);
                return *found->second;
            }
        }
        return nullptr;
    }

    void forget_least_recent() {
        while (bytes > byte_limit && !order.empty()) {
            const RecipeRef& last = order.back();
            bytes -= bytes_of(*last);
            by_key.erase(last->key);
            last->in_store.store(false, std::memory_order_release);
            order.pop_back();
        }
    }
};

RecipeStore::RecipeStore() : state_(std::make_unique<State>()) {}
RecipeStore::~RecipeStore() = default;

RecipeStore& RecipeStore::instance() noexcept {
    static RecipeStore store;
    return store;
}

RecipeRef RecipeStore::remember(RecipeRef recipe) noexcept {
    if (recipe->in_store.load(std::memory_order_acquire)) return recipe;
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    try {
        std::uint64_t key = recipe->key;
        if (RecipeRef stored = s.find(recipe->content, key)) return stored;
        if (recipe->keyed) {
            // Stored before, forgotten, and stored again: make_recipe found it by its content while the store
            // held it, so other threads may be reading it and texts carry its key. The key is not written again
            // (ThreadSanitizer saw that write race with a reading thread's); if another content has taken it
            // meanwhile (two contents with one 64-bit hash), the recipe is not stored again.
            if (key != recipe->key) return recipe;
        } else {
            recipe->key = key;
            recipe->keyed = true;
        }
        s.order.push_front(recipe);
        s.by_key.emplace(key, s.order.begin());
        recipe->in_store.store(true, std::memory_order_release);
        s.bytes += bytes_of(*recipe);
        s.forget_least_recent();
    } catch (const std::bad_alloc&) {
        // Out of memory the recipe is not kept: a text marked with its key then reads as it prints.
    }
    return recipe;
}

RecipeRef RecipeStore::recall_content(std::string_view content, std::uint64_t hash) noexcept {
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    return s.find(content, hash);
}

RecipeRef RecipeStore::recall(std::uint64_t key) noexcept {
    State& s = *state_;
    const std::lock_guard<std::mutex> lock(s.mutex);
    const auto found = s.by_key.find(key);
    if (found == s.by_key.end()) return nullptr;
    s.order.splice(s.order.begin(), s.order, found->second);
    return *found->second;
}

std::size_t RecipeStore::size() const noexcept {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->by_key.size();
}

std::size_t RecipeStore::bytes() const noexcept {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    return state_->bytes;
}

void RecipeStore::set_byte_limit(std::size_t bytes) noexcept {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    state_->byte_limit = bytes;
    state_->forget_least_recent();
}

void RecipeStore::clear() noexcept {
    const std::lock_guard<std::mutex> lock(state_->mutex);
    for (const RecipeRef& recipe : state_->order) recipe->in_store.store(false, std::memory_order_release);
    state_->order.clear();
    state_->by_key.clear();
    state_->bytes = 0;
}

}  // namespace ballpark

// A bounded map from text to a value, for the caches that turn repeated texts (a formula filled down a column,
// the same unit string in every row) into lookups. Keep one per thread (per_thread.hpp): it has no lock of its own.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace ballpark {

// Lets maps keyed by std::string be searched with a string_view without building a string.
struct TextHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view text) const noexcept { return std::hash<std::string_view>{}(text); }
};

template <class T>
using TextMap = std::unordered_map<std::string, T, TextHash, std::equal_to<>>;

template <class T>
class TextCache {
public:
    // A sheet rarely has 4,096 distinct formulas; the byte bound matters for long texts, whose syntax trees can
    // take 200 times their size: 512 KiB of keys keeps a cache near 100 MB at worst.
    static constexpr std::size_t default_entries = 4096;
    static constexpr std::size_t default_bytes = std::size_t{512} << 10;

    explicit TextCache(std::size_t max_entries = default_entries, std::size_t max_bytes = default_bytes)
        : max_entries_(max_entries), max_bytes_(max_bytes) {}

    const T* find(std::string_view key) const {
        auto it = entries_.find(key);
        return it == entries_.end() ? nullptr : &it->second;
    }

    // Keeps value under key, starting over first when full. The reference is valid until the next insert.
    const T& insert(std::string_view key, T value) {
        if (entries_.size() >= max_entries_ || bytes_ + key.size() > max_bytes_) {
            entries_.clear();
            bytes_ = 0;
        }
        bytes_ += key.size();
        return entries_.insert_or_assign(std::string(key), std::move(value)).first->second;
    }

    // The value for key, made by make() when missing; make() may throw, and then nothing is kept.
    template <class Make>
    const T& get(std::string_view key, Make make) {
        if (const T* found = find(key)) return *found;
        return insert(key, make());
    }

private:
    TextMap<T> entries_;
    std::size_t bytes_ = 0;
    std::size_t max_entries_;
    std::size_t max_bytes_;
};

}  // namespace ballpark

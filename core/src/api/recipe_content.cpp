// The content of a recipe: every part of it written out as text, so that two recipes of one content are one result,
// and the marks that say which inputs a recipe reads (recipe_content.hpp).
#include "api/recipe_content.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>
#include <functional>
#include <type_traits>

#include "ballpark/dimension.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text_cache.hpp"
#include "language/meaning_text.hpp"

namespace ballpark {
namespace {

// Writes a content into a string through a pointer: every QTY call writes a content to find its recipe, a dozen
// short fields, and each append of std::string is a call of its own. The string holds the content when the
// writer is done.
class ContentWriter {
public:
    explicit ContentWriter(std::string& out) : out_(out), size_(out.size()) {}
    ~ContentWriter() { out_.resize(size_); }
    ContentWriter(const ContentWriter&) = delete;
    ContentWriter& operator=(const ContentWriter&) = delete;

    void put(char c) {
        room(1);
        out_.data()[size_++] = c;
    }
    void put(std::string_view text) {
        // An empty view may hold a null pointer, which memcpy may not be given even for no bytes.
        if (text.empty()) return;
        room(text.size());
        std::memcpy(out_.data() + size_, text.data(), text.size());
        size_ += text.size();
    }
    template <class Integer>
    void put_number(Integer n, int base = 10) {
        // Most numbers written are the lengths of short texts.
        bool small = n < 10;
        if constexpr (std::is_signed_v<Integer>) small = small && n >= 0;
        if (small) {
            put(static_cast<char>('0' + n));
            return;
        }
        char digits[24];
        const char* const end = std::to_chars(digits, digits + sizeof digits, n, base).ptr;
        put(std::string_view(digits, static_cast<std::size_t>(end - digits)));
    }

    std::size_t size() const { return size_; }

private:
    void room(std::size_t bytes) {
        if (out_.size() - size_ < bytes) out_.resize(std::max(2 * out_.size(), size_ + bytes + 64));
    }

    std::string& out_;
    std::size_t size_;
};

void append_hex(ContentWriter& out, std::uint64_t bits) {
    out.put_number(bits, 16);
    out.put(';');
}

// A text with its length first, so that no text can run into the next field.
void append_text(ContentWriter& out, std::string_view text) {
    out.put_number(text.size());
    out.put(':');
    out.put(text);
}

// The last text meaning_of was asked for, and its meaning as a copy: a reference into the cache lasts only until its
// next insert.
struct LastMeaning {
    std::string text;
    std::string meaning;
    bool set = false;
};

// A text by its meaning (meaning_text), or as it is where it has none: a text that is no expression fails when it is
// read, and its recipe is never used.
// Kept per thread by text: a column's rows, and a sheet recalculated, write the same expressions again. The last
// text is compared before the cache is asked: the rows of a column, and QTY of a number ("value"), ask for one text
// again and again.
const std::string& meaning_of(std::string_view text) {
    static PerThread<LastMeaning> lasts;
    LastMeaning& last = lasts.get();
    if (last.set && last.text == text) return last.meaning;
    static PerThread<TextCache<std::string>> caches;
    const std::string& meaning = caches.get().get(text, [&] {
        try {
            return 'm' + meaning_text(text);
        } catch (const ErrorException&) {
            return 'r' + std::string(text);
        }
    });
    last.set = false;
    last.text = text;
    last.meaning = meaning;
    last.set = true;
    return last.meaning;
}

void append_input(ContentWriter& out, const Input& input) {
    if (const double* number = std::get_if<double>(&input)) {
        out.put('n');
        append_hex(out, std::bit_cast<std::uint64_t>(*number));
    } else if (const auto* text = std::get_if<std::string_view>(&input)) {
        out.put('t');
        append_text(out, meaning_of(*text));
    } else if (const auto* quantity = std::get_if<const Quantity*>(&input)) {
        const Quantity& q = **quantity;
        out.put('q');
        for (double x : {q.low, q.central, q.high}) append_hex(out, std::bit_cast<std::uint64_t>(x));
        append_text(out, dimension_name(q.dimension));
        // The name leaves out what the units counted: 1 Hz and 1 rad/s are one dimension but two inputs.
        out.put(std::to_string(q.dimension.counted(Counted::cycles)) + ',' +
                std::to_string(q.dimension.counted(Counted::angle)) + ';');
    } else {
        out.put('r');
        append_hex(out, recipe_key(*std::get<const Recipe*>(input)));
    }
}

void write_content(ContentWriter& out, const Binding& b) {
    append_text(out, b.name);
    append_text(out, b.unit);
    out.put(b.ends_are_cells ? 'c' : 'v');
    if (b.row) {
        out.put('r');
        out.put_number(b.row);
        out.put(';');
    }
    append_input(out, b.value);
    if (b.central) append_input(out, *b.central);
    if (b.high) append_input(out, *b.high);
    out.put('|');
}

std::uint64_t content_hash(const Binding& b) {
    std::string content;
    append_content(content, b);
    return std::hash<std::string_view>{}(content);
}

}  // namespace

void append_content(std::string& out, const Binding& b) {
    ContentWriter writer(out);
    write_content(writer, b);
}

namespace detail {

// The marks of the bindings (a plain binding's own, a recipe's and its tree's), appended; false when a recipe
// among them is not single_use. `hashes`, when given, holds each binding's content_hash, already computed.
bool collect_marks(std::span<const Binding> bindings, std::vector<std::uint64_t>& marks,
                   std::span<const std::uint64_t> hashes) {
    bool single = true;
    for (std::size_t k = 0; k < bindings.size(); ++k) {
        const Binding& b = bindings[k];
        if (!reads_recipes(std::span(&b, 1))) {
            marks.push_back(hashes.empty() ? content_hash(b) : hashes[k]);
            continue;
        }
        for (const Input* input : {&b.value, b.high ? &*b.high : nullptr, b.central ? &*b.central : nullptr}) {
            const auto* recipe = input ? std::get_if<const Recipe*>(input) : nullptr;
            if (!recipe) continue;
            const Recipe& r = **recipe;
            single = single && r.single_use;
            marks.push_back(r.content_hash);
            marks.insert(marks.end(), r.marks.begin(), r.marks.end());
        }
    }
    return single;
}

bool all_different(std::vector<std::uint64_t>& marks) {
    std::ranges::sort(marks);
    return std::ranges::adjacent_find(marks) == marks.end();
}

// The content of the recipe of these parts (Recipe::content), written into `c`, with where the bindings' parts begin
// and where each ends in `ends`: the bindings' content hashes are hashed from the content written rather than
// written out a second time for the marks (content_hash), which would make every recipe twice over.
void content_of(Recipe::Kind kind, std::string_view expression, std::span<const Binding> bindings,
                std::string_view unit, Mode mode, std::string& c, std::vector<std::size_t>& ends) {
    c.clear();
    ends.clear();
    // Room for what follows, near enough, so that the text is not grown step by step as it is written.
    // The expression goes in by its meaning, about twice its length (each token's kind and length).
    std::size_t room = 32 + 2 * expression.size() + unit.size();
    for (const Binding& b : bindings) {
        room += 96 + b.name.size() + b.unit.size();
        for (const Input* input : {&b.value, b.high ? &*b.high : nullptr, b.central ? &*b.central : nullptr}) {
            if (const auto* text = input ? std::get_if<std::string_view>(input) : nullptr) room += 8 + 2 * text->size();
        }
    }
    c.reserve(room);
    ContentWriter out(c);
    out.put(kind == Recipe::Kind::expression ? 'x' : 's');
    out.put_number(static_cast<int>(mode));
    // The expression by its meaning: cells whose formulas differ only in spacing are one result, as equal formulas
    // are (docs/addin.md).
    append_text(out, kind == Recipe::Kind::expression ? std::string_view(meaning_of(expression)) : std::string_view());
    append_text(out, unit);
    ends.push_back(out.size());
    for (const Binding& b : bindings) {
        write_content(out, b);
        ends.push_back(out.size());
    }
}

// Whether these are the parts of the commonest recipe: a number given as the expression (`=QTY(A1)` down a
// column), which the sheet layer evaluates as "value" bound to it, with no unit.
bool is_number_alone(Recipe::Kind kind, std::string_view expression, std::span<const Binding> bindings,
                     std::string_view unit) {
    if (kind != Recipe::Kind::expression || expression != "value" || !unit.empty() || bindings.size() != 1) {
        return false;
    }
    const Binding& b = bindings.front();
    return b.name == "value" && b.unit.empty() && !b.ends_are_cells && b.row == 0 && !b.high && !b.central &&
           std::holds_alternative<double>(b.value);
}

namespace {

// The content of such a recipe up to the number's bits, the same for every number of a mode: written once per
// thread and mode by content_of itself, for 0 (whose bits are "0" in hexadecimal), less "0;|".
std::string_view number_content_start(Mode mode) {
    static PerThread<std::array<std::string, mode_count>> starts;
    std::string& start = starts.get()[static_cast<std::size_t>(mode)];
    if (start.empty()) {
        const Binding zero{"value", 0.0};
        std::vector<std::size_t> ends;
        content_of(Recipe::Kind::expression, "value", std::span(&zero, 1), {}, mode, start, ends);
        start.resize(start.size() - 3);
    }
    return start;
}

// Bits in hexadecimal as content_of writes them (std::to_chars: lowercase, no leading zeros), two digits a step
// from a table: every `=QTY(A1)` writes its number's.
char* hex_digits(std::uint64_t bits, char* out) {
    static constexpr char digits[] = "0123456789abcdef";
    static constexpr auto pairs = [] {
        std::array<std::array<char, 2>, 256> made{};
        for (unsigned byte = 0; byte < 256; ++byte) made[byte] = {digits[byte >> 4], digits[byte & 0xF]};
        return made;
    }();
    char* const end = out + std::max(1, (static_cast<int>(std::bit_width(bits)) + 3) / 4);
    char* at = end;
    for (; at - out >= 2; bits >>= 8) {
        at -= 2;
        std::ranges::copy(pairs[bits & 0xFF], at);
    }
    if (at != out) *out = digits[bits & 0xF];
    return end;
}

}  // namespace

// The content of a recipe that is_number_alone, written from its start: a recalculated `=QTY(A1)` finds its
// recipe by this content without writing the rest again.
void number_content(Mode mode, double number, std::string& c) {
    const std::string_view start = number_content_start(mode);
    char bits[24];
    char* end = hex_digits(std::bit_cast<std::uint64_t>(number), bits);
    *end++ = ';';
    *end++ = '|';
    c.resize(start.size() + static_cast<std::size_t>(end - bits));
    std::copy(start.begin(), start.end(), c.begin());
    std::copy(bits, end, c.begin() + static_cast<std::ptrdiff_t>(start.size()));
}

}  // namespace detail
}  // namespace ballpark

// Making recipes, the store that keeps them by key, and the invisible key after a result text (linked.hpp).
// Evaluating a recipe is read_results.hpp's, beside every other evaluation (evaluate.cpp).
#include "api/recipe.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <cstring>
#include <functional>
#include <list>
#include <mutex>
#include <optional>
#include <type_traits>
#include <unordered_map>

#include "api/correlation_binding.hpp"
#include "ballpark/dimension.hpp"
#include "ballpark/format.hpp"
#include "ballpark/per_thread.hpp"
#include "ballpark/text_cache.hpp"
#include "ballpark/text.hpp"
#include "eval/caches.hpp"
#include "eval/evaluator.hpp"
#include "eval/single_use.hpp"
#include "language/meaning_text.hpp"
#include "units/unit_registry.hpp"
#include "values/interval.hpp"

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

// The marks of the bindings (a plain binding's own, a recipe's and its tree's), appended; false when a recipe
// among them is not single_use. `hashes`, when given, holds each binding's content_hash, already computed.
bool collect_marks(std::span<const Binding> bindings, std::vector<std::uint64_t>& marks,
                   std::span<const std::uint64_t> hashes = {}) {
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

// Whether an expression writes an unknown of its own: a range (`35% to 55%`, or a printed range read back) or a
// distribution typed in it. Evaluated twice, such an expression is two unknowns; names, numbers and units are not.
bool writes_unknowns(const SyntaxTree& tree) {
    for (const Node& n : tree.nodes) {
        if (n.kind == NodeKind::range) return true;
        // A named distribution, as the built-ins' table marks it (any value type's table has the same rows).
        if (n.kind == NodeKind::call) {
            const Builtin<Interval>* builtin = find_builtin<Interval>(n.text);
            if (builtin && builtin->makes_input) return true;
        }
    }
    return false;
}

// The recipe's `correlated` and `own_unknowns`, from its bindings and the recipes they read.
void mark_tree(Recipe& recipe, const SyntaxTree* tree) {
    recipe.correlated = detail::correlation_binding(recipe.bindings) != nullptr;
    for (const RecipeRef& source : recipe.sources) {
        recipe.correlated = recipe.correlated || source->correlated;
        recipe.own_unknowns.insert(recipe.own_unknowns.end(), source->own_unknowns.begin(), source->own_unknowns.end());
    }
    if (tree && writes_unknowns(*tree)) recipe.own_unknowns.push_back(recipe.content_hash);
    std::ranges::sort(recipe.own_unknowns);
    const auto repeated = std::ranges::unique(recipe.own_unknowns);
    recipe.own_unknowns.erase(repeated.begin(), repeated.end());
}

bool all_different(std::vector<std::uint64_t>& marks) {
    std::ranges::sort(marks);
    return std::ranges::adjacent_find(marks) == marks.end();
}

// Copies an input into the recipe's own storage.
Input own(Recipe& recipe, const Input& input) {
    if (const auto* text = std::get_if<std::string_view>(&input)) return std::string_view(recipe.texts.emplace_back(*text));
    if (const auto* quantity = std::get_if<const Quantity*>(&input)) return &recipe.quantities.emplace_back(**quantity);
    if (const auto* source = std::get_if<const Recipe*>(&input)) {
        recipe.sources.push_back((*source)->shared_from_this());
        recipe.depth = std::max(recipe.depth, (*source)->depth + 1);
    }
    return input;
}

// Where make_recipe writes a content, kept per thread: a recalculated cell finds its recipe by the content alone,
// which is then written into storage that has its size already, and copied only into a recipe that is made.
struct ContentScratch {
    std::string content;
    std::vector<std::size_t> ends;  // where the bindings' parts of `content` begin, then where each ends
};

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

RecipeRef make_recipe(Recipe::Kind kind, std::string_view expression, std::span<const Binding> bindings,
                      std::string_view unit, Mode mode) {
    static PerThread<ContentScratch> scratches;
    if (is_number_alone(kind, expression, bindings, unit)) {
        ContentScratch& scratch = scratches.get();
        number_content(mode, std::get<double>(bindings.front().value), scratch.content);
        const std::string_view content = scratch.content;
        const std::uint64_t hash = std::hash<std::string_view>{}(content);
        if (RecipeRef stored = RecipeStore::instance().recall_content(content, hash)) return stored;
    }
    // The content first: a recipe of the same content that the store holds is this one (a cell recalculated with
    // the same inputs), so the parts are copied into a new recipe only when the store has none of that content,
    // not for every call only for the store to drop the copy.
    ContentScratch& scratch = scratches.get();
    content_of(kind, expression, bindings, unit, mode, scratch.content, scratch.ends);
    const std::string_view content = scratch.content;
    const std::uint64_t hash = std::hash<std::string_view>{}(content);
    if (RecipeRef stored = RecipeStore::instance().recall_content(content, hash)) return stored;
    std::vector<std::uint64_t> hashes;
    hashes.reserve(bindings.size());
    for (std::size_t k = 0; k + 1 < scratch.ends.size(); ++k) {
        const std::size_t start = scratch.ends[k];
        hashes.push_back(std::hash<std::string_view>{}(content.substr(start, scratch.ends[k + 1] - start)));
    }
    auto recipe = std::make_shared<Recipe>();
    recipe->kind = kind;
    recipe->mode = mode;
    recipe->expression = recipe->texts.emplace_back(expression);
    recipe->unit = recipe->texts.emplace_back(unit);
    recipe->bindings.reserve(bindings.size());
    for (const Binding& b : bindings) {
        Binding copy = b;
        copy.name = recipe->texts.emplace_back(b.name);
        copy.unit = recipe->texts.emplace_back(b.unit);
        copy.value = own(*recipe, b.value);
        if (b.high) copy.high = own(*recipe, *b.high);
        if (b.central) copy.central = own(*recipe, *b.central);
        recipe->bindings.push_back(copy);
    }
    if (recipe->depth > max_recipe_depth) {
        fail(ErrorKind::limit, "This result reads a chain of " + std::to_string(recipe->depth) + " Ballpark results, one reading the next; "
             "at most " + std::to_string(max_recipe_depth) + " are followed.",
             0, "Total the steps of a long chain with one formula, or read an earlier step as its printed text.");
    }
    // The copies write the same content: their texts are equal, and a result they read is the same object.
    recipe->content = content;
    recipe->key = recipe->content_hash = hash;
    recipe->single_use = collect_marks(recipe->bindings, recipe->marks, hashes);
    const auto tree = kind == Recipe::Kind::expression ? cached_statement(expression) : nullptr;
    recipe->single_use = all_different(recipe->marks) && recipe->single_use &&
                         (kind == Recipe::Kind::sum || uses_each_input_once(*tree, recipe->bindings));
    mark_tree(*recipe, tree.get());
    return recipe;
}

// What a recipe costs to keep, roughly: its content twice (the copies of its texts, and `content`) and its parts.
std::size_t bytes_of(const Recipe& r) {
    return sizeof(Recipe) + 2 * r.content.size() + r.bindings.size() * sizeof(Binding) + r.texts.size() * sizeof(std::string) +
           r.quantities.size() * sizeof(Quantity) + r.sources.size() * sizeof(RecipeRef) +
           r.own_unknowns.size() * sizeof(std::uint64_t);
}

// The key's characters: an invisible separator (U+2063) to say a key follows, then one variation selector
// (U+FE00 + d) per hexadecimal digit d, most significant first: the sixteen of the key, then the eight of its check.
// All are default-ignorable: they print as nothing, add no width, and stay in a text that is copied, saved or
// exported. The separator is not the word joiner (U+2060) of earlier versions because Calc's window shades a word
// joiner grey, as it shades a non-breaking space (seen in 7.4 and 25.2 under Xvfb; tests/integration/window_test.py).
// UTF-8: E2 81 A3, then EF B8 80+d.
constexpr std::string_view key_start = "\xE2\x81\xA3";
// Earlier versions' keys began with a word joiner and had no check: such a text reads as it shows.
constexpr std::string_view old_key_start = "\xE2\x81\xA0";
constexpr std::size_t key_digits = 16;
constexpr std::size_t check_digits = 8;
constexpr std::size_t selector_bytes = 3;
constexpr std::size_t key_bytes = key_start.size() + selector_bytes * (key_digits + check_digits);
// The same characters in UTF-16: the separator, and the selector of digit d at first_selector + d.
constexpr char16_t key_start_unit = 0x2063;
constexpr char16_t first_selector = 0xFE00;
static_assert(key_units == 1 + key_digits + check_digits);

// The check of a key and the text it follows: 32 bits of FNV-1a over the key's bytes and the text. Written out rather
// than std::hash, whose value the standard leaves to each library: a text saved by one build (the Windows DLL, say)
// must check the same in another.
std::uint32_t key_check(std::uint64_t key, std::string_view text) {
    std::uint64_t h = 0xcbf29ce484222325u;
    const auto mix = [&h](unsigned char byte) {
        h ^= byte;
        h *= 0x100000001b3u;
    };
    for (int k = 0; k < 8; ++k) mix(static_cast<unsigned char>(key >> (8 * k)));
    for (char c : text) mix(static_cast<unsigned char>(c));
    return static_cast<std::uint32_t>(h ^ (h >> 32));
}

// Whether text[at, at + 3) is a variation selector U+FE00…U+FE0F, and if so its digit.
std::optional<unsigned> selector_digit(std::string_view text, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    if (byte(at) != 0xEF || byte(at + 1) != 0xB8 || byte(at + 2) < 0x80 || byte(at + 2) > 0x8F) return std::nullopt;
    return byte(at + 2) - 0x80u;
}

}  // namespace

void append_content(std::string& out, const Binding& b) {
    ContentWriter writer(out);
    write_content(writer, b);
}

bool reads_recipes(std::span<const Binding> bindings) noexcept {
    const auto is_recipe = [](const Input& input) { return std::holds_alternative<const Recipe*>(input); };
    for (const Binding& b : bindings) {
        if (is_recipe(b.value) || (b.high && is_recipe(*b.high)) || (b.central && is_recipe(*b.central))) return true;
    }
    return false;
}

bool reads_each_input_once(std::span<const Binding> bindings) {
    std::vector<std::uint64_t> marks;
    return collect_marks(bindings, marks) && all_different(marks);
}

Result<RecipeRef> expression_recipe(std::string_view expression, std::span<const Binding> bindings, std::string_view unit,
                                    Mode mode) noexcept {
    return capture_errors([&]() -> Result<RecipeRef> {
        // The units a text declares live in a layer made for one evaluation; a recipe read later has none. ("value",
        // the expression of a number or a result given alone, declares nothing.)
        if (expression != "value" && UnitRegistry::declaration_in(expression)) return RecipeRef{};
        return make_recipe(Recipe::Kind::expression, expression, bindings, unit, mode);
    });
}

Result<RecipeRef> sum_recipe(std::span<const Binding> terms, std::string_view unit, Mode mode) noexcept {
    return capture_errors([&]() -> Result<RecipeRef> { return make_recipe(Recipe::Kind::sum, {}, terms, unit, mode); });
}

Mode recipe_mode(const Recipe& recipe) noexcept { return recipe.mode; }
std::string_view recipe_unit(const Recipe& recipe) noexcept { return recipe.unit; }
std::uint64_t recipe_key(const Recipe& recipe) noexcept { return recipe.key; }

Result<Mode> mode_of_links(std::span<const Binding> bindings, Mode fallback) noexcept {
    const Binding* first = nullptr;
    for (const Binding& b : bindings) {
        for (const Input* input : {&b.value, b.high ? &*b.high : nullptr, b.central ? &*b.central : nullptr}) {
            if (!input) continue;
            std::optional<Mode> made_in;
            if (const auto* recipe = std::get_if<const Recipe*>(input)) made_in = (*recipe)->mode;
            // A text typed with a reading's label, as a QTYDIST cell prints ("1.7 [90%: 1.4, 2.1]"), is a result of
            // that reading too, whose cell was copied as a value.
            if (const auto* text = std::get_if<std::string_view>(input)) {
                if (const std::optional<Mode> labelled = mode_labelled_in(*text)) made_in = labelled;
            }
            if (!made_in) continue;
            if (!first) {
                first = &b;
                fallback = *made_in;
            } else if (*made_in != fallback) {
                Error error{in_quotes(first->name) + " is a result computed in the " + std::string(mode_name(fallback)) +
                                " mode, but " + in_quotes(b.name) + " is one computed in the " +
                                std::string(mode_name(*made_in)) + " mode: the two read ranges differently.",
                            0, {}};
                error.kind = ErrorKind::mixed_readings;
                error.mode = *made_in;
                error.argument = std::string(b.name);
                return std::unexpected(std::move(error));
            }
        }
    }
    return fallback;
}

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

std::string with_key(std::string text, std::uint64_t key) {
    // Written into a buffer and appended once, not byte by byte: every QTY result carries a key.
    std::array<char, key_bytes> bytes;
    std::ranges::copy(key_start, bytes.begin());
    const std::uint32_t check = key_check(key, text);
    char* at = bytes.data() + key_start.size();
    const auto put = [&at](unsigned digit) {
        at[0] = '\xEF';
        at[1] = '\xB8';
        at[2] = static_cast<char>(0x80 + digit);
        at += selector_bytes;
    };
    for (int shift = static_cast<int>(4 * key_digits) - 4; shift >= 0; shift -= 4) {
        put(static_cast<unsigned>(key >> shift) & 0xF);
    }
    for (int shift = static_cast<int>(4 * check_digits) - 4; shift >= 0; shift -= 4) {
        put(static_cast<unsigned>(check >> shift) & 0xF);
    }
    text.append(bytes.data(), bytes.size());
    return text;
}

std::array<char16_t, key_units> key_in_utf16(std::string_view text, std::uint64_t key) noexcept {
    // Two digits a byte, most significant first, as with_key writes them: every QTY of one cell in Calc asks this.
    static constexpr auto selector_pairs = [] {
        std::array<std::array<char16_t, 2>, 256> pairs{};
        for (unsigned byte = 0; byte < 256; ++byte) {
            pairs[byte] = {static_cast<char16_t>(first_selector + (byte >> 4)),
                           static_cast<char16_t>(first_selector + (byte & 0xF))};
        }
        return pairs;
    }();
    std::array<char16_t, key_units> units;
    units[0] = key_start_unit;
    char16_t* at = units.data() + 1;
    const auto put_bytes = [&at](std::uint64_t number, int bytes) {
        for (int shift = 8 * bytes - 8; shift >= 0; shift -= 8, at += 2) {
            std::ranges::copy(selector_pairs[(number >> shift) & 0xFF], at);
        }
    };
    put_bytes(key, key_digits / 2);
    put_bytes(key_check(key, text), check_digits / 2);
    return units;
}

KeyedText split_key(std::string_view text) noexcept {
    // The variation selectors at the end, then the separator before them.
    std::size_t start = text.size();
    while (start >= selector_bytes && selector_digit(text, start - selector_bytes)) start -= selector_bytes;
    const std::size_t selectors = (text.size() - start) / selector_bytes;
    if (selectors == 0 || start < key_start.size()) return {text, std::nullopt, false};
    const std::string_view marker = text.substr(start - key_start.size(), key_start.size());
    if (marker != key_start && marker != old_key_start) return {text, std::nullopt, false};
    const std::string_view shown = text.substr(0, start - key_start.size());
    if (marker != key_start || selectors != key_digits + check_digits) return {shown, std::nullopt, true};
    std::uint64_t key = 0;
    std::uint32_t check = 0;
    for (std::size_t k = 0; k < key_digits + check_digits; ++k) {
        const unsigned digit = *selector_digit(text, start + selector_bytes * k);
        if (k < key_digits) key = key << 4 | digit;
        else check = check << 4 | digit;
    }
    if (check != key_check(key, shown)) return {shown, std::nullopt, true};
    return {shown, key, true};
}

}  // namespace ballpark

#include "api/compiled_texts.hpp"

#include <array>
#include <cmath>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "api/correlation_binding.hpp"
#include "api/read_inputs.hpp"
#include "api/read_results.hpp"
#include "api/recipe.hpp"
#include "ballpark/per_thread.hpp"
#include "eval/caches.hpp"
#include "eval/compiled.hpp"
#include "eval/mode_dispatch.hpp"
#include "eval/single_use.hpp"
#include "units/unit_registry.hpp"

namespace ballpark::detail {

// A compiled tree of some value type, with what reads the bindings into it.
class CompiledProgram {
public:
    virtual ~CompiledProgram() = default;
    virtual std::optional<Quantity> run(std::span<const Binding> bindings) const = 0;
    // The program for runs whose first `fixed` bindings are always these (CompiledText::for_rows), or none.
    virtual std::unique_ptr<const CompiledProgram> for_rows(std::span<const Binding> bindings, std::size_t fixed) const = 0;
};

// One text with one list of names in one mode, and its program; none where the evaluation goes the usual way.
struct CompiledEntry {
    std::size_t hash = 0;
    Mode mode{};
    std::string text;
    std::vector<std::string> names;
    std::shared_ptr<const SyntaxTree> tree;  // what the program refers to
    std::unique_ptr<const CompiledProgram> program;
};

namespace {

template <ValueType V>
class ProgramOf final : public CompiledProgram {
public:
    using Slot = typename CompiledTree<V>::Slot;

    explicit ProgramOf(CompiledTree<V> compiled) : compiled_(std::move(compiled)) {}

    // The program of a column's rows, whose first bindings are always those read into `fixed`: they are read
    // once, here, and each run reads only the rest.
    ProgramOf(CompiledTree<V> compiled, std::span<const Slot> fixed) : compiled_(std::move(compiled)), fixed_(fixed.size()) {
        for (std::size_t k = 0; k < fixed.size(); ++k) std::construct_at(&kept_.at[k], fixed[k]);
    }

    std::optional<Quantity> run(std::span<const Binding> bindings) const override {
        typename CompiledTree<V>::template Slots<compiled_max_names> own;
        Slot* const slots = fixed_ > 0 ? kept_.at : own.at;
        if (!read(bindings, slots, fixed_)) return std::nullopt;
        const std::optional<Value<V>> v = compiled_.run(std::span<const Slot>(slots, bindings.size()));
        if (!v) return std::nullopt;
        return to_quantity(*v);
    }

    std::unique_ptr<const CompiledProgram> for_rows(std::span<const Binding> bindings, std::size_t fixed) const override {
        typename CompiledTree<V>::template Slots<compiled_max_names> slots;
        if (fixed_ > 0 || fixed == 0 || fixed >= bindings.size() || !read(bindings, slots.at, 0)) return nullptr;
        auto rows = compiled_.with_fixed(std::span<const Slot>(slots.at, bindings.size()), fixed);
        if (!rows) return nullptr;
        return std::make_unique<ProgramOf>(std::move(*rows), std::span<const Slot>(slots.at, fixed));
    }

private:
    // The bindings' values from `from` on into `slots`, as the evaluation reads them; false where it must go the
    // usual way.
    bool read(std::span<const Binding> bindings, Slot* slots, std::size_t from) const {
        typename V::Context context;
        for (std::size_t k = from; k < bindings.size(); ++k) {
            const Binding& b = bindings[k];
            const double* number = std::get_if<double>(&b.value);
            if (number && !b.high && b.unit.empty() && !b.expected) {
                // A plain number, the common binding: what read_input makes of it, without its checks' calls.
                if (!std::isfinite(*number)) return false;
                std::construct_at(&slots[k], Slot{V::point(*number), Dimension{}, nullptr, false});
                continue;
            }
            const auto* text = std::get_if<std::string_view>(&b.value);
            if (text && !b.high && b.unit.empty() && !b.expected) {
                // A text alone ("35% to 55%") has one value (read_inputs.hpp, evaluate_closed_text): a cell
                // recalculated, or a text shared by the rows of a column, is read once, without hashing it again.
                LastText& last = last_texts_[k];
                if (!last.set || last.text != *text) {
                    const Value<V> v = read_one<V>(context, b);
                    if (v.unit) return false;
                    last.value = Slot{v.number, v.dimension, nullptr, v.difference};
                    last.text.assign(*text);
                    last.set = true;
                }
                std::construct_at(&slots[k], last.value);
                continue;
            }
            // An earlier result is read where the evaluation keeps what results share (read_results.hpp).
            if (recipe_in(b.value) || (b.high && recipe_in(*b.high)) || (b.central && recipe_in(*b.central))) return false;
            // Any other binding as the evaluation reads it (read_bindings): a text through its cache, a unit, the
            // cells of a range, an expectation. A value with a unit of its own (a temperature on a scale, a text
            // with "as") goes the usual way.
            const Value<V> v = read_one<V>(context, b);
            if (v.unit) return false;
            std::construct_at(&slots[k], Slot{v.number, v.dimension, nullptr, v.difference});
        }
        return true;
    }

    struct LastText {
        std::string text;
        typename CompiledTree<V>::Slot value;
        bool set = false;
    };

    CompiledTree<V> compiled_;
    // The text last bound to each name with its value, per thread as the whole cache is.
    mutable std::array<LastText, compiled_max_names> last_texts_;
    // A column's rows: how many bindings are the same in every row, and the slots of a run, those first.
    std::size_t fixed_ = 0;
    mutable typename CompiledTree<V>::template Slots<compiled_max_names> kept_;
};

// The key's hash: the text's, the mode and each name's, in order. Nothing is built: a call hashes what it was given.
std::size_t hash_of(std::string_view text, std::span<const Binding> bindings, Mode mode) {
    std::size_t h = std::hash<std::string_view>{}(text) ^ static_cast<std::size_t>(mode);
    for (const Binding& b : bindings) h = h * 1099511628211u ^ std::hash<std::string_view>{}(b.name);
    return h;
}

bool matches(const CompiledEntry& e, std::string_view text, std::span<const Binding> bindings, Mode mode) {
    if (e.mode != mode || e.names.size() != bindings.size() || e.text != text) return false;
    for (std::size_t k = 0; k < bindings.size(); ++k)
        if (e.names[k] != bindings[k].name) return false;
    return true;
}

// The program of a text for these names, or none. A text that does not parse gives none and is not kept: errors
// are never cached.
std::shared_ptr<CompiledEntry> compile(std::size_t hash, std::string_view text, std::span<const Binding> bindings, Mode mode) {
    auto entry = std::make_shared<CompiledEntry>();
    entry->hash = hash;
    entry->mode = mode;
    entry->text = std::string(text);
    std::vector<std::string_view> names;
    for (const Binding& b : bindings) {
        entry->names.emplace_back(b.name);
        for (std::string_view earlier : names)
            if (earlier == b.name) return entry;  // a name given twice, which the evaluation refuses
        names.push_back(b.name);
    }
    if (UnitRegistry::declaration_in(text)) return entry;
    entry->tree = cached_statement(text);
    // The mode's inputs-once column, as evaluate() reads it: which names the tree uses twice depends on the names.
    const Mode once = mode_info(mode).inputs_once;
    const Mode effective = once != mode && uses_each_input_once(*entry->tree, bindings) ? once : mode;
    with_value_type(effective, [&]<ValueType V>() {
        if constexpr (shareable_values<V>) {
            if (auto compiled = CompiledTree<V>::compile(*entry->tree, names))
                entry->program = std::make_unique<ProgramOf<V>>(std::move(*compiled));
        }
    });
    return entry;
}

// The programs of this thread, one per slot by the key's hash: a new key in a slot replaces the one there. Texts
// longer than max_text are not kept, so that the trees kept stay within a few MB.
class CompiledTexts {
public:
    static constexpr std::size_t slots = 256;
    static constexpr std::size_t max_text = 2048;

    // Shared: a column holds the entry of its text while its rows run (CompiledText), whatever replaces it here.
    const std::shared_ptr<CompiledEntry>& find_or_compile(std::string_view text, std::span<const Binding> bindings, Mode mode) {
        // A formula filled down asks for the same text and names again and again: the last entry is compared
        // before anything is hashed.
        if (last_ && matches(**last_, text, bindings, mode)) return *last_;
        const std::size_t hash = hash_of(text, bindings, mode);
        std::shared_ptr<CompiledEntry>& slot = slots_[hash % slots];
        if (!slot || slot->hash != hash || !matches(*slot, text, bindings, mode)) slot = compile(hash, text, bindings, mode);
        last_ = &slot;
        return slot;
    }

private:
    std::array<std::shared_ptr<CompiledEntry>, slots> slots_;
    const std::shared_ptr<CompiledEntry>* last_ = nullptr;  // one of the slots
};

// Whether a mode can evaluate through a program: its value type or its inputs-once mode's is shareable. A table,
// made once: every evaluation with bindings asks.
bool compiles_in(Mode mode) {
    static const std::array<bool, mode_count> compiles = [] {
        std::array<bool, mode_count> out{};
        for (std::size_t k = 0; k < mode_count; ++k) {
            for (const Mode m : {mode_table[k].mode, mode_table[k].inputs_once})
                with_value_type(m, [&]<ValueType V>() { out[k] = out[k] || shareable_values<V>; });
        }
        return out;
    }();
    return compiles[static_cast<std::size_t>(mode)];
}

// Whether the evaluation of a text with these bindings may run a program: not one that reads results, whose
// bindings are read its way; only in a mode that has programs.
bool may_compile(std::string_view text, std::span<const Binding> bindings, Mode mode) {
    return bindings.size() <= compiled_max_names &&
           text.size() <= CompiledTexts::max_text && compiles_in(mode) && !reads_recipes(bindings) &&
           !correlation_binding(bindings);  // read by read_bindings alone
}

CompiledTexts& compiled_texts() {
    static PerThread<CompiledTexts> texts;
    return texts.get();
}

}  // namespace

std::optional<Quantity> evaluate_compiled(std::string_view text, std::span<const Binding> bindings, Mode mode) noexcept {
    if (!may_compile(text, bindings, mode)) return std::nullopt;
    try {
        const CompiledEntry& entry = *compiled_texts().find_or_compile(text, bindings, mode);
        if (!entry.program) return std::nullopt;
        return entry.program->run(bindings);
    } catch (...) {
        // An error, or no memory: the usual way says which.
        return std::nullopt;
    }
}

CompiledText CompiledText::find(std::string_view text, std::span<const Binding> bindings, Mode mode) noexcept {
    CompiledText out;
    if (!may_compile(text, bindings, mode)) return out;
    try {
        const std::shared_ptr<CompiledEntry>& entry = compiled_texts().find_or_compile(text, bindings, mode);
        if (entry->program) out.entry_ = entry;
    } catch (...) {
        // No program: each evaluation goes the usual way, and says what went wrong.
    }
    return out;
}

CompiledText CompiledText::for_rows(std::span<const Binding> bindings, std::size_t fixed) const noexcept {
    if (!entry_ || bindings.size() != entry_->names.size()) return *this;
    try {
        std::unique_ptr<const CompiledProgram> program = entry_->program->for_rows(bindings, fixed);
        if (!program) return *this;
        // Not kept among the thread's programs: it holds the values of this column's fixed bindings.
        auto entry = std::make_shared<CompiledEntry>();
        entry->mode = entry_->mode;
        entry->names = entry_->names;
        entry->tree = entry_->tree;
        entry->program = std::move(program);
        CompiledText out;
        out.entry_ = std::move(entry);
        return out;
    } catch (...) {
        return *this;
    }
}

std::optional<Quantity> CompiledText::evaluate(std::span<const Binding> bindings) const noexcept {
    if (!entry_ || bindings.size() != entry_->names.size()) return std::nullopt;
    try {
        return entry_->program->run(bindings);
    } catch (...) {
        return std::nullopt;
    }
}

}  // namespace ballpark::detail

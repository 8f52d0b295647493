#include "uno_args.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>

#include <com/sun/star/lang/IllegalArgumentException.hpp>
#include <com/sun/star/uno/TypeClass.hpp>
#include <com/sun/star/uno/XInterface.hpp>
#include <cppu/unotype.hxx>
#include <rtl/string.hxx>
#include <rtl/textenc.h>
#include <rtl/ustring.h>

#include "ballpark/linked.hpp"
#include "utf16_text.hpp"

namespace ballpark::uno_args {

using css::lang::IllegalArgumentException;
using css::uno::Any;
using css::uno::Sequence;

std::string to_utf8(const rtl::OUString& text) {
    // Almost every text a sheet passes is ASCII, whose UTF-8 is its UTF-16 units narrowed: one pass, one copy.
    const sal_Unicode* units = text.getStr();
    const auto length = static_cast<std::size_t>(text.getLength());
    std::string ascii(length, '\0');
    std::size_t i = 0;
    for (; i < length && units[i] < 0x80; ++i) ascii[i] = static_cast<char>(units[i]);
    if (i == length) return ascii;
    // A result of another Ballpark cell ends with its key, 25 three-byte characters (ballpark::key_units;
    // utf16_text.hpp says why this is not LibreOffice's converter).
    const std::span<const sal_Unicode> all(units, length);
    if (const auto bytes = utf16::bytes_of(all)) {
        std::string out(*bytes, '\0');
        utf16::narrow(all, out.data());
        return out;
    }
    // OUStringToOString replaces what UTF-8 cannot hold (a lone surrogate) instead of asserting, as toUtf8 does.
    rtl::OString bytes = rtl::OUStringToOString(text, RTL_TEXTENCODING_UTF8);
    return std::string(bytes.getStr(), static_cast<std::size_t>(bytes.getLength()));
}

rtl::OUString from_utf8(std::string_view text) {
    // Counted as if well-formed, then checked while written: every QTY result crosses here with its key.
    const utf16::Plan plan = utf16::plan(text);
    if (plan.units <= static_cast<std::size_t>(SAL_MAX_INT32)) {
        rtl_uString* made = rtl_uString_alloc(static_cast<sal_Int32>(plan.units));
        if (utf16::widen_planned(text, plan, made->buffer)) return rtl::OUString(made, SAL_NO_ACQUIRE);
        rtl_uString_release(made);
    }
    // LibreOffice's converter replaces what is not well-formed.
    return rtl::OUString(text.data(), static_cast<sal_Int32>(text.size()), RTL_TEXTENCODING_UTF8);
}

rtl::OUString from_utf8(const sheet::KeyedResult& text) {
    // Every QTY and QTYDIST of one cell crosses here. The text, a few dozen bytes, is converted in one pass into room
    // on the stack and copied once its length is known; the key's 25 characters, which in UTF-8 would be 75 bytes to
    // write and read back, are written from the key's bits. A longer text, or one that is not well-formed, is joined
    // and converted as any text is.
    char16_t units[256];
    const std::optional<std::size_t> written =
        text.shown.size() <= std::size(units) - key_units ? utf16::widen_into_room(text.shown, units) : std::nullopt;
    if (written) {
        const std::array<char16_t, key_units> key = key_in_utf16(text.shown, text.key);
        std::memcpy(units + *written, key.data(), sizeof key);
        const auto length = static_cast<sal_Int32>(*written + key_units);
        rtl_uString* made = rtl_uString_alloc(length);
        std::memcpy(made->buffer, units, sizeof(char16_t) * static_cast<std::size_t>(length));
        return rtl::OUString(made, SAL_NO_ACQUIRE);
    }
    return from_utf8(sheet::joined(text));
}

namespace {

// The value an Any holds, read in place by its type's class rather than extracted with >>= type after type: Calc
// passes every parameter of a method on every call, most of the name; value pairs void, and a range as rows of
// cells (extracting a range copies it, and reading a copy through its non-const begin() copies it again).
// Other numeric types, which Calc does not pass, are still read as numbers by >>=.
template <class T>
const T& held(const Any& value) {
    return *static_cast<const T*>(value.getValue());
}

// One cell of a range: empty (Calc also hands over #N/A inside a range as empty), a number or a text.
sheet::Cell to_cell(const Any& value, sal_Int16 position) {
    switch (value.getValueTypeClass()) {
        case css::uno::TypeClass_VOID: return std::monostate{};
        case css::uno::TypeClass_DOUBLE: return held<double>(value);
        case css::uno::TypeClass_STRING: return to_utf8(held<rtl::OUString>(value));
        default: break;
    }
    double number = 0;
    if (value >>= number) return number;
    throw IllegalArgumentException("A cell of argument " + rtl::OUString::number(position + 1) + " has the type " +
                                       value.getValueTypeName() + ", which Ballpark cannot read.",
                                   css::uno::Reference<css::uno::XInterface>(), position);
}

// A range of one cell (A1:A1) is that cell's value; a larger one is kept as cells, and each function decides what
// a range means for it (two or three cells are a low, central and high).
sheet::Arg to_range(const Sequence<Sequence<Any>>& range, sal_Int16 position) {
    const auto rows = static_cast<std::size_t>(range.getLength());
    if (rows == 1 && range[0].getLength() == 1) {
        return std::visit([](auto&& v) -> sheet::Arg { return std::move(v); }, to_cell(range[0][0], position));
    }
    sheet::Cells cells;
    cells.rows = rows;
    for (const auto& row : range) cells.columns = std::max(cells.columns, static_cast<std::size_t>(row.getLength()));
    if (cells.rows == 0 || cells.columns == 0) return std::monostate{};
    cells.cells.reserve(cells.rows * cells.columns);
    for (const auto& row : range) {
        for (sal_Int32 j = 0; j < static_cast<sal_Int32>(cells.columns); ++j) {
            cells.cells.push_back(j < row.getLength() ? to_cell(row[j], position) : sheet::Cell{});
        }
    }
    return cells;
}

}  // namespace

sheet::Arg to_arg(const Any& value, sal_Int16 position) {
    switch (value.getValueTypeClass()) {
        case css::uno::TypeClass_VOID: return std::monostate{};
        case css::uno::TypeClass_DOUBLE: return held<double>(value);
        case css::uno::TypeClass_STRING: return to_utf8(held<rtl::OUString>(value));
        case css::uno::TypeClass_SEQUENCE:
            if (value.getValueType() == cppu::UnoType<Sequence<Sequence<Any>>>::get()) {
                return to_range(held<Sequence<Sequence<Any>>>(value), position);
            }
            break;
        default: break;
    }
    double number = 0;
    if (value >>= number) return number;
    throw IllegalArgumentException("Argument " + rtl::OUString::number(position + 1) + " has the type " +
                                       value.getValueTypeName() + ", which Ballpark cannot read.",
                                   css::uno::Reference<css::uno::XInterface>(), position);
}

std::vector<sheet::Arg> to_args(const sheet::SheetFunction& f, std::initializer_list<Given> given) {
    const Given* values = given.begin();
    // The pairs not given arrive as void; the last given one ends the list.
    std::size_t count = given.size();
    while (count > f.fixed() && values[count - 1].any() && !values[count - 1].any()->hasValue()) --count;
    std::vector<sheet::Arg> out;
    out.reserve(count);
    sal_Int16 shift = 0;
    for (std::size_t i = 0; i < count; ++i) {
        const auto position = static_cast<sal_Int16>(static_cast<sal_Int16>(i) - shift);
        if (const rtl::OUString* text = values[i].text()) {
            out.emplace_back(to_utf8(*text));
        } else {
            out.push_back(to_arg(*values[i].any(), position));
        }
        // With a function's name first, the next argument is that function's first, and sentences count so.
        if (i == 0 && f.run == nullptr) {
            const auto* name = std::get_if<std::string>(&out.front());
            if (name && sheet::names_sheet_function(*name)) shift = 1;
        }
    }
    return out;
}

}  // namespace ballpark::uno_args

// Conversions between Calc's UNO values and the plain types of sheet_functions.hpp.
#pragma once

#include <string>
#include <initializer_list>
#include <string_view>
#include <vector>

#include <com/sun/star/uno/Any.hxx>
#include <com/sun/star/uno/Sequence.hxx>
#include <rtl/ustring.hxx>

#include "sheet_functions.hpp"

namespace ballpark::uno_args {

std::string to_utf8(const rtl::OUString& text);
rtl::OUString from_utf8(std::string_view text);
// The text of a result and its key, as from_utf8(joined(text)) gives it: the key's characters written from its bits,
// not converted from UTF-8.
rtl::OUString from_utf8(const sheet::KeyedResult& text);

// One argument: void → omitted, a number, a text, a one-cell range unwrapped to its value, or a larger range as
// sheet::Cells. Throws IllegalArgumentException for a value Calc should never pass.
sheet::Arg to_arg(const css::uno::Any& value, sal_Int16 position);

// One argument as a method of XBallparkFunctions receives it: an `any`, or the text of a `string` parameter.
class Given {
public:
    // Implicit, so that a generated method passes its parameters as they are: {params, tokens, toUnit}.
    Given(const css::uno::Any& value) : any_(&value) {}
    Given(const rtl::OUString& text) : text_(&text) {}
    const css::uno::Any* any() const { return any_; }
    const rtl::OUString* text() const { return text_; }

private:
    const css::uno::Any* any_ = nullptr;
    const rtl::OUString* text_ = nullptr;
};

// The one conversion of a method's arguments (build/generated/calc_methods.hpp), in the order of its parameters,
// into the arguments of `f`'s row: each read as by to_arg, a `string` parameter as its text, and the name; value
// pairs up to the last one given. For the function that explains another's error (QTYERROR, whose `run` is null),
// an argument after a function's name counts as that function's in a sentence ("Argument 1" is its first).
std::vector<sheet::Arg> to_args(const sheet::SheetFunction& f, std::initializer_list<Given> given);

}  // namespace ballpark::uno_args

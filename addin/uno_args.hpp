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

// One argument: void → omitted, a number, a text, a one-cell range unwrapped to its value, or a larger range as
// sheet::Cells. Throws IllegalArgumentException for a value Calc should never pass.
sheet::Arg to_arg(const css::uno::Any& value, sal_Int16 position);

// The name; value pairs of a method (idl/XBallparkFunctions.idl), each read as by to_arg, up to the last one given.
std::vector<sheet::Arg> to_pairs(std::initializer_list<const css::uno::Any*> values, sal_Int16 first_position);

}  // namespace ballpark::uno_args

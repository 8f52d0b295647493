#include "answer.hpp"

#include <string>

#include "ascii_text.hpp"
#include "digits.hpp"
#include "notebook.hpp"

namespace ballpark::cli {

bool answer_line(Session& session, std::string_view line, FormatOptions& format, Output& out) {
    if (const auto digits = digits_line(line)) {
        if (!*digits) {
            print_error(line, Error{digits->error(), 1, {}, ErrorKind::argument});
            return false;
        }
        set_digits(format, **digits);
        out.write(digits_sentence(**digits) + "\n");
        return true;
    }
    const auto result = session.run(line);
    if (!result) {
        print_error(line, result.error());
        return false;
    }
    const auto shown = [&format](std::string text) { return format.ascii ? in_ascii(text) : text; };
    if (result->tornado) out.write(shown(format_tornado(*result->tornado, format)) + "\n");
    if (result->histogram) out.write(shown(format_histogram(*result->histogram, format)) + "\n");
    // A correlation's value is its number alone ("0.500"), and a matrix has none: say what was stated instead.
    if (result->kind == LineResult::Kind::correlation) out.write(correlation_sentence(line) + "\n");
    else if (result->value) out.write(shown(ballpark::format(*result->value, format)) + "\n");
    if (result->kind == LineResult::Kind::mode) out.write(mode_sentence(session.mode()) + "\n");
    return true;
}

}  // namespace ballpark::cli

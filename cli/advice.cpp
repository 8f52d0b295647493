#include "advice.hpp"

#include "ballpark/api.hpp"

namespace ballpark::cli {
namespace {

std::string advice(const Error& error, Where where) {
    switch (error.kind) {
        case ErrorKind::needs_distribution: {
            const std::string mode(mode_name(error.mode.value_or(distribution_mode())));
            if (where == Where::notebook) {
                return "Put the line `mode " + mode + "` before it to read ranges as distributions.";
            }
            return "Run with --mode=" + mode + " (or the line `mode " + mode + "`) to read ranges as distributions.";
        }
        case ErrorKind::other:
        case ErrorKind::syntax:
        case ErrorKind::ambiguous:
        case ErrorKind::unknown_name:
        case ErrorKind::unknown_unit:
        case ErrorKind::dimension:
        case ErrorKind::name_taken:
        case ErrorKind::argument:
        case ErrorKind::range_order:
        case ErrorKind::overflow:
        case ErrorKind::limit:
        case ErrorKind::internal:
        case ErrorKind::domain:
        case ErrorKind::recursion:
        case ErrorKind::temperature:
        case ErrorKind::other_precision:
        // The command line reads no result texts with keys.
        case ErrorKind::forgotten_result:
        // The command line's tornado is a Session's, which reads declared units.
        case ErrorKind::declared_units_unread:
        // A range printed with a reading's label ("1.7 [90%: 1.4, 2.1]"), read back in another mode.
        case ErrorKind::mixed_readings:
            if (error.mode && !mode_info(*error.mode).label.empty()) {
                const std::string mode(mode_name(*error.mode));
                const std::string range = "a " + std::string(mode_info(*error.mode).range_noun);
                return where == Where::notebook ? "Put the line `mode " + mode + "` before it to read it as " + range + "."
                                                : "Run with --mode=" + mode + " to read it as " + range + ".";
            }
            break;
    }
    return {};
}

}  // namespace

std::string error_sentence(const Error& error, Where where) {
    std::string sentence = error.message;
    for (const std::string& part : {advice(error, where), error.hint}) {
        if (!part.empty()) sentence += " " + part;
    }
    return sentence;
}

}  // namespace ballpark::cli

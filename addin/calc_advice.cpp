#include "calc_advice.hpp"

namespace ballpark::sheet {
namespace {

std::string advice(const Error& error) {
    switch (error.kind) {
        case ErrorKind::needs_distribution:
            // A part that is a percentile or the mean evaluates in the distribution mode (options_for in
            // sheet_functions.cpp), and QTYDIST shows the distribution reading of any expression.
            return "Ask for a percentile part such as \"p95\" (or \"median\" or \"mean\") instead of low, central or high "
                   "(QTYVALUE, GPUHOURS and TRAININGFLOP take one), or use QTYDIST for the median and 90% interval.";
        case ErrorKind::declared_units_unread:
            // QTYSWING and QTYTOP call the one-call tornado; the session behind a notebook reads declarations.
            return "QTY and QTYVALUE read it; a notebook's `tornado` line does too.";
        case ErrorKind::other:
        case ErrorKind::domain:
        case ErrorKind::recursion:
        case ErrorKind::other_precision: break;
    }
    return {};
}

}  // namespace

std::string calc_sentence(const Error& error) {
    std::string sentence = error.message;
    for (const std::string& part : {advice(error), error.hint}) {
        if (!part.empty()) sentence += " " + part;
    }
    return sentence;
}

}  // namespace ballpark::sheet

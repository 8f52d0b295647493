#include "calc_advice.hpp"

#include "ballpark/api.hpp"
#include "ballpark/text.hpp"

namespace ballpark::sheet {
namespace {

// For a text of `mode` read where another mode's are (a printed text, or results of two readings where none is
// asked): which functions read such a text (the sheet function of its row, that of the default row where it has
// none), and how a result cell is read in any reading, since a result is its recipe.
std::string mixed_readings_advice(std::optional<Mode> mode) {
    const ModeInfo* row = mode ? &mode_info(*mode) : nullptr;
    if (!row || row->sheet_function.empty()) row = &mode_info(Mode{});
    const std::string function(row->sheet_function);
    std::string all;
    for (const ModeInfo& other : mode_table) {
        if (other.sheet_function.empty()) continue;
        all += (all.empty() ? "" : " or ") + std::string(other.sheet_function) + "(cell)";
    }
    const std::string parts =
        row->results == Ends::percentiles
            ? "a part such as " + in_quotes(percentile_part(low_percentile(*row))) + ", \"median\" or " +
                  in_quotes(percentile_part(high_percentile(*row)))
            : "part \"low\", \"central\" or \"high\"";
    return "A text printed by " + function + " is read by " + function + ", QTYSUM, or QTYVALUE with " + parts +
           "; a result read through its own cell is read in any reading: " + all + " gives it in that one.";
}

// The advice the core names for a case of the sheet's: how cells, ranges and sheet functions give what was meant.
std::string case_advice(const Error& error) {
    switch (error.advice) {
        case ErrorAdvice::correlation_as_text: return "Put the pairs in a cell as text, or in quotes in the formula.";
        case ErrorAdvice::alike_results:
            return "Give the unknown an input cell of its own, read under a name by every formula that means it (\"u\"; "
                   "\"35% to 55%\"), so that alike cells share it by name; runs that should differ get their own input "
                   "cells under their own names.";
        case ErrorAdvice::one_correlation:
            return "State the pair once, in one cell, or give the runs that should move differently inputs of their own names.";
        case ErrorAdvice::correlate_given_names:
            return "Correlate names that the results read give values to (QTYINPUTS lists them), spelt as they are given.";
        case ErrorAdvice::correlate_result_inputs:
            return "Correlate the inputs that result was computed from (QTYINPUTS lists them), by the names they were given.";
        case ErrorAdvice::bind_result_range:
            return "Bind " + error.argument + " to the range the result was computed from (its text, or its two cells).";
        case ErrorAdvice::one_end_per_cell: return "Write the low end in one cell and the high end in the next.";
        case ErrorAdvice::none: break;
    }
    return {};
}

std::string advice(const Error& error) {
    if (error.advice != ErrorAdvice::none) return case_advice(error);
    switch (error.kind) {
        case ErrorKind::needs_distribution: {
            // A part that is a percentile or the mean evaluates in the distribution mode (options_for in
            // parts.cpp), and its sheet function (QTYDIST) shows its reading of any expression.
            const ModeInfo& row = mode_info(error.mode.value_or(distribution_mode()));
            return "Ask for a percentile part such as " + in_quotes(percentile_part(high_percentile(row))) +
                   " (or \"median\" or \"mean\") instead of low, central or high (QTYVALUE, GPUHOURS and TRAININGFLOP "
                   "take one), or use " + std::string(row.sheet_function) + " for the median and " +
                   std::string(row.range_noun) + ".";
        }
        case ErrorKind::declared_units_unread:
            // QTYSWING and QTYTOP call the one-call tornado; the session behind a notebook reads declarations.
            return "QTY and QTYVALUE read it; a notebook's `tornado` line does too.";
        case ErrorKind::mixed_readings:
            // QTY and GPUHOURS' bounds parts read ranges as bounds; QTYDIST and the percentile parts as 90% intervals.
            return mixed_readings_advice(error.mode);
        case ErrorKind::forgotten_result:
            // Calc recalculates every Ballpark cell when it opens a file, and Ctrl+Shift+F9 does so again, which
            // makes each formula's result (and its recipe) anew; a pasted copy has no formula to do that.
            return "Recalculate every cell with Ctrl+Shift+F9, which makes the results of the sheet's own formulas "
                   "again; if it is still refused, read the result from the cell whose formula computes it, or type "
                   "its printed text again to use it as printed.";
        // The message and hint say all there is; Calc has no way of its own to offer.
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

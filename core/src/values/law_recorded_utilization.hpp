// recorded_utilization() as a named distribution of the built-ins (law.hpp): a call without arguments whose law is
// the bounded metalog of the record (data/recorded_utilization.hpp), a plain number. The 90% reading samples the
// metalog; the bounds readings give the record's lowest and highest utilization, central value its median.
#pragma once

#include <span>
#include <string>

#include "data/recorded_utilization.hpp"
#include "values/law.hpp"
#include "values/metalog.hpp"

namespace ballpark {

struct RecordedUtilizationLaw {
    static constexpr LawSignature signature{"recorded_utilization", {}, 5, 5, "recorded_utilization()",
                                            "recorded_utilization() takes no arguments."};
    static Law law(std::span<const double>, int column, const std::string& at) {
        using R = RecordedUtilization;
        Law law = Metalog::fit(R::p10, R::p50, R::p90, R::low, R::high, column, at).law();
        law.name = "recorded_utilization";
        law.call = "recorded_utilization()";
        return law;
    }
};

}  // namespace ballpark

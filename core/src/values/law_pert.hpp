// pert(min, likely, max): the Beta-PERT distribution with lambda = 4, a planner's three-point estimate,
// Beta(1 + 4 (likely - min) / (max - min), 1 + 4 (max - likely) / (max - min)) scaled to [min, max]. Its law
// (law.hpp): support [min, max], which the bounds readings give with central value likely, the most likely value
// a planner typed; the 90% reading looks its samples up in the table of its quantiles at the cell centres, since
// the inverse incomplete beta is costly.
#pragma once

#include <span>
#include <string>

#include "values/law.hpp"

namespace ballpark {

// The law of pert(low, mode, high), low <= mode <= high.
Law pert_law(double low, double mode, double high);

struct PertLaw {
    static constexpr LawSignature signature{
        "pert", {"min", "likely", "max"}, 0, 2, "pert(2 day, 3 day, 6 day)",
        "Write it as a plain number, or combine ranges with arithmetic instead of nesting them."};

    static Law law(std::span<const double> x, int column, const std::string& at);
};

}  // namespace ballpark

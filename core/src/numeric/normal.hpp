// Constants of the standard normal distribution.
#pragma once

namespace ballpark {

// Phi^-1(0.95) = 1.64485362695147271..., the standard normal's 95th percentile, correctly rounded: in the
// distribution reading, a and b in `a to b` are this many standard deviations from the centre.
inline constexpr double z95 = 1.6448536269514722;

}  // namespace ballpark

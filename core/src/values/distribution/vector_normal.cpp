#include "values/distribution/vector_normal.hpp"

#include <boost/math/constants/constants.hpp>
#include <cmath>

namespace ballpark::vector_normal {

const std::array<double, chebyshev_count>& erfcx_coefficients() {
    static const std::array<double, chebyshev_count> coefficients = [] {
        // Q(t) = erfcx(x) / t at x = 2 / t - 2, at the Chebyshev points of [t_low, 1]; erfcx as e^(x^2) erfc(x) in
        // long double (for x <= 26 both factors stay far inside its range); then the discrete cosine transform.
        constexpr int n = chebyshev_count;
        const long double pi = boost::math::constants::pi<long double>();
        std::array<long double, n> q{};
        for (int j = 0; j < n; ++j) {
            const long double u = std::cos(pi * (j + 0.5L) / n);
            const long double t = ((1 - t_low) * u + (1 + t_low)) / 2;
            const long double x = 2 / t - 2;
            q[j] = std::exp(x * x) * std::erfc(x) / t;
        }
        std::array<double, n> c{};
        for (int k = 0; k < n; ++k) {
            long double sum = 0;
            for (int j = 0; j < n; ++j) sum += q[j] * std::cos(pi * k * (j + 0.5L) / n);
            c[k] = static_cast<double>(sum * 2 / n * (k == 0 ? 0.5L : 1.0L));
        }
        return c;
    }();
    return coefficients;
}

}  // namespace ballpark::vector_normal

// The UNO component Calc loads. It does not implement css::sheet::XAddIn on purpose: without it Calc takes
// every function name and description from registry/CalcAddIns.xcu, which stays the single source of the
// wizard's text. Each method converts its arguments, calls sheet_functions, and turns an Error into the
// IllegalArgumentException that Calc shows as Err:502.
#include <algorithm>
#include <exception>
#include <string>
#include <vector>

#include <com/sun/star/lang/IllegalArgumentException.hpp>
#include <com/sun/star/lang/XServiceInfo.hpp>
#include <com/sun/star/lang/XServiceName.hpp>
#include <com/sun/star/uno/XComponentContext.hpp>
#include <cppuhelper/implbase3.hxx>
#include <cppuhelper/supportsservice.hxx>
#include <cppuhelper/weak.hxx>
#include <org/ballpark/XBallparkFunctions.hpp>
#include <sal/types.h>

#include "calc_advice.hpp"
#include "sheet_functions.hpp"
#include "uno_args.hpp"

namespace ballpark {
namespace {

using css::lang::IllegalArgumentException;
using css::uno::Any;
using css::uno::Sequence;
using rtl::OUString;
using uno_args::from_utf8;
using uno_args::to_arg;
using uno_args::to_pairs;
using uno_args::to_utf8;

// The name; value pairs, as idl/XBallparkFunctions.idl declares them: sixteen optional pairs of `any` (the IDL says
// why they are not a variable argument list), eighteen for QTYERROR. Written with the preprocessor because the
// same 32 parameters open six methods, and a list typed six times would be six chances to drop one.
#define BALLPARK_PAIR(k) const Any &name##k, const Any &value##k
#define BALLPARK_PAIRS                                                                                          \
    BALLPARK_PAIR(1), BALLPARK_PAIR(2), BALLPARK_PAIR(3), BALLPARK_PAIR(4), BALLPARK_PAIR(5), BALLPARK_PAIR(6), \
        BALLPARK_PAIR(7), BALLPARK_PAIR(8), BALLPARK_PAIR(9), BALLPARK_PAIR(10), BALLPARK_PAIR(11),              \
        BALLPARK_PAIR(12), BALLPARK_PAIR(13), BALLPARK_PAIR(14), BALLPARK_PAIR(15), BALLPARK_PAIR(16)
#define BALLPARK_PAIR_ARGS(k) &name##k, &value##k
#define BALLPARK_PAIRS_ARGS                                                                                     \
    BALLPARK_PAIR_ARGS(1), BALLPARK_PAIR_ARGS(2), BALLPARK_PAIR_ARGS(3), BALLPARK_PAIR_ARGS(4),                 \
        BALLPARK_PAIR_ARGS(5), BALLPARK_PAIR_ARGS(6), BALLPARK_PAIR_ARGS(7), BALLPARK_PAIR_ARGS(8),             \
        BALLPARK_PAIR_ARGS(9), BALLPARK_PAIR_ARGS(10), BALLPARK_PAIR_ARGS(11), BALLPARK_PAIR_ARGS(12),          \
        BALLPARK_PAIR_ARGS(13), BALLPARK_PAIR_ARGS(14), BALLPARK_PAIR_ARGS(15), BALLPARK_PAIR_ARGS(16)
static_assert(sheet::max_pairs == 16, "BALLPARK_PAIRS lists sheet::max_pairs pairs");
static_assert(sheet::max_error_pairs == 18, "qtyError lists BALLPARK_PAIRS and two more, sheet::max_error_pairs");

// Stored in every saved spreadsheet as of:=ORG.BALLPARK.CALCADDIN.<METHOD>(...): never change it.
constexpr char service_name[] = "org.ballpark.CalcAddIn";
constexpr char implementation_name[] = "org.ballpark.CalcAddIn";
// The service Calc enumerates to find add-ins.
constexpr char addin_service[] = "com.sun.star.sheet.AddIn";

class CalcAddIn : public cppu::WeakImplHelper3<org::ballpark::XBallparkFunctions, css::lang::XServiceInfo,
                                               css::lang::XServiceName> {
public:
    // XBallparkFunctions
    double SAL_CALL gpuHours(const Any& params, const Any& tokens, const Any& peak, const Any& utilLo,
                             const Any& utilHi, const Any& unit, const Any& part) override {
        return call([&] {
            return sheet::gpu_hours(to_arg(params, 0), to_arg(tokens, 1), to_arg(peak, 2), to_arg(utilLo, 3),
                                    to_arg(utilHi, 4), to_arg(unit, 5), to_arg(part, 6));
        });
    }

    double SAL_CALL unitConvert(const Any& value, const Any& fromUnit, const OUString& toUnit) override {
        return call([&] { return sheet::unit_convert(to_arg(value, 0), to_arg(fromUnit, 1), to_utf8(toUnit)); });
    }

    Any SAL_CALL qty(const Any& expression, const Any& unit, BALLPARK_PAIRS) override {
        return call([&] { return sheet::qty_cells(to_arg(expression, 0), to_arg(unit, 1), to_pairs({BALLPARK_PAIRS_ARGS}, 2)); });
    }

    Any SAL_CALL qtyValue(const Any& expression, const Any& unit, const Any& part, BALLPARK_PAIRS) override {
        return call([&] {
            return sheet::qty_value_cells(to_arg(expression, 0), to_arg(unit, 1), to_arg(part, 2),
                                          to_pairs({BALLPARK_PAIRS_ARGS}, 3));
        });
    }

    OUString SAL_CALL qtyError(const Any& expression, const Any& unit, BALLPARK_PAIRS, BALLPARK_PAIR(17),
                               BALLPARK_PAIR(18)) override {
        // An argument Calc cannot hand over is itself the error this function should show.
        try {
            const sheet::Arg first_arg = to_arg(expression, 0);
            const auto* text = std::get_if<std::string>(&first_arg);
            // With a function's name first, the next argument is that function's first, and messages count so.
            const sal_Int16 first = text && sheet::names_sheet_function(*text) ? 0 : 1;
            return from_utf8(sheet::qty_error(first_arg, to_arg(unit, first),
                                              to_pairs({BALLPARK_PAIRS_ARGS, BALLPARK_PAIR_ARGS(17), BALLPARK_PAIR_ARGS(18)},
                                                       static_cast<sal_Int16>(first + 1))));
        } catch (const IllegalArgumentException& e) {
            return e.Message;
        } catch (...) {
            return "Ballpark failed inside while reading the arguments.";
        }
    }

    OUString SAL_CALL qtyDim(const Any& expression) override {
        return call([&] { return sheet::qty_dim(to_arg(expression, 0)); });
    }

    double SAL_CALL trainingFlop(const Any& params, const Any& tokens, const Any& flopPerParamToken,
                                 const Any& part) override {
        return call([&] {
            return sheet::training_flop(to_arg(params, 0), to_arg(tokens, 1), to_arg(flopPerParamToken, 2),
                                        to_arg(part, 3));
        });
    }

    double SAL_CALL impliedUtil(const Any& gpuHours, const Any& params, const Any& tokens, const Any& peak) override {
        return call([&] {
            return sheet::implied_util(to_arg(gpuHours, 0), to_arg(params, 1), to_arg(tokens, 2), to_arg(peak, 3));
        });
    }

    double SAL_CALL accelPeak(const OUString& name, const Any& precision) override {
        return call([&] { return sheet::accel_peak(to_utf8(name), to_arg(precision, 1)); });
    }

    Any SAL_CALL qtyDist(const Any& expression, const Any& unit, BALLPARK_PAIRS) override {
        return call([&] {
            return sheet::qty_dist_cells(to_arg(expression, 0), to_arg(unit, 1), to_pairs({BALLPARK_PAIRS_ARGS}, 2));
        });
    }

    OUString SAL_CALL qtySum(const Any& values, const Any& unit) override {
        return call([&] { return sheet::qty_sum(to_arg(values, 0), to_arg(unit, 1)); });
    }

    double SAL_CALL qtySwing(const Any& expression, const Any& input, const Any& end, const Any& unit,
                             BALLPARK_PAIRS) override {
        return call([&] {
            return sheet::qty_swing(to_arg(expression, 0), to_arg(input, 1), to_arg(end, 2), to_arg(unit, 3),
                                    to_pairs({BALLPARK_PAIRS_ARGS}, 4));
        });
    }

    OUString SAL_CALL qtyTop(const Any& expression, const Any& rank, BALLPARK_PAIRS) override {
        return call([&] { return sheet::qty_top(to_arg(expression, 0), to_arg(rank, 1), to_pairs({BALLPARK_PAIRS_ARGS}, 2)); });
    }

    OUString SAL_CALL qtyText(const Any& value, const Any& unit, const Any& digits) override {
        return call([&] { return sheet::qty_text(to_arg(value, 0), to_arg(unit, 1), to_arg(digits, 2)); });
    }

    OUString SAL_CALL qtyInputs(const Any& value) override {
        return call([&] { return sheet::qty_inputs(to_arg(value, 0)); });
    }

    // XServiceName: Calc asks it for the name under which the .xcu describes the functions.
    OUString SAL_CALL getServiceName() override { return service_name; }

    // XServiceInfo
    OUString SAL_CALL getImplementationName() override { return implementation_name; }
    sal_Bool SAL_CALL supportsService(const OUString& name) override { return cppu::supportsService(this, name); }
    Sequence<OUString> SAL_CALL getSupportedServiceNames() override {
        const OUString names[] = {service_name, addin_service};
        return Sequence<OUString>(names, 2);
    }

private:
    static double unwrap(Result<double>&& r) { return *r; }
    static OUString unwrap(Result<std::string>&& r) { return from_utf8(*r); }
    // A number or a text as itself; a row of numbers (QTYVALUE with several parts) or a table (a column of models)
    // as the array an array formula over as many cells shows in full.
    static Any unwrap(Result<sheet::SheetValue>&& r) {
        if (const double* number = std::get_if<double>(&*r)) return Any(*number);
        if (const auto* text = std::get_if<std::string>(&*r)) return Any(from_utf8(*text));
        if (const auto* values = std::get_if<std::vector<double>>(&*r)) {
            Sequence<Sequence<double>> row(1);
            row.getArray()[0] = Sequence<double>(values->data(), static_cast<sal_Int32>(values->size()));
            return Any(row);
        }
        const sheet::Table& table = std::get<sheet::Table>(*r);
        const bool numbers = std::ranges::all_of(table.cells, [](const auto& c) { return std::holds_alternative<double>(c); });
        if (numbers) {
            Sequence<Sequence<double>> rows(static_cast<sal_Int32>(table.rows));
            for (std::size_t k = 0; k < table.rows; ++k) {
                Sequence<double> row(static_cast<sal_Int32>(table.columns));
                for (std::size_t j = 0; j < table.columns; ++j) row.getArray()[j] = std::get<double>(table.cells[k * table.columns + j]);
                rows.getArray()[k] = std::move(row);
            }
            return Any(rows);
        }
        Sequence<Sequence<Any>> rows(static_cast<sal_Int32>(table.rows));
        for (std::size_t k = 0; k < table.rows; ++k) {
            Sequence<Any> row(static_cast<sal_Int32>(table.columns));
            for (std::size_t j = 0; j < table.columns; ++j) {
                row.getArray()[j] = cell_any(table.cells[k * table.columns + j]);
            }
            rows.getArray()[k] = std::move(row);
        }
        return Any(rows);
    }

    // A cell of a table. An empty one (a blank row's) goes over as an empty text, which shows blank and which QTYSUM
    // skips; the Python component hands Calc the same (addin/python/pythonpath/ballpark_array.py).
    static Any cell_any(const sheet::Cell& cell) {
        if (const double* number = std::get_if<double>(&cell)) return Any(*number);
        if (const auto* text = std::get_if<std::string>(&cell)) return Any(from_utf8(*text));
        return Any(OUString());
    }

    css::uno::Reference<css::uno::XInterface> self() { return static_cast<cppu::OWeakObject*>(this); }

    // Runs one sheet function and hands Calc either its value or an IllegalArgumentException whose message is
    // the core's sentence. Every other exception is turned into one too: an exception Calc does not expect
    // would show as #VALUE! with no reason, and one that is not a UNO exception could end the office.
    template <class F>
    auto call(F&& body) -> decltype(unwrap(body())) {
        try {
            auto result = body();
            if (!result) throw IllegalArgumentException(from_utf8(sheet::calc_sentence(result.error())), self(), 0);
            return unwrap(std::move(result));
        } catch (const IllegalArgumentException& e) {
            // Arguments that uno_args rejected carry no context yet.
            throw IllegalArgumentException(e.Message, self(), e.ArgumentPosition);
        } catch (const css::uno::Exception& e) {
            throw IllegalArgumentException("Ballpark failed inside: " + e.Message, self(), 0);
        } catch (const std::exception& e) {
            throw IllegalArgumentException("Ballpark failed inside: " + from_utf8(e.what()), self(), 0);
        } catch (...) {
            throw IllegalArgumentException("Ballpark failed inside with an unknown error.", self(), 0);
        }
    }

};

}  // namespace
}  // namespace ballpark

// Named by constructor= in registry/ballpark.components, which therefore declares environment="gcc3".
extern "C" SAL_DLLPUBLIC_EXPORT css::uno::XInterface* org_ballpark_CalcAddIn_get_implementation(
    css::uno::XComponentContext*, const css::uno::Sequence<css::uno::Any>&) {
    return cppu::acquire(new ballpark::CalcAddIn());
}

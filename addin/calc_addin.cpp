// The UNO component Calc loads. It does not implement css::sheet::XAddIn on purpose: without it Calc takes
// every function name and description from CalcAddIns.xcu, which the build writes from addin/sheet_table.py, the
// single source of the wizard's text. Its methods (calc_methods.hpp, written from the same table) convert their
// arguments through uno_args, run their row of the table, and turn an Error into the IllegalArgumentException
// that Calc shows as Err:502.
#include <algorithm>
#include <cstddef>
#include <exception>
#include <initializer_list>
#include <span>
#include <string>
#include <type_traits>
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
#include "sheet_table_rows.hpp"
#include "uno_args.hpp"
#include "uno_rows.hpp"

namespace ballpark {
namespace {

using css::lang::IllegalArgumentException;
using css::uno::Any;
using css::uno::Sequence;
using rtl::OUString;
using uno_args::from_utf8;

// Stored in every saved spreadsheet as of:=ORG.BALLPARK.CALCADDIN.<METHOD>(...): never change it.
constexpr char service_name[] = "org.ballpark.CalcAddIn";
constexpr char implementation_name[] = "org.ballpark.CalcAddIn";
// The service Calc enumerates to find add-ins.
constexpr char addin_service[] = "com.sun.star.sheet.AddIn";

class CalcAddIn : public cppu::WeakImplHelper3<org::ballpark::XBallparkFunctions, css::lang::XServiceInfo,
                                               css::lang::XServiceName> {
public:
    // XBallparkFunctions: one method a row of addin/sheet_table.py, written by the build.
#include "calc_methods.hpp"

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
    // The row's value as the method's result type. The row of a `double` method gives a number, of a `string`
    // method a text (sheet/sheet_table.cpp); anything else is a fault that `call` reports.
    static double unwrap(std::type_identity<double>, sheet::SheetValue&& value) { return std::get<double>(value); }
    static OUString unwrap(std::type_identity<OUString>, sheet::SheetValue&& value) {
        if (const auto* keyed = std::get_if<sheet::KeyedResult>(&value)) return from_utf8(*keyed);
        return from_utf8(std::get<std::string>(value));
    }
    // A number or a text as itself; a row of numbers (QTYVALUE with several parts) or a table (a column of models)
    // as the array an array formula over as many cells shows in full.
    static Any unwrap(std::type_identity<Any>, sheet::SheetValue&& value) {
        if (const double* number = std::get_if<double>(&value)) return Any(*number);
        if (const auto* keyed = std::get_if<sheet::KeyedResult>(&value)) return Any(from_utf8(*keyed));
        if (const auto* text = std::get_if<std::string>(&value)) return Any(from_utf8(*text));
        if (const auto* values = std::get_if<std::vector<double>>(&value)) {
            Sequence<Sequence<double>> row(1);
            row.getArray()[0] = Sequence<double>(values->data(), static_cast<sal_Int32>(values->size()));
            return Any(row);
        }
        const sheet::Table& table = std::get<sheet::Table>(value);
        const bool numbers = std::ranges::all_of(table.cells, [](const auto& c) { return std::holds_alternative<double>(c); });
        if (numbers) {
            // A column's rows are thousands: each made in place (uno_rows.hpp).
            return Any(uno_rows::number_rows(table.rows, table.columns, [&](std::size_t k, std::size_t j) {
                return std::get<double>(table.cells[k * table.columns + j]);
            }));
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

    static const sheet::SheetFunction& row(sheet::rows::Id id) {
        return sheet::sheet_function_table()[static_cast<std::size_t>(id)];
    }

    // Runs the row's function and hands Calc either its value or an IllegalArgumentException whose message is the
    // core's sentence. Every other exception is turned into one too: an exception Calc does not expect would show
    // as #VALUE! with no reason, and one that is not a UNO exception could end the office.
    template <class R>
    R call(sheet::rows::Id id, std::initializer_list<uno_args::Given> given) {
        try {
            const sheet::SheetFunction& f = row(id);
            auto result = f.run(uno_args::to_args(f, given));
            if (!result) throw IllegalArgumentException(from_utf8(sheet::calc_sentence(result.error())), self(), 0);
            return unwrap(std::type_identity<R>{}, std::move(*result));
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

    // QTYERROR: the sentence of the error of the call it describes, never an exception. An argument Calc cannot hand
    // over is itself the error to show.
    OUString explain(sheet::rows::Id id, std::initializer_list<uno_args::Given> given) {
        try {
            const std::vector<sheet::Arg> args = uno_args::to_args(row(id), given);
            const std::span<const sheet::Arg> all(args);
            return from_utf8(sheet::qty_error(all[0], all[1], all.subspan(2)));
        } catch (const IllegalArgumentException& e) {
            return e.Message;
        } catch (...) {
            return "Ballpark failed inside while reading the arguments.";
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

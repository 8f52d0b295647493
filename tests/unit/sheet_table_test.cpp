// The sheet-function table as C++ has it (sheet_table_rows.hpp and the implementations of sheet_table.cpp) against
// the other files the build writes from addin/sheet_table.py: the IDL (the methods Calc calls and stores in every
// saved sheet), CalcAddIns.xcu (the wizard's names and descriptions) and the Python component's list of methods.
// Each is written by its own part of addin/generate_declarations.py, so a function or parameter missing from one of
// them, named differently or in another order fails here, without LibreOffice.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "sheet_functions.hpp"

namespace ballpark::sheet {
namespace {

std::string read(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << "cannot read " << path;
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

const std::string generated_dir = BALLPARK_GENERATED_DIR;

struct Declared {
    std::string name;
    std::string result;  // IDL only
    std::string display_name;
    std::string compatibility_name;
    std::vector<std::pair<std::string, std::string>> parameters;  // name, and its IDL type or .xcu DisplayName
};

std::string_view idl_type(ParameterType type) { return type == ParameterType::text ? "string" : "any"; }

// The parameters the IDL declares for a row of the table: its own, with the pairs written out as name1, value1, ...
std::vector<std::pair<std::string, std::string>> idl_parameters(const SheetFunction& f) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const SheetParameter& p : f.parameters) out.emplace_back(p.idl_name, idl_type(p.type));
    for (std::size_t k = 1; k <= f.pairs; ++k) {
        out.emplace_back("name" + std::to_string(k), "any");
        out.emplace_back("value" + std::to_string(k), "any");
    }
    return out;
}

// The interface's methods in order, with their result types and parameters.
std::vector<Declared> idl_methods() {
    std::string text = read(generated_dir + "/XBallparkFunctions.idl");
    text = std::regex_replace(text, std::regex("//[^\n]*"), "");
    const std::regex method(R"x((double|string|any)\s+(\w+)\s*\(([^)]*)\))x");
    const std::regex parameter(R"x(\[in\]\s+(sequence<any>|any|string|double)\s+(\w+))x");
    std::vector<Declared> out;
    for (std::sregex_iterator m(text.begin(), text.end(), method), end; m != end; ++m) {
        Declared d{(*m)[2], (*m)[1], {}, {}, {}};
        const std::string list = (*m)[3];
        for (std::sregex_iterator p(list.begin(), list.end(), parameter); p != end; ++p) d.parameters.emplace_back((*p)[2], (*p)[1]);
        out.push_back(std::move(d));
    }
    return out;
}

// The functions under AddInFunctions in order, with their DisplayName, CompatibilityName and parameters (node
// name and DisplayName), read by following the nesting of <node> elements.
std::vector<Declared> xcu_functions() {
    const std::string text = read(generated_dir + "/CalcAddIns.xcu");
    const std::regex token(R"x(<node oor:name="([^"]+)"[^>]*>|</node>|<prop oor:name="(DisplayName|CompatibilityName)">\s*<value[^>]*>([^<]*)</value>)x");
    std::vector<std::string> path;
    std::vector<Declared> out;
    for (std::sregex_iterator t(text.begin(), text.end(), token), end; t != end; ++t) {
        const std::string whole = (*t)[0];
        if (whole.starts_with("</node>")) {
            path.pop_back();
        } else if (whole.starts_with("<node")) {
            path.push_back((*t)[1]);
            if (path.size() == 4 && path[2] == "AddInFunctions") out.push_back(Declared{path[3], {}, {}, {}, {}});
            if (path.size() == 6 && path[4] == "Parameters") out.back().parameters.emplace_back(path[5], "");
        } else if (path.size() == 4 && !out.empty()) {
            ((*t)[2] == "DisplayName" ? out.back().display_name : out.back().compatibility_name) = (*t)[3];
        } else if (path.size() == 6 && !out.empty() && (*t)[2] == "DisplayName") {
            out.back().parameters.back().second = (*t)[3];
        }
    }
    return out;
}

TEST(SheetTable, MatchesTheIdlMethodByMethod) {
    const auto methods = idl_methods();
    const auto table = sheet_function_table();
    ASSERT_EQ(methods.size(), table.size()) << "the IDL and the table list different numbers of functions";
    for (std::size_t i = 0; i < table.size(); ++i) {
        const SheetFunction& f = table[i];
        EXPECT_EQ(methods[i].name, f.method) << "function " << i + 1;
        EXPECT_EQ(methods[i].result, f.result) << f.name;
        EXPECT_EQ(methods[i].parameters, idl_parameters(f)) << f.name;
    }
}

TEST(SheetTable, MatchesCalcAddInsXcuFunctionByFunction) {
    const auto functions = xcu_functions();
    const auto table = sheet_function_table();
    ASSERT_EQ(functions.size(), table.size()) << "CalcAddIns.xcu and the table list different numbers of functions";
    for (std::size_t i = 0; i < table.size(); ++i) {
        const SheetFunction& f = table[i];
        EXPECT_EQ(functions[i].name, f.method) << "function " << i + 1;
        EXPECT_EQ(functions[i].display_name, f.name) << f.method;
        // No CompatibilityName: LibreOffice 25.2 would write it into .xlsx, which 7.4 cannot read (docs/addin.md,
        // "LibreOffice versions").
        EXPECT_EQ(functions[i].compatibility_name, "") << f.method;
        const auto expected = idl_parameters(f);
        ASSERT_EQ(functions[i].parameters.size(), expected.size()) << f.name;
        for (std::size_t k = 0; k < expected.size(); ++k) {
            EXPECT_EQ(functions[i].parameters[k].first, expected[k].first) << f.name << " parameter " << k + 1;
            // A pair's parameters show their own names (name1, value1, ...).
            const std::string shown = k < f.fixed() ? std::string(f.parameters[k].display_name) : expected[k].first;
            EXPECT_EQ(functions[i].parameters[k].second, shown) << f.name << " " << expected[k].first;
        }
    }
}

// Every parameter of a function has a description in the wizard, the name; value pairs' too.
TEST(SheetTable, CalcAddInsXcuDescribesEveryParameter) {
    const std::string text = read(generated_dir + "/CalcAddIns.xcu");
    const std::regex empty(R"x(<prop oor:name="Description">\s*(<value[^>]*>\s*</value>)?\s*</prop>)x");
    EXPECT_FALSE(std::regex_search(text, empty));
    std::size_t parameters = 0;
    for (const SheetFunction& f : sheet_function_table()) parameters += 1 + idl_parameters(f).size();
    const std::regex description(R"x(<prop oor:name="Description"><value xml:lang="en-US">[^<]+</value>)x");
    EXPECT_EQ(static_cast<std::size_t>(std::distance(std::sregex_iterator(text.begin(), text.end(), description),
                                                     std::sregex_iterator())),
              parameters);
}

// The Python component's methods (ballpark_functions.py): each function's method, name, parameters before the pairs
// and pairs, in order.
TEST(SheetTable, MatchesThePythonComponentsMethods) {
    const std::string text = read(generated_dir + "/ballpark_functions.py");
    const std::regex entry(R"x(\("(\w+)", "([A-Z0-9]+)", (\d+), (\d+)\),)x");
    std::vector<std::string> listed;
    for (std::sregex_iterator e(text.begin(), text.end(), entry), end; e != end; ++e) {
        listed.push_back((*e)[1].str() + " " + (*e)[2].str() + " " + (*e)[3].str() + " " + (*e)[4].str());
    }
    std::vector<std::string> expected;
    for (const SheetFunction& f : sheet_function_table()) {
        expected.push_back(std::string(f.method) + " " + std::string(f.name) + " " + std::to_string(f.fixed()) + " " +
                           std::to_string(f.pairs));
    }
    EXPECT_EQ(listed, expected);
    EXPECT_NE(text.find("EXPLAINS = 'qtyError'"), std::string::npos);
}

TEST(SheetTable, QtyerrorExplainsEveryFunctionButItself) {
    for (const SheetFunction& f : sheet_function_table()) {
        EXPECT_EQ(names_sheet_function(f.name), f.name != "QTYERROR") << f.name;
        EXPECT_EQ(f.run == nullptr, f.name == "QTYERROR") << f.name;
    }
}

}  // namespace
}  // namespace ballpark::sheet

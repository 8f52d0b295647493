// The sheet-function table against the files that also list the functions: the IDL (the methods Calc calls and
// stores in every saved sheet), registry/CalcAddIns.xcu (the wizard's names and descriptions) and the integration
// tests' list of arities. A function or parameter missing from one of them, or in another order, fails here,
// without LibreOffice.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
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

const std::string source_dir = BALLPARK_SOURCE_DIR;

struct Declared {
    std::string name;
    std::string result;  // IDL only
    std::string display_name;
    std::string compatibility_name;
    std::vector<std::pair<std::string, std::string>> parameters;  // name, and its IDL type or .xcu DisplayName
};

std::string_view idl_type(ParameterType type) { return type == ParameterType::text ? "string" : "any"; }

// How many name; value pairs a function's IDL method declares.
std::size_t pairs_of(const SheetFunction& f) { return f.name == "QTYERROR" ? max_error_pairs : max_pairs; }

// The parameters the IDL declares for a row of the table: its own, with the pairs written out as name1, value1, ...
std::vector<std::pair<std::string, std::string>> idl_parameters(const SheetFunction& f) {
    std::vector<std::pair<std::string, std::string>> out;
    for (const SheetParameter& p : f.parameters) {
        if (p.type != ParameterType::pairs) {
            out.emplace_back(p.idl_name, idl_type(p.type));
            continue;
        }
        for (std::size_t k = 1; k <= pairs_of(f); ++k) {
            out.emplace_back("name" + std::to_string(k), "any");
            out.emplace_back("value" + std::to_string(k), "any");
        }
    }
    return out;
}

// The interface's methods in order, with their result types and parameters.
std::vector<Declared> idl_methods() {
    std::string text = read(source_dir + "/idl/XBallparkFunctions.idl");
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
    const std::string text = read(source_dir + "/registry/CalcAddIns.xcu");
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
        ASSERT_EQ(functions[i].parameters.size(), f.parameters.size()) << f.name;
        for (std::size_t k = 0; k < f.parameters.size(); ++k) {
            EXPECT_EQ(functions[i].parameters[k].first, f.parameters[k].idl_name) << f.name << " parameter " << k + 1;
            EXPECT_EQ(functions[i].parameters[k].second, f.parameters[k].display_name) << f.name << " " << f.parameters[k].idl_name;
        }
    }
}

// tests/integration/office.py's FUNCTIONS, which the LibreOffice tests check the wizard against.
TEST(SheetTable, MatchesTheIntegrationTestsArities) {
    const std::string text = read(source_dir + "/tests/integration/office.py");
    const auto start = text.find("FUNCTIONS = {");
    ASSERT_NE(start, std::string::npos);
    const std::string dict = text.substr(start, text.find('}', start) - start);
    std::map<std::string, std::size_t> arities;
    const std::regex entry(R"x("([A-Z]+)":\s*(\d+))x");
    for (std::sregex_iterator e(dict.begin(), dict.end(), entry), end; e != end; ++e) arities[(*e)[1]] = std::stoul((*e)[2]);
    EXPECT_EQ(arities.size(), sheet_function_table().size());
    for (const SheetFunction& f : sheet_function_table()) EXPECT_EQ(arities[std::string(f.name)], idl_parameters(f).size()) << f.name;
}

TEST(SheetTable, QtyerrorExplainsEveryFunctionButItself) {
    for (const SheetFunction& f : sheet_function_table()) {
        EXPECT_EQ(names_sheet_function(f.name), f.name != "QTYERROR") << f.name;
        EXPECT_EQ(f.run == nullptr, f.name == "QTYERROR") << f.name;
    }
}

}  // namespace
}  // namespace ballpark::sheet

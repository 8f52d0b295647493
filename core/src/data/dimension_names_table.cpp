// Names for the dimensions people plan with, each with the unit a result is shown in when no unit was asked.
#include "data/unit_tables.hpp"

namespace ballpark::tables {
namespace {

constexpr DimensionRow rows[] = {
    {"dimensionless", "1"},
    {"length", "m"},
    {"mass", "kg"},
    {"time", "s"},
    {"current", "A"},
    {"temperature", "K"},
    {"amount of substance", "mol"},
    {"luminous intensity", "cd"},
    {"data", "B"},
    {"compute", "FLOP"},
    {"money", "$"},
    {"area", "m²"},
    {"volume", "m³"},
    {"speed", "m/s"},
    {"acceleration", "m/s²"},
    {"frequency", "Hz"},
    {"force", "N"},
    {"pressure", "Pa"},
    {"energy", "J"},
    {"power", "W"},
    {"charge", "C"},
    {"voltage", "V"},
    {"resistance", "Ω"},
    {"compute rate", "FLOP/s"},
    {"data rate", "B/s"},
    {"cost rate", "$/hour"},
    {"price of compute", "$/FLOP"},
    {"price of energy", "$/kWh"},
    {"compute per energy", "FLOP/J"},
    {"compute per data", "FLOP/B"},
    {"compute per money", "FLOP/$"},
};

}  // namespace

std::span<const DimensionRow> dimension_rows() { return rows; }

}  // namespace ballpark::tables

#pragma once
// Deterministic, locale-free number formatting for reports and golden files. Boost.JSON would
// print 2.5E0; we print 2.5, and whole numbers (byte counts) as integers.
#include <string>

namespace clusterplan {

// Shortest text that reads back to the same double; integers below 2^53 without exponent.
std::string formatNumber(double value);
// As formatNumber, but a fraction below 1 in plain decimals, as a person reads it in a message
// ("0.0001", not "1e-04"); large bounds keep formatNumber's "1e+16" rather than 17 digits.
std::string formatPlain(double value);
// Fixed decimals, e.g. formatFixed(3.14159, 2) == "3.14".
std::string formatFixed(double value, int decimals);
// `value` rounded to `decimals` places, as a number (JSON outputs that state 0.075, not 0.07499999).
double roundedTo(double value, int decimals);
// Fixed decimals with ',' between thousands, e.g. formatGrouped(30971.4, 0) == "30,971".
std::string formatGrouped(double value, int decimals);

}  // namespace clusterplan

#pragma once
// Fixture of the layering check: a folder the order does not place.
#include "util/uses_cost.h"

#pragma once
// Fixture of the layering check: util/ must not include cost/.
#include "core/cost/money.h"

#pragma once
// Fixture of the layering check: util/ must not include cost/.
#include "cost/money.h"

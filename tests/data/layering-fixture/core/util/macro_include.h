#pragma once
// Fixture of the layering check: an include through a macro cannot be followed, so it is refused.
#define FIXTURE_HEADER "core/cost/money.h"
#include FIXTURE_HEADER

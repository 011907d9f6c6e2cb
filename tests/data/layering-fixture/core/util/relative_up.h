#pragma once
// Fixture of the layering check: a project header reached relative to this file, going up.
#include "../cost/money.h"

#pragma once
// Fixture of the layering check: a project header spelled from its folder, not from the root.
#include "cost/money.h"

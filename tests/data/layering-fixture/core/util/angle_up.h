#pragma once
// Fixture of the layering check: an upward include in angle brackets is still an upward include.
#include <core/cost/money.h>

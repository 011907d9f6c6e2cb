#pragma once
// Fixture of the layering check: parallel/ shares hardware/'s level.
namespace fixture {
inline constexpr int kRules = 1;
}  // namespace fixture

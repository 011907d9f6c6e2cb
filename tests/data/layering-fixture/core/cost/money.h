#pragma once
// Fixture of the layering check: cost/ is above util/.
namespace fixture {
inline constexpr int kMoney = 1;
}  // namespace fixture

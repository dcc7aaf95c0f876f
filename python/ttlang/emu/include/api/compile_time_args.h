// Compile-time arguments as TT-Metal's JIT passes them: the comma list of
// KERNEL_COMPILE_TIME_ARGS becomes a constexpr array; named arguments come
// from KERNEL_COMPILE_TIME_ARG_MAP ({"name", value} pairs).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>
#include <utility>

#include "ttlemu/runtime.h"

#ifndef KERNEL_COMPILE_TIME_ARGS
#define KERNEL_COMPILE_TIME_ARGS
#endif

namespace ttlemu {
template <class... Ts>
constexpr std::array<uint32_t, sizeof...(Ts)> compileTimeArgs(Ts... values) {
  return {uint32_t(values)...};
}
} // namespace ttlemu

constexpr auto kernel_compile_time_args =
    ttlemu::compileTimeArgs(KERNEL_COMPILE_TIME_ARGS);

template <uint32_t Index>
constexpr uint32_t get_ct_arg() {
  static_assert(Index < kernel_compile_time_args.size(),
                "compile-time argument index out of range");
  return kernel_compile_time_args[Index];
}
#define get_compile_time_arg_val(arg_idx) get_ct_arg<arg_idx>()

#ifdef KERNEL_COMPILE_TIME_ARG_MAP
namespace ttlemu {
constexpr std::pair<std::string_view, uint32_t> namedCompileTimeArgs[] = {
    KERNEL_COMPILE_TIME_ARG_MAP};
} // namespace ttlemu
constexpr uint32_t get_named_compile_time_arg_val(std::string_view name) {
  for (const auto &[argName, value] : ttlemu::namedCompileTimeArgs)
    if (argName == name)
      return value;
  throw "unknown named compile-time argument"; // not a constant expression
}
#endif

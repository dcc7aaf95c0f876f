// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// Where the runtime finds a kernel's per-core words (#ttl.abi, docs/kernel-abi.md
// "Per-core runtime args"): one caller slot, first in a reconfiguring kernel,
// and a caller_arg_count slot when slots follow it; a core coordinate is two
// words.

// expected-error @+1 {{two caller_args slots}}
func.func @two_callers() attributes {test.abi = #ttl.abi<compile_time = [#ttl.arg<caller_arg_count, "caller", 1>], common_runtime = [], per_core_runtime = [#ttl.arg<caller_args, "caller", 0>, #ttl.arg<caller_args, "more", 0>]>} {
  return
}

// -----

// expected-error @+1 {{two caller_arg_count slots}}
func.func @two_counts() attributes {test.abi = #ttl.abi<compile_time = [#ttl.arg<caller_arg_count, "caller", 1>, #ttl.arg<caller_arg_count, "again", 1>], common_runtime = [], per_core_runtime = []>} {
  return
}

// -----

// expected-error @+1 {{the caller_args slot of a reconfiguring kernel comes first in per_core_runtime}}
func.func @config_before_caller() attributes {test.abi = #ttl.abi<compile_time = [#ttl.arg<caller_arg_count, "caller", 1>], common_runtime = [], per_core_runtime = [#ttl.arg<dfb_config_address, "in#1", 1>, #ttl.arg<caller_args, "caller", 0>]>} {
  return
}

// -----

// expected-error @+1 {{per_core_runtime slots follow the caller's words, so the kernel needs a caller_arg_count compile-time slot to find them}}
func.func @uncounted_caller() attributes {test.abi = #ttl.abi<compile_time = [], common_runtime = [], per_core_runtime = [#ttl.arg<caller_args, "caller", 0>, #ttl.arg<dfb_config_address, "in#1", 1>]>} {
  return
}

// -----

// expected-error @+1 {{core_coord slot 'xy' has count 1; a core coordinate takes 2 words (x, y)}}
func.func @short_coord() attributes {test.arg = #ttl.arg<core_coord, "xy", 1>} {
  return
}

// -----

// The caller's words last need no count; counted, slots may follow them
// (no diagnostic).
func.func @valid() attributes {test.last = #ttl.abi<compile_time = [], common_runtime = [], per_core_runtime = [#ttl.arg<caller_args, "caller", 0>]>, test.counted = #ttl.abi<compile_time = [#ttl.arg<caller_arg_count, "caller", 1>], common_runtime = [], per_core_runtime = [#ttl.arg<caller_args, "caller", 0>, #ttl.arg<dfb_config_address, "in#1", 1>]>} {
  return
}

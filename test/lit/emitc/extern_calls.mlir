// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// RUN: ttlang-opt --ttl-backend-pipeline %s | FileCheck %s --check-prefix=FILE
// External calls in kernel C++: the header is included before the call, template
// arguments render per kind (signed integer, bool, binary32 bit pattern, physical
// index, ttlang::DFBDescriptor), function arguments are the lowered values, and
// dependencies / effects add nothing to the call.

#dram = #ttl.layout<dram, interleaved, tiled>

// The kernel build gets the calls' include paths, and this project's include
// directory when a descriptor is used. (test_lit_kernels_check.py resolves the
// relative path against this directory and checks both kernels against the
// headers in Inputs/extern.)
// FILE: emitc.file "mover" {{.*}}include_paths = ["Inputs/extern"], project_include = true
// FILE: emitc.file "compute" {{.*}}include_paths = ["Inputs/extern"]
// FILE-NOT: project_include

// CHECK-LABEL: // ===== kernel mover =====
// CHECK: #include "api/dataflow/dataflow_api.h"
// CHECK-NEXT: #include "ttlang/dfb_descriptor.hpp"
// CHECK-NEXT: #include "kernels/stage.hpp"
// CHECK-NEXT: #include "kernels/other.hpp"
// CHECK: void kernel_main() {
// CHECK: auto [[ACC:v[0-9]+]] = TensorAccessor(
// CHECK: uint32_t [[SRC:v[0-9]+]] = get_compile_time_arg_val(1);
// CHECK: uint32_t [[DST:v[0-9]+]] = get_compile_time_arg_val(0);
// CHECK: stage<-9223372036854775807, (-9223372036854775807LL - 1), true, 0xBF800000u, 7, ttlang::DFBDescriptor<3, 4096, 2, 2, ttlang::DFBFormat::Float32>>([[SRC]], [[ACC]], {{v[0-9]+}});
// CHECK-NEXT: int32_t {{v[0-9]+}} = other();
func.func @mover(%t: tensor<64x64xbf16, #dram>) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "mover", "lit.ext:00">} {
  %src = ttl.create_dfb {physical_index = 7 : i32} : !ttl.dfb<1x1xbf16, 2>
  %dst = ttl.create_dfb {physical_index = 3 : i32} : !ttl.dfb<1x2xf32, 2>
  %n = arith.constant 5 : i32
  ttl.call_extern_func "stage" from "kernels/stage.hpp"
      template [-9223372036854775807, -9223372036854775808, true, -1.0 : f32,
                #ttl.dfb_template<index, dependency = 0>,
                #ttl.dfb_template<descriptor, dependency = 1>]
      args(%src, %t, %n : !ttl.dfb<1x1xbf16, 2>, tensor<64x64xbf16, #dram>, i32)
      descriptors(%dst : !ttl.dfb<1x2xf32, 2>)
      effects [#ttl.dfb_effect<wait, dependency = 0, tiles = 1>,
               #ttl.dfb_effect<pop, dependency = 0, tiles = 1>]
      include_paths ["Inputs/extern"]
  %r = ttl.call_extern_func "other" from "kernels/other.hpp" args() -> i32
  return
}

// CHECK-LABEL: // ===== kernel compute =====
// CHECK: #include "api/compute/common.h"
// CHECK-NEXT: #include "kernels/compute.hpp"
// CHECK: void kernel_main() {
// CHECK-NEXT: uint32_t [[ADDR:v[0-9]+]] = get_common_arg_val<uint32_t>(0);
// CHECK-NEXT: compute_entry([[ADDR]]);
func.func @compute(%t: tensor<64x64xbf16, #dram>) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.ext:00">} {
  %a = ttl.raw_addr %t : tensor<64x64xbf16, #dram>
  ttl.call_extern_func "compute_entry" from "kernels/compute.hpp" args(%a : ui32) include_paths ["Inputs/extern"]
  return
}

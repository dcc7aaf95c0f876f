// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' -split-input-file -verify-diagnostics

#dram = #ttnn.layout<dram, interleaved, bf16>

// The circular buffers alone (2048 tiles per core) exceed L1.
func.func @cbs_exceed_l1(%a: tensor<8192x8192xbf16, #dram>, %b: tensor<8192x8192xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.matmul' op does not fit in L1 even with every other live tensor spilled: ttnn.matmul: circular buffers need 10485760 B per core but L1 has 1463968 B usable}}
  %0 = ttnn.matmul %a, %b : tensor<8192x8192xbf16, #dram>, tensor<8192x8192xbf16, #dram> -> tensor<8192x8192xbf16, #dram>
  return
}

// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' -split-input-file -verify-diagnostics

#dram = #ttnn.layout<dram, interleaved, bf16>

// The circular buffers alone (2048 tiles per core) exceed L1.
func.func @cbs_exceed_l1(%a: tensor<8192x8192xbf16, #dram>, %b: tensor<8192x8192xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.matmul' op does not fit in L1 even with every other live tensor spilled: ttnn.matmul: its circular buffers take 10485760 B per core from the L1 allocator base 105824 and end at 10591584 B, beyond the 1499136 B of L1}}
  %0 = ttnn.matmul %a, %b : tensor<8192x8192xbf16, #dram>, tensor<8192x8192xbf16, #dram> -> tensor<8192x8192xbf16, #dram>
  return
}

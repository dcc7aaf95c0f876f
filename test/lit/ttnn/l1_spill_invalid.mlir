// RUN: ttlang-opt %s --pass-pipeline='builtin.module(func.func(ttnn-l1-spill-management))' -split-input-file -verify-diagnostics

#dram = #ttnn.layout<dram, interleaved, bf16>

// The circular buffers alone exceed L1: a height-sharded a holds all of K
// (1024 tiles), so the 1-D program's in1 block is 1024 bf16 tiles.
#hs = #ttnn.layout<l1, height_sharded, bfp8_b, grid = 8x8, shard = 32x32768>
func.func @cbs_exceed_l1(%a: tensor<2048x32768xbf16, #hs>, %b: tensor<32768x32xbf16, #dram>) {
  // expected-error @+1 {{'ttnn.matmul' op does not fit in L1 even with every other live tensor spilled: ttnn.matmul: its buffers take 2099200 B per core from the L1 allocator base 105824 and end at 2205024 B, beyond the 1499136 B of L1 (tt-metal rejects the program)}}
  %0 = ttnn.matmul %a, %b : tensor<2048x32768xbf16, #hs>, tensor<32768x32xbf16, #dram> -> tensor<2048x32xbf16, #dram>
  return
}

// RUN: ttlang-opt %s | ttlang-opt | FileCheck %s

#dram = #ttnn.layout<dram, interleaved, bf16>
#l1 = #ttnn.layout<l1, interleaved, f32>
#hs = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>

// Layouts print as #layout aliases.
// CHECK-DAG: #[[DRAM:layout[0-9]*]] = #ttnn.layout<dram, interleaved, bf16>
// CHECK-DAG: #[[HS:layout[0-9]*]] = #ttnn.layout<l1, height_sharded, bf16, grid = 8x8, shard = 448x32>
// CHECK-DAG: #[[L1:layout[0-9]*]] = #ttnn.layout<l1, interleaved, f32>
// CHECK-DAG: #[[RM:layout[0-9]*]] = #ttnn.layout<row_major, dram, interleaved, bf16>

// CHECK-LABEL: func.func @relu_dram_to_sharded
// CHECK: ttnn.relu %{{.*}} : tensor<28672x32xbf16, #[[DRAM]]> -> tensor<28672x32xbf16, #[[HS]]>
func.func @relu_dram_to_sharded(%a: tensor<28672x32xbf16, #dram>) -> tensor<28672x32xbf16, #hs> {
  %0 = ttnn.relu %a : tensor<28672x32xbf16, #dram> -> tensor<28672x32xbf16, #hs>
  return %0 : tensor<28672x32xbf16, #hs>
}

// CHECK-LABEL: func.func @relu_f32
// CHECK: ttnn.relu %{{.*}} : tensor<32x32xf32, #[[L1]]> -> tensor<32x32xf32, #[[L1]]>
func.func @relu_f32(%a: tensor<32x32xf32, #l1>) -> tensor<32x32xf32, #l1> {
  %0 = ttnn.relu %a : tensor<32x32xf32, #l1> -> tensor<32x32xf32, #l1>
  return %0 : tensor<32x32xf32, #l1>
}

// A row-major layout prints its leading keyword; a tiled one prints none.
// CHECK-LABEL: func.func @to_layout_row_major
// CHECK: ttnn.to_layout %{{.*}} : tensor<64x1024xbf16, #[[RM]]> -> tensor<64x1024xbf16, #[[DRAM]]>
func.func @to_layout_row_major(%a: tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>>) -> tensor<64x1024xbf16, #dram> {
  %0 = ttnn.to_layout %a : tensor<64x1024xbf16, #ttnn.layout<row_major, dram, interleaved, bf16>> -> tensor<64x1024xbf16, #dram>
  return %0 : tensor<64x1024xbf16, #dram>
}

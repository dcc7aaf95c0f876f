// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// One case per TTL op/type/attribute verifier.

func.func @reserve_mismatch(%d: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{'ttl.reserve' op result '!ttl.block<2x1xbf16>' does not match the blocks of '!ttl.dfb<1x1xbf16, 2>'}}
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<2x1xbf16>
  return
}

// -----

func.func @wait_mismatch(%d: !ttl.dfb<1x1xbf16, 2>) {
  // expected-error @+1 {{'ttl.wait' op result '!ttl.block<1x1xf32>' does not match the blocks of '!ttl.dfb<1x1xbf16, 2>'}}
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xf32>
  return
}

// -----

func.func @push_waited(%d: !ttl.dfb<1x1xbf16, 2>) {
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.push' op pushes a block that does not come from ttl.reserve}}
  ttl.push %b : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @pop_reserved(%d: !ttl.dfb<1x1xbf16, 2>) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.pop' op pops a block that does not come from ttl.wait}}
  ttl.pop %b : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @load_into_waited(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>, %i: index) {
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op copies into a block that does not come from ttl.reserve}}
  %tx = ttl.load_tiles %t[%i, %i], %b : tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  return
}

// -----

func.func @store_reserved(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>, %i: index) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.store_tiles' op copies a block that does not come from ttl.wait}}
  %tx = ttl.store_tiles %b, %t[%i, %i] : !ttl.block<1x1xbf16>, tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
  return
}

// -----

func.func @no_layout(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32x32xbf16>, %i: index) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tensor 'tensor<32x32xbf16>' has no #ttl.layout memory placement}}
  %tx = ttl.load_tiles %t[%i, %i], %b : tensor<32x32xbf16>, !ttl.block<1x1xbf16>
  return
}

// -----

func.func @row_major(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32x32xbf16, #ttl.layout<l1, interleaved, row_major>>, %i: index) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op copies tiles of a row_major tensor; tile copies need a tiled tensor}}
  %tx = ttl.load_tiles %t[%i, %i], %b : tensor<32x32xbf16, #ttl.layout<l1, interleaved, row_major>>, !ttl.block<1x1xbf16>
  return
}

// -----

// Rank > 2 is a batch of matrices (batched_tensor_roundtrip.mlir); rank 1 has no tile grid.
func.func @rank1(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32xbf16, #ttl.layout<dram, interleaved, tiled>>, %i: index) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tensor must have rank 2 or more, got 1}}
  %tx = ttl.load_tiles %t[%i, %i], %b : tensor<32xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  return
}

// -----

func.func @element_mismatch(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32x32xf32, #ttl.layout<dram, interleaved, tiled>>, %i: index) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tensor element type 'f32' does not match block element type 'bf16'}}
  %tx = ttl.load_tiles %t[%i, %i], %b : tensor<32x32xf32, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  return
}

// -----

func.func @empty_dimension(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<0x32xbf16, #ttl.layout<dram, interleaved, tiled>>, %i: index) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tensor dimensions must be static and positive, got 'tensor<0x32xbf16, #ttl.layout<dram, interleaved, tiled>>'}}
  %tx = ttl.load_tiles %t[%i, %i], %b : tensor<0x32xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  return
}

// -----

// 48 columns are padded to 2 tiles: tile column 2 is outside them.
func.func @padded_out_of_bounds(%d: !ttl.dfb<1x1xbf16, 2>, %t: tensor<32x48xbf16, #ttl.layout<dram, interleaved, tiled>>, %i: index) {
  %c2 = arith.constant 2 : index
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tile slice cols [2, 3) is outside the tensor's 2 tile cols}}
  %tx = ttl.load_tiles %t[%i, %c2], %b : tensor<32x48xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<1x1xbf16>
  return
}

// -----

func.func @slice_out_of_bounds(%d: !ttl.dfb<2x1xbf16, 2>, %t: tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>) {
  %c1 = arith.constant 1 : index
  %b = ttl.reserve %d : !ttl.dfb<2x1xbf16, 2> -> !ttl.block<2x1xbf16>
  // expected-error @+1 {{'ttl.load_tiles' op tile slice rows [1, 3) is outside the tensor's 2 tile rows}}
  %tx = ttl.load_tiles %t[%c1, %c1], %b : tensor<64x64xbf16, #ttl.layout<dram, interleaved, tiled>>, !ttl.block<2x1xbf16>
  return
}

// -----

func.func @store_into_waited(%d: !ttl.dfb<1x1xbf16, 2>) {
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.store' op stores into a block that does not come from ttl.reserve}}
  ttl.store %b, %b : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @store_type_mismatch(%d: !ttl.dfb<1x1xbf16, 2>, %v: !ttl.block<2x1xbf16>) {
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.store' op stored value '!ttl.block<2x1xbf16>' and destination '!ttl.block<1x1xbf16>' must have the same shape in tiles}}
  "ttl.store"(%v, %b) : (!ttl.block<2x1xbf16>, !ttl.block<1x1xbf16>) -> ()
  return
}

// -----

func.func @add_mismatch(%a: !ttl.block<1x1xbf16>, %b: !ttl.block<1x1xf32>) {
  // expected-error @+1 {{'ttl.add' op requires the same type for all operands and results}}
  %c = "ttl.add"(%a, %b) : (!ttl.block<1x1xbf16>, !ttl.block<1x1xf32>) -> !ttl.block<1x1xbf16>
  return
}

// -----

func.func @node_dim() {
  // expected-error @+1 {{'ttl.node' op dim must be 0 (columns) or 1 (rows), got 2}}
  %x = ttl.node 2
  return
}

// -----

func.func @grid_dim() {
  // expected-error @+1 {{'ttl.grid_size' op dim must be 0 (columns) or 1 (rows), got -1}}
  %x = ttl.grid_size -1
  return
}

// -----

func.func @thread_nested() {
  ttl.thread #ttl.kernel<compute> {
    // expected-error @+1 {{'ttl.thread' op must appear directly in an operation function}}
    ttl.thread #ttl.kernel<compute> {
    }
  }
  return
}

// -----

func.func @thread_foreign_selector(%d: !ttl.dfb<1x1xbf16, 2>) {
  ttl.thread #ttl.kernel<compute> {
    %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
    // expected-error @+1 {{'ttl.pop' op selects logical kernel #ttl.kernel<data_movement> inside the thread of #ttl.kernel<compute>}}
    ttl.pop %b {ttl.kernels = [#ttl.kernel<data_movement>]} : !ttl.block<1x1xbf16>
  }
  return
}

// -----

func.func @empty_selection(%d: !ttl.dfb<1x1xbf16, 2>) {
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.pop' op 'ttl.kernels' must be a nonempty array of #ttl.kernel selectors}}
  ttl.pop %b {ttl.kernels = []} : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @selection_element(%d: !ttl.dfb<1x1xbf16, 2>) {
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.pop' op 'ttl.kernels' element "compute" is not a #ttl.kernel selector}}
  ttl.pop %b {ttl.kernels = ["compute"]} : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @selection_twice(%d: !ttl.dfb<1x1xbf16, 2>) {
  %b = ttl.wait %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  // expected-error @+1 {{'ttl.pop' op 'ttl.kernels' selects #ttl.kernel<compute> twice}}
  ttl.pop %b {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<compute>]} : !ttl.block<1x1xbf16>
  return
}

// -----

// expected-error @+1 {{'func.func' op 'ttl.kernel' must be a resolved #ttl.kernel on a kernel function}}
func.func @unresolved_kernel() attributes {ttl.kernel = #ttl.kernel<compute>} { return }

// -----

// expected-error @+1 {{'func.func' op 'ttl.operation_id' must be a nonempty string on a function}}
func.func @empty_operation_id() attributes {ttl.operation_id = ""} { return }

// -----

// expected-error @+1 {{'func.func' op 'ttl.grid' must be array<i64: cols, rows> with positive extents}}
func.func @bad_grid() attributes {ttl.grid = array<i64: 2, 0>} { return }

// -----

// expected-error @+1 {{'func.func' op unknown ttl attribute 'ttl.colour'}}
func.func @unknown_attr() attributes {ttl.colour = 1} { return }

// -----

// expected-error @+1 {{logical kernel 'reader' needs an operation identity}}
func.func @handle_without_operation() attributes {ttl.kernel = #ttl.kernel<data_movement, "reader", "">} { return }

// -----

// expected-error @+1 {{expected kernel kind 'compute' or 'data_movement', got 'reader'}}
func.func @bad_kind() attributes {ttl.kernel = #ttl.kernel<reader>} { return }

// -----

// expected-error @+1 {{block shape must have 2 dimensions (rows, cols in tiles), got 1}}
func.func @block_rank(%b: !ttl.block<4xbf16>) { return }

// -----

// expected-error @+1 {{block dimensions must be positive, got 0}}
func.func @block_zero(%b: !ttl.block<0x1xbf16>) { return }

// -----

// expected-error @+1 {{block element type must be bf16 or f32, got 'i8'}}
func.func @block_element(%b: !ttl.block<1x1xi8>) { return }

// -----

// expected-error @+1 {{'func.func' op tensor argument #1 'tensor<32x32xbf16>' of a TTL operation has no #ttl.layout memory placement}}
func.func @unplaced(%a: tensor<32x32xbf16, #ttl.layout<l1, interleaved, tiled>>, %b: tensor<32x32xbf16>) attributes {ttl.operation_id = "m.x:1"} { return }

// -----

// expected-error @+1 {{logical kernel with operation identity 'm.x:1' needs a capture name}}
func.func @operation_without_name() attributes {ttl.kernel = #ttl.kernel<compute, "", "m.x:1">} { return }

// -----

func.func @store_slice_cols(%d: !ttl.dfb<1x2xbf16, 2>, %t: tensor<32x64xbf16, #ttl.layout<dram, interleaved, tiled>>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %b = ttl.wait %d : !ttl.dfb<1x2xbf16, 2> -> !ttl.block<1x2xbf16>
  // expected-error @+1 {{'ttl.store_tiles' op tile slice cols [1, 3) is outside the tensor's 2 tile cols}}
  %tx = ttl.store_tiles %b, %t[%c0, %c1] : !ttl.block<1x2xbf16>, tensor<32x64xbf16, #ttl.layout<dram, interleaved, tiled>>
  return
}

// RUN: ttlang-opt %s --ttl-split-kernels -split-input-file -verify-diagnostics
// Ownership and capacity errors of ttl-split-kernels; unified and explicit
// operations get the same capacity diagnostic.

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

// expected-error @+1 {{'func.func' op operation 'three_readers' requests 3 data-movement kernels ('r1', 'r2', the canonical data-movement kernel) but target 'wormhole_b0' supports 2}}
func.func @three_readers(%a: !t) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.x:1"} {
  %in = ttl.create_dfb : !d
  %c0 = arith.constant 0 : index
  %r1 = ttl.reserve %in : !d -> !b
  %t1 = ttl.load_tiles %a[%c0, %c0], %r1 {ttl.kernels = [#ttl.kernel<data_movement, "r1", "m.x:1">]} : !t, !b
  ttl.push %r1 : !b
  %r2 = ttl.reserve %in : !d -> !b
  %t2 = ttl.load_tiles %a[%c0, %c0], %r2 {ttl.kernels = [#ttl.kernel<data_movement, "r2", "m.x:1">]} : !t, !b
  ttl.push %r2 : !b
  %r3 = ttl.reserve %in : !d -> !b
  %t3 = ttl.load_tiles %a[%c0, %c0], %r3 : !t, !b
  ttl.push %r3 : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

// expected-error @+1 {{'func.func' op operation 'two_computes' requests 2 compute kernels (the canonical compute kernel, 'c2') but target 'wormhole_b0' supports 1}}
func.func @two_computes() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.y:1"} {
  ttl.thread #ttl.kernel<compute> {
  }
  ttl.thread #ttl.kernel<compute, "c2", "m.y:1"> {
  }
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @second_thread() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.z:1"} {
  // expected-note @+1 {{first thread here}}
  ttl.thread #ttl.kernel<compute> {
  }
  // expected-error @+1 {{'ttl.thread' op is a second thread of the canonical compute kernel}}
  ttl.thread #ttl.kernel<compute, "compute", "m.z:1"> {
  }
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @release_only(%d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.w:1"} {
  // expected-error @+1 {{'ttl.wait' op cannot infer the logical kernel of this DFB block: nothing but its release uses it; select one with kernel= on push/pop}}
  %w = ttl.wait %d : !d -> !b
  ttl.pop %w : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @copied_and_math(%a: !t, %d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.v:1"} {
  %c0 = arith.constant 0 : index
  %w = ttl.wait %d : !d -> !b
  // expected-note @+1 {{copied here}}
  %tx = ttl.store_tiles %w, %a[%c0, %c0] : !b, !t
  // expected-error @+1 {{'ttl.add' op uses a block in the compute kernel that is also copied in a data-movement kernel; a DFB block belongs to one logical kernel}}
  %s = ttl.add %w, %w : !b
  ttl.pop %w : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @conflicting_release(%a: !t, %d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.u:1"} {
  %c0 = arith.constant 0 : index
  %w = ttl.wait %d : !d -> !b
  %tx = ttl.store_tiles %w, %a[%c0, %c0] {ttl.kernels = [#ttl.kernel<data_movement, "reader", "m.u:1">]} : !b, !t
  // expected-error @+1 {{'ttl.pop' op selects the canonical compute kernel, which conflicts with 'reader' inferred from the block's other uses}}
  ttl.pop %w {ttl.kernels = [#ttl.kernel<compute>]} : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @release_conflicts_inferred(%a: !t, %d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.s:1"} {
  %c0 = arith.constant 0 : index
  %w = ttl.wait %d : !d -> !b
  %tx = ttl.store_tiles %w, %a[%c0, %c0] : !b, !t
  // expected-error @+1 {{'ttl.pop' op selects the canonical compute kernel, which conflicts with the canonical data-movement kernel inferred from the block's other uses}}
  ttl.pop %w {ttl.kernels = [#ttl.kernel<compute>]} : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @copy_selects_compute(%a: !t, %d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.q:1"} {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{block acquired here}}
  %w = ttl.wait %d : !d -> !b
  // expected-error @+1 {{'ttl.add' op cannot run in 'dm', which the block's uses select}}
  %s = ttl.add %w, %w : !b
  %tx = ttl.store_tiles %w, %a[%c0, %c0] {ttl.kernels = [#ttl.kernel<data_movement, "dm", "m.q:1">]} : !b, !t
  ttl.pop %w : !b
  return
}

// -----

!d = !ttl.dfb<1x1xbf16, 2>

func.func @opaque_effect(%d: !d, %m: memref<4xi32>) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.p:1"} {
  %c0 = arith.constant 0 : index
  %v = arith.constant 1 : i32
  // expected-error @+1 {{'memref.store' op has effects but no logical kernel can be inferred for it; select one with kernel=}}
  memref.store %v, %m[%c0] : memref<4xi32>
  return
}

// -----

!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @release_two_kernels(%d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.o:1"} {
  // expected-error @+1 {{'ttl.wait' op cannot infer the logical kernel of this DFB block}}
  %w = ttl.wait %d : !d -> !b
  ttl.pop %w {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<data_movement>]} : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @use_two_kernels(%a: !t, %d: !d) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.n:1"} {
  %c0 = arith.constant 0 : index
  %w = ttl.wait %d : !d -> !b
  %tx = ttl.store_tiles %w, %a[%c0, %c0] : !b, !t
  // expected-error @+1 {{'ttl.pop' op selects 2 logical kernels; a use of a DFB block selects one}}
  ttl.pop %w {ttl.kernels = [#ttl.kernel<compute>, #ttl.kernel<data_movement>]} : !b
  return
}

// -----

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!b = !ttl.block<1x1xbf16>
!d = !ttl.dfb<1x1xbf16, 2>

func.func @value_crosses_kernels(%a: !t, %d: !d, %m: memref<1xindex>) attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "m.k:1"} {
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{value computed here}}
  %n = memref.load %m[%c0] {ttl.kernels = [#ttl.kernel<compute>]} : memref<1xindex>
  %r = ttl.reserve %d : !d -> !b
  // expected-error @+1 {{'ttl.load_tiles' op runs in the canonical data-movement kernel but uses a value computed in the canonical compute kernel; values do not cross logical kernels}}
  %tx = ttl.load_tiles %a[%n, %c0], %r : !t, !b
  ttl.push %r : !b
  return
}

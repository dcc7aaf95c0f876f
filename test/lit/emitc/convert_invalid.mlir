// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --ttl-package-kernels --convert-ttl-to-emitc -split-input-file -verify-diagnostics %s

// expected-error @below {{operation is not split into kernels; run ttl-split-kernels before convert-ttl-to-emitc}}
func.func @unsplit() attributes {ttl.grid = array<i64: 1, 1>, ttl.operation_id = "lit.bad:00"} {
  return
}

// -----

func.func @no_index() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.bad:01">} {
  // expected-error @below {{has no physical_index; run ttl-assign-dfb-indices before lowering to TT-Metal kernels}}
  %d = ttl.create_dfb : !ttl.dfb<1x1xbf16, 2>
  %b = ttl.reserve %d : !ttl.dfb<1x1xbf16, 2> -> !ttl.block<1x1xbf16>
  ttl.push %b : !ttl.block<1x1xbf16>
  return
}

// -----

// Scalar parameters are index (an int) or i32 (f32 bits); an f32 argument is neither.
// expected-error @below {{parameter 0 has type 'f32'; kernel parameters must be tensors with a #ttl.layout or scalar parameters (index, i32)}}
func.func @scalar_param(%n: f32) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.bad:02">} {
  return
}

// -----

func.func @a() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.bad:03">} {
  return
}
func.func @b() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "b", "lit.bad:03">} {
  return
}
// expected-error @below {{more than two data-movement kernels in one module; a Tensix core has two data-movement processors}}
func.func @c() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "c", "lit.bad:03">} {
  return
}

// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The verifiers of fill, broadcast, the reductions and transpose say what is wrong.

func.func @bcast_dims(%r: !ttl.block<1x4xbf16>) {
  // expected-error @below {{dims must be [0], [1] or [0, 1] (block dimensions in tiles: 0 rows, 1 columns), got [2]}}
  %b = ttl.broadcast %r dims = [2] : !ttl.block<1x4xbf16> -> !ttl.block<2x4xbf16>
  return
}

// -----

func.func @bcast_unsorted(%r: !ttl.block<1x1xbf16>) {
  // expected-error @below {{dims must be [0], [1] or [0, 1]}}
  %b = ttl.broadcast %r dims = [1, 0] : !ttl.block<1x1xbf16> -> !ttl.block<2x4xbf16>
  return
}

// -----

func.func @bcast_shape(%r: !ttl.block<2x4xbf16>) {
  // expected-error @below {{input must be 1x4 tiles along dims [0] of the 2x4-tile result, got 2x4}}
  %b = ttl.broadcast %r dims = [0] : !ttl.block<2x4xbf16> -> !ttl.block<2x4xbf16>
  return
}

// -----

func.func @bcast_type(%r: !ttl.block<1x4xbf16>) {
  // expected-error @below {{input and result must have one element type, got 'bf16' and 'f32'}}
  %b = ttl.broadcast %r dims = [0] : !ttl.block<1x4xbf16> -> !ttl.block<2x4xf32>
  return
}

// -----

func.func @reduce_shape(%x: !ttl.block<2x4xbf16>) {
  // expected-error @below {{result must be 2x1 tiles along dims [1] of the 2x4-tile input, got 1x1}}
  %r = ttl.reduce_sum %x dims = [1] : !ttl.block<2x4xbf16> -> !ttl.block<1x1xbf16>
  return
}

// -----

func.func @reduce_scaler(%x: !ttl.block<2x4xbf16>, %s: !ttl.block<1x1xf32>) {
  // expected-error @below {{scaler must have the input's element type 'bf16', got 'f32'}}
  %r = ttl.reduce_max %x, %s dims = [0] : !ttl.block<2x4xbf16>, !ttl.block<1x1xf32> -> !ttl.block<1x4xbf16>
  return
}

// -----

func.func @transpose_shape(%x: !ttl.block<2x4xbf16>) {
  // expected-error @below {{result must be the input's 4x2 tiles of 'bf16', got '!ttl.block<2x4xbf16>'}}
  %t = ttl.transpose %x : !ttl.block<2x4xbf16> -> !ttl.block<2x4xbf16>
  return
}

// -----

func.func @fill_inf() {
  // expected-error @below {{value must be a finite f32}}
  %f = ttl.fill 0x7F800000 : !ttl.block<1x1xbf16>
  return
}

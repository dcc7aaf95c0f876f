// RUN: ttlang-opt %s -split-input-file -verify-diagnostics

func.func @weight_wrong_width(%x: tensor<64x1024xbf16>, %w: tensor<1x512xbf16>) {
  // expected-error @+1 {{'ttnn.layer_norm' op weight must hold one value per column of the input (shape [1, ..., 1024]), got 'tensor<1x512xbf16>'}}
  %0 = ttnn.layer_norm %x weight %w : tensor<64x1024xbf16>, tensor<1x512xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @bias_not_a_row(%x: tensor<64x1024xbf16>, %b: tensor<2x1024xbf16>) {
  // expected-error @+1 {{'ttnn.rms_norm' op bias must hold one value per column of the input (shape [1, ..., 1024]), got 'tensor<2x1024xbf16>'}}
  %0 = ttnn.rms_norm %x bias %b : tensor<64x1024xbf16>, tensor<2x1024xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @result_shape(%x: tensor<64x1024xbf16>) {
  // expected-error @+1 {{'ttnn.layer_norm' op result must have the input's shape and element type, got 'tensor<64x512xbf16>' for 'tensor<64x1024xbf16>'}}
  %0 = ttnn.layer_norm %x : tensor<64x1024xbf16> -> tensor<64x512xbf16>
  return
}

// -----

func.func @scalar_input(%x: tensor<bf16>) {
  // expected-error @+1 {{'ttnn.rms_norm' op input must have rank >= 1}}
  %0 = ttnn.rms_norm %x : tensor<bf16> -> tensor<bf16>
  return
}

// -----

func.func @gelu_bw_shapes(%g: tensor<64x1024xbf16>, %x: tensor<1x1024xbf16>) {
  // expected-error @+1 {{'ttnn.gelu_bw' op grad, input and result must have one shape}}
  %0 = ttnn.gelu_bw %g, %x : tensor<64x1024xbf16>, tensor<1x1024xbf16> -> tensor<64x1024xbf16>
  return
}

// -----

func.func @pow_scalar_shape(%x: tensor<64x1024xbf16>) {
  // expected-error @+1 {{'ttnn.pow_scalar' op requires the same shape for all operands and results}}
  %0 = ttnn.pow_scalar %x {exponent = 2.0 : f64} : tensor<64x1024xbf16> -> tensor<64x512xbf16>
  return
}

// -----

func.func @rotary_short_tables(%x: tensor<1x8x128x64xbf16>, %c: tensor<1x1x64x64xbf16>) {
  // expected-error @+1 {{'ttnn.rotary_embedding' op cos and sin must be [1, 1, seq', head_dim'] with seq' >= 128 and head_dim' padded to tiles as 64 is, got 'tensor<1x1x64x64xbf16>'}}
  %0 = ttnn.rotary_embedding %x, %c, %c : tensor<1x8x128x64xbf16>, tensor<1x1x64x64xbf16>, tensor<1x1x64x64xbf16> -> tensor<1x8x128x64xbf16>
  return
}

// -----

// ttnn compares the head dims padded to tiles: 32 columns against 64 fail (measured).
func.func @rotary_narrow_tables(%x: tensor<1x2x64x64xbf16>, %c: tensor<1x1x64x32xbf16>) {
  // expected-error @+1 {{'ttnn.rotary_embedding' op cos and sin must be [1, 1, seq', head_dim'] with seq' >= 64 and head_dim' padded to tiles as 64 is, got 'tensor<1x1x64x32xbf16>'}}
  %0 = ttnn.rotary_embedding %x, %c, %c : tensor<1x2x64x64xbf16>, tensor<1x1x64x32xbf16>, tensor<1x1x64x32xbf16> -> tensor<1x2x64x64xbf16>
  return
}

// -----

func.func @rotary_tables_differ(%x: tensor<1x8x128x64xbf16>, %c: tensor<1x1x128x64xbf16>, %s: tensor<1x1x256x64xbf16>) {
  // expected-error @+1 {{'ttnn.rotary_embedding' op cos and sin must have one shape, got 'tensor<1x1x128x64xbf16>' and 'tensor<1x1x256x64xbf16>'}}
  %0 = ttnn.rotary_embedding %x, %c, %s : tensor<1x8x128x64xbf16>, tensor<1x1x128x64xbf16>, tensor<1x1x256x64xbf16> -> tensor<1x8x128x64xbf16>
  return
}

// -----

func.func @rotary_result(%x: tensor<1x8x128x64xbf16>, %c: tensor<1x1x128x64xbf16>) {
  // expected-error @+1 {{'ttnn.rotary_embedding' op result must have the input's shape and element type, got 'tensor<1x8x128x64xf32>' for 'tensor<1x8x128x64xbf16>'}}
  %0 = ttnn.rotary_embedding %x, %c, %c : tensor<1x8x128x64xbf16>, tensor<1x1x128x64xbf16>, tensor<1x1x128x64xbf16> -> tensor<1x8x128x64xf32>
  return
}

// -----

func.func @sdpa_heads(%q: tensor<1x8x128x64xbf16>, %k: tensor<1x3x128x64xbf16>) {
  // expected-error @+1 {{'ttnn.scaled_dot_product_attention' op query heads (8) must be a multiple of key / value heads (3)}}
  %0 = ttnn.scaled_dot_product_attention %q, %k, %k : tensor<1x8x128x64xbf16>, tensor<1x3x128x64xbf16>, tensor<1x3x128x64xbf16> -> tensor<1x8x128x64xbf16>
  return
}

// -----

func.func @sdpa_head_dim(%q: tensor<1x8x128x64xbf16>, %k: tensor<1x8x128x128xbf16>) {
  // expected-error @+1 {{'ttnn.scaled_dot_product_attention' op query and key must share batch and head_dim, got 'tensor<1x8x128x64xbf16>' and 'tensor<1x8x128x128xbf16>'}}
  %0 = ttnn.scaled_dot_product_attention %q, %k, %k : tensor<1x8x128x64xbf16>, tensor<1x8x128x128xbf16>, tensor<1x8x128x128xbf16> -> tensor<1x8x128x64xbf16>
  return
}

// -----

func.func @sdpa_rank(%q: tensor<8x128x64xbf16>) {
  // expected-error @+1 {{'ttnn.scaled_dot_product_attention' op query, key and value must be [batch, heads, seq, head_dim]}}
  %0 = ttnn.scaled_dot_product_attention %q, %q, %q : tensor<8x128x64xbf16>, tensor<8x128x64xbf16>, tensor<8x128x64xbf16> -> tensor<8x128x64xbf16>
  return
}

// RUN: ttlang-opt --ttl-backend-pipeline --ttl-print-kernel-cpp -o /dev/null %s | FileCheck %s
// A scalar parameter of the operation (an int's value, index; a number's f32 bits, i32) is a
// common runtime word of each kernel that reads it, after the buffer addresses (#ttl.arg
// <scalar, "<argument number>", 1>): the runtime writes it per call, so one program serves every
// value. Block math passes the bits to the compute API as they are.

!t = tensor<32x32xbf16, #ttl.layout<dram, interleaved, tiled>>
!d = !ttl.dfb<1x1xbf16, 2>
!blk = !ttl.block<1x1xbf16>

// CHECK-LABEL: // ===== kernel scale =====
// CHECK: uint32_t [[K:v[0-9]+]] = get_common_arg_val<uint32_t>(0);
// CHECK-NEXT: int32_t [[BITS:v[0-9]+]] = (int32_t) [[K]];
// CHECK: mul_unary_tile(0, [[BITS]]);
func.func @scale(%in: !t, %k: i32) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<compute, "compute", "lit.scalar:00">} {
  %a = ttl.create_dfb {physical_index = 0 : i32} : !d
  %o = ttl.create_dfb {physical_index = 1 : i32} : !d
  %x = ttl.wait %a : !d -> !blk
  %r = ttl.reserve %o : !d -> !blk
  %m = ttl.mul_scalar %x, %k bits : !blk
  ttl.store %m, %r : !blk
  ttl.push %r : !blk
  ttl.pop %x : !blk
  return
}

// An int parameter used as a tile index: its word follows the tensor's address.
// CHECK-LABEL: // ===== kernel pick =====
// CHECK: get_common_arg_val<uint32_t>(0);
// CHECK: uint32_t [[W:v[0-9]+]] = get_common_arg_val<uint32_t>(1);
// CHECK: size_t [[ROW:v[0-9]+]] = (size_t) [[W]];
// CHECK: noc_async_read_page([[ROW]],
func.func @pick(%in: !t, %row: index) attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.scalar:01">} {
  %d = ttl.create_dfb {physical_index = 0 : i32} : !d
  %c0 = arith.constant 0 : index
  %b = ttl.reserve %d : !d -> !blk
  %tx = ttl.load_tiles %in[%row, %c0], %b : !t, !blk
  ttl.transfer_wait %tx
  ttl.push %b : !blk
  return
}

// RUN: ttlang-opt --ttl-assign-processor-roles --ttl-record-kernel-abi --convert-ttl-to-emitc -verify-diagnostics %s
// convert-ttl-to-emitc converts the kernels ttl-package-kernels put in their emitc.files, whose
// #ttl.kernel_record it reads; a kernel function left outside one names that pass.

// expected-error @below {{'func.func' op is not in an emitc.file; run ttl-package-kernels before convert-ttl-to-emitc}}
func.func @unpackaged() attributes {ttl.grid = array<i64: 1, 1>, ttl.kernel = #ttl.kernel<data_movement, "data_movement", "lit.up:00">} {
  return
}

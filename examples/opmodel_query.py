"""Asks the TTNN op model where a small graph fits: per-op L1 needs (stateless), then the
same ops on a live allocation set threaded op to op (stateful).

    .venv/bin/python examples/opmodel_query.py
"""

import ttlang
from ttlang import opmodel

DRAM = "#ttnn.layout<dram, interleaved, bf16>"
L1 = "#ttnn.layout<l1, interleaved, bf16>"
SOURCE = f"""
func.func @graph(%x: tensor<64x1024xbf16, {DRAM}>, %w: tensor<1024x1024xbf16, {DRAM}>) {{
  %0 = ttnn.relu %x : tensor<64x1024xbf16, {DRAM}> -> tensor<64x1024xbf16, {L1}>
  %1 = ttnn.matmul %0, %w : tensor<64x1024xbf16, {L1}>, tensor<1024x1024xbf16, {DRAM}> -> tensor<64x1024xbf16, {L1}>
  %2 = ttnn.softmax %1 {{dimension = -1 : si32}} : tensor<64x1024xbf16, {L1}> -> tensor<64x1024xbf16, {L1}>
  return
}}
"""

module = ttlang.parse_module(SOURCE)
ops = list(module.body.operations[0].regions[0].blocks[0].operations)[:-1]

print("stateless (cached, nothing allocated):")
for op in ops:
    c = opmodel.query_constraints(op)
    print(
        f"  {op.operation.name:14} cb={c.cb_peak:7} l1={c.tensor_l1_peak:6} "
        f"total={c.overall_peak:7} out={c.output_size:5} runtime={opmodel.query_runtime(op)}ns"
    )

print("stateful (live set starts engaged and empty):")
live: list[opmodel.AllocationRecord] = []
for op in ops:
    c = opmodel.query_constraints(op, live=live)
    live.extend(c.output_allocations)
    placed = ", ".join(f"{r.buffer_type.name}@{r.address}+{r.size_per_bank}" for r in c.output_allocations)
    print(f"  {op.operation.name:14} outputs at {placed}")

print(f"cache: {opmodel.cache_stats()[0]}")

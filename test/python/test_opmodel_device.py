"""Selecting the op model's device from Python: ``device=``, the module's ``ttnn.device``, the default.

Expected sizes are computed here from the devices' published facts (Wormhole: 64 L1 banks, 288 B/ns
of DRAM; Blackhole: 130 L1 banks, 512 B/ns, 1,572,864 B of L1 per bank), not read back from the model.
"""

from __future__ import annotations

import math

import pytest
from opmodel_ir import single_op, tensor

from ttlang import opmodel
from ttlang.opmodel import BufferType, Status

TILE_BYTES = 2048
TILES = 256 * 1024 // (32 * 32)  # the relu below: 256 tiles
RELU = (f"%r = ttnn.relu %a0 : {tensor('256x1024', 'dram')} -> {tensor('256x1024', 'l1')}",
        [tensor("256x1024", "dram")])
WORMHOLE_OUT = math.ceil(TILES / 64) * TILE_BYTES
BLACKHOLE_OUT = math.ceil(TILES / 130) * TILE_BYTES


@pytest.fixture(autouse=True)
def fresh_caches():
    opmodel.clear_caches()
    yield
    opmodel.clear_caches()


def test_default_is_wormhole_and_device_selects_blackhole():
    _, op = single_op(*RELU)
    assert opmodel.query_constraints(op).output_size == WORMHOLE_OUT
    assert opmodel.query_constraints(op, device="wormhole_b0").output_size == WORMHOLE_OUT
    assert opmodel.query_constraints(op, device="blackhole").output_size == BLACKHOLE_OUT
    assert opmodel.validate(op, device="blackhole").output_size == BLACKHOLE_OUT


def test_each_device_is_its_own_cache_entry():
    _, op = single_op(*RELU)
    opmodel.query_constraints(op, device="blackhole")
    opmodel.query_constraints(op, device="wormhole_b0")
    opmodel.query_constraints(op, device="blackhole")
    assert opmodel.cache_stats()[0] == opmodel.CacheStats(hits=1, misses=2, entries=2)


def test_module_attribute_selects_the_device_and_device_overrides_it():
    _, op = single_op(*RELU, module_attrs='ttnn.device = "blackhole"')
    assert opmodel.query_constraints(op).output_size == BLACKHOLE_OUT
    assert opmodel.query_constraints(op, device="wormhole_b0").output_size == WORMHOLE_OUT


def test_stateful_query_allocates_on_the_devices_l1():
    _, op = single_op(*RELU)
    (record,) = opmodel.query_constraints(op, live=[], device="blackhole").output_allocations
    # Top-down from the top of Blackhole's 1,572,864 B bank.
    assert (record.buffer_type, record.address, record.size_per_bank) == (
        BufferType.L1, 1572864 - BLACKHOLE_OUT, BLACKHOLE_OUT)


def test_runtime_uses_the_devices_dram_bandwidth():
    _, op = single_op(*RELU)
    read = TILES * TILE_BYTES  # the DRAM input dominates on both devices
    assert opmodel.query_runtime(op) == math.ceil(2000 + read / 288)
    assert opmodel.query_runtime(op, device="blackhole") == math.ceil(2000 + read / 512)


def test_unknown_device_is_an_error():
    _, op = single_op(*RELU)
    with pytest.raises(opmodel.OpModelError, match="unknown device 'grayskull'") as info:
        opmodel.query_constraints(op, device="grayskull")
    assert info.value.status == Status.BACKEND_ERROR
    with pytest.raises(opmodel.OpModelError, match="unknown device"):
        opmodel.query_runtime(op, device="grayskull")
    _, bad = single_op(*RELU, module_attrs='ttnn.device = "grayskull"')
    with pytest.raises(opmodel.OpModelError, match='ttnn.device must be "wormhole_b0" or "blackhole"'):
        opmodel.query_constraints(bad)

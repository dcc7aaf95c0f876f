# RUN: %python %s | FileCheck %s
# examples/tile_add_unified.py: the unified body splits into a compute and a data-movement
# kernel; both keep the row loop; every op carries its Python location.
import pathlib
import runpy

runpy.run_path(
    str(pathlib.Path(__file__).parents[3] / "examples" / "tile_add_unified.py"), run_name="__main__"
)

# CHECK-LABEL: func.func @tile_add_compute
# CHECK-SAME: ttl.grid = array<i64: 2, 2>
# CHECK-SAME: ttl.kernel = #ttl.kernel<compute, "compute", "__main__.tile_add:[[ID:[0-9a-f]+]]">
# CHECK-NOT: ttl.load_tiles
# CHECK: scf.for
# CHECK: ttl.wait
# CHECK: %[[SUM:.*]] = ttl.add %{{.*}}, %{{.*}} : !ttl.block<1x2xbf16> loc(#[[ADD:loc[0-9]+]])
# CHECK-NEXT: ttl.store %[[SUM]], %{{.*}} loc(#[[STORE:loc[0-9]+]])
# CHECK: } loc(#[[FOR:loc[0-9]+]])
# CHECK-LABEL: func.func @tile_add_data_movement
# CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "data_movement", "__main__.tile_add:[[ID]]">
# CHECK: ttl.node 0
# CHECK: scf.for
# CHECK-COUNT-2: ttl.load_tiles
# CHECK: ttl.store_tiles
# CHECK-NOT: ttl.add
# CHECK: } loc(#[[FOR]])
# CHECK-DAG: #[[FOR]] = loc("{{.*}}tile_add_unified.py":24:5)
# CHECK-DAG: #[[ADD]] = loc("{{.*}}tile_add_unified.py":32:21)
# CHECK-DAG: #[[STORE]] = loc("{{.*}}tile_add_unified.py":32:13)
# CHECK: // kernel tile_add_compute
# CHECK-NEXT: // kernel tile_add_data_movement

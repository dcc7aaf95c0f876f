# RUN: %python %s | FileCheck %s
# examples/tile_add_explicit.py: three threads become three kernel functions; the second
# unselected data-movement thread is the operation-owned kernel `writer`.
import pathlib
import runpy

runpy.run_path(
    str(pathlib.Path(__file__).parents[3] / "examples" / "tile_add_explicit.py"), run_name="__main__"
)

# CHECK-LABEL: func.func @tile_add_compute
# CHECK-SAME: ttl.kernel = #ttl.kernel<compute, "compute", "__main__.tile_add:[[ID:[0-9a-f]+]]">
# CHECK-NOT: ttl.thread
# CHECK: ttl.add {{.*}} loc(#[[ADD:loc[0-9]+]])
# CHECK-LABEL: func.func @tile_add_data_movement
# CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "data_movement", "__main__.tile_add:[[ID]]">
# CHECK-COUNT-2: ttl.load_tiles
# CHECK-NOT: ttl.store_tiles
# CHECK-LABEL: func.func @tile_add_writer
# CHECK-SAME: ttl.kernel = #ttl.kernel<data_movement, "writer", "__main__.tile_add:[[ID]]">
# CHECK: ttl.store_tiles {{.*}} loc(#[[COPY_OUT:loc[0-9]+]])
# CHECK-DAG: #[[ADD]] = loc("{{.*}}tile_add_explicit.py":29:25)
# CHECK-DAG: #[[COPY_OUT]] = loc("{{.*}}tile_add_explicit.py":50:26)
# CHECK: // kernel tile_add_compute: COMPUTE compute
# CHECK-NEXT: // kernel tile_add_data_movement: DATA_MOVEMENT data_movement
# CHECK-NEXT: // kernel tile_add_writer: DATA_MOVEMENT writer

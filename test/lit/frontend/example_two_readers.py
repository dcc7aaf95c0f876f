# RUN: %python %s | FileCheck %s
# examples/two_readers.py: copies selected by two ttl.Kernel handles go to two data-movement
# kernels bound to the factory operation's identity; the math stays in the canonical compute.
import pathlib
import runpy

runpy.run_path(
    str(pathlib.Path(__file__).parents[3] / "examples" / "two_readers.py"), run_name="__main__"
)

# CHECK-LABEL: func.func @relu_compute
# CHECK-SAME: #ttl.kernel<compute, "compute", "__main__.make_relu.<locals>.relu:[[ID:[0-9a-f]+]]">
# CHECK: ttl.relu {{.*}} : !ttl.block<1x1xf32>
# CHECK-LABEL: func.func @relu_reader
# CHECK-SAME: #ttl.kernel<data_movement, "reader", "__main__.make_relu.<locals>.relu:[[ID]]">
# CHECK: ttl.load_tiles {{.*}} : tensor<128x64xf32, #ttl.layout<l1, interleaved, tiled>>, !ttl.block<1x1xf32> loc(#[[IN:loc[0-9]+]])
# CHECK-NOT: ttl.kernels
# CHECK-LABEL: func.func @relu_writer
# CHECK-SAME: #ttl.kernel<data_movement, "writer", "__main__.make_relu.<locals>.relu:[[ID]]">
# CHECK: ttl.store_tiles
# CHECK: #[[IN]] = loc("{{.*}}two_readers.py":25:22)
# CHECK: // kernel relu_compute: COMPUTE canonical
# CHECK-NEXT: // kernel relu_reader: DATA_MOVEMENT reader
# CHECK-NEXT: // kernel relu_writer: DATA_MOVEMENT writer

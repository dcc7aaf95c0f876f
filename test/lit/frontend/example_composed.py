# RUN: %python %s | FileCheck %s
# examples/composed.py: both inlined calls of the stage use the callee's `loader` kernel
# (the callee's operation identity), so there is one loader function holding both loops.
import pathlib
import runpy

runpy.run_path(
    str(pathlib.Path(__file__).parents[3] / "examples" / "composed.py"), run_name="__main__"
)

# CHECK-LABEL: func.func @exp_then_exp_compute
# CHECK-SAME: #ttl.kernel<compute, "compute", "__main__.exp_then_exp:[[ID:[0-9a-f]+]]">
# CHECK-COUNT-2: ttl.exp
# CHECK-LABEL: func.func @exp_then_exp_loader
# CHECK-SAME: #ttl.kernel<data_movement, "loader", "__main__.make_exp_stage.<locals>.exp_stage:[[STAGE:[0-9a-f]+]]">
# CHECK-COUNT-2: ttl.load_tiles
# CHECK-NOT: ttl.store_tiles
# CHECK-LABEL: func.func @exp_then_exp_data_movement
# CHECK-SAME: #ttl.kernel<data_movement, "data_movement", "__main__.exp_then_exp:[[ID]]">
# CHECK-COUNT-2: ttl.store_tiles {{.*}} loc(#[[OUT:loc[0-9]+]])
# CHECK-NOT: func.func
# CHECK: #[[OUT]] = loc("{{.*}}composed.py":29:21)
# CHECK: // kernel exp_then_exp_compute: COMPUTE
# CHECK-NEXT: // kernel exp_then_exp_loader: DATA_MOVEMENT (== loader)
# CHECK-NEXT: // kernel exp_then_exp_data_movement: DATA_MOVEMENT

//===- OpModelBindings.cpp - op-model queries from Python -----------------===//
//
// Low-level functions behind `ttlang.opmodel`; the Python module turns their
// tuples into typed records. Queries release the GIL so that Python threads
// can exercise the op-model caches concurrently.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"

#include "ttl/OpModel/QueryAPI.h"

#include "mlir/Bindings/Python/NanobindAdaptors.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

namespace nb = nanobind;
namespace om = ttlang::opmodel;

namespace {
using RecordTuple = std::tuple<int, uint64_t, uint64_t>;
using StatsTuple = std::tuple<uint64_t, uint64_t, uint64_t>;

StatsTuple toTuple(const om::CacheStats &s) {
  return {s.hits, s.misses, s.entries};
}
} // namespace

void ttlang::python::populateOpModelBindings(nb::module_ &m) {
  m.def(
      "opmodel_has_op_model",
      [](MlirOperation op) { return om::hasOpModel(op); }, nb::arg("op"),
      "Whether the op implements the OpModel interface.");

  m.def(
      "opmodel_query_constraints",
      [](MlirOperation op, std::optional<std::vector<MlirAttribute>> inputs,
         std::optional<MlirAttribute> output,
         std::optional<std::vector<RecordTuple>> live, bool validate,
         uint64_t additionalL1, std::optional<std::string> device) {
        std::optional<std::vector<om::AllocationRecord>> records;
        if (live) {
          records.emplace();
          for (auto [type, address, size] : *live)
            records->push_back({type, address, size});
        }
        om::Constraints c;
        {
          nb::gil_scoped_release release;
          c = om::queryConstraints(op, inputs,
                                   output ? *output : MlirAttribute{nullptr},
                                   records, validate, additionalL1, device);
        }
        std::vector<RecordTuple> allocations;
        for (const om::AllocationRecord &r : c.outputAllocations)
          allocations.emplace_back(r.bufferType, r.address, r.sizePerBank);
        return std::make_tuple(c.status, c.message, c.cbL1PeakSize,
                               c.tensorL1PeakSize, c.peakL1MemorySize,
                               c.outputL1BufferSize, c.outputLayouts,
                               allocations);
      },
      nb::arg("op"), nb::arg("inputs").none(), nb::arg("output").none(),
      nb::arg("live").none(), nb::arg("validate"), nb::arg("additional_l1"),
      nb::arg("device").none(),
      "(status, message, cb, l1, total, out, layouts, allocations).");

  m.def(
      "opmodel_query_runtime",
      [](MlirOperation op, std::optional<std::vector<MlirAttribute>> inputs,
         std::optional<MlirAttribute> output,
         std::optional<std::string> device) {
        om::Runtime r;
        {
          nb::gil_scoped_release release;
          r = om::queryRuntime(op, inputs,
                               output ? *output : MlirAttribute{nullptr},
                               device);
        }
        return std::make_tuple(r.status, r.message, r.nanoseconds);
      },
      nb::arg("op"), nb::arg("inputs").none(), nb::arg("output").none(),
      nb::arg("device").none(), "(status, message, nanoseconds).");

  m.def(
      "opmodel_cache_stats",
      [] {
        return std::make_tuple(toTuple(om::constraintsCacheStats()),
                               toTuple(om::runtimeCacheStats()));
      },
      "((hits, misses, entries) of constraints, same of runtime).");
  m.def(
      "opmodel_benchmark_constraints",
      [](MlirOperation op, int mode, uint64_t iterations, uint64_t live) {
        nb::gil_scoped_release release;
        return om::benchmarkConstraints(op, static_cast<om::BenchMode>(mode),
                                        iterations, live);
      },
      nb::arg("op"), nb::arg("mode"), nb::arg("iterations"),
      nb::arg("live_records"),
      "ns per getOpConstraints call in a C++ loop (mode 0 cached stateless, 1 "
      "uncached stateless, 2 stateful); -1 when the query fails.");
  m.def("opmodel_clear_caches", &om::clearCaches,
        "Empties both op-model caches and resets their statistics.");
  m.def("opmodel_set_constant_hash_for_testing",
        &om::setConstantCacheHashForTesting, nb::arg("enabled"),
        "Testing only: every cache key hashes alike.");
}

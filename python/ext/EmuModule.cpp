//===- EmuModule.cpp - ttlang._emu: the emulated device for Python --------===//
//
// Plain data in, plain data out: python/ttlang/emu reads ttnn program
// descriptors into tuples, converted once into a Program; run() takes a
// Program and one dispatch's runtime arguments and returns the outcome as a
// tuple that Python turns into typed errors.
//
//===----------------------------------------------------------------------===//

#include "ttl/Emu/Device.h"
#include "ttl/Targets.h"
#include "ttl/TileGeometry.h"

#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <stdexcept>

namespace nb = nanobind;
using namespace ttlemu;

namespace {
using Cores = std::vector<std::pair<uint32_t, uint32_t>>;
using KernelTuple =
    std::tuple<std::string, std::string, int, Cores,
               std::vector<std::vector<uint32_t>>, std::vector<uint32_t>, bool,
               bool, int, uint64_t>;
using FormatTuple = std::tuple<uint32_t, int, uint32_t>;
using CbTuple = std::tuple<Cores, uint32_t, std::vector<FormatTuple>>;
using SemaphoreTuple = std::tuple<uint32_t, uint32_t, Cores>;
using Bytes = nb::ndarray<uint8_t, nb::ndim<1>, nb::c_contig, nb::device::cpu>;
// Per kernel: its per-core runtime args (the kernel's core order), its common
// args.
using ArgsTuple =
    std::tuple<std::vector<std::vector<uint32_t>>, std::vector<uint32_t>>;

BufferKind bufferKind(const std::string &name) {
  if (name == "dram")
    return BufferKind::Dram;
  if (name == "l1")
    return BufferKind::L1;
  throw std::invalid_argument("buffer kind must be 'dram' or 'l1', got '" +
                              name + "'");
}

ProgramSpec programSpec(const std::vector<KernelTuple> &kernels,
                        const std::vector<CbTuple> &cbs,
                        const std::vector<SemaphoreTuple> &semaphores) {
  ProgramSpec program;
  for (const auto &[name, library, role, cores, args, common, fp32, fullSync,
                    fidelity, unpackToDest] : kernels) {
    KernelSpec &kernel = program.kernels.emplace_back();
    kernel.name = name;
    kernel.library = library;
    kernel.role = static_cast<Role>(role);
    kernel.cores = cores;
    kernel.runtimeArgs = args;
    kernel.commonArgs = common;
    kernel.fp32DestAccumulation = fp32;
    kernel.fullSyncDest = fullSync;
    kernel.fidelity = static_cast<MathFidelity>(fidelity);
    kernel.unpackToDest = unpackToDest;
  }
  for (const auto &[cores, total, formats] : cbs) {
    CircularBufferSpec &cb = program.circularBuffers.emplace_back();
    cb.cores = cores;
    cb.totalSize = total;
    for (const auto &[index, format, pageSize] : formats)
      cb.formats.push_back({index, static_cast<DataFormat>(format), pageSize});
  }
  for (const auto &[id, initial, cores] : semaphores)
    program.semaphores.push_back({id, initial, cores});
  return program;
}

const char *kindName(RunResult::Kind kind) {
  static const char *const names[] = {"ok",           "kernel_error",
                                      "deadlock",     "program_error",
                                      "not_emulated", "hang"};
  return names[static_cast<int>(kind)];
}
/// A run's outcome as the Python side reads it (ttlang.emu.device).
nb::tuple runResultTuple(const RunResult &result) {
  nb::list blocked;
  for (const BlockedKernel &b : result.blocked)
    blocked.append(nb::make_tuple(b.kernel, b.x, b.y, b.waitsFor,
                                  b.circularBuffer,
                                  b.recentEvents, b.device));
  nb::list prints;
  for (const DevicePrint &line : result.prints)
    prints.append(nb::make_tuple(line.kernel, line.x, line.y,
                                 line.text, line.device));
  // Each traced kernel's events as the bytes of its records.
  nb::list traces;
  for (const KernelTrace &t : result.traces)
    traces.append(nb::make_tuple(
        t.kernel, t.x, t.y, roleName(t.role),
        nb::bytes(reinterpret_cast<const char *>(t.events.data()),
                  t.events.size() * sizeof(TraceEvent))));
  return nb::make_tuple(kindName(result.kind), result.message,
                        result.kernel, result.x, result.y, blocked,
                        result.contextSwitches, prints,
                        result.codeObject, result.codeOffset,
                        traces);
}

} // namespace

NB_MODULE(_emu, m) {
  m.doc() = "the ttlang emulated device (see docs/emulator.md)";
  // ttl/TileGeometry.h, for the emulated device's Python side (no MLIR here).
  m.attr("TILE_SIDE") = ::ttlang::tile::kSide;
  m.attr("FACE_SIDE") = ::ttlang::tile::kFaceSide;

  // The architectures' names, in ttl/Targets.h's order (the first is the
  // default target).
  nb::list names;
  for (const ::ttlang::target::Facts &facts : ::ttlang::target::kTargets)
    names.append(facts.name);
  m.attr("ARCHITECTURES") = nb::tuple(names);
  m.attr("DEFAULT_ARCHITECTURE") =
      std::string(::ttlang::target::kDefaultTarget);

  // The trace records' layout and names (ttl/Emu/Trace.h), for trace.py.
  nb::list kinds, groups;
  for (uint32_t i = 0; i < kEventKinds; ++i)
    kinds.append(eventKindName(EventKind(i)));
  for (uint32_t i = 0; i < kTileGroups; ++i)
    groups.append(tileGroupName(TileGroup(i)));
  m.attr("TRACE_EVENT_KINDS") = nb::tuple(kinds);
  m.attr("TILE_GROUPS") = nb::tuple(groups);
  m.attr("TRACE_EVENT_BYTES") = sizeof(TraceEvent);
  m.attr("RECENT_EVENTS") = kRecentEvents;
  m.def("noc_endpoint", &nocEndpoint,
        "'DRAM bank 3 address 0x1000' or 'core (1, 0) L1 0x2000' for a NoC "
        "address.");

  m.def("set_loaded_kernel_limit", &setLoadedKernelLimit,
        "Kernel objects kept loaded at most (least recently run unloaded "
        "beyond it); returns the previous limit.");
  m.def("loaded_kernel_count", &loadedKernelCount,
        "Kernel objects loaded now, thread copies included.");
  m.def("architecture", [](const std::string &name) {
    const ArchSpec *arch = findArch(name);
    if (!arch)
      throw std::invalid_argument("unknown architecture '" + name + "'");
    return nb::make_tuple(arch->gridX, arch->gridY, arch->dramBanks,
                          arch->dramAlignment, arch->l1Alignment, arch->l1Size);
  });
  m.def("tile_size", [](int format) {
    return tileSizeBytes(static_cast<DataFormat>(format));
  }, "Bytes of one tile of a tt-metal DataFormat code (0: not emulated).");

  nb::class_<ProgramSpec>(m, "Program")
      .def("__init__",
           [](ProgramSpec *self, const std::vector<KernelTuple> &kernels,
              const std::vector<CbTuple> &cbs,
              const std::vector<SemaphoreTuple> &semaphores, bool reverse) {
             new (self) ProgramSpec(programSpec(kernels, cbs, semaphores));
             self->reverse = reverse;
           },
           "A program's kernels (with the runtime args they were read with), "
           "circular buffers and semaphores, converted once.");

  nb::class_<Device>(m, "Device")
      .def("__init__",
           [](Device *self, const std::string &arch) {
             const ArchSpec *spec = findArch(arch);
             if (!spec)
               throw std::invalid_argument("unknown architecture '" + arch + "'");
             new (self) Device(*spec);
           })
      .def("allocate",
           [](Device &device, const std::string &kind, uint32_t pageSize,
              uint64_t pages) {
             return device.allocate(bufferKind(kind), pageSize, pages);
           })
      .def("deallocate",
           [](Device &device, const std::string &kind, uint32_t address) {
             device.deallocate(bufferKind(kind), address);
           })
      .def("write",
           [](Device &device, const std::string &kind, uint32_t address,
              Bytes data) {
             device.writePages(bufferKind(kind), address, data.data(),
                               data.shape(0));
           })
      .def("read",
           [](Device &device, const std::string &kind, uint32_t address,
              Bytes into) {
             device.readPages(bufferKind(kind), address, into.data(),
                              into.shape(0));
           })
      .def("run",
           [](Device &device, const ProgramSpec &program,
              std::vector<ArgsTuple> args, double hangSeconds,
              uint32_t threads, bool trace) {
             std::vector<KernelArgs> words;
             words.reserve(args.size());
             for (auto &[perCore, common] : args)
               words.push_back({std::move(perCore), std::move(common)});
             RunResult result;
             {
               nb::gil_scoped_release release;
               result =
                   device.run(program, &words, hangSeconds, threads, trace);
             }
             return runResultTuple(result);
           });

  // A mesh workload: one (device, program, args) per chip, row-major, and the
  // fabric (rows, cols, links, ring_rows, ring_cols, slots).
  m.def(
      "run_mesh",
      [](std::vector<std::tuple<Device *, const ProgramSpec *,
                                std::vector<ArgsTuple>>> parts,
         std::tuple<uint32_t, uint32_t, uint32_t, bool, bool, uint32_t> fabric,
         double hangSeconds, uint32_t threads, bool trace) {
        std::vector<std::vector<KernelArgs>> words(parts.size());
        std::vector<MeshPart> mesh;
        for (size_t i = 0; i < parts.size(); ++i) {
          for (auto &[perCore, common] : std::get<2>(parts[i]))
            words[i].push_back({std::move(perCore), std::move(common)});
          mesh.push_back({std::get<0>(parts[i]), std::get<1>(parts[i]), &words[i]});
        }
        FabricSpec spec;
        std::tie(spec.rows, spec.cols, spec.links, spec.ringRows, spec.ringCols,
                 spec.slots) = fabric;
        RunResult result;
        {
          nb::gil_scoped_release release;
          result = Device::runMesh(mesh, spec, hangSeconds, threads, trace);
        }
        return nb::make_tuple(runResultTuple(result), result.device);
      },
      "Runs one program per chip of a mesh together (kernels reach other "
      "chips through the fabric).");
}


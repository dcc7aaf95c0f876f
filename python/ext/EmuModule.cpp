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

#include <optional>
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
                                      "not_emulated", "hang",
                                      "stopped"};
  return names[static_cast<int>(kind)];
}
/// A run's outcome as the Python side reads it (ttlang.emu.device).
nb::tuple runResultTuple(const RunResult &result) {
  nb::list blocked;
  for (const BlockedKernel &b : result.blocked)
    blocked.append(nb::make_tuple(b.kernel, b.x, b.y, b.waitsFor,
                                  b.circularBuffer,
                                  b.recentEvents, b.device, b.semaphore));
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
                  t.events.size() * sizeof(TraceEvent)),
        t.device));
  return nb::make_tuple(kindName(result.kind), result.message,
                        result.kernel, result.x, result.y, blocked,
                        result.contextSwitches, prints,
                        result.codeObject, result.codeOffset,
                        traces);
}

/// RemoteChips backed by a Python object (ttlang.emu.mesh_mpi's transport):
/// `exchange(outgoing, idle, done, failed)` takes [(chip, bytes)] and returns
/// ([(chip, bytes)], verdict), the verdict one of RemoteChips::Verdict's
/// names in lower case. Called on the run's transport thread, which takes
/// the GIL for it. A Python error ends the run as failed here (and stopped
/// elsewhere) and is raised again when the run returns.
class PythonRemoteChips final : public RemoteChips {
public:
  explicit PythonRemoteChips(nb::object transport)
      : transport(std::move(transport)) {}
  Verdict exchange(std::vector<Packet> &outgoing, Status status,
                   std::vector<Packet> &incoming) override {
    nb::gil_scoped_acquire gil;
    try {
      nb::list out;
      for (const Packet &packet : outgoing)
        out.append(nb::make_tuple(
            packet.chip, nb::bytes(packet.bytes.data(), packet.bytes.size())));
      nb::tuple answer = nb::cast<nb::tuple>(transport.attr("exchange")(
          out, status.idle, status.done, status.failed || error.has_value()));
      for (nb::handle item : nb::cast<nb::list>(answer[0])) {
        auto packet = nb::cast<nb::tuple>(item);
        nb::bytes data = nb::cast<nb::bytes>(packet[1]);
        incoming.push_back({nb::cast<uint32_t>(packet[0]),
                            std::string(data.c_str(), data.size())});
      }
      std::string verdict = nb::cast<std::string>(answer[1]);
      static const std::pair<const char *, Verdict> verdicts[] = {
          {"continue", Verdict::Continue}, {"finished", Verdict::Finished},
          {"deadlock", Verdict::Deadlock}, {"failed", Verdict::Failed}};
      for (auto &[name, value] : verdicts)
        if (verdict == name)
          return value;
      throw std::invalid_argument("unknown verdict '" + verdict + "'");
    } catch (nb::python_error &e) {
      if (!error)
        error.emplace(std::move(e));
    } catch (const std::exception &e) {
      if (!error) {
        PyErr_SetString(PyExc_RuntimeError, e.what());
        error.emplace();
      }
    }
    return Verdict::Failed;
  }
  /// Raises the Python error an exchange met, if any (GIL held).
  void raiseError() {
    if (error) {
      nb::python_error e = std::move(*error);
      error.reset();
      throw e;
    }
  }

private:
  nb::object transport;
  std::optional<nb::python_error> error;
};

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

  // A mesh workload: one (device, program, args, chip) per chip this process
  // holds (chip: its row-major index), the fabric (rows, cols, links,
  // ring_rows, ring_cols, slots), and, for a mesh spread over processes, the
  // transport to the other processes' chips (PythonRemoteChips).
  m.def(
      "run_mesh",
      [](std::vector<std::tuple<Device *, const ProgramSpec *,
                                std::vector<ArgsTuple>, uint32_t>> parts,
         std::tuple<uint32_t, uint32_t, uint32_t, bool, bool, uint32_t> fabric,
         double hangSeconds, uint32_t threads, bool trace,
         nb::object transport) {
        std::vector<std::vector<KernelArgs>> words(parts.size());
        std::vector<MeshPart> mesh;
        for (size_t i = 0; i < parts.size(); ++i) {
          for (auto &[perCore, common] : std::get<2>(parts[i]))
            words[i].push_back({std::move(perCore), std::move(common)});
          mesh.push_back({std::get<0>(parts[i]), std::get<1>(parts[i]),
                          &words[i], std::get<3>(parts[i])});
        }
        FabricSpec spec;
        std::tie(spec.rows, spec.cols, spec.links, spec.ringRows, spec.ringCols,
                 spec.slots) = fabric;
        std::optional<PythonRemoteChips> remote;
        if (!transport.is_none())
          remote.emplace(transport);
        RunResult result;
        {
          nb::gil_scoped_release release;
          result = Device::runMesh(mesh, spec, hangSeconds, threads, trace,
                                   remote ? &*remote : nullptr);
        }
        if (remote)
          remote->raiseError();
        return nb::make_tuple(runResultTuple(result), result.device);
      },
      nb::arg("parts"), nb::arg("fabric"), nb::arg("hang_seconds"),
      nb::arg("threads"), nb::arg("trace"), nb::arg("transport").none() = nb::none(),
      "Runs one program per chip of a mesh together (kernels reach other "
      "chips through the fabric; with a transport, the chips of other "
      "processes too).");
}


//===- DispatchMemo.cpp - a resource-aware dispatch's hit path in C++ -----===//
//
// A cache-hit dispatch of a resource-aware operation does, per call: check
// the factory's result, find its program, and write this call's per-core
// words into that program's descriptors. In Python that was the planner (a
// dozen attribute reads and checks per kernel and semaphore), a structure key
// of tuples and frozensets, and a pass over the words: a hit cost 1.2x doing
// the same by hand with ttnn (docs/performance.md). Here it is two calls:
//
// - `DispatchMemo.match(result)` reads the result once and encodes its whole
//   structure (what the runtime-resources spec lists: semaphore ids, core type,
//   ranges and initial values; the selected logical kernels; definitions; every
//   record's coordinate and number of words, in the factory's order) into bytes,
//   checking every record and tuple type on the way. Equal bytes (compared in
//   full, never by hash only) mean an equal structure, and every validation rule
//   of the spec is a function of that structure, the types and the words'
//   construction-time flag (RuntimeRecords.h). So a structure the Python planner
//   once validated and planned (`remember`) is valid again, and its program
//   template is the one the planner's order-free key found. Anything else (a
//   new structure, a non-common shape, numpy words, fabric bindings, a
//   semaphore on other cores than the factory's `core_ranges`) is not matched
//   and takes the planner, which accepts or rejects it with the documented
//   error; the memo never raises a validation error itself.
// - `DispatchMemo.dispatch(result, values)` is the whole hit: the match, then
//   the words written into the template's pooled program (below); or
//   `DispatchMemo.write(entry, result)` writes each record's words into the
//   template's `WordTable`s (the caller holds the template's lock) and the
//   caller copies them into a new program.
//
// `WordTable` owns one kernel descriptor's per-core runtime args: the first
// fill goes through `ttnn.RuntimeArgs.append`; later calls assign only the
// words that changed, through ttnn's documented in-place views
// (`descriptor.runtime_args[x][y]`). Both the planner's path (`assign`) and
// the memo's go through it, so the descriptor and what the table believes it
// holds never diverge. Where `WordVectors` verified at start-up that it can
// reach the `std::vector<uint32_t>` behind a view (below), changed words are
// stored into that vector directly instead of through the view's `__setitem__`
// (~30 ns a word); records keep their first words converted (RuntimeRecords.h),
// so a word is compared and stored without reading a Python int.
//
// `ProgramPool` spares a hit the copy of every kernel descriptor that a new
// `ProgramDescriptor` costs (about 5 us for 2 kernels on 64 cores): when the
// program a dispatch returned is referenced by nothing but the pool (its
// caller dropped it: the reference count says so), no one can observe it, so
// the next dispatch writes its new words into that program and returns it
// again. A program still referenced anywhere is never written: the caller
// gets a new copy, as before.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "RuntimeRecords.h"

#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/tuple.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace nb = nanobind;
using ttlang::python::checkedRecord;
using ttlang::python::CoreRuntimeArgsObject;

namespace {

constexpr long long kWordMax = 0xFFFFFFFFll;

/// An exact int in [0, 2^32) as a word; throws otherwise (the callers hand
/// only validated words, so this is an internal invariant).
uint32_t toWord(PyObject *value) {
  long long word = 0;
  if (!ttlang::python::exactIntValue(value, word)) {
    if (PyLong_CheckExact(value))
      throw nb::value_error("a runtime word does not fit in 32 bits");
    throw nb::type_error("runtime words must be exact ints");
  }
  if (word < 0 || word > kWordMax)
    throw nb::value_error("a runtime word does not fit in 32 bits");
  return static_cast<uint32_t>(word);
}

/// A reference that must not be null (a failed Python call): throws.
nb::object checked(PyObject *obj) {
  if (!obj)
    throw nb::python_error();
  return nb::steal(obj);
}


/// Direct access to the `std::vector<uint32_t>` that a ttnn `VectorUInt32`
/// object (nanobind's bound vector) wraps. nanobind's instance header is
/// `PyObject_HEAD; int32_t offset; uint32_t flags` (state in bits 0-1, 2 =
/// ready; bit 2 = the C++ object is stored inline at `offset`, else a pointer
/// to it is). This is not a documented ttnn interface, so it is probed once on
/// a vector of known words (read, written and read back through Python); if
/// anything differs, `vector` always answers null and callers use the view's
/// `__setitem__`. Every view is checked again when it is first taken (its
/// length against Python's `len`).
class WordVectors {
public:
  explicit WordVectors(nb::object vectorType) : type(std::move(vectorType)) {
    usable = probe();
  }

  bool enabled() const { return usable; }

  /// The vector behind `view`, or null when it cannot be reached safely.
  std::vector<uint32_t> *vector(PyObject *view) const {
    if (!usable || reinterpret_cast<PyObject *>(Py_TYPE(view)) != type.ptr())
      return nullptr;
    return locate(view);
  }

  /// `vector(view)` whose length is Python's `len(view)`; null otherwise.
  std::vector<uint32_t> *checkedVector(PyObject *view) const {
    std::vector<uint32_t> *vec = vector(view);
    if (!vec)
      return nullptr;
    Py_ssize_t length = PyObject_Length(view);
    if (length < 0) {
      PyErr_Clear();
      return nullptr;
    }
    return static_cast<size_t>(length) == vec->size() ? vec : nullptr;
  }

private:
  struct InstanceHeader {
    PyObject_HEAD int32_t offset;
    uint32_t flags;
  };

  std::vector<uint32_t> *locate(PyObject *view) const {
    const auto *header = reinterpret_cast<const InstanceHeader *>(view);
    auto basic = static_cast<int64_t>(Py_TYPE(view)->tp_basicsize);
    int64_t offset = header->offset;
    if ((header->flags & 3u) != 2u || offset < static_cast<int64_t>(sizeof(InstanceHeader)))
      return nullptr;
    char *at = reinterpret_cast<char *>(view) + offset;
    std::vector<uint32_t> *vec = nullptr;
    if (header->flags & 4u) {
      if (offset + static_cast<int64_t>(sizeof(std::vector<uint32_t>)) > basic)
        return nullptr;
      vec = reinterpret_cast<std::vector<uint32_t> *>(at);
    } else {
      if (offset + static_cast<int64_t>(sizeof(void *)) > basic)
        return nullptr;
      vec = *reinterpret_cast<std::vector<uint32_t> **>(at);
    }
    return vec;
  }

  bool probe() const {
    constexpr uint32_t known[3] = {0x9E3779B9u, 7u, 0xFFFFFFFFu};
    nb::list words;
    for (uint32_t word : known)
      words.append(word);
    PyObject *made = PyObject_CallOneArg(type.ptr(), words.ptr());
    if (!made) {
      PyErr_Clear();
      return false;
    }
    nb::object sample = nb::steal(made);
    if (reinterpret_cast<PyObject *>(Py_TYPE(sample.ptr())) != type.ptr())
      return false;
    std::vector<uint32_t> *vec = locate(sample.ptr());
    if (!vec || vec->size() != 3 || PyObject_Length(sample.ptr()) != 3)
      return false;
    for (size_t i = 0; i < 3; ++i)
      if ((*vec)[i] != known[i])
        return false;
    (*vec)[1] = 0x5A5A5A5Au;
    PyObject *read = PySequence_GetItem(sample.ptr(), 1);
    if (!read) {
      PyErr_Clear();
      return false;
    }
    unsigned long value = PyLong_AsUnsignedLong(read);
    Py_DECREF(read);
    if (PyErr_Occurred()) {
      PyErr_Clear();
      return false;
    }
    return value == 0x5A5A5A5Au;
  }

  nb::object type;
  bool usable = false;
};

/// Python's `a == b` (identity first); throws on an error.
bool equal(PyObject *a, PyObject *b) {
  if (a == b)
    return true;
  int result = PyObject_RichCompareBool(a, b, Py_EQ);
  if (result < 0)
    throw nb::python_error();
  return result == 1;
}

/// Stores the words of the tuple `values` into `target` where they differ
/// from `held` (what `target` holds), keeping `held` in step.
bool storeChanged(PyObject *values, uint32_t *held, uint32_t *target) {
  Py_ssize_t n = PyTuple_GET_SIZE(values);
  for (Py_ssize_t k = 0; k < n; ++k) {
    uint32_t word = toWord(PyTuple_GET_ITEM(values, k));
    if (word != held[k])
      target[k] = held[k] = word;
  }
  return true;
}

/// `storeChanged` of a checked record's words, from the words it converted
/// at construction when it kept them all.
bool storeChanged(const CoreRuntimeArgsObject &record, uint32_t *held, uint32_t *target) {
  uint32_t n = record.inlineCount;
  if (n == 0 || n != static_cast<uint32_t>(PyTuple_GET_SIZE(record.values)))
    return storeChanged(record.values, held, target);
  for (uint32_t k = 0; k < n; ++k)
    if (record.words[k] != held[k])
      target[k] = held[k] = record.words[k];
  return true;
}

class WordTable {
public:
  WordTable(nb::object descriptor, nb::list coords, nb::list cores,
            nb::object runtimeArgsType, nb::object vectorAccess)
      : descriptor(std::move(descriptor)),
        runtimeArgsType(std::move(runtimeArgsType)),
        accessObject(std::move(vectorAccess)) {
    if (!accessObject.is_none())
      access = nb::cast<const WordVectors *>(accessObject);
    if (coords.size() != cores.size())
      throw nb::value_error("WordTable: one CoreCoord per core expected");
    for (size_t i = 0; i < cores.size(); ++i) {
      this->coords.push_back(coords[i]);
      auto xy = nb::cast<std::pair<int, int>>(cores[i]);
      this->cores.push_back(xy);
    }
  }

  size_t size() const { return cores.size(); }
  bool filled() const { return !views.empty(); }
  const std::vector<std::pair<int, int>> &coreList() const { return cores; }
  const std::vector<uint32_t> &heldWords() const { return words; }
  const std::vector<size_t> &heldOffsets() const { return offsets; }
  const WordVectors *vectorAccess() const { return access; }
  /// True when every changed word is stored into ttnn's vectors directly.
  bool direct() const { return filled() && !vectors.empty(); }
  size_t length(size_t core) const {
    return offsets[core + 1] - offsets[core];
  }

  /// Brings the descriptor to `words` (a list with one tuple of words per
  /// core of the table, in its order).
  void assign(nb::handle words) {
    PyObject *list = words.ptr();
    if (!PyList_CheckExact(list) ||
        static_cast<size_t>(PyList_GET_SIZE(list)) != cores.size())
      throw nb::type_error("WordTable.assign: one tuple of words per core expected");
    for (size_t i = 0; i < cores.size(); ++i)
      if (!PyTuple_CheckExact(PyList_GET_ITEM(list, i)))
        throw nb::type_error("WordTable.assign: words must be tuples");
    bool sameLengths = filled();
    for (size_t i = 0; sameLengths && i < cores.size(); ++i)
      sameLengths = static_cast<size_t>(PyTuple_GET_SIZE(
                        PyList_GET_ITEM(list, i))) == length(i);
    if (!sameLengths) {
      rebuild(list);
      return;
    }
    for (size_t i = 0; i < cores.size(); ++i)
      assignPrefix(i, PyList_GET_ITEM(list, i));
  }

  /// Assigns the words of the tuple `values` to positions 0..n-1 of `core`
  /// where they differ from what the descriptor holds. False if the core has
  /// fewer words than that (the caller takes the planner's path).
  bool assignPrefix(size_t core, PyObject *values) {
    Py_ssize_t n = PyTuple_GET_SIZE(values);
    if (static_cast<size_t>(n) > length(core))
      return false;
    uint32_t *held = words.data() + offsets[core];
    if (!vectors.empty())
      return storeChanged(values, held, vectors[core]->data());
    PyObject *view = views[core].ptr();
    for (Py_ssize_t k = 0; k < n; ++k) {
      PyObject *value = PyTuple_GET_ITEM(values, k);
      uint32_t word = toWord(value);
      if (word == held[k])
        continue;
      nb::object index = checked(PyLong_FromSsize_t(k));
      if (PyObject_SetItem(view, index.ptr(), value) < 0)
        throw nb::python_error();
      held[k] = word;
    }
    return true;
  }

  /// `assignPrefix` of a checked record's words.
  bool assignRecord(size_t core, const CoreRuntimeArgsObject &record) {
    if (vectors.empty() || !filled())
      return assignPrefix(core, record.values);
    if (static_cast<size_t>(PyTuple_GET_SIZE(record.values)) > length(core))
      return false;
    return storeChanged(record, words.data() + offsets[core], vectors[core]->data());
  }

  /// The words the descriptor holds, one tuple per core (for tests).
  nb::list held() const {
    nb::list out;
    for (size_t i = 0; i < cores.size() && filled(); ++i) {
      nb::list core;
      for (size_t k = offsets[i]; k < offsets[i + 1]; ++k)
        core.append(words[k]);
      out.append(nb::tuple(core));
    }
    return out;
  }

private:
  /// A new RuntimeArgs for the descriptor (the first fill, or a core whose
  /// number of words changed), and ttnn's in-place views of its vectors.
  void rebuild(PyObject *list) {
    std::vector<uint32_t> newWords;
    std::vector<size_t> newOffsets{0};
    for (size_t i = 0; i < cores.size(); ++i) {
      PyObject *values = PyList_GET_ITEM(list, i);
      for (Py_ssize_t k = 0; k < PyTuple_GET_SIZE(values); ++k)
        newWords.push_back(toWord(PyTuple_GET_ITEM(values, k)));
      newOffsets.push_back(newWords.size());
    }
    nb::object args = runtimeArgsType();
    nb::object append = args.attr("append");
    for (size_t i = 0; i < cores.size(); ++i)
      append(coords[i], nb::handle(PyList_GET_ITEM(list, i)));
    views.clear(); // before the descriptor drops the vectors they view
    descriptor.attr("runtime_args") = args;
    nb::object table = descriptor.attr("runtime_args");
    std::vector<nb::object> newViews;
    std::vector<std::vector<uint32_t> *> newVectors;
    for (size_t i = 0; i < cores.size(); ++i) {
      auto [x, y] = cores[i];
      newViews.push_back(table[nb::int_(x)][nb::int_(y)]);
      std::vector<uint32_t> *vec =
          access ? access->checkedVector(newViews.back().ptr()) : nullptr;
      if (vec && vec->size() == newOffsets[i + 1] - newOffsets[i])
        newVectors.push_back(vec);
    }
    if (newVectors.size() != cores.size())
      newVectors.clear(); // all or none: the views' __setitem__ then
    views = std::move(newViews);
    vectors = std::move(newVectors);
    words = std::move(newWords);
    offsets = std::move(newOffsets);
  }

  nb::object descriptor;
  nb::object runtimeArgsType;
  nb::object accessObject; // keeps `access` alive (None: views only)
  const WordVectors *access = nullptr;
  std::vector<std::vector<uint32_t> *> vectors; // behind `views`, or empty
  std::vector<nb::object> coords; // ttnn.CoreCoord per core
  std::vector<std::pair<int, int>> cores;
  std::vector<nb::object> views; // empty until the first fill
  std::vector<uint32_t> words;   // what the views hold, core after core
  std::vector<size_t> offsets{0};
};

/// Appends fixed-size integers and length-prefixed strings: an injective
/// encoding, so equal bytes mean equal contents.
class KeyWriter {
public:
  explicit KeyWriter(std::string &out) : out(out) { out.clear(); }
  template <typename T> void put(T value) {
    out.append(reinterpret_cast<const char *>(&value), sizeof(T));
  }
  /// Room for `bytes` bytes, written by the caller (records in bulk).
  char *reserve(size_t bytes) {
    size_t start = out.size();
    out.resize(start + bytes);
    return out.data() + start;
  }
  /// An exact str; false for anything else (or a str without UTF-8 form).
  bool putStr(PyObject *value) {
    if (!PyUnicode_CheckExact(value))
      return false;
    Py_ssize_t size = 0;
    const char *utf8 = PyUnicode_AsUTF8AndSize(value, &size);
    if (!utf8) {
      PyErr_Clear(); // e.g. lone surrogates: the planner decides
      return false;
    }
    put<uint64_t>(static_cast<uint64_t>(size));
    out.append(utf8, static_cast<size_t>(size));
    return true;
  }
  /// An exact int that fits in int64; false otherwise.
  bool putInt(PyObject *value) {
    long long v = 0;
    if (!ttlang::python::exactIntValue(value, v))
      return false;
    put<int64_t>(v);
    return true;
  }

private:
  std::string &out;
};

/// A structure key's hash, 8 bytes at a time (keys are about 12 bytes per
/// record; std::hash's byte-wise pass was a third of a match). Equal hashes are
/// only a hint: the map compares whole keys.
struct KeyHash {
  size_t operator()(const std::string &key) const noexcept {
    uint64_t hash = 0x9E3779B97F4A7C15ull ^ key.size();
    size_t i = 0;
    auto mix = [&hash](uint64_t word) {
      hash = (hash ^ word) * 0xFF51AFD7ED558CCDull;
      hash ^= hash >> 29;
    };
    for (; i + sizeof(uint64_t) <= key.size(); i += sizeof(uint64_t)) {
      uint64_t word;
      std::memcpy(&word, key.data() + i, sizeof(word));
      mix(word);
    }
    uint64_t tail = 0;
    std::memcpy(&tail, key.data() + i, key.size() - i);
    mix(tail);
    return static_cast<size_t>(hash);
  }
};

/// Where the words of one record go: core `position` of a word table.
struct Source {
  uint32_t entry;  // index in the result's kernel_resources
  uint32_t record; // index in that entry's runtime_args
  uint32_t position;
  uint32_t length; // the record's number of words (part of the structure)
};

struct TableWrites {
  nb::object tableObject; // keeps `table` alive
  WordTable *table;
  std::vector<Source> sources;
};

class ProgramPool;

struct Entry {
  nb::object hit; // (template, id), what match returns
  size_t kernelEntries = 0;
  std::vector<TableWrites> writes;
  nb::object poolObject; // keeps `pool` alive
  ProgramPool *pool = nullptr; // the template's, or null
  uint64_t id = 0;
};

class DispatchMemo {
public:
  DispatchMemo(nb::object resultType, nb::object kernelResourcesType,
               nb::object defineType, nb::object semaphoreType,
               nb::object workerCoreType, nb::object workerRanges,
               nb::list canonical, nb::object resolve, size_t limit)
      : resultType(std::move(resultType)),
        kernelResourcesType(std::move(kernelResourcesType)),
        defineType(std::move(defineType)),
        semaphoreType(std::move(semaphoreType)),
        workerCoreType(std::move(workerCoreType)),
        workerRanges(std::move(workerRanges)), resolve(std::move(resolve)),
        limit(limit) {
    for (nb::handle item : canonical) {
      auto pair = nb::cast<std::pair<nb::object, int>>(item);
      this->canonical.push_back(pair);
    }
  }

  /// `(template, entry id)` of a structure remembered before, or None.
  nb::object match(nb::handle result) {
    // A local key: `resolve` runs Python, so another thread may match meanwhile.
    std::string key;
    key.reserve(lastKeySize);
    if (!encode(result.ptr(), key))
      return nb::none();
    lastKeySize = key.size();
    Entry *entry = find(key);
    return entry ? entry->hit : nb::none();
  }

  /// Remembers the structure of `result` (validated and planned by the
  /// planner, its template `hit`): `writes` holds, per word table, the
  /// (entry index, record index, table position) of every record whose words
  /// go there. False if the result is not in the form `match` encodes.
  bool remember(nb::handle result, nb::object templ, nb::list writes,
                nb::object pool) {
    std::string key;
    if (!encode(result.ptr(), key))
      return false;
    if (entries.count(key))
      return true;
    nb::object kernelResources =
        checked(PyObject_GetAttr(result.ptr(), names.kernelResources.ptr()));
    Entry entry;
    entry.kernelEntries = static_cast<size_t>(PyTuple_GET_SIZE(kernelResources.ptr()));
    std::vector<nb::object> args;
    for (size_t e = 0; e < entry.kernelEntries; ++e)
      args.push_back(checked(PyObject_GetAttr(
          PyTuple_GET_ITEM(kernelResources.ptr(), e), names.runtimeArgs.ptr())));
    for (nb::handle item : writes) {
      auto [tableObject, sources] =
          nb::cast<std::pair<nb::object, nb::list>>(item);
      if (!nb::isinstance<WordTable>(tableObject))
        throw nb::type_error("DispatchMemo.remember: writes go to WordTables");
      TableWrites table{tableObject, nb::cast<WordTable *>(tableObject), {}};
      for (nb::handle source : sources) {
        auto [e, r, position] = nb::cast<std::tuple<size_t, size_t, size_t>>(source);
        if (e >= args.size() ||
            r >= static_cast<size_t>(PyTuple_GET_SIZE(args[e].ptr())) ||
            position >= table.table->size())
          throw nb::index_error("DispatchMemo.remember: a source is out of range");
        auto *record = checkedRecord(PyTuple_GET_ITEM(args[e].ptr(), r));
        if (!record)
          throw nb::type_error("DispatchMemo.remember: a source is not a checked record");
        table.sources.push_back(
            {static_cast<uint32_t>(e), static_cast<uint32_t>(r),
             static_cast<uint32_t>(position),
             static_cast<uint32_t>(PyTuple_GET_SIZE(record->values))});
      }
      entry.writes.push_back(std::move(table));
    }
    if (!pool.is_none()) {
      entry.pool = nb::cast<ProgramPool *>(pool);
      entry.poolObject = std::move(pool);
    }
    if (entries.size() >= limit)
      clear();
    uint64_t id = nextId++;
    entry.id = id;
    entry.hit = nb::make_tuple(templ, id);
    auto [slot, inserted] = entries.emplace(std::move(key), std::move(entry));
    byId.emplace(id, &slot->second);
    return inserted;
  }

  /// The whole hit in one call: `(match, program, stale)` where `match` is
  /// what `match(result)` returns and `program` the template's pooled program
  /// now carrying the words of `result` (`stale`: its common runtime args are
  /// for other dispatch `values`), or None when the pool has none to give (the
  /// caller writes the template and copies it: `write`). None when the
  /// structure is not known. Between the match and the return no Python code
  /// runs, so under the GIL the pool is not touched by another thread meanwhile.
  nb::object dispatch(nb::handle result, nb::handle values);

  /// Writes the words of `result` (which `match` just matched to `id`) into
  /// the entry's word tables. False if the entry is gone (the memo was
  /// cleared) or the result no longer has the matched shape: the caller then
  /// takes the planner's path, which rewrites every word.
  bool write(uint64_t id, nb::handle result) {
    return forEachWrite(id, result,
                        [](WordTable &table, size_t position, const CoreRuntimeArgsObject &record) {
                          return table.filled() && table.assignRecord(position, record);
                        });
  }

  /// Calls `store(table, position, values)` for each record of `result`
  /// (which `match` just matched to `id`): `table` is the template's word
  /// table the record's words belong to, `position` its core there. False if
  /// the entry is gone (the memo was cleared), the result no longer has the
  /// matched shape or `store` says so: the caller then takes another path.
  template <typename Store>
  bool forEachWrite(uint64_t id, nb::handle result, Store &&store) {
    auto found = byId.find(id);
    if (found == byId.end())
      return false;
    const Entry &entry = *found->second;
    nb::object kernelResources =
        checked(PyObject_GetAttr(result.ptr(), names.kernelResources.ptr()));
    if (!PyTuple_CheckExact(kernelResources.ptr()) ||
        static_cast<size_t>(PyTuple_GET_SIZE(kernelResources.ptr())) != entry.kernelEntries)
      return false;
    std::vector<nb::object> args;
    args.reserve(entry.kernelEntries);
    for (size_t e = 0; e < entry.kernelEntries; ++e) {
      PyObject *item = PyTuple_GET_ITEM(kernelResources.ptr(), e);
      if (Py_TYPE(item) != reinterpret_cast<PyTypeObject *>(kernelResourcesType.ptr()))
        return false;
      nb::object runtimeArgs = checked(PyObject_GetAttr(item, names.runtimeArgs.ptr()));
      if (!PyTuple_CheckExact(runtimeArgs.ptr()))
        return false;
      args.push_back(std::move(runtimeArgs));
    }
    for (const TableWrites &table : entry.writes) {
      for (const Source &source : table.sources) {
        PyObject *tuple = args[source.entry].ptr();
        if (source.record >= static_cast<size_t>(PyTuple_GET_SIZE(tuple)))
          return false;
        const CoreRuntimeArgsObject *record =
            checkedRecord(PyTuple_GET_ITEM(tuple, source.record));
        if (!record || PyTuple_GET_SIZE(record->values) != source.length ||
            !store(*table.table, source.position, *record))
          return false;
      }
    }
    return true;
  }

  size_t size() const { return entries.size(); }

  void clear() {
    last = {nullptr, nullptr};
    byId.clear();
    entries.clear();
  }

private:
  /// The entry of `key`, or null. A dispatch usually repeats the structure of
  /// the one before, so that entry's key is compared first (in full), before
  /// hashing this one.
  Entry *find(const std::string &key) {
    if (last.key && *last.key == key)
      return last.entry;
    auto found = entries.find(key);
    if (found == entries.end())
      return nullptr;
    last = {&found->first, &found->second}; // node addresses survive rehashing
    return &found->second;
  }

  /// The structure of `result` into `key`; false when `result` is not in the
  /// form this encodes (the planner then checks it).
  bool encode(PyObject *result, std::string &key) {
    if (Py_TYPE(result) != reinterpret_cast<PyTypeObject *>(resultType.ptr()))
      return false;
    nb::object semaphores = checked(PyObject_GetAttr(result, names.semaphores.ptr()));
    nb::object kernelResources =
        checked(PyObject_GetAttr(result, names.kernelResources.ptr()));
    nb::object fabric = checked(PyObject_GetAttr(result, names.fabric.ptr()));
    nb::object lifetimes = checked(PyObject_GetAttr(result, names.lifetimes.ptr()));
    if (!PyTuple_CheckExact(semaphores.ptr()) ||
        !PyTuple_CheckExact(kernelResources.ptr()) ||
        !PyTuple_CheckExact(fabric.ptr()) || PyTuple_GET_SIZE(fabric.ptr()) != 0 ||
        !PyTuple_CheckExact(lifetimes.ptr()))
      return false;
    KeyWriter out(key);
    Py_ssize_t semaphoreCount = PyTuple_GET_SIZE(semaphores.ptr());
    out.put<uint32_t>(static_cast<uint32_t>(semaphoreCount));
    for (Py_ssize_t i = 0; i < semaphoreCount; ++i)
      if (!encodeSemaphore(PyTuple_GET_ITEM(semaphores.ptr(), i), out))
        return false;
    Py_ssize_t entryCount = PyTuple_GET_SIZE(kernelResources.ptr());
    out.put<uint32_t>(static_cast<uint32_t>(entryCount));
    for (Py_ssize_t e = 0; e < entryCount; ++e)
      if (!encodeKernel(PyTuple_GET_ITEM(kernelResources.ptr(), e), out))
        return false;
    return true;
  }

  /// Id, initial value and core type; the ranges only if they equal the
  /// factory's `core_ranges` (other ranges take the planner).
  bool encodeSemaphore(PyObject *semaphore, KeyWriter &out) {
    if (Py_TYPE(semaphore) != reinterpret_cast<PyTypeObject *>(semaphoreType.ptr()))
      return false;
    nb::object id = checked(PyObject_GetAttr(semaphore, names.id.ptr()));
    nb::object initial = checked(PyObject_GetAttr(semaphore, names.initialValue.ptr()));
    if (!out.putInt(id.ptr()) || !out.putInt(initial.ptr()))
      return false;
    nb::object coreType = checked(PyObject_GetAttr(semaphore, names.coreType.ptr()));
    if (!equal(coreType.ptr(), workerCoreType.ptr()))
      return false;
    nb::object ranges = checked(PyObject_GetAttr(semaphore, names.coreRanges.ptr()));
    return equal(ranges.ptr(), workerRanges.ptr());
  }

  bool encodeKernel(PyObject *entry, KeyWriter &out) {
    if (Py_TYPE(entry) != reinterpret_cast<PyTypeObject *>(kernelResourcesType.ptr()))
      return false;
    nb::object selection = checked(PyObject_GetAttr(entry, names.kernel.ptr()));
    int rank = -1;
    for (const auto &[kind, kindRank] : canonical)
      if (selection.ptr() == kind.ptr())
        rank = kindRank;
    if (rank < 0) {
      // A Kernel handle or a LogicalKernelId: the planner's resolution, with
      // its documented errors left to the planner (None: not resolvable).
      nb::object resolved = resolve(selection);
      if (resolved.is_none())
        return false;
      rank = nb::cast<int>(resolved);
    }
    out.put<int32_t>(rank);
    nb::object defines = checked(PyObject_GetAttr(entry, names.defines.ptr()));
    nb::object runtimeArgs = checked(PyObject_GetAttr(entry, names.runtimeArgs.ptr()));
    if (!PyTuple_CheckExact(defines.ptr()) || !PyTuple_CheckExact(runtimeArgs.ptr()))
      return false;
    Py_ssize_t defineCount = PyTuple_GET_SIZE(defines.ptr());
    out.put<uint32_t>(static_cast<uint32_t>(defineCount));
    for (Py_ssize_t i = 0; i < defineCount; ++i) {
      PyObject *define = PyTuple_GET_ITEM(defines.ptr(), i);
      if (Py_TYPE(define) != reinterpret_cast<PyTypeObject *>(defineType.ptr()))
        return false;
      nb::object name = checked(PyObject_GetAttr(define, names.name.ptr()));
      nb::object value = checked(PyObject_GetAttr(define, names.value.ptr()));
      if (!out.putStr(name.ptr()) || !out.putStr(value.ptr()))
        return false;
    }
    Py_ssize_t recordCount = PyTuple_GET_SIZE(runtimeArgs.ptr());
    out.put<uint32_t>(static_cast<uint32_t>(recordCount));
    char *fields = out.reserve(3 * sizeof(int32_t) * static_cast<size_t>(recordCount));
    for (Py_ssize_t i = 0; i < recordCount; ++i) {
      const CoreRuntimeArgsObject *record =
          checkedRecord(PyTuple_GET_ITEM(runtimeArgs.ptr(), i));
      if (!record)
        return false;
      int32_t triple[3] = {record->x, record->y,
                           static_cast<int32_t>(PyTuple_GET_SIZE(record->values))};
      std::memcpy(fields + sizeof(triple) * i, triple, sizeof(triple));
    }
    return true;
  }

  struct Names {
    nb::str semaphores{"semaphore_descriptors"}, kernelResources{"kernel_resources"},
        fabric{"fabric_bindings"}, lifetimes{"lifetimes"}, kernel{"kernel"},
        runtimeArgs{"runtime_args"}, defines{"defines"}, name{"name"},
        value{"value"}, id{"id"}, initialValue{"initial_value"},
        coreType{"core_type"}, coreRanges{"core_ranges"};
  } names;

  nb::object resultType, kernelResourcesType, defineType, semaphoreType;
  nb::object workerCoreType, workerRanges;
  std::vector<std::pair<nb::object, int>> canonical; // KernelKind -> rank
  nb::object resolve;
  size_t limit;
  std::unordered_map<std::string, Entry, KeyHash> entries;
  std::unordered_map<uint64_t, Entry *> byId;
  uint64_t nextId = 0;
  size_t lastKeySize = 0;
  struct {
    const std::string *key;
    Entry *entry;
  } last{nullptr, nullptr}; // the entry `find` returned last
};

/// The programs a template's hits may return again (see the file comment):
/// `last`, the copy handed out most recently (`offer`), and `slot`, a returned
/// program that hits write into while nothing but the pool references it.
/// The caller holds the template's lock.
class ProgramPool {
public:
  /// `tables`: the template's word table of each kernel descriptor, in the
  /// program's kernel order (None for a kernel without per-core words).
  explicit ProgramPool(nb::list tables) {
    for (nb::handle table : tables) {
      tableObjects.push_back(nb::borrow(table));
      this->tables.push_back(table.is_none() ? nullptr : nb::cast<WordTable *>(table));
    }
  }

  /// `program`, a new copy of the template's descriptors carrying dispatch
  /// `values`, was just returned: it holds what the word tables hold now.
  void offer(nb::object program, nb::object values) {
    last = std::move(program);
    lastValues = std::move(values);
    lastWords.resize(tables.size());
    lastOffsets.resize(tables.size());
    for (size_t i = 0; i < tables.size(); ++i) {
      lastWords[i] = tables[i] ? tables[i]->heldWords() : std::vector<uint32_t>{};
      lastOffsets[i] = tables[i] ? tables[i]->heldOffsets() : std::vector<size_t>{};
    }
  }

  /// `(program, stale)`: a program nothing else references, now carrying the
  /// words of `result` (which `memo.match` matched to `entry`); `stale` when
  /// its common runtime args are for other dispatch values than `values` (the
  /// caller rewrites them). None when there is no such program or the words
  /// could not be written: the caller then writes the template and copies it.
  /// A program nothing else references, now carrying the words of `result`
  /// (which `memo.match` matched to `entry`); `stale` when its common runtime
  /// args are for other dispatch values than `values` (the caller rewrites
  /// them). An invalid object when there is no such program or the words could
  /// not be written: the caller then writes the template and copies it.
  nb::object acquireInto(DispatchMemo &memo, uint64_t entry, nb::handle result,
                         nb::handle values, bool &stale) {
    if (!(slot && unreferenced(slot->program)) && !promote())
      return {};
    // From the reference check to taking the reference below nothing
    // allocates a Python object, so no other thread runs in between.
    Slot &current = *slot;
    bool written = memo.forEachWrite(
        entry, result,
        [&](WordTable &table, size_t position, const CoreRuntimeArgsObject &record) {
          return current.store(indexOf(table), position, record);
        });
    if (!written)
      return {};
    nb::object program = current.program; // referenced: no other hit writes it now
    stale = !equal(current.values.ptr(), values.ptr());
    if (stale)
      current.values = nb::borrow(values);
    return program;
  }

  /// The program hits write into, or None (for tests).
  nb::object slotProgram() const { return slot ? slot->program : nb::none(); }

private:
  struct SlotTable {
    std::vector<std::vector<uint32_t> *> vectors; // per core: ttnn's words
    std::vector<uint32_t> held;                   // what they hold
    std::vector<size_t> offsets{0};
  };

  struct Slot {
    nb::object program;
    nb::object values;
    std::vector<SlotTable> tables; // per kernel descriptor (empty: no words)

    bool store(size_t kernel, size_t position, const CoreRuntimeArgsObject &record) {
      if (kernel >= tables.size())
        return false;
      SlotTable &table = tables[kernel];
      if (position >= table.vectors.size() ||
          static_cast<size_t>(PyTuple_GET_SIZE(record.values)) >
              table.offsets[position + 1] - table.offsets[position])
        return false;
      return storeChanged(record, table.held.data() + table.offsets[position],
                          table.vectors[position]->data());
    }
  };

  /// Held by the pool alone: no caller can observe a write into it.
  static bool unreferenced(const nb::object &program) {
    return Py_REFCNT(program.ptr()) == 1;
  }

  size_t indexOf(const WordTable &table) const {
    for (size_t i = 0; i < tables.size(); ++i)
      if (tables[i] == &table)
        return i;
    return tables.size();
  }

  /// Makes `last` the slot when its caller dropped it and every word of it is
  /// reachable directly (otherwise the pool stays without a slot: every hit
  /// copies, as without the pool).
  bool promote() {
    if (last.is_none() || !unreferenced(last))
      return false;
    // Python calls below may allocate, so a collection may run another
    // thread, which may `offer` a new copy meanwhile: work on our own
    // references and copies, and install the slot only if `last` is still
    // this program, referenced by the pool and `program` alone.
    nb::object program = last;
    nb::object values = lastValues;
    std::vector<std::vector<uint32_t>> words = lastWords;
    std::vector<std::vector<size_t>> offsets = lastOffsets;
    Slot candidate;
    candidate.tables.resize(tables.size());
    {
      // Temporaries reference `program` (ttnn's views keep their parent
      // alive): they are gone before its reference count is read again.
      nb::object kernels = program.attr("kernels");
      for (size_t i = 0; i < tables.size(); ++i) {
        if (!tables[i])
          continue;
        const WordVectors *access = tables[i]->vectorAccess();
        if (!access || !access->enabled() || offsets[i].size() != tables[i]->size() + 1)
          return false;
        nb::object runtimeArgs = kernels[i].attr("runtime_args");
        SlotTable &table = candidate.tables[i];
        const auto &cores = tables[i]->coreList();
        for (size_t c = 0; c < cores.size(); ++c) {
          nb::object view = runtimeArgs[nb::int_(cores[c].first)][nb::int_(cores[c].second)];
          std::vector<uint32_t> *vec = access->checkedVector(view.ptr());
          if (!vec || vec->size() != offsets[i][c + 1] - offsets[i][c])
            return false;
          table.vectors.push_back(vec);
        }
        table.held = std::move(words[i]);
        table.offsets = std::move(offsets[i]);
      }
    }
    if (last.ptr() != program.ptr() || Py_REFCNT(program.ptr()) != 2)
      return false;
    candidate.program = std::move(program);
    candidate.values = std::move(values);
    last = nb::none();
    lastValues = nb::none();
    slot = std::move(candidate);
    return true;
  }

  std::vector<nb::object> tableObjects; // keeps `tables` alive
  std::vector<WordTable *> tables;
  nb::object last = nb::none(), lastValues = nb::none();
  std::vector<std::vector<uint32_t>> lastWords;
  std::vector<std::vector<size_t>> lastOffsets;
  std::optional<Slot> slot;
};

nb::object DispatchMemo::dispatch(nb::handle result, nb::handle values) {
  std::string key;
  key.reserve(lastKeySize);
  if (!encode(result.ptr(), key))
    return nb::none();
  lastKeySize = key.size();
  Entry *found = find(key);
  if (!found)
    return nb::none();
  Entry &entry = *found;
  bool stale = false;
  nb::object program =
      entry.pool ? entry.pool->acquireInto(*this, entry.id, result, values, stale)
                 : nb::object();
  if (!program.is_valid())
    return nb::make_tuple(entry.hit, nb::none(), false);
  return nb::make_tuple(entry.hit, program, stale);
}

} // namespace

void ttlang::python::populateDispatchMemoBindings(nb::module_ &m) {
  nb::class_<WordTable>(m, "WordTable",
                        "One kernel descriptor's per-core runtime args and the "
                        "words they hold (see DispatchMemo.cpp).")
      .def(nb::init<nb::object, nb::list, nb::list, nb::object, nb::object>(),
           nb::arg("descriptor"), nb::arg("coords"), nb::arg("cores"),
           nb::arg("runtime_args_type"), nb::arg("vector_access").none() = nb::none())
      .def("assign", &WordTable::assign, nb::arg("words"),
           "Brings the descriptor to `words` (one tuple of exact ints in "
           "[0, 2^32) per core): changed words in place, a new RuntimeArgs "
           "on the first fill or when a core's number of words changed.")
      .def_prop_ro("filled", &WordTable::filled)
      .def_prop_ro("direct", &WordTable::direct,
                   "Changed words are stored into ttnn's vectors directly.")
      .def("held", &WordTable::held, "The words the descriptor holds.");
  nb::class_<WordVectors>(m, "WordVectors",
                          "Direct access to ttnn's VectorUInt32 words, probed "
                          "once (see DispatchMemo.cpp).")
      .def(nb::init<nb::object>(), nb::arg("vector_type"))
      .def_prop_ro("enabled", &WordVectors::enabled);
  nb::class_<DispatchMemo>(m, "DispatchMemo",
                           "Factory-result structures the planner validated, "
                           "matched in full (see DispatchMemo.cpp).")
      .def(nb::init<nb::object, nb::object, nb::object, nb::object, nb::object,
                    nb::object, nb::list, nb::object, size_t>(),
           nb::arg("result_type"), nb::arg("kernel_resources_type"),
           nb::arg("define_type"), nb::arg("semaphore_type"),
           nb::arg("worker_core_type"), nb::arg("worker_ranges"),
           nb::arg("canonical"), nb::arg("resolve"), nb::arg("limit"))
      // `result` is whatever the user's factory returned, None included: the
      // memo answers "not mine" and the planner raises the typed error.
      .def("match", &DispatchMemo::match, nb::arg("result").none(),
           "(template, entry id) of a remembered structure, or None.")
      .def("dispatch", &DispatchMemo::dispatch, nb::arg("result").none(), nb::arg("values"),
           "(match, program or None, stale) for a remembered structure, or None.")
      .def("remember", &DispatchMemo::remember, nb::arg("result").none(),
           nb::arg("template").none(), nb::arg("writes"),
           nb::arg("pool").none() = nb::none(),
           "Remembers the planned structure of `result`; False if it is not "
           "in the form match encodes.")
      .def("write", &DispatchMemo::write, nb::arg("entry"), nb::arg("result").none(),
           "Writes the words of a matched `result`; False if the caller must "
           "take the planner's path.")
      .def("__len__", &DispatchMemo::size)
      .def("clear", &DispatchMemo::clear);
  nb::class_<ProgramPool>(m, "ProgramPool",
                          "Returned programs a template's hits may write into "
                          "again once nothing else references them "
                          "(see DispatchMemo.cpp).")
      .def(nb::init<nb::list>(), nb::arg("tables"))
      .def("offer", &ProgramPool::offer, nb::arg("program"), nb::arg("values"),
           "A new copy just returned, carrying `values`.")
      .def_prop_ro("slot_program", &ProgramPool::slotProgram);
}

//===- RuntimeBindings.cpp - per-core runtime-argument records ------------===//
//
// `ttl.CoreRuntimeArgs` is built once per core per kernel on every dispatch of
// a resource-aware operation (128 records on an 8x8 grid with two kernels), so
// the record is a C type: constructing it costs a little more than a tuple,
// where a Python class costs four times that. It is immutable (read-only
// members, not subclassable), so what it checks at construction stays true:
// the planner and the dispatch memo (DispatchMemo.cpp) trust a record's
// structural summary (x, y, number of words) and its "every word is an exact
// int in [0, 2^32)" flag instead of re-reading every word on every dispatch.
//
// Anything but the common shape ((x, y) of exact ints, a tuple) goes through
// the Python hook `CoreRuntimeArgs._normalize` (records.py), which raises the
// documented errors or returns the (x, y) of a ttnn.CoreCoord. Words that are
// not exact ints in range (numpy integers, bools, ...) leave the flag unset,
// and the planner then checks them one by one and reports the violation.
//
//===----------------------------------------------------------------------===//

#include "Bindings.h"
#include "RuntimeRecords.h"

#include <Python.h>
#include <structmember.h>

#include <cstddef>
#include <cstdint>
#include <string>

namespace nb = nanobind;

namespace {

// A plain CPython type rather than a nanobind class: constructing it goes
// through its own vectorcall (about the cost of a tuple); nanobind's generic
// __init__ dispatch costs twice that, and a factory builds one record per core.
// The layout is in RuntimeRecords.h (the dispatch memo reads the summary).
using CoreRuntimeArgs = ttlang::python::CoreRuntimeArgsObject;


/// `value` as int32 if it is an exact Python int that fits.
bool asInt32(PyObject *value, int32_t &out) {
  long long v = 0;
  if (!ttlang::python::exactIntValue(value, v) || v < INT32_MIN || v > INT32_MAX)
    return false;
  out = static_cast<int32_t>(v);
  return true;
}

/// Whether every value is an exact int in [0, 2^32); the first
/// kInlineWords of them converted into `record` (its inlineCount: all of them
/// fit, else 0).
bool wordsAreUint32(PyObject *values, CoreRuntimeArgs &record) {
  using ttlang::python::kInlineWords;
  Py_ssize_t n = PyTuple_GET_SIZE(values);
  for (Py_ssize_t i = 0; i < n; ++i) {
    long long v = 0; // bool, numpy ints, ...: checked by the planner
    if (!ttlang::python::exactIntValue(PyTuple_GET_ITEM(values, i), v) || v < 0 ||
        v > 0xFFFFFFFFLL)
      return false;
    if (i < static_cast<Py_ssize_t>(kInlineWords))
      record.words[i] = static_cast<uint32_t>(v);
  }
  record.inlineCount = n <= static_cast<Py_ssize_t>(kInlineWords) ? static_cast<uint32_t>(n) : 0;
  return true;
}

bool coreFromTuple(PyObject *core, int32_t &x, int32_t &y) {
  return PyTuple_CheckExact(core) && PyTuple_GET_SIZE(core) == 2 &&
         asInt32(PyTuple_GET_ITEM(core, 0), x) &&
         asInt32(PyTuple_GET_ITEM(core, 1), y);
}

PyObject *create(PyTypeObject *type, PyObject *core, PyObject *values) {
  int32_t x = 0, y = 0;
  bool xyOk = PyTuple_CheckExact(values) && coreFromTuple(core, x, y);
  if (!xyOk) {
    // Raises ResourceTypeError for a bad shape; returns (x, y) otherwise.
    PyObject *normalize =
        PyObject_GetAttrString(reinterpret_cast<PyObject *>(type), "_normalize");
    if (!normalize)
      return nullptr;
    PyObject *xy = PyObject_CallFunctionObjArgs(normalize, core, values, nullptr);
    Py_DECREF(normalize);
    if (!xy)
      return nullptr;
    xyOk = coreFromTuple(xy, x, y);
    Py_DECREF(xy);
  }
  auto *self = PyObject_GC_New(CoreRuntimeArgs, type);
  if (!self)
    return nullptr;
  Py_INCREF(core);
  Py_INCREF(values);
  self->core = core;
  self->values = values;
  self->x = x;
  self->y = y;
  self->xyOk = xyOk;
  self->inlineCount = 0;
  self->wordsOk = wordsAreUint32(values, *self);
  PyObject_GC_Track(self);
  return reinterpret_cast<PyObject *>(self);
}

PyObject *vectorcall(PyObject *type, PyObject *const *args, size_t nargsf,
                     PyObject *kwnames) {
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  PyObject *fields[2] = {nullptr, nullptr};
  static const char *names[2] = {"core", "values"};
  if (nargs > 2) {
    PyErr_Format(PyExc_TypeError,
                 "CoreRuntimeArgs() takes 2 arguments (%zd given)", nargs);
    return nullptr;
  }
  for (Py_ssize_t i = 0; i < nargs; ++i)
    fields[i] = args[i];
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; ++k) {
    PyObject *name = PyTuple_GET_ITEM(kwnames, k);
    int slot = -1;
    for (int f = 0; f < 2; ++f)
      if (PyUnicode_CompareWithASCIIString(name, names[f]) == 0)
        slot = f;
    if (slot < 0 || fields[slot]) {
      PyErr_Format(PyExc_TypeError,
                   "CoreRuntimeArgs() got an unexpected or repeated argument '%U'",
                   name);
      return nullptr;
    }
    fields[slot] = args[nargs + k];
  }
  for (int f = 0; f < 2; ++f)
    if (!fields[f]) {
      PyErr_Format(PyExc_TypeError,
                   "CoreRuntimeArgs() missing required argument '%s'", names[f]);
      return nullptr;
    }
  return create(reinterpret_cast<PyTypeObject *>(type), fields[0], fields[1]);
}

PyObject *newRecord(PyTypeObject *type, PyObject *args, PyObject *kwargs) {
  static const char *kwlist[] = {"core", "values", nullptr};
  PyObject *core = nullptr, *values = nullptr;
  if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO:CoreRuntimeArgs",
                                   const_cast<char **>(kwlist), &core, &values))
    return nullptr;
  return create(type, core, values);
}

int traverse(PyObject *obj, visitproc visit, void *arg) {
  auto *self = reinterpret_cast<CoreRuntimeArgs *>(obj);
  Py_VISIT(self->core);
  Py_VISIT(self->values);
  Py_VISIT(Py_TYPE(obj));
  return 0;
}

int clear(PyObject *obj) {
  auto *self = reinterpret_cast<CoreRuntimeArgs *>(obj);
  Py_CLEAR(self->core);
  Py_CLEAR(self->values);
  return 0;
}

void dealloc(PyObject *obj) {
  PyTypeObject *type = Py_TYPE(obj);
  PyObject_GC_UnTrack(obj);
  clear(obj);
  PyObject_GC_Del(obj);
  Py_DECREF(type);
}

PyObject *fieldsTuple(PyObject *obj) {
  auto *self = reinterpret_cast<CoreRuntimeArgs *>(obj);
  return PyTuple_Pack(2, self->core, self->values);
}

PyObject *richcompare(PyObject *a, PyObject *b, int op) {
  if (Py_TYPE(b) != Py_TYPE(a) || (op != Py_EQ && op != Py_NE))
    Py_RETURN_NOTIMPLEMENTED;
  PyObject *left = fieldsTuple(a);
  PyObject *right = left ? fieldsTuple(b) : nullptr;
  PyObject *result = right ? PyObject_RichCompare(left, right, op) : nullptr;
  Py_XDECREF(left);
  Py_XDECREF(right);
  return result;
}

Py_hash_t hash(PyObject *obj) {
  PyObject *fields = fieldsTuple(obj);
  if (!fields)
    return -1;
  Py_hash_t result = PyObject_Hash(fields);
  Py_DECREF(fields);
  return result;
}

PyObject *repr(PyObject *obj) {
  auto *self = reinterpret_cast<CoreRuntimeArgs *>(obj);
  return PyUnicode_FromFormat("CoreRuntimeArgs(core=%R, values=%R)", self->core,
                              self->values);
}

PyMemberDef members[] = {
    {"core", T_OBJECT_EX, offsetof(CoreRuntimeArgs, core), READONLY,
     "the worker coordinate: a ttnn.CoreCoord or an (x, y) tuple of ints"},
    {"values", T_OBJECT_EX, offsetof(CoreRuntimeArgs, values), READONLY,
     "the core's runtime words, in order"},
    {nullptr, 0, 0, 0, nullptr}};

PyType_Slot slots[] = {
    {Py_tp_doc, const_cast<char *>(
                    "CoreRuntimeArgs(core, values): the ordered per-core runtime "
                    "words of one worker coordinate.\n\n``values`` (a tuple) are "
                    "dispatch words: integer-indexable, not bool, 32 bits. "
                    "Immutable.")},
    {Py_tp_new, reinterpret_cast<void *>(newRecord)},
    {Py_tp_dealloc, reinterpret_cast<void *>(dealloc)},
    {Py_tp_traverse, reinterpret_cast<void *>(traverse)},
    {Py_tp_clear, reinterpret_cast<void *>(clear)},
    {Py_tp_richcompare, reinterpret_cast<void *>(richcompare)},
    {Py_tp_hash, reinterpret_cast<void *>(hash)},
    {Py_tp_repr, reinterpret_cast<void *>(repr)},
    {Py_tp_members, members},
    {0, nullptr}};

PyType_Spec spec = {"ttlang._ttlang.CoreRuntimeArgs", sizeof(CoreRuntimeArgs),
                    0, Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC, slots};

/// (structure, values) of a tuple of records, or None when a record is not a
/// checked CoreRuntimeArgs: structure packs (x, y, number of words) of every
/// record in order, so equal bytes mean an equal argument structure.
nb::object scan(nb::handle args) {
  if (!PyTuple_CheckExact(args.ptr()))
    return nb::none();
  Py_ssize_t n = PyTuple_GET_SIZE(args.ptr());
  std::string packed(static_cast<size_t>(n) * 3 * sizeof(int32_t), '\0');
  auto *out = reinterpret_cast<int32_t *>(packed.data());
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *item = PyTuple_GET_ITEM(args.ptr(), i);
    if (Py_TYPE(item) != ttlang::python::coreRuntimeArgsType)
      return nb::none();
    auto *record = reinterpret_cast<CoreRuntimeArgs *>(item);
    if (!record->xyOk || !record->wordsOk)
      return nb::none();
    out[3 * i] = record->x;
    out[3 * i + 1] = record->y;
    out[3 * i + 2] = static_cast<int32_t>(PyTuple_GET_SIZE(record->values));
  }
  nb::object values = nb::steal(PyList_New(n));
  for (Py_ssize_t i = 0; i < n; ++i) {
    PyObject *value =
        reinterpret_cast<CoreRuntimeArgs *>(PyTuple_GET_ITEM(args.ptr(), i))->values;
    Py_INCREF(value);
    PyList_SET_ITEM(values.ptr(), i, value);
  }
  return nb::make_tuple(nb::bytes(packed.data(), packed.size()), values);
}

/// Whether every item of the tuple `values` has exactly the type `type`.
bool allOfType(nb::handle values, nb::handle type) {
  if (!PyTuple_CheckExact(values.ptr()))
    return false;
  Py_ssize_t n = PyTuple_GET_SIZE(values.ptr());
  for (Py_ssize_t i = 0; i < n; ++i)
    if (reinterpret_cast<PyObject *>(Py_TYPE(PyTuple_GET_ITEM(values.ptr(), i))) !=
        type.ptr())
      return false;
  return true;
}

} // namespace

void ttlang::python::populateRuntimeBindings(nb::module_ &m) {
  PyObject *type = PyType_FromSpec(&spec);
  if (!type)
    throw nb::python_error();
  ttlang::python::coreRuntimeArgsType = reinterpret_cast<PyTypeObject *>(type);
  ttlang::python::coreRuntimeArgsType->tp_vectorcall = vectorcall;
  m.attr("CoreRuntimeArgs") = nb::steal(type);
  m.def("scan_core_runtime_args", &scan, nb::arg("args"),
        "(structure bytes, list of values) of a tuple of checked "
        "CoreRuntimeArgs, or None if any record needs the full check.");
  m.def("all_of_type", &allOfType, nb::arg("values"), nb::arg("type"),
        "Whether `values` is a tuple whose items all have exactly `type`.");
}

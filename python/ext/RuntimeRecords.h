//===- RuntimeRecords.h - the C layout of ttl.CoreRuntimeArgs ---*- C++ -*-===//
//
// `ttl.CoreRuntimeArgs` (RuntimeBindings.cpp) is an immutable C type whose
// construction-time summary the dispatch memo (DispatchMemo.cpp) reads without
// going through Python attributes. Only these two files see the layout.
//
//===----------------------------------------------------------------------===//

#ifndef TTLANG_PYTHON_EXT_RUNTIMERECORDS_H
#define TTLANG_PYTHON_EXT_RUNTIMERECORDS_H

#include <Python.h>

#include <cstdint>

namespace ttlang::python {

/// Words a record keeps converted beside its tuple (kernels take a few words
/// per core; a longer tuple is read from Python ints).
inline constexpr uint32_t kInlineWords = 8;

struct CoreRuntimeArgsObject {
  PyObject_HEAD
  PyObject *core;
  PyObject *values; // a tuple
  int32_t x;
  int32_t y;
  bool xyOk;    // x, y are the core's coordinates (fit in int32)
  bool wordsOk; // every value is an exact int in [0, 2^32)
  uint32_t inlineCount; // wordsOk and at most kInlineWords: the number of words, else 0
  uint32_t words[kInlineWords]; // the first inlineCount words, converted
};

/// The value of an exact int that fits in int64: compact ints (|v| < 2^30)
/// without a call, since a dispatch reads hundreds of words. False for
/// anything else (bools and numpy integers are not exact ints).
inline bool exactIntValue(PyObject *value, long long &out) {
  if (!PyLong_CheckExact(value))
    return false;
  auto *number = reinterpret_cast<PyLongObject *>(value);
  if (PyUnstable_Long_IsCompact(number)) {
    out = static_cast<long long>(PyUnstable_Long_CompactValue(number));
    return true;
  }
  int overflow = 0;
  out = PyLong_AsLongLongAndOverflow(value, &overflow);
  return !overflow;
}

/// The CoreRuntimeArgs type (set when the extension module is populated).
inline PyTypeObject *coreRuntimeArgsType = nullptr;

/// A record whose summary can be trusted: exactly CoreRuntimeArgs, with its
/// coordinates and every word checked at construction.
inline const CoreRuntimeArgsObject *checkedRecord(PyObject *obj) {
  if (Py_TYPE(obj) != coreRuntimeArgsType)
    return nullptr;
  auto *record = reinterpret_cast<const CoreRuntimeArgsObject *>(obj);
  return record->xyOk && record->wordsOk ? record : nullptr;
}

} // namespace ttlang::python

#endif // TTLANG_PYTHON_EXT_RUNTIMERECORDS_H

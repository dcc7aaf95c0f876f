//===- OpModelCache.h - caches of stateless op-model answers ----*- C++ -*-===//
//
// A cache entry is keyed by the op kind plus every argument of the query,
// stored by value (layouts as their parameters, shapes as vectors) so that an
// entry never refers to a context that may be gone. Keys are bucketed by a
// hash and always compared in full: two different queries with equal hashes
// are two entries. Failures are cached as errors of the same kind, except
// "not supported", which is never cached (a later model may support it).
// Lookups and inserts hold a mutex; the computation runs outside it, so
// MLIR's multi-threaded pass manager can query concurrently.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_OPMODELCACHE_H
#define TTL_OPMODEL_OPMODELCACHE_H

#include "ttl/OpModel/OpModelErrors.h"
#include "ttl/OpModel/OpModelTypes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "mlir/Support/TypeID.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/SmallVector.h"

#include <atomic>
#include <memory>
#include <mutex>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <vector>

namespace mlir::ttnn::op_model {

struct CacheStats {
  uint64_t hits = 0;
  uint64_t misses = 0;
  uint64_t entries = 0;
};

/// A layout by value.
struct LayoutKey {
  bool present = false;
  PageLayout pageLayout = PageLayout::Tile;
  BufferType bufferType = BufferType::DRAM;
  TensorMemoryLayout memoryLayout = TensorMemoryLayout::Interleaved;
  DataType dataType = DataType::BFloat16;
  std::vector<int64_t> grid;
  std::vector<int64_t> shard;

  static LayoutKey of(LayoutAttr layout);
  LayoutAttr materialize(MLIRContext *context) const;
  bool operator==(const LayoutKey &o) const {
    return present == o.present && pageLayout == o.pageLayout &&
           bufferType == o.bufferType &&
           memoryLayout == o.memoryLayout && dataType == o.dataType &&
           grid == o.grid && shard == o.shard;
  }
};

namespace cache_detail {

/// How a query argument is stored in a key.
template <typename T>
struct KeyOf {
  using type = std::decay_t<T>;
  static type get(const T &v) { return v; }
};
template <typename T>
struct KeyOf<llvm::ArrayRef<T>> {
  using type = std::vector<T>;
  static type get(llvm::ArrayRef<T> v) { return type(v.begin(), v.end()); }
};
template <>
struct KeyOf<LayoutAttr> {
  using type = LayoutKey;
  static type get(LayoutAttr v) { return LayoutKey::of(v); }
};

template <>
struct KeyOf<std::vector<LayoutAttr>> {
  using type = std::vector<LayoutKey>;
  static type get(const std::vector<LayoutAttr> &v) {
    type keys;
    for (LayoutAttr layout : v)
      keys.push_back(LayoutKey::of(layout));
    return keys;
  }
};

inline llvm::hash_code hashArg(const LayoutKey &k) {
  return llvm::hash_combine(
      k.present, static_cast<int>(k.pageLayout), static_cast<int>(k.bufferType), static_cast<int>(k.memoryLayout),
      static_cast<int>(k.dataType),
      llvm::hash_combine_range(k.grid.begin(), k.grid.end()),
      llvm::hash_combine_range(k.shard.begin(), k.shard.end()));
}
template <typename T>
llvm::hash_code hashArg(const std::vector<T> &v) {
  return llvm::hash_combine_range(v.begin(), v.end());
}
inline llvm::hash_code hashArg(const std::vector<LayoutKey> &v) {
  llvm::hash_code h = llvm::hash_value(v.size());
  for (const LayoutKey &k : v)
    h = llvm::hash_combine(h, hashArg(k));
  return h;
}
inline llvm::hash_code hashArg(const std::vector<std::vector<int64_t>> &v) {
  llvm::hash_code h = llvm::hash_value(v.size());
  for (const std::vector<int64_t> &shape : v)
    h = llvm::hash_combine(h, hashArg(shape));
  return h;
}
inline llvm::hash_code hashArg(llvm::ArrayRef<CoreRect> v) {
  llvm::hash_code h = llvm::hash_value(v.size());
  for (const CoreRect &r : v)
    h = llvm::hash_combine(h, r.startX, r.startY, r.endX, r.endY);
  return h;
}
inline llvm::hash_code hashArg(const GenericProgram &p) {
  llvm::hash_code h = llvm::hash_combine(p.operationId, p.gridCols, p.gridRows,
                                         hashArg(p.kernelCores),
                                         p.tileOps.value_or(-1));
  for (const GenericProgram::Buffer &b : p.buffers)
    h = llvm::hash_combine(h, b.bytesPerCore, hashArg(b.cores));
  return h;
}
template <typename T>
llvm::hash_code hashArg(const T &v) {
  return llvm::hash_value(v);
}

/// A unique address per key type (the key's argument types).
template <typename T>
const void *keyTypeTag() {
  static const char tag = 0;
  return &tag;
}

class KeyBase {
public:
  KeyBase(TypeID opKind, const void *keyType) : opKind(opKind), keyType(keyType) {}
  virtual ~KeyBase() = default;
  virtual bool argsEqual(const KeyBase &other) const = 0;
  virtual llvm::hash_code hashArgs() const = 0;
  bool operator==(const KeyBase &other) const {
    return opKind == other.opKind && keyType == other.keyType &&
           argsEqual(other);
  }
  TypeID opKind;
  const void *keyType;
};

template <typename... Ts>
class Key final : public KeyBase {
public:
  Key(TypeID opKind, Ts... values)
      : KeyBase(opKind, keyTypeTag<Key<Ts...>>()), args(std::move(values)...) {}
  Key(Key &&) = default;
  bool argsEqual(const KeyBase &other) const override {
    // keyType equality (checked first) makes the cast safe.
    return args == static_cast<const Key &>(other).args;
  }
  llvm::hash_code hashArgs() const override {
    return std::apply(
        [](const auto &...a) { return llvm::hash_combine(hashArg(a)...); },
        args);
  }

private:
  std::tuple<Ts...> args;
};

/// How a result is stored (context-free) and given back in a context.
template <typename T>
struct ValueTraits {
  using Stored = T;
  static Stored store(const T &v) { return v; }
  static T load(const Stored &s, MLIRContext *) { return s; }
};
template <>
struct ValueTraits<OpConstraints> {
  struct Stored {
    OpConstraints sizes; // outputLayouts left empty
    std::vector<LayoutKey> outputLayouts;
  };
  static Stored store(const OpConstraints &v);
  static OpConstraints load(const Stored &s, MLIRContext *context);
};

} // namespace cache_detail

template <typename ResultT>
class OpModelCache {
  using Traits = cache_detail::ValueTraits<ResultT>;
  struct Entry {
    std::unique_ptr<cache_detail::KeyBase> key;
    bool ok = false;
    typename Traits::Stored value{};
    OpModelErrorKind errorKind = OpModelErrorKind::Backend;
    std::string errorMessage;
  };

public:
  /// Returns fn(args...) for `op`'s kind, from the cache when this exact
  /// query was answered before. `fn` must be invocable with exactly `args`
  /// (bind defaulted trailing parameters in a lambda).
  template <typename Fn, typename... Args>
  llvm::Expected<ResultT> getOrCompute(Fn &&fn, Operation *op,
                                       const Args &...args) {
    static_assert(std::is_invocable_v<Fn, const Args &...>,
                  "the cached function must take exactly the key arguments");
    // The probe key lives on the stack: a hit allocates no key.
    using KeyT = cache_detail::Key<typename cache_detail::KeyOf<Args>::type...>;
    KeyT probe(op->getName().getTypeID(), cache_detail::KeyOf<Args>::get(args)...);
    size_t hash = hashOf(probe);
    MLIRContext *context = op->getContext();
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (const Entry *entry = find(hash, probe)) {
        ++stats.hits;
        return load(*entry, context);
      }
      ++stats.misses;
    }
    llvm::Expected<ResultT> result = fn(args...);
    Entry entry;
    entry.key = std::make_unique<KeyT>(std::move(probe));
    if (result) {
      entry.ok = true;
      entry.value = Traits::store(*result);
    } else {
      auto [kind, message] = takeOpModelError(result.takeError());
      if (kind == OpModelErrorKind::NotSupported)
        return makeError(kind, message);
      entry.errorKind = kind;
      entry.errorMessage = message;
    }
    std::lock_guard<std::mutex> lock(mutex);
    // Another thread may have inserted the same query meanwhile.
    if (const Entry *existing = find(hash, *entry.key))
      return load(*existing, context);
    auto &bucket = buckets[hash];
    bucket.push_back(std::move(entry));
    ++stats.entries;
    return load(bucket.back(), context);
  }

  CacheStats getStats() const {
    std::lock_guard<std::mutex> lock(mutex);
    return stats;
  }

  void clear() {
    std::lock_guard<std::mutex> lock(mutex);
    buckets.clear();
    stats = CacheStats();
  }

  /// Testing only: every key hashes to the same bucket, so correctness rests
  /// on the full-key comparison alone.
  void setConstantHashForTesting(bool enabled) { constantHash = enabled; }

private:
  size_t hashOf(const cache_detail::KeyBase &key) const {
    if (constantHash)
      return 0;
    return llvm::hash_combine(key.opKind.getAsOpaquePointer(),
                              key.hashArgs());
  }

  const Entry *find(size_t hash, const cache_detail::KeyBase &key) const {
    auto it = buckets.find(hash);
    if (it == buckets.end())
      return nullptr;
    for (const Entry &entry : it->second)
      if (*entry.key == key)
        return &entry;
    return nullptr;
  }

  static llvm::Expected<ResultT> load(const Entry &entry,
                                      MLIRContext *context) {
    if (!entry.ok)
      return makeError(entry.errorKind, entry.errorMessage);
    return Traits::load(entry.value, context);
  }

  mutable std::mutex mutex;
  // std::unordered_map: every size_t is a valid key (DenseMap reserves two).
  std::unordered_map<size_t, std::vector<Entry>> buckets;
  CacheStats stats;
  std::atomic<bool> constantHash{false};
};

/// The process-wide caches (like the device, one per process).
OpModelCache<OpConstraints> &opConstraintsCache();
OpModelCache<size_t> &opRuntimeCache();

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_OPMODELCACHE_H

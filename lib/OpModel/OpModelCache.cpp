//===- OpModelCache.cpp - caches and typed errors of the op model ---------===//

#include "ttl/OpModel/OpModelCache.h"

namespace mlir::ttnn::op_model {

char OpModelError::ID = 0;

std::pair<OpModelErrorKind, std::string> takeOpModelError(llvm::Error err) {
  std::pair<OpModelErrorKind, std::string> result{OpModelErrorKind::Backend,
                                                  ""};
  llvm::handleAllErrors(
      std::move(err),
      [&](const OpModelError &e) {
        result = {e.getKind(), e.getMessage()};
      },
      [&](const llvm::ErrorInfoBase &e) {
        result = {OpModelErrorKind::Backend, e.message()};
      });
  return result;
}

LayoutKey LayoutKey::of(LayoutAttr layout) {
  LayoutKey key;
  if (!layout)
    return key;
  key.present = true;
  key.pageLayout = layout.getPageLayout();
  key.bufferType = layout.getBufferType();
  key.memoryLayout = layout.getMemoryLayout();
  key.dataType = layout.getDataType();
  key.grid.assign(layout.getGrid().begin(), layout.getGrid().end());
  key.shard.assign(layout.getShard().begin(), layout.getShard().end());
  return key;
}

LayoutAttr LayoutKey::materialize(MLIRContext *context) const {
  if (!present)
    return {};
  return LayoutAttr::get(context, pageLayout, bufferType, memoryLayout,
                         dataType, grid, shard);
}

namespace cache_detail {
ValueTraits<OpConstraints>::Stored
ValueTraits<OpConstraints>::store(const OpConstraints &v) {
  Stored stored;
  stored.sizes = v;
  stored.sizes.outputLayouts.clear();
  for (LayoutAttr layout : v.outputLayouts)
    stored.outputLayouts.push_back(LayoutKey::of(layout));
  return stored;
}

OpConstraints ValueTraits<OpConstraints>::load(const Stored &s,
                                               MLIRContext *context) {
  OpConstraints result = s.sizes;
  for (const LayoutKey &key : s.outputLayouts)
    result.outputLayouts.push_back(key.materialize(context));
  return result;
}
} // namespace cache_detail

OpModelCache<OpConstraints> &opConstraintsCache() {
  static OpModelCache<OpConstraints> cache;
  return cache;
}

OpModelCache<size_t> &opRuntimeCache() {
  static OpModelCache<size_t> cache;
  return cache;
}

} // namespace mlir::ttnn::op_model

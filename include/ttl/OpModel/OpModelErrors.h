//===- OpModelErrors.h - typed op-model failures ----------------*- C++ -*-===//
//
// Failures carry their kind as a type, so callers classify them with
// llvm::handleErrors / Error::isA, never by reading the message.
//
//===----------------------------------------------------------------------===//

#ifndef TTL_OPMODEL_OPMODELERRORS_H
#define TTL_OPMODEL_OPMODELERRORS_H

#include "llvm/Support/Error.h"

#include <string>

namespace mlir::ttnn::op_model {

enum class OpModelErrorKind {
  /// The query is well formed but the op/placement is illegal on the device
  /// (shape, layout or sharding rule), or the inputs were malformed.
  Backend,
  /// The op does not fit in L1 (stateful: allocation or CB clash).
  OutOfMemory,
  /// The model has no answer for this op or configuration. Never cached.
  NotSupported,
};

class OpModelError : public llvm::ErrorInfo<OpModelError> {
public:
  static char ID;
  OpModelError(OpModelErrorKind kind, std::string message)
      : kind(kind), message(std::move(message)) {}
  OpModelErrorKind getKind() const { return kind; }
  const std::string &getMessage() const { return message; }
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }

private:
  OpModelErrorKind kind;
  std::string message;
};

inline llvm::Error makeError(OpModelErrorKind kind, const llvm::Twine &msg) {
  return llvm::make_error<OpModelError>(kind, msg.str());
}
inline llvm::Error backendError(const llvm::Twine &msg) {
  return makeError(OpModelErrorKind::Backend, msg);
}
inline llvm::Error outOfMemoryError(const llvm::Twine &msg) {
  return makeError(OpModelErrorKind::OutOfMemory, msg);
}
inline llvm::Error notSupportedError(const llvm::Twine &msg) {
  return makeError(OpModelErrorKind::NotSupported, msg);
}

/// Consumes `err` and returns its kind and message (Backend for foreign
/// errors).
std::pair<OpModelErrorKind, std::string> takeOpModelError(llvm::Error err);

} // namespace mlir::ttnn::op_model

#endif // TTL_OPMODEL_OPMODELERRORS_H

// Device prints (api/debug/dprint.h, ttnn 0.81.1's DPRINT: fmt-style format
// strings) on the emulated device: every print is shown, tagged with device,
// core and kernel (docs/emulator.md, "Device prints"); no print server or
// TT_METAL_DPRINT_CORES is needed.
//
// Formatting: `{}` takes the next argument (integers in decimal, floats as
// their shortest round-trip decimal, strings, a TSLICE as its values
// separated by spaces, rows on separate lines); `{:x}` / `{:#x}` hexadecimal,
// `{:.Nf}` fixed with N digits; other specifications print as `{}`. `{{` and
// `}}` are braces. Each call prints whole lines: text after the last newline
// ends the line. A compute kernel's three processors run as one here:
// DPRINT_UNPACK / _MATH / _PACK print once, plain DPRINT three times (once
// per processor, as on hardware).
#pragma once

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "ttlemu/runtime.h"

struct SliceRange {
  // np.slice(h0:h1:hs, w0:w1:ws) of a tile (hostdevcommon/dprint_common.h).
  uint8_t h0, h1, hs, w0, w1, ws;
  static SliceRange hw0_32_16() { return SliceRange{0, 32, 16, 0, 32, 16}; }
  static SliceRange hw0_32_8() { return SliceRange{0, 32, 8, 0, 32, 8}; }
  static SliceRange hw0_32_4() { return SliceRange{0, 32, 4, 0, 32, 4}; }
  static SliceRange h0_w0_32() { return SliceRange{0, 1, 1, 0, 32, 1}; }
  static SliceRange h0_32_w0() { return SliceRange{0, 32, 1, 0, 1, 1}; }
  static SliceRange h0_32_w0_32() { return SliceRange{0, 32, 1, 0, 32, 1}; }
};

typedef bool dprint_tslice_ptr_t;
typedef bool dprint_tslice_cb_t;
#define TSLICE_RD_PTR true
#define TSLICE_WR_PTR false
#define TSLICE_INPUT_CB true
#define TSLICE_OUTPUT_CB false

namespace ttlemu {
namespace dprint {
// The processor a compute kernel prints from (unpack 0, math 1, pack 2):
// TSLICE reads the read pointer on unpack, the write pointer on pack.
enum class Thread : int { Unpack = 0, Math = 1, Pack = 2, Any = 3 };
inline Thread &currentThread() {
  static thread_local Thread thread = Thread::Any;
  return thread;
}
struct ThreadScope {
  Thread saved;
  explicit ThreadScope(Thread t) : saved(currentThread()) { currentThread() = t; }
  ~ThreadScope() { currentThread() = saved; }
};

inline void appendFloat(std::string &out, float value) {
  char text[32];
  auto [end, error] = std::to_chars(text, text + sizeof text, value);
  out.append(text, error == std::errc() ? end : text);
}
} // namespace dprint
} // namespace ttlemu

template <int MAX_BYTES>
struct TileSlice {
  std::string text; // the values, formatted when the slice is taken (as hardware copies them)

#if defined(COMPILE_FOR_TRISC)
  // Compute: the side is the processor's (unpack reads, pack writes; math
  // cannot read circular buffers).
  TileSlice(uint8_t cb, int tile_idx, const SliceRange &range, bool endl_rows = true,
            bool print_untilized = true) {
    (void)print_untilized;
    ttlemu::dprint::Thread thread = ttlemu::dprint::currentThread();
    if (thread == ttlemu::dprint::Thread::Math) {
      text = "<TSLICE: the math processor cannot read circular buffers>";
      return;
    }
    take(cb, tile_idx, range, thread != ttlemu::dprint::Thread::Pack, endl_rows);
  }
#else
  // Data movement: the caller says which pointer (and which side's format).
  TileSlice(uint8_t cb, int tile_idx, const SliceRange &range, dprint_tslice_cb_t cb_type,
            dprint_tslice_ptr_t ptr_type, bool endl_rows = true, bool print_untilized = true) {
    (void)cb_type;
    (void)print_untilized;
    take(cb, tile_idx, range, ptr_type == TSLICE_RD_PTR, endl_rows);
  }
#endif

private:
  void take(uint8_t cb, int tile, const SliceRange &range, bool readSide, bool endlRows) {
    float values[1024];
    ttlemu::rt::debugTile(cb, uint32_t(tile), readSide, values);
    for (uint32_t h = range.h0; h < range.h1; h += range.hs ? range.hs : 1) {
      for (uint32_t w = range.w0; w < range.w1; w += range.ws ? range.ws : 1) {
        if (w != range.w0)
          text += ' ';
        ttlemu::dprint::appendFloat(text, values[h * 32 + w]);
      }
      if (h + (range.hs ? range.hs : 1) < range.h1)
        text += endlRows ? '\n' : ' ';
    }
  }
};
using TSLICE = TileSlice<64>;

namespace ttlemu {
namespace dprint {

template <typename T>
void appendValue(std::string &out, const T &value, const std::string &spec) {
  if constexpr (std::is_same_v<T, bool>) {
    out += value ? "true" : "false";
  } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
    char text[32];
    bool hex = spec.find('x') != std::string::npos;
    if (hex && spec.find('#') != std::string::npos)
      out += "0x";
    auto [end, error] = std::to_chars(text, text + sizeof text, value, hex ? 16 : 10);
    out.append(text, error == std::errc() ? end : text);
  } else if constexpr (std::is_floating_point_v<T>) {
    size_t dot = spec.find('.');
    if (dot != std::string::npos && spec.back() == 'f') {
      char text[64];
      std::snprintf(text, sizeof text, "%.*f", std::atoi(spec.c_str() + dot + 1), double(value));
      out += text;
    } else {
      appendFloat(out, float(value));
    }
  } else if constexpr (std::is_convertible_v<T, const char *>) {
    out += static_cast<const char *>(value);
  } else {
    out += value.text; // TileSlice
  }
}

inline void emitLines(const std::string &text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos)
      end = text.size();
    ttlemu::rt::debugPrint(text.substr(start, end - start).c_str());
    start = end + 1;
  }
}

inline void formatInto(std::string &out, const char *format) {
  for (const char *c = format; *c; ++c) {
    if ((c[0] == '{' && c[1] == '{') || (c[0] == '}' && c[1] == '}'))
      ++c;
    out += *c;
  }
}

template <typename First, typename... Rest>
void formatInto(std::string &out, const char *format, const First &first, const Rest &...rest) {
  for (const char *c = format; *c; ++c) {
    if ((c[0] == '{' && c[1] == '{') || (c[0] == '}' && c[1] == '}')) {
      out += *c++;
      continue;
    }
    if (*c == '{') {
      const char *close = c;
      while (*close && *close != '}')
        ++close;
      std::string spec(c + 1, close);
      appendValue(out, first, spec);
      formatInto(out, *close ? close + 1 : close, rest...);
      return;
    }
    out += *c;
  }
}

template <typename... Args>
void print(const char *format, const Args &...args) {
  std::string out;
  formatInto(out, format, args...);
  emitLines(out);
}

} // namespace dprint
} // namespace ttlemu

#define DPRINT_UNPACK(format, ...)                                                 \
  do {                                                                             \
    ttlemu::dprint::ThreadScope ttlemu_dprint_scope(ttlemu::dprint::Thread::Unpack); \
    ttlemu::dprint::print(format, ##__VA_ARGS__);  \
  } while (0)
#define DPRINT_MATH(format, ...)                                                   \
  do {                                                                             \
    ttlemu::dprint::ThreadScope ttlemu_dprint_scope(ttlemu::dprint::Thread::Math); \
    ttlemu::dprint::print(format, ##__VA_ARGS__);    \
  } while (0)
#define DPRINT_PACK(format, ...)                                                   \
  do {                                                                             \
    ttlemu::dprint::ThreadScope ttlemu_dprint_scope(ttlemu::dprint::Thread::Pack); \
    ttlemu::dprint::print(format, ##__VA_ARGS__);    \
  } while (0)
#if defined(COMPILE_FOR_TRISC)
// Plain DPRINT in a compute kernel runs on each of its three processors.
#define DPRINT(format, ...)                                                        \
  do {                                                                             \
    DPRINT_UNPACK(format, ##__VA_ARGS__);                                          \
    DPRINT_MATH(format, ##__VA_ARGS__);                                            \
    DPRINT_PACK(format, ##__VA_ARGS__);                                            \
  } while (0)
#else
#define DPRINT(format, ...)                                                        \
  ttlemu::dprint::print(format, ##__VA_ARGS__)
#endif
#define DEVICE_PRINT DPRINT
#define DEVICE_PRINT_UNPACK DPRINT_UNPACK
#define DEVICE_PRINT_MATH DPRINT_MATH
#define DEVICE_PRINT_PACK DPRINT_PACK

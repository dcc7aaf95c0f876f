// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The rules of one #ttl.pipe: a source that is not a destination, a nonempty destination
// rectangle, non-negative numbers.

func.func @source_is_a_destination(%blk: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{pipe source (1, 0) is one of its destinations: a core keeps its own block in a DFB, it does not send it to itself}}
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (1, 0), dst (0, 0) to (3, 0), "f.py:1"> from %blk : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @empty_rectangle(%blk: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{pipe destination (3, 0) to (1, 0) is empty: each start is at most its end}}
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (3, 0) to (1, 0), "f.py:1"> from %blk : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @negative_net(%blk: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{pipe numbers are non-negative, got net -1 pipe 0}}
  %tx = ttl.pipe_send #ttl.pipe<net -1 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:1"> from %blk : !ttl.block<1x1xbf16>
  return
}

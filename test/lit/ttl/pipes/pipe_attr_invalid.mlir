// RUN: ttlang-opt %s -split-input-file -verify-diagnostics
// The rules of one #ttl.pipe: a source that is not a destination, a nonempty destination
// rectangle (a run in node order whose first core comes at most at its last), non-negative
// numbers; a send's recorded multicasts are whole rectangles.

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

// -----

func.func @empty_run(%blk: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{pipe destination (1, 0) through (0, 2) is empty: its first core comes at most at its last in node order (column, then row)}}
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (2, 0), dst (1, 0) through (0, 2), "f.py:1"> from %blk : !ttl.block<1x1xbf16>
  return
}

// -----

// (0, 2) is in the run (0, 1) .. (1, 0) although outside the rectangle between its corners.
func.func @source_in_a_run(%blk: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{pipe source (0, 2) is one of its destinations}}
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 2), dst (0, 1) through (1, 0), "f.py:1"> from %blk : !ttl.block<1x1xbf16>
  return
}

// -----

func.func @bad_multicasts(%blk: !ttl.block<1x1xbf16>) {
  // expected-error @+1 {{'ttl.pipe_multicasts' must be array<i64: x0, y0, x1, y1, ...> (one or more inclusive rectangles) on a ttl.pipe_send}}
  %tx = ttl.pipe_send #ttl.pipe<net 0 pipe 0, src (0, 0), dst (1, 0) to (1, 0), "f.py:1"> from %blk {ttl.pipe_multicasts = array<i64: 1, 0, 1>} : !ttl.block<1x1xbf16>
  return
}

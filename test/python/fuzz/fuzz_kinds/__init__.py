"""The fuzzer's program kinds, one module each. A package of its own because importing ttnn
registers top-level modules named after its operation groups (``matmul``, ``reduction``,
``binary``, ...): a top-level ``matmul.py`` here would be shadowed once any test imports ttnn."""

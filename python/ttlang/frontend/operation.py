"""``@ttl.operation``: registration and the compile API."""

from __future__ import annotations

import ast
import functools
import inspect
import re
import textwrap
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ttlang.artifact import (
    CANONICAL_KERNEL_NAMES,
    CompiledArtifact,
    CoreRange,
    DataflowBufferConfigSpec,
    DataflowBufferSpec,
    FabricManagerSpec,
    KernelDescriptorSpec,
    KernelKind,
    LogicalKernelId,
    PipeSemaphoreSpec,
    TensorParamSpec,
)
from ttlang.errors import FrontendError, TTLangError
from ttlang.frontend import session
from ttlang.frontend.compile_cache import CompileCache
from ttlang.frontend.compiler import build_module
from ttlang.frontend.identity import operation_identity
from ttlang.frontend.kernels import Kernel
from ttlang.frontend.scalar_params import (
    PARAMETER_SPECS,
    ScalarArgument,
    ScalarSpec,
    constant_spec_of,
    scalar_arguments,
    scalar_spec_of,
    scalar_words,
    used_refs,
)
from ttlang.frontend.source import OperationSource
from ttlang.targets import DEFAULT_TARGET, TARGETS
from ttlang.tensor_spec import tensor_spec_of

if TYPE_CHECKING:
    from ttlang.runtime.dispatch import DispatchResult, OperationRuntime
    from ttlang.runtime.fabric import ControlPlane

# ``op(*tensors)`` without device=: run on the tensors' device.
_FROM_TENSORS: Any = object()


class _DefaultCache:
    """``compile_cache=`` left out: the user's default on-disk cache."""


_DEFAULT_CACHE = _DefaultCache()


# grid= values meaning the target's whole worker grid (tt-lang 1.1 spells it "auto").
AUTO_GRIDS = ("auto", "full")


@dataclass(frozen=True)
class KernelSpec:
    """One logical kernel of a compiled operation.

    ``logical_kernel`` equals the ``ttl.Kernel`` handle that selected it (or identifies the
    canonical kernel of its kind); ``function`` is its kernel function in ``ir``.
    """

    logical_kernel: LogicalKernelId
    kind: KernelKind
    core_ranges: tuple[CoreRange, ...]
    function: str


@dataclass(frozen=True)
class CompiledOperation:
    """The result of ``op.compile(*tensors)``: the TT-Metal kernels and their records, and (on
    first access) the final TTL IR, one function per logical kernel with Python locations, and
    the kernel specs."""

    name: str
    operation_id: str
    grid: tuple[int, int]
    target: str
    tensors: tuple[TensorParamSpec, ...]
    # The TTL IR the frontend wrote (before any pass); ``ir`` and ``kernels`` derive from it.
    frontend_ir: str
    # Backend output: one TT-Metal kernel per descriptor (core specialization can give a
    # logical kernel several), and the DFBs the runtime allocates.
    descriptors: tuple[KernelDescriptorSpec, ...] = ()
    dataflow_buffers: tuple[DataflowBufferSpec, ...] = ()
    # Declared with runtime_resource_factory=: every execution needs the factory.
    uses_runtime_resources: bool = False
    # Rings of the operation's synchronized DFB reconfigurations.
    dfb_configurations: tuple[DataflowBufferConfigSpec, ...] = ()
    # Lifetimes of the fabric-manager claims its external calls own (ttl-record-fabric-managers).
    fabric_managers: tuple[FabricManagerSpec, ...] = ()
    # The runtime words of its scalar parameters (``op(a, out, 3)``), after the tensors.
    scalar_arguments: tuple[ScalarArgument, ...] = ()
    # Program semaphores of its pipes' handshakes (ttl-plan-pipes): how many, and whose.
    compiler_semaphore_count: int = 0
    pipe_semaphores: tuple[PipeSemaphoreSpec, ...] = ()

    @functools.cached_property
    def _kernel_ir(self) -> session.KernelIR:
        # Dispatch never needs it: the first half of the pipeline runs again only when asked.
        return session.kernel_ir(self.frontend_ir, self.target)

    @property
    def ir(self) -> str:
        """The TTL IR after ``ttl-compile-operation``: one function per logical kernel."""
        return self._kernel_ir.ir

    @functools.cached_property
    def kernels(self) -> tuple[KernelSpec, ...]:
        """One spec per logical kernel (its function in ``ir``)."""
        return tuple(
            KernelSpec(
                LogicalKernelId(k.operation_id, k.name, KernelKind.from_ir_name(k.kind)),
                KernelKind.from_ir_name(k.kind),
                self.core_ranges,
                k.symbol,
            )
            for k in self._kernel_ir.kernels
        )

    @functools.cached_property
    def artifact(self) -> CompiledArtifact:
        """The compiler/runtime contract (ttlang.artifact) of this compilation, built once:
        every access returns the same record, so runtimes and runners keyed on it agree."""
        return CompiledArtifact(
            operation_name=self.name,
            operation_id=self.operation_id,
            grid=self.grid,
            target=self.target,
            tensors=self.tensors,
            dataflow_buffers=self.dataflow_buffers,
            kernels=self.descriptors,
            uses_runtime_resources=self.uses_runtime_resources,
            dfb_configurations=self.dfb_configurations,
            fabric_managers=self.fabric_managers,
            compiler_semaphore_count=self.compiler_semaphore_count,
            pipe_semaphores=self.pipe_semaphores,
        )

    def descriptors_of(self, logical_kernel: LogicalKernelId) -> tuple[KernelDescriptorSpec, ...]:
        """The kernel descriptors generated for one logical kernel."""
        return tuple(d for d in self.descriptors if d.logical_kernel == logical_kernel)

    @property
    def core_ranges(self) -> tuple[CoreRange, ...]:
        cols, rows = self.grid
        return (CoreRange((0, 0), (cols - 1, rows - 1)),)

    def kernel(self, selector: Kernel | LogicalKernelId | KernelKind) -> KernelSpec:
        """The spec of a handle's kernel, or of the canonical kernel of a kind."""
        for spec in self.kernels:
            if isinstance(selector, KernelKind):
                if spec.kind == selector and spec.logical_kernel.is_canonical:
                    return spec
            elif spec.logical_kernel == selector:
                return spec
        raise KeyError(f"{selector!r} is not a logical kernel of {self.name}")


class Operation(OperationSource):
    """A registered TT-Lang operation (the result of ``@ttl.operation``)."""

    def __init__(
        self,
        fn: Callable[..., Any],
        grid: tuple[int, int] | str,
        runtime_resource_factory: Callable[..., Any] | None = None,
        fp32_dest_acc_en: bool | None = None,
    ) -> None:
        self.fn = fn
        self.name = fn.__name__
        if runtime_resource_factory is not None and not callable(runtime_resource_factory):
            raise TTLangError(
                f"runtime_resource_factory= of operation '{fn.__name__}' must be callable, got "
                f"{type(runtime_resource_factory).__name__}"
            )
        self.runtime_resource_factory = runtime_resource_factory
        # Compiled runtimes by (tensor specs, target): compile once, reuse the program cache.
        self._runtimes: dict[tuple[Any, ...], OperationRuntime] = {}
        try:
            lines, first_line = inspect.getsourcelines(fn)
        except (OSError, TypeError) as err:
            raise TTLangError(f"cannot read the source of operation '{self.name}': {err}") from None
        source = "".join(lines)
        self.filename = fn.__code__.co_filename
        self.col_offset = len(lines[0]) - len(lines[0].lstrip())
        self.line_offset = first_line - 1
        module = ast.parse(textwrap.dedent(source))
        tree = module.body[0]
        if not isinstance(tree, ast.FunctionDef):
            raise FrontendError("@ttl.operation decorates a function", self.filename, first_line)
        self.tree = tree
        if grid not in AUTO_GRIDS and not (
            isinstance(grid, tuple)
            and len(grid) == 2
            and all(isinstance(d, int) and not isinstance(d, bool) and d > 0 for d in grid)
        ):
            raise FrontendError(
                f'grid= must be (cols, rows) of positive integers, "auto" or "full", got {grid!r}',
                self.filename,
                first_line,
                self.col_offset + 1,
            )
        self.grid = grid
        if fp32_dest_acc_en is not None and not isinstance(fp32_dest_acc_en, bool):
            raise FrontendError(
                f"fp32_dest_acc_en= must be True, False or None, got {fp32_dest_acc_en!r}",
                self.filename,
                first_line,
                self.col_offset + 1,
            )
        self.fp32_dest_acc_en = fp32_dest_acc_en
        self.symbol = re.sub(r"[^A-Za-z0-9_]", "_", self.name)
        self.closure = _closure(fn)
        captures = dict(self.closure)
        referenced = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        for name in sorted(referenced - set(captures)):
            if name in fn.__globals__:
                captures[name] = fn.__globals__[name]
        options = {} if fp32_dest_acc_en is None else {"fp32_dest_acc_en": fp32_dest_acc_en}
        self.operation_id = operation_identity(fn, source, grid, captures, options)
        # Registration binds captured handles in place: the same object then identifies the
        # compiled kernel in runtime configuration (e.g. runtime resource factories).
        for name in sorted(captures):
            if isinstance(captures[name], Kernel):
                if name in CANONICAL_KERNEL_NAMES and not captures[name].is_bound:
                    raise FrontendError(
                        f"a ttl.Kernel cannot be captured under the canonical kernel name "
                        f"'{name}'; rename the variable",
                        self.filename,
                        first_line,
                        self.col_offset + 1,
                    )
                captures[name]._bind(self.operation_id, name)
        self.__doc__ = fn.__doc__
        self.__name__ = fn.__name__
        self.__qualname__ = fn.__qualname__

    def __repr__(self) -> str:
        return f"<ttl.operation {self.operation_id}>"

    def grid_for(self, target: str, default_grid: tuple[int, int] | None = None) -> tuple[int, int]:
        """The grid the operation runs on when compiled for ``target``: ``grid=(cols, rows)``
        as declared, and for ``grid="auto"`` / ``"full"`` ``default_grid`` when given (a
        device's, e.g. ``ttlang-sim --grid``), else the target's whole worker grid (the target
        capacity table: 8x8 on wormhole_b0, 13x10 on blackhole)."""
        if isinstance(self.grid, tuple):
            return self.grid
        if default_grid is not None:
            return default_grid
        from ttlang import _ttlang  # noqa: PLC0415 - the extension, loaded by compiling anyway

        grid = _ttlang.target_worker_grid(target)
        if grid is None:
            raise TTLangError(
                f"unknown target '{target}'; supported targets: {_ttlang.supported_target_names()}"
            )
        return grid

    def build_ir(self, *tensors: Any, target: str = DEFAULT_TARGET) -> str:
        """The TTL IR of this operation before any pass (for inspection and tests)."""
        return build_module(self, [_spec(t) for t in tensors], target)

    def compile(
        self,
        *tensors: Any,
        target: str = DEFAULT_TARGET,
        compile_cache: CompileCache | None | _DefaultCache = _DEFAULT_CACHE,
        default_grid: tuple[int, int] | None = None,
    ) -> CompiledOperation:
        """Compiles for tensors like ``tensors`` (ttnn tensors or ``ttlang.TensorSpec``) and
        ``target``; ``grid="auto"`` / ``"full"`` resolves to the target's worker grid.

        The C++ pipeline's result is kept in ``compile_cache`` (by default
        ``CompileCache.default()``, ``~/.cache/ttlang/compile``), keyed by the frontend's IR,
        the target and the compiler build, so a later process compiling the same program skips
        it; ``compile_cache=None`` always runs it. ``default_grid``: the grid of
        ``grid="auto"`` / ``"full"`` operations instead of the target's whole worker grid."""
        if isinstance(compile_cache, _DefaultCache):
            compile_cache = CompileCache.default()
        specs = [_spec(t) for t in tensors]
        grid = self.grid_for(target, default_grid)
        text = build_module(self, specs, target, default_grid)
        try:
            output = session.compile_module(text, target, compile_cache)
        except FrontendError as err:
            if err.file != _IR_TEXT:
                raise
            # The verifier of an argument's type (#ttl.layout: a shard spec, a layout) runs
            # where the IR text names the type, which carries no Python location; the rule is
            # the arguments', so it is reported at the operation's def.
            raise FrontendError(
                err.message, self.filename, self.tree.lineno + self.line_offset, None, err.notes
            ) from None
        names = [a.arg for a in self.tree.args.args]
        return CompiledOperation(
            self.name,
            self.operation_id,
            grid,
            target,
            tuple(spec.param_spec(name) for spec, name in zip(specs, names)
                  if not isinstance(spec, PARAMETER_SPECS)),
            text,
            output.kernels,
            output.dataflow_buffers,
            self.runtime_resource_factory is not None,
            output.dfb_configurations,
            output.fabric_managers,
            scalar_arguments(specs),
            compiler_semaphore_count=output.semaphore_count,
            pipe_semaphores=output.pipe_semaphores,
        )

    def __call__(
        self,
        *tensors: Any,
        device: Any = _FROM_TENSORS,
        target: str | None = None,
        control_plane: ControlPlane | None = None,
    ) -> DispatchResult:
        """Runs the operation once, as tt-lang programs do: ``op(a, b, out)``.

        With ttnn tensors on a device, the program runs there through ``ttnn.generic_op``
        (outputs pre-allocated, last). ``device=None`` is an explicit **compile-only
        dispatch**: everything up to the program runs (compilation, the runtime resource
        factory, validation, the program cache, materialization) and the complete
        ``ttnn.ProgramDescriptor`` is returned without executing anything
        (``result.compile_only``; ``result.describe()`` says so). Tensors may then be
        ``ttlang.TensorSpec``s.

        The operation is compiled once per tensor specs and target; each compilation keeps its
        own program cache, so calls that differ only in dispatch words reuse the program. An
        operation declared with ``runtime_resource_factory=`` calls it on every execution.

        ``control_plane`` is the fabric the factory's ``FabricConnectionBinding``s are checked
        against (``ttlang.runtime.ControlPlane``; default one device without links).
        """
        if device is _FROM_TENSORS:
            device = _device_of(tensors)
            if device is None and _stageable(tensors):
                return self._run_staged(tensors, target, control_plane)
            if device is None:
                raise TTLangError(
                    f"none of the tensors passed to '{self.name}' is on a device; pass "
                    "device=None for a compile-only dispatch (nothing is executed) or ttnn "
                    "device tensors to run it"
                )
        if target is None:
            target = _target_of(device) if device is not None else DEFAULT_TARGET
        if control_plane is None:  # a mesh device's fabric (ttlang.emu.MeshDevice)
            control_plane = getattr(device, "control_plane", None)
        specs = tuple(_spec(t) for t in tensors)
        default_grid = getattr(device, "default_grid", None)
        runtime = self._runtimes.get(
            (specs, target, default_grid, control_plane and control_plane.mesh))
        if runtime is None:
            runtime = self.runtime(*specs, target=target, control_plane=control_plane,
                                   default_grid=default_grid)
        words = None
        if any(isinstance(spec, ScalarSpec) for spec in specs):
            try:
                words = scalar_words(scalar_arguments(specs), tensors, used_refs(runtime.artifact))
            except ValueError as err:
                raise TTLangError(f"'{self.name}': {err}") from None
        tensors = tuple(t for t, spec in zip(tensors, specs) if not isinstance(spec, PARAMETER_SPECS))
        return runtime.run(
            tensors, runtime_resource_factory=self.runtime_resource_factory, device=device,
            scalars=words,
        )

    def _run_staged(
        self, tensors: tuple[Any, ...], target: str | None, control_plane: ControlPlane | None
    ) -> DispatchResult:
        """Runs on host tensors that can stage themselves on a device (the simulator's, as
        tt-lang-sim runs operations on host tensors): each is copied to the device, the
        operation runs there, and every tensor gets the device's values back."""
        staged = [t.stage_for_operation() if hasattr(t, "stage_for_operation") else None
                  for t in tensors]
        try:
            result = self(*(s.tensor if s else t for s, t in zip(staged, tensors)),
                          target=target, control_plane=control_plane)
            for stage in staged:
                if stage:
                    stage.write_back()
            return result
        finally:
            for stage in staged:
                if stage:
                    stage.release()

    def runtime(
        self, *tensors: Any, target: str = DEFAULT_TARGET, control_plane: ControlPlane | None = None,
        default_grid: tuple[int, int] | None = None,
    ) -> OperationRuntime:
        """The runtime (compiled artifact, program cache, retained owners) that calls with
        tensors like ``tensors`` on ``control_plane`` use (``default_grid``: see ``compile``);
        compiles on first use."""
        from ttlang.runtime.dispatch import OperationRuntime  # noqa: PLC0415 - keep import light

        specs = tuple(_spec(t) for t in tensors)
        # Runtimes of one compilation on different fabrics keep separate program caches.
        key = (specs, target, default_grid, control_plane and control_plane.mesh)
        runtime = self._runtimes.get(key)
        if runtime is None:
            runtime = OperationRuntime(
                self.compile(*specs, target=target, default_grid=default_grid).artifact,
                control_plane=control_plane,
            )
            self._runtimes[key] = runtime
        return runtime


def _device_of(tensors: tuple[Any, ...]) -> Any:
    """The device of the first ttnn tensor that lives on one, else None."""
    for tensor in tensors:
        device = getattr(tensor, "device", None)
        if callable(device):
            try:
                device = device()
            except Exception:  # noqa: BLE001 - host tensors may refuse
                device = None
        if device is not None:
            return device
    return None


def _stageable(tensors: tuple[Any, ...]) -> bool:
    """True when some tensor is a host tensor that can stage itself on a device
    (``stage_for_operation()``, the simulator's host tensors)."""
    return any(hasattr(t, "stage_for_operation") for t in tensors)


def _target_of(device: Any) -> str:
    arch = getattr(device, "arch", None)
    name = str(arch() if callable(arch) else arch).lower()
    # ttnn names it `Arch.BLACKHOLE` / `Arch.WORMHOLE_B0`, the emulated device by the target.
    return next((target for target in TARGETS if target in name), DEFAULT_TARGET)


# The file name of a diagnostic located in the IR text itself (MLIR's parser names it "-").
_IR_TEXT = "-"


def _spec(value: Any) -> Any:
    """A TensorSpec for a tensor argument, a ScalarSpec for an int or float parameter, a
    ConstantSpec for a compile-time tuple."""
    scalar = scalar_spec_of(value) or constant_spec_of(value)
    if scalar is not None:
        return scalar
    try:
        return tensor_spec_of(value)
    except TypeError:
        hint = (
            ": a tuple or list parameter holds compile-time numbers, strings, booleans or None "
            "(a scale factor, a shape); pass tensors one per parameter"
            if isinstance(value, (tuple, list)) else ""
        )
        raise TTLangError(
            f"expected a ttnn tensor, ttlang.TensorSpec, int or float, got {type(value).__name__}"
            f"{hint}"
        ) from None
    except ValueError as err:
        raise TTLangError(str(err)) from None


def _closure(fn: Callable[..., Any]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for name, cell in zip(fn.__code__.co_freevars, fn.__closure__ or ()):
        try:
            result[name] = cell.cell_contents
        except ValueError:  # not yet assigned (e.g. a later nonlocal)
            continue
    return result


def operation(
    grid: tuple[int, int] | str = (1, 1),
    runtime_resource_factory: Callable[..., Any] | None = None,
    fp32_dest_acc_en: bool | None = None,
) -> Callable[[Callable[..., Any]], Operation]:
    """``@ttl.operation(grid=(cols, rows))``: registers a TT-Lang operation. ``grid="auto"``
    (or ``"full"``) is the whole worker grid of the target it is compiled for.

    ``fp32_dest_acc_en=True`` / ``False`` fixes whether the compute kernel runs with fp32 DEST
    accumulation; by default (``None``) it does exactly when it uses an f32 DFB."""

    def register(fn: Callable[..., Any]) -> Operation:
        return Operation(fn, grid, runtime_resource_factory, fp32_dest_acc_en)

    return register

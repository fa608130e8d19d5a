# nx — the commands. `make demo` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARRAY_API_TESTS_DIR ?= array-api-tests
# The commit of data-apis/array-api-tests that `make array-api-tests` is known to pass at.
ARRAY_API_TESTS_COMMIT ?= 55fcc60179efa2680ddd6cd926ddf17b83530e2b
# ... and of its array-api submodule (data-apis/array-api) at that commit.
ARRAY_API_SPEC_COMMIT ?= 5f847a3858875c682ae901aa22b0413bf24be9da
ARRAY_API_TESTS_URL := https://github.com/data-apis/array-api-tests.git
ARRAY_API_TESTS_EXAMPLES ?= 200
# The namespace the suite tests: the drop-in, or nx_array_api.strict.
ARRAY_API_TESTS_MODULE ?= nx_array_api
ARRAY_API_TESTS_WORKERS ?= auto
PYTEST_WORKERS ?= auto
# PORTABILITY_REPORT=report.json (consumers-sklearn, consumers-scipy with
# ARGS=--nx-namespace=strict): the run in record mode, with the portability report's table
# at the end and its JSON in that file (docs/strict-mode.md, "The portability report").
PORTABILITY_REPORT ?=
REPORT_ARGS := $(if $(PORTABILITY_REPORT),-p nx_array_api.strict._report_hooks --nx-portability-report=$(PORTABILITY_REPORT))

.PHONY: all demo demo-big test test-pure test-other-python compile fuzz bench bench-dask docs conformance lint array-api-tests consumers-sklearn consumers-xpx consumers-scipy consumers-strict consumers-marray clean venv

all: test

# The editable install is the pure-Python package (NX_COMPILE=0); `make compile` then
# compiles the modules setup.py names (COMPILED) in place, and again whenever a source
# changed (a compiled module older than its source is not run: nx_core/compiled.py).
$(STAMP): pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	NX_COMPILE=0 $(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

# The compiled modules (setup.py: COMPILED), built in place next to their sources with
# Cython (from the test extra; some 20 seconds); without a C compiler the pure-Python
# package stays, with a warning.
COMPILED_STAMP := $(VENV)/.compiled
NX_COMPILED_SOURCES := $(patsubst %,%.py,$(subst .,/,$(shell sed -n 's/^COMPILED[^=]*= *\[\(.*\)\]/\1/p' setup.py | tr -d '",')))
$(COMPILED_STAMP): $(STAMP) setup.py $(NX_COMPILED_SOURCES)
	$(PY) setup.py --quiet build_ext --inplace
	@$(PY) -c "import nx_array_api as xp; print('compiled:', ', '.join(xp.compiled()) or 'none (the pure-Python package)')"
	touch $(COMPILED_STAMP)

venv: $(COMPILED_STAMP)

compile: $(COMPILED_STAMP)

# The tour, in under a minute. SCIPY_ARRAY_API=1: scikit-learn's array API support goes
# through SciPy's, which SciPy turns on only when this is set before it is imported.
demo: $(COMPILED_STAMP)
	SCIPY_ARRAY_API=1 $(PY) examples/tour.py

# The Dask device out of core at the size that beats memory (1.1 x the free memory + 1 GiB):
# prints its plan and checks the free disk first (NX_DEMO_DIR: the folder, NX_DEMO_GIGABYTES:
# another size); removes its file at the end, also on Ctrl-C.
demo-big: $(COMPILED_STAMP)
	$(PY) examples/out_of_core.py

test: $(COMPILED_STAMP)
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) tests

# The pure-Python package from the same checkout (NX_PURE_PYTHON=1: every module from its
# .py source, compiled ones ignored): the whole test suite, then the official suite at a
# low number of examples where a checkout of it is at hand (ARRAY_API_TESTS_DIR).
PURE_EXAMPLES ?= 20
test-pure: $(COMPILED_STAMP)
	@if [ -z "$$($(PY) -c 'import nx_array_api as xp; print(*xp.compiled())')" ]; then \
	  echo "test-pure: no module is compiled (no C compiler?); make test ran the pure-Python package"; \
	else \
	  NX_PURE_PYTHON=1 $(PY) -c "import nx_array_api as xp; assert not xp.compiled(), xp.compiled()" && \
	  NX_PURE_PYTHON=1 $(PY) -m pytest -q -n $(PYTEST_WORKERS) tests && \
	  if [ -d "$(ARRAY_API_TESTS_DIR)/array_api_tests" ]; then \
	    NX_PURE_PYTHON=1 $(MAKE) array-api-tests ARRAY_API_TESTS_EXAMPLES=$(PURE_EXAMPLES); \
	  else echo "test-pure: no checkout of array-api-tests at $(ARRAY_API_TESTS_DIR); the official suite was not run"; fi; \
	fi

# The whole test suite again on another Python (OTHER_PYTHON: a command or a path; the
# newest CPython the package supports by default; make test runs on python3), in a
# virtual environment of its own (.venv-python3.13), where that Python runs.
OTHER_PYTHON ?= python3.13
test-other-python:
	@if $(OTHER_PYTHON) -c "import sys; assert sys.version_info >= (3, 11)" >/dev/null 2>&1; then \
	  $(MAKE) test PYTHON=$(OTHER_PYTHON) VENV=.venv-$(notdir $(OTHER_PYTHON)); \
	else \
	  echo "test-other-python: $(OTHER_PYTHON) does not run here (OTHER_PYTHON=/path/to/python3.x names one); the suite ran on python3 only"; \
	fi

# The official conformance suite; it is not on the package index (see README).
# No Hypothesis deadline: tests never assert timings, and the suite's own reference
# computations (tensordot's, for one) can pass 800 ms on a loaded 2-core CI machine.
array-api-tests: $(STAMP)
	@if [ ! -d "$(ARRAY_API_TESTS_DIR)/array_api_tests" ]; then \
	  echo "array-api-tests: the suite is missing from $(ARRAY_API_TESTS_DIR)/. Get it with:"; \
	  echo "  git clone $(ARRAY_API_TESTS_URL) $(ARRAY_API_TESTS_DIR)"; \
	  echo "  git -C $(ARRAY_API_TESTS_DIR) checkout $(ARRAY_API_TESTS_COMMIT)"; \
	  echo "  git -C $(ARRAY_API_TESTS_DIR) submodule update --init   # array-api at $(ARRAY_API_SPEC_COMMIT)"; \
	  echo "or point ARRAY_API_TESTS_DIR at an existing checkout."; \
	  exit 1; \
	fi
	$(PY) -m pip install --quiet "hypothesis>=6.151.0" "ndindex>=1.8" pytest-json-report
	ARRAY_API_TESTS_MODULE=$(ARRAY_API_TESTS_MODULE) ARRAY_API_TESTS_VERSION=2025.12 \
	  $(PY) -m pytest $(ARRAY_API_TESTS_DIR)/array_api_tests -q -rfE \
	  -n $(ARRAY_API_TESTS_WORKERS) --max-examples $(ARRAY_API_TESTS_EXAMPLES) \
	  --hypothesis-disable-deadline \
	  --xfails-file $(CURDIR)/array-api-tests-xfails.txt \
	  --json-report --json-report-file=$(CURDIR)/.array-api-tests.json $(ARGS)

# scikit-learn's own array-API tests (shipped in its wheel) with nx in place of
# array_api_strict: default device with float64 and device1 with float32.
# ARGS=--nx-namespace=strict: nx's strict namespace as array_api_strict (CPU_DEVICE with
# float64, device1 with float32). For comparison, scikit-learn's own run on array_api_strict:
# SCIPY_ARRAY_API=1 $(PY) -m pytest --pyargs sklearn -k "array_api or array_namespace".
consumers-sklearn: $(STAMP)
	SCIPY_ARRAY_API=1 PYTHONPATH=$(CURDIR)/tests/consumers$${PYTHONPATH:+:$$PYTHONPATH} \
	  $(PY) -m pytest -p sklearn_on_nx --pyargs sklearn -k "array_api or array_namespace" \
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider $(REPORT_ARGS) $(ARGS)

# array-api-strict's own unit tests (shipped in its wheel) on nx's strict namespace:
# tests/consumers/strict_on_nx.py rewrites their imports and maps array-api-strict's names
# onto nx's. ARGS=--strict-backend=array_api_strict runs the same tests on array-api-strict.
consumers-strict: $(STAMP)
	PYTHONPATH=$(CURDIR)/tests/consumers$${PYTHONPATH:+:$$PYTHONPATH} \
	  $(PY) -m pytest -p strict_on_nx --pyargs array_api_strict.tests \
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider -rs $(ARGS)

# marray's own test suite (shipped in its wheel; marray matches refusals by NumPy's and
# array-api-strict's messages) with nx's drop-in namespace in array_api_strict's place:
# tests/consumers/marray_on_nx.py. ARGS="--marray-backend numpy" (or array_api_strict,
# nx_strict) runs the same tests on another namespace.
consumers-marray: $(STAMP)
	$(PY) -m pip install --quiet "marray==0.0.12"
	PYTHONPATH=$(CURDIR)/tests/consumers$${PYTHONPATH:+:$$PYTHONPATH} \
	  $(PY) -m pytest -p marray_on_nx $$($(PY) -c "import marray, os; print(os.path.join(os.path.dirname(marray.__file__), 'tests', 'test_marray.py'))") \
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider --rootdir $(CURDIR) $(ARGS)

# array-api-extra's own test suite (shipped in its wheel) with nx as two more of its
# backends: nx on its default device and with device1 as the default. Its pytest
# settings: xfail_strict, warnings are errors. ARGS="--xpx-backend array_api_strict"
# runs the same tests on array_api_strict instead. ARGS=--nx-namespace=strict: nx's strict
# namespace as array_api_strict, on its backends array_api_strict and array_api_strictest
# (array-api-strict itself: ARGS="--xpx-backend array_api_strict,array_api_strictest").
consumers-xpx: $(STAMP)
	PYTHONPATH=$(CURDIR)/tests/consumers$${PYTHONPATH:+:$$PYTHONPATH} \
	  $(PY) -m pytest -p xpx_on_nx --pyargs array_api_extra.tests.main \
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider -o xfail_strict=true -W error $(ARGS)

# SciPy's own array-API tests (those taking its `xp` fixture, shipped in its wheel) with nx
# in place of array_api_strict: nx's default device (cpu) and device1.
# ARGS=--nx-namespace=strict: nx's strict namespace as array_api_strict (its devices in
# SciPy's device tests). For comparison, SciPy's own run on array_api_strict:
# SCIPY_ARRAY_API='["array_api_strict"]' $(PY) -m pytest --pyargs $(SCIPY_SUBMODULES) -m array_api_backends.
SCIPY_SUBMODULES ?= scipy.special scipy.stats scipy.fft scipy.cluster
consumers-scipy: $(STAMP)
	SCIPY_ARRAY_API=1 PYTHONPATH=$(CURDIR)/tests/consumers$${PYTHONPATH:+:$$PYTHONPATH} \
	  $(PY) -m pytest -p scipy_on_nx --pyargs $(SCIPY_SUBMODULES) -m array_api_backends \
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider $(REPORT_ARGS) $(ARGS)

# A consumer's own test suite, unchanged, on nx's strict namespace served as array_api_strict
# (pytest -p nx_array_api.strict.pytest_plugin: no harness; docs/strict-mode.md, "Run your
# test suite on nx"). AS_STRICT=real runs the same command on array-api-strict itself. Each
# run writes .consumers/<suite>-<nx|real>.xml (JUnit); `make consumers-compare SUITE=<suite>`
# compares the two runs by test id (tests/consumers/compare_ids.py) and fails on a test that
# fails on nx only.
AS_STRICT ?= nx
AS_STRICT_WORKERS ?= 2
SUITE ?= xpx
_SERVED = $(if $(filter real,$(AS_STRICT)),,-p nx_array_api.strict.pytest_plugin)
_AS_STRICT_RUN = $(PY) -m pytest $(_SERVED) -q -n $(AS_STRICT_WORKERS) -p no:cacheprovider
_JUNIT = --junitxml=$(CURDIR)/.consumers/$(1)-$(AS_STRICT).xml
# (pytest creates the report's folder)
.PHONY: consumers-sklearn-as-strict consumers-xpx-as-strict consumers-scipy-as-strict consumers-marray-as-strict consumers-compare

# scikit-learn's array_api_strict parametrizations (and its other array-API tests)
SKLEARN_K ?= array_api or array_namespace
consumers-sklearn-as-strict: $(STAMP)
	SCIPY_ARRAY_API=1 $(_AS_STRICT_RUN) --pyargs sklearn -k "$(SKLEARN_K)" $(call _JUNIT,sklearn) $(ARGS)

# array-api-extra's suite on its array_api_strict backends; its own pytest settings
# (strict xfails, warnings are errors; its markers are not registered outside its repository)
consumers-xpx-as-strict: $(STAMP)
	$(_AS_STRICT_RUN) --pyargs array_api_extra.tests.main -k "array_api_strict" -o xfail_strict=true \
	  -W error -W ignore::pytest.PytestUnknownMarkWarning $(call _JUNIT,xpx) $(ARGS)

# SciPy's xp tests with its array_api_strict backend only
consumers-scipy-as-strict: $(STAMP)
	SCIPY_ARRAY_API='["array_api_strict"]' $(_AS_STRICT_RUN) --pyargs $(SCIPY_SUBMODULES) \
	  -m array_api_backends $(call _JUNIT,scipy) $(ARGS)

# marray 0.0.12's suite (a folder of its wheel without an __init__.py, hence its path) but
# its NumPy parametrization (ids [numpy-...]; its other one is [array_api_strict-...])
consumers-marray-as-strict: $(STAMP)
	$(_AS_STRICT_RUN) $$($(PY) -c "import marray, os; print(os.path.dirname(marray.__file__))")/tests \
	  -k "not numpy" $(call _JUNIT,marray) $(ARGS)

consumers-compare:
	$(PY) tests/consumers/compare_ids.py .consumers/$(SUITE)-real.xml .consumers/$(SUITE)-nx.xml $(ARGS)

clean:
	rm -rf $(VENV) .venv-*/ build dist *.egg-info .pytest_cache .hypothesis
	rm -f *.so
	find nx_core nx_array_api -name '*.so' -delete

# Per call, throughput, pipelines, scikit-learn end to end and random numbers, on NumPy, nx,
# nx's strict namespace, array_api_strict and array-api-compat; writes docs/performance.md
# and its figures (docs/_static). About 5 minutes; ARGS=--quick for a shorter run (no page).
bench: $(COMPILED_STAMP)
	NX_COMPILE=0 $(PY) -m pip install --quiet -e ".[bench]"
	$(PY) benchmarks/run.py $(if $(ARGS),$(ARGS),--page docs/performance.md)

# The Dask device: out of core (32 GB of random normals, peak RSS, drawn over time in
# docs/_static/out-of-core.png), nx against raw dask.array on the same chunks, random
# numbers against Dask's on NumPy's Generator (PCG64, Philox) and RandomState, and
# compute-bound work against NumPy alone. About 7 minutes
# (ARGS="--gigabytes 4 --scale 0.25 --random-gigabytes 0.5 2" for a shorter run).
bench-dask: $(COMPILED_STAMP)
	NX_COMPILE=0 $(PY) -m pip install --quiet -e ".[bench,dask]"
	$(PY) benchmarks/dask_bench.py $(ARGS)

# The documentation (Sphinx, Markdown pages), in docs/_build/html; warnings are errors.
docs: $(STAMP)
	NX_COMPILE=0 $(PY) -m pip install --quiet -e ".[docs]"
	$(VENV)/bin/sphinx-build -W --keep-going -b html docs docs/_build/html

# docs/conformance.md from the report of the latest `make array-api-tests`.
conformance:
	$(PYTHON) docs/make_conformance.py --report $(CURDIR)/.array-api-tests.json \
	  --suite-dir $(ARRAY_API_TESTS_DIR)

# The fuzz suite (bad inputs, view memory safety, threads, aliasing) with many more
# examples than `make test` runs: tests/fuzz/conftest.py reads NX_FUZZ_EXAMPLES.
NX_FUZZ_EXAMPLES ?= 5000
fuzz: $(STAMP)
	NX_FUZZ_EXAMPLES=$(NX_FUZZ_EXAMPLES) $(PY) -m pytest -q -n $(PYTEST_WORKERS) -p no:cacheprovider tests/fuzz $(ARGS)

# Type checking: mypy on nx_core and nx_array_api, configured in pyproject.toml ([tool.mypy]).
lint: $(STAMP)
	$(PY) -m pip install --quiet mypy
	$(PY) -m mypy

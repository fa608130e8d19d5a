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

.PHONY: all demo test fuzz bench bench-dask docs conformance lint array-api-tests consumers-sklearn consumers-xpx consumers-scipy consumers-strict clean venv

all: test

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(PY) examples/tour.py

test: $(STAMP)
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) tests

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
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider $(ARGS)

# array-api-strict's own unit tests (shipped in its wheel) on nx's strict namespace:
# tests/consumers/strict_on_nx.py rewrites their imports and maps array-api-strict's names
# onto nx's. ARGS=--strict-backend=array_api_strict runs the same tests on array-api-strict.
consumers-strict: $(STAMP)
	PYTHONPATH=$(CURDIR)/tests/consumers$${PYTHONPATH:+:$$PYTHONPATH} \
	  $(PY) -m pytest -p strict_on_nx --pyargs array_api_strict.tests \
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider -rs $(ARGS)

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
	  -q -n $(ARRAY_API_TESTS_WORKERS) -p no:cacheprovider $(ARGS)

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis

bench: $(STAMP)
	$(PY) -m pip install --quiet "array-api-strict>=2.3"
	$(PY) benchmarks/run.py $(if $(ARGS),$(ARGS),--page docs/performance.md)

# The Dask device: out of core (32 GB of random normals, peak RSS), nx against raw
# dask.array on the same chunks, and compute-bound work against NumPy alone
# (ARGS="--gigabytes 4 --scale 0.25" for a shorter run).
bench-dask: $(STAMP)
	$(PY) benchmarks/dask_bench.py $(ARGS)

# The documentation (Sphinx, Markdown pages), in docs/_build/html; warnings are errors.
docs: $(STAMP)
	$(PY) -m pip install --quiet -e ".[docs]"
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

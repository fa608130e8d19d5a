# nx — the commands. `make demo` and `make test` set everything up on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARRAY_API_TESTS_DIR ?= array-api-tests
# The commit of data-apis/array-api-tests that `make array-api-tests` is known to pass at.
ARRAY_API_TESTS_COMMIT ?= UNPINNED
ARRAY_API_TESTS_URL := https://github.com/data-apis/array-api-tests.git
PYTEST_WORKERS ?= auto

.PHONY: all demo test fuzz bench docs lint array-api-tests clean venv

all: test

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

venv: $(STAMP)

demo: $(STAMP)
	$(PY) -m nx_array_api.demo

test: $(STAMP)
	$(PY) -m pytest -q -n $(PYTEST_WORKERS) tests

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .hypothesis

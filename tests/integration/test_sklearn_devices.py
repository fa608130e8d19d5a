"""scikit-learn's own Array API checks, run on nx's virtual devices.

scikit-learn tests its Array API support with ``check_array_api_input``: it fits each
estimator on arrays of one namespace and device, and checks that every fitted attribute
and every output lives on the input's device, with the dtype and shape of the NumPy
run (tests/integration/test_sklearn.py compares the values). scikit-learn runs it on array-api-strict's virtual devices; this module
runs it on nx's (``device1``, and ``no_float64`` without 64-bit floats), for every
estimator scikit-learn declares Array API ready, as its own test suite builds them. An
estimator that forgets ``device=`` somewhere fails here with a device mismatch.
"""

from __future__ import annotations

import os
import warnings

import numpy as np
import pytest

import nx_array_api as nx

pytest.importorskip("sklearn", minversion="1.8")
if os.environ.get("SCIPY_ARRAY_API") != "1":
    pytest.skip("scikit-learn's array API dispatch needs SCIPY_ARRAY_API=1", allow_module_level=True)

import sklearn  # noqa: E402
from sklearn.utils._array_api import NamespaceAndDevice  # noqa: E402
from sklearn.utils._tags import get_tags  # noqa: E402
from sklearn.utils._test_common.instance_generator import _tested_estimators  # noqa: E402
from sklearn.utils.estimator_checks import (  # noqa: E402
    check_array_api_input,
    check_array_api_mixed_inputs,
)


def _ready():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", FutureWarning)
        return [e for e in _tested_estimators() if get_tags(e).array_api_support]


# Failures that are not about devices: they happen on the default device too.
NOT_DEVICE_RELATED = {
    "LabelEncoder": "the check calls fit(X, y); LabelEncoder.fit takes y alone",
}


# Device bugs of scikit-learn that the virtual devices catch, exactly as
# array-api-strict's devices of the same names do (same call, same ValueError).
SKLEARN_DEVICE_BUGS = {
    ("no_float64", "GaussianNB"): "scikit-learn casts to float64 on a device without it",
    ("no_float64", "LinearDiscriminantAnalysis"): "scikit-learn casts to float64 on a device without it",
    ("no_float64", "LogisticRegression"): "scikit-learn casts to float64 on a device without it",
    ("no_float64", "RidgeClassifierCV"): "scikit-learn casts to float64 on a device without it",
    # the searches over a classifier (scored by accuracy_score) only; the key is the test id
    ("no_float64", "GridSearchCV4"): "scikit-learn's accuracy_score averages in the default device's float64",
    ("no_float64", "RandomizedSearchCV16"): "scikit-learn's accuracy_score averages in the default device's float64",
    ("mixed", "GaussianNB"): "scikit-learn indexes X with a mask computed from y on y's device",
    ("mixed", "LinearDiscriminantAnalysis"): "scikit-learn indexes X with a mask computed from y on y's device",
}


def _params(case):
    out = []
    for i, e in enumerate(_ready()):
        name = type(e).__name__
        why = NOT_DEVICE_RELATED.get(name) or SKLEARN_DEVICE_BUGS.get((case, name)) or SKLEARN_DEVICE_BUGS.get((case, f"{name}{i}"))
        marks = [pytest.mark.xfail(reason=why, strict=True)] if why else []
        out.append(pytest.param(e, id=f"{name}{i}", marks=marks))
    return out


READY = _params(None)


def test_found_scikit_learns_ready_estimators():
    names = {type(p.values[0]).__name__ for p in READY}
    assert {"PCA", "Ridge", "LinearDiscriminantAnalysis", "StandardScaler"} <= names


@pytest.mark.parametrize("device, dtype", [("cpu", "float64"), ("device1", "float64"), ("device1", "float32")])
@pytest.mark.parametrize("est", READY)
def test_check_array_api_input_on_virtual_device(est, device, dtype):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_array_api_input(
            type(est).__name__, est, "nx_array_api", device_name=device, dtype_name=dtype
        )


@pytest.mark.parametrize("est", _params("no_float64"))
def test_check_array_api_input_without_float64(est):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_array_api_input(type(est).__name__, est, "nx_array_api", device_name="no_float64", dtype_name="float32")


@pytest.mark.parametrize("est", _params("mixed"))
def test_check_array_api_mixed_devices(est):
    """X on device1, y and sample weights on device2: scikit-learn moves them to X's device."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_array_api_mixed_inputs(
            type(est).__name__,
            est,
            NamespaceAndDevice("nx_array_api", "device1"),
            NamespaceAndDevice("nx_array_api", "device2"),
        )


def test_mixed_device_metric_moves_to_the_first_device():
    from sklearn.metrics import mean_squared_error

    a = nx.asarray([1.0, 2.0, 3.0], device="device1")
    b = nx.asarray([1.0, 2.5, 3.0], device="device2")
    with sklearn.config_context(array_api_dispatch=True):
        r = mean_squared_error(a, b)
    assert float(r) == pytest.approx(np.mean(np.square([0.0, 0.5, 0.0])))


def test_mixed_device_fit_raises_the_standards_value_error():
    from sklearn.discriminant_analysis import LinearDiscriminantAnalysis

    X = nx.asarray(np.arange(12.0).reshape(6, 2) ** 1.5, device="device1")
    y = nx.asarray([0, 1, 0, 1, 0, 1], device="device2")
    with sklearn.config_context(array_api_dispatch=True):
        with pytest.raises(ValueError, match="'device1' and 'device2'|'device2' and 'device1'"):
            LinearDiscriminantAnalysis().fit(X, y)


def test_mixed_devices_in_nx_raise_the_standards_value_error():
    a = nx.asarray([1.0, 2.0], device="device1")
    b = nx.asarray([1.0, 2.0], device="device2")
    with pytest.raises(ValueError, match="'device1' and 'device2'"):
        nx.matmul(a, b)

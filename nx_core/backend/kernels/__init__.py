"""The NumPy kernels both engines run: the NumPy backend on whole arrays, the Dask
backend chunk by chunk. Each module is a set of functions on NumPy arrays (no Tensor,
no backend), with public names:

- ``elementwise``: the element-wise operations with nx's semantics (C division,
  saturating casts, round half away from zero, ...);
- ``reduce``: reductions, arg-reductions and scans;
- ``sort``: stable sorts with NaN last, and searches;
- ``linalg``, ``fft``: factorisations and solvers, transforms;
- ``indexed``: gather and scatter along an axis;
- ``windows``: unfold and fold;
- ``threefry``: Threefry-2x32-20 with its known-answer vectors, uniforms and normals;
- ``strided``: the bounds-checked bridge from a buffer and a View to an ndarray.

A new engine reads ``nx_core.backend.protocol`` for the contract and one of
``nx_core.backend.numpy`` and ``nx_core.backend.dask`` for an example.
"""

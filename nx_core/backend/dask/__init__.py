"""The parts of the Dask backend (``nx_core.backend.dask_array`` puts them together).

- ``core``: tensors over dask arrays, the chunking of new arrays, the memory budget,
  the values of arrays already in memory, and how a graph is computed;
- ``steps``: what runs on each chunk (module-level functions, cheap to name and to send);
- ``reductions``, ``indexing``, ``linalg``, ``creation``: the primitives, by concern.
"""

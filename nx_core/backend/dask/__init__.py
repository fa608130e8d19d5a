"""The Dask backend: ``backend`` puts its parts together (``DaskBackend``):

- ``core``: tensors over dask arrays, the chunking of new arrays, the memory budget,
  the values of arrays already in memory, and how a graph is computed;
- ``steps``: what runs on each chunk (module-level functions, cheap to name and to send);
- ``reductions``, ``indexing``, ``linalg``, ``creation``: the primitives, by concern.
"""

from .backend import MAX_CHUNKS as MAX_CHUNKS
from .backend import DaskBackend as DaskBackend
from .backend import memory_budget as memory_budget
from .backend import set_chunks as set_chunks
from .backend import set_memory_budget as set_memory_budget

__all__ = ["DaskBackend", "set_chunks", "set_memory_budget", "memory_budget", "MAX_CHUNKS"]

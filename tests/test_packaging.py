"""The release as a user gets it: the sdist, the wheel built from it, and that wheel
installed with its ``dask`` extra into a fresh virtual environment.

- ``test_sdist_and_its_wheel``: the sdist holds every file of the project (what a rebuild,
  the tests and the docs need); the wheel built from the unpacked sdist holds both
  packages whole, with their ``py.typed`` markers and nothing else, and its metadata names
  the distribution, the version and the extras. Built without build isolation or the
  package index, from a copy of the project (so no build output lands in the checkout),
  as the pure-Python wheel (``NX_COMPILE=0``).
- ``test_fresh_environment``: the release as a maintainer makes it and a user installs
  it, with nothing from this environment but Python: ``python -m build`` (in a build
  environment of its own, from the index) makes the sdist and the wheel from the
  unpacked sdist, each in an isolated environment with the ``[build-system]``
  requirements from the index: a platform wheel with the compiled modules (where
  ``setup.py`` names any: ``COMPILED``), and with
  ``NX_COMPILE=0`` a pure-Python wheel of the same sdist; each is installed with the
  ``dask`` extra into a new virtual environment (the dependencies from the package index,
  nx from that wheel only), and ``tests/installed_smoke.py`` runs there, outside any
  checkout, and says which modules run compiled. Skipped, saying why, only where the
  package index cannot be reached.
- ``test_install_lines``: every ``pip install`` line of the docs, examples and messages
  that installs nx names this distribution and extras it has.

``NX_SKIP_PACKAGING_TEST=1`` skips the two build tests (for a quick run offline).
"""

from __future__ import annotations

import ast
import fnmatch
import importlib.machinery
import importlib.metadata
import importlib.util
import os
import re
import shlex
import shutil
import subprocess
import sys
import tarfile
import tomllib
import venv
import zipfile
from email.parser import HeaderParser
from pathlib import Path

import pytest

import nx_array_api

ROOT = Path(__file__).resolve().parent.parent
_EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def _compiled_by_setup() -> list[str]:
    """setup.py's COMPILED: the modules a build compiles where it can."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        target = getattr(node, "target", None) or (getattr(node, "targets", None) or [None])[0]
        if isinstance(target, ast.Name) and target.id == "COMPILED":
            return list(ast.literal_eval(node.value))  # type: ignore[arg-type]
    raise AssertionError("setup.py names no COMPILED list")


#: Whether the release's default wheel is a platform wheel with compiled modules.
COMPILES = bool(_compiled_by_setup())
PACKAGES = ("nx_core", "nx_array_api")
DIST = "nx-array-api"
# What every release must carry besides the packages (the rest is the whole project).
ESSENTIAL = {
    "pyproject.toml", "README.md", "LICENSE", "CHANGELOG.md", "MANIFEST.in", "Makefile",
    "array-api-tests-xfails.txt", "tests/conftest.py", "tests/installed_smoke.py",
    "docs/conf.py", "docs/index.md",
}
# Written by the sdist build itself, not taken from the project.
SDIST_GENERATED = ("PKG-INFO", "setup.cfg")
# pip's output when an index cannot be reached (refused, unresolved, timed out, TLS failed).
UNREACHABLE = re.compile(
    r"Could not fetch URL|NewConnectionError|Failed to establish a new connection|"
    r"Max retries exceeded|ConnectTimeout|ReadTimeout|Temporary failure in name resolution|"
    r"Name or service not known|Network is unreachable|ProxyError"
)


def _build_tools_missing() -> str | None:
    if os.environ.get("NX_SKIP_PACKAGING_TEST"):
        return "NX_SKIP_PACKAGING_TEST is set"
    if importlib.util.find_spec("pip") is None:
        return "pip is not importable"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not importable"
    try:
        major = int(importlib.metadata.version("setuptools").split(".")[0])
    except (importlib.metadata.PackageNotFoundError, ValueError):
        major = 0
    if major < 77:
        return "setuptools >= 77 is needed (pyproject.toml [build-system]; pip install -e '.[test]')"
    return None


_NO_BUILD = _build_tools_missing()
needs_build_tools = pytest.mark.skipif(_NO_BUILD is not None, reason=_NO_BUILD or "")


# -- the project's files --------------------------------------------------------------


def _ignored(rel: str, patterns: list[str]) -> bool:
    """A small reading of .gitignore (enough for this project's): a pattern with a slash
    other than a trailing one matches from the root, one without matches any component."""
    parts = rel.split("/")
    for pat in patterns:
        pat = pat.rstrip("/")
        if "/" in pat:
            pat = pat.lstrip("/")
            if any(fnmatch.fnmatch("/".join(parts[: i + 1]), pat) for i in range(len(parts))):
                return True
        elif any(fnmatch.fnmatch(part, pat) for part in parts):
            return True
    return False


def _project_files() -> list[str]:
    """The project's files, relative to ROOT: those git knows of (tracked, and new files
    it does not ignore); where ROOT is no git checkout (an unpacked sdist), every file
    that .gitignore does not ignore."""
    if (ROOT / ".git").exists() and shutil.which("git"):
        proc = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT, capture_output=True, check=True,
        )
        names = [n for n in proc.stdout.decode().split("\0") if n]
        return sorted(n for n in names if (ROOT / n).is_file())  # not files deleted but unstaged
    gitignore = ROOT / ".gitignore"
    patterns = [".git", "*.egg-info", *SDIST_GENERATED]
    if gitignore.is_file():
        patterns += [
            ln.strip() for ln in gitignore.read_text().splitlines()
            if ln.strip() and not ln.startswith("#")
        ]
    out = []
    for path in ROOT.rglob("*"):
        rel = path.relative_to(ROOT).as_posix()
        if path.is_file() and not _ignored(rel, patterns):
            out.append(rel)
    return sorted(out)


def _package_files(files: list[str]) -> set[str]:
    """The wheel's share of the project: the packages' modules and py.typed markers."""
    return {
        f for f in files
        if f.split("/", 1)[0] in PACKAGES and (f.endswith(".py") or f.endswith("/py.typed"))
    }


# -- building ---------------------------------------------------------------------------


def _run(cmd: list[str], what: str, **kw) -> subprocess.CompletedProcess:
    # (a guard against a command that never returns: a build or an install on a busy
    # machine takes minutes)
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=1200, **kw)
    assert proc.returncode == 0, f"{what} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc


def _clean_env(**extra: str) -> dict[str, str]:
    """This process's environment less what would let a child see the checkout or change
    nx's mode (PYTHONPATH, NX_STRICT, NX_DEFAULT_DEVICE, ...)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV") and not k.startswith("NX_")}
    env["PIP_NO_INPUT"] = "1"
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    env.update(extra)
    return env


def _copy_project(dst: Path) -> None:
    """A copy of the project's files (so that no build output lands in the checkout)."""
    for rel in _project_files():
        (dst / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / rel, dst / rel)


def _unpack(sdist: Path, dst: Path) -> None:
    """The sdist's one top-level folder, unpacked as ``dst``."""
    tmp = dst.with_name(dst.name + "-tar")
    with tarfile.open(sdist) as tf:
        tops = {m.name.split("/", 1)[0] for m in tf.getmembers()}
        assert len(tops) == 1, f"the sdist has {len(tops)} top-level entries: {sorted(tops)}"
        if hasattr(tarfile, "data_filter"):
            tf.extractall(tmp, filter="data")
        else:  # a Python without the extraction filters
            tf.extractall(tmp)  # noqa: S202 (our own archive)
    (tmp / tops.pop()).rename(dst)


def _sdist(tmp: Path) -> Path:
    """The sdist of a copy of the project, built in this environment (the PEP 517 hook
    of [build-system]), and unpacked at ``tmp / "unpacked"``."""
    src = tmp / "src"
    _copy_project(src)
    dist = tmp / "dist"
    code = "import sys, setuptools.build_meta as b; print(b.build_sdist(sys.argv[1]))"
    _run([sys.executable, "-c", code, str(dist)], "building the sdist", cwd=src, env=_clean_env())
    built = sorted(dist.glob("*.tar.gz"))
    assert len(built) == 1, f"expected one sdist, got {[p.name for p in built]}"
    _unpack(built[0], tmp / "unpacked")
    return built[0]


def _wheel(src: Path, out: Path) -> Path:
    """The pure-Python wheel of ``src`` (NX_COMPILE=0) built by pip in this environment,
    without the index."""
    _run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "--no-build-isolation",
         "--no-index", "-w", str(out), str(src)],
        "pip wheel", env=_clean_env(NX_COMPILE="0"),
    )
    built = sorted(out.glob("*.whl"))
    assert len(built) == 1, f"expected one wheel, got {[p.name for p in built]}"
    return built[0]


def _sdist_names(sdist: Path) -> set[str]:
    with tarfile.open(sdist) as tf:
        return {m.name.split("/", 1)[1] for m in tf.getmembers() if m.isfile() and "/" in m.name}


def _check_wheel(wheel: Path, files: list[str], compiled: bool = False) -> None:
    """Both packages whole with their py.typed markers, nothing else, and the metadata.
    ``compiled``: a platform wheel that also holds the compiled modules, each next to
    its source; else a pure-Python wheel."""
    version = nx_array_api.__version__
    if compiled:
        tag = f"cp{sys.version_info[0]}{sys.version_info[1]}"
        assert wheel.name.startswith(f"nx_array_api-{version}-{tag}-{tag}-"), wheel.name
    else:
        assert wheel.name == f"nx_array_api-{version}-py3-none-any.whl", wheel.name
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        info = f"nx_array_api-{version}.dist-info"
        meta = HeaderParser().parsestr(zf.read(f"{info}/METADATA").decode())
        # dist-info/licenses/LICENSE (PEP 639)
        licences = [n for n in names if n.startswith(f"{info}/") and n.endswith("/LICENSE")]
        licence = zf.read(licences[0]).decode() if licences else ""
    expected = _package_files(files)
    assert {f"{p}/py.typed" for p in PACKAGES} <= expected
    binaries = {n for n in names if n.endswith(_EXTENSION_SUFFIXES)}
    if compiled:
        # each module of setup.py's COMPILED, next to its source (and not Cython's C)
        want = {m.replace(".", "/") for m in _compiled_by_setup()}
        assert {n.split(".", 1)[0] for n in binaries} == want, sorted(binaries)
        assert all(n.split(".", 1)[0] + ".py" in expected for n in binaries), sorted(binaries)
        assert not {n for n in names if n.endswith(".c")}, sorted(names)
        names -= binaries
    else:
        assert not binaries, f"compiled modules in the pure-Python wheel: {sorted(binaries)}"
    missing = sorted(expected - names)
    assert not missing, f"missing from the wheel: {missing}"
    stray = sorted(
        n for n in names if n.split("/", 1)[0] not in PACKAGES and not n.startswith(f"{info}/")
    )
    assert not stray, f"unexpected entries in the wheel: {stray}"
    extra = sorted(n for n in names - expected if not n.startswith(f"{info}/"))
    assert not extra, f"files in the wheel's packages that the project does not have: {extra}"
    assert meta["Name"] == DIST and meta["Version"] == version, (meta["Name"], meta["Version"])
    assert meta["License-Expression"] == "ISC" and "ISC License" in licence, meta["License-Expression"]
    assert {"dask", "test", "docs"} <= set(meta.get_all("Provides-Extra") or [])
    requires = meta.get_all("Requires-Dist") or []
    assert any(r.startswith("numpy") and "extra" not in r for r in requires), requires
    assert any(r.startswith("distributed") and 'extra == "dask"' in r for r in requires), requires


# -- the tests ----------------------------------------------------------------------------


@needs_build_tools
def test_sdist_and_its_wheel(tmp_path: Path) -> None:
    files = _project_files()
    assert ESSENTIAL <= set(files), f"the project lacks {sorted(ESSENTIAL - set(files))}"
    sdist = _sdist(tmp_path)
    assert sdist.name in {f"{DIST}-{nx_array_api.__version__}.tar.gz",
                          f"nx_array_api-{nx_array_api.__version__}.tar.gz"}, sdist.name
    names = _sdist_names(sdist)
    missing = sorted(set(files) - names)
    assert not missing, f"missing from the sdist (MANIFEST.in): {missing}"
    generated = {n for n in names if n.startswith("nx_array_api.egg-info/")} | set(SDIST_GENERATED)
    stray = sorted(names - set(files) - generated)
    assert not stray, f"files in the sdist that are not the project's: {stray}"
    _check_wheel(_wheel(tmp_path / "unpacked", tmp_path / "wheels"), files)


def _index_unreachable(python: str, env: dict[str, str]) -> str | None:
    """Why ``python``'s pip, with its configuration (index, mirrors, proxy) and ``env``,
    cannot reach the package index, or None when it can: one look-up of a dependency of
    the dask extra. (-vv: pip tells why a page could not be fetched only at that level.)"""
    proc = subprocess.run(
        [python, "-m", "pip", "index", "versions", "distributed", "-vv",
         "--timeout", "15", "--retries", "1"],
        capture_output=True, text=True, timeout=120, env=env,
    )
    out = proc.stdout + proc.stderr
    if proc.returncode == 0 or not UNREACHABLE.search(out):
        return None
    lines = [ln for ln in out.splitlines() if UNREACHABLE.search(ln)]
    told = [ln for ln in lines if "Could not fetch URL" in ln] or lines
    return f"the package index cannot be reached: {told[0].strip()[:300]}"


def test_unreachable_index_is_told_apart() -> None:
    """test_fresh_environment's skip: an index that refuses connections (a loopback port
    that nothing listens on) is told unreachable."""
    env = _clean_env(PIP_CONFIG_FILE=os.devnull, PIP_INDEX_URL="http://127.0.0.1:9/simple/")
    env.pop("PIP_FIND_LINKS", None)
    env.pop("PIP_EXTRA_INDEX_URL", None)
    reason = _index_unreachable(sys.executable, env)
    assert reason is not None and "127.0.0.1" in reason, reason


def _new_env(path: Path) -> str:
    """A new virtual environment with pip (and nothing else of this one); its python."""
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    return str(path / ("Scripts" if os.name == "nt" else "bin") / "python")


def test_fresh_environment(tmp_path: Path) -> None:
    if os.environ.get("NX_SKIP_PACKAGING_TEST"):
        pytest.skip("NX_SKIP_PACKAGING_TEST is set")
    builder = _new_env(tmp_path / "build-env")
    reason = _index_unreachable(builder, _clean_env())
    if reason:
        pytest.skip(reason)
    files = _project_files()
    _copy_project(tmp_path / "src")
    # The release: python -m build makes the sdist, then the wheel from the unpacked sdist
    # (compiled: Cython comes from the index as a build requirement, and this machine has
    # a C compiler); NX_COMPILE=0 makes the pure-Python wheel of the same sdist.
    _run([builder, "-m", "pip", "install", "-q", "build"], "pip install build", env=_clean_env())
    _run(
        [builder, "-m", "build", "-o", str(tmp_path / "dist"), str(tmp_path / "src")],
        "python -m build", env=_clean_env(), cwd=tmp_path,
    )
    sdists = sorted((tmp_path / "dist").glob("*.tar.gz"))
    wheels = sorted((tmp_path / "dist").glob("*.whl"))
    assert len(sdists) == 1 and len(wheels) == 1, sorted(os.listdir(tmp_path / "dist"))
    missing = sorted(set(files) - _sdist_names(sdists[0]))
    assert not missing, f"missing from the sdist (MANIFEST.in): {missing}"
    _run(
        [builder, "-m", "build", "--wheel", "-o", str(tmp_path / "dist-pure"), str(sdists[0])],
        "python -m build --wheel (NX_COMPILE=0)", env=_clean_env(NX_COMPILE="0"), cwd=tmp_path,
    )
    pure = sorted((tmp_path / "dist-pure").glob("*.whl"))
    assert len(pure) == 1, sorted(os.listdir(tmp_path / "dist-pure"))
    for wheel, compiled in ((wheels[0], COMPILES), (pure[0], False)):
        _check_wheel(wheel, files, compiled)
        _install_and_smoke(tmp_path / "env", wheel, compiled)
    shutil.rmtree(tmp_path / "build-env", ignore_errors=True)


def _install_and_smoke(env_dir: Path, wheel: Path, compiled: bool) -> None:
    """``wheel`` installed with the dask extra into a new virtual environment, and the
    smoke script run there: it imports nx from that environment, compiled or not."""
    python = _new_env(env_dir)
    # nx from the wheel only (a path, so nothing named nx-array-api comes from the index);
    # numpy, dask and distributed from the index.
    _run(
        [python, "-m", "pip", "install", "-q", "--timeout", "60", f"{wheel}[dask]"],
        "pip install of the wheel with the dask extra", env=_clean_env(), cwd=env_dir.parent,
    )
    shown = _run([python, "-m", "pip", "show", "-f", DIST], "pip show", env=_clean_env()).stdout
    assert f"Version: {nx_array_api.__version__}" in shown
    for pkg in PACKAGES:
        assert f"{pkg}/py.typed" in shown, f"{pkg}/py.typed is not installed"
    # -I: no script directory, current directory or PYTHON* variable on the path; run from
    # outside the checkout.
    smoke = _run(
        [python, "-I", str(ROOT / "tests" / "installed_smoke.py")],
        "the smoke script in the fresh environment", env=_clean_env(), cwd=env_dir.parent,
    ).stdout
    lines = dict(ln.split(": ", 1) for ln in smoke.splitlines() if ": " in ln)
    assert set(lines) == {"installed", "build", "cpu", "strict", "dask"}, smoke
    where = [Path(p).resolve() for p in lines["installed"].split(" from ", 1)[1].split(", ")]
    assert all(env_dir.resolve() in p.parents for p in where), f"nx imported from {where}, not {env_dir}"
    if compiled:
        assert lines["build"].startswith("compiled nx_"), smoke
    else:
        assert lines["build"] == "pure Python", smoke
    # The environment holds some 200 MB; pytest keeps the last runs' temporary folders.
    shutil.rmtree(env_dir, ignore_errors=True)


# -- install lines ------------------------------------------------------------------------

# Where a user reads an install line: the docs, the examples, the benchmarks, messages
# and comments in the packages, the Makefile and CI.
_INSTALL_SOURCES = ("README.md", "CHANGELOG.md", "Makefile", ".ci/*", "docs/*.md", "docs/*.py",
                    "examples/*.py", "benchmarks/*.py", "nx_core/**/*.py", "nx_array_api/**/*.py")
_PIP_INSTALL = re.compile(r"pip3? install\s+([^\n`|;&)#]*)")
_NX_EXTRA = re.compile(r"(?<![\w.-])nx\[")


def _extras() -> set[str]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    assert project["name"] == DIST
    return set(project["optional-dependencies"])


def test_install_lines() -> None:
    """Every install line that installs nx names nx-array-api or the checkout, with extras
    the project defines; no `nx[...]` is left anywhere a user reads."""
    extras = _extras()
    sources = sorted({p for pat in _INSTALL_SOURCES for p in ROOT.glob(pat) if p.is_file()})
    assert ROOT / "README.md" in sources and ROOT / "docs" / "getting-started.md" in sources
    bad = []
    seen = 0
    for path in sources:
        text = path.read_text(encoding="utf-8")
        rel = path.relative_to(ROOT).as_posix()
        for i, line in enumerate(text.splitlines(), 1):
            if _NX_EXTRA.search(line):
                bad.append(f"{rel}:{i}: names the distribution nx: {line.strip()}")
            for m in _PIP_INSTALL.finditer(line):
                try:
                    args = shlex.split(m.group(1))
                except ValueError:
                    args = m.group(1).split()
                for arg in args:
                    if arg.startswith("-") or arg.startswith("$"):
                        continue
                    name, _, rest = arg.partition("[")
                    wanted = set(re.findall(r"[\w-]+", rest.split("]")[0])) if rest else set()
                    name = re.split(r"[<>=!~;@ ]", name, maxsplit=1)[0]
                    norm = re.sub(r"[-_.]+", "-", name).lower()
                    if name in (".", "") or name.startswith(("./", "/")) or norm == DIST:
                        seen += norm == DIST
                        unknown = sorted(wanted - extras)
                        if unknown:
                            bad.append(f"{rel}:{i}: extras {unknown} are not defined: {line.strip()}")
                    elif norm.startswith("nx"):
                        bad.append(f"{rel}:{i}: installs {name!r}, not {DIST}: {line.strip()}")
    assert not bad, "\n".join(bad)
    assert seen >= 3, f"only {seen} install lines name {DIST}"


def test_the_requirements_the_docs_state_are_pyproject_s() -> None:
    """The README and getting-started state the Python and NumPy floors that pyproject.toml
    declares (NumPy 2.3, the NumPy floor, was the first release without Python 3.10: a
    floor raised in one place and not the other goes unnoticed by every other test)."""
    with open(ROOT / "pyproject.toml", "rb") as f:
        project = tomllib.load(f)["project"]
    python = re.fullmatch(r">=(\d+\.\d+)", project["requires-python"]).group(1)
    (numpy,) = [re.fullmatch(r"numpy>=(\d+\.\d+)", d).group(1) for d in project["dependencies"] if d.startswith("numpy")]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"Python >= {python} and NumPy >= {numpy}" in readme
    assert f"On a fresh machine with Python >= {python}:" in readme
    guide = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    assert f"nx needs Python {python} or later and NumPy {numpy} or later" in guide

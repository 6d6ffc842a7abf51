"""The install's compiled parts, beside ``pyproject.toml`` (which declares the rest).

- The C modules: every C source in the package (the fast path's readers, the
  dealer's loop), each optional (no C compiler: the same values come from Python).
- The engine's hot modules (:data:`pokerbook.compiled.MODULES`), compiled by mypyc.
  Where that cannot be done (no C compiler, no mypyc), the install goes on with the
  sources alone, which give the same results more slowly.  Once every compiled
  module is built, a digest of their sources is written beside them: the package
  uses them only while the sources are those (:mod:`pokerbook.compiled`).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
PACKAGE = ROOT / "src" / "pokerbook"


def _load_compiled() -> Any:
    """``pokerbook.compiled``, read from its file (the package is not installed yet)."""
    spec = importlib.util.spec_from_file_location("_pokerbook_compiled", PACKAGE / "compiled.py")
    if spec is None or spec.loader is None:
        raise RuntimeError(f"cannot read {PACKAGE / 'compiled.py'}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED = _load_compiled()


def _mypyc_extensions() -> list[Extension]:
    """The compiled modules' extensions, or none when mypyc is not at hand or fails."""
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("pokerbook: mypyc not found; the engine runs from its sources", file=sys.stderr)
        return []
    paths = [os.path.relpath(COMPILED.source_of(m, PACKAGE), ROOT) for m in COMPILED.MODULES]
    # mypy's own settings only (not the project's strict checking, which CI runs);
    # the dependencies (NumPy ...) need not be installed to compile: a type from them
    # is Any, and the modules not compiled are read for their types, not checked
    with tempfile.TemporaryDirectory() as folder:
        config = Path(folder, "mypy.ini")
        config.write_text(
            "[mypy]\nignore_missing_imports = True\nfollow_imports = silent\n", encoding="ascii"
        )
        try:
            extensions: list[Extension] = mypycify(
                ["--config-file", str(config), *paths], group_name=COMPILED.GROUP, opt_level="3"
            )
        except (Exception, SystemExit) as error:  # (mypyc exits on a type error)
            print(
                f"pokerbook: mypyc failed ({error}); the engine runs from sources", file=sys.stderr
            )
            return []
    for extension in extensions:
        extension.optional = True  # no C compiler: the sources
    return extensions


class BuildExtensions(build_ext):
    """Builds the extensions on every core, and records the compiled sources' digest
    once every compiled module is built (none recorded otherwise)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if self.parallel is None:
            self.parallel = os.cpu_count() or 1

    def run(self) -> None:
        self._built: set[str] = set()
        record = self._digest_path()
        record.unlink(missing_ok=True)
        super().run()
        compiled = {e.name for e in COMPILED_EXTENSIONS}
        if compiled and compiled <= self._built:
            record.parent.mkdir(parents=True, exist_ok=True)
            record.write_text(COMPILED.digest(PACKAGE) + "\n", encoding="ascii")

    def build_extension(self, ext: Extension) -> None:
        super().build_extension(ext)
        self._built.add(ext.name)

    def copy_extensions_to_source(self) -> None:
        """An editable install's copy into the sources: the digest goes along (or a
        digest left from an earlier build goes away)."""
        super().copy_extensions_to_source()
        source = PACKAGE / COMPILED.DIGEST_FILE
        source.unlink(missing_ok=True)
        built = self._digest_path()
        if built.is_file() and built.resolve() != source.resolve():
            self.copy_file(str(built), str(source))

    def _digest_path(self) -> Path:
        library = Path(self.get_ext_fullpath(COMPILED.GROUP + "__mypyc"))
        return library.parent / COMPILED.DIGEST_FILE


def _c_extensions() -> list[Extension]:
    """An optional extension of each C source in the package, named by its path."""
    source_root = ROOT / "src"
    return [
        Extension(
            ".".join(path.relative_to(source_root).with_suffix("").parts),
            [str(path.relative_to(ROOT))],
            optional=True,
        )
        for path in sorted(PACKAGE.rglob("*.c"))
    ]


COMPILED_EXTENSIONS = _mypyc_extensions()

setup(
    ext_modules=[*_c_extensions(), *COMPILED_EXTENSIONS],
    cmdclass={"build_ext": BuildExtensions},
)

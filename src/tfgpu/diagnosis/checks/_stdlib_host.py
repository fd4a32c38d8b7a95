"""Which Python lacks a standard-library extension module, read from the path of its own
standard library in the traceback (``python-missing-stdlib-module``; checks/python_env_faults.py
calls it): MSYS2's Python (C:/msys64/mingw64/lib/python3.X), a macOS one (/Users/..., pyenv's
~/.pyenv/versions/<v>), a native Windows one, else a Linux one.

Sources (platform fact ``cpython-optional-modules``): MSYS2's package naming (each
environment's package prefix; its Python is the ``<prefix>python`` package, so a module missing
there is that package's fault, which MSYS2's updates fix: msys2/MINGW-packages#4572 and #4575);
pyenv's suggested macOS build environment (Homebrew's openssl, sqlite, xz ...) and
pyenv/pyenv#2302 (3.7's _ctypes on Apple silicon needed pyenv's patch); CPython's Windows build
(PCbuild/_ctypes.vcxproj, _bz2, _lzma, _sqlite3, _ssl: a python.org Windows Python ships them).
"""

from __future__ import annotations

import re

from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts

#: An MSYS2 environment's Python standard library: its root (C:/msys64/<env>, or /<env> as
#: MSYS2's own shells print it) and lib/python3.X.
_MSYS2 = re.compile(r"(?i)(?:msys(?:64|32|2)[/\\]|^/)(?P<env>mingw64|mingw32|ucrt64|clang64"
                    r"|clang32|clangarm64|usr)[/\\]lib[/\\]python\d")
#: MSYS2's package prefix of each environment (msys2.org/docs/package-naming).
_MSYS2_PREFIX = {"mingw64": "mingw-w64-x86_64-", "mingw32": "mingw-w64-i686-",
                 "ucrt64": "mingw-w64-ucrt-x86_64-", "clang64": "mingw-w64-clang-x86_64-",
                 "clang32": "mingw-w64-clang-i686-", "clangarm64": "mingw-w64-clang-aarch64-",
                 "usr": ""}
#: A macOS path: a home under /Users, Homebrew's prefixes, python.org's framework.
_MACOS = re.compile(r"^/Users/|^/opt/homebrew/|^/usr/local/Cellar/|^/Library/Frameworks/")
#: pyenv's interpreter folder and its version.
_PYENV = re.compile(r"[/\\]\.pyenv[/\\]versions[/\\](?P<v>\d{1,2}\.\d{1,3}(?:\.\d{1,3})?"
                    r"[\w.-]{0,20})[/\\]")


def stdlib_frame(ctx: Facts, err: Hit) -> str | None:
    """The path of the traceback frame right above the error (within 4 lines), the standard
    library file that imports the module (``ctypes/__init__.py``), else ``None``."""
    frames = [f for f in ctx.h("ctx.py_frame_head").all()
              if f.g("path") and 0 < err.line - f.line <= 4]
    return frames[-1].g("path") if frames else None


def host_fix(ctx: Facts, err: Hit, mod: str, lib: str,
             pkg: str) -> tuple[str | None, str | None, tuple[str, ...]]:
    """``(host, MSYS2 environment, fix lines)`` for the Python the traceback's path shows:
    host ``msys2`` (with its environment's name, ``MINGW64``), ``macos``, ``windows`` or
    ``None`` (a Linux or unknown host, the apt line first)."""
    path = stdlib_frame(ctx, err) or ""
    pyenv = _PYENV.search(path)
    version = pyenv.group("v") if pyenv else "<version>"
    m = _MSYS2.search(path)
    if m:
        env = m.group("env").lower()
        name = f"{_MSYS2_PREFIX[env]}python"
        shown = "MSYS" if env == "usr" else env.upper()
        return "msys2", shown, (
            f"pacman -Syu   # in an MSYS2 shell: update MSYS2 and its {name} package, which "
            f"builds {mod} ({lib}) into MSYS2's Python: a module missing from it is that "
            "package's fault, and MSYS2's updates fix it (msys2/MINGW-packages#4572)",
            f"pacman -S {name}   # reinstall it if the update leaves {mod} missing",
            f"# still missing: report it to MSYS2's MINGW-packages, or use a python.org Windows "
            f"Python, which ships {mod}")
    formula = _brew(ctx, mod)
    if _MACOS.search(path) or (not path.startswith("/") and ctx.os == "macos"):
        rebuild = (f"brew upgrade pyenv && pyenv install --force {version}   # rebuild it "
                   "with a current pyenv, whose build patches older CPython releases need on "
                   "Apple silicon (pyenv/pyenv#2302: 3.7's _ctypes); then recreate the "
                   "virtual environment from it" if pyenv else
                   "# then build that Python again (./configure && make) and recreate the "
                   "virtual environment from it")
        return "macos", None, (
            f"brew install {formula}   # {lib} for the build (pyenv's suggested macOS build "
            "environment: brew install openssl readline sqlite3 xz zlib tcl-tk@8)",
            rebuild,
            "# or use a Python that has the module: python.org's macOS installer, Homebrew's "
            "python@3.x, conda's")
    if re.match(r"^[A-Za-z]:[/\\]", path) or (not path.startswith("/") and ctx.windows):
        return "windows", None, (
            f"# a python.org Windows Python ships {mod} (DLLs\\{mod}.pyd): this one is "
            "damaged or trimmed: run its installer again and choose Repair (or reinstall it), "
            "then recreate the virtual environment",
            "where.exe python   # which Python ran: the first one on PATH")
    rebuild = (f"pyenv install --force {version}" if pyenv
               else "pyenv install --force <version>, or ./configure && make")
    return None, None, (
        f"sudo apt-get install {pkg}   # Debian/Ubuntu: {lib}'s headers (Fedora: the -devel "
        "package)",
        f"# then build that Python again ({rebuild}), and recreate the virtual environment "
        "from it",
        "# or use a Python that has the module: the distribution's python3, python.org's or "
        "conda's")


def _brew(ctx: Facts, mod: str) -> str:
    """The Homebrew formula of ``mod``'s library (platform fact cpython-optional-modules)."""
    fact = ctx.kb.platform_fact("cpython-optional-modules")
    rows = dict(item.split("=", 1) for item in fact.items("brew"))
    return rows.get(mod, "<the library's formula>")


__all__ = ["host_fix", "stdlib_frame"]

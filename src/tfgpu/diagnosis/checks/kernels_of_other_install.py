"""A TensorFlow loading the kernel libraries of another TensorFlow install on ``sys.path``:
``op-library-built-for-other-tensorflow``, variant ``other-install``.

Source: TensorFlow's package ``__init__.py`` (``tensorflow/api_template.__init__.py``), run
from a pip install, loaded "first party dynamic kernels" from the ``core/kernels`` folder
under EVERY site-packages folder it found (``for _s in _site_packages_dirs: _main_dir =
_os.path.join(_s, 'tensorflow_core/core/kernels')`` in 2.0-2.1, ``tensorflow/core/kernels``
later): a second TensorFlow in another site-packages folder (the user site ``~/.local``, the
system's beside a venv made with ``--system-site-packages``, a notebook image's beside a
conda one) had its ``libtfkernel_*.so`` loaded into the first, whose symbols they do not
find (tensorflow/tensorflow#42978, #50789, #51451 with TF 2.6.0; tensorflow/models#10038).
Later ``__init__.py`` loads only its own folder (``_tf_dir = dirname(__file__)``).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import FRAME
from tfgpu.diagnosis.checks._op_lib_symbol import op_lib_symbol
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's own kernel library: the site-packages folder it is in ends the text before.
_KERNEL_LIB = re.compile(r"[/\\](?:site|dist)-packages[/\\]tensorflow(?:_core)?[/\\]core"
                         r"[/\\]kernels[/\\](?P<so>[\w.+-]+\.so)")
#: Where TensorFlow's package folder starts in a path (the site-packages folder before it).
_TF_DIR = re.compile(r"[/\\](?:site|dist)-packages[/\\]tensorflow(?:_core)?[/\\]")
#: Characters that end a path written in a log line (a frame's quote, a message's words).
_PATH_STARTS = " \t'\"(),:="
#: An absolute path's start: POSIX, a home folder, a Windows drive.
_ABSOLUTE = re.compile(r"^(?:/|~|[A-Za-z]:[/\\])")


def _site_root(text: str) -> str | None:
    """The site-packages folder of the first TensorFlow path in ``text`` (``.../site-packages``
    before ``tensorflow/``), found from the package folder back to the path's start (linear
    time); a frame's quoted path is read whole (a folder name with spaces).  ``None`` when
    ``text`` holds none or the path is not absolute (a hard-wrapped paste's second piece)."""
    m = _TF_DIR.search(text)
    if m is None:
        return None
    quote = text.rfind('File "', 0, m.start())
    if quote >= 0 and '"' not in text[quote + 6:m.start()]:
        start = quote + 6
    else:
        start = max(text.rfind(c, 0, m.start()) for c in _PATH_STARTS) + 1
    root = text[start:_packages_end(m)]
    return _root(root) if _ABSOLUTE.match(root) else None


def _packages_end(m: re.Match[str]) -> int:
    """Where the ``site-packages`` (``dist-packages``) folder's name ends in a match of
    :data:`_TF_DIR` or :data:`_KERNEL_LIB`."""
    return m.start() + m.group(0).index("packages") + len("packages")


def _root(path: str) -> str:
    """A site-packages folder as the log wrote it, compared without its separator style and
    with ``lib64`` as ``lib`` (a venv's ``lib64`` is a link to its ``lib`` on many Linux
    distributions: one folder written two ways)."""
    return re.sub(r"/lib64/", "/lib/", path.replace("\\", "/").rstrip("/") + "/").rstrip("/")


#: How far above the error its traceback's frames may stand (its last frames and their code
#: lines, hard-wrapped at 80 columns in a paste).
TRACEBACK_WINDOW = 30


def kernels_of_other_install(ctx: Facts) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``other-install``: a library of
    TensorFlow's own ``core/kernels`` folder under one site-packages folder failed with
    "undefined symbol" while the frames of the traceback that ends in that error (within
    :data:`TRACEBACK_WINDOW` lines above it) are TensorFlow's under another (module
    docstring): two TensorFlow installs on ``sys.path``, the running one loading the other's
    kernels.  Nothing when a frame of that traceback is in the kernel's own folder, when no
    frame is shown, or when a path is not absolute (a hard-wrapped paste's piece)."""
    frames = [h for h in ctx.h("ctx.pkg_path").all()
              if h.g("pkg") in ("tensorflow", "tensorflow_core") and FRAME.search(h.text)]
    for hit in ctx.h("op.lib_symbol").all():
        lib, sym = op_lib_symbol(hit)
        m = _KERNEL_LIB.search(lib)
        if m is None or not _ABSOLUTE.match(lib):
            continue
        # (the library's path is read whole: macOS's dlopen(<path>, N) keeps its spaces)
        other = _root(lib[:_packages_end(m)])
        own = {hit.line, *(n for n, _ in hit.parts)}  # the error's own (wrapped) lines
        near = [(f, root) for f in frames
                if 0 < hit.line - f.line <= TRACEBACK_WINDOW and f.line not in own
                and (root := _site_root(f.text)) is not None]
        if not near or any(root == other for _, root in near):
            continue
        frame, here = near[-1]
        return [catalogue.make(
            "op-library-built-for-other-tensorflow", variant="other-install",
            library=m.group("so"), other=other, here=here, symbol=sym[:120] or "(not shown)",
            evidence=log_evidence([frame], [hit]),
            fix=('python -c "import sys; print(sys.path)"   # the folders Python imports from, '
                 "in order (importing TensorFlow itself fails the same way)",
                 "python -m pip list -v 2>/dev/null | grep -i -E '^(tensorflow|tf-nightly)'   "
                 "# every TensorFlow pip sees, with the folder each is in (Location)",
                 f"# keep one TensorFlow: uninstall the one in {other} (with the pip of the "
                 "Python that owns that folder; pip uninstall --user for ~/.local), or keep "
                 "that folder off sys.path (PYTHONNOUSERSITE=1 for the user site, a venv "
                 "without --system-site-packages); in a notebook, restart the runtime after"),
        )]
    return []


__all__ = ["TRACEBACK_WINDOW", "kernels_of_other_install"]

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
from tfgpu.diagnosis.checks._op_lib_symbol import op_lib_symbol
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's own kernel library in a site-packages folder: that folder and the file.
_KERNEL_LIB = re.compile(r"(?P<root>[^\s'\"():,]*?[/\\](?:site|dist)-packages)[/\\]"
                         r"tensorflow(?:_core)?[/\\]core[/\\]kernels[/\\](?P<so>[\w.+-]+\.so)")
#: A path into a TensorFlow package folder: the site-packages folder it is in.
_TF_PATH = re.compile(r"(?P<root>[^\s'\"():,]*?[/\\](?:site|dist)-packages)[/\\]"
                      r"tensorflow(?:_core)?[/\\]")


def _root(path: str) -> str:
    """A site-packages folder as the log wrote it, compared without its separator style and
    with ``lib64`` as ``lib`` (a venv's ``lib64`` is a link to its ``lib`` on many Linux
    distributions: one folder written two ways)."""
    return re.sub(r"/lib64/", "/lib/", path.replace("\\", "/").rstrip("/") + "/").rstrip("/")


def kernels_of_other_install(ctx: Facts) -> list[Finding]:
    """``op-library-built-for-other-tensorflow`` variant ``other-install``: a library of
    TensorFlow's own ``core/kernels`` folder under one site-packages folder failed with
    "undefined symbol" while the traceback's TensorFlow frames are under another (module
    docstring): two TensorFlow installs on ``sys.path``, the running one loading the other's
    kernels.  Nothing when no TensorFlow frame outside that folder is in the log (one
    install is all it shows: other findings read the symbol)."""
    for hit in ctx.h("op.lib_symbol").all():
        lib, sym = op_lib_symbol(hit)
        m = _KERNEL_LIB.search(lib)
        if m is None:
            continue
        other = _root(m.group("root"))
        running = [(p, _root(r.group("root"))) for p in ctx.h("ctx.pkg_path").all()
                   if p.g("pkg") in ("tensorflow", "tensorflow_core") and p.line != hit.line
                   and (r := _TF_PATH.search(p.text)) is not None]
        frames = [(p, root) for p, root in running if root != other]
        if not frames:
            continue
        frame, here = frames[-1]
        return [catalogue.make(
            "op-library-built-for-other-tensorflow", variant="other-install",
            library=m.group("so"), other=other, here=here, symbol=sym[:120] or "(not shown)",
            evidence=log_evidence([frame], [hit]),
            fix=('python -c "import tensorflow as tf; print(tf.__version__, tf.__file__)"   '
                 "# the TensorFlow this Python imports",
                 "python -m pip list -v 2>/dev/null | grep -i -E '^(tensorflow|tf-nightly)'   "
                 "# every TensorFlow pip sees, with the folder each is in (Location)",
                 f"# keep one TensorFlow: uninstall the one in {other} (with the pip of the "
                 "Python that owns that folder; pip uninstall --user for ~/.local), or keep "
                 "that folder off sys.path (PYTHONNOUSERSITE=1 for the user site, a venv "
                 "without --system-site-packages); in a notebook, restart the runtime after"),
        )]
    return []


__all__ = ["kernels_of_other_install"]

"""Keras's plot_model (and model_to_dot) without pydot or Graphviz.

Source: keras-team/keras at its tags (utils/vis_utils.py in 2.0-2.15, utils/
model_visualization.py in 3.x): plot_model draws through pydot, a Python package, which runs
Graphviz's ``dot`` program; 2.0.x raises "Failed to import pydot. You must install pydot and
graphviz for `pydotprint` to work." for either missing (``pydot.find_graphviz()``); 2.1-2.3
tell them apart ("Failed to import `pydot`. Please install `pydot`." / "`pydot` failed to call
GraphViz.Please install GraphViz (https://www.graphviz.org/) and ensure that its executables
are in the $PATH."); 2.4 to 3.x say "You must install pydot (`pip install pydot`) and install
graphviz (see instructions at https://graphviz.gitlab.io/download/) for plot_model to work."
(printed in a notebook, raised elsewhere). The ``graphviz`` package on the Python package
index is only a Python interface: it does not install the ``dot`` program.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Installing Graphviz's programs, per system.
_GRAPHVIZ = (
    "sudo apt install graphviz   # Debian/Ubuntu: Graphviz's dot program (brew install graphviz "
    "on macOS; conda install graphviz in a conda environment)",
    "# Windows: Graphviz's installer from graphviz.org, with its bin folder added to PATH; "
    "then restart the terminal or notebook",
    "dot -V   # the dot program must answer in the shell that starts Python",
)
#: pydot itself, in the Python that runs the program.
_PYDOT = "python -m pip install pydot   # in the Python (or notebook kernel) that runs plot_model"


def plot_model_needs_graphviz(ctx: Facts) -> list[Finding]:
    """``keras-plot-model-needs-graphviz`` (pattern ``keras.pydot_graphviz``): variant
    ``graphviz`` (pydot ran, Graphviz's dot did not), ``pydot`` (no pydot in this Python), the
    default for the messages that do not tell which."""
    hits = ctx.h("keras.pydot_graphviz").all()
    if not hits:
        return []
    h = hits[-1]
    ev = log_evidence([h])
    if h.g("graphviz"):
        return [catalogue.make("keras-plot-model-needs-graphviz", variant="graphviz",
                               evidence=ev, fix=_GRAPHVIZ)]
    if h.g("pydot"):
        return [catalogue.make("keras-plot-model-needs-graphviz", variant="pydot",
                               evidence=ev, fix=(_PYDOT,))]
    return [catalogue.make("keras-plot-model-needs-graphviz", evidence=ev,
                           fix=(_PYDOT, *_GRAPHVIZ))]


__all__ = ["plot_model_needs_graphviz"]

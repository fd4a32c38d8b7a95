"""Google Colab's ``%tensorflow_version`` line magic after Colab dropped TensorFlow 1.x.

Source: googlecolab/colabtools ``google/colab/_tensorflow_magics.py``
(https://github.com/googlecolab/colabtools/blob/c33628068f5adb2e42d7142637f4a17872b9f42a/google/colab/_tensorflow_magics.py):
``_tensorflow_version(line)`` raises ``ValueError("Tensorflow 1 is unsupported in Colab. Your
notebook should be updated to use Tensorflow 2. ...")`` for any argument that starts with
"1" (``%tensorflow_version 1.x``), and otherwise only prints that Colab includes TensorFlow 2.x
and the magic has no effect.  The message is printed by that magic alone, for that argument
alone: a notebook written for TensorFlow 1.x on Colab, which no longer provides it.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def colab_dropped_tf1_magic(ctx: Facts) -> list[Finding]:
    """``colab-dropped-tf1-magic``: Colab's ``%tensorflow_version 1.x`` raised "Tensorflow 1
    is unsupported in Colab" (module docstring): the notebook needs TensorFlow 1.x, which Colab
    no longer ships; the magic cannot select it."""
    hits = ctx.h("colab.tf1_unsupported").all()
    if not hits:
        return []
    return [catalogue.make("colab-dropped-tf1-magic", evidence=log_evidence(hits, limit=2))]

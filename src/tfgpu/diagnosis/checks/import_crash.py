"""The process died while ``import tensorflow`` ran: ``tensorflow-import-crashed`` (variant
``in-log``), read from a pasted REPL or ``python -c`` session.

The log shows a statement that only imports TensorFlow (a version print after it aside) on
the line right before the shell's or the C library's report of the death
(``Segmentation fault (core dumped)``, ``Aborted``; an illegal instruction is
:mod:`cpu`'s), with nothing printed in between: a native library
TensorFlow loads crashed while loading.  When the same session imported another package
with native code of its own first (``import torch``, ``import cv2``,
``albumentations.pytorch``), that package's libraries were already in the process: a
second copy of a shared library (protobuf, libstdc++, CUDA libraries) that TensorFlow's
do not work with is a known way to crash there, and importing TensorFlow first or running
the two in separate processes tells: ``import torch`` then ``import tensorflow`` crashing,
the other order working (tensorflow/tensorflow#13615, in cpu_feature_guard's static
initialiser, #14812, #57669 with torchvision; albumentations-team/albumentations#1162); a few
environments needed the other order (GT4SD/gt4sd-core#219), so the fix line says to swap.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: Packages whose native libraries the import-order reports name (module names as imported):
#: PyTorch and what imports it (tensorflow/tensorflow#13615, #14812: torch; #57669 and
#: AmpereComputingAI/ampere_model_library#183: torchvision; albumentations-team/
#: albumentations#1162: albumentations.pytorch; GT4SD/gt4sd-core#219: pytorch_lightning), and
#: other packages that bring their own copies of libraries TensorFlow loads (OpenCV, JAX,
#: CuPy, MXNet, PaddlePaddle, ONNX Runtime, TensorRT, PyCUDA, Numba). Pure-Python and
#: standard-library modules, and NumPy (which TensorFlow imports itself), are never named.
_NATIVE_FIRST = frozenset({
    "torch", "torchvision", "torchaudio", "pytorch_lightning", "lightning", "albumentations",
    "cv2", "jax", "jaxlib", "cupy", "mxnet", "paddle", "onnxruntime", "tensorrt", "pycuda",
    "numba",
})

#: tell.fatal lines that are no bare death: a failed CHECK names its own fault, an illegal
#: instruction is the CPU's (checks/cpu.py).
_NOT_A_DEATH = re.compile(r"check failed|ret_check|illegal", re.IGNORECASE)


#: What a statement after the import may be for the command to stay an import: another
#: import, or printing TensorFlow's version (``python -c "import tensorflow as tf;
#: print(tf.__version__)"``); anything else (``tf.InteractiveSession()``, building a model)
#: runs TensorFlow, and a crash there is not the import's.
_IMPORT_ONLY = re.compile(r"(?:import|from)\s[^;]*|print\(\s*(?:tf|tensorflow)\.__version__\s*\)")


#: An import of TensorFlow anywhere on the statement's line ("import torch; import
#: tensorflow as tf").
_IMPORTS_TF = re.compile(r"\b(?:import|from)\s+(?:tensorflow|tf_keras)\b")


def _import_only(text: str) -> bool:
    """Whether the statements on the import's line (``;``-separated, after the REPL prompt
    or inside ``python -c "..."``) are imports or the version print only."""
    # the statements start after the prompt or "-c": the hit's text keeps a paste's line
    # prefix ("> ", "svc  | ", a Slurm label) that the pattern read past
    m = re.search(r"(?:>>>\s?|In \[\d+\]:\s?|python[\d.]*(?:\.exe)? -c\s)\s*[\"']?"
                  r"(?=\s*(?:import|from)\s)", text)
    body = (text[m.end():] if m else text).strip().strip("\"'").strip()
    return all(_IMPORT_ONLY.fullmatch(part.strip()) for part in body.split(";") if part.strip())


def _same_process(imports: list[Hit], imp: Hit) -> list[tuple[int, str]]:
    """``(line, module)`` of the earlier imports of the interpreter that ran ``imp``: for a
    ``python -c`` command, the modules its own line imports before TensorFlow (each command
    is a new process); for a REPL line, the REPL's import lines since the last ``python -c``
    command before it."""
    if "-c" in imp.text and ">>>" not in imp.text:
        head = imp.text.split("tensorflow", 1)[0]
        return [(imp.line, m) for m in re.findall(r"(?:import|from)\s+([A-Za-z_]\w{0,60})", head)]
    start = max((h.line for h in imports if h.line < imp.line and "-c" in h.text
                 and ">>>" not in h.text), default=0)
    return [(h.line, h.g("mod") or "") for h in imports if start < h.line < imp.line]


def import_crashed(ctx: Facts) -> list[Finding]:
    """``tensorflow-import-crashed`` (variant ``in-log``): a death on the line right after
    a statement that only imports TensorFlow (``py.import_stmt``): nothing printed between."""
    imports = ctx.h("py.import_stmt").all()
    tf_imports = [h for h in imports if _IMPORTS_TF.search(h.text) and _import_only(h.text)]
    if not tf_imports:
        return []
    # a shell's or the C library's report of the death, in any language glibc and bash
    # translate it to and zsh's words (tell.fatal reads them from signal_texts.toml); not a
    # failed CHECK (its own message names the fault) nor an illegal instruction (cpu.py)
    deaths = [h for h in ctx.h("tell.fatal").all()
              if not _NOT_A_DEATH.search(h.text)]
    for death in deaths:
        before = [h for h in tf_imports if death.line - h.line == 1]
        if not before:
            continue
        imp = before[-1]
        others = [(line, mod) for line, mod in _same_process(imports, imp)
                  if mod in _NATIVE_FIRST]
        mods = sorted({mod for _, mod in others})
        if mods:
            first = (f" Before it, this session imported {', '.join(mods)} (line "
                     f"{others[0][0]}): a package with native code of its own loaded first "
                     "brings its copies of shared libraries (protobuf, libstdc++, CUDA "
                     "libraries) into the process, and TensorFlow's may not work with them: "
                     "the same imports in the other order, or in separate processes, tell.")
            fix: tuple[str, ...] = (
                "python -X faulthandler -c \"import tensorflow as tf; print(tf.__version__)\""
                "   # TensorFlow alone in a new interpreter: does it still crash?",
                f"# it imports alone: swap the order, import tensorflow before "
                f"{', '.join(mods)} (the usual cure; a few environments need the other "
                "order), or run them in separate processes",
                "# it crashes alone too: a broken install: pip show tensorflow (its Version), "
                "then pip install --force-reinstall --no-deps \"tensorflow==<that version>\" "
                "(unpinned, --force-reinstall takes the newest release), and check the CPU "
                "(AVX) and the CUDA libraries it loads: tfgpu doctor")
        else:
            first = ""
            fix = ("python -X faulthandler -c \"import tensorflow as tf\"   # the native "
                   "frame that crashed (the library is named there)",
                   "tfgpu doctor   # the CPU (AVX), the CUDA/cuDNN copies the loader finds, "
                   "and the install",
                   "pip show tensorflow   # its Version: reinstall exactly that one, pip "
                   "install --force-reinstall --no-deps \"tensorflow==<that version>\" "
                   "(unpinned, --force-reinstall takes the newest release)")
        return [catalogue.make(
            "tensorflow-import-crashed", variant="in-log",
            evidence=log_evidence([h for h in imports if h.line == (others or [(0, "")])[0][0]],
                                  [imp], [death]),
            line=imp.line, death=death.text.strip()[:80], other=first, fix=fix)]
    return []

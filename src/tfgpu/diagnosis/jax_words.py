"""Findings of a JAX log in JAX's words: no TensorFlow-only knob or package in them.

jaxlib builds XLA and StreamExecutor from TensorFlow's tree, so a JAX program prints the same
CUDA, cuDNN and XLA lines as TensorFlow and the same checks read them.  Their fix lines and
causes were written for TensorFlow; for a JAX log:

* a fix line that uses a TensorFlow-only knob (``TF_FORCE_GPU_ALLOW_GROWTH``, ``tf.config``,
  ``tf.ConfigProto``, ``import tensorflow``, a ``tensorflow`` package) is dropped, and a
  memory-growth line is replaced by JAX's own memory settings (JAX docs, "GPU memory
  allocation": JAX preallocates 75% of GPU memory when the first JAX operation runs;
  ``XLA_PYTHON_CLIENT_PREALLOCATE=false`` allocates as needed;
  ``XLA_PYTHON_CLIENT_MEM_FRACTION=.XX`` preallocates XX% instead, renamed
  ``XLA_CLIENT_MEM_FRACTION`` in the newest docs, the old name still read).
  ``TF_CPP_MIN_LOG_LEVEL`` lines stay: jaxlib's C++ logging reads it (JAX developers' logs run
  ``TF_CPP_MIN_LOG_LEVEL=0 python3 -c "import jax; ..."``);
* a cause clause about TensorFlow's own packages ("tensorflow and tensorflow-gpu overwrite
  each other's files") is dropped before "TensorFlow" is renamed "jaxlib" in the rest, so no
  sentence names a JAX package where TensorFlow's were meant.
"""

from __future__ import annotations

import re

from tfgpu.knowledge import docs

#: A fix line only TensorFlow reads (case-sensitive ``tf.``; any spelling of ``tensorflow``).
_TF_ONLY_FIX = re.compile(
    r"TF_FORCE_GPU_ALLOW_GROWTH|\btf\.[A-Za-z]|ConfigProto|tensorflow", re.IGNORECASE)
#: A fix line that turns on TensorFlow's memory growth.
_GROWTH = re.compile(r"TF_FORCE_GPU_ALLOW_GROWTH|set_memory_growth|allow_growth")
#: A cause clause about TensorFlow's packages (lower case: the package names, not the product).
_TF_PACKAGE = re.compile(r"(?<![\w/.])(?:tensorflow(?:-gpu|-cpu|-intel|-macos)?|tf-nightly)"
                         r"(?![\w/\[])|\btf\.[A-Za-z]")
#: TensorFlow's own preallocation wording in the causes ("TensorFlow preallocates / reserves
#: nearly all ... GPU memory"), rewritten to JAX's default (the JAX docs: 75% of GPU memory)
_TF_PREALLOC = re.compile(r"\b(preallocates|reserves) nearly all\b")
#: "TensorFlow" as a word, not in a path or package name (external/org_tensorflow, tensorflow[...])
_TF_WORD = re.compile(r"\bTensorFlow\b(?![\[/])")


def jax_memory_fix() -> tuple[str, ...]:
    """JAX's GPU memory settings, as fix lines (source: the JAX docs page ``jax-gpu-memory``
    in docs.toml)."""
    return (
        "export XLA_PYTHON_CLIENT_PREALLOCATE=false   # before starting Python: JAX allocates "
        "GPU memory as needed instead of 75% of it up front (" + docs.url("jax-gpu-memory")
        + ")",
        "# or keep preallocation but smaller: export XLA_PYTHON_CLIENT_MEM_FRACTION=.50 "
        "(XLA_CLIENT_MEM_FRACTION in newer JAX); several JAX or TensorFlow processes on one "
        "GPU each need their own share",
    )


def jax_fix(fix: tuple[str, ...]) -> tuple[str, ...]:
    """``fix`` without TensorFlow-only lines; the first memory-growth line becomes
    :func:`jax_memory_fix` (in its place).  Empty when every line was TensorFlow's."""
    out: list[str] = []
    growth_done = False
    for line in fix:
        if not _TF_ONLY_FIX.search(line):
            out.append(line)
        elif _GROWTH.search(line) and not growth_done:
            out.extend(jax_memory_fix())
            growth_done = True
    return tuple(out)


def _split_top(text: str, sep: str) -> list[str]:
    """``text`` cut at each ``sep`` outside parentheses (the separators kept on the left)."""
    parts: list[str] = []
    depth = start = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and text.startswith(sep, i):
            parts.append(text[start:i + len(sep)])
            start = i + len(sep)
            i = start
            continue
        i += 1
    parts.append(text[start:])
    return [p for p in parts if p]


def jax_cause(cause: str) -> str:
    """``cause`` for a JAX log: a ``; ``-clause naming TensorFlow's packages is dropped (the
    whole sentence when its first clause does), then "TensorFlow" reads "jaxlib"."""
    sentences: list[str] = []
    for sentence in _split_top(cause, ". "):
        clauses = _split_top(sentence, "; ")
        if _TF_PACKAGE.search(clauses[0]):
            continue
        kept = [clauses[0]] + [c for c in clauses[1:] if not _TF_PACKAGE.search(c)]
        if len(kept) < len(clauses) and kept[-1].endswith("; "):
            # the sentence's end was in a dropped clause: end it here
            end = clauses[-1].rstrip()[-1:] if clauses[-1].rstrip()[-1:] in ".!?" else "."
            tail = " " if sentence.endswith(" ") else ""
            kept[-1] = kept[-1][:-2] + end + tail
        sentences.append("".join(kept))
    text = _TF_PREALLOC.sub(r"\1 75%", "".join(sentences))
    return _TF_WORD.sub("jaxlib", text).strip()


def jax_doc(doc: str | None, fix: tuple[str, ...]) -> str | None:
    """The link for a JAX log's finding: JAX's memory page when ``fix`` holds
    :func:`jax_memory_fix`; no TensorFlow page (tensorflow.org); else ``doc``."""
    if any("XLA_PYTHON_CLIENT_PREALLOCATE" in line for line in fix):
        return docs.url("jax-gpu-memory")
    if doc is not None and "tensorflow.org" in doc:
        return None
    return doc


def jax_title(title: str) -> str:
    """``title`` with "TensorFlow" read as "jaxlib"."""
    return _TF_WORD.sub("jaxlib", title)

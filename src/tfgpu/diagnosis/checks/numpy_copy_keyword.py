"""NumPy 2's ``copy=False``: a request never to copy, where NumPy 1.x copied when it had to.

Sources:

* NumPy 2.0's migration guide, "Adapting to changes in the copy keyword"
  (numpy.org/devdocs/numpy_2_0_migration_guide.html): ``np.array(..., copy=False)`` and
  ``__array__(copy=False)`` now mean "never copy" and raise ValueError when a copy is needed.
* The message, read in the NumPy 2.4.6 wheel's ``numpy/_core/_multiarray_umath`` (strings):
  "Unable to avoid copy while creating an array as requested.\\nIf using
  `np.array(obj, copy=False)` replace it with `np.asarray(obj)` to allow a copy when needed (no
  behavior change in NumPy 1.x)." and "Unable to avoid copy while creating a new array."
  Libraries' own ``__array__`` raise the same words (pandas, qiskit).
* apple/coremltools#2255 (merged, June 2024): coremltools' ``np.array(..., copy=False)``
  calls failed this way under NumPy 2.0.0; the release with the PR fixed them, ``numpy<2``
  meanwhile.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._addon_frames import package_frames_above
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def numpy_copy_false(f: Facts) -> list[Finding]:
    """``numpy-too-new-for-code`` variant ``copy-false``: NumPy 2 raised "Unable to avoid
    copy while creating an array as requested" (pattern ``numpy.copy_false``): code written
    for NumPy 1.x asked ``copy=False`` where a copy is needed."""
    hits = f.h("numpy.copy_false").all()
    if not hits:
        return []
    first = f.kb.platform_fact("numpy2-first-tf")
    near = [p for p in package_frames_above(f, hits[0].line)
            if (p.g("pkg") or "") not in ("numpy", "tensorflow", "keras")]
    pkg = near[-1].g("pkg") if near else None
    who = (f"{pkg} (the package whose frame is nearest above)" if pkg else
           "the package whose frame made the array (the traceback's last frame outside numpy)")
    return [catalogue.make(
        "numpy-too-new-for-code", variant="copy-false", evidence=log_evidence(hits[:2]),
        knowledge_ref=first.ref,
        fix=(f"# lasting: upgrade {who} to a release for NumPy 2; in your own code write "
             "np.asarray(obj) for np.array(obj, copy=False)",
             'pip install "numpy<2"   # meanwhile, where the TensorFlow installed allows it '
             f"(TensorFlow before {first.value('tf_version')} requires NumPy 1.x; "
             f"{first.value('tf_version')} and later accept NumPy 2)"),
    )]

"""A local path read or written by a TensorFlow process that has no local file system: a Cloud
TPU's worker.

Source: tensorflow/core/platform/env.cc ``Env::GetFileSystemForFile``: a path's scheme is
looked up among the registered file systems, and a path without one is reported as
``[local]`` ("File system scheme '[local]' not implemented (file: '<path>')"). Every
TensorFlow process a user starts registers the local file system; the process that has none
is the server on a Cloud TPU's host (a TPU Node, the runtime of Colab's and Kaggle's older TPU
notebooks, a TPU reached over grpc://), which runs the checkpoint, SavedModel and dataset ops
placed on the TPU worker and reaches files only through Cloud Storage (TensorFlow's TPU guide
keeps data and models in gs:// buckets).
"""

from __future__ import annotations

import re
import shlex

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A path the TPU was writing: a save's temporary shard ("ckpt-1_temp/part-00000-of-00001",
#: "model.ckpt-0_temp_<hex>"), TensorBoard's events or the profiler's plugin folder.
_WRITTEN = re.compile(r"_temp|[/\\]part-\d|events\.out\.tfevents|plugins[/\\]profile")


def tpu_local_file_system(ctx: Facts) -> list[Finding]:
    """``tpu-cannot-read-local-files`` (pattern ``tpu.local_fs``): the op that used a path
    without a scheme ran where no local file system is registered."""
    hits = ctx.h("tpu.local_fs").all()
    if not hits:
        return []
    h = hits[0]
    path = (h.g("path") or "").strip() or "(the path is not shown)"
    written = _WRITTEN.search(path) is not None
    # (a SavedModel's variables file: copy the whole SavedModel folder)
    folder = re.sub(r"[/\\]variables(?:[/\\]variables(?:\.\S*)?)?$", "", path)
    first = ("# the TPU writes this file (a checkpoint being saved, TensorBoard's or the "
             "profiler's output): give model_dir, the checkpoint folder and the log folder as "
             "gs://<your-bucket>/... paths" if written or not h.g("path") else
             f"gsutil -m cp -r {shlex.quote(folder)} gs://<your-bucket>/   # copy it to a "
             "Cloud Storage bucket the TPU's service account can read and write (in a "
             "notebook: !gsutil ...)")
    return [catalogue.make(
        "tpu-cannot-read-local-files", path=path, evidence=log_evidence(hits[:1]),
        fix=(first,
             "# then give the gs://<your-bucket>/... path to the code (model_dir, output_dir, "
             "the checkpoint or SavedModel to load, the dataset files)",
             "# or run on a TPU VM, whose local disk TensorFlow can use"))]


__all__ = ["tpu_local_file_system"]

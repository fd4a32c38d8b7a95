"""TensorFlow Serving finding no version of a model under its base path, or no base path.

Source: tensorflow/serving ``tensorflow_serving/sources/storage_path/
file_system_storage_path_source.cc``: the server reads each model's base path and takes only
subdirectories whose names parse as integers as versions (``ParseVersionNumber``), each a
SavedModel (saved_model.pb and variables/); with none it warns "No versions of servable <name>
found under base path <path>" (later releases add "Did you forget to name your leaf directory
as a number (eg. '/1/')?") and serves nothing. TensorFlow Serving's "Train and serve a
TensorFlow model" guide exports to ``<base>/1``.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A base path that ends inside one version: a SavedModel's own folders.
_INSIDE = re.compile(r"[/\\](?:variables|assets)[/\\]?$")

#: A base path whose last folder is a number: a version folder, or a model named so.
_NUMBERED = re.compile(r"[/\\]\d+[/\\]?$")


def serving_no_version(ctx: Facts) -> list[Finding]:
    """``tf-serving-no-version-folder`` (pattern ``serving.no_versions``), not for a servable
    a version of which loads later in the log (pattern ``serving.loaded``: the folder filled
    while the server polled); variant ``inside-version`` when the base path ends in a
    SavedModel's variables/assets folder (the server pointed one level too deep),
    ``numbered-end`` when it ends in a number (a version folder, or a model so named)."""
    loaded = ctx.h("serving.loaded").all()
    hits = [h for h in ctx.h("serving.no_versions").all()
            if not any(h.g("name") == x.g("name") and x.line > h.line for x in loaded)]
    if not hits:
        return []
    h = hits[0]
    base = h.need("base").strip().rstrip(".")
    name = h.g("name") or "default"
    ev = log_evidence(hits[:1])
    if _INSIDE.search(base):
        parent = re.sub(r"[/\\](?:\d+[/\\])?(?:variables|assets)[/\\]?$", "", base)
        return [catalogue.make(
            "tf-serving-no-version-folder", variant="inside-version", name=name, base=base,
            evidence=ev,
            fix=(f"--model_base_path={parent}   # the folder that holds the numbered version "
                 "folders (1/, 2/ ...), not a version or its variables/",))]
    if _NUMBERED.search(base):
        parent = _NUMBERED.sub("", base)
        return [catalogue.make(
            "tf-serving-no-version-folder", variant="numbered-end", name=name, base=base,
            evidence=ev,
            fix=(f"--model_base_path={parent}   # if {base} is a version folder (it holds "
                 "saved_model.pb): its parent is the base path",
                 f"ls {base}   # else it must list numbered folders, each with saved_model.pb"))]
    # a container path: list the host folder mounted there (the docker run's bind mount)
    shown = base
    for m in ctx.h("ctx.docker_mount").all():
        dst = (m.g("dst") or m.g("dst2") or "").rstrip("/")
        if dst and (base.rstrip("/") == dst or base.startswith(dst + "/")):
            shown = (m.g("src") or m.need("src2")) + base.rstrip("/")[len(dst):]
            break
    where = "" if shown == base else f"the host folder mounted at {base}: "
    return [catalogue.make(
        "tf-serving-no-version-folder", name=name, base=base, evidence=ev,
        fix=(f"ls {shown}   # {where}it must list numbered folders: {shown}/1/saved_model.pb "
             f"and {shown}/1/variables/",
             "# export each version into a folder named by an integer (tf.saved_model.save("
             f"model, '{shown}/1')); names such as v1, 0.1 or 1.0 are not versions",
             "# a remote base path (s3://, gs://): the server needs read access and the full "
             "path to that parent folder"))]


def serving_base_path_missing(ctx: Facts) -> list[Finding]:
    """``tf-serving-base-path-missing`` (pattern ``serving.base_path_missing``: "Could not
    find base path <path> for servable <name>"), variant ``default-name`` for the
    tensorflow/serving image's defaults (model at /models/model: MODEL_NAME unset). Source:
    file_system_storage_path_source.cc; TensorFlow Serving's Docker guide (MODEL_NAME
    defaults to model, MODEL_BASE_PATH to /models, the server started with
    --model_base_path=${MODEL_BASE_PATH}/${MODEL_NAME})."""
    hits = ctx.h("serving.base_path_missing").all()
    if not hits:
        return []
    h = hits[0]
    base, name = h.need("base").rstrip("."), h.need("name").rstrip(".")
    ev = log_evidence(hits[:1])
    mounts = [((m.g("src") or m.g("src2") or ""), (m.g("dst") or m.g("dst2") or "").rstrip("/"))
              for m in ctx.h("ctx.docker_mount").all()]
    mounted = [f"{src} at {dst}" for src, dst in mounts if src and dst]
    seen = f" (the log's mount: {mounted[0]})" if mounted else ""
    if base.rstrip("/") == "/models/model" and name == "model":
        return [catalogue.make(
            "tf-serving-base-path-missing", variant="default-name", base=base, name=name,
            evidence=ev,
            fix=("docker run -p 8501:8501 -v /path/to/my_model:/models/my_model -e "
                 "MODEL_NAME=my_model tensorflow/serving   # mount the model at "
                 f"/models/<name> and name it{seen}",
                 "# or pass the flags after the image name: tensorflow/serving "
                 "--model_name=my_model --model_base_path=/models/my_model",
                 "# the mounted folder holds numbered versions: my_model/1/saved_model.pb"))]
    return [catalogue.make(
        "tf-serving-base-path-missing", base=base, name=name, evidence=ev,
        fix=(f"ls {base}   # inside the server's container or host: it must exist{seen}",
             f"# mount the model's folder at {base} (docker run -v /host/folder:{base}), or "
             "give --model_base_path (or MODEL_NAME with the tensorflow/serving image) the "
             "folder the model is mounted at",
             "# a relative base path is read from the server's working directory: give an "
             "absolute one"))]


__all__ = ["serving_base_path_missing", "serving_no_version"]

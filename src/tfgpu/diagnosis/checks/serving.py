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
import shlex

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: A base path that ends inside one version: a SavedModel's own folders.
_INSIDE = re.compile(r"[/\\](?:variables|assets)[/\\]?$")

#: A base path on a remote file system (s3://, gs://, hdfs://).
_SCHEME = re.compile(r"^([A-Za-z][\w+.-]{0,15})://")

#: A container path Git for Windows' MSYS2 runtime converted into a Windows path before
#: docker saw it ("/models/x" -> "C:/Program Files/Git/models/x"; MSYS_NO_PATHCONV=1 stops
#: it: git-for-windows/build-extra ReleaseNotes.md).
_GIT_BASH = re.compile(
    r"^[A-Za-z]:[/\\](?:[^/\\]{1,80}[/\\]){0,6}?(?:Git|msys64|msys32)[/\\]")

#: A base path that names a file: a SavedModel's own file or another model file.
_FILE_END = re.compile(r"[/\\][^/\\]{1,200}\.(pbtxt|pb|h5|hdf5|keras|json|tflite|onnx)$")

#: The status after the path: the server has no file system for the path's scheme.
_UNIMPLEMENTED = re.compile(r"UNIMPLEMENTED: File system scheme '\w{1,20}' not implemented")

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
    scheme = _SCHEME.match(base)
    if scheme is not None and _UNIMPLEMENTED.search(h.text):
        # the server has no file system for that scheme at all (TensorFlow moved its S3 and
        # HDFS file systems to tensorflow-io; tensorflow/serving#1963: Serving 2.7+ images)
        return [catalogue.make(
            "tf-serving-base-path-missing", variant="scheme-not-built", base=base,
            name=name, scheme=scheme.group(1), evidence=ev,
            fix=(f"aws s3 sync {base} ./models/{name}   # copy the model to a local folder"
                 if scheme.group(1).lower() == "s3" else
                 f"# copy {base} to a local folder with that storage's own client",
                 f"docker run -p 8501:8501 -v \"$PWD/models/{name}:/models/{name}\" -e "
                 f"MODEL_NAME={name} tensorflow/serving   # serve the local copy",
                 "# or use a TensorFlow Serving build that includes that file system"))]
    if scheme is not None:
        # a remote base path: missing, or not readable with the server's credentials
        listing = {"s3": f"aws s3 ls {base}/", "gs": f"gsutil ls {base}/"}.get(
            scheme.group(1).lower(), f"# list {base} with that storage's own client")
        return [catalogue.make(
            "tf-serving-base-path-missing", variant="remote", base=base, name=name,
            evidence=ev,
            fix=(listing + "   # with the credentials the server has: it must list the "
                 "numbered version folders",
                 "# give the server access: S3 needs AWS_REGION (and S3_ENDPOINT for another "
                 "store) and credentials in its environment; gs:// needs "
                 "GOOGLE_APPLICATION_CREDENTIALS or a service account that can read the bucket",
                 "# an error status after the path (UNAVAILABLE, 403, permission denied) is "
                 "access, not absence"))]
    file = _FILE_END.search(base)
    if file is not None:
        # a SavedModel's own file (or another file) given as the base path
        folder = _FILE_END.sub("", base)
        parent = _NUMBERED.sub("", folder) or folder
        q = shlex.quote(parent)
        if file.group(1) in ("pb", "pbtxt"):
            fix: tuple[str, ...] = (
                f"--model_base_path={q}   # the folder that holds the numbered version folders "
                "(1/saved_model.pb ...), not a file in one",
                f"ls {q}   # it must list 1/, 2/ ...: each a SavedModel folder (a saved_model.pb "
                "lying in it directly goes, with variables/, into a folder 1/)")
        else:
            fix = (f"# {base} is no SavedModel: TensorFlow Serving serves only SavedModels; "
                   f"export one into a numbered folder, model.export('{parent}/{name}/1') "
                   f"(Keras 3) or tf.saved_model.save(model, '{parent}/{name}/1')",
                   f"--model_base_path={shlex.quote(parent + '/' + name)}   # then the folder "
                   "that holds 1/")
        return [catalogue.make(
            "tf-serving-base-path-missing", variant="file", base=base, name=name,
            evidence=ev, fix=fix)]
    if _GIT_BASH.match(base):
        # Git for Windows' MSYS2 runtime turned the argument /models/x into a Windows path
        return [catalogue.make(
            "tf-serving-base-path-missing", variant="git-bash", base=base, name=name,
            evidence=ev,
            fix=("MSYS_NO_PATHCONV=1 docker run ...   # Git Bash leaves the container path "
                 "/models/<name> as it is",
                 "# or write the container path with two slashes (//models/<name>), or run "
                 "the docker command from PowerShell or cmd"))]
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
        fix=(f"ls {shlex.quote(base)}   # inside the server's container or host: it must "
             f"exist{seen}",
             f"# mount the model's folder at {base} (docker run -v /host/folder:{base}), or "
             "give --model_base_path (or MODEL_NAME with the tensorflow/serving image) the "
             "folder the model is mounted at",
             "# a relative base path is read from the server's working directory: give an "
             "absolute one"))]


__all__ = ["serving_base_path_missing", "serving_no_version"]

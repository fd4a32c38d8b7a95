"""Whose generated protobuf code (``_pb2.py``) met a protobuf runtime of another era: a
package's (its ``_pb2.py`` frame under site-packages), the program's own (a ``_pb2.py`` frame
outside site-packages), TensorFlow's, or, with no frame and no TensorFlow in the log, some
package's; read by checks/tf_install.py ``protobuf_version`` for protobuf-too-old and
protobuf-too-new.

Threads: chatchat-space/Langchain-Chatchat#147 (no TensorFlow; protobuf 3.20 brought
``google.protobuf.internal.builder``), streamlit/streamlit#4402 (streamlit/proto/*_pb2.py
asking for ``_internal_create_key``), xbstory/WVClient3#7 (the project's own
utils/license_protocol_pb2.py), EatTheFuture/face_track#1 (mediapipe, no TensorFlow).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit
    from tfgpu.facts.view import Facts

#: Packages whose generated code is TensorFlow's own (its wheel and its companions').
_TF_PKGS = re.compile(r"^(?:tensorflow\w*|tensorboard\w*|tf_keras|keras)$", re.IGNORECASE)
#: A folder of TensorFlow's own packages in a path (TensorFlow's _pb2 files live there).
_TF_OWN_DIR = re.compile(r"(?:^|[/\\])(?:tensorflow\w*|tensorboard\w*|tf_keras|keras|"
                         r"google[/\\]protobuf)[/\\]")


def tensorflow_seen(f: Facts) -> bool:
    """Whether the log (or the host facts) shows TensorFlow at all: a version, TensorFlow's
    Python side (``ctx.tf_python``), a TensorFlow package path, a tensorflow distribution."""
    if f.tf_version or f.h("ctx.tf_python").count:
        return True
    if any(_TF_PKGS.match(h.g("pkg") or "") for h in f.h("ctx.pkg_path").kept()):
        return True
    return f.host is not None and any(d.name.startswith("tensorflow")
                                      for d in f.host.python.distributions)


def gencode_owner(f: Facts) -> tuple[str, str, list[Hit]] | None:
    """``(variant, name, evidence)`` of the generated code's owner when it is not TensorFlow:
    ``("other-package", <package>, [frame])`` for a ``_pb2.py`` under another package's
    site-packages folder (pattern ``protobuf.pb2_file``), ``("own-gencode", <file>,
    [frame])`` for one outside any site-packages (``protobuf.own_pb2_frame``), and
    ``("no-tensorflow", <the package pip names as requiring protobuf, or "">, [...])`` when no
    frame names one and the log shows no TensorFlow (:func:`tensorflow_seen`); ``None``
    when TensorFlow's own code is the reading."""
    frames = f.h("protobuf.pb2_file").all()
    pkgs = [p for h in frames if (p := h.g("pkg"))]
    if any(_TF_PKGS.match(p) for p in pkgs):
        return None
    if pkgs:
        return "other-package", pkgs[0], frames[:1]
    own = [h for h in f.h("protobuf.own_pb2_frame").all()
           if not _TF_OWN_DIR.search(h.need("file"))]
    if own:
        return "own-gencode", own[-1].need("file"), own[-1:]
    req = f.h("protobuf.requirer").all()
    if tensorflow_seen(f) or any(_TF_PKGS.match(h.g("pkg") or "") for h in req):
        return None
    return "no-tensorflow", (req[0].g("pkg") or "") if req else "", req[:1]


#: A generated module under a ``protos`` folder (``object_detection/protos/eval_pb2.py``):
#: the layout of .proto files compiled at install time by the user's own protoc.
_PROTOS_DIR = re.compile(r"[/\\]protos[/\\][\w.-]{1,200}_pb2\.py\b")
#: Packages that run only with TensorFlow (the TensorFlow Model Garden's Object Detection
#: API, tensorflow/models research/object_detection): TensorFlow's protobuf range binds them.
_TF_BOUND = re.compile(r"^object_detection$")
#: The runtime module a generated file asks for -> the first protobuf that has it
#: (protocolbuffers/protobuf v3.20.0 python/google/protobuf/internal/builder.py; knowledge
#: source protobuf-builder in messages_ecosystem.toml).
_FIRST_WITH = {"builder": "3.20"}


def local_protoc(f: Facts, frames: list[Hit]) -> Hit | None:
    """The ``_pb2.py`` frame under a ``protos`` folder when the generated code is not
    TensorFlow's (:func:`gencode_owner`'s frames): code the user's own protoc compiled, as
    the Object Detection API's install step does (``protoc object_detection/protos/*.proto
    --python_out=.``, tensorflow/models#11173), so a protoc newer than the protobuf runtime
    made it; else ``None``."""
    return next((h for h in frames if _PROTOS_DIR.search(h.text)), None)


def local_protoc_fix(f: Facts, owner: str, name: str | None, frame: Hit) -> tuple[str, ...]:
    """Fix lines for generated code under ``owner``'s protos folder asking for the runtime's
    ``name`` (review b48b P7): compare protoc with the runtime; regenerate with a protoc of the
    runtime's version (protobuf.dev "Cross-Version Runtime Guarantee": new gencode with an old
    runtime is never allowed); or upgrade protobuf, bounded by TensorFlow's own requirement
    when TensorFlow is in the log or the package runs only with it (TensorFlow releases of
    the 2.7-2.11 era require protobuf<3.20: "tensorflow 2.9.1 requires protobuf<3.20,>=3.9.2",
    "tensorflow 2.7.4 depends on protobuf<3.20 and >=3.9.2", as pip prints them, and v2.11.0's
    tensorflow/tools/pip_package/setup.py: 'protobuf >= 3.9.2, < 3.20', "a temporary patch
    for now, to patch previous TF releases")."""
    m = re.search(r"[/\\]([\w.-]{1,80})[/\\]protos[/\\]", frame.text)
    pkg = m.group(1) if m else owner
    first = _FIRST_WITH.get(name or "")
    need = f"protobuf>={first}" if first else "protobuf>=<protoc's version>"
    lines = [
        "protoc --version   # the protoc that compiled the .proto files (libprotoc X.Y): the "
        "protobuf runtime printed above must be at least as new",
        f"# regenerate with a protoc of the runtime's version (its release on protobuf's GitHub "
        f"releases), from the folder that holds {pkg}/ (models/research for the Object "
        f"Detection API): protoc {pkg}/protos/*.proto --python_out=. ; then reinstall the "
        "package from there (python -m pip install .) so site-packages gets the new files",
    ]
    tfv = f.tf_version
    if tfv:
        lines.append(f'pip install "{need}" "tensorflow=={tfv}"   # or upgrade protobuf, only as '
                     f"far as TensorFlow {tfv} allows: pip refuses if it requires an older "
                     "protobuf, and then regenerating is the fix")
    elif tensorflow_seen(f) or _TF_BOUND.match(pkg):
        lines.append("python -c \"import importlib.metadata as m; print([r for r in "
                     "m.requires('tensorflow') if r.startswith('protobuf')])\"   # TensorFlow's "
                     f"protobuf range: upgrade ({need}) only within it; if it caps protobuf "
                     "below that (TensorFlow 2.7-2.11 era: protobuf<3.20), regenerate instead")
    else:
        lines.append(f'pip install --upgrade "{need}"   # or upgrade protobuf, within the range '
                     f"{pkg} declares; then: pip check")
    return tuple(lines)


__all__ = ["gencode_owner", "local_protoc", "local_protoc_fix", "tensorflow_seen"]

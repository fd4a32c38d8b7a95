"""An op of TensorFlow's own missing where the program that loads the graph is not a pip
TensorFlow but a server carrying its own: TensorFlow Serving, another bazel-built binary that
embeds TensorFlow, or a managed serving runtime; read by checks/op_registry.py
``_core_op_finding`` (variant ``core-op-server`` of ``tf-op-not-registered``).

Why the fix differs: such a server is built around a copy of TensorFlow fixed at its build
(tensorflow/serving's WORKSPACE pins it as the bazel repository ``org_tensorflow``, so its
and other such binaries' log lines name ``external/org_tensorflow/tensorflow/...`` sources),
so ``pip install -U tensorflow`` changes nothing: the server (its image, package or build)
must be at least as new as the TensorFlow that exported the model.  Threads:
tensorflow/serving#116 (TanhGrad: serving not yet synced to the newer TensorFlow),
OpenNMT/nmt-wizard-docker#133 (fixed by PR #134, an image with TensorFlow 2.0),
tensorflow/models#4928 and #5056 (a model exported with TensorFlow 1.9 deployed on the Cloud ML
Engine runtime 1.8: "use 1.9 as a runtime"; cloud.google.com/ml-engine/docs/versioning: each
runtime version's image carries its TensorFlow).  jaxlib also builds from TensorFlow's tree
(``external/org_tensorflow`` paths): a JAX log (``Facts.jax_log``) is none of these.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import log_evidence

if TYPE_CHECKING:
    from tfgpu.facts.log import Hit
    from tfgpu.facts.view import Facts
    from tfgpu.findings import Evidence, Finding


def _loader(f: Facts) -> tuple[str, str | None, list[Hit]] | None:
    """``(kind, runtime version, evidence)`` of the server that loads the graph: kind
    ``"managed"`` (pattern ``ctx.managed_runtime``, with the runtime version when the log
    names one), ``"serving"`` (``ctx.tf_serving``, or ``ctx.model_server``'s TF Serving
    words), ``"triton"`` (tritonserver), ``"binary"`` (``ctx.model_server``'s
    external/org_tensorflow paths); ``None`` for none, or a JAX log."""
    managed = f.h("ctx.managed_runtime").all()
    if managed:
        rv = next((v for h in managed for v in (h.g("rv"), h.g("rv2"), h.g("rv3")) if v),
                  None)
        return "managed", rv, managed[:2]
    serving = f.h("ctx.tf_serving").all() or [
        h for h in f.h("ctx.model_server").all()
        if "tensorflow_serving/" in h.text or "tensorflow_model_server" in h.text
        or "Loading servable" in h.text]
    if serving:
        return "serving", None, serving[:1]
    binary = f.h("ctx.model_server").all()
    if binary and not f.jax_log:
        triton = [h for h in binary if "tritonserver" in h.text]
        return ("triton", None, triton[:1]) if triton else ("binary", None, binary[:1])
    return None


_LOADERS = {
    "managed": "a managed serving runtime (Cloud ML Engine / AI Platform)",
    "serving": "TensorFlow Serving's model server",
    "binary": ("a server binary built with bazel around its own copy of TensorFlow (its "
               "log paths: external/org_tensorflow/...)"),
    "triton": "Triton Inference Server's TensorFlow backend (a build of TensorFlow of its own)",
}


def server_op(f: Facts, op: str, ev: tuple[Evidence, ...]) -> Finding | None:
    """``tf-op-not-registered`` variant ``core-op-server`` when a server with its own
    TensorFlow loads the graph (:func:`_loader`), else ``None``."""
    found = _loader(f)
    if found is None:
        return None
    kind, rv, hits = found
    exported = f.tf_version
    want = exported or "<the TensorFlow version that exported the model>"
    if kind == "managed":
        fix: tuple[str, ...] = (
            f"gcloud ai-platform versions create <version> --model <model> --origin <the "
            f"SavedModel's folder> --runtime-version {want}   # a runtime whose TensorFlow "
            "is at least the exporting one (the runtime version list names each runtime's "
            "TensorFlow; gcloud ml-engine in older SDKs)",
            f"# or export the model with the runtime's TensorFlow ({rv or 'its version'})")
    elif kind == "serving":
        fix = (f"docker pull tensorflow/serving:{want}   # (or -gpu) a TF Serving release at "
               "least as new as the TensorFlow that exported the model: its releases are "
               "numbered after the TensorFlow they are built on; a tensorflow-model-server "
               "package or a build of your own: the same",
               "# or export the model with the TensorFlow release the server is built on")
    else:
        fix = ("# update the server image or binary to a release built on the exporting "
               f"TensorFlow ({want}) or newer (docker pull the newer image, or rebuild it "
               "against that TensorFlow)",
               "# or export the model with the TensorFlow release the server is built on")
    runtime = (f" (runtime version {rv}; the runtime version list names the TensorFlow each "
               "runtime carries)" if rv else "")
    stated = (f" (the log states TensorFlow {exported}, which most likely exported it)"
              if exported and exported.split(".")[:2] != (rv or "").split(".")[:2] else "")
    return catalogue.make(
        "tf-op-not-registered", variant="core-op-server", op=op, loader=_LOADERS[kind],
        runtime=runtime, exporter=stated,
        evidence=(*ev, *(e for e in log_evidence(hits) if e.line not in {x.line for x in ev})),
        knowledge_ref=f.kb.platform_fact("tf-core-op-types").ref, fix=fix)


__all__ = ["server_op"]

"""Building TensorFlow from source with TensorRT: TF-TRT's sources against TensorRT headers of a
version the release does not support (``tf-source-tensorrt-version-not-supported``).

Sources:

* tensorflow/compiler/tf2tensorrt/stub/nvinfer_stub.cc (tensorflow/tensorflow@1cea6a041b19):
  ``#if NV_TENSORRT_MAJOR < 7`` ``#error TensorRT version earlier than 7 is not supported.``,
  then one ``#include "stub/NvInfer_<major>_<minor>.inc"`` per supported TensorRT (7.0, 7.1,
  7.2, 8.0 at that commit), else ``#error This version of TensorRT is not supported.``: a
  release builds TF-TRT only against the TensorRT versions its stub lists.
* third_party/tensorrt/tensorrt_configure.bzl: the TensorRT headers it copies into
  @local_config_tensorrt (genrule ``tensorrt_include``) are a fixed list per TensorRT major the
  release knows; a header of that list missing where configure found TensorRT (TensorRT 10 has
  no NvUtils.h, tensorflow/tensorflow#68867 on TF 2.16) means another TensorRT version there,
  except the plugin headers: every version's list has NvInferPlugin.h (NvInferPluginUtils.h
  from TensorRT 6), and NVIDIA's Debian/Ubuntu packages ship them in libnvinfer-plugin-dev
  (TensorRT's installation guide; tensorflow/tensorflow#37341: the plugin runtime without it).
* bazel's summary of a target that did not compile: "C++ compilation of rule '<label>'
  failed (Exit 1)" (bazel 4 and older), "Compiling <file> failed: (Exit 1)" (bazel 5+); the
  compiler's own "error:" lines come before it.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorRT's plugin headers, which NVIDIA's Debian/Ubuntu packages ship in
#: libnvinfer-plugin-dev (libnvinfer-headers-plugin-dev from TensorRT 8.6), not libnvinfer-dev;
#: tensorrt_configure.bzl copies NvInferPlugin.h for every TensorRT version and
#: NvInferPluginUtils.h from TensorRT 6, so their absence is a package, not a version.
_PLUGIN_HEADERS = frozenset({"NvInferPlugin.h", "NvInferPluginUtils.h"})


def trt_source_version_unsupported(ctx: Facts) -> list[Finding]:
    """``tf-source-tensorrt-version-not-supported`` for the stub's ``#error`` (a TensorRT
    newer than the release lists, or older than its floor); its ``hedged`` variant for bazel's
    line that a tf2tensorrt target did not compile without the compiler's error in the log;
    ``tf-source-tensorrt-plugin-headers-missing`` when the header-copy genrule missed a
    plugin header (its -dev package, not the version). ``[]`` without any."""
    errors = ctx.h("trt.stub_version_error").all()
    targets = ctx.h("trt.build_target_failed").all()
    genrule = ctx.h("trt.include_genrule").all()
    headers = ctx.h("trt.header_missing").all()
    # cp's line alone counts in a log of TensorFlow's TensorRT build configuration (its
    # repository rule, TF-TRT's sources, TF_NEED_TENSORRT, a //tensorflow/ target): the
    # genrule's own line may be cut off the paste (tensorflow/tensorflow#32925 quotes cp's)
    copy = genrule or (headers and ctx.h("trt.tf_build").count)
    if copy and not errors and not ctx.h("build.cp_cannot_create").count:
        # the genrule copies only TensorRT headers: its failure is one of them missing, named
        # by cp's line when the log has it
        h = headers[0] if headers else None
        path = (h.g("path") or "") if h is not None else ""
        folder = (path.rsplit("/", 1)[0] or "/") if path else "the folder configure was given"
        hdr = h.g("hdr") if h is not None else None
        if hdr is not None and hdr in _PLUGIN_HEADERS:
            # Debian's multiarch folder (/usr/include/x86_64-linux-gnu): NVIDIA's apt packages
            debian = re.fullmatch(r"/usr/include/\w{1,20}-linux-gnu\w{0,8}", folder) is not None
            return [catalogue.make(
                "tf-source-tensorrt-plugin-headers-missing",
                variant=None if debian else "other-layout", header=hdr, folder=folder,
                evidence=log_evidence(genrule[:1], headers[:1]),
            )]
        return [catalogue.make(
            "tf-source-tensorrt-version-not-supported", variant="headers",
            header=(h.g("hdr") if h is not None else None) or "a TensorRT header",
            folder=folder,
            evidence=log_evidence(genrule[:1], headers[:1]),
        )]
    if errors:
        first = errors[0]
        low = first.g("min")
        return [catalogue.make(
            "tf-source-tensorrt-version-not-supported",
            which=f"older than {low}" if low else "version",
            which_long=(f"older than TensorRT {low}, the oldest this release supports" if low
                        else "of a TensorRT major.minor the release's stub does not list "
                        "(most often a newer TensorRT than the release)"),
            error=("'#error TensorRT version earlier than N is not supported.' below its "
                   "oldest" if low else "'#error This version of TensorRT is not supported.'"),
            evidence=log_evidence(errors[:1], targets[:1]),
        )]
    if targets:
        hit = targets[0]
        target = (f"//tensorflow/compiler/tf2tensorrt:{hit.g('target')}" if hit.g("target")
                  else f"tensorflow/compiler/tf2tensorrt/{hit.g('file') or '...'}")
        return [catalogue.make(
            "tf-source-tensorrt-version-not-supported", variant="hedged", target=target,
            evidence=log_evidence(targets[:2]),
        )]
    return []

"""A TensorFlow source build stopped by a version check of its tools: configure.py's bazel
range, and Thrust's check of the CUB beside it.

* configure.py (TensorFlow 1.x-2.x, ``check_bazel_version``): "You have bazel X installed."
  then "Please upgrade your bazel installation to version Y or higher to build TensorFlow!"
  (below the release's ``_TF_MIN_BAZEL_VERSION``) or "Please downgrade your bazel installation
  to version Y or lower to build TensorFlow!" (above ``_TF_MAX_BAZEL_VERSION``, skipped with
  ``TF_IGNORE_MAX_BAZEL_VERSION`` set); the 2.x trees also name their bazel in
  ``.bazelversion``, which bazelisk reads (UCL-ARC/rcps-buildscripts, TF 2.8 with bazel 0.27).
* TensorFlow's WORKSPACE (``tensorflow/workspace.bzl``; TF 1.x ``tensorflow/version_check.bzl``
  ``check_bazel_version_at_least``) fails before configure's check runs: "Current Bazel version
  is 0.13.0- (@non-git), expected at least 0.15.0" (JetsonTFBuild's script building an older
  bazel for a newer tree).
* Thrust (CUDA 11 and later ship CUB beside it, thrust/system/cuda/config.h): "The version of
  CUB in your include path is not compatible with this release of Thrust. ... Define
  THRUST_IGNORE_CUB_VERSION_CHECK to ignore this.": the CUB first on the include path is not
  the toolkit's own; a TensorFlow tree that fetches its own CUB for an older CUDA (TensorFlow
  2.3's @cub_archive, tensorflow/tensorflow#41803) built with a newer toolkit.
* bazel's client when its server, a JVM, died mid-build: "Server terminated abruptly (error
  code: 14, error message: 'Socket closed', log file: '.../server/jvm.out')": most often the
  kernel's OOM killer on a TensorFlow build with many parallel compile actions
  (taskcluster/community-tc-config#330: a 32 GB worker; more RAM fixed it).
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks import _common as c
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def bazel_version_outside_range(ctx: Facts) -> list[Finding]:
    """``tf-source-bazel-version-outside-range``: configure.py's bazel check failed; variant
    ``workspace-check`` for the WORKSPACE's own check (pattern
    ``build.bazel_workspace_check``) beside a TensorFlow source tree."""
    hits = ctx.h("build.bazel_version_check").all()
    if not hits:
        return _workspace_bazel_check(ctx)
    # a paste of several ./configure runs (the user upgraded bazel between them,
    # tensorflow/tensorflow#33169: 0.23.0 "upgrade to 0.24.1", then 0.29.1 "downgrade to
    # 0.26.1"): the last run is the machine's state now, and its "You have bazel X" line is
    # the last one before its check
    h = max(hits, key=lambda x: x.line)
    up = h.g("dir") == "upgrade"
    if _later_run_passed(ctx, h, up):
        return []
    haves = [x for x in ctx.h("build.bazel_have").all() if x.line <= h.line]
    have_hit = max(haves, key=lambda x: x.line) if haves else None
    have = have_hit.g("have") if have_hit is not None else None
    fix = ["cat .bazelversion   # the bazel release this source tree is built with (2.x trees)",
           "# install bazelisk as 'bazel': it downloads and runs the release .bazelversion "
           "names",
           f"bazel version   # then: {'at least' if up else 'at most'} {h.g('want')}"]
    if not up:
        fix.append("# or TF_IGNORE_MAX_BAZEL_VERSION=1 ./configure skips the upper bound "
                   "(the build may then fail on what the newer bazel changed)")
    return [catalogue.make(
        "tf-source-bazel-version-outside-range", variant=None if up else "too-new",
        want=h.need("want"), have=f" ({have})" if have else "",
        evidence=log_evidence([have_hit] if have_hit is not None else [], [h]),
        fix=tuple(fix),
    )]


def _version_ints(text: str | None) -> tuple[int, ...] | None:
    """``"0.26.1"`` -> ``(0, 26, 1)`` (configure.py's convert_version_to_int reads the
    leading dotted numbers the same way; "0.26.1- (@non-git)" counts as 0.26.1)."""
    m = re.match(r"\d{1,6}(?:\.\d{1,6}){0,3}", text or "")
    return tuple(int(x) for x in m.group(0).split(".")) if m else None


def _later_run_passed(ctx: Facts, refusal: Hit, up: bool) -> bool:
    """A later ./configure run passed the bazel check: configure.py's check_bazel_version
    prints "You have bazel X installed." on every run and exits at once only when X is
    outside its range (tensorflow/tensorflow configure.py, r1.14-r2.x: the "Please upgrade"
    / "Please downgrade" line follows it), so a "You have bazel X" line after the last
    refusal, with no refusal after it, is a run that went on, unless its X is outside the
    bound that refusal named (a paste cut before the same refusal)."""
    later = [x for x in ctx.h("build.bazel_have").all() if x.line > refusal.line]
    if not later:
        return False
    have = _version_ints(max(later, key=lambda x: x.line).g("have"))
    want = _version_ints(refusal.g("want"))
    if have is None or want is None:
        return True
    return have >= want if up else have <= want


def _workspace_bazel_check(ctx: Facts) -> list[Finding]:
    """``tf-source-bazel-version-outside-range`` variant ``workspace-check``: "Current Bazel
    version is X, expected at least Y" (TensorFlow's workspace.bzl / TF 1.x's
    version_check.bzl) when the log shows a TensorFlow source tree (patterns
    ``build.tf_workspace``, ``ctx.tf_build_tree``): other bazel projects print the same."""
    hits = ctx.h("build.bazel_workspace_check").all()
    if not hits or not (ctx.h("build.tf_workspace").count or ctx.h("ctx.tf_build_tree").count):
        return []
    h = hits[0]
    return [catalogue.make(
        "tf-source-bazel-version-outside-range", variant="workspace-check",
        want=h.need("want"), have=f" ({h.need('have')})", evidence=log_evidence(hits[:1]),
        fix=("cat .bazelversion   # the bazel release this source tree is built with (2.x trees)",
             f"# install bazel {h.need('want')} or newer (bazelisk as 'bazel' runs the release "
             ".bazelversion names), or check out a TensorFlow release whose check this bazel "
             "passes",
             f"bazel version   # then: at least {h.need('want')}"),
    )]


def thrust_cub_version_check(ctx: Facts) -> list[Finding]:
    """``tf-source-cub-older-than-thrust``: Thrust's CUB version check stopped a build; the
    release's tested CUDA (tf_tested_configs.toml) when the log or host names the release."""
    hits = ctx.h("build.thrust_cub").all()
    if not hits or not (ctx.h("ctx.tf_build_tree").count or ctx.tf_version):
        return []  # another project's CUDA build (PyTorch, CuPy) prints the same check
    build = ctx.kb.tested_gpu_build(ctx.tf_version, "windows" if ctx.windows else "linux")
    tested = (f" TensorFlow {ctx.tf_version} was tested with CUDA {build.cuda} (knowledge row "
              f"{build.row.ref})." if build is not None else "")
    return [catalogue.make(
        "tf-source-cub-older-than-thrust", tested=tested, evidence=log_evidence(hits[:1]),
        fix=("# build the release with the CUDA it was tested with (tfgpu matrix), or a "
             "TensorFlow release built for this CUDA",
             "bazel build --copt=-DTHRUST_IGNORE_CUB_VERSION_CHECK ...   # or skip the check, "
             "as Thrust's message says (the two CUBs must then agree in what the build uses)"),
        knowledge_ref=build.row.ref if build is not None else None,
    )]


def bazel_server_died(ctx: Facts) -> list[Finding]:
    """``host-ram-exhausted-process-killed`` variant ``bazel-server`` (a warning): bazel's
    server died during the build; the JVM's log and the kernel's say whether it was memory."""
    hits = ctx.h("build.bazel_server_died").all()
    if not hits or ctx.h("build.bazel_crashed").count:
        return []  # bazel printed why it crashed: that is the cause
    log = hits[0].g("log")
    return [catalogue.make(
        "host-ram-exhausted-process-killed", variant="bazel-server",
        evidence=log_evidence(hits[:1]),
        fix=(f"tail -50 {c.quote(ctx, log) if log else '$(bazel info output_base)/server/jvm.out'}"
             "   # the server's last words (an OutOfMemoryError, or nothing when it was killed)",
             "sudo dmesg | grep -i -E 'killed process|out of memory'   # the kernel's OOM killer",
             "bazel build --jobs=4 ...   # fewer compile actions at once (newer bazel also "
             "--local_ram_resources=HOST_RAM*.5), or a machine with more RAM"),
    )]

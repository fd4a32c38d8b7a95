"""A custom op's compile that stopped in one of TensorFlow's own headers because that header
includes a CUDA header by its path inside TensorFlow's source tree
(``custom-op-build-tf-cuda-header-path``), or that found none of TensorFlow's headers at all
(``custom-op-build-tf-include-path-wrong``: the compile line lacks TensorFlow's include
folder, often a hard-coded path to another Python's site-packages; for the C API's headers a
binding's build that does not see libtensorflow's include folder).

Sources:

* TensorFlow's headers name the CUDA headers by their bazel paths: TensorFlow 1.x
  ``tensorflow/core/util/cuda_kernel_helper.h`` (and port.cc, matmul_op.cc, cuda_types.h...)
  ``#include "cuda/include/cuda.h"`` under ``#if GOOGLE_CUDA``; the 2.21 wheel's headers
  ``#include "third_party/gpus/cuda/include/cuda.h"`` (tensorflow/core/util/
  gpu_device_functions.h, cuda_sparse.h), which that wheel ships under
  ``tensorflow/include/third_party/gpus/cuda/include`` (``tf.sysconfig.get_include()``).
* Compiler wordings: gcc/nvcc "<file>:<line>:<col>: fatal error: <inc>: No such file or
  directory", clang "fatal error: '<inc>' file not found", MSVC "fatal error C1083: Cannot
  open include file: '<inc>': No such file or directory".
* TensorFlow's guide "Create an op" (Build the op library): compile with
  ``tf.sysconfig.get_compile_flags()`` and link with ``tf.sysconfig.get_link_flags()``, which
  name the installed TensorFlow's include and library folders; charlesq34/pointnet2#36: a
  build script's hard-coded ``-I /usr/local/lib/python2.7/dist-packages/tensorflow/include``
  missed the TensorFlow installed elsewhere ("fatal error: tensorflow/core/framework/op.h").
* jyh2986/Active-Shift-TF#4: a TensorFlow 1.4 op's build.sh stopped on cuda_kernel_helper.h's
  "cuda/include/cuda.h" (CUDA 8.0 installed); it built once that include no longer failed.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: TensorFlow's installed include folder (pip: site-packages/tensorflow/include/...; the
#: TF 1.x virtual package's tensorflow_core/include) in the path of the header that failed.
_TF_HEADER = re.compile(r"(?P<hdr>tensorflow(?:_core)?[/\\]include[/\\][\w./\\+-]{1,200}?\.h)\b")


def tf_header_cuda_path(ctx: Facts) -> list[Finding]:
    """``custom-op-build-tf-cuda-header-path``: "fatal error: cuda/include/<x>.h" (or
    ``third_party/gpus/cuda/include/<x>.h``) raised in a header under TensorFlow's include
    folder (pattern ``build.tf_cuda_include``)."""
    for h in ctx.h("build.tf_cuda_include").all():
        before = h.text[: h.text.find("fatal error")]
        m = _TF_HEADER.search(before)
        if m is None:
            continue
        inc = h.g("inc") or "cuda/include/cuda.h"
        header = m.group("hdr").replace("\\", "/")
        header = header[header.find("include/") + len("include/"):]
        bazel = inc.startswith("third_party/")
        return [catalogue.make(
            "custom-op-build-tf-cuda-header-path", header=header, include=inc,
            evidence=log_evidence([h]),
            fix=('python -c "import tensorflow as tf; print(tf.__version__, '
                 'tf.sysconfig.get_include())"   # the release, and the include folder its '
                 "flags add",
                 *(("# compile with all of tf.sysconfig.get_compile_flags(): a release that "
                    "ships third_party/gpus/cuda/include finds it there; else link that path to "
                    "the CUDA toolkit as below (third_party/gpus/cuda -> /usr/local/cuda)",)
                   if bazel else ()),
                 "mkdir -p $HOME/tf_cuda_inc && ln -sfn /usr/local/cuda $HOME/tf_cuda_inc/cuda"
                 "   # then add -I$HOME/tf_cuda_inc to the op's nvcc and g++ lines: "
                 "cuda/include/<x>.h then resolves to the toolkit's header"),
        )]
    return []


def tf_headers_not_found(ctx: Facts) -> list[Finding]:
    """A compile that finds none of TensorFlow's headers ("fatal error:
    tensorflow/core/framework/op.h: No such file or directory", pattern
    ``build.tf_header_missing``) in a file outside TensorFlow's include folder (the op's own
    source); nothing in a bazel build of TensorFlow itself (pattern ``build.tf_flags``).

    * ``custom-op-build-tf-include-path-wrong``: the compile line shown names no TensorFlow
      include folder (or none is shown): its -I flags miss the installed TensorFlow's;
      variant ``not-in-release`` when the include folder IS given (an -I into
      tensorflow/include, tf.sysconfig's flags): that release's headers lack the file, which
      moved or was renamed (cuda_kernel_helper.h became gpu_kernel_helper.h: pmh47/dirt#30,
      sampepose/flownet2-tf#108), so the op was written for another TensorFlow;
    * ``libtensorflow-headers-not-on-include-path`` for a C API header (tensorflow/c/...) in
      a build with no sign of the pip TensorFlow (no tensorflow/include, no
      -ltensorflow_framework): a binding's build (Go's cgo, Rust, a C program) that does not
      see the include folder of the libtensorflow archive (TensorFlow's "Install TensorFlow
      for C": extract it into /usr/local, or add its include and lib folders to the
      compiler's paths); the pip TensorFlow ships the C API's headers too."""
    flags = ctx.h("build.tf_flags").all()
    if any(h.g("bazel") for h in flags):
        return []  # TensorFlow's own bazel build: its tree, not an op's include path
    include_given = any(h.g("inc") for h in flags)
    pip_tf = include_given or any(h.g("lib") for h in flags)
    for h in ctx.h("build.tf_header_missing").all():
        if _TF_HEADER.search(h.text[: h.text.find("fatal error")]):
            continue  # raised inside TensorFlow's own headers: another header missing there
        header = h.need("inc")
        if header.startswith("tensorflow/c/") and not pip_tf:
            return [catalogue.make(
                "libtensorflow-headers-not-on-include-path", header=header,
                evidence=log_evidence([h]))]
        if include_given:
            return [catalogue.make(
                "custom-op-build-tf-include-path-wrong", variant="not-in-release",
                header=header, evidence=log_evidence([h], [f for f in flags if f.g("inc")][:1]),
                fix=('python -c "import tensorflow as tf, os; print(tf.__version__); '
                     "print(os.path.exists(os.path.join(tf.sysconfig.get_include(), "
                     f"'{header}')))\""
                     "   # False: this release ships no such header",
                     "# find where this release has it (grep -rl the header's name under "
                     "tf.sysconfig.get_include()) and change the #include, or build the op "
                     "against the TensorFlow it was written for"),
            )]
        return [catalogue.make(
            "custom-op-build-tf-include-path-wrong", header=header,
            evidence=log_evidence([h]),
            fix=('python -c "import tensorflow as tf; print(tf.sysconfig.get_include())"   # '
                 "the include folder of the TensorFlow the op is for: run it with the op's "
                 "Python",
                 "TF_CFLAGS=( $(python -c 'import tensorflow as tf; print(\" \".join("
                 "tf.sysconfig.get_compile_flags()))') ); TF_LFLAGS=( $(python -c 'import "
                 "tensorflow as tf; print(\" \".join(tf.sysconfig.get_link_flags()))') )"
                 "   # then g++/nvcc ... ${TF_CFLAGS[@]} ... ${TF_LFLAGS[@]}, in place of "
                 "hard-coded -I/-L paths"),
        )]
    return []

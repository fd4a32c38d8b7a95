"""A custom op's compile that stopped in one of TensorFlow's own headers because that header
includes a CUDA header by its path inside TensorFlow's source tree
(``custom-op-build-tf-cuda-header-path``).

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

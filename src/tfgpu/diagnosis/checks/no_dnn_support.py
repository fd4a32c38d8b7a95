"""The cuDNN RNN kernels' "Fail to find the dnn implementation." with no line that says why.

Source (tensorflow/tensorflow, every release that has the line, 1.x and 2.x:
``stream_executor/stream_executor_pimpl.cc``): ``StreamExecutor::createRnnDescriptor`` (and
the other RNN descriptor calls the CudnnRNN kernels of ``core/kernels/cudnn_rnn_ops.cc``
make) returns ``UNKNOWN: "Fail to find the dnn implementation."`` when ``AsDnn()`` is null.
``AsDnn()`` is null when the cuDNN plugin's factory (``stream_executor/cuda/cuda_dnn.cc``)
returned none because ``CudnnSupport::Init()`` failed ("Init() will log a more specific
error"), and Init fails in two ways, each logged at ERROR level before the status:

* ``cudnnCreate`` failed: "Could not create cudnn handle: CUDNN_STATUS_..." (most often no
  GPU memory left for cuDNN: TensorFlow preallocated nearly all of it, or another process
  holds it; read by ``rule_library_handle`` when the line is in the log);
* the version check: "Loaded runtime CuDNN library: X but source was compiled with: Y"
  (read by the cuDNN version finding when the line is in the log).

With neither line in the log both stay open. Reports of the bare line, and what fixed each:
another cuDNN than the build's in minimaxir/textgenrnn#239 and the Colab runtime updates
(a TensorFlow or cuDNN changed under the other), zhiguowang/BiMPM#40 (another cuDNN 7.x),
alibaba/esim-response-selection#2 (a newer TensorFlow), mattshma/bigdata#146 (a conda and a
pip TensorFlow mixed), DeepSpeech on TensorFlow 1.15 with the cuDNN 7.5 its docs named; GPU
memory in keras-team/keras#10634 (memory growth, several users), tensorflow/tensorflow#20067
(restarting the notebook that held the GPU) and user code that enables memory growth "to fix
Fail to find the dnn implementation". The version is the more frequent, memory close behind:
both are named, as hedges (warnings), the version first; memory first when the host's cuDNN
meets the build's (host facts against the build tables), where only another copy than the
host's would be the wrong version.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._pip_list import pip_list_grep
from tfgpu.facts.view import Facts
from tfgpu.findings import Evidence, Finding

#: The line's words (case-folded): the status the RNN descriptor calls return.
NO_DNN_RNN_WORDS = "fail to find the dnn implementation"

#: The command that tells the two causes apart: TensorFlow's own lines before the status.
_TELL = ("TF_CPP_MIN_LOG_LEVEL=0 python your_script.py 2>&1 | grep -i -E "
         "\"cudnn|out of memory\"   # 'Loaded runtime CuDNN library: X but source was "
         "compiled with: Y' = the version; 'Could not create cudnn handle' = most often memory")


def rnn_no_dnn_hedged(ctx: Facts, ev: tuple[Evidence, ...],
                      fix_mem: tuple[str, ...]) -> list[Finding]:
    """The two causes of a bare "Fail to find the dnn implementation." (module docstring),
    as two warnings in the order the evidence gives.

    Args:
        ctx: the facts view (host facts: the host's cuDNN against the build's).
        ev: the evidence lines (the status line).
        fix_mem: the memory-growth fix lines of ``rule_library_handle`` (TF 2.x environment
            variable or call, nvidia-smi, the TF 1.x ConfigProto line).

    Returns:
        ``cudnn-version-mismatch`` variant ``no-dnn-unknown`` then
        ``dnn-handle-failed-gpu-memory`` variant ``no-dnn-unknown``; when the host's cuDNN
        meets the build's: ``dnn-handle-failed-gpu-memory`` variant ``no-dnn-host-ok`` then
        ``cudnn-version-mismatch`` variant ``no-dnn-other-copy``.
    """
    from tfgpu.diagnosis.checks.dnn_init_causes import cudnn_host_meets_build

    build = ("python -c \"import tensorflow as tf; print(tf.__version__, "
             "tf.sysconfig.get_build_info())\"   # the cuDNN this TensorFlow was built for "
             "(TF >= 2.3)")
    packages = (pip_list_grep("tensorflow", "nvidia-cudnn", "cupy", "torch",
                              windows=ctx.windows)
                + "   # two TensorFlow packages, or another framework's cuDNN")
    meets = cudnn_host_meets_build(ctx)
    if meets is not None:
        have, built, ref = meets
        return [
            catalogue.make("dnn-handle-failed-gpu-memory", variant="no-dnn-host-ok",
                           have=have, built=built, ref=ref, knowledge_ref=ref, evidence=ev,
                           fix=(_TELL, *fix_mem)),
            catalogue.make("cudnn-version-mismatch", variant="no-dnn-other-copy",
                           have=have, evidence=ev, fix=(_TELL, build, packages)),
        ]
    return [
        catalogue.make(
            "cudnn-version-mismatch", variant="no-dnn-unknown", evidence=ev,
            fix=(_TELL, build, packages,
                 "# on Colab or a container image: use the TensorFlow it ships (do not pip "
                 "install tensorflow/tensorflow-gpu over it; restart the runtime); elsewhere "
                 "install the cuDNN the build info names")),
        catalogue.make("dnn-handle-failed-gpu-memory", variant="no-dnn-unknown", evidence=ev,
                       fix=fix_mem),
    ]

"""A numeric check that found NaN or Inf values in a tensor or the loss.

Sources (the 2.21 wheel and keras-team/keras 3.15 unless said):

* ``tensorflow/core/kernels/check_numerics_op.cc``: the CheckNumerics kernel fails with
  "<message> : Tensor had NaN values" (or "Inf", "Inf and NaN"), ``message`` being its
  caller's: tf.debugging.check_numerics in user code, TensorFlow 1's clip_by_global_norm
  ("Found Inf or NaN global norm.", node ``VerifyFinite/CheckNumerics``), the Object Detection
  API's loss check ("LossTensor is inf or nan.").
* ``tensorflow/python/training/basic_session_run_hooks.py``: NanTensorHook's
  NanLossDuringTrainingError, "NaN loss during training.".
* ``tensorflow/python/debug/lib/check_numerics_callback.py``: enable_check_numerics's
  "!!! Detected Infinity or NaN in output %d of ...".
* TensorFlow's histogram summary refusing NaN ("Nan in summary histogram for: <tag>", strings
  of the 2.21 wheel): the Keras TensorBoard callback's weight histograms, tf.summary.histogram.
* The GPU kernel of CheckNumerics logs "abnormal_detected_host @<ptr> = {<is_nan>, <is_inf>}
  <message>" before its status (check_numerics_op.cc); Keras's progress bar prints the loss as
  "loss: nan" while an epoch goes on.
* ``keras/src/callbacks/terminate_on_nan.py``: TerminateOnNaN prints "Batch %d: Invalid loss,
  terminating training" (tf.keras 2 the same) or raises "NaN or Inf loss encountered at
  batch %d" (``raise_error=True``).
* The docstrings of tf.nn.sparse_softmax_cross_entropy_with_logits ("Other values will raise
  an exception when this op is run on CPU, and return NaN for corresponding loss and gradient
  rows on GPU") and tf.gather ("On GPU, if an out of bound index is found, a 0 is stored in
  the corresponding output value"): a label or index out of range is an error on the CPU and
  a silent NaN or 0 on the GPU, which is why the first fix line re-runs on the CPU.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The exception's name (and TensorFlow's function-node prefix) before a message.
_EXCEPTION_HEAD = re.compile(
    r"^.*?\b\w*(?:Error|Exception)\b:\s*(?:\{\{function_node [^}]*\}\}\s*)?"
    # a C++ log line's prefix ("... executor.cc:1197] ", and a device or job in brackets)
    r"|^.*?\.cc:\d{1,6}\]\s*(?:\[[^\]]{0,200}\]\s*)?")
#: A TensorFlow status's own prefix inside the message ("(0) Invalid argument: ").
_STATUS_HEAD = re.compile(r"^\(\d{1,3}\) [A-Z][\w ]{2,40}: ")
#: The status code CheckNumerics' InvalidArgument carries (absl's and TF 1's spellings).
_STATUS_CODE = re.compile(r"\b(?:INVALID_ARGUMENT|Invalid argument): ")

#: Known callers of CheckNumerics, by a lower-case piece of their message: who checked what
_CALLERS = (
    ("global norm", "clip_by_global_norm's check of the gradients' global norm"),
    ("losstensor is inf or nan", "The Object Detection API's check of the total loss"),
)


#: why the first fix line re-runs on the CPU
_ON_CPU = ("once on the CPU: a label or index out of range raises an error naming it there "
           "(on the GPU it gives NaN or 0 silently)")


def _cpu_once(windows: bool) -> tuple[str, ...]:
    """The line(s) that run the script once with the GPUs hidden: a POSIX shell's prefix, or
    on native Windows (``Facts.windows``) cmd's and PowerShell's forms (PowerShell's
    ``$env:`` lasts the session: removed after the run)."""
    if not windows:
        return (f"CUDA_VISIBLE_DEVICES=-1 python <your script>   # {_ON_CPU}",)
    return (f"set CUDA_VISIBLE_DEVICES=-1 && python <your script>   # cmd / Anaconda Prompt: "
            f"{_ON_CPU} (then: set CUDA_VISIBLE_DEVICES=)",
            "$env:CUDA_VISIBLE_DEVICES=\"-1\"; python <your script>; Remove-Item "
            "Env:CUDA_VISIBLE_DEVICES   # the same in PowerShell")


def _named_check(message: str, op: str) -> str:
    """Who ran a CheckNumerics whose message is ``message``: a known caller
    (:data:`_CALLERS`), else the op (``op``) with the message quoted."""
    low = message.lower()
    for piece, who in _CALLERS:
        if piece in low:
            return who
    return (f"A numeric check ({op}, message '{message[:80]}')" if message
            else f"A numeric check ({op})")


def _which_check(h: Hit) -> tuple[str, str]:
    """(who checked, what it found) for one hit of ``train.tensor_not_finite`` or
    ``train.loss_not_finite``."""
    if h.g("what"):
        # the check's own message: the text before " : Tensor had", less the exception's name
        head = h.text[:h.text.rfind(": Tensor had")]
        prefix = " ".join(_EXCEPTION_HEAD.sub("", head, count=1).split()).strip(" .")
        prefix = _STATUS_HEAD.sub("", prefix, count=1)
        # the status code before the message (absl's "INVALID_ARGUMENT: ", TF 1's "Invalid
        # argument: ") ends whatever the line said before it
        prefix = _STATUS_CODE.split(prefix)[-1]
        return _named_check(prefix, "check_numerics"), h.need("what")
    if h.g("hook"):
        return "TensorFlow 1's NanTensorHook (the loss)", "NaN"
    if h.g("gpumsg") is not None:
        what = {"10": "NaN", "01": "Inf", "11": "Inf and NaN"}.get(
            f"{h.g('isnan')}{h.g('isinf')}", "NaN or Inf")
        return _named_check(h.need("gpumsg").strip(" ."), "check_numerics on the GPU"), what
    if h.g("progbar"):
        return "Keras's progress bar (the loss)", "NaN"
    if h.g("histogram"):
        return (f"TensorBoard's histogram summary of {h.need('histogram')}",
                "Inf" if h.g("histkind") == "Infinity" else "NaN")
    if h.g("keras"):
        return "Keras's TerminateOnNaN callback (the loss)", "NaN or Inf"
    return "tf.debugging.enable_check_numerics", "NaN or Inf"


def values_not_finite(ctx: Facts) -> list[Finding]:
    """``tensor-values-not-finite``: the first NaN/Inf report of a numeric check names the
    check (patterns ``train.tensor_not_finite``, ``train.loss_not_finite``); the last one is
    quoted too (the exception's message after the check's own log line)."""
    hits = sorted(ctx.h("train.tensor_not_finite").all() + ctx.h("train.loss_not_finite").all(),
                  key=lambda h: h.line)
    if not hits:
        return []
    # a check's own report names the check; Keras's progress bar only shows the loss
    named = [h for h in hits if not h.g("progbar")] or hits
    check, what = _which_check(named[0])
    return [catalogue.make(
        "tensor-values-not-finite", check=check, what=what,
        # the first report and the last (the exception's own message, when it is one)
        evidence=log_evidence(named[:1], named[-1:]),
        fix=(*_cpu_once(ctx.windows),
             "# check the data: NaN/Inf in inputs and targets (np.isnan(x).any(), "
             "np.isinf(x).any()); labels in [0, num_classes); token ids below the vocabulary "
             "size; boxes and keypoints inside the image, min below max",
             "# then the training: a lower learning rate, any coefficient put back near its "
             "usual value, gradient clipping (clipnorm=1.0 on the optimizer; a NaN global norm "
             "means the gradients were NaN before clipping), no log or division of values "
             "that can reach 0; under mixed_float16 keep loss scaling",
             "# add tf.debugging.enable_check_numerics() as the program's first line: the "
             "error then names the first op whose output is not finite"))]


__all__ = ["values_not_finite"]

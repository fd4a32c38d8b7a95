"""cuDNN rejecting the parameters of a descriptor TensorFlow built (CUDNN_STATUS_BAD_PARAM,
code 3 in cudnn.h), e.g. a convolution whose spatial size is zero.
"""

from __future__ import annotations

import re

from tfgpu.diagnosis import catalogue
from tfgpu.facts.log import Hit
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: The calls whose BAD_PARAM the reports explain, in the wordings they print (TF 0.x-1.x
#: and the "Check failed: cudnnSet...Descriptor" form): a descriptor's set-up, a
#: convolution's enqueue or algorithm choice. Not "could not destroy cudnn handle" (a status
#: of no consequence at exit), nor TF 2.x's "CUDNN_STATUS_BAD_PARAM in cuda_dnn.cc(N):
#: '<call>'" form, which stays an unrecognised error with the code's meaning.
_DESCRIPTOR_CALL = re.compile(
    r"could not (?:set|convert) |cudnn(?:tensor|filter|conv\w{0,20}) descriptor"
    r"|failed to enqueue convolution|suitable algorithm|Check failed: cudnnSet\w{1,40}Descriptor",
    re.IGNORECASE,
)


#: A cuDNN descriptor TensorFlow printed with a spatial extent of 0 ("spatial: 0 86").
_ZERO_SPATIAL = re.compile(r"spatial:(?: \d{1,9}){0,4}? 0\b")
#: A batch descriptor with a batch count of 0 (stream_executor dnn.cc
#: ``BatchDescriptor::ToString``: "{count: %d feature_map_count: %d spatial: %s value_min: %f
#: value_max: %f layout: %s}", the same in the TensorFlow 2.21 wheel).
_ZERO_COUNT = re.compile(r"\{count: 0 feature_map_count: ")


def cudnn_bad_param(ctx: Facts) -> list[Finding]:
    """cuDNN rejected the parameters of a descriptor TensorFlow built (CUDNN_STATUS_BAD_PARAM,
    code 3 in cudnn.h): ``cudnn-bad-param``.  A printed batch count of 0 is an empty batch
    (:func:`_zero_batch`); when the printed descriptor has a spatial
    extent of 0 the input was too small for the network (variant ``zero-size``); otherwise
    the reports name three causes the log cannot tell apart (an input too small for the
    network, another cuDNN than the one TensorFlow was built with found first, a TensorFlow
    bug of the release), so the finding is hedged.  Another framework's lines (Caffe prints
    the same check) are left to the unrecognised-error finding."""
    hits = [h for h in ctx.h("cudnn.bad_param").all()
            if _DESCRIPTOR_CALL.search(h.read) or _DESCRIPTOR_CALL.search(h.before + h.text)
            or _descriptors_near(ctx, h)]
    if not hits or ctx.other_framework:
        return []
    empty = next((h for h in hits if _ZERO_COUNT.search(h.text) or any(
        d.g("count") == "0" for d in _descriptors_near(ctx, h))), None)
    if empty is not None:
        return [_zero_batch(ctx, empty)]
    zero = next((h for h in hits if _ZERO_SPATIAL.search(h.text) or any(
        "0" in (d.g("spatial") or "").split() for d in _descriptors_near(ctx, h))), None)
    if zero is not None:
        return [catalogue.make(
            "cudnn-bad-param", variant="zero-size", evidence=log_evidence([zero]),
        )]
    return [catalogue.make(
        "cudnn-bad-param", evidence=log_evidence(hits),
    )]


#: Lines before a rejection's status on which its descriptor may start: TF 1.x prints the
#: descriptor (about 130 characters) and " to cudnn tensor descriptor: " before the status,
#: two lines of an 80-column wrap.
_DESCRIPTOR_BEFORE = 2


def _descriptors_near(ctx: Facts, hit: Hit) -> list[Hit]:
    """The batch descriptors (pattern ``cudnn.batch_descriptor``: count, feature maps,
    spatial sizes) printed in the same message as the rejection ``hit``: starting on its
    lines, on the line after them (TF 2.x prints the descriptor after the status, "(3 vs.
    0)batch_descriptor: {...}") or on one of the :data:`_DESCRIPTOR_BEFORE` lines before
    (TF 1.x before it, "could not convert BatchDescriptor {...} to cudnn tensor descriptor:
    CUDNN_STATUS_BAD_PARAM"), where a terminal's hard wrap puts the pieces of one long
    line."""
    first, last = hit.line - _DESCRIPTOR_BEFORE, hit.span.stop
    return [d for d in ctx.h("cudnn.batch_descriptor").all() if first <= d.line <= last]


def _zero_batch(ctx: Facts, hit: Hit) -> Finding:
    """``cudnn-bad-param`` for a descriptor whose batch count is 0: variant ``zero-batch-split``
    when the log shows several GPUs (Keras's multi_gpu_model named, pattern
    ``keras.multi_gpu_model``, or TensorFlow creating two or more GPU devices): Keras 2.2.4's
    keras/utils/multi_gpu_utils.py ``get_slice`` gives each GPU ``batch_size // parts``
    samples and the last one the rest, so a batch smaller than the GPU count leaves the others
    empty; else the hedged ``zero-batch`` (an empty batch from the data, or such a split)."""
    gpus = {h.g("idx") for h in ctx.h("gpu.created").all()} - {None}
    multi = ctx.h("keras.multi_gpu_model").all()
    if len(gpus) >= 2 or multi:
        what = f"{len(gpus)} GPUs" if len(gpus) >= 2 else "several GPUs (multi_gpu_model)"
        return catalogue.make("cudnn-bad-param", variant="zero-batch-split", gpus=what,
                              evidence=log_evidence([hit], multi[:1]))
    return catalogue.make("cudnn-bad-param", variant="zero-batch",
                          evidence=log_evidence([hit]))

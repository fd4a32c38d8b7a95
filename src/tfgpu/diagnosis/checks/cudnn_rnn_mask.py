"""A masked LSTM/GRU whose mask the cuDNN kernel cannot take.

Keras runs an LSTM/GRU with a mask on the fused cuDNN kernel (``CudnnRNNV3``) with one
sequence length per sample, the count of ``True`` in its mask
(``calculate_sequence_by_mask`` / ``_compute_sequence_length_from_mask``). cuDNN takes only
masks that are strictly right-padded (Keras's cuDNN criteria: "Inputs, if use masking, are
strictly right-padded") and errors out on a sample whose every step is masked (Keras's
``has_fully_masked_sequence``: "Cudnn kernel will error out if the input sequence contains any
fully masked data", tensorflow/tensorflow#33148). Two wordings:

* TensorFlow's cuDNN call (``stream_executor/cuda/cuda_dnn.cc``, TF 1.13-2.21; tf.keras
  releases without the fully-masked check, and the raw CudnnRNNV3 op):
  ``CUDNN_STATUS_BAD_PARAM`` then ``in .../cuda_dnn.cc(N): 'cudnnSetRNNDataDescriptor(
  data_desc.get(), ..., seq_lengths_array, (void*)&padding_fill)'``: the descriptor refused
  the lengths (tensorflow/tensorflow#33069, #33148, #40982: all masked LSTM/GRU on a GPU);
* Keras 3's own check before it calls cuDNN (``keras/src/backend/tensorflow/rnn.py``
  ``_assert_valid_mask``, Keras >= 3.2): "You are passing a RNN mask that does not correspond
  to right-padded sequences, while using cuDNN, which is not supported."
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def cudnn_rnn_mask_rejected(ctx: Facts) -> list[Finding]:
    """``cudnn-rnn-mask-rejected``: cuDNN's RNN data descriptor refused the sequence lengths
    taken from a mask (a ``CUDNN_STATUS_BAD_PARAM`` line on or right before the
    ``cudnnSetRNNDataDescriptor`` call line), or Keras 3's mask check before cuDNN (variant
    ``keras3-check``).  Another framework's log is left alone (its RNN API differs).

    Args:
        ctx: the facts view.

    Returns:
        One finding, or none.
    """
    if ctx.other_framework:
        return []
    keras3 = ctx.h("keras.rnn_mask_cudnn").all()
    if keras3:
        return [catalogue.make("cudnn-rnn-mask-rejected", variant="keras3-check",
                               evidence=log_evidence(keras3[:1]))]
    calls = ctx.h("cudnn.rnn_data_desc").all()
    status = [h for h in ctx.h("cudnn.bad_param").all()
              if any(0 <= c.line - h.line <= 1 for c in calls)]
    said = [c for c in calls if "CUDNN_STATUS_BAD_PARAM" in c.text]
    if not status and not said:
        return []
    return [catalogue.make("cudnn-rnn-mask-rejected",
                           evidence=log_evidence(status[:1], (said or calls)[:1]))]

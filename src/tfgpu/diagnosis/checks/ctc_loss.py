"""Fault kind CTC LABELS: TensorFlow's CTC loss given labels that do not fit the sequence it
aligns them to.

Sources: ``tensorflow/core/util/ctc/ctc_loss_calculator.h`` (the strings are in the
TensorFlow 2.21 wheel's ``libtensorflow_cc.so.2``): "Not enough time for target transition
sequence (required: N, available: M)" with "You can turn this error into a warning by using
the flag ignore_longer_outputs_than_inputs" (a label sequence needs at least as many time
steps as labels, plus one between each repeated pair), "The sequence length is either zero or
shorter than the target output (CTC works only with shorter target sequence than input
sequence)", and "Saw a non-null label (index >= num_classes - 1) following a null label,
batch: B num_classes: C" (the blank is the last class, index num_classes - 1: a label index
there or beyond is a class the logits do not have).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def ctc_labels(ctx: Facts) -> list[Finding]:
    """``ctc-labels-do-not-fit`` (pattern ``tf.ctc_labels``): variant ``too-long`` for a label
    sequence longer than its input (``need``/``have`` when printed), variant ``classes`` for a
    label index at or past the blank."""
    hits = ctx.h("tf.ctc_labels").all()
    if not hits:
        return []
    h = hits[-1]
    if h.g("classes"):
        classes = int(h.need("classes"))
        return [catalogue.make(
            "ctc-labels-do-not-fit", variant="classes", classes=str(classes),
            blank=str(classes - 1), evidence=log_evidence([h]),
            fix=(f"# num_classes (the logits' last axis) must be the number of characters + 1: "
                 f"with {classes}, labels are 0..{classes - 2} and {classes - 1} is the blank",
                 "# a character set changed (a char dict edited): write the label records "
                 "again with it, and set num_classes to its size + 1 in the model"))]
    need = h.g("need")
    if need and h.g("have") == "0":
        # no time steps at all: the sequence lengths given to the loss are zeros (an
        # input_length array of zeros, or another array passed in its place)
        return [catalogue.make(
            "ctc-labels-do-not-fit", variant="zero-length", need=need,
            evidence=log_evidence([h]),
            fix=("# print the sequence lengths given to the loss (input_length / logit_length): "
                 "each must be the model's output time steps for that sample, never 0",
                 "# a Keras CTC layer: the input_length input fed from the wrong array, or "
                 "computed before the CNN's pooling instead of after"))]
    shown = (f"a label sequence needs {need} time steps and the input has {h.need('have')}"
             if need else "a label sequence is longer than its input sequence")
    return [catalogue.make(
        "ctc-labels-do-not-fit", variant="too-long", shown=shown, evidence=log_evidence([h]),
        fix=("# drop or shorten the training samples whose label is longer than the model's "
             "output time steps (for a CNN+RNN recognizer: the feature map's width after its "
             "pooling), or give the model more time steps (wider input, less pooling)",
             "tf.nn.ctc_loss(..., ignore_longer_outputs_than_inputs=True)   # TF 1.x "
             "API: those samples then add no loss instead of stopping training"))]


__all__ = ["ctc_labels"]

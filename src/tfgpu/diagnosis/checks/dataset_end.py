"""A tf.data iterator asked for more than its dataset holds: ``OutOfRangeError: End of sequence``;
a TF 1.x input queue closed with fewer elements than asked for.

Source: tensorflow/core/kernels/data/iterator_ops.cc (``IteratorGetNextOp``,
``IteratorGetNextSyncOp``: ``errors::OutOfRange("End of sequence")`` when the iterator has no
element left; multi_device_iterator_ops.cc the same), the text in the TensorFlow 2.21 wheel's
libtensorflow_cc.so.2; Python raises it as ``tf.errors.OutOfRangeError``
(tensorflow/python/framework/errors_impl.py).  Keras ends an epoch on it itself when it
iterates a dataset without ``steps_per_epoch``; the exception reaches the user, and ends the
program, when more batches are asked for than the dataset gives: ``steps_per_epoch`` (or
``validation_steps``) times ``epochs`` larger than the dataset, a dataset without
``.repeat()`` used for several epochs, or ``next()`` / ``get_next()`` in a loop that does not
stop at the end (a TF 1.x session loop without ``except tf.errors.OutOfRangeError``).  A
data-pipeline issue, not a GPU fault: the finding is a hint (warning).  The same status logged
on its way out ("Local rendezvous is aborting with status: OUT_OF_RANGE: End of sequence",
"BaseCollectiveExecutor::StartAbort Out of range: End of sequence") is harmless by itself.

TF 1.x input queues (tensorflow/core/kernels/fifo_queue.cc, padding_fifo_queue.cc,
random_shuffle_queue_op.cc, priority_queue.cc) say "<Queue> '<name>' is closed and has
insufficient elements (requested N, current size M)" (OutOfRangeError): the queue runner
(tensorflow/python/training/queue_runner_impl.py) closes a queue when its input ends and
cancels it when a thread feeding it fails, so an empty closed queue means its reader got no
file or a feeding thread failed first (its error logged above); string_input_producer
(tensorflow/python/training/input.py) refuses an empty file list with "string_input_producer
requires a non-null input tensor".
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks.collectives import collective_input_end, raised_end_of_sequence
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def _queue_closed(f: Facts) -> list[Finding]:
    """``input-dataset-exhausted`` variants ``queue-empty`` (a TF 1.x input queue closed with
    nothing in it, or string_input_producer given no file: its reader got no file, or a
    thread feeding it failed) and ``queue-short`` (closed with fewer elements than a batch, or
    empty after training steps: the input ended), from pattern ``data.queue_closed``;
    ``queue-short-no-step`` (a hedge) for a remainder with no training step before it: the
    input may have ended, or its producer failed (DrSleep/tensorflow-deeplab-resnet#172: the
    local variables, num_epochs's epoch counter among them, were never initialised)."""
    hits = f.h("data.queue_closed")
    if not hits.count:
        return []
    h = hits.first[0]
    ev = log_evidence(hits)
    # training steps before it: the input was read, and ended (num_epochs read through)
    stepped = any(x.line < h.line for x in (*f.h("keras.step").all(),
                                            *f.h("train.loss_value").all()))
    if h.g("nofiles") or (h.g("size") == "0" and not stepped):
        return [catalogue.make(
            "input-dataset-exhausted", variant="queue-empty", line=h.line,
            queue=h.g("queue") or "string_input_producer", evidence=ev)]
    return [catalogue.make(
        "input-dataset-exhausted", variant="queue-short" if stepped else "queue-short-no-step",
        line=h.line,
        queue=h.need("queue"), req=h.need("req"), size=h.need("size"),
        evidence=ev)]


def dataset_end_of_sequence(f: Facts) -> list[Finding]:
    """``input-dataset-exhausted`` (a warning, category ``model-code``) for the first
    ``OutOfRangeError: End of sequence`` line (pattern ``data.end_of_sequence``); variant
    ``no-step`` when no line before it shows a training step (a Keras progress bar,
    ``keras.step``, or a loss printed, ``train.loss_value``): an empty dataset then comes
    first; a TF 1.x input queue closed short (:func:`_queue_closed`) is read first. Nothing
    without the exception."""
    queue = _queue_closed(f)
    if queue:
        return queue
    # the exception line itself; "OutOfRangeError: N root error(s) found" only with an end of
    # sequence among the root errors under it; a root line alone is no failure of its own
    hits = raised_end_of_sequence(f)
    if not hits or collective_input_end(f)[0]:
        # raised from a collective all-reduce: collectives.py's input-ended reading (under
        # MultiWorkerMirroredStrategy steps_per_epoch is the fix, not its removal)
        return []
    # the op's own W line before the exception (TF 1.x op_kernel.cc "Out of range: End of
    # sequence", a harmless row when the program catches it) is this failure's first sign
    first_sign = [h for h in f.h("notice.known_harmless").all()
                  if "End of sequence" in h.text and h.line < hits[0].line][:1]
    shown = [hits[0], hits[-1]] if len(hits) > 1 else hits
    # a step before the exception (Keras prints an epoch's last progress line after the
    # iterator's own end-of-sequence notice)
    stepped = any(h.line < hits[0].line for h in (*f.h("keras.step").all(),
                                                   *f.h("train.loss_value").all()))
    return [catalogue.make("input-dataset-exhausted", line=hits[0].line,
                           variant=None if stepped else "no-step",
                           evidence=log_evidence(first_sign, shown, limit=3))]


__all__ = ["dataset_end_of_sequence"]

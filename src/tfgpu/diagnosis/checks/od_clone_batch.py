"""The TF Object Detection API's legacy trainer with fewer images per batch than clones.

Source: tensorflow/models research/object_detection/legacy/trainer.py (object_detection/
trainer.py before the move): ``train`` gives each clone ``train_config.batch_size //
num_clones`` images (divided again by ``replicas_to_aggregate`` with ``sync_replicas``) and
builds the input queue with that batch size; ``_create_losses`` unpacks
``zip(*map(extract_images_and_targets, input_queue.dequeue()))``.  With ``batch_size`` below
``--num_clones`` the per-clone size is 0, the dequeued list is empty and the unpack fails:
Python 2 "ValueError: need more than 0 values to unpack", Python 3 "ValueError: not enough
values to unpack (expected N, got 0)".  Thread: tensorflow/models#2407 (batch_size 1 with
--num_clones=2; a batch size of at least num_clones fixed it, confirmed by others).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: How many lines below the _create_losses frame the unpack error may stand (the frame's code
#: lines, a get_inputs frame, then the error).
_REACH = 6


def od_clone_batch(ctx: Facts) -> list[Finding]:
    """``multi-gpu-batch-size-smaller-than-replicas``: an empty-unpack ValueError right under
    the Object Detection trainer's ``_create_losses`` frame."""
    frames = ctx.h("od.trainer_losses_frame").all()
    errors = [h for h in ctx.h("py.unpack_none").all()
              if any(0 < h.line - f.line <= _REACH for f in frames)]
    if not errors:
        return []
    return [catalogue.make("multi-gpu-batch-size-smaller-than-replicas",
                           evidence=log_evidence(frames[-1:], errors[:1]))]


__all__ = ["od_clone_batch"]

"""Writing TFRecords: a tf.train.Example feature given ``None``.

Sources: protobuf's Python type check of a repeated scalar field (python/google/protobuf/
internal/type_checkers.py: "%.1024r has type %s, but expected one of: %s"; the C++
extension of protobuf 3.x words it "None has type NoneType, but expected one of: int,
long"), raised when a ``tf.train.Int64List`` / ``BytesList`` / ``FloatList`` is built with a
``None`` among its values; the Object Detection API's ``utils/dataset_util.py``
(``int64_list_feature(value)`` -> ``tf.train.Feature(int64_list=tf.train.Int64List(value=
value))``), which the widely copied ``generate_tfrecord.py`` scripts call with the class ids
their ``class_text_to_int`` returns: ``None`` for a class name it does not list.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding

#: How far above the type error a feature builder's frame may stand (traceback lines).
_FRAME_WINDOW = 12


def feature_value_none(ctx: Facts) -> list[Finding]:
    """``tfrecord-feature-value-none``: protobuf refused ``None`` (pattern
    ``proto.none_value``) inside a tf.train.Feature builder (pattern
    ``ctx.example_feature_frame`` within :data:`_FRAME_WINDOW` lines above it); another
    protobuf field given None is not read."""
    seen = ctx.h("ctx.example_feature_frame").all()
    for h in ctx.h("proto.none_value").all():
        frames = [f for f in seen if not f.g("labelmap") and 0 <= h.line - f.line <= _FRAME_WINDOW]
        if not frames:
            continue
        # a label mapping in view, or the feature holding the labels ('image/object/class/label')
        labels = any(f.g("labelmap") for f in seen) or any("label" in f.text.lower()
                                                            for f in frames)
        return [catalogue.make(
            "tfrecord-feature-value-none", variant="label" if labels else None,
            evidence=log_evidence(frames[-1:], [h]),
            fix=("# find the rows whose value is None: print them before building the example "
                 "(a class name the mapping does not list, an empty annotation column)",
                 "# generate_tfrecord.py: make class_text_to_int return an id for every class "
                 "name in your annotations (the same ids as label_map.pbtxt), and raise on an "
                 "unknown name instead of returning None",
                 "# then write the TFRecord files again"))]
    return []


__all__ = ["feature_value_none"]

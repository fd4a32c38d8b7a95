"""A name of TensorFlow's public API the imported tensorflow module lacks, read against
TensorFlow 2.21's own API lists (platform fact tf-api-names; checks/tf_api_names.py): rows in
kind_cases/tf_api_names.toml, and the lists themselves."""

from __future__ import annotations

from tfgpu.knowledge import load_knowledge

from .kind_helpers import table_test

test_case = table_test("tf_api_names")


def test_the_api_lists_hold_known_names_in_the_right_list() -> None:
    """tf.Session and tf.train.AdamOptimizer are TF 1 only; tf.Variable, tf.nn.relu and
    __version__ are in both; the lists do not overlap and leave Keras's modules out."""
    row = load_knowledge().platform_fact("tf-api-names")
    v1_only, both = set(row.items("v1_only")), set(row.items("both"))
    assert {"Session", "placeholder", "flags", "train.AdamOptimizer"} <= v1_only
    assert {"Variable", "constant", "nn.relu", "config.list_physical_devices",
            "__version__"} <= both
    assert not v1_only & both
    assert not any(n.startswith(("keras.", "losses.", "raw_ops.")) for n in v1_only | both)
    # tf.distribute.TPUStrategy is TF 2's alone (TF 1.x had only experimental.TPUStrategy)
    v2_only = set(row.items("v2_only"))
    assert {"distribute.TPUStrategy", "autodiff.GradientTape"} <= v2_only
    assert not v2_only & (v1_only | both)

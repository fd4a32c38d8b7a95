"""TensorFlow lists no GPU on an NVIDIA Jetson and the log does not say why: the hedge's next
steps start with the Jetson Linux release and NVIDIA's TensorFlow build for that JetPack
(checks/jetson_tf_build.py): rows in kind_cases/jetson_tf_build.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("jetson_tf_build")

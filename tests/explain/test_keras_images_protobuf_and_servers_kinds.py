"""A Keras input check raised while the model is built, the image decoder given a text form of
an image, Pillow without a codec, a TF 1 name missing from a 0.x, protobuf errors in another
package's generated code, a truncated download in Keras's cache, mixed precision inside
TensorFlow Addons, an op missing from a server's own TensorFlow, a library's save under Keras 3.
Rows: kind_cases/keras_images_protobuf_and_servers.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_images_protobuf_and_servers")

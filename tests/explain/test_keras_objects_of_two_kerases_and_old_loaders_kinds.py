"""Layers, tensors and models of one Keras handed to another (Sequential.add, tf.keras's
tensor history and TensorBoard, tfmot), Keras/TensorFlow files of two releases, h5py 3 under
an old Keras HDF5 loader without its line, an XLA error cut before the op, Keras 1's
dim_ordering. Rows: kind_cases/keras_objects_of_two_kerases_and_old_loaders.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("keras_objects_of_two_kerases_and_old_loaders")

"""Data and sequence-model code: tensorflow_datasets splits and names (checks/tfds_datasets.py),
records reshaped to another size, damaged BMP files and files Pillow cannot identify, stateful
RNNs without a batch size (checks/keras_recurrent.py), CTC labels that do not fit
(checks/ctc_loss.py), LearningRateScheduler's call of the schedule
(checks/keras_api_signatures.py). Rows: kind_cases/datasets_and_sequence_models.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("datasets_and_sequence_models")

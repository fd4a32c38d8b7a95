"""A cuDNN handle failure with a status TensorFlow prints by number ("Could not create cudnn
handle: <unknown cudnn status: 1008>") whose row names a host fault of its own (cuDNN 9's
sub-library loading failure): that fault with its next steps.  Rows:
kind_cases/cudnn_handle_unnamed_status.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_handle_unnamed_status")

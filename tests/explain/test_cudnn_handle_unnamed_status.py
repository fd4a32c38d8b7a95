"""A cuDNN handle failure with a status TensorFlow prints by number ("Could not create cudnn
handle: <unknown cudnn status: 1008>") whose row names a host fault of its own (cuDNN 9's
sub-library loading failure): that fault with its next steps.  Rows:
kind_cases/cudnn_handle_unnamed_status.toml."""

from __future__ import annotations

from .kind_helpers import table_test

test_case = table_test("cudnn_handle_unnamed_status")


def test_every_cudnn_status_mapped_to_the_driver_finding_gives_it() -> None:
    """Each cudnnStatus_t row whose ``maps_to`` is the driver finding (status_codes.toml),
    printed as TensorFlow prints it, gives that finding as an error, not an unrecognised
    error: the row's fault key decides, not one number."""
    from tfgpu.findings import Severity
    from tfgpu.knowledge import load_knowledge

    from .kind_helpers import ids

    rows = [r for r in load_knowledge().status_codes
            if r.enum == "cudnnStatus_t" and r.maps_to == "driver-too-old-for-cuda"]
    assert rows
    for row in rows:
        line = ("E external/local_xla/xla/stream_executor/cuda/cuda_dnn.cc:535] Could not "
                f"create cudnn handle: <unknown cudnn status: {row.code}>")
        found = ids([line])
        assert "unrecognised-error" not in found, (row.name, found)
        f = found["driver-too-old-for-cuda"]
        assert f.severity is Severity.ERROR and row.name in f.cause, f

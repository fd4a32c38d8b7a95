"""Exit codes of every ``tfgpu`` command (one place, like pip's ``status_codes.py``)."""

#: No error-severity finding (for the doctor: TensorFlow can use a GPU, or nothing is
#: wrong for a CPU-only host).
SUCCESS = 0
#: At least one error-severity finding (or a failed verification/benchmark).
ERRORS_FOUND = 1
#: Bad command line, or an input that cannot be read (a ``--facts`` file that is not JSON).
USAGE_ERROR = 2
#: The host could not be examined at all.
HOST_UNEXAMINED = 3
#: A bug in tfgpu (an unexpected exception); rerun with ``--debug`` for the traceback.
INTERNAL_ERROR = 4
#: Interrupted by the user (Ctrl-C), as shells report SIGINT.
INTERRUPTED = 130
#: Stopped by SIGTERM or SIGHUP: 128 + the signal number (143, 129), as shells report it;
#: the command stops as on Ctrl-C (``tfgpu.cli.main.Terminated``).
TERMINATED_BASE = 128

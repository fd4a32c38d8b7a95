"""Windows NTSTATUS codes a crashed or stopped process exits with: the one table of them.

Source: Windows' ``ntstatus.h`` and [MS-ERREF] 2.3.1 NTSTATUS Values
(https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-erref/596a1078-e883-4972-9bbc-49e60bebca55):
an NTSTATUS is a 32-bit value whose top two bits are its severity; ``11`` (0xC0000000 and
up) is an error.  A Windows process that dies of an unhandled exception exits with the
exception's NTSTATUS.  Tools print that exit code three ways: signed 32-bit (PyCharm /
IntelliJ's "Process finished with exit code -1073741819 (0xC0000005)"), unsigned (VS Code's
"code=3221225477", ``%ERRORLEVEL%`` of 64-bit tools) and hex.

The explain checks (``diagnosis/checks/windows.py``, ``unknown.py``) and the TensorFlow
probe (``probes/tf_child.py``) read these rows; the log patterns that find the codes in a log
(``logs/patterns.py`` ``win.status``, ``win.crash_status``) spell the same values as regular
expressions.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The lowest NTSTATUS of severity "error" (top two bits ``11``; ntstatus.h
#: ``STATUS_SEVERITY_ERROR``): a code at or above it, printed unsigned, is a crash or a
#: failed start.
ERROR_MIN = 0xC0000000


@dataclass(frozen=True, slots=True)
class NtStatus:
    """One NTSTATUS value.

    Attributes:
        code: the value, unsigned 32-bit (``0xC0000005``).
        name: its ntstatus.h name (``STATUS_ACCESS_VIOLATION``).
        meaning: what it says happened to the process, a clause ("native code read or
            wrote memory it may not").
        short: the same in a few words, for a parenthesis ("a crash inside a native
            library").
    """

    code: int
    name: str
    meaning: str
    short: str

    @property
    def hex(self) -> str:
        """The code as ntstatus.h and an IDE write it: ``"0xC0000005"``."""
        return f"0x{self.code:08X}"

    @property
    def signed(self) -> int:
        """The code as a signed 32-bit exit code: ``-1073741819`` for 0xC0000005."""
        return self.code - (1 << 32) if self.code >= 1 << 31 else self.code

    @property
    def spellings(self) -> tuple[str, str, str]:
        """Every way a log prints the code, lower-case: signed, unsigned and hex
        (``("-1073741819", "3221225477", "0xc0000005")``)."""
        return str(self.signed), str(self.code), self.hex.lower()


ACCESS_VIOLATION = NtStatus(
    0xC0000005, "STATUS_ACCESS_VIOLATION",
    "native code read or wrote memory it may not", "a crash inside a native library")
ILLEGAL_INSTRUCTION = NtStatus(
    0xC000001D, "STATUS_ILLEGAL_INSTRUCTION",
    "the process ran an instruction this CPU does not have",
    "the CPU lacks an instruction set the wheel needs")
STACK_OVERFLOW = NtStatus(
    0xC00000FD, "STATUS_STACK_OVERFLOW",
    "a thread used up its stack: deep recursion, in native code or in Python",
    "a thread used up its stack")
CONTROL_C_EXIT = NtStatus(
    0xC000013A, "STATUS_CONTROL_C_EXIT",
    "the process was ended by Ctrl+C", "stopped by Ctrl+C")
HEAP_CORRUPTION = NtStatus(
    0xC0000374, "STATUS_HEAP_CORRUPTION",
    "native code damaged the heap, and Windows stopped the process when it noticed",
    "a crash inside a native library")
STACK_BUFFER_OVERRUN = NtStatus(
    0xC0000409, "STATUS_STACK_BUFFER_OVERRUN",
    "a native library aborted the process",
    "a crash inside a native library")

#: Every code tfgpu names, by value.
BY_CODE: dict[int, NtStatus] = {s.code: s for s in (
    ACCESS_VIOLATION, ILLEGAL_INSTRUCTION, STACK_OVERFLOW, CONTROL_C_EXIT,
    HEAP_CORRUPTION, STACK_BUFFER_OVERRUN)}


def from_exit_code(code: int) -> NtStatus | None:
    """The status of a process exit code printed signed or unsigned (``-1073741819`` or
    ``3221225477``), or ``None`` when :data:`BY_CODE` does not list it."""
    return BY_CODE.get(code & 0xFFFFFFFF)


def from_text(text: str | None) -> NtStatus | None:
    """The status a log's code spells (any of :attr:`NtStatus.spellings`, any case), or
    ``None`` when it names none of :data:`BY_CODE`."""
    if not text:
        return None
    t = text.strip().lower()
    return next((s for s in BY_CODE.values() if t in s.spellings), None)


__all__ = ["ACCESS_VIOLATION", "BY_CODE", "CONTROL_C_EXIT", "ERROR_MIN",
           "HEAP_CORRUPTION", "ILLEGAL_INSTRUCTION", "STACK_BUFFER_OVERRUN", "STACK_OVERFLOW",
           "NtStatus", "from_exit_code", "from_text"]

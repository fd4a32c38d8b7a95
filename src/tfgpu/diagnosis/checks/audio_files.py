"""Fault kind AUDIO DECODING: audio files an audio pipeline (librosa) could not open.

Source: beetbox/audioread ``audioread/__init__.py`` ``audio_open``: it tries each available
backend (GStreamer, MAD, FFmpeg) in turn and, when every one fails to open the file ("# All
backends failed!"), raises ``NoBackendError`` with no message. librosa reads WAV, FLAC and
OGG through soundfile and falls back to audioread for the rest (MP3, M4A...), so the error
means no backend on the machine decodes the file: most often FFmpeg not installed or not on
PATH, else a file no backend reads (damaged, or not audio).
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def audioread_no_backend(ctx: Facts) -> list[Finding]:
    """``audioread-no-decoding-backend`` (pattern ``audio.no_backend``)."""
    hits = ctx.h("audio.no_backend").all()
    if not hits:
        return []
    return [catalogue.make("audioread-no-decoding-backend", evidence=log_evidence(hits[-1:]))]


__all__ = ["audioread_no_backend"]

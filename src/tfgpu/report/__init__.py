"""Renderers: turn a :class:`~tfgpu.findings.Report` into text or JSON. No decisions here."""

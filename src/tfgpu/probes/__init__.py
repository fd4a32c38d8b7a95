"""Probes: one module per outside source. ``run()`` does I/O, ``parse()`` is pure.

Every probe takes an injectable :data:`~tfgpu.probes.runner.Runner` (or file reader) so
tests feed it recorded real output instead of patching ``subprocess`` globally.
A probe never raises: failures become facts with a status.
"""

"""TensorFlow 1.x era container runtimes: nvidia-docker 1.0's volume plugin.

Sources (``knowledge/data/messages_tools.toml``):

* moby/moby ``volume/drivers/extpoint.go`` at v1.12.1, v17.03.2-ce and v18.09.0: dockerd's
  volume driver lookup fails "Error looking up volume plugin <name>: [legacy plugin: ]plugin
  not found" (18.09+: "error looking up ..."), when ``pkg/plugins/discovery.go`` finds neither
  a socket in ``/run/docker/plugins`` nor a spec file in ``/etc/docker/plugins`` or
  ``/usr/lib/docker/plugins``.
* NVIDIA/nvidia-docker v1.0.1: the ``nvidia-docker`` wrapper passes
  ``--volume-driver=nvidia-docker --volume=nvidia_driver_<driver>``
  (``src/nvidia-docker/local.go``, ``src/nvidia/nvidia.go``); the ``nvidia-docker`` service
  runs ``nvidia-docker-plugin`` and writes ``/etc/docker/plugins/nvidia-docker.spec`` only
  while it runs (``build/common/nvidia-docker.service``).

Every function is a pure check ``(Facts) -> list[Finding]``; each answers nothing when its
lines are absent.
"""

from __future__ import annotations

from tfgpu.diagnosis import catalogue
from tfgpu.diagnosis.checks._common import from_log
from tfgpu.facts.log import Hit, Hits
from tfgpu.facts.view import Facts, log_evidence
from tfgpu.findings import Finding


def nvidia_docker_plugin_not_found(ctx: Facts) -> list[Finding]:
    """``nvidia-docker-plugin-not-found``: dockerd found no volume plugin named
    ``nvidia-docker`` (nvidia-docker 1.0's ``nvidia-docker-plugin``), so the container was not
    created with the host driver volume.  The finding names both causes the source allows
    (the plugin not running; its spec file out of dockerd's sight); its fix tells them apart.
    A "create nvidia_driver_<version>" line cut before its reason gives the hedged variant
    ``cut``, which also names the plugin's own refusals (v1.0.1
    ``src/nvidia-docker-plugin/plugin_volume.go``: "invalid volume version" after a driver
    update, "bad volume format", "unsupported volume")."""

    def build(hits: Hits, _first: Hit) -> Finding:
        return catalogue.make("nvidia-docker-plugin-not-found", evidence=log_evidence(hits))

    found = from_log(ctx, "docker.nvidia_docker_v1_plugin", build)
    if found:
        return found
    cut = ctx.h("docker.nvidia_docker_v1_volume_cut").all()
    if not cut:
        return []
    return [catalogue.make(
        "nvidia-docker-plugin-not-found", variant="cut", volume=cut[0].g("volume") or "?",
        evidence=log_evidence(cut),
    )]

"""The gatherer counts each GPU once: a card the driver and a bus listing both saw is one
GPU, and cards on different PCI domains are different cards."""

from __future__ import annotations

from tfgpu.facts import GPU
from tfgpu.gather import merge_gpus


def _smi(index: int, bus: str) -> GPU:
    return GPU(index, "nvidia", "NVIDIA B300 SXM6 AC", pci_bus_id=bus, source="nvidia-smi")


def test_driver_entry_wins_over_sysfs_listing_of_the_same_card() -> None:
    # As recorded on an H200 host without lspci: nvidia-smi writes an 8-digit domain,
    # sysfs a 4-digit one.
    smi = GPU(0, "nvidia", "NVIDIA H200", pci_bus_id="00000000:00:06.0", source="nvidia-smi")
    bus = GPU(0, "nvidia", "PCI device [10de:2335]", pci_bus_id="0000:00:06.0", source="sysfs")
    assert merge_gpus([bus, smi]) == (smi,)


def test_same_bus_number_on_two_pci_domains_is_two_cards() -> None:
    gpus = [_smi(0, "00000000:1A:00.0"), _smi(1, "00000001:1A:00.0")]
    assert merge_gpus(gpus) == tuple(gpus)


def test_one_card_twice_in_different_spellings_is_one() -> None:
    a = _smi(0, "00000000:1A:00.0")
    b = GPU(0, "nvidia", "NVIDIA B300 SXM6 AC", pci_bus_id="0000:1a:00.0", source="nvml")
    assert merge_gpus([a, b]) == (a,)


def test_without_a_driver_the_bus_listing_is_the_evidence() -> None:
    bus = GPU(0, "nvidia", "GH100 [H200 SXM 141GB]", pci_bus_id="0000:83:00.0", source="lspci")
    intel = GPU(0, "intel", "UHD Graphics 630", pci_bus_id="0000:00:02.0", source="lspci")
    assert merge_gpus([intel, bus]) == (bus, intel)


def test_mig_instances_share_the_parent_address_and_stay() -> None:
    parent = GPU(0, "nvidia", "NVIDIA H100 80GB HBM3", uuid="GPU-5d1e0000-aaaa",
                 pci_bus_id="00000000:1B:00.0", source="nvml")
    migs = [GPU(0, "nvidia", "NVIDIA H100 80GB HBM3 MIG 1g.10gb", uuid=f"MIG-{n}111-bbbb",
                pci_bus_id="00000000:1B:00.0", is_mig=True, source="nvml") for n in (1, 2)]
    assert merge_gpus([parent, *migs]) == (parent, *migs)


def test_zeroed_uuids_of_a_redacted_recording_are_no_key() -> None:
    # tfgpu capture turns every UUID to zeros: four cards stay four (by their addresses)
    zero = "GPU-00000000-0000-0000-0000-000000000000"
    cards = [GPU(i, "nvidia", "NVIDIA H200", uuid=zero, pci_bus_id=f"00000000:{i + 1:02X}:00.0",
                 source="nvidia-smi") for i in range(4)]
    assert merge_gpus(cards) == tuple(cards)

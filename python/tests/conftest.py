"""Helpers shared by the tests: plain definitions computed in Python."""


def fnv1a(values):
    """FNV-1a over each value's 8 little-endian bytes, the checksum
    `grundy values` prints, from its definition."""
    h = 0xCBF29CE484222325
    for v in values:
        for b in int(v).to_bytes(8, "little"):
            h = ((h ^ b) * 0x100000001B3) % (1 << 64)
    return f"{h:016x}"

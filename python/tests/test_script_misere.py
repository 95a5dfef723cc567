"""Misère play of a scripted game from Python (issue 20): outcomes of sums
against the definition computed here (the player who cannot move wins)."""

from functools import lru_cache

import pytest

import grundy

# Take 1 or 2 tokens from a heap, or split a heap into two unequal heaps:
# options are sums.
SCRIPT = """
fn moves(n) {
    let out = [];
    for take in [1, 2] { if take < n { out.push(n - take) } else if take == n { out.push(sum([])) } }
    for a in 1..n { if a < n - a { out.push(sum(a, n - a)) } }
    out
}
"""


def heap_moves(n):
    out = [() if t == n else (n - t,) for t in (1, 2) if t <= n]
    out += [(a, n - a) for a in range(1, n) if a < n - a]
    return out


@lru_cache(maxsize=None)
def misere_wins(heaps):
    """heaps: a sorted tuple; True when the player to move wins."""
    options = []
    for i, h in enumerate(heaps):
        for o in heap_moves(h):
            options.append(tuple(sorted(heaps[:i] + heaps[i + 1 :] + o)))
    return not options or any(not misere_wins(o) for o in options)


@pytest.mark.parametrize(
    "heaps", [(1,), (2,), (1, 1), (3, 4), (1, 2, 5), (7,), (6, 6), (3, 8)]
)
def test_misere_of_a_script_equals_the_definition(tmp_path, heaps):
    path = tmp_path / "split.rhai"
    path.write_text(SCRIPT)
    a = grundy.analyze(f"script:{path}", *heaps, misere=True)
    assert a.misere
    expected = "N" if misere_wins(tuple(sorted(heaps))) else "P"
    assert a.outcome == expected, heaps

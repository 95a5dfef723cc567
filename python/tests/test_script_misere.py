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


@pytest.mark.parametrize("language", ["rhai", "lua"])
@pytest.mark.parametrize(
    "heaps", [(1,), (2,), (1, 1), (3, 4), (1, 2, 5), (7,), (6, 6), (3, 8)]
)
def test_misere_of_a_script_equals_the_definition(tmp_path, heaps, language):
    """The same game in Rhai and in Lua (script:FILE.lua)."""
    path = tmp_path / f"split.{language}"
    path.write_text(SCRIPT if language == "rhai" else SPLIT_LUA)
    a = grundy.analyze(f"script:{path}", *heaps, misere=True)
    assert a.misere
    expected = "N" if misere_wins(tuple(sorted(heaps))) else "P"
    assert a.outcome == expected, heaps


# Subtraction {1, 3, 4} as a script: values, period and canonical read the
# file too (the values by mex here).
SUB134 = """
fn moves(n) { [1, 3, 4].filter(|t| t <= n).map(|t| n - t) }
"""


def test_values_period_and_canonical_read_script_files(tmp_path):
    path = tmp_path / "sub134.rhai"
    path.write_text(SUB134)
    spec = f"script:{path}"
    want = []
    for n in range(60):
        want.append(mex({want[n - t] for t in (1, 3, 4) if t <= n}))
    assert list(grundy.values(spec, 59)) == want
    assert grundy.canonical(spec).startswith("script:")
    p = grundy.period(spec, 200)
    assert p.periodic and p.period == 7, p
    with pytest.raises(ValueError, match="cannot read|No such file"):
        grundy.values(f"script:{tmp_path}/missing.rhai", 3)


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


# The same games written in Lua (script:FILE.lua): values and misère
# outcomes equal the definition, as for Rhai (the misère test above runs
# both).
SPLIT_LUA = """
function moves(n)
    local out = {}
    for _, take in ipairs({1, 2}) do
        if take < n then out[#out + 1] = n - take
        elseif take == n then out[#out + 1] = sum() end
    end
    for a = 1, n - 1 do
        if a < n - a then out[#out + 1] = sum(a, n - a) end
    end
    return out
end
"""

SUB134_LUA = """
function moves(n)
    local out = {}
    for _, t in ipairs({1, 3, 4}) do
        if t <= n then out[#out + 1] = n - t end
    end
    return out
end
"""


def test_lua_script_values_equal_the_definition(tmp_path):
    path = tmp_path / "sub134.lua"
    path.write_text(SUB134_LUA)
    want = []
    for n in range(60):
        want.append(mex({want[n - t] for t in (1, 3, 4) if t <= n}))
    assert list(grundy.values(f"script:{path}", 59)) == want

"""The Python package against plain definitions computed here in Python
(mex over options, the nim-product by its recursive definition), never
against outputs of the same code."""

import pickle
import subprocess
import sys
import time
from functools import lru_cache

import numpy as np
import pytest

import grundy
from conftest import fnv1a
from grundy import Nimber


def mex(s):
    m = 0
    while m in s:
        m += 1
    return m


def octal_values(code, n):
    """G(0..=n) of an octal code with digits after the point, from the
    definition: digit k's bit 1 removes k leaving nothing, bit 2 leaves one
    heap, bit 4 two heaps."""
    digits = [int(d) for d in code.split(".")[1]]
    g = []
    for h in range(n + 1):
        opts = set()
        for k, d in enumerate(digits, start=1):
            if k > h:
                break
            rest = h - k
            if d & 1 and rest == 0:
                opts.add(0)
            if d & 2 and rest > 0:
                opts.add(g[rest])
            if d & 4:
                for a in range(1, rest // 2 + 1):
                    if rest - a >= 1:
                        opts.add(g[a] ^ g[rest - a])
        g.append(mex(opts))
    return g


@pytest.mark.parametrize("code", ["0.77", "0.07", "0.137", "0.106", "0.6", "0.34", "0.007"])
def test_values_equal_the_definition(code):
    got = grundy.values(code, 300)
    assert list(map(int, got)) == octal_values(code, 300)


def test_values_start_slices_the_same_sequence():
    whole = grundy.values("0.137", 500)
    part = grundy.values("0.137", 500, start=123)
    assert part.start == 123
    assert np.array_equal(np.asarray(part), np.asarray(whole)[123:])


def test_values_take_the_narrowest_dtype():
    assert grundy.values("kayles", 1000).dtype == np.uint8
    # Nim's values are the heap sizes: past 255 they need 16 bits.
    assert grundy.values("nim", 300).dtype == np.uint16
    assert grundy.values("nim", 70000).dtype == np.uint32
    assert list(grundy.values("nim", 300)) == list(range(301))


def test_long_ranges_use_the_engine_and_agree_with_the_short_path():
    # 2**20 values go to the take-and-break engine; its start matches the
    # definition and its tail the generic path (computed in pieces).
    code = "0.106"
    big = grundy.values(code, 1 << 20)
    assert len(big) == (1 << 20) + 1
    assert list(map(int, big[:400])) == octal_values(code, 399)
    tail = grundy.values(code, 1 << 20, start=(1 << 20) - 5000)
    assert np.array_equal(np.asarray(tail), np.asarray(big)[-5001:])


def test_values_html_shows_a_table():
    h = grundy.values("kayles", 30)._repr_html_()
    assert "<table>" in h and "kayles" in h and "G(0..=30)" in h


def test_values_pickle_keeps_game_and_start():
    v = grundy.values("0.07", 50, start=7)
    w = pickle.loads(pickle.dumps(v))
    assert w.game == "0.07" and w.start == 7 and np.array_equal(v, w)


def test_period_holds_on_the_computed_values():
    for spec in ["sub:1,3,4", "0.07", "kayles", "0.137", "lasker"]:
        p = grundy.period(spec)
        assert p.periodic and p.certified and p.proof
        v = [int(x) for x in grundy.values(spec, p.preperiod + 5 * p.period)]
        for n in range(p.preperiod, len(v) - p.period):
            assert v[n + p.period] == v[n] + p.saltus


def test_period_of_an_open_game_is_not_claimed():
    # 0.106 is not known to be periodic: a short search finds nothing.
    p = grundy.period("0.106", limit=2000)
    assert not p.periodic and not p.certified and p.checked_to <= 2000
    assert "no period" in str(p)


def brute_outcome(code, heaps):
    g = octal_values(code, max(heaps))
    total = 0
    for h in heaps:
        total ^= g[h]
    return total


def test_analyze_winning_moves_lead_to_zero():
    g = octal_values("0.77", 40)
    a = grundy.analyze("kayles", 9, 13, 20)
    assert a.value == g[9] ^ g[13] ^ g[20]
    assert a.outcome == ("N" if a.value else "P")
    assert a.winning_moves
    heaps = [9, 13, 20]
    for m in a.winning_moves:
        rest = [h for i, h in enumerate(heaps) if i != m.component]
        after = rest + [int(t) for t in m.to]
        total = 0
        for h in after:
            total ^= g[h]
        assert total == 0
    assert "<table>" in a._repr_html_()


def test_analyze_takes_pairs_and_misere():
    # Wythoff: (3, 5) is a P-position (floor(2 phi), floor(2 phi^2)).
    assert grundy.analyze("wythoff", (3, 5)).outcome == "P"
    # Misère Nim: heaps 1, 1 -> the player to move wins; 1, 1, 1 loses.
    assert grundy.analyze("nim", 1, 1, misere=True).outcome == "N"
    assert grundy.analyze("nim", 1, 1, 1, misere=True).outcome == "P"


def misere_nim_value(heap, moves=(1, 3, 4)):
    """G⁻ of one heap of a subtraction game, by the definition: 1 with no
    move, else the mex of the options' misère nim-values."""
    g = []
    for n in range(heap + 1):
        options = {g[n - k] for k in moves if k <= n}
        if not options:
            g.append(1)
        else:
            g.append(min(set(range(len(options) + 1)) - options))
    return g[heap]


def test_a_misere_analysis_has_no_normal_play_value():
    # Regression (issue 33): a misère analysis carried the normal-play
    # nim-sum as its value. It has none; the misère nim-value and the
    # normal-play nim-sum come under their own names.
    a = grundy.analyze("sub:1,3,4", 1000, misere=True)
    assert a.value is None
    assert a.misere_value == misere_nim_value(1000)
    assert (a.misere_value == 0) == (a.outcome == "P")
    assert a.normal_value == int(grundy.values("sub:1,3,4", 1000)[1000])
    normal = grundy.analyze("sub:1,3,4", 1000)
    assert normal.value == a.normal_value and normal.misere_value is None


def test_bad_input_is_value_error_with_the_message():
    with pytest.raises(ValueError, match="empty"):
        grundy.values("sub:", 10)
    with pytest.raises(ValueError, match="kayles"):
        grundy.values("kayels", 10)
    with pytest.raises(ValueError):
        grundy.analyze("nim", "x")
    with pytest.raises(ValueError):
        grundy.values("nim", 5, start=9)
    with pytest.raises(ValueError):
        grundy.period("nim", limit=0)
    with pytest.raises(ValueError):
        grundy.graph("")


def test_an_explicit_size_is_computed_not_refused_for_time():
    # Regression (issue 33): an explicit request below the engine's range
    # that took more than a second (0.007 to 200000, about 4 s) was refused
    # by the library's old time limit.
    v = grundy.values("0.007", 200000)
    assert len(v) == 200001
    assert list(v[:10]) == [0, 0, 0, 1, 1, 1, 2, 2, 0, 3]
    assert list(grundy.values("0.007", 200000, start=199990)) == list(v[199990:])
    # The example, through the take-and-break engine.
    w = grundy.values("0.6", 3000000)
    assert len(w) == 3000001
    assert list(w[:5000]) == list(grundy.values("0.6", 4999))


CTRL_C_TABLE_SCRIPT = """
import _thread, signal, threading, time, grundy
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, _thread.interrupt_main).start()
start = time.monotonic()
try:
    grundy.values("0.007", 1000000)
    print("returned")
except KeyboardInterrupt:
    print("interrupted", round(time.monotonic() - start, 2))
"""


def test_ctrl_c_stops_a_table_below_the_engine_range():
    # The library's table (not the engine): its cancel hook sees Ctrl-C
    # between batches and the computation (some 90 s) stops at once.
    out = subprocess.run(
        [sys.executable, "-c", CTRL_C_TABLE_SCRIPT], capture_output=True, text=True, timeout=120
    )
    words = out.stdout.split()
    assert words[:1] == ["interrupted"], (out.stdout, out.stderr)
    assert float(words[1]) < 10


CTRL_C_SCRIPT = """
import _thread, signal, threading, time, grundy
# Python keeps SIGINT ignored when its parent ignored it (a shell's
# background job); interrupt_main then does nothing. Ctrl-C's own handler:
signal.signal(signal.SIGINT, signal.default_int_handler)
ticks = []
def other():
    for _ in range(5):
        ticks.append(time.monotonic())
        time.sleep(0.05)
    _thread.interrupt_main()
t = threading.Thread(target=other)
start = time.monotonic()
t.start()
try:
    grundy.values("0.106", 1 << 28)
    print("returned")
except KeyboardInterrupt:
    print("interrupted", len(ticks), round(time.monotonic() - start, 2))
t.join()
"""


def test_values_release_the_gil_and_stop_on_ctrl_c():
    # Another thread runs while the engine computes (5 ticks of 50 ms),
    # then its Ctrl-C (interrupt_main) stops the computation long before it
    # would end (2^28 values take some 15 s). In a fresh interpreter, so
    # that the Dask clusters of other tests, still shutting down in
    # background threads, do not share the process.
    out = subprocess.run(
        [sys.executable, "-c", CTRL_C_SCRIPT], capture_output=True, text=True, timeout=120
    )
    words = out.stdout.split()
    assert words[:2] == ["interrupted", "5"], (out.stdout, out.stderr)
    assert float(words[2]) < 10


@lru_cache(maxsize=None)
def nim_mul(a, b):
    """The nim-product from its definition: mex{a'b + ab' + a'b'}."""
    s = set()
    for x in range(a):
        for y in range(b):
            s.add(nim_mul(x, b) ^ nim_mul(a, y) ^ nim_mul(x, y))
    return mex(s)


def test_nimber_product_is_the_definition():
    for a in range(16):
        for b in range(16):
            assert (Nimber(a) * Nimber(b)).value == nim_mul(a, b)
            assert int(Nimber(a) + b) == a ^ b


def test_nimber_field_operations():
    for a in range(1, 64):
        x = Nimber(a)
        assert x * x.inverse() == 1
        assert x.sqrt() * x.sqrt() == x
        assert (x / Nimber(7)) * 7 == x
        assert x ** 3 == x * x * x
        assert x ** -1 == x.inverse()
    assert str(Nimber(0)) == "0" and str(Nimber(1)) == "*" and str(Nimber(5)) == "*5"
    assert hash(Nimber(9)) == hash(9) and Nimber(9) == 9
    with pytest.raises(ZeroDivisionError):
        Nimber(0).inverse()
    with pytest.raises(ZeroDivisionError):
        Nimber(3) / 0
    with pytest.raises(ValueError):
        Nimber(-1)
    assert pickle.loads(pickle.dumps(Nimber(77))) == Nimber(77)


def test_graph_values_follow_the_definition_and_cycles_are_infinite():
    text = "a b\nb c\nc d\na d\ne f\nf e\ne g"
    v = grundy.graph(text).values()
    # acyclic part: d terminal 0, c 1, b 0, a mex{0,0} = 1
    assert (v["d"], v["c"], v["b"], v["a"]) == (0, 1, 0, 1)
    # e <-> f with e -> g (0): e is a win (to g), f's only move is to e.
    assert v["g"] == 0 and v["e"] == 1 and v["f"] == 0
    loop = grundy.graph("x y\ny x").values()
    assert isinstance(loop["x"], grundy.Infinite) and str(loop["x"]) == "∞{}"
    assert grundy.graph("x y\ny x").analyze("x").outcome == "D"


def test_python_game_equals_the_definition_and_the_engine():
    dawson = grundy.game(
        lambda n: [n - 2] * (n >= 2) + [(a, n - 2 - a) for a in range(1, n - 2)],
        components=lambda p: [x for x in (p if isinstance(p, tuple) else (p,)) if x],
    )
    want = octal_values("0.07", 40)
    got = [dawson.value(n) for n in range(41)]
    assert got == want == list(map(int, grundy.values("0.07", 40)))
    a = dawson.analyze(5, 9)
    assert a.value == want[5] ^ want[9]


def test_python_game_errors_are_raised():
    def moves(n):
        if n == 3:
            raise RuntimeError("boom at 3")
        return [n - 1] if n else []

    g = grundy.game(moves)
    with pytest.raises(RuntimeError, match="boom at 3"):
        g.value(5)
    loopy = grundy.game(lambda n: [1 - n])
    with pytest.raises(ValueError, match="cycle"):
        loopy.value(0)
    with pytest.raises(TypeError):
        grundy.game(lambda n: [[n]]).value(1)


def test_plot_returns_a_figure():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    fig = grundy.plot("0.137", 200)
    ax = fig.axes[0]
    assert "period" in ax.get_title()
    xs = ax.collections[0].get_offsets()
    assert len(xs) == 201


def test_checksum_is_fnv1a_of_the_values():
    for spec, n in [("0.77", 500), ("nim", 300), ("nim", 70000)]:
        v = grundy.values(spec, n)
        assert grundy.checksum(v) == fnv1a(v)
    assert grundy.checksum([1, 2, 300]) == fnv1a([1, 2, 300])


def test_values_sum_is_a_python_int_not_a_numpy_scalar():
    v = grundy.values("kayles", 1000)
    total = v.sum()
    assert type(total) is int
    assert total == sum(int(x) for x in v)
    # A numpy scalar would wrap at 2**64 here; an int does not.
    assert total * 2**64 == sum(int(x) for x in v) * 2**64


def test_nimber_reaches_2_to_128_like_grundy_nim():
    # `grundy nim mul 18446744073709551616 18446744073709551616` prints
    # 27670116110564327424: F * F = 3F/2 for the Fermat 2-power F = 2**64.
    f = Nimber(2**64)
    assert f * f == 3 * 2**63
    assert (f * f).sqrt() == f and f * f.inverse() == 1
    top = Nimber(2**128 - 1)
    assert int(top) == 2**128 - 1 and top + top == 0
    assert pickle.loads(pickle.dumps(top)) == top
    with pytest.raises(ValueError, match=r"0\.\.2\*\*128"):
        Nimber(2**128)


def test_plotting_without_matplotlib_says_how_to_install_it(monkeypatch):
    # `None` in sys.modules makes `import matplotlib` raise ImportError.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    with pytest.raises(ImportError, match=r"pip install '\./python\[plot\]'"):
        grundy.plot("kayles", 20)

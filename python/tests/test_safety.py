"""Issue 34 (items 5, 6, 7): the package never raises PanicException,
stops on Ctrl-C in every long call, takes integers only where it says so,
and maps every library error to a class of its own."""

import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

import grundy
from grundy import _errors

ERROR_RS = Path(__file__).resolve().parents[2] / "crates" / "grundy" / "src" / "error.rs"


def library_error_kinds():
    """The variants of `ErrorKind`, read from the library's source."""
    text = ERROR_RS.read_text()
    body = text[text.index("pub enum ErrorKind {") : text.index("\n}\n", text.index("pub enum ErrorKind {"))]
    return set(re.findall(r"^    ([A-Z][A-Za-z]*)\b", body, re.M))


def test_every_library_error_kind_has_a_python_class():
    kinds = library_error_kinds()
    assert {"InvalidSpec", "Cancelled", "Busy", "LimitReached"} <= kinds
    examples = dict(grundy._grundy._error_examples())
    # The compiled module builds an example of every kind of error.rs ...
    assert set(examples) == kinds
    for kind, exc in examples.items():
        if kind == "Cancelled":
            assert type(exc) is KeyboardInterrupt
            continue
        # ... and each is listed in CLASSES, not the bare base class.
        assert kind in _errors.CLASSES, kind
        assert isinstance(exc, _errors.CLASSES[kind]) and exc.kind == kind
        assert isinstance(exc, grundy.GrundyError) and str(exc)
    assert isinstance(examples["InvalidSpec"], ValueError)
    assert isinstance(examples["TooManyPositions"], MemoryError)
    assert isinstance(examples["LimitReached"], TimeoutError)
    assert isinstance(examples["Busy"], RuntimeError)


def test_library_errors_raise_their_class():
    with pytest.raises(grundy.InvalidInputError) as e:
        grundy.values("kayels", 10)
    assert e.value.kind == "InvalidSpec" and isinstance(e.value, ValueError)
    with pytest.raises(grundy.InvalidInputError):
        grundy.values("nim", 5, start=9)


def test_floats_bools_and_strings_where_an_integer_is_meant_are_type_errors():
    # Regression: `analyze("nim", 3.5)` analyzed heap 3 and `values`,
    # `period` took 10.5, True and "10".
    for bad in (3.5, True, "10", np.float64(3.0), np.bool_(True), None, [3]):
        with pytest.raises(TypeError):
            grundy.values("kayles", bad)
        with pytest.raises(TypeError):
            grundy.values("kayles", 10, start=bad)
        if bad is not None:
            with pytest.raises(TypeError):
                grundy.period("kayles", limit=bad)
        if not isinstance(bad, (str, list)):
            with pytest.raises(TypeError):
                grundy.analyze("nim", bad)
    with pytest.raises(TypeError):
        grundy.analyze("wythoff", (3.5, 2))
    with pytest.raises(TypeError):
        grundy.census(["0.07"], to=100.0)
    # The compiled module refuses them too.
    for bad in (10.5, True, "10"):
        with pytest.raises(TypeError):
            grundy._grundy.values("kayles", bad)
    # Python ints and numpy integers are integers.
    assert list(grundy.values("kayles", np.int64(3))) == [0, 1, 2, 3]
    assert list(grundy.values("kayles", np.uint8(3), start=np.int32(1))) == [1, 2, 3]
    assert grundy.analyze("nim", np.int16(3), 3).value == 0


def test_values_past_the_library_cap_are_refused_for_every_game():
    # Regression: `values("nim", 2**28 + 5)` was computed piece by piece.
    for game in ("nim", "sub:1,3,4", "wythoff"):
        with pytest.raises(ValueError, match=r"at most 2\^28"):
            grundy.values(game, 2**28 + 5)
    assert list(grundy.values("nim", 2**40 + 2, start=2**40)) == [2**40, 2**40 + 1, 2**40 + 2]


def test_a_python_game_without_end_stops_at_the_position_cap():
    # Regression: `game(lambda n: [n + 1]).value(0)` grew to 4.8 GB.
    g = grundy.game(lambda n: [n + 1], max_positions=20000)
    with pytest.raises(grundy.LimitError, match="20000"):
        g.value(0)
    with pytest.raises(MemoryError):
        g.analyze(0, misere=True)
    with pytest.raises(TypeError):
        grundy.game(lambda n: [], max_positions=1.5)


def test_a_python_game_that_failed_once_answers_right_afterwards():
    # Regression: after an exception in `moves` the memo kept the values
    # computed while the callable gave no options.
    fail = [True]

    def moves(n):
        if n == 3 and fail[0]:
            fail[0] = False
            raise RuntimeError("once")
        return [n - k for k in (1, 2) if k <= n]

    g = grundy.game(moves)
    with pytest.raises(RuntimeError, match="once"):
        g.value(10)
    assert [g.value(n) for n in range(10)] == [n % 3 for n in range(10)]


def test_a_python_game_is_usable_from_another_thread():
    # Regression: `PanicException ... is unsendable` from a second thread.
    g = grundy.game(lambda n: [n - k for k in (1, 3, 4) if k <= n])
    assert g.value(7) == 0
    out, errors = [], []

    def run():
        try:
            out.append([g.value(n) for n in range(30)])
        except BaseException as e:  # noqa: BLE001 - the test reports it
            errors.append(e)

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    expected = [[0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0, 1]] * 4
    assert out == expected


def test_a_python_game_asked_from_its_own_moves_is_refused_not_deadlocked():
    holder = {}

    def moves(n):
        return [holder["g"].value(0)] if n > 0 else []

    holder["g"] = grundy.game(moves)
    with pytest.raises(RuntimeError, match="cannot be asked while it computes"):
        holder["g"].value(1)


BAD_CALLS = [
    lambda: grundy.values("", 10),
    lambda: grundy.values("sub:", 10),
    lambda: grundy.values("0.", 10),
    lambda: grundy.values("0.8", 10),
    lambda: grundy.values("hex:0.G", 10),
    lambda: grundy.values("sub:0", 10),
    lambda: grundy.values("sub:18446744073709551615", 10),
    lambda: grundy.values("sub:99999999999999999999", 10),
    lambda: grundy.values("kayles", -1),
    lambda: grundy.values("kayles", 2**64),
    lambda: grundy.values("kayles", 2**64 - 1),
    lambda: grundy.values("kayles", 2**63, start=2**63 - 1),
    lambda: grundy.values("nim", 2**64 - 1, start=2**64 - 1),
    lambda: grundy.values("wythoff", 10),
    lambda: grundy.values("cram", 10),
    lambda: grundy.values("cutting", 10),
    lambda: grundy.values("script:/nonexistent.rhai", 10),
    lambda: grundy.values("toml:/dev/null", 10),
    lambda: grundy.values("script:/dev/zero", 10),
    lambda: grundy.values("\x00", 10),
    lambda: grundy.values("é" * 1000, 10),
    lambda: grundy.values(None, 10),
    lambda: grundy.values(b"kayles", 10),
    lambda: grundy.period("", limit=5),
    lambda: grundy.period("nim", limit=0),
    lambda: grundy.period("nim", limit=-1),
    lambda: grundy.period("nim", limit=2**64),
    lambda: grundy.period("wythoff"),
    lambda: grundy.period("cram"),
    lambda: grundy.period("0.77", limit=1),
    lambda: grundy.period("sub:1,3,4", limit=2**64 - 1),
    lambda: grundy.analyze("nim"),
    lambda: grundy.analyze("nim", -1),
    lambda: grundy.analyze("nim", 2**64),
    lambda: grundy.analyze("nim", "x"),
    lambda: grundy.analyze("nim", ""),
    lambda: grundy.analyze("nim", "18446744073709551616"),
    lambda: grundy.analyze("kayles", 2**64 - 1),
    lambda: grundy.analyze("0.07", 2**63),
    lambda: grundy.analyze("wythoff", 3),
    lambda: grundy.analyze("wythoff", (1, 2, 3)),
    lambda: grundy.analyze("wythoff", (2**64, 1)),
    lambda: grundy.analyze("cram", "0x0"),
    lambda: grundy.analyze("cram", "100x100"),
    lambda: grundy.analyze("cram", "x"),
    lambda: grundy.analyze("cram", "99999999999999999999x2"),
    lambda: grundy.analyze("node-kayles", "grid:0x0"),
    lambda: grundy.analyze("node-kayles", "cycle:0"),
    lambda: grundy.analyze("node-kayles", "cycle:18446744073709551615"),
    lambda: grundy.analyze("cutting", "1,1"),
    lambda: grundy.analyze("cutting", "0,0"),
    lambda: grundy.analyze("cutting", "18446744073709551615,18446744073709551615"),
    lambda: grundy.analyze("chomp", "0x0"),
    lambda: grundy.analyze("nim", 3, misere=True) and grundy.analyze("cram", "1x1", misere=True),
    lambda: grundy.analyze("sub:1,3,4", 2**64 - 1, misere=True),
    lambda: grundy.analyze("euclid", (0, 0)),
    lambda: grundy.analyze("staircase", "1,2,x"),
    lambda: grundy.analyze("coins:mogul", "1" * 10000),
    lambda: grundy.canonical(""),
    lambda: grundy.canonical("a" * 100000),
    lambda: grundy.canonical("sub:" + ",".join(["1"] * 100000)),
    lambda: grundy.checksum([-1]),
    lambda: grundy.checksum([2**64]),
    lambda: grundy.checksum("abc"),
    lambda: grundy.checksum(np.array([-1, 2], dtype=np.int64)),
    lambda: grundy.checksum(np.array([1.5])),
    lambda: grundy.checksum(np.zeros((2, 2), dtype=np.uint8)),
    lambda: grundy.checksum(None),
    lambda: grundy.Nimber(-1),
    lambda: grundy.Nimber(2**64),
    lambda: grundy.Nimber(1.5),
    lambda: grundy.Nimber("3"),
    lambda: grundy.Nimber(0).inverse(),
    lambda: grundy.Nimber(5) / 0,
    lambda: grundy.Nimber(0) ** -1,
    lambda: grundy.Nimber(2) ** -(2**63),
    lambda: grundy.Nimber(2) ** -(2**64),
    lambda: pow(grundy.Nimber(2), 3, 5),
    lambda: grundy.Nimber(2) + 2**64,
    lambda: grundy.Nimber(2) * "x",
    lambda: grundy.Nimber(2) < grundy.Nimber(3),
    lambda: grundy.graph(""),
    lambda: grundy.graph("a"),
    lambda: grundy.graph("a b c"),
    lambda: grundy.graph("\x00 \x01"),
    lambda: grundy.graph("a b").analyze("zz"),
    lambda: grundy.graph("a b").analyze(),
    lambda: grundy.game(None).value(0),
    lambda: grundy.game(lambda n: 5).value(0),
    lambda: grundy.game(lambda n: [[]]).value(0),
    lambda: grundy.game(lambda n: [n]).value(0),
    lambda: grundy.game(lambda n: 1 / 0).value(0),
    lambda: grundy.game(lambda n: [], components=lambda n: 5).value(0),
    lambda: grundy.game(lambda n: [], max_positions=0),
    lambda: grundy.game(lambda n: [], max_positions=-1),
    lambda: grundy.game(lambda n: [n]).analyze(0, misere=True),
    lambda: grundy.census("octal:99", to=10),
    lambda: grundy.census("", to=10),
    lambda: grundy.census(["0.07"], to=-1),
    lambda: grundy.census(["0.07"], to=2**64),
    lambda: grundy.census(["0.07"], to=2**63),
    lambda: grundy.census(["0.07"], to=100, time_per_code=-1),
    lambda: grundy.census(["0.07"], to=100, time_per_code=float("nan")),
    lambda: grundy.census(["0.07"], to=100, time_per_code=float("inf")),
    lambda: grundy.census(["0.07"], to=100, time_per_code=1e300),
    lambda: grundy._grundy.census_code("9.9", 10),
    lambda: grundy._grundy.census_merge([{}]),
    lambda: grundy._grundy.census_merge([{"code": 1}]),
    lambda: grundy._grundy.census_results("/proc/self/nonexistent/dir", False),
]


def test_no_call_raises_panic_exception():
    # Regression: `time_per_code=-1` and a game used from another thread
    # raised PanicException, which `except Exception` does not catch.
    # Each bad call raises an Exception (never a BaseException outside
    # Exception, as PanicException is).
    assert len(BAD_CALLS) >= 100
    for i, call in enumerate(BAD_CALLS):
        try:
            call()
        except Exception:
            pass
        except BaseException as e:  # PanicException
            pytest.fail(f"bad call {i} raised {type(e).__name__}: {e}")


INTERRUPTED = """
import signal, sys, time, grundy
signal.signal(signal.SIGINT, signal.default_int_handler)
print("started", flush=True)
start = time.monotonic()
try:
    {call}
    print("returned", round(time.monotonic() - start, 2))
except KeyboardInterrupt:
    print("interrupted", round(time.monotonic() - start, 2))
"""


@pytest.mark.parametrize(
    "call",
    [
        'grundy.period("0.6", limit=10**8)',
        'grundy.analyze("cram", "6x7")',
        'grundy.analyze("node-kayles", "grid:8x9")',
        'grundy.analyze("cutting", "600,600")',
        'grundy.census("octal:3", to=2**20, threads=2)',
    ],
)
def test_ctrl_c_stops_every_long_call(call):
    # Regression: each of these ignored Ctrl-C for over 20 s. SIGINT one
    # second in: KeyboardInterrupt within two seconds.
    p = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED.format(call=call)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert p.stdout.readline().strip() == "started"
    time.sleep(1)
    sent = time.monotonic()
    p.send_signal(signal.SIGINT)
    try:
        out, err = p.communicate(timeout=30)
    finally:
        p.kill()
    waited = time.monotonic() - sent
    assert out.split()[:1] == ["interrupted"], (out, err)
    assert waited < 2, (call, waited, out)


_COPIES = (
    "fn keep(a, k) { if k == 0 { return []; } let b = a; keep(b, k - 1) }\n"
    "fn moves(n) { let a = []; a.pad(8000000, 0); keep(a, 32) }\n"
)


def test_copies_of_a_large_rhai_array_are_refused_by_the_memory_limit(tmp_path, monkeypatch):
    # Regression (issue 34): Rhai bounds each value, not their total; the
    # package counts its allocations as the `grundy` command does, so 32
    # copies of an 8M-element array stop at the script memory bound.
    script = tmp_path / "copies.rhai"
    script.write_text(_COPIES)
    start = time.monotonic()
    with pytest.raises(grundy.GrundyError) as e:
        grundy.analyze(f"script:{script}", 3)
    assert "memory limit" in str(e.value) and "GRUNDY_SCRIPT_MEMORY_MIB" in str(e.value)
    assert time.monotonic() - start < 10
    # The package reads the same environment variables as the command.
    monkeypatch.setenv("GRUNDY_SCRIPT_MEMORY_MIB", "200")
    with pytest.raises(grundy.GrundyError) as e:
        grundy.analyze(f"script:{script}", 3)
    assert "200 MiB" in str(e.value)
    monkeypatch.setenv("GRUNDY_SCRIPT_MEMORY_MIB", "many")
    with pytest.raises(grundy.GrundyError) as e:
        grundy.analyze(f"script:{script}", 3)
    assert "GRUNDY_SCRIPT_MEMORY_MIB=`many`" in str(e.value)

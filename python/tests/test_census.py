"""grundy.census: rows agree with the values and published periods, a
resumed census is the same census, and the Dask path (a LocalCluster with
two workers) gives the same summary as the local one."""

import json

import pytest

import grundy
import grundy._census as census_module
from conftest import fnv1a


def test_rows_agree_with_values_and_published_periods():
    c = grundy.census(["0.77", "0.07", "0.6", "0.1", "0.01"], to=3000, threads=2)
    rows = {r.code: r for r in c.rows}
    for code in rows:
        assert rows[code].checksum == fnv1a(grundy.values(code, 3000)), code
        assert rows[code].max_value == int(grundy.values(code, 3000).max())
    # Kayles: period 12 from heap 71 (Winning Ways; tests/data/census).
    assert (rows["0.77"].status, rows["0.77"].period, rows["0.77"].preperiod) == ("periodic", 12, 71)
    assert rows["0.6"].status == "open" and rows["0.6"].checked_to == 3000
    # 0.01 is 0.1 one heap later: G(0.01, n) = G(0.1, n - 1).
    assert (rows["0.01"].canonical, rows["0.01"].shift) == ("0.1", -1)
    assert "<table>" in c._repr_html_()
    assert c.to_csv().splitlines()[0].startswith("code,canonical,shift,status")


def test_patterns_and_bad_input():
    assert len(grundy.census("octal:1", to=200).rows) == 7
    with pytest.raises(ValueError):
        grundy.census("octal:9", to=100)
    with pytest.raises(ValueError):
        grundy.census(["0.8"], to=100)


def test_a_resumed_census_computes_only_what_is_missing(tmp_path, monkeypatch):
    full = grundy.census("octal:1", to=4000, output=tmp_path)
    results = tmp_path / "results.jsonl"
    lines = results.read_text().splitlines()
    assert len(lines) == 7 and all(json.loads(l)["to"] == 4000 for l in lines)
    results.write_text("\n".join(lines[:3]) + "\n{\"cut by a cr")
    calls = []
    real = census_module._classify

    def counting(code, to, time_per_code, cancel=None):
        calls.append(code)
        return real(code, to, time_per_code, cancel)

    monkeypatch.setattr(census_module, "_classify", counting)
    again = grundy.census("octal:1", to=4000, output=tmp_path, resume=True)
    assert len(calls) == 4
    assert again.summary() == full.summary()
    assert (tmp_path / "census.csv").read_text() == again.to_csv()


def test_a_row_that_changes_its_checksum_is_refused(tmp_path):
    grundy.census(["0.77"], to=1000, output=tmp_path)
    results = tmp_path / "results.jsonl"
    row = json.loads(results.read_text())
    row["checksum"] = "0" * 16
    results.write_text(results.read_text() + json.dumps(row) + "\n")
    with pytest.raises(RuntimeError, match="code `0.77` is listed twice, on lines 1 and 2"):
        grundy.census(["0.77"], to=1000, output=tmp_path, resume=True)


def test_a_census_row_edited_to_another_period_is_not_reported(tmp_path):
    grundy.census(["0.07", "0.6"], to=2000, output=tmp_path)
    results = tmp_path / "results.jsonl"
    text = results.read_text()
    assert '"period": 34' in text
    results.write_text(text.replace('"period": 34', '"period": 7'))
    with pytest.raises(RuntimeError, match="code `0.07` is recorded with period 7"):
        grundy.census(["0.07", "0.6"], to=2000, output=tmp_path, resume=True)


def test_a_second_census_into_the_same_directory_is_refused(tmp_path):
    held, _ = grundy._grundy.census_results(str(tmp_path), False)
    with pytest.raises(RuntimeError, match="is being written by another grundy run"):
        grundy.census(["0.07"], to=200, output=tmp_path)
    held.close()
    assert len(grundy.census(["0.07"], to=200, output=tmp_path).rows) == 1


def test_dask_local_cluster_gives_the_local_summary():
    distributed = pytest.importorskip("dask.distributed")
    local = grundy.census("octal:2", to=20000, threads=2)
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster, distributed.Client(cluster) as client:
        remote = grundy.census("octal:2", to=20000, client=client)
    assert remote.summary() == local.summary()
    assert remote.checksum == local.checksum
    assert len(remote.rows) == 63

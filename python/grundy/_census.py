"""Censuses of take-and-break codes, on this machine or on a Dask cluster.

Each code is one task (``grundy._grundy.census_code``: the library's
``grundy::census::classify``). Rows are kept in ``results.jsonl`` in the
format of ``grundy census --output DIR``, so a census interrupted here, or
begun by the command, resumes from the same directory.
"""

from __future__ import annotations

import html as _html
import json
import os
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from . import _grundy

#: Columns of :meth:`Census.to_csv`, as ``grundy census`` writes them
#: (the library's ``census::COLUMNS``).
COLUMNS = list(_grundy.census_columns())


@dataclass(frozen=True)
class CensusRow:
    """One code of a census.

    ``status`` is ``"periodic"`` (a theorem certifies ``period`` from
    ``preperiod``) or ``"open"`` (no certified period in ``G(0..=checked_to)``;
    ``period`` may then hold one only observed). ``canonical`` is the first
    code of the census with the same values up to a shift:
    ``G(code, n) = G(canonical, n + shift)``. ``checksum`` is the FNV-1a of
    ``G(0..=checked_to)``, the one ``grundy values`` prints.
    """

    code: str
    canonical: str
    shift: int
    status: str
    preperiod: Optional[int]
    period: Optional[int]
    checked_to: int
    max_value: int
    max_at: int
    split_mask: Optional[int]
    rare_heaps: int
    split_heaps: int
    last_rare: Optional[int]
    checksum: str
    seconds: float

    def as_dict(self) -> Dict[str, Any]:
        return {c: getattr(self, c) for c in COLUMNS}


@dataclass(frozen=True)
class Census:
    """The result of :func:`census`: rows in census order and a checksum
    over every row's checksum (equal for equal censuses, wherever run)."""

    codes: str
    to: int
    rows: List[CensusRow]
    checksum: str

    @property
    def periodic(self) -> int:
        return sum(r.status == "periodic" for r in self.rows)

    @property
    def open(self) -> int:
        return sum(r.status == "open" for r in self.rows)

    def summary(self) -> Dict[str, Any]:
        """What must agree between two runs of one census: every row
        (without its timing) and the checksum."""
        rows = [{k: v for k, v in r.as_dict().items() if k != "seconds"} for r in self.rows]
        return {"codes": self.codes, "to": self.to, "checksum": self.checksum, "rows": rows}

    def to_csv(self) -> str:
        lines = [",".join(COLUMNS)]
        for r in self.rows:
            d = r.as_dict()
            lines.append(",".join("" if d[c] is None else str(d[c]) for c in COLUMNS))
        return "\n".join(lines) + "\n"

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{c}</th>" for c in COLUMNS)
        body = "".join(
            "<tr>"
            + "".join(
                f"<td>{_html.escape('' if v is None else str(v))}</td>" for v in r.as_dict().values()
            )
            + "</tr>"
            for r in self.rows
        )
        return (
            f"<p>Census of <code>{_html.escape(self.codes)}</code> to {self.to}: "
            f"{len(self.rows)} codes, {self.periodic} periodic, {self.open} open; "
            f"checksum <code>{self.checksum}</code></p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )


def _classify(code: str, to: int, time_per_code: Optional[float], cancel: Any = None) -> str:
    """One task: the row of one code, a line of ``results.jsonl`` in the
    library's format, with its time (runs on a worker; ``cancel``, a token
    of this process, stops it from another thread)."""
    return _grundy.census_code(code, to, time_per_code, cancel)


def _expand(codes: Union[str, Sequence[str]]) -> List[str]:
    if isinstance(codes, str):
        if os.path.isfile(codes):
            return _grundy.census_codes(Path(codes).read_text())
        return _grundy.census_codes(codes)
    return _grundy.census_codes("\n".join(codes))


def _read_done(
    path: Path, lines: List[Any], to: int, codes: Iterable[str], time_per_code: Optional[float]
) -> Dict[str, str]:
    """The rows of ``to`` for ``codes`` among ``lines`` (``(number, text)``),
    kept and checked by the library (``census::resumed_rows``) before any
    is used: a code listed twice, or a row claiming a certified period that
    its recomputation contradicts, raises naming the line."""
    kept = _grundy.census_resume(str(path), lines, to, list(codes), time_per_code)
    return {_grundy.census_row_key(line)[0]: line for line in kept}


def _keep(done: Dict[str, str], line: str) -> None:
    """Adds a row line, checking a code seen twice (a resumed run, a
    retried task) has the same checksum both times."""
    code, checksum = _grundy.census_row_key(line)
    old = done.get(code)
    if old is not None and _grundy.census_row_key(old)[1] != checksum:
        raise RuntimeError(
            f"code `{code}` gave two checksums, {_grundy.census_row_key(old)[1]} and {checksum}: "
            "the results are not reproducible"
        )
    done[code] = line


def census(
    codes: Union[str, Sequence[str]],
    to: int,
    *,
    client: Any = None,
    threads: Optional[int] = None,
    time_per_code: Optional[float] = None,
    output: Union[str, os.PathLike, None] = None,
    resume: bool = False,
) -> Census:
    """Classifies every code of ``codes`` to heap ``to``.

    ``codes``: ``"octal:3"`` (every octal code with 1 to 3 digits after the
    point), ``"hex:2"``, a pattern such as ``"4.xx"``, a file listing codes,
    or a list of codes. Each code is computed until a theorem certifies its
    period, or to ``to`` (then it is open), or for at most
    ``time_per_code`` seconds.

    ``client``: a ``dask.distributed.Client``; each code is then one task on
    the cluster (the workers need this package installed). Without it, the
    codes run on ``threads`` threads here (default: every core).

    ``output``: a directory; each finished code is appended to
    ``results.jsonl`` at once, and with ``resume=True`` the codes already
    there (for the same ``to``) are not computed again. The directory is
    compatible with ``grundy census --output DIR --resume``.
    """
    if isinstance(to, bool) or not isinstance(to, int):
        import operator

        if isinstance(to, (bool, float, str)) or not hasattr(to, "__index__"):
            raise TypeError(f"`to` is an integer, not {type(to).__name__} `{to!r}`")
        to = operator.index(to)
    todo = _expand(codes)
    done: Dict[str, str] = {}
    results = None
    if output is not None:
        # Held until the census ends: a second census into the directory
        # is refused (the library's policy, as for ``grundy census``).
        results, lines = _grundy.census_results(os.fspath(output), bool(resume))
    try:
        if results is not None and resume:
            done = _read_done(Path(results.path), lines, to, todo, time_per_code)
        return _run(codes, todo, to, client, threads, time_per_code, output, results, done)
    finally:
        if results is not None:
            results.close()


def _run(
    codes: Union[str, Sequence[str]],
    todo: List[str],
    to: int,
    client: Any,
    threads: Optional[int],
    time_per_code: Optional[float],
    output: Union[str, os.PathLike, None],
    results: Any,
    done: Dict[str, str],
) -> Census:
    label = codes if isinstance(codes, str) else ",".join(codes)
    missing = [c for c in todo if c not in done]

    def record(line: str) -> None:
        _keep(done, line)
        if results is not None:
            results.append(line)

    if client is not None:
        from dask.distributed import as_completed as dask_completed

        futures = client.map(
            _classify, missing, to=to, time_per_code=time_per_code, pure=False, key=[f"grundy-census-{to}-{c}" for c in missing]
        )
        for fut in dask_completed(futures):
            record(fut.result())
    else:
        # Ctrl-C reaches the main thread only: it sets the token, which
        # stops the codes running in the pool within about 50 ms, and the
        # codes not begun are dropped.
        cancel = _grundy._CancelToken()
        pool = ThreadPoolExecutor(max_workers=threads or os.cpu_count() or 1)
        try:
            futures = [pool.submit(_classify, c, to, time_per_code, cancel) for c in missing]
            for fut in as_completed(futures):
                record(fut.result())
        except BaseException:
            cancel.set()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)

    merged, checksum = _grundy.census_merge([done[c] for c in todo])
    out_rows = [CensusRow(*fields) for fields in merged]
    result = Census(label, int(to), out_rows, checksum)
    if output is not None:
        Path(output, "census.csv").write_text(result.to_csv())
        Path(output, "census.json").write_text(json.dumps(result.summary(), indent=1))
    return result


def estimate(rows: Iterable[CensusRow], count: int, workers: int) -> float:
    """Hours a census of ``count`` codes would take on ``workers`` cores,
    from the mean time per code of ``rows`` (a census already run)."""
    rows = list(rows)
    mean = sum(r.seconds for r in rows) / max(len(rows), 1)
    return mean * count / max(workers, 1) / 3600

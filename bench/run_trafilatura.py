"""trafilatura on the pages a bench names, for a side-by-side figure (bench/trafilatura.ts runs it).
Each page is given as its bytes: trafilatura finds their encoding itself.

Reads a JSON list of {"id", "path" (.html or .html.gz), "url"} on stdin; writes {"version", "texts": {id: text},
"ms": [per page]} on stdout. trafilatura's default settings, as the benchmarks' published figures use.
"""
import gzip
import importlib.metadata
import json
import sys
import time
import warnings

warnings.filterwarnings("ignore")
_version = importlib.metadata.version


def version(name):
    # trafilatura read from its source tree (no PyPI here) has no installed metadata to ask.
    try:
        return _version(name)
    except importlib.metadata.PackageNotFoundError:
        return "source"


importlib.metadata.version = version
import trafilatura  # noqa: E402

texts, ms = {}, []
for job in json.load(sys.stdin):
    raw = open(job["path"], "rb").read()
    if job["path"].endswith(".gz"):
        raw = gzip.decompress(raw)
    started = time.perf_counter()
    try:
        texts[job["id"]] = trafilatura.extract(raw, url=job.get("url")) or ""
    except Exception:  # a page trafilatura fails on scores as empty, as Cairn's do
        texts[job["id"]] = ""
    ms.append((time.perf_counter() - started) * 1000)
json.dump({"version": trafilatura.__version__, "texts": texts, "ms": ms}, sys.stdout)

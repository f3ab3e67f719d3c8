#!/usr/bin/env python3
"""What each load generator of bench/run-journeys.sh reports about one run, in one shape.

    journey_stats.py zapline   FILE   # zapline load --json FILE
    journey_stats.py gatling   DIR    # the run's report directory (index.html, made with --reports-only)
    journey_stats.py artillery FILE   # artillery run --output FILE

Prints one line "requests failed": the responses the tool counted (zapline's statuses added up, Gatling's
requests, Artillery's http.responses) and its failed journeys or requests (zapline's journeys.failed, or its
errors when the file has no journeys member; Gatling's KO requests; Artillery's vusers.failed). Then one line per
step and kind of latency, "step kind p50_ms p99_ms", the first for all requests (step "all"), kind being what the
tool measures:
    corrected   zapline: from the request's intended send time (the open model's schedule) to its response
    service     zapline: from the request's actual send to its response
    sent        Gatling: from the request's actual send to the response's last byte (whole milliseconds)
    first-byte  Artillery: from the request's actual send to the response's first byte (its http.response_time)
A file that is missing or unreadable prints "- -" and no steps, so that the caller's table shows a dash.
"""

import html
import json
import re
import sys


def zapline(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    s = d.get("summary", d)
    statuses = s.get("statuses")
    requests = sum(statuses.values()) if statuses else s.get("requests", "-")
    failed = d.get("journeys", {}).get("failed", s.get("errors", "-"))
    print(requests, failed)
    rows = [("all", d.get("latency", {}))]
    rows += [(st.get("key"), st.get("latency", {})) for st in d.get("steps", [])]
    for step, latency in rows:
        for kind in ("corrected", "service"):
            lat = latency.get(kind)
            if lat:
                print(name(step), kind, ms(lat.get("p50_us"), 1e3), ms(lat.get("p99_us"), 1e3))


def gatling(path):
    with open(path + "/index.html", encoding="utf-8") as f:
        page = f.read()
    rows = re.findall(r'<tr id="([^"]+)"[^>]*>(.*?)</tr>', page, re.S)
    steps = []
    total = failed = "-"
    for row_id, row in rows:
        label = re.search(r'class="ellipsed-name">([^<]*)<', row)
        cols = dict(re.findall(r'<td class="value [a-z ]*col-(\d+)">([^<]*)</td>', row))
        if not label or "2" not in cols:
            continue
        if row_id == "ROOT":
            total, failed = cols["2"], cols.get("4", "-")
            steps.insert(0, ("all", cols.get("8", "-"), cols.get("11", "-")))
        else:
            steps.append((html.unescape(label.group(1)), cols.get("8", "-"), cols.get("11", "-")))
    print(total, failed)
    for step, p50, p99 in steps:
        print(name(step), "sent", p50, p99)


def artillery(path):
    with open(path, encoding="utf-8") as f:
        a = json.load(f)["aggregate"]
    counters, summaries = a.get("counters", {}), a.get("summaries", {})
    print(counters.get("http.responses", 0), counters.get("vusers.failed", 0))
    everything = summaries.get("http.response_time", {})
    print("all", "first-byte", everything.get("p50", "-"), everything.get("p99", "-"))
    prefix = "plugins.metrics-by-endpoint.response_time."
    for key, s in summaries.items():
        if key.startswith(prefix):
            print(name(key[len(prefix):]), "first-byte", s.get("p50", "-"), s.get("p99", "-"))


def name(step):
    """A step's name as one word: the request's name, or its URL with templates and spaces taken out."""
    step = re.sub(r"\{\{\s*(\w+)\s*\}\}", r"{\1}", str(step))
    return re.sub(r"\s+", "_", step) or "-"


def ms(value, per_ms):
    return "-" if value is None else "%.3f" % (float(value) / per_ms)


def main():
    tool, path = sys.argv[1], sys.argv[2]
    try:
        {"zapline": zapline, "gatling": gatling, "artillery": artillery}[tool](path)
    except (OSError, ValueError, KeyError) as e:
        print("- -")
        print("journey_stats.py: %s %s: %s" % (tool, path, e), file=sys.stderr)


if __name__ == "__main__":
    main()

// zapline report: one or more zapline load --json documents, overlaid run by run (a dash pattern per run).
(function () {
  "use strict";
  var D = Z.data();
  var runs = D.runs;
  var main = document.getElementById("report");
  var multi = runs.length > 1;
  var el = Z.el;

  function label(run, what) {
    return multi ? run.name + ": " + what : what;
  }

  function dash(i) {
    return Z.DASHES[i % Z.DASHES.length];
  }

  function timeline(run) {
    return run.doc.timeline || [];
  }

  function column(run, f) {
    return timeline(run).map(function (e) {
      var v = f(e);
      return v == null || !isFinite(v) ? null : v;
    });
  }

  function positive(v) {
    return v != null && v > 0 ? v : null;
  }

  var hasWarmup = runs.some(function (r) {
    return timeline(r).some(function (e) {
      return e.warmup;
    });
  });
  var shadeTo = hasWarmup ? 0 : null;
  var timeAxis = { label: "seconds since the measured phase began", legend: "t",
    fmt: function (v) { return +v.toFixed(3) + " s"; } };

  // one chart's series and aligned data from per-run picks: [{label, color, width, pick(entry), keep(values)}]
  function overTime(picks) {
    var series = [];
    var tables = [];
    runs.forEach(function (run, i) {
      var x = column(run, function (e) { return e.t; });
      var ys = [];
      picks.forEach(function (p) {
        var y = column(run, p.pick);
        if (p.keep && !p.keep(y, run)) {
          return;
        }
        var name = typeof p.label === "function" ? p.label(run) : p.label;
        series.push({ label: label(run, name), color: p.color, width: p.width, dash: dash(i) });
        ys.push(y);
      });
      tables.push({ x: x, ys: ys });
    });
    // the events' instants on the x axis too, so one before the first interval's end is still drawn
    tables.push({ x: events.map(function (x) { return x.e.t; }), ys: [] });
    return { series: series, data: Z.align(tables) };
  }

  // every run's steering events (zapline load --control, --tui): {run, i (the run's index), e (the event)}
  var events = [];
  runs.forEach(function (run, i) {
    (run.doc.events || []).forEach(function (e) {
      events.push({ run: run, i: i, e: e });
    });
  });

  function eventText(e) {
    switch (e.kind) {
      case "rate": return "rate " + Z.fmtCount(e.value) + "/s";
      case "bias": return "bias " + (e.value > 0 ? "+" : "") + Z.num(e.value, 1) + " %";
      case "mark": return e.label ? "mark: " + e.label : "mark";
      default: return e.kind;
    }
  }

  // event lines drawn so far on every chart, recorded on the events table (data-lines) for the page's tests
  var eventLines = 0;

  // a timeline chart's draw hook: each event a vertical line (the run's dash pattern) with its text at the top
  function marks(u) {
    if (!events.length || u.scales.x.min == null) {
      return;
    }
    var r = devicePixelRatio;
    var ctx = u.ctx;
    ctx.save();
    ctx.strokeStyle = Z.css("--fg");
    ctx.fillStyle = Z.css("--fg");
    ctx.globalAlpha = 0.7;
    ctx.lineWidth = r;
    ctx.font = Math.round(11 * r) + "px system-ui, sans-serif";
    events.forEach(function (x, k) {
      if (x.e.t < u.scales.x.min || x.e.t > u.scales.x.max) {
        return;
      }
      var px = Math.round(u.valToPos(x.e.t, "x", true)) + 0.5;
      ctx.setLineDash((dash(x.i).length ? dash(x.i) : [3, 3]).map(function (d) { return d * r; }));
      ctx.beginPath();
      ctx.moveTo(px, u.bbox.top);
      ctx.lineTo(px, u.bbox.top + u.bbox.height);
      ctx.stroke();
      ctx.fillText(label(x.run, eventText(x.e)), px + 3 * r, u.bbox.top + (24 + 12 * (k % 3)) * r);
      eventLines++;
    });
    ctx.restore();
    var table = document.getElementById("events");
    if (table) {
      table.setAttribute("data-lines", String(eventLines));
    }
  }

  function eventsTable() {
    if (!events.length) {
      return;
    }
    main.appendChild(el("h2", { text: "Steering events" }));
    var head = (multi ? ["run"] : []).concat(["t", "event", "target rate after", "source"]);
    var left = function (i, n) { return i === n - 3 || i === n - 1 || (multi && i === 0) ? "l" : ""; };
    var t = el("table", { id: "events" }, [el("tr", null, head.map(function (h, i) {
      return el("th", { cls: left(i, head.length), text: h });
    }))]);
    events.forEach(function (x) {
      var cells = (multi ? [x.run.name] : []).concat([Z.num(x.e.t, 3) + " s", eventText(x.e),
        Z.num(x.e.rate, 1) + "/s", x.e.source]);
      t.appendChild(el("tr", { cls: "event" }, cells.map(function (v, i) {
        return el("td", { cls: left(i, cells.length), text: v });
      })));
    });
    main.appendChild(t);
    main.appendChild(el("p", { cls: "note", text: "Seconds from the measured phase's start (negative: the "
      + "warm-up). The charts over time draw each as a dashed vertical line." }));
  }

  function any(y) {
    return y.some(function (v) { return v != null && v > 0; });
  }

  function counts(m) {
    var keys = Object.keys(m || {}).filter(function (k) { return m[k] > 0; });
    return keys.length ? keys.map(function (k) { return k + " " + Z.num(m[k]); }).join(", ") : "none";
  }

  function header() {
    main.appendChild(el("h1", { text: "zapline load report" }));
    main.appendChild(el("p", { cls: "note", text: "Corrected latency is measured from each request's intended "
      + "send time (it includes any time the request waited to be sent); service time from its actual write. "
      + (hasWarmup ? "Shaded: the warm-up, left out of the summary. " : "")
      + (multi ? "Runs are told apart by their line's dash pattern; colours stand for the figure." : "") }));
    runs.forEach(function (run, i) {
      var s = run.doc.summary || {};
      var m = run.doc.machine;
      var c = (run.doc.latency || {}).corrected || {};
      var sv = (run.doc.latency || {}).service || {};
      var rows = [
        ["command", s.command ? el("code", { text: s.command }) : "not recorded in this file"],
        ["target", s.target],
        ["model", s.model + (s.adaptive ? " (adaptive in-flight ceiling)" : "")
          + (s.complete === false ? " — the run was still going when this file was written" : "")],
        ["machine", m ? m.cores + " cores, " + m.cpu + ", " + m.os + ", " + m.jdk : "not recorded in this file"],
        ["measured", Z.num(s.duration_s, 3) + " s, " + Z.num(s.scheduled) + " scheduled, " + Z.num(s.sent)
          + " sent, " + Z.num(s.dropped) + " dropped, " + Z.num(s.unconnected) + " unconnected, "
          + Z.num(s.errors) + " errors"],
        ["outcomes", counts(s.outcomes) + (Object.keys(s.statuses || {}).length ? "; statuses " + counts(s.statuses)
          : "")],
        ["rate", (s.rate_target ? "target " + Z.num(s.rate_target, 1) + "/s, " : "") + "achieved "
          + Z.num(s.rate_achieved, 1) + "/s" + (s.drain ? "; drain " + Z.num(s.drain.seconds, 3) + " s, "
          + Z.num(s.drain.responses) + " responses" : "")],
        ["corrected", "p50 " + Z.fmtUs(c.p50_us) + ", p90 " + Z.fmtUs(c.p90_us) + ", p99 " + Z.fmtUs(c.p99_us)
          + ", p99.9 " + Z.fmtUs(c.p999_us) + ", p99.99 " + Z.fmtUs(c.p9999_us) + ", max " + Z.fmtUs(c.max_us)
          + " (" + Z.num(c.count) + " responses)"],
        ["service", "p50 " + Z.fmtUs(sv.p50_us) + ", p90 " + Z.fmtUs(sv.p90_us) + ", p99 " + Z.fmtUs(sv.p99_us)
          + ", p99.9 " + Z.fmtUs(sv.p999_us) + ", p99.99 " + Z.fmtUs(sv.p9999_us) + ", max " + Z.fmtUs(sv.max_us)]
      ];
      if (s.loader) {
        rows.push(["loader", loader(s.loader)]);
      }
      var dl = el("dl");
      rows.forEach(function (r) {
        dl.appendChild(el("dt", { text: r[0] }));
        dl.appendChild(el("dd", null, [typeof r[1] === "string" ? r[1] : r[1] == null ? "–" : r[1]]));
      });
      var swatch = el("span", { cls: "swatch", style: "border-top-style:" + (i % 4 === 0 ? "solid" : i % 4 === 2
        ? "dotted" : "dashed") + ";border-color:" + Z.css("--fg") });
      main.appendChild(el("div", { cls: "run-head", "data-run": run.name }, [
        el("div", null, [multi ? swatch : null, el("span", { cls: "name", text: run.name })]), dl,
        thresholds(run)
      ]));
    });
  }

  // The loader's own load: who set the pace (verdict and reason), the loops' CPU shares, send lag, CPU, notes.
  function loader(l) {
    var pct = function (v) { return v == null ? "?" : Math.round(v * 100) + "%"; };
    var lag = l.send_lag || {};
    var box = el("div", { cls: "loader", "data-verdict": l.verdict }, [
      el("p", null, [el("strong", { cls: l.verdict === "loader" ? "fail" : "",
        text: l.verdict === "loader" ? "LOADER-BOUND" : l.verdict === "target" ? "target-bound" : "neither" }),
        " — " + l.reason]),
      el("p", { text: "loops busy " + (l.busy || []).map(pct).join(" ") + "; send lag p50 " + Z.fmtUs(lag.p50_us)
        + ", p99 " + Z.fmtUs(lag.p99_us) + ", max " + Z.fmtUs(lag.max_us) + "; "
        + Z.num((l.waited || {}).count) + " waited for a connection; CPU " + Z.num(l.cpu_s, 2) + " s, "
        + Z.num(l.cpu_us_per_response, 1) + " µs/response" })
    ]);
    if ((l.notes || []).length) {
      box.appendChild(el("ul", null, l.notes.map(function (n) { return el("li", { text: n }); })));
    }
    if ((l.segments || []).length) {
      box.appendChild(el("ul", null, l.segments.map(function (g) {
        return el("li", { text: "segment " + g.segment + ": " + g.reason });
      })));
    }
    return box;
  }

  function thresholds(run) {
    // at the top level (or, should a writer put them there, in the summary)
    var where = Array.isArray(run.doc.thresholds) ? run.doc : run.doc.summary || {};
    var list = where.thresholds;
    if (!Array.isArray(list)) {
      return null;
    }
    var box = el("div", { cls: "thresholds" });
    var passed = where.thresholds_passed;
    box.appendChild(el("p", null, [
      el("span", { cls: passed === false ? "fail" : passed === true ? "pass" : "unjudged",
        text: passed === false ? "Thresholds failed" : passed === true ? "Thresholds passed" : "Thresholds" }),
      where.aborted ? " — the run was aborted by a threshold" : ""
    ]));
    var t = el("table", null, [el("tr", null, [
      el("th", { cls: "l", text: "threshold" }), el("th", { text: "actual" }), el("th", { text: "limit" }),
      el("th", { cls: "l", text: "verdict" }), el("th", { cls: "l", text: "reason" })
    ])]);
    list.forEach(function (h) {
      var shown = shownUnit(h);
      t.appendChild(el("tr", { "data-passed": String(h.passed) }, [
        el("td", { cls: "l" }, [el("code", { text: h.expression || (h.metric + " " + h.op + " " + h.limit) })]),
        el("td", { text: h.actual == null ? "–" : Z.num(h.actual * shown.scale, 3) + shown.label }),
        el("td", { text: (h.op || "") + " " + Z.num(h.limit * shown.scale, 3) + shown.label }),
        el("td", { cls: "l " + (h.passed ? "pass" : "fail"), text: h.passed ? "passed" : "failed" }),
        el("td", { cls: "l", text: h.reason || "" })
      ]));
    });
    box.appendChild(t);
    return box;
  }

  // The unit a threshold's limit and actual value are shown in: the one its expression used ("%", "ms"), else the
  // JSON's own unit (microseconds, a fraction, req/s); scale turns the JSON's value into it.
  function shownUnit(h) {
    var scales = { us: { ns: 1000, us: 1, ms: 0.001, s: 0.000001 }, fraction: { "%": 100 } };
    var scale = h.shown && scales[h.unit] ? scales[h.unit][h.shown] : undefined;
    if (scale !== undefined) {
      return { scale: scale, label: h.shown === "us" ? " µs" : " " + h.shown };
    }
    return { scale: 1, label: h.unit ? " " + (h.unit === "us" ? "µs" : h.unit) : "" };
  }

  function rateChart() {
    main.appendChild(el("h2", { text: "Rate" }));
    var c = overTime([
      { label: "achieved (responses/s)", color: Z.color(0), width: 2, pick: function (e) { return e.rate; } },
      { label: "target", color: Z.color(8), width: 1.5, pick: function (e) { return e.rate_target; }, keep: any },
      { label: "sent/s", color: Z.color(1), width: 1, pick: function (e) { return e.send_rate; }, keep: any }
    ]);
    Z.chart(main, { id: "rate", title: "Requests per second: target, sent and achieved", x: timeAxis,
      note: "Each point is one reporting interval (about a second), plotted at its end.",
      y: { label: "requests/s", fmt: Z.fmtCount }, series: c.series, data: c.data, shadeTo: shadeTo, draw: marks });
  }

  var PCT = [
    { key: "p50_us", label: "p50", color: 2 }, { key: "p90_us", label: "p90", color: 0 },
    { key: "p99_us", label: "p99", color: 6 }, { key: "p999_us", label: "p99.9", color: 4 },
    { key: "max_us", label: "max", color: 3 }
  ];

  function latencyCharts() {
    main.appendChild(el("h2", { text: "Latency over time" }));
    var grid = el("div", { cls: "grid2" });
    main.appendChild(grid);
    [["corrected", "Corrected latency (from the intended send time)"],
      ["service", "Service time (from the actual write)"]].forEach(function (kind) {
      var c = overTime(PCT.map(function (p) {
        return { label: p.label, color: Z.color(p.color), width: p.label === "max" ? 1 : 1.5, keep: any,
          pick: function (e) { return positive(kind[0] === "corrected" ? e[p.key] : (e.service || {})[p.key]); } };
      }));
      Z.chart(grid, { id: "latency-" + kind[0], title: kind[1], x: timeAxis, note: "Per interval; log scale.",
        y: { label: "latency", fmt: Z.fmtUs, log: true }, series: c.series, data: c.data, shadeTo: shadeTo,
        draw: marks });
    });
  }

  function curve(l) {
    if (!l) {
      return null;
    }
    var points = [];
    if (Array.isArray(l.curve) && l.curve.length) {
      l.curve.forEach(function (pv) {
        if (pv[0] < 100 && pv[1] > 0) {
          points.push([Z.nines(pv[0]), pv[1]]);
        }
      });
    } else {
      [[50, "p50_us"], [75, "p75_us"], [90, "p90_us"], [99, "p99_us"], [99.9, "p999_us"], [99.99, "p9999_us"]]
        .forEach(function (k) {
          if (l[k[1]] > 0) {
            points.push([Z.nines(k[0]), l[k[1]]]);
          }
        });
    }
    var last = {};
    return points.filter(function (p) {
      var keep = p[0] !== last.x;
      last.x = p[0];
      return keep;
    });
  }

  function distributionChart() {
    main.appendChild(el("h2", { text: "Latency distribution" }));
    var series = [];
    var tables = [];
    var maxX = 1;
    runs.forEach(function (run, i) {
      [["corrected", 0], ["service", 1]].forEach(function (kind) {
        var pts = curve((run.doc.latency || {})[kind[0]]);
        if (!pts || !pts.length) {
          return;
        }
        maxX = Math.max(maxX, pts[pts.length - 1][0]);
        series.push({ label: label(run, kind[0]), color: Z.color(kind[1]), width: 2, dash: dash(i) });
        tables.push({ x: pts.map(function (p) { return p[0]; }), ys: [pts.map(function (p) { return p[1]; })] });
      });
    });
    var xAxis = {
      label: "percentile", fmt: Z.fmtNines, log: true,
      splits: function (u) {
        var out = [];
        for (var v = 1; v <= u.scales.x.max * 1.0001; v *= 10) {
          if (v >= u.scales.x.min / 1.0001) {
            out.push(v);
          }
        }
        return out;
      }
    };
    Z.chart(main, { id: "distribution", title: "Percentile distribution of the measured phase",
      note: "x is 1/(1 − p) on a log scale, so each decade is one more nine; the maximum is in the header.",
      x: xAxis, y: { label: "latency", fmt: Z.fmtUs, log: true }, series: series,
      data: tables.length ? Z.align(tables) : [[]], height: 320 });
  }

  var OUTCOMES = [
    ["success", "success", 2], ["failure_status", "unexpected status", 6], ["connect", "connect error", 3],
    ["reset", "reset", 0], ["timeout", "timeout", 4], ["protocol", "protocol error", 7],
    ["refused", "refused stream", 5], ["goaway", "goaway", 1], ["dropped", "dropped", 8]
  ];
  var CLASSES = [["1xx", 8], ["2xx", 5], ["3xx", 7], ["4xx", 1], ["5xx", 4]];

  function outcomesChart() {
    main.appendChild(el("h2", { text: "Outcomes" }));
    function perSecond(e, v) {
      return v == null || !(e.seconds > 0) ? null : positive(v / e.seconds);
    }
    // a status class whose run total is the successes' (2xx, usually) or the unexpected statuses' would draw that
    // line again: it is named in that line's label instead
    function classTotal(run, cls) {
      var statuses = (run.doc.summary || {}).statuses || {};
      var total = 0;
      Object.keys(statuses).forEach(function (code) {
        if (code.charAt(0) === cls.charAt(0)) {
          total += statuses[code];
        }
      });
      return total;
    }
    function sameAs(run, key) {
      var n = ((run.doc.summary || {}).outcomes || {})[key];
      return CLASSES.map(function (c) { return c[0]; }).filter(function (c) {
        return n > 0 && classTotal(run, c) === n;
      })[0];
    }
    var picks = OUTCOMES.map(function (o) {
      return { color: Z.color(o[2]), width: o[0] === "success" ? 2 : 1.5, keep: any,
        label: function (run) {
          var cls = o[0] === "success" || o[0] === "failure_status" ? sameAs(run, o[0]) : null;
          return o[1] + (cls ? " (" + cls + ")" : "");
        },
        pick: function (e) { return perSecond(e, (e.outcomes || {})[o[0]]); } };
    });
    CLASSES.forEach(function (c) {
      picks.push({ label: c[0] + " responses", color: Z.color(c[1]), width: 1,
        keep: function (y, run) {
          return any(y) && sameAs(run, "success") !== c[0] && sameAs(run, "failure_status") !== c[0];
        },
        pick: function (e) { return perSecond(e, (e.status || {})[c[0]]); } });
    });
    var c = overTime(picks);
    Z.chart(main, { id: "outcomes", title: "How requests ended, per second", x: timeAxis,
      note: "Log scale; a figure that was zero throughout is left out, and a status class whose run total is the "
        + "successes' or the unexpected statuses' is named in that line instead of drawn again. Errors and drops are "
        + "counted when they end (a timeout after --timeout).",
      y: { label: "per second", fmt: Z.fmtCount, log: true }, series: c.series, data: c.data, shadeTo: shadeTo,
      draw: marks });
  }

  function inflightChart() {
    main.appendChild(el("h2", { text: "In flight and connections" }));
    var c = overTime([
      { label: "in flight (or waiting)", color: Z.color(0), width: 2, keep: any,
        pick: function (e) { return positive(e.inflight); } },
      { label: "connections open", color: Z.color(2), width: 1.5, keep: any,
        pick: function (e) { return positive(e.connections); } },
      { label: "in-flight ceiling", color: Z.color(4), width: 1, keep: any,
        pick: function (e) { return positive(e.ceiling); } }
    ]);
    Z.chart(main, { id: "inflight", title: "Requests in flight, connections open and the in-flight ceiling",
      note: "At the end of each interval; log scale. Beyond the ceiling (open model) due requests are dropped.",
      x: timeAxis, y: { label: "count", fmt: Z.fmtCount, log: true }, series: c.series, data: c.data,
      shadeTo: shadeTo, draw: marks });
  }

  function connectTable() {
    main.appendChild(el("h2", { text: "Connect and TLS handshake" }));
    var t = el("table", null, [el("tr", null, ["run", "what", "count", "failed", "p50", "p90", "p99", "max", "notes"]
      .map(function (h, i) { return el("th", { cls: i < 2 || i === 8 ? "l" : "", text: h }); }))]);
    runs.forEach(function (run) {
      var s = run.doc.summary || {};
      var c = s.connect || {};
      t.appendChild(el("tr", null, [run.name, "connect (TCP)", Z.num(c.count), Z.num(c.failures),
        Z.fmtUs(c.p50_us), "–", "–", Z.fmtUs(c.max_us), "warm-up included"].map(function (v, i) {
        return el("td", { cls: i < 2 || i === 8 ? "l" : "", text: v });
      })));
      if (s.tls) {
        var h = s.tls.handshake || {};
        var notes = ["full " + Z.num(s.tls.full), "resumed " + Z.num(s.tls.resumed)];
        ["protocols", "groups", "ciphers", "alpn"].forEach(function (k) {
          var m = s.tls[k] || {};
          var keys = Object.keys(m);
          if (keys.length) {
            notes.push(k + ": " + keys.map(function (x) { return x + " " + m[x]; }).join(", "));
          }
        });
        t.appendChild(el("tr", null, [run.name, "TLS handshake", Z.num(s.tls.handshakes), Z.num(s.tls.failed),
          Z.fmtUs(h.p50_us), Z.fmtUs(h.p90_us), Z.fmtUs(h.p99_us), Z.fmtUs(h.max_us), notes.join("; ")]
          .map(function (v, i) { return el("td", { cls: i < 2 || i === 8 ? "l" : "", text: v }); })));
      }
    });
    main.appendChild(t);
    main.appendChild(el("p", { cls: "note", text: "Connect time is up to the TCP connection; for a TLS target the "
      + "handshake is timed apart, from the TCP connection to the handshake's end." }));
  }

  header();
  eventsTable();
  rateChart();
  latencyCharts();
  distributionChart();
  outcomesChart();
  inflightChart();
  connectTable();
  Z.done();
})();

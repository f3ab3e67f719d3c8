// zapline report, journey runs: after runs.js, a table of the steps and of the journeys, then per step a chart of
// its percentile distribution (corrected and service, one dash pattern per run). The JSON file has no per-step
// timeline, so a step has no chart over time.
(function () {
  "use strict";
  var runs = Z.data().runs;
  var main = document.getElementById("report");
  var multi = runs.length > 1;
  var el = Z.el;

  function label(run, what) {
    return multi ? run.name + ": " + what : what;
  }

  function curve(l) {
    var points = [];
    ((l || {}).curve || []).forEach(function (pv) {
      if (pv[0] < 100 && pv[1] > 0) {
        points.push([Z.nines(pv[0]), pv[1]]);
      }
    });
    var last = null;
    return points.filter(function (p) {
      var keep = p[0] !== last;
      last = p[0];
      return keep;
    });
  }

  function success(step) {
    var ended = 0;
    Object.keys(step.outcomes || {}).forEach(function (k) {
      if (k !== "dropped") {
        ended += step.outcomes[k];
      }
    });
    return ended ? (100 * (step.outcomes.success || 0) / ended).toFixed(2) + " %" : "–";
  }

  function row(cells) {
    return el("tr", null, cells.map(function (v, i) { return el("td", { cls: i < 2 ? "l" : "", text: v }); }));
  }

  function tables() {
    main.appendChild(el("h2", { text: "Steps" }));
    var t = el("table");
    t.appendChild(el("tr", null, ["run", "step", "requests", "success", "p50", "p90", "p99", "max", "service p99",
      "checks failed"].map(function (h) { return el("th", { text: h }); })));
    runs.forEach(function (run) {
      (run.doc.steps || []).forEach(function (s) {
        var c = (s.latency || {}).corrected || {};
        var failed = 0;
        (s.checks || []).forEach(function (k) { failed += k.failed; });
        t.appendChild(row([run.name, s.key, Z.num(s.requests), success(s), Z.fmtUs(c.p50_us), Z.fmtUs(c.p90_us),
          Z.fmtUs(c.p99_us), Z.fmtUs(c.max_us), Z.fmtUs(((s.latency || {}).service || {}).p99_us),
          (s.checks || []).length ? Z.num(failed) : "–"]));
      });
    });
    main.appendChild(t);
    main.appendChild(el("h2", { text: "Journeys" }));
    var j = el("table");
    j.appendChild(el("tr", null, ["run", "journey", "started", "completed", "failed", "unfinished", "p50", "p99",
      "failed at"].map(function (h) { return el("th", { text: h }); })));
    runs.forEach(function (run) {
      var each = (run.doc.journeys || {}).each || {};
      Object.keys(each).forEach(function (name) {
        var x = each[name];
        var c = (x.latency || {}).corrected || {};
        var at = Object.keys(x.failed_at || {}).filter(function (k) { return x.failed_at[k] > 0; })
          .map(function (k) { return k + " " + Z.num(x.failed_at[k]); }).join(", ");
        j.appendChild(row([run.name, name, Z.num(x.started), Z.num(x.completed), Z.num(x.failed),
          Z.num(x.unfinished), c.count ? Z.fmtUs(c.p50_us) : "–", c.count ? Z.fmtUs(c.p99_us) : "–", at || "–"]));
      });
    });
    main.appendChild(j);
    main.appendChild(el("p", { cls: "note", text: "A journey's latency runs from its first step's intended time "
      + "to its last response, over the journeys that completed." }));
  }

  function stepCharts() {
    var keys = [];
    runs.forEach(function (run) {
      (run.doc.steps || []).forEach(function (s) {
        if (keys.indexOf(s.key) < 0) {
          keys.push(s.key);
        }
      });
    });
    var xAxis = { label: "percentile", fmt: Z.fmtNines, log: true };
    keys.forEach(function (key, n) {
      var series = [];
      var data = [];
      runs.forEach(function (run, i) {
        var step = (run.doc.steps || []).filter(function (s) { return s.key === key; })[0];
        if (!step) {
          return;
        }
        [["corrected", 0], ["service", 1]].forEach(function (kind) {
          var pts = curve((step.latency || {})[kind[0]]);
          if (!pts.length) {
            return;
          }
          series.push({ label: label(run, kind[0]), color: Z.color(kind[1]), width: 2,
            dash: Z.DASHES[i % Z.DASHES.length] });
          data.push({ x: pts.map(function (p) { return p[0]; }), ys: [pts.map(function (p) { return p[1]; })] });
        });
      });
      Z.chart(main, { id: "step-" + n, title: "Step " + key + ": percentile distribution",
        note: "x is 1/(1 − p) on a log scale, so each decade is one more nine.",
        x: xAxis, y: { label: "latency", fmt: Z.fmtUs, log: true }, series: series,
        data: data.length ? Z.align(data) : [[]], height: 260 });
    });
  }

  tables();
  stepCharts();
  Z.done();
})();

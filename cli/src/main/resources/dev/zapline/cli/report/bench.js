// bench.html: the zapline bench --out JSON document, set by set: every round's req/s, CPU per request, ratios.
(function () {
  "use strict";
  var doc = Z.data().doc;
  var main = document.getElementById("report");
  var el = Z.el;
  var arms = doc.arms || [];
  var m = doc.machine || {};

  main.appendChild(el("h1", { text: "zapline bench" }));
  main.appendChild(el("div", { cls: "run-head" }, [el("dl", null, [
    el("dt", { text: "command" }), el("dd", null, [el("code", { text: doc.command || "–" })]),
    el("dt", { text: "machine" }), el("dd", { text: m.cores + " cores, " + m.cpu + ", " + m.os + ", " + m.jdk }),
    el("dt", { text: "settings" }), el("dd", { text: (doc.settings ? doc.settings.rounds + " rounds of "
      + doc.settings.duration_s + " s, " + doc.settings.connections + " connections; "
      + (doc.settings.pinning || "") : "–") })
  ])]));
  (doc.skipped || []).forEach(function (s) {
    main.appendChild(el("p", { cls: "note", text: s }));
  });

  var sets = [];
  arms.forEach(function (a) {
    if (sets.indexOf(a.set) < 0) {
      sets.push(a.set);
    }
  });

  function categories(names) {
    return {
      label: "", legend: "arm", range: [0.5, names.length + 0.5],
      splits: function () { return names.map(function (n, i) { return i + 1; }); },
      fmt: function (v) { return names[Math.round(v) - 1] || ""; }
    };
  }

  sets.forEach(function (set) {
    var these = arms.filter(function (a) { return a.set === set; });
    var pipeline = these.length ? these[0].pipeline : 1;
    main.appendChild(el("h2", { text: set.charAt(0).toUpperCase() + set.slice(1) + " set: " + pipeline
      + (pipeline === 1 ? " request" : " requests") + " in flight per connection" }));
    var failed = these.filter(function (a) { return a.error; });
    failed.forEach(function (a) {
      main.appendChild(el("p", { cls: "fail", text: a.name + " failed: " + a.error }));
    });
    var ok = these.filter(function (a) { return !a.error; });
    var names = ok.map(function (a) { return a.name; });
    var x = ok.map(function (a, i) { return i + 1; });
    var rounds = ok.reduce(function (n, a) { return Math.max(n, (a.rounds_rps || []).length); }, 0);
    // each round's point to the right of its arm's, in round order, so none hides another or the row's
    var series = [];
    var tables = [];
    for (var r = 0; r < rounds; r++) {
      var offset = 0.1 + r * Math.min(0.08, 0.3 / rounds);
      series.push({ label: "round " + (r + 1), color: Z.color(8), pointsOnly: true, size: 6 });
      tables.push({ x: x.map(function (v) { return v + offset; }), ys: [ok.map(function (a) {
        return (a.rounds_rps || [])[r] == null ? null : a.rounds_rps[r];
      })] });
    }
    series.push({ label: "req/s (the row: median round)", color: Z.color(0), pointsOnly: true, size: 10 });
    tables.push({ x: x, ys: [ok.map(function (a) { return a.rps; })] });
    var data = Z.align(tables);
    var grid = el("div", { cls: "grid2" });
    main.appendChild(grid);
    Z.chart(grid, { id: "rps-" + set, title: "Requests per second, every round", x: categories(names),
      note: "Blue: the reported row; grey, to its right: each round's req/s in round order. Loader-bound: "
        + (ok.filter(function (a) { return a.loader_bound; }).map(function (a) { return a.name; }).join(", ")
          || "none") + ".",
      y: { label: "req/s", fmt: Z.fmtCount }, series: series, data: data });
    Z.chart(grid, { id: "cpu-" + set, title: "Server CPU per request", x: categories(names),
      note: "The server's own CPU time over the measured phase, per response.",
      y: { label: "µs/req", fmt: function (v) { return +v.toPrecision(3) + " µs"; } },
      series: [{ label: "server CPU µs/req", color: Z.color(1), pointsOnly: true }],
      data: [x, ok.map(function (a) { return a.cpu_ns_per_req / 1e3; })] });
  });

  var ratios = doc.ratios || {};
  var keys = Object.keys(ratios);
  if (keys.length) {
    main.appendChild(el("h2", { text: "Ratios and their targets" }));
    var targets = doc.targets || {};
    var quart = doc.ratio_quartiles || {};
    function verdict(k) {
      var t = targets[k];
      return !t ? "none" : t.met === true ? "met" : t.met === false ? "not met" : "not judged";
    }
    function pick(v) {
      return keys.map(function (k) { return verdict(k) === v ? ratios[k] : null; });
    }
    var rx = keys.map(function (k, i) { return i + 1; });
    var top = 0;
    keys.forEach(function (k) {
      top = Math.max(top, targets[k] ? targets[k].target : 0, quart[k] ? quart[k][1] : 0);
    });
    Z.chart(main, { id: "ratios", title: "Each ratio against its target", x: categories(keys),
      note: "Dot: the ratio (the median of the round-by-round ratios); vertical bar: the middle half of the rounds' "
        + "ratios; short horizontal line: the target.",
      y: { label: "ratio", max: top, fmt: function (v) { return +v.toPrecision(3) + "x"; } },
      series: [
        { label: "met", color: Z.css("--good"), pointsOnly: true },
        { label: "not met", color: Z.css("--bad"), pointsOnly: true },
        { label: "not judged", color: Z.css("--warn"), pointsOnly: true },
        { label: "no target", color: Z.color(8), pointsOnly: true }
      ],
      data: [rx, pick("met"), pick("not met"), pick("not judged"), pick("none")],
      height: 300,
      draw: function (u) {
        var ctx = u.ctx;
        ctx.save();
        ctx.lineWidth = 2 * devicePixelRatio;
        keys.forEach(function (k, i) {
          var cx = u.valToPos(i + 1, "x", true);
          var half = Math.min(18, (u.bbox.width / keys.length) / 3);
          if (quart[k]) {
            ctx.strokeStyle = Z.css("--muted");
            ctx.beginPath();
            ctx.moveTo(cx, u.valToPos(quart[k][0], "y", true));
            ctx.lineTo(cx, u.valToPos(quart[k][1], "y", true));
            ctx.stroke();
          }
          if (targets[k]) {
            var ty = u.valToPos(targets[k].target, "y", true);
            ctx.strokeStyle = Z.css("--fg");
            ctx.beginPath();
            ctx.moveTo(cx - half * devicePixelRatio, ty);
            ctx.lineTo(cx + half * devicePixelRatio, ty);
            ctx.stroke();
          }
        });
        ctx.restore();
      } });
    var t = el("table", null, [el("tr", null, ["ratio", "value", "target", "verdict"].map(function (h, i) {
      return el("th", { cls: i === 0 || i === 3 ? "l" : "", text: h });
    }))]);
    keys.forEach(function (k) {
      var v = verdict(k);
      var tg = targets[k];
      t.appendChild(el("tr", null, [
        el("td", { cls: "l", text: k }), el("td", { text: Z.num(ratios[k], 3) + "x" }),
        el("td", { text: tg ? "≥ " + tg.target + "x" : "" }),
        el("td", { cls: "l " + (v === "met" ? "pass" : v === "not met" ? "fail" : v === "not judged" ? "unjudged"
          : ""), text: v === "none" ? "" : v + (tg && tg.not_judged ? ": " + tg.not_judged : "") })
      ]));
    });
    main.appendChild(t);
  }
  Z.done();
})();

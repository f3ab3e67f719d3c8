// Shared by the zapline report pages: theme, error capture, formatting, and one chart helper over uPlot.
// What the page drew is recorded into #zapline-status (one line per chart), script errors into #zapline-errors.
(function () {
  "use strict";
  var status = document.getElementById("zapline-status");
  var errors = [];
  var lines = [];

  function recordError(text) {
    errors.push(String(text));
    status.setAttribute("data-errors", String(errors.length));
    var pre = document.getElementById("zapline-errors");
    if (!pre) {
      pre = document.createElement("pre");
      pre.id = "zapline-errors";
      document.body.insertBefore(pre, document.body.firstChild);
    }
    pre.textContent = "Errors while drawing this report:\n" + errors.join("\n");
  }
  status.setAttribute("data-errors", "0");
  window.addEventListener("error", function (e) {
    recordError("error: " + e.message + " (" + (e.filename || "page") + ":" + e.lineno + ")");
  });
  window.addEventListener("unhandledrejection", function (e) {
    recordError("unhandled rejection: " + e.reason);
  });
  var consoleError = console.error;
  console.error = function () {
    recordError("console.error: " + Array.prototype.join.call(arguments, " "));
    consoleError.apply(console, arguments);
  };

  var theme = new URLSearchParams(location.search).get("theme");
  if (theme === "dark" || theme === "light") {
    document.documentElement.setAttribute("data-theme", theme);
  }

  function css(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  }

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    if (attrs) {
      Object.keys(attrs).forEach(function (k) {
        if (k === "text") {
          e.textContent = attrs[k];
        } else if (k === "cls") {
          e.className = attrs[k];
        } else {
          e.setAttribute(k, attrs[k]);
        }
      });
    }
    (children || []).forEach(function (c) {
      if (c != null) {
        e.appendChild(typeof c === "string" ? document.createTextNode(c) : c);
      }
    });
    return e;
  }

  function num(v, digits) {
    if (v == null || !isFinite(v)) {
      return "–";
    }
    return Number(v).toLocaleString("en-US", { maximumFractionDigits: digits == null ? 0 : digits });
  }

  function fmtUs(v) {
    if (v == null || !isFinite(v)) {
      return "–";
    }
    var a = Math.abs(v);
    if (a >= 1e6) {
      return +(v / 1e6).toPrecision(3) + " s";
    }
    if (a >= 1e3) {
      return +(v / 1e3).toPrecision(3) + " ms";
    }
    return +v.toPrecision(3) + " µs";
  }

  function fmtCount(v) {
    if (v == null || !isFinite(v)) {
      return "–";
    }
    var a = Math.abs(v);
    if (a >= 1e6) {
      return +(v / 1e6).toPrecision(3) + "M";
    }
    if (a >= 1e4) {
      return +(v / 1e3).toPrecision(3) + "k";
    }
    return String(+v.toPrecision(4));
  }

  // x = 1 / (1 - p): 10 is 90 %, 100 is 99 %, 1000 is 99.9 %.
  function nines(p) {
    return 100 / (100 - p);
  }

  function fmtNines(x) {
    if (x == null || !isFinite(x)) {
      return "–";
    }
    var p = 100 - 100 / x;
    if (p <= 0) {
      return "0%";
    }
    var digits = Math.max(0, Math.ceil(-Math.log10(100 - p) + 1e-9));
    return (+p.toFixed(Math.min(digits + 1, 8))).toString() + "%";
  }

  // Several (x, y...) tables on one x array: the union of their x values, nulls where a table has none.
  function align(tables) {
    var seen = new Map();
    tables.forEach(function (t) {
      t.x.forEach(function (v) {
        seen.set(v, true);
      });
    });
    var xs = Array.from(seen.keys()).sort(function (a, b) {
      return a - b;
    });
    var index = new Map();
    xs.forEach(function (v, i) {
      index.set(v, i);
    });
    var out = [xs];
    tables.forEach(function (t) {
      t.ys.forEach(function (y) {
        var col = new Array(xs.length).fill(null);
        for (var i = 0; i < t.x.length; i++) {
          col[index.get(t.x[i])] = y[i];
        }
        out.push(col);
      });
    });
    return out;
  }

  var DASHES = [[], [7, 4], [2, 3], [10, 3, 2, 3]];
  var charts = [];

  // spec: id, title, note, x: {label, legend, fmt, log, splits, range}, y: {label, fmt, log, max},
  // series: [{label, color, dash, width, points, pointsOnly, size}], data: [xs, ys...], shadeTo (the x value up to
  // which the warm-up runs, or null), height, draw (called with the uPlot after each draw, for marks the series
  // cannot make). Records the chart's series, points and draws in #zapline-status.
  function chart(parent, spec) {
    var box = el("div", { cls: "plot" });
    var section = el("section", { cls: "chart", "data-chart": spec.id }, [
      el("h3", { text: spec.title }),
      spec.note ? el("p", { cls: "note", text: spec.note }) : null,
      box
    ]);
    parent.appendChild(section);
    var points = 0;
    var positive = 0;
    for (var s = 1; s < spec.data.length; s++) {
      spec.data[s].forEach(function (v) {
        if (v != null && isFinite(v)) {
          points++;
          if (v > 0) {
            positive++;
          }
        }
      });
    }
    var record = { id: spec.id, series: spec.series.length, points: points, drawn: 0,
      labels: spec.series.map(function (x) { return x.label; }).join(" | ") };
    charts.push(record);
    if (points === 0 || (spec.y.log && positive === 0)) {
      box.appendChild(el("p", { cls: "empty", text: "Nothing to draw: the file has no such figures." }));
      return null;
    }
    var fg = css("--fg");
    var grid = css("--grid");
    var shade = css("--shade");
    var muted = css("--muted");
    function axis(a, label) {
      var o = {
        label: label, stroke: fg, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 },
        labelFont: "12px system-ui, sans-serif", font: "11px system-ui, sans-serif"
      };
      if (a.fmt) {
        o.values = function (u, splits) {
          return splits.map(function (v) {
            return v == null ? "" : a.fmt(v);
          });
        };
      }
      if (a.splits) {
        o.splits = a.splits;
      }
      return o;
    }
    var opts = {
      width: Math.max(300, box.clientWidth || 600),
      height: spec.height || 260,
      scales: {
        x: spec.x.log ? { time: false, distr: 3, log: 10 }
          : spec.x.range ? { time: false, range: function () { return spec.x.range; } } : { time: false },
        y: spec.y.log ? { distr: 3, log: 10 } : { range: function (u, min, max) {
          var top = Math.max(max, spec.y.max || 0);
          return [Math.min(0, min), top > 0 ? top * 1.08 : 1];
        } }
      },
      axes: [axis(spec.x, spec.x.label), Object.assign(axis(spec.y, spec.y.label), { size: 62 })],
      legend: { show: true, live: true },
      cursor: { drag: { x: true, y: false } },
      series: [{ label: spec.x.legend || spec.x.label, value: function (u, v) {
        return v == null ? "–" : spec.x.fmt ? spec.x.fmt(v) : v;
      } }].concat(
        spec.series.map(function (s) {
          var o = {
            label: s.label, stroke: s.color, width: s.width || 1.5, dash: s.dash || [], spanGaps: true,
            value: function (u, v) { return v == null ? "–" : spec.y.fmt ? spec.y.fmt(v) : v; }
          };
          if (s.pointsOnly || s.points) {
            o.points = { show: true, size: s.size || (s.pointsOnly ? 8 : 5), fill: s.color, stroke: s.color };
          }
          if (s.pointsOnly) {
            o.paths = function () { return null; };
          }
          return o;
        })),
      hooks: {
        drawClear: [function (u) {
          if (spec.shadeTo == null || u.scales.x.min == null || u.scales.x.min >= spec.shadeTo) {
            return;
          }
          var x0 = u.valToPos(u.scales.x.min, "x", true);
          var x1 = u.valToPos(Math.min(spec.shadeTo, u.scales.x.max), "x", true);
          u.ctx.save();
          u.ctx.fillStyle = shade;
          u.ctx.fillRect(x0, u.bbox.top, x1 - x0, u.bbox.height);
          u.ctx.fillStyle = muted;
          u.ctx.font = Math.round(11 * devicePixelRatio) + "px system-ui, sans-serif";
          u.ctx.fillText("warm-up", x0 + 4 * devicePixelRatio, u.bbox.top + 12 * devicePixelRatio);
          u.ctx.restore();
        }],
        draw: [function (u) {
          if (spec.draw) {
            spec.draw(u);
          }
          record.drawn++;
          publish();
        }]
      }
    };
    var plot = new uPlot(opts, spec.data, box);
    window.addEventListener("resize", function () {
      plot.setSize({ width: Math.max(300, box.clientWidth), height: opts.height });
    });
    return plot;
  }

  function publish() {
    lines = charts.map(function (c) {
      return "chart " + c.id + " series=" + c.series + " points=" + c.points + " drawn=" + c.drawn
        + " labels=" + c.labels;
    });
    status.setAttribute("data-charts", String(charts.length));
    status.textContent = lines.join("\n");
  }

  function done() {
    publish();
    status.setAttribute("data-state", "done");
  }

  function data() {
    return JSON.parse(document.getElementById("zapline-data").textContent);
  }

  window.Z = {
    css: css, el: el, num: num, fmtUs: fmtUs, fmtCount: fmtCount, nines: nines, fmtNines: fmtNines,
    align: align, chart: chart, done: done, data: data, DASHES: DASHES, recordError: recordError,
    color: function (i) { return css("--c" + (i % 9)); }
  };
})();

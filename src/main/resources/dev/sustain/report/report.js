// The page script of a sustain report: draws the curves with uPlot and runs the projection
// calculator. A report file holds its data as JSON (#sustain-data) and is drawn at load; the
// dashboard fetches the same data and calls SustainReport.render(data). Nothing else is fetched.
(function () {
  'use strict';

  function render(data) {
    var root = document.documentElement;
    var PALETTE = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000', '#f0e442'];
    var drawn = {};

    function markDrawn(id, points) {
      if (!drawn[id]) {
        drawn[id] = true;
        root.setAttribute('data-drawn', String(Object.keys(drawn).length));
        root.setAttribute('data-points-' + id, String(points));
      }
    }

    // Seconds for people, as sustain prints them: 12.3s, 4m 05s, 1h 02m 03s.
    function duration(s) {
      if (!isFinite(s)) { return 'forever (the floor is 0 MB/s)'; }
      if (s < 60) { return s.toFixed(s < 10 ? 2 : 1) + 's'; }
      var t = Math.round(s);
      var h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
      var two = function (n) { return (n < 10 ? '0' : '') + n; };
      return h > 0 ? h + 'h ' + two(m) + 'm ' + two(sec) + 's' : m + 'm ' + two(sec) + 's';
    }

    function rate(v) {
      return v == null ? '–' : (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) + ' MB/s';
    }

    // Sizes as the text report prints them (Phrase.gb), from the shared sizes.js before this.
    var gb = SustainSizes.gb;

    // A job size: 500GB, 300GiB, 1.5TB, 750 MB; a bare number is GB. Returns bytes, or null.
    var UNITS = { 'b': 1, 'kb': 1e3, 'mb': 1e6, 'gb': 1e9, 'tb': 1e12,
      'kib': 1024, 'mib': Math.pow(2, 20), 'gib': Math.pow(2, 30), 'tib': Math.pow(2, 40) };
    function parseSize(text) {
      var m = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([A-Za-z]*)\s*$/.exec(text || '');
      if (!m) { return null; }
      var unit = m[2].toLowerCase();
      var factor = unit === '' ? 1e9 : UNITS[unit];
      return factor ? parseFloat(m[1]) * factor : null;
    }

    // The same rule as the analysis: along the measured (cumulative) curve, then at the floor (or,
    // when the run was too short to know one, at the rate it held, assumed to hold).
    function projectSeconds(curve, jobBytes) {
      var s = curve.cumulative.s, g = curve.cumulative.GB, job = jobBytes / 1e9;
      if (job <= 0) { return 0; }
      for (var k = 1; k < g.length; k++) {
        if (g[k] >= job && g[k] > g[k - 1]) {
          return s[k - 1] + (job - g[k - 1]) / (g[k] - g[k - 1]) * (s[k] - s[k - 1]);
        }
      }
      var last = g[g.length - 1];
      if (job <= last) { return curve.duration_s; }
      var r = curve.projection_MBps != null ? curve.projection_MBps : curve.floor;
      return r > 0 ? curve.duration_s + (job - last) * 1000 / r : Infinity;
    }

    function width(el) {
      return Math.max(320, el.clientWidth || 1000);
    }

    // "9x" from 3 up, "1.4x" below: as sustain's text says it.
    function times(r) {
      return (r >= 3 ? Math.round(r).toFixed(0) : r.toFixed(1)) + 'x';
    }

    // Tick steps on the time axis, in seconds: round minutes and hours.
    // Sub-second steps too: a run shorter than a second still gets ticks.
    var TIME_STEPS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600,
      43200, 86400, 172800, 604800];

    // Tick labels on the time axis in s, min or h, whichever keeps them short.
    function timeTicks(u, splits) {
      var range = u.scales.x.max - u.scales.x.min;
      var unit = range > 3 * 3600 ? 3600 : range > 20 * 60 ? 60 : 1;
      var name = unit === 3600 ? 'h' : unit === 60 ? 'min' : 's';
      var labels = splits.map(function (v) {
        var x = v / unit;
        var places = Math.abs(x - Math.round(x)) < 1e-9 ? 0
          : Math.abs(x * 10 - Math.round(x * 10)) < 1e-9 ? 1 : 2;
        return x.toFixed(places) + ' ' + name;
      });
      // The labels are drawn on a canvas; the page keeps the last set where a test can read it.
      root.setAttribute('data-time-ticks', labels.join('|'));
      return labels;
    }

    function xValue(byGB) {
      return function (u, v) { return v == null ? '–' : byGB ? gb(v) : duration(v); };
    }

    function cliffHook(curve, byGB) {
      return function (u) {
        if (curve.cliff_s == null) { return; }
        var x = byGB ? curve.cache_GB : curve.cliff_s;
        var px = u.valToPos(x, 'x', true);
        if (px < u.bbox.left || px > u.bbox.left + u.bbox.width) { return; }
        var ctx = u.ctx, r = window.devicePixelRatio || 1;
        ctx.save();
        ctx.strokeStyle = '#444';
        ctx.lineWidth = 1.5 * r;
        ctx.setLineDash([8 * r, 5 * r]);
        ctx.beginPath();
        ctx.moveTo(px, u.bbox.top);
        ctx.lineTo(px, u.bbox.top + u.bbox.height);
        ctx.stroke();
        ctx.fillStyle = '#222';
        ctx.font = 'bold ' + Math.round(12 * r) + 'px sans-serif';
        var label = curve.marker + ': ' + gb(curve.cache_GB) + ' at ' + duration(curve.cliff_s);
        // uPlot leaves its own alignment on the context: set ours, and keep the label inside the plot.
        var right = px - u.bbox.left < 0.6 * u.bbox.width;
        ctx.textAlign = right ? 'left' : 'right';
        ctx.textBaseline = 'top';
        ctx.fillText(label, right ? px + 6 * r : px - 6 * r, u.bbox.top + 4 * r);
        ctx.restore();
      };
    }

    function singleChart(curve, byGB, el) {
      var d = byGB ? curve.gb : curve.time;
      var n = d.x.length;
      var burst = [], floor = [];
      for (var i = 0; i < n; i++) { burst.push(curve.burst); floor.push(curve.floor); }
      var series = [
        { label: byGB ? 'written' : 'time', value: xValue(byGB) },
        { label: 'write rate', stroke: '#1f77b4', width: 1, value: function (u, v) { return rate(v); } },
        { label: 'plateau', stroke: '#ff7f0e', width: 2.5, value: function (u, v) { return rate(v); } },
        { label: 'burst ' + rate(curve.burst), stroke: '#2ca02c', width: 1.5, dash: [8, 5], value: function () { return rate(curve.burst); } },
        { label: curve.floor == null ? 'floor - (too short to tell)' : 'floor ' + rate(curve.floor), stroke: '#d62728', width: 1.5, dash: [8, 5],
          value: function () { return curve.floor == null ? '-' : rate(curve.floor); } }
      ];
      var columns = [d.x, d.rate, d.plateau || new Array(n).fill(null), burst, floor];
      var axes = [
        byGB ? { label: 'GB written (10^9 B)' } : { label: 'time', values: timeTicks, incrs: TIME_STEPS },
        { label: 'MB/s', size: 60 }
      ];
      var scales = { x: { time: false }, y: { range: function (u, lo, hi) { return [0, Math.max(hi, curve.burst) * 1.08]; } } };
      if (d.temp) {
        series.push({ label: 'temperature', scale: 'C', stroke: '#8c564b', width: 1.5,
          value: function (u, v) { return v == null ? '–' : v.toFixed(1) + ' °C'; } });
        columns.push(d.temp);
        axes.push({ scale: 'C', side: 1, label: '°C', size: 50, grid: { show: false } });
      }
      var opts = {
        title: byGB ? 'Rate against GB written' : 'Rate against time',
        width: width(el), height: 330,
        scales: scales, series: series, axes: axes,
        hooks: { draw: [cliffHook(curve, byGB), function () { markDrawn(byGB ? 'gb' : 'time', n); }] }
      };
      return new uPlot(opts, columns, el);
    }

    // Equal x values (a stall on the GB axis) become one point holding the lowest rate.
    function dedupe(x, y) {
      var ox = [], oy = [];
      for (var i = 0; i < x.length; i++) {
        var k = ox.length - 1;
        if (k >= 0 && ox[k] === x[i]) { oy[k] = Math.min(oy[k], y[i]); } else { ox.push(x[i]); oy.push(y[i]); }
      }
      return [ox, oy];
    }

    function overlayChart(curves, byGB, el) {
      var tables = curves.map(function (c) { var d = byGB ? c.gb : c.time; return dedupe(d.x, d.rate); });
      var columns = uPlot.join(tables);
      var series = [{ label: byGB ? 'written' : 'time', value: xValue(byGB) }];
      curves.forEach(function (c, k) {
        series.push({ label: c.label, stroke: PALETTE[k % PALETTE.length], width: 1.2, spanGaps: true,
          value: function (u, v) { return rate(v); } });
      });
      // Each curve's floor as a thin dashed line in its colour.
      curves.forEach(function (c, k) {
        if (c.floor == null) { return; }
        series.push({ label: 'floor ' + c.label, stroke: PALETTE[k % PALETTE.length], width: 1, dash: [4, 4],
          value: function () { return rate(c.floor); } });
        columns.push(columns[0].map(function () { return c.floor; }));
      });
      var opts = {
        title: byGB ? 'Rate against GB written' : 'Rate against time',
        width: width(el), height: 360,
        scales: { x: { time: false }, y: { range: function (u, lo, hi) { return [0, hi * 1.08]; } } },
        series: series,
        axes: [byGB ? { label: 'GB written (10^9 B)' } : { label: 'time', values: timeTicks, incrs: TIME_STEPS }, { label: 'MB/s', size: 60 }],
        hooks: { draw: [function () { markDrawn(byGB ? 'gb' : 'time', columns[0].length); }] }
      };
      return new uPlot(opts, columns, el);
    }

    // A group: each target's rate and their sum on the group's clock, and the shared ceiling.
    function groupChart(el) {
      var columns = [data.x];
      var series = [{ label: 'time', value: xValue(false) }];
      data.curves.forEach(function (c, k) {
        series.push({ label: c.label, stroke: PALETTE[k % PALETTE.length], width: 1.2,
          value: function (u, v) { return rate(v); } });
        columns.push(c.rate);
      });
      series.push({ label: 'sum', stroke: '#000000', width: 2.2, value: function (u, v) { return rate(v); } });
      columns.push(data.sum);
      if (data.ceiling != null) {
        series.push({ label: 'shared ceiling ' + rate(data.ceiling), stroke: '#d62728', width: 1.5, dash: [8, 5],
          value: function () { return rate(data.ceiling); } });
        columns.push(data.x.map(function () { return data.ceiling; }));
      }
      var opts = {
        title: 'Each target and the sum', width: width(el), height: 360,
        scales: { x: { time: false }, y: { range: function (u, lo, hi) { return [0, hi * 1.08]; } } },
        series: series,
        axes: [{ label: 'time', values: timeTicks, incrs: TIME_STEPS }, { label: 'MB/s', size: 60 }],
        hooks: { draw: [function () { markDrawn('time', data.x.length); }] }
      };
      return new uPlot(opts, columns, el);
    }

    function draw() {
      var timeEl = document.getElementById('chart-time'), gbEl = document.getElementById('chart-gb');
      var plots;
      if (data.kind === 'group') {
        plots = [[groupChart(timeEl), timeEl]];
      } else if (data.kind === 'single') {
        plots = [[singleChart(data.curves[0], false, timeEl), timeEl], [singleChart(data.curves[0], true, gbEl), gbEl]];
      } else {
        plots = [[overlayChart(data.curves, false, timeEl), timeEl], [overlayChart(data.curves, true, gbEl), gbEl]];
      }
      window.addEventListener('resize', function () {
        plots.forEach(function (p) { p[0].setSize({ width: width(p[1]), height: p[0].height }); });
      });
    }

    function calculate() {
      var input = document.getElementById('job'), out = document.getElementById('projection');
      var bytes = parseSize(input.value);
      if (bytes == null) {
        out.textContent = 'Not a size: try 500GB, 300GiB or 1.5TB.';
        out.setAttribute('data-seconds', '');
        return;
      }
      var seconds = data.curves.map(function (c) { return projectSeconds(c, bytes); });
      out.setAttribute('data-seconds', JSON.stringify(seconds.map(function (s) { return isFinite(s) ? s : null; })));
      var jobGB = bytes / 1e9;
      if (data.kind === 'single') {
        var c = data.curves[0];
        var past = jobGB <= c.total_GB ? ' (within the measured curve)'
          : c.assumes_rate_holds ? ' (the measured ' + gb(c.total_GB) + ', then the rest at ' + rate(c.projection_MBps) + ', assuming the rate holds: no cliff was seen yet)'
          : ' (the measured ' + gb(c.total_GB) + ', then the rest at the floor, ' + rate(c.floor) + ')';
        out.textContent = gb(jobGB) + ' takes about ' + duration(seconds[0]) + past + '.';
        return;
      }
      var best = Math.min.apply(null, seconds);
      var table = document.createElement('table');
      data.curves.forEach(function (c, k) {
        var tr = table.insertRow();
        if (seconds[k] === best) { tr.className = 'best'; }
        tr.insertCell().textContent = c.label;
        var td = tr.insertCell();
        td.className = 'num';
        td.textContent = duration(seconds[k]);
        tr.insertCell().textContent = seconds[k] === best ? 'first' : isFinite(seconds[k]) ? times(seconds[k] / best) + ' as long' : '';
      });
      out.textContent = gb(jobGB) + ':';
      out.appendChild(table);
    }

    var job = document.getElementById('job');
    if (job) {
      job.value = data.job;
      job.addEventListener('input', calculate);
      calculate();
    }
    draw();
    root.setAttribute('data-ready', 'true');
  }

  window.SustainReport = { render: render };
  var embedded = document.getElementById('sustain-data');
  if (embedded) { render(JSON.parse(embedded.textContent)); }
})();

// The dashboard's page script: reads the address, fetches what the page shows from the JSON API
// (with the token kept in this tab's session storage, asked for once when the server wants one)
// and draws it. Every text from the history goes into the page as text, never as markup; the run
// and compare pages' content comes ready made (and escaped) from the report package.
(function () {
  'use strict';
  var root = document.documentElement;
  var app = document.getElementById('app');
  var TOKEN_KEY = 'sustain-token';
  var RATE_COLUMNS = ['write_MBps', 'read_MBps'];

  // ---- small helpers -----------------------------------------------------------------------

  function el(tag, attrs, children) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    (children || []).forEach(function (c) {
      e.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    });
    return e;
  }

  function clear(node) { while (node.firstChild) { node.removeChild(node.firstChild); } }

  function enc(s) { return encodeURIComponent(s); }

  function rate(v) {
    return v == null ? '–' : (v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2)) + ' MB/s';
  }

  // Sizes as the text report prints them (Phrase.gb), from the shared sizes.js at the head of
  // the report.js this page loads first.
  var gb = SustainSizes.gb;

  function duration(s) {
    if (s == null) { return '–'; }
    if (s < 60) { return s.toFixed(s < 10 ? 2 : 1) + 's'; }
    var t = Math.round(s), h = Math.floor(t / 3600), m = Math.floor((t % 3600) / 60), sec = t % 60;
    var two = function (n) { return (n < 10 ? '0' : '') + n; };
    return h > 0 ? h + 'h ' + two(m) + 'm ' + two(sec) + 's' : m + 'm ' + two(sec) + 's';
  }

  function when(iso) { return iso ? iso.replace('T', ' ').replace(/:\d\d(\.\d+)?Z$/, ' UTC') : '–'; }

  function token() { return sessionStorage.getItem(TOKEN_KEY); }

  function headers() {
    var t = token();
    return t ? { 'Authorization': 'Bearer ' + t } : {};
  }

  function NeedToken() {}

  // GET an API address; a 401 asks for the token once and stops this page's work.
  function api(path) {
    return fetch(path, { headers: headers(), cache: 'no-store' }).then(function (r) {
      if (r.status === 401) {
        askToken(token() != null);
        throw new NeedToken();
      }
      return r.json().then(function (body) {
        if (!r.ok) { throw new Error(body.error || ('HTTP ' + r.status)); }
        return body;
      });
    });
  }

  function failed(e) {
    if (e instanceof NeedToken) { return; }
    var loading = app.querySelector('p.hint.loading');
    if (loading) { loading.remove(); } // the page will not come: say why instead
    var box = el('p', { 'class': 'error', id: 'api-error' }, [String(e.message || e)]);
    app.insertBefore(box, app.firstChild);
    root.setAttribute('data-api-error', String(e.message || e));
  }

  function askToken(wrong) {
    clear(app);
    var input = el('input', { type: 'password', id: 'token', size: '40', autocomplete: 'off' });
    var form = el('form', { id: 'token-form' }, [
      el('label', {}, ['Token ', input]), ' ', el('button', { type: 'submit' }, ['Open'])]);
    form.addEventListener('submit', function (ev) {
      ev.preventDefault();
      sessionStorage.setItem(TOKEN_KEY, input.value.trim());
      route();
    });
    app.appendChild(el('section', {}, [
      el('h2', {}, ['This dashboard needs its token']),
      el('p', { 'class': 'hint' }, [wrong ? 'That token was refused; try again.'
        : 'The person who started sustain serve has it (--token-file). It is kept in this tab only.']),
      form]));
    root.setAttribute('data-page', 'token');
    input.focus();
  }

  function ready(page) {
    root.setAttribute('data-page', page);
    root.setAttribute('data-ready', 'true');
  }

  // A status the server derived (killed, stale) comes with a note saying what it means.
  function statusBadge(s, note) {
    var attrs = { 'class': 'status ' + s };
    if (note) { attrs.title = note; }
    return el('span', attrs, [s]);
  }

  // The job in short: "write 1 MiB QD32 direct random" (engine and target in the title).
  function jobWords(r) {
    if (!r.job) { return r.command; }
    var cut = r.job.label.indexOf(' (');
    return cut < 0 ? r.job.label : r.job.label.slice(0, cut);
  }

  function runLink(r) { return el('a', { href: '/runs/' + enc(r.run_id) }, [when(r.started)]); }

  function driveLink(id, text) { return el('a', { href: '/drives/' + enc(id) }, [text || id]); }

  function runsTable(runs, pick) {
    // The narrow columns give way first (host, shape, burst hide below 1200 px); the time never.
    var head = [['started (UTC)', ''], ['drive', ''], ['host', 'opt'], ['job', ''], ['status', ''],
      ['shape', 'opt'], ['burst', 'opt'], ['floor', ''], ['average', ''], ['time', 'time']];
    var t = el('table', { 'class': 'list runs' });
    var tr = el('tr', {}, (pick ? [el('th', {}, [''])] : []).concat(head.map(function (h) {
      return el('th', h[1] ? { 'class': h[1] } : {}, [h[0]]);
    })));
    t.appendChild(el('thead', {}, [tr]));
    var body = el('tbody');
    t.appendChild(body);
    addRuns(body, runs, pick);
    return t;
  }

  function addRuns(body, runs, pick) {
    runs.forEach(function (r) {
      var cells = [];
      if (pick) {
        cells.push(el('td', {}, [el('input', { type: 'checkbox', 'class': 'pick', value: r.run_id })]));
      }
      var label = r.model ? r.model + (r.serial ? ' ' + r.serial : '') : r.drive;
      cells.push(el('td', {}, [runLink(r)]), el('td', { 'class': 'wrap' }, [driveLink(r.drive, label)]),
        el('td', { 'class': 'opt' }, [r.host]),
        el('td', { 'class': 'wrap job', title: r.job ? r.job.label : r.command }, [jobWords(r)]),
        el('td', {}, [statusBadge(r.status, r.status_note)].concat(r.clean_command
          ? [el('span', { 'class': 'hint needs-clean', title: r.clean_command }, [' left files'])] : [])),
        el('td', { 'class': 'opt' }, [r.shape || '–']), el('td', { 'class': 'num opt' }, [rate(r.burst_MBps)]),
        el('td', { 'class': 'num' }, [rate(r.floor_MBps)]),
        el('td', { 'class': 'num' }, [rate(r.average_MBps)]),
        el('td', { 'class': 'num time' }, [duration(r.seconds)]));
      body.appendChild(el('tr', { 'data-run': r.run_id }, cells));
    });
  }

  // ---- pages -------------------------------------------------------------------------------

  function home() {
    return Promise.all([api('/api/drives'), api('/api/runs?limit=20')]).then(function (res) {
      clear(app);
      var drives = res[0].drives;
      var t = el('table', { 'class': 'list drives' }, [el('thead', {}, [el('tr', {},
        ['drive', 'runs', 'last run (UTC)', 'last floor', 'trend of the floor'].map(function (h) {
          return el('th', {}, [h]);
        }))])]);
      var body = el('tbody');
      drives.forEach(function (d) {
        body.appendChild(el('tr', { 'data-drive': d.drive }, [
          el('td', { 'class': 'wrap' }, [driveLink(d.drive, d.described)]),
          el('td', { 'class': 'num' }, [String(d.runs) + (d.running ? ' (' + d.running + ' running)' : '')]),
          el('td', {}, [when(d.last_started)]), el('td', { 'class': 'num' }, [rate(d.last_floor_MBps)]),
          el('td', { 'class': 'wrap' }, [d.trend.sentence].concat(d.job && d.jobs.length > 1
            ? [el('span', { 'class': 'hint' }, [' (runs of ' + d.job.label + ' only)'])] : []))]));
      });
      t.appendChild(body);
      app.appendChild(el('header', {}, [el('h1', {}, ['Drives'])]));
      app.appendChild(el('section', {}, drives.length ? [t] : [el('p', {}, ['No runs recorded yet.'])]));
      app.appendChild(el('section', {}, [el('h2', {}, ['Recent runs']), runsTable(res[1].runs, false),
        el('p', {}, [el('a', { href: '/runs' }, ['All runs, with filters'])])]));
      ready('home');
    });
  }

  // A drive's page: its trend and last floor from the runs of one job (its most common, or the one
  // picked in the selector, kept in the address as ?job=KEY), then every run.
  function drive(id) {
    var jobKey = new URLSearchParams(location.search).get('job');
    var path = '/api/drives/' + enc(id) + (jobKey ? '?job=' + enc(jobKey) : '');
    return Promise.all([api(path), api('/api/runs?limit=200&drive=' + enc(id))])
      .then(function (res) {
        // The chart's runs are those of the job the trend reads (the store finds them by job).
        var d = res[0].drive;
        return (d.job ? api('/api/runs?limit=200&drive=' + enc(id) + '&job=' + enc(d.job.key))
          : Promise.resolve(res[1])).then(function (ofJob) { return [d, res[1].runs, ofJob.runs]; });
      })
      .then(function (res) {
        clear(app);
        var d = res[0], runs = res[1], mine = res[2];
        app.appendChild(el('header', {}, [el('h1', {}, [d.described]),
          el('p', { 'class': 'sub' }, [d.drive + ' · ' + d.runs + ' runs'])]));
        var pick = el('select', { id: 'job-select' });
        d.jobs.forEach(function (j) {
          var o = el('option', { value: j.key }, [j.label + ' (' + j.runs + (j.runs === 1 ? ' run)' : ' runs)')]);
          if (d.job && j.key === d.job.key) { o.selected = true; }
          pick.appendChild(o);
        });
        pick.addEventListener('change', function () {
          location.href = '/drives/' + enc(id) + '?job=' + enc(pick.value);
        });
        app.appendChild(el('section', {}, [el('h2', {}, ['Trend of the floor']),
          el('p', {}, [el('label', {}, ['Runs of the job ', pick]),
            el('span', { 'class': 'hint' }, [' · runs of other jobs measure something else and are left out'])]),
          el('p', { id: 'trend' }, [d.trend.sentence]),
          el('p', { id: 'last-floor' }, ['Last floor: ' + rate(d.last_floor_MBps)]),
          el('div', { id: 'floor-chart', 'class': 'chart' })]));
        floorChart(document.getElementById('floor-chart'), mine);
        app.appendChild(el('section', {}, [el('h2', {}, ['Runs']), runsTable(runs, false)]));
        ready('drive');
      });
  }

  // The floors of one job's runs over time. One point gets a day either side and room above it,
  // instead of an axis uPlot stretches over years.
  function floorChart(box, runs) {
    var xs = [], ys = [];
    runs.slice().reverse().forEach(function (r) {
      if (r.floor_MBps != null) { xs.push(Date.parse(r.started) / 1000); ys.push(r.floor_MBps); }
    });
    if (xs.length === 0) {
      box.appendChild(el('p', { 'class': 'hint' }, ['No run of this job has a floor yet.']));
      return;
    }
    var lo = xs[0], hi = xs[xs.length - 1];
    var pad = hi - lo < 3600 ? 86400 : (hi - lo) * 0.05;
    var top = Math.max.apply(null, ys) * 1.15;
    new uPlot({ width: Math.max(320, box.clientWidth || 900), height: 240,
      series: [{}, { label: 'floor', stroke: '#d62728', width: 2, points: { show: true, size: 7 },
        value: function (u, v) { return rate(v); } }],
      axes: [{}, { label: 'MB/s', size: 60 }],
      scales: { x: { range: function () { return [lo - pad, hi + pad]; } },
        y: { range: function () { return [0, top]; } } } }, [xs, ys], box);
    root.setAttribute('data-floor-points', String(xs.length));
    root.setAttribute('data-floor-x', String(lo - pad) + ',' + String(hi + pad));
  }

  var FILTERS = ['drive', 'host', 'command', 'shape', 'status', 'since'];

  function runsPage() {
    var q = new URLSearchParams(location.search);
    clear(app);
    app.appendChild(el('header', {}, [el('h1', {}, ['Runs'])]));
    var form = el('form', { 'class': 'filters', method: 'get', action: '/runs' });
    FILTERS.forEach(function (name) {
      var input = el('input', { name: name, size: name === 'drive' ? '28' : '12',
        placeholder: name === 'since' ? '2026-11-30' : '' });
      input.value = q.get(name) || '';
      form.appendChild(el('label', {}, [name + ' ', input]));
    });
    form.appendChild(el('button', { type: 'submit' }, ['Filter']));
    var params = new URLSearchParams();
    FILTERS.forEach(function (n) { if (q.get(n)) { params.set(n, q.get(n)); } });
    params.set('limit', '100');
    var note = el('p', { 'class': 'hint', id: 'filter-note', hidden: 'hidden' });
    var table = runsTable([], true);
    var body = table.querySelector('tbody');
    var more = el('button', { id: 'more', type: 'button' }, ['Older runs']);
    var compare = el('button', { id: 'compare-picked', type: 'button' }, ['Compare the runs ticked']);
    compare.addEventListener('click', function () {
      var ids = Array.prototype.map.call(app.querySelectorAll('input.pick:checked'), function (c) {
        return c.value;
      });
      if (ids.length >= 2) { location.href = '/compare?runs=' + ids.map(enc).join(','); }
    });
    app.appendChild(el('section', {}, [form, note]));
    app.appendChild(el('section', {}, [compare, table, more]));
    var next = null, drives = [null];
    function page() {
      var p = new URLSearchParams(params);
      if (next) { p.set('before', next); }
      return Promise.all(drives.map(function (d) {
        var one = new URLSearchParams(p);
        if (d) { one.set('drive', d); }
        return api('/api/runs?' + one.toString());
      })).then(function (all) {
        var rows = [];
        all.forEach(function (res) { rows = rows.concat(res.runs); });
        rows.sort(function (a, b) { return a.started < b.started ? 1 : a.started > b.started ? -1 : 0; });
        addRuns(body, rows, true);
        next = all.length === 1 ? all[0].next : null; // several drives: their newest runs only
        more.hidden = !next;
        root.setAttribute('data-rows', String(body.rows.length));
      });
    }
    more.addEventListener('click', function () { page().catch(failed); });
    return matchDrives(q.get('drive'), note).then(function (ids) {
      if (ids && ids.length === 0) { more.hidden = true; return null; } // said in the note
      if (ids) { params.delete('drive'); drives = ids; }
      return page();
    }).then(function () { ready('runs'); });
  }

  // The drive filter matches part of a drive's key, model or serial, any case; resolves to the
  // matching drive keys (null: no filter) and says what it matched, or that nothing did.
  function matchDrives(text, note) {
    if (!text) { return Promise.resolve(null); }
    return api('/api/drives').then(function (res) {
      var want = text.toLowerCase();
      var exact = res.drives.filter(function (d) { return d.drive === text; });
      var hits = exact.length ? exact : res.drives.filter(function (d) {
        return [d.drive, d.model, d.serial, d.described].some(function (s) {
          return s && s.toLowerCase().indexOf(want) >= 0;
        });
      });
      note.hidden = false;
      if (hits.length === 0) {
        note.className = 'error';
        note.textContent = 'No drive matches "' + text + '": no key, model or serial contains it.';
      } else {
        note.textContent = 'Drive filter "' + text + '" matches ' + hits.map(function (d) {
          return d.described;
        }).join(', ') + '.';
      }
      root.setAttribute('data-drive-matches', String(hits.length));
      return hits.map(function (d) { return d.drive; });
    });
  }

  function download(path, name, type) {
    return fetch(path, { headers: headers() }).then(function (r) {
      if (!r.ok) { throw new Error('HTTP ' + r.status); }
      return r.blob();
    }).then(function (b) {
      var a = el('a', { href: URL.createObjectURL(new Blob([b], { type: type })), download: name });
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
  }

  function report(view, head) {
    clear(app);
    if (head) { app.appendChild(head); }
    var box = el('div', { id: 'report' });
    box.innerHTML = view.html; // made and escaped by the report package
    app.appendChild(box);
    if (view.data) { window.SustainReport.render(view.data); } // a sweep's table has no chart
  }

  function runPage(id) {
    return api('/api/runs/' + enc(id) + '/view').then(function (view) {
      var r = view.summary;
      var json = el('button', { type: 'button', id: 'full-json' }, ['JSON']);
      var csv = el('button', { type: 'button', id: 'full-csv' }, ['CSV']);
      json.addEventListener('click', function () {
        download('/api/runs/' + enc(id) + '/samples', id + '-samples.json', 'application/json').catch(failed);
      });
      csv.addEventListener('click', function () {
        download('/api/runs/' + enc(id) + '/samples?format=csv', id + '-samples.csv', 'text/csv').catch(failed);
      });
      var head = el('div', { 'class': 'runhead' }, [statusBadge(r.status, r.status_note), ' ', r.command + ' on ' + r.host +
        ', started ' + when(r.started) + ' · drive ', driveLink(r.drive, r.drive),
        el('span', { 'class': 'links' }, [' · the chart is thinned for drawing; every interval:', json, csv])]);
      if (r.status === 'running') {
        head.appendChild(el('p', {}, ['Still writing: ', el('a', { href: '/live' }, ['watch it live'])]));
      }
      if (r.status_note) {
        head.appendChild(el('p', { 'class': 'status-note' }, [r.status + ': ' + r.status_note]));
      }
      if (r.figures_from === 'samples') {
        head.appendChild(el('p', { 'class': 'written', id: 'written' }, ['Wrote ' + gb(r.bytes / 1e9) +
          ' in ' + duration(r.seconds) + ' at ' + rate(r.average_MBps) +
          (r.status === 'running' ? ' so far' : ' before it stopped') + ' (its stored intervals).']));
      }
      if (r.clean_command) {
        head.appendChild(el('p', { 'class': 'clean' }, ['To remove what it left, on ' + r.host + ': ',
          el('code', { id: 'clean-command' }, [r.clean_command])]));
      }
      report(view, head);
      ready('run');
    });
  }

  function comparePage() {
    var ids = new URLSearchParams(location.search).get('runs');
    if (!ids || ids.split(',').length < 2) {
      clear(app);
      app.appendChild(el('header', {}, [el('h1', {}, ['Compare runs'])]));
      app.appendChild(el('p', {}, ['Tick two or more runs on the ', el('a', { href: '/runs' }, ['runs page']),
        ', or open /compare?runs=ID,ID.']));
      ready('compare');
      return Promise.resolve();
    }
    return api('/api/compare?runs=' + ids.split(',').map(enc).join(',')).then(function (view) {
      report(view, null);
      ready('compare');
    });
  }

  // ---- live --------------------------------------------------------------------------------

  var following = {};

  function livePage() {
    clear(app);
    app.appendChild(el('header', {}, [el('h1', {}, ['Runs writing now'])]));
    var list = el('div', { id: 'live' });
    var none = el('p', { id: 'none' }, ['No run is writing now. This page looks again every few seconds.']);
    app.appendChild(none);
    app.appendChild(list);
    function look() {
      return api('/api/runs?status=running&limit=50').then(function (res) {
        res.runs.forEach(function (r) {
          if (!following[r.run_id]) { following[r.run_id] = follow(r, list); }
        });
        none.hidden = Object.keys(following).length > 0;
      });
    }
    return look().then(function () {
      ready('live');
      setInterval(function () { look().catch(failed); }, 5000);
    });
  }

  // One card per run, read from across the room: the current rate, GB written, elapsed, time left
  // (when the run's size is known), the phase and a sparkline, in large type; below them the
  // curve, growing with every row the event stream brings.
  function follow(r, list) {
    var label = (r.model ? r.model + (r.serial ? ' ' + r.serial : '') : r.drive) + ' — ' + jobWords(r) +
      ' on ' + r.host;
    function figure(name, id) {
      var v = el('span', { 'class': 'value ' + id, 'data-figure': id }, ['–']);
      return { box: el('div', { 'class': 'figure' }, [v, el('span', { 'class': 'name' }, [name])]), v: v };
    }
    var now = figure('now', 'rate'), written = figure('written', 'written'),
      elapsed = figure('elapsed', 'elapsed'), left = figure('left', 'left'), phaseFig = figure('phase', 'phase');
    phaseFig.v.textContent = 'waiting…';
    var spark = el('div', { 'class': 'spark' });
    var state = el('span', {}, [statusBadge('running')]);
    var chart = el('div', { 'class': 'chart' });
    var card = el('div', { 'class': 'live-card', 'data-run': r.run_id, 'data-points': '0' }, [
      el('h2', {}, [el('a', { href: '/runs/' + enc(r.run_id) }, [label]), ' ', state]),
      el('p', { 'class': 'hint' }, ['started ' + when(r.started)]),
      el('div', { 'class': 'figures' }, [now.box, written.box, elapsed.box, left.box, phaseFig.box, spark]),
      chart]);
    list.appendChild(card);
    var xs = [], ys = [], bytes = 0, described = false;
    var plot = new uPlot({ width: Math.max(320, chart.clientWidth || 900), height: 220,
      scales: { x: { time: false }, y: { range: function (u, lo, hi) { return [0, Math.max(1, hi) * 1.1]; } } },
      series: [{ label: 'time', value: function (u, v) { return v == null ? '–' : duration(v); } },
        { label: 'rate', stroke: '#1f77b4', width: 1.2, value: function (u, v) { return rate(v); } }],
      axes: [{ label: 'seconds' }, { label: 'MB/s', size: 60 }] }, [xs, ys], chart);
    function show(row) {
      // The rate now: the mean of the last five seconds of rows, so one short row does not jump.
      var sum = 0, span = 0, t = xs[xs.length - 1];
      for (var i = xs.length - 1; i >= 0 && t - xs[i] < 5; i--) {
        var dt = xs[i] - (i > 0 ? xs[i - 1] : 0);
        if (ys[i] != null && dt > 0) { sum += ys[i] * dt; span += dt; }
      }
      var current = span > 0 ? sum / span : ys[ys.length - 1];
      now.v.textContent = rate(current);
      written.v.textContent = gb(bytes / 1e9);
      elapsed.v.textContent = duration(t);
      if (r.planned_seconds) {
        left.v.textContent = duration(Math.max(0, r.planned_seconds - t));
      } else if (r.planned_bytes && current > 0 && bytes < r.planned_bytes) {
        left.v.textContent = duration((r.planned_bytes - bytes) / (current * 1e6));
      } else {
        left.v.textContent = r.planned_bytes ? '–' : 'size not set';
      }
      if (row.phase && !described) { phaseFig.v.textContent = row.phase; }
      drawSpark(spark, ys.slice(-120));
    }
    var events = {
      message: function (data) {
        var row = JSON.parse(data);
        var y = null;
        RATE_COLUMNS.forEach(function (c) { if (y == null && row[c] != null) { y = row[c]; } });
        xs.push(row.time_s);
        ys.push(y);
        if (typeof row.bytes === 'number' && (row.phase == null || row.phase === 'write')) { bytes += row.bytes; }
        plot.setData([xs, ys]);
        show(row);
        card.setAttribute('data-points', String(xs.length));
      },
      phase: function (data) { described = true; phaseFig.v.textContent = JSON.parse(data).phase; },
      end: function (data) {
        var end = JSON.parse(data);
        clear(state);
        state.appendChild(statusBadge(end.status, end.status_note));
        left.v.textContent = '–';
        card.setAttribute('data-ended', end.status);
      }
    };
    streamEvents('/api/runs/' + enc(r.run_id) + '/events', events).catch(failed);
    return card;
  }

  // The last rates as a small line, scaled to their own highest: the shape at a glance.
  function drawSpark(box, values) {
    var w = 240, h = 56, top = 0, pts = [];
    values.forEach(function (v) { if (v != null && v > top) { top = v; } });
    values.forEach(function (v, i) {
      var x = values.length > 1 ? i * w / (values.length - 1) : w;
      pts.push(x.toFixed(1) + ',' + (h - 2 - (v == null || top === 0 ? 0 : v / top * (h - 4))).toFixed(1));
    });
    var ns = 'http://www.w3.org/2000/svg';
    var svg = document.createElementNS(ns, 'svg');
    svg.setAttribute('viewBox', '0 0 ' + w + ' ' + h);
    svg.setAttribute('width', String(w));
    svg.setAttribute('height', String(h));
    var line = document.createElementNS(ns, 'polyline');
    line.setAttribute('points', pts.join(' '));
    line.setAttribute('fill', 'none');
    line.setAttribute('stroke', '#1f77b4');
    line.setAttribute('stroke-width', '2');
    svg.appendChild(line);
    clear(box);
    box.appendChild(svg);
    box.setAttribute('data-spark-points', String(values.length));
  }

  // Server-Sent Events read with fetch, so the token can go in a header (EventSource sends none).
  function streamEvents(path, handlers) {
    var h = headers();
    h['Accept'] = 'text/event-stream';
    return fetch(path, { headers: h, cache: 'no-store' }).then(function (resp) {
      if (!resp.ok) { throw new Error('event stream: HTTP ' + resp.status); }
      var reader = resp.body.getReader(), decoder = new TextDecoder(), buffer = '';
      function dispatch(block) {
        var event = 'message', data = [];
        block.split('\n').forEach(function (line) {
          if (line.indexOf('event:') === 0) { event = line.slice(6).trim(); }
          else if (line.indexOf('data:') === 0) { data.push(line.slice(5).replace(/^ /, '')); }
        });
        if (data.length && handlers[event]) { handlers[event](data.join('\n')); }
      }
      function pump() {
        return reader.read().then(function (chunk) {
          if (chunk.done) { return; }
          buffer += decoder.decode(chunk.value, { stream: true });
          var cut;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            dispatch(buffer.slice(0, cut));
            buffer = buffer.slice(cut + 2);
          }
          return pump();
        });
      }
      return pump();
    });
  }

  // ---- the address ---------------------------------------------------------------------------

  function route() {
    var p = location.pathname;
    var work;
    if (p === '/') { work = home(); }
    else if (p.indexOf('/drives/') === 0) { work = drive(decodeURIComponent(p.slice(8))); }
    else if (p === '/runs') { work = runsPage(); }
    else if (p.indexOf('/runs/') === 0) { work = runPage(decodeURIComponent(p.slice(6))); }
    else if (p === '/compare') { work = comparePage(); }
    else if (p === '/live') { work = livePage(); }
    else { clear(app); app.appendChild(el('p', {}, ['No such page.'])); work = Promise.resolve(); }
    work.catch(failed);
  }

  route();
})();

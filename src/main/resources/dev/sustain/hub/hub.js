// The hub's pages: the model list (with search) and a model page, built from the JSON API with
// DOM nodes and text only (never innerHTML: model names and firmware come from strangers).
(function () {
  // Inside the function: the shared sizes.js goes before this script, where a directive at the
  // file's head would no longer be one.
  "use strict";
  const main = document.getElementById("main");
  const SVG = "http://www.w3.org/2000/svg";
  const COLORS = ["#1f5fbf", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d"];

  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function svgEl(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function api(path) {
    const headers = {};
    const token = sessionStorage.getItem("sustain-hub-token");
    if (token) headers["Authorization"] = "Bearer " + token;
    return fetch(path, { headers: headers }).then(function (r) {
      return r.json().then(function (j) {
        if (!r.ok) throw new Error(j.error || "HTTP " + r.status);
        return j;
      });
    });
  }
  const root = document.documentElement;
  // A static export (sustain hub --export) carries each page's data inside it and links by
  // relative paths, so it works from a CDN and from file://, where nothing can be fetched.
  const block = document.getElementById("hub-data");
  const staticData = root.getAttribute("data-static") === "true" && block ? JSON.parse(block.textContent) : null;
  function fail(e) {
    main.replaceChildren(el("p", { id: "error", class: "error" }, e.message));
    root.setAttribute("data-error", e.message);
  }
  function ready(page) {
    root.setAttribute("data-page", page);
    root.setAttribute("data-ready", "true");
  }
  // Sizes as the text report prints them (Phrase.gb), from the shared sizes.js before this: a
  // small drive's capacity is "8.0 MB", not "0 GB".
  const gb = SustainSizes.gb;
  function num(v, d) { return v === null || v === undefined ? "–" : Number(v).toFixed(d); }
  function range(q, d, unit) {
    if (q.median === null) return "–";
    return num(q.median, d) + " " + unit + " (" + num(q.q1, d) + "–" + num(q.q3, d) + ")";
  }

  function modelList() {
    document.title = "Drive models · Sustain hub";
    const h = el("h1", {}, "Drive models");
    const search = el("input", { type: "search", id: "search", placeholder: "Search a model" });
    const table = el("table", { id: "models" });
    const count = el("p", { id: "count", class: "hint" });
    main.replaceChildren(h, search, count, table);
    let timer = null;
    function listing(q) {
      if (!staticData) return api("/api/models?q=" + encodeURIComponent(q));
      const all = staticData.models.models.filter(function (m) {
        return m.model.toLowerCase().indexOf(q.toLowerCase()) >= 0;
      });
      return Promise.resolve({ count: all.length, models: all });
    }
    function href(m) {
      return staticData ? "models/" + m.file + "/index.html" : "/models/" + encodeURIComponent(m.model);
    }
    function load() {
      listing(search.value.trim()).then(function (j) {
        const head = el("tr");
        ["Model", "Drives", "Runs", "Capacities"].forEach(function (t, i) {
          head.appendChild(el("th", i ? { class: "num" } : {}, t));
        });
        const rows = [head];
        j.models.forEach(function (m) {
          const tr = el("tr", { class: "model" });
          const td = el("td");
          td.appendChild(el("a", { href: href(m) }, m.model));
          tr.append(td, el("td", { class: "num" }, m.drives), el("td", { class: "num" }, m.runs),
            el("td", { class: "num" }, m.capacities));
          rows.push(tr);
        });
        table.replaceChildren.apply(table, rows);
        count.textContent = j.count + (j.count === 1 ? " model" : " models");
        ready("models");
      }).catch(fail);
    }
    search.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(load, 200); });
    load();
  }

  function strip(values, lo, hi, label) {
    const w = 420, h = 44, svg = svgEl("svg", { width: w, height: h, class: "strip", "aria-label": label });
    const span = hi > lo ? hi - lo : 1;
    values.forEach(function (v) {
      svg.appendChild(svgEl("circle", { cx: 10 + (v - lo) / span * (w - 20), cy: h / 2, r: 4,
        fill: "#1f5fbf", "fill-opacity": "0.6", class: "dot" }));
    });
    const t = svgEl("text", { x: 4, y: 12, "font-size": 11, fill: "#5b6475" });
    t.textContent = label + ": " + lo.toFixed(1) + " to " + hi.toFixed(1);
    svg.appendChild(t);
    return svg;
  }

  function overlay(runs) {
    const w = 760, h = 300, pad = 36;
    const svg = svgEl("svg", { width: w, height: h, id: "overlay" });
    let tMax = 1, rMax = 1;
    runs.forEach(function (r) {
      tMax = Math.max(tMax, r.curve.t_s[r.curve.t_s.length - 1]);
      r.curve.MBps.forEach(function (v) { rMax = Math.max(rMax, v); });
    });
    runs.forEach(function (r, k) {
      const pts = r.curve.t_s.map(function (t, i) {
        return (pad + t / tMax * (w - 2 * pad)).toFixed(1) + "," +
          (h - pad - r.curve.MBps[i] / rMax * (h - 2 * pad)).toFixed(1);
      }).join(" ");
      svg.appendChild(svgEl("polyline", { points: pts, fill: "none", stroke: COLORS[k % COLORS.length],
        "stroke-width": 1.2, "stroke-opacity": 0.7, class: "curve" }));
    });
    const y = svgEl("text", { x: 4, y: 14, "font-size": 11, fill: "#5b6475" });
    y.textContent = rMax.toFixed(0) + " MB/s";
    const x = svgEl("text", { x: w - 80, y: h - 8, "font-size": 11, fill: "#5b6475" });
    x.textContent = tMax.toFixed(0) + " s";
    svg.append(y, x);
    return svg;
  }

  function modelPage(model) {
    const enc = encodeURIComponent(model);
    const loading = staticData ? Promise.resolve([staticData.model, staticData.runs])
      : Promise.all([api("/api/models/" + enc), api("/api/models/" + enc + "/runs?limit=40")]);
    loading.then(function (both) {
        const m = both[0], runs = both[1].runs;
        document.title = m.model + " · Sustain hub";
        const parts = [el("h1", { id: "model" }, m.model),
          el("p", { id: "counts" }, m.drives + (m.drives === 1 ? " drive, " : " drives, ") +
            m.runs + (m.runs === 1 ? " run" : " runs") + " (each drive counted once: its median)")];
        const table = el("table", { id: "groups" });
        const head = el("tr");
        ["Capacity", "Firmware", "Job", "Drives", "Runs", "Cache (median, quartiles)",
          "Floor", "Burst", "As new: cache, floor"].forEach(function (t) { head.appendChild(el("th", {}, t)); });
        table.appendChild(head);
        m.groups.forEach(function (g) {
          const tr = el("tr", { class: "group" });
          tr.append(el("td", {}, gb(g.capacity_bytes / 1e9)), el("td", {}, g.firmware),
            el("td", {}, g.job_label), el("td", { class: "num drives" }, g.drives),
            el("td", { class: "num runs" }, g.runs),
            el("td", { class: "cache" }, range(g.cache_GB, 1, "GB")),
            el("td", { class: "floor" }, range(g.floor_MBps, 1, "MB/s")),
            el("td", {}, range(g.burst_MBps, 0, "MB/s")),
            el("td", {}, g.fresh_drives ? num(g.as_new.cache_GB, 1) + " GB, " +
              num(g.as_new.floor_MBps, 1) + " MB/s (" + g.fresh_drives + " drives)" : "no fresh-drive runs"));
          table.appendChild(tr);
        });
        parts.push(table, el("h2", {}, "Distributions by capacity and firmware (one dot a drive)"));
        m.groups.forEach(function (g) {
          const title = gb(g.capacity_bytes / 1e9) + ", firmware " + g.firmware + ", " + g.job_label;
          parts.push(el("h3", {}, title));
          [["cache_GB", "cache GB"], ["floor_MBps", "floor MB/s"]].forEach(function (f) {
            const v = g.drive_medians[f[0]];
            if (v.length) parts.push(strip(v, Math.min.apply(null, v), Math.max.apply(null, v), f[1]));
          });
        });
        parts.push(el("h2", {}, "Curves (the latest " + runs.length + " runs)"), overlay(runs));
        main.replaceChildren.apply(main, parts);
        ready("model");
      }).catch(fail);
  }

  const path = location.pathname;
  if (staticData ? staticData.model : path.indexOf("/models/") === 0) {
    modelPage(staticData ? staticData.model.model : decodeURIComponent(path.substring("/models/".length)));
  } else {
    modelList();
  }
})();

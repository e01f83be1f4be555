// Sizes for people, as the text report prints them (Phrase.gb): 150 GB, 2.1 GB, 0.503 GB, and
// below 10 MB in B, kB or MB (4.0 kB, 8.0 MB), never 0.000 GB. One script for every page that
// prints sizes: it goes before the page's own script, inlined into a report file and at the head
// of the served report.js (which the dashboard loads before app.js) and hub.js.
var SustainSizes = (function () {
  'use strict';

  // Bytes in decimal units: 999 B, 4.1 kB, 150 MB (Units.decimalBytes).
  function decimalBytes(bytes) {
    var units = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'], v = bytes, i = 0;
    while (v >= 1000 && i < units.length - 1) { v /= 1000; i++; }
    return i === 0 ? bytes + ' B' : (v >= 100 ? v.toFixed(0) : v.toFixed(1)) + ' ' + units[i];
  }

  // Gigabytes (10^9 bytes), or '–' for none.
  function gb(v) {
    if (v == null) { return '–'; }
    if (Math.abs(v) < 0.01) { return decimalBytes(Math.round(v * 1e9)); }
    return (v >= 100 ? v.toFixed(0) : v >= 1 ? v.toFixed(1) : v.toFixed(3)) + ' GB';
  }

  return { gb: gb, decimalBytes: decimalBytes };
})();

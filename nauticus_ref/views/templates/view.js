// The replay page's script: step through the record, draw the table for the selected
// line from the embedded state JSON, and mark the place on the score chart.
//
// The table is drawn as nauticus_ref/views/svg.py draws it for `state --format svg`
// (the same sizes, shapes and texts); a browser test checks that both give the same
// texts.  Every text goes in with textContent, never as markup.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("game-data").textContent);
  // the states come as what changed from the one before (replay.py `changes`)
  data.states = (function whole(changes) {
    const states = [];
    for (const change of changes) {
      const before = states[states.length - 1];
      if (!before) {
        states.push(change);
        continue;
      }
      const state = Object.assign({}, before, change);
      if (change.players) state.players = change.players.map((p, i) => p === null ? before.players[i] : p);
      states.push(state);
    }
    return states;
  })(data.states);
  const NS = "http://www.w3.org/2000/svg";
  const CELL_W = 132, CELL_H = 104, GAP = 4;
  const CARD_W = 3 * CELL_W + 4 * GAP, CARD_H = 3 * CELL_H + 4 * GAP;
  const CELLS = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [1, 2], [0, 2], [0, 1]];
  const INK = "#1b1b1b", PAPER = "#ffffff", FAINT = "#d9d9d9", BLUE = "#2c6fbb";
  const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
  const CREST_SHAPES = {whale: ["circle", "#3b7dd8"], anchor: ["triangle", "#c0392b"],
                        helm: ["diamond", "#27ae60"], crest4: ["square", "#8e44ad"],
                        crown: ["star", "#d4a017"]};
  const DEFAULT_CRESTS = ["whale", "anchor", "helm", "crest4"];
  const POLYGONS = {
    triangle: [[0, -1], [.95, .8], [-.95, .8]],
    diamond: [[0, -1.1], [1, 0], [0, 1.1], [-1, 0]],
    star: [[0, -1.1], [.3, -.35], [1.05, -.35], [.45, .15], [.65, .95], [0, .45],
           [-.65, .95], [-.45, .15], [-1.05, -.35], [-.3, -.35]],
  };
  const PART_W = 46, PART_H = 24, PANEL_W = CARD_W;
  const SHORT = {"1ship": "1-ship"};
  // as views/text.py escape_controls: characters that would act instead of showing
  const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

  function shown(text) {
    return String(text).replace(CONTROLS, (c) => {
      const code = c.charCodeAt(0);
      return code < 0x100 ? "\\x" + code.toString(16).padStart(2, "0")
                          : "\\u" + code.toString(16).padStart(4, "0");
    });
  }

  function el(tag, attrs, text) {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v !== null && v !== undefined) e.setAttribute(k.replace(/_/g, "-"), String(v));
    }
    if (text !== undefined) e.textContent = shown(text);
    return e;
  }

  function label(x, y, text, size, anchor, weight) {
    return el("text", {x: x, y: y, font_size: size || 11, text_anchor: anchor || "start",
                       font_weight: weight, fill: INK}, text);
  }

  function group(cls, ...children) {
    const g = el("g", cls ? {class: cls} : {});
    for (const c of children) g.appendChild(c);
    return g;
  }

  function count(n, word) { return n + " " + (n === 1 ? word : word + "s"); }

  function crest(kind, x, y, r) {
    const [shape, colour] = CREST_SHAPES[kind] || ["circle", "#7f8c8d"];
    const style = {fill: colour, stroke: INK, stroke_width: 1};
    if (shape === "circle") return el("circle", {cx: x, cy: y, r: r, ...style});
    if (shape === "square") {
      return el("rect", {x: x - r * .85, y: y - r * .85, width: r * 1.7, height: r * 1.7, ...style});
    }
    const points = POLYGONS[shape].map(([px, py]) => (x + px * r).toFixed(1) + "," + (y + py * r).toFixed(1));
    return el("polygon", {points: points.join(" "), ...style});
  }

  function workers(x, y, n) {
    const g = group(null, label(x, y + 4, n + " blue", 10));
    for (let i = 0; i < n; i++) {
      g.appendChild(el("circle", {cx: x + 44 + i * 12, cy: y, r: 4.5, fill: BLUE, stroke: INK,
                                  stroke_width: 1}));
    }
    return g;
  }

  function prices(x, y, items, crests) {
    const g = group(null);
    Object.entries(items).forEach(([name, n], i) => {
      let px = x + (i % 2) * 62;
      const py = y + Math.floor(i / 2) * 13;
      if (crests) {
        g.appendChild(crest(crests[i], px + 4, py - 3.5, 4));
        if (name.includes(" ")) name = name.slice(0, name.lastIndexOf(" "));
        px += 11;
      }
      g.appendChild(label(px, py, name + " " + n, 10));
    });
    return g;
  }

  function space(s, x, y, isAnchor) {
    const taken = s.action !== null && !s.face_up;
    const g = group("space",
      el("rect", {x: x, y: y, width: CELL_W, height: CELL_H, rx: 6, fill: taken ? FAINT : PAPER,
                  stroke: INK, stroke_width: isAnchor ? 3 : 1}),
      label(x + 8, y + 17, s.space, 13, "start", "bold"),
      label(x + CELL_W - 8, y + 17, isAnchor ? "ANCHOR" : "bonus", 9, "end", isAnchor ? "bold" : null));
    g.appendChild(label(x + CELL_W / 2, y + 40, s.action ? s.action.toUpperCase() : "no deal yet", 13,
                        "middle", "bold"));
    if (taken) {
      g.appendChild(el("line", {x1: x + 24, y1: y + 36, x2: x + CELL_W - 24, y2: y + 36, stroke: INK,
                                stroke_width: 2}));
      g.appendChild(label(x + CELL_W / 2, y + 52, "taken", 9, "middle"));
    }
    g.appendChild(workers(x + 8, y + 66, s.blue_workers));
    if (s.prices) {
      const kinds = (s.action === "masts" || s.action === "sails") ? s.items : null;
      g.appendChild(prices(x + 8, y + 84, s.prices, kinds));
    }
    return g;
  }

  function wheel(state) {
    const g = group("wheel");
    state.wheel.forEach((s, i) => {
      const [cx, cy] = CELLS[i];
      g.appendChild(space(s, GAP + cx * (CELL_W + GAP), GAP + cy * (CELL_H + GAP),
                          s.space === state.anchor));
    });
    const mx = GAP + CELL_W + GAP + CELL_W / 2, my = GAP + CELL_H + GAP + CELL_H / 2;
    g.appendChild(label(mx, my - 14, state.round ? "round " + state.round : "the deal", 14,
                        "middle", "bold"));
    g.appendChild(label(mx, my + 4, state.board + " board", 10, "middle"));
    g.appendChild(label(mx, my + 20, "anchor: " + state.anchor, 10, "middle"));
    g.appendChild(label(mx, my + 34, "clockwise from 3w", 9, "middle"));
    return g;
  }

  function crestOf(word, crestWords) {
    const i = crestWords.indexOf(word);
    return i >= 0 ? DEFAULT_CRESTS[i] : word;
  }

  function hullPart(kind, x, y, strong) {
    const left = (kind === "bow" || kind === "1ship") ? 10 : 0;
    const right = (kind === "stern" || kind === "1ship") ? 10 : 0;
    const pts = [[x + left, y], [x + PART_W - right, y], [x + PART_W, y + PART_H / 2],
                 [x + PART_W - right, y + PART_H], [x + left, y + PART_H], [x, y + PART_H / 2]];
    return group(null,
      el("polygon", {points: pts.map((p) => p.join(",")).join(" "), fill: "#e8d5b0", stroke: INK,
                     stroke_width: strong ? 2.5 : 1}),
      label(x + PART_W / 2, y + 15, SHORT[kind] || kind, 9, "middle"));
  }

  function ship(s, x, y, crestWords) {
    const g = group("ship", label(x, y + 44, s.name, 12, "start", "bold"));
    const x0 = x + 34;
    s.hull.forEach((part, i) => {
      const px = x0 + i * (PART_W + 2);
      g.appendChild(hullPart(part, px, y + 30, s.complete));
      if (i < s.masts.length) {
        g.appendChild(el("line", {x1: px + PART_W / 2, y1: y + 30, x2: px + PART_W / 2, y2: y + 6,
                                  stroke: INK, stroke_width: 2}));
        g.appendChild(crest(crestOf(s.masts[i], crestWords), px + PART_W / 2, y + 8, 5));
      }
      if (i < s.sails.length) {
        g.appendChild(crest(crestOf(s.sails[i], crestWords), px + PART_W / 2 + 11, y + 20, 5));
      }
      if (i < s.goods.length) g.appendChild(label(px + PART_W / 2, y + 66, s.goods[i], 9, "middle"));
    });
    const end = x0 + s.hull.length * (PART_W + 2) + 6;
    if (s.complete) g.appendChild(label(end, y + 46, "complete", 10, "start", "bold"));
    else if (!s.hull.length) g.appendChild(label(end, y + 46, "no hull yet", 10));
    return g;
  }

  function storage(st, x, y, crestWords) {
    const cell = (PANEL_W - 2 * x - 70) / st.spaces;
    const g = group("storage", label(x, y + 14, "storage " + st.used + "/" + st.spaces, 10));
    let at = 0;
    for (const [name, n] of Object.entries(st.tiles)) {
      for (let k = 0; k < n; k++) {
        const width = name.endsWith(" mast") ? 2 : 1;
        const cx = x + 70 + at * cell;
        g.appendChild(el("rect", {x: cx, y: y, width: width * cell - 2, height: 22, fill: "#f3ead8",
                                  stroke: INK, stroke_width: 1}));
        const cut = name.lastIndexOf(" ");
        const word = cut >= 0 ? name.slice(0, cut) : "", kind = name.slice(cut + 1);
        if (kind === "mast" || kind === "sail") {
          const middle = cx + (width * cell - 2) / 2;
          g.appendChild(crest(crestOf(word, crestWords), middle, y + 7, 4));
          g.appendChild(label(middle, y + 19, kind, 7, "middle"));
        } else {
          g.appendChild(label(cx + cell / 2 - 1, y + 14, [...(SHORT[name] || name)].slice(0, 4).join(""),
                              8, "middle"));
        }
        at += width;
      }
    }
    for (let free = at; free < st.spaces; free++) {
      g.appendChild(el("rect", {x: x + 70 + free * cell, y: y, width: cell - 2, height: 22, fill: PAPER,
                                stroke: FAINT}));
    }
    return g;
  }

  function player(p, x, y, crestWords) {
    const passed = p.pass_tiles_flipped;
    const g = group("player",
      label(x, y + 16, p.name, 14, "start", "bold"),
      label(PANEL_W - x, y + 16, "seat " + p.seat, 10, "end"),
      label(x, y + 34, p.vp + " VP · " + p.taler + " taler · " + count(p.workers, "worker") + " · "
            + count(p.crowns.total, "crown"), 11),
      label(x, y + 50, "pass tiles " + "■".repeat(passed) + "□".repeat(3 - passed) + " (" + passed
            + " flipped) · Extra Action " + p.extra_action, 10));
    let h = 60;
    for (const s of p.ships) {
      g.appendChild(ship(s, x, y + h, crestWords));
      h += 74;
    }
    g.appendChild(storage(p.storage, x, y + h, crestWords));
    h += 32;
    const delivered = Object.entries(p.delivered).map(([good, n]) => n + " " + good).join(", ") || "none";
    g.appendChild(label(x, y + h + 4, "delivered: " + delivered, 10));
    h += 16;
    g.insertBefore(el("rect", {x: x - 6, y: y, width: PANEL_W - 2 * x + 12, height: h, fill: "none",
                               stroke: FAINT, rx: 6}), g.firstChild);
    return [g, h];
  }

  function table(state, where) {
    // the wheel and the players' sides in a grid of two columns, each drawn at the top
    // left and then moved (as state.py draws it)
    const cells = [[wheel(state), CARD_H]].concat(
      state.players.map((p) => player(p, 10, 0, state.crest_words)));
    const parts = [];
    let y = 0;
    for (let row = 0; row < cells.length; row += 2) {
      cells.slice(row, row + 2).forEach(([drawn], i) => {
        const moved = group(null, drawn);
        moved.setAttribute("transform", "translate(" + i * (CARD_W + 10) + " " + y + ")");
        parts.push(moved);
      });
      y += Math.max(...cells.slice(row, row + 2).map(([, h]) => h)) + 10;
    }
    // the caption: the record's path and what the picture shows, the path on lines of
    // its own when it is long (as `state --format svg` draws it)
    const caption = data.path_lines ? data.path_lines.concat(["the table " + where])
      : [data.path + ": the table " + where];
    const height = y + 9 + 11 * caption.length;
    const width = 2 * CARD_W + 10;
    const svg = el("svg", {xmlns: NS, viewBox: "0 0 " + width + " " + height, width: width,
                           height: height, role: "img", font_family: FONT});
    svg.appendChild(el("title", {}, "The table " + where));
    svg.appendChild(el("rect", {width: "100%", height: "100%", fill: PAPER}));
    for (const part of parts) svg.appendChild(part);
    caption.forEach((line, n) => svg.appendChild(label(10, y + 10 + 11 * n, line, 9)));
    return svg;
  }

  // -- stepping through the record ------------------------------------------------------
  const record = document.getElementById("record");
  const lines = Array.from(record.querySelectorAll(".line"));
  const picture = document.getElementById("picture");
  const whereText = document.getElementById("where");
  const headText = document.getElementById("head");
  const replay = document.querySelector(".replay");
  const phone = window.matchMedia("(max-width: 900px)");
  const chart = document.querySelector("#chart g.chart");
  const xs = chart ? chart.getAttribute("data-xs").split(" ").map(Number) : [];
  const timeline = data.score && data.score.timeline ? data.score.timeline.map((p) => p.at) : [];
  let cursor = null;
  let current = null;

  function pointOf(state) {
    // the timeline point of the phase in play, or of the round's end once it is over
    if (!state.round) return 0;
    const end = timeline.indexOf(state.round + " end");
    if (state.round_over && end >= 0) return end;
    const at = timeline.indexOf(state.round + "." + state.phase);
    return at >= 0 ? at : Math.max(0, timeline.indexOf(state.round + ".1"));
  }

  function markChart(state) {
    if (!chart || !xs.length) return;
    if (!cursor) {
      cursor = el("line", {class: "cursor", y1: chart.dataset.top, y2: chart.dataset.bottom,
                           stroke: "#d4a017", stroke_width: 3, opacity: .8});
      chart.appendChild(cursor);
    }
    const x = xs[pointOf(state)];
    cursor.setAttribute("x1", x);
    cursor.setAttribute("x2", x);
    cursor.setAttribute("data-at", timeline[pointOf(state)]);
  }

  function select(n, scroll, keep) {
    // show the table after line n; unless `keep`, the address names the line (#L40),
    // so that a position can be sent to someone
    const line = lines[n - 1];
    if (!line) return;
    if (!keep && location.hash !== "#L" + n) history.replaceState(null, "", "#L" + n);
    if (current) {
      current.removeAttribute("aria-current");
      current.setAttribute("aria-selected", "false");
    }
    current = line;
    line.setAttribute("aria-current", "true");
    line.setAttribute("aria-selected", "true");
    if (scroll) {
      line.scrollIntoView({block: "nearest"});
      if (phone.matches) replay.scrollIntoView({block: "start"});   // the table and the line
    }
    headText.textContent = line.dataset.head || "";
    if (!data.states.length) return;
    const state = data.states[data.line_state[n - 1]];
    const where = "after line " + n;
    whereText.textContent = "The table " + where;
    picture.replaceChildren(table(state, where));
    picture.setAttribute("data-line", String(n));
    markChart(state);
  }

  const moves = lines.filter((l) => l.classList.contains("move")).map((l) => Number(l.dataset.line));

  function step(from, by) {
    // the line with a move `by` moves away from line `from`, or the first or last there is
    if (!moves.length) return null;
    if (by > 0) {
      const i = moves.findIndex((m) => m > from);
      return i < 0 ? moves[moves.length - 1] : moves[Math.min(moves.length - 1, i + by - 1)];
    }
    const i = moves.findLastIndex((m) => m < from);
    return i < 0 ? moves[0] : moves[Math.max(0, i + by + 1)];
  }

  record.addEventListener("click", (e) => {
    const line = e.target.closest(".line");
    if (line) select(Number(line.dataset.line), false);
  });
  document.addEventListener("keydown", (e) => {
    const at = current ? Number(current.dataset.line) : data.start_line;
    const keys = {ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10, j: 1, k: -1};
    let to = null;
    if (e.key in keys) to = step(at, keys[e.key]);
    else if (e.key === "Home") to = moves.length ? moves[0] : null;
    else if (e.key === "End") to = moves.length ? moves[moves.length - 1] : null;
    if (to === null) return;
    e.preventDefault();
    select(to, true);
  });
  for (const [id, by] of [["previous", -1], ["next", 1]]) {
    document.getElementById(id).addEventListener("click", () => {
      const to = step(current ? Number(current.dataset.line) : data.start_line, by);
      if (to !== null) select(to, true);
    });
  }
  function linked() {
    // the line the address names (#L40), if the record has it
    const m = /^#L([0-9]+)$/.exec(location.hash);
    return m && lines[Number(m[1]) - 1] ? Number(m[1]) : null;
  }
  window.addEventListener("hashchange", () => {
    const n = linked();
    if (n !== null) select(n, true, true);
  });
  const named = linked();
  select(named === null ? data.start_line : named, true, true);
  // the browser scrolls to the line the address names once the page has loaded; on a
  // phone the table is then brought back above it
  window.addEventListener("load", () => setTimeout(() => {
    if (phone.matches && current) replay.scrollIntoView({block: "start"});
  }, 0));
})();

// The replay page's script: step through the record, show the table for the selected
// line, put together from the cells nauticus_ref/views/svg.py drew (the page carries
// each once), and mark the place on the score chart.  The only text it writes itself,
// the caption, goes in with textContent, never as markup.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("game-data").textContent);
  const words = data.words;   // what the script says, in the page's language
  const NS = "http://www.w3.org/2000/svg";
  const INK = "#1b1b1b", PAPER = "#ffffff";
  const FONT = "DejaVu Sans, Verdana, Arial, sans-serif";
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

  async function unpack(packed) {
    // the cells of the tables, as svg.py drew them: gzipped JSON in base64 (replay.py
    // `pieces`), each parsed once as SVG, never run
    const bytes = Uint8Array.from(atob(packed), (c) => c.charCodeAt(0));
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const markup = JSON.parse(await new Response(stream).text());
    const parser = new DOMParser();
    return markup.map((m) => parser.parseFromString("<svg xmlns=\"" + NS + "\">" + m + "</svg>",
                                                    "image/svg+xml").documentElement.firstChild);
  }

  function table(cells, layout, where) {
    // the cells in their places, and the caption: the record's path and what the
    // picture shows, the path on lines of its own when it is long (as state.py draws it)
    const said = words.caption.replace("{where}", where);
    const caption = data.path_lines ? data.path_lines.concat([said]) : [data.path + ": " + said];
    const height = layout.height + 9 + 11 * caption.length;
    const width = layout.width;
    const svg = el("svg", {xmlns: NS, viewBox: "0 0 " + width + " " + height, width: width,
                           height: height, role: "img", font_family: FONT});
    svg.appendChild(el("title", {}, words.title.replace("{where}", where)));
    svg.appendChild(el("rect", {width: "100%", height: "100%", fill: PAPER}));
    for (const [i, x, y] of layout.cells) {
      const moved = el("g", {transform: "translate(" + x + " " + y + ")"});
      moved.appendChild(document.importNode(cells[i], true));
      svg.appendChild(moved);
    }
    caption.forEach((line, n) => svg.appendChild(
      el("text", {x: 10, y: layout.height + 10 + 11 * n, font_size: 9, fill: INK},
         line)));
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
  const cells = data.tables.length ? unpack(data.cells) : Promise.resolve([]);
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

  function inView(line) {
    // the line within the record's own box and the screen, the window left where it is
    const box = record.getBoundingClientRect(), at = line.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight), top = Math.max(box.top, 0);
    if (at.bottom > bottom) record.scrollTop += at.bottom - bottom + 4;
    else if (at.top < top) record.scrollTop -= top - at.top + 4;
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
    if (!data.tables.length) return;
    const drawn = data.tables[data.line_state[n - 1]];
    const where = words.after_line.replace("{n}", n);
    markChart(drawn);
    cells.then((parsed) => {
      if (current !== line) return;   // another line was selected meanwhile
      whereText.textContent = words.title.replace("{where}", where);
      // on a phone the cells stand in one column, and the side of the player whose
      // line it is comes into the picture's view (the wheel for any other line)
      picture.replaceChildren(table(parsed, phone.matches ? drawn.narrow : drawn.wide, where));
      picture.setAttribute("data-line", String(n));
      if (scroll) inView(line);   // the new picture may have taken room from the record
      if (phone.matches) {
        const side = line.dataset.seat
          && picture.querySelector('g.player[data-seat="' + Number(line.dataset.seat) + '"]');
        picture.scrollTop = side ? side.getBoundingClientRect().top
          - picture.getBoundingClientRect().top + picture.scrollTop - 4 : 0;
      }
    }, () => {
      whereText.textContent = words.not_unpacked.replace("{n}", data.start_line);
    });
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
  phone.addEventListener("change", () => {   // turned, or the window resized: lay it out again
    if (current) select(Number(current.dataset.line), false, true);
  });
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
    if (phone.matches && current) {
      replay.scrollIntoView({block: "start"});
      inView(current);
    }
  }, 0));
})();

// The recorder's page: one client of the API in docs/record.md.  Everything shown is
// set as text (never as HTML), so a name or comment can hold any character.
"use strict";

const token = new URLSearchParams(location.search).get("t") || "";
// what the page says, in its language: the server puts each message this script says
// through `_` in the page, translated ({name} is filled in from `values`)
const WORDS = JSON.parse(document.getElementById("words").textContent);
const LANG = document.documentElement.lang;
function N_(text) { return text; }   // a message said later, through `_`
function _(text, values) {
  let said = WORDS[text] || text;
  for (const [k, v] of Object.entries(values || {})) said = said.split(`{${k}}`).join(String(v));
  return said;
}
const SPACES = [_("3 workers"), _("mast"), _("sail"), _("2 VP"), _("2 workers"), _("worker + good"),
                _("worker + VP"), _("4 taler")];
// where a round's points came from, as the round's summary names them
const SOURCES = { bonus: N_("bonus"), crowns: N_("crowns"), rewards: N_("rewards"),
                  "pass penalty": N_("pass penalty"), correction: N_("set by a check line after an error") };
let state = null;
let chosen = [];

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "onclick") node.addEventListener("click", v);
    else node.setAttribute(k, v);
  }
  for (const c of children) node.append(c);
  return node;
}

async function api(path, body) {
  const options = { headers: { "X-Token": token } };
  if (body !== undefined) {
    options.method = "POST";
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) {
    // the referee's findings say why; the error only where it says something else
    const findings = (data.findings || []).map(f => _("line {line}: {message}", f) +
      (f.help ? "\n" + _("help: {help}", f) : ""));
    const first = (data.findings || [])[0];
    say([...(first && first.message === data.error ? [] : [data.error]), ...findings].join("\n"));
    // the page is drawn anew only when the record changed: what was chosen or typed stays
    if (data.state && (!state || data.state.at !== state.at)) show(data.state);
    return null;
  }
  return data;
}

function say(text) {
  const m = document.getElementById("message");
  m.textContent = text;
  m.hidden = !text;
}

async function load() {
  const data = await api("api/state");
  if (data) show(data);
}

async function play(line) {
  const comment = document.getElementById("comment").value;
  const data = await api("api/play", { line, comment, at: state.at });
  if (data) {
    document.getElementById("comment").value = "";
    say("");
    show(data);
  }
}

function show(data) {
  state = data;
  chosen = [];
  document.getElementById("network").hidden = !data.public;
  document.getElementById("file").textContent = data.path;
  document.title = _("{game}: recording", { game: data.title || data.path });   // the game's own title
  const lines = document.getElementById("lines");
  lines.replaceChildren(...data.lines.map(l => el("li", {}, l)));
  lines.scrollTop = lines.scrollHeight;
  const next = data.next;
  const table = data.table;
  // the decision's own round and phase: a phase line to choose is the next phase's
  const round = next.kind === "round" ? next.round : table && table.round;
  const phase = next.kind === "round" ? null : next.phase || (table && table.phase);
  document.getElementById("where").textContent = ["final", "over"].includes(next.kind)
    ? _("The game is over")
    : round
    ? (phase ? _("Round {round}, phase {phase}", { round, phase }) : _("Round {round}", { round })) +
      (next.kind === "turn" && next.action ? `: ${next.action}` : "")
    : _("Recording a game of Nauticus");
  document.getElementById("who").textContent = next.player
    ? (next.kind === "phase" ? _("{player} chooses the action", next) : _("{player}'s turn", next)) : "";
  const picture = document.getElementById("picture");
  picture.hidden = !table;
  // on a phone the table's cells in one column, scrolling in their own box
  const columns = matchMedia("(max-width: 900px)").matches ? 1 : 2;
  if (table) document.getElementById("table").src = `api/table.svg?n=${data.at}&columns=${columns}&t=${encodeURIComponent(token)}`;
  document.getElementById("undo").disabled = !["round", "phase", "turn", "final", "over"].includes(next.kind);
  const decide = document.getElementById("decide");
  decide.replaceChildren(...(VIEWS[next.kind] || VIEWS.none)(next, data));
}

const VIEWS = {
  new(next, data) {
    const names = [1, 2, 3, 4].map(i => el("input", { id: `player${i}`, placeholder: _("Player {n}", { n: i }),
      maxlength: "40", autocomplete: "off" }));
    const board = el("select", { id: "board" }, ...data.boards.map(b => el("option", { value: b }, b)));
    return [el("h2", {}, _("A new game")), el("p", {}, _("The players in seat order, clockwise; the first starts.")),
      ...names.map(n => el("label", {}, n)), el("label", {}, _("Board") + " ", board),
      el("button", { class: "main", id: "start", onclick: async () => {
        const players = names.map(n => n.value.trim()).filter(Boolean);
        const made = await api("api/new", { players, board: board.value, at: data.at });
        if (made) { say(""); show(made); }
      } }, _("Start the game"))];
  },
  round(next, data) {
    const anchor = data.table && data.table.next_anchor;
    const selects = SPACES.map((space, i) => el("label", {}, space + " ",
      el("select", { id: `deal${i}` }, ...next.actions.map(a => el("option", { value: a }, a)))));
    selects.forEach((s, i) => { s.querySelector("select").selectedIndex = i; });
    const summary = next.summary ? [el("h2", {}, _("Round {round} is over", next.summary)),
      el("table", { class: "summary", id: "summary" },
        el("tr", {}, el("th", {}, _("Player")), el("th", {}, _("This round")), el("th", {}, _("VP"))),
        ...next.summary.players.map(p => el("tr", {}, el("td", {}, p.name),
          el("td", {}, `${p.gained >= 0 ? "+" : ""}${p.gained}` + (Object.keys(p.by).length
            ? ` (${Object.entries(p.by).map(([k, v]) => `${_(SOURCES[k] || k)} ${v >= 0 ? "+" : ""}${v}`).join(", ")})` : "")),
          el("td", {}, String(p.vp)))))] : [];
    return [...summary, el("h2", {}, _("Round {round}: the deal", next)),
      el("p", {}, _("The eight action tiles as they lie, clockwise from the 3 workers space.") +
        (anchor ? " " + _("The anchor points to the {anchor} space.", { anchor }) : "")),
      el("div", { class: "deal" }, ...selects),
      el("button", { class: "main", id: "deal", onclick: () => play(`round ${next.round}: ` +
        selects.map(s => s.querySelector("select").value).join(" ")) }, _("Deal"))];
  },
  phase(next) {
    return [el("h2", {}, _("Phase {phase}: {player} chooses", next)),
      el("div", { class: "steps" }, ...next.options.options.map(o =>
        el("button", { onclick: () => play(o.text) }, o.text.replace(/^\d+\.\s+\S+\s+/, ""))))];
  },
  turn(next, data) {
    const box = el("div", {});
    const me = (data.table.players || []).find(p => p.name === next.player) || {};
    const o = next.options;
    const count = o.counted ? _("{n} legal turns", { n: o.count.toLocaleString(LANG) })
      : _("at least {n} legal turns", { n: (o.at_least || 0).toLocaleString(LANG) });
    box.append(el("h2", {}, `${next.player}: ${next.action}`),
      el("p", { class: "totals", id: "totals" }, _("{taler} taler, {workers} workers", me) +
        (o.blue ? ", " + _("{blue} blue on the space", o) : "") + ` · ${count}`));
    const chips = el("div", { class: "chosen", id: "chosen" });
    const steps = el("div", { class: "steps", id: "steps" });
    const confirm = el("div", { id: "confirm" });
    box.append(chips, steps, confirm);
    const typed = el("input", { id: "typed", placeholder: `${next.player}: ...`, autocomplete: "off",
      enterkeyhint: "done" });
    // a refused turn keeps its text and the referee's findings until it is changed
    typed.addEventListener("input", () => say(""));
    typed.addEventListener("keydown", e => { if (e.key === "Enter") { e.preventDefault(); play(typed.value); } });
    box.append(el("details", {}, el("summary", {}, _("Or write the turn")), typed,
      el("button", { id: "write-turn", onclick: () => play(typed.value) }, _("Check and write"))));
    choose(chips, steps, confirm, me, next.action);
    return [box];
  },
  final(next) {
    return [el("h2", {}, _("The game is over")), el("p", {}, next.line),
      el("button", { class: "main", id: "final", onclick: () => play(next.line) }, _("Write the final scores"))];
  },
  over(next, data) {
    return [el("h2", {}, _("The game is over and scored")),
      el("p", {}, data.lines.filter(l => /^final:/i.test(l.trim())).join(" ")),
      el("p", {}, el("a", { href: `score?t=${encodeURIComponent(token)}&lang=${LANG}`, id: "score" },
        _("The score page: every player's breakdown and the chart")))];
  },
  refused(next, data) {
    return [el("h2", {}, _("This record cannot be continued")), el("p", {}, next.reason),
      el("ul", { class: "findings" }, ...data.findings.map(f => el("li", {}, _("line {line}: {message}", f))))];
  },
  none(next) {
    return [el("p", {}, next.reason || "")];
  },
};

const GIVES = { money: N_("gives {n} taler"), crowns: N_("gives {n} VP") };

let asked = 0;  // choices asked for: a later answer to an earlier question is dropped

async function choose(chips, steps, confirm, me, action, refresh = false) {
  const again = () => choose(chips, steps, confirm, me, action);
  const mine = ++asked;
  chips.replaceChildren(...chosen.map(c => el("span", {}, c)));
  if (chosen.length) {
    chips.append(el("button", { onclick: () => { chosen.pop(); again(); } }, _("Back")));
  }
  if (!refresh) steps.replaceChildren(el("p", {}, _("Finding the choices...")));
  const data = await api("api/choices", { chosen });
  if (!data || mine !== asked) return;
  if (data.listing) {  // the turns are still being listed: ask again if nothing is tapped
    setTimeout(() => {
      if (mine === asked && steps.isConnected) choose(chips, steps, confirm, me, action, true);
    }, 1000);
  }
  if (data.listing && !data.steps.length && !data.complete) {
    // nothing listed yet: still finding (asked again in a second), never an empty choice
    confirm.replaceChildren();
    steps.replaceChildren(el("p", {}, _("Finding the choices...")));
    return;
  }
  if (!chosen.length && !data.complete && data.steps.length === 1 && data.steps[0].turns === 1 && !data.cut) {
    chosen.push(data.steps[0].text);  // one turn only (a forced pass): straight to Confirm
    return again();
  }
  confirm.replaceChildren();
  if (data.complete) {
    const c = data.complete;
    confirm.append(el("p", { class: "totals" },
      _("Pays {taler} taler with {workers} workers: {left_taler} taler and {left_workers} workers left",
        { taler: c.taler, workers: c.workers, left_taler: c.left.taler, left_workers: c.left.workers })),
      el("button", { class: "main", id: "confirm-turn", onclick: () => play(c.text) }, _("Confirm: {text}", c)));
  }
  steps.replaceChildren(...data.steps.map(s => el("button", {
    onclick: () => { chosen.push(s.text); again(); } },
    s.text, el("small", {}, s.gives !== undefined && GIVES[action]
      ? _(GIVES[action], { n: s.gives })   // money and crowns: what the workers bring
      : s.taler[0] === s.taler[1] ? _("{n} taler", { n: s.taler[0] })
      : _("{low}–{high} taler", { low: s.taler[0], high: s.taler[1] })))));
  if (data.cut) steps.append(el("p", {}, _("Not every choice is shown: write the turn below for the others.")));
}

document.getElementById("undo").addEventListener("click", async () => {
  const data = await api("api/undo", { at: state.at });
  if (data) { say(""); show(data); }
});
load();

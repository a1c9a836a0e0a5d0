// The TextMate grammar, tokenised as VS Code tokenises it (vscode-textmate with the
// Oniguruma engine VS Code ships), over hand-picked lines and every example record.
//   npm ci && node --test test/     (NGN_EXAMPLES: the folder of records; tests/ runs it)
"use strict";
const assert = require("node:assert/strict");
const fs = require("node:fs");
const path = require("node:path");
const { test } = require("node:test");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const here = path.join(__dirname, "..");
const examples = process.env.NGN_EXAMPLES || path.join(here, "..", "..", "examples", "logs");

async function loadGrammar() {
  const wasm = fs.readFileSync(require.resolve("vscode-oniguruma/release/onig.wasm")).buffer;
  await oniguruma.loadWASM(wasm);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async () => vsctm.parseRawGrammar(
      fs.readFileSync(path.join(here, "syntaxes", "ngn.tmLanguage.json"), "utf8"),
      "ngn.tmLanguage.json"),
  });
  return registry.loadGrammar("source.ngn");
}

const grammar = loadGrammar();

// Each line's tokens as [text, scopes], one record at a time (a rule may span lines).
async function tokenise(text) {
  const g = await grammar;
  let stack = vsctm.INITIAL;
  return text.split(/\r?\n/).map((line) => {
    const r = g.tokenizeLine(line, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => [line.slice(t.startIndex, t.endIndex), t.scopes, t.startIndex]);
  });
}

async function scopesOf(line, word) {
  const [tokens] = await tokenise(line);
  const found = tokens.find(([text]) => text === word);
  assert.ok(found, `no token "${word}" in ${JSON.stringify(tokens.map(([t]) => t))}`);
  return found[1];
}

const cases = [
  ["ROUND 4: goods hulls money transport crowns masts deliver sails", "ROUND", "keyword.control.round.ngn"],
  ["round 4: goods hulls money transport crowns masts deliver sails", "masts", "support.function.action.ngn"],
  ["  Anna: Pass", "Pass", "keyword.other.ngn"],
  ["  Anna: 2 Salt >store", "Salt", "constant.language.good.ngn"],
  ["  Anna: BOW stern >new A", "BOW", "constant.language.hull.ngn"],
  ["  Anna: whale >A", "whale", "constant.language.crest.ngn"],
  ["  Anna: anchor >A", "anchor", "constant.language.crest.ngn"],
  ["  Anna: anchor mast >A", "anchor", "constant.language.crest.ngn"],
  ["crests: whale anchor helm gull", "gull", "constant.language.crest.ngn"],
  ["crests: whale anchor helm gull", "anchor", "constant.language.crest.ngn"],
  ["setup: round 4 phase 3, anchor 2vp, flipped money transport", "anchor", "keyword.other.ngn"],
  ["check \"Björn B.\": 38vp 4t 7w", "\"Björn B.\"", "entity.name.player.ngn"],
  ["CHECK Anna: 41vp", "Anna", "entity.name.player.ngn"],
  ["final: Anna 97, \"Björn B.\" 49", "Anna", "entity.name.player.ngn"],
  ["final: Anna 97, \"Björn B.\" 49", "\"Björn B.\"", "entity.name.player.ngn"],
  ["  \"Björn B.\" ship B: bow, stern", "\"Björn B.\"", "entity.name.player.ngn"],
  ["  \"Björn B.\" ship B: bow, stern", "B", "variable.other.ship.ngn"],
  ["  Anna store: bow, crown sail", "Anna", "entity.name.player.ngn"],
  ["  Anna delivered: 2 grain", "Anna", "entity.name.player.ngn"],
  ["  Anna: 14t 3w 41vp, passed 1", "Anna", "entity.name.player.ngn"],
  ["players: Anna, \"Björn B.\"", "\"Björn B.\"", "entity.name.player.ngn"],
  ["  Anna: bow >Store", "Store", "keyword.other.store.ngn"],
  ["6. \"Björn B.\" masts bonus helm", "\"Björn B.\"", "entity.name.player.ngn"],
];

for (const [line, word, scope] of cases) {
  test(`${word} in ${line}`, async () => {
    assert.ok((await scopesOf(line, word)).includes(scope), `${word}: ${await scopesOf(line, word)}`);
  });
}

function records(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? records(path.join(folder, e.name))
      : e.name.endsWith(".ngn") ? [path.join(folder, e.name)] : []);
}

// Where a player's name stands at the start of a line, the notation says it is a name.
const NAME = String.raw`("[^"]*"|[^\s:"#,]+)`;
const AT_START = [
  new RegExp(String.raw`^\s+${NAME}\s*:`),                          // a turn, a setup line
  new RegExp(String.raw`^\s*\d+\.\s+${NAME}`),                      // a phase
  new RegExp(String.raw`^\s*check\s+${NAME}\s*:`, "i"),             // a check
  new RegExp(String.raw`^\s+${NAME}\s+(?:store|delivered|ship)\b`, "i"),
];

test("every example's names, comments and actions are scoped", async () => {
  const files = records(examples).filter((f) => !f.includes(`${path.sep}syntax${path.sep}`));
  assert.ok(files.length > 40, `only ${files.length} records under ${examples}`);
  for (const file of files) {
    const lines = fs.readFileSync(file, "utf8").split(/\r?\n/);
    const tokens = await tokenise(lines.join("\n"));
    lines.forEach((line, i) => {
      const at = (column) => tokens[i].find(([, , start]) => start === column);
      for (const pattern of AT_START) {
        const m = pattern.exec(line);
        if (!m || /^(game|date|board|players|crests|setup|round|final)$/i.test(m[1])) continue;
        const token = at(m.index + m[0].indexOf(m[1]));
        assert.ok(token && token[1].includes("entity.name.player.ngn"),
          `${path.basename(file)}:${i + 1}: ${m[1]} -> ${token && token[1]}`);
      }
      const hash = line.indexOf("#");
      if (hash >= 0 && !line.slice(0, hash).includes('"')) {
        const token = at(hash);
        assert.ok(token && token[1].includes("comment.line.number-sign.ngn"),
          `${path.basename(file)}:${i + 1}: comment -> ${token && token[1]}`);
      }
    });
  }
});

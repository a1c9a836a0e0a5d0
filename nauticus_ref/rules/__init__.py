"""The catalogue of rules: what the referee enforces, and where the rulebook says it.

One entry per rule id.  The engine reports by these ids; `nauticus-ref rules`,
`docs/rules.md`, the files in `examples/logs/invalid/` and the tests are all made
from this list.  Each failing example breaks exactly this rule once; each passing
example shows the same situation played right.

Sections use the German rulebook's numbering (the original); where the German text
has no number, its heading.  The English name follows.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rule:
    id: str
    title: str
    section: str
    section_en: str
    summary: str
    fail: str
    ok: str
    severity: str = "error"


# Every example starts from this opening unless it has its own.  The deal puts
# goods on the 3-workers space, hulls on the mast space, money on the sail space,
# transport on the 2 VP space, crowns on the 2-workers space, masts on the worker +
# good space, deliver on the worker + VP space and sails on the 4-taler space.
DEAL = "round 1: goods hulls money transport crowns masts deliver sails\n"
OPENING = "players: Anna, Ben\n" + DEAL


def _setup(lines: str, rest: str) -> str:
    return "players: Anna, Ben\nsetup: round 1 phase 1\n" + lines + DEAL + rest


# The last phase of a two-player game: Anna 47 on the track + a 1-ship 2 + 10 taler of
# material 3 = 52; Ben 18 + 21 taler of material 7 = 25.
_FINAL = ("players: Anna, Ben\nsetup: round 4 phase 7, flipped hulls masts sails goods "
          "transport money\n  Anna: 8t 2w 50vp\n  Anna ship A: 1ship, whale mast, whale sail\n"
          "  Ben: 20vp\nround 4: hulls masts sails goods transport money crowns deliver\n"
          "7. Ben crowns\n  Ben: pass\n  Anna: pass\n")

RULES: tuple[Rule, ...] = (
    Rule("player-count", "two to four players",
         "Spielvorbereitung", "game material",
         "A game has two, three or four players, each with a different name.",
         "players: Anna\n", "players: Anna, Ben\n"),
    Rule("deal", "the eight action tiles are dealt",
         "Vorbereitung einer neuen Runde", "Preparation of a New Round",
         "Each round deals all eight action tiles, one to each board space, so the round line "
         "names every action exactly once.",
         "players: Anna, Ben\nround 1: goods goods money transport crowns masts deliver sails\n",
         OPENING),
    Rule("round-sequence", "rounds in order, four or five of them",
         "Spielablauf (Übersicht); Spielende", "Gameplay (Overview); End of Game",
         "Rounds are numbered from 1 and follow one another after seven phases each; two "
         "players play 4 rounds, three or four players 5.",
         "players: Anna, Ben\nround 2: goods hulls money transport crowns masts deliver sails\n",
         OPENING),
    Rule("phase-sequence", "seven phases in order",
         "Rundenablauf", "Sequence of Play",
         "A round has seven action phases, numbered 1 to 7 in the order played; the eighth "
         "action is not played.",
         OPENING + "2. Anna hulls bonus whale\n", OPENING + "1. Anna hulls bonus whale\n"),
    Rule("start-player", "the start player moves clockwise",
         "6. Ende einer Aktionsphase", "6. End of Action Phase",
         "The first player named starts; after every phase the start player passes one seat "
         "clockwise, and carries on so from one round to the next.",
         OPENING + "1. Ben hulls bonus whale\n", OPENING + "1. Anna hulls bonus whale\n"),
    Rule("action-face-up", "only a face-up action can be chosen",
         "Rundenablauf", "Sequence of Play",
         "The start player chooses one of the action tiles still face up; a tile chosen earlier "
         "in the round is flipped and cannot be chosen again (only the Extra Action can use it).",
         OPENING + "1. Anna money bonus whale\n  Anna: 1w\n  Ben: pass\n2. Ben money bonus whale\n",
         OPENING + "1. Anna money bonus whale\n  Anna: 1w\n  Ben: pass\n2. Ben hulls bonus whale\n"),
    Rule("bonus-choice", "the bonus choice",
         "Durchführen einer Aktion: 1. Bonus", "Performing an action: 1. Bonus",
         "The start player takes the bonus printed at the chosen action's space.  The mast and "
         "sail bonuses are a regular mast or sail of a crest the player names; the worker + good "
         "bonus needs a good named; the other bonuses need no choice.",
         OPENING + "1. Anna hulls\n", OPENING + "1. Anna hulls bonus whale\n"),
    Rule("bonus-claim", "a bonus written as a claim",
         "Durchführen einer Aktion: 1. Bonus", "Performing an action: 1. Bonus",
         "A bonus that needs no choice may be written (`bonus 3w`); it must be the bonus of the "
         "space where the chosen action lies this round.",
         OPENING + "1. Anna goods bonus 2w\n", OPENING + "1. Anna goods bonus 3w\n"),
    Rule("unknown-player", "players are the header's",
         "Spielvorbereitung", "game material",
         "Every name on a phase, turn, check, setup or final line is one of the header's "
         "players.",
         OPENING + "1. Anna goods\n  Anna: pass\n  Carl: pass\n",
         OPENING + "1. Anna goods\n  Anna: pass\n  Ben: pass\n"),
    Rule("turn-order", "every player once per phase, clockwise",
         "3.1 Grundsätzliches zu Aktionen", "3.1 General rules for actions",
         "In each phase the start player acts or passes first, then each other player in "
         "clockwise order, each exactly once.",
         OPENING + "1. Anna goods\n  Ben: pass\n  Anna: pass\n",
         OPENING + "1. Anna goods\n  Anna: pass\n  Ben: pass\n"),
    Rule("turn-content", "act or pass",
         "3.1 Grundsätzliches zu Aktionen; 3.3 Passen", "3.1 General rules for actions; 3.3 Passing",
         "A turn either performs the phase's action, at least once, or passes; the Extra Action "
         "may come before or after either.",
         OPENING + "1. Anna goods\n  Anna: grain >store; pass\n",
         OPENING + "1. Anna goods\n  Anna: grain >store\n"),
    Rule("workers", "a worker for every use",
         "2. Blaue Arbeiter auf der Drehscheibe; 3.1", "2. Blue Workers on the wheel; 3.1",
         "Every use of an action takes one worker: first the blue workers the wheel shows at the "
         "action's space, then the player's own.  Blue workers serve only the phase's action and "
         "lapse if unused.",
         OPENING + "1. Anna money bonus whale\n  Anna: 6w\n",
         OPENING + "1. Anna money bonus whale\n  Anna: 5w = 10t\n"),
    Rule("taler", "pay in full",
         "3.1 Grundsätzliches zu Aktionen", "3.1 General rules for actions",
         "Bought tiles cost the price printed at the action's space for the first of each kind "
         "and 4 taler for each further identical one; the player must have the taler.",
         OPENING + "1. Anna goods bonus 3w\n  Anna: 2 salt 2 coffee 2 fish >store\n",
         OPENING + "1. Anna goods bonus 3w\n  Anna: 2 salt coffee >store\n"),
    Rule("claim", "written amounts are checked",
         "3.2.1; 3.2.2.2; 3.2.2.4", "Buy actions; Withdraw money; Scoring the Crowns",
         "A claim after `=` (taler paid for a clause, taler received from money, points received "
         "from crowns) must be what the rules give.",
         OPENING + "1. Anna money bonus whale\n  Anna: 2w = 5t\n",
         OPENING + "1. Anna money bonus whale\n  Anna: 2w = 4t\n"),
    Rule("supply", "tiles are limited",
         "Hinweis zum Umgang mit dem Spielmaterial", "Note on using the play materials",
         "Ship tiles and goods are limited to the box's count; once a stack is empty nobody can "
         "buy or receive that tile.  Delivered goods never return to the supply.",
         _setup("  Anna store: 9 middle\n", "1. Anna hulls bonus whale\n  Anna: middle >store\n"),
         _setup("  Anna store: 9 middle\n", "1. Anna hulls bonus whale\n  Anna: bow >store\n")),
    Rule("crown-not-bought", "crown masts and sails are never bought",
         "3.2.1.2 Mast kaufen; 3.2.1.3 Segel kaufen", "Buy Mast; Buy Sails",
         "Only the four regular crests can be bought; crown masts and crown sails come only as "
         "rewards for completed ships.",
         OPENING + "1. Anna masts bonus coffee\n  Anna: crown >store\n",
         OPENING + "1. Anna masts bonus coffee\n  Anna: helm >store\n"),
    Rule("action-items", "the action's own tiles",
         "3.2.1 Kostenpflichtige Aktionen", "3.2.1 Chargeable actions",
         "Each buying action buys the tiles of its own tile: hulls buys hull parts, masts masts, "
         "sails sails, goods goods.",
         OPENING + "1. Anna goods bonus 3w\n  Anna: bow >store\n",
         OPENING + "1. Anna goods bonus 3w\n  Anna: grain >store\n"),
    Rule("gift", "the free tile for buying all four",
         "3.1 Grundsätzliches zu Aktionen", "3.1 General rules for actions",
         "Buying all four kinds of a tile in one clause gives one more tile of that tile for "
         "free, of any of its four kinds, without a worker; it goes to storage.  Not taking it "
         "is a warning.",
         OPENING + "1. Anna goods bonus 3w\n  Anna: coffee grain >store, +salt >store\n",
         OPENING + "1. Anna goods bonus 3w\n  Anna: coffee grain salt fish >store, +salt >store\n"),
    Rule("golden-rule", "free tiles go to storage",
         "Die Goldene Regel", "The Golden Rule",
         "A tile received without paying taler (bought at 0 taler, the free tile for all four, a "
         "bonus, a reward) goes to storage first; only tiles paid for in taler may go straight "
         "onto a ship.",
         OPENING + "1. Anna hulls bonus whale\n  Anna: middle >new A\n",
         OPENING + "1. Anna hulls bonus whale\n  Anna: middle >store\n"),
    Rule("storage", "twelve storage spaces",
         "3.2.2.1 Transport", "Transport",
         "Storage has 12 spaces; a mast takes two, any other tile one.  A paid tile cannot be "
         "stored in a full storage; a free tile that finds it full is forfeited (a note) and "
         "stays in the supply.",
         _setup("  Anna store: 6 whale mast\n", "1. Anna goods bonus 3w\n  Anna: coffee >store\n"),
         _setup("  Anna store: 5 whale mast\n", "1. Anna goods bonus 3w\n  Anna: coffee >store\n")),
    Rule("hull-order", "hulls are built in a row",
         "3.2.1.1 Rumpfteile kaufen", "Buy hull parts",
         "A bow goes in front, a stern behind, middles between; once a ship has its bow and its "
         "stern its size is fixed and nothing more joins it.",
         OPENING + "1. Anna hulls bonus whale\n  Anna: bow stern >new A, bow >A\n",
         OPENING + "1. Anna hulls bonus whale\n  Anna: bow stern >new A\n"),
    Rule("hull-size", "at most two middles",
         "3.2.1.1 Rumpfteile kaufen", "Buy hull parts",
         "A ship has at most four hull parts: a bow, a stern and up to two middles.",
         _setup("  Anna store: 3 middle\n", "1. Anna transport\n  Anna: 3 middle >new A\n"),
         _setup("  Anna store: 3 middle\n", "1. Anna transport\n  Anna: 2 middle >new A\n")),
    Rule("one-ship", "a 1-ship is a ship by itself",
         "3.2.1.1 Rumpfteile kaufen", "Buy hull parts",
         "A 1-ship hull is a whole ship on its own; no other hull part joins it, and it joins "
         "no other.",
         OPENING + "1. Anna hulls bonus whale\n  Anna: 1ship bow >new A\n",
         OPENING + "1. Anna hulls bonus whale\n  Anna: 1ship >new A, bow >new B\n"),
    Rule("mast-place", "a mast on a hull part without one",
         "3.2.1.2 Mast kaufen", "Buy Mast",
         "A mast goes on a hull part of the player's ship that has no mast yet; the hull need "
         "not be finished.",
         _setup("  Anna ship A: bow\n", "1. Anna masts bonus coffee\n  Anna: 2 whale >A\n"),
         _setup("  Anna ship A: bow\n", "1. Anna masts bonus coffee\n  Anna: whale >A\n")),
    Rule("sail-place", "a sail on a mast without one",
         "3.2.1.3 Segel kaufen", "Buy Sails",
         "A sail goes on a mast that has no sail yet.",
         _setup("  Anna ship A: bow, whale mast\n", "1. Anna sails\n  Anna: 2 whale >A\n"),
         _setup("  Anna ship A: bow, whale mast\n", "1. Anna sails\n  Anna: whale >A\n")),
    Rule("one-crest", "one crest per ship",
         "3.2.1.2 Mast kaufen; 3.2.1.3 Segel kaufen", "Buy Mast; Buy Sails",
         "All regular masts and sails of a ship share one crest; crown masts and sails are "
         "jokers that go with any.",
         _setup("  Anna ship A: bow stern, whale mast\n",
                "1. Anna masts bonus coffee\n  Anna: anchor >A\n"),
         _setup("  Anna ship A: bow stern, whale mast\n",
                "1. Anna masts bonus coffee\n  Anna: whale >A\n")),
    Rule("good-place", "one good under each hull part",
         "3.2.1.4 Waren kaufen", "Buy Goods",
         "Each hull part carries at most one good; goods on a ship stay there until delivered.",
         _setup("  Anna ship A: 1ship, coffee\n", "1. Anna goods bonus 3w\n  Anna: fish >A\n"),
         _setup("  Anna ship A: 1ship\n", "1. Anna goods bonus 3w\n  Anna: fish >A\n")),
    Rule("transport", "transport from storage to ships",
         "3.2.2.1 Transport", "Transport",
         "Transport moves tiles the player has in storage onto ships, one worker a tile.",
         OPENING + "1. Anna transport\n  Anna: bow >new A\n",
         _setup("  Anna store: bow\n", "1. Anna transport\n  Anna: bow >new A\n")),
    Rule("ship-name", "ships are named once",
         "3.2.1.1 Rumpfteile kaufen", "Buy hull parts",
         "A placement goes to an existing ship of the player (`>A`) or starts a new one under a "
         "name not used before (`>new A`); separate ships are never joined.",
         OPENING + "1. Anna hulls bonus whale\n  Anna: bow >A\n",
         OPENING + "1. Anna hulls bonus whale\n  Anna: bow >new A\n"),
    Rule("rewards", "rewards for a completed ship",
         "4. Belohnungen für fertige Schiffe", "4. Rewards for completed ships",
         "Completing a ship gives one reward per mast, named right after the completing "
         "placement: crown mast, crown sail, 3 VP, 7 taler, 3 workers or two different goods, "
         "each at most twice per ship.",
         _setup("  Anna ship A: 1ship, whale mast\n", "1. Anna sails\n  Anna: whale >A\n"),
         _setup("  Anna ship A: 1ship, whale mast\n", "1. Anna sails\n  Anna: whale >A [7t]\n")),
    Rule("deliver", "deliver whole cargoes of finished ships",
         "3.2.2.3 Waren ausliefern", "Deliver Goods",
         "Only a complete ship (hull, masts and sails) with a good under every hull part "
         "delivers, and always its whole cargo, at one worker per good.",
         _setup("  Anna ship A: 1ship, whale mast, whale sail\n",
                "1. Anna deliver bonus w+vp\n  Anna: A\n"),
         _setup("  Anna ship A: 1ship, whale mast, whale sail, coffee\n",
                "1. Anna deliver bonus w+vp\n  Anna: A\n")),
    Rule("crown-cap", "at most 15 points from crowns a round",
         "3.2.2.4 Wertung der Kronen", "Scoring the Crowns",
         "Each worker on the crowns action earns as many points as the player has crowns (crown "
         "masts and sails owned, flipped pass tiles), at most 15 a round; the Extra Action on "
         "crowns has a cap of its own.  Workers beyond the cap earn nothing (a note).",
         _setup("  Anna store: 3 crown sail\n", "1. Anna crowns\n  Anna: 6w\n"),
         _setup("  Anna store: 3 crown sail\n", "1. Anna crowns\n  Anna: 5w = 15vp\n"),
         severity="note"),
    Rule("extra-action", "one Extra Action a game",
         "5. Extra-Aktion", "5. Extra Action",
         "Once a game, during a turn, a player may take 2 workers and perform any action, even "
         "a flipped one, with no blue workers and first tiles at 2 taler.",
         "players: Anna, Ben\nsetup: round 2 phase 1\n  Anna: extra used\n"
         + DEAL.replace("round 1", "round 2")
         + "1. Ben money bonus whale\n  Ben: pass\n  Anna: pass; extra money: 1w\n",
         OPENING + "1. Anna money bonus whale\n  Anna: pass; extra money: 1w\n"),
    Rule("check", "checkpoints match the replay",
         "NGN: Checkpoints", "NGN: Checkpoints",
         "A `check` line's victory points, taler and workers are the player's at that point of "
         "the replay.",
         OPENING + "check Anna: 11vp\n", OPENING + "check Anna: 10vp 15t 4w\n"),
    Rule("final-score", "the final line matches the scoring",
         "Spielende", "End of Game",
         "A `final:` line after the last round gives each player's total of the final scoring: "
         "the track, completed ships, delivered goods and material (1 VP per 3 taler).",
         _FINAL + "final: Anna 52, Ben 24\n", _FINAL + "final: Anna 52, Ben 25\n"),
    Rule("setup", "a setup position the game can reach",
         "Spielvorbereitung; NGN: Positions", "game material; NGN: Positions",
         "A setup block names a round and phase that exist, lists the actions already flipped "
         "(one per phase played), fits every storage and ship within the rules and the box.",
         "players: Anna, Ben\nsetup: round 1 phase 3\n" + DEAL,
         "players: Anna, Ben\nsetup: round 1 phase 3, flipped goods hulls\n" + DEAL),
)

BY_ID = {r.id: r for r in RULES}
SYNTAX = Rule("syntax", "the notation", "NGN", "NGN",
              "The record follows the notation (docs/notation.md); a line that does not is "
              "reported and the record is not replayed.", "players: Anna Ben\n",
              "players: Anna, Ben\n")

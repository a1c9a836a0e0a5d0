"""The rules the referee enforces: one module per rule, and this catalogue of them.

Each rule module holds the rule's metadata (`RULE`), the moments of the game it judges
with a pure predicate for each (`JUDGES`, see `moments.py`), and in its docstring what
it checks, why, a record that breaks it and one that keeps it (see `rule.py`).  The
referee asks, at each moment, the predicates registered for it (`judges`) and records
what they find; it names no rule.  `nauticus-ref rules`, `docs/rules.md`,
`examples/logs/invalid/` and the tests read this catalogue.  `scripts/add_rule.py`
writes a new rule's module, its fixture and its line here.  Sections use the German
rulebook's numbering (the original), or its heading where it has none; the English
name follows.
"""

from __future__ import annotations

from nauticus_ref.core.findings import Diagnostic
from nauticus_ref.core.span import Span
from nauticus_ref.rules import (
    action_face_up,
    action_items,
    bonus_choice,
    bonus_claim,
    check,
    claim,
    crown_cap,
    crown_not_bought,
    deal,
    deliver,
    extra_action,
    final_score,
    gift,
    golden_rule,
    good_place,
    hull_order,
    hull_size,
    mast_place,
    one_crest,
    one_ship,
    phase_sequence,
    player_count,
    rewards,
    round_sequence,
    sail_place,
    setup,
    ship_name,
    start_player,
    storage,
    supply,
    syntax,
    taler,
    transport,
    turn_content,
    turn_order,
    unknown_player,
    workers,
)
from nauticus_ref.rules.moments import Predicate
from nauticus_ref.rules.rule import Rule

#: The rule modules, in the order of docs/rules.md (the order a game meets them); at a
#: moment several rules judge, they are asked in this order.
MODULES = (
    player_count,
    deal,
    round_sequence,
    phase_sequence,
    start_player,
    action_face_up,
    bonus_choice,
    bonus_claim,
    unknown_player,
    turn_order,
    turn_content,
    workers,
    taler,
    claim,
    supply,
    crown_not_bought,
    action_items,
    gift,
    golden_rule,
    storage,
    hull_order,
    hull_size,
    one_ship,
    mast_place,
    sail_place,
    one_crest,
    good_place,
    transport,
    ship_name,
    rewards,
    deliver,
    crown_cap,
    extra_action,
    check,
    final_score,
    setup,
)
#: The catalogue.
RULES: tuple[Rule, ...] = tuple(m.RULE for m in MODULES)
BY_ID: dict[str, Rule] = {r.id: r for r in RULES}
#: The notation itself: every syntax error is reported under it.
SYNTAX: Rule = syntax.RULE
#: The id of the rule that explains each kind of step the referee writes ("uses",
#: "price", ...).
EXPLAINER: dict[str, str] = {
    topic: m.RULE.id for m in MODULES for topic in getattr(m, "EXPLAINS", ())
}

#: Each moment's predicates, with their rules' ids, in the catalogue's order.
_JUDGES: dict[type, list[tuple[str, Predicate]]] = {}
for _m in MODULES:
    for _moment, _predicate in _m.JUDGES.items():
        _JUDGES.setdefault(_moment, []).append((_m.RULE.id, _predicate))


def asked_at(at: frozenset[type], off: frozenset[str] = frozenset()) -> frozenset[str]:
    """The ids of the rules asked at any of the moments `at`, but those `off`."""
    return frozenset(
        rule for moment in at for rule, _ in _JUDGES.get(moment, ()) if rule not in off
    )


def judges(off: frozenset[str] = frozenset()) -> dict[type, tuple[Predicate, ...]]:
    """For each moment, the predicates to ask, in the catalogue's order, leaving out
    those of the rules `off` (ids)."""
    return {
        moment: tuple(f for rule, f in found if rule not in off)
        for moment, found in _JUDGES.items()
    }


def stopped(span: Span, errors: int) -> Diagnostic:
    """The note that ends a replay cut short after `errors` errors."""
    return check.stopped(span, errors)


# Most examples start from this opening.  The deal puts goods on the 3-workers space,
# hulls on the mast space, money on the sail space, transport on the 2 VP space, crowns
# on the 2-workers space, masts on the worker + good space, deliver on the worker + VP
# space and sails on the 4-taler space.
DEAL = "round 1: goods hulls money transport crowns masts deliver sails\n"
OPENING = "players: Anna, Ben\n" + DEAL

__all__ = [
    "Rule",
    "RULES",
    "BY_ID",
    "SYNTAX",
    "EXPLAINER",
    "MODULES",
    "judges",
    "stopped",
    "DEAL",
    "OPENING",
]

"""The rules the referee enforces: one module per rule, and this catalogue of them.

Each rule module holds the rule's metadata (`RULE`), its checks, and in its docstring
what it checks, why, a record that breaks it and one that keeps it (see `rule.py`).
The referee asks the checks (`R.hull_order.check(ship, part, span)`) and records
what they find; `nauticus-ref rules`, `docs/rules.md`,
`examples/logs/invalid/` and the tests read this catalogue.  Sections use the German
rulebook's numbering (the original), or its heading where it has none; the English
name follows.
"""

from __future__ import annotations

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
from nauticus_ref.rules.rule import Rule

#: The catalogue, in the order of docs/rules.md (the order a game meets them).
RULES: tuple[Rule, ...] = tuple(m.RULE for m in (
    player_count, deal, round_sequence, phase_sequence, start_player, action_face_up,
    bonus_choice, bonus_claim, unknown_player, turn_order, turn_content, workers, taler, claim,
    supply, crown_not_bought, action_items, gift, golden_rule, storage, hull_order, hull_size,
    one_ship, mast_place, sail_place, one_crest, good_place, transport, ship_name, rewards,
    deliver, crown_cap, extra_action, check, final_score, setup))
BY_ID: dict[str, Rule] = {r.id: r for r in RULES}
#: The notation itself: every syntax error is reported under it.
SYNTAX: Rule = syntax.RULE

# Most examples start from this opening.  The deal puts goods on the 3-workers space,
# hulls on the mast space, money on the sail space, transport on the 2 VP space, crowns
# on the 2-workers space, masts on the worker + good space, deliver on the worker + VP
# space and sails on the 4-taler space.
DEAL = "round 1: goods hulls money transport crowns masts deliver sails\n"
OPENING = "players: Anna, Ben\n" + DEAL

__all__ = ["Rule", "RULES", "BY_ID", "SYNTAX", "DEAL", "OPENING"]

"""Reading turn lines: clauses, placements, destinations and claims."""

from __future__ import annotations

from typing import Any

from nauticus_ref.core.language import N_, _
from nauticus_ref.notation import raw as t
from nauticus_ref.notation import vocab
from nauticus_ref.notation.model import (
    Action,
    ActionClause,
    Clause,
    Destination,
    PassClause,
    Placement,
    SetupPlayer,
    Turn,
)
from nauticus_ref.notation.reading import (
    PhaseDraft,
    Reader,
    SyntaxProblem,
    read_amount,
    read_amounts,
    read_number,
    syntax_problem,
)


class TurnReader(Reader):
    # -- turns ---------------------------------------------------------------
    def on_turn(self, raw: t.TurnLine) -> None:
        player_tok, clause_raws = raw.player, raw.clauses
        if self.in_setup:
            return self.on_setup_player(raw)
        phase = self.phase
        if phase is None:
            if self.orphan_turns_reported:
                return  # one report for a run of turn lines with no phase line above
            self.orphan_turns_reported = True
            raise syntax_problem(
                raw,
                _("a turn line before any phase line"),
                _("open the phase first, like `1. Anna hulls`"),
            )
        player = self.name(player_tok)
        self.turn_player = player_tok.value  # as written, quotes and all
        try:
            clauses = self.clauses(clause_raws, phase)
        finally:
            self.turn_player = None
        if clauses is not None:
            phase.entries.append(Turn(span=self.span(raw), player=player, clauses=clauses))

    def clauses(self, clause_raws: tuple[t.Clause, ...], phase: PhaseDraft) -> list[Clause] | None:
        """The clauses of a turn line, or None when its phase line had an error."""
        clauses: list[Clause] = []
        for cr in clause_raws:
            if isinstance(cr, t.PassRaw):
                clauses.append(PassClause(span=self.span(cr)))
            elif isinstance(cr, t.ExtraRaw):
                action = self.action(cr.action)
                clauses.append(self.clause(cr, action, cr.body, extra=True))
            elif phase.action is None:
                return None  # the phase line's own error was reported; nothing to add
            else:
                clauses.append(self.clause(cr, phase.action, cr, extra=False))
        return clauses

    def clause(self, whole: t.Clause, action: Action, body: t.Body, extra: bool) -> ActionClause:
        span = self.span(whole)
        if isinstance(body, t.ShipsBody) and action in vocab.PLACING_ACTIONS:
            # `Anna: bow` parses as a list of ship names; for a placing action the
            # player forgot where the tiles go.
            raise SyntaxProblem(
                body.c1,
                body.c1 + 1,
                _("missing `>` before the destination"),
                _("write the destination after `>`: `>store`, `>NAME` or `>new NAME`"),
            )
        if action in vocab.PLACING_ACTIONS:
            if not isinstance(body, t.PlacementsBody):
                raise syntax_problem(
                    body,
                    _("`{action}` places tiles, like `bow stern >new A`").format(action=action),
                    self._body_help(action),
                )
            placements, claim = body.placements, body.claim
            return ActionClause(
                span=span,
                action=action,
                extra=extra,
                placements=[self.placement(p, action) for p in placements],
                claim=self.claim(claim, "t", action) if claim else None,
            )
        if action in ("money", "crowns"):
            if not isinstance(body, t.AmountsBody) or len(body.amounts) != 1 or body.stats:
                raise syntax_problem(
                    body,
                    _("`{action}` takes the workers used, like `3w`").format(action=action),
                    self._body_help(action),
                )
            amount = body.amounts[0]
            value, unit = read_amount(amount)
            if unit != "w":
                raise syntax_problem(
                    amount,
                    _("`{action}` takes the workers used, like `3w`, not `{value}`").format(
                        action=action, value=amount.value
                    ),
                    self._body_help(action),
                )
            claim = body.claim
            return ActionClause(
                span=span,
                action=action,
                extra=extra,
                workers=value,
                claim=self.claim(claim, "t" if action == "money" else "vp", action)
                if claim
                else None,
            )
        # deliver
        if not isinstance(body, t.ShipsBody):
            raise syntax_problem(
                body, _("`deliver` names the ships unloaded, like `A, B`"), self._body_help(action)
            )
        return ActionClause(
            span=span, action=action, extra=extra, ships=[self.name(tok) for tok in body.names]
        )

    @staticmethod
    def _body_help(action: str) -> str:
        return _(
            {
                "hulls": N_("write placements like `bow stern >new A, 1ship >store`"),
                "masts": N_("write placements like `whale >A, anchor mast >store`"),
                "sails": N_("write placements like `whale >A, helm sail >store`"),
                "goods": N_("write placements like `coffee >A, 2 fish >store`"),
                "transport": N_("write the tiles taken from storage and their ship, like `bow >A`"),
                "money": N_("write the workers used, like `3w = 6t`"),
                "crowns": N_("write the workers used, like `3w = 9vp`"),
                "deliver": N_("write the ships unloaded, like `A, B`"),
            }[action]
        )

    def placement(self, raw: t.PlacementRaw, action: str) -> Placement:
        items = self.items(raw.items, action)
        d = raw.dest
        dest = Destination(
            span=self.span(d), kind=d.kind, ship=self.name(d.name) if d.name is not None else None
        )
        rewards = [self.reward(r) for r in raw.rewards.rewards] if raw.rewards is not None else None
        return Placement(
            span=self.span(raw), items=items, dest=dest, gift=raw.plus is not None, rewards=rewards
        )

    # -- setup player lines, checks, final ------------------------------------
    def on_setup_player(self, raw: t.TurnLine) -> None:
        player_tok, clause_raws = raw.player, raw.clauses
        body = clause_raws[0]
        if len(clause_raws) != 1 or not isinstance(body, t.AmountsBody):
            raise syntax_problem(
                raw,
                _("a setup player line lists amounts, `passed N` and `extra used`"),
                _("write it like `Anna: 12t 3w 25vp, passed 1, extra used`"),
            )
        if body.claim is not None:
            raise syntax_problem(
                body.claim, _("a setup line has no claims"), _("leave out the `= ...`")
            )
        fields: dict[str, Any] = dict(read_amounts(body.amounts, "given"))
        for stat in body.stats:
            first, second = stat.first, stat.second
            if first.type == "PASSED":
                n = read_number(second)
                if n > 3:
                    raise syntax_problem(
                        stat,
                        _("a player has three pass tiles"),
                        _("write `passed 0` to `passed 3`"),
                    )
                fields["passed"] = n
            else:
                fields["extra_used"] = True
        self.setup["players"].append(
            SetupPlayer(span=self.span(raw), player=self.name(player_tok), **fields)
        )

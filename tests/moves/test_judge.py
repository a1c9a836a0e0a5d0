"""The judge: a turn played on the table by the referee itself, the table put back; and
the rules the generated listing follows, which decide whether the listing is judged."""

from __future__ import annotations

import dataclasses

from helpers import EXAMPLES

from nauticus_ref import rules
from nauticus_ref.core.files import Source
from nauticus_ref.moves.judge import FOLLOWED, Judge, follows
from nauticus_ref.moves.point import options_at
from nauticus_ref.referee.engine import referee_before
from nauticus_ref.referee.validate import validate_source
from nauticus_ref.rules import moments

GAME = EXAMPLES / "game-2p.ngn"


def test_the_listing_follows_every_rule_the_catalogue_asks_at_a_turn():
    """A rule judging a turn that is added to the catalogue is judged option by option
    until the listing is taught it; then add its id to FOLLOWED."""
    assert rules.asked_at(moments.TURN) == FOLLOWED


def test_a_rule_turned_off_makes_the_listing_judged():
    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    board = game.replayed.table.board
    assert follows(referee_before(game.record, board, 9, game.lines))
    assert not follows(referee_before(game.record, board, 9, game.lines, frozenset({"taler"})))
    # a rule that judges no turn changes nothing for the listing
    assert follows(referee_before(game.record, board, 9, game.lines, frozenset({"check"})))


def test_judging_leaves_the_table_as_it_was():
    """workers.ngn line 6, `Anna: 6w`, is refused; `Anna: 5w` is not; the table and the
    findings are as they were after either."""
    path = EXAMPLES / "invalid" / "workers.ngn"
    game = validate_source(Source(path.name, path.read_text(encoding="utf-8")))
    o = options_at(game.record, game.replayed.table.board, 6, game.lines)
    r = o.turns.referee
    before = (r.snapshot(), len(r.diags))
    written = game.record.rounds[0].phases[0].turns[0].clauses
    judge = Judge(r, "Anna", 6)
    assert not judge.legal(written)
    assert judge.legal([dataclasses.replace(written[0], workers=5, claim=None)])
    assert (r.snapshot(), len(r.diags)) == before


def test_every_listed_option_is_legal_by_the_judge():
    """Where the listing follows the rules in force, the judge agrees with every option
    it lists (the first thousand at three or four positions of each example)."""
    import itertools

    for path in sorted(EXAMPLES.glob("game-*.ngn")):
        game = validate_source(Source(path.name, path.read_text(encoding="utf-8")))
        turns = [t.span.line for rnd in game.record.rounds for ph in rnd.phases for t in ph.turns]
        for line in turns[:: max(1, len(turns) // 3)]:
            o = options_at(game.record, game.replayed.table.board, line, game.lines)
            judge = Judge(o.turns.referee, o.player, line)
            refused = [
                x.clauses for x in itertools.islice(o.turns, 1000) if not judge.legal(x.clauses)
            ]
            assert not refused, (path.name, line, refused[:2])


def test_the_interleaved_walk_lists_every_option_once_as_the_listing_does():
    from collections import Counter

    from nauticus_ref.moves.turns import key

    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    turns = options_at(game.record, game.replayed.table.board, 95, game.lines).turns
    listed = Counter(key(o.clauses) for o in turns)
    assert sum(listed.values()) == 7359
    assert Counter(key(o.clauses) for o in turns.interleaved()) == listed


def test_a_group_asked_for_the_clauses_it_must_hold_lists_just_those_of_its_turns():
    """`TurnOptions.group` with `main` and `extra`: the turns of the group whose clauses
    they allow, in the listing's order, as filtering the group's every turn gives; the
    groups together are the listing."""
    from nauticus_ref.moves.turns import PASS

    game = validate_source(Source(GAME.name, GAME.read_text(encoding="utf-8")))
    turns = options_at(game.record, game.replayed.table.board, 95, game.lines).turns
    names = turns.group_names()
    assert names[0] == "" and len(names) == 17
    every = {g: list(turns.group(g)) for g in names}
    assert [o for g in names for o in every[g]] == list(turns)

    def cheap(clause):  # a body of at most one placement, or a pass
        return clause is PASS or len(getattr(clause, "placements", ())) <= 1

    def few(clause):  # the Extra Action with at most two workers
        return (clause.workers or 0) <= 2

    for g in names:
        at_main = 0 if g == "" or g.endswith("after") else 1
        want = [
            o
            for o in every[g]
            if cheap(o.clauses[at_main]) and (g == "" or few(o.clauses[1 - at_main]))
        ]
        assert list(turns.group(g, cheap, few)) == want, g
    assert any(list(turns.group(g, cheap, few)) != every[g] for g in names)

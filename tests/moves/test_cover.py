"""`moves.cover.covering`: where a group with the Extra Action holds too many turns to
list, the turns it finds hold every part the group's turns hold, as many times, also
among the turns that hold some parts chosen.  Held equal to listing the whole group at
every position of the table of exact counts (tests/moves/perft/table.json), with the
recorder's own reading of parts."""

from __future__ import annotations

import sys
from collections import Counter

from helpers import ROOT

from nauticus_ref.moves.cover import covering
from nauticus_ref.moves.turns import TurnOption, key, turn_options
from nauticus_ref.record.parts import blank_new, clause_groups

sys.path.insert(0, str(ROOT / "scripts"))
import perft  # noqa: E402

sys.path.remove(str(ROOT / "scripts"))


def _each(turns, parts) -> set[tuple[object, int]]:
    """Each part the turns hold, once for each time one of them holds it."""
    out: set[tuple[object, int]] = set()
    for turn in turns:
        assert isinstance(turn, TurnOption)
        for at, clause in enumerate(turn.clauses):
            out |= {(p, i) for p, n in parts(clause, at).items() for i in range(n)}
    return out


def test_the_turns_covering_finds_hold_every_part_the_whole_group_holds():
    asked = 0
    for position in perft.load():
        r, game = perft.referee_at(position)
        options = turn_options(r)
        if options is None or not options.purse.extra or not options.follows:
            continue
        printer = options.printer(game.record)
        held = {k.casefold() for k in options.purse.held}

        def parts(clause, at, printer=printer, held=held):
            text = printer.clause(clause)
            return Counter((blank_new(h, held), got) for h, got in clause_groups(text, at))

        mains = list(options.main_bodies(options.purse))
        for group in options.group_names()[1:]:
            whole = list(options.group(group, mains=mains))
            if not whole or len(whole) > 3000:
                continue
            # nothing chosen, then a part of the first turn's each clause chosen
            first, second = (parts(c, at) for at, c in enumerate(whole[0].clauses))
            at_main = 0 if group.endswith("after") else 1
            mine = first if at_main == 0 else second
            theirs = second if at_main == 0 else first
            picks = [None, *[(p, None) for p in list(mine)[:2]], *[(None, p) for p in theirs]]
            for pick in picks[:4]:
                want_main, want_extra = pick or (None, None)

                def holds(clause, at, want):
                    return want is None or parts(clause, at)[want] > 0

                def main(clause, want=want_main):
                    return holds(clause, at_main, want)

                def extra(clause, want=want_extra):
                    return holds(clause, 1 - at_main, want)

                listed = [
                    t for t in whole if main(t.clauses[at_main]) and extra(t.clauses[1 - at_main])
                ]
                found = list(covering(options, group, parts, main, extra, mains))
                # turns of the group, fewer, holding every part its turns hold
                assert {key(t.clauses) for t in found} <= {key(t.clauses) for t in listed}
                assert _each(found, parts) == _each(listed, parts), (position, group, pick)
                assert bool(found) == bool(listed)
                asked += 1
    assert asked >= 100

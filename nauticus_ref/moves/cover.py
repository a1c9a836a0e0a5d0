"""Turns that between them hold every part the turns of a group hold: what the
recorder's next parts need where a group with the Extra Action holds more turns than
can be kept or listed in the time (hundreds of thousands, at a rich position).

A turn with the Extra Action is two clauses, the second found from the purse the
first leaves.  The parts any turn holds are those of its first clause (where any
second follows it) and those of the bodies the second clause finds from each purse
the first can leave.  Purses that read alike to the second clause (`Purse.shape`, a
tile of the supply told apart only up to the most a purchase could place of it) give
it the same bodies, each affording those it can pay for.  So the bodies are looked
for once for each purse read so: where a purse is as poor in taler and workers as
one gone through, they hold no part not seen, and only the first of them is looked
for, for the first clause's own parts.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Callable, Hashable, Iterator, Sequence, TypeVar

from nauticus_ref.game.state import Tile
from nauticus_ref.moves.purse import Purse
from nauticus_ref.moves.turns import Allows, Made, TurnOption, TurnOptions
from nauticus_ref.notation.model import Clause

Part = TypeVar("Part", bound=Hashable)

#: The purchases whose bodies read only their own kind of the supply, a tile a worker
#: (the others take their rewards' tiles from it too).
_CAPPED = ("hulls", "masts", "goods")


def covering(
    options: TurnOptions,
    name: str,
    parts: Callable[[Clause, int], Counter[Part]],
    main: Allows = None,
    extra: Allows = None,
    mains: Sequence[Made] | None = None,
    least: Counter[Tile] | None = None,
) -> Iterator[TurnOption]:
    """Turns of the group `name` that `options.group(name, main, extra, mains, least)`
    lists, which between them hold every part its turns hold, as `parts` reads the
    parts of a clause, the `at`th of its turn: each comes where it holds a part, or a
    part more times, than the turns before it.  Not judged: only where the listing
    follows the rules in force (`TurnOptions.follows`)."""
    _, action, at = name.split()
    read = options.action if at == "first" else action
    player = options.player.name
    blue = options.ask.blue or 0
    firsts, seconds = options.halves(name, main, extra, mains, least)
    held: set[tuple[Part, int]] = set()  # each part, as many times as a turn held it
    #: the purses whose second clauses were gone through, by what those read: their
    #: taler and workers, and whether any second clause followed
    gone: dict[tuple[object, ...], list[tuple[int, int, bool]]] = {}
    for first, rest, taler, used in firsts:
        own = _each(parts(first, 0))
        shape = _read_as(rest, read, blue)
        # a purse as rich as one gone through, read alike, can afford no more of its bodies
        richer = [a for t, w, a in gone.get(shape, ()) if t >= rest.taler and w >= rest.workers]
        if richer and (not any(richer) or own <= held):
            continue
        any_second = False
        for clause, _, more, workers in seconds(rest):
            any_second = True
            mine = own | _each(parts(clause, 1))
            if not mine <= held:
                held |= mine
                yield TurnOption(player, (first, clause), taler + more, used + workers)
            if richer:  # only its own parts are new: one second clause shows them
                break
        if not richer:
            gone.setdefault(shape, []).append((rest.taler, rest.workers, any_second))


def _each(counted: Counter[Part]) -> set[tuple[Part, int]]:
    """Each of `counted`, once for each time it is counted."""
    return {(part, i) for part, n in counted.items() for i in range(n)}


def _read_as(purse: Purse, action: str, blue: int) -> tuple[object, ...]:
    """What the bodies of `action` read of `purse` but the taler and workers: two
    purses read alike have the same bodies, and each affords those it can pay for
    (`Purse.shape`).  A purchase places at most a tile a worker (the phase's blue ones
    and the Extra Action's two among them) and a free tile, so more of a tile in the
    supply than that is alike."""
    if action in _CAPPED:
        most = purse.workers + blue + 3
        purse = replace(purse, supply=Counter({t: min(n, most) for t, n in purse.supply.items()}))
    return purse.shape(action)

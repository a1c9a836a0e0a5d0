"""A league: the finished games of a club in order, and what they say of each player.

From plain results (who played, in which seat, with what final score and rank), it
works out the standings (games, wins, mean VP, mean rank, the best game), each
player's rating after every game, how often each player finished ahead of each other
one, and how often each seat wins.  It knows nothing of records: the command line
replays them and hands their results here (cli/league.py).

Ratings are openskill's Plackett-Luce model with its default parameters, the usual
model for free-for-all games of two to four players: each game is rated once, in the
order of the games, with its final ranks (1 is best; a shared rank stays shared).  A
rating is shown as mu, sigma and openskill's conservative display value (its ordinal,
mu - 3 sigma).  openskill is imported when the ratings are asked for: it is the
`[league]` extra.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping


@dataclass(frozen=True, slots=True)
class Place:
    """One player's result in one game."""

    name: str
    seat: int  # from 1, clockwise from the first start player
    vp: int  # the final score
    rank: int  # 1 is best; players who share a place share its rank


@dataclass(frozen=True, slots=True)
class Result:
    """One counted game: where it was read, its `date:` (ISO, or None), and its places."""

    path: str
    date: str | None
    places: tuple[Place, ...]

    def renamed(self, aliases: Mapping[str, str]) -> Result:
        """The result with each name an alias joins written as the name it joins."""
        names = [aliases.get(p.name.casefold(), p.name) for p in self.places]
        if all(name == p.name for name, p in zip(names, self.places)):
            return self
        places = tuple(Place(n, p.seat, p.vp, p.rank) for n, p in zip(names, self.places))
        return Result(self.path, self.date, places)


def in_order(results: Iterable[Result]) -> list[Result]:
    """The games in the order they are rated: by date, then by path; a game without a
    date after the dated ones."""
    return sorted(results, key=lambda r: (r.date is None, r.date or "", r.path))


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float
    display: float  # the conservative value a table shows: openskill's ordinal

    @classmethod
    def of(cls, rating: Any) -> Rating:
        """openskill's rating as plain values."""
        return cls(rating.mu, rating.sigma, rating.ordinal())


@dataclass
class Standing:
    """One player's line of the table."""

    name: str
    games: int = 0
    wins: int = 0  # games finished first, a shared first place included
    vp: int = 0  # summed over the games
    ranks: int = 0  # summed over the games
    best: tuple[int, str] | None = None  # the highest final score, and its game's path
    rating: Rating | None = None

    @property
    def mean_vp(self) -> float:
        return self.vp / self.games

    @property
    def mean_rank(self) -> float:
        return self.ranks / self.games


@dataclass
class League:
    """What the games say, once they are rated in order (`rate`)."""

    games: list[Result]
    standings: list[Standing]  # best rating first, then by name
    #: after each game (by its index in `games`), each player's rating then, for those
    #: who played it (empty unless asked for)
    history: list[dict[str, Rating]]
    #: (a, b) -> (games a finished ahead of b, games both played); empty unless asked for
    ahead: dict[tuple[str, str], tuple[int, int]] = field(default_factory=dict)
    #: (players in the game, seat) -> (wins, games)
    by_seat: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)
    #: (player, players in the game) -> (wins, games)
    by_count: dict[tuple[str, int], tuple[int, int]] = field(default_factory=dict)
    #: games not rated, with why: the aliases make one player play twice in them
    apart: list[tuple[str, str]] = field(default_factory=list)


def canonical_names(results: Iterable[Result], aliases: Mapping[str, str]) -> dict[str, str]:
    """Each name as the league shows it, by its casefolded form: an alias's target, else
    the spelling met first.  Names that differ only in case are one player, as in a
    record; two spellings are two players unless an alias joins them."""
    shown: dict[str, str] = {}
    for r in results:
        for p in r.places:
            shown.setdefault(p.name.casefold(), p.name)
    for other, name in aliases.items():  # the name joined as the records spell it
        shown[other.casefold()] = shown.get(name.casefold(), name)
    return shown


def rate(
    results: Iterable[Result], aliases: Mapping[str, str] | None = None, page: bool = True
) -> League:
    """Rate the games in order and gather the standings.  `aliases`: a name -> the name
    it is another spelling of (`--alias "Anne=Anna"`).  `page`: also what only the page
    shows, every player's rating after each game and the head-to-head counts (without
    them, what a league holds besides its games grows with its players alone)."""
    from openskill.models import PlackettLuce

    games = in_order(results)
    names = canonical_names(games, aliases or {})
    games = [r.renamed(names) for r in games]
    twice = [(r, _played_twice(r)) for r in games]
    apart = [(r.path, why) for r, why in twice if why]
    games = [r for r, why in twice if not why]
    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    table: dict[str, Standing] = {}
    steps: list[dict[str, Rating]] = []
    ahead: Counter[tuple[str, str]] = Counter()
    together: Counter[tuple[str, str]] = Counter()
    seats: Counter[tuple[int, int]] = Counter()  # (players, seat) -> games
    seat_wins: Counter[tuple[int, int]] = Counter()
    counts: Counter[tuple[str, int]] = Counter()  # (player, players) -> games
    count_wins: Counter[tuple[str, int]] = Counter()
    for game in games:
        places = game.places
        teams = [[ratings.get(p.name) or model.rating(name=p.name)] for p in places]
        rated = model.rate(teams, ranks=[p.rank for p in places])
        for p, [r] in zip(places, rated):
            ratings[p.name] = r
            s = table.setdefault(p.name, Standing(p.name))
            s.games += 1
            s.wins += p.rank == 1
            s.vp += p.vp
            s.ranks += p.rank
            if s.best is None or p.vp > s.best[0]:
                s.best = (p.vp, game.path)
            seats[len(places), p.seat] += 1
            seat_wins[len(places), p.seat] += p.rank == 1
            counts[p.name, len(places)] += 1
            count_wins[p.name, len(places)] += p.rank == 1
            for q in places if page else ():
                if q.name != p.name:
                    together[p.name, q.name] += 1
                    ahead[p.name, q.name] += p.rank < q.rank
        if page:
            steps.append({p.name: Rating.of(ratings[p.name]) for p in places})
    for name, s in table.items():
        s.rating = Rating.of(ratings[name])
    standings = sorted(table.values(), key=lambda s: (-_display(s), s.name))
    return League(
        games,
        standings,
        steps,
        {pair: (ahead[pair], n) for pair, n in together.items()},
        {k: (seat_wins[k], n) for k, n in seats.items()},
        {k: (count_wins[k], n) for k, n in counts.items()},
        apart,
    )


def _played_twice(game: Result) -> str:
    """Why a game cannot be rated once its names are joined ("" when it can)."""
    seen = Counter(p.name for p in game.places)
    twice = sorted(name for name, n in seen.items() if n > 1)
    return f"the aliases make {', '.join(twice)} play twice in one game" if twice else ""


def _display(s: Standing) -> float:
    assert s.rating is not None
    return s.rating.display

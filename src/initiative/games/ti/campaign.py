"""The campaign log of The Initiative (TI-25, TI-57), kept in the project's store.

A campaign is one store record of kind `ti_campaign`: its snapshot at seq 0 holds the
name (and the content file laid over the shipped content, if any); each event is
appended before it takes effect:

* `{"type": "start", "mission": key, "secrets": [back secret]}`: a game of the mission
  begins; the secret on the mission's back is the group's from now on (TI-25).
* `{"type": "result", "mission": key, "won": bool, "reason": why, "secrets": [face
  secret]}`: the game ended; the face secret is taken win or lose (TI-25, TI-57).

A mission that has a result is never played again (TI-57); the next mission is the
first one of the content's campaign without one. A started game with no result yet may
be started again (the game was abandoned, not played out). The store comes in as a
`RecordKeeper` (the front ends pass `initiative.store.Store`), so the game imports no
storage. docs/the-initiative-content.md documents this API.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, Literal, Protocol, cast

from initiative.engine.errors import GameParamError, IllegalActionError
from initiative.engine.keeper import RecordKeeper
from initiative.games.ti.content import default_content, load_content_file
from initiative.games.ti.loader import NAME, build_setup
from initiative.games.ti.specs import TIContent

KIND = "ti_campaign"
"""The store record kind of a campaign of The Initiative."""
Reason = Literal["solved", "wrong_answer", "time", "stall"]
REASONS: tuple[Reason, ...] = ("solved", "wrong_answer", "time", "stall")
"""Why a game ended: won by a right answer; lost by a wrong one (TI-54), by time
(TI-50) or by a stall (TI-A14)."""
RESERVED = frozenset({"mission", "secrets", "campaign", "content"})
"""Game parameters the campaign decides itself."""


class NamedRecord(Protocol):
    """A stored record's header as a campaign lookup reads it."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


def campaign_named(records: Iterable[NamedRecord], given: str) -> str | None:
    """The record id of the campaign called `given`, or with that id, from `records`
    (the store's campaigns, the latest first: with two of one name, the latest); None
    if there is none (`given` may still be an id prefix the store resolves). Every
    front end finds a campaign by this, so a name that plays also shows."""
    return next((r.id for r in records if given in (r.name, r.id)), None)


class CampaignError(IllegalActionError):
    """A campaign step that is not allowed now (a replay, a result for another game);
    nothing was stored."""


@dataclass(frozen=True, slots=True)
class Played:
    """One mission of the log: `won` is None while its game is being played."""

    mission: str
    won: bool | None = None
    reason: Reason | None = None
    secrets: tuple[str, ...] = ()
    """Secrets gained with it: the back's at the start, the face's after the game."""


@dataclass(frozen=True, slots=True)
class TICampaign:
    """A campaign as stored: its record id, name, content file and log."""

    id: str
    name: str
    content: str | None
    played: tuple[Played, ...] = ()
    head: int = 0
    """The seq of the last stored event."""

    @property
    def secrets(self) -> tuple[str, ...]:
        """Every secret gained so far, in the order gained (TI-25)."""
        return tuple(dict.fromkeys(s for p in self.played for s in p.secrets))

    @property
    def current(self) -> Played | None:
        """The mission being played (started, no result yet)."""
        return self.played[-1] if self.played and self.played[-1].won is None else None

    def finished_missions(self) -> tuple[str, ...]:
        return tuple(p.mission for p in self.played if p.won is not None)

    def next_mission(self, content: TIContent) -> str | None:
        """The first mission of the content's campaign not played yet (TI-57)."""
        done = set(self.finished_missions())
        return next((key for key in content.campaign if key not in done), None)

    def load_content(self) -> TIContent:
        return default_content() if self.content is None else load_content_file(self.content)


def new_campaign(store: RecordKeeper, name: str, content: str | None = None) -> TICampaign:
    """A new campaign record (its content file, if given, is checked first)."""
    if not name.strip():
        raise GameParamError(f"{NAME}: campaign name: expected a name, got {name!r}")
    campaign = TICampaign("", name.strip(), content)
    loaded = campaign.load_content()
    record = store.create(KIND, campaign.name, {"game": NAME, "name": campaign.name,
                                                "content": content},
                          _summary(campaign, loaded))
    return replace(campaign, id=record)


def load_campaign(store: RecordKeeper, record_id: str) -> TICampaign:
    """A stored campaign: the snapshot and every event after it."""
    loaded = store.load(record_id)
    snapshot = loaded.snapshot
    if snapshot.get("game") != NAME:
        raise CampaignError(f"record {loaded.info.id} is not a campaign of {NAME}")
    campaign = TICampaign(loaded.info.id, str(snapshot["name"]),
                          cast(str | None, snapshot.get("content")), head=loaded.snapshot_seq)
    for seq, event in loaded.events:
        campaign = replace(_apply(campaign, event), head=seq)
    return campaign


def start_game(store: RecordKeeper, record_id: str, mission: str | None = None,
               **params: Any) -> dict[str, Any]:
    """Begin the campaign's next mission (or `mission`) and return the `load_game(
    "the_initiative", **params)` parameters of its game: the mission, the campaign's
    secrets (the back secret included, TI-25), the campaign id, and `params` (players,
    characters, seat_names, house rules). A played mission is refused (TI-57)."""
    campaign = load_campaign(store, record_id)
    content = campaign.load_content()
    reserved = sorted(RESERVED & params.keys())
    if reserved:
        raise GameParamError(f"{NAME}: {', '.join(reserved)}: set by the campaign")
    key = mission if mission is not None else campaign.next_mission(content)
    if key is None:
        raise CampaignError(f"campaign {campaign.name!r}: every mission of the campaign "
                            f"has been played ({', '.join(campaign.finished_missions())})")
    _check_playable(campaign, content, key)
    current = campaign.current
    back = content.missions[key].back_secret
    secrets = [*campaign.secrets, *([back] if back else [])]
    game = {**params, "mission": key, "secrets": list(dict.fromkeys(secrets)),
            "campaign": campaign.id}
    if campaign.content is not None:
        game["content"] = campaign.content
    build_setup(**game)  # bad params are refused before anything is stored
    if current is None:
        _append(store, campaign, content, {"type": "start", "mission": key,
                                           "secrets": [back] if back else []})
    return game


def record_result(store: RecordKeeper, record_id: str, mission: str, won: bool,
                  reason: str) -> TICampaign:
    """Write the end of the game of `mission` in the log (TI-57) and take the mission's
    face secret, win or lose (TI-25). `reason`: solved when won; wrong_answer, time or
    stall when lost."""
    campaign = load_campaign(store, record_id)
    content = campaign.load_content()
    current = campaign.current
    if current is None or current.mission != mission:
        playing = "no game" if current is None else f"mission {current.mission!r}"
        raise CampaignError(f"campaign {campaign.name!r}: {playing} is being played, so "
                            f"no result for {mission!r} can be recorded")
    if reason not in REASONS or (reason == "solved") != won:
        expected = "solved" if won else "wrong_answer, time or stall"
        raise GameParamError(f"{NAME}: result reason: expected {expected} for a "
                             f"{'won' if won else 'lost'} game, got {reason!r}")
    face = content.missions[mission].face_secret
    return _append(store, campaign, content, {"type": "result", "mission": mission,
                                              "won": won, "reason": reason,
                                              "secrets": [face] if face else []})


def _check_playable(campaign: TICampaign, content: TIContent, key: str) -> None:
    if key not in content.missions:
        raise GameParamError(f"{NAME}: mission: {key!r} is not one of "
                             f"{', '.join(content.missions)}")
    for played in campaign.played:
        if played.mission == key and played.won is not None:
            raise CampaignError(
                f"campaign {campaign.name!r}: mission {key!r} was already played "
                f"({'won' if played.won else 'lost'}); a mission is never replayed (TI-57)")
    current = campaign.current
    if current is not None and current.mission != key:
        raise CampaignError(f"campaign {campaign.name!r}: mission {current.mission!r} is "
                            "being played; record its result first")


def _append(store: RecordKeeper, campaign: TICampaign, content: TIContent,
            event: dict[str, Any]) -> TICampaign:
    after = replace(_apply(campaign, event), head=campaign.head + 1)
    status = "finished" if after.next_mission(content) is None else "active"
    store.append(campaign.id, after.head, event, status=status,
                 summary=_summary(after, content))
    return after


def _apply(campaign: TICampaign, event: dict[str, Any]) -> TICampaign:
    """One stored event's effect on the log."""
    secrets = tuple(str(s) for s in event.get("secrets", ()))
    if event["type"] == "start":
        return replace(campaign, played=(*campaign.played,
                                         Played(str(event["mission"]), secrets=secrets)))
    current = campaign.played[-1]
    done = Played(current.mission, bool(event["won"]), cast(Reason, event["reason"]),
                  current.secrets + secrets)
    return replace(campaign, played=(*campaign.played[:-1], done))


def _summary(campaign: TICampaign, content: TIContent) -> dict[str, Any]:
    return {"game": NAME, "played": len(campaign.finished_missions()),
            "won": sum(p.won is True for p in campaign.played),
            "next": campaign.next_mission(content)}


def log_lines(campaign: TICampaign, content: TIContent) -> list[str]:
    """The campaign log in words: each mission, its result and secrets, then what is
    next (TI-25: gained secrets may be read at any time)."""
    lines = [f"Campaign {campaign.name!r} ({campaign.id})"]
    for n, played in enumerate(campaign.played, 1):
        mission = content.missions.get(played.mission)
        title = mission.name if mission is not None else played.mission
        result = ("being played" if played.won is None else
                  "won" if played.won else f"lost ({played.reason.replace('_', ' ')})"
                  if played.reason else "lost")
        gained = f"; secrets: {', '.join(_secret(content, s) for s in played.secrets)}" \
            if played.secrets else ""
        lines.append(f"{n}. {title} [{played.mission}]: {result}{gained}")
    if not campaign.played:
        lines.append("No mission played yet.")
    upcoming = campaign.next_mission(content)
    lines.append("Next: " + (f"{content.missions[upcoming].name} [{upcoming}]"
                             if upcoming else "none, the campaign is over"))
    for key in campaign.secrets:
        secret = content.secrets.get(key)
        if secret is not None:
            lines.append(f"Secret {secret.title}: {secret.text}")
    return lines


def _secret(content: TIContent, key: str) -> str:
    secret = content.secrets.get(key)
    return secret.title if secret is not None else key

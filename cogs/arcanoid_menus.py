"""Arcanoid's private controls, page by page. A menu holds at most 25 options and a message 5
rows, while a hand may have hundreds of legal moves (every set of numeric cards on a battlefield,
every card the Star may call), so every move is reached in steps: the main page offers the
discards, the battlefields and the arcana; a battlefield's page its cards (a menu taking
several) and its other forms; an arcanum's page its targets or calls, one menu per suit or per
player when they are more than one menu holds (or a menu of suits or players first when even
that is too many). A daemon's master reaches the daemon's Hermit moves the same way on pages of
their own: a path or a card picker ending in `@<daemon seat>` shows only the moves carrying that
`seat`. A page lives in its controls' custom ids (table, step, page) and in its menus' values,
so it survives a restart; a page or a move of an earlier step is refused as stale by the common
routing. Pure functions of the legal moves and the view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import N_, _, pgettext
from bot.i18n import translated as tr
from cogs.arcanoid_words import field, say
from cogs.common import ButtonSpec, Control, SelectSpec
from games.arcanoid.battle import ARCANA, FIELDS
from games.arcanoid.rules import TURN_MOVES
from games.arcanoid.words import card_label
from games.base import Action, capitalised
from games.cards import card

MENU_SIZE = 25
ROWS = 5
BACK_CODE = "back"
PICK = "ck"  # a menu of cards to pick several of: ck.<field>.<mode>, ck.chariot, ck.chariot_add (+ .<daemon>)
MODES = {"plain": N_("Cards to commit on {field} (pick several)"),
         "secret": N_("Cards to commit on {field} secretly (pick several)"),
         "chariot": N_("Cards to commit on {field} with the Chariot's reserve (pick several)")}
SUIT_CALLS = {"S": N_("Call a card of swords"), "W": N_("Call a card of staves"), "C": N_("Call a card of cups"),
              "P": N_("Call a card of coins"), "T": N_("Call a card of trumps")}
OPTION_WORDS = {"visible": N_("visible"), "hidden": N_("hidden")}  # Strength's options
PICKED_GROUPS = ("chariot", "chariot_add")  # moves of any set of cards: reached by a card picker

Page = tuple[str, list[Control]]
SeatRef = int | str | None  # a daemon seat named by a page (text when damaged: the rules refuse it)


def encode(action: Action) -> str:
    """A move as a menu value (at most 100 characters): `type=commit|field=swords|cards=9S.10S`."""
    parts = []
    for key, value in action.items():
        if isinstance(value, list):
            value = ".".join(value) or "-"
        elif isinstance(value, bool):
            value = "1" if value else "0"
        parts.append(f"{key}={value}")
    return "|".join(parts)[:100]


def decode(value: str) -> Action:
    action: Action = {}
    for part in value.split("|"):
        key, _sep, raw = part.partition("=")
        if key == "cards":
            action[key] = [] if raw == "-" else raw.split(".")
        elif key in ("secret", "chariot"):
            action[key] = raw == "1"
        elif key in ("target", "seat"):
            try:
                action[key] = int(raw)
            except ValueError:
                action[key] = raw
        else:
            action[key] = raw
    return action


def is_move(value: str) -> bool:
    return value.startswith("type=")


def back_button() -> ButtonSpec:
    return ButtonSpec(_("Back to all my moves"), BACK_CODE)


def label_of(code: str) -> str:
    """A card's label in Arcanoid's menus: its Arcanoid name (8 Justice, 11 Strength), no
    orientation, in the language spoken now."""
    return tr(card_label(code))


def seat_label(view: dict[str, Any], player: Any) -> str:
    """A seat's name for a menu (the view's `_names`, set by the UI, maps ids to names)."""
    from cogs.arcanoid import seat_called

    seat = next((s for s in view["seats"] if s["player"] == player), None)
    return seat_called(seat, view.get("_names", {})) if seat else str(player)


def move_label(action: Action, view: dict[str, Any]) -> str:
    kind = action["type"]
    if kind == "commit":
        return _commit_label(action)
    if kind == "play":
        return _play_label(action, view)
    cards = " ".join(action.get("cards", []))
    said = _(KIND_WORDS[kind]) if kind in KIND_WORDS else kind.replace("_", " ").capitalize()
    return _("{move}: {cards}", move=said, cards=cards) if cards else said


# The moves a menu names by their kind alone (the Chariot's, Temperance's removal).
KIND_WORDS = {"chariot": N_("Chariot"), "chariot_add": N_("Chariot add"), "chariot_drop": N_("Chariot drop"),
              "remove_temperance": N_("Remove temperance"), "discard": N_("Discard"), "wheel": N_("Wheel")}


def _commit_label(action: Action) -> str:
    """`Swords: 9S 10S`, `Swords + cups: 3 4`, `Coins (secret): …`, `Cups: nothing (abdicate)`."""
    head = capitalised(field(action["field"]))
    if action.get("second"):
        head = _("{field} + {second}", field=head, second=field(action["second"]))
    if action.get("secret"):
        head = _("{field} (secret)", field=head)
    if action.get("chariot"):
        head = _("{field} with the Chariot's reserve", field=head)
    return _("{move}: {cards}", move=head, cards=" ".join(action["cards"]) or _("nothing (abdicate)"))


def _play_label(action: Action, view: dict[str, Any]) -> str:
    """`the Tower on Ann swords`, `the Hierophant trumps`, `the Sun KC · King of cups`,
    `Strength visible`."""
    name = tr(ARCANA[int(action["arcanum"])])
    details = []
    if "target" in action:
        details.append(say(N_("on {player}"), player=seat_label(view, action["target"])))
    if "call" in action:
        call = action["call"]
        details.append(label_of(call) if _is_card(call) else _menu_call(call))
    if "option" in action:
        option = str(action["option"])
        details.append(_(OPTION_WORDS[option]) if option in OPTION_WORDS else option)
    if "field" in action:
        details.append(field(str(action["field"])))
    return _("{arcanum} {details}", arcanum=name, details=" ".join(details)) if details else name


def _menu_call(call: str) -> str:
    """A Hierophant's call in a menu: `swords`, `trumps`, `fool`."""
    calls = {"trumps": pgettext("Hierophant's call", "trumps"), "fool": _("fool")}  # French: "atouts" (a suit: "atout")
    return calls.get(call) or field(call)


def _is_card(code: str) -> bool:
    try:
        card(code)
    except ValueError:
        return False
    return True


def _menu(placeholder: str, code: str, actions: list[Action], view: dict[str, Any]) -> SelectSpec:
    return SelectSpec(placeholder, code, tuple((move_label(a, view), encode(a)) for a in actions[:MENU_SIZE]))


def _cards_in(actions: list[Action], order: list[str]) -> list[str]:
    """Every card some of these moves use, in the order the player holds them."""
    used = {code for a in actions for code in a["cards"]}
    ranked = [c for c in order if c in used]
    return ranked + sorted(used - set(ranked))


def _picker(placeholder: str, code: str, codes: list[str], most: int | None = None) -> SelectSpec:
    codes = codes[:MENU_SIZE]
    return SelectSpec(placeholder, code, tuple((label_of(c), c) for c in codes), 1,
                      min(most or len(codes), len(codes)))


def held_order(view: dict[str, Any], seat: SeatRef = None) -> list[str]:
    """The cards the player (or their daemon `seat`) may use, in the order they hold them."""
    held = view["me"] if seat is None else next((s for s in view["seats"] if s["player"] == seat), {})
    return [card(c).face.code for c in (held.get("hand") or []) + held.get("visible", []) + (view.get("justice") or [])]


def scoped(path: str, seat: SeatRef) -> str:
    """A page's path, on the pages of a daemon's Hermit moves when `seat` names one."""
    return path if seat is None else f"{path}@{seat}"


def _seat_of(scope: str) -> SeatRef:
    """The daemon a path or picker names (a damaged one stays text: the rules refuse it)."""
    if not scope:
        return None
    try:
        return int(scope)
    except ValueError:
        return scope


# --- the main page -------------------------------------------------------------------------


def group_of(action: Action) -> str:
    return str(action["arcanum"]) if action["type"] == "play" else action["type"]


def group_label(group: str) -> str:
    if group.isdigit():
        return _("{arcanum} ({number})", arcanum=tr(ARCANA[int(group)]), number=group)
    labels = {**KIND_WORDS, "chariot": N_("The Chariot: put it down with cards in reserve"),
              "chariot_add": N_("The Chariot: add one or two cards")}
    return _(labels[group]) if group in labels else group.replace("_", " ").capitalize()


def turn_menus(moves: list[Action], view: dict[str, Any], seat: SeatRef = None) -> list[Control]:
    """The main page's menus: discard, the battlefields, the arcana (pages or single moves);
    with `seat`, those of that daemon's Hermit move."""
    menus: list[Control] = []
    discards = [a for a in moves if a["type"] == "discard"]
    if discards and seat is None:
        menus.append(SelectSpec(_("Discard a card (face down)"), "discard",
                                tuple((label_of(a["card"]), a["card"]) for a in discards[:MENU_SIZE])))
    elif discards:
        menus.append(SelectSpec(_("Discard one of its cards (face down)"), "mv0",
                                tuple((label_of(a["card"]), encode(a)) for a in discards[:MENU_SIZE])))
    fields = [f for f in FIELDS if any(a["type"] == "commit" and a["field"] == f for a in moves)]
    if fields:
        menus.append(SelectSpec(_("Commit on a battlefield…"), "go1", tuple(
            (_("{field}: choose the cards or the form", field=capitalised(field(f))), scoped(f"f.{f}", seat))
            for f in fields)))
    groups: dict[str, list[Action]] = {}
    for action in moves:
        if action["type"] not in ("discard", "commit"):
            groups.setdefault(group_of(action), []).append(action)
    if groups:
        options = [(move_label(acts[0], view), encode(acts[0])) if len(acts) == 1 and group not in PICKED_GROUPS
                   else (group_label(group) + "…", scoped(f"a.{group}", seat)) for group, acts in groups.items()]
        menus.append(SelectSpec(_("Play an arcanum…"), "go2", tuple(options[:MENU_SIZE])))
    return menus


# --- the further pages ---------------------------------------------------------------------


def page(path: str, legal: list[Action], view: dict[str, Any]) -> Page | None:
    """The page at `path` (`f.<field>`, `a.<group>`, `a.<group>.<part>`, or `m`, the main page
    of a daemon's Hermit moves; each may end in `@<daemon seat>`); None: no such page now (the
    main page is shown instead)."""
    path, _sep, scope = path.partition("@")
    seat = _seat_of(scope)
    kind, _sep, rest = path.partition(".")
    moves = [a for a in legal if a["type"] in TURN_MOVES and a.get("seat") == seat]
    if kind == "m" and seat is not None and moves:
        text = _("**A Hermit move for {player}**, out of turn (it spends one of its Hermit's moves): choose below.",
                 player=seat_label(view, seat))
        return text, [*turn_menus(moves, view, seat)[:ROWS - 1], back_button()]
    if kind == "f" and rest in FIELDS:
        return field_page(rest, [a for a in moves if a["type"] == "commit" and a["field"] == rest], view, seat)
    if kind == "a" and rest:
        group, _sep, part = rest.partition(".")
        actions = [a for a in moves if a["type"] not in ("discard", "commit") and group_of(a) == group]
        if actions:
            return arcanum_page(group, part, actions, view, seat)
    return None


def main_menus(legal: list[Action], view: dict[str, Any]) -> list[Control]:
    """The main page's menus for the player's own moves, then the way to their daemons'."""
    own = [a for a in legal if a["type"] in TURN_MOVES and "seat" not in a]
    return turn_menus(own, view) + daemon_menu(legal, view)


def daemon_menu(legal: list[Action], view: dict[str, Any]) -> list[Control]:
    """The way into the pages of a daemon's Hermit moves, one entry per daemon that may move."""
    daemons = list(dict.fromkeys(a["seat"] for a in legal if a["type"] in TURN_MOVES and "seat" in a))
    if not daemons:
        return []
    return [SelectSpec(_("Your daemon's Hermit: a move out of turn…"), "go4", tuple(
        (_("A move for {player} (its Hermit)", player=seat_label(view, d)), scoped("m", d)) for d in daemons[:MENU_SIZE]))]


def field_page(name: str, commits: list[Action], view: dict[str, Any], seat: SeatRef = None) -> Page | None:
    if not commits:
        return None
    controls: list[Control] = []
    order = held_order(view, seat)
    where = field(name)
    for mode, placeholder in MODES.items():
        picked = [a for a in commits if a["cards"] and "second" not in a and _mode(a) == mode]
        if picked:
            controls.append(_picker(_(placeholder, field=where), _picker_code(f"{name}.{mode}", seat),
                                    _cards_in(picked, order)))
    others = [a for a in commits if not a["cards"] or "second" in a]
    if others:
        controls.append(_menu(_("Other ways on {field}: abdicate, a couple on two fields…", field=where), "mv1", others,
                              view))
    if seat is None:
        text = _("**Commit on {field}** — pick the cards in a menu (several at once: the rules check the form), or "
                 "choose another way below.", field=where)
    else:
        text = _("**Commit on {field} for {player}** — pick the cards in a menu (several at once: the rules check "
                 "the form), or choose another way below.", field=where, player=seat_label(view, seat))
    return text, [*controls[:ROWS - 1], back_button()]


def _picker_code(what: str, seat: SeatRef) -> str:
    return f"{PICK}.{what}" if seat is None else f"{PICK}.{what}.{seat}"


def _mode(action: Action) -> str:
    return "secret" if action.get("secret") else "chariot" if action.get("chariot") else "plain"


def arcanum_page(group: str, part: str, actions: list[Action], view: dict[str, Any], seat: SeatRef = None) -> Page:
    title = group_label(group) if seat is None else _("{move} for {player}", move=group_label(group),
                                                                   player=seat_label(view, seat))
    if group in PICKED_GROUPS:
        return _("**{move}** — pick the cards.", move=title), [*_chariot_controls(group, actions, view, seat),
                                                               back_button()]
    if len(actions) <= MENU_SIZE:
        return _("**{move}** — choose how.", move=title), [_menu(_("Choose"), "mv1", actions, view), back_button()]
    parts = split(actions, view)
    if part:
        chosen = parts.get(part)
        if chosen is None:
            return arcanum_page(group, "", actions, view, seat)
        return (_("**{move}** — {part}.", move=title, part=chosen[0]),
                [_menu(chosen[0], "mv1", chosen[1], view), back_button()])
    if len(parts) < ROWS and all(len(acts) <= MENU_SIZE for _label, acts in parts.values()):
        menus: list[Control] = [_menu(label, f"mv{i}", acts, view) for i, (label, acts) in enumerate(parts.values(), 1)]
        return _("**{move}** — choose in one of the menus.", move=title), [*menus, back_button()]
    options = tuple((label, scoped(f"a.{group}.{key}", seat)) for key, (label, _acts) in parts.items())
    return _("**{move}** — choose first which.", move=title), [SelectSpec(_("Which…"), "go3", options[:MENU_SIZE]),
                                                                back_button()]


def split(actions: list[Action], view: dict[str, Any]) -> dict[str, tuple[str, list[Action]]]:
    """Too many moves for one menu: by the suit of the card called, else by the player aimed at."""
    key: Callable[[Action], str]
    if all("call" in a for a in actions):
        key = _call_suit
        labels = {k: _(SUIT_CALLS[k]) for k in SUIT_CALLS}
    else:
        key = _target
        labels = {_target(a): _("Aim at {player}", player=seat_label(view, a.get("target"))) for a in actions}
    parts: dict[str, tuple[str, list[Action]]] = {}
    for action in actions:
        k = key(action)
        parts.setdefault(k, (labels.get(k, k), []))[1].append(action)
    return parts


def _call_suit(action: Action) -> str:
    call = str(action["call"])
    return "T" if call.isdigit() else call[-1]


def _target(action: Action) -> str:
    return str(action.get("target", "-"))


def _chariot_controls(group: str, actions: list[Action], view: dict[str, Any], seat: SeatRef) -> list[Control]:
    codes = _cards_in([a for a in actions if a["cards"]], held_order(view, seat))
    controls: list[Control] = []
    if codes:
        placeholder = (_("Cards to hold in the Chariot's reserve (pick several)") if group == "chariot"
                       else _("One or two cards to add to the Chariot"))
        controls.append(_picker(placeholder, _picker_code(f"{group}.-", seat) if seat is not None else f"{PICK}.{group}",
                                codes, 2 if group == "chariot_add" else None))
    empty = [a for a in actions if not a["cards"]]
    if empty:
        controls.append(_menu(_("Or put the Chariot down holding nothing"), "mv1", empty, view))
    return controls


def picked_action(code: str, values: list[str]) -> Action:
    """The move a card picker's choice stands for (`ck.<field>.<mode>`, `ck.chariot`…, with
    `.<daemon seat>` after the mode for a daemon's Hermit move); a damaged code gives a move
    the rules refuse."""
    _code, _sep, rest = code.partition(".")
    first, _sep, rest = rest.partition(".")
    mode, _sep, scope = rest.partition(".")
    action: Action = {"type": first, "cards": list(values)} if first in PICKED_GROUPS else \
        {"type": "commit", "field": first, "cards": list(values)}
    if first not in PICKED_GROUPS and mode in ("secret", "chariot"):
        action[mode] = True
    seat = _seat_of(scope)
    if seat is not None:
        action["seat"] = seat
    return action


def call_menus(legal: list[Action]) -> list[Control]:
    """A further call of the Moon or Sun: one menu per suit (every minor card reachable)."""
    calls = [a for a in legal if a["type"] == "call" and a["card"] is not None]
    by_suit: dict[str, list[str]] = {}
    for action in calls:
        by_suit.setdefault(_call_suit({"call": action["card"]}), []).append(action["card"])
    menus: list[Control] = [SelectSpec(_(SUIT_CALLS[s]), f"call{i}", tuple((label_of(c), c) for c in codes[:MENU_SIZE]))
                            for i, (s, codes) in enumerate(by_suit.items(), 1)]
    return menus[:ROWS - 1]

"""The French catalogs read as one French text (issue 30): a text several catalogs hold is
translated one way, commands are quoted by the names a French member types, French punctuation
(a space before : ; ! ?), and elision where a template meets a name ("d’alice", not "de alice")."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from discord import app_commands

from bot import i18n
from bot.i18n_commands import DESCRIPTION, NAME, OPTION, OPTION_HELP, cog_commands, command_name, localized
from games.elision import elided
from locales import extract
from renders.words import Words

# Texts translated differently by different catalogs on purpose. Only a command's texts may be:
# the Translator looks each command up in its own game's catalog first (`pgettext_in`), whereas
# every other text is looked up in all the catalogs merged, where one translation wins and the
# other game would show it.
COMMAND_CONTEXTS = {NAME, DESCRIPTION, OPTION, OPTION_HELP, "choice"}
DIFFERENT_ON_PURPOSE = {
    ("command name", "call"),  # /tarot appeler (a king), /poker suivre, /rami frapper (knock)
    ("command name", "discard"),  # tarot, loc and arcanoid: écart (face down); /poker écarter; /rami défausser
    ("option name", "target"),  # /rami's objectif (points to reach), /arcanoid's cible (a seat)
    ("choice", "all"),  # /rami melds: toutes (les combinaisons); common's and loc's timing: toujours
}


def french_catalog() -> Iterator[tuple[str, tuple[str | None, str | tuple[str, ...]], tuple[str, ...]]]:
    """(domain, (context, msgid), its forms) for every translated French entry (a plural's
    msgid: its English forms, looked up apart from a text of the same singular alone)."""
    for po in sorted((i18n.LOCALES / "fr" / "LC_MESSAGES").glob("*.po")):
        for message in extract.read(po, "fr"):
            if message.id and message.string:
                forms = message.string if isinstance(message.string, tuple) else (message.string,)
                yield po.stem, (message.context, message.id), tuple(forms)


def french_entries() -> Iterator[tuple[str, tuple[str | None, str | tuple[str, ...]], str]]:
    """(domain, (context, msgid), translation) for every form of every translated French entry."""
    for domain, key, forms in french_catalog():
        for string in forms:
            yield domain, key, string


def test_a_text_several_catalogs_hold_is_translated_one_way():
    found: dict[tuple[str | None, str | tuple[str, ...]], dict[tuple[str, ...], set[str]]] = {}
    for domain, key, forms in french_catalog():
        found.setdefault(key, {}).setdefault(forms, set()).add(domain)
    differing = {key: ways for key, ways in found.items() if len(ways) > 1 and key not in DIFFERENT_ON_PURPOSE}
    assert not differing, "\n".join(f"{key}: {ways}" for key, ways in differing.items())
    assert all(context in COMMAND_CONTEXTS for context, _ in DIFFERENT_ON_PURPOSE), "only commands are looked up by game"
    assert all(len(found[key]) > 1 for key in DIFFERENT_ON_PURPOSE), "an allowed difference that is gone: drop it"


def french_commands() -> dict[str, set[str]]:
    """Every French top-level command name with the French names of its subcommands."""
    found: dict[str, set[str]] = {}
    for top in cog_commands():
        name = localized(NAME, top.name, "fr", top.name) or top.name
        subs = top.commands if isinstance(top, app_commands.Group) else []
        found[name] = {localized(NAME, sub.name, "fr", top.name) or sub.name for sub in subs}
    return found


def english_subcommands() -> set[str]:
    return {sub.name for top in cog_commands() if isinstance(top, app_commands.Group) for sub in top.commands}


# "/tarot créer", "`/poker parole | suivre`", "/{command} créer": a command and what follows it.
QUOTED = re.compile(r"(?<![\w<:/.])/([\w-]+|\{\w+\}|<\w+>)((?: ?\| ?[\w-]+| [\w-]+(?: ?\| ?[\w-]+)*)?)")


def quoted_commands(text: str) -> Iterator[tuple[str, list[str]]]:
    for found in QUOTED.finditer(text):
        yield found.group(1), [word.strip() for word in found.group(2).split("|") if word.strip()]


def test_quoted_commands_are_the_ones_a_french_member_types():
    commands, english = french_commands(), english_subcommands()
    wrong = []
    for domain, (context, _msgid), string in french_entries():
        if context in COMMAND_CONTEXTS:
            continue
        for top, words in quoted_commands(string):
            if top.startswith(("{", "<")):  # `/{command} créer`: the command filled in (`command_name`)
                subs = set().union(*commands.values())
            elif top not in commands:
                wrong.append(f"{domain}: /{top} is no French command: {string[:80]!r}")
                continue
            else:
                subs = commands[top]
            # a word after the command is a subcommand when it names one (else it is the sentence's)
            wrong += [f"{domain}: /{top} {word}: {string[:80]!r}" for word in words
                      if word in english - subs and (subs or top.startswith(("{", "<")))]
    assert not wrong, "\n".join(wrong)


def test_the_quoted_commands_are_found():
    """The scan above sees what it should (a test that can fail)."""
    assert list(quoted_commands("ouvrez-en une avec /<jeu> create, p. ex. `/tarot créer`")) == [
        ("<jeu>", ["create"]), ("tarot", ["créer"])]
    assert list(quoted_commands("`/poker parole | call` puis /table join.")) == [("poker", ["parole", "call"]),
                                                                                  ("table", ["join"])]
    assert "create" in english_subcommands() and "créer" in french_commands()["rami"]


def test_a_filled_in_command_is_named_in_the_reader_s_language():
    assert command_name("rummy") == "rummy"
    with i18n.speaking("fr"):
        assert command_name("rummy") == "rami" and command_name("tarot") == "tarot"
    with i18n.speaking(i18n.PSEUDO):
        assert command_name("rummy") == "rummy"


# What may stand against a colon: a {field}, `code`, a link, a ratio (3:2), a time (12:30).
UNSPACED = re.compile(r"[^\s\u00a0\u202f]([:;!?])")
NOT_PROSE = re.compile(r"\{[^{}]*\}|`[^`]*`|https?://\S+|<[^<>]*>|\d:\d")


def test_french_punctuation_has_a_space_before_colons_semicolons_and_marks():
    """French writes "1 manche : 3 gagnées" — with the plain space the catalogs use (627 of them
    and no other), so the texts read alike."""
    wrong = [f"{domain}: {string!r}" for domain, _key, string in french_entries()
             if UNSPACED.search(NOT_PROSE.sub(" ", string))]
    assert not wrong, "\n".join(wrong)
    spaces = {found.group(1) for _, _, s in french_entries() for found in re.finditer(r"(\s)[:;!?]", NOT_PROSE.sub("", s))}
    assert spaces == {" "}, spaces


def test_french_joins_its_own_punctuation_where_the_code_puts_texts_together():
    with i18n.speaking("fr"):
        assert i18n.labelled("1 donne", "1 gagnée") == "1 donne : 1 gagnée"
        assert i18n.listed(["points 41", "différence +5"]) == "points 41 ; différence +5"
    assert i18n.labelled("1 hand", "1 won") == "1 hand: 1 won"
    assert i18n.listed(["points 41", "difference +5"]) == "points 41; difference +5"


@pytest.mark.parametrize(("name", "daemon"), [("alice", "Démon d’alice"), ("bob", "Démon de bob"),
                                              ("Élodie", "Démon d’Élodie"), ("Hélène", "Démon d’Hélène"),
                                              ("Yves", "Démon d’Yves"), ("Yann", "Démon de Yann"),
                                              ("42", "Démon de 42"), ("🦊", "Démon de 🦊")])
def test_a_name_opening_with_a_vowel_is_elided(name, daemon):
    with i18n.speaking("fr"):
        assert i18n._("Daemon of {player}", player=name) == daemon
    assert i18n.translate("Daemon of {player}", "en", player=name) == f"Daemon of {name}"


def test_elision_in_messages_refusals_and_images():
    from games.base import IllegalAction, Text

    with i18n.speaking("fr"):
        assert i18n._("you are not seated at any {game} table", game="Arcanoid").endswith("table d’Arcanoid")
        assert i18n._("you are not seated at any {game} table", game="Tarot").endswith("table de Tarot")
        refusal = IllegalAction(Text("it is not your turn: {player} is playing", player="Ann"))
        assert i18n.refusal(refusal) == "ce n’est pas votre tour : c’est à Ann de jouer"
        words = Words({"Daemon of {player}": i18n.template("Daemon of {player}")})
    words.language = "fr"
    assert words("Daemon of {player}", player="alice") == "Démon d’alice"
    assert words("Daemon of {player}", player="bob") == "Démon de bob"


def test_elision_keeps_case_marks_and_leaves_other_words_alone():
    assert elided("Au tour de **{player}**.", {"player": "Ann"}, "fr") == "Au tour d’**{player}**."
    assert elided("De {player} : rien", {"player": "Ann"}, "fr") == "D’{player} : rien"
    assert elided("plus fort que {trump}", {"trump": "atout 21"}, "fr") == "plus fort qu’{trump}"
    assert elided("sur les {field}", {"field": "épées"}, "fr") == "sur les {field}"  # "les" does not elide
    assert elided("mode {player}", {"player": "Ann"}, "fr") == "mode {player}"  # "de" inside a word
    assert elided("Daemon of {player}", {"player": "Ann"}, "en") == "Daemon of {player}"


def test_a_profile_s_record_line_is_punctuated_the_french_way():
    """/profile's "1 round: 1 won, 0 lost" reads "1 manche : …" in French (it was "1 manche: …")."""
    from bot.records import GameRecord
    from cogs.records import game_lines

    record = GameRecord("blackjack", played=1, won=1, lost=0, pushed=0, net=10, best_win=10, streak=1, best_streak=1)
    assert game_lines(record)[0] == "1 round: 1 won, 0 lost, 0 pushes"
    with i18n.speaking("fr"):
        first = game_lines(record)[0]
    assert first.startswith("1 manche : ") and not re.search(r"\S:", first), first

"""The sandbox's home page answers only the page itself: a Host other than the loopback
address it printed (DNS rebinding), or an Origin, Referer or browser-declared cross-site request
from another web page, is refused with 403 — and a refused request changes nothing (the preview
stays on its channel)."""

from __future__ import annotations

import http.client
from urllib.parse import urlsplit

import pytest

from bot.sandbox import foreign_request
from tests.sandbox.helpers import Sandbox

ADDRESS = "http://127.0.0.1:8123/"
OWN = {"Host": "127.0.0.1:8123"}


@pytest.mark.parametrize("headers", [
    OWN,
    {**OWN, "Origin": "http://127.0.0.1:8123"},
    {**OWN, "Referer": "http://127.0.0.1:8123/"},
    {**OWN, "Referer": "http://127.0.0.1:8123/channel/dm", "Sec-Fetch-Site": "same-origin"},
    {**OWN, "Sec-Fetch-Site": "none"},  # typed in the address bar, or a bookmark
])
def test_the_page_itself_is_served(headers):
    assert foreign_request(headers, ADDRESS) is None


@pytest.mark.parametrize("headers", [
    {},
    {"Host": "evil.example:8123"},
    {"Host": "localhost:8123"},  # not the address printed
    {"Host": "127.0.0.1:8124"},
    {**OWN, "Origin": "http://evil.example"},
    {**OWN, "Origin": "null"},
    {**OWN, "Origin": "http://127.0.0.1:9999"},  # another loopback server: another origin
    {**OWN, "Referer": "http://evil.example/page"},
    {**OWN, "Referer": "http://127.0.0.1:81234/"},
    {**OWN, "Sec-Fetch-Site": "cross-site"},  # an <img> on another site, even with no Referer
    {**OWN, "Sec-Fetch-Site": "same-site"},
])
def test_anything_else_is_refused(headers):
    assert foreign_request(headers, ADDRESS) is not None


def get(address: str, path: str, headers: dict[str, str]) -> tuple[int, str]:
    where = urlsplit(address)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=20)
    try:
        connection.putrequest("GET", path, skip_host=True)
        for name, value in headers.items():
            connection.putheader(name, value)
        connection.endheaders()
        answer = connection.getresponse()
        return answer.status, answer.getheader("Location") or answer.read().decode()
    finally:
        connection.close()


def test_the_running_sandbox_refuses_foreign_requests_with_403(tmp_path):
    sandbox = Sandbox(tmp_path)
    try:
        host = {"Host": urlsplit(sandbox.address).netloc}
        status, home = get(sandbox.address, "/", host)
        assert status == 200 and "Tarot Table — sandbox" in home
        status, first = get(sandbox.address, "/channel/blackjack", host)
        assert status == 303
        foreign = [
            {"Host": "rebound.example:" + str(urlsplit(sandbox.address).port)},
            {**host, "Origin": "http://evil.example"},
            {**host, "Referer": "http://evil.example/a-page"},
            {**host, "Sec-Fetch-Site": "cross-site"},
        ]
        for headers in foreign:
            for path in ("/", "/channel/dm"):
                status, body = get(sandbox.address, path, headers)
                assert status == 403, (headers, path, status)
                assert "Open Tables" not in body and "sqlite3" not in body
        status, again = get(sandbox.address, "/channel/blackjack", host)
        assert status == 303 and again == first, "the refused requests did not move the preview off its channel"
        assert sandbox.interrupt() == 0, "".join(sandbox.output)
    finally:
        sandbox.kill()

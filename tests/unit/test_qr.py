"""QR codes of join links: drawn by segno for this server's join links only, and the code
read back by a QR decoder (zxing-cpp) is the link."""

from __future__ import annotations

import io
import re

import pytest
import segno
import zxingcpp
from PIL import Image

from gateway import qr
from rulekit import Refusal

HOSTS = {"play.example.org", "127.0.0.1:8080"}
LINK = "https://play.example.org/r/K7QM2#invite=" + "Ab_-9" * 6


def _decoded(text: str) -> str:
    out = io.BytesIO()
    segno.make(text, error="m", micro=False, boost_error=False).save(out, kind="png", scale=4, border=4)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(out.getvalue())))
    assert len(found) == 1
    return found[0].text


@pytest.mark.parametrize("link", [LINK, "http://127.0.0.1:8080/r/23456", "https://PLAY.example.org/r/ZZZZZ"])
def test_a_join_link_is_drawn_and_reads_back(link: str) -> None:
    assert qr.check_join_link(link, HOSTS) == link
    svg = qr.qr_svg(link).decode()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ') and 'class="qr"' in svg
    assert "width=" not in svg  # the stylesheet sizes it
    # The symbol's side plus a quiet zone of four modules on each side.
    side = int(re.search(r'viewBox="0 0 (\d+) \d+"', svg).group(1))
    assert side == segno.make(link, error="m", micro=False, boost_error=False).symbol_size(border=4)[0]
    assert _decoded(link) == link


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        42,
        ["https://play.example.org/r/K7QM2"],
        "https://evil.example/r/K7QM2",
        "https://play.example.org.evil.example/r/K7QM2",
        "https://user@play.example.org/r/K7QM2",
        "ftp://play.example.org/r/K7QM2",
        "javascript:alert(1)",
        "https://play.example.org/",
        "https://play.example.org/r/K7QM",
        "https://play.example.org/r/K7QM0",
        "https://play.example.org/r/K7QM2/x",
        "https://play.example.org/r/K7QM2?x=1",
        "https://play.example.org/r/K7QM2#other=1",
        "https://play.example.org/r/K7QM2#invite=<script>",
        "https://play.example.org/r/K7QM2#invite=" + "a" * 300,
        "https://[::1/r/K7QM2",
    ],
)
def test_anything_but_a_join_link_is_refused(text: object) -> None:
    with pytest.raises(Refusal) as refused:
        qr.check_join_link(text, HOSTS)
    assert refused.value.code == "bad_request"

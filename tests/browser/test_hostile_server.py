"""One visitor against the server itself (what it holds open before any page is drawn), run
against the app directly and, when Debian's nginx is there, through the reverse proxy of
``deploy/`` (:mod:`tests.browser.front`). The hostile visitor connects from 127.0.0.2, the other
visitors from 127.0.0.1 (both the loopback). Figures are printed (``pytest -rP``)."""

from __future__ import annotations

import json
import random
import resource
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import websocket
from playwright.sync_api import Browser, expect

from .conftest import ROOT, App, serve
from .front import Front, fronts
from .kernel import KernelChannel, cookie_header, first_visit, kernel_id, kernel_pid, kernels_of
from .pages import PLAY, PROGRESS, READY_TIMEOUT_MS, open_part, play_first, wait_ready
from .test_hostile import GAME, OTHER, get

HALF_OPEN = 1100  # connections the hostile visitor opens (the server may have 1,024 files)
NOFILE = 1024


def cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / 100  # utime + stime, in clock ticks


@pytest.fixture(params=["direct", "nginx"])
def front(request: pytest.FixtureRequest) -> Iterator[Front]:
    # one preheated kernel per page, not the machine-sized default (ten per page here), which
    # would go on warming pages nobody opens all through the test
    with fronts(request.param, "voila-connections", TUTOR_IDLE_SECONDS="10",
                TUTOR_POOL_SIZE="1") as f:
        yield f


def open_half(host: str, port: int, count: int) -> list[socket.socket]:
    """``count`` connections from :data:`OTHER` that each send a request line and the start of a
    header, then nothing more."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < count + 200:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 500), hard))
    held = []
    for _ in range(count):
        s = socket.socket()
        s.settimeout(5)
        try:
            s.bind((OTHER, 0))
            s.connect((host, port))
            s.sendall(b"GET /voila/render/index.ipynb HTTP/1.1\r\nHost: x\r\nX-a: ")
        except OSError:
            s.close()
            continue
        held.append(s)
    return held


def closed_by_server(s: socket.socket) -> bool:
    s.settimeout(0)
    try:
        return s.recv(1) == b""
    except BlockingIOError:
        return False
    except OSError:
        return True


def test_idle_half_open_connections_leave_other_visitors_served(front: Front) -> None:
    app = front.app
    # the server with the usual limit of open files
    resource.prlimit(app.pid, resource.RLIMIT_NOFILE, (NOFILE, NOFILE))
    log_before = app.log.stat().st_size
    cpu_before, started = cpu_seconds(app.pid), time.monotonic()
    held = open_half(front.host, front.port, HALF_OPEN)
    opened = time.monotonic() - started
    try:
        waits = []
        for _ in range(3):  # another visitor, meanwhile
            t = time.monotonic()
            status, body, _ = get(front.url, "/", source="127.0.0.1")
            waits.append(time.monotonic() - t)
            assert status in (200, 301, 302), body[:300]
        time.sleep(1)
        # the half-open connections are dropped after the header timeout (10 s here)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not all(closed_by_server(s) for s in held):
            time.sleep(1)
        dropped = sum(closed_by_server(s) for s in held)
        spent = time.monotonic() - started
        cpu = cpu_seconds(app.pid) - cpu_before
        logged = app.log.stat().st_size - log_before
        t = time.monotonic()
        status, _, _ = get(front.url, "/", source=OTHER)
        after = time.monotonic() - t
    finally:
        for s in held:
            s.close()
    print(f"[{front.name}] {len(held)} half-open connections from one address opened in "
          f"{opened:.1f} s (server limited to {NOFILE} open files): another visitor served in "
          f"{max(waits):.2f} s at worst (goal 5 s); {dropped} dropped by the server within "
          f"{spent:.0f} s; server CPU {cpu:.1f} s over {spent:.0f} s; log +{logged} bytes "
          f"(goal under 1 MB); the attacker's address served again in {after:.2f} s")
    assert max(waits) < 5
    assert dropped == len(held), "idle connections are closed after the header timeout"
    assert logged < 1_000_000
    assert cpu < 0.5 * spent, "the server does not spin"
    assert status in (200, 301, 302)
    assert "Traceback" not in app.log.read_bytes()[log_before:].decode(errors="replace")


@pytest.fixture(params=["direct", "nginx"])
def small(request: pytest.FixtureRequest) -> Iterator[Front]:
    """A server of 6 kernels at most, 3 for one address; its log keeps every line (the tests
    read the refusals there; the per-client log limit is tested in test_hostile.py)."""
    with fronts(request.param, "voila-address", TUTOR_MAX_KERNELS="6", TUTOR_POOL_SIZE="1",
                TUTOR_ADDRESS_KERNELS="3", TUTOR_ADDRESS_PENDING="10",
                TUTOR_LOG_LINES_PER_MINUTE="100000") as f:
        yield f


def channel_refused(front: Front, kid: str, cookie: str) -> bool:
    """Whether the server refuses a kernel websocket to ``kid`` with this ``Cookie`` header."""
    url = f"ws://{front.host}:{front.port}/api/kernels/{kid}/channels?session_id=x"
    try:
        ws = websocket.create_connection(url, timeout=30, cookie=cookie or None)
    except websocket.WebSocketBadStatusException as exc:
        return exc.status_code == 403
    ws.close()
    return False


def test_one_address_never_holds_more_kernels_than_its_limit(small: Front) -> None:
    app = small.app
    statuses, channels = [], []
    try:
        for _ in range(8):  # a new client each time (no cookie kept), its page connected
            status, body, headers = get(small.url, f"/voila/render/{GAME}")
            statuses.append(status)
            if status != 200:
                assert "Votre adresse tient déjà 3 pages du tuteur" in body, body[:500]
                continue
            cookie = cookie_header(headers.get_all("Set-Cookie") or [])
            channels.append(KernelChannel(small.url, kernel_id(body), cookie))
        held = len(kernels_of(app.pid))
        # another visitor is served meanwhile
        page_html, cookie = first_visit(f"{small.url}/voila/render/{GAME}")
        learner = KernelChannel(small.url, kernel_id(page_html), cookie)
        learner.close()
    finally:
        for channel in channels:
            channel.close()
    print(f"[{small.name}] one address, 8 cookie-less pages with their websockets open: "
          f"{statuses.count(200)} served, {statuses.count(429)} refused (429, French page); "
          f"{held} kernels running of 6; another visitor served")
    assert statuses.count(200) == 3 and statuses.count(429) == 5


def test_a_kernel_id_alone_neither_opens_drives_nor_stops_a_page(small: Front) -> None:
    app = small.app
    page_html, cookie = first_visit(f"{small.url}/voila/render/{GAME}")
    kid = kernel_id(page_html)
    pid = kernel_pid(kid)
    assert pid is not None
    _, _, other = get(small.url, "/voila/render/index.ipynb")
    other_cookie = cookie_header(other.get_all("Set-Cookie") or [])
    assert channel_refused(small, kid, ""), "no cookie: refused"
    assert channel_refused(small, kid, other_cookie), "another client's cookie: refused"
    assert not channel_refused(small, kid, cookie), "the page's own client: accepted"
    # a message a page never sends, even from its own client: dropped, the kernel lives on
    channel = KernelChannel(small.url, kid, cookie)
    try:
        channel.send("shutdown_request", {"restart": False}, channel="control")
        channel.send("interrupt_request", {}, channel="control")
        time.sleep(3)
        info = channel.send("kernel_info_request", {})
        assert any(m["parent_header"].get("msg_id") == info
                   for m in channel.reply_to(info, reply=True))
    finally:
        channel.close()
    assert Path(f"/proc/{pid}").exists(), "the kernel was not stopped"
    # Voilà's query-string socket (unused by the tutor) is not served
    status, body, _ = get(small.url, f"/voila/query/{kid}")
    assert status == 404 and "Cette page n’existe pas." in body
    log = app.log.read_text(errors="replace")
    assert f"Connexion au noyau {kid} refusée" in log
    assert "Message shutdown_request refusé" in log
    print(f"[{small.name}] kernel websocket: refused without the cookie and with another "
          "client's (403), accepted with its own; shutdown_request and interrupt_request "
          "dropped; /voila/query/<id> answers the French 404")


def test_another_site_pointing_images_at_game_pages_locks_nobody_out(browser: Browser) -> None:
    # no preheated kernels (TUTOR_POOL_SIZE=0): no pool filling in the background, so every
    # kernel that runs was started for a request (the refusal comes before any kernel is taken,
    # pooled or not), and the test need not wait for five low-priority kernels to warm
    with serve("voila-images", TUTOR_POOL_SIZE="0") as app:
        before = len(kernels_of(app.pid))
        assert before == 0, "no kernel without a page"
        page = browser.new_page()
        # another site (a page of another origin) with 12 images pointing at game pages
        images = "".join(f'<img src="{app.url}/voila/render/{GAME}?i={i}">' for i in range(12))
        page.set_content(f"<!doctype html><title>ailleurs</title>{images}")
        page.wait_for_load_state("load")
        status, body, _ = get(app.url, f"/voila/render/{GAME}", source="127.0.0.1",
                              headers={"Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors"})
        assert status == 403 and "Les pages du tuteur s’ouvrent dans un onglet" in body
        started = len(kernels_of(app.pid)) - before
        # the learner of that address opens a game page in a tab: served
        response = page.goto(f"{app.url}/voila/render/{GAME}", timeout=READY_TIMEOUT_MS)
        assert response is not None and response.status == 200
        wait_ready(page, whole=False)
        page.close()
        print(f"12 <img> of another site pointing at a game page: {started} kernel(s) started "
              "for them; the learner's own navigation then served (200)")
        assert started <= 0


def fuzzed_paths(count: int = 200) -> list[str]:
    """Addresses of every shape the server routes, mistyped, truncated or with odd bytes."""
    rng = random.Random(63)
    prefixes = ["/", "/voila/", "/voila/render/", "/voila/static/", "/voila/labextensions/",
                "/voila/templates/", "/voila/templates/tutor/static/", "/voila/files/",
                "/voila/api/shutdown/", "/api/", "/api/kernels/", "/voila/query/",
                "/voila/tree/", "/static/", "/voila/nbextensions/"]
    pieces = ["index.ipynb", GAME, "inconnu.ipynb", "..", "%2e%2e", "%00", "%ff", "%c3%28",
              "x" * 300, "a b", "%20", "é", "%", "%zz", "\\", ";", "?", "#", "//", "~",
              "00000000-0000-0000-0000-000000000000", "lab", "static", "x.png", "x.js"]
    out = ["/voila/render/%00", "/voila/render/a%ff.ipynb", "/voila/render/index.ipynb/x",
           "/voila/render/inconnu.ipynb", "/voila/static/x", "/voila/files/x.png",
           "/voila/templates/tutor/static/x", "/voila/labextensions/x"]
    while len(out) < count:
        path = rng.choice(prefixes) + "/".join(rng.choice(pieces)
                                               for _ in range(rng.randint(1, 3)))
        out.append(path.replace(" ", "%20").replace("é", "%C3%A9").replace("#", "%23"))
    return out


def test_every_error_is_a_french_page_with_the_csp_and_no_traceback(app: App) -> None:
    since = app.log.stat().st_size
    statuses: dict[int, int] = {}
    for path in fuzzed_paths():
        status, body, headers = get(app.url, path, source="127.0.0.1",
                                    headers={"Sec-Fetch-Dest": "document",
                                             "Sec-Fetch-Mode": "navigate"})
        statuses[status] = statuses.get(status, 0) + 1
        csp = headers.get("Content-Security-Policy") or ""
        assert "script-src 'self'" in csp and "unsafe-eval" not in csp, (path, status)
        assert status < 500, (path, status, body[:300])
        if status >= 400 and "json" not in (headers.get("Content-Type") or ""):
            assert 'lang="fr"' in body and "<h1>" in body, (path, status, body[:300])
    time.sleep(0.5)
    log = app.log.read_bytes()[since:].decode(errors="replace")
    print(f"200 fuzzed addresses: statuses {dict(sorted(statuses.items()))}, every error a "
          f"French page, the CSP on every response; log +{len(log)} bytes")
    assert "Traceback" not in log


def test_the_pages_work_without_unsafe_eval(browser: Browser, app: App) -> None:
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text)
            if "Content Security Policy" in m.text or "unsafe-eval" in m.text else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    response = page.goto(f"{app.url}/voila/render/{GAME}", timeout=READY_TIMEOUT_MS)
    assert response is not None
    assert "unsafe-eval" not in (response.headers.get("content-security-policy") or "")
    wait_ready(page)
    assert page.locator(".tv-game").count() >= 1
    page.close()
    assert problems == []


def test_a_save_the_browser_cannot_keep_is_told_in_french(browser: Browser, app: App) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    # the browser's storage full: every write refused, as past about 5 MB of localStorage
    page.add_init_script("""(() => {
        Storage.prototype.setItem = function () {
            throw new DOMException("plein", "QuotaExceededError");
        };
    })()""")
    open_part(page, f"{app.url}/voila/render/{GAME}", PLAY, PROGRESS)
    assert play_first(page, page.locator(".tv-game"))
    expect(page.locator(".tv-progress-map")).to_contain_text(
        "Ce navigateur n’a pas pu garder vos derniers progrès")
    context.close()


def test_any_overlong_address_gets_the_french_414(shared_front: Front) -> None:
    front = shared_front  # the limit needs no server of its own
    since = front.app.log.stat().st_size
    sizes = {}
    for kb in (20, 100, 1100):  # past the link limit, past the header limit, past 1 MiB
        status, body, _ = get(front.url, f"/voila/render/{GAME}?scenario={'x' * kb * 1024}",
                              source="127.0.0.1")
        sizes[kb] = status
        assert status == 414, (kb, status, body[:300])
        assert "Cette adresse est trop longue pour le tuteur." in body and 'lang="fr"' in body
    status, _, _ = get(front.url, "/voila/render/index.ipynb", source="127.0.0.1")
    print(f"[{front.name}] links of 20 KB, 100 KB and 1.1 MB: {sizes}, the French 414 page; "
          f"the next request served ({status})")
    assert status == 200
    assert "Traceback" not in front.app.log.read_bytes()[since:].decode(errors="replace")


def test_the_deployments_pages_and_headers_are_the_servers() -> None:
    """deploy/nginx/pages/ are the server's French pages, and nginx's own answers carry the
    server's Content-Security-Policy (rewritten there: nginx cannot import it)."""
    from tutor.voila.guards import CSP, proxy_pages

    folder = ROOT / "deploy" / "nginx" / "pages"
    for name, text in proxy_pages().items():
        assert (folder / name).read_text() == text, f"regenerate deploy/nginx/pages/{name}"
    assert f'Content-Security-Policy "{CSP}" always;' in (
        ROOT / "deploy" / "nginx" / "tutor-proxy.conf").read_text()


def test_a_megabyte_question_costs_its_kernel_a_few_milliseconds(app: App) -> None:
    page_html, cookie = first_visit(f"{app.url}/voila/render/{GAME}")
    kid = kernel_id(page_html)
    pid = kernel_pid(kid)
    assert pid is not None
    channel = KernelChannel(app.url, kid, cookie)
    try:
        box = next(cid for cid, s in channel.widget_states().items()
                   if "tv-question" in s.get("_dom_classes", ()))
        figures = []
        for size in (200, 1_000_000):  # a question, then a megabyte sent past the maxlength
            before = cpu_seconds(pid)
            channel.update(box, value="qui distribue " * (size // 14))
            info = channel.send("kernel_info_request", {})
            replies = channel.reply_to(info, reply=True)
            figures.append(cpu_seconds(pid) - before)
            # ipywidgets echoes what it received to the page that sent it (echo_update: once,
            # to that page only), then sends the value kept
            kept = [m["content"]["data"]["state"]["value"] for m in replies
                    if m["header"]["msg_type"] == "comm_msg"
                    and m["content"].get("comm_id") == box
                    and m["content"]["data"].get("method") == "update"
                    and "value" in m["content"]["data"].get("state", {})]
            sent_back = sum(len(json.dumps(m)) for m in replies)
            assert sent_back < 1.2 * size + 50_000, "no amplification"
        assert kept and all(len(v) <= 200 for v in kept), "the page is sent the value kept"
    finally:
        channel.close()
    print(f"« Une question ? » through the kernel websocket: a 200-character question "
          f"{1000 * figures[0]:.0f} ms of the kernel's processor, a 1 MB one "
          f"{1000 * figures[1]:.0f} ms (goal 50 ms; was 74.5 s), cut to 200 characters")

"""The README's own nginx block, taken from README.md: a person at a PUBLIC_URL with a port gets the pages, not 400.

Two ways, both from the block as written: the headers it sends (nginx's variables worked out for the request)
against the app through the test client, always; and the block itself run by a real nginx in front of the app,
when nginx is installed. Each also runs the block with `$host` in place of `$http_host`, which drops the port,
to show the check would catch it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import requests
import urllib3
from werkzeug.serving import make_server

from tests.support.served import ROOT, free_port

sys.path.insert(0, str(ROOT / "tests" / "browser"))
from tls import make_certificate  # noqa: E402

NGINX = shutil.which("nginx") or next((path for path in ("/usr/sbin/nginx",) if Path(path).exists()), None)
CLIENT = "203.0.113.9"
GAME = {"variant": "ten-point", "players": ["Ann", "Bo", "Cy", "Di"]}


def readme_block() -> str:
    """The first `server { ... }` of the README's nginx example (its HTTPS server)."""
    text = (ROOT / "README.md").read_text()
    after = text[text.index("With nginx"):]
    code = re.search(r"\n\n((?:    .*\n|\n)+)", after).group(1)
    start = code.index("server {")
    depth = 0
    for at in range(start, len(code)):
        depth += {"{": 1, "}": -1}.get(code[at], 0)
        if code[at] == "}" and depth == 0:
            return code[start:at + 1]
    raise AssertionError("the README's nginx block has no closing brace")


def with_host_variable(block: str) -> str:
    """The block as it was: `$host`, which nginx gives without the port."""
    return block.replace("$http_host", "$host")


def proxied_headers(block: str, host: str, port: int, request_id: str) -> dict[str, str]:
    """The headers the block's proxy_set_header lines send the app for an https request to host:port."""
    variables = {
        "$http_host": f"{host}:{port}", "$host": host, "$scheme": "https",
        "$proxy_add_x_forwarded_for": CLIENT, "$request_id": request_id,
    }
    headers = {}
    for name, value in re.findall(r"proxy_set_header\s+(\S+)\s+(\S+);", block):
        assert value in variables, f"the README's block sends {name} {value}, which this test does not know"
        headers[name] = variables[value]
    assert {"Host", "X-Forwarded-Host", "X-Forwarded-Proto", "X-Forwarded-For"} <= set(headers)
    return headers


@pytest.fixture
def app_at(own_app):
    """app_at(public_url) -> the app as deployed behind one proxy at that address."""
    return lambda public_url: own_app(PUBLIC_URL=public_url, TRUSTED_PROXIES=1)


def test_the_readme_block_sends_the_port_the_browser_used():
    headers = proxied_headers(readme_block(), "score.example.org", 18443, "r1")
    assert headers["Host"] == headers["X-Forwarded-Host"] == "score.example.org:18443"


@pytest.mark.parametrize("port", [18443, 443])
def test_the_readme_blocks_headers_reach_the_app_at_a_public_url_with_a_port(app_at, port):
    public = "https://score.example.org" + ("" if port == 443 else f":{port}")
    client = app_at(public).test_client()
    headers = proxied_headers(readme_block(), "score.example.org", port, "r2")
    # the worker is reached over plain HTTP at its inner address; the app must take the forwarded one
    environ = {"REMOTE_ADDR": "127.0.0.1", "wsgi.url_scheme": "http"}
    page = client.get("/", headers=headers, environ_overrides=environ)
    assert page.status_code == 200, page.get_data(as_text=True)[:300]
    created = client.post("/api/games", json=GAME, headers=headers, environ_overrides=environ)
    assert created.status_code == 201, created.get_data(as_text=True)
    assert created.get_json()["share_url"].startswith(public + "/")
    share = client.get(created.get_json()["share_url"].removeprefix(public), headers=headers,
                       environ_overrides=environ)
    assert share.status_code == 200


def test_the_old_host_line_would_be_refused_at_a_port(app_at):
    client = app_at("https://score.example.org:18443").test_client()
    headers = proxied_headers(with_host_variable(readme_block()), "score.example.org", 18443, "r3")
    page = client.get("/", headers=headers, environ_overrides={"wsgi.url_scheme": "http"})
    assert page.status_code == 400
    assert "https://score.example.org:18443" in page.get_data(as_text=True)


def nginx_config(block: str, folder: Path, port: int, upstream: int, certificate: Path, key: Path) -> Path:
    """A whole nginx.conf around the README's block, moved to local ports, this certificate and temp folders."""
    server = block.replace("listen 443 ssl;", f"listen 127.0.0.1:{port} ssl;")
    server = re.sub(r"ssl_certificate\s+\S+;", f"ssl_certificate {certificate};", server)
    server = re.sub(r"ssl_certificate_key\s+\S+;", f"ssl_certificate_key {key};", server)
    server = server.replace("proxy_pass http://127.0.0.1:8000;", f"proxy_pass http://127.0.0.1:{upstream};")
    assert str(port) in server and str(upstream) in server and str(certificate) in server
    temp = " ".join(f"{name}_temp_path {folder / name};" for name in ("client_body", "proxy", "fastcgi", "uwsgi",
                                                                        "scgi"))
    config = folder / "nginx.conf"
    config.write_text(f"daemon off; master_process off; pid {folder / 'nginx.pid'}; error_log {folder / 'error.log'};\n"
                      f"events {{}}\nhttp {{ access_log off; {temp}\n{server}\n}}\n")
    return config


def run_nginx(config: Path, folder: Path, port: int) -> subprocess.Popen:
    """nginx in the foreground on this config, once it listens."""
    with (folder / "nginx.out").open("w") as output:
        server = subprocess.Popen([NGINX, "-p", str(folder), "-e", str(folder / "error.log"), "-c", str(config)],
                                  stdout=output, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"nginx stopped: {(folder / 'nginx.out').read_text()} {(folder / 'error.log').read_text()}")
        try:
            requests.get(f"https://127.0.0.1:{port}/healthz", verify=False, timeout=2)
            return server
        except requests.ConnectionError:
            time.sleep(0.1)
    server.kill()
    pytest.fail("nginx did not listen")


# Locally a machine without nginx skips this; under CI (.ci/run installs nginx-light) a missing nginx fails.
@pytest.mark.skipif(NGINX is None and not os.environ.get("CI"),
                    reason="nginx is not installed (apt-get install nginx-light)")
@pytest.mark.parametrize(("variant", "status"), [("as written", 200), ("with $host", 400)])
def test_the_readme_block_run_by_nginx(app_at, tmp_path, variant, status):
    urllib3.disable_warnings(urllib3.exceptions.InsecureRequestWarning)
    port, upstream = free_port(), free_port()
    public = f"https://score.example.org:{port}"
    block = readme_block() if variant == "as written" else with_host_variable(readme_block())
    certificate, key = make_certificate(tmp_path)
    app = make_server("127.0.0.1", upstream, app_at(public), threaded=True)
    thread = threading.Thread(target=app.serve_forever, daemon=True)
    thread.start()
    nginx = run_nginx(nginx_config(block, tmp_path, port, upstream, certificate, key), tmp_path, port)
    try:
        host = {"Host": f"score.example.org:{port}"}
        page = requests.get(f"https://127.0.0.1:{port}/", headers=host, verify=False, timeout=10)
        assert page.status_code == status, page.text[:300]
        if status == 200:
            request_id = uuid.uuid4().hex
            created = requests.post(f"https://127.0.0.1:{port}/api/games", json=GAME, verify=False, timeout=10,
                                    headers={**host, "X-Request-ID": request_id})
            assert created.status_code == 201, created.text
            assert created.json()["share_url"].startswith(public + "/")
            assert re.fullmatch(r"[0-9a-f]{32}", created.headers["X-Request-ID"])  # nginx's own $request_id
    finally:
        nginx.terminate()
        nginx.wait(timeout=10)
        app.shutdown()
        thread.join(timeout=10)

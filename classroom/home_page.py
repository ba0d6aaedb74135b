"""The class server's start page (``/``): a student types the room code and their name.

The page asks ``POST /api/join`` for a seat of the room and goes to that seat's own page
(``/join/CODE#TOKEN``). The token is also kept in the browser (``localStorage``, by room
code), so a student who comes back to the start page and types the same code returns to
the same seat instead of taking another one. All words are the catalog's
``classroom_home.*`` in the page's language (``?lang=es``).
"""

from __future__ import annotations

import html
import json

from gamecore.words import LANGUAGES, t

_WORDS = (
    "title",
    "heading",
    "intro",
    "code",
    "name",
    "join",
    "again",
    "other_language",
    "working",
    "teacher",
)

_HOME = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 1em; max-width: 40em; }}
h1 {{ font-size: 1.4em; }}
label {{ display: block; margin: 0.8em 0 0.2em; font-weight: bold; }}
input {{ font-size: 1.3em; padding: 0.3em; width: 14em; }}
#code {{ text-transform: uppercase; letter-spacing: 0.2em; }}
button {{ font-size: 1.1em; margin-top: 1em; padding: 0.4em 1em; }}
#said {{ min-height: 1.5em; margin-top: 0.8em; }}
#said.problem {{ color: #a00; font-weight: bold; }}
#said.problem::before {{ content: "\\26A0  "; }}
</style>
</head>
<body>
<h1>{heading}</h1>
<p>{intro}</p>
<form id="form">
<label for="code">{code}</label>
<input id="code" name="code" autocomplete="off" maxlength="6" required>
<label for="name">{name}</label>
<input id="name" name="name" autocomplete="name" maxlength="24" required>
<div><button type="submit">{join}</button></div>
</form>
<p id="said" aria-live="polite"></p>
<p><a id="language" href="?lang={other}">{other_language}</a> · <a href="teacher">{teacher}</a></p>
<script>
const lang = {lang_js};
const words = {words_js};
// everything before the last / is the server's root (a hub's proxy puts it under a path)
const root = location.pathname.slice(0, location.pathname.lastIndexOf("/"));
function say(text, problem) {{
  const said = document.getElementById("said");
  said.textContent = text;
  said.className = problem ? "problem" : "";
}}
function go(code, token) {{
  location.href = root + "/join/" + code + "?lang=" + lang + "#" + token;
}}
document.getElementById("form").addEventListener("submit", async (event) => {{
  event.preventDefault();
  const code = document.getElementById("code").value.trim().toUpperCase();
  const name = document.getElementById("name").value.trim();
  const kept = localStorage.getItem("mundos-seat-" + code);
  if (kept) {{ say(words.again, false); go(code, kept); return; }}
  say(words.working, false);
  const answer = await fetch(root + "/api/join?lang=" + lang, {{
    method: "POST",
    headers: {{"Content-Type": "application/json"}},
    body: JSON.stringify({{code: code, name: name}}),
  }});
  const data = await answer.json();
  if (!answer.ok) {{ say(data.error, true); return; }}
  localStorage.setItem("mundos-seat-" + code, data.token);
  go(code, data.token);
}});
</script>
</body>
</html>
"""


def home_page(lang: str) -> str:
    """The start page in ``lang``: a room code and a name, then the seat's own page."""
    said = {k: t(f"classroom_home.{k}", lang=lang) for k in _WORDS}
    other = next(code for code in LANGUAGES if code != lang)
    shown = {k: html.escape(v) for k, v in said.items()}
    return _HOME.format(
        lang=lang,
        other=other,
        lang_js=json.dumps(lang),
        words_js=json.dumps(said, ensure_ascii=False).replace("</", "<\\/"),
        **shown,
    )

"""The page a join link opens, for now: the seat's view as text and its choices as buttons.

A stopgap until the student pages draw the tables from the widget-free scenes (issue 20,
part 2), and already a real client of the API: the token stays in the link's fragment
(after ``#``), which browsers never send to a server, and goes out only in the
``Authorization`` header and the websocket's first message.
"""

from __future__ import annotations

import html

_PAGE = """<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mundos Lab: room {code}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
button {{ display: block; margin: 0.2em 0; }}
pre {{ background: #f4f4f4; padding: 0.5em; overflow: auto; max-height: 60vh; }}
#error {{ color: #a00; }}
</style>
</head>
<body>
<h1>Room {code}</h1>
<p id="status">Connecting...</p>
<p id="error"></p>
<div id="choices"></div>
<pre id="view"></pre>
<script>
const code = {code_js};
const token = location.hash.slice(1);
let move = null;
function show(data) {{
  move = data.move;
  const who = data.over ? (data.outcome ? data.outcome.text : "The game is over.")
    : (data.legal.length ? "Your turn." : "Waiting for " + data.players[data.turn] + ".");
  document.getElementById("status").textContent =
    data.players[data.seat] + " (seat " + (data.seat + 1) + "), move " + data.move + ". " + who;
  const choices = document.getElementById("choices");
  choices.replaceChildren();
  for (const action of data.legal) {{
    const b = document.createElement("button");
    b.textContent = action.text;
    b.onclick = () => act(action);
    choices.appendChild(b);
  }}
  document.getElementById("view").textContent = JSON.stringify(data.view, null, 1);
}}
async function act(action) {{
  const answer = await fetch("/api/rooms/" + code + "/actions", {{
    method: "POST",
    headers: {{"Authorization": "Bearer " + token, "Content-Type": "application/json"}},
    body: JSON.stringify({{move: move, action: {{kind: action.kind, fields: action.fields}}}}),
  }});
  const body = await answer.json();
  document.getElementById("error").textContent = answer.ok ? "" : body.error;
}}
const scheme = location.protocol === "https:" ? "wss://" : "ws://";
const socket = new WebSocket(scheme + location.host + "/ws/" + code);
socket.onopen = () => socket.send(JSON.stringify({{token: token}}));
socket.onmessage = (event) => {{
  const message = JSON.parse(event.data);
  if (message.type === "view") show(message.view);
  else document.getElementById("error").textContent = message.error;
}};
socket.onclose = () => {{ document.getElementById("status").textContent += " (disconnected)"; }};
</script>
</body>
</html>
"""


def join_page(code: str) -> str:
    """The page of room ``code`` (a code the service knows: only its letters go in)."""
    return _PAGE.format(code=html.escape(code), code_js=repr(code))

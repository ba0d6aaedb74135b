"""The page a join link opens: a seat's own page, served by the class server itself.

``table_page`` is the same for every game: the seat's table as SVG (from the widget-free
scene), clicks on its hit targets, the action buttons (with their keys), a keyboard list,
the status line, a real-time game's clock, the panels (last moves, scores) and the table in
words, in the page's language (``?lang=es``), redrawn from the websocket's pushes.

It is a real client of the API: the token stays in the link's fragment (after ``#``),
which browsers never send to a server, and goes out only in the ``Authorization`` header
and the websocket's first message.
"""

from __future__ import annotations

import html
import json

from gamecore.words import t

_TABLE_WORDS = (
    "title",
    "room",
    "connecting",
    "disconnected",
    "seat_line",
    "actions",
    "keyboard",
    "keyboard_help",
    "pick",
    "words",
    "last_move",
    "no_token",
    "clock",
)

_TABLE_PAGE = """<!doctype html>
<html lang="{lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<style>
body {{ font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0.6em; max-width: 920px; }}
h1 {{ font-size: 1.2em; margin: 0.2em 0; }}
#status {{ font-size: 1.05em; font-weight: bold; min-height: 1.4em; margin: 0.3em 0; }}
#said {{ min-height: 1.4em; margin: 0.2em 0; }}
#said.problem {{ color: #a00; }}
#buttons button {{ margin: 0.2em 0.3em 0.2em 0; padding: 0.4em 0.7em; font-size: 0.95em; }}
#table svg {{ max-width: 100%; height: auto; display: block; }}
#table [data-target] {{ cursor: pointer; pointer-events: all; }}
#keyboard select {{ max-width: 70%; }}
#words p {{ margin: 0.2em 0; }}
#clock {{ font-size: 1.3em; font-weight: bold; font-variant-numeric: tabular-nums; }}
#panels table {{ border-collapse: collapse; margin: 0.3em 0; }}
#panels th, #panels td {{ border: 1px solid #999; padding: 0.15em 0.5em; text-align: right; }}
#panels th:first-child, #panels td:first-child {{ text-align: left; }}
#panels p {{ margin: 0.15em 0; }}
</style>
</head>
<body>
<h1 id="room">{room}</h1>
<p id="seat"></p>
<p id="clock" aria-live="off" hidden></p>
<p id="status" aria-live="polite">{connecting}</p>
<p id="said" aria-live="polite"></p>
<div id="buttons" role="group" aria-label="{actions}"></div>
<div id="table"></div>
<p id="last"></p>
<div id="panels"></div>
<section id="keyboard">
<h2>{keyboard}</h2>
<p>{keyboard_help}</p>
<label><select id="targets"></select></label>
<button id="pick">{pick}</button>
</section>
<section>
<h2>{words}</h2>
<div id="words"></div>
</section>
<script>
const code = {code_js};
const lang = {lang_js};
const words = {words_js};
const token = location.hash.slice(1);
// everything before /join/ is the server's root (a hub's proxy puts the server under a path)
const root = location.pathname.slice(0, location.pathname.lastIndexOf("/join/"));
const api = root + "/api/rooms/" + code + "/table?lang=" + lang;
let move = null;
let clock = null;  // {{left_ms, running, at}}: a real-time game's clock, counted down here
let keys = {{}};  // a key of the keyboard -> the button it presses
function clockText() {{
  if (!clock) return "";
  const left = Math.max(0, clock.left_ms - (clock.running ? performance.now() - clock.at : 0));
  const seconds = Math.ceil(left / 1000);
  const shown = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
  return fill(words.clock, {{time: shown}});
}}
// what this page's clock shows now, in ms (null without a clock): the load benchmark reads it
window.clockLeftMs = () =>
  clock ? Math.max(0, clock.left_ms - (clock.running ? performance.now() - clock.at : 0)) : null;
setInterval(() => {{
  const box = document.getElementById("clock");
  box.hidden = !clock;
  box.textContent = clockText();
}}, 100);
function fill(text, values) {{
  return text.replace(/\\{{(\\w+)\\}}/g, (whole, name) => name in values ? values[name] : whole);
}}
function say(text, problem) {{
  const said = document.getElementById("said");
  said.textContent = text || "";
  said.className = problem ? "problem" : "";
}}
function drawPanels(panels) {{
  const box = document.getElementById("panels");
  box.replaceChildren();
  for (const panel of panels || []) {{
    const section = document.createElement("section");
    const title = document.createElement("h2");
    title.textContent = panel.title;
    section.appendChild(title);
    for (const line of panel.lines) {{
      const p = document.createElement("p");
      p.textContent = line;
      section.appendChild(p);
    }}
    if (panel.rows.length || panel.head.length) {{
      const grid = document.createElement("table");
      const head = document.createElement("tr");
      for (const cell of panel.head) {{
        const th = document.createElement("th");
        th.textContent = cell;
        head.appendChild(th);
      }}
      grid.appendChild(head);
      for (const row of panel.rows) {{
        const tr = document.createElement("tr");
        for (const cell of row) {{
          const td = document.createElement("td");
          td.textContent = cell;
          tr.appendChild(td);
        }}
        grid.appendChild(tr);
      }}
      section.appendChild(grid);
    }}
    box.appendChild(section);
  }}
}}
let order = null;  // where the table shown stands among the room's tables (SeatTable.order)
function older(a, b) {{
  // whether order a comes before order b (compared as lists, like Python's)
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] < b[i];
  return a.length < b.length;
}}
let shownSvg = null;  // the SVG text the table box shows now
let svgPatched = 0;  // how many SVGs were drawn by changing only what changed (for the tests)
const SVG_NS = "http://www.w3.org/2000/svg";
function drawSvg(table) {{
  // the server's SVG is one element a line: its first line the <svg> with its title and
  // background, its last "</svg>". Only the elements whose lines changed since the SVG
  // shown are changed (a push, an answer: a move changes a few of a table's ~1,000 lines),
  // so the browser lays out and paints little; a drawing that is not one element a line
  // is drawn anew
  if (table.svg === shownSvg) return;
  const box = document.getElementById("table");
  if (shownSvg !== null && patchSvg(box, table)) svgPatched += 1;
  else box.innerHTML = table.svg;
  shownSvg = table.svg;
}}
function svgLines(old, lines) {{
  // lines as text and runs [start, count] of old's lines: classroom/patch.py's svg_lines
  const where = new Map();
  old.forEach((line, i) => {{ if (!where.has(line)) where.set(line, i); }});
  const ops = [];
  let start = 0, count = 0;
  for (const line of lines) {{
    if (count && start + count < old.length && old[start + count] === line) {{
      count += 1;
      continue;
    }}
    if (count) {{ ops.push([start, count]); count = 0; }}
    const at = where.get(line);
    if (at === undefined) ops.push(line); else {{ start = at; count = 1; }}
  }}
  if (count) ops.push([start, count]);
  return ops;
}}
function parsedShapes(lines) {{
  // elements of SVG lines, one per line (null when the lines are not one element each)
  const holder = document.createElementNS(SVG_NS, "svg");
  holder.innerHTML = lines.join("");
  return holder.children.length === lines.length ? [...holder.children] : null;
}}
function patchSvg(box, table) {{
  const svg = box.firstElementChild;
  const oldLines = shownSvg.split("\\n");
  const lines = table.svg.split("\\n");
  if (!svg || svg.tagName !== "svg" || lines.length < 2 || lines[lines.length - 1] !== "</svg>") {{
    return false;
  }}
  const head = svg.querySelector(":scope > title") ? 2 : 1;  // its title and background
  const oldShapes = [...svg.children].slice(head);
  const was = oldLines.slice(1, -1);  // the shapes' lines, between the header and "</svg>"
  if (oldShapes.length !== was.length) return false;  // not one element a line
  const ops = svgLines(was, lines.slice(1, -1));
  const freshShapes = parsedShapes(ops.filter((op) => typeof op === "string"));
  if (freshShapes === null) return false;
  const shapes = [];
  const used = new Set();
  let k = 0;
  for (const op of ops) {{
    const nodes =
      typeof op === "string" ? [freshShapes[k++]] : oldShapes.slice(op[0], op[0] + op[1]);
    for (let node of nodes) {{
      if (used.has(node)) node = node.cloneNode(true);  // one old line twice
      used.add(node);
      shapes.push(node);
    }}
  }}
  if (lines[0] !== oldLines[0]) {{
    // a new header: the <svg>'s size and words, its title and background
    const top = document.createElement("div");
    top.innerHTML = lines[0] + "</svg>";
    const made = top.firstElementChild;
    if (!made) return false;
    for (const name of [...svg.getAttributeNames()]) svg.removeAttribute(name);
    for (const name of made.getAttributeNames()) {{
      svg.setAttribute(name, made.getAttribute(name));
    }}
    for (const node of [...svg.children].slice(0, head)) node.remove();
    svg.prepend(...made.children);
  }}
  for (const node of oldShapes) if (!used.has(node)) node.remove();
  let at = svg.children[svg.querySelector(":scope > title") ? 2 : 1] || null;
  for (const node of shapes) {{
    if (node === at) {{
      at = at.nextElementSibling;
      continue;
    }}
    svg.insertBefore(node, at);
  }}
  return true;
}}
function draw(table) {{
  // an answer and a push can cross on the network: a table older than the one shown is
  // not drawn (the seat's own move number cannot tell in a real-time game)
  if (order !== null && older(table.order, order)) return;
  order = table.order;
  move = table.move;
  clock = table.clock ? {{...table.clock, at: performance.now()}} : null;
  drawPanels(table.panels);
  document.getElementById("seat").textContent =
    fill(words.seat_line, {{name: table.name, seat: table.seat + 1, move: table.move}});
  document.getElementById("status").textContent = table.status;
  document.getElementById("last").textContent =
    table.last ? fill(words.last_move, {{said: table.last}}) : "";
  drawSvg(table);  // drawn by the server from the scene
  const buttons = document.getElementById("buttons");
  buttons.replaceChildren();
  for (const state of table.buttons) {{
    const b = document.createElement("button");
    b.textContent = state.text;
    b.title = state.tip;
    b.disabled = state.disabled;
    b.dataset.kind = state.kind;
    b.onclick = () => send({{button: state.kind}});
    buttons.appendChild(b);
  }}
  keys = {{}};
  for (const state of table.buttons) if (state.key && !state.disabled) keys[state.key] = state.kind;
  const select = document.getElementById("targets");
  const kept = select.value;
  select.replaceChildren();
  for (const item of table.keyboard) {{
    const option = document.createElement("option");
    option.value = item.target;
    option.textContent = item.words;
    select.appendChild(option);
  }}
  if ([...select.options].some((o) => o.value === kept)) select.value = kept;
  const list = document.getElementById("words");
  list.replaceChildren();
  for (const line of table.description) {{
    const p = document.createElement("p");
    p.textContent = line;
    list.appendChild(p);
  }}
}}
async function send(body) {{
  body.move = move;
  const answer = await fetch(api, {{
    method: "POST",
    headers: {{"Authorization": "Bearer " + token, "Content-Type": "application/json"}},
    body: JSON.stringify(body),
  }});
  const data = await answer.json();
  if (answer.ok) {{
    draw(data.table);
    say(data.said, false);
  }} else {{
    say(data.error, true);
  }}
}}
document.getElementById("table").addEventListener("click", (event) => {{
  const box = document.getElementById("table");
  for (const element of document.elementsFromPoint(event.clientX, event.clientY)) {{
    if (!box.contains(element)) break;
    const target = element.getAttribute("data-target");
    if (target) {{ send({{target: target}}); return; }}
  }}
}});
document.getElementById("pick").onclick = () => {{
  const target = document.getElementById("targets").value;
  if (target) send({{target: target}});
}};
async function load() {{
  const answer = await fetch(api, {{headers: {{"Authorization": "Bearer " + token}}}});
  const data = await answer.json();
  if (answer.ok) draw(data); else say(data.error, true);
}}
document.addEventListener("keydown", (event) => {{
  if (event.target.closest("select, input, textarea") || event.ctrlKey || event.metaKey) return;
  const kind = keys[event.key];
  if (kind) {{ event.preventDefault(); send({{button: kind}}); }}
}});
let retries = 0;
function patched(old, patch) {{
  // the table a push's patch makes of the last one this socket was sent (classroom/patch.py)
  const table = {{...old}};
  for (const key of patch.drop || []) delete table[key];
  Object.assign(table, patch.set || {{}});
  if (patch.svg) {{
    const lines = old.svg.split("\\n");
    const out = [];
    for (const op of patch.svg) {{
      if (typeof op === "string") out.push(op);
      else for (let i = op[0]; i < op[0] + op[1]; i++) out.push(lines[i]);
    }}
    table.svg = out.join("\\n");
  }}
  return table;
}}
function listen() {{
  // the seat's pushes; a dropped connection (Wi-Fi, a sleeping laptop) is opened again and
  // the table fetched afresh, so the page comes back to the seat as it is now
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  const socket = new WebSocket(scheme + location.host + root + "/ws/" + code + "?lang=" + lang);
  let pushed = null;  // the last table this socket was sent: its next patch's base
  socket.onopen = () => {{
    socket.send(JSON.stringify({{token: token, view: false, patches: true}}));
  }};
  socket.onmessage = (event) => {{
    const message = JSON.parse(event.data);
    if (message.patch && pushed) message.table = patched(pushed, message.patch);
    if (message.table) {{
      pushed = message.table;
      // a move by someone else: this page's last answer is about an older table (a push
      // older than the table shown, late on a slow network, changes nothing)
      if (retries || move === null || message.table.move > move) say("", false);
      // back after a dropped connection: the server may have restarted (a real-time
      // round's clock then waits again), so the table it sends now is drawn whatever it is
      if (retries) order = null;
      retries = 0;
      draw(message.table);
    }} else if (message.error) say(message.error, true);
  }};
  socket.onclose = (event) => {{
    if (event.code >= 4400 && event.code < 4500) {{ say(words.no_token, true); return; }}
    retries += 1;
    say(words.disconnected, true);
    setTimeout(listen, Math.min(10000, 1000 * retries));
  }};
}}
if (!token) {{
  say(words.no_token, true);
}} else {{
  load();
  listen();
}}
</script>
</body>
</html>
"""


def table_page(code: str, lang: str) -> str:
    """The student page of a room with a drawn table (Nuevos Mundos), in ``lang``: the
    table's SVG with its hit targets, the action buttons, the keyboard list, the status line
    and the table in words, all fetched from ``/api/rooms/{code}/table`` for the seat whose
    token is in the link's fragment and redrawn from the websocket's pushes."""
    said = {k: t(f"classroom_page.{k}", lang=lang) for k in _TABLE_WORDS}
    shown = {k: html.escape(v) for k, v in said.items()}
    return _TABLE_PAGE.format(
        lang=lang,
        code_js=json.dumps(code),
        lang_js=json.dumps(lang),
        words_js=json.dumps(said, ensure_ascii=False).replace("</", "<\\/"),
        **{
            **shown,
            "title": html.escape(said["title"].format(code=code)),
            "room": html.escape(said["room"].format(code=code)),
        },
    )

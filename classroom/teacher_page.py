"""The teacher's page (``GET /teacher``), served by the class server itself: plain HTML and
JavaScript, no framework, in the page's language (``?lang=es``; words: ``teacher_page.*``).

The page holds nothing secret: the teacher types the key the server printed at its first
start; the page keeps it in ``sessionStorage`` (this tab only, gone when the tab closes) and
sends it as ``Authorization: Bearer <key>`` with every request to ``/api/teacher/...``.

- every room at a glance, asked again every few seconds (``GET /api/teacher/rooms``): code,
  game, each seat (name, person or bot, a page open or not, in words and a symbol, never by
  colour alone), whose decision it is, the move count, the scores once the game is over, and
  how it stands;
- per seat a "hand to" list and button (``POST .../seats/{seat}``), per room "End game";
- a form to make a room (``POST /api/rooms``: game, players, each seat's kind and name); the
  join links it answers are shown at once and kept in this tab's ``sessionStorage``, since
  the server keeps only hashes of the tokens and cannot show them again;
- downloads: all games as save files (zip) and each class study table (CSV), fetched with
  the key and saved by the browser.
"""

from __future__ import annotations

import html
import json

from gamecore.words import LANGUAGES, catalog, t

POLL_SECONDS = 3
"""How often the page asks for the rooms again."""

KIND_WORDS = ("human", "random", "greedy", "search", "planner", "rival", "equilibrium")

_PAGE = """<!doctype html>
<html lang="__LANG__">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>__TITLE__</title>
<link rel="icon" href="data:,">
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; margin: 0.6em 0.9em;
  font-size: 15px; }
h1 { font-size: 1.35em; margin: 0.2em 0 0.4em; }
h2 { font-size: 1.1em; margin: 0.9em 0 0.3em; }
section { margin-bottom: 0.6em; }
#key-form label { font-weight: bold; margin-right: 0.4em; }
#key { font-size: 1em; padding: 0.25em; width: 22em; }
button { font-size: 0.95em; padding: 0.25em 0.6em; margin: 0.1em 0.2em 0.1em 0; }
select, input { font-size: 0.95em; }
#said { min-height: 1.4em; margin: 0.3em 0; font-weight: bold; }
#said.problem { color: #a00; }
#said.problem::before { content: "\\26A0  "; }
#rooms { border-collapse: collapse; width: 100%; }
#rooms th, #rooms td { border: 1px solid #888; padding: 0.25em 0.4em; vertical-align: top;
  text-align: left; }
#rooms th { background: #eee; }
#rooms td.number { text-align: right; font-variant-numeric: tabular-nums; }
.code { font-family: "DejaVu Sans Mono", monospace; font-weight: bold; font-size: 1.1em;
  letter-spacing: 0.08em; }
.seat { margin: 0.1em 0 0.25em; }
.seat .open { font-weight: bold; }
.seat .closed { font-style: italic; }
.seat .who { white-space: nowrap; }
.seat .hand { display: block; margin-left: 1.4em; white-space: nowrap; }
.state-over { font-weight: bold; }
.state-ended { font-style: italic; }
.note { color: #333; font-size: 0.9em; margin: 0.2em 0; }
#links li { margin: 0.2em 0; }
#links input { width: 46em; max-width: 90%; font-family: "DejaVu Sans Mono", monospace;
  font-size: 0.85em; }
#make-seats div { margin: 0.2em 0; }
#qr { display: block; margin: 0.3em 0; background: #fff; }
#make-form label { margin-right: 0.3em; }
.columns { display: flex; gap: 2em; flex-wrap: wrap; }
.columns > section { flex: 1 1 28em; }
</style>
</head>
<body>
<h1>__HEADING__</h1>
<details id="start-code"><summary>__QR_SHOW__</summary>
<p class="note">__QR_HELP__</p>
<img id="qr" alt="__QR_ALT__" width="260" height="260">
</details>
<form id="key-form">
<label for="key">__KEY_LABEL__</label>
<input id="key" type="password" autocomplete="off">
<button type="submit">__KEY_OPEN__</button>
<button type="button" id="forget">__KEY_FORGET__</button>
<span class="note">__KEY_HELP__</span>
</form>
<p id="said" aria-live="polite"></p>
<section id="rooms-box">
<h2>__ROOMS__</h2>
<p id="updated" class="note"></p>
<table id="rooms">
<thead><tr>
<th scope="col">__COL_ROOM__</th><th scope="col">__COL_GAME__</th>
<th scope="col">__COL_SEATS__</th><th scope="col">__COL_TURN__</th>
<th scope="col">__COL_MOVES__</th><th scope="col">__COL_SCORES__</th>
<th scope="col">__COL_STATE__</th><th scope="col">__COL_ACTIONS__</th>
</tr></thead>
<tbody id="room-rows"></tbody>
</table>
<p id="no-rooms" class="note" hidden>__NO_ROOMS__</p>
<p class="note">__SCORES_AT_END__ __LINKS_NONE__</p>
</section>
<div class="columns">
<section id="make">
<h2>__MAKE__</h2>
<form id="make-form">
<label for="make-game">__MAKE_GAME__</label><select id="make-game"></select>
<label for="make-players">__MAKE_PLAYERS__</label>
<input id="make-players" type="number" min="1" max="8" value="2">
<div id="make-seats"></div>
<button type="submit">__MAKE_BUTTON__</button>
</form>
<div id="links"></div>
</section>
<section id="downloads">
<h2>__DOWNLOADS__</h2>
<button type="button" id="games-zip">__DOWNLOAD_GAMES__</button>
<h2>__STUDIES__</h2>
<p class="note">__STUDIES_HELP__</p>
<div id="studies"></div>
</section>
</div>
<p class="note"><a id="language" href="?lang=__OTHER__">__OTHER_LANGUAGE__</a></p>
<script>
const lang = __LANG_JS__;
const words = __WORDS_JS__;
const POLL_MS = __POLL_MS__;
// everything before /teacher is the server's root (a hub's proxy puts the server under a path)
const root = location.pathname.slice(0, location.pathname.lastIndexOf("/teacher"));
document.getElementById("qr").src = root + "/qr.svg";  // the students' start page
const KEY = "mundos-teacher-key";
const LINKS = "mundos-teacher-links";
let games = [];
let picked = {};  // "CODE:seat" -> the kind chosen in that seat's list, kept over redraws
let pending = null;  // rooms that came while the teacher was using a list
let timer = null;
function fill(text, values) {
  return text.replace(/\\{(\\w+)\\}/g, (whole, name) => name in values ? values[name] : whole);
}
function plural(entry, n) {
  return typeof entry === "string" ? entry : (n === 1 ? entry.one : entry.other);
}
function say(text, problem) {
  const said = document.getElementById("said");
  said.textContent = text || "";
  said.className = problem ? "problem" : "";
}
function key() { return sessionStorage.getItem(KEY) || ""; }
function links() {
  try { return JSON.parse(sessionStorage.getItem(LINKS) || "{}"); } catch (e) { return {}; }
}
function kindWords(kind) { return words["kind_" + kind] || kind; }
function el(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}
async function call(method, path, body) {
  const options = {method: method, headers: {"Authorization": "Bearer " + key()}};
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const sep = path.includes("?") ? "&" : "?";
  return fetch(root + path + sep + "lang=" + lang, options);
}
async function refused(answer) {
  try { return (await answer.json()).error; }
  catch (e) { return answer.status + " " + answer.statusText; }
}
function stateCell(room) {
  if (room.state === "over") {
    return el("span", fill(words.state_over, {outcome: room.outcome.text}), "state-over");
  }
  if (room.state === "ended") return el("span", words.state_ended, "state-ended");
  return el("span", words.state_playing);
}
function seatBlock(room, seat, known) {
  const box = el("div", undefined, "seat");
  box.dataset.seat = seat.seat;
  const who = el("span", undefined, "who");
  const line = {seat: seat.seat + 1, name: seat.name, kind: kindWords(seat.kind)};
  who.appendChild(el("span", fill(words.seat_line, line)));
  who.appendChild(document.createTextNode(" "));
  who.appendChild(
    seat.connected ? el("span", words.page_open, "open") : el("span", words.no_page, "closed"));
  if (known && known[seat.seat]) {
    who.appendChild(document.createTextNode(" · "));
    const a = el("a", fill(words.seat_link, {seat: seat.seat + 1}));
    a.href = known[seat.seat];
    a.target = "_blank";
    who.appendChild(a);
  }
  box.appendChild(who);
  if (room.state === "playing") {
    const hand = el("span", undefined, "hand");
    const id = "hand-" + room.code + "-" + seat.seat;
    const label = el("label", fill(words.hand_label, {seat: seat.seat + 1}) + " ");
    label.htmlFor = id;
    const list = el("select");
    list.id = id;
    for (const kind of room.kinds) {
      const option = el("option", kindWords(kind));
      option.value = kind;
      list.appendChild(option);
    }
    const slot = room.code + ":" + seat.seat;
    const other = seat.kind === "human" ? room.kinds.find((k) => k !== "human") : "human";
    list.value = picked[slot] || other;
    list.onchange = () => { picked[slot] = list.value; };
    const button = el("button", words.hand_button);
    button.type = "button";
    button.dataset.action = "hand";
    button.onclick = () => handTo(room.code, seat.seat, list.value);
    const fresh = el("button", words.new_link_button);
    fresh.type = "button";
    fresh.title = words.new_link_tip;
    fresh.dataset.action = "new-link";
    fresh.onclick = () => newLink(room.code, seat.seat, room.seats.length);
    hand.append(label, list, " ", button, " ", fresh);
    box.appendChild(hand);
  }
  return box;
}
function drawRooms(data) {
  const body = document.getElementById("room-rows");
  const known = links();
  body.replaceChildren();
  for (const room of data.rooms) {
    const row = el("tr");
    row.dataset.code = room.code;
    const code = el("td");
    code.appendChild(el("span", room.code, "code"));
    const seats = el("td");
    for (const seat of room.seats) seats.appendChild(seatBlock(room, seat, known[room.code]));
    const turn = el("td", room.waiting.length ? room.waiting.join(", ") : words.nobody);
    const moves = el("td", String(room.move), "number");
    const scores = el("td", room.scores
      ? room.scores.map((s, i) => room.seats[i].name + ": " + s).join(", ") : words.nobody);
    const state = el("td");
    state.appendChild(stateCell(room));
    const actions = el("td");
    if (room.state === "playing") {
      const end = el("button", words.end_button);
      end.type = "button";
      end.dataset.action = "end";
      end.onclick = () => endGame(room.code);
      actions.appendChild(end);
    }
    row.append(code, el("td", room.title), seats, turn, moves, scores, state, actions);
    body.appendChild(row);
  }
  document.getElementById("no-rooms").hidden = data.rooms.length > 0;
  const shown = new Date().toLocaleTimeString(lang);
  document.getElementById("updated").textContent =
    fill(words.updated, {time: shown, seconds: POLL_MS / 1000});
}
function drawStudies(studies) {
  const box = document.getElementById("studies");
  box.replaceChildren();
  if (!studies.length) { box.appendChild(el("p", words.no_studies, "note")); return; }
  for (const study of studies) {
    const said = {title: study.title, players: study.players, n: study.games};
    const button = el("button", fill(plural(words.study_button, study.games), said));
    button.type = "button";
    button.dataset.study = study.id;
    const path = "/api/teacher/study.csv?study=" + encodeURIComponent(study.id);
    button.onclick = () => download(path, "class-" + study.id + ".csv");
    box.appendChild(el("div")).appendChild(button);
  }
}
function drawGames(list) {
  if (games.length) return;  // the form's lists are made once
  games = list;
  const select = document.getElementById("make-game");
  for (const game of games) {
    const option = el("option", game.title);
    option.value = game.name;
    select.appendChild(option);
  }
  drawSeats();
}
function drawSeats() {
  const game = games.find((g) => g.name === document.getElementById("make-game").value);
  if (!game) return;
  const players = document.getElementById("make-players");
  players.min = game.min;
  players.max = game.max;
  let n = Math.max(game.min, Math.min(game.max, Number(players.value) || game.min));
  players.value = n;
  const box = document.getElementById("make-seats");
  box.replaceChildren();
  for (let seat = 0; seat < n; seat++) {
    const line = el("div");
    const kindLabel = el("label", fill(words.make_seat, {seat: seat + 1}));
    kindLabel.htmlFor = "make-kind-" + seat;
    const kinds = el("select");
    kinds.id = "make-kind-" + seat;
    for (const kind of game.kinds) {
      const option = el("option", kindWords(kind));
      option.value = kind;
      kinds.appendChild(option);
    }
    const nameLabel = el("label", words.make_name);
    nameLabel.htmlFor = "make-name-" + seat;
    const name = el("input");
    name.id = "make-name-" + seat;
    name.maxLength = 24;
    name.size = 14;
    line.append(kindLabel, " ", kinds, " ", nameLabel, " ", name);
    box.appendChild(line);
  }
}
function showLinks(code) {
  const box = document.getElementById("links");
  box.replaceChildren();
  const known = links()[code];
  if (!known) return;
  box.appendChild(el("h2", fill(words.links, {code: code})));
  box.appendChild(el("p", words.links_help, "note"));
  const list = el("ul");
  known.forEach((link, seat) => {
    if (!link) return;  // a seat whose link this tab never had
    const item = el("li");
    const label = el("label", fill(words.seat_link, {seat: seat + 1}) + " ");
    const field = el("input");
    field.readOnly = true;
    field.value = link;
    field.id = "link-" + seat;
    label.htmlFor = field.id;
    field.onfocus = () => field.select();
    item.append(label, field);
    list.appendChild(item);
  });
  box.appendChild(list);
}
function using() {
  const active = document.activeElement;
  return active && active.tagName === "SELECT" && document.getElementById("rooms").contains(active);
}
async function refresh() {
  if (!key()) { say(words.key_needed, false); return; }
  let answer;
  try {
    answer = await call("GET", "/api/teacher/rooms");
  } catch (e) {
    say(words.connection_lost, true);
    return;
  }
  if (answer.status === 401 || answer.status === 403) {
    stop();
    say(fill(words.key_refused, {error: await refused(answer)}), true);
    return;
  }
  if (!answer.ok) { say(fill(words.problem, {error: await refused(answer)}), true); return; }
  const data = await answer.json();
  if (document.getElementById("said").textContent === words.connection_lost) say("", false);
  drawGames(data.games);
  drawStudies(data.studies);
  if (using()) pending = data; else drawRooms(data);
}
document.getElementById("rooms").addEventListener("focusout", () => {
  setTimeout(() => { if (pending && !using()) { drawRooms(pending); pending = null; } }, 0);
});
function start() {
  stop();
  refresh();
  timer = setInterval(refresh, POLL_MS);
}
function stop() { if (timer !== null) clearInterval(timer); timer = null; }
async function handTo(code, seat, kind) {
  const answer = await call("POST", "/api/teacher/rooms/" + code + "/seats/" + seat, {kind: kind});
  if (!answer.ok) { say(fill(words.problem, {error: await refused(answer)}), true); return; }
  delete picked[code + ":" + seat];
  say(fill(words.handed, {code: code, seat: seat + 1, kind: kindWords(kind)}), false);
  refresh();
}
async function newLink(code, seat, seats) {
  if (!confirm(fill(words.new_link_confirm, {code: code, seat: seat + 1}))) return;
  const answer = await call("POST", "/api/teacher/rooms/" + code + "/seats/" + seat + "/link", {});
  if (!answer.ok) { say(fill(words.problem, {error: await refused(answer)}), true); return; }
  const made = await answer.json();
  const known = links();
  const room = known[code] || Array(seats).fill("");
  room[seat] = made.link;
  known[code] = room;
  sessionStorage.setItem(LINKS, JSON.stringify(known));
  say(fill(words.new_link_made, {code: code, seat: seat + 1}), false);
  showLinks(code);
  refresh();
}
async function endGame(code) {
  if (!confirm(fill(words.end_confirm, {code: code}))) return;
  const answer = await call("POST", "/api/teacher/rooms/" + code + "/end", {});
  if (!answer.ok) { say(fill(words.problem, {error: await refused(answer)}), true); return; }
  say(fill(words.ended, {code: code}), false);
  refresh();
}
async function download(path, name) {
  const answer = await call("GET", path);
  if (!answer.ok) {
    say(fill(words.download_failed, {error: await refused(answer)}), true);
    return;
  }
  const url = URL.createObjectURL(await answer.blob());
  const a = el("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
document.getElementById("key-form").onsubmit = (event) => {
  event.preventDefault();
  const typed = document.getElementById("key").value.trim();
  if (!typed) return;
  sessionStorage.setItem(KEY, typed);
  document.getElementById("key").value = "";
  say("", false);
  start();
};
document.getElementById("forget").onclick = () => {
  stop();
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(LINKS);
  document.getElementById("room-rows").replaceChildren();
  document.getElementById("links").replaceChildren();
  say(words.key_needed, false);
};
document.getElementById("make-game").onchange = drawSeats;
document.getElementById("make-players").onchange = drawSeats;
document.getElementById("make-form").onsubmit = async (event) => {
  event.preventDefault();
  const game = document.getElementById("make-game").value;
  const n = Number(document.getElementById("make-players").value);
  const seats = [], names = [];
  for (let seat = 0; seat < n; seat++) {
    seats.push(document.getElementById("make-kind-" + seat).value);
    names.push(document.getElementById("make-name-" + seat).value.trim());
  }
  const body = {game: game, players: n, seats: seats};
  if (names.every((name) => name)) body.names = names;
  const answer = await call("POST", "/api/rooms", body);
  if (!answer.ok) { say(fill(words.problem, {error: await refused(answer)}), true); return; }
  const room = await answer.json();
  const known = links();
  known[room.code] = room.seats.map((s) => s.link);
  sessionStorage.setItem(LINKS, JSON.stringify(known));
  say(fill(words.made, {code: room.code}), false);
  showLinks(room.code);
  refresh();
};
document.getElementById("games-zip").onclick =
  () => download("/api/teacher/games.zip", "class-games.zip");
if (key()) start(); else say(words.key_needed, false);
</script>
</body>
</html>
"""


def teacher_page(lang: str) -> str:
    """The teacher's page in ``lang`` (a declared language, checked by the server)."""
    words = {
        k.removeprefix("teacher_page."): v
        for k, v in catalog(lang).items()
        if k.startswith("teacher_page.") and not k.endswith("._comment")
    }
    shown = {k: html.escape(v) for k, v in words.items() if isinstance(v, str)}
    other = next(other for other in LANGUAGES if other != lang)
    page = _PAGE
    for name, value in {
        "LANG": lang,
        "TITLE": shown["title"],
        "HEADING": shown["heading"],
        "QR_SHOW": shown["qr_show"],
        "QR_HELP": shown["qr_help"],
        "QR_ALT": shown["qr_alt"],
        "KEY_LABEL": shown["key_label"],
        "KEY_OPEN": shown["key_open"],
        "KEY_FORGET": shown["key_forget"],
        "KEY_HELP": shown["key_help"],
        "ROOMS": shown["rooms"],
        "NO_ROOMS": shown["no_rooms"],
        "SCORES_AT_END": shown["scores_at_end"],
        "LINKS_NONE": shown["links_none"],
        "MAKE": shown["make"],
        "MAKE_GAME": shown["make_game"],
        "MAKE_PLAYERS": shown["make_players"],
        "MAKE_BUTTON": shown["make_button"],
        "DOWNLOADS": shown["downloads"],
        "DOWNLOAD_GAMES": shown["download_games"],
        "STUDIES": shown["studies"],
        "STUDIES_HELP": shown["studies_help"],
        "OTHER": other,
        "OTHER_LANGUAGE": html.escape(t("teacher_page.other_language", lang=other)),
        **{f"COL_{c.upper()}": shown[f"col_{c}"] for c in _COLUMNS},
        "LANG_JS": json.dumps(lang),
        "WORDS_JS": json.dumps(words, ensure_ascii=False).replace("</", "<\\/"),
        "POLL_MS": str(POLL_SECONDS * 1000),
    }.items():
        page = page.replace(f"__{name}__", value)
    return page


_COLUMNS = ("room", "game", "seats", "turn", "moves", "scores", "state", "actions")

__all__ = ["KIND_WORDS", "POLL_SECONDS", "teacher_page"]

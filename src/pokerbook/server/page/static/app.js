// The table page: keeps the state the server sends and draws it.

import { api, connect } from "./api.js";
import { renderBoards } from "./cards.js";
import { renderSeats, tickClocks, valueText } from "./seats.js";
import { Actions } from "./actions.js";
import { h, renderHost, renderLedger, renderPlayer, renderResults, Replayer } from "./panels.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean)[1] || "");
const watching = new URLSearchParams(location.search).get("watch") === "1";
const base = `/api/tables/${encodeURIComponent(tableId)}`;
const $ = (sel) => document.querySelector(sel);

let state = null;
let since = performance.now();
let conn = null;
let lastLedger = null;
let toastTimer = null;
let lastTurn = null;
let lastResults = null;

function toast(text) {
  const box = $("#toast");
  box.textContent = text;
  box.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { box.hidden = true; }, 6000);
}

function say(text) {
  $("#live").textContent = text;
}

async function post(path, body) {
  try {
    const answer = await api(path, body);
    if (conn) conn.refresh();
    return answer || true;
  } catch (err) {
    toast(err.message);
    throw err;
  }
}

const actions = new Actions($("#actions"), {
  act: (text) => post(`${base}/act`, { action: text }),
  choose: (body) => post(`${base}/choose`, body),
  rerender: () => render(),
  games: () => Object.fromEntries(((state && state.games) || []).map((g) => [g.id, g.name])),
});

function role(s) {
  if (s.host) return "host";
  if (s.asked) return "waiting";
  if (s.you) return "player";
  return "spectator";
}

function renderPots(root, s) {
  root.replaceChildren();
  const pots = s.pots || [];
  const hand = s.hand;
  if (!hand) return;
  const total = hand.pot ?? pots.reduce((a, p) => a + p.amount, 0);
  const main = h("span", { class: "pot", "data-pot": "total", text: `Pot ${total}` });
  root.append(main);
  if (pots.length > 1) {
    pots.forEach((p, i) => root.append(h("span", {
      class: "pot side", "data-pot": String(i), text: `${i ? `Side ${i}` : "Main"} ${p.amount}`,
    })));
  }
}

/** the hand just finished, in a line or two in the middle of the table */
function renderSummary(root, s) {
  const last = s.last_hand;
  const show = s.hand && s.hand.done && last && last.number === s.hand.number;
  root.hidden = !show;
  if (!show) return;
  const names = last.names || {};
  const name = (seat) => names[seat] || ((s.seats || []).find((x) => x.seat === seat) || {}).name;
  root.replaceChildren(...(last.results || []).slice(0, 3).map((r) => h("span", {
    text: `${name(r.seat)} wins ${r.amount}${r.hand ? `: ${r.hand}` : ""}`,
  })));
}

function renderJoin(s) {
  const box = $("#join");
  const show = !watching && !s.you && s.status !== "ended";
  box.hidden = !show;
  if (!show) return;
  const form = box.querySelector("form[data-join]");
  const waiting = box.querySelector("[data-waiting]");
  form.hidden = !!s.asked;
  waiting.hidden = !s.asked;
  const full = (s.seats || []).every((x) => x.name);
  box.querySelector(".full").hidden = !full || !!s.asked;
}

function renderHeader(s) {
  $("#table-name").textContent = s.name || "pokerbook";
  const hand = s.hand;
  const bits = [];
  if (hand) bits.push(`${hand.name}${hand.format ? ` · ${hand.format}` : ""} · hand ${hand.number}`);
  if (s.status !== "playing") bits.push(s.status === "waiting" ? "not started" : s.status);
  $("#table-info").textContent = bits.join(" · ");
  const reqs = (s.requests || []).length;
  const tab = $("#tab-host");
  tab.hidden = !s.host;
  tab.textContent = reqs ? `Host (${reqs})` : "Host";
}

function render() {
  const s = state;
  if (!s) return;
  document.body.dataset.role = role(s);
  renderHeader(s);
  actions.prepare(s);
  const wild = [...((s.hand && s.hand.wild) || []), ...(s.your_wild || [])];
  const ctx = { wild, since, pick: actions.pickContext(), value: valueText(s.value ?? null) };
  renderSeats($("#oval"), $("#mine"), s, ctx);
  renderBoards($("#boards"), s);
  renderPots($("#pots"), s);
  renderSummary($("#summary"), s);
  actions.render();
  renderJoin(s);
  const results = $("#results");
  renderResults(results, s);
  renderPlayer($("#player"), s, (body) => post(`${base}/player`, body));
  renderHost($("#host"), s, (body, join) => post(join ? `${base}/join` : `${base}/host`, join || body).then(() => true, () => false));
  const ledgerKey = `${s.hands_played}/${s.status}/${(s.seats || []).map((x) => x.name).join()}`;
  if (ledgerKey !== lastLedger) {
    lastLedger = ledgerKey;
    renderLedger($("#ledger"), encodeURIComponent(tableId), api);
  }
  replayer.refresh(s.hands_played);
  const turn = actions.myTurn() ? `${s.version}` : null;
  if (turn && !lastTurn) say("Your turn");
  lastTurn = turn;
  const done = s.last_hand ? s.last_hand.number : null;
  if (done !== lastResults && lastResults !== null && s.last_hand) {
    say(results.textContent.slice(0, 200));
  }
  lastResults = done;
  const banner = { paused: "The table is paused", ended: "The night is over: see the ledger for who pays whom",
    waiting: s.host ? "Not started: seat the players, then start the night" : "Waiting for the host to start" };
  $("#paused").hidden = !banner[s.status];
  $("#paused").textContent = banner[s.status] || "";
}

const replayer = new Replayer($("#replayer"), encodeURIComponent(tableId), api);

function onState(s) {
  if (state && s.version < state.version) return;
  state = s;
  since = performance.now();
  render();
}

function setConnection(status) {
  document.body.dataset.connection = status;
  $("[data-offline]").hidden = status === "online";
}

setInterval(() => tickClocks(state, since), 250);

$("form[data-join]").addEventListener("submit", async (e) => {
  e.preventDefault();
  const name = new FormData(e.target).get("name");
  try {
    const answer = await post(`${base}/join`, { name: String(name || "").trim() });
    // the answer set the seat cookie: a new socket reads as that seat (or request)
    conn.reconnect();
    if (answer && answer.waiting) say("Asked for a seat: waiting for the host");
  } catch (err) { /* shown */ }
});

const four = $("input[data-four-colour]");
function applyFour() {
  document.body.classList.toggle("four-colour", four.checked);
}
try { four.checked = localStorage.getItem("pokerbook-four-colour") === "1"; } catch (e) { /* */ }
applyFour();
four.addEventListener("change", () => {
  try { localStorage.setItem("pokerbook-four-colour", four.checked ? "1" : "0"); } catch (e) { /* */ }
  applyFour();
});

setConnection("offline");
if (!tableId) toast("no table in this address");
else conn = connect(tableId, { onState, onStatus: setConnection, onMessage: (m) => { if (m && m.error) toast(m.error); } });

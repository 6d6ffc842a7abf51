// The panels beside the table: the last hand's results, your own controls, the host's
// panel, the ledger and the hand replayer.

import { cardsEl, renderBoards, splitCards } from "./cards.js";

export function h(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "text") e.textContent = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c);
  return e;
}

const signed = (n) => (n > 0 ? `+${n}` : `${n}`);

function nameOf(state, seat, names) {
  if (names && names[seat]) return names[seat];
  const s = (state.seats || []).find((x) => x.seat === Number(seat));
  return (s && s.name) || `Seat ${seat}`;
}

/** the last hand: who won what, with which hand and cards, and the changes in chips */
export function renderResults(root, state) {
  root.replaceChildren();
  const last = state.last_hand;
  if (!last) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  const names = last.names || {};
  const listed = (state.games || []).find((g) => g.id === last.game);
  const name = last.name || (listed && listed.name) || last.game;
  const title = `Hand ${last.number}${name ? `: ${name}` : ""}`;
  const shares = new Set((last.results || []).map((r) => r.share));
  root.append(h("h2", { text: title }));
  const list = h("ul", { class: "results" });
  for (const r of last.results || []) {
    const who = nameOf(state, r.seat, names);
    const share = shares.size > 1 && r.share ? ` (${r.share})` : "";
    const text = `${who} wins ${r.amount}${share}${r.hand ? ` with ${r.hand}` : ""}`;
    const li = h("li", { "data-result-seat": String(r.seat) }, h("span", { text }));
    if (r.cards && r.cards.length) li.append(cardsEl(r.cards, { size: "sm" }));
    list.append(li);
  }
  if (list.children.length) root.append(list);
  const deltas = Object.entries(last.deltas || {});
  if (deltas.length) {
    root.append(h("p", { class: "deltas", text: deltas.map(([s, d]) => `${nameOf(state, s, names)} ${signed(d)}`).join(", ") }));
  }
  for (const n of last.notices || []) root.append(h("p", { class: "notice", text: n.text }));
  if (last.seed) root.append(h("p", { class: "small", text: `seed ${last.seed}, salt ${last.salt}` }));
}

/** your seat's controls: sit out/in, away/back, leave, run it twice, Overs, Show 'Em */
export function renderPlayer(root, state, post) {
  root.replaceChildren();
  const me = (state.seats || []).find((s) => s.seat === state.you);
  if (!me || !me.name) {
    root.hidden = true;
    return;
  }
  root.hidden = false;
  root.append(h("h2", { text: "You" }));
  const row = h("div", { class: "buttons" });
  const out = me.status === "away" || me.away;
  const add = (what, text, body = {}, confirmText = null) => {
    row.append(h("button", {
      type: "button", "data-player": what, text,
      onclick: () => {
        if (confirmText && !window.confirm(confirmText)) return;
        post({ do: what, ...body });
      },
    }));
  };
  if (out) add("sit_in", "Sit in");
  else add("sit_out", "Sit out");
  if (me.away) add("back", "I'm back");
  else add("away", "Step away");
  const offers = state.offers || {};
  if (offers.run_twice) {
    const on = !!(state.agreed && state.agreed.run_twice);
    row.append(h("button", {
      type: "button", "data-player": "run_twice", "aria-pressed": String(on),
      text: on ? "Run it twice: yes" : "Run it twice: no",
      onclick: () => post({ do: "run_twice", on: !on }),
    }));
  }
  add("leave", "Leave the table", {}, "Leave the table? Your chips are cashed out.");
  root.append(row);
  if (!offers.overs && !offers.show_em) return;
  const extras = h("details", { class: "extras" },
    h("summary", { text: offers.overs && offers.show_em ? "Overs and Show 'Em" : offers.overs ? "Overs" : "Show 'Em" }));
  const buttons = h("div", { class: "buttons" });
  if (offers.overs) {
    buttons.append(h("button", { type: "button", "data-player": "overs", text: "Take Overs", onclick: () => post({ do: "overs" }) }));
  }
  if (offers.show_em) {
    const others = (state.seats || []).filter((s) => s.name && s.seat !== state.you);
    const pick = h("select", { name: "shown", "aria-label": "Seat to show your chip to" },
      ...others.map((s) => h("option", { value: String(s.seat), text: `${s.seat}: ${s.name}` })));
    buttons.append(
      h("button", { type: "button", "data-player": "show_em_buy", text: `Buy a Show 'Em chip (${offers.show_em.price})`, onclick: () => post({ do: "show_em_buy" }) }),
      pick,
      h("button", { type: "button", "data-player": "show_em", text: "Show 'Em", onclick: () => post({ do: "show_em", shown: Number(pick.value) }) }));
  }
  extras.append(buttons);
  root.append(extras);
}

/** the host's panel: start/pause/end, bots, requests, kicks, stacks, next game */
export function renderHost(root, state, host) {
  if (!state.host) {
    root.hidden = true;
    root.replaceChildren();
    return;
  }
  // keep what the host is typing: redraw only when what the panel shows changed
  const sig = JSON.stringify([state.status, state.requests, (state.seats || []).map((s) => s.name), state.games]);
  if (root.dataset.sig === sig && !root.hidden) return;
  root.dataset.sig = sig;
  root.hidden = false;
  root.replaceChildren(h("h2", { text: "Host" }));
  const row = h("div", { class: "buttons" });
  const btn = (what, text, onclick) => row.append(h("button", { type: "button", "data-host": what, text, onclick }));
  if (state.status === "waiting") btn("start", "Start the night", () => host({ do: "start" }));
  if (state.status === "playing") btn("pause", "Pause", () => host({ do: "pause" }));
  if (state.status === "paused") btn("resume", "Resume", () => host({ do: "resume" }));
  if (state.status === "ended") {
    root.append(h("p", { text: "The night is over." }));
    return;
  }
  btn("add-bot", "Add a bot", () => host(null, { bot: "call" }));
  btn("end", "End the night", () => {
    if (window.confirm("End the night after this hand?")) host({ do: "end" });
  });
  root.append(row);
  const requests = state.requests || [];
  const reqList = h("ul", { class: "requests", "aria-label": "Seat requests" });
  for (const r of requests) {
    reqList.append(h("li", { "data-request": r.id },
      h("span", { text: `${r.name} asks for a seat` }),
      h("button", { type: "button", "data-approve": true, text: "Approve", "aria-label": `Approve ${r.name}`, onclick: () => host({ do: "approve", request: r.id }) }),
      h("button", { type: "button", "data-refuse": true, text: "Refuse", "aria-label": `Refuse ${r.name}`, onclick: () => host({ do: "refuse", request: r.id }) })));
  }
  root.append(h("h3", { text: `Seat requests (${requests.length})` }), reqList);
  const seated = (state.seats || []).filter((s) => s.name);
  const kicks = h("ul", { class: "kicks", "aria-label": "Players" });
  for (const s of seated) {
    kicks.append(h("li", {}, h("span", { text: `${s.seat}: ${s.name} (${s.stack})` }),
      h("button", { type: "button", "data-kick": String(s.seat), text: "Kick", "aria-label": `Kick ${s.name}`,
        onclick: () => host({ do: "kick", seat: s.seat }) })));
  }
  root.append(h("h3", { text: "Players" }), kicks);
  const form = h("form", { "data-stack": true, class: "stack-form" },
    h("label", {}, "Seat ", h("input", { name: "seat", type: "number", min: "1", max: String((state.seats || []).length), required: true, inputmode: "numeric" })),
    h("label", {}, "Stack ", h("input", { name: "amount", type: "number", min: "0", required: true, inputmode: "numeric" })),
    h("label", {}, "Reason ", h("input", { name: "reason", type: "text", required: true, maxlength: "80" })),
    h("button", { type: "submit", text: "Set stack" }));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    const f = new FormData(form);
    host({ do: "stack", seat: Number(f.get("seat")), amount: Number(f.get("amount")), reason: String(f.get("reason")) })
      .then((ok) => { if (ok) form.reset(); });
  });
  root.append(h("h3", { text: "Stacks" }), form);
  const games = state.games || [];
  if (games.length) {
    const select = h("select", { "data-next-game": true, name: "game", "aria-label": "Next game" },
      ...games.map((g) => h("option", { value: g.id, text: `${g.id} ${g.name}` })));
    root.append(h("h3", { text: "Next game" }), h("div", { class: "buttons" }, select,
      h("button", { type: "button", "data-host": "next-game", text: "Deal it next", onclick: () => host({ do: "next_game", game: select.value }) })));
  }
}

/** the ledger: buy-ins, cash-outs and, at the end, who pays whom */
export async function renderLedger(root, tableId, api) {
  let data;
  try {
    data = await api(`/api/tables/${tableId}/ledger`);
  } catch (err) {
    root.replaceChildren(h("h2", { text: "Ledger" }), h("p", { text: err.message }));
    return;
  }
  const table = h("table", {}, h("thead", {}, h("tr", {}, ...["Player", "Bought", "Cashed", "Stack", "Net"].map((t) => h("th", { scope: "col", text: t })))));
  const body = h("tbody");
  for (const p of data.players || []) {
    body.append(h("tr", { "data-player-row": p.name }, h("th", { scope: "row", text: p.name }),
      ...[p.bought, p.cashed, p.stack, signed(p.net)].map((v) => h("td", { text: String(v ?? "") }))));
  }
  table.append(body);
  const parts = [h("h2", { text: "Ledger" }), table];
  if (data.settlement) {
    const ul = h("ul", { class: "settlement", "aria-label": "Settlement" });
    for (const p of data.settlement) ul.append(h("li", { "data-payment": true, text: `${p.payer} pays ${p.payee} ${p.amount}` }));
    if (!data.settlement.length) ul.append(h("li", { text: "Nobody owes anybody." }));
    parts.push(h("h3", { text: "Settlement" }), ul);
  }
  parts.push(h("p", {}, h("a", { href: `/api/tables/${tableId}/ledger.csv`, "data-download": "csv", download: "ledger.csv", text: "Download the ledger (CSV)" })));
  if (data.settlement) {
    // the night is over: its hands are published, for replaying and for trackers
    const formats = [["phhs", "PHH"], ["txt", "PokerStars text"], ["ohh", "Open Hand History"]];
    parts.push(h("p", {}, "Download the hands: ", ...formats.flatMap(([suffix, name], i) => [i ? " · " : "",
      h("a", { href: `/api/tables/${tableId}/hands.${suffix}`, "data-download": suffix, download: `hands.${suffix}`, text: name })])));
  }
  root.replaceChildren(...parts);
}

// ---- the replayer ----------------------------------------------------------------

const ACTS = { fold: "folds", check: "checks", call: "calls", bet: "bets", raise: "raises to",
  complete: "completes to", ante: "antes", blind: "posts", "bring-in": "brings in for",
  muck: "mucks", return: "takes back" };

/** the table after the first `upto` events of a finished hand */
export function replay(hand, upto) {
  const seats = new Map(hand.seats.map((s) => [s.seat, { ...s, cards: [], bet: 0, folded: false }]));
  const boards = [[]];
  let pot = 0;
  let text = "Before the deal";
  const name = (n) => (seats.get(n) || {}).name || `Seat ${n}`;
  for (const e of hand.events.slice(0, upto)) {
    const s = seats.get(e.seat);
    const cards = splitCards(e.cards || "");
    const amount = e.amount || 0;
    switch (e.kind) {
      case "ante":
        s.stack -= amount; pot += amount; break;
      case "blind": case "bring-in": case "call":
        s.stack -= amount; s.bet += amount; pot += amount; break;
      case "bet": case "raise": case "complete": {
        const more = amount - s.bet;
        s.stack -= more; s.bet = amount; pot += more; break;
      }
      case "return":
        s.stack += amount; s.bet -= amount; pot -= amount; break;
      case "street": // the first round's bets include the blinds posted before it
        if (amount > 1) seats.forEach((x) => (x.bet = 0));
        break;
      case "fold": case "muck":
        s.folded = true; break;
      case "deal-hole": case "receive":
        s.cards.push(...cards); break;
      case "draw": case "discard": case "give": {
        const gone = splitCards(e.discarded || "");
        for (const c of gone) {
          const i = s.cards.indexOf(c) >= 0 ? s.cards.indexOf(c) : s.cards.indexOf("??");
          if (i >= 0) s.cards.splice(i, 1);
        }
        s.cards.push(...(e.kind === "draw" ? cards : []));
        break;
      }
      case "show":
        if (s) s.cards = cards.length >= s.cards.length ? cards : cards.concat(s.cards.slice(cards.length));
        break;
      case "deal-board": {
        const b = e.detail === "run 2" ? 1 : e.board || 0;
        while (boards.length <= b) boards.push([]);
        boards[b].push(...cards);
        break;
      }
      case "award":
        s.stack += amount; pot -= amount; break;
      default:
        break;
    }
    text = describe(e, name);
  }
  return { seats: [...seats.values()], boards, pot, text };
}

function describe(e, name) {
  const who = e.seat ? name(e.seat) : "";
  const cards = e.cards ? ` ${e.cards}` : "";
  switch (e.kind) {
    case "deal-hole": return `${who} is dealt${cards}`;
    case "deal-board": return `Board${e.board ? ` ${e.board + 1}` : ""}:${cards}`;
    case "street": return `Betting round ${e.amount}${e.detail ? ` (${e.detail} bets)` : ""}`;
    case "draw": return `${who} draws ${e.amount || 0}${e.discarded ? ` (throws ${e.discarded})` : ""}`;
    case "discard": return `${who} discards${e.discarded ? ` ${e.discarded}` : ""}`;
    case "show": return `${who} shows${cards}`;
    case "award": return `${who} wins ${e.amount}${e.detail ? ` (${e.detail})` : ""}`;
    case "roll": return `Die rolled: ${e.amount}${e.detail ? ` (${e.detail})` : ""}`;
    case "choice": case "declare": case "choose": return `${who} ${e.kind === "declare" ? "declares" : "chooses"} ${e.detail || ""}`;
    default: {
      const verb = ACTS[e.kind] || e.kind.replace(/-/g, " ");
      const amount = e.amount ? ` ${e.amount}` : "";
      return `${who ? `${who} ` : ""}${verb}${amount}${cards}${e.detail && !ACTS[e.kind] ? `: ${e.detail}` : ""}`.trim();
    }
  }
}

export class Replayer {
  constructor(root, tableId, api) {
    this.root = root;
    this.tableId = tableId;
    this.api = api;
    this.hand = null;
    this.step = 0;
    this.count = -1;
  }

  async refresh(handsPlayed) {
    if (handsPlayed === this.count) return;
    this.count = handsPlayed;
    let data;
    try {
      data = await this.api(`/api/tables/${this.tableId}/hands`);
    } catch (err) {
      data = { hands: [] };
    }
    this.hands = data.hands || [];
    this.render();
  }

  async open(n) {
    try {
      this.hand = await this.api(`/api/tables/${this.tableId}/hands/${n}`);
    } catch (err) {
      this.hand = null;
      return;
    }
    this.step = this.hand.events.length;
    this.render();
    const s = this.root.querySelector("[data-replay-step]");
    if (s) s.focus();
  }

  go(to) {
    const max = this.hand.events.length;
    this.step = Math.max(0, Math.min(max, to));
    this.render();
    const b = this.root.querySelector(`[data-replay="${this.lastMove}"]`);
    if (b && !b.disabled) b.focus();
  }

  render() {
    const root = this.root;
    root.replaceChildren(h("h2", { text: "Hands" }));
    const list = h("ul", { class: "hand-list" });
    for (const x of [...(this.hands || [])].reverse()) {
      const d = Object.entries(x.deltas || {}).map(([s, v]) => `${s}:${signed(v)}`).join(" ");
      list.append(h("li", {}, h("button", {
        type: "button", "data-replay-hand": String(x.number), "aria-current": this.hand && this.hand.number === x.number ? "true" : null,
        text: `#${x.number} ${x.name || x.game}${d ? ` (${d})` : ""}`, onclick: () => this.open(x.number),
      })));
    }
    if (!list.children.length) root.append(h("p", { text: "No finished hands yet." }));
    root.append(list);
    if (!this.hand) return;
    const hand = this.hand;
    const at = replay(hand, this.step);
    const max = hand.events.length;
    const nav = h("div", { class: "buttons replay-nav", role: "group", "aria-label": "Step through the hand" });
    for (const [what, label, to] of [["first", "« First", 0], ["prev", "◀ Back", this.step - 1],
      ["next", "Next ▶", this.step + 1], ["last", "Last »", max]]) {
      nav.append(h("button", {
        type: "button", "data-replay": what, text: label,
        disabled: (what === "first" || what === "prev") ? this.step === 0 : this.step === max,
        onclick: () => { this.lastMove = what; this.go(to); },
      }));
    }
    const view = h("div", { class: "replay-view" });
    const board = h("div", { class: "boards" });
    renderBoards(board, { boards: at.boards, hand: { events: hand.events.slice(0, this.step), layout: hand.layout || null, wild: hand.wild || [] } });
    view.append(board, h("p", { class: "pot", text: `Pot ${at.pot}` }));
    const seats = h("ul", { class: "replay-seats" });
    for (const s of at.seats) {
      seats.append(h("li", { class: s.folded ? "folded" : null },
        h("span", { text: `${s.seat === hand.button ? "(D) " : ""}${s.name} ${s.stack}${s.bet ? `, bet ${s.bet}` : ""}${s.folded ? ", folded" : ""}` }),
        cardsEl(s.cards, { size: "sm" })));
    }
    view.append(seats);
    root.append(
      h("h3", { text: `Hand ${hand.number}: ${hand.name || hand.game}${hand.format ? ` (${hand.format})` : ""}` }),
      nav,
      h("p", { "data-replay-step": true, "aria-live": "polite", tabindex: "-1", class: "step", text: `${this.step}/${max}: ${at.text}` }),
      view,
      h("p", {}, h("a", { href: `/api/tables/${this.tableId}/hands/${hand.number}.phh`, "data-download": "phh", download: `hand-${hand.number}.phh`, text: "Download this hand (PHH)" })));
  }
}

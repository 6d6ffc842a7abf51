// The seats around the table: name, stack, bet, button, who is to act and their clock.
// Your own seat is drawn below the oval with your cards large (and tappable when a
// move picks cards); the others sit around it, you at the bottom.

import { cardEl, pickEl } from "./cards.js";

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** "High: Flush, ace high / Low: no low" from state.value */
export function valueText(value) {
  if (!value || !value.length) return "";
  if (value.length === 1) return value[0].text ?? `no ${value[0].share || "hand"}`;
  if (value.length > 2) {
    // a game of many possible shares (Pick'em): those with no hand yet say little
    const kept = value.filter((v) => v.text !== null || v.share === "low");
    if (kept.length) value = kept;
  }
  const cap = (s) => (s ? s[0].toUpperCase() + s.slice(1) : "");
  return value.map((v) => `${cap(v.share)}: ${v.text ?? `no ${v.share}`}`).join(" / ");
}

function clockText(clock, since) {
  const gone = (performance.now() - since) / 1000;
  let left = clock.left - gone;
  let bank = clock.bank;
  if (left < 0) {
    bank = Math.max(0, bank + left);
    left = 0;
  }
  return left > 0 ? `${Math.ceil(left)}s +${Math.ceil(bank)}` : `bank ${Math.ceil(bank)}s`;
}

/** refresh every clock shown (called a few times a second) */
export function tickClocks(state, since) {
  const node = document.querySelector("[data-clock]");
  if (!node || !state || !state.clock) return;
  const text = clockText(state.clock, since);
  node.textContent = text;
  const left = state.clock.left - (performance.now() - since) / 1000;
  node.classList.toggle("low", left < 8);
}

function seatCards(seat, me, ctx) {
  const wrap = el("div", (seat.cards || []).length > (me ? 5 : 4) ? "cards many" : "cards");
  const up = new Set(seat.up_cards || []);
  const stud = (seat.up_cards || []).length > 0;
  for (const c of seat.cards || []) {
    const opts = { wild: ctx.wild, size: me ? "lg" : "sm", up: stud && up.has(c) };
    if (me && ctx.pick && ctx.pick.can(c)) {
      const b = pickEl(c, opts);
      const order = ctx.pick.order(c);
      b.setAttribute("aria-pressed", order ? "true" : "false");
      if (order && ctx.pick.ordered) {
        b.insertAdjacentHTML("beforeend", `<span class="order" aria-hidden="true">${order}</span>`);
      }
      b.addEventListener("click", () => ctx.pick.toggle(c));
      wrap.append(b);
    } else {
      wrap.append(cardEl(c, opts));
    }
  }
  return wrap;
}

function seatEl(seat, state, ctx) {
  const me = state.you === seat.seat;
  const box = el("div", "seat");
  box.setAttribute("role", "group");
  box.dataset.seat = String(seat.seat);
  if (!seat.name) {
    box.classList.add("empty");
    box.setAttribute("aria-label", `Seat ${seat.seat}, empty`);
    box.append(el("span", "nm", `${seat.seat}`));
    box.title = `Seat ${seat.seat}: empty`;
    return box;
  }
  const toAct = state.to_act === seat.seat && state.status === "playing";
  if (me) box.dataset.me = "";
  if (seat.button) box.dataset.buttonSeat = "";
  if (toAct) box.dataset.toAct = "";
  if (seat.folded) box.dataset.folded = "";
  if (seat.away || seat.status === "away") box.dataset.away = "";
  const head = el("div", "head");
  const name = el("span", "nm", seat.name);
  head.append(name);
  if (seat.bot) head.append(el("span", "badge bot", "bot"));
  if (seat.all_in) head.append(el("span", "badge allin", "all in"));
  if (seat.away || seat.status === "away") head.append(el("span", "badge", "away"));
  else if (seat.status === "waiting" && state.status === "playing" && !(seat.cards || []).length) {
    head.append(el("span", "badge", "waiting"));
  }
  if (seat.button) {
    const d = el("span", "disc", "D");
    d.setAttribute("aria-label", "dealer button");
    d.setAttribute("role", "img");
    head.append(d);
  }
  box.append(head);
  const info = el("div", "info");
  info.append(el("span", "stk", `${seat.stack}`));
  if (seat.bet) {
    const bet = el("span", "bet", `bet ${seat.bet}`);
    bet.dataset.bet = String(seat.bet);
    info.append(bet);
  }
  if (toAct && state.clock) {
    const c = el("span", "clock", clockText(state.clock, ctx.since));
    c.dataset.clock = "";
    c.setAttribute("aria-label", "time left, then time bank");
    info.append(c);
  } else if (toAct) {
    info.append(el("span", "clock idle", "to act"));
  }
  box.append(info);
  box.append(seatCards(seat, me, ctx));
  if (me && ctx.value) {
    const v = el("p", "value", ctx.value);
    v.dataset.handValue = "";
    box.append(v);
  }
  const label = [`Seat ${seat.seat}`, seat.name, me ? "(you)" : "", seat.bot ? "bot" : "",
    `stack ${seat.stack}`, seat.bet ? `bet ${seat.bet}` : "", seat.button ? "button" : "",
    seat.folded ? "folded" : "", seat.all_in ? "all in" : "", toAct ? "to act" : ""];
  box.setAttribute("aria-label", label.filter(Boolean).join(", "));
  return box;
}

/** draw the seats: the others around `oval`, yours in `mine` */
export function renderSeats(oval, mine, state, ctx) {
  oval.querySelectorAll(".seat").forEach((n) => n.remove());
  mine.replaceChildren();
  const seats = state.seats || [];
  const n = seats.length || 1;
  const bottom = state.you || 1;
  for (const seat of seats) {
    const box = seatEl(seat, state, ctx);
    if (seat.seat === state.you) {
      mine.append(box);
      continue;
    }
    const k = (seat.seat - bottom + n) % n;
    // clockwise from the bottom (you, drawn below the oval), as the deal goes round
    const angle = Math.PI / 2 + (2 * Math.PI * k) / n;
    box.style.left = `${50 + 38 * Math.cos(angle)}%`;
    box.style.top = `${50 + 41 * Math.sin(angle)}%`;
    oval.append(box);
  }
}

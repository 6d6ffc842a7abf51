// Cards and boards: a card is its rank and suit symbol (or a back, or the joker), with
// data-card holding its text as the server writes it ("Ah", "??", "Jo").

const RANKS = { A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "Ten", 9: "Nine", 8: "Eight",
  7: "Seven", 6: "Six", 5: "Five", 4: "Four", 3: "Three", 2: "Two" };
const SUITS = { s: ["♠", "spades"], h: ["♥", "hearts"], d: ["♦", "diamonds"], c: ["♣", "clubs"] };
const DIE = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export const CARD_RE = /^(?:[2-9TJQKA][cdhs]|Jo)+$/;

/** "AhKd Jo" -> ["Ah", "Kd", "Jo"] */
export function splitCards(text) {
  if (Array.isArray(text)) return text;
  return (String(text || "").match(/\?\?|Jo|[2-9TJQKA][cdhs]/g) || []);
}

export function cardName(text) {
  if (text === "??") return "face-down card";
  if (text === "Jo") return "Joker";
  const rank = RANKS[text[0]];
  const suit = SUITS[text[1]];
  return rank && suit ? `${rank} of ${suit[1]}` : text;
}

/** whether a card is wild now: its rank ("Q") or the card itself ("Js") is in `wild` */
export function isWild(text, wild) {
  if (!wild || !wild.length || text === "??") return false;
  return wild.includes(text) || wild.includes(text[0]) || (text === "Jo" && wild.includes("Jo"));
}

function fill(el, text, opts) {
  // a card drawn face down is "??" whatever it was (Crayfish's turned-down card keeps its
  // text in data-was: everybody saw it)
  el.dataset.card = opts.down ? "??" : text;
  if (opts.down && text !== "??") el.dataset.was = text;
  el.classList.add("card");
  if (text === "??" || opts.down) {
    el.classList.add("back");
    el.innerHTML = "";
  } else if (text === "Jo") {
    el.classList.add("joker");
    el.innerHTML = '<span class="rk">★</span><span class="st">JOKER</span>';
  } else {
    const suit = SUITS[text[1]] || ["?", ""];
    el.classList.add(`suit-${text[1]}`);
    const rank = text[0] === "T" ? "10" : text[0];
    el.innerHTML = `<span class="rk">${rank}</span><span class="st">${suit[0]}</span>`;
  }
  let label = opts.down && text !== "??" ? `${cardName(text)}, turned face down` : cardName(text);
  if (opts.up) label += ", face up";
  if (isWild(text, opts.wild)) {
    el.classList.add("wild");
    el.insertAdjacentHTML("beforeend", '<span class="wildmark" aria-hidden="true">★</span>');
    label += ", wild";
  }
  if (opts.up) el.classList.add("up");
  el.setAttribute("aria-label", label);
  el.title = label;
  return el;
}

/** a card to look at: opts {wild, up, down, size: "sm"|"lg"} */
export function cardEl(text, opts = {}) {
  const el = document.createElement("span");
  el.setAttribute("role", "img");
  if (opts.size) el.classList.add(opts.size);
  return fill(el, text, opts);
}

/** a card to tap (draws, discards, choices): a toggle button */
export function pickEl(text, opts = {}) {
  const el = document.createElement("button");
  el.type = "button";
  el.dataset.pick = "";
  el.setAttribute("aria-pressed", "false");
  if (opts.size) el.classList.add(opts.size);
  return fill(el, text, opts);
}

export function cardsEl(cards, opts = {}) {
  const row = document.createElement("span");
  row.className = "cards";
  for (const c of splitCards(cards)) row.append(cardEl(c, opts));
  return row;
}

function boardEl(cards, index, opts) {
  const el = document.createElement("div");
  el.className = "board";
  el.dataset.board = String(index);
  el.setAttribute("aria-label", opts.label || `Board ${index + 1}`);
  el.setAttribute("role", "group");
  if (opts.removed) {
    el.dataset.removed = "";
    el.setAttribute("aria-label", `${opts.label || `Board ${index + 1}`} (removed)`);
  }
  for (const c of cards) {
    el.append(cardEl(c, { wild: opts.wild, size: opts.size, down: opts.turned.has(c) }));
  }
  if (!cards.length) el.classList.add("empty");
  return el;
}

/** the boards of the hand, laid out as the game lays them, with the dice beside them */
export function renderBoards(root, state) {
  root.replaceChildren();
  const hand = state.hand;
  const boards = state.boards && state.boards.length ? state.boards : [state.board || []];
  const events = (hand && hand.events) || [];
  const wild = (hand && hand.wild) || [];
  const removed = new Set();
  const turned = new Set();
  const rolls = [];
  let pathsText = null;
  for (const e of events) {
    if (e.kind === "remove-board") removed.add(e.board || 0);
    if (e.kind === "crayfish-turn-down") splitCards(e.cards).forEach((c) => turned.add(c));
    if (e.kind === "roll") rolls.push(e);
    if (e.kind === "layout" && e.detail) pathsText = e.detail;
  }
  const layout = hand && hand.layout;
  const many = boards.length > 1;
  const size = boards.length > 4 ? "sm" : boards.length > 1 ? "md" : "";
  const opts = (i) => ({ wild, turned, removed: removed.has(i), size, label: many ? `Board ${i + 1}` : "Board" });
  const runs = hand && hand.runs && hand.runs.length > 1 ? hand.runs : null;
  if (runs) {
    runs.forEach((cards, i) => {
      const b = boardEl(splitCards(cards), i, { ...opts(i), label: `Run ${i + 1}` });
      b.classList.add("run");
      root.append(b);
    });
  } else if (layout && layout.rows) {
    const grid = document.createElement("div");
    grid.className = layout.columns ? "layout columns" : "layout";
    const width = Math.max(...layout.rows.map((r) => r.length));
    grid.style.gridTemplateColumns = `repeat(${width}, auto)`;
    for (const row of layout.rows) {
      for (let col = 0; col < width; col++) {
        const index = row[col];
        if (index === null || index === undefined || index >= boards.length) {
          grid.append(Object.assign(document.createElement("div"), { className: "gap" }));
        } else {
          grid.append(boardEl(splitCards(boards[index]), index, opts(index)));
        }
      }
    }
    root.append(grid);
    const paths = layout.paths
      ? layout.paths.map((p, i) => `Path ${i + 1}: boards ${p.map((b) => b + 1).join("-")}`)
      : [];
    if (pathsText || paths.length) {
      const p = document.createElement("details");
      p.className = "paths";
      const summary = document.createElement("summary");
      summary.textContent = "Paths";
      p.append(summary, pathsText || paths.join("; "));
      root.append(p);
    }
  } else {
    boards.forEach((cards, i) => root.append(boardEl(splitCards(cards), i, opts(i))));
  }
  if (rolls.length) {
    const dice = document.createElement("div");
    dice.className = "dice";
    dice.setAttribute("role", "group");
    dice.setAttribute("aria-label", "Dice rolled");
    for (const r of rolls) {
      const d = document.createElement("span");
      d.className = "die";
      d.dataset.roll = String(r.amount);
      d.setAttribute("aria-label", `die rolled ${r.amount}${r.detail ? `: ${r.detail}` : ""}`);
      d.innerHTML = `<span class="face" aria-hidden="true">${DIE[r.amount - 1] || r.amount}</span>`;
      const t = document.createElement("small");
      t.textContent = `${r.amount}${r.detail ? ` ${r.detail}` : ""}`;
      d.append(t);
      dice.append(d);
    }
    root.append(dice);
  }
}

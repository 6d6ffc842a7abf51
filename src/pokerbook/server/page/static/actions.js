// The action bar: a button for each legal action (with its amount), the bet slider and
// quick amounts, card picking for draws, discards and card choices, plain choices, the
// dealer's-choice menu and the bomb-pot call; f / c / r / Enter on a keyboard.

import { CARD_RE, splitCards } from "./cards.js";

const WORDS = {
  high: "High", low: "Low", both: "Both ways", keep: "Keep", push: "Push", buy: "Buy",
  pass: "Pass", expose: "Expose", stay: "Stay", fold: "Fold", yes: "Yes", no: "No",
  holdem: "Hold'em", omaha8: "Omaha/8", razz: "Razz", stud: "Stud", stud8: "Stud/8",
  red: "Red", black: "Black", deal: "Deal", split: "Split", door: "Door card",
};

/** a choice's words for a person: "pickem stud8" -> "Stud/8", "keep-up" -> "Keep up" */
export function optionLabel(option, games = {}) {
  const text = String(option);
  if (WORDS[text]) return WORDS[text];
  if (games[text]) return games[text];
  const last = text.split(" ").pop();
  if (WORDS[last]) return WORDS[last];
  const words = text.replace(/[-_]/g, " ");
  return words[0].toUpperCase() + words.slice(1);
}

function button(text, attrs = {}) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") b.className = v;
    else b.setAttribute(k, v);
  }
  return b;
}

function sameCards(a, b) {
  return a.length === b.length && a.every((c, i) => c === b[i]);
}

function choiceHint(options) {
  const has = (w) => options.includes(w);
  if (has("high") && has("low")) return "Declare:";
  if (has("keep") && has("push")) return "Keep your card or push it:";
  if (has("buy") && has("pass")) return "Buy the card or pass:";
  if (has("holdem") || has("stud")) return "Pick the game:";
  return "Choose:";
}

export class Actions {
  constructor(root, { act, choose, rerender, games }) {
    this.root = root;
    this.act = act; // (text) => Promise
    this.choose = choose; // (body) => Promise
    this.rerender = rerender;
    this.games = games; // () => {id: name}
    this.state = null;
    this.key = null;
    this.picked = [];
    this.sentAt = null; // the version an action was sent at: buttons stay off until a newer one
    this.amount = null;
    document.addEventListener("keydown", (e) => this.onKey(e));
  }

  /** the moves to pick cards for, if any */
  pickMove() {
    const s = this.state;
    if (!this.myTurn()) return null;
    for (const l of s.legal) {
      if (l.action === "sd" || l.action === "dc") return l;
      if (l.action === "ch" && (l.options || []).some((o) => typeof o === "string" && CARD_RE.test(o))) return l;
    }
    return null;
  }

  myTurn() {
    const s = this.state;
    return !!(s && s.you && s.to_act === s.you && s.legal && s.legal.length && s.status === "playing");
  }

  /** new state: forget the picks when the decision changed */
  prepare(state) {
    this.state = state;
    const key = JSON.stringify([state.hand && state.hand.number, state.to_act, state.legal]);
    if (key !== this.key) {
      this.key = key;
      this.picked = [];
      this.amount = null;
    }
    if (this.sentAt !== null && state.version !== this.sentAt) this.sentAt = null;
  }

  /** what the seat's cards need to be tappable (seats.js) */
  pickContext() {
    const move = this.pickMove();
    if (!move) return null;
    let allowed = null;
    if (move.action === "ch") {
      allowed = new Set(move.options.flatMap((o) => splitCards(o)));
    } else if (move.cards) {
      allowed = new Set(splitCards(move.cards));
    }
    return {
      can: (c) => c !== "??" && (!allowed || allowed.has(c)),
      order: (c) => this.picked.indexOf(c) + 1,
      ordered: move.action === "ch" && this.ordered(move.options.filter((o) => CARD_RE.test(o))),
      toggle: (c) => {
        const i = this.picked.indexOf(c);
        if (i >= 0) this.picked.splice(i, 1);
        else this.picked.push(c);
        this.rerender();
      },
    };
  }

  /** a card option matching the picked cards: in tap order, else as a set */
  chOption(move) {
    const opts = move.options.filter((o) => typeof o === "string" && CARD_RE.test(o));
    const exact = opts.find((o) => sameCards(splitCards(o), this.picked));
    if (exact) return exact;
    const sorted = [...this.picked].sort();
    return opts.find((o) => {
      const cs = splitCards(o);
      return cs.length === sorted.length && sameCards([...cs].sort(), sorted) && !this.ordered(opts);
    });
  }

  ordered(opts) {
    // options that hold the same cards in different orders are orders
    const sets = new Set(opts.map((o) => [...splitCards(o)].sort().join("")));
    return sets.size < opts.length;
  }

  async send(text, fn) {
    if (!this.myTurn() && !fn) return;
    this.sentAt = this.state.version;
    this.render();
    try {
      await (fn ? fn() : this.act(text));
    } catch (err) {
      this.sentAt = null;
      this.render();
    }
  }

  render() {
    const root = this.root;
    const s = this.state;
    // redraw only when the decision, the picks or a sending changed: keeps focus and typing
    const sig = JSON.stringify([this.key, this.sentAt, this.picked, s && s.to_act, s && s.status, s && s.you]);
    if (sig === this.sig && root.contains(document.activeElement)) return;
    this.sig = sig;
    root.replaceChildren();
    if (!s || !s.you) return;
    const legal = s.legal || [];
    const disabled = this.sentAt !== null;
    const row = document.createElement("div");
    row.className = "buttons";
    const special = legal.find((l) => l.action === "game" || l.action === "bomb");
    if (special && s.to_act === s.you) {
      root.append(this.renderSpecial(special, disabled));
      return;
    }
    if (!this.myTurn()) {
      const who = s.seats.find((x) => x.seat === s.to_act);
      if (s.status === "playing" && who) {
        const p = document.createElement("p");
        p.className = "wait";
        p.textContent = `Waiting for ${who.name}`;
        root.append(p);
      }
      return;
    }
    const by = Object.fromEntries(legal.map((l) => [l.action, l]));
    const pick = this.pickMove();
    if (pick) root.append(this.renderPick(pick, disabled));
    const choice = legal.find((l) => l.action === "ch" && l !== pick);
    if (choice) {
      const hint = document.createElement("p");
      hint.className = "hint";
      hint.textContent = choiceHint(choice.options.map(String));
      root.append(hint);
      for (const o of choice.options) {
        const b = button(optionLabel(o, this.games()), { "data-action": "ch", "data-option": String(o) });
        b.addEventListener("click", () => this.send(`ch ${o}`));
        row.append(b);
      }
    }
    if (by.f) {
      const b = button("Fold", { "data-action": "f", class: "fold", "aria-keyshortcuts": "f" });
      b.addEventListener("click", () => this.send("f"));
      row.append(b);
    }
    if (by.pb) {
      const b = button(`Bring-in ${by.pb.min}`, { "data-action": "pb" });
      b.addEventListener("click", () => this.send("pb"));
      row.append(b);
    }
    if (by.cc) {
      const text = by.cc.min ? `Call ${by.cc.min}` : "Check";
      const b = button(text, { "data-action": "cc", class: "call", "aria-keyshortcuts": "c" });
      b.addEventListener("click", () => this.send("cc"));
      row.append(b);
    }
    if (by.cbr) root.append(this.renderBet(by.cbr, by.cc, row));
    root.append(row);
    root.querySelectorAll("button, input").forEach((b) => {
      if (disabled) b.disabled = true;
    });
  }

  renderSpecial(l, disabled) {
    const box = document.createElement("div");
    box.className = "buttons menu";
    const h = document.createElement("p");
    box.append(h);
    if (l.action === "game") {
      h.textContent = "Your deal: choose the game";
      const names = { ...this.games(), ...(l.names || {}) };
      // the Bug is added where the night deals it; the server refuses it elsewhere
      let bug = null;
      if (l.bug !== false) {
        bug = document.createElement("input");
        bug.type = "checkbox";
        bug.dataset.bug = "";
        const label = document.createElement("label");
        label.className = "bug";
        label.append(bug, " add the Bug");
        box.append(label);
      }
      for (const id of l.options) {
        const b = button(names[id] ? `${names[id]}` : id, { "data-choose-game": id, title: id });
        const body = () => (bug && bug.checked ? { game: id, bug: true } : { game: id });
        b.addEventListener("click", () => this.send(null, () => this.choose(body())));
        box.append(b);
      }
    } else {
      h.textContent = "Call a bomb pot?";
      for (const [word, value] of [["yes", true], ["no", false]]) {
        const b = button(value ? "Bomb pot" : "No bomb pot", { "data-bomb": word });
        b.addEventListener("click", () => this.send(null, () => this.choose({ call: value })));
        box.append(b);
      }
    }
    if (disabled) box.querySelectorAll("button").forEach((b) => (b.disabled = true));
    return box;
  }

  renderPick(move, disabled) {
    const box = document.createElement("div");
    box.className = "buttons pick";
    const n = this.picked.length;
    const hint = document.createElement("p");
    hint.className = "hint";
    let b;
    if (move.action === "sd") {
      hint.textContent = `Tap the cards to throw (${move.min === move.max ? move.min : `${move.min}-${move.max}`})`;
      b = button(n ? `Draw ${n}` : "Stand pat", { "data-action": "sd" });
      b.disabled = n < (move.min || 0) || n > move.max;
      b.addEventListener("click", () => this.send(n ? `sd ${this.picked.join("")}` : "sd"));
    } else if (move.action === "dc") {
      const passing = move.for === "pass";
      hint.textContent = `Tap ${move.min} card${move.min === 1 ? "" : "s"} to ${passing ? "pass on" : "discard"}`;
      b = button(`${passing ? "Pass" : "Discard"} ${move.min}`, { "data-action": "dc" });
      b.disabled = n !== move.min;
      b.addEventListener("click", () => this.send(`dc ${this.picked.join("")}`));
    } else {
      const opts = move.options.filter((o) => CARD_RE.test(o));
      const ordered = this.ordered(opts);
      const size = splitCards(opts[0] || "").length;
      hint.textContent = ordered
        ? `Tap your cards in the order to show them (${size})`
        : `Tap the ${size} card${size === 1 ? "" : "s"} to choose`;
      const option = this.chOption(move);
      b = button(ordered ? "Show in this order" : `Choose ${n || ""}`.trim(), { "data-action": "ch" });
      b.disabled = !option;
      b.addEventListener("click", () => {
        const o = this.chOption(move);
        if (o) this.send(`ch ${o}`);
      });
    }
    box.append(hint, b);
    return box;
  }

  renderBet(cbr, cc, row) {
    const s = this.state;
    const me = s.seats.find((x) => x.seat === s.you) || {};
    const facing = cc && cc.min > 0;
    const verb = s.legal.some((l) => l.action === "pb") ? "Complete to" : facing || s.seats.some((x) => x.bet > 0 && x.seat !== s.you) ? "Raise to" : "Bet";
    const box = document.createElement("div");
    box.className = "bet-box";
    const clamp = (v) => Math.max(cbr.min, Math.min(cbr.max, Math.round(v)));
    if (this.amount === null) this.amount = cbr.min;
    const go = button(`${verb} ${this.amount}`, { "data-action": "cbr", class: "raise", "aria-keyshortcuts": "r" });
    const limit = cbr.min === cbr.max || (cbr.sizes && cbr.sizes.length);
    const input = document.createElement("input");
    input.dataset.amount = "";
    input.name = "amount";
    const set = (v) => {
      this.amount = clamp(v);
      input.value = String(this.amount);
      if (slider) slider.value = String(this.amount);
      go.textContent = `${verb} ${this.amount}`;
    };
    let slider = null;
    if (limit) {
      input.type = "hidden";
      input.value = String(this.amount);
      if (cbr.sizes && cbr.sizes.length > 1) {
        const sizes = document.createElement("div");
        sizes.className = "quick";
        sizes.setAttribute("role", "group");
        sizes.setAttribute("aria-label", "Amounts allowed");
        for (const v of cbr.sizes) {
          const q = button(String(v), { "data-size": String(v), "aria-pressed": String(v === this.amount) });
          q.addEventListener("click", () => {
            set(v);
            sizes.querySelectorAll("button").forEach((x) => x.setAttribute("aria-pressed", String(x === q)));
          });
          sizes.append(q);
        }
        box.append(sizes);
      }
    } else {
      const pot = (s.hand && s.hand.pot) || 0;
      const call = cc ? cc.min : 0;
      const mine = me.bet || 0;
      const potRaise = (f) => mine + call + f * (pot + call);
      const quick = document.createElement("div");
      quick.className = "quick";
      quick.setAttribute("role", "group");
      quick.setAttribute("aria-label", "Quick amounts");
      for (const [label, v, name] of [["Min", cbr.min, "min"], ["½ pot", potRaise(0.5), "half"],
        ["Pot", potRaise(1), "pot"], ["All in", cbr.max, "all-in"]]) {
        const q = button(label, { "data-quick": name, "aria-label": `${label}: ${clamp(v)}` });
        q.addEventListener("click", () => set(v));
        quick.append(q);
      }
      slider = document.createElement("input");
      slider.type = "range";
      slider.min = String(cbr.min);
      slider.max = String(cbr.max);
      slider.value = String(this.amount);
      slider.setAttribute("aria-label", "Bet amount slider");
      slider.addEventListener("input", () => set(Number(slider.value)));
      input.type = "number";
      input.min = String(cbr.min);
      input.max = String(cbr.max);
      input.inputMode = "numeric";
      input.value = String(this.amount);
      input.setAttribute("aria-label", `Amount, ${cbr.min} to ${cbr.max}`);
      input.addEventListener("input", () => {
        const v = Number(input.value);
        if (Number.isFinite(v)) {
          this.amount = v;
          go.textContent = `${verb} ${clamp(v)}`;
          slider.value = String(clamp(v));
        }
      });
      input.addEventListener("change", () => set(Number(input.value) || cbr.min));
      const line = document.createElement("div");
      line.className = "slider";
      line.append(slider, input);
      box.append(quick, line);
    }
    if (limit) box.append(input);
    go.addEventListener("click", () => this.sendBet(cbr));
    row.append(go);
    return box;
  }

  sendBet(cbr) {
    const input = this.root.querySelector("input[data-amount]");
    const v = Number(input ? input.value : this.amount);
    const amount = Math.max(cbr.min, Math.min(cbr.max, Math.round(Number.isFinite(v) ? v : cbr.min)));
    this.send(`cbr ${amount}`);
  }

  onKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const target = e.target;
    const typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
    if (!this.myTurn() || this.sentAt !== null) return;
    const find = (code) => this.root.querySelector(`button[data-action="${code}"]:not([disabled])`);
    if (e.key === "Enter" && target && target.matches && target.matches("input[data-amount]")) {
      e.preventDefault();
      const cbr = this.state.legal.find((l) => l.action === "cbr");
      if (cbr) this.sendBet(cbr);
      return;
    }
    if (typing) return;
    const key = e.key.toLowerCase();
    if (key === "f" && find("f")) {
      e.preventDefault();
      find("f").click();
    } else if (key === "c" && find("cc")) {
      e.preventDefault();
      find("cc").click();
    } else if (key === "r" && find("cbr")) {
      e.preventDefault();
      const input = this.root.querySelector('input[data-amount]:not([type="hidden"])');
      if (input) {
        input.focus();
        input.select();
      } else find("cbr").focus();
    }
  }
}

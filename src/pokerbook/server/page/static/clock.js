// The tournament clock's page: the level, its stakes and the time left, counted down
// every second from the last state read (read again every few seconds), the next
// level and break, the players left and the average stack; the host's controls.

import { api } from "./api.js";

const id = decodeURIComponent(location.pathname.split("/").pop());
const path = `/api/clocks/${encodeURIComponent(id)}`;
//: seconds between two reads of the state
const READ_EVERY = 4;

const $ = (selector) => document.querySelector(selector);
let state = null;
let readAt = 0; // performance.now() when `state` was read
let reading = null;

/** `1:02:03`, `12:05`; the seconds rounded up (a clock shows 0:00 only at the end). */
function duration(seconds) {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}

/** Seconds the clock has run since the state was read (none while paused). */
function running() {
  return state.paused ? 0 : (performance.now() - readAt) / 1000;
}

/** Seconds the state said were left, less the time run since (none stays none). */
function since(seconds) {
  if (seconds === null || seconds === undefined) return null;
  return seconds - running();
}

/** The next level in words; its games when they are not the level's in play. */
function levelWords(level, now) {
  const same = level.game_names.join("|") === now.game_names.join("|");
  const games = same ? "" : ` (${level.game_names.join(", ")})`;
  return `level ${level.number}: ${level.stakes}${games}`;
}

function text(selector, value) {
  const el = $(selector);
  if (el.textContent !== value) el.textContent = value;
}

/** Everything but the seconds, drawn when a state is read. */
function draw() {
  const s = state;
  document.body.dataset.role = s.host ? "host" : "viewer";
  document.body.dataset.paused = String(s.paused);
  document.body.dataset.break = String(s.on_break);
  text("#clock-name", s.name);
  text("#clock-structure", s.name === s.structure_name ? "" : s.structure_name);
  const level = s.level;
  text("[data-clock-level]", `Level ${level.number} of ${s.levels}`);
  $("[data-clock-level]").dataset.level = String(level.number);
  text("[data-clock-stakes]", level.stakes);
  const games = $("[data-clock-games]");
  games.hidden = !level.game_names.length;
  text("[data-clock-games]", level.game_names.join(" · "));
  $("[data-clock-paused]").hidden = !s.paused;
  $("[data-clock-break]").hidden = !s.on_break;
  text("[data-clock-time-label]", s.on_break ? `of the break, then level ${level.number}` : "left in the level");
  text("[data-clock-next]", s.next_level ? levelWords(s.next_level, level) : "none: this is the last level");
  const players = $("[data-clock-players]");
  players.dataset.playersLeft = String(s.players_left);
  text("[data-clock-players]", `${s.players_left.toLocaleString("en")} of ${s.entrants.toLocaleString("en")}`);
  text("[data-clock-average]", s.average_stack.toLocaleString("en"));
  const host = $("[data-clock-host]");
  host.hidden = !s.host;
  if (s.host) {
    $('[data-clock-do="pause"]').hidden = s.paused;
    $('[data-clock-do="resume"]').hidden = !s.paused;
    $('[data-clock-do="next"]').disabled = !s.next_level;
    $('[data-clock-do="bust"]').disabled = s.players_left <= 1;
    const link = $("[data-clock-link]");
    const url = `${location.origin}/clock/${encodeURIComponent(id)}`;
    if (link.textContent !== url) {
      link.href = url;
      link.textContent = url;
    }
  }
  $("[data-clock]").removeAttribute("aria-busy");
  tick();
}

/** The seconds: time left, next break and time played, from the last state. */
function tick() {
  if (!state) return;
  const left = since(state.seconds_left);
  const time = $("[data-clock-time]");
  const shown = left === null ? "∞" : duration(left);
  text("[data-clock-time]", shown);
  time.classList.toggle("long", shown.length > 5);
  time.classList.toggle("low", left !== null && left < 60 && !state.on_break);
  const nextBreak = since(state.next_break_in);
  text("[data-clock-next-break]", state.on_break ? "now" : nextBreak === null ? "none left" : `in ${duration(nextBreak)}`);
  text("[data-clock-played]", duration(state.played + running()));
  document.title = `${shown} · level ${state.level.number} · ${state.name}`;
  if (left !== null && left <= 0 && !state.paused && performance.now() - readAt > 1000) {
    read(); // the next level (or break) is on
  }
}

async function read() {
  if (reading) return reading;
  reading = (async () => {
    try {
      show(await api(path));
      document.body.dataset.connection = "online";
    } catch (err) {
      if (err.status === 404) missing();
      else document.body.dataset.connection = "offline";
    } finally {
      reading = null;
    }
  })();
  return reading;
}

function show(fresh) {
  state = fresh;
  readAt = performance.now();
  draw();
}

function missing() {
  clearInterval(ticking);
  clearInterval(polling);
  $("[data-clock-missing]").hidden = false;
  document.querySelectorAll(".clock-face, .clock-facts").forEach((el) => { el.hidden = true; });
  $("[data-clock]").removeAttribute("aria-busy");
}

function toast(message) {
  const el = $("#toast");
  el.textContent = message;
  el.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { el.hidden = true; }, 5000);
}

document.querySelectorAll("[data-clock-do]").forEach((button) => {
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      show(await api(path, { do: button.dataset.clockDo }));
    } catch (err) {
      toast(err.message);
      read();
    } finally {
      button.disabled = false;
      if (state) draw();
    }
  });
});

// a screen by the tables: full screen, and kept awake while the page is shown
const full = $("[data-fullscreen]");
if (document.documentElement.requestFullscreen) {
  full.hidden = false;
  full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else document.documentElement.requestFullscreen().catch(() => {});
  });
}
async function stayAwake() {
  try {
    if (navigator.wakeLock && document.visibilityState === "visible") await navigator.wakeLock.request("screen");
  } catch (err) {
    /* not allowed here: the screen may sleep */
  }
}
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") {
    stayAwake();
    read();
  }
});
stayAwake();

const ticking = setInterval(tick, 250);
const polling = setInterval(read, READ_EVERY * 1000);
read();

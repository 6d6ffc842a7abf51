// The home page: open a table and go to it as its host.

import { api } from "./api.js";

const form = document.querySelector("#new-table");
const kind = form.elements.kind;

function showKind() {
  const night = kind.value === "night";
  form.querySelectorAll("[data-for]").forEach((el) => {
    el.hidden = (el.dataset.for === "night") !== night;
  });
}
kind.addEventListener("change", showKind);
showKind();

// the games and nights a table may play, from the server's catalogue
api("/api/catalogue").then((catalogue) => {
  const list = document.querySelector("#games");
  list.replaceChildren(...catalogue.games.map((g) => {
    const option = document.createElement("option");
    option.value = g.id;
    option.textContent = g.name;
    return option;
  }));
  const nights = form.elements.night;
  nights.replaceChildren(...catalogue.nights.map((n) => {
    const option = document.createElement("option");
    option.value = n.key;
    option.textContent = n.name;
    return option;
  }));
}, () => {});

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = form.elements;
  const body = { seats: Number(f.seats.value) || 6, approval: f.approval.checked };
  if (kind.value === "night") body.night = f.night.value;
  else {
    body.game = f.game.value.trim();
    if (f.format.value) body.format = f.format.value;
    if (f.stakes.value.trim()) body.stakes = f.stakes.value.trim();
  }
  if (f.name.value.trim()) body.name = f.name.value.trim();
  if (f.run_twice.checked) body.run_twice = true;
  const button = form.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const answer = await api("/api/tables", body);
    location.assign(answer.host_url);
  } catch (err) {
    const toast = document.querySelector("#toast");
    toast.textContent = err.message;
    toast.hidden = false;
    button.disabled = false;
  }
});

// the tournament clock: a built-in structure and the field, then the clock as its host
const clockForm = document.querySelector("#new-clock");
api("/api/clocks/structures").then(({ structures }) => {
  clockForm.elements.structure.replaceChildren(...structures.map((s) => {
    const option = document.createElement("option");
    option.value = s.key;
    option.textContent = `${s.name} (${s.min_players}-${s.max_players} players)`;
    return option;
  }));
}, () => {});

clockForm.addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = clockForm.elements;
  const body = { structure: f.structure.value, players: Number(f.players.value) };
  if (f.name.value.trim()) body.name = f.name.value.trim();
  const button = clockForm.querySelector("button[type=submit]");
  button.disabled = true;
  try {
    const answer = await api("/api/clocks", body);
    location.assign(answer.host_url);
  } catch (err) {
    const toast = document.querySelector("#toast");
    toast.textContent = err.message;
    toast.hidden = false;
    button.disabled = false;
  }
});

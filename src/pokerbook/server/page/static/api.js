// Talking to the server: JSON over HTTP (cookies identify the reader) and the table's
// WebSocket, which reconnects by itself with a growing delay.

const HEADERS = { "Content-Type": "application/json", "X-Pokerbook": "page" };

export class ApiError extends Error {
  constructor(message, status, body) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

/** GET (no body) or POST (a body) a JSON endpoint; throws ApiError with the server's text. */
export async function api(path, body) {
  const init = { headers: HEADERS, credentials: "same-origin" };
  if (body !== undefined) {
    init.method = "POST";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError("the server cannot be reached", 0, null);
  }
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    const text = data && data.error ? data.error : `the server answered ${response.status}`;
    throw new ApiError(text, response.status, data);
  }
  return data;
}

/**
 * Keep a WebSocket to the table open. `onState(state)` gets every state sent;
 * `onStatus("online" | "offline")` every change of connection. After a close it
 * reconnects after 0.5 s, doubling to 5 s, and fetches the state once over HTTP.
 */
export function connect(tableId, { onState, onStatus, onMessage }) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws?page=1`;
  let socket = null;
  let delay = 500;
  let timer = null;
  let closed = false;
  let everOpen = false;
  let heard = performance.now();

  async function refetch() {
    try {
      onState(await api(`/api/tables/${encodeURIComponent(tableId)}/state`));
    } catch (err) {
      /* the socket's next state will do */
    }
  }

  function open() {
    timer = null;
    const ws = new WebSocket(url);
    socket = ws;
    ws.addEventListener("open", () => {
      if (socket !== ws) {
        ws.close();
        return;
      }
      delay = 500;
      heard = performance.now();
      onStatus("online");
      if (everOpen) refetch();
      everOpen = true;
    });
    ws.addEventListener("message", (event) => {
      if (socket !== ws) return;
      heard = performance.now();
      let data;
      try {
        data = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      if (data && data.table !== undefined && data.seats !== undefined) onState(data);
      else if (onMessage) onMessage(data);
    });
    ws.addEventListener("close", (event) => {
      if (socket !== ws) return;
      socket = null;
      onStatus("offline");
      if (closed || event.code === 4404) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    });
  }

  // the browser knows when it loses the network: say so at once, and try again as
  // soon as it is back (a socket can outlive a lost network without closing)
  window.addEventListener("offline", () => {
    onStatus("offline");
    const old = socket;
    socket = null; // its close, whenever it comes, is no longer ours
    if (old) old.close();
    if (!closed && !timer) timer = setTimeout(open, delay);
  });
  window.addEventListener("online", () => {
    delay = 500;
    if (!socket && !closed) {
      clearTimeout(timer);
      open();
    }
  });
  // a quiet socket is asked for the state now and then; one that does not answer is
  // closed (and so reopened)
  setInterval(() => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return;
    if (performance.now() - heard > 25000) socket.close();
    else if (performance.now() - heard > 10000) socket.send("state");
  }, 5000);

  open();
  return {
    /** ask for the state again (any text does) */
    refresh() {
      if (socket && socket.readyState === WebSocket.OPEN) socket.send("state");
      else refetch();
    },
    /** reconnect now (the reader's seat is looked up when the socket opens) */
    reconnect() {
      if (socket) socket.close();
      else if (timer) {
        clearTimeout(timer);
        open();
      }
    },
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      if (socket) socket.close();
    },
  };
}

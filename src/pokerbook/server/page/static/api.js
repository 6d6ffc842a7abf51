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
  const url = `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
  let socket = null;
  let delay = 500;
  let timer = null;
  let closed = false;
  let everOpen = false;

  async function refetch() {
    try {
      onState(await api(`/api/tables/${encodeURIComponent(tableId)}/state`));
    } catch (err) {
      /* the socket's next state will do */
    }
  }

  function open() {
    timer = null;
    socket = new WebSocket(url);
    socket.addEventListener("open", () => {
      delay = 500;
      onStatus("online");
      if (everOpen) refetch();
      everOpen = true;
    });
    socket.addEventListener("message", (event) => {
      let data;
      try {
        data = JSON.parse(event.data);
      } catch (err) {
        return;
      }
      if (data && data.table !== undefined && data.seats !== undefined) onState(data);
      else if (onMessage) onMessage(data);
    });
    socket.addEventListener("close", (event) => {
      socket = null;
      onStatus("offline");
      if (closed || event.code === 4404) return;
      timer = setTimeout(open, delay);
      delay = Math.min(delay * 2, 5000);
    });
  }

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

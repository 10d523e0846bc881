// Says "Connection lost, reconnecting" while the app's WebSocket is down, and what happens to
// taps meanwhile; Flet's client alone shows only "Working...", drawn over the whole page. Served
// in index.html's head (companion/server/serve.py), before the Flutter client opens its socket.
// On a match screen it keeps the table's standings readable under the notice: after each change
// the socket brings, it asks the server for that match's standings (GET /standings/<id>,
// companion/server/standings.py) and keeps the last answer, shown while the socket is down.
// Its sentences are companion/web/words.js's, in the device's language (served before it); a page
// that only follows the match (a watcher's, companion/session/page_role.py) is told what it means
// for a watcher, not what happens to a scorekeeper's taps. A page
// refused because the table is full (close code FULL, companion/server/sockets.py) shows instead
// the reason the server gave, already in the language the browser asked for. Before each socket
// opens, a trusted scorekeeper's device token (kept by Flutter's storage, companion/session/
// trust.py) is copied into a cookie for the socket's path alone (no other request carries it),
// which the handshake carries: the server checks it and lets that device in when the table is
// full.
(function () {
  // The app's own font files, for the page's own HTML too (issue 30): what this script draws
  // shows Japanese and every name as the app does, from the page's own origin, whatever fonts
  // the phone has. A FontFace loads lazily, once a character needs it. The list is
  // companion/fonts.py's FILES (tests/companion/test_fonts.py checks it).
  const OWN_FONTS = [["Roboto", "assets/fonts/roboto.woff2"],
    ["Noto Sans", "fonts/noto-sans.woff2"], ["Noto Sans JP", "fonts/noto-sans-jp.woff2"],
    ["Noto Sans KR", "fonts/noto-sans-kr.woff2"], ["Noto Sans SC", "fonts/noto-sans-sc.woff2"],
    ["Noto Sans TC", "fonts/noto-sans-tc.woff2"],
    ["Noto Sans Arabic", "fonts/noto-sans-arabic.woff2"],
    ["Noto Sans Hebrew", "fonts/noto-sans-hebrew.woff2"],
    ["Noto Sans Devanagari", "fonts/noto-sans-devanagari.woff2"],
    ["Noto Sans Thai", "fonts/noto-sans-thai.woff2"], ["Noto Emoji", "fonts/noto-emoji.woff2"]];
  const OWN_FAMILY = OWN_FONTS.map(([family]) => `"TC ${family}"`).join(",") + ",sans-serif";
  if (self.FontFace && document.fonts) {
    for (const [family, path] of OWN_FONTS) {
      const address = new URL(path, document.baseURI).href;
      document.fonts.add(new FontFace(`TC ${family}`, `url("${address}") format("woff2")`));
    }
  }
  const WORDS = window.tableCompanionWords;
  const Native = window.WebSocket;
  const MATCH = /^\/match\/([0-9a-f]{12})(\/|$)/;
  const SETTLE = 100; // ms after the socket's last message before the standings are asked for
  const FULL = 4013; // the close code of a page refused because the table is full
  let full = ""; // that refusal's reason, while the page is refused
  const TOKEN = "flutter.table-companion.scorekeeper"; // trust.KEY, as Flutter stores it
  const COOKIE = "table-companion-scorekeeper"; // trust.COOKIE
  let banner = null;
  let lost = false;
  let kept = null; // {mid, game, rows: [{name, text}]}: the last standings the server gave
  let timer = null;
  let asking = false;
  let again = false;
  let heard = 0; // messages the socket brought; `kept.heard` counts those its request followed
  // Does this page keep score? The latest this tab's app wrote (page_role.py), else the storage's
  // (another tab of this browser may have written it since).
  const ROLE = "flutter.keeps_score";
  let keeps = true;
  try {
    keeps = localStorage.getItem(ROLE) !== "false";
  } catch (error) {} // storage refused (a private window): the scorekeeper's words
  const setItem = Storage.prototype.setItem;
  Storage.prototype.setItem = function (key, value) {
    setItem.call(this, key, value);
    if (key === ROLE) keeps = value !== "false";
  };

  function shownMatch() {
    const found = MATCH.exec(location.pathname);
    return found ? found[1] : null;
  }

  function ask() {
    timer = null;
    const mid = shownMatch();
    if (mid === null || lost) return;
    if (asking) { again = true; return; } // one request at a time; one more once it answers
    asking = true;
    const after = heard;
    const lang = encodeURIComponent(WORDS.code); // the standings in the device's language too
    fetch("/standings/" + mid + "?lang=" + lang, {cache: "no-store", credentials: "same-origin"})
      .then((response) => (response.ok ? response.json() : null))
      .then((board) => {
        if (board && Array.isArray(board.rows)) {
          kept = {mid, heard: after, game: board.game, rows: board.rows};
        }
      })
      .catch(() => {}) // the server went away meanwhile: the last copy stays
      .finally(() => {
        asking = false;
        if (again) { again = false; ask(); }
      });
  }

  function soon() {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(ask, SETTLE);
  }

  function standings() {
    const card = document.createElement("section");
    card.id = "connection-lost-standings";
    card.setAttribute("aria-label", WORDS.standings);
    card.style.cssText =
      "margin:12px 12px 0;max-width:400px;width:calc(100% - 24px);box-sizing:border-box;" +
      "padding:12px 20px 8px;border-radius:12px;background:#ffffff;color:#1b1b1b;" +
      "box-shadow:0 4px 16px rgba(0,0,0,0.3);";
    const head = document.createElement("div");
    head.style.cssText = "font-size:14px;line-height:1.4;color:#44474e;padding-bottom:4px;";
    // A change the socket brought after the last answer was asked for may not be in it (the
    // connection went before the standings were asked for again): say so rather than guess.
    const said = kept.heard === heard ? WORDS.asShown : WORDS.beforeLast;
    head.textContent = said.replace("{game}", () => kept.game);
    card.append(head);
    for (const row of kept.rows) {
      const line = document.createElement("div");
      line.className = "standing";
      line.style.cssText =
        "display:flex;justify-content:space-between;gap:12px;padding:8px 0;" +
        "border-top:1px solid #e0e2ec;font-size:20px;line-height:1.3;";
      const name = document.createElement("strong");
      name.style.cssText = "overflow-wrap:anywhere;";
      name.textContent = String(row.name);
      const text = document.createElement("span");
      text.style.cssText = "text-align:right;";
      text.textContent = String(row.text);
      if (row.note) { // what else the table watches: Ratel's hands, Careta's, Carrera's momentum
        const note = document.createElement("div");
        note.className = "note";
        note.style.cssText = "font-size:16px;color:#44474e;";
        note.textContent = String(row.note);
        text.append(note);
      }
      line.append(name, text);
      card.append(line);
    }
    return card;
  }

  function show() {
    if (banner === null) {
      banner = document.createElement("div");
      banner.id = "connection-lost";
      banner.setAttribute("role", "alert");
      banner.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;display:flex;flex-direction:column;" +
        "align-items:center;overflow-y:auto;background:rgba(0,0,0,0.35);" +
        "font-family:" + OWN_FAMILY + ";";
      const box = document.createElement("div");
      box.style.cssText =
        "margin:72px 12px 0;max-width:400px;box-sizing:border-box;padding:16px 20px;" +
        "border-radius:12px;" +
        "background:#b3261e;color:#fff;font-size:16px;line-height:1.4;" +
        "box-shadow:0 4px 16px rgba(0,0,0,0.3);";
      const head = document.createElement("strong");
      head.textContent = WORDS.lost;
      const body = document.createElement("div");
      box.append(head, body);
      banner.append(box);
      // Taps on the dimmed page are swallowed here, so none is queued for later.
      banner.addEventListener("pointerdown", (e) => e.stopPropagation(), true);
    }
    // Why the page is not connected: the table is full, or the connection is lost.
    const [head, body] = banner.firstChild.children;
    head.textContent = full || WORDS.lost;
    body.textContent = keeps ? WORDS.taps : WORDS.watching;
    body.hidden = Boolean(full);
    // The standings of the match on screen, never another's (the route may have changed).
    const old = banner.querySelector("#connection-lost-standings");
    if (old !== null) old.remove();
    if (kept !== null && kept.mid === shownMatch()) banner.append(standings());
    if (!banner.isConnected) document.body.append(banner);
  }

  function hide() {
    if (banner !== null) banner.remove();
  }

  // Back is when the page takes taps again, not when the socket opens: a server that restarted
  // makes a new session, which draws the page a moment later (longer on a busy machine), and a
  // tap on the old page meanwhile did nothing with the notice gone. So the notice stays until
  // the answer to the page's register message says its session lives on (the page comes whole
  // in that answer), or else until the new session's first patch of the page arrives. A Flet
  // frame is a 0 byte and a msgpack [action, body]: action 1 registers, 2 patches a control.
  const REGISTER = 1;
  const PATCH = 2;
  const PAGE = 1; // the page's control id
  let drawing = false; // the socket is open again; the page is not drawn yet
  let asked = undefined; // the session id the page asked to be registered to

  function bytesOf(data) {
    if (data instanceof ArrayBuffer) return new Uint8Array(data);
    if (ArrayBuffer.isView(data)) {
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    }
    return null;
  }

  function action(bytes) {
    return bytes.length > 2 && bytes[0] === 0 && bytes[1] === 0x92 ? bytes[2] : null;
  }

  const KEY = [0xaa, ...Array.from("session_id", (c) => c.charCodeAt(0))];

  function sessionOf(bytes) {
    // The session id after the "session_id" key: nil or a short string (Flet's are 16 chars).
    const end = Math.min(bytes.length - KEY.length, 64);
    for (let at = 3; at <= end; at += 1) {
      if (!KEY.every((b, i) => bytes[at + i] === b)) continue;
      const head = bytes[at + KEY.length];
      if (head === 0xc0) return null;
      if (head < 0xa0 || head > 0xbf) return undefined;
      const start = at + KEY.length + 1;
      return String.fromCharCode(...bytes.subarray(start, start + (head & 0x1f)));
    }
    return undefined;
  }

  function back() {
    drawing = false;
    hide();
  }

  function heardFrame(data) {
    heard += 1;
    soon();
    if (!drawing) return;
    const bytes = bytesOf(data);
    if (bytes === null) { back(); return; } // not a frame this reads: back as the socket opened
    const kind = action(bytes);
    if (kind === REGISTER) {
      const given = sessionOf(bytes);
      if (typeof asked === "string" && given === asked) back(); // the same session: page whole
    } else if (kind === PATCH && bytes[3] === 0x82 && bytes[7] === PAGE) {
      back(); // {"id": 1, "patch": ...}: the new session draws the page
    }
  }

  function keeperCookie() {
    let token = null;
    try {
      const kept = JSON.parse(window.localStorage.getItem(TOKEN) || "null");
      if (typeof kept === "string" && kept.length <= 200) token = kept;
    } catch (e) {} // no storage, or not a token: no cookie
    const secure = location.protocol === "https:" ? "; Secure" : "";
    document.cookie = token === null
      ? COOKIE + "=; path=/ws; max-age=0; SameSite=Strict" + secure
      : COOKIE + "=" + encodeURIComponent(token) + "; path=/ws; SameSite=Strict" + secure;
  }

  class Watched extends Native {
    constructor(url, protocols) {
      if (String(url).endsWith("/ws")) keeperCookie();
      super(url, protocols);
      this.session = String(url).endsWith("/ws");
      if (!this.session) return; // only the app's own session socket
      this.addEventListener("open", () => {
        full = "";
        lost = false;
        drawing = true;
        asked = undefined;
        soon();
      });
      this.addEventListener("message", (e) => heardFrame(e.data));
      this.addEventListener("close", (e) => {
        lost = true;
        drawing = false;
        full = e.code === FULL ? String(e.reason || "").slice(0, 200) : "";
        show();
      });
    }

    send(data) {
      const bytes = this.session && drawing ? bytesOf(data) : null;
      if (bytes !== null && action(bytes) === REGISTER) asked = sessionOf(bytes);
      super.send(data);
    }
  }
  window.WebSocket = Watched;
  window.addEventListener("offline", show);
  window.addEventListener("online", () => { if (!lost && !drawing) hide(); });
})();

// Says "Connection lost, reconnecting" while the app's WebSocket is down, and what happens to
// taps meanwhile; Flet's client alone shows only "Working...". Served in index.html's head
// (companion/server/serve.py), before the Flutter client opens its socket.
(function () {
  const Native = window.WebSocket;
  let banner = null;
  let lost = false;

  function show() {
    if (banner === null) {
      banner = document.createElement("div");
      banner.id = "connection-lost";
      banner.setAttribute("role", "alert");
      banner.style.cssText =
        "position:fixed;inset:0;z-index:2147483647;display:flex;align-items:flex-start;" +
        "justify-content:center;background:rgba(0,0,0,0.35);font-family:Roboto,sans-serif;";
      const box = document.createElement("div");
      box.style.cssText =
        "margin:72px 12px 0;max-width:400px;box-sizing:border-box;padding:16px 20px;" +
        "border-radius:12px;" +
        "background:#b3261e;color:#fff;font-size:16px;line-height:1.4;" +
        "box-shadow:0 4px 16px rgba(0,0,0,0.3);";
      const head = document.createElement("strong");
      head.textContent = "Connection lost, reconnecting\u2026";
      const body = document.createElement("div");
      body.textContent =
        "Taps do nothing until the connection is back: none is sent or saved. " +
        "Every action the screen showed before is saved; the match comes back as it is " +
        "then, and you can tap again.";
      box.append(head, body);
      banner.append(box);
      // Taps on the dimmed page are swallowed here, so none is queued for later.
      banner.addEventListener("pointerdown", (e) => e.stopPropagation(), true);
    }
    if (!banner.isConnected) document.body.append(banner);
  }

  function hide() {
    if (banner !== null) banner.remove();
  }

  class Watched extends Native {
    constructor(url, protocols) {
      super(url, protocols);
      if (!String(url).endsWith("/ws")) return; // only the app's own session socket
      this.addEventListener("open", () => { lost = false; hide(); });
      this.addEventListener("close", () => { lost = true; show(); });
    }
  }
  window.WebSocket = Watched;
  window.addEventListener("offline", show);
  window.addEventListener("online", () => { if (!lost) hide(); });
})();
